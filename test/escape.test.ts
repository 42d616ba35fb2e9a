/** The one escaping module: every hostile string yields code that parses and says exactly the input. */
import { describe, expect, it } from "vitest";
import { jsDoc, jsonLiteral, lineComment, literalType, objectLiteralKey, stringLiteral, typePropertyKey } from "../src/text/escape.js";

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
  "emoji 🧪",
];

describe("stringLiteral", () => {
  it.each(hostile)("round-trips %j through evaluation as a single-line literal", (text) => {
    const literal = stringLiteral(text);
    expect(literal).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(new Function(`return ${literal};`)()).toBe(text);
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

describe("jsDoc", () => {
  it.each(hostile)("keeps %j inside one comment", (text) => {
    const doc = jsDoc({ text, tags: [["default", text]] });
    const body = doc.slice(doc.indexOf("/**") + 3, doc.lastIndexOf("*/"));
    expect(body).not.toContain("*/");
    // Evaluates to nothing: the whole block is a comment.
    expect(new Function(`${doc}return 1;`)()).toBe(1);
  });

  it("returns nothing for nothing", () => {
    expect(jsDoc({ text: "  \n " })).toBe("");
  });

  it("indents and splits lines", () => {
    expect(jsDoc({ text: "first\nsecond", tags: [["deprecated", ""]] }, "  ")).toBe("  /**\n   * first\n   * second\n   * @deprecated\n   */\n");
  });
});

describe("lineComment", () => {
  it.each(hostile)("keeps %j on one line", (text) => {
    const comment = lineComment(text);
    expect(comment).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(new Function(`${comment}\nreturn 1;`)()).toBe(1);
  });
});
