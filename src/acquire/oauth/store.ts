/**
 * Logins cached between runs: one file per MCP server URL under
 * `<config dir>/oauth/`, holding the client mcpgen registered (or the Client
 * ID Metadata Document it used) and the tokens, as the SDK handed them over
 * (with their `issuer` stamp, so that they are never presented to another
 * authorization server). Files are private to the user (mode 0600 in a 0700
 * directory) and replaced atomically: a temporary sibling, then a rename. An
 * existing login directory that others may enter or write to is tightened to
 * 0700 before it is read or written; one owned by another user is refused
 * (its files could be anyone's, and mcpgen may not change its mode).
 *
 * The config dir is `MCPGEN_CONFIG_DIR` when set (tests, sandboxes), else the
 * platform's: `$XDG_CONFIG_HOME/mcpgen` or `~/.config/mcpgen` (Linux and
 * other Unixes), `~/Library/Application Support/mcpgen` (macOS),
 * `%APPDATA%\mcpgen` (Windows).
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/client";
import { isRecord } from "../../shared/json.js";
import { makePrivate, writePrivateFile } from "../private-files.js";

export const CONFIG_DIR_VARIABLE = "MCPGEN_CONFIG_DIR";

/** One server's cached login. */
export interface StoredLogin {
  version: 1;
  /** The server, as messages show it (query values masked). */
  server: string;
  /** The authorization server that issued what is below. */
  issuer?: string | undefined;
  /** A client mcpgen registered (`registered`) or identified by its metadata document URL (`metadata-document`). A configured client is never stored. */
  client?: OAuthClientInformationMixed | undefined;
  clientKind?: "registered" | "metadata-document" | undefined;
  tokens?: OAuthTokens | undefined;
  /** The client the tokens were issued to. */
  tokensClientId?: string | undefined;
  /** When the access token expires (epoch milliseconds), from `expires_in`. */
  expiresAt?: number | undefined;
}

/** The directory mcpgen keeps its user-level state in. */
export function configDirectory(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: string = process.platform,
  home: string = homedir(),
): string {
  const override = env[CONFIG_DIR_VARIABLE];
  if (override !== undefined && override !== "") return override;
  if (platform === "win32") return join(env["APPDATA"] ?? join(home, "AppData", "Roaming"), "mcpgen");
  if (platform === "darwin") return join(home, "Library", "Application Support", "mcpgen");
  const xdg = env["XDG_CONFIG_HOME"];
  return join(xdg !== undefined && xdg !== "" ? xdg : join(home, ".config"), "mcpgen");
}

/** A server URL as the store keys it: without user name, password and fragment (none of which reach the server's identity). */
export function serverKey(url: URL): string {
  const bare = new URL(url.href);
  bare.username = "";
  bare.password = "";
  bare.hash = "";
  return createHash("sha256").update(bare.href).digest("hex").slice(0, 32);
}

export class LoginStore {
  readonly directory: string;
  /** The directory was found private (or made so). */
  private checked = false;

  constructor(configDir: string) {
    this.directory = join(configDir, "oauth");
  }

  /** The login directory made private (`makePrivate`), once per store; false while it does not exist. */
  private async private(): Promise<boolean> {
    if (this.checked) return true;
    this.checked = await makePrivate(this.directory);
    return this.checked;
  }

  pathOf(key: string): string {
    return join(this.directory, `${key}.json`);
  }

  /** The login cached under `key`; undefined when there is none or the file is not one mcpgen wrote. */
  async read(key: string): Promise<StoredLogin | undefined> {
    if (!(await this.private())) return undefined;
    let text: string;
    try {
      text = await readFile(this.pathOf(key), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    return parseLogin(text);
  }

  /** Replaces the login under `key` atomically; the file is readable by the user alone. */
  async write(key: string, login: StoredLogin): Promise<void> {
    await writePrivateFile(this.directory, this.pathOf(key), `${JSON.stringify(login, null, 2)}\n`);
    this.checked = true;
  }

  /** Forgets the login under `key`; true when there was one. */
  async remove(key: string): Promise<boolean> {
    if (!(await this.private())) return false;
    const path = this.pathOf(key);
    try {
      await rm(path);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  /** Every cached login, with its key, in the order of the servers' names. */
  async list(): Promise<Array<{ key: string; login: StoredLogin }>> {
    if (!(await this.private())) return [];
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const logins: Array<{ key: string; login: StoredLogin }> = [];
    for (const name of names.filter((file) => /^[0-9a-f]{32}\.json$/.test(file)).sort()) {
      const key = name.slice(0, -".json".length);
      const login = await this.read(key);
      if (login !== undefined) logins.push({ key, login });
    }
    return logins.sort((a, b) => (a.login.server < b.login.server ? -1 : a.login.server > b.login.server ? 1 : 0));
  }
}

/**
 * A login file as mcpgen writes it, else undefined: a file edited by hand or damaged (a client that
 * is no object, a token that is no string) would otherwise reach the SDK, the browser's address and
 * `auth status` as it is, and fail there in words about mcpgen's code. Such a login is no login: the
 * next one replaces it.
 */
function parseLogin(text: string): StoredLogin | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value["version"] !== 1 || typeof value["server"] !== "string") return undefined;
  const optional = (key: string, type: "string" | "number") => value[key] === undefined || typeof value[key] === type;
  if (!optional("issuer", "string") || !optional("tokensClientId", "string") || !optional("expiresAt", "number")) return undefined;
  if (value["clientKind"] !== undefined && value["clientKind"] !== "registered" && value["clientKind"] !== "metadata-document") return undefined;
  const { client, tokens } = value;
  if (client !== undefined && !(isRecord(client) && typeof client["client_id"] === "string" && stringsOrAbsent(client, ["client_secret", "issuer"])))
    return undefined;
  if (isRecord(client) && client["redirect_uris"] !== undefined && !isStringArray(client["redirect_uris"])) return undefined;
  if (
    tokens !== undefined &&
    !(isRecord(tokens) && typeof tokens["access_token"] === "string" && stringsOrAbsent(tokens, ["token_type", "refresh_token", "scope", "id_token", "issuer"]))
  )
    return undefined;
  return value as unknown as StoredLogin;
}

function stringsOrAbsent(object: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => object[key] === undefined || typeof object[key] === "string");
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
