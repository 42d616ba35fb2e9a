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
import { printable, userError } from "../shared/errors.js";
import { findConfigFile, loadConfig } from "../commands/config.js";
import { jsonText, type Io } from "./output.js";

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

export async function authStatus(options: { json?: boolean | undefined }, io: Io): Promise<void> {
  const store = new LoginStore(configDirectory());
  const logins = (await store.list()).map(({ login }) => summarize(login));
  if (options.json) {
    io.stdout(`${jsonText({ directory: store.directory, logins }, 2)}\n`);
    return;
  }
  if (logins.length === 0) {
    io.stdout(`no cached logins (mcpgen pull keeps them in ${store.directory})\n`);
    return;
  }
  for (const login of logins) {
    const lines = [printable(login.server)];
    if (login.authorizationServer !== undefined) lines.push(`  authorization server: ${printable(login.authorizationServer)}`);
    if (login.client !== undefined) lines.push(`  client: ${printable(login.client.id)} (${login.client.kind === "metadata-document" ? "client metadata document" : "registered by mcpgen"})`);
    lines.push(`  access token: ${tokenState(login)}`);
    if (login.scopes.length > 0) lines.push(`  scopes: ${printable(login.scopes.join(" "))}`);
    io.stdout(`${lines.join("\n")}\n`);
  }
  io.stdout(`${logins.length} login(s) cached in ${store.directory}\n`);
}

function tokenState(login: LoginSummary): string {
  const refresh = login.refreshable ? "refreshed by the next pull" : "the next pull logs in again";
  if (login.expiresAt === undefined) return login.expired ? `none (${refresh})` : "cached, no expiry given";
  const minutes = Math.round((Date.parse(login.expiresAt) - Date.now()) / 60_000);
  if (!login.expired) return `valid until ${login.expiresAt} (${minutes < 120 ? `${Math.max(minutes, 1)} min` : `${Math.round(minutes / 60)} h`})${login.refreshable ? ", refreshable" : ""}`;
  return `expired at ${login.expiresAt} (${refresh})`;
}

export async function authLogout(server: string | undefined, options: { config?: string | undefined; json?: boolean | undefined }, io: Io): Promise<void> {
  const store = new LoginStore(configDirectory());
  if (server === undefined) {
    const forgotten: string[] = [];
    for (const { key, login } of await store.list()) if (await store.remove(key)) forgotten.push(login.server);
    if (options.json) io.stdout(`${jsonText({ forgot: forgotten }, 2)}\n`);
    else io.stdout(forgotten.length === 0 ? "no cached logins to forget\n" : `forgot ${forgotten.length} login(s): ${forgotten.map((name) => printable(name)).join(", ")}\n`);
    return;
  }
  const url = await serverUrl(server, options.config);
  const shown = displayUrl(url);
  const removed = await store.remove(serverKey(url));
  if (options.json) io.stdout(`${jsonText({ forgot: removed ? [shown] : [] }, 2)}\n`);
  else io.stdout(removed ? `forgot the login for ${shown}\n` : `no login cached for ${shown}\n`);
}

/** The URL of the server `name` stands for: a URL itself, a target of the configuration, or a configured MCP server. */
async function serverUrl(name: string, config: string | undefined): Promise<URL> {
  const cwd = process.cwd();
  if (isUrl(name)) return parseUrl(name);
  const configFile = config ?? (await findConfigFile(cwd));
  if (configFile !== undefined) {
    const project = await loadConfig({ config: configFile, cwd });
    const target = project.targets.find((candidate) => candidate.name === name);
    if (target !== undefined) {
      if (target.source.kind !== "server") throw userError("usage", `target ${JSON.stringify(name)} generates from a manifest file: mcpgen keeps no login for it`);
      return configuredServer(target.source.server, project.root);
    }
  }
  return configuredServer(name, configFile === undefined ? cwd : dirname(configFile));
}

async function configuredServer(name: string, cwd: string): Promise<URL> {
  if (isUrl(name)) return parseUrl(name);
  const found = await findServerConfig(name, { cwd, home: homedir(), env: process.env, platform: process.platform }, new Secrets());
  if (found.spec.transport === "stdio") throw userError("usage", `${found.spec.label} is a stdio server: it has no OAuth login`);
  return found.spec.url;
}

const isUrl = (text: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(text);

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw userError("usage", "the server URL is not a valid URL");
  }
}
