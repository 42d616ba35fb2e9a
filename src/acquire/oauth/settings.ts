/**
 * The OAuth settings a server may carry (MCP "Authorization"): in a target
 * of `mcpgen.config.json`, in an `.mcp.json` entry (the `oauth` object
 * Claude Code reads), or on the command line. None of them is a secret: a
 * client secret or private key is read from the environment only
 * (`MCPGEN_CLIENT_SECRET`, `MCPGEN_CLIENT_PRIVATE_KEY`), never from a file
 * that gets committed.
 *
 * Kept free of imports but one import-free helper: the configuration is validated
 * on every `mcpgen generate`, which must not load the OAuth machinery.
 */
import { closest } from "../../shared/closest.js";

export interface OAuthSettings {
  /** A client registered with the authorization server beforehand (MCP "Preregistration"). */
  clientId?: string | undefined;
  /** An https URL serving mcpgen's Client ID Metadata Document, used as the client id where the authorization server accepts one. */
  clientMetadataUrl?: string | undefined;
  /** Space-separated scopes to request when the server names none (neither in its 401 challenge nor in `scopes_supported`). */
  scopes?: string | undefined;
  /** The loopback port of the redirect URI (default: the port registered earlier, else a free one). */
  callbackPort?: number | undefined;
  /**
   * The issuer of the authorization server the configured client belongs to:
   * the only one its secret or private key is sent to (default: an
   * authorization server on the MCP server's own origin). MCP 2026-07-28,
   * SEP-2352: credentials are bound to the authorization server that issued them.
   */
  issuer?: string | undefined;
}

/** How a pull may log in: the server's settings (merged over those of its MCP configuration entry) and this run's way of logging in. */
export interface OAuthOptions {
  settings?: OAuthSettings | undefined;
  /** A person can complete a login in a browser (the CLI: a terminal, or `BROWSER` set). Default false: cached logins, refresh and client credentials only. */
  interactive?: boolean | undefined;
  /** Open the authorization URL in a browser (default true); false only prints it. */
  openBrowser?: boolean | undefined;
  /** How long to wait for the browser to come back (default 5 minutes). */
  loginTimeoutMs?: number | undefined;
  /** mcpgen's config directory, where logins are cached (default: `MCPGEN_CONFIG_DIR`, else the platform's). */
  configDir?: string | undefined;
  /** The command that logs in to this server, quoted when a login cannot happen here. */
  loginCommand?: string | undefined;
}

export const OAUTH_KEYS: readonly (keyof OAuthSettings)[] = ["clientId", "clientMetadataUrl", "scopes", "callbackPort", "issuer"];

/** Keys someone might write to put a secret in a file; refused with a pointer to the environment variable instead. */
const SECRET_KEYS: Record<string, string> = {
  clientSecret: "MCPGEN_CLIENT_SECRET",
  client_secret: "MCPGEN_CLIENT_SECRET",
  privateKey: "MCPGEN_CLIENT_PRIVATE_KEY",
};

/** The environment variables mcpgen reads OAuth client credentials from. */
export const CREDENTIAL_VARIABLES = {
  clientId: "MCPGEN_CLIENT_ID",
  clientSecret: "MCPGEN_CLIENT_SECRET",
  privateKey: "MCPGEN_CLIENT_PRIVATE_KEY",
  /** The issuer the credentials belong to (a configuration's `oauth.issuer` otherwise). */
  issuer: "MCPGEN_CLIENT_ISSUER",
} as const;

/** Where a problem in an `oauth` object is: the key (undefined for the object itself), what is wrong, and what to do. */
export type OAuthProblem = (key: string | undefined, message: string, hint?: string) => void;

/**
 * Validates an `oauth` object, reporting each problem through `problem`.
 * `strict` (mcpgen's own configuration) also reports unknown keys; an MCP
 * client's file may hold keys for other tools, which are left alone.
 */
export function parseOAuthSettings(value: unknown, problem: OAuthProblem, strict: boolean): OAuthSettings | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problem(undefined, "`oauth` must be an object", 'for example { "clientId": "...", "scopes": "read write" }');
    return undefined;
  }
  const entry = value as Record<string, unknown>;
  const settings: OAuthSettings = {};
  let failed = false;
  const fail = (key: string, message: string, hint?: string) => {
    failed = true;
    problem(key, message, hint);
  };
  for (const key of Object.keys(entry)) {
    const variable = SECRET_KEYS[key];
    if (variable !== undefined)
      fail(
        key,
        `\`oauth.${key}\` is not read from a file: secrets come from the environment only`,
        `set ${variable} in the environment of mcpgen (in CI, as a secret variable)`,
      );
    else if (strict && !(OAUTH_KEYS as readonly string[]).includes(key)) {
      const near = closest(key, OAUTH_KEYS);
      fail(
        key,
        `unknown key ${JSON.stringify(key)} in \`oauth\``,
        near === undefined ? `allowed here: ${OAUTH_KEYS.join(", ")}` : `did you mean ${JSON.stringify(near)}?`,
      );
    }
  }
  const text = (key: "clientId" | "clientMetadataUrl" | "scopes" | "issuer"): string | undefined => {
    const item = entry[key];
    if (item === undefined) return undefined;
    if (typeof item !== "string" || item.trim() === "") {
      fail(key, `\`oauth.${key}\` must be a non-empty string`);
      return undefined;
    }
    return item.trim();
  };
  settings.clientId = text("clientId");
  settings.scopes = text("scopes");
  const issuer = text("issuer");
  if (issuer !== undefined) {
    if (!isIssuer(issuer))
      fail("issuer", "`oauth.issuer` must be an authorization server's issuer: an https:// URL (http:// on this machine) without query or fragment");
    else settings.issuer = issuer;
  }
  const metadataUrl = text("clientMetadataUrl");
  if (metadataUrl !== undefined) {
    if (!isClientMetadataUrl(metadataUrl)) {
      fail("clientMetadataUrl", "`oauth.clientMetadataUrl` must be an https:// URL with a path (the address of a Client ID Metadata Document)");
    } else {
      settings.clientMetadataUrl = metadataUrl;
    }
  }
  const port = entry["callbackPort"];
  if (port !== undefined) {
    if (!isPort(port)) fail("callbackPort", "`oauth.callbackPort` must be a whole number from 1 to 65535");
    else settings.callbackPort = port;
  }
  if (failed) return undefined;
  return Object.fromEntries(Object.entries(settings).filter(([, item]) => item !== undefined)) as OAuthSettings;
}

/**
 * An authorization server's issuer identifier (RFC 8414 §2): an https URL
 * without query or fragment; http on this machine (loopback), as mcpgen
 * accepts for every authorization server endpoint.
 */
export function isIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(url.hostname);
    return (
      (url.protocol === "https:" || (url.protocol === "http:" && loopback)) &&
      url.search === "" &&
      url.hash === "" &&
      !value.includes("?") &&
      !value.includes("#")
    );
  } catch {
    return false;
  }
}

/** A Client ID Metadata Document URL: https with a path other than `/` (draft-ietf-oauth-client-id-metadata-document). */
export function isClientMetadataUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.pathname !== "/" && url.hash === "";
  } catch {
    return false;
  }
}

export function isPort(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 65535;
}

/** `base` with every setting `override` gives replacing its own. */
export function mergeOAuthSettings(base: OAuthSettings | undefined, override: OAuthSettings | undefined): OAuthSettings {
  const merged: OAuthSettings = { ...base };
  for (const [key, value] of Object.entries(override ?? {})) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
