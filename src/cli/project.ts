/**
 * The configuration forms of the commands (`mcpgen generate`, `pull`,
 * `init`, `--watch`): each maps flags to one library call and prints its
 * result. Exit codes: 0 ok, 1 drift or errors, 2 usage (thrown as `usage`).
 */
import { join } from "node:path";
import type { ProjectResult, TargetResult } from "../commands/project.js";
import type { WatchEvent } from "../commands/watch.js";
import { describeFieldChanges } from "../commands/drift.js";
import { printable } from "../shared/errors.js";
import { changeSummary, diagnosticLine, diffText, jsonText, paint, printWarnings, shown, staleLines, timingLines, type Io } from "./output.js";

export interface ProjectCliOptions {
  config?: string | undefined;
  check?: boolean | undefined;
  /** With `check`: print each updated file's diff. */
  diff?: boolean | undefined;
  /** Only when given on the command line: overrides every target. */
  format?: boolean | undefined;
  quiet?: boolean | undefined;
  verbose?: boolean | undefined;
  json?: boolean | undefined;
}

/** The JSON a `--json` run prints: the result, paths as they are (absolute). */
function resultJson(result: ProjectResult): string {
  return `${jsonText(result, 2)}\n`;
}

/** A target's warnings on stderr: input diagnostics, then the handlers no tool uses (a scaffold's). */
function printTargetWarnings(target: TargetResult, io: Io, quiet: boolean): void {
  printWarnings(target.diagnostics, io, quiet, `${target.name}: `);
  if (quiet) return;
  for (const orphan of target.orphanedHandlers) {
    const why = orphan.reason === "removed" ? "is no longer in the manifest" : "already has another handler file";
    io.stderr(`${paint("warning:", "yellow", io.color?.stderr)} ${target.name}: ${orphan.path} implements tool ${printable(JSON.stringify(orphan.tool))}, which ${why}; kept, not deleted\n`);
  }
}

function targetLine(target: TargetResult, check: boolean, why = ""): string {
  const where = shown(target.outDir);
  const kind = target.emit === "client" ? "" : ` (${target.emit})`;
  const created = target.created.length > 0 ? `, ${target.created.length} project file(s) ${check ? "to create" : "created"}` : "";
  return `${target.name}${kind}: ${why}${target.tools} tools → ${where} (${changeSummary(target.files, check)}${created})\n`;
}

/** Prints a project run and returns the exit code. */
export function printProject(result: ProjectResult, io: Io, options: ProjectCliOptions & { command: "generate" | "pull" }): number {
  const quiet = options.quiet === true;
  const check = options.check === true;
  if (options.json) io.stdout(resultJson(result));
  else {
    for (const target of result.targets) printTargetWarnings(target, io, quiet);
    for (const error of result.errors) io.stderr(diagnosticLine(error.diagnostic, io, `${error.target}: `));
  }
  if (!result.ok) {
    if (!options.json && !check) {
      io.stderr(result.committed.length === 0
        ? `nothing written: ${result.errors.length} of ${result.errors.length + result.targets.length} target(s) failed\n`
        : `written before the failure: ${result.committed.join(", ")}; ${result.errors.map((error) => error.target).join(", ")} failed while its files were put in place; the other targets were not written\n`);
    }
    return 1;
  }
  if (check) {
    if (!result.upToDate) {
      if (!options.json) {
        const stale = result.targets.filter((target) => !target.upToDate);
        let text = `${stale.length} of ${result.targets.length} target(s) out of date:\n`;
        let diffs = "";
        for (const target of stale) {
          text += `  ${target.name}:\n`;
          if (target.drift !== undefined) text += driftLines(target);
          const files = target.files.filter((file) => target.drift === undefined || file.path !== "manifest.json");
          text += staleLines(files, io, { outDir: target.outDir, indent: "    " });
          text += target.created.map((path) => `    missing: ${shown(join(target.outDir, path))}\n`).join("");
          if (options.diff) diffs += diffText(files, io, { outDir: target.outDir });
        }
        io.stderr(`${text}${diffs}${fixCommands(stale, options)}`);
      }
      return 1;
    }
    if (!options.json && !quiet) {
      for (const target of result.targets) for (const note of target.drift?.notes ?? []) io.stderr(`note: ${target.name}: ${note}\n`);
      const files = result.targets.reduce((sum, target) => sum + target.files.length, 0);
      io.stdout(`up to date: ${result.targets.length} target(s), ${files} file(s)\n`);
    }
    return 0;
  }
  if (!options.json && !quiet) {
    for (const target of result.targets) {
      io.stdout(targetLine(target, false));
      if (options.verbose) io.stdout(timingLines(target.timings, "    "));
    }
  }
  return 0;
}

/**
 * `run: mcpgen pull github`: the commands that bring the stale targets up to
 * date. A pull names only server targets (naming another is a usage error);
 * the others, stale after a `pull --check` too, are generated.
 */
function fixCommands(stale: readonly TargetResult[], options: ProjectCliOptions & { command: "generate" | "pull" }): string {
  const config = options.config === undefined ? "" : ` --config ${options.config}`;
  const pulled = options.command === "pull" ? stale.filter((target) => target.server !== undefined) : [];
  const generated = stale.filter((target) => !pulled.includes(target));
  const commands = [
    ...(pulled.length > 0 ? [`mcpgen pull${config} ${pulled.map((target) => target.name).join(" ")}`] : []),
    ...(generated.length > 0 ? [`mcpgen generate${config} ${generated.map((target) => target.name).join(" ")}`] : []),
  ];
  return `run: ${commands.join(" && ")}\n`;
}

/** The drift of a pulled target; tool and field names are the server's text, made printable. */
function driftLines(target: TargetResult): string {
  const drift = target.drift!;
  const name = (text: string) => printable(JSON.stringify(text));
  const lines: string[] = [];
  for (const tool of drift.added) lines.push(`    + ${name(tool)} (new tool)`);
  for (const tool of drift.removed) lines.push(`    - ${name(tool)} (tool removed)`);
  for (const change of drift.changed) lines.push(`    ~ ${name(change.name)}: ${describeFieldChanges(change, (text) => printable(text))}`);
  return lines.map((line) => `${line}\n`).join("");
}

/** One line per watch event: a regeneration on stdout, an error on stderr. With `--json`, one JSON object per line. */
export function printWatchEvent(event: WatchEvent, io: Io, options: { quiet?: boolean | undefined; verbose?: boolean | undefined; json?: boolean | undefined }): void {
  if (options.json) {
    io.stdout(`${jsonText(event)}\n`);
    return;
  }
  if (event.kind === "error") {
    io.stderr(diagnosticLine(event.diagnostic, io, event.target === undefined ? "" : `${event.target}: `));
    return;
  }
  if (options.quiet) return;
  if (event.kind === "watching") {
    const what = event.configFile === undefined ? "" : `${shown(event.configFile)} and `;
    io.stderr(`watching ${what}${event.inputs.length} input(s) for changes (Ctrl-C to stop)\n`);
    return;
  }
  const why = event.reason === "start" ? "" : event.reason === "output" ? "regenerated (output unblocked): " : `regenerated (${event.reason === "config" ? "configuration" : "input"} changed): `;
  printTargetWarnings(event.result, io, false);
  io.stdout(targetLine(event.result, false, why));
  if (options.verbose) io.stdout(timingLines(event.result.timings, "    "));
}
