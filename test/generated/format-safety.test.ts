/**
 * The format checks inlined into every `validators.ts` (`formats` in
 * templates/validator-runtime.ts). Every regex in that file passes mcpgen's
 * own backtracking detector (src/normalize/pattern-safety.ts), so that a
 * regex added later that a backtracking engine could stall on fails here; a
 * case-insensitive one is read as the classes its characters then match. The
 * checks accept exactly what ajv-formats' full formats accept, on the JSON
 * Schema Test Suite's format tests and on generated strings; and values built
 * against them, up to a scaffolded server's 4 MB body limit long, are checked
 * at once (bounds measured here, generous: the point is that nothing grows
 * with the square of the length).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fullFormats } from "ajv-formats/dist/formats.js";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { charactersOf } from "../../src/normalize/pattern-characters.js";
import { backtrackingRisk } from "../../src/normalize/pattern-safety.js";
import { parsePattern, type PatternNode } from "../../templates/linear-regexp.js";
import { formats } from "../../templates/validator-runtime.js";
import { random } from "../helpers/hostile.js";
import { DRAFTS, suitePresent, suiteRoot } from "../helpers/json-schema-suite.js";
import { repoRoot } from "../helpers/typecheck.js";

interface Literal {
  source: string;
  flags: string;
  /** Its line in the file, for messages. */
  line: number;
}

/** Every regex written in a file: `/.../flags` literals, and `RegExp` called with a string literal. */
function regexesIn(path: string): Literal[] {
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const line = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node)) {
      const close = node.text.lastIndexOf("/");
      found.push({ source: node.text.slice(1, close), flags: node.text.slice(close + 1), line: line(node) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [source, flags] = node.arguments ?? [];
      if (source !== undefined && ts.isStringLiteralLike(source)) {
        found.push({ source: source.text, flags: flags !== undefined && ts.isStringLiteralLike(flags) ? flags.text : "", line: line(node) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every BMP code unit, low surrogates before high ones so that no two form a pair. */
const BMP = String.fromCharCode(...Array.from({ length: 0x10000 }, (_, index) => index).sort((a, b) => order(a) - order(b)));
function order(unit: number): number {
  if (unit >= 0xdc00 && unit <= 0xdfff) return unit - 0x400;
  if (unit >= 0xd800 && unit <= 0xdbff) return unit + 0x400;
  return unit;
}

/**
 * A class matching what `atom` (one character or class) matches with `flags`, `i` among them:
 * the BMP characters RegExp says it matches, and with `astral` (it matches a character beyond
 * the BMP without `i`) every character beyond the BMP: case folding maps none across the BMP's edge.
 */
function foldedClass(atom: string, flags: string, astral: boolean): string {
  const unicode = flags.includes("u");
  const units = [...BMP.matchAll(new RegExp(atom, `${flags}g`))].map((match) => match[0].charCodeAt(0)).sort((a, b) => a - b);
  const ranges: Array<[number, number]> = [];
  for (const unit of units) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && last[1] === unit - 1) last[1] = unit;
    else ranges.push([unit, unit]);
  }
  if (unicode && astral) ranges.push([0x10000, 0x10ffff]);
  const write = (code: number) => (unicode ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`);
  return `[${ranges.map(([low, high]) => (low === high ? write(low) : `${write(low)}-${write(high)}`)).join("")}]`;
}

/**
 * A pattern without `i` that matches every text the pattern matches with `i` (and the same
 * way): each character and class written as the class of what it then matches. This is what
 * the backtracking analysis, which knows no flags but `u`, reads a case-insensitive regex as.
 */
function withoutIgnoreCase(source: string, flags: string): string {
  const unicode = flags.includes("u");
  const atoms: Array<{ start: number; end: number; astral: boolean }> = [];
  const visit = (node: PatternNode): void => {
    if (node.type === "char") atoms.push({ start: node.start, end: node.end, astral: node.char > 0xffff });
    else if (node.type === "set") atoms.push({ start: node.start, end: node.end, astral: charactersOf(node.source, unicode).some((code) => code > 0xffff) });
    else if ("body" in node) visit(node.body);
    else if ("items" in node) node.items.forEach(visit);
  };
  visit(parsePattern(source, unicode));
  let folded = source;
  for (const { start, end, astral } of atoms.sort((a, b) => b.start - a.start))
    folded = `${folded.slice(0, start)}${foldedClass(source.slice(start, end), flags, astral)}${folded.slice(end)}`;
  return folded;
}

const riskOf = (source: string, flags: string) => backtrackingRisk(flags.includes("i") ? withoutIgnoreCase(source, flags) : source, flags.includes("u"));

describe("the regexes of the format checks", () => {
  /** The templates whose code runs on the values a validator checks. */
  const runtime = ["templates/validator-runtime.ts", "templates/unique-items.ts"];

  it("are all found in templates/validator-runtime.ts (and unique-items.ts), and none can stall a backtracking engine", () => {
    const regexes = runtime.flatMap((path) => regexesIn(join(repoRoot, path)).map((regex) => ({ ...regex, where: `${path}:${regex.line}` })));
    // Every regex format (duration, uri, uri-reference, uri-template, url, email, hostname, ipv4, ipv6,
    // uuid, the json pointers, byte) and the regexes the other checks use.
    expect(regexes.length).toBeGreaterThanOrEqual(20);
    const risky = regexes.flatMap(({ source, flags, where }) => {
      const risk = riskOf(source, flags);
      return risk === undefined ? [] : [`${where}: /${source.length > 60 ? `${source.slice(0, 60)}…` : source}/${flags}: ${risk.growth}, ${risk.cause}`];
    });
    expect(risky).toEqual([]);
  });

  it("would be flagged as ajv-formats writes url, and with `i` read as the classes it makes", () => {
    const url = fullFormats.url as RegExp;
    expect(riskOf(url.source, url.flags)).toMatchObject({ growth: "polynomial" });
    // Two loops apart without `i` overlap with it: the reading must not lose that.
    expect(riskOf("^[a-z]+[A-Z]*$", "")).toBeUndefined();
    expect(riskOf("^[a-z]+[A-Z]*$", "i")).toMatchObject({ growth: "polynomial" });
    // Under `iu`, K and ſ are k and s: U+212A then overlaps [a-z].
    expect(riskOf("^[a-z]+\\u212a*$", "u")).toBeUndefined();
    expect(riskOf("^[a-z]+\\u212a*$", "iu")).toMatchObject({ growth: "polynomial" });
  });
});

/** ajv-formats' check of a format, as ajv runs it (a RegExp, a function, `{ validate }`, or `true`). */
function ajvFormat(name: string): (text: string) => boolean {
  const format = (fullFormats as Record<string, unknown>)[name];
  if (format instanceof RegExp) return (text) => ((format.lastIndex = 0), format.test(text));
  if (typeof format === "function") return format as (text: string) => boolean;
  if (format === true) return () => true;
  const validate = (format as { validate: RegExp | ((text: string) => boolean) }).validate;
  return validate instanceof RegExp ? (text) => validate.test(text) : validate;
}

const stringFormats = Object.entries(formats).flatMap(([name, check]) => (typeof check === "function" ? [[name, check] as const] : []));
const url = formats["url"] as (text: string) => boolean;
/**
 * Formats whose mcpgen check is stricter than ajv-formats' on purpose: ajv-formats' `byte` regex has
 * the `m` flag, so that it accepts any text with one line of base64 (`"!!!\n"`, whose empty last line is one).
 */
const NOT_AS_AJV_FORMATS = new Set(["byte"]);

describe("the format checks accept what ajv-formats' full formats accept", () => {
  const suiteFiles = suitePresent
    ? DRAFTS.flatMap((draft) => {
        const directory = join(suiteRoot, "tests", draft, "optional", "format");
        return existsSync(directory)
          ? readdirSync(directory)
              .filter((name) => name.endsWith(".json"))
              .map((name) => join(directory, name))
          : [];
      })
    : [];
  if (!suitePresent) console.warn(`JSON Schema Test Suite format tests skipped: ${suiteRoot} does not exist (CI places ../shared beside the checkout)`);

  it.skipIf(!suitePresent)("on every string of the JSON Schema Test Suite's format tests (all drafts)", () => {
    const disagreements: string[] = [];
    let compared = 0;
    for (const path of suiteFiles) {
      for (const group of JSON.parse(readFileSync(path, "utf8")) as Array<{ schema: { format?: string }; tests: Array<{ data: unknown }> }>) {
        const name = group.schema.format;
        if (name === undefined || !(name in formats) || !(name in fullFormats)) continue;
        const ours = formats[name] as (text: string) => boolean;
        for (const { data } of group.tests) {
          if (typeof data !== "string") continue;
          compared++;
          if (ours(data) !== ajvFormat(name)(data)) disagreements.push(`${name}: ${JSON.stringify(data)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(1000);
  });

  it("on urls built from their parts and then mutated (200,000, of which about a tenth valid)", () => {
    const next = random(2026);
    const pick = <T>(options: readonly T[]) => options[Math.floor(next() * options.length)]!;
    const schemes = ["http://", "https://", "ftp://", "HTTP://", "hTtPs://", "httpſ://", "mailto:", "http:/", "", "http://http://"];
    const userinfos = ["", "", "user@", "u:p@", "a@b@", ":@", "@", "user:pa ss@", "x/y@", "a:b:c@", "é@", "\u3000@", "a\tb@", "\u{1f600}@"];
    const hosts = [
      "example.com",
      "a.b.c.de",
      "xn--d1acufc.xn--p1ai",
      "例え.テスト",
      "10.0.0.1",
      "192.168.1.1",
      "172.16.0.1",
      "172.32.0.1",
      "1.2.3.4",
      "223.255.255.254",
      "224.0.0.1",
      "0.0.0.0",
      "a-b.com",
      "-a.com",
      "a.c",
      "localhost",
      "a..com",
      "a.com.",
      "1.1.1.1.1",
      "a\u3000b.com",
      "\u212a.com",
      "ſ.com",
      "a.b-c.de",
      "1.2.3",
      "a.1b",
      "127.0.0.1",
      "169.254.1.1",
      "",
    ];
    const ports = ["", "", ":80", ":8080", ":1", ":123456", ":", ":12345"];
    const paths = ["", "", "/", "/a/b?c=d#e", "/ x", "/@x", "/a@b.com", "/\u3000", "?q", "#f", "//", "/x@y.com/z"];
    const noise = ["@", "/", ":", ".", "-", " ", "\u3000", "a", "0", "1", "é", "\u{1f600}", "?", "#", "%"];
    const check = ajvFormat("url");
    const disagreements: string[] = [];
    let valid = 0;
    for (let round = 0; round < 200_000; round++) {
      let text = pick(schemes) + pick(userinfos) + pick(hosts) + pick(ports) + pick(paths);
      if (next() < 0.5) {
        const characters = [...text];
        for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
          const at = Math.floor(next() * (characters.length + 1));
          const edit = next();
          if (edit < 0.4) characters.splice(at, 0, pick(noise));
          else if (edit < 0.7) characters.splice(at, 1);
          else characters[at] = pick(noise);
        }
        text = characters.join("");
      }
      const expected = check(text);
      if (expected) valid++;
      if (url(text) !== expected) disagreements.push(JSON.stringify(text));
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
    expect(valid).toBeGreaterThan(10_000);
  });

  it.each(stringFormats.filter(([name]) => !NOT_AS_AJV_FORMATS.has(name)))("%s, on 5,000 random short strings", (name, check) => {
    const next = random(name.length * 7919);
    const alphabet = [
      ..."0123456789abcdefzAFZTtPWYMDHS:-./@#%?~[]{},;=+*_!$&'()\"<>\\^`| \t\n\u3000é",
      "::",
      "://",
      "http",
      "urn:uuid:",
      "~0",
      "~1",
      "%2F",
      "\u{1f600}",
    ];
    const ours = check as (text: string) => boolean;
    const theirs = ajvFormat(name);
    const disagreements: string[] = [];
    for (let round = 0; round < 5000; round++) {
      const text = Array.from({ length: Math.floor(next() * 16) }, () => alphabet[Math.floor(next() * alphabet.length)]!).join("");
      if (ours(text) !== theirs(text)) disagreements.push(JSON.stringify(text));
    }
    expect(disagreements).toEqual([]);
  });
});

describe("the format checks on values built against them", () => {
  // No timing is asserted (speed is measured by `npm run bench`): ajv-formats' url regex took 0.45 s
  // on 8,000 colons and grows with the square, so a check like it could not answer on these
  // megabytes before the test's timeout.
  const HANG_GUARD = { timeout: 60_000 };

  it("checks url on the issue's value, 4 MB long", HANG_GUARD, () => {
    for (const value of [
      `http://${":".repeat(4_000_000)}`,
      `http://${"@".repeat(4_000_000)}`,
      `http://${"a@/".repeat(1_300_000)}`,
      `http://a.com/${" ".repeat(4_000_000)}`,
    ]) {
      expect(url(value)).toBe(false);
    }
  });

  it("checks every format on 256 KB values made of the pieces their regexes take apart, as on 4 KB ones", HANG_GUARD, () => {
    const prefixes = ["", "http://", "ftp://a@", "a://", "#/", "1", "2020-01-01T", "P"];
    const pieces = [":", "@", "/", "a", "0", "-", "%0", "~0", "a.", "0.", "1Y", " ", "AA==", "::"];
    const values = prefixes.flatMap((prefix) =>
      pieces.map((piece) => ({
        value: `${prefix}${piece.repeat(Math.ceil(256_000 / piece.length))}!`,
        // The same value, shorter: every check's verdict is the same (each is past every length limit).
        short: `${prefix}${piece.repeat(Math.ceil(4_000 / piece.length))}!`,
        what: `${JSON.stringify(prefix)} + ${JSON.stringify(piece)} × n + "!"`,
      })),
    );
    const disagreements: string[] = [];
    for (const [name, check] of stringFormats) {
      for (const { value, short, what } of values) {
        const verdict = (check as (text: string) => boolean)(value);
        if (verdict !== (check as (text: string) => boolean)(short)) disagreements.push(`${name} on ${what}: ${verdict}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
