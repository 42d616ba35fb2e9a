/**
 * `unifiedDiff`, the diff `--check` prints: exact hunks for small cases (as
 * `diff -u` writes them), and, on random edits, hunks that turn the old text
 * into the new one with exactly the lines `lineChanges` counts.
 */
import { describe, expect, it } from "vitest";
import { lineChanges, lineChangesAndDiff, unifiedDiff } from "../../src/shared/diff.js";

const lines = (...values: string[]) => values.map((value) => `${value}\n`).join("");

/** Applies a whole (uncut) unified diff to `before`, checking every context and removed line against it. */
function applyDiff(before: string, diff: string): string {
  const source = before === "" ? [] : before.replace(/\n$/, "").split("\n");
  const result: string[] = [];
  let next = 0;
  const body = diff.replace(/\n$/, "");
  for (const line of body === "" ? [] : body.split("\n")) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(line);
    if (header !== null) {
      const start = header[2] === "0" ? Number(header[1]) : Number(header[1]) - 1;
      while (next < start) result.push(source[next++]!);
      continue;
    }
    const kind = line[0];
    const text = line.slice(1);
    if (kind === "+") result.push(text);
    else {
      expect(source[next], `line ${next + 1}`).toBe(text);
      if (kind === " ") result.push(text);
      next++;
    }
  }
  while (next < source.length) result.push(source[next++]!);
  return result.map((line) => `${line}\n`).join("");
}

describe("unifiedDiff", () => {
  it("writes hunks as diff -u does: context of three, nearby changes in one hunk", () => {
    const before = lines("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
    const after = lines("a", "b", "c", "d", "E", "f", "g", "h", "i", "j", "k");
    expect(unifiedDiff(before, after)).toEqual({ text: "@@ -2,9 +2,10 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n i\n j\n+k\n", omitted: 0 });
  });

  it("keeps far-apart changes in separate hunks", () => {
    const before = lines(...Array.from({ length: 20 }, (_, index) => `l${index + 1}`));
    const after = before.replace("l2\n", "L2\n").replace("l19\n", "L19\n");
    expect(unifiedDiff(before, after).text).toBe("@@ -1,5 +1,5 @@\n l1\n-l2\n+L2\n l3\n l4\n l5\n@@ -16,5 +16,5 @@\n l16\n l17\n l18\n-l19\n+L19\n l20\n");
  });

  it("numbers an empty side by the line before it: a new file, a deleted file", () => {
    expect(unifiedDiff(undefined, lines("a", "b")).text).toBe("@@ -0,0 +1,2 @@\n+a\n+b\n");
    expect(unifiedDiff(lines("a"), undefined).text).toBe("@@ -1 +0,0 @@\n-a\n");
    expect(unifiedDiff(lines("a", "b"), lines("a", "b"))).toEqual({ text: "", omitted: 0 });
  });

  it("cuts long diffs and long lines, and counts what it left out", () => {
    const diff = unifiedDiff(undefined, lines(...Array.from({ length: 500 }, (_, index) => `${index}`), "x".repeat(1000)), { maxLines: 10, maxLineLength: 20 });
    expect(diff.text.split("\n").length - 1).toBe(10);
    expect(diff.omitted).toBe(501 - 9);
    const long = unifiedDiff(lines("a"), lines("y".repeat(1000)), { maxLineLength: 20 });
    expect(long.text).toBe(`@@ -1 +1 @@\n-a\n+${"y".repeat(20)}…\n`);
  });

  it("turns the old text into the new one, with the lines lineChanges counts, on random edits", () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let round = 0; round < 300; round++) {
      const before = Array.from({ length: random(40) }, () => `v${random(8)}`);
      const after = [...before];
      for (let edit = random(6); edit > 0; edit--) {
        const at = random(after.length + 1);
        if (random(2) === 0 && after.length > 0) after.splice(at, 1);
        else after.splice(at, 0, `v${random(10)}`);
      }
      const [a, b] = [lines(...before), lines(...after)];
      const diff = unifiedDiff(a, b, { maxLines: Infinity, context: random(4) });
      expect(diff.omitted).toBe(0);
      expect(applyDiff(a, diff.text), `${JSON.stringify(before)} → ${JSON.stringify(after)}`).toBe(b);
      const counted = lineChanges(a, b);
      expect((diff.text.match(/^\+/gm) ?? []).length).toBe(counted.added);
      expect((diff.text.match(/^-/gm) ?? []).length).toBe(counted.removed);
      // Compared once, the same counts and the same diff.
      expect(lineChangesAndDiff(a, b, { maxLines: Infinity, context: 3 })).toEqual({ lines: counted, diff: unifiedDiff(a, b, { maxLines: Infinity }) });
    }
  });

  it("past a thousand edits, shows the changed region removed and re-added", () => {
    const before = Array.from({ length: 3_000 }, (_, index) => `line ${index}`);
    const after = before.map((line, index) => (index % 2 === 0 ? `${line}!` : line));
    const diff = unifiedDiff(lines(...before), lines(...after), { maxLines: Infinity });
    expect(applyDiff(lines(...before), diff.text)).toBe(lines(...after));
    // The counts stay the edit distance's (1,500 lines changed), not the diff's removed-and-re-added region.
    expect(lineChangesAndDiff(lines(...before), lines(...after))).toEqual({
      lines: lineChanges(lines(...before), lines(...after)),
      diff: unifiedDiff(lines(...before), lines(...after)),
    });
    expect(lineChanges(lines(...before), lines(...after))).toEqual({ added: 1_500, removed: 1_500 });
  });
});
