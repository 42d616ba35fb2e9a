/**
 * How `mcpgen diff` reads: on a terminal, the changes grouped by tool (prompt, resource, resource template), each
 * with its class, what changed, the JSON pointer and the rule; or the
 * markdown comment, or the JSON document. The changes go to stdout; warnings,
 * notes and the verdict to stderr. Server text is made printable.
 */
import {
  CHANGE_CLASSES,
  CLASS_ORDER,
  diffDocument,
  diffMarkdown,
  failingClasses,
  SUBJECT_NOUNS,
  type ChangeClass,
  type ContractChange,
  type DiffResult,
} from "../commands/diff.js";
import { exitCode } from "../shared/codes.js";
import { formatDiagnostic, printable } from "../shared/errors.js";
import { jsonText, paint, type Colour, type Io } from "./io.js";

export interface DiffPrintOptions {
  format: "text" | "markdown" | "json";
  /** No warnings and no notes. */
  quiet?: boolean | undefined;
}

const COLOURS: Record<ChangeClass, Colour> = { "breaking-for-clients": "red", "breaking-for-servers": "red", review: "yellow", compatible: "green" };

/** Prints a diff run; returns its exit code (1 when a comparison failed on its `failOn`). */
export function printDiff(result: DiffResult, io: Io, options: DiffPrintOptions): number {
  const color = io.color?.stderr;
  if (!options.quiet) {
    for (const comparison of result.comparisons) {
      const head = comparison.target === undefined ? "" : `${comparison.target}: `;
      for (const diagnostic of comparison.diagnostics) io.stderr(`${paint("warning:", "yellow", color)} ${head}${formatDiagnostic(diagnostic)}\n`);
      for (const note of comparison.notes) io.stderr(`note: ${head}${printable(note)}\n`);
    }
  }
  if (options.format === "json") io.stdout(`${jsonText(diffDocument(result.comparisons), 2)}\n`);
  else if (options.format === "markdown") io.stdout(diffMarkdown(result.comparisons));
  else io.stdout(terminalText(result, io));
  for (const comparison of result.comparisons) {
    if (!comparison.failed) continue;
    const head = comparison.target === undefined ? "" : `${comparison.target}: `;
    const failing = failingClasses(comparison.failOn).filter((name) => comparison.diff.counts[name] > 0);
    const what = failing.map((name) => `${comparison.diff.counts[name]} ${CHANGE_CLASSES[name].label}`).join(", ");
    io.stderr(`${paint("error:", "red", color)} ${head}${what} (--fail-on ${comparison.failOn})\n`);
  }
  return exitCode(result.failed ? "failure" : "ok");
}

function terminalText(result: DiffResult, io: Io): string {
  const color = io.color?.stdout;
  let text = "";
  for (const [index, comparison] of result.comparisons.entries()) {
    const { diff } = comparison;
    if (index > 0) text += "\n";
    const head = comparison.target === undefined ? "" : `${printable(comparison.target)}: `;
    const counts = CLASS_ORDER.map((name) => `${diff.counts[name]} ${CHANGE_CLASSES[name].label}`).join(", ");
    text += `${head}${printable(diff.old.source)} → ${printable(diff.new.source)}: ${diff.changes.length === 0 ? "no change of the contract" : counts}\n`;
    let subject: string | undefined;
    for (const change of diff.changes) {
      const name = subjectLine(change);
      if (name !== subject) text += `\n${paint(name, "bold", color)}\n`;
      subject = name;
      text += `  ${paint(CHANGE_CLASSES[change.class].label, COLOURS[change.class], color)}: ${printable(change.message)}\n`;
      text += `    ${paint(`${change.pointer === "" ? "" : `at ${printable(change.pointer)} `}(${change.rule})`, "dim", color)}\n`;
    }
  }
  return text;
}

function subjectLine(change: ContractChange): string {
  return change.subject.kind === "server" ? "the server:" : `${SUBJECT_NOUNS[change.subject.kind]} ${printable(JSON.stringify(change.subject.name ?? ""))}:`;
}
