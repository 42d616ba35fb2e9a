/**
 * `mcpgen diff --format markdown`: a pull-request comment. A table of
 * changes per tool (prompt, resource, resource template), worst first, and, for a description or instructions a
 * server rewrote, the text before and after, for a person to read.
 *
 * Everything a server wrote is untrusted: in a comment it could mention
 * people, link elsewhere, load images or fake mcpgen's own verdict. It
 * appears only inside code (a code span, or a fenced block whose fence is
 * longer than any run of its characters inside), with controls and
 * bidirectional marks escaped (`printable`): a change's words too, since they
 * quote server values. mcpgen's own words around it (the notes) have every
 * ASCII punctuation character escaped.
 */
import { printable } from "../shared/errors.js";
import { SUBJECT_NOUNS, type ContractChange } from "./change.js";
import type { DiffComparisonLike } from "./json.js";
import { CHANGE_CLASSES, CLASS_ORDER, type ChangeClass } from "./rules.js";

export function diffMarkdown(comparisons: readonly DiffComparisonLike[]): string {
  const lines: string[] = ["## mcpgen diff", ""];
  for (const comparison of comparisons) {
    if (comparisons.length > 1) lines.push(`### ${comparison.target === undefined ? code(comparison.diff.new.source) : code(comparison.target)}`, "");
    lines.push(...comparisonLines(comparison), "");
  }
  return `${lines.join("\n").replace(/\n+$/, "")}\n`;
}

function comparisonLines(comparison: DiffComparisonLike): string[] {
  const { diff } = comparison;
  const counts = CLASS_ORDER.map((name) => {
    const text = `${diff.counts[name]} ${CHANGE_CLASSES[name].label}`;
    return diff.counts[name] > 0 && name.startsWith("breaking") ? `**${text}**` : text;
  });
  const verdict = comparison.failed ? `fails on ${code(comparison.failOn)}` : `passes \`--fail-on\` ${code(comparison.failOn)}`;
  const lines = [`${code(diff.old.source)} → ${code(diff.new.source)}: ${counts.join(", ")}; ${verdict}.`];
  for (const note of comparison.notes) lines.push("", `> ${escapeText(note)}`);
  if (diff.changes.length === 0) return [...lines, "", "No change of the contract."];
  const subjects = new Map<string, ContractChange[]>();
  for (const change of diff.changes) {
    const key = change.subject.kind === "server" ? "" : `${change.subject.kind}\u0000${change.subject.name ?? ""}`;
    subjects.set(key, [...(subjects.get(key) ?? []), change]);
  }
  for (const changes of subjects.values()) {
    const { subject } = changes[0]!;
    const noun = SUBJECT_NOUNS[subject.kind];
    lines.push("", subject.kind === "server" ? "#### The server" : `#### ${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${code(subject.name ?? "")}`, "");
    lines.push("| class | rule | where | change |", "|---|---|---|---|");
    const worstFirst = [...changes].sort((a, b) => rank(a.class) - rank(b.class));
    for (const change of worstFirst) {
      const label = CHANGE_CLASSES[change.class].label;
      const shown = change.class.startsWith("breaking") ? `**${label}**` : label;
      // The words hold server values (names, enum values, patterns, versions): a code span, where GitHub neither links
      // an address in them nor mentions a name, whatever is escaped outside one.
      lines.push(`| ${shown} | ${cell(change.rule)} | ${change.pointer === "" ? "" : cell(change.pointer)} | ${cell(change.message)} |`);
    }
    for (const change of changes) {
      if (PROSE_RULES.has(change.rule) && (change.before !== undefined || change.after !== undefined)) {
        lines.push(
          "",
          `<details><summary>${change.rule === "server-instructions-changed" ? "the instructions" : "the description"}, before and after</summary>`,
          "",
        );
        lines.push("Before:", "", ...block(change.before), "", "After:", "", ...block(change.after), "", "</details>");
      }
    }
  }
  return lines;
}

/** The rules whose text before and after a person reads in full: what the server tells the model or the user. */
const PROSE_RULES: ReadonlySet<string> = new Set([
  "server-instructions-changed",
  "tool-description-changed",
  "prompt-description-changed",
  "resource-description-changed",
  "resource-template-description-changed",
]);

function rank(name: ChangeClass): number {
  return CLASS_ORDER.indexOf(name);
}

/** Text in a code span: the fence longer than any run of backticks in it. */
function code(text: string): string {
  const safe = printable(text);
  const longest = Math.max(0, ...[...safe.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = safe.startsWith("`") || safe.endsWith("`") || safe.startsWith(" ") ? " " : "";
  return `${fence}${pad}${safe}${pad}${fence}`;
}

/**
 * A code span in a table cell, where GitHub splits at every `|`, even inside
 * code, unless escaped. A backslash escapes a backslash there too (GFM reads
 * `\\|` as an escaped backslash and a bare `|`), so of an odd run of
 * backslashes before a `|` the last is written `\u005c`, as `printable`
 * writes the characters it escapes: else the cell would end there and the
 * rest of a server's text be read outside code.
 */
function cell(text: string): string {
  return code(text).replace(/(\\*)\|/g, (_, run: string) => `${run.length % 2 === 1 ? `${run.slice(1)}\\u005c` : run}\\|`);
}

/** mcpgen's words (with server values in them) as plain text: every ASCII punctuation character escaped. */
function escapeText(text: string): string {
  return printable(text).replace(/[!-/:-@[-`{-~]/g, (char) => `\\${char}`);
}

/** A text as a fenced block: the fence longer than any run of backticks or tildes in it, so nothing inside ends it. */
function block(value: unknown): string[] {
  if (value === undefined) return ["(none)"];
  const text = printable(String(value), true);
  const longest = Math.max(2, ...[...text.matchAll(/`+|~+/g)].map((match) => match[0].length));
  const fence = "~".repeat(longest + 1);
  return [`${fence}text`, ...text.split("\n"), fence];
}
