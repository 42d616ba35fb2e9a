/**
 * templates/linear-regexp.ts, the matcher inlined into validators whose
 * patterns a backtracking engine could stall on: the same answers as native
 * RegExp (differentially, on inputs short enough for RegExp to answer), with
 * and without `u`, and bounded time on the inputs that stall RegExp.
 */
import { describe, expect, it } from "vitest";
import { LinearRegExp, parsePattern, PatternNotLinear } from "../../templates/linear-regexp.js";

/** A small deterministic generator (mulberry32), so that a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATOMS = [
  "a",
  "b",
  ".",
  "[ab]",
  "[^a]",
  "\\w",
  "\\W",
  "\\d",
  "\\s",
  "[a-c\\d]",
  "\\.",
  "😀",
  "[😀a]",
  "\\u{1F600}",
  "\\uD83D",
  "é",
  "\\x61",
  "\\n",
  "[^]",
  "[]",
];
const ASSERTIONS = ["^", "$", "\\b", "\\B"];
const QUANTIFIERS = ["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "*?", "+?", "??", "{2,3}?"];

function randomPattern(next: () => number, depth = 0): string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const terms = 1 + Math.floor(next() * 3);
  const alternatives = next() < 0.25 ? 2 : 1;
  const parts: string[] = [];
  for (let alternative = 0; alternative < alternatives; alternative++) {
    let sequence = "";
    for (let term = 0; term < terms; term++) {
      const roll = next();
      let atom: string;
      if (roll < 0.12) {
        sequence += pick(ASSERTIONS);
        continue;
      } else if (roll < 0.3 && depth < 2) {
        atom = `(${pick(["", "?:", "?<n" + depth + term + alternative + ">"])}${randomPattern(next, depth + 1)})`;
      } else if (roll < 0.38 && depth < 2) {
        sequence += `(${pick(["?=", "?!", "?<=", "?<!"])}${randomPattern(next, depth + 1)})`;
        continue;
      } else {
        atom = pick(ATOMS);
      }
      sequence += atom + (next() < 0.45 ? pick(QUANTIFIERS) : "");
    }
    parts.push(sequence);
  }
  return parts.join("|");
}

const TEXT_PIECES = ["a", "b", "c", "1", " ", ".", "\n", "é", "😀", "\uD83D", "\uDE00", "_"];

function randomText(next: () => number): string {
  const length = Math.floor(next() * 9);
  let text = "";
  for (let index = 0; index < length; index++) text += TEXT_PIECES[Math.floor(next() * TEXT_PIECES.length)];
  return text;
}

/**
 * RegExp's answer as ECMAScript defines it: a match tried at every position in turn, with `u` at
 * code point boundaries only (its input is a list of code points, ES2024 22.2.7). V8's own
 * search also tries the middle of a surrogate pair with `u` (`/\B/u.test("a😀a")` is true in V8,
 * false by the specification), so the reference runs V8 sticky, once per position.
 */
function reference(source: string, flags: string, text: string): boolean {
  const sticky = new RegExp(source, `${flags}y`);
  for (let position = 0; position <= text.length; position++) {
    const code = text.charCodeAt(position - 1);
    const low = text.charCodeAt(position);
    if (flags === "u" && code >= 0xd800 && code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) continue;
    sticky.lastIndex = position;
    if (sticky.test(text)) return true;
  }
  return false;
}

function compiles(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

describe("LinearRegExp answers as RegExp does", () => {
  it.each(["u", ""])("on 600 random patterns with flags %j, 24 texts each", (flags) => {
    const next = random(flags === "u" ? 1 : 2);
    let compared = 0;
    for (let index = 0; index < 600; index++) {
      const source = randomPattern(next);
      if (!compiles(source, flags)) continue;
      const linear = new LinearRegExp(source, flags);
      for (let sample = 0; sample < 24; sample++) {
        const text = randomText(next);
        expect(linear.test(text), `/${source}/${flags}.test(${JSON.stringify(text)})`).toBe(reference(source, flags, text));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(8_000);
  });

  it.each<[string, string, string[]]>([
    // u: a surrogate pair is one character; without u, two code units.
    ["^.$", "u", ["😀", "\uD83D", "\uDE00", "a", "ab", ""]],
    ["^.$", "", ["😀", "\uD83D", "a"]],
    ["^..$", "", ["😀", "ab"]],
    ["^\\uD83D", "u", ["😀", "\uD83D", "\uD83Dx"]],
    ["^\\uD83D", "", ["😀", "\uD83D"]],
    ["\\uDE00", "u", ["😀", "\uDE00", "a\uDE00"]],
    ["^[😀]$", "u", ["😀", "\uD83D"]],
    ["^[😀]$", "", ["😀", "\uD83D", "\uDE00"]],
    ["^\\uD83D\\uDE00$", "u", ["😀"]],
    ["^\\u{1F600}+$", "u", ["😀😀", "😀\uD83D"]],
    ["^\\p{L}+$", "u", ["héllo", "h3llo", "日本"]],
    ["^\\P{L}$", "u", ["1", "a", "😀"]],
    // Annex B, without u: these are literals or identity escapes.
    ["^[\\w\\-\\_]+$", "", ["a-b_c", "a b", ""]],
    ["a{", "", ["a{", "a"]],
    ["x{,3}", "", ["x{,3}", "xxx"]],
    ["^]$", "", ["]"]],
    ["^\\a\\e$", "", ["ae"]],
    ["^\\u{2}$", "", ["uu", "u{2}"]],
    ["^\\x4$", "", ["x4"]],
    ["^\\cJ$", "u", ["\n", "cJ"]],
    ["^\\0$", "u", ["\0", "0"]],
    ["(?=a)*b", "", ["b", "ab"]],
    ["\\k", "", ["k"]],
    // Word boundaries, anchors, lookarounds, lazy quantifiers, empty loops.
    ["\\bcat\\b", "u", ["a cat!", "concat", "cat", "cats"]],
    ["\\Bcat\\B", "u", ["concatenate", "cat"]],
    ["^(?=.*\\d)(?=.*[a-z])[a-z\\d]{4,}$", "u", ["ab12", "abcd", "1234", "a1"]],
    ["(?<!\\$)\\b\\d+", "u", ["$12", "x 12", "$"]],
    ["(?<=(?<!a)b)c", "u", ["bc", "abc", "c"]],
    ["^(?:a|b)*?c$", "u", ["ababc", "abab"]],
    ["^(a*)*$", "u", ["", "aaa", "aab"]],
    ["^(?:|a)+b$", "u", ["b", "aab"]],
    ["^(a|ab)(c|bcd)(d*)$", "u", ["abcd", "abcdd", "acd"]],
    ["^a{0}b$", "u", ["b", "ab"]],
    ["[]", "u", ["a", ""]],
    ["[^]", "u", ["\n", ""]],
  ])("/%s/%s", (source, flags, texts) => {
    const native = new RegExp(source, flags);
    const linear = new LinearRegExp(source, flags);
    for (const text of texts) {
      expect(linear.test(text), JSON.stringify(text)).toBe(native.test(text));
      expect(linear.test(text), JSON.stringify(text)).toBe(reference(source, flags, text));
    }
  });

  it("tries no position inside a surrogate pair with u, as the specification says (V8 does)", () => {
    expect(new LinearRegExp("\\B", "u").test("a😀a")).toBe(false);
    expect(reference("\\B", "u", "a😀a")).toBe(false);
    expect(new LinearRegExp("\\B", "").test("a😀a")).toBe(true);
  });

  it("refuses what cannot be matched in linear time, and what is not a pattern", () => {
    expect(() => new LinearRegExp("^(a+)\\1$", "u")).toThrow(PatternNotLinear);
    expect(() => new LinearRegExp("^(?<x>a)\\k<x>$", "u")).toThrow(PatternNotLinear);
    expect(() => new LinearRegExp("(a", "u")).toThrow(SyntaxError);
    expect(() => new LinearRegExp("a", "g")).toThrow(PatternNotLinear);
  });

  it("parses repetitions with their bounds and laziness", () => {
    expect(parsePattern("a{2,5}?", true)).toMatchObject({ type: "repeat", min: 2, max: 5, greedy: false, body: { type: "char", char: 97 } });
    expect(parsePattern("(?:ab)+", true)).toMatchObject({ type: "repeat", min: 1, max: Infinity, greedy: true, body: { type: "group", capture: undefined } });
  });
});

describe("LinearRegExp on the texts that stall RegExp", () => {
  // No timing is asserted (speed is measured by `npm run bench`): RegExp takes hours or more on
  // these texts, so a matcher that backtracked could not answer before the test's timeout.
  const HANG_GUARD = { timeout: 30_000 };

  it.each<[string, string, string, boolean]>([
    ["^(a+)+$", "u", `${"a".repeat(100_000)}!`, false],
    ["^(a|a)*$", "u", `${"a".repeat(100_000)}!`, false],
    ["^(a|a)*$", "u", "a".repeat(100_000), true],
    ["^(\\w+\\s?)*$", "u", `${"ab ".repeat(30_000)}!`, false],
    ["a+b", "u", "a".repeat(200_000), false],
    ["\\s+$", "u", `${" ".repeat(200_000)}x`, false],
    ["^[a-z]+[a-z0-9]*$", "u", `${"a".repeat(200_000)}!`, false],
    ["^(?:(?=.*a).)*$", "u", `${"a".repeat(100_000)}b`, false],
    ["^(([a-z])+.)+[A-Z]([a-z])+$", "", `${"aaaa".repeat(25_000)}!`, false],
    ["(x+x+)+y", "u", "x".repeat(100_000), false],
    ["^(a|a){1,2000}$", "u", `${"a".repeat(100_000)}!`, false],
    ["(a|a){1,1000}b", "u", "a".repeat(100_000), false],
  ])("/%s/%s on %#", HANG_GUARD, (source, flags, text, expected) => {
    expect(new LinearRegExp(source, flags).test(text)).toBe(expected);
  });

  it("answers on a text of many distinct characters (each class computed once)", HANG_GUARD, () => {
    const pattern = new LinearRegExp("^([\\p{L}\\d]+[-\\s]?)+$", "u");
    let text = "";
    for (let code = 0x4e00; code < 0x4e00 + 20_000; code++) text += String.fromCharCode(code);
    expect(pattern.test(`${text}!`)).toBe(false);
    expect(pattern.test(text)).toBe(true);
  });
});

describe("LinearRegExp beyond its DFA", () => {
  it("simulates a program that consults more than 8 lookarounds, word boundaries included", () => {
    const source = `${"(?=\\w)".repeat(5)}${"(?!\\d)".repeat(5)}\\w+\\b`;
    const native = new RegExp(source, "u");
    const linear = new LinearRegExp(source, "u");
    for (const text of ["abc", "1abc", "12", " x", "", "a1"]) expect(linear.test(text), text).toBe(native.test(text));
    const ending = new LinearRegExp(`${"(?=.)".repeat(9)}a\\b`, "u");
    expect(ending.test("ba")).toBe(true);
    expect(ending.test("ab")).toBe(false);
  });
});
