/**
 * The one place where server-supplied text becomes source code.
 *
 * Everything a server sends (tool names, descriptions, titles, enum values,
 * defaults, property names) is untrusted. Every emitter turns such text into
 * code through these functions and nothing else, so the output always parses
 * and never contains text that executes.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The members of TypeScript's `Object` interface, which every object type has. */
export const OBJECT_MEMBERS: ReadonlySet<string> = new Set([
  "constructor",
  "toString",
  "toLocaleString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
]);

/** Words that cannot name a binding (ES2023 reserved words plus strict-mode and TS-reserved ones). */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "import",
  "in",
  "instanceof",
  "new",
  "null",
  "return",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "implements",
  "interface",
  "let",
  "package",
  "private",
  "protected",
  "public",
  "static",
  "yield",
  "await",
  "arguments",
  "eval",
  "undefined",
  "NaN",
  "Infinity",
  "any",
  "unknown",
  "never",
  "object",
  "string",
  "number",
  "boolean",
  "symbol",
  "bigint",
  "type",
  "as",
  "satisfies",
  "keyof",
  "readonly",
  "declare",
  "namespace",
  "module",
]);

/** True when `name` can be written bare as a property name (and is not the prototype-setting `__proto__`). */
export function isPlainPropertyName(name: string): boolean {
  return IDENTIFIER.test(name) && name !== "__proto__";
}

/**
 * Bidirectional-text controls: embeddings and overrides (U+202A–U+202E),
 * isolates (U+2066–U+2069) and the implicit marks (U+200E, U+200F, U+061C).
 * Raw in source, they make code display in an order other than the one it
 * runs in (CVE-2021-42574, "Trojan Source"). Written as the ranges of a
 * character class, for `printable` (src/shared/errors.ts) to show the same ones.
 */
export const BIDI_CONTROL_RANGES = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_RANGES}]`, "g");

/** One UTF-16 code unit as a `\\uXXXX` escape (in code, in JSON, and as `printable` shows it). */
export const unicodeEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * Code (or JSON) in which server text can only stand inside string literals,
 * with every bidirectional control written as a `\uXXXX` escape: the same
 * value, displayed in the order it runs. For output written by other tools
 * (`JSON.stringify`).
 */
export function escapeBidiControls(code: string): string {
  return code.replace(BIDI_CONTROLS, unicodeEscape);
}

/**
 * A JavaScript/TypeScript string literal for any text. JSON escaping plus the
 * two line terminators JSON leaves alone (U+2028, U+2029), so the literal is
 * valid on every engine and every tool that still treats them as newlines,
 * and the bidirectional controls, so it displays as it runs.
 */
export function stringLiteral(text: string): string {
  return escapeBidiControls(
    JSON.stringify(text)
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029"),
  );
}

/** A literal for any JSON value, usable as an expression (objects become object literals with computed keys where needed). */
export function jsonLiteral(value: unknown): string {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "null";
  if (typeof value === "string") return stringLiteral(value);
  if (Array.isArray(value)) return `[${value.map(jsonLiteral).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${objectLiteralKey(key)}: ${jsonLiteral(item)}`);
    return `{${entries.join(", ")}}`;
  }
  return "undefined";
}

/** A key in a type literal: bare when it is an identifier, quoted otherwise. */
export function typePropertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/**
 * A key in an object literal expression. `__proto__` (bare or quoted) would set
 * the prototype instead of defining a property, so it is written computed.
 */
export function objectLiteralKey(name: string): string {
  if (name === "__proto__") return `[${stringLiteral(name)}]`;
  return IDENTIFIER.test(name) ? name : stringLiteral(name);
}

/** A string-literal type, or literal type for any primitive JSON value. */
export function literalType(value: unknown): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "number";
  if (typeof value === "boolean" || value === null) return String(value);
  return "unknown";
}

/**
 * Splits text into comment-safe lines: every line terminator ends a line, `*\/` cannot close the
 * comment, bidirectional controls show as `\uXXXX` (a comment cannot reorder the code around it), and
 * an `@` after whitespace or at a line's start is escaped as `\@` (TSDoc's escape): there it would
 * begin a JSDoc tag (`@internal` drops a method under `stripInternal`, `@deprecated` strikes it
 * through) or, at a line's start, a directive of the compiler's (`@ts-expect-error`, an error where
 * unused; `@ts-ignore`). An `@` inside a word (`me@example.com`) is left as it is.
 */
function commentLines(text: string): string[] {
  return (
    escapeBidiControls(text)
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
      // Control characters have no business in a doc comment and some editors render them oddly. They go
      // before `*\/` is escaped: removed after, they would join a `*` and a `/` into a live `*\/`.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
      .replace(/\*\//g, "*\\/")
      .split("\n")
      .map((line) => line.replace(/\s+$/, "").replace(/(^|\s)@/g, "$1\\@"))
  );
}

/**
 * The lines of a JSDoc comment from paragraphs of untrusted text and tags
 * (the printer adds `/**`, `*` and `*\/`); none when there is nothing to
 * say. Tag values go through the same escaping.
 */
export function docLines(parts: { text?: string | undefined; tags?: ReadonlyArray<readonly [tag: string, value: string]> }): string[] {
  const lines: string[] = [];
  if (parts.text !== undefined && parts.text.trim() !== "") lines.push(...trimBlankEdges(commentLines(parts.text)));
  for (const [tag, value] of parts.tags ?? []) {
    const [first = "", ...rest] = commentLines(value);
    lines.push(first === "" ? `@${tag}` : `@${tag} ${first}`, ...rest);
  }
  return lines;
}

function trimBlankEdges(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === "") start++;
  while (end > start && lines[end - 1] === "") end--;
  return lines.slice(start, end);
}

/**
 * A single-line `//` comment from untrusted text: line terminators become spaces, bidirectional controls `\uXXXX`,
 * and a leading `@` is escaped (`// @ts-ignore` would be a directive of the compiler's).
 */
export function lineComment(text: string): string {
  return `// ${escapeBidiControls(text)
    .replace(/[\r\n\u2028\u2029\u0085]+/g, " ")
    .replace(/^(\s*)@/, "$1\\@")}`;
}
