/**
 * What a pull prints or records about a live server passes through here.
 *
 * Two hazards: secrets (header values, env values, and whatever `${VAR}`
 * expansion put into a server's configuration) must never reach the snapshot,
 * the generated files or the terminal; and text from the server (its stderr,
 * error messages, names) must not carry terminal control sequences.
 */

export const REDACTED = "***";

/** Shorter values cannot be meaningful secrets, and masking them would garble unrelated text (`DEBUG=1`). */
const MIN_SECRET_LENGTH = 4;
/** Parts of a value (`<token>` in `Bearer <token>`) are masked on their own when at least this long. */
const MIN_PART_LENGTH = 8;

/** The secret values of one pull. */
export class Secrets {
  private readonly values = new Set<string>();
  private ordered: string[] | undefined;

  /** Registers a value; its whitespace-separated parts are registered too, so an echoed bare token is caught. */
  add(value: string): void {
    if (value.length >= MIN_SECRET_LENGTH) this.values.add(value);
    for (const part of value.split(/\s+/)) if (part.length >= MIN_PART_LENGTH) this.values.add(part);
    this.ordered = undefined;
  }

  addAll(values: Iterable<string>): void {
    for (const value of values) this.add(value);
  }

  get size(): number {
    return this.values.size;
  }

  /** `text` with every secret replaced by `***` (longest first, so a value is not half-masked by one of its parts). */
  redact(text: string): string {
    if (this.values.size === 0) return text;
    this.ordered ??= [...this.values].sort((a, b) => b.length - a.length);
    let result = text;
    for (const value of this.ordered) if (result.includes(value)) result = result.split(value).join(REDACTED);
    return result;
  }

  /**
   * A copy of a JSON value with every secret masked in strings and keys;
   * `found` lists the JSON pointers (relative to `value`) where one was.
   */
  redactJson<T>(value: T): { value: T; found: string[] } {
    const found: string[] = [];
    const walk = (node: unknown, pointer: string): unknown => {
      if (typeof node === "string") {
        const masked = this.redact(node);
        if (masked !== node) found.push(pointer);
        return masked;
      }
      if (Array.isArray(node)) return node.map((item, index) => walk(item, `${pointer}/${index}`));
      if (typeof node === "object" && node !== null) {
        const copy: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(node)) {
          const maskedKey = this.redact(key);
          const token = key.replace(/~/g, "~0").replace(/\//g, "~1");
          if (maskedKey !== key) found.push(`${pointer}/${token}`);
          copy[maskedKey] = walk(item, `${pointer}/${token}`);
        }
        return copy;
      }
      return node;
    };
    return { value: (this.values.size === 0 ? value : walk(value, "")) as T, found };
  }
}

/**
 * Server text made safe to print: control characters (ANSI escape sequences
 * included) removed, except newline and tab.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "").replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
}

/** One line of server text for a message: printable, single-line, at most `max` characters. */
export function excerpt(text: string, max = 200): string {
  const line = printable(text).replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A URL for display: user name, password and query values masked, so a
 * token in `https://host/mcp?key=...` is not printed.
 */
export function displayUrl(url: URL): string {
  const shown = new URL(url.href);
  if (shown.username !== "") shown.username = REDACTED;
  if (shown.password !== "") shown.password = REDACTED;
  const query = [...shown.searchParams.keys()].map((key) => `${encodeURIComponent(key)}=${REDACTED}`).join("&");
  shown.search = query;
  shown.hash = "";
  return shown.href;
}
