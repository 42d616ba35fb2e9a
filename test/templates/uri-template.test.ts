/**
 * templates/uri-template.ts, RFC 6570 where it stands: the expansion
 * examples of the RFC's section 3.2, written out here operator by operator
 * (levels 1 to 4, each operator's encoding, the prefix and explode
 * modifiers), then the official test suite (../shared/uritemplate-test: the
 * section 1.2 and 3.2 examples, the extended tests and the negative tests;
 * skipped, saying so, when absent), and what parsing returns and refuses.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { expandUriTemplate, parseUriTemplate, UriTemplateError, uriTemplateVariables } from "../../templates/uri-template.js";
import { repoRoot } from "../helpers/typecheck.js";

/** RFC 6570 §3.2: the variables every example of the section expands. */
const RFC_VARIABLES = {
  count: ["one", "two", "three"],
  dom: ["example", "com"],
  dub: "me/too",
  hello: "Hello World!",
  half: "50%",
  var: "value",
  who: "fred",
  base: "http://example.com/home/",
  path: "/foo/bar",
  list: ["red", "green", "blue"],
  keys: { semi: ";", dot: ".", comma: "," },
  v: "6",
  x: "1024",
  y: "768",
  empty: "",
  empty_keys: {},
  undef: null,
};

/** RFC 6570 §3.2.1 to §3.2.9, every example, by section. */
const RFC_EXAMPLES: Array<[section: string, cases: Array<[template: string, expansion: string]>]> = [
  [
    "3.2.1 Variable Expansion",
    [
      ["{count}", "one,two,three"],
      ["{count*}", "one,two,three"],
      ["{/count}", "/one,two,three"],
      ["{/count*}", "/one/two/three"],
      ["{;count}", ";count=one,two,three"],
      ["{;count*}", ";count=one;count=two;count=three"],
      ["{?count}", "?count=one,two,three"],
      ["{?count*}", "?count=one&count=two&count=three"],
      ["{&count*}", "&count=one&count=two&count=three"],
    ],
  ],
  [
    "3.2.2 Simple String Expansion: {var}",
    [
      ["{var}", "value"],
      ["{hello}", "Hello%20World%21"],
      ["{half}", "50%25"],
      ["O{empty}X", "OX"],
      ["O{undef}X", "OX"],
      ["{x,y}", "1024,768"],
      ["{x,hello,y}", "1024,Hello%20World%21,768"],
      ["?{x,empty}", "?1024,"],
      ["?{x,undef}", "?1024"],
      ["?{undef,y}", "?768"],
      ["{var:3}", "val"],
      ["{var:30}", "value"],
      ["{list}", "red,green,blue"],
      ["{list*}", "red,green,blue"],
      ["{keys}", "semi,%3B,dot,.,comma,%2C"],
      ["{keys*}", "semi=%3B,dot=.,comma=%2C"],
    ],
  ],
  [
    "3.2.3 Reserved Expansion: {+var}",
    [
      ["{+var}", "value"],
      ["{+hello}", "Hello%20World!"],
      ["{+half}", "50%25"],
      ["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
      ["{+base}index", "http://example.com/home/index"],
      ["O{+empty}X", "OX"],
      ["O{+undef}X", "OX"],
      ["{+path}/here", "/foo/bar/here"],
      ["here?ref={+path}", "here?ref=/foo/bar"],
      ["up{+path}{var}/here", "up/foo/barvalue/here"],
      ["{+x,hello,y}", "1024,Hello%20World!,768"],
      ["{+path,x}/here", "/foo/bar,1024/here"],
      ["{+path:6}/here", "/foo/b/here"],
      ["{+list}", "red,green,blue"],
      ["{+list*}", "red,green,blue"],
      ["{+keys}", "semi,;,dot,.,comma,,"],
      ["{+keys*}", "semi=;,dot=.,comma=,"],
    ],
  ],
  [
    "3.2.4 Fragment Expansion: {#var}",
    [
      ["{#var}", "#value"],
      ["{#hello}", "#Hello%20World!"],
      ["{#half}", "#50%25"],
      ["foo{#empty}", "foo#"],
      ["foo{#undef}", "foo"],
      ["{#x,hello,y}", "#1024,Hello%20World!,768"],
      ["{#path,x}/here", "#/foo/bar,1024/here"],
      ["{#path:6}/here", "#/foo/b/here"],
      ["{#list}", "#red,green,blue"],
      ["{#list*}", "#red,green,blue"],
      ["{#keys}", "#semi,;,dot,.,comma,,"],
      ["{#keys*}", "#semi=;,dot=.,comma=,"],
    ],
  ],
  [
    "3.2.5 Label Expansion with Dot-Prefix: {.var}",
    [
      ["{.who}", ".fred"],
      ["{.who,who}", ".fred.fred"],
      ["{.half,who}", ".50%25.fred"],
      ["www{.dom*}", "www.example.com"],
      ["X{.var}", "X.value"],
      ["X{.empty}", "X."],
      ["X{.undef}", "X"],
      ["X{.var:3}", "X.val"],
      ["X{.list}", "X.red,green,blue"],
      ["X{.list*}", "X.red.green.blue"],
      ["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
      ["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
      ["X{.empty_keys}", "X"],
      ["X{.empty_keys*}", "X"],
    ],
  ],
  [
    "3.2.6 Path Segment Expansion: {/var}",
    [
      ["{/who}", "/fred"],
      ["{/who,who}", "/fred/fred"],
      ["{/half,who}", "/50%25/fred"],
      ["{/who,dub}", "/fred/me%2Ftoo"],
      ["{/var}", "/value"],
      ["{/var,empty}", "/value/"],
      ["{/var,undef}", "/value"],
      ["{/var,x}/here", "/value/1024/here"],
      ["{/var:1,var}", "/v/value"],
      ["{/list}", "/red,green,blue"],
      ["{/list*}", "/red/green/blue"],
      ["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
      ["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
      ["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
    ],
  ],
  [
    "3.2.7 Path-Style Parameter Expansion: {;var}",
    [
      ["{;who}", ";who=fred"],
      ["{;half}", ";half=50%25"],
      ["{;empty}", ";empty"],
      ["{;v,empty,who}", ";v=6;empty;who=fred"],
      ["{;v,bar,who}", ";v=6;who=fred"],
      ["{;x,y}", ";x=1024;y=768"],
      ["{;x,y,empty}", ";x=1024;y=768;empty"],
      ["{;x,y,undef}", ";x=1024;y=768"],
      ["{;hello:5}", ";hello=Hello"],
      ["{;list}", ";list=red,green,blue"],
      ["{;list*}", ";list=red;list=green;list=blue"],
      ["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
      ["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
    ],
  ],
  [
    "3.2.8 Form-Style Query Expansion: {?var}",
    [
      ["{?who}", "?who=fred"],
      ["{?half}", "?half=50%25"],
      ["{?x,y}", "?x=1024&y=768"],
      ["{?x,y,empty}", "?x=1024&y=768&empty="],
      ["{?x,y,undef}", "?x=1024&y=768"],
      ["{?var:3}", "?var=val"],
      ["{?list}", "?list=red,green,blue"],
      ["{?list*}", "?list=red&list=green&list=blue"],
      ["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
      ["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
    ],
  ],
  [
    "3.2.9 Form-Style Query Continuation: {&var}",
    [
      ["{&who}", "&who=fred"],
      ["{&half}", "&half=50%25"],
      ["?fixed=yes{&x}", "?fixed=yes&x=1024"],
      ["{&x,y,empty}", "&x=1024&y=768&empty="],
      ["{&var:3}", "&var=val"],
      ["{&list}", "&list=red,green,blue"],
      ["{&list*}", "&list=red&list=green&list=blue"],
      ["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
      ["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
    ],
  ],
];

describe.each(RFC_EXAMPLES)("RFC 6570 §%s", (_section, cases) => {
  it.each(cases)("%s → %s", (template, expansion) => {
    expect(expandUriTemplate(template, RFC_VARIABLES)).toBe(expansion);
  });
});

/** The official test suite (uri-templates/uritemplate-test, see its PROVENANCE.md). */
const suiteRoot = resolve(repoRoot, "../shared/uritemplate-test");
const suitePresent = existsSync(join(suiteRoot, "spec-examples.json"));
if (!suitePresent) console.warn(`URI Template test suite skipped: ${suiteRoot} does not exist (CI places ../shared beside the checkout)`);

interface SuiteGroup {
  level?: number;
  variables: Record<string, unknown>;
  testcases: Array<[string, string | string[] | false]>;
}

const SUITE_FILES = ["spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"];

function suiteCases(): Array<[string, string, Record<string, unknown>, string | string[] | false]> {
  if (!suitePresent) return [];
  return SUITE_FILES.flatMap((file) =>
    Object.entries(JSON.parse(readFileSync(join(suiteRoot, file), "utf8")) as Record<string, SuiteGroup>).flatMap(([group, { variables, testcases }]) =>
      testcases.map(([template, expected]): [string, string, Record<string, unknown>, string | string[] | false] => [
        `${file}: ${group}`,
        template,
        variables,
        expected,
      ]),
    ),
  );
}

describe.skipIf(!suitePresent)("the URI Template test suite (../shared/uritemplate-test)", () => {
  const cases = suiteCases();

  it("has every file and a case in each", () => {
    for (const file of SUITE_FILES)
      expect(
        cases.some(([group]) => group.startsWith(`${file}:`)),
        file,
      ).toBe(true);
    expect(cases.length).toBeGreaterThan(250);
  });

  it.each(cases)("%s: %s", (_group, template, variables, expected) => {
    if (expected === false) {
      expect(() => expandUriTemplate(template, variables)).toThrow(UriTemplateError);
      return;
    }
    const expansion = expandUriTemplate(template, variables);
    if (Array.isArray(expected)) expect(expected).toContain(expansion);
    else expect(expansion).toBe(expected);
  });
});

describe("parseUriTemplate", () => {
  it("returns literals as they expand and each expression's operator and variables", () => {
    expect(parseUriTemplate("café/{+path:6}{?q,list*}#x%20")).toEqual([
      { literal: "caf%C3%A9/" },
      { operator: "+", variables: [{ name: "path", explode: false, prefix: 6 }] },
      {
        operator: "?",
        variables: [
          { name: "q", explode: false },
          { name: "list", explode: true },
        ],
      },
      { literal: "#x%20" },
    ]);
    expect(uriTemplateVariables("demo://{a}/{b}{?a,c}")).toEqual(["a", "b", "c"]);
  });

  it.each([
    ["demo://{resourceId", /not closed/, 7],
    ["a}b", /closes no expression/, 1],
    ["{!x}", /reserved by RFC 6570/, 1],
    ["x/{with space}", /not a variable name/, 3],
    ["{a,}", /variable name is missing/, 3],
    ["{var:0}", /not a length from 1 to 9999/, 4],
    ["x{/path:3*}", /"path:3\*" at 3 has both a prefix \(":n"\) and an explode \("\*"\) modifier/, 3],
    ["{a,b*:2}", /"b\*:2" at 3 has both a prefix/, 3],
    ["a b/{x}", /the character " " at 1 is not allowed/, 1],
    ["a`${x}`", /the character "`" at 1 is not allowed/, 1],
    ["%zz", /starts no percent-encoded triplet/, 0],
    ["a\u0085{x}", /at 1 is not allowed/, 1],
  ])("refuses %j (%s, at %i)", (template, message, index) => {
    let error: unknown;
    try {
      parseUriTemplate(template);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UriTemplateError);
    expect((error as UriTemplateError).message).toMatch(message);
    expect((error as UriTemplateError).index).toBe(index);
  });

  it("refuses a prefix on a list or an associative array when expanding, and ignores inherited properties", () => {
    expect(() => expandUriTemplate("{list:1}", { list: ["a"] })).toThrow(/applies to strings only, and its value is a list/);
    expect(expandUriTemplate("{toString}{constructor}x", {})).toBe("x");
    expect(expandUriTemplate("{x}", JSON.parse('{"__proto__": "p", "x": "1"}') as Record<string, unknown>)).toBe("1");
  });

  it("percent-encodes a literal that a URI cannot hold as it is (U+2028 among them), and keeps one it can", () => {
    expect(expandUriTemplate("a\u2028'{x}'", { x: "1" })).toBe("a%E2%80%A8'1'");
  });

  it("encodes a lone surrogate as U+FFFD and an astral character as its four octets", () => {
    expect(expandUriTemplate("{x}", { x: "a\ud800b" })).toBe("a%EF%BF%BDb");
    expect(expandUriTemplate("{x:1}", { x: "😀!" })).toBe("%F0%9F%98%80");
  });

  it("counts a percent-encoded triplet a reserved expansion keeps as one character of a prefix, never cutting it", () => {
    // RFC 6570 §2.4.1: characters, not octets, "to avoid splitting ... within a pct-encoded triplet".
    expect(expandUriTemplate("{+x:2}", { x: "%41bc" })).toBe("%41b");
    expect(expandUriTemplate("{#x:2}", { x: "%41bc" })).toBe("#%41b");
    expect(expandUriTemplate("{+x:1}", { x: "%2F/" })).toBe("%2F");
    // The triplets of one UTF-8 character are one character, as the character written out is.
    expect(expandUriTemplate("{+x:1}", { x: "%C3%A9t%C3%A9" })).toBe("%C3%A9");
    expect(expandUriTemplate("{+x:2}", { x: "é%41z" })).toBe("%C3%A9%41");
    expect(expandUriTemplate("{+x:1}", { x: "😀%41" })).toBe("%F0%9F%98%80");
    expect(expandUriTemplate("{+x:2}", { x: "%E2%82%ACab" })).toBe("%E2%82%ACa");
    // Octets that are no UTF-8 sequence: each triplet alone.
    expect(expandUriTemplate("{+x:2}", { x: "%C3%41z" })).toBe("%C3%41");
    // Not a triplet: "%" is a character, encoded.
    expect(expandUriTemplate("{+x:2}", { x: "%4g" })).toBe("%254");
    // Without U+R, "%" is a character of the value like any other.
    expect(expandUriTemplate("{x:2}", { x: "%41bc" })).toBe("%254");
  });
});
