/**
 * `mock`: serve a server that honours a manifest's contract, over stdio or
 * Streamable HTTP: acquire (the manifest, the fixtures folder) → normalize →
 * the mock (src/mock: validators compiled in memory, fixtures, generated
 * values, the scaffold's server runtime). `record`: proxy a live server,
 * reached exactly as `pull` reaches it (the same target resolution, transports,
 * login, budgets and secrets), and write what it answers (tool calls, prompts,
 * resource reads) as fixtures, its secrets masked, beside the snapshot of its
 * tools, prompts and resources.
 */
import type { ListenRemedy } from "../mock/server.js";
import { join } from "node:path";
import { readManifestFile, readManifestPath } from "../acquire/manifest-file.js";
import { readFixtureFileIfAny, readFixtureFolder } from "../acquire/fixture-files.js";
import type { LiveCallOutcome, LiveSession } from "../acquire/live-server.js";
import { SAMPLING_REFUSAL, SAMPLING_REJECTED } from "../shared/client-capabilities.js";
import { Secrets } from "../acquire/sanitize.js";
import { emitManifestSnapshot } from "../emit/snapshot.js";
import { listedTool, toolHeaderArguments } from "../emit/server/tools.js";
import { listedEntry, servesCompletions, servesPrompts, servesResources } from "../emit/server/surface.js";
import type { EmittedFile, ManifestIR } from "../ir/index.js";
import { normalize, withinStack } from "../pipeline.js";
import { escapeBidiControls } from "../shared/escape.js";
import { formatDiagnostic, McpgenError, printable, userError, type Diagnostic } from "../shared/errors.js";
import { MANIFEST_FILE, SNAPSHOT_GENERATED_BY } from "../shared/output-names.js";
import { shellWord } from "../shared/display.js";
import { checkOutputDirectory } from "../write/output-directory.js";
import { writeFiles } from "../write/index.js";
import { checkFixtures, fixtureSubject, parseFixtureDocument, type Fixture } from "../mock/fixtures.js";
import { mcpParamHeaders } from "../mock/param-headers.js";
import { canonicalJson, isRecord } from "../shared/json.js";
import { show } from "../diff/values.js";
// The value generator, the validators and the SDK server load only when a mock is served (`mcpgen` re-exports this file).
import type { MockAnswer, MockSurface, SurfaceResult } from "../mock/responder.js";
import type {
  CallAnswerer,
  ListedPrompt,
  ListedResource,
  ListedResourceTemplate,
  ListedTool,
  MockServerDefinition,
  PromptAnswerer,
  ResourceAnswerer,
} from "../mock/server.js";
import {
  declaredCapabilities,
  DEFAULT_TIMEOUT_MS,
  liveServerOptions,
  prepareSnapshot,
  relabel,
  resolveServer,
  type PullOptions,
  type PullEvent,
  type ServerWords,
} from "./pull.js";
import { surfaceCounts, type SurfaceCounts } from "./surface-counts.js";

/** Where a mock serves: stdio (the default), or Streamable HTTP on a port. */
export interface MockHttpOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1: this machine only. */
  host?: string | undefined;
  /** More host names accepted in `Host` and `Origin` (DNS-rebinding protection, as a scaffold's). */
  allowedHosts?: readonly string[] | undefined;
}

interface ServeOptions {
  /** Streamable HTTP on this port; absent: stdio. */
  http?: MockHttpOptions | undefined;
  /**
   * The protocol era served: `"legacy"` (the 2025 revisions alone: a client that would speak
   * MCP 2026-07-28 falls back to a 2025 revision, or fails if it is pinned to 2026-07-28) or
   * `"modern"` (MCP 2026-07-28 alone: a 2025 client is refused); absent, both, whichever the client opens with.
   */
  era?: "modern" | "legacy" | undefined;
  /** Where the server's own diagnostics go (default: stderr). */
  log?: ((message: string) => void) | undefined;
  /** Called when a fixture drops the connection, once the server is closed (the CLI exits then). */
  onDrop?: (() => void) | undefined;
}

export interface MockOptions extends ServeOptions {
  /** A manifest file (a tools/list result, a JSON-RPC response carrying one, or an mcpgen manifest). */
  manifest: string;
  /** A folder of fixture files answered before generated values. */
  fixtures?: string | undefined;
  /** The seed of generated values (default 1). */
  seed?: number | undefined;
}

/** A mock (or a recording proxy) being served. */
export interface RunningMock {
  /** Over HTTP: the endpoint, `http://127.0.0.1:<port>/mcp`. */
  url?: string | undefined;
  port?: number | undefined;
  /** The tools served. */
  tools: number;
  /** The prompts, resources and resource templates served; undefined when there are none. */
  surface?: SurfaceCounts | undefined;
  fixtures: number;
  /** Warnings: the manifest's schemas (as `generate` gives them), fixtures that can never answer, a recorded server's answers. */
  diagnostics: Diagnostic[];
  /** Settles when the server stops: it rejects with the fault that stopped a recording (its server failed). */
  done: Promise<void>;
  close(): Promise<void>;
}

/** Serves the mock of a manifest until `close` (or, over stdio, until the client goes away). */
export async function mock(options: MockOptions): Promise<RunningMock> {
  checkEra(options.era);
  if (options.http === undefined && options.manifest === "-") {
    throw userError("usage", "a mock served over stdio cannot read its manifest from stdin, which carries the protocol", {
      hint: "give the manifest's path, or serve over --http",
    });
  }
  // Over stdio, stdin carries the protocol: the hints of a manifest that cannot be read do not offer `-`.
  const raw = options.http === undefined ? await readManifestPath(options.manifest) : await readManifestFile(options.manifest);
  const ir = await withinStack(raw, () => normalize(raw, { audience: "server" }));
  const [{ compileValidators }, { createResponder, faultyFixtures, mockSurface, mockTools }, { toolValidatorsFunctionBody }] = await Promise.all([
    import("../mock/validators.js"),
    import("../mock/responder.js"),
    import("../emit/validators/index.js"),
  ]);
  const validators = compileValidators(ir, toolValidatorsFunctionBody(ir));
  const fixtures =
    options.fixtures === undefined
      ? []
      : readFixtureFolder(options.fixtures).flatMap(({ path, document, duplicates }) => parseFixtureDocument(document, path, duplicates));
  const diagnostics = [
    ...ir.diagnostics,
    ...checkFixtures(
      fixtures,
      {
        tools: new Set(ir.tools.map((tool) => tool.wireName)),
        prompts: new Set(ir.prompts.map((prompt) => prompt.wireName)),
        resources: servesResources(ir),
      },
      (tool, value) => validators.validateInput(tool, value),
    ),
  ];
  diagnostics.push(...faultyFixtures(mockTools(ir.tools), fixtures, validators));
  const responder = createResponder({ tools: mockTools(ir.tools), validators, fixtures, seed: options.seed, surface: mockSurface(ir) });
  return serve(
    ir,
    {
      validators,
      answer: (name, args) => responder.answerChecked(name, args),
      answerPrompt: (name, args) => responder.answerPrompt(name, args),
      answerResource: (uri) => responder.answerResource(uri),
    },
    options,
    { fixtures: fixtures.length, diagnostics },
    DEFAULT_TIMEOUT_MS,
  );
}

export interface RecordOptions extends ServeOptions, Omit<PullOptions, "outDir" | "check" | "format" | "strict" | "failOn"> {
  /** The fixtures folder: the snapshot (`manifest.json`) and a fixture file per tool, prompt and resource called. */
  dir: string;
  /**
   * Called with each call recorded: the tool (or the prompt, or the resource's URI: `kind` says
   * which, `tool` for a tool only) and the fixture file written (relative to `dir`).
   */
  onRecorded?: ((event: { kind: "tool" | "prompt" | "resource"; name: string; tool?: string; file: string }) => void) | undefined;
}

/** What `--record` needs, in its words (`resolveServer` speaks `pull`'s otherwise). */
function recordWords(dir: string): ServerWords {
  return {
    none: {
      message: "--record needs a live server to record",
      hint: `pass an http(s):// URL, a server name from .mcp.json / .vscode/mcp.json / .cursor/mcp.json, or a command after -- (mcpgen mock --record ${shellWord(dir)} -- npx -y some-server)`,
    },
    manifestFile: (file) => `a manifest is mocked without --record: mcpgen mock ${shellWord(file)}`,
  };
}

/**
 * Proxies a live server: clients get its answers as they are, and each
 * answer is written as a fixture (arguments and answer with the secrets of
 * the connection masked) into `<dir>/<tool file>.json`; its tools' snapshot
 * into `<dir>/manifest.json`. `mcpgen mock <dir>/manifest.json --fixtures
 * <dir>` replays them. A fault of the live server ends the recording (`done`
 * rejects with it).
 */
export async function record(options: RecordOptions): Promise<RunningMock> {
  checkEra(options.era);
  declaredCapabilities(options.capabilities);
  const secrets = new Secrets();
  const progress = (kind: PullEvent["kind"], message: string) => options.onProgress?.({ kind, message: printable(secrets.redact(message)) });
  const { spec, configFile } = await resolveServer(options, secrets, recordWords(options.dir));
  await checkOutputDirectory(options.dir, options);
  if (configFile !== undefined) progress("config", `using ${spec.label} from ${configFile}`);
  const { connectLiveServer } = await import("../acquire/live-server.js");
  const session = await connectLiveServer(spec, liveServerOptions(options, secrets, progress, `mcpgen mock --record ${options.dir}`));
  try {
    const snapshotPath = join(options.dir, MANIFEST_FILE);
    const prepared = prepareSnapshot(session.listed.manifest, snapshotPath, spec.label, secrets);
    const ir = await withinStack(prepared.manifest, () => normalize(prepared.manifest, { audience: "server" }));
    await writeFiles([emitManifestSnapshot(ir)], options.dir).catch((error: unknown) => {
      throw error instanceof McpgenError ? recordingError(error) : error;
    });
    const [{ compileValidators }, { mockSurface }, { toolValidatorsFunctionBody }] = await Promise.all([
      import("../mock/validators.js"),
      import("../mock/responder.js"),
      import("../emit/validators/index.js"),
    ]);
    const validators = compileValidators(ir, toolValidatorsFunctionBody(ir));
    const warn = options.log ?? ((message: string) => void process.stderr.write(`${message}\n`));
    const recorder = new Recorder(ir, mockSurface(ir).templates, options.dir, secrets, options.onRecorded, warn);
    let fault: ((error: unknown) => void) | undefined;
    const faulted = new Promise<never>((_, reject) => {
      fault = reject;
    });
    faulted.catch(() => undefined);
    const failedCall = answeredThenStopped((error) => fault!(error));
    /** One request proxied: the live server's answer, recorded; a failure of the server answered, then the recording stops. */
    const proxied = async <R>(subject: RecordedSubject, args: Record<string, unknown>, ask: () => Promise<LiveCallOutcome>): Promise<MockAnswer<R>> => {
      let outcome: LiveCallOutcome;
      try {
        outcome = await ask();
      } catch (error) {
        // The client gets this answer first; then the recording stops (its server is gone).
        return {
          kind: "error",
          code: INTERNAL_ERROR,
          message: `the recorded server failed: ${error instanceof Error ? error.message : String(error)}`,
          delayMs: 0,
          written: failedCall(error),
        };
      }
      await recorder.add(subject, args, outcome);
      return outcome.kind === "result" ? { kind: "result", result: outcome.result as R, delayMs: 0 } : { ...outcome, delayMs: 0 };
    };
    // MCP 2026-07-28: a tool's x-mcp-header arguments travel in Mcp-Param-* headers too, which its server checks.
    const headersOf = new Map(ir.tools.map((tool) => [tool.wireName, tool.mcpHeaders]));
    const answer: CallAnswerer = (name, args) =>
      proxied({ kind: "tool", name }, args, () => session.callTool(name, args, mcpParamHeaders(headersOf.get(name) ?? [], args)));
    const answerPrompt: PromptAnswerer = (name, args) => {
      const given = (args ?? {}) as Record<string, string>;
      return proxied<SurfaceResult>({ kind: "prompt", name }, given, () => session.getPrompt(name, given));
    };
    const answerResource: ResourceAnswerer = (uri) => proxied<SurfaceResult>({ kind: "resource", name: uri }, {}, () => session.readResource(uri));
    const diagnostics = [
      ...prepared.diagnostics,
      ...ir.diagnostics.map((diagnostic) => relabel(diagnostic, snapshotPath, spec.label, (text) => secrets.redact(text))),
    ];
    // Requests in flight when stdin ends are answered (and recorded) first: each live call is bounded by the timeout.
    const drainMs = (options.timeoutMs ?? DEFAULT_TIMEOUT_MS) + 1000;
    const running = await serve(ir, { validators, answer, answerPrompt, answerResource }, options, { fixtures: 0, diagnostics }, drainMs, session);
    // A failure of the live server ends the recording: the proxy stops serving, and `done` rejects with the failure.
    let failure: { error: unknown } | undefined;
    const stopped = faulted.catch(async (error: unknown) => {
      failure = { error };
      await running.close();
    });
    const done = Promise.race([running.done, stopped])
      .then(() => {
        if (failure !== undefined) throw failure.error;
      })
      .finally(() => session.close());
    // A failure rejects `done` as the recording stops, which may be before the program awaits it (it is still making
    // its calls): that is no unhandled rejection (which would end a Node process); whoever awaits `done` gets it.
    done.catch(() => undefined);
    return { ...running, done };
  } catch (error) {
    await session.close();
    throw error;
  }
}

const INTERNAL_ERROR = -32603;
/**
 * How long a recording whose live server failed waits for the answers to the calls that found
 * the failure to be written (a client that does not read them cannot hold the stop for longer).
 */
const ANSWER_BEFORE_STOPPING_MS = 2000;

/**
 * The stop of a recording whose live server failed, once the answers to the calls that found the
 * failure are written: `failedCall(error)` counts a call that found it, and returns what to call
 * once its answer is written. `stop` gets the first failure; at the latest `ANSWER_BEFORE_STOPPING_MS`
 * after it.
 */
function answeredThenStopped(stop: (error: unknown) => void): (error: unknown) => () => void {
  let failure: { error: unknown; grace: NodeJS.Timeout } | undefined;
  let unwritten = 0;
  const stopNow = () => {
    clearTimeout(failure!.grace);
    stop(failure!.error);
  };
  return (error) => {
    failure ??= { error, grace: setTimeout(stopNow, ANSWER_BEFORE_STOPPING_MS).unref() };
    unwritten++;
    let written = false;
    return () => {
      if (written) return;
      written = true;
      if (--unwritten === 0) stopNow();
    };
  };
}

/**
 * Serves `ir`'s tools (and prompts, resources and templates) with `answers`, over stdio or HTTP.
 * Over stdio, the requests in flight when stdin ends are answered within `drainMs`, then it stops.
 */
async function serve(
  ir: ManifestIR,
  answers: Pick<MockServerDefinition, "validators" | "answer"> & { answerPrompt: PromptAnswerer; answerResource: ResourceAnswerer },
  options: ServeOptions,
  facts: { fixtures: number; diagnostics: Diagnostic[] },
  drainMs: number,
  session?: LiveSession,
): Promise<RunningMock> {
  let stop: (() => void) | undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let closeServer: () => Promise<void> = async () => undefined;
  const close = async () => {
    await closeServer();
    await session?.close();
    stop!();
  };
  const definition: MockServerDefinition = {
    info: ir.server ?? { name: "mcpgen-mock", version: "0.0.0" },
    instructions: ir.instructions,
    tools: ir.tools.map((tool) => listedTool(tool) as ListedTool),
    headerArguments: toolHeaderArguments(ir),
    validators: answers.validators,
    answer: answers.answer,
    surface: {
      prompts: servesPrompts(ir) ? ir.prompts.map((prompt) => listedEntry(prompt) as ListedPrompt) : undefined,
      resources: servesResources(ir) ? ir.resources.map((resource) => listedEntry(resource) as ListedResource) : undefined,
      resourceTemplates: servesResources(ir) ? ir.resourceTemplates.map((template) => listedEntry(template) as ListedResourceTemplate) : undefined,
      completions: servesCompletions(ir),
      answerPrompt: answers.answerPrompt,
      answerResource: answers.answerResource,
    },
    onDrop: () => {
      void close().then(() => options.onDrop?.());
    },
    log: options.log,
  };
  const { listenAddress, listenFailureReason, serveMockHttp, serveMockStdio } = await import("../mock/server.js");
  // What the start-up line counts.
  const served = { tools: ir.tools.length, surface: surfaceCounts(ir) };
  const era = options.era === undefined ? {} : { era: options.era };
  if (options.http === undefined) {
    // The client closing stdin ends the mock, once what it asked is answered. Signals are the
    // caller's (the CLI stops on them with its own exit code).
    const running = await serveMockStdio(definition, { drainMs, onClientGone: () => void close(), stopOnSignals: false, ...era });
    closeServer = () => running.close();
    return { ...served, ...facts, done: stopped, close };
  }
  const http = options.http;
  const running = await serveMockHttp(definition, {
    port: http.port,
    ...(http.host === undefined ? {} : { host: http.host }),
    ...(http.allowedHosts === undefined ? {} : { allowedHosts: http.allowedHosts }),
    ...era,
  }).catch((error: unknown) => {
    // The runtime's error keeps Node's code, which says why.
    const reason = listenFailureReason(error);
    throw reason === undefined ? error : listenError(reason, listenAddress(http.host ?? "127.0.0.1", http.port));
  });
  closeServer = () => running.close();
  return { url: running.url, port: running.port, ...served, ...facts, done: stopped, close };
}

/** An `era` the mock cannot serve is a usage error naming the option (the CLI's `--era` is checked by its choices). */
function checkEra(era: unknown): void {
  if (era !== undefined && era !== "modern" && era !== "legacy")
    throw userError("usage", `the mock's era must be "modern" (MCP 2026-07-28 alone) or "legacy" (the 2025 revisions alone), not ${show(era)}`, {
      hint: "leave era out to serve both, whichever the client opens with",
    });
}

/** A file of the fixtures folder mcpgen did not write, with `record`'s advice (writeFiles' names `--out`, which `mock --record` does not take). */
function recordingError(error: McpgenError): McpgenError {
  if (error.diagnostic.code !== "output-owned-by-user") return error;
  return new McpgenError({ ...error.diagnostic, hint: "record into another folder (--record <dir>), or move the file away" });
}

/** What `mock --http` tells to change where it cannot listen (the template's reasons, this command's options). */
const REMEDIES: Readonly<Record<ListenRemedy, string>> = {
  "another port": "give another port with --http, or --http 0 for a free one",
  "a port above 1023": "give a port above 1023 with --http, or --http 0 for a free one",
  "a host address": "give --host an address of this machine (default 127.0.0.1)",
  "a host name": "give --host an address or name of this machine (default 127.0.0.1)",
};

/** A port or host the mock cannot listen on: a usage error that says which and why, where Node's error was an internal error with its stack. */
function listenError(reason: { why: string; remedy: ListenRemedy }, where: string): McpgenError {
  return userError("usage", `cannot listen on ${where}: ${reason.why}`, { hint: REMEDIES[reason.remedy] });
}

/** What a recorded request was for: a tool, a prompt, or a resource's URI. */
interface RecordedSubject {
  kind: "tool" | "prompt" | "resource";
  name: string;
}

/**
 * Writes what a recorded server answered: a fixture file per tool and per prompt,
 * `<fileBase>.json` (the file name a scaffold gives its handler), and per fixed resource or
 * resource template (whose file holds the reads of every URI it matched); reads of URIs the
 * server does not list go to `resources.json`. Each file is rewritten atomically after each call
 * with every distinct call so far (the first answer to equal arguments is kept: replay answers
 * it). Arguments, URIs and answers have the connection's secrets masked.
 */
class Recorder {
  /** Each file's fixtures of this recording, the keys of their calls, and those an earlier recording left in it. */
  private readonly files = new Map<string, { fixtures: Fixture[]; seen: Set<string>; earlier: ReadonlyMap<string, Fixture> }>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ir: ManifestIR,
    /** The templates with their matchers, in the manifest's order, as the mock matches URIs. */
    private readonly templates: MockSurface["templates"],
    private readonly dir: string,
    private readonly secrets: Secrets,
    private readonly onRecorded: RecordOptions["onRecorded"],
    /** Where a fixture file that cannot be written is reported (the recording goes on, the client has its answer). */
    private readonly warn: (message: string) => void,
  ) {}

  /**
   * The fixtures an earlier recording wrote into `file` (one mcpgen wrote, that reads as fixtures), by their calls'
   * keys: a recording into the same folder again keeps them. None where there is no such file; a file mcpgen did not
   * write is never replaced, whatever it holds (`writeFiles`).
   */
  private earlierFixtures(file: string): ReadonlyMap<string, Fixture> {
    const path = join(this.dir, file);
    const document = readFixtureFileIfAny(path);
    if (!isRecord(document) || document["generatedBy"] !== SNAPSHOT_GENERATED_BY) return new Map();
    let fixtures: Fixture[];
    try {
      fixtures = parseFixtureDocument(document, path);
    } catch {
      return new Map();
    }
    return new Map(
      fixtures.map((fixture) => {
        const subject = fixtureSubject(fixture);
        return [callKey(subject.kind, subject.name, fixture.arguments ?? {}), fixture] as const;
      }),
    );
  }

  /** Files already reported as not written (each once). */
  private readonly unwritable = new Set<string>();

  /** The fixture file of a subject (undefined: a tool or a prompt the manifest does not list, which is not recorded). */
  private fileOf(subject: RecordedSubject): string | undefined {
    const ir = this.ir;
    if (subject.kind === "tool") {
      const base = ir.tools.find((tool) => tool.wireName === subject.name)?.fileBase;
      // `manifest.json` is the snapshot (and is not read as fixtures): a tool named `manifest` records beside it.
      return base !== undefined && `${base}.json` === MANIFEST_FILE ? `${base}-tool` : base;
    }
    if (subject.kind === "prompt") return ir.prompts.find((prompt) => prompt.wireName === subject.name)?.fileBase;
    const resource = ir.resources.find((candidate) => candidate.uri === subject.name);
    if (resource !== undefined) return resource.fileBase;
    const index = this.templates.findIndex((candidate) => candidate.matcher.match(subject.name) !== undefined);
    return index === -1 ? "resources" : ir.resourceTemplates[index]!.fileBase;
  }

  add(subject: RecordedSubject, args: Record<string, unknown>, outcome: LiveCallOutcome): Promise<void> {
    const base = this.fileOf(subject);
    if (base === undefined) return Promise.resolve();
    // On MCP 2026-07-28 a server's sampling ask is answered by the recorder's own client, whose refusal then fails the
    // call before the server sees it: that answer is mcpgen's, not the server's, and is not recorded.
    if (outcome.kind === "error" && outcome.code === SAMPLING_REJECTED && outcome.message.includes(SAMPLING_REFUSAL)) {
      this.warn(
        `warning: ${subject.kind} ${JSON.stringify(printable(this.secrets.redact(subject.name)))}: a call not recorded: the server asked the client for a sampling, which a recording cannot pass on to your client; mcpgen refused it, and that refusal, not the server's answer, is what the call got`,
      );
      return this.writing;
    }
    const file = `${base}.json`;
    let entry = this.files.get(file);
    if (entry === undefined) {
      entry = { fixtures: [], seen: new Set(), earlier: this.earlierFixtures(file) };
      this.files.set(file, entry);
    }
    const name = subject.kind === "resource" ? this.secrets.redact(subject.name) : subject.name;
    const masked = this.secrets.redactJson(args) as Record<string, unknown>;
    const key = callKey(subject.kind, name, masked);
    if (entry.seen.has(key)) return this.writing;
    entry.seen.add(key);
    const answer: Partial<Fixture> =
      outcome.kind === "result"
        ? { result: this.secrets.redactJson(outcome.result) as Record<string, unknown> }
        : {
            error: this.secrets.redactJson({
              code: outcome.code,
              message: outcome.message,
              ...(outcome.data === undefined ? {} : { data: outcome.data }),
            }) as Fixture["error"],
          };
    entry.fixtures.push({ [subject.kind]: name, ...(subject.kind === "resource" ? {} : { arguments: masked, match: "exact" as const }), ...answer });
    // An earlier recording's fixtures stay, but for the calls made again, which this recording's answers replace.
    const seen = entry.seen;
    const written = fixtureFile(file, [...[...entry.earlier].filter(([earlierKey]) => !seen.has(earlierKey)).map(([, fixture]) => fixture), ...entry.fixtures]);
    // A file that cannot be written (one the user owns, a full disk) costs its own fixtures, never the client's answer,
    // which the live server gave (and acted on), nor the recording of the other files.
    this.writing = this.writing.then(async () => {
      try {
        await writeFiles([written], this.dir);
      } catch (error) {
        if (!this.unwritable.has(file)) {
          this.unwritable.add(file);
          const problem: Diagnostic =
            error instanceof McpgenError
              ? recordingError(error).diagnostic
              : { severity: "error", code: "output-unwritable", file: join(this.dir, file), message: error instanceof Error ? error.message : String(error) };
          this.warn(`warning: ${formatDiagnostic({ ...problem, severity: "warning", message: `${problem.message}; calls answered for it are not recorded` })}`);
        }
        return;
      }
      this.onRecorded?.({ kind: subject.kind, name, ...(subject.kind === "tool" ? { tool: name } : {}), file });
    });
    return this.writing;
  }
}

/** What tells one recorded call from another: its kind, its tool, prompt or URI, and its arguments (secrets masked). */
const callKey = (kind: RecordedSubject["kind"], name: string, args: unknown) => canonicalJson([kind, name, args]);

/** A fixture file: what its fixtures answer said once at its top when they all answer the same tool, prompt or resource. */
function fixtureFile(path: string, fixtures: readonly Fixture[]): EmittedFile {
  const subjects = new Set(fixtures.map((fixture) => JSON.stringify(fixtureSubject(fixture))));
  const shared = subjects.size === 1 ? fixtureSubject(fixtures[0]!) : undefined;
  const document = {
    generatedBy: SNAPSHOT_GENERATED_BY,
    ...(shared === undefined ? {} : { [shared.kind]: shared.name }),
    fixtures: fixtures.map(({ tool, prompt, resource, origin: _origin, ...fixture }) =>
      shared === undefined ? { tool, prompt, resource, ...fixture } : fixture,
    ),
  };
  return { path, contents: `${escapeBidiControls(JSON.stringify(document, null, 2))}\n`, format: "none" };
}
