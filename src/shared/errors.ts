/**
 * Errors caused by the user's input or environment. The CLI prints their
 * message alone (no stack trace) and exits non-zero; anything else is a bug
 * in mcpgen and is printed with its stack.
 */
import { isNote, type DiagnosticCode } from "./codes.js";
import { BIDI_CONTROL_RANGES, unicodeEscape } from "./escape.js";
import { LONE_SURROGATE } from "./json.js";

/** Where in the input a problem lies: the file, the tool and a JSON pointer into the file. */
export interface Location {
  file?: string | undefined;
  tool?: string | undefined;
  /** RFC 6901 JSON pointer into the input document. */
  pointer?: string | undefined;
}

/** Every code, with when it is raised: the catalogue in `codes.ts`. */
export type { DiagnosticCode };

export interface Diagnostic extends Location {
  severity: "error" | "warning";
  code: DiagnosticCode;
  message: string;
  /** What the user can do about it. */
  hint?: string | undefined;
}

export class McpgenError extends Error {
  override readonly name = "McpgenError";
  readonly diagnostic: Diagnostic;
  constructor(diagnostic: Omit<Diagnostic, "severity">) {
    const full: Diagnostic = { severity: "error", ...diagnostic };
    super(formatDiagnostic(full));
    this.diagnostic = full;
  }
}

/**
 * `strict` (`--strict`, `"strict": true`): the warnings of a run that say
 * something is not typed or validated as the input says (every warning but
 * the notes, `DiagnosticCodeEntry.note`), each an error. Nothing is written. The first is
 * `diagnostic`; all are `diagnostics`.
 */
export class StrictError extends McpgenError {
  readonly diagnostics: Diagnostic[];
  constructor(warnings: readonly Diagnostic[]) {
    const diagnostics = warnings.map((warning): Diagnostic => ({ ...warning, severity: "error" }));
    const { severity: _severity, ...first } = diagnostics[0]!;
    super(first);
    this.diagnostics = diagnostics;
    this.message = `${diagnostics.map(formatDiagnostic).join("\nerror: ")}\n(strict: these warnings are errors, and nothing was written)`;
  }
}

/** Throws a `StrictError` when `strict` is set and a warning says the output is not what the input says. */
export function failOnWarnings(diagnostics: readonly Diagnostic[], strict: boolean | undefined): void {
  if (!strict) return;
  const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === "warning" && !isNote(diagnostic.code));
  if (warnings.length > 0) throw new StrictError(warnings);
}

export function userError(code: DiagnosticCode, message: string, location: Location & { hint?: string | undefined } = {}): McpgenError {
  return new McpgenError({ code, message, ...location });
}

/** One readable paragraph: `file: tool "x" at /pointer: message (hint)`. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where: string[] = [];
  if (diagnostic.file !== undefined) where.push(printable(diagnostic.file));
  const place: string[] = [];
  if (diagnostic.tool !== undefined) place.push(`tool ${printable(JSON.stringify(diagnostic.tool))}`);
  if (diagnostic.pointer !== undefined) place.push(`at ${diagnostic.pointer === "" ? "/" : printable(readablePointer(diagnostic.pointer))}`);
  if (place.length > 0) where.push(place.join(" "));
  const prefix = where.length > 0 ? `${where.join(": ")}: ` : "";
  const hint = diagnostic.hint === undefined ? "" : `\n  hint: ${printable(diagnostic.hint, true)}`;
  return `${prefix}${printable(diagnostic.message, true)}${hint}`;
}

/** Tokens of a pointer shown in full; a longer one (a schema nested thousands deep) keeps its start and end. */
const POINTER_TOKENS_SHOWN = 24;

/** A JSON pointer for a reader: whole, or its first and last tokens around how many were left out (`--json` keeps it whole). */
function readablePointer(pointer: string): string {
  const tokens = pointer.split("/").slice(1);
  if (tokens.length <= POINTER_TOKENS_SHOWN) return pointer;
  const head = tokens.slice(0, POINTER_TOKENS_SHOWN - 6);
  const tail = tokens.slice(-6);
  return `/${head.join("/")}/…(${tokens.length - head.length - tail.length} more)…/${tail.join("/")}`;
}

/**
 * The characters a terminal acts on or reorders text by, beyond C0 (which
 * `JSON.stringify` escapes): DEL and the C1 controls, the line and paragraph
 * separators, and the bidirectional controls (U+202A–U+202E, U+2066–U+2069,
 * U+200E, U+200F, U+061C).
 */
const UNSAFE_BEYOND_C0 = `\\u007f-\\u009f\\u2028\\u2029${BIDI_CONTROL_RANGES}`;
const UNSAFE = new RegExp(`[\\u0000-\\u001f${UNSAFE_BEYOND_C0}]|${LONE_SURROGATE.source}`, "g");
const UNSAFE_IN_JSON = new RegExp(`[${UNSAFE_BEYOND_C0}]`, "g");

/**
 * Text bound for a terminal, where server-supplied parts may hide escape
 * sequences or reorder what is shown: control characters (C0, C1, line and
 * paragraph separators) and bidirectional controls (U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C) become `\\uXXXX`, and so does a
 * lone UTF-16 surrogate (a terminal would show U+FFFD, hiding which name it
 * is). Messages mcpgen composes keep their own line breaks and tabs
 * (`keepLines`). The one printable form of server text: names, error
 * messages and the lines a server wrote to stderr alike.
 */
export function printable(text: string, keepLines = false): string {
  return text.replace(UNSAFE, (char) => (keepLines && (char === "\n" || char === "\t") ? char : unicodeEscape(char)));
}

/**
 * JSON text (`--json`) with the characters `JSON.stringify` leaves raw that
 * a terminal would act on (DEL, C1 controls, U+2028/U+2029, bidirectional
 * controls) escaped as `\\uXXXX` too: the form `printable` shows them in.
 * Parsing it gives exactly the same value.
 */
export function printableJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, unicodeEscape);
}

/** RFC 6901 escaping of one reference token. */
export function pointerToken(token: string | number): string {
  const text = String(token);
  // Nearly every token has neither character: normalize joins one per keyword of every schema.
  return text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text;
}

/** The reference tokens of a JSON pointer (`""` has none), unescaped (RFC 6901 §4: `~1` first, then `~0`). */
export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((token) => (token.includes("~") ? token.replace(/~1/g, "/").replace(/~0/g, "~") : token));
}

export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  let pointer = base;
  for (const token of tokens) pointer += `/${pointerToken(token)}`;
  return pointer;
}

/** A diagnostic with `mask` applied to every text it holds (a connection's secrets hidden). */
export function maskDiagnostic(diagnostic: Diagnostic, mask: (text: string) => string): Diagnostic {
  const masked: Diagnostic = { ...diagnostic, message: mask(diagnostic.message) };
  for (const key of ["hint", "tool", "pointer", "file"] as const) if (diagnostic[key] !== undefined) masked[key] = mask(diagnostic[key]);
  return masked;
}

/** A stack overflow (RangeError: Maximum call stack size exceeded). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
