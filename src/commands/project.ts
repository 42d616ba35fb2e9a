/**
 * A project: the targets of an `mcpgen.config.json`, each run through the
 * stages the single commands run (acquire → normalize → emit → format →
 * write; a server target's `plan` too). Two phases: every selected target is
 * acquired, rendered and planned first, then written. `generate` writes only
 * when all of them succeed, so an error anywhere writes nothing anywhere.
 * `pull` writes each target that succeeded and leaves a failed one as it
 * was: one server that cannot be reached does not keep the others stale.
 * Each target's files are all or nothing in both.
 *
 * `generate` is offline: a `manifest` target reads its file, a `server`
 * target its snapshot `<out>/manifest.json`. `pull` contacts the servers.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { checkOutputDirectory } from "../write/output-directory.js";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { realPathOf } from "../shared/real-path.js";
import { readManifestFile } from "../acquire/manifest-file.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import type { OAuthOptions } from "../acquire/oauth/settings.js";
import { compareManifests, hasDrift, type DriftReport } from "./drift.js";
import { contractChanges, driftFails, snapshotChanges } from "./contract-drift.js";
import { maskDiff, type ContractDiff, type FailOn } from "../diff/index.js";
import { McpgenError, StrictError, userError, type Diagnostic } from "../shared/errors.js";
import { withoutUsersManifest } from "./generate.js";
import { surfaceCounts, type SurfaceCounts } from "./surface-counts.js";
import { renderManifest, timed } from "../pipeline.js";
import type { EmittedFile, ManifestIR } from "../ir/index.js";
import {
  failOnListFailures,
  maskDrift,
  maskFiles,
  pullSnapshot,
  relabel,
  relabelErrors,
  type PulledServer,
  type PulledSnapshot,
  type PullOptions,
} from "./pull.js";
import { renderScaffold, stageScaffold, writeScaffold, type HandlerFile, type OrphanedHandler, type RenderedScaffold, type ScaffoldStage } from "./scaffold.js";
import { planWrites, stageWrites, type StagedWrite, type WriteResult } from "../write/index.js";
import { shellWord } from "../shared/display.js";
import { closest } from "../shared/closest.js";
import { configOption, displayPath, loadConfig, type Emit, type LoadOptions, type ProjectConfig, type Target } from "./config.js";

export interface ProjectOptions extends LoadOptions {
  /** Names of the targets to run (default: all of them). */
  targets?: readonly string[] | undefined;
  /** Plan only: report what would change, write nothing. */
  check?: boolean | undefined;
  /** Overrides every target's `format`. */
  format?: boolean | undefined;
  /** Overrides every target's `strict` (`--strict`). */
  strict?: boolean | undefined;
  /** Home directory for user-level MCP configuration files (default `os.homedir()`). */
  home?: string | undefined;
  /** Environment for `${VAR}` expansion in MCP configuration files (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>> | undefined;
  /** `process.platform` to assume when locating client configuration files (default: the real one). */
  platform?: string | undefined;
  /** Progress of `pull` (connecting, pages, fallbacks), redacted and printable. */
  onProgress?: ((event: { target: string; kind: string; message: string }) => void) | undefined;
  /** Write even into the file-system root or the home directory (a target's `out` there is refused otherwise). */
  force?: boolean | undefined;
}

export interface PullProjectOptions extends ProjectOptions {
  /** Milliseconds to wait for each server; overrides every server target's `timeout`. */
  timeoutMs?: number | undefined;
  /** Milliseconds a whole pull may take; overrides every server target's `maxTime`. */
  maxTimeMs?: number | undefined;
  /** Bytes a server may send during a pull; overrides every server target's `maxSize`. */
  maxResponseBytes?: number | undefined;
  /** Stops the pulls (servers shut down) and the run before anything is written; it then rejects (`interrupted`). */
  signal?: AbortSignal | undefined;
  /**
   * How the pulls may log in to servers that ask for OAuth (see `pull`); each
   * target's `oauth` settings come from the configuration. `false`: no OAuth.
   */
  oauth?: Omit<OAuthOptions, "settings" | "loginCommand"> | false | undefined;
  /** Trust the project's MCP configuration files as they are (`--trust-project-config`; also `trustProjectConfig` in a configuration given as an object, not in a file); see `pull`. */
  trustProjectConfig?: boolean | undefined;
  /** Asks whether to trust a project MCP configuration file (the CLI's prompt on a terminal); see `pull`. */
  confirmTrust?: PullOptions["confirmTrust"];
  /** With `check`: which changes of a server's live tools fail its check; overrides every target's `failOn` (default: any drift). */
  failOn?: FailOn | undefined;
}

export interface TargetResult {
  name: string;
  emit: Emit;
  /** Absolute output directory. */
  outDir: string;
  /** Absolute path of the manifest generated from (a server target's snapshot). */
  input: string;
  /** mcpgen's files and what happened (with `check`, or after an error elsewhere: would happen) to them, pruned ones included. */
  files: WriteResult[];
  /** `emit: "server"`: the user's files that were absent and are created (with `check`: would be). */
  created: string[];
  /** `emit: "server"`: the handler file of every tool, in manifest order, and whether it was (with `check`: would be) created as a stub; empty for other targets. */
  handlers: HandlerFile[];
  /** `emit: "server"`: handler files no tool uses; listed, never deleted. */
  orphanedHandlers: OrphanedHandler[];
  /** Warnings about the input. */
  diagnostics: Diagnostic[];
  tools: number;
  /** How many prompts, resources and resource templates the output has (absent: none). */
  surface?: SurfaceCounts | undefined;
  /** True when nothing was (with `check`: would be) written, created or deleted; after a pull check, also no drift. */
  upToDate: boolean;
  timings: Partial<Record<ScaffoldStage, number>>;
  /** `pull`: the server reached. */
  server?: PulledServer | undefined;
  /** `pull` with `check`: how the live tools differ from the snapshot. */
  drift?: DriftReport | undefined;
  /**
   * With `check`: the drift classified as `mcpgen diff` classifies it (a pull's live tools against
   * the snapshot; a generate's manifest against the snapshot the files were generated from).
   */
  contract?: ContractDiff | undefined;
}

export interface TargetError {
  target: string;
  diagnostic: Diagnostic;
}

export interface ProjectResult {
  /** Absolute path of the configuration file (undefined for one given as an object). */
  configFile: string | undefined;
  /** The directory the configuration's paths are relative to. */
  root: string;
  /** The targets that ran, in configuration order. */
  targets: TargetResult[];
  /**
   * Targets that failed. A failed target is never written. In a `generate`,
   * when there is any, nothing was written, unless putting the files in place
   * failed midway (see `committed`); in a `pull`, every other target was.
   */
  errors: TargetError[];
  ok: boolean;
  /** No errors, and every target up to date. */
  upToDate: boolean;
  /** True when the run wrote what it had to (not `check`, and no target failed); each file's status says what changed. */
  written: boolean;
  /**
   * Targets whose files were put in place. All of them when `written`. In a `pull`, every target
   * but the failed ones. In a `generate`: none after an error found before writing; those before the
   * failure when putting a target's files in place failed (rare: a rename refused by the file system,
   * or a file of the user's that appeared meanwhile).
   */
  committed: string[];
}

interface Prepared {
  target: Target;
  input: string;
  timings: Partial<Record<ScaffoldStage, number>>;
  diagnostics: Diagnostic[];
  tools: number;
  output: { kind: "files"; files: EmittedFile[] } | { kind: "scaffold"; scaffold: RenderedScaffold };
  plan: { files: WriteResult[]; created: string[]; handlers: HandlerFile[]; orphanedHandlers: OrphanedHandler[] };
  pulled?: PulledSnapshot | undefined;
  /** What the target generates from, normalised. */
  ir: ManifestIR;
}

/** Runs `mcpgen generate` over a configuration: offline, deterministic, incremental. */
export async function generateProject(options: ProjectOptions = {}): Promise<ProjectResult> {
  const config = await loadConfig(options);
  if (config.targets.length === 0) {
    throw userError("usage", `${config.file === undefined ? "the configuration" : displayPath(config.file)} has no targets: there is nothing to generate`, {
      hint: 'add one to "targets", e.g. { "name": "weather", "manifest": "weather.tools.json", "out": "src/mcp/weather" }',
    });
  }
  return runProject(config, options);
}

/** `generateProject` over an already loaded configuration (what `watchProject` runs on every change). */
export async function runProject(config: ProjectConfig, options: Omit<ProjectOptions, keyof LoadOptions> = {}): Promise<ProjectResult> {
  return runTargets(config, selectTargets(config, options.targets), "generate", options);
}

/** `generateProject` with `check`: what would change, nothing written. */
export async function checkProject(options: Omit<ProjectOptions, "check"> = {}): Promise<ProjectResult> {
  return generateProject({ ...options, check: true });
}

/**
 * `mcpgen pull` over a configuration: refreshes the snapshot of the server
 * targets named (default: every server target, then generates every other
 * target too, so the whole project is current). Each target stands alone: a
 * server that cannot be reached (or any other failure) leaves its target as
 * it was, listed in `errors`, and every other target is written.
 */
export async function pullProject(options: PullProjectOptions = {}): Promise<ProjectResult> {
  const config = await loadConfig(options, "pull one server: mcpgen pull <url | name> --out <dir>, or mcpgen pull --out <dir> -- <command>");
  const selected = selectTargets(config, options.targets);
  if (options.targets !== undefined && options.targets.length > 0) {
    const offline = selected.filter((target) => target.source.kind !== "server");
    if (offline.length > 0) {
      throw userError(
        "usage",
        `${offline.map((target) => JSON.stringify(target.name)).join(", ")} ${offline.length === 1 ? "is not a server target" : "are not server targets"}: there is nothing to pull`,
        {
          hint: `generate manifest targets with mcpgen generate${configOption(config)} ${offline.map((target) => shellWord(target.name)).join(" ")}`,
        },
      );
    }
  } else if (!selected.some((target) => target.source.kind === "server")) {
    throw userError(
      "usage",
      `no target in ${config.file === undefined ? "the configuration" : displayPath(config.file)} has a \`server\`: there is nothing to pull`,
      {
        hint: `add a target with "server": "<name in .mcp.json>", or use mcpgen generate${configOption(config)}`,
      },
    );
  }
  return runTargets(config, selected, "pull", options);
}

/** The targets named (all when none is), in configuration order; unknown names are usage errors. */
export function selectTargets(config: ProjectConfig, names: readonly string[] | undefined): Target[] {
  if (names === undefined || names.length === 0) return config.targets;
  const targetNames = new Set(config.targets.map((target) => target.name));
  const unknown = names.filter((name) => !targetNames.has(name));
  if (unknown.length > 0) {
    const known = config.targets.length === 0 ? "the configuration has no targets" : `targets: ${config.targets.map((target) => target.name).join(", ")}`;
    const looksLikeFile = unknown.some((name) => name === "-" || /[\\/]|\.json$/i.test(name));
    // A name that differs only in case (`Weather` for `weather`) or by a typo: target names are compared exactly.
    const near = unknown.flatMap((name) => {
      const word = closest(name, [...targetNames]);
      return word === undefined ? [] : [unknown.length === 1 ? JSON.stringify(word) : `${JSON.stringify(word)} for ${JSON.stringify(name)}`];
    });
    const meant = near.length === 0 ? "" : `did you mean ${near.join(", ")}? `;
    throw userError(
      "usage",
      `no target named ${unknown.map((name) => JSON.stringify(name)).join(", ")} in ${config.file === undefined ? "the configuration" : displayPath(config.file)}`,
      {
        hint: `${meant}${looksLikeFile ? `${known}; to generate one manifest file, add --out <dir>` : known}`,
      },
    );
  }
  return config.targets.filter((target) => names.includes(target.name));
}

/** The absolute path a target generates from. */
export function targetInput(target: Target): string {
  return target.source.kind === "manifest" ? target.source.path : join(target.outDir, MANIFEST_FILE);
}

async function runTargets(config: ProjectConfig, selected: readonly Target[], mode: "generate" | "pull", options: PullProjectOptions): Promise<ProjectResult> {
  const check = options.check === true;
  // No target prunes another's input, wherever it lives.
  const keep = config.targets.map(targetInput);
  const prepared: Prepared[] = [];
  const errors: TargetError[] = [];
  // Servers answer in parallel; rendering is CPU-bound and runs one target at a time.
  const acquired = await Promise.all(
    selected.map((target) =>
      acquire(target, mode, config, options).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    ),
  );
  for (const [index, target] of selected.entries()) {
    const outcome = acquired[index]!;
    try {
      if ("error" in outcome) throw outcome.error;
      prepared.push(await prepare(target, outcome.value, { check, keep, format: options.format, strict: options.strict, configFile: config.file }));
    } catch (error) {
      if (!(error instanceof McpgenError)) throw error;
      for (const diagnostic of error instanceof StrictError ? error.diagnostics : [error.diagnostic]) errors.push({ target: target.name, diagnostic });
    }
  }
  if (options.signal?.aborted) throw userError("interrupted", "stopped before writing; nothing was written");
  // generate: all or nothing, every target staged before any commits. pull: each target on its own (its files still all or nothing).
  const eachAlone = mode === "pull";
  let staged: Array<StagedWrite<Written>> | undefined;
  if (!check && (errors.length === 0 || eachAlone)) {
    staged = [];
    for (let index = 0; index < prepared.length;) {
      const item = prepared[index]!;
      try {
        staged.push(await stage(item, keep));
        index++;
      } catch (error) {
        if (!(error instanceof McpgenError)) {
          // Not a user error (a bug, an error the file system names in a way mcpgen does not know): leave no target staged.
          await Promise.all(staged.map((write) => write.discard()));
          throw error;
        }
        errors.push({ target: item.target.name, diagnostic: error.diagnostic });
        // A failed target is reported among the errors, not the results (as when it fails earlier).
        prepared.splice(index, 1);
        if (!eachAlone) {
          await Promise.all(staged.map((write) => write.discard()));
          staged = undefined;
          break;
        }
      }
    }
  }
  // Committing only renames what staged; should that still fail, a generate discards the targets after it, a pull goes on.
  const targets: TargetResult[] = [];
  const committed: string[] = [];
  for (const [index, item] of prepared.entries()) {
    let written: Written | undefined;
    if (staged !== undefined) {
      try {
        written = await staged[index]!.commit();
        committed.push(item.target.name);
      } catch (error) {
        const known = error instanceof McpgenError;
        if (!known || !eachAlone) await Promise.all(staged.slice(index + 1).map((write) => write.discard()));
        if (!known) throw error;
        // Left out of the results, as a failed target is.
        errors.push({ target: item.target.name, diagnostic: error.diagnostic });
        if (eachAlone) continue;
        break;
      }
    }
    targets.push(await finish(item, written, { check, failOn: options.failOn }));
  }
  const ok = errors.length === 0;
  return {
    configFile: config.file,
    root: config.root,
    targets,
    errors,
    ok,
    upToDate: ok && targets.every((target) => target.upToDate),
    written: ok && staged !== undefined,
    committed,
  };
}

interface Acquired {
  raw: RawManifest;
  timings: Partial<Record<ScaffoldStage, number>>;
  pulled?: PulledSnapshot | undefined;
}

async function acquire(target: Target, mode: "generate" | "pull", config: ProjectConfig, options: PullProjectOptions): Promise<Acquired> {
  const timings: Partial<Record<ScaffoldStage, number>> = {};
  const { source } = target;
  await checkOutputDirectory(target.outDir, options);
  if (source.kind === "server" && mode === "pull") {
    const pulled = await pullSnapshot(
      {
        target: source.server,
        outDir: target.outDir,
        check: options.check,
        transport: source.transport,
        timeoutMs: options.timeoutMs ?? source.timeoutMs,
        maxTimeMs: options.maxTimeMs ?? source.maxTimeMs,
        maxResponseBytes: options.maxResponseBytes ?? source.maxResponseBytes,
        capabilities: source.capabilities,
        cwd: config.root,
        home: options.home ?? homedir(),
        environment: options.environment,
        platform: options.platform,
        onProgress: (event) => options.onProgress?.({ target: target.name, ...event }),
        signal: options.signal,
        oauth:
          options.oauth === false
            ? false
            : { ...options.oauth, settings: source.oauth, loginCommand: `mcpgen pull${configOption(config)} ${shellWord(target.name)}` },
        // A file's claim is the project's word about itself (a clone brings the file); an object is the calling program's.
        trustProjectConfig: options.trustProjectConfig === true || (config.trustProjectConfig && config.file === undefined),
        unhonouredTrustClaim: config.trustProjectConfig && config.file !== undefined ? displayPath(config.file) : undefined,
        configTarget: config.file === undefined || config.text === undefined ? undefined : { file: config.file, text: config.text, name: target.name },
        confirmTrust: options.confirmTrust,
      },
      timings,
    );
    return { raw: pulled.manifest, timings, pulled };
  }
  const input = targetInput(target);
  try {
    // Read by its absolute path (a file named "-" is a file, whatever the working directory), shown relative.
    const raw = await timed(timings, "acquire", () => readManifestFile(input, undefined, displayPath(input)));
    return { raw, timings };
  } catch (error) {
    if (!(error instanceof McpgenError && error.diagnostic.code === "input-unreadable")) throw error;
    if (source.kind === "server") {
      throw userError(
        "input-unreadable",
        `no snapshot of server ${JSON.stringify(source.server)} yet: generate works offline from ${displayPath(input)}, which mcpgen pull writes`,
        {
          file: displayPath(input),
          hint: `run mcpgen pull${configOption(config)} ${shellWord(target.name)}`,
        },
      );
    }
    const where = config.file === undefined ? "the configuration" : displayPath(config.file);
    throw userError("input-unreadable", error.diagnostic.message, {
      file: displayPath(input),
      hint: `check the "manifest" of target ${JSON.stringify(target.name)} in ${where} (at ${target.pointer}/manifest); paths are relative to ${displayPath(config.root) || "."}`,
    });
  }
}

async function prepare(
  target: Target,
  acquired: Acquired,
  options: { check: boolean; keep: readonly string[]; format: boolean | undefined; strict: boolean | undefined; configFile: string | undefined },
): Promise<Prepared> {
  const { raw, timings, pulled } = acquired;
  const input = targetInput(target);
  const format = options.format ?? target.format;
  const strict = options.strict ?? target.strict;
  const render = async (): Promise<Omit<Prepared, "diagnostics"> & { diagnostics: Diagnostic[] }> => {
    if (target.emit === "server") {
      // Regenerating from the project's own manifest.json: leave it as it is (the user may edit it).
      const keepManifest = pulled === undefined && realPathOf(input) === realPathOf(join(target.outDir, MANIFEST_FILE));
      // A pull refreshes the snapshot by definition; a generate must not undo edits made to it.
      const scaffold = await renderScaffold(
        raw,
        {
          outDir: target.outDir,
          format,
          strict,
          keepManifest,
          keep: options.keep,
          force: pulled !== undefined,
          contract: displayPath(input),
          // A new project's generate script runs this target, and its README names the target's manifest as the contract.
          configured: {
            target: target.name,
            configFile: options.configFile,
            manifest: target.source.kind === "manifest" ? target.source.path : undefined,
            format: target.format,
            strict: target.strict,
          },
        },
        timings,
      );
      pulled?.maskDerivedNames(scaffold.ir);
      const planned = await writeScaffold(scaffold, { outDir: target.outDir, check: true, diff: options.check, mask: pulled?.mask }, timings);
      return {
        target,
        input,
        timings,
        pulled,
        ir: scaffold.ir,
        diagnostics: scaffold.ir.diagnostics,
        tools: scaffold.ir.tools.length,
        output: { kind: "scaffold", scaffold },
        plan: { files: planned.generated, created: planned.created, handlers: planned.handlers, orphanedHandlers: planned.orphanedHandlers },
      };
    }
    const rendered = await renderManifest(raw, { outDir: target.outDir, format, emit: target.emit, importExtension: target.importExtension, strict }, timings);
    const { ir } = rendered;
    const files = await withoutUsersManifest(rendered.files, target.outDir, [input]);
    pulled?.maskDerivedNames(ir);
    const planned = await timed(timings, "write", () =>
      planWrites(files, target.outDir, { prune: { keep: options.keep }, diff: options.check, mask: pulled?.mask }),
    );
    return {
      target,
      input,
      timings,
      pulled,
      ir,
      diagnostics: ir.diagnostics,
      tools: ir.tools.length,
      output: { kind: "files", files },
      plan: { files: planned, created: [], handlers: [], orphanedHandlers: [] },
    };
  };
  if (pulled === undefined) return render();
  failOnListFailures(pulled.diagnostics, strict);
  const result = await relabelErrors(pulled.snapshotPath, pulled.server.label, render, pulled.mask);
  return {
    ...result,
    diagnostics: [...pulled.diagnostics, ...result.diagnostics.map((diagnostic) => relabel(diagnostic, pulled.snapshotPath, pulled.server.label, pulled.mask))],
  };
}

/** What a target's committed write did. */
interface Written {
  files: WriteResult[];
  created: string[];
  handlers: HandlerFile[];
}

async function stage(item: Prepared, keep: readonly string[]): Promise<StagedWrite<Written>> {
  const { target, output, timings } = item;
  if (output.kind === "files") {
    const staged = await timed(timings, "write", () => stageWrites(output.files, target.outDir, { prune: { keep } }));
    return {
      commit: async () => ({ files: await timed(timings, "write", () => staged.commit()), created: [], handlers: [] }),
      discard: () => staged.discard(),
    };
  }
  const staged = await stageScaffold(output.scaffold, { outDir: target.outDir }, timings);
  return {
    commit: async () => {
      const written = await staged.commit();
      return { files: written.generated, created: written.created, handlers: written.handlers };
    },
    discard: () => staged.discard(),
  };
}

/** A handler file as reported, `mask` applied to its path and the names it holds. */
function maskHandler<Handler extends { path: string; name: string; tool?: string; usedPath?: string }>(
  handler: Handler,
  mask: (text: string) => string,
): Handler {
  const masked = { ...handler, path: mask(handler.path), name: mask(handler.name) };
  if (handler.tool !== undefined) masked.tool = mask(handler.tool);
  if (handler.usedPath !== undefined) masked.usedPath = mask(handler.usedPath);
  return masked;
}

/** A target's result: as planned, or (`written`) as committed. */
async function finish(item: Prepared, written: Written | undefined, options: { check: boolean; failOn: FailOn | undefined }): Promise<TargetResult> {
  const { target, timings, pulled } = item;
  const planned = written ?? item.plan;
  // What a pulled target reports is masked (a server may echo a secret into a tool's name, and so into a file's).
  const mask = pulled?.mask ?? ((text: string) => text);
  const files = pulled === undefined ? planned.files : maskFiles(planned.files, mask);
  const created = planned.created.map(mask);
  const handlers = planned.handlers.map((handler) => maskHandler(handler, mask));
  const drift = pulled?.saved === undefined ? undefined : maskDrift(compareManifests(pulled.saved, pulled.manifest), pulled.mask);
  const contract =
    pulled?.saved !== undefined
      ? drift !== undefined && hasDrift(drift)
        ? maskDiff(contractChanges(pulled.saved, item.ir, pulled.mask), pulled.mask)
        : undefined
      : options.check
        ? await snapshotChanges(target.outDir, files, item.ir, pulled?.mask)
        : undefined;
  // Files generated from tools that drifted are stale by that drift: only undrifted tools judge them.
  const drifted = drift !== undefined && hasDrift(drift);
  const surface = surfaceCounts(item.ir);
  const changed = files.filter((file) => file.status !== "unchanged" && (drift === undefined || file.path !== MANIFEST_FILE));
  return {
    name: target.name,
    emit: target.emit,
    outDir: target.outDir,
    input: item.input,
    files,
    created,
    handlers,
    orphanedHandlers: item.plan.orphanedHandlers.map((handler) => maskHandler(handler, mask)),
    diagnostics: item.diagnostics,
    tools: item.tools,
    ...(surface === undefined ? {} : { surface }),
    upToDate: (drifted ? !driftFails(drift, contract, options.failOn ?? target.failOn) : changed.length === 0) && created.length === 0,
    timings,
    ...(pulled === undefined ? {} : { server: { ...pulled.server, tools: item.tools } }),
    ...(drift === undefined ? {} : { drift }),
    ...(contract === undefined ? {} : { contract }),
  };
}
