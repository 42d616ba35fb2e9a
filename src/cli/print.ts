/**
 * The one printer of what `generate`, `pull` and `scaffold` did (a
 * `RunReport`): warnings, each output's files and their state, drift,
 * diffs, timings, `--json`, `--quiet`, colours. A target reads the same in a
 * single run (`--out`) and in a configuration's, where its lines start with
 * its name: a single run is a configuration's run of one unnamed target.
 *
 * Results go to stdout; warnings, errors and what `--check` finds out of
 * date go to stderr. Text that comes from a server (tool names, labels,
 * diffs of generated code) is made printable.
 */
import { join } from "node:path";
import { CLIENT_CAPABILITIES_NOTE, formatDrift, hasDrift } from "../commands/drift.js";
import { CHANGE_CLASSES, CLASS_ORDER, SUBJECT_NOUNS, type ContractDiff } from "../commands/change-classes.js";
import type { SurfaceCounts } from "../commands/surface-counts.js";
import type { WatchEvent, WatchReason } from "../commands/watch.js";
import type { FileStatus, WriteResult } from "../commands/writes.js";
import { exitCode, exitCodeOf } from "../shared/codes.js";
import { formatDiagnostic, McpgenError, printable, type Diagnostic } from "../shared/errors.js";
import { isMachineCode, MANIFEST_FILE, PACKAGE_FILE, README_FILE } from "../shared/output-names.js";
import { jsonText, paint, type Colour, type Io } from "./io.js";
import { counted, displayPath, shellWord } from "../shared/display.js";
import { targetReport, type RunReport, type TargetReport } from "./report.js";

export interface PrintOptions {
  /** Errors only. */
  quiet?: boolean | undefined;
  /** Per-stage timings under each target. */
  verbose?: boolean | undefined;
  /** The result as JSON on stdout, and nothing else there. */
  json?: boolean | undefined;
  /** With `check`: each updated file's unified diff, the machine code's summarised (`isMachineCode`). */
  diff?: boolean | undefined;
  /** With `diff`: the machine code's diffs too. */
  fullDiff?: boolean | undefined;
}

/** Prints a run and returns its exit code. */
export function printRun(report: RunReport, io: Io, options: PrintOptions): number {
  const quiet = options.quiet === true;
  if (options.json) io.stdout(`${jsonText(report.json, 2)}\n`);
  else {
    for (const target of report.targets) printWarnings(target, io, quiet);
    for (const error of report.errors) io.stderr(diagnosticLine(error.diagnostic, io, `${error.target}: `));
  }
  // A generate that failed wrote nothing (or, rarely, the targets before a failure to put files in place): it says so, and no more.
  // A check writes nothing anyway: every other target is still checked, and reported as below, so that CI shows all at once.
  if (!report.ok && !report.eachTargetAlone && !report.check) {
    if (!options.json) io.stderr(failureSummary(report));
    return exitCode("failure");
  }
  // Otherwise every target in the report ran: after a failure, those of a configuration's pull, or check, that did not fail.
  const stale = report.targets.filter((target) => !target.upToDate).length;
  const outOfDate = report.check && stale > 0;
  if (!options.json) {
    for (const target of report.targets) {
      if (!report.check) {
        if (!quiet) printWritten(target, io, options);
      } else if (!target.upToDate) {
        io.stderr(outOfDateText(target, io, options.diff === true ? (options.fullDiff === true ? "all" : "reviewed") : "none"));
      } else if (!quiet) {
        for (const note of target.drift?.notes ?? []) io.stderr(`note: ${prefix(target)}${printable(note)}\n`);
        if (target.drift !== undefined && hasDrift(target.drift)) io.stderr(toleratedDriftText(target, io));
        io.stdout(upToDateLine(target));
      }
    }
    // A check whose targets could not all be checked counts them too: the verdict covers only the others.
    const unchecked = report.check ? [...new Set(report.errors.map((error) => error.target))] : [];
    if (outOfDate || unchecked.length > 0) {
      // A configuration's run sums its targets up, as when one fails.
      if (report.targets.some((target) => target.name !== undefined) || unchecked.length > 0) {
        const notChecked = unchecked.length === 0 ? "" : `; ${unchecked.length} could not be checked (${unchecked.join(", ")})`;
        io.stderr(`${stale} of ${counted(report.targets.length + unchecked.length, "target")} out of date${notChecked}\n`);
      }
      if (outOfDate) io.stderr(`${report.fix}\n`);
    }
    if (!report.ok && !report.check) io.stderr(failureSummary(report));
  }
  return exitCode(outOfDate || !report.ok ? "failure" : "ok");
}

/**
 * An event of the watch of one manifest (`generate <manifest> --out <dir> --watch`) in that run's words: the
 * CLI makes it a configuration of one target, but the user wrote none, so a manifest that cannot be read is not
 * "the manifest of a target in the configuration"; the watch goes on and regenerates once it is back.
 */
function manifestWatchEvent(event: WatchEvent): WatchEvent {
  if (event.kind !== "error" || event.diagnostic.code !== "input-unreadable" || event.diagnostic.file === undefined) return event;
  const hint = `check the manifest's path; the watch goes on and regenerates once ${event.diagnostic.file} is there again (Ctrl-C to stop)`;
  return { ...event, diagnostic: { ...event.diagnostic, hint } };
}

/**
 * One line per watch event: a regeneration on stdout, an error on stderr.
 * With `--json`, one JSON object per line. `single`: the watch of one
 * output (`--out`), whose target is not named.
 */
export function printWatchEvent(watched: WatchEvent, io: Io, options: PrintOptions & { single?: boolean | undefined }): void {
  const event = options.single ? manifestWatchEvent(watched) : watched;
  if (options.json) {
    io.stdout(`${jsonText(event)}\n`);
    return;
  }
  if (event.kind === "error") {
    io.stderr(diagnosticLine(event.diagnostic, io, event.target === undefined || options.single ? "" : `${event.target}: `));
    return;
  }
  if (options.quiet) return;
  if (event.kind === "watching") {
    const what = event.configFile === undefined ? "" : `${displayPath(event.configFile)} and `;
    io.stderr(`watching ${what}${counted(event.inputs.length, "input")} for changes (Ctrl-C to stop)\n`);
    return;
  }
  const target = { ...targetReport(event.result), name: options.single ? undefined : event.result.name };
  printWarnings(target, io, false);
  printWritten(target, io, options, event.reason);
}

/**
 * How a pull's progress reads (`target` names a configuration's target): a
 * login's instructions always, a fallback from Streamable HTTP to SSE unless
 * quiet, the rest only on a terminal.
 */
export function progressPrinter(io: Io, options: PrintOptions): (event: { target?: string | undefined; kind: string; message: string }) => void {
  const quiet = options.quiet === true;
  const showProgress = !quiet && !options.json && process.stderr.isTTY === true;
  return (event) => {
    const head = event.target === undefined ? "" : `${event.target}: `;
    if (event.kind === "login") io.stderr(`${head}${event.message}\n`);
    else if (event.kind === "fallback" && !quiet) io.stderr(`note: ${head}${event.message}\n`);
    else if (showProgress) io.stderr(`${head}${event.message}\n`);
  };
}

/**
 * The error that stopped a command, and the exit code it means: a user's
 * error as its message alone (with `--json`, also on stdout, in the shape a
 * configuration's run reports its errors), anything else as a bug, with its
 * stack.
 */
export function printFailure(error: unknown, io: Io, options: PrintOptions): number {
  if (!(error instanceof McpgenError)) {
    io.stderr(`mcpgen: internal error (please report it): ${(error as Error)?.stack ?? String(error)}\n`);
    return exitCode("internal");
  }
  if (options.json) {
    // A strict run's warnings, a configuration's problems: every one (`StrictError`, `ConfigError`).
    const diagnostics = "diagnostics" in error && Array.isArray(error.diagnostics) ? (error.diagnostics as Diagnostic[]) : [error.diagnostic];
    io.stdout(`${jsonText({ ok: false, errors: diagnostics.map((diagnostic) => ({ diagnostic })) }, 2)}\n`);
  }
  io.stderr(errorText(error.message, io));
  return exitCodeOf(error.diagnostic.code);
}

/** An error that stops the CLI: `error: <message>`, the label coloured on a terminal. */
export function errorText(message: string, io: Io): string {
  return `${paint("error:", "red", io.color?.stderr)} ${message}\n`;
}

/** `error: ...` / `warning: ...` lines for stderr. */
export function diagnosticLine(diagnostic: Diagnostic, io: Io, prefix = ""): string {
  const label = diagnostic.severity === "error" ? paint("error:", "red", io.color?.stderr) : paint("warning:", "yellow", io.color?.stderr);
  return `${label} ${prefix}${formatDiagnostic(diagnostic)}\n`;
}

/** A target's lines start with its name in a configuration's run, with nothing in a single one. */
function prefix(target: TargetReport): string {
  return target.name === undefined ? "" : `${target.name}: `;
}

/** A target's warnings on stderr: input diagnostics, then the handlers no tool uses (a scaffold's). */
function printWarnings(target: TargetReport, io: Io, quiet: boolean): void {
  if (quiet) return;
  const head = prefix(target);
  for (const diagnostic of target.diagnostics) io.stderr(diagnosticLine({ ...diagnostic, severity: "warning" }, io, head));
  for (const orphan of target.orphanedHandlers) {
    const why =
      orphan.reason === "removed"
        ? "is no longer in the manifest"
        : `already has another handler file, ${printable(orphan.usedPath ?? "")}, the one the server uses`;
    const todo = orphan.stub === true ? "an unimplemented stub, unused: delete it" : "kept, not deleted (move or delete it yourself)";
    io.stderr(
      `${paint("warning:", "yellow", io.color?.stderr)} ${head}${orphan.path} implements ${SUBJECT_NOUNS[orphan.kind]} ${printable(JSON.stringify(orphan.name))}, which ${why}; ${todo}\n`,
    );
  }
}

/** Why a watch regenerated a target. */
const REASONS: Readonly<Record<Exclude<WatchReason, "start">, string>> = {
  input: "input changed",
  config: "configuration changed",
  output: "output unblocked",
};

/**
 * What a run wrote into a target: `generated 3 tools into src/mcp/weather
 * (7 files written, 0 unchanged)`, with, for a scaffold, the user's files
 * it created (counted among those written, and listed) and the handlers it
 * kept, and the stage timings when verbose.
 */
function printWritten(target: TargetReport, io: Io, options: PrintOptions, reason: WatchReason = "start"): void {
  const head = prefix(target);
  const where = displayPath(target.outDir);
  const count = (status: FileStatus) => target.files.filter((file) => file.status === status).length;
  const deleted = count("deleted");
  const generated = count("created") + count("updated");
  // The user's new files are written too: counted with mcpgen's, and each listed below.
  const created = target.created.length;
  const written =
    created === 0
      ? `${counted(generated, "file")} written,`
      : `${counted(generated + created, "file")} written: ${generated} generated, ${created} created for you to edit;`;
  const about = [
    ...(target.emit === "types" ? ["types only"] : []),
    ...(reason === "start" ? [] : [REASONS[reason]]),
    `${written} ${count("unchanged")} unchanged${deleted > 0 ? `, ${deleted} obsolete deleted` : ""}`,
  ];
  const verb = reason !== "start" ? "regenerated" : target.server !== undefined ? "pulled" : target.emit === "server" ? "scaffolded" : "generated";
  const from = target.server === undefined ? "" : ` from ${printable(target.server)}`;
  let text = `${head}${verb} ${contents(target)}${from} into ${where} (${about.join("; ")})\n`;
  const stubs = target.handlers.filter((handler) => handler.status === "created").map((handler) => handler.path);
  const projectFiles = target.created.filter((path) => !stubs.includes(path));
  if (projectFiles.length > 0) text += `  created: ${projectFiles.join(", ")}\n`;
  if (stubs.length > 0) text += `  new handler stubs: ${listedStubs(stubs)}\n`;
  const kept = target.handlers.length - stubs.length;
  if (kept > 0) text += `  kept ${counted(kept, "existing handler")} untouched\n`;
  const newProject = projectFiles.includes(PACKAGE_FILE);
  if (newProject)
    text += `  next: ${where === "." ? "" : `cd ${shellWord(where)} && `}npm install && npm run build, then node dist/server.js serves stdio (${join(where, README_FILE)} says how to add it to an MCP client)\n`;
  if (options.verbose) text += timingLines(target.timings);
  io.stdout(text);
}

/** The most new handler stubs a run names one by one; a fresh scaffold of a large server says how many, and where. */
const LISTED_STUBS = 8;

/**
 * `src/handlers/a.ts, src/handlers/b.ts`; past {@link LISTED_STUBS}, the first
 * few and a count (`--json` lists every one), so that a 353-tool scaffold
 * prints a line, not 20 KB.
 */
function listedStubs(stubs: readonly string[]): string {
  if (stubs.length <= LISTED_STUBS) return stubs.join(", ");
  const folders = [...new Set(stubs.map((path) => path.slice(0, path.lastIndexOf("/") + 1)))];
  const where = folders.length === 1 ? ` in ${folders[0]}` : "";
  return `${stubs.length}${where}: ${stubs.slice(0, 3).join(", ")} and ${stubs.length - 3} more (--json lists them)`;
}

/** `--check` of a current target: `src/mcp/weather is up to date (3 tools, 7 files)`; a pull names the server. */
function upToDateLine(target: TargetReport): string {
  const server = target.server === undefined ? "" : ` with ${printable(target.server)}`;
  return `${prefix(target)}${displayPath(target.outDir)} is up to date${server} (${contents(target)}, ${counted(target.files.length, "file")})\n`;
}

/** `3 tools`, or `13 tools, 4 prompts, 7 resources, 2 resource templates` for an output with more than tools. */
function contents(target: TargetReport): string {
  return surfaceText(target.tools, target.surface);
}

/** How many tools, and prompts, resources and resource templates where there are any: `13 tools, 4 prompts, 7 resources`. */
export function surfaceText(tools: number, surface: SurfaceCounts | undefined): string {
  const more =
    surface === undefined
      ? []
      : [
          ...(surface.prompts > 0 ? [counted(surface.prompts, "prompt")] : []),
          ...(surface.resources > 0 ? [counted(surface.resources, "resource")] : []),
          ...(surface.resourceTemplates > 0 ? [counted(surface.resourceTemplates, "resource template")] : []),
        ];
  return [counted(tools, "tool"), ...more].join(", ");
}

/**
 * `--check` of a target out of date: the drift of a pulled server, each
 * file that would be created, changed or deleted, each user's file that
 * would be created, then (with `diff`) the diffs.
 */
function outOfDateText(target: TargetReport, io: Io, diff: "none" | "reviewed" | "all"): string {
  const head = prefix(target);
  // After a pull's check, the snapshot's own changes are the drift.
  const files = target.files.filter((file) => file.status !== "unchanged" && (target.drift === undefined || file.path !== MANIFEST_FILE));
  let text =
    target.drift !== undefined && hasDrift(target.drift)
      ? `${head}${printable(target.server ?? "the server")} no longer matches ${displayPath(join(target.outDir, MANIFEST_FILE))}:\n${formatDrift(
          target.drift,
          printable,
          (name) => printable(JSON.stringify(name)),
        )
          .map((line) => `${line}\n`)
          .join("")}`
      : `${head}${displayPath(target.outDir)} is out of date (${counted(files.length + target.created.length, "file")}):\n`;
  if (target.contract !== undefined) text += contractLines(target.contract, io);
  // Other capabilities declared than when the snapshot was pulled may be why the lists differ: said where they do too.
  for (const note of target.drift?.notes ?? []) if (note.startsWith(CLIENT_CAPABILITIES_NOTE)) text += `  note: ${printable(note)}\n`;
  text += staleLines(files, io);
  text += target.created.map((path) => `  missing: ${path}\n`).join("");
  if (diff !== "none") text += diffText(files, target.outDir, io, diff === "all");
  return text;
}

/** Classified changes a `--check` lists before "and N more (mcpgen diff shows them all)". */
const CONTRACT_LINES = 20;

/**
 * The drift classified (docs/diff.md): a line of counts, then each change
 * with its class, its tool, what changed, where, and its rule.
 */
function contractLines(contract: ContractDiff, io: Io): string {
  if (contract.changes.length === 0) return "";
  const color = io.color?.stderr;
  const counts = CLASS_ORDER.filter((name) => contract.counts[name] > 0).map((name) => `${contract.counts[name]} ${CHANGE_CLASSES[name].label}`);
  let text = `  contract: ${counts.join(", ")}\n`;
  for (const change of contract.changes.slice(0, CONTRACT_LINES)) {
    const label = paint(
      CHANGE_CLASSES[change.class].label,
      change.class.startsWith("breaking") ? "red" : change.class === "review" ? "yellow" : "green",
      color,
    );
    const subject =
      change.subject.kind === "server" ? "the server" : `${SUBJECT_NOUNS[change.subject.kind]} ${printable(JSON.stringify(change.subject.name ?? ""))}`;
    const where = change.pointer === "" ? "" : ` at ${printable(change.pointer)}`;
    text += `    ${label}: ${subject}: ${printable(change.message)}${where} (${change.rule})\n`;
  }
  const more = contract.changes.length - CONTRACT_LINES;
  if (more > 0) text += `    … and ${more} more (mcpgen diff lists them all)\n`;
  return text;
}

/** A pull check whose tools drifted by less than its `failOn` names: reported, not failing. */
function toleratedDriftText(target: TargetReport, io: Io): string {
  const what = `${printable(target.server ?? "the server")} drifted from ${displayPath(join(target.outDir, MANIFEST_FILE))}, by no change its failOn fails on`;
  return `note: ${prefix(target)}${what}:\n${target.contract === undefined ? "" : contractLines(target.contract, io)}`;
}

/** How a `--check` names a file's state. */
const STATE: Record<Exclude<FileStatus, "unchanged">, string> = { created: "missing", updated: "stale", deleted: "obsolete" };

/**
 * One line per file that is not up to date: its state, its path in the
 * output directory and the lines a regeneration adds and removes
 * (`stale: types.ts (+3 -1)`).
 */
function staleLines(files: readonly WriteResult[], io: Io): string {
  const color = io.color?.stderr;
  return files
    .map((file) => {
      const state = STATE[file.status as Exclude<FileStatus, "unchanged">];
      const counts =
        file.lines === undefined
          ? []
          : [
              ...(file.lines.added > 0 || file.lines.removed === 0 ? [paint(`+${file.lines.added}`, "green", color)] : []),
              ...(file.lines.removed > 0 ? [paint(`-${file.lines.removed}`, "red", color)] : []),
            ];
      return `  ${state}: ${file.path}${counts.length > 0 ? ` (${counts.join(" ")})` : ""}\n`;
    })
    .join("");
}

/**
 * The unified diff of each updated file (`WriteResult.diff`), under `---`
 * and `+++` lines naming it from the working directory, coloured on a
 * terminal, with a note where a diff was cut; of the machine code
 * (`isMachineCode`), only with `machineCode`, else one line says how many
 * were left out (each file's line counts are in the list above). Generated text carries the
 * server's (a description, an enum value): it is made printable.
 */
function diffText(files: readonly WriteResult[], outDir: string, io: Io, machineCode: boolean): string {
  const color = io.color?.stderr;
  let text = "";
  let summarised = 0;
  for (const file of files) {
    if (file.diff === undefined || file.diff.text === "") continue;
    if (!machineCode && isMachineCode(file.path)) {
      summarised++;
      continue;
    }
    const path = displayPath(join(outDir, file.path));
    text += `${paint(`--- ${path}`, "bold", color)}\n${paint(`+++ ${path} (regenerated)`, "bold", color)}\n`;
    for (const line of file.diff.text.slice(0, -1).split("\n")) {
      const colour: Colour | undefined = line.startsWith("@@") ? "cyan" : line.startsWith("+") ? "green" : line.startsWith("-") ? "red" : undefined;
      const visible = printable(line, true);
      text += `${colour === undefined ? visible : paint(visible, colour, color)}\n`;
    }
    if (file.diff.omitted > 0) text += `${paint(`… ${counted(file.diff.omitted, "more line")} of this diff not shown`, "dim", color)}\n`;
  }
  if (summarised > 0) {
    const which = summarised === 1 ? "the diff of 1 file" : `the diffs of ${summarised} files`;
    text += `${paint(`${which} of generated validator and runtime code not shown (their line counts are above; --full-diff shows them)`, "dim", color)}\n`;
  }
  return text;
}

/** Per-stage timings, one stage per line. */
function timingLines(timings: Partial<Record<string, number>>): string {
  return Object.entries(timings)
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .map(([stage, ms]) => `  ${stage.padEnd(9)} ${ms.toFixed(1)} ms\n`)
    .join("");
}

/** After a configuration's run failed: what was written, if anything. */
function failureSummary(report: RunReport): string {
  const failed = [...new Set(report.errors.map((error) => error.target))];
  if (report.committed.length === 0) return `nothing written: ${failed.length} of ${counted(failed.length + report.targets.length, "target")} failed\n`;
  if (report.eachTargetAlone) {
    const one = failed.length === 1;
    return `${failed.length} of ${counted(failed.length + report.targets.length, "target")} failed and ${one ? "was" : "were"} left as ${one ? "it was" : "they were"} (${failed.join(", ")}); the other ${report.committed.length === 1 ? "one was" : `${report.committed.length} were`} written\n`;
  }
  return `written before the failure: ${report.committed.join(", ")}; ${failed.join(", ")} failed while ${failed.length === 1 ? "its" : "their"} files were put in place; the other targets were not written\n`;
}
