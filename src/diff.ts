/**
 * Line counts for `--check` summaries: how many lines a rewrite adds and
 * removes. The count is the shortest edit script's (Myers, "An O(ND)
 * Difference Algorithm and Its Variations", 1986), what `git diff --stat`
 * reports; past `MAX_EDITS` it falls back to a cheaper lower bound, since a
 * summary of a wholesale rewrite needs no precision.
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

/** Lines added and removed going from `before` to `after` (`undefined` means no file). */
export function lineChanges(before: string | undefined, after: string | undefined): LineChanges {
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
  const x = Int32Array.from(a.slice(start, endA), intern);
  const y = Int32Array.from(b.slice(start, endB), intern);
  const edits = editDistance(x, y) ?? lowerBound(x, y);
  return { added: (edits + y.length - x.length) / 2, removed: (edits - y.length + x.length) / 2 };
}

/** Insertions plus deletions of a shortest edit script, or undefined past `MAX_EDITS`. */
function editDistance(a: Int32Array, b: Int32Array): number | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
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
  }
  return undefined;
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
