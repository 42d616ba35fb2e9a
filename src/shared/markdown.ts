/**
 * Text put into Markdown (a scaffold's README, `mcpgen diff --format markdown`, generated JSDoc):
 * code spans and table cells that hold any text, a server's included, whole.
 */
import { printable } from "./errors.js";

/**
 * `text` as a code span (CommonMark, "Code spans"), in its printable form: the fence longer than
 * any run of backticks in it, and a space inside each fence where the text holds a backtick or
 * starts or ends with a space (CommonMark strips one space from each side when both have one).
 */
export function markdownCode(text: string): string {
  const safe = printable(text);
  let longest = 0;
  for (const run of safe.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  const fence = "`".repeat(longest + 1);
  const pad = longest > 0 || safe.startsWith(" ") || safe.endsWith(" ") ? " " : "";
  return `${fence}${pad}${safe}${pad}${fence}`;
}

/**
 * Markdown made safe for a table cell, where GitHub splits at every `|`, even inside code, unless
 * escaped. A backslash escapes a backslash there too (GFM reads `\\|` as an escaped backslash and a
 * bare `|`), so of an odd run of backslashes before a `|` the last is written `\u005c`, as
 * `printable` writes the characters it escapes: else the cell would end there and the rest of a
 * server's text be read outside code.
 */
export function tableCell(markdown: string): string {
  return markdown.replace(/(\\*)\|/g, (_, run: string) => `${run.length % 2 === 1 ? `${run.slice(1)}\\u005c` : run}\\|`);
}
