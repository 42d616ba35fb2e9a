/**
 * What a run of `generate`, `pull` or `scaffold` reports, in one shape for
 * the one printer (`print.ts`): a single output (`--out`) is a run of one
 * unnamed target, a configuration's run has a target per name. Each
 * command's own result maps onto it here; `--json` keeps printing each
 * command's result as it was published.
 */
import { resolve } from "node:path";
import type { Emit } from "../commands/config.js";
import { CLIENT_CAPABILITIES_NOTE, type DriftReport } from "../commands/drift.js";
import type { ContractDiff } from "../commands/diff.js";
import type { GenerateResult } from "../commands/generate.js";
import { surfaceCounts, type SurfaceCounts } from "../commands/surface-counts.js";
import type { ProjectResult, TargetError, TargetResult } from "../commands/project.js";
import type { PullResult } from "../commands/pull.js";
import type { HandlerFile, OrphanedHandler, ScaffoldResult } from "../commands/scaffold.js";
import type { WriteResult } from "../commands/writes.js";
import { displayPath, shellWord } from "../shared/display.js";
import type { Diagnostic } from "../shared/errors.js";
import { MANIFEST_FILE } from "../shared/output-names.js";

/** One output directory and what the run did (with `check`: would do) to it. */
export interface TargetReport {
  /** The target's name in the configuration; undefined for a single output (`--out`). */
  name?: string | undefined;
  emit: Emit;
  /** As given, or absolute (a configuration's). */
  outDir: string;
  tools: number;
  /** How many prompts, resources and resource templates the output has (absent: none). */
  surface?: SurfaceCounts | undefined;
  /** mcpgen's files, pruned ones included. */
  files: WriteResult[];
  /** The user's files that were (with `check`: would be) created: a new project's files and handler stubs. */
  created: string[];
  /** `emit: "server"`: the handler file of every tool. */
  handlers: HandlerFile[];
  /** `emit: "server"`: handler files no tool uses; listed, never deleted. */
  orphanedHandlers: OrphanedHandler[];
  /** Warnings about the input. */
  diagnostics: Diagnostic[];
  upToDate: boolean;
  timings: Partial<Record<string, number>>;
  /** A pull: the server reached, as messages name it (its secrets masked). */
  server?: string | undefined;
  /** A pull with `check`: how the live tools differ from the snapshot. */
  drift?: DriftReport | undefined;
  /** With `check`: the drift classified (docs/diff.md). */
  contract?: ContractDiff | undefined;
}

export interface RunReport {
  check: boolean;
  targets: TargetReport[];
  /** A configuration's targets that failed (a single output's failure is thrown). */
  errors: TargetError[];
  /** A configuration's targets whose files were put in place (in a pull, all but the failed ones; in a generate, those before a failure to put files in place). */
  committed: string[];
  /**
   * A configuration's pull: each target stands alone, so after a failure the
   * others were written (with `check`, checked) and are reported beside it.
   */
  eachTargetAlone: boolean;
  ok: boolean;
  upToDate: boolean;
  /** With `check`, when something is out of date: what brings it up to date (`run: mcpgen generate weather`). */
  fix: string;
  /** What `--json` prints. */
  json: unknown;
}

/** How a single output was asked for: the command line's words, for the command that repeats it. */
export interface SingleRun {
  manifest: string;
  outDir: string;
  check: boolean;
  emit?: "client" | "types" | undefined;
  format: boolean;
  /** `--import-extension`, which shapes the output as `--emit` does. */
  importExtension?: "js" | "ts" | undefined;
}

/** `mcpgen generate <manifest> --out <dir>`. */
export function generateReport(result: GenerateResult, run: SingleRun): RunReport {
  const { upToDate, files, diagnostics, timings, contract } = result;
  const surface = surfaceCounts(result.ir);
  const report = target(run, {
    emit: run.emit ?? "client",
    tools: result.ir.tools.length,
    ...(surface === undefined ? {} : { surface }),
    files,
    diagnostics,
    upToDate,
    timings,
    contract,
  });
  return single(run, report, rerun("generate", run), {
    outDir: run.outDir,
    upToDate,
    files,
    diagnostics,
    timings,
    ...(contract === undefined ? {} : { contract }),
  });
}

/** `mcpgen pull <server> --out <dir>`. */
export function pullReport(result: PullResult, run: Omit<SingleRun, "manifest" | "emit">): RunReport {
  const { server, upToDate, drift, contract, files, diagnostics, timings } = result;
  const surface = surfaceCounts(result.ir);
  const report = target(run, {
    emit: "client",
    tools: server.tools,
    ...(surface === undefined ? {} : { surface }),
    files,
    diagnostics,
    upToDate,
    timings,
    server: server.label,
    drift,
    contract,
  });
  // The command line may carry secrets (headers, environment values): it is not repeated.
  // Where the check declared other client capabilities than the snapshot's pull, running it again as it is would
  // record what this check saw: the capabilities to declare are the app's client's (the note above says which differ).
  const capabilitiesDiffer = drift?.notes.some((note) => note.startsWith(CLIENT_CAPABILITIES_NOTE)) === true;
  const fix = capabilitiesDiffer
    ? "declare the client capabilities your app's client declares (--capability), then run mcpgen pull without --check to update the snapshot and the generated files"
    : "run the same mcpgen pull without --check to update the snapshot and the generated files";
  return single(run, report, fix, {
    outDir: run.outDir,
    server,
    upToDate,
    drift,
    ...(contract === undefined ? {} : { contract }),
    files,
    diagnostics,
    timings,
  });
}

/** `mcpgen scaffold <manifest> --out <dir>`. */
export function scaffoldReport(result: ScaffoldResult, run: Omit<SingleRun, "emit">): RunReport {
  const { generated, created, kept, handlers, orphanedHandlers, diagnostics, timings, upToDate, contract } = result;
  const surface = surfaceCounts(result.ir);
  const report = target(run, {
    emit: "server",
    tools: result.ir.tools.length,
    ...(surface === undefined ? {} : { surface }),
    files: generated,
    created,
    handlers,
    orphanedHandlers,
    diagnostics,
    upToDate,
    timings,
    contract,
  });
  return single(run, report, scaffoldFix(run), {
    outDir: run.outDir,
    upToDate,
    generated,
    created,
    kept,
    handlers,
    orphanedHandlers,
    diagnostics,
    timings,
    ...(contract === undefined ? {} : { contract }),
  });
}

/** `mcpgen generate` or `mcpgen pull` over a configuration. */
export function projectReport(
  result: ProjectResult,
  command: "generate" | "pull",
  options: { check: boolean; config?: string | undefined; format?: boolean | undefined },
): RunReport {
  return {
    check: options.check,
    targets: result.targets.map(targetReport),
    errors: result.errors,
    committed: result.committed,
    eachTargetAlone: command === "pull",
    ok: result.ok,
    upToDate: result.upToDate,
    fix: fixCommands(
      result.targets.filter((target) => !target.upToDate),
      command,
      options,
    ),
    json: result,
  };
}

/** A configuration's target (of a run, or of a `--watch` event). */
export function targetReport(target: TargetResult): TargetReport {
  return { ...target, server: target.server?.label };
}

function target(
  run: Pick<SingleRun, "outDir">,
  report: Omit<TargetReport, "outDir" | "created" | "handlers" | "orphanedHandlers"> & Partial<TargetReport>,
): TargetReport {
  return { outDir: run.outDir, created: [], handlers: [], orphanedHandlers: [], ...report };
}

function single(run: Pick<SingleRun, "check">, report: TargetReport, fix: string, json: unknown): RunReport {
  return { check: run.check, targets: [report], errors: [], committed: [], eachTargetAlone: false, ok: true, upToDate: report.upToDate, fix, json };
}

/** `run: mcpgen generate weather.tools.json --out src/weather`: the run again without `--check`, with the options that shape the output. */
function rerun(command: "generate" | "scaffold", run: SingleRun): string {
  const words = [
    "mcpgen",
    command,
    shellWord(run.manifest),
    "--out",
    shellWord(run.outDir),
    ...(run.emit === "types" ? ["--emit", "types"] : []),
    ...(run.importExtension === "ts" ? ["--import-extension", "ts"] : []),
    ...(run.format ? [] : ["--no-format"]),
  ];
  return `run: ${words.join(" ")}`;
}

/**
 * What brings a stale scaffold up to date. From the project's own manifest.json (as its
 * `npm run generate -- --check` runs), the project's script: mcpgen need not be on PATH there.
 */
function scaffoldFix(run: Omit<SingleRun, "emit">): string {
  if (resolve(run.manifest) !== resolve(run.outDir, MANIFEST_FILE)) return rerun("scaffold", run);
  const where = resolve(run.outDir) === process.cwd() ? "" : ` in ${shellWord(displayPath(run.outDir))}`;
  return `run: npm run generate${where} (mcpgen scaffold ${MANIFEST_FILE} --out .${run.format ? "" : " --no-format"})`;
}

/**
 * `run: mcpgen pull github`: the commands that bring the stale targets up to
 * date. A pull names only server targets (naming another is a usage error);
 * the others, stale after a `pull --check` too, are generated. `--no-format`
 * is repeated (it shapes the output: without it, the run would write what
 * the check did not expect); `--config` too, to find the same configuration.
 */
function fixCommands(
  stale: readonly TargetResult[],
  command: "generate" | "pull",
  options: { config?: string | undefined; format?: boolean | undefined },
): string {
  const configOption = `${options.config === undefined ? "" : ` --config ${shellWord(options.config)}`}${options.format === false ? " --no-format" : ""}`;
  const pulled = command === "pull" ? stale.filter((target) => target.server !== undefined) : [];
  const generated = stale.filter((target) => !pulled.includes(target));
  const commands = [
    ...(pulled.length > 0 ? [`mcpgen pull${configOption} ${pulled.map((target) => shellWord(target.name)).join(" ")}`] : []),
    ...(generated.length > 0 ? [`mcpgen generate${configOption} ${generated.map((target) => shellWord(target.name)).join(" ")}`] : []),
  ];
  return `run: ${commands.join(" && ")}`;
}
