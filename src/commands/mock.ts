/**
 * `mock`: serve a server that honours a manifest's contract, over stdio or
 * Streamable HTTP: acquire (the manifest, the fixtures folder) → normalize →
 * the mock (src/mock: validators compiled in memory, fixtures, generated
 * values, the scaffold's server runtime). `record`: proxy a live server,
 * reached exactly as `pull` reaches it (the same target resolution, transports,
 * login, budgets and secrets), and write what it answers as fixtures, its
 * secrets masked, beside the snapshot of its tools.
 */
import { join } from "node:path";
import { readManifestFile } from "../acquire/manifest-file.js";
import { readFixtureFolder } from "../acquire/fixture-files.js";
import type { LiveCallOutcome, LiveSession } from "../acquire/live-server.js";
import { Secrets } from "../acquire/sanitize.js";
import { emitManifestSnapshot } from "../emit/snapshot.js";
import { listedTool, toolHeaderArguments } from "../emit/server/tools.js";
import type { EmittedFile, ManifestIR } from "../ir/index.js";
import { normalize, withinStack } from "../pipeline.js";
import { escapeBidiControls } from "../shared/escape.js";
import { printable, userError, type Diagnostic } from "../shared/errors.js";
import { MANIFEST_FILE, SNAPSHOT_GENERATED_BY } from "../shared/output-names.js";
import { checkOutputDirectory } from "../write/output-directory.js";
import { writeFiles } from "../write/index.js";
import { checkFixtures, parseFixtureDocument, type Fixture } from "../mock/fixtures.js";
import { canonicalJson } from "../shared/json.js";
// The value generator, the validators and the SDK server load only when a mock is served (`mcpgen` re-exports this file).
import type { MockAnswer } from "../mock/responder.js";
import type { CallAnswerer, ListedTool, MockServerDefinition } from "../mock/server.js";
import { liveServerOptions, prepareSnapshot, relabel, resolveServer, type PullOptions, type PullEvent } from "./pull.js";

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
  /** Streamable HTTP on this port (both protocol eras); absent: stdio. */
  http?: MockHttpOptions | undefined;
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
  fixtures: number;
  /** Warnings: the manifest's schemas (as `generate` gives them), fixtures that can never answer, a recorded server's answers. */
  diagnostics: Diagnostic[];
  /** Settles when the server stops: it rejects with the fault that stopped a recording (its server failed). */
  done: Promise<void>;
  close(): Promise<void>;
}

/** Serves the mock of a manifest until `close` (or, over stdio, until the client goes away). */
export async function mock(options: MockOptions): Promise<RunningMock> {
  if (options.http === undefined && options.manifest === "-") {
    throw userError("usage", "a mock served over stdio cannot read its manifest from stdin, which carries the protocol", {
      hint: "give the manifest's path, or serve over --http",
    });
  }
  const raw = await readManifestFile(options.manifest);
  const ir = await withinStack(raw, () => normalize(raw));
  const [{ compileValidators }, { createResponder, mockTools }] = await Promise.all([import("../mock/validators.js"), import("../mock/responder.js")]);
  const validators = compileValidators(ir);
  const fixtures =
    options.fixtures === undefined ? [] : readFixtureFolder(options.fixtures).flatMap(({ path, document }) => parseFixtureDocument(document, path));
  const diagnostics = [
    ...ir.diagnostics,
    ...checkFixtures(fixtures, new Set(ir.tools.map((tool) => tool.wireName)), (tool, value) => validators.validateInput(tool, value)),
  ];
  const responder = createResponder({ tools: mockTools(ir.tools), validators, fixtures, seed: options.seed });
  return serve(ir, { validators, answer: (name, args) => responder.answerChecked(name, args) }, options, { fixtures: fixtures.length, diagnostics });
}

export interface RecordOptions extends ServeOptions, Omit<PullOptions, "outDir" | "check" | "format" | "strict" | "failOn"> {
  /** The fixtures folder: the snapshot of the tools (`manifest.json`) and a fixture file per tool called. */
  dir: string;
  /** Called with each call recorded: the tool and the fixture file written (relative to `dir`). */
  onRecorded?: ((event: { tool: string; file: string }) => void) | undefined;
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
  const secrets = new Secrets();
  const progress = (kind: PullEvent["kind"], message: string) => options.onProgress?.({ kind, message: printable(secrets.redact(message)) });
  const { spec, configFile } = await resolveServer(options, secrets);
  await checkOutputDirectory(options.dir, options);
  if (configFile !== undefined) progress("config", `using ${spec.label} from ${configFile}`);
  const { connectLiveServer } = await import("../acquire/live-server.js");
  const session = await connectLiveServer(spec, liveServerOptions(options, secrets, progress, `mcpgen mock --record ${options.dir}`));
  try {
    const snapshotPath = join(options.dir, MANIFEST_FILE);
    const prepared = prepareSnapshot(session.listed.manifest, snapshotPath, spec.label, secrets);
    const ir = await withinStack(prepared.manifest, () => normalize(prepared.manifest));
    await writeFiles([emitManifestSnapshot(ir)], options.dir);
    const { compileValidators } = await import("../mock/validators.js");
    const validators = compileValidators(ir);
    const recorder = new Recorder(ir, options.dir, secrets, options.onRecorded);
    let fault: ((error: unknown) => void) | undefined;
    const faulted = new Promise<never>((_, reject) => {
      fault = reject;
    });
    faulted.catch(() => undefined);
    const answer: CallAnswerer = async (name, args) => {
      let outcome: LiveCallOutcome;
      try {
        outcome = await session.callTool(name, args);
      } catch (error) {
        // The client gets this answer first; then the recording stops (its server is gone).
        setTimeout(() => fault!(error), ANSWER_BEFORE_STOPPING_MS);
        return {
          kind: "error",
          code: INTERNAL_ERROR,
          message: `the recorded server failed: ${error instanceof Error ? error.message : String(error)}`,
          delayMs: 0,
        };
      }
      await recorder.add(name, args, outcome);
      return outcome.kind === "result"
        ? { kind: "result", result: outcome.result as Extract<MockAnswer, { kind: "result" }>["result"], delayMs: 0 }
        : { ...outcome, delayMs: 0 };
    };
    const diagnostics = [
      ...prepared.diagnostics,
      ...ir.diagnostics.map((diagnostic) => relabel(diagnostic, snapshotPath, spec.label, (text) => secrets.redact(text))),
    ];
    const running = await serve(ir, { validators, answer }, options, { fixtures: 0, diagnostics }, session);
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
    return { ...running, done };
  } catch (error) {
    await session.close();
    throw error;
  }
}

const INTERNAL_ERROR = -32603;
/** How long a recording whose live server failed keeps serving, so that the call that found the failure is answered. */
const ANSWER_BEFORE_STOPPING_MS = 200;

/** Serves `ir`'s tools with `answers`, over stdio or HTTP. */
async function serve(
  ir: ManifestIR,
  answers: Pick<MockServerDefinition, "validators" | "answer">,
  options: ServeOptions,
  facts: { fixtures: number; diagnostics: Diagnostic[] },
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
    ...answers,
    onDrop: () => {
      void close().then(() => options.onDrop?.());
    },
    log: options.log,
  };
  const { serveMockHttp, serveMockStdio } = await import("../mock/server.js");
  if (options.http === undefined) {
    const running = await serveMockStdio(definition);
    closeServer = () => running.close();
    // The client closing stdin ends the mock.
    const gone = () => void close();
    process.stdin.once("end", gone);
    process.stdin.once("close", gone);
    return { tools: ir.tools.length, ...facts, done: stopped, close };
  }
  const running = await serveMockHttp(definition, {
    port: options.http.port,
    ...(options.http.host === undefined ? {} : { host: options.http.host }),
    ...(options.http.allowedHosts === undefined ? {} : { allowedHosts: options.http.allowedHosts }),
  });
  closeServer = () => running.close();
  return { url: running.url, port: running.port, tools: ir.tools.length, ...facts, done: stopped, close };
}

/**
 * Writes what a recorded server answered: per tool, a fixture file
 * `<fileBase>.json` (the file name a scaffold gives the tool's handler),
 * rewritten atomically after each call with every distinct call so far (the
 * first answer to equal arguments is kept: replay answers it). Arguments and
 * answers have the connection's secrets masked.
 */
class Recorder {
  private readonly entries = new Map<string, { file: string; fixtures: Fixture[]; seen: Set<string> }>();
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ir: ManifestIR,
    private readonly dir: string,
    private readonly secrets: Secrets,
    private readonly onRecorded: RecordOptions["onRecorded"],
  ) {}

  add(name: string, args: Record<string, unknown>, outcome: LiveCallOutcome): Promise<void> {
    const tool = this.ir.tools.find((candidate) => candidate.wireName === name);
    if (tool === undefined) return Promise.resolve();
    let entry = this.entries.get(name);
    if (entry === undefined) {
      entry = { file: `${tool.fileBase}.json`, fixtures: [], seen: new Set() };
      this.entries.set(name, entry);
    }
    const masked = this.secrets.redactJson(args) as Record<string, unknown>;
    const key = canonicalJson(masked);
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
    entry.fixtures.push({ tool: name, arguments: masked, match: "exact", ...answer });
    const file = fixtureFile(entry.file, name, entry.fixtures);
    const written = entry.file;
    this.writing = this.writing.then(async () => {
      await writeFiles([file], this.dir);
      this.onRecorded?.({ tool: name, file: written });
    });
    return this.writing;
  }
}

function fixtureFile(path: string, tool: string, fixtures: readonly Fixture[]): EmittedFile {
  const document = {
    generatedBy: SNAPSHOT_GENERATED_BY,
    tool,
    fixtures: fixtures.map(({ tool: _tool, origin: _origin, ...fixture }) => fixture),
  };
  return { path, contents: `${escapeBidiControls(JSON.stringify(document, null, 2))}\n`, format: "none" };
}
