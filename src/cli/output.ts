/**
 * How the CLI prints: where text goes, whether it may be coloured, and the
 * shared shapes of its lines (file lists with line counts, stage timings).
 * Colours only on a terminal, never with NO_COLOR set (https://no-color.org).
 */
import { join, relative } from "node:path";
import { formatDiagnostic, printable, type Diagnostic } from "../shared/errors.js";
import type { WriteResult } from "../write/index.js";

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether each stream may carry ANSI colours; default none. */
  color?: { stdout: boolean; stderr: boolean } | undefined;
  /** Stops a `--watch` (as SIGINT and SIGTERM do). */
  signal?: AbortSignal | undefined;
  /** Whether stderr is a terminal, where `--check` shows diffs unless told otherwise (`--no-diff`); default not. */
  terminal?: boolean | undefined;
}

/** True when `stream` is a terminal and the environment does not ask for plain text. */
export function colorFor(stream: { isTTY?: boolean | undefined }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  return stream.isTTY === true && env["TERM"] !== "dumb";
}

/**
 * `--json` output: JSON text in which the characters a terminal may act on
 * and `JSON.stringify` leaves raw (DEL, C1 controls, U+2028/U+2029) are
 * escaped too. Parsing it gives exactly the same value.
 */
export function jsonText(value: unknown, indent?: number): string {
  // eslint-disable-next-line no-control-regex
  return JSON.stringify(value, null, indent).replace(/[\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: { stdout: colorFor(process.stdout), stderr: colorFor(process.stderr) },
  terminal: process.stderr.isTTY === true,
};

const CODES = { red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39], dim: [2, 22], bold: [1, 22] } as const;
export type Colour = keyof typeof CODES;

/** `text` in `colour` when `enabled`. */
export function paint(text: string, colour: Colour, enabled: boolean | undefined): string {
  if (!enabled) return text;
  const [open, close] = CODES[colour];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/** `error: ...` / `warning: ...` lines for stderr. */
export function diagnosticLine(diagnostic: Diagnostic, io: Io, prefix = ""): string {
  const label = diagnostic.severity === "error" ? paint("error:", "red", io.color?.stderr) : paint("warning:", "yellow", io.color?.stderr);
  return `${label} ${prefix}${formatDiagnostic(diagnostic)}\n`;
}

export function printWarnings(diagnostics: readonly Diagnostic[], io: Io, quiet: boolean, prefix = ""): void {
  if (quiet) return;
  for (const diagnostic of diagnostics) io.stderr(diagnosticLine({ ...diagnostic, severity: "warning" }, io, prefix));
}

/** How a `--check` names a file's state. */
const STATE: Record<Exclude<WriteResult["status"], "unchanged">, string> = { created: "missing", updated: "stale", deleted: "obsolete" };

/** A path as the user would type it from the working directory. */
export function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

/**
 * One line per file that is not up to date: its state, its path and the
 * lines a regeneration adds and removes (`stale: types.ts (+3 -1)`). Paths
 * are shown from `outDir` when given, as they are otherwise.
 */
export function staleLines(files: readonly WriteResult[], io: Io, options: { outDir?: string | undefined; indent?: string | undefined } = {}): string {
  const color = io.color?.stderr;
  return files
    .filter((file) => file.status !== "unchanged")
    .map((file) => {
      const state = STATE[file.status as Exclude<WriteResult["status"], "unchanged">];
      const counts = file.lines === undefined ? [] : [
        ...(file.lines.added > 0 || file.lines.removed === 0 ? [paint(`+${file.lines.added}`, "green", color)] : []),
        ...(file.lines.removed > 0 ? [paint(`-${file.lines.removed}`, "red", color)] : []),
      ];
      const path = options.outDir === undefined ? file.path : shown(join(options.outDir, file.path));
      return `${options.indent ?? "  "}${state}: ${path}${counts.length > 0 ? ` (${counts.join(" ")})` : ""}\n`;
    })
    .join("");
}

/** Whether `--check` prints diffs: as `--diff`/`--no-diff` say, else on a terminal. */
export function showDiffs(option: boolean | undefined, io: Io): boolean {
  return option ?? io.terminal === true;
}

/**
 * The unified diff of each updated file (`WriteResult.diff`), under `---`
 * and `+++` lines naming it as `staleLines` does, coloured on a terminal,
 * with a note where a diff was cut. Generated text carries the server's (a
 * description, an enum value): it is made printable.
 */
export function diffText(files: readonly WriteResult[], io: Io, options: { outDir?: string | undefined } = {}): string {
  const color = io.color?.stderr;
  let text = "";
  for (const file of files) {
    if (file.diff === undefined || file.diff.text === "") continue;
    const path = options.outDir === undefined ? file.path : shown(join(options.outDir, file.path));
    text += `${paint(`--- ${path}`, "bold", color)}\n${paint(`+++ ${path} (regenerated)`, "bold", color)}\n`;
    for (const line of file.diff.text.slice(0, -1).split("\n")) {
      const colour: Colour | undefined = line.startsWith("@@") ? "cyan" : line.startsWith("+") ? "green" : line.startsWith("-") ? "red" : undefined;
      const visible = printable(line, true);
      text += `${colour === undefined ? visible : paint(visible, colour, color)}\n`;
    }
    if (file.diff.omitted > 0) text += `${paint(`… ${file.diff.omitted} more line(s) of this diff not shown`, "dim", color)}\n`;
  }
  return text;
}

/** `2 written, 5 unchanged, 1 deleted`: what a run did to a file list. */
export function changeSummary(files: readonly WriteResult[], check = false): string {
  const count = (status: WriteResult["status"]) => files.filter((file) => file.status === status).length;
  const written = count("created") + count("updated");
  const deleted = count("deleted");
  const parts = [`${written} ${check ? "to write" : "written"}`, `${count("unchanged")} unchanged`];
  if (deleted > 0) parts.push(`${deleted} ${check ? "to delete" : "deleted"}`);
  return parts.join(", ");
}

/** Per-stage timings, one stage per line. */
export function timingLines(timings: Partial<Record<string, number>>, indent = "  "): string {
  return Object.entries(timings)
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .map(([stage, ms]) => `${indent}${stage.padEnd(9)} ${ms.toFixed(1)} ms\n`)
    .join("");
}
