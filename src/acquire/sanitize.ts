/**
 * What a pull prints or records about a live server passes through here.
 *
 * Two hazards: secrets (header values, env values, and whatever `${VAR}`
 * expansion put into a server's configuration) must never reach the snapshot,
 * the generated files or the terminal; and text from the server (its stderr,
 * error messages, names) must not carry terminal control sequences: it is
 * shown in the one printable form of server text (`printable`), where a
 * control character is an escape such as `\\u001b`, never dropped.
 */
import { pointerToken, printable } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import type { ManifestIR, NormalizedSchema } from "../ir/index.js";
import { OLDER_SUBSCHEMA_KEYWORDS, SUBSCHEMA_KEYWORDS, type SubschemaShape } from "../ir/keywords.js";
import { hasAuthorization } from "./server-spec.js";

export const REDACTED = "***";

/** The HTTP authentication schemes (IANA registry) that begin an `Authorization` value: words, not secrets. */
const AUTH_SCHEMES = new Set([
  "basic",
  "bearer",
  "concealed",
  "digest",
  "dpop",
  "gnap",
  "hoba",
  "mutual",
  "negotiate",
  "ntlm",
  "privatetoken",
  "vapid",
  "scram-sha-1",
  "scram-sha-256",
  "token",
  "aws4-hmac-sha256",
]);

/** A header parameter's value without the quotes of a quoted string (RFC 9110 §5.6.4). */
function unquote(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/** Shorter values cannot be meaningful secrets, and masking them would garble unrelated text (`DEBUG=1`). */
const MIN_SECRET_LENGTH = 4;
/** Parts of a value (`<token>` in `Bearer <token>`) are masked on their own when at least this long. */
const MIN_PART_LENGTH = 8;

/** The secret values of one pull. */
export class Secrets {
  private readonly values = new Set<string>();
  private matchers: Array<{ value: string; standalone: RegExp | undefined }> | undefined;
  /** The OAuth credentials among them (`addCredential`), which no contract legitimately holds. */
  private credentialSet: Secrets | undefined;

  /**
   * Registers a value; its whitespace-separated parts are registered too, so an echoed bare token is caught.
   * Each in every form mcpgen's output may show it in (`shownForms`), as a JSON pointer's token or a quoted string.
   */
  add(value: string): void {
    if (value.length >= MIN_SECRET_LENGTH) this.register(value);
    for (const part of value.split(/\s+/)) if (part.length >= MIN_PART_LENGTH) this.register(part);
    this.matchers = undefined;
  }

  private register(value: string): void {
    for (const form of shownForms(value)) if (form.length >= MIN_SECRET_LENGTH) this.values.add(form);
  }

  addAll(values: Iterable<string>): void {
    for (const value of values) this.add(value);
  }

  /**
   * Registers an environment value (`add`), and, when it is a URL (a connection string:
   * `postgres://user:password@host/db?sslpassword=…`), its password and query values, each a secret of
   * its own, which a server may echo alone. Not its user name, nor its scheme or host: words
   * (`postgres`) that masking would garble wherever else they appear. Parts shorter than 8 characters
   * are left alone, as by `add`.
   */
  addEnv(value: string): void {
    this.add(value);
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) || !URL.canParse(value)) return;
    const withoutUser = new URL(value);
    withoutUser.username = "";
    const { secrets } = urlCredentials(withoutUser);
    for (const secret of secrets) if (secret.length >= MIN_PART_LENGTH) this.register(secret);
    this.matchers = undefined;
  }

  /**
   * Registers a header's value (`add`), and the parts HTTP separates in it: the items between `;`, `,`
   * and whitespace (`session=…; theme=dark` in a `Cookie`), each item's value after its `=`, and the
   * password of Basic credentials (decoded: `Basic base64(user:password)`), so that a server echoing a
   * bare cookie value or password is caught. An authentication scheme (`Bearer`, `Negotiate`) and a
   * parameter's name are no secret; parts shorter than 8 characters are left alone, as by `add`.
   */
  addHeader(value: string): void {
    if (value.length >= MIN_SECRET_LENGTH) this.register(value);
    const items = value.split(/[;,\s]+/);
    for (const [index, item] of items.entries()) {
      if (index === 0 && AUTH_SCHEMES.has(item.toLowerCase())) continue;
      const equals = item.indexOf("=");
      const parts = equals > 0 ? [item, unquote(item.slice(equals + 1))] : [item];
      for (const part of parts) if (part.length >= MIN_PART_LENGTH) this.register(part);
    }
    const basic = /^basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(value);
    if (basic !== null) {
      const decoded = Buffer.from(basic[1]!, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon !== -1) {
        this.add(decoded);
        this.add(decoded.slice(colon + 1));
      }
    }
    this.matchers = undefined;
  }

  /**
   * Registers an OAuth credential of the pull (an access, refresh or ID token, an authorization
   * code, a PKCE verifier, a client secret or private key): a secret like any other, and one that
   * `maskCredentials` masks even where a server echoes it into its contract.
   */
  addCredential(value: string): void {
    this.add(value);
    if (value.length < MIN_PART_LENGTH) return;
    this.credentialSet ??= new Secrets();
    this.credentialSet.add(value);
  }

  /**
   * Registers the identifiers mcpgen derives from a name a server echoed a secret into (the client
   * method, the types and the file of a tool named `tool-<token>`: `toolGhp…`, `ToolGhp…Input`,
   * `tool-ghp….ts`), which hold the secret reshaped, where masking the value itself misses it: for
   * what a pull prints of its generated files (their paths and diffs), not for the files themselves.
   */
  addDerivedNames(ir: ManifestIR): void {
    const holds = (...texts: Array<string | undefined>) => texts.some((text) => text !== undefined && this.contains(text));
    const derived: string[] = [];
    const schemaNames = (schema: NormalizedSchema | undefined, whole: boolean) => {
      if (schema === undefined) return;
      if (whole) derived.push(schema.typeNames.root);
      for (const [key, name] of schema.typeNames.defs) if (whole || holds(key)) derived.push(name);
    };
    for (const tool of ir.tools) {
      const whole = holds(tool.wireName);
      if (whole) derived.push(tool.methodName, tool.fileBase);
      schemaNames(tool.input, whole);
      schemaNames(tool.output, whole);
    }
    for (const prompt of ir.prompts) {
      if (holds(prompt.wireName)) derived.push(prompt.methodName, prompt.completionMethodName, prompt.typeName, prompt.fileBase);
    }
    for (const template of ir.resourceTemplates) {
      if (holds(template.wireName)) derived.push(template.methodName, template.completionMethodName, template.typeName, template.fileBase);
    }
    for (const resource of ir.resources) if (holds(resource.uri, resource.name)) derived.push(resource.methodName, resource.fileBase);
    for (const name of derived) if (name.length >= MIN_PART_LENGTH) this.values.add(name);
    this.matchers = undefined;
  }

  /** The OAuth credentials alone, as a `Secrets` of their own (empty when there are none). */
  get credentials(): Secrets {
    return this.credentialSet ?? new Secrets();
  }

  get size(): number {
    return this.values.size;
  }

  /**
   * `text` with every secret replaced by `***`, longest first (so a value is
   * not half-masked by one of its parts). A long value is masked wherever it
   * appears; a short one (under 8 characters, more likely a setting such as
   * `LOG_LEVEL=info` than a credential) only as a word of its own, so that
   * "information" stays readable.
   */
  redact(text: string): string {
    if (this.values.size === 0) return text;
    let result = text;
    for (const { value, standalone } of this.ordered()) {
      if (!result.includes(value)) continue;
      result = standalone === undefined ? result.split(value).join(REDACTED) : result.replace(standalone, REDACTED);
    }
    return result;
  }

  /**
   * One line of `text` for a message (see `excerpt`), its secrets masked
   * first: shortening first could cut through a secret and leave part of it.
   */
  excerpt(text: string, max?: number): string {
    return excerpt(this.redact(text), max);
  }

  /**
   * `text` as a quoted string for a message, as tool names are quoted: its
   * secrets masked, shortened to `max` characters, JSON-quoted (C0 controls
   * escaped by that), then printable (`printable`: the rest of what a
   * terminal would act on).
   */
  quote(text: string, max: number): string {
    const masked = this.redact(text);
    return printable(JSON.stringify(masked.length > max ? `${masked.slice(0, max - 1)}…` : masked));
  }

  /**
   * A JSON value with the secrets masked in every string and every key (a
   * recorded tool call: what the server echoed back may hold a token), as a
   * copy; `onMasked` hears the JSON pointer (below `pointer`) of each string
   * and key that had one, as it was.
   */
  redactJson(value: unknown, onMasked?: (pointer: string) => void, pointer = ""): unknown {
    if (this.values.size === 0) return value;
    if (typeof value === "string") {
      if (onMasked !== undefined && this.contains(value)) onMasked(pointer);
      return this.redact(value);
    }
    if (Array.isArray(value)) return value.map((item, index) => this.redactJson(item, onMasked, `${pointer}/${index}`));
    if (typeof value !== "object" || value === null) return value;
    const masked: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (onMasked !== undefined && this.contains(key)) onMasked(at);
      Object.defineProperty(masked, this.redact(key), { value: this.redactJson(item, onMasked, at), enumerable: true, writable: true, configurable: true });
    }
    return masked;
  }

  /** True when `text` contains a secret (by the same rule as `redact`). */
  contains(text: string): boolean {
    for (const { value, standalone } of this.ordered()) {
      if (!text.includes(value)) continue;
      if (standalone === undefined) return true;
      standalone.lastIndex = 0;
      if (standalone.test(text)) return true;
    }
    return false;
  }

  private ordered(): Array<{ value: string; standalone: RegExp | undefined }> {
    this.matchers ??= [...this.values]
      .sort((a, b) => b.length - a.length)
      .map((value) => ({
        value,
        standalone:
          value.length >= MIN_PART_LENGTH
            ? undefined
            : new RegExp(`(?<![\\p{L}\\p{N}_])${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "gu"),
      }));
    return this.matchers;
  }
}

/**
 * The forms a value takes in what mcpgen prints or writes, the value itself first: a JSON pointer's
 * reference token (`/` as `~1`, `~` as `~0`), the inside of a JSON string (`"` and `\\` escaped, control
 * characters as `\\uXXXX`), the printable form of a message (`printable`: the controls, separators and
 * bidirectional controls a terminal would act on as `\\uXXXX`), and each of these within the others (a
 * pointer quoted in `--json`, a quoted value shown on a terminal). A secret is masked in each form, as
 * masking runs on text already escaped.
 */
function shownForms(value: string): Set<string> {
  const escapes = [pointerToken, (text: string) => JSON.stringify(text).slice(1, -1), (text: string) => printable(text)];
  const forms = new Set([value]);
  for (let round = 0; round < escapes.length; round++) for (const form of [...forms]) for (const escape of escapes) forms.add(escape(form));
  return forms;
}

/**
 * Masks every OAuth credential of the pull (`Secrets.addCredential`) that a server echoed anywhere in
 * its answer, names, keys and schema values included: the manifest masked (a copy), and the JSON
 * pointers (of the masked strings and keys, as they were) where it was. A header or environment
 * value may be an ordinary word that a contract legitimately holds (`LOG_LEVEL=info`), so
 * `redactManifest` keeps it there; a token, code, verifier or client secret never is one, and
 * would otherwise be written into the snapshot and the generated code, to be committed.
 */
export function maskCredentials<T>(manifest: T, secrets: Secrets): { manifest: T; pointers: string[] } {
  const pointers: string[] = [];
  const masked = secrets.credentials.redactJson(manifest, (pointer) => pointers.push(pointer)) as T;
  return { manifest: masked, pointers };
}

/** Where a secret was found in a server's answer: masked (free text) or kept (part of the contract). */
export interface ManifestRedaction {
  /** JSON pointers (relative to the manifest body) of free text that had a secret masked. */
  masked: string[];
  /** Secrets in the contract, left as they are. `tool` is the tool's name as listed (unmasked). */
  kept: Array<{ pointer: string; tool?: string | undefined }>;
}

/** Schema keywords whose string value is prose, not contract. */
const TEXT_KEYWORDS = new Set(["title", "description", "$comment"]);
/** The keywords of any dialect that hold subschemas (src/ir/keywords.ts), by how they hold them. */
const ALL_SUBSCHEMA_KEYWORDS = [...SUBSCHEMA_KEYWORDS, ...OLDER_SUBSCHEMA_KEYWORDS];
const holding = (shape: SubschemaShape) => ALL_SUBSCHEMA_KEYWORDS.filter(([, kind]) => kind.shape === shape).map(([keyword]) => keyword);
/** Keywords whose value maps names (contract) to subschemas (draft-07 `dependencies` maps them to subschemas or names: below). */
const SCHEMA_MAP_KEYWORDS = new Set(holding("map").filter((keyword) => keyword !== "dependencies"));
/** Keywords whose value is a subschema (or, for `items` and `additionalItems` in old drafts, may be an array of them); `contentSchema`, an annotation normalisation drops, too. */
const SCHEMA_KEYWORDS = new Set([...holding("one"), "contentSchema"]);
/** Keywords whose value is an array of subschemas. */
const SCHEMA_ARRAY_KEYWORDS = new Set(holding("list"));

/**
 * Masks the secrets a server echoed into the free text of its answer, in
 * place: descriptions and titles (of tools, annotations and schemas, and
 * `$comment`; of prompts and their arguments, resources and resource
 * templates), `instructions`, and the string values of `serverInfo`.
 * Everything else is the contract and is never rewritten: tool, prompt and
 * argument names, URIs and URI templates, MIME types,
 * property names and every other key, `enum`, `const`, `default`,
 * `examples`, `required`, `pattern`, `$ref`, `format`, capabilities, unknown
 * keywords. A secret found there is left in place and reported as `kept`.
 * `manifest` must be a plain JSON value mcpgen owns (it is modified).
 */
export function redactManifest(manifest: Record<string, unknown>, secrets: Secrets): ManifestRedaction {
  const result: ManifestRedaction = { masked: [], kept: [] };
  if (secrets.size === 0) return result;
  let tool: string | undefined;

  /** A string in a free-text position: masked. */
  const text = (holder: Record<string, unknown> | unknown[], key: string | number, pointer: string) => {
    const value = (holder as Record<string | number, unknown>)[key];
    if (typeof value !== "string") return contract(value, pointer);
    const masked = secrets.redact(value);
    if (masked !== value) {
      (holder as Record<string | number, unknown>)[key] = masked;
      result.masked.push(pointer);
    }
  };
  /** Anything in a contract position: scanned, never changed. */
  const contract = (node: unknown, pointer: string): void => {
    if (typeof node === "string") {
      if (secrets.contains(node)) result.kept.push({ pointer, tool });
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => contract(item, `${pointer}/${index}`));
    } else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        const at = `${pointer}/${pointerToken(key)}`;
        if (secrets.contains(key)) result.kept.push({ pointer: at, tool });
        contract(value, at);
      }
    }
  };
  const schema = (node: unknown, pointer: string): void => {
    if (!isRecord(node)) return contract(node, pointer);
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (secrets.contains(key)) result.kept.push({ pointer: at, tool });
      if (TEXT_KEYWORDS.has(key)) text(node, key, at);
      else if (SCHEMA_MAP_KEYWORDS.has(key) && isRecord(value)) {
        for (const [name, sub] of Object.entries(value)) {
          if (secrets.contains(name)) result.kept.push({ pointer: `${at}/${pointerToken(name)}`, tool });
          schema(sub, `${at}/${pointerToken(name)}`);
        }
      } else if ((SCHEMA_KEYWORDS.has(key) || SCHEMA_ARRAY_KEYWORDS.has(key)) && Array.isArray(value)) {
        value.forEach((sub, index) => schema(sub, `${at}/${index}`));
      } else if (SCHEMA_KEYWORDS.has(key)) {
        schema(value, at);
      } else if (key === "dependencies" && isRecord(value)) {
        // Draft 7: each value is either required property names (contract) or a schema.
        for (const [name, sub] of Object.entries(value)) {
          if (secrets.contains(name)) result.kept.push({ pointer: `${at}/${pointerToken(name)}`, tool });
          if (Array.isArray(sub)) contract(sub, `${at}/${pointerToken(name)}`);
          else schema(sub, `${at}/${pointerToken(name)}`);
        }
      } else {
        contract(value, at);
      }
    }
  };

  for (const [key, value] of Object.entries(manifest)) {
    const at = `/${pointerToken(key)}`;
    if (key === "instructions") text(manifest, key, at);
    else if (key === "server" && isRecord(value)) serverInfo(value, at);
    else if (key === "tools" && Array.isArray(value)) {
      value.forEach((item, index) => {
        tool = isRecord(item) && typeof item["name"] === "string" ? item["name"] : undefined;
        if (isRecord(item)) toolObject(item, `${at}/${index}`);
        else contract(item, `${at}/${index}`);
      });
      tool = undefined;
    } else if ((key === "prompts" || key === "resources" || key === "resourceTemplates") && Array.isArray(value)) {
      value.forEach((item, index) => (isRecord(item) ? listedObject(item, `${at}/${index}`) : contract(item, `${at}/${index}`)));
    } else contract(value, at);
  }
  return result;

  /** A prompt, resource or resource template (and a prompt's argument): its title and description are free text, the rest contract. */
  function listedObject(node: Record<string, unknown>, pointer: string): void {
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (secrets.contains(key)) result.kept.push({ pointer: at });
      if (key === "title" || key === "description") text(node, key, at);
      else if (key === "arguments" && Array.isArray(value)) {
        value.forEach((item, index) => (isRecord(item) ? listedObject(item, `${at}/${index}`) : contract(item, `${at}/${index}`)));
      } else contract(value, at);
    }
  }

  function serverInfo(node: Record<string, unknown> | unknown[], pointer: string): void {
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (!Array.isArray(node) && secrets.contains(key)) result.kept.push({ pointer: at });
      if (typeof value === "string") text(node, Array.isArray(node) ? Number(key) : key, at);
      else if (Array.isArray(value) || isRecord(value)) serverInfo(value, at);
    }
  }

  function toolObject(node: Record<string, unknown>, pointer: string): void {
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${pointerToken(key)}`;
      if (secrets.contains(key)) result.kept.push({ pointer: at, tool });
      if (key === "title" || key === "description") text(node, key, at);
      else if (key === "inputSchema" || key === "outputSchema") schema(value, at);
      else if (key === "annotations" && isRecord(value)) {
        for (const [name, hint] of Object.entries(value)) {
          if (name === "title") text(value, name, `${at}/title`);
          else {
            if (secrets.contains(name)) result.kept.push({ pointer: `${at}/${pointerToken(name)}`, tool });
            contract(hint, `${at}/${pointerToken(name)}`);
          }
        }
      } else contract(value, at);
    }
  }
}

/**
 * One line of server text for a message (an error it sent, a name, a
 * cursor): in the one printable form of server text (`printable`: control
 * characters, ESC, BEL and NUL included, and line breaks shown as
 * `\\u001b`, `\\u000a` and so on, never dropped), surrounding whitespace
 * trimmed, at most `max` characters.
 */
export function excerpt(text: string, max = 200): string {
  return shorten(printable(text.trim()), max);
}

/**
 * One line of a server's output quoted in a block (its stderr): printable as
 * `excerpt` makes it, but a tab stays a tab (the block is laid out in lines).
 */
export function quotedLine(text: string, max = 300): string {
  return shorten(printable(text.trimEnd(), true), max);
}

/** `text` cut to `max` characters with an ellipsis, never in the middle of a `\\uXXXX` escape. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\\(u[0-9a-f]{0,3})?$/, "")}…`;
}

/**
 * The credentials a URL carries. `secrets`: its user name, password and query
 * values, each as written (percent-encoded) and decoded, since error messages
 * show either. `url`: the same URL without user name and password (fetch
 * refuses a URL with credentials). `authorization`: what they were, as a
 * Basic `Authorization` header value (RFC 7617), as curl would send them.
 */
export function urlCredentials(url: URL): { secrets: string[]; url: URL; authorization: string | undefined } {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, " "));
    } catch {
      return text;
    }
  };
  const secrets = new Set<string>();
  const add = (raw: string) => {
    if (raw === "") return;
    secrets.add(raw);
    secrets.add(decode(raw));
  };
  add(url.username);
  add(url.password);
  for (const pair of url.search.replace(/^\?/, "").split("&")) {
    const equals = pair.indexOf("=");
    if (equals !== -1) add(pair.slice(equals + 1));
  }
  for (const value of url.searchParams.values()) if (value !== "") secrets.add(value);
  if (url.username === "" && url.password === "") return { secrets: [...secrets], url, authorization: undefined };
  const bare = new URL(url.href);
  bare.username = "";
  bare.password = "";
  const token = Buffer.from(`${decode(url.username)}:${decode(url.password)}`, "utf8").toString("base64");
  secrets.add(token);
  return { secrets: [...secrets], url: bare, authorization: `Basic ${token}` };
}

/** `headers` with `Authorization` set to `authorization`, unless one is there already (in any case). */
export function withAuthorization(headers: Readonly<Record<string, string>>, authorization: string | undefined): Record<string, string> {
  if (authorization === undefined || hasAuthorization(headers)) return { ...headers };
  return { ...headers, Authorization: authorization };
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
