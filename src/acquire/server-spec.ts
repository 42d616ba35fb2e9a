/**
 * How to reach one live MCP server: a command to run (stdio) or a URL
 * (Streamable HTTP, legacy SSE). Built from a URL, a command line or a
 * configuration file entry; read by `live-server.ts`.
 */
import type { OAuthSettings } from "./oauth/settings.js";

/** A server started as a child process, speaking JSON-RPC on its stdin/stdout (MCP "stdio" transport). */
export interface StdioServerSpec {
  transport: "stdio";
  command: string;
  args: string[];
  /** Variables set on top of the SDK's minimal inherited environment (HOME, PATH, ...); all are secrets. */
  env: Record<string, string>;
  cwd?: string | undefined;
  /** How the server is named in messages (never contains a secret once redacted). */
  label: string;
  /** The configuration entry it came from (where a variable it needs goes, in its `env`); absent for a command given after `--`. */
  configEntry?: ConfigEntry | undefined;
}

/** A server's entry in an MCP configuration file. */
export interface ConfigEntry {
  /** The server's name there. */
  name: string;
  /** How messages name the file (`.mcp.json`, `Claude Desktop config`). */
  file: string;
}

/** A server at a URL. `auto` tries Streamable HTTP and falls back to legacy SSE on 400/404/405. */
export interface RemoteServerSpec {
  transport: "auto" | "http" | "sse";
  url: URL;
  /** Sent with every request; all values are secrets. */
  headers: Record<string, string>;
  label: string;
  /** The configuration entry it came from; absent for a URL given as such. */
  configEntry?: ConfigEntry | undefined;
  /** The entry's OAuth settings (client id, metadata document URL, scopes, callback port), if any. */
  oauth?: OAuthSettings | undefined;
}

export type ServerSpec = StdioServerSpec | RemoteServerSpec;

export type TransportName = "stdio" | "http" | "sse";

/**
 * Whether `headers` carry an `Authorization` header (names are case-insensitive): credentials the
 * user gave, so that a server so reached gets no OAuth login, and a URL's own credentials do not
 * replace them.
 */
export function hasAuthorization(headers: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === "authorization");
}

/** Whether a pull of `spec` may log in (OAuth): a remote server reached without credentials of the user's own. */
export function getsLogin(spec: ServerSpec): spec is RemoteServerSpec {
  return spec.transport !== "stdio" && !hasAuthorization(spec.headers);
}

/** RFC 9110 field-name token. */
export const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** What to do about a header value `headerValueFault` refuses. */
export const HEADER_VALUE_HINT =
  "an HTTP header value is one line of Latin-1 text (bytes): check the variable or the text that builds it, and encode other characters (e.g. percent-encoding)";

/** Why `value` cannot be sent as an HTTP header value (a line break, NUL, a character past U+00FF), if it cannot. */
export function headerValueFault(value: string): string | undefined {
  // fetch strips whitespace, line breaks included, around a value: only those inside it are refused.
  if (/[\r\n]/.test(value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ""))) return "has a line break";
  if (value.includes("\0")) return "has a NUL character";
  if (/[^\u0000-\u00ff]/.test(value)) return "has a character past U+00FF";
  return undefined;
}
