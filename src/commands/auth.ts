/**
 * `mcpgen auth status` and `mcpgen auth logout [server]`: the OAuth logins
 * `mcpgen pull` caches, listed (never their tokens or secrets) and forgotten.
 * A server is named as `pull` names it: a URL, a target of
 * `mcpgen.config.json`, or a server name from `.mcp.json` and friends.
 */
import { homedir } from "node:os";
import { dirname } from "node:path";
import { configDirectory, LoginStore, serverKey, type StoredLogin } from "../acquire/oauth/store.js";
import { displayUrl, Secrets } from "../acquire/sanitize.js";
import { findServerConfig } from "../acquire/server-config.js";
import { userError } from "../shared/errors.js";
import { isUrl } from "../shared/url.js";
import { closest } from "../shared/closest.js";
import { CONFIG_FILE, findConfigFile, loadConfig } from "./config.js";

/** What `auth status` shows of one login. */
export interface LoginSummary {
  server: string;
  authorizationServer?: string | undefined;
  client?: { id: string; kind: "registered" | "metadata-document" } | undefined;
  scopes: string[];
  /** When the access token expires (ISO 8601), when known. */
  expiresAt?: string | undefined;
  expired: boolean;
  /** A refresh token is cached: an expired access token is renewed without a new login. */
  refreshable: boolean;
}

export interface AuthStatus {
  /** Where the logins are cached. */
  directory: string;
  logins: LoginSummary[];
}

export interface AuthLogout {
  /** The servers whose login was forgotten. */
  forgot: string[];
  /** The server named (as displayed, its secrets masked); undefined when every login was to be forgotten. */
  server?: string | undefined;
}

export function summarize(login: StoredLogin, now = Date.now()): LoginSummary {
  const tokens = login.tokens;
  return {
    server: login.server,
    authorizationServer: login.issuer,
    client: login.client === undefined ? undefined : { id: login.client.client_id, kind: login.clientKind ?? "registered" },
    scopes: (tokens?.scope ?? "").split(/\s+/).filter((scope) => scope !== ""),
    expiresAt: login.expiresAt === undefined ? undefined : new Date(login.expiresAt).toISOString(),
    expired: tokens === undefined || (login.expiresAt !== undefined && login.expiresAt <= now),
    refreshable: typeof tokens?.refresh_token === "string",
  };
}

/** The cached logins. */
export async function authStatus(): Promise<AuthStatus> {
  const store = new LoginStore(configDirectory());
  return { directory: store.directory, logins: (await usingStore(store, () => store.list())).map(({ login }) => summarize(login)) };
}

/** `work` on the login store, whose failures (no permission, a directory of another user's) are the user's to fix, not mcpgen's bugs. */
async function usingStore<T>(store: LoginStore, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw userError("auth-failed", `cannot use the cached logins in ${store.directory}: ${(error as Error).message}`);
  }
}

/** Forgets the login of `server`, or every login when none is named. */
export async function authLogout(options: { server?: string | undefined; config?: string | undefined }): Promise<AuthLogout> {
  const store = new LoginStore(configDirectory());
  if (options.server === undefined) {
    const forgot: string[] = [];
    for (const { key, login } of await usingStore(store, () => store.list())) if (await usingStore(store, () => store.remove(key))) forgot.push(login.server);
    return { forgot };
  }
  // A value the configuration expanded into the URL (a key in its path: `${VAR}` anywhere) is a secret, masked as pull masks it.
  const secrets = new Secrets();
  const url = await serverUrl(options.server, options.config, secrets);
  const shown = secrets.redact(displayUrl(url));
  return { forgot: (await usingStore(store, () => store.remove(serverKey(url)))) ? [shown] : [], server: shown };
}

/** The URL of the server `name` stands for: a URL itself, a target of the configuration, or a configured MCP server. */
async function serverUrl(name: string, config: string | undefined, secrets: Secrets): Promise<URL> {
  const cwd = process.cwd();
  if (isUrl(name)) return parseUrl(name);
  const configFile = config ?? (await findConfigFile(cwd));
  let near: string | undefined;
  if (configFile !== undefined) {
    const project = await loadConfig({ config: configFile, cwd });
    const target = project.targets.find((candidate) => candidate.name === name);
    if (target !== undefined) {
      if (target.source.kind !== "server")
        throw userError("usage", `target ${JSON.stringify(name)} generates from a manifest file: mcpgen keeps no login for it`);
      return configuredServer(target.source.server, project.root, secrets);
    }
    // `Weather` for the target `weather`: said if no MCP configuration has a server of that name either.
    const nearest = closest(
      name,
      project.targets.filter((candidate) => candidate.source.kind === "server").map((candidate) => candidate.name),
    );
    near = nearest === undefined ? undefined : `did you mean the target ${JSON.stringify(nearest)}? `;
  }
  return configuredServer(name, configFile === undefined ? cwd : dirname(configFile), secrets, near);
}

async function configuredServer(name: string, cwd: string, secrets: Secrets, near = ""): Promise<URL> {
  if (isUrl(name)) return parseUrl(name);
  // Only the server's URL is read, to find its login: nothing is sent, so no trust is asked for.
  const found = await findServerConfig(
    name,
    {
      cwd,
      home: homedir(),
      env: process.env,
      platform: process.platform,
      trust: { trusted: true },
      unknownHint: `${near}mcpgen has no login cached for ${JSON.stringify(name)}: name a server by its URL, a target of ${CONFIG_FILE} or a server name from one of these files (mcpgen auth status lists the cached logins)`,
    },
    secrets,
  );
  if (found.spec.transport === "stdio") throw userError("usage", `${found.spec.label} is a stdio server: it has no OAuth login`);
  return found.spec.url;
}

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw userError("usage", "the server URL is not a valid URL");
  }
}
