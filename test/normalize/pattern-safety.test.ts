/**
 * Which patterns are validated how (src/normalize/patterns.ts), and the
 * detector of patterns that stall a backtracking engine
 * (src/normalize/pattern-safety.ts), as a table of verdicts. Every pattern
 * the detector passes as safe is also run natively on texts built to stall it,
 * which must not take long.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/shared/errors.js";
import { charactersOf } from "../../src/normalize/pattern-characters.js";
import { backtrackingRisk } from "../../src/normalize/pattern-safety.js";
import { LinearRegExp } from "../../templates/linear-regexp.js";
import { checkPattern, decidePattern } from "../../src/normalize/patterns.js";
import { corpusAvailable, corpusDir, corpusSkipReason } from "../helpers/scaffold-project.js";

type Verdict = "safe" | "exponential" | "polynomial";

const TABLE: Array<[pattern: string, verdict: Verdict]> = [
  // Nested quantifiers, and quantified alternatives that overlap: exponential.
  ["^(a+)+$", "exponential"],
  ["^(a|a)*$", "exponential"],
  ["^(a*)*$", "exponential"],
  ["^(a|aa)+$", "exponential"],
  ["^(\\w+\\s?)*$", "exponential"],
  ["(\\w+)+x", "exponential"],
  ["^(a{1,2}){1,30}$", "exponential"],
  ["^(a|a){30}$", "exponential"],
  ["(?:(a|a)*x)?", "exponential"],
  ["^([a-z]+)+(?=x)", "exponential"],
  ["^(?=(a+)+$)", "exponential"],
  ["(.*a){12}", "exponential"],
  ["^(([a-z])+.)+[A-Z]([a-z])+$", "exponential"],
  // Adjacent quantifiers that overlap, or a leading one retried from every position: polynomial.
  ["^\\d+\\d+$", "polynomial"],
  ["^\\d*\\d*\\d*$", "polynomial"],
  ["^[a-z]+[a-z0-9]*$", "polynomial"],
  ["a+b", "polynomial"],
  ["\\s+$", "polynomial"],
  ["[a-z]+@", "polynomial"],
  ["^(\\w+\\s?){3}$", "polynomial"],
  ["^(?:(?=.*a).)*$", "polynomial"],
  ["^(\\d+)\\1$", "polynomial"],
  ["^.*,.*,.*$", "polynomial"],
  // Safe: one way to match, or success as soon as a quantifier is entered.
  ["^(a?)+$", "safe"],
  ["^(a|)+$", "safe"],
  ["(a|a)*", "safe"],
  ["\\d+", "safe"],
  ["^(ab|a)*c$", "safe"],
  ["^[a-zA-Z0-9_-]+$", "safe"],
  ["^\\d{4}-\\d{2}-\\d{2}$", "safe"],
  ["^e[1-9][0-9]*$", "safe"],
  ["^[a-z]+@[a-z]+\\.com$", "safe"],
  ["^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$", "safe"],
  ["^((25[0-5]|2[0-4]\\d|[01]?\\d\\d?)\\.){3}(25[0-5]|2[0-4]\\d|[01]?\\d\\d?)$", "safe"],
  ["^(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])\\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9])$", "safe"],
  ["^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$", "safe"],
  ["^[a-zA-Z0-9_.-]+\\.(png|svg|gif)$", "safe"],
  ["^I?\\d+[:|-]\\d+(?:;\\d+[:|-]\\d+)*$", "safe"],
  ["^[^@]+@[^@]+$", "safe"],
  ["^\\p{L}+(?: \\p{L}+)*$", "safe"],
];

describe("backtrackingRisk", () => {
  it.each(TABLE)("%s: %s", (pattern, verdict) => {
    expect(backtrackingRisk(pattern, true)?.growth ?? "safe").toBe(verdict);
  });

  it("names the cause in the pattern's own text", () => {
    expect(backtrackingRisk("^x(a+)+$", true)).toEqual({
      growth: "exponential",
      cause: "the repetition `(a+)+`, which can match the same text in more than one way",
    });
    expect(backtrackingRisk("^[a-z]+[a-z0-9]*$", true)).toEqual({
      growth: "polynomial",
      cause: "`[a-z]+` followed by `[a-z0-9]*`, which can match the same text",
    });
    expect(backtrackingRisk("a+b", true)?.cause).toBe(
      "the search from every position (the pattern does not start with `^`) followed by `a+`, which can match the same text",
    );
  });

  // A backtracking engine on the worst text for each shape: the safe verdicts hold in practice. No
  // timing is asserted (speed is measured by `npm run bench`): on texts of 200,000 units, even a
  // quadratic search takes minutes, past the test's timeout; RegExp's verdict is compared to the matcher's.
  const safe = TABLE.filter(([, verdict]) => verdict === "safe").map(([pattern]) => pattern);
  it.each(safe)("%s runs natively on texts built to stall it", { timeout: 30_000 }, (pattern) => {
    const regex = new RegExp(pattern, "u");
    const linear = new LinearRegExp(pattern, "u");
    for (const unit of ["a", "1", "a.", "a-", "ab", " ", "@", "a1", "ä"]) {
      const text = `${unit.repeat(200_000)}!`;
      expect(regex.test(text), JSON.stringify(unit)).toBe(linear.test(text));
    }
  });

  it.each([`^(${"a|".repeat(500)}b)+$`, `^${"\\w*".repeat(400)}!$`, `^${"[ab]*[bc]*".repeat(50)}$`, `(?:(?:a|b|c)*x)`.repeat(100)])(
    "gives a large hostile pattern a verdict, flagged when it cannot finish (%#)",
    { timeout: 30_000 },
    (pattern) => {
      expect(backtrackingRisk(pattern, true)?.growth).toBe("polynomial");
    },
  );

  it("reads class contents exactly, asking RegExp for what it does not take apart", () => {
    expect(charactersOf("[a-c\\d_]")).toEqual([48, 57, 95, 95, 97, 99]);
    expect(charactersOf("[^\\u{0}-\\u{10fffe}]")).toEqual([0x10ffff, 0x10ffff]);
    expect(charactersOf("[^\\u0000-\\uFFFF]")).toEqual([0x10000, 0x10ffff]);
    // Asked of RegExp: the BMP letters exactly, everything beyond the BMP.
    const letters = charactersOf("\\p{L}");
    expect(letters.slice(0, 4)).toEqual([65, 90, 97, 122]);
    expect(letters.slice(-2)).toEqual([0x10000, 0x10ffff]);
    expect(charactersOf("[\\c]", false)).toEqual([92, 92, 99, 99, 0x10000, 0x10ffff]);
    expect(charactersOf("[😀]", true)).toEqual([0x1f600, 0x1f600]);
    expect(charactersOf("[😀]", false)).toEqual([0xd83d, 0xd83d, 0xde00, 0xde00]);
    expect(charactersOf(".")).toEqual([0, 9, 11, 12, 14, 8231, 8234, 0x10ffff]);
  });

  it.skipIf(!corpusAvailable)(
    `analyses every corpus pattern within its budget, and finds none of them risky${corpusAvailable ? "" : ` (skipped: ${corpusSkipReason})`}`,
    () => {
      const patterns = new Set<string>();
      const collect = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(collect);
        else if (typeof value === "object" && value !== null) {
          for (const [key, item] of Object.entries(value)) {
            if (key === "pattern" && typeof item === "string") patterns.add(item);
            if (key === "patternProperties" && typeof item === "object" && item !== null) Object.keys(item).forEach((name) => patterns.add(name));
            collect(item);
          }
        }
      };
      for (const file of readdirSync(corpusDir).filter((name) => name.endsWith(".json"))) collect(JSON.parse(readFileSync(join(corpusDir, file), "utf8")));
      expect(patterns.size).toBeGreaterThan(10);
      const risky = [...patterns].filter((pattern) => decidePattern(pattern).mode !== undefined || !decidePattern(pattern).kept);
      expect(risky).toEqual([]);
    },
  );
});

describe("how a pattern is validated", () => {
  const decide = (pattern: string) => {
    const diagnostics: Diagnostic[] = [];
    const kept = checkPattern(pattern, "pattern", { file: "m.json", tool: "t", pointer: "/tools/0/inputSchema/pattern" }, diagnostics);
    return { kept, mode: decidePattern(pattern).mode, diagnostics };
  };

  it("valid with u: compiled with u, silently", () => {
    expect(decide("^[a-z]+$")).toEqual({ kept: true, mode: undefined, diagnostics: [] });
  });

  it("valid only without u (Python's escapes): compiled without, with a warning at the pattern", () => {
    const { kept, mode, diagnostics } = decide("^[\\w\\-\\_]+$");
    expect({ kept, mode }).toEqual({ kept: true, mode: "legacy" });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "pattern-dialect",
        file: "m.json",
        tool: "t",
        pointer: "/tools/0/inputSchema/pattern",
        message: expect.stringMatching(
          /^pattern "\^\[\\\\w\\\\-\\\\_\]\+\$" is not a valid Unicode regular expression \(.+\), but is one without the u flag: validated without it$/,
        ),
      }),
    ]);
  });

  it("invalid either way: a warning, and not validated", () => {
    const { kept, diagnostics } = decide("^(a");
    expect(kept).toBe(false);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["pattern-invalid"]);
    expect(diagnostics[0]!.message).toMatch(
      /^pattern "\^\(a" is not a valid ECMAScript regular expression, with the u flag or without \(.+\); it is not validated$/,
    );
  });

  it("catastrophic: the linear-time matcher, with a warning naming the cause", () => {
    const { kept, mode, diagnostics } = decide("^(a+)+$");
    expect({ kept, mode }).toEqual({ kept: true, mode: "linear" });
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        "pattern-backtracking",
        'pattern "^(a+)+$" can take a backtracking regex engine time exponential in the length of the text it checks, through the repetition `(a+)+`, which can match the same text in more than one way; it is checked with mcpgen\'s linear-time matcher instead of RegExp',
      ],
    ]);
  });

  it("catastrophic and valid only without u: both warnings, the linear matcher without u", () => {
    const { kept, mode, diagnostics } = decide("^([\\w\\_]+)+$");
    expect({ kept, mode }).toEqual({ kept: true, mode: "linear-legacy" });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["pattern-dialect", "pattern-backtracking"]);
  });

  it("catastrophic with a backreference, which no linear matcher runs: a warning, and not validated", () => {
    const { kept, diagnostics } = decide("^(a+)+\\1$");
    expect(kept).toBe(false);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["pattern-invalid"]);
    expect(diagnostics[0]!.message).toMatch(/no linear-time matcher can run it \(a backreference cannot be matched in linear time\), so it is not validated$/);
  });
});
