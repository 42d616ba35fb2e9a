/**
 * templates/uri-template-match.ts: URI templates read backwards, as a
 * scaffold routes `resources/read`. Every expansion of the official test
 * suite (../shared/uritemplate-test, spec examples and extended tests;
 * skipped, saying so, when absent) matches its template, with values that
 * expand to the same URI; the shapes MCP servers use, optional parameters
 * left out, what does not match, hostile names, and a crafted URI that would
 * make a backtracking matcher run for ever.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { expandUriTemplate, parseUriTemplate } from "../../templates/uri-template.js";
import { percentDecode, uriTemplateMatcher } from "../../templates/uri-template-match.js";
import { repoRoot } from "../helpers/typecheck.js";

const suiteDir = resolve(repoRoot, "../shared/uritemplate-test");
const suitePresent = existsSync(suiteDir);

interface SuiteGroup {
  variables: Record<string, unknown>;
  testcases: Array<[string, string | string[] | false]>;
}

/**
 * Every case of the suite's spec examples and extended tests that expands (not the negative ones),
 * and whether it gives a list or a map to a variable it does not explode: a match gives such a
 * variable the string its members joined with commas make (its type, string, admits nothing else).
 */
function expansions(): Array<[string, string, boolean]> {
  const cases: Array<[string, string, boolean]> = [];
  for (const file of ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json"]) {
    const groups = JSON.parse(readFileSync(join(suiteDir, file), "utf8")) as Record<string, SuiteGroup>;
    for (const group of Object.values(groups)) {
      for (const [template, expected] of group.testcases) {
        if (expected === false) continue;
        const expansion = expandUriTemplate(template, group.variables);
        const joined = parseUriTemplate(template).some(
          (part) =>
            !("literal" in part) &&
            part.variables.some(
              (variable) => !variable.explode && typeof group.variables[variable.name] === "object" && group.variables[variable.name] !== null,
            ),
        );
        cases.push([template, expansion, joined]);
      }
    }
  }
  return cases;
}

describe.skipIf(!suitePresent)(
  `every expansion of the URI Template test suite matches its template${suitePresent ? "" : " (skipped: ../shared/uritemplate-test is absent)"}`,
  () => {
    const cases = suitePresent ? expansions() : [];

    it("has the cases", () => {
      expect(cases.length).toBeGreaterThan(200);
    });

    it.each(cases)("%s → %s", (template, uri, joined) => {
      // Undefined variables stay undefined here: "" expands to a separator where undefined expands to nothing ({x,undef}).
      const matched = uriTemplateMatcher(template).match(uri, { fillRequired: false });
      expect(matched, `no match of ${uri}`).toBeDefined();
      // Several values may expand to one URI: the match is right when it expands back, its joined strings' commas encoded.
      const back = expandUriTemplate(template, matched!);
      if (joined) expect(back.replaceAll("%2C", ",")).toBe(uri.replaceAll("%2C", ","));
      else expect(back).toBe(uri);
    });
  },
);

describe("uriTemplateMatcher", () => {
  const match = (template: string, uri: string) => {
    const found = uriTemplateMatcher(template).match(uri);
    return found === undefined ? undefined : { ...found };
  };

  it("reads the variables of the templates MCP servers list", () => {
    expect(match("demo://resource/dynamic/text/{resourceId}", "demo://resource/dynamic/text/42")).toEqual({ resourceId: "42" });
    expect(match("test://template/{id}/data", "test://template/123/data")).toEqual({ id: "123" });
    expect(match("file:///{+path}", "file:///home/me/notes%20today.md")).toEqual({ path: "home/me/notes today.md" });
    expect(match("search://{query}{?limit,offset}", "search://cats?offset=20")).toEqual({ query: "cats", offset: "20" });
    expect(match("users://{userId}/profile", "users://a%2Fb/profile")).toEqual({ userId: "a/b" });
  });

  it("gives a required variable left empty its empty value, and leaves out a variable whose absence the URI shows", () => {
    const template = "repo://{owner}/{repo}/contents{/path*}{?ref}";
    expect(match(template, "repo://o/r/contents")).toEqual({ owner: "o", repo: "r" });
    expect(match(template, "repo://o/r/contents/")).toEqual({ owner: "o", repo: "r", path: [""] });
    expect(match(template, "repo:///r/contents")).toEqual({ owner: "", repo: "r" });
    expect(match("file:///{path}", "file:///")).toEqual({ path: "" });
    expect(match("file:///{+path}", "file:///")).toEqual({ path: "" });
    expect(match("docs{/x}", "docs")).toEqual({});
    expect(match("docs{/x}", "docs/")).toEqual({ x: "" });
    expect(match("a{.ext}", "a")).toEqual({});
    expect(match("a{#frag}", "a")).toEqual({});
    expect(match("a{;p}", "a")).toEqual({});
    expect(match("geo:{lat,lon}", "geo:1")).toEqual({ lat: "1" });
    expect(match(template, "repo://o/r/contents/src/index.ts?ref=main")).toEqual({ owner: "o", repo: "r", path: ["src", "index.ts"], ref: "main" });
    expect(match(template, "repo://o/r/contents/a%20b")).toEqual({ owner: "o", repo: "r", path: ["a b"] });
    expect(match("x{?q}", "x")).toEqual({});
    expect(match("x{?q}", "x?q=")).toEqual({ q: "" });
  });

  it("reads exploded query parameters as a list, or as a map when their names are not the variable's", () => {
    expect(match("find{?tag*}", "find?tag=a&tag=b")).toEqual({ tag: ["a", "b"] });
    expect(match("find{?opts*}", "find?size=2&sort=asc")).toEqual({ opts: { size: "2", sort: "asc" } });
    expect(match("find{/keys*}", "find/a=1/b=2")).toEqual({ keys: { a: "1", b: "2" } });
  });

  it("does not match a URI that no values expand to", () => {
    expect(match("test://template/{id}/data", "test://template/1/2/data")).toBeUndefined();
    expect(match("test://template/{id}/data", "test://other/1/data")).toBeUndefined();
    expect(match("x{?q}", "x?other=1")).toBeUndefined();
    expect(match("x{?q}", "x?q=1&q=2")).toBeUndefined();
    expect(match("demo://constant", "demo://constant/")).toBeUndefined();
    expect(match("{x}/{x}", "a/b")).toBeUndefined();
    expect(match("{x}/{x}", "a/a")).toEqual({ x: "a" });
  });

  it("tries each place an expression may end, longest first", () => {
    expect(match("{+path}/raw", "a/raw/b/raw")).toEqual({ path: "a/raw/b" });
    expect(match("{a}.{b}.json", "x.y.json")).toEqual({ a: "x", b: "y" });
    expect(match("{+path}{?q}", "a/b?q=1")).toEqual({ path: "a/b", q: "1" });
  });

  it("reads a variable used with a prefix modifier and without as one value, the prefix its start", () => {
    expect(match("t://{x:3}/{x}", "t://abc/abcdef")).toEqual({ x: "abcdef" });
    expect(match("t://{x}/{x:3}", "t://abcdef/abc")).toEqual({ x: "abcdef" });
    expect(match("t://{x:2}/{x:4}", "t://ab/abcd")).toEqual({ x: "abcd" });
    expect(match("t://h{?x:2,x}", "t://h?x=ab&x=abcd")).toEqual({ x: "abcd" });
    expect(match("t://{x:3}/{x}", "t://ab/ab")).toEqual({ x: "ab" });
    expect(match("t://{x:3}/{x}", "t://abd/abcdef")).toBeUndefined();
    // No value's first three characters are six.
    expect(match("t://{x:3}", "t://abcdef")).toBeUndefined();
  });

  it("counts a prefix as the reserved expansion that wrote it does (a kept percent-encoded triplet is one character), and reads a value used in both kinds of expansion as the one the other writes", () => {
    for (const value of ["%41bc", "%C3%A9t%C3%A9", "é%41z", "😀%41"]) {
      // {+x}/{x}: `{+x}` writes `é` and `%C3%A9` alike, `{x}` tells them apart.
      for (const template of ["t://{+x:2}", "t://{#x:2}", "t://{+x:2}/{x}", "t://{x}/{+x:2}", "t://{+x:1}/{+x:2}/{+x}", "t://{+x}/{x}", "t://{x}{#x}"]) {
        const uri = expandUriTemplate(template, { x: value });
        const found = match(template, uri);
        expect(found, `${template} ${uri}`).toBeDefined();
        expect(expandUriTemplate(template, found!), `${template} ${uri}`).toBe(uri);
      }
    }
    expect(match("t://{+x:2}", "t://%41b")).toEqual({ x: "%41b" });
    expect(match("t://{+x:2}/{x}", "t://%41b/%2541bc")).toEqual({ x: "%41bc" });
    expect(match("t://{+x:2}", "t://%41bc")).toBeUndefined();
  });

  it("ends an expression where its own expansion ends before reading a hand-written URI's characters into it", () => {
    // A `/` expansion encodes `;`: the `;` starts the next expression.
    expect(match("t://{/seg*}{;m*}", "t:///a/b;k=v")).toEqual({ seg: ["a", "b"], m: { k: "v" } });
    expect(match("t://{/seg}{;m}", "t:///a;m=x")).toEqual({ seg: "a", m: "x" });
    expect(match("t://{/seg}", "t:///a;m=x")).toEqual({ seg: "a;m=x" });
  });

  it("keeps hostile names own properties and matches hostile literals exactly", () => {
    const found = uriTemplateMatcher("demo://h/{__proto__}{?constructor}").match("demo://h/x?constructor=y");
    expect(found).toBeDefined();
    expect(Object.keys(found!)).toEqual(["__proto__", "constructor"]);
    expect(Object.getOwnPropertyDescriptor(found, "__proto__")?.value).toBe("x");
    expect(Object.getPrototypeOf(found)).toBeNull();
    const hostile = "demo://h/*/'$${+path}/{a.b}{?__proto__,q}{&list*}";
    const uri = expandUriTemplate(hostile, { path: "p/q", "a.b": "`${x}`", q: "*/", list: ["1", "2"] });
    expect(uri).toBe("demo://h/*/'$$p/q/%60%24%7Bx%7D%60?q=%2A%2F&list=1&list=2");
    expect(match(hostile, uri)).toEqual({ path: "p/q", "a.b": "`${x}`", q: "*/", list: ["1", "2"] });
  });

  it("gives up on a URI that would take a backtracking matcher polynomial time, instead of stalling", () => {
    // Every position could end each expression: a regular expression engine would try them all, n^4 times.
    const uri = `${"x".repeat(200_000)}z`;
    expect(uriTemplateMatcher("{a}x{b}x{c}x{d}y").match(uri)).toBeUndefined();
    // The same shape, where a match exists, is found.
    expect(match("{a}x{b}x{c}x{d}y", "1x2x3x4y")).toEqual({ a: "1", b: "2", c: "3", d: "4" });
  });

  it("decodes percent-encoded UTF-8 and keeps a triplet that is not", () => {
    expect(percentDecode("caf%C3%A9%20%E2%80%A8")).toBe("café \u2028");
    expect(percentDecode("%FF%41 100%")).toBe("%FF%41 100%");
  });

  it("says which variables a template has and whether a URI may leave each out", () => {
    expect(uriTemplateMatcher("repo://{owner}{/path*}{?ref}").variables).toEqual([
      { name: "owner", required: true, composite: false },
      { name: "path", required: false, composite: true },
      { name: "ref", required: false, composite: false },
    ]);
  });

  // RFC 6570 §3.2.1: an undefined variable is omitted, and with it the operator's first character
  // and the separator before it; only `{x}` and `{+x}` alone write it as they write "".
  it.each([
    ["{x}", true],
    ["{+x}", true],
    ["{x:3}", true],
    ["{x*}", true],
    ["{+x*}", true],
    ["{#x}", false],
    ["{.x}", false],
    ["{/x}", false],
    ["{/x*}", false],
    ["{;x}", false],
    ["{?x}", false],
    ["{&x}", false],
    ["{x,y}", false],
    ["{+x,y}", false],
    // Where one expression writes its absence apart, the URI shows it.
    ["{/x}/{x}", false],
    ["{x}{?x}", false],
    ["{x}/{+x}", true],
  ])("types x of %s as required: %s", (template, required) => {
    const shape = uriTemplateMatcher(`t://${template}`).variables.find((variable) => variable.name === "x");
    expect(shape?.required).toBe(required);
  });

  const ROUND_TRIP: readonly string[] = [
    "docs{/x}",
    "a{.ext}",
    "a{#frag}",
    "a{;p}",
    "a{?q}{&r}",
    "geo:{lat,lon}",
    "file:///{path}",
    "file:///{+path}",
    "r{/path*}",
    "r/{id}{/rest*}{.fmt}{?q}{#frag}",
    "t/{x:3}{+y}",
    "{+base}{/seg}",
    // Exploded and not: typed string, and explode changes nothing on a string (RFC 6570 §2.4.2).
    "t/{x}{/x*}",
    // One variable in an expression that writes its absence apart, and in another: set in one, it is set in both.
    "t/{x}{/x}",
    "t/{+x}{/x}",
    "t/{x}{?x}",
    "{#x}/{x}",
    "t/{x}{?x*}",
    "t/{x:1}{/x*}",
  ];

  it("never reads a variable as set in one expression and left out in another that would have written it", () => {
    // `x` = "a/b" writes t/a/b/a%2Fb; read as "a/b/a%2Fb" (its `{/x}` left out), it would write another URI.
    expect(match("t/{+x}{/x}", "t/a/b/a%2Fb")).toEqual({ x: "a/b" });
    // No value writes these: "ab" writes t/ab/ab, "a" writes t/a?x=a, undefined t/ and t.
    expect(match("t/{x}{/x}", "t/ab")).toBeUndefined();
    expect(match("t/{x}{?x}", "t/a")).toBeUndefined();
    expect(match("t/{x}{/x}", "t/")).toEqual({});
    expect(match("t/{x}{/x}", "t//")).toEqual({ x: "" });
    expect(match("t/{x}{?x}", "t/?x=")).toEqual({ x: "" });
    // An empty list writes nothing, as undefined does (RFC 6570 §2.3).
    expect(match("r{/x*}{?x*}", "r")).toEqual({});
  });

  it.each(ROUND_TRIP)("gives %s's required variables a value from every URI it expands to, of their type, and values that expand back to it", (template) => {
    const matcher = uriTemplateMatcher(template);
    const names = matcher.variables.map((variable) => variable.name);
    // Every variable undefined, "" or "v", in every combination.
    let combinations: Array<Record<string, string>> = [{}];
    for (const name of names) combinations = combinations.flatMap((given) => [given, { ...given, [name]: "" }, { ...given, [name]: "v" }]);
    for (const given of combinations) {
      const uri = expandUriTemplate(template, given);
      const found = matcher.match(uri);
      expect(found, `${template}: no match of ${uri}`).toBeDefined();
      for (const variable of matcher.variables) {
        const has = Object.prototype.hasOwnProperty.call(found, variable.name);
        if (variable.required) expect(has, `${template}: ${variable.name} of ${uri}`).toBe(true);
        // A variable typed string is never a list or a map.
        if (has && !variable.composite) expect(typeof found![variable.name], `${template}: ${variable.name} of ${uri}`).toBe("string");
      }
      // A value the matcher fills in for a required variable expands as its absence did.
      expect(expandUriTemplate(template, found!), `${template}: ${JSON.stringify(given)}`).toBe(uri);
    }
  });
});
