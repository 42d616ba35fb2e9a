/** test/sequencer.ts: two test files that need the shared scaffold install never start side by side. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { needsSharedInstall, staggerSharedInstall } from "./helpers/install-order.js";
import { repoRoot } from "./helpers/typecheck.js";

describe("the order of the files that need the shared install", () => {
  const needs = (file: string) => file.startsWith("install:");
  it.each<[string, string[], string[]]>([
    [
      "the second of two at the start goes after the next file that does not need it",
      ["install:a", "install:b", "install:c", "x", "y"],
      ["install:a", "x", "install:b", "install:c", "y"],
    ],
    ["one at the start: unchanged", ["install:a", "x", "install:b"], ["install:a", "x", "install:b"]],
    ["none at the start: unchanged", ["x", "install:a", "install:b"], ["x", "install:a", "install:b"]],
    ["no other file to start beside the first: unchanged", ["install:a", "install:b", "install:c"], ["install:a", "install:b", "install:c"]],
    ["two files: unchanged", ["install:a", "install:b"], ["install:a", "install:b"]],
  ])("%s", (_, given, want) => {
    expect(staggerSharedInstall(given, needs)).toEqual(want);
  });

  it("tells the scaffold files that install from the others", () => {
    expect(needsSharedInstall(join(repoRoot, "test/scaffold/scaffold-typecheck.test.ts"))).toBe(true);
    expect(needsSharedInstall(join(repoRoot, "test/scaffold/scaffold-install.test.ts"))).toBe(true);
    expect(needsSharedInstall(join(repoRoot, "test/pull/pull-faults.test.ts"))).toBe(false);
    expect(needsSharedInstall(join(repoRoot, "test/scaffold/scaffold-runtime.test.ts"))).toBe(false);
  });
});
