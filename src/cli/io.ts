/**
 * Where the CLI prints, and how: the streams, whether each may be coloured,
 * and `--json` text. Colours only on a terminal, never with NO_COLOR set
 * (https://no-color.org).
 */
import { printableJson } from "../shared/errors.js";

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

export const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  color: { stdout: colorFor(process.stdout), stderr: colorFor(process.stderr) },
  terminal: process.stderr.isTTY === true,
};

/**
 * `--json` output: JSON text in which the characters a terminal may act on
 * or reorder text by, and `JSON.stringify` leaves raw (DEL, C1 controls,
 * U+2028/U+2029, bidirectional controls), are escaped too, as `printable`
 * shows them. Parsing it gives exactly the same value.
 */
export function jsonText(value: unknown, indent?: number): string {
  return printableJson(JSON.stringify(value, null, indent));
}

const CODES = { red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39], dim: [2, 22], bold: [1, 22] } as const;
export type Colour = keyof typeof CODES;

/** `text` in `colour` when `enabled`. */
export function paint(text: string, colour: Colour, enabled: boolean | undefined): string {
  if (!enabled) return text;
  const [open, close] = CODES[colour];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}
