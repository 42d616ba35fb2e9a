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
  type DiffError,
  type DiffResult,
} from "../commands/diff.js";
import { exitCode } from "../shared/codes.js";
import { counted } from "../shared/display.js";
import { formatDiagnostic, printable } from "../shared/errors.js";
import { jsonText, paint, type Colour, type Io } from "./io.js";

export interface DiffPrintOptions {
  format: "text" | "markdown" | "json";
  /** No warnings and no notes. */
  quiet?: boolean | undefined;
}

const COLOURS: Record<ChangeClass, Colour> = { "breaking-for-clients": "red", "breaking-for-servers": "red", review: "yellow", compatible: "green" };

/** Prints a diff run; returns its exit code (1 when a comparison failed on its `failOn`, or could not be made). */
export function printDiff(result: DiffResult, io: Io, options: DiffPrintOptions): number {
  const color = io.color?.stderr;
  if (!options.quiet) {
    for (const comparison of result.comparisons) {
      const head = comparison.target === undefined ? "" : `${comparison.target}: `;
      for (const diagnostic of comparison.diagnostics) io.stderr(`${paint("warning:", "yellow", color)} ${head}${formatDiagnostic(diagnostic)}\n`);
      for (const note of comparison.notes) io.stderr(`note: ${head}${printable(note)}\n`);
    }
  }
  const { errors } = result;
  if (options.format === "json") io.stdout(`${jsonText(diffDocument(result.comparisons, errors), 2)}\n`);
  else if (options.format === "markdown") io.stdout(diffMarkdown(result.comparisons, errors));
  else io.stdout(terminalText(result, io));
  // A comparison that could not be made: its error, named by its target (an operand's path is the error's file already).
  for (const error of errors) {
    const head = error.target === undefined ? "" : `${printable(error.target)}: `;
    io.stderr(`${paint("error:", "red", color)} ${head}${formatDiagnostic(error.diagnostic)}\n`);
  }
  for (const comparison of result.comparisons) {
    if (!comparison.failed) continue;
    const head = comparison.target === undefined ? "" : `${comparison.target}: `;
    const failing = failingClasses(comparison.failOn).filter((name) => comparison.diff.counts[name] > 0);
    const what = failing.map((name) => `${comparison.diff.counts[name]} ${CHANGE_CLASSES[name].label}`).join(", ");
    io.stderr(`${paint("error:", "red", color)} ${head}${what} (--fail-on ${comparison.failOn})\n`);
  }
  if (errors.length > 0 && result.comparisons.length + errors.length > 1) io.stderr(notComparedSummary(result.comparisons.length, errors));
  // `failed` counts the comparisons that could not be made already.
  return exitCode(result.failed ? "failure" : "ok");
}

/** The last line of a run where some comparisons could not be made: which, and that the others were. */
function notComparedSummary(compared: number, errors: readonly DiffError[]): string {
  // A configuration's targets, or the operands as given (paths and targets' names).
  const targets = errors.every((error) => error.operand === undefined);
  const total = compared + errors.length;
  const names = errors.map((error) => printable(error.operand ?? error.target ?? "")).join(", ");
  const others = compared === 0 ? "" : `; the other ${compared === 1 ? "one was" : `${compared} were`}`;
  return `${errors.length} of ${targets ? counted(total, "target") : total} could not be compared (${names})${others}\n`;
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
