/**
 * Prettier's layout, for the few shapes mcpgen emits, with Prettier's default
 * options (the version mcpgen pins).
 *
 * Formatting is most of the cost of a run: Prettier parses and reprints
 * every file (about 4 s of CPU for 1,000 tools). Most of what mcpgen writes
 * is regular (type members, object entries, import lists), so the emitters
 * also lay each block out as Prettier would and the format stage skips
 * Prettier for those blocks when the user's configuration is Prettier's
 * defaults. Anything these functions cannot vouch for returns `undefined`
 * and goes to Prettier. `test/layout.test.ts` holds the result to Prettier's
 * own output, file by file, over the goldens and every corpus server.
 */

import type { EmittedFile, SourceBlock } from "../ir/index.js";

export type { SourceBlock };

export const PRINT_WIDTH = 80;

/** A block whose raw text is already what Prettier prints (fixed text written in Prettier's layout). */
export function formattedBlock(text: string): SourceBlock {
  return { raw: text, pretty: text };
}

/** The file's text: blocks separated by a blank line (every block ends with a newline). */
export function joinBlocks(texts: readonly string[]): string {
  return texts.join("\n");
}

/** A TypeScript file made of blocks: `contents` is their raw text. */
export function fileFromBlocks(path: string, blocks: readonly SourceBlock[]): EmittedFile {
  return { path, contents: joinBlocks(blocks.map((block) => block.raw)), format: "typescript", blocks };
}

/**
 * Whether a line of code fits the print width. Prettier measures East Asian
 * wide characters as two columns and combining marks as none; for text beyond
 * ASCII only a line that fits even at two columns a character is vouched for.
 */
export function fits(line: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/^[\x20-\x7e]*$/.test(line)) return line.length <= PRINT_WIDTH;
  return line.length * 2 <= PRINT_WIDTH;
}

/** Prettier's quotes for a double-quoted string literal: single quotes when the text holds more double quotes than single ones. */
export function prettierString(literal: string): string {
  const content = literal.slice(1, -1);
  let doubles = 0;
  let singles = 0;
  for (const char of content) {
    if (char === '"') doubles++;
    else if (char === "'") singles++;
  }
  if (doubles <= singles) return literal;
  // Prettier's makeString: an escaped double quote needs no escape any more, a bare single quote needs one.
  return `'${content.replace(/\\(["'\\])|(["'])/g, (match, escaped: string | undefined, bare: string | undefined) => (escaped !== undefined ? (escaped === '"' ? '"' : match) : bare === "'" ? "\\'" : bare!))}'`;
}

/** Prettier's spelling of a number literal (`1e+21` → `1e21`, `1.50` → `1.5`). */
export function prettierNumber(text: string): string {
  if (text.length === 1) return text;
  return text
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, "$1$2")
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, "$1")
    .replace(/^([+-])?\./, "$10.")
    .replace(/(\.\d+?)0+(?=e|$)/, "$1")
    .replace(/\.(?=e|$)/, "");
}

/** A literal (type or expression) as Prettier prints it: strings requoted, numbers respelled, the rest as is. */
export function prettierLiteral(text: string): string {
  if (text.startsWith('"')) return prettierString(text);
  if (/^-?[\d.]/.test(text)) return text.startsWith("-") ? `-${prettierNumber(text.slice(1))}` : prettierNumber(text);
  return text;
}

/**
 * A property key as Prettier prints it (`quoteProps: "as-needed"`): mcpgen
 * quotes only what is not an ASCII identifier, which Prettier leaves alone,
 * except a quoted name Prettier may unquote (an identifier beyond ASCII):
 * not vouched for.
 */
export function prettierKey(key: string): string | undefined {
  if (!key.startsWith('"')) return key;
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(key)) return undefined;
  return prettierString(key);
}

/**
 * A JSDoc block re-indented as Prettier prints a comment whose every line
 * starts with `*`: the first line trimmed at its end, the others at both
 * ends (the last at its start), each after the indentation and a space.
 */
export function indentDoc(doc: string, indent: string): string {
  if (doc === "") return "";
  const comment = doc.trim();
  const value = comment.slice(2, -2);
  const lines = value.split("\n");
  if (lines.length === 1) return `${indent}${comment}\n`;
  const body = lines.map((line, index) => (index === 0 ? line.trimEnd() : ` ${index < lines.length - 1 ? line.trim() : line.trimStart()}`));
  return `${indent}/*${body.join(`\n${indent}`)}*/\n`;
}

/**
 * `import { a, b } from "x";` as Prettier prints it: on one line when it fits,
 * otherwise one specifier a line. A single specifier never breaks.
 */
export function importDeclaration(specifiers: readonly string[], from: string, typeOnly = false): string {
  const head = typeOnly ? "import type " : "import ";
  const flat = `${head}{ ${specifiers.join(", ")} } from ${from};`;
  if (specifiers.length <= 1 || fits(flat)) return `${flat}\n`;
  return `${head}{\n${specifiers.map((specifier) => `  ${specifier},\n`).join("")}} from ${from};\n`;
}

/**
 * The entries of an object literal or type literal that stays broken (its
 * source has a line break after `{`), each `  key: value<separator>` on its
 * own line; `undefined` when an entry is too long for its line (Prettier
 * would break inside it).
 */
export function brokenEntries(entries: ReadonlyArray<readonly [key: string, value: string]>, separator: "," | ";", indent: string): string | undefined {
  let text = "";
  for (const [rawKey, value] of entries) {
    const key = prettierKey(rawKey);
    if (key === undefined) return undefined;
    const line = `${indent}${key}: ${value}${separator}`;
    if (!fits(line)) return undefined;
    text += `${line}\n`;
  }
  return text;
}
