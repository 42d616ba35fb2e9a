/**
 * `mcpgen diff --format markdown`: a pull-request comment. A table of
 * changes per tool (prompt, resource, resource template), the subjects and
 * each table worst first, and, for a description or instructions a server
 * rewrote, the text before and after, for a person to read; never longer than
 * GitHub takes (`MARKDOWN_LIMIT`).
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
import { markdownCode, tableCell } from "../shared/markdown.js";
import { SUBJECT_NOUNS, type ContractChange } from "./change.js";
import type { DiffComparisonLike, DiffErrorLike } from "./json.js";
import { CHANGE_CLASSES, CLASS_ORDER, type ChangeClass } from "./rules.js";

/**
 * The longest comment GitHub takes (a body of more than 65,536 characters is
 * refused, and `gh pr comment` fails): a longer comment leaves out, first,
 * the texts before and after, then the least severe changes, and says so.
 */
export const MARKDOWN_LIMIT = 65_536;

/** `errors`: comparisons that could not be made, each shown after the others with what is wrong. */
export function diffMarkdown(comparisons: readonly DiffComparisonLike[], errors: readonly DiffErrorLike[] = []): string {
  const headed = comparisons.length + errors.length > 1;
  const failures = errors.map(errorParts);
  const full = assemble([...comparisons.map((comparison) => comparisonParts(comparison, true)), ...failures], headed, false);
  if (full.length <= MARKDOWN_LIMIT) return full;
  const parts = [...comparisons.map((comparison) => comparisonParts(comparison, false)), ...failures];
  const texts = comparisons.some((comparison) => comparison.diff.changes.some(hasTexts));
  const brief = assemble(parts, headed, texts);
  if (brief.length <= MARKDOWN_LIMIT) return brief;
  const cut = assemble(bounded(parts, MARKDOWN_LIMIT - assemble(parts.map(withoutSections), headed, texts).length), headed, texts);
  if (cut.length <= MARKDOWN_LIMIT) return cut;
  return fewerComparisons(parts, headed, texts);
}

/**
 * When the comparisons' heads alone are longer than GitHub takes (very many
 * targets, or long errors): the heads, with no rows, of as many comparisons
 * as fit, those that fail (or could not be made) before the others, in their
 * order; a note counts the comparisons left out.
 */
function fewerComparisons(parts: readonly Parts[], headed: boolean, texts: boolean): string {
  const bare = parts.map((part): Parts => (part.sections.length === 0 ? part : { ...withoutSections(part), leftOut: ROWS_LEFT_OUT }));
  const order = [...bare.keys()].sort((a, b) => Number(bare[b]!.failed) - Number(bare[a]!.failed));
  const kept = new Set<number>();
  let used = assemble([], headed, texts).length + LEFT_OUT_RESERVE;
  for (const index of order) {
    const size = assemble([bare[index]!], headed, false).length - "## mcpgen diff\n\n".length + 1;
    if (used + size > MARKDOWN_LIMIT) continue;
    used += size;
    kept.add(index);
  }
  const shown = bare.filter((_, index) => kept.has(index));
  const omitted = parts.length - shown.length;
  const note = `> ${omitted} more comparison(s) left out, and every comparison's changes: the comment would be longer than GitHub takes. \`mcpgen diff --format text\` (or \`--json\`) lists them.`;
  return assemble(shown, headed, texts, note);
}

/** The note of a comparison shown by its head alone (`fewerComparisons`). */
const ROWS_LEFT_OUT = "> Its changes are left out: the comment would be longer than GitHub takes.";

/**
 * The changes that fit in `room` characters, the worst of every comparison
 * first (every breaking change before any to review, ...), each comparison's
 * head always; each comparison's changes left out counted in a note.
 */
function bounded(parts: readonly Parts[], room: number): Parts[] {
  const shown = parts.map((part) => part.sections.map(() => 0));
  let used = LEFT_OUT_RESERVE * parts.length;
  // A subject's rows are worst first, so taking the rows class by class keeps a prefix of each.
  fill: for (let level = 0; level < CLASS_ORDER.length; level++) {
    for (const [partIndex, part] of parts.entries()) {
      for (const [sectionIndex, section] of part.sections.entries()) {
        for (const [rowIndex, row] of section.rows.entries()) {
          if (row.rank !== level) continue;
          const opens = shown[partIndex]![sectionIndex] === 0 ? section.head.join("\n").length + 2 : 0;
          if (used + opens + row.line.length + 1 > room) break fill;
          used += opens + row.line.length + 1;
          shown[partIndex]![sectionIndex] = rowIndex + 1;
        }
      }
    }
  }
  return parts.map((part, partIndex) => {
    const counts = shown[partIndex]!;
    const sections = part.sections.flatMap((section, index) => (counts[index]! === 0 ? [] : [{ ...section, rows: section.rows.slice(0, counts[index]) }]));
    const changes = part.sections.reduce((sum, section, index) => sum + section.rows.length - counts[index]!, 0);
    const subjects = part.sections.filter((section, index) => counts[index]! < section.rows.length).length;
    return changes === 0 ? { ...part, sections } : { ...part, sections, leftOut: leftOutNote(changes, subjects) };
  });
}

function withoutSections(part: Parts): Parts {
  return { ...part, sections: [] };
}

/** A comparison's counts, verdict and notes, then a section per subject (tool, prompt, ...), worst first. */
interface Parts {
  heading: string;
  head: string[];
  sections: Section[];
  leftOut?: string;
  /** The comparison fails on its `failOn`, or could not be made. */
  failed: boolean;
}

/** A subject's heading and table head, its rows (worst first) and the texts before and after below them. */
interface Section {
  head: string[];
  rows: Array<{ line: string; rank: number }>;
  texts: string[];
}

/** What a note of changes left out takes at most, reserved for each comparison. */
const LEFT_OUT_RESERVE = 300;

function leftOutNote(changes: number, subjects: number): string {
  return `> ${changes} more change(s), of ${subjects} tool(s), prompt(s) or resource(s), left out: the comment would be longer than GitHub takes. \`mcpgen diff --format text\` (or \`--json\`) lists every change.`;
}

/** The comment: `textsLeftOut` says that the texts before and after are not in it; `closing` ends it. */
function assemble(parts: readonly Parts[], headed: boolean, textsLeftOut: boolean, closing?: string): string {
  const lines: string[] = ["## mcpgen diff", ""];
  if (textsLeftOut) lines.push("> The texts before and after are left out: the comment would be longer than GitHub takes.", "");
  for (const part of parts) {
    if (headed) lines.push(part.heading, "");
    append(lines, part.head);
    for (const section of part.sections) {
      lines.push("");
      append(lines, section.head);
      for (const row of section.rows) lines.push(row.line);
      append(lines, section.texts);
    }
    if (part.leftOut !== undefined) lines.push("", part.leftOut);
    lines.push("");
  }
  if (closing !== undefined) lines.push(closing);
  return `${lines.join("\n").replace(/\n+$/, "")}\n`;
}

/** Appends one by one: a subject's rows (or a text's lines) may be more than a call takes arguments. */
function append(lines: string[], more: readonly string[]): void {
  for (const line of more) lines.push(line);
}

function comparisonParts(comparison: DiffComparisonLike, details: boolean): Parts {
  const { diff } = comparison;
  const heading = `### ${comparison.target === undefined ? code(diff.new.source) : code(comparison.target)}`;
  const counts = CLASS_ORDER.map((name) => {
    const text = `${diff.counts[name]} ${CHANGE_CLASSES[name].label}`;
    return diff.counts[name] > 0 && name.startsWith("breaking") ? `**${text}**` : text;
  });
  const verdict = comparison.failed ? `fails on ${code(comparison.failOn)}` : `passes \`--fail-on\` ${code(comparison.failOn)}`;
  const head = [`${code(diff.old.source)} → ${code(diff.new.source)}: ${counts.join(", ")}; ${verdict}.`];
  for (const note of comparison.notes) head.push("", `> ${escapeText(note)}`);
  if (diff.changes.length === 0) return { heading, head: [...head, "", "No change of the contract."], sections: [], failed: comparison.failed };
  const subjects = new Map<string, ContractChange[]>();
  for (const change of diff.changes) {
    const key = change.subject.kind === "server" ? "" : `${change.subject.kind}\u0000${change.subject.name ?? ""}`;
    const group = subjects.get(key);
    if (group === undefined) subjects.set(key, [change]);
    else group.push(change);
  }
  // The subjects worst first (a subject's worst change), in the diff's order among equals. Each one's worst by a loop:
  // a subject may have more changes than a call takes arguments (an enum of 150,000 values removed).
  const worst = new Map(
    [...subjects.values()].map((changes) => [changes, changes.reduce((least, change) => Math.min(least, rank(change.class)), CLASS_ORDER.length)]),
  );
  const ordered = [...subjects.values()].sort((a, b) => worst.get(a)! - worst.get(b)!);
  return { heading, head, sections: ordered.map((changes) => subjectSection(changes, details)), failed: comparison.failed };
}

/**
 * A comparison that could not be made: what is wrong (the file, the message, the hint), as a fenced block, since a
 * message may quote the file (a snapshot a server wrote).
 */
function errorParts(error: DiffErrorLike): Parts {
  const { diagnostic } = error;
  const heading = `### ${code(error.target ?? error.operand ?? diagnostic.file ?? "")}`;
  const what = `${diagnostic.file === undefined ? "" : `${diagnostic.file}: `}${diagnostic.message}${diagnostic.hint === undefined ? "" : `\nhint: ${diagnostic.hint}`}`;
  return { heading, head: ["Not compared: its manifest cannot be read.", "", ...block(what)], sections: [], failed: true };
}

function subjectSection(changes: readonly ContractChange[], details: boolean): Section {
  const { subject } = changes[0]!;
  const noun = SUBJECT_NOUNS[subject.kind];
  const head = [
    subject.kind === "server" ? "#### The server" : `#### ${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${code(subject.name ?? "")}`,
    "",
    "| class | rule | where | change |",
    "|---|---|---|---|",
  ];
  const worstFirst = [...changes].sort((a, b) => rank(a.class) - rank(b.class));
  const rows = worstFirst.map((change) => {
    const label = CHANGE_CLASSES[change.class].label;
    const shown = change.class.startsWith("breaking") ? `**${label}**` : label;
    // The words hold server values (names, enum values, patterns, versions): a code span, where GitHub neither links
    // an address in them nor mentions a name, whatever is escaped outside one.
    return {
      line: `| ${shown} | ${cell(change.rule)} | ${change.pointer === "" ? "" : cell(change.pointer)} | ${cell(change.message)} |`,
      rank: rank(change.class),
    };
  });
  const texts: string[] = [];
  for (const change of details ? changes : []) {
    if (!hasTexts(change)) continue;
    texts.push("", `<details><summary>${textNoun(change)}, before and after</summary>`, "");
    append(texts, ["Before:", "", ...block(change.before), "", "After:", "", ...block(change.after), "", "</details>"]);
  }
  return { head, rows, texts };
}

/** The rules whose text before and after a person reads in full: what the server tells the model or the user. */
const PROSE_RULES: ReadonlySet<string> = new Set([
  "server-instructions-changed",
  "tool-description-changed",
  "input-description-changed",
  "prompt-description-changed",
  "resource-description-changed",
  "resource-template-description-changed",
]);

/** What a change's text before and after is (an argument's `title` is judged as its description). */
function textNoun(change: ContractChange): string {
  if (change.rule === "server-instructions-changed") return "the instructions";
  return change.pointer.endsWith("/title") ? "the title" : "the description";
}

/** Whether the comment shows a change's text before and after. */
function hasTexts(change: ContractChange): boolean {
  return PROSE_RULES.has(change.rule) && (change.before !== undefined || change.after !== undefined);
}

function rank(name: ChangeClass): number {
  return CLASS_ORDER.indexOf(name);
}

const code = markdownCode;

/** A code span in a table cell (`tableCell`: GitHub splits a row at every `|`, even inside code). */
function cell(text: string): string {
  return tableCell(markdownCode(text));
}

/** mcpgen's words (with server values in them) as plain text: every ASCII punctuation character escaped. */
function escapeText(text: string): string {
  return printable(text).replace(/[!-/:-@[-`{-~]/g, (char) => `\\${char}`);
}

/** A text as a fenced block: the fence longer than any run of backticks or tildes in it, so nothing inside ends it. */
function block(value: unknown): string[] {
  if (value === undefined) return ["(none)"];
  const text = printable(String(value), true);
  const longest = longestRun(text, /`+|~+/g, 2);
  const fence = "~".repeat(longest + 1);
  return [`${fence}text`, ...text.split("\n"), fence];
}

/** The longest match of `runs` (global) in `text`, at least `least`: by a loop, as a text may hold more runs than a call takes arguments. */
function longestRun(text: string, runs: RegExp, least: number): number {
  let longest = least;
  for (const match of text.matchAll(runs)) longest = Math.max(longest, match[0].length);
  return longest;
}
