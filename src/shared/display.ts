/** How mcpgen shows a path, a command or a count to a person: in messages, and in commands printed to be pasted. */
import { isAbsolute, relative } from "node:path";

/** How messages name a path: relative to the working directory when below it, else as given. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel === "" ? "." : rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}

/**
 * `word` as one word of a POSIX shell command, quoted only when it needs to
 * be (a space, a quote, a `$`...), so that a printed command can be pasted
 * as it is.
 */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * `word` as one word of an npm script, which npm runs with `sh` on POSIX systems and with `cmd.exe` on Windows.
 * Single quotes, `shellWord`'s, are no quotes to `cmd.exe`: a path with a space would split there. Double quotes
 * group in both, and leave a word as it is in both when it holds none of the characters either shell still reads
 * inside them (`$`, a backquote, `\`, `"` for `sh`; `%`, `!`, `"` for `cmd.exe`). A word holding one of those is
 * quoted for `sh` alone (no quoting carries it through both).
 */
export function scriptWord(word: string): string {
  if (/^[A-Za-z0-9_@+=:,./-]+$/.test(word)) return word;
  return /["$`\\%!\r\n]/.test(word) ? shellWord(word) : `"${word}"`;
}

/** `count` and `noun`, in the plural unless the count is one: `1 tool`, `3 tools`, `0 files`; `plural` for a noun that does not take an s. */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** The host a URL as written names (its authority, less any user name or password), its `${VARIABLES}` unexpanded; the whole text when it names none. */
export function destinationHost(url: string): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(url)?.[1];
  return authority === undefined ? url : authority.slice(authority.lastIndexOf("@") + 1);
}

/**
 * What a project file would send where, for the trust question: `A, B to host` (of `destination`,
 * a URL as written), and a login's client secret or key `to` the authorization server it goes to.
 */
export function sentText(variables: readonly string[], destination: string, credentials?: { names: readonly string[]; to: string }): string {
  const login = credentials?.names ?? [];
  const others = variables.filter((name) => !login.includes(name));
  return [
    ...(others.length > 0 ? [`${others.join(", ")} to ${destinationHost(destination)}`] : []),
    ...(credentials !== undefined && login.length > 0 ? [`${login.join(" and ")} to ${credentials.to}`] : []),
  ].join(", and ");
}

/**
 * A URL as written (its `${VARIABLES}` unexpanded) with what it carries masked as `displayUrl` masks a
 * parsed one: the user name, the password and each query value become `***`, unless they are
 * `${…}` references alone (names, not values, which say where a variable goes), whose written
 * defaults (`${TOKEN:-…}`, literal text like any other) are masked; the fragment is dropped.
 */
export function writtenUrlMasked(url: string): string {
  const mask = (text: string) =>
    text === "" ? text : /^(?:\$\{[^}]*\})+$/.test(text) ? text.replace(/(\$\{[A-Za-z_][A-Za-z0-9_]*:-)[^}]+\}/g, "$1***}") : "***";
  const withoutFragment = url.replace(/#.*$/s, "");
  const masked = withoutFragment.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)@/, (_whole, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(":");
    return `${scheme}${colon === -1 ? mask(userinfo) : `${mask(userinfo.slice(0, colon))}:${mask(userinfo.slice(colon + 1))}`}@`;
  });
  const query = masked.indexOf("?");
  if (query === -1) return masked;
  const pairs = masked
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      return equals === -1 ? pair : `${pair.slice(0, equals + 1)}${mask(pair.slice(equals + 1))}`;
    });
  return `${masked.slice(0, query)}?${pairs.join("&")}`;
}
