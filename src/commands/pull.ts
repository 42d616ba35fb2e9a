/**
 * `pull`: acquire a live server's tools/list, then run exactly the pipeline
 * `generate` runs (normalize → emit → format → write). The snapshot it writes
 * (`manifest.json`) reproduces the output byte for byte through `generate`.
 * With `check`, compare the live list with the saved snapshot and write nothing.
 */
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, join, resolve as resolvePath } from "node:path";
import { parseManifest } from "../acquire/manifest-file.js";
import { isFile } from "../shared/json-file.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import type { ManifestIR } from "../ir/index.js";
import { manifestWithoutResourceState } from "../ir/resource-state.js";
import type { LiveServerOptions, ProgressEvent } from "../acquire/live-server.js";
import { CREDENTIAL_VARIABLES, type OAuthOptions } from "../acquire/oauth/settings.js";
import { displayUrl, maskCredentials, redactManifest, Secrets, urlCredentials, withAuthorization } from "../acquire/sanitize.js";
import { requireTrust, type TrustPolicy, type TrustRequest } from "../acquire/config-trust.js";

export type { TrustRequest };
import { findServerConfig } from "../acquire/server-config.js";
import {
  getsLogin,
  HEADER_NAME,
  HEADER_VALUE_HINT,
  headerValueFault,
  type RemoteServerSpec,
  type ServerSpec,
  type TransportName,
} from "../acquire/server-spec.js";
import { compareManifests, hasDrift, type DriftReport, type ListDrift } from "./drift.js";
import { contractChanges, driftFails } from "./contract-drift.js";
import { maskDiff, type ContractDiff, type FailOn } from "../diff/index.js";
import { failOnWarnings, maskDiagnostic, McpgenError, printable, StrictError, userError, type Diagnostic } from "../shared/errors.js";
import { counted, destinationHost, shellWord } from "../shared/display.js";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { isUrl } from "../shared/url.js";
import { clientCapabilities, isClientCapabilityName, splitCapabilityNames, unknownCapability, type ClientCapabilities } from "../shared/client-capabilities.js";
import { checkImportExtension, generateFromManifest, type GenerateResult } from "./generate.js";
import type { ImportExtension, Stage } from "../pipeline.js";
import { checkOutputDirectory } from "../write/output-directory.js";
import type { WriteResult } from "../write/index.js";

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface PullOptions {
  /** An `http(s)://` URL, or the name of a server in an MCP configuration file. */
  target?: string | undefined;
  /** A stdio server's command and arguments (what follows `--` on the command line). */
  command?: readonly string[] | undefined;
  outDir: string;
  /** Compare the live tools with `<outDir>/manifest.json`; write nothing. */
  check?: boolean | undefined;
  /** Run Prettier on the output (default true). */
  format?: boolean | undefined;
  /** The extension of the relative imports between generated files: `js` (default), or `ts` for Node's type stripping, Deno and Bun (docs/output.md). */
  importExtension?: ImportExtension | undefined;
  /** Force a transport instead of choosing by target (and falling back from Streamable HTTP to SSE). */
  transport?: TransportName | undefined;
  /** `Name: value` lines sent as HTTP headers. Values are secrets. */
  headers?: readonly string[] | undefined;
  /** `KEY=value` (or `KEY`, taken from `environment`) for a stdio server. Values are secrets. */
  env?: readonly string[] | undefined;
  /**
   * The client capabilities to declare (`--capability`): names of `CLIENT_CAPABILITY_NAMES` (`sampling`, `roots`,
   * `elicitation.url`, ...), each may be several separated by commas. Some servers list a tool only to a client that
   * declares what it needs; declare what the app's own client declares. Default none. Recorded in the snapshot.
   */
  capabilities?: readonly string[] | undefined;
  /** How long to wait for the connection and for each answer (default 30 s). */
  timeoutMs?: number | undefined;
  /** Cap on `tools/list` pages (default 500). */
  maxPages?: number | undefined;
  /** How long a stdio server may take to answer the `server/discover` probe before it is taken for a 2025-era server (default 10 s, or `timeoutMs` if shorter). */
  probeTimeoutMs?: number | undefined;
  /** How long the whole conversation with the server may take, in milliseconds (default: four times `timeoutMs`, 2 minutes). */
  maxTimeMs?: number | undefined;
  /** The most the server may send during the pull, in bytes, after decompression (default 10 MB). */
  maxResponseBytes?: number | undefined;
  /** Where project configuration files are looked up (default: the current directory). */
  cwd?: string | undefined;
  /** Home directory for user-level configuration files (default: `os.homedir()`). */
  home?: string | undefined;
  /** Environment for `${VAR}` expansion and `--env KEY` (default: `process.env`). */
  environment?: Readonly<Record<string, string | undefined>> | undefined;
  /** `process.platform` to assume when locating client configuration files (default: the real one). */
  platform?: string | undefined;
  /**
   * Trust every project MCP configuration file as it is (`--trust-project-config`):
   * a remote entry of `.mcp.json`, `.vscode/mcp.json` or `.cursor/mcp.json` may send
   * the environment's values to its server without being trusted first (see docs/pull.md).
   */
  trustProjectConfig?: boolean | undefined;
  /**
   * The project's own configuration file (as messages name it) when it says `"trustProjectConfig": true`:
   * not honoured, since a clone brings that file too; a refusal names it, saying why.
   */
  unhonouredTrustClaim?: string | undefined;
  /**
   * The project configuration file this pull's target comes from (`mcpgen pull <target>` over
   * `mcpgen.config.json`), its text as read, and the target's name. Its server URL and `oauth.issuer` are then the
   * project's word, not the user's: a client secret or key from the environment that they would lead
   * to an authorization server (none pinned by `MCPGEN_CLIENT_ISSUER`) needs the file trusted first,
   * as a project's `.mcp.json` entry does. Absent: the options are the calling program's own.
   */
  configTarget?: { file: string; text: string; name: string } | undefined;
  /**
   * Asks the person at the terminal whether to trust a project file that would send
   * environment values to a remote server (the CLI's prompt); without it, such a file
   * not trusted before is refused.
   */
  confirmTrust?: ((request: TrustRequest) => Promise<boolean>) | undefined;
  onProgress?: ((event: PullEvent) => void) | undefined;
  /**
   * OAuth for a remote server that asks for a login (MCP "Authorization",
   * see docs/pull.md): the server's settings (client id, client metadata
   * document URL, scopes, callback port; merged over those of its MCP
   * configuration entry) and how this run may log in. A cached login is used
   * and refreshed, and client credentials (`MCPGEN_CLIENT_ID` with
   * `MCPGEN_CLIENT_SECRET` or `MCPGEN_CLIENT_PRIVATE_KEY`) are used, by
   * default; a browser login needs `interactive: true`. `false`: no OAuth.
   */
  oauth?: OAuthOptions | false | undefined;
  /**
   * Stops the pull (the CLI aborts it on Ctrl-C and SIGTERM): the connection
   * is closed, a stdio server is stopped, nothing is written, and the pull
   * rejects with an `McpgenError` whose code is `interrupted`.
   */
  signal?: AbortSignal | undefined;
  /** Every warning about the tools is an error (`StrictError`), as for `generate`. */
  strict?: boolean | undefined;
  /** Write even into the file-system root or the home directory (refused otherwise). */
  force?: boolean | undefined;
  /**
   * With `check`: which changes of the live tools fail the check (docs/diff.md). Default: any
   * drift. Below it, drift is reported, classified, and the check passes (the generated files are
   * then compared with the live tools only where the tools did not drift).
   */
  failOn?: FailOn | undefined;
}

/** A progress line; `message` is redacted and printable. */
export interface PullEvent {
  kind: ProgressEvent["kind"] | "config" | "written";
  message: string;
}

/** What was reached and how. */
export interface PulledServer {
  /** How messages name the server (redacted). */
  label: string;
  transport: TransportName;
  /** Streamable HTTP was refused and legacy SSE worked. */
  fellBack: boolean;
  protocolVersion?: string | undefined;
  serverInfo?: Record<string, unknown> | undefined;
  tools: number;
  /** Pages of `tools/list`. */
  pages: number;
  /** How many prompts, resources and resource templates were listed (each only when the server declares the capability and the list worked). */
  prompts?: number | undefined;
  resources?: number | undefined;
  resourceTemplates?: number | undefined;
  /** The configuration file the server was found in. */
  configFile?: string | undefined;
  /** The client capabilities the pull declared (`--capability`, a target's `capabilities`), as the snapshot records them; absent when none. */
  clientCapabilities?: Record<string, unknown> | undefined;
}

export interface PullResult extends GenerateResult {
  server: PulledServer;
  /** With `check`: how the live tools differ from the snapshot. */
  drift?: DriftReport | undefined;
  /** With `check`, when the tools drifted: the drift classified as `mcpgen diff` classifies it. */
  contract?: ContractDiff | undefined;
  /**
   * Without `check`: true when nothing had to be written. With `check`: true
   * when the tools match the snapshot and every generated file is current,
   * or the tools drifted by less than `failOn` names.
   */
  upToDate: boolean;
}

/** A live server's tool list, ready to be saved as `<outDir>/manifest.json` and generated from. */
export interface PulledSnapshot {
  /** The manifest as the snapshot holds it; `source` is the snapshot's path. */
  manifest: RawManifest;
  /** Warnings about the server's answer (a secret echoed back). */
  diagnostics: Diagnostic[];
  /** What was reached; `tools` is the number of tools listed, before normalisation. */
  server: PulledServer;
  /** With `check`: the snapshot saved by an earlier pull. */
  saved?: RawManifest | undefined;
  snapshotPath: string;
  /** Masks the secrets of this pull (header and environment values) in a message and makes it printable. */
  redact: (text: string) => string;
  /** Masks the secrets of this pull in a text, and does nothing else. */
  mask: (text: string) => string;
  /**
   * Makes `mask` hide the identifiers generated from a name holding a secret too (`Secrets.addDerivedNames`):
   * called with the IR before the generated files are compared, so that their paths and diffs are masked.
   */
  maskDerivedNames: (ir: ManifestIR) => void;
}

/**
 * Stage 1 (acquire) from a live server: resolve the target, connect, list
 * every page and prepare the snapshot. Writes nothing; with `check`, reads
 * the saved snapshot first (and fails before connecting if there is none).
 */
export async function pullSnapshot(options: PullOptions, timings: Partial<Record<Stage, number>> = {}): Promise<PulledSnapshot> {
  const secrets = new Secrets();
  const progress = (kind: PullEvent["kind"], message: string) => options.onProgress?.({ kind, message: printable(secrets.redact(message)) });
  declaredCapabilities(options.capabilities);
  checkImportExtension(options.importExtension);
  const { spec, configFile } = await resolveServer(options, secrets);
  // Before starting any server: an output directory that will be refused makes the pull pointless.
  await checkOutputDirectory(options.outDir, options);
  if (configFile !== undefined) progress("config", `using ${spec.label} from ${configFile}`);
  const snapshotPath = join(options.outDir, MANIFEST_FILE);
  // Before starting any server: --check is pointless without a snapshot. Compared as a snapshot is written now: one
  // an earlier mcpgen wrote may still hold the resources' state, which is no drift.
  const saved = options.check ? manifestWithoutResourceState(await readSnapshot(snapshotPath)) : undefined;

  const started = performance.now();
  const { acquireLiveServer } = await import("../acquire/live-server.js");
  const acquired = await acquireLiveServer(spec, liveServerOptions(options, secrets, progress, loginCommand(options, spec)));
  timings.acquire = (timings.acquire ?? 0) + performance.now() - started;

  const prepared = prepareSnapshot(acquired.manifest, snapshotPath, spec.label, secrets);
  const { manifest } = prepared;
  const server: PulledServer = {
    label: spec.label,
    transport: acquired.transport,
    fellBack: acquired.fellBack,
    protocolVersion: manifest.protocolVersion,
    serverInfo: manifest.server,
    tools: manifest.tools.length,
    pages: acquired.pages,
    ...(manifest.prompts === undefined ? {} : { prompts: manifest.prompts.length }),
    ...(manifest.resources === undefined ? {} : { resources: manifest.resources.length }),
    ...(manifest.resourceTemplates === undefined ? {} : { resourceTemplates: manifest.resourceTemplates.length }),
    configFile,
    ...(manifest.clientCapabilities === undefined ? {} : { clientCapabilities: manifest.clientCapabilities }),
  };
  const diagnostics = [...acquired.diagnostics, ...prepared.diagnostics];
  return {
    manifest,
    diagnostics,
    server,
    saved,
    snapshotPath,
    redact: (text) => printable(secrets.redact(text)),
    mask: (text) => secrets.redact(text),
    maskDerivedNames: (ir) => secrets.addDerivedNames(ir),
  };
}

export async function pull(options: PullOptions): Promise<PullResult> {
  const timings: Partial<Record<Stage, number>> = {};
  const { manifest, diagnostics: secretWarnings, server: reached, saved, snapshotPath, redact, mask, maskDerivedNames } = await pullSnapshot(options, timings);
  failOnListFailures(secretWarnings, options.strict);
  const { contract: snapshotContract, ...generated } = await relabelErrors(
    snapshotPath,
    reached.label,
    () =>
      generateFromManifest(
        manifest,
        {
          outDir: options.outDir,
          check: options.check ?? false,
          format: options.format ?? true,
          importExtension: options.importExtension,
          signal: options.signal,
          strict: options.strict,
          force: options.force,
          mask,
          onNormalized: maskDerivedNames,
        },
        timings,
      ),
    mask,
  );
  const diagnostics = [...secretWarnings, ...generated.diagnostics.map((diagnostic) => relabel(diagnostic, snapshotPath, reached.label, mask))];
  const { ir } = generated;
  const server: PulledServer = {
    ...reached,
    tools: ir.tools.length,
    ...(reached.prompts === undefined ? {} : { prompts: ir.prompts.length }),
    ...(reached.resources === undefined ? {} : { resources: ir.resources.length }),
    ...(reached.resourceTemplates === undefined ? {} : { resourceTemplates: ir.resourceTemplates.length }),
  };

  if (saved !== undefined) {
    const drift = maskDrift(compareManifests(saved, asGenerated(manifest, generated.ir)), mask);
    const contract = hasDrift(drift) ? maskDiff(snapshotContract ?? contractChanges(saved, generated.ir, mask), mask) : undefined;
    const stale = generated.files.filter((file) => file.status !== "unchanged" && file.path !== MANIFEST_FILE);
    // Files generated from tools that drifted are stale by that drift: only undrifted tools judge them.
    const upToDate = hasDrift(drift) ? !driftFails(drift, contract, options.failOn) : stale.length === 0;
    return { ...generated, files: maskFiles(generated.files, mask), diagnostics, server, drift, ...(contract === undefined ? {} : { contract }), upToDate };
  }
  const written = generated.files.filter((file) => file.status !== "unchanged").length;
  options.onProgress?.({
    kind: "written",
    message: redact(`wrote ${counted(written, "file")} into ${options.outDir} (${generated.files.length - written} unchanged)`),
  });
  return { ...generated, files: maskFiles(generated.files, mask), diagnostics, server };
}

/**
 * A pull's files as it reports them, `mask` applied to their paths (a file is named after a tool, whose
 * name a server may have echoed a secret into); their diffs were masked line by line before lines were cut.
 */
export function maskFiles(files: readonly WriteResult[], mask: (text: string) => string): WriteResult[] {
  return files.map((file) => ({ ...file, path: mask(file.path) }));
}

/**
 * `--strict`: a list of prompts or resources the server could not list
 * (`list-failed`) is an error, as a warning about the tools is; the other
 * warnings of a pull (a secret echoed back) stay warnings.
 */
export function failOnListFailures(diagnostics: readonly Diagnostic[], strict: boolean | undefined): void {
  failOnWarnings(
    diagnostics.filter((diagnostic) => diagnostic.code === "list-failed"),
    strict,
  );
}

/** What only the command that reaches a server knows to say: when none is given, and when a manifest file is given as one. */
export interface ServerWords {
  /** No server given (neither a URL, a name nor a command after `--`): the error and its hint. */
  none: { message: string; hint: string };
  /** The hint for a manifest file `file` given where a server was expected: the command that reads one. */
  manifestFile: (file: string) => string;
}

/** `mcpgen pull`'s words. */
function pullWords(outDir: string | undefined): ServerWords {
  return {
    none: {
      message: "nothing to pull from",
      hint: "pass an http(s):// URL, a server name from .mcp.json / .vscode/mcp.json / .cursor/mcp.json, or a command after --",
    },
    manifestFile: (file) => `a manifest is generated from with mcpgen generate ${shellWord(file)} --out ${outDir === undefined ? "<dir>" : shellWord(outDir)}`,
  };
}

/** Turns the target options into a `ServerSpec`; usage mistakes are `usage` errors. `words`: the caller's (default: pull's). */
export async function resolveServer(
  options: Omit<PullOptions, "outDir"> & { outDir?: string | undefined },
  secrets: Secrets,
  words: ServerWords = pullWords(options.outDir),
): Promise<{ spec: ServerSpec; configFile?: string | undefined }> {
  const environment = options.environment ?? process.env;
  const usage = (message: string, hint?: string) => userError("usage", message, { hint });
  const command = options.command ?? [];
  if (options.target !== undefined && command.length > 0) {
    throw usage("give either a server (URL or configured name) or a command after --, not both");
  }
  const headers = parseHeaders(options.headers ?? [], secrets);
  const env = parseEnv(options.env ?? [], environment, secrets);
  const hasHeaders = Object.keys(headers).length > 0;
  const hasEnv = Object.keys(env).length > 0;
  const forced = options.transport;
  const loginSecrets = unpinnedLoginSecrets(options.oauth, environment, options.configTarget !== undefined);
  const trust: TrustPolicy = {
    trusted: options.trustProjectConfig,
    unhonouredClaim: options.trustProjectConfig === true ? undefined : options.unhonouredTrustClaim,
    ask: options.confirmTrust,
    configDir: options.oauth === false ? undefined : options.oauth?.configDir,
  };
  const issuer = options.oauth === false ? undefined : options.oauth?.settings?.issuer;

  if (command.length > 0) {
    if (forced !== undefined && forced !== "stdio") throw usage(`--transport ${forced} needs a URL; a command after -- runs a stdio server`);
    if (hasHeaders) throw usage("--header applies to HTTP servers; a command after -- runs a stdio server", "use --env to pass credentials to a stdio server");
    const [program, ...args] = command as [string, ...string[]];
    return { spec: { transport: "stdio", command: program, args, env, cwd: options.cwd, label: secrets.redact(command.map(shellWord).join(" ")) } };
  }
  const target = options.target;
  if (target === undefined || target === "") {
    throw usage(words.none.message, words.none.hint);
  }

  if (isUrl(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw usage("the server URL is not a valid URL");
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") throw usage(`only http:// and https:// URLs are supported, not ${url.protocol}//`);
    if (forced === "stdio") throw usage("--transport stdio needs a command after --, not a URL");
    if (hasEnv) throw usage("--env applies to stdio servers; use --header for an HTTP server");
    const credentials = urlCredentials(url);
    secrets.addAll(credentials.secrets);
    const spec: RemoteServerSpec = {
      transport: forced ?? "auto",
      url: credentials.url,
      headers: withAuthorization(headers, credentials.authorization),
      label: displayUrl(url),
    };
    // A configuration file's server URL leads the login's secret to the authorization server it names (if it logs in).
    if (options.configTarget !== undefined && loginSecrets.length > 0 && getsLogin(spec))
      await requireConfigTrust(options.configTarget, target, loginSecrets, issuer, trust, environment);
    return { spec };
  }

  const cwd = options.cwd ?? process.cwd();
  const found = await findServerConfig(
    target,
    { cwd, home: options.home ?? homedir(), env: environment, platform: options.platform ?? process.platform, trust, loginSecrets, loginIssuer: issuer },
    secrets,
  ).catch((error: unknown) => {
    // No configured server has that name: a manifest file given where a server goes is a mistake of command.
    if (!(error instanceof McpgenError && error.diagnostic.code === "input-unreadable")) throw error;
    if (isFile(resolvePath(cwd, target))) {
      throw usage(
        `${JSON.stringify(target)} is a file, not an MCP server (an http(s):// URL, a server name from .mcp.json and the like, or a command after --)`,
        words.manifestFile(target),
      );
    }
    if (!/\.json$/i.test(target)) throw error;
    throw userError(error.diagnostic.code, error.diagnostic.message, { hint: `there is no file ${target} either; ${words.manifestFile(target)}` });
  });
  const spec = found.spec;
  // A configuration file's `oauth.issuer` over the entry's leads the login's secret there, if the entry gets a login at
  // all (a remote one without its own Authorization header). Expanded above, nothing has been sent yet.
  if (options.configTarget !== undefined && loginSecrets.length > 0 && issuer !== undefined && getsLogin(spec))
    await requireConfigTrust(options.configTarget, target, loginSecrets, issuer, trust, environment);
  if (spec.transport === "stdio") {
    if (forced !== undefined && forced !== "stdio") throw usage(`${spec.label} is a stdio server; --transport ${forced} does not apply`);
    if (hasHeaders) throw usage(`--header applies to HTTP servers; ${spec.label} is a stdio server`, "use --env to pass credentials to a stdio server");
    return { spec: { ...spec, env: { ...spec.env, ...env } }, configFile: found.file };
  }
  if (forced === "stdio") throw usage(`${spec.label} is an HTTP server; --transport stdio does not apply`);
  if (hasEnv) throw usage(`--env applies to stdio servers; ${spec.label} is an HTTP server`);
  return { spec: { ...spec, transport: forced ?? spec.transport, headers: mergeHeaders(spec.headers, headers) }, configFile: found.file };
}

/**
 * The variables of a client secret or key set in `environment` that a login would send to whichever
 * authorization server the server's entry leads to: none when OAuth is off, or when the user pinned
 * the issuer they are for (`MCPGEN_CLIENT_ISSUER`, or an `oauth.issuer` the calling program gives),
 * where alone they go. An `oauth.issuer` from a project's configuration file (`fromProjectFile`) is
 * the project's word, and pins nothing.
 */
function unpinnedLoginSecrets(oauth: PullOptions["oauth"], environment: Readonly<Record<string, string | undefined>>, fromProjectFile: boolean): string[] {
  const set = (name: string) => (environment[name] ?? "").trim() !== "";
  if (oauth === false || set(CREDENTIAL_VARIABLES.issuer) || (oauth?.settings?.issuer !== undefined && !fromProjectFile)) return [];
  return [CREDENTIAL_VARIABLES.clientSecret, CREDENTIAL_VARIABLES.privateKey].filter(set);
}

/**
 * A configuration file's target that leads a client secret or key to an authorization server of
 * the file's choosing (its server URL's, or its `oauth.issuer`): asked about, remembered or refused
 * as a project's `.mcp.json` entry is (config-trust.ts).
 */
async function requireConfigTrust(
  configTarget: { file: string; text: string; name: string },
  server: string,
  loginSecrets: readonly string[],
  issuer: string | undefined,
  trust: TrustPolicy,
  environment: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const to = issuer === undefined ? "the authorization server its server names" : `${destinationHost(issuer)} (its oauth.issuer)`;
  await requireTrust(
    {
      file: configTarget.file,
      name: basename(configTarget.file),
      server: configTarget.name,
      destination: issuer ?? server,
      variables: [...loginSecrets],
      credentials: { names: [...loginSecrets], to },
    },
    // Its text as the run read it: trust is given to the contents the targets came from.
    configTarget.text,
    trust,
    environment,
  );
}

function parseHeaders(lines: readonly string[], secrets: Secrets): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = colon === -1 ? "" : line.slice(0, colon).trim();
    // The value is never echoed: it is probably a credential.
    if (!HEADER_NAME.test(name))
      throw userError("usage", '--header needs the form "Name: value"', { hint: 'for example --header "Authorization: Bearer $TOKEN"' });
    const value = line.slice(colon + 1).trim();
    secrets.addHeader(value);
    // fetch refuses such a value only once connecting, in words that say neither which header nor why.
    const fault = headerValueFault(value);
    if (fault !== undefined) {
      throw userError("usage", `--header ${name}: its value ${fault} (the value is not shown: it may be a credential)`, {
        hint: HEADER_VALUE_HINT,
      });
    }
    headers[name] = value;
  }
  return headers;
}

/** Later headers replace earlier ones of the same name (names are case-insensitive). */
function mergeHeaders(base: Record<string, string>, overrides: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (!Object.keys(overrides).some((other) => other.toLowerCase() === name.toLowerCase())) merged[name] = value;
  }
  return { ...merged, ...overrides };
}

function parseEnv(entries: readonly string[], environment: Readonly<Record<string, string | undefined>>, secrets: Secrets): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf("=");
    const name = equals === -1 ? entry : entry.slice(0, equals);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw userError("usage", "--env needs the form KEY=value, or KEY to pass the current value on");
    const value = equals === -1 ? environment[name] : entry.slice(equals + 1);
    if (value === undefined) throw userError("usage", `--env ${name}: ${name} is not set in the environment`);
    secrets.addEnv(value);
    env[name] = value;
  }
  return env;
}

/** The command that repeats this pull, for the message of a login that cannot happen here (a URL as displayed, its secrets masked). */
function loginCommand(options: PullOptions, spec: ServerSpec): string {
  const server = spec.transport !== "stdio" && isUrl(options.target ?? "") ? displayUrl(spec.url) : (options.target ?? spec.label);
  return `mcpgen pull ${shellWord(server)} --out ${shellWord(options.outDir)}`;
}

async function readSnapshot(path: string): Promise<RawManifest> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    throw userError(
      "input-unreadable",
      missing
        ? "no snapshot to check against: --check compares the live server with the manifest.json a previous pull wrote"
        : `cannot read the snapshot: ${(error as Error).message}`,
      {
        file: path,
        hint: missing ? "run the same mcpgen pull without --check first" : undefined,
      },
    );
  }
  return parseManifest(text, path);
}

/**
 * The live manifest as `generate` will later read it back from the snapshot:
 * a JSON round trip (so nothing but JSON reaches the pipeline), the
 * resources' state left out (`size`, `annotations.lastModified`: not the
 * contract, see ir/resource-state.ts), secrets the
 * server echoed into its free text (descriptions, titles, instructions,
 * serverInfo) masked, and `source` the snapshot's own path (generated headers
 * name their source, and must match what `generate manifest.json` writes).
 *
 * The contract (names, keys, enum and const values, defaults, patterns, refs)
 * is never rewritten, even when it contains a secret: masking it would make a
 * client that rejects what the server accepts. Such a value is kept, with a
 * warning saying where it is and that it is now in the snapshot.
 */
export function prepareSnapshot(
  manifest: RawManifest,
  snapshotPath: string,
  label: string,
  secrets: Secrets,
): { manifest: RawManifest; diagnostics: Diagnostic[] } {
  const answer = manifestWithoutResourceState(
    JSON.parse(
      JSON.stringify({
        server: manifest.server,
        protocolVersion: manifest.protocolVersion,
        capabilities: manifest.capabilities,
        instructions: manifest.instructions,
        clientCapabilities: manifest.clientCapabilities,
        cache: manifest.cache,
        tools: manifest.tools,
        prompts: manifest.prompts,
        resources: manifest.resources,
        resourceTemplates: manifest.resourceTemplates,
      }),
    ) as Omit<RawManifest, "source" | "toolsPointer">,
  );
  // The login's own credentials first, wherever they are: no contract legitimately holds a token.
  const { manifest: body, pointers: credentials } = maskCredentials(answer, secrets);
  const { masked, kept } = redactManifest(body as unknown as Record<string, unknown>, secrets);
  const where = (pointer: string) => (pointer.startsWith("/server") ? pointer.replace(/^\/server/, "/serverInfo") : pointer);
  const diagnostics: Diagnostic[] = [
    ...credentials.map((pointer): Diagnostic => ({
      severity: "warning",
      code: "input-shape",
      message:
        "the server's answer contains an OAuth credential of this pull (a token, an authorization code or a client secret); unlike a header or environment value it is masked even in the contract (names, keys, enum values, defaults): the snapshot and the generated files have *** instead, so there the generated code may not match the server",
      file: label,
      pointer: secrets.redact(where(pointer)),
      hint: "a server that echoes your login's credentials into its tool list is broken or hostile: report it to its operators",
    })),
    ...masked.map((pointer): Diagnostic => ({
      severity: "warning",
      code: "input-shape",
      message: "the server's answer contains the value of a header or environment variable given to it; the snapshot and the generated files have *** instead",
      file: label,
      pointer: secrets.redact(where(pointer)),
    })),
    ...kept.map(({ pointer, tool }): Diagnostic => ({
      severity: "warning",
      code: "input-shape",
      message:
        "the server echoes the value of a header or environment variable given to it into its contract; kept as sent (mcpgen never rewrites names, keys, enum values, defaults or patterns), so it is in manifest.json and the generated files",
      file: label,
      tool: tool === undefined ? undefined : secrets.redact(tool),
      pointer: secrets.redact(where(pointer)),
      hint: "harmless for a setting such as LOG_LEVEL=info; if the value is a credential, do not commit the output, and keep it out of the server's tool list",
    })),
  ];
  return { manifest: { ...body, source: snapshotPath, toolsPointer: "/tools" }, diagnostics };
}

/**
 * Input diagnostics name the server rather than the snapshot path (which may
 * not exist yet). `mask` hides the pull's secrets: the contract keeps a
 * secret the server echoed into it (see `prepareSnapshot`), but nothing
 * mcpgen prints shows it. Server text in them stays as it is, as in
 * `generate`'s: whatever prints a diagnostic shows it printable
 * (`formatDiagnostic`, `--json`).
 */
export function relabel(diagnostic: Diagnostic, snapshotPath: string, label: string, mask: (text: string) => string = (text) => text): Diagnostic {
  const clean = maskDiagnostic(diagnostic, mask);
  return diagnostic.file === snapshotPath && !diagnostic.code.startsWith("output-") ? { ...clean, file: label } : clean;
}

export async function relabelErrors<T>(snapshotPath: string, label: string, run: () => Promise<T>, mask?: (text: string) => string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StrictError) throw new StrictError(error.diagnostics.map((diagnostic) => relabel(diagnostic, snapshotPath, label, mask)));
    if (error instanceof McpgenError) {
      const { severity: _severity, ...diagnostic } = relabel(error.diagnostic, snapshotPath, label, mask);
      throw new McpgenError(diagnostic);
    }
    throw error;
  }
}

/**
 * The live lists as the snapshot holds them: what was generated from, less
 * what normalisation left out (a tool whose marks the revision forbids, ...),
 * which is warned about on every pull and is no change of the server's.
 */
function asGenerated(live: RawManifest, ir: ManifestIR): RawManifest {
  return {
    ...live,
    tools: ir.tools.map((tool) => tool.raw),
    ...(live.prompts === undefined ? {} : { prompts: ir.prompts.map((prompt) => prompt.raw) }),
    ...(live.resources === undefined ? {} : { resources: ir.resources.map((resource) => resource.raw) }),
    ...(live.resourceTemplates === undefined ? {} : { resourceTemplates: ir.resourceTemplates.map((template) => template.raw) }),
  };
}

/** A drift report with the pull's secrets masked in names, fields and pointers (it is printed). */
export function maskDrift(drift: DriftReport, mask: (text: string) => string): DriftReport {
  const list = (entries: ListDrift): ListDrift => ({
    added: entries.added.map(mask),
    removed: entries.removed.map(mask),
    changed: entries.changed.map((change) => ({
      name: mask(change.name),
      fields: change.fields.map((field) => ({ ...field, field: mask(field.field), pointers: field.pointers.map(mask) })),
    })),
  });
  return {
    ...list(drift),
    prompts: list(drift.prompts),
    resources: list(drift.resources),
    resourceTemplates: list(drift.resourceTemplates),
    notes: drift.notes.map(mask),
  };
}

/**
 * What a pull (or a recording) connects with: the limits and the login of `options`, the
 * connection's secrets, its progress, and the command a user runs to log in again.
 */
export function liveServerOptions(
  options: Pick<
    PullOptions,
    "timeoutMs" | "maxPages" | "probeTimeoutMs" | "maxTimeMs" | "maxResponseBytes" | "signal" | "oauth" | "environment" | "capabilities"
  >,
  secrets: Secrets,
  progress: (kind: PullEvent["kind"], message: string) => void,
  loginCommand: string,
): LiveServerOptions {
  return {
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets,
    maxPages: options.maxPages,
    probeTimeoutMs: options.probeTimeoutMs,
    maxTimeMs: options.maxTimeMs,
    maxResponseBytes: options.maxResponseBytes,
    onProgress: (event) => progress(event.kind, event.message),
    signal: options.signal,
    oauth: options.oauth === false ? undefined : { ...options.oauth, loginCommand: options.oauth?.loginCommand ?? loginCommand },
    environment: options.environment,
    clientCapabilities: declaredCapabilities(options.capabilities),
  };
}

/**
 * The ClientCapabilities that `names` declare (see `PullOptions.capabilities`). An unknown name is a usage error
 * naming the nearest known one, or all of them.
 */
export function declaredCapabilities(names: readonly string[] | undefined): ClientCapabilities {
  // The library's callers in JavaScript: a string where a list belongs is a usage error, not a TypeError.
  if (names !== undefined && (!Array.isArray(names) || !names.every((name) => typeof name === "string")))
    throw userError("usage", `capabilities must be a list of client capability names, not ${JSON.stringify(names) ?? String(names)}`, {
      hint: 'for example ["sampling", "roots"]',
    });
  const split = splitCapabilityNames(names ?? []);
  for (const name of split) {
    if (isClientCapabilityName(name)) continue;
    const { message, hint } = unknownCapability(name);
    throw userError("usage", `capabilities: ${message}`, { hint });
  }
  return clientCapabilities(split.filter(isClientCapabilityName));
}
