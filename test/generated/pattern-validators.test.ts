/**
 * Generated validators and patterns (the `patterns` golden): patterns that
 * stall a backtracking engine are checked by the inlined linear-time matcher,
 * so no single value holds up `validateInput`/`validateOutput` (bounds
 * measured here, generous); patterns of other dialects are checked without
 * `u`; and manifests without such patterns get no engine at all.
 */
import { readdir, readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as patterns from "../../golden/patterns/validate.js";
import { goldenCases } from "../helpers/golden-cases.js";
import { repoRoot } from "../helpers/typecheck.js";

/**
 * No timing is asserted (speed is measured by `npm run bench`): RegExp takes hours or more on these
 * values, so a validator that backtracked could not finish before its test's timeout.
 */
const HANG_GUARD = { timeout: 30_000 };

describe("validators with catastrophic patterns", () => {
  it("validate the issue's 30-byte argument and 28-character output, and correctly", HANG_GUARD, () => {
    // RegExp: ^(a+)+$ on 30 bytes blocked a server for 2.5 s; ^(a|a)*$ on 28 characters took 1.9 s.
    expect(patterns.validateInput("check_name", { name: `${"a".repeat(29)}!` })).toEqual({
      ok: false,
      issues: [{ path: "/name", message: 'must match pattern "^(a+)+$"' }],
    });
    expect(patterns.validateOutput("check_name", { word: `${"a".repeat(27)}!` })).toEqual({
      ok: false,
      issues: [{ path: "/word", message: 'must match pattern "^(a|a)*$"' }],
    });
    expect(patterns.validateInput("check_name", { name: "aaaa" }).ok).toBe(true);
    expect(patterns.validateOutput("check_name", { word: "aaaa" }).ok).toBe(true);
  });

  it.each<[string, () => { ok: boolean; issues?: ReadonlyArray<{ path: string }> }, string | undefined]>([
    ["name, 1 MB", () => patterns.validateInput("check_name", { name: `${"a".repeat(1_000_000)}!` }), "/name"],
    ["sentence (a lookahead), 200 KB", () => patterns.validateInput("check_name", { name: "a", sentence: `${"ab ".repeat(70_000)}!` }), "/sentence"],
    ["words (without u), 200 KB", () => patterns.validateInput("check_name", { name: "a", words: `${"ab ".repeat(70_000)}!` }), "/words"],
    [
      "a patternProperties key, 200 KB",
      () => patterns.validateInput("check_name", { name: "a", labels: { [`${"a".repeat(200_000)}!`]: "x" } }),
      // A key the pattern does not match is checked by nothing else: valid.
      undefined,
    ],
    ["word, 1 MB", () => patterns.validateOutput("check_name", { word: `${"a".repeat(1_000_000)}!` }), "/word"],
    ["trimmed (unanchored), 1 MB", () => patterns.validateOutput("check_name", { word: "a", trimmed: `${" ".repeat(1_000_000)}x` }), "/trimmed"],
  ])("answer on the worst value: %s", HANG_GUARD, (_, validate, path) => {
    const result = validate();
    expect(result.ok).toBe(path === undefined);
    expect(result.issues?.map((issue) => issue.path)).toEqual(path === undefined ? undefined : [path]);
  });

  it("give the matcher's answers where RegExp's are known", () => {
    const input = (value: Record<string, unknown>) => patterns.validateInput("check_name", { name: "a", ...value } as never);
    expect(input({ sentence: "hello big world" }).ok).toBe(true);
    expect(input({ sentence: " hello" }).ok).toBe(false);
    expect(input({ labels: { aaa: 1, "x-12": "s" } }).ok).toBe(true);
    expect(input({ labels: { aaa: "not a number" } })).toEqual({ ok: false, issues: [{ path: "/labels/aaa", message: "must be number" }] });
    expect(patterns.validateOutput("check_name", { word: "a", trimmed: "ends in spaces  " }).ok).toBe(true);
    expect(patterns.validateOutput("check_name", { word: "a", trimmed: "x" })).toEqual({
      ok: false,
      issues: [{ path: "/trimmed", message: 'must match pattern "\\s+$"' }],
    });
  });
});

describe("validators with patterns of other dialects", () => {
  it("check a pattern valid only without u as RegExp without u reads it", () => {
    expect(patterns.validateInput("check_name", { name: "a", slug: "my-slug_1" }).ok).toBe(true);
    expect(patterns.validateInput("check_name", { name: "a", slug: "not a slug" })).toEqual({
      ok: false,
      issues: [{ path: "/slug", message: 'must match pattern "^[\\w\\-\\_]+$"' }],
    });
    expect(patterns.validateInput("check_name", { name: "a", words: "two words" }).ok).toBe(true);
  });

  it("leave a pattern invalid in every dialect, or with a backreference and a catastrophe, unchecked", () => {
    expect(patterns.validateInput("check_name", { name: "a", broken: "anything", echoed: "anything" }).ok).toBe(true);
  });
});

describe("the validators and the linear-time matcher", () => {
  it("ship the matcher only where a pattern needs it, and compile each pattern as normalisation decided", async () => {
    const directory = join(repoRoot, "golden/patterns");
    const runtime = await readFile(join(directory, "validator-runtime.ts"), "utf8");
    expect(runtime).toContain("export class LinearRegExp");
    expect(runtime).not.toMatch(/^\s*import\b|\brequire\(/m);
    const modules = (await readdir(join(directory, "validators"))).map((file) => readFileSync(join(directory, "validators", file), "utf8")).join("\n");
    // Each pattern's source is a constant (its issue names it), compiled as normalisation decided.
    const compiled = (source: string) => {
      const constant = new RegExp(`const (c\\d+)=${JSON.stringify(source).replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")};`).exec(modules)?.[1];
      return new RegExp(`new (\\w+)\\(${constant},("u?")\\)`).exec(modules)?.slice(1).join(" ");
    };
    expect(compiled("^[\\w\\-\\_]+$")).toBe('RegExp ""');
    expect(compiled("^(a+)+$")).toBe('LinearRegExp "u"');
    expect(compiled("^x+$")).toBe('RegExp "u"');
    for (const { name } of goldenCases.filter((entry) => entry.name !== "patterns")) {
      for (const file of (await readdir(join(repoRoot, "golden", name), { recursive: true })).filter((entry) => entry.endsWith(".ts"))) {
        expect(await readFile(join(repoRoot, "golden", name, file), "utf8"), `${name}/${file}`).not.toContain("LinearRegExp");
      }
    }
  });
});
