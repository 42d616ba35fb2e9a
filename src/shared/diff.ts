/**
 * What a rewrite changes, for `--check`: how many lines it adds and removes,
 * and the unified diff itself. Both come from a shortest edit script (Myers,
 * "An O(ND) Difference Algorithm and Its Variations", 1986), as `git diff`
 * computes it. Past `MAX_EDITS` the count falls back to a cheaper lower
 * bound, and past `MAX_SCRIPT_EDITS` the diff replaces the changed region
 * whole: a wholesale rewrite needs no precision, and its diff is cut anyway.
 */

export interface LineChanges {
  added: number;
  removed: number;
}

/** Edit distance (in lines) beyond which the exact count is not worth its cost. */
const MAX_EDITS = 2_000;

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The two texts as lines, with the region between their common first and last lines as numbers (equal lines, equal numbers). */
interface Compared {
  a: string[];
  b: string[];
  /** Lines before `start` are common, and so are the last `a.length - endA` (= `b.length - endB`). */
  start: number;
  endA: number;
  endB: number;
  x: Int32Array;
  y: Int32Array;
}

function compare(before: string | undefined, after: string | undefined): Compared {
  const a = splitLines(before ?? "");
  const b = splitLines(after ?? "");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ids = new Map<string, number>();
  const intern = (line: string) => {
    let id = ids.get(line);
    if (id === undefined) ids.set(line, (id = ids.size));
    return id;
  };
  return { a, b, start, endA, endB, x: Int32Array.from(a.slice(start, endA), intern), y: Int32Array.from(b.slice(start, endB), intern) };
}

/** Lines added and removed going from `before` to `after` (`undefined` means no file). */
export function lineChanges(before: string | undefined, after: string | undefined): LineChanges {
  return changesOf(compare(before, after));
}

function changesOf({ x, y }: Compared): LineChanges {
  const edits = editDistance(x, y) ?? lowerBound(x, y);
  return { added: (edits + y.length - x.length) / 2, removed: (edits - y.length + x.length) / 2 };
}

/** A unified diff, cut to a size a terminal or a CI log can show. */
export interface UnifiedDiff {
  /** `@@ -l,n +l,n @@` hunk headers and their ` `, `-` and `+` lines, each ending in `\n`; no file header. */
  text: string;
  /** Diff lines left out past the cap: 0 when `text` is the whole diff. */
  omitted: number;
}

export interface UnifiedDiffOptions {
  /** Unchanged lines shown around each change (default 3, as `diff -u`). */
  context?: number | undefined;
  /** Diff lines (headers included) kept before the rest is counted in `omitted` (default 200). */
  maxLines?: number | undefined;
  /** Characters of a line kept before it is cut with `…` (default 300; generated validators have long lines). */
  maxLineLength?: number | undefined;
  /** Applied to every line shown, before it is cut (a pull's secrets masked: cut first, part of one could show). */
  mask?: ((line: string) => string) | undefined;
}

/** Edit distance beyond which the diff shows the changed region as removed and re-added, rather than finding the shortest script. */
const MAX_SCRIPT_EDITS = 1_000;

/** The unified diff from `before` to `after` (`undefined` means no file). */
export function unifiedDiff(before: string | undefined, after: string | undefined, options: UnifiedDiffOptions = {}): UnifiedDiff {
  const compared = compare(before, after);
  return diffText(compared, editScript(compared.x, compared.y), options);
}

/**
 * `lineChanges` and `unifiedDiff` of one pair, comparing the two texts once:
 * the counts come from the diff's own edit script, or, past the edits a
 * script keeps, from the edit distance alone.
 */
export function lineChangesAndDiff(
  before: string | undefined,
  after: string | undefined,
  options: UnifiedDiffOptions = {},
): { lines: LineChanges; diff: UnifiedDiff } {
  const compared = compare(before, after);
  const script = editScript(compared.x, compared.y);
  const lines =
    script === undefined ? changesOf(compared) : { added: script.filter((op) => op === "+").length, removed: script.filter((op) => op === "-").length };
  return { lines, diff: diffText(compared, script, options) };
}

/** The unified diff of a compared pair; without an edit script (too many edits to keep one), every line of the middle goes and comes. */
function diffText(compared: Compared, script: Op[] | undefined, options: UnifiedDiffOptions): UnifiedDiff {
  const context = options.context ?? 3;
  const maxLines = options.maxLines ?? 200;
  const maxLineLength = options.maxLineLength ?? 300;
  const { a, b, start, endA } = compared;
  const ops = [
    ...Array.from({ length: start }, (): Op => "="),
    ...(script ?? [...Array.from(compared.x, (): Op => "-"), ...Array.from(compared.y, (): Op => "+")]),
    ...Array.from({ length: a.length - endA }, (): Op => "="),
  ];
  const shown: string[] = [];
  let omitted = 0;
  const emit = (line: string) => {
    if (shown.length < maxLines) shown.push(line);
    else omitted++;
  };
  const mask = options.mask ?? ((line: string) => line);
  const cut = (line: string | undefined) => {
    const masked = line === undefined ? line : mask(line);
    return masked !== undefined && masked.length > maxLineLength ? `${masked.slice(0, maxLineLength)}…` : masked;
  };
  for (const hunk of hunks(ops, context)) {
    let lineA = hunk.startA;
    let lineB = hunk.startB;
    const body: string[] = [];
    for (const op of ops.slice(hunk.from, hunk.to)) {
      if (op === "+") body.push(`+${cut(b[lineB++])}`);
      else body.push(`${op === "=" ? " " : "-"}${cut(a[lineA++])}`);
      if (op === "=") lineB++;
    }
    const lengthA = lineA - hunk.startA;
    const lengthB = lineB - hunk.startB;
    emit(`@@ -${range(hunk.startA, lengthA)} +${range(hunk.startB, lengthB)} @@`);
    for (const line of body) emit(line);
  }
  return { text: shown.map((line) => `${line}\n`).join(""), omitted };
}

/** A hunk header's range as `diff -u` writes it: lines from 1, `,1` left out, an empty side named by the line before it (0 for none). */
function range(start: number, length: number): string {
  return length === 1 ? `${start + 1}` : `${length === 0 ? start : start + 1},${length}`;
}

/** One step of an edit script: keep a line, remove one of `before`, add one of `after`. */
type Op = "=" | "-" | "+";

/** Runs of `ops` (`from`..`to`) with `context` equal lines around their changes, and the 0-based lines they start at. */
function hunks(ops: readonly Op[], context: number): Array<{ from: number; to: number; startA: number; startB: number }> {
  const found: Array<{ from: number; to: number; startA: number; startB: number }> = [];
  let lineA = 0;
  let lineB = 0;
  let current: { from: number; to: number; startA: number; startB: number } | undefined;
  let lastChange = -Infinity;
  for (let index = 0; index < ops.length; index++) {
    const op = ops[index]!;
    if (op !== "=") {
      if (current === undefined || index - lastChange > 2 * context) {
        if (current !== undefined) found.push({ ...current, to: Math.min(lastChange + 1 + context, index) });
        const from = Math.max(0, index - context);
        // Lines before `from`: count back over the equal context lines.
        current = { from, to: index, startA: lineA - (index - from), startB: lineB - (index - from) };
      }
      lastChange = index;
    }
    if (op !== "+") lineA++;
    if (op !== "-") lineB++;
  }
  if (current !== undefined) found.push({ ...current, to: Math.min(lastChange + 1 + context, ops.length) });
  return found;
}

/**
 * A shortest edit script from `a` to `b`, or undefined past
 * `MAX_SCRIPT_EDITS`. Keeps each round's furthest reaching paths (about
 * D² numbers for D edits) and walks back through them.
 */
function editScript(a: Int32Array, b: Int32Array): Op[] | undefined {
  const rounds: Int32Array[] = [];
  const edits = shortestEdits(a, b, MAX_SCRIPT_EDITS, (round) => rounds.push(round));
  return edits === undefined ? undefined : backtrack(rounds, edits, a.length, b.length);
}

/**
 * Myers' forward pass: D, the number of edits of a shortest edit script, or
 * undefined past `limit` edits. `keep`, when given, receives each round's
 * reach for diagonals -d..d, read by the next round and by the walk back.
 */
function shortestEdits(a: Int32Array, b: Int32Array, limit: number, keep?: (round: Int32Array) => void): number | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, limit);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return d;
    }
    keep?.(v.slice(offset - d, offset + d + 1));
  }
  return undefined;
}

function backtrack(rounds: readonly Int32Array[], edits: number, n: number, m: number): Op[] {
  const reversed: Op[] = [];
  let x = n;
  let y = m;
  for (let d = edits; d > 0; d--) {
    const previous = rounds[d - 1]!;
    const reach = (k: number) => previous[k + d - 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && reach(k - 1) < reach(k + 1));
    const fromK = down ? k + 1 : k - 1;
    const fromX = reach(fromK);
    const fromY = fromX - fromK;
    // The snake after the edit, then the edit itself.
    const startX = down ? fromX : fromX + 1;
    while (x > startX) {
      reversed.push("=");
      x--;
      y--;
    }
    reversed.push(down ? "+" : "-");
    x = fromX;
    y = fromY;
  }
  for (; x > 0; x--) reversed.push("=");
  return reversed.reverse();
}

/** Insertions plus deletions of a shortest edit script, or undefined past `MAX_EDITS`. */
function editDistance(a: Int32Array, b: Int32Array): number | undefined {
  return shortestEdits(a, b, MAX_EDITS);
}

/** Lines not shared as a multiset: never more than the true edit distance. */
function lowerBound(a: Int32Array, b: Int32Array): number {
  const counts = new Map<number, number>();
  for (const id of a) counts.set(id, (counts.get(id) ?? 0) + 1);
  let common = 0;
  for (const id of b) {
    const left = counts.get(id) ?? 0;
    if (left > 0) {
      common++;
      counts.set(id, left - 1);
    }
  }
  return a.length + b.length - 2 * common;
}
