/**
 * Workspace trust for the MCP configuration files that arrive with a project
 * (`.mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`): a `git clone` brings
 * them, so their `${VAR}` references are expanded into a remote server's URL
 * or headers (values that leave the machine) only once the user has trusted
 * the file, as editors ask before they run a workspace's configuration. Trust
 * is remembered per file for its exact contents (a SHA-256 of them) in the
 * user's config directory: a changed file is asked about again. Trust given
 * explicitly on the command line (`--trust-project-config`) covers every
 * project file as it is. A project's own `mcpgen.config.json` cannot give it:
 * a clone brings that file too, so `"trustProjectConfig": true` there would
 * let a project vouch for itself; it is read, and named in the refusal, but
 * not honoured.
 *
 * The user's own files (`~/.cursor/mcp.json`, Claude Desktop's configuration)
 * are the user's words and are expanded as before; so are stdio entries,
 * whose command already runs the project's code.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { sentText } from "../shared/display.js";
import { userError } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { CREDENTIAL_VARIABLES } from "./oauth/settings.js";
import { configDirectory } from "./oauth/store.js";
import { makePrivate, writePrivateFile } from "./private-files.js";

/** What a project file would send, asked about before anything is expanded. */
export interface TrustRequest {
  /** Absolute path of the file. */
  file: string;
  /** How messages name it (`.mcp.json`). */
  name: string;
  /** The server entry's name. */
  server: string;
  /** Where the values would go: the entry's URL as written (variables unexpanded: no value is shown). */
  destination: string;
  /** The variables whose values would be sent, in the order first used. */
  variables: string[];
  /**
   * A login's client secret or key among `variables` (`MCPGEN_CLIENT_SECRET`, ...), which goes to an
   * authorization server, not to `destination`: its names, and where it goes as written (the entry's
   * `oauth.issuer`, or the authorization server the server names).
   */
  credentials?: { names: string[]; to: string } | undefined;
}

/** How a run decides about a project file it has not trusted yet. */
export interface TrustPolicy {
  /** Trust given explicitly (`--trust-project-config`): every project file is trusted as it is. */
  trusted?: boolean | undefined;
  /** The project configuration file (as messages name it) whose `"trustProjectConfig": true` was not honoured, for the refusal to say so. */
  unhonouredClaim?: string | undefined;
  /** Asks the person at the terminal, and says whether they trust the file; absent without a terminal (or in CI). */
  ask?: ((request: TrustRequest) => Promise<boolean>) | undefined;
  /** mcpgen's config directory, where trust is remembered (default: `MCPGEN_CONFIG_DIR`, else the platform's). */
  configDir?: string | undefined;
}

/**
 * Resolves when `contents` of the project file `request.file` may be
 * expanded: trusted explicitly, remembered for these exact contents, or
 * trusted now by the person at the terminal (then remembered). Otherwise a
 * `trust-required` error naming the variables and the host: nothing has been
 * expanded, and nothing sent.
 */
export async function requireTrust(
  request: TrustRequest,
  contents: string,
  policy: TrustPolicy,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  if (policy.trusted === true) return;
  const store = new TrustStore(policy.configDir ?? configDirectory(env));
  const digest = `sha256:${createHash("sha256").update(contents).digest("hex")}`;
  const remembered = await store.read();
  if (remembered[request.file] === digest) return;
  const sent = sentText(request.variables, request.destination, request.credentials);
  const changed = remembered[request.file] !== undefined ? " (it changed since you trusted it)" : "";
  if (policy.ask !== undefined) {
    if (await policy.ask(request)) {
      await store.remember(request.file, digest);
      return;
    }
    throw userError("trust-required", "not trusted: nothing was expanded or sent", {
      file: request.file,
      hint: `${request.name} of this project asks to send ${sent}; mcpgen pull asks again while the file is untrusted`,
    });
  }
  throw userError(
    "trust-required",
    `${request.name} in ${dirname(request.file)}${changed} would send the values of ${sent} (server ${JSON.stringify(request.server)}): a project's configuration comes with the project, so mcpgen expands its variables into a remote server's URL or headers only once you trust the file; nothing was sent`,
    {
      file: request.file,
      hint: `read the file; to trust it, run the pull once on a terminal (mcpgen asks, and remembers the file as it is), or pass --trust-project-config${pinHint(request.variables)}${claimHint(policy.unhonouredClaim)}`,
    },
  );
}

/** Why the project's own `"trustProjectConfig": true` did not count. */
function claimHint(file: string | undefined): string {
  return file === undefined
    ? ""
    : ` ("trustProjectConfig": true in ${file} is not honoured: a project's own file cannot vouch for the project, since a clone brings it too)`;
}

/** For a client secret or key among the variables: pinning its authorization server sends it there alone, whatever the file says. */
function pinHint(variables: readonly string[]): string {
  const credentials = variables.filter((name) => name === CREDENTIAL_VARIABLES.clientSecret || name === CREDENTIAL_VARIABLES.privateKey);
  return credentials.length === 0
    ? ""
    : `; or, for ${credentials.join(" and ")}, set ${CREDENTIAL_VARIABLES.issuer} to the issuer of the authorization server it is for, the only one it then goes to`;
}

/** Trusted project files: `<config dir>/trusted-configs.json`, `{ version: 1, files: { path: "sha256:…" } }`. */
class TrustStore {
  private readonly path: string;

  constructor(private readonly directory: string) {
    this.path = join(directory, "trusted-configs.json");
  }

  async read(): Promise<Record<string, string>> {
    if (!(await makePrivate(this.directory))) return {};
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
    try {
      const document = JSON.parse(text) as unknown;
      if (!isRecord(document) || document["version"] !== 1 || !isRecord(document["files"])) return {};
      return Object.fromEntries(Object.entries(document["files"]).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    } catch {
      return {};
    }
  }

  async remember(file: string, digest: string): Promise<void> {
    const files = { ...(await this.read()), [file]: digest };
    await writePrivateFile(this.directory, this.path, `${JSON.stringify({ version: 1, files }, null, 2)}\n`);
  }
}
