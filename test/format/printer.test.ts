/**
 * The printer, node kind by node kind: every statement it vouches for is
 * byte for byte what Prettier (default options) prints for the source the
 * printer gives Prettier otherwise, on each side of the 80-column limit;
 * what it does not vouch for is still code Prettier reads. test/format/layout.test.ts
 * checks whole files.
 */
import { describe, expect, it } from "vitest";
import { header, importDeclaration, literal, property, reference, string, typeLiteral } from "../../src/emit/nodes.js";
import { printFile, printStatements } from "../../src/format/printer/index.js";
import type { Expression, Statement, TypeMember, TypeNode } from "../../src/ir/index.js";

const prettier = await import("prettier");
const format = (text: string) => prettier.format(text, { parser: "babel-ts", filepath: "printed.ts" });

/**
 * Prints each statement; when vouched for, expects Prettier's layout of the
 * source the printer hands Prettier otherwise (all formatted in one call,
 * told apart by a comment line). Returns whether each was vouched for.
 */
async function printedAll(statements: readonly Statement[]): Promise<boolean[]> {
  const files = statements.map((statement) => ({ path: "printed.ts", format: "typescript" as const, statements: [statement] }));
  const sources = files.map((file) => printFile(file, Infinity));
  const boundary = "// printer-test-boundary";
  const expected = (await format(sources.join(`\n${boundary}\n\n`))).split(`${boundary}\n`).map((piece) => `${piece.replace(/^\n+|\n+$/g, "")}\n`);
  expect(expected).toHaveLength(files.length);
  return files.map((file, index) => {
    const [result] = printStatements(file);
    if (result!.vouched) expect(result!.text, result!.text).toBe(expected[index]);
    else expect(result!.text).toBe(sources[index]);
    return result!.vouched;
  });
}

const printed = async (statement: Statement) => (await printedAll([statement]))[0]!;

/** `name` padded with `x` to `length` characters. */
const named = (name: string, length: number) => name + "x".repeat(Math.max(0, length - name.length));

/** Prints the statements made for every length in [from, to]; expects some vouched for, and with `always`, all. */
async function sweep(make: (length: number) => Statement, options: { from?: number; to?: number; always?: boolean } = {}): Promise<void> {
  const lengths = Array.from({ length: (options.to ?? 90) - (options.from ?? 40) + 1 }, (_, index) => (options.from ?? 40) + index);
  const results = await printedAll(lengths.map(make));
  expect(results).toContain(true);
  if (options.always) expect(results).not.toContain(false);
}

const alias = (type: TypeNode, name = "Alias"): Statement => ({ kind: "typeAlias", doc: [], exported: true, name, type });
const union = (...types: TypeNode[]): TypeNode => ({ kind: "union", types });
const intersection = (...types: TypeNode[]): TypeNode => ({ kind: "intersection", types });
const array = (element: TypeNode): TypeNode => ({ kind: "array", element });
const strings = (...values: string[]) => values.map((value) => literal(JSON.stringify(value)));
const object = (members: TypeMember[]) => typeLiteral(members, true);

describe("comments", () => {
  it("prints comment lines as they are", async () => {
    expect(await printed(header({ source: "weather.tools.json" }, "A header's purpose."))).toBe(true);
  });
});

describe("imports", () => {
  it("on one line when they fit, else one name a line; one name never breaks", async () => {
    await sweep((length) => importDeclaration([named("first", length / 3), `type ${named("Second", length / 3)}`, "third"], `"./runtime.js"`));
    await sweep((length) => importDeclaration([named("only", length)], `"./types.js"`, true), { always: true });
  });

  it("a default import, however long", async () => {
    await sweep((length) => ({ kind: "import", typeOnly: false, defaultName: named("handler", length), names: [], from: `"../handlers/x.js"` }), {
      always: true,
    });
  });

  it("requotes a module specifier as Prettier does", async () => {
    expect(await printed(importDeclaration(["a"], `"./it's \\"q\\".js"`))).toBe(true);
  });
});

describe("type aliases", () => {
  it("names and generic instances on the line of `=`", async () => {
    await sweep((length) => alias(reference(named("Name", length))));
    await sweep((length) => alias(reference("Promise", [reference("StructuredToolResult", [reference(named("Output", length))])])), { from: 10, to: 60 });
    expect(await printed(alias(reference("Array", [literal("-1")])))).toBe(true);
  });

  it("type parameters: vouched for on one line", async () => {
    const call = (type: TypeNode, client = "ToolsClient"): Statement => ({
      kind: "typeAlias",
      doc: [],
      exported: false,
      name: "Call",
      typeParameters: [`M extends keyof ${client}`],
      type,
    });
    await sweep((length) => call(reference("ToolCallOf", [reference(named("M", length))]), named("ToolsClient", length)), { from: 10, to: 60 });
    // An indexed access by a type parameter is left to Prettier.
    expect(await printed(call(reference("ToolCallOf", [{ kind: "indexedAccess", object: reference("ToolsClient"), index: reference("M") }])))).toBe(false);
  });

  it("a name indexed by a literal, as calls.ts types each tool: vouched for wherever the line of `= {` fits", async () => {
    const tool = (length: number): Statement => ({
      kind: "const",
      doc: [],
      exported: true,
      name: named("get", length),
      type: reference("ToolCall", [{ kind: "indexedAccess", object: reference("ToolsClient"), index: literal(JSON.stringify(named("get", length))) }]),
      value: { kind: "object", properties: [["name", string('"get"')]], multiLine: true },
    });
    await sweep(tool, { from: 5, to: 50 });
    expect(await printed(tool(10))).toBe(true);
  });

  it("literals respelled as Prettier spells them", async () => {
    for (const text of ['"say \\"hi\\""', '"it\'s"', "1e+21", "1.50", "-0.25", "true", "null"]) expect(await printed(alias(literal(text)))).toBe(true);
  });

  it("a union on the line of `=`, on the next line, or one member a line", async () => {
    await sweep((length) => alias(union(...strings(named("a", length / 3), named("b", length / 3), "c"))), { to: 100, always: true });
    await sweep((length) => alias(union(...strings(named("a", length / 3), named("b", length / 3), "c"))), { from: 210, to: 240, always: true });
  });

  it("a named type `| null` is hugged: it never breaks, on the line of a property's key, or the line after `=`", async () => {
    await sweep(
      (length) => alias(object([property(named("key", length / 2), union(reference(named("Name", length / 2)), literal("null")), { optional: true })])),
      { from: 60, to: 110, always: true },
    );
    await sweep((length) => alias(union(literal("null"), reference(named("Name", length)), literal("null")), named("Alias", length / 2)), {
      from: 40,
      to: 90,
      always: true,
    });
    // `undefined` is not hugged (it is no void type to Prettier): one member a line.
    await sweep(
      (length) => alias(object([property(named("key", length / 2), union(reference(named("Name", length / 2)), literal("null"), reference("undefined")))])),
      { from: 60, to: 110, always: true },
    );
  });

  it("a type literal `& T` keeps `&` on the line of its `{`", async () => {
    const shape = object([property("a", reference("string"))]);
    for (const type of [
      intersection(reference("Base"), shape),
      intersection(shape, literal('"x"')),
      intersection(shape, object([property("b", reference("number"))])),
    ]) {
      expect(await printed(alias(type))).toBe(true);
      await sweep((length) => alias(object([property(named("key", length), type)])), { from: 60, to: 90, always: true });
    }
    // Three members, or a member that may break: Prettier's layout.
    expect(await printed(alias(object([property("p", intersection(reference("A"), reference("B"), shape))])))).toBe(false);
  });

  it("parenthesises composite members where Prettier keeps the parentheses", async () => {
    expect(await printed(alias(intersection(union(reference("A"), reference("B")), reference("C"))))).toBe(true);
    expect(await printed(alias(array(union(reference("A"), literal("null")))))).toBe(true);
    expect(await printed(alias({ kind: "array", element: reference("ListedTool"), readonly: true }))).toBe(true);
    // A union among a union's members, or an intersection in an intersection: Prettier's layout, not the printer's.
    expect(await printed(alias(union(union(reference("A"), reference("B")), reference("C"))))).toBe(false);
    expect(await printed(alias(intersection(intersection(reference("A"), reference("B")), reference("C"))))).toBe(false);
  });

  it("tuples: optional and rest elements", async () => {
    const tuple: TypeNode = {
      kind: "tuple",
      elements: [
        { type: reference("string"), optional: false, rest: false },
        { type: union(literal("-1"), reference("never")), optional: true, rest: false },
        { type: array(reference("number")), optional: false, rest: true },
      ],
    };
    expect(await printed(alias(tuple))).toBe(true);
  });

  it("type literals: one member a line when multiLine, with docs, optional members and index signatures", async () => {
    await sweep(
      (length) =>
        alias(
          object([
            property(named("key", length), union(...strings(named("a", length / 2), "b")), { optional: true, doc: ["A description.", "", '@default "a"'] }),
            property(`"${named("quoted-key", length / 2)}"`, object([property("inner", array(object([property("deep", reference("string"))])))])),
            property("nullable", union(object([property("a", reference("string"))]), literal("null"))),
            { kind: "index", readonly: false, parameter: "key", type: union(reference("string"), reference("undefined")) },
          ]),
        ),
      { always: true },
    );
  });

  it("a type literal that is not multiLine: on one line when it fits, else one member a line", async () => {
    await sweep(
      (length) =>
        alias(
          object([
            property(
              named("tool", length),
              typeLiteral([property("input", reference(named("Input", length / 3))), property("output", reference("unknown"))], false),
            ),
          ]),
        ),
      { always: true },
    );
    expect(await printed(alias(typeLiteral([{ kind: "index", readonly: false, parameter: "key", type: reference("never") }], false)))).toBe(true);
    expect(await printed(alias(typeLiteral([], true)))).toBe(true);
  });

  it("leaves to Prettier a type literal among other union members, a key it may unquote, an indexed access but a name's by a literal", async () => {
    expect(await printed(alias(union(object([property("a", reference("string"))]), reference("string"))))).toBe(false);
    expect(await printed(alias(object([property('"café"', reference("string"))])))).toBe(false);
    const constructor = { kind: "indexedAccess", object: reference("Object"), index: literal('"constructor"') } as const;
    expect(await printed(alias(union(reference("number"), constructor)))).toBe(true);
    expect(await printed(alias(union(reference("number"), { kind: "indexedAccess", object: constructor, index: literal('"name"') })))).toBe(false);
  });

  it("measures wide characters as Prettier does, and vouches for nothing it may measure otherwise", async () => {
    await sweep((length) => alias(union(...strings("字".repeat(length / 4), "é".repeat(length / 4), "x"))), { from: 60, to: 120 });
    // An emoji is one or two columns to Prettier: a line that fits only if it is one is not vouched for.
    expect(await printed(alias(union(...strings("😀".repeat(30), "x"))))).toBe(false);
  });
});

describe("interfaces", () => {
  const method = (name: string, input: string) => ({
    kind: "method" as const,
    doc: [`Calls tool "${name}".`],
    name,
    parameters: [
      { name: "input", optional: true, type: reference(input) },
      { name: "options", optional: true, type: reference("CallOptions") },
    ],
    returns: reference("Promise", [reference("ToolResult")]),
  });

  it("methods on one line when they fit, else one parameter a line; a blank line between them", async () => {
    await sweep(
      (length) => ({
        kind: "interface",
        doc: ["The client."],
        exported: true,
        name: "ToolsClient",
        members: [method(named("m", length / 2), named("Input", length / 2)), method("short", "S")],
        spaced: true,
      }),
      { from: 60, to: 140 },
    );
  });

  it("empty", async () => {
    expect(await printed({ kind: "interface", doc: [], exported: true, name: "ToolsClient", members: [], spaced: true })).toBe(true);
  });
});

describe("constants", () => {
  const table = (name: string, properties: Array<readonly [string, Expression]>, asConst = false): Statement => {
    const value: Expression = { kind: "object", properties, multiLine: true };
    return {
      kind: "const",
      doc: [],
      exported: false,
      name,
      ...(asConst
        ? {}
        : { type: typeLiteral([{ kind: "index", readonly: true, parameter: "name", type: union(reference("CompiledValidator"), literal("null")) }], false) }),
      value: asConst ? { kind: "asConst", expression: value } : value,
    };
  };

  it("an object literal one entry a line, on the line of `=` or the next when its `{` does not fit there", async () => {
    await sweep(
      (length) =>
        table(named("v", length / 4), [
          [named("key", length / 2), { kind: "identifier", name: "input0" }],
          [`"quoted \\"key\\""`, { kind: "identifier", name: "null" }],
        ]),
      { from: 1, to: 40, always: true },
    );
    expect(await printed(table("inputValidators", []))).toBe(true);
    expect(await printed(table("outputValidators", []))).toBe(true);
  });

  it("an entry too long for its line: its value on the next line, unless the key is short", async () => {
    await sweep(
      (length) =>
        table("t", [
          [named("key", length), { kind: "identifier", name: "input0" }],
          ["k", string(`"${named("long value ", length)}"`)],
        ]),
      { from: 60, to: 90, always: true },
    );
    await sweep((length) => table("methodNames", [[`"${named("tool-", length)}"`, string(`"${named("method", length / 2)}"`)]], true), {
      from: 50,
      to: 90,
      always: true,
    });
  });

  it("`as const`, with strings respelled", async () => {
    await sweep(
      (length) =>
        table(
          "methodNames",
          [
            [named("tool", length), string(`"${named("method", length / 2)}"`)],
            ["q", string('"say \\"hi\\""')],
          ],
          true,
        ),
      { from: 30, to: 80 },
    );
    expect(await printed(table("methodNames", [], true))).toBe(true);
  });

  it("`new Set([...])`: on one line when it fits, else its array hugged, one element a line", async () => {
    await sweep(
      (length) => ({
        kind: "const",
        doc: ["Wire names."],
        exported: false,
        name: "hasOutputSchema",
        type: reference("ReadonlySet", [reference("string")]),
        value: {
          kind: "new",
          callee: "Set",
          arguments: [{ kind: "array", elements: [string(`"${named("a", length / 3)}"`), string(`"${named("b", length / 3)}"`)] }],
        },
      }),
      { from: 60, to: 110, always: true },
    );
  });

  it("a mapped type annotation", async () => {
    const handlers: Statement = {
      kind: "const",
      doc: [],
      exported: true,
      name: "handlers",
      type: { kind: "mapped", readonly: true, parameter: "N", constraint: reference("ToolName"), type: reference("HandlerDefinition", [reference("N")]) },
      value: { kind: "object", properties: [["echo", { kind: "identifier", name: "echoHandler" }]], multiLine: true },
    };
    expect(await printed(handlers)).toBe(true);
  });

  it("a lazy import `() => import(...)`, its specifier requoted as Prettier does, on the line of its key or left to Prettier", async () => {
    const lazy = (specifier: string): Expression => ({ kind: "lazyImport", specifier });
    await sweep((length) => table("getWeather", [["validators", lazy(`"./validators/${named("tool", length)}.js"`)]]), { from: 20, to: 80 });
    expect(await printed(table("getWeather", [["validators", lazy(`"./it's \\"q\\".js"`)]]))).toBe(true);
  });

  it("leaves code to Prettier", async () => {
    const tools: Statement = {
      kind: "const",
      doc: [],
      exported: true,
      name: "tools",
      value: { kind: "array", elements: [{ kind: "code", text: '{name: "a", inputSchema: {type: "object"}}' }] },
    };
    expect(await printed(tools)).toBe(false);
    expect(await printed({ kind: "code", text: "export default f(1,2)" })).toBe(false);
  });
});

describe("templates", () => {
  const text = "export function f(): string {\n  return VALUE;\n}\n";

  it("copied as they are (kept in Prettier's layout), their fills left to Prettier", async () => {
    expect(await printed({ kind: "template", name: "t.ts", text, fills: [] })).toBe(true);
    expect(await printed({ kind: "template", name: "t.ts", text, fills: [{ find: "VALUE", replace: '"a value"' }] })).toBe(false);
  });

  it("fills each place in the template's own text, never in another fill", () => {
    const file = {
      path: "t.ts",
      format: "typescript" as const,
      statements: [
        {
          kind: "template" as const,
          name: "t.ts",
          text: "A;\nB;\n",
          fills: [
            { find: "A", replace: "B" },
            { find: "B", replace: "A" },
          ],
        },
      ],
    };
    expect(printFile(file)).toBe("B;\nA;\n");
  });

  it("refuses a fill that does not find exactly one place", () => {
    const file = (find: string) => ({
      path: "t.ts",
      format: "typescript" as const,
      statements: [{ kind: "template" as const, name: "t.ts", text: "A; A; B;\n", fills: [{ find, replace: "x" }] }],
    });
    expect(() => printFile(file("A"))).toThrow(/exactly once/);
    expect(() => printFile(file("C"))).toThrow(/exactly once/);
  });
});

describe("files", () => {
  it("a blank line between statements, none between imports", () => {
    const file = {
      path: "f.ts",
      format: "typescript" as const,
      statements: [
        { kind: "comments" as const, lines: ["// header"] },
        importDeclaration(["a"], `"./a.js"`),
        importDeclaration(["b"], `"./b.js"`),
        alias(reference("string")),
      ],
    };
    expect(printFile(file)).toBe('// header\n\nimport { a } from "./a.js";\nimport { b } from "./b.js";\n\nexport type Alias = string;\n');
  });
});
