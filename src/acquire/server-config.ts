/**
 * Finds a server by name in the MCP configuration files users already have
 * and turns its entry into a `ServerSpec`. The formats are data
 * (`CONFIG_FORMATS`), searched in order; the first file naming the server wins.
 *
 * Entries may use `command`/`args`/`env`/`envFile`/`cwd` (stdio) or
 * `url`/`headers`/`oauth` (remote), with an optional `type`. Strings but `oauth`'s are expanded
 * (config-variables.ts): `${VAR}`, `${VAR:-default}`, `${env:VAR}` from the
 * environment, plus `${workspaceFolder}`, `${workspaceFolderBasename}`,
 * `${userHome}` and `${pathSeparator}` (`${/}`). Every value taken from the
 * environment, every `env` value and every header value is registered as a secret.
 *
 * A project's files (`scope: "project"`) arrive with the project: a remote
 * entry of theirs whose URL or headers would take values from the
 * environment or the machine is expanded only once the file is trusted
 * (config-trust.ts).
 */
import { join, resolve } from "node:path";
import { joinPointer, userError } from "../shared/errors.js";
import { requireTrust, type TrustPolicy } from "./config-trust.js";
import { expandVariables, variablesTaken } from "./config-variables.js";
import { parseOAuthSettings, type OAuthSettings } from "./oauth/settings.js";
import { urlCredentials, withAuthorization, type Secrets } from "./sanitize.js";
import { hasAuthorization, HEADER_NAME, HEADER_VALUE_HINT, headerValueFault, type ServerSpec } from "./server-spec.js";
import { isRecord } from "../shared/json.js";
import { destinationHost } from "../shared/display.js";
import { parseJsonFile, readTextFileIfAny, readTextFileSync, type JsonFileKind } from "../shared/json-file.js";

export interface ConfigContext {
  /** The project directory: project files are looked up here, and it is `${workspaceFolder}`. */
  cwd: string;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: string;
  /** How an untrusted project file that would send values to a remote server is decided (default: refused). */
  trust?: TrustPolicy | undefined;
  /**
   * The environment variables holding a client secret or key that a login would send to the
   * authorization server a remote entry leads to (its server's origin, or its `oauth.issuer`),
   * because nothing of the user's pins where they go: a project file's remote entry then needs trust.
   */
  loginSecrets?: readonly string[] | undefined;
  /** An `oauth.issuer` given over the entry's (a target's): where `loginSecrets` then go. */
  loginIssuer?: string | undefined;
  /** The hint when no file names the server (default: the other ways `mcpgen pull` reaches a server). */
  unknownHint?: string | undefined;
}

/** One supported configuration file: where it lives and which key holds its servers. */
export interface ConfigFormat {
  /** How messages name the file. */
  name: string;
  path: (context: ConfigContext) => string;
  serversKey: "mcpServers" | "servers";
  /** `project`: a file in the project directory (shared with the project); `user`: the user's own. */
  scope: "project" | "user";
}

/** Claude Desktop's `claude_desktop_config.json`, per platform. */
function claudeDesktopConfig(context: ConfigContext): string {
  const file = join("Claude", "claude_desktop_config.json");
  if (context.platform === "darwin") return join(context.home, "Library", "Application Support", file);
  if (context.platform === "win32") return join(context.env["APPDATA"] ?? join(context.home, "AppData", "Roaming"), file);
  return join(context.env["XDG_CONFIG_HOME"] ?? join(context.home, ".config"), file);
}

export const CONFIG_FORMATS: readonly ConfigFormat[] = [
  { name: ".mcp.json", path: (context) => join(context.cwd, ".mcp.json"), serversKey: "mcpServers", scope: "project" },
  { name: ".vscode/mcp.json", path: (context) => join(context.cwd, ".vscode", "mcp.json"), serversKey: "servers", scope: "project" },
  { name: ".cursor/mcp.json", path: (context) => join(context.cwd, ".cursor", "mcp.json"), serversKey: "mcpServers", scope: "project" },
  { name: "~/.cursor/mcp.json", path: (context) => join(context.home, ".cursor", "mcp.json"), serversKey: "mcpServers", scope: "user" },
  { name: "Claude Desktop config", path: claudeDesktopConfig, serversKey: "mcpServers", scope: "user" },
];

export interface FoundServer {
  spec: ServerSpec;
  /** Path of the file the entry came from. */
  file: string;
  format: ConfigFormat;
}

/** Looks `name` up in every supported configuration file, in order. */
export async function findServerConfig(name: string, context: ConfigContext, secrets: Secrets): Promise<FoundServer> {
  const known: string[] = [];
  for (const format of CONFIG_FORMATS) {
    const file = format.path(context);
    const read = await readConfigFile(file);
    if (read === undefined) continue;
    const servers = isRecord(read.document) ? read.document[format.serversKey] : undefined;
    if (!isRecord(servers)) continue;
    if (Object.prototype.hasOwnProperty.call(servers, name)) {
      const pointer = joinPointer("", format.serversKey, name);
      const entry = servers[name];
      const login = format.scope === "project" ? loginSecretsSent(entry, context.loginSecrets ?? []) : [];
      const variables = format.scope === "project" ? [...sentVariables(entry), ...login] : [];
      if (variables.length > 0) {
        const destination = isRecord(entry) && typeof entry["url"] === "string" ? entry["url"] : "(its url)";
        const credentials = login.length === 0 ? undefined : { names: login, to: loginDestination(entry, context.loginIssuer) };
        await requireTrust({ file, name: format.name, server: name, destination, variables, credentials }, read.text, context.trust ?? {}, context.env);
      }
      const spec = specFromEntry(entry, { name, file, pointer, format, context, secrets });
      return { spec, file, format };
    }
    known.push(...Object.keys(servers).map((server) => `${server} (${format.name})`));
  }
  throw userError(
    "input-unreadable",
    `no MCP server named ${JSON.stringify(name)} in ${CONFIG_FORMATS.map((format) => format.name).join(", ")}${known.length > 0 ? `; servers found: ${known.join(", ")}` : ""}`,
    {
      hint:
        context.unknownHint ??
        "pass an http(s):// URL, a command after -- (mcpgen pull --out dir -- npx -y some-server), or a server name from one of these files",
    },
  );
}

/** A server entry's name and where it is, without reading the entry (nothing expanded, no secret touched). */
export interface ListedServer {
  name: string;
  file: string;
  format: ConfigFormat;
  /** A remote entry of a project file: the variables it would send, which make the file need trust (none when absent). */
  needsTrust?: string[] | undefined;
}

/**
 * Every server named in the files of `scope`, in lookup order; a name that
 * an earlier file already gives is skipped, as `findServerConfig` would
 * never reach it.
 */
export async function listConfiguredServers(context: ConfigContext, scope: ConfigFormat["scope"] = "project"): Promise<ListedServer[]> {
  const listed: ListedServer[] = [];
  const names = new Set<string>();
  for (const format of CONFIG_FORMATS) {
    if (format.scope !== scope) continue;
    const file = format.path(context);
    const read = await readConfigFile(file);
    const servers = isRecord(read?.document) ? read.document[format.serversKey] : undefined;
    if (!isRecord(servers)) continue;
    for (const name of Object.keys(servers)) {
      if (names.has(name)) continue;
      names.add(name);
      const needsTrust = format.scope === "project" ? sentVariables(servers[name]) : [];
      listed.push({ name, file, format, ...(needsTrust.length > 0 ? { needsTrust } : {}) });
    }
  }
  return listed;
}

/** An MCP client's configuration file, to the messages about it. */
const MCP_CONFIGURATION: JsonFileKind = {
  name: "this MCP configuration file",
  unreadableHint: "mcpgen reads it to find servers by name: make it readable, or pass the server's URL or command instead",
  syntaxHint: "MCP configuration files are JSON (comments and trailing commas are allowed)",
  comments: true,
  // It holds tokens and passwords: a syntax error gives the line and column, and quotes nothing.
  quoteLine: false,
};

/** The file's document and text, or undefined when there is no such file. */
async function readConfigFile(file: string): Promise<{ document: unknown; text: string } | undefined> {
  const text = await readTextFileIfAny(file, MCP_CONFIGURATION);
  return text === undefined ? undefined : { document: parseJsonFile(text, MCP_CONFIGURATION, file), text };
}

interface EntryContext {
  name: string;
  file: string;
  pointer: string;
  format: ConfigFormat;
  context: ConfigContext;
  secrets: Secrets;
}

function specFromEntry(entry: unknown, where: EntryContext): ServerSpec {
  const { file, pointer, secrets } = where;
  const fail = (message: string, at: string, hint?: string) => userError("input-shape", message, { file, pointer: at, hint });
  if (!isRecord(entry)) throw fail("a server entry must be an object", pointer);
  const expand = (value: string, at: string) => expandVariables(value, where, at);
  const string = (key: string): string | undefined => {
    const value = entry[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw fail(`\`${key}\` must be a string`, joinPointer(pointer, key));
    return expand(value, joinPointer(pointer, key));
  };
  const stringMap = (key: string): Record<string, string> => {
    const value = entry[key];
    if (value === undefined) return {};
    if (!isRecord(value)) throw fail(`\`${key}\` must be an object of strings`, joinPointer(pointer, key));
    const result: Record<string, string> = {};
    for (const [name, item] of Object.entries(value)) {
      const at = joinPointer(pointer, key, name);
      if (typeof item !== "string" && typeof item !== "number" && typeof item !== "boolean") throw fail(`\`${key}.${name}\` must be a string`, at);
      result[name] = expand(String(item), at);
    }
    return result;
  };

  const type = entry["type"];
  const known = ["stdio", "http", "streamable-http", "streamableHttp", "sse"];
  if (type !== undefined && (typeof type !== "string" || !known.includes(type))) {
    throw fail(`unknown server \`type\` ${JSON.stringify(type)}`, joinPointer(pointer, "type"), 'use "stdio", "http" or "sse"');
  }
  const command = string("command");
  const url = string("url");
  const label = `${where.name} (${where.format.name})`;

  if (command !== undefined && (type === undefined || type === "stdio")) {
    const argsValue = entry["args"] ?? [];
    if (!Array.isArray(argsValue) || !argsValue.every((arg) => typeof arg === "string")) {
      throw fail("`args` must be an array of strings", joinPointer(pointer, "args"));
    }
    const args = argsValue.map((arg: string, index) => expand(arg, joinPointer(pointer, "args", index)));
    const envFile = string("envFile");
    const env = { ...(envFile === undefined ? {} : parseEnvFileSync(resolve(where.context.cwd, envFile), file)), ...stringMap("env") };
    for (const value of Object.values(env)) secrets.addEnv(value);
    const cwd = string("cwd");
    return {
      transport: "stdio",
      command,
      args,
      env,
      cwd: cwd === undefined ? where.context.cwd : resolve(where.context.cwd, cwd),
      label,
      configEntry: { name: where.name, file: where.format.name },
    };
  }
  if (url !== undefined && type !== "stdio") {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw fail("`url` is not a valid URL", joinPointer(pointer, "url"));
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw fail("`url` must be an http:// or https:// URL", joinPointer(pointer, "url"));
    const headers = stringMap("headers");
    for (const value of Object.values(headers)) secrets.addHeader(value);
    for (const [name, value] of Object.entries(headers)) {
      const at = joinPointer(pointer, "headers", name);
      if (!HEADER_NAME.test(name)) throw fail(`header name ${JSON.stringify(name)} is not a valid HTTP header name`, at);
      const fault = headerValueFault(value);
      // fetch would refuse it only once connecting, naming neither the header nor why; the value may be a credential.
      if (fault !== undefined) {
        throw fail(`the value of header ${name} ${fault} (the value is not shown: it may be a credential)`, at, HEADER_VALUE_HINT);
      }
    }
    const credentials = urlCredentials(parsed);
    secrets.addAll(credentials.secrets);
    const transport = type === "sse" ? "sse" : type === undefined ? "auto" : "http";
    let oauth: OAuthSettings | undefined;
    if (entry["oauth"] !== undefined) {
      // Claude Code's `oauth` object (clientId, callbackPort, scopes), plus mcpgen's clientMetadataUrl; other keys belong to other tools.
      oauth = parseOAuthSettings(
        entry["oauth"],
        (key, message, hint) => {
          throw fail(message, key === undefined ? joinPointer(pointer, "oauth") : joinPointer(pointer, "oauth", key), hint);
        },
        false,
      );
    }
    return {
      transport,
      url: credentials.url,
      headers: withAuthorization(headers, credentials.authorization),
      label,
      configEntry: { name: where.name, file: where.format.name },
      ...(oauth === undefined ? {} : { oauth }),
    };
  }
  throw fail(
    type === "stdio"
      ? "a stdio server entry needs a `command`"
      : type !== undefined
        ? `a ${type} server entry needs a \`url\``
        : "a server entry needs a `command` (stdio) or a `url` (HTTP)",
    pointer,
  );
}

/** Reads a dotenv file (`KEY=value` lines, `#` comments, optional quotes and `export `), as `envFile` names. */
function parseEnvFileSync(path: string, configFile: string): Record<string, string> {
  // Read once per pull; synchronous so that `specFromEntry` stays a plain function. Not JSON: only the
  // reading and its messages are the JSON files' (`syntaxHint` is never used).
  const text = readTextFileSync(path, { name: `the envFile ${path}`, syntaxHint: "" }, configFile);
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (match === null || raw.trimStart().startsWith("#")) continue;
    let value = match[2]!;
    // A quoted value may be followed by a comment, as for `node --env-file`.
    const double = /^"((?:\\.|[^"\\])*)"\s*(?:#.*)?$/.exec(value);
    const single = /^'([^']*)'\s*(?:#.*)?$/.exec(value);
    if (double !== null) value = double[1]!.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    else if (single !== null) value = single[1]!;
    else value = value.replace(/\s+#.*$/, "");
    env[match[1]!] = value;
  }
  return env;
}

/**
 * The variables a remote entry would send to its server (in its `url` or
 * `headers`; its `oauth` values are taken as written, never expanded), in the order first used: environment variables, and
 * the machine's own (`${userHome}` and `${workspaceFolder}` say whose machine
 * it is); not `${pathSeparator}`. Each string is read by the parser its
 * expansion uses (config-variables.ts). None for a stdio entry, whose command runs here.
 */
export function sentVariables(entry: unknown): string[] {
  if (!isRemoteEntry(entry)) return [];
  const texts = [entry["url"], ...(isRecord(entry["headers"]) ? Object.values(entry["headers"]) : [])];
  const names: string[] = [];
  for (const text of texts) {
    if (typeof text !== "string") continue;
    for (const name of variablesTaken(text)) if (!names.includes(name)) names.push(name);
  }
  return names;
}

/** An entry `specFromEntry` makes a remote server of. */
function isRemoteEntry(entry: unknown): entry is Record<string, unknown> & { url: string } {
  return isRecord(entry) && typeof entry["url"] === "string" && entry["type"] !== "stdio" && !(entry["command"] !== undefined && entry["type"] === undefined);
}

/**
 * Where a login's client secret or key would go: the target's `oauth.issuer` (`over`) when it gives
 * one, else as the entry says: its `oauth.issuer`'s host, else the authorization server its server names.
 */
function loginDestination(entry: unknown, over: string | undefined): string {
  if (over !== undefined) return `${destinationHost(over)} (the target's oauth.issuer)`;
  const oauth = isRecord(entry) ? entry["oauth"] : undefined;
  const issuer = isRecord(oauth) ? oauth["issuer"] : undefined;
  return typeof issuer === "string" ? `${destinationHost(issuer)} (its oauth.issuer)` : "the authorization server its server names";
}

/**
 * The variables of `loginSecrets` a remote entry would have a login send where the entry says: the
 * client secret or key goes to an authorization server on its `url`'s origin, or to its
 * `oauth.issuer`, both the file's choice. None for an entry that sends an `Authorization` header
 * (it gets no OAuth login).
 */
function loginSecretsSent(entry: unknown, loginSecrets: readonly string[]): string[] {
  if (loginSecrets.length === 0 || !isRemoteEntry(entry)) return [];
  const headers = entry["headers"];
  if (isRecord(headers) && hasAuthorization(headers)) return [];
  return [...loginSecrets];
}
