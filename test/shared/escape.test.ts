/** The one escaping module: every hostile string yields code that parses and says exactly the input. */
import { describe, expect, it } from "vitest";
import { jsDocText } from "../../src/format/printer/jsdoc.js";
import {
  docLines,
  escapeBidiControls,
  jsonLiteral,
  lineComment,
  literalType,
  objectLiteralKey,
  stringLiteral,
  typePropertyKey,
} from "../../src/shared/escape.js";
import { markdownCode } from "../../src/shared/markdown.js";

/** Every bidirectional-text control (Trojan Source, CVE-2021-42574): embeddings, overrides, isolates, marks. */
const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"];
const RAW_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const hostile = [
  "plain",
  "end */ of comment",
  'double " quote',
  "single ' quote",
  "back ` tick",
  "template ${process.exit(1)}",
  "new\nline",
  "carriage\rreturn",
  "line\u2028separator",
  "paragraph\u2029separator",
  "back\\slash",
  "</script>",
  "__proto__",
  "\u0000nul",
  // A control character between `*` and `/`: a comment that removed it after escaping `*/` would be closed by it.
  "ends *\u0000/ globalThis.pwned = 1; /* here",
  "*\u000b\u001f/",
  "emoji 🧪",
  `admin\u202e \u2066// check\u2069 \u2066 ${BIDI.join("")}`,
];

describe("stringLiteral", () => {
  it.each(hostile)("round-trips %j through evaluation as a single-line literal", (text) => {
    const literal = stringLiteral(text);
    expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(literal).not.toMatch(RAW_BIDI);
    expect(new Function(`return ${literal};`)()).toBe(text);
  });

  it("writes each bidirectional control as its \\u escape", () => {
    expect(stringLiteral(BIDI.join(""))).toBe('"\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061c"');
  });
});

describe("escapeBidiControls", () => {
  it("escapes the controls in code that holds server text only in string literals, keeping its value", () => {
    const code = JSON.stringify({ [`k\u202e`]: [`v\u2066x\u2069`, "plain"] });
    const escaped = escapeBidiControls(code);
    expect(escaped).toBe('{"k\\u202e":["v\\u2066x\\u2069","plain"]}');
    expect(JSON.parse(escaped)).toEqual(JSON.parse(code));
  });
});

describe("jsonLiteral", () => {
  it("defines __proto__ as an own property instead of setting the prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": [1, "x", null]}');
    const evaluated = new Function(`return ${jsonLiteral(value)};`)() as Record<string, unknown>;
    expect(Object.getPrototypeOf(evaluated)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(evaluated, "__proto__")).toBe(true);
    expect(evaluated).toEqual(value);
  });
});

describe("property keys", () => {
  it.each([
    ["name", "name", "name"],
    ["with-dash", '"with-dash"', '"with-dash"'],
    ["1st", '"1st"', '"1st"'],
    ["__proto__", "__proto__", '["__proto__"]'],
    ["*/", '"*/"', '"*/"'],
    ["$ok_1", "$ok_1", "$ok_1"],
  ])("%j → type key %s, object key %s", (name, typeKey, objectKey) => {
    expect(typePropertyKey(name)).toBe(typeKey);
    expect(objectLiteralKey(name)).toBe(objectKey);
    const object = new Function(`return { ${objectLiteralKey(name)}: 1 };`)() as Record<string, number>;
    expect(Object.getOwnPropertyDescriptor(object, name)?.value).toBe(1);
  });
});

describe("literalType", () => {
  it.each([
    ["a\u2028b", '"a\\u2028b"'],
    [1.5, "1.5"],
    [true, "true"],
    [null, "null"],
    [{ a: 1 }, "unknown"],
  ])("%j → %s", (value, type) => expect(literalType(value)).toBe(type));
});

/** A JSDoc comment from paragraphs and tags, as the printer writes it. */
const jsDoc = (parts: Parameters<typeof docLines>[0], indent = "") => jsDocText(docLines(parts), indent);

describe("docLines, printed", () => {
  it.each(hostile)("keeps %j inside one comment", (text) => {
    const doc = jsDoc({ text, tags: [["default", text]] });
    const body = doc.slice(doc.indexOf("/**") + 3, doc.lastIndexOf("*/"));
    expect(body).not.toContain("*/");
    expect(doc).not.toMatch(RAW_BIDI);
    // Evaluates to nothing: the whole block is a comment.
    expect(new Function(`${doc}return 1;`)()).toBe(1);
  });

  it("escapes an @ that would begin a tag or a compiler directive, and leaves one inside a word", () => {
    expect(jsDoc({ text: "@ts-expect-error" })).toBe("/** \\@ts-expect-error */\n");
    expect(jsDoc({ text: "Lists.\n  @internal see @deprecated, me@example.com (@x)", tags: [["default", "a\n@ts-ignore"]] })).toBe(
      "/**\n * Lists.\n *   \\@internal see \\@deprecated, me@example.com (@x)\n * @default a\n * \\@ts-ignore\n */\n",
    );
    expect(lineComment(" @ts-ignore me@x")).toBe("//  \\@ts-ignore me@x");
  });

  it("returns nothing for nothing", () => {
    expect(jsDoc({ text: "  \n " })).toBe("");
  });

  it("indents and splits lines", () => {
    expect(jsDoc({ text: "first\nsecond", tags: [["deprecated", ""]] }, "  ")).toBe("  /**\n   * first\n   * second\n   * @deprecated\n   */\n");
  });
});

describe("markdownCode", () => {
  it.each([
    ["plain", "`plain`"],
    ["one ` tick", "`` one ` tick ``"],
    ["Q'`|~!", "`` Q'`|~! ``"],
    ["T``k", "``` T``k ```"],
    ["`edge`", "`` `edge` ``"],
  ])("spans %j whole (CommonMark: the fence is longer than any run of backticks inside)", (text, want) => {
    expect(markdownCode(text)).toBe(want);
  });
});

describe("lineComment", () => {
  it.each(hostile)("keeps %j on one line", (text) => {
    const comment = lineComment(text);
    expect(comment).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(comment).not.toMatch(RAW_BIDI);
    expect(new Function(`${comment}\nreturn 1;`)()).toBe(1);
  });
});

describe("comments show bidirectional controls as text", () => {
  it("in JSDoc and line comments", () => {
    expect(jsDoc({ text: "is admin\u202e \u2066// no\u2069" })).toBe("/** is admin\\u202e \\u2066// no\\u2069 */\n");
    expect(lineComment("x\u200fy")).toBe("// x\\u200fy");
  });
});
