/**
 * The type mapping, rule by rule (src/emit/types/rules.ts): one row per row
 * of the "Type mapping" table in the documentation, named after it, each a
 * schema given as a tool's inputSchema, the type declarations the type stage
 * writes for it (as the printer prints them, docs left out but where the row
 * is about docs), the warnings normalisation gives, and the rule that makes
 * it. The table and these rows must name the same rows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { emitTypes } from "../../src/emit/types/index.js";
import { TYPE_RULE_NAMES } from "../../src/emit/types/rules.js";
import { printFile } from "../../src/format/printer/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { repoRoot } from "../helpers/typecheck.js";

interface Row {
  /** The rules of rules.ts that make it. */
  rules: string[];
  /** The inputSchema. */
  given: Record<string, unknown>;
  /** The declarations, as printed. */
  want: string;
  /** Codes of the warnings about it. */
  warnings?: string[];
  /** Keep the declarations' docs. */
  docs?: boolean;
}

/** A closed object with the properties `given`, all required. */
const properties = (given: Record<string, unknown>) => ({ type: "object", properties: given, required: Object.keys(given) });

const rows: Array<[readmeRow: string, Row]> = [
  ["`{}`, `true`", { rules: ["boolean schema"], given: properties({ a: {}, b: true }), want: "export type TInput = {\n  a: unknown;\n  b: unknown;\n};" }],
  ["`false`", { rules: ["boolean schema"], given: properties({ a: false }), want: "export type TInput = {\n  a: never;\n};" }],
  [
    '`type: "string"` (any `format`)',
    { rules: ["type: string"], given: properties({ a: { type: "string", format: "date-time" } }), want: "export type TInput = {\n  a: string;\n};" },
  ],
  [
    '`type: "number"` / `"integer"`',
    {
      rules: ["type: number", "type: integer"],
      given: properties({ a: { type: "number" }, b: { type: "integer" } }),
      want: "export type TInput = {\n  a: number;\n  b: number;\n};",
    },
  ],
  [
    '`type: "boolean"` / `"null"`',
    {
      rules: ["type: boolean", "type: null"],
      given: properties({ a: { type: "boolean" }, b: { type: "null" } }),
      want: "export type TInput = {\n  a: boolean;\n  b: null;\n};",
    },
  ],
  [
    '`type: ["string", "null"]`, OpenAPI `nullable: true`',
    {
      rules: ["type"],
      given: properties({ a: { type: ["string", "null"] }, b: { type: "string", nullable: true } }),
      want: "export type TInput = {\n  a: string | null;\n  b: string | null;\n};",
    },
  ],
  [
    '`enum: ["a", 1, true, null]`',
    {
      rules: ["enum"],
      given: properties({ a: { enum: ["a", 1, true, null] }, b: { enum: ["a", { object: true }] } }),
      want: 'export type TInput = {\n  a: "a" | 1 | true | null;\n  b: unknown;\n};',
    },
  ],
  [
    '`const: "x"`',
    { rules: ["const"], given: properties({ a: { const: "x" }, b: { const: 1e21 } }), want: 'export type TInput = {\n  a: "x";\n  b: 1e21;\n};' },
  ],
  [
    "`enum` or `const` beside a `type` that refuses some of its values",
    {
      rules: ["enum", "const"],
      given: properties({ a: { type: "string", enum: ["fast", "slow", null] }, b: { type: "integer", enum: [1, 2, 2.5] }, c: { type: "string", const: 1 } }),
      want: 'export type TInput = {\n  a: "fast" | "slow";\n  b: 1 | 2;\n  c: never;\n};',
      warnings: ["schema-suspect", "schema-suspect", "schema-suspect"],
    },
  ],
  ["`enum: []`", { rules: ["enum"], given: properties({ a: { enum: [] } }), want: "export type TInput = {\n  a: never;\n};", warnings: ["schema-suspect"] }],
  [
    "object, `required`",
    {
      rules: ["type: object"],
      given: { type: "object", properties: { a: { type: "string" }, b: { type: "number" } }, required: ["a", "c"] },
      want: "export type TInput = {\n  a: string;\n  b?: number;\n  c: unknown;\n};",
    },
  ],
  [
    "optional property named like an `Object.prototype` member (`constructor`, `toString`, ...)",
    {
      rules: ["type: object"],
      given: {
        type: "object",
        properties: { constructor: { type: "string" }, toString: { type: "string" } },
        required: ["toString"],
        additionalProperties: { type: "number" },
      },
      want: 'export type TInput = {\n  constructor?: string | Object["constructor"];\n  toString: string;\n  [key: string]: number | string | Object["constructor"] | undefined;\n};',
    },
  ],
  [
    "`additionalProperties: false`",
    {
      rules: ["type: object"],
      given: { type: "object", properties: { a: { type: "object", additionalProperties: false }, b: { type: "string" } }, additionalProperties: false },
      want: "export type TInput = {\n  a?: { [key: string]: never };\n  b?: string;\n};",
    },
  ],
  [
    "`additionalProperties: false` beside an `allOf` that declares other properties",
    {
      rules: ["type: object", "allOf"],
      given: {
        type: "object",
        properties: { query: { type: "string" } },
        allOf: [{ properties: { limit: { type: "number" } } }, { properties: { page: { type: "integer" } }, required: ["page"] }],
        required: ["query", "limit"],
        additionalProperties: false,
      },
      want: "export type TInput = {\n  query: string;\n  limit: never;\n  page?: never;\n} & {\n  limit?: number;\n} & {\n  page: number;\n};",
      warnings: ["schema-suspect", "schema-suspect"],
    },
  ],
  [
    "`additionalProperties: true` / `{}`",
    {
      rules: ["type: object"],
      given: properties({
        a: { type: "object", additionalProperties: true },
        b: { type: "object", properties: { c: { type: "string" } }, additionalProperties: {} },
      }),
      want: "export type TInput = {\n  a: {\n    [key: string]: unknown;\n  };\n  b: {\n    c?: string;\n    [key: string]: unknown;\n  };\n};",
    },
  ],
  [
    "`additionalProperties: <schema>`, `patternProperties`",
    {
      rules: ["type: object"],
      given: {
        type: "object",
        properties: { a: { type: "string" }, b: { type: "boolean" } },
        required: ["a"],
        additionalProperties: { type: "number" },
        patternProperties: { "^x-": { type: "null" } },
      },
      want: "export type TInput = {\n  a: string;\n  b?: boolean;\n  [key: string]: number | null | string | boolean | undefined;\n};",
    },
  ],
  [
    "object with no properties and no `additionalProperties`",
    { rules: ["type: object"], given: { type: "object" }, want: "export type TInput = {\n  [key: string]: unknown;\n};" },
  ],
  [
    "`additionalProperties` absent (with properties)",
    { rules: ["type: object"], given: { type: "object", properties: { a: { type: "string" } } }, want: "export type TInput = {\n  a?: string;\n};" },
  ],
  [
    "no `type`, but `properties`/`required`",
    {
      rules: ["type"],
      given: properties({ a: { properties: { b: { type: "string" } } }, c: { required: ["d"] } }),
      want: "export type TInput = {\n  a: {\n    b?: string;\n  };\n  c: {\n    d: unknown;\n  };\n};",
    },
  ],
  [
    "`items: <schema>`",
    {
      rules: ["type: array"],
      given: properties({ a: { type: "array", items: { type: "string" } }, b: { type: "array", items: { const: -1 } } }),
      want: "export type TInput = {\n  a: string[];\n  b: Array<-1>;\n};",
    },
  ],
  [
    "`prefixItems` (2020-12), `items: [...]` (draft-07)",
    {
      rules: ["type: array"],
      given: properties({
        a: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: { type: "boolean" }, minItems: 1 },
        b: { type: "array", prefixItems: [{ type: "string" }], items: false },
        c: { type: "array", items: [{ type: "string" }], additionalItems: { type: "number" } },
      }),
      want: "export type TInput = {\n  a: [string, number?, ...boolean[]];\n  b: [string?];\n  c: [string?, ...number[]];\n};",
    },
  ],
  [
    "`anyOf`, `oneOf`",
    {
      rules: ["anyOf", "oneOf"],
      given: properties({ a: { anyOf: [{ type: "string" }, { type: "number" }] }, b: { type: "string", oneOf: [{ const: "x" }, { const: "y" }] } }),
      want: 'export type TInput = {\n  a: string | number;\n  b: string & ("x" | "y");\n};',
    },
  ],
  [
    "`allOf`",
    {
      rules: ["allOf"],
      given: properties({ a: { allOf: [{ type: "string" }, { enum: ["x", "y"] }] } }),
      want: 'export type TInput = {\n  a: string & ("x" | "y");\n};',
    },
  ],
  [
    "`$ref`, `$defs`, `definitions`",
    {
      rules: ["$ref"],
      given: {
        type: "object",
        properties: { list: { $ref: "#/$defs/list" }, leaf: { $ref: "#/definitions/leaf" }, loop: { $ref: "#/$defs/loop" } },
        $defs: { list: { type: "object", properties: { next: { $ref: "#/$defs/list" } } }, loop: { $ref: "#/$defs/loop" } },
        definitions: { leaf: { type: "string" } },
      },
      want: "export type TInput = {\n  list?: TInputList;\n  leaf?: TInputLeaf;\n  loop?: TInputLoop;\n};\n\nexport type TInputList = {\n  next?: TInputList;\n};\n\nexport type TInputLeaf = string;\n\nexport type TInputLoop = unknown;",
      warnings: ["ref-unresolved"],
    },
  ],
  [
    "`$ref` into an embedded resource, an anchor, a meta-schema; `$dynamicRef`, `$recursiveRef`",
    // One schema has one dialect: `$recursiveRef` (2019-09) and refs to the meta-schemas are held to the
    // JSON Schema Test Suite's ref groups instead (test/generated/json-schema-suite.test.ts).
    {
      rules: ["$ref"],
      given: {
        type: "object",
        properties: { a: { $ref: "#node" }, b: { $ref: "urn:example:leaf" }, c: { $dynamicRef: "#item" } },
        $defs: { n: { $anchor: "node", type: "string" }, l: { $id: "urn:example:leaf", type: "number" }, i: { $dynamicAnchor: "item", type: "boolean" } },
      },
      want: "export type TInput = {\n  a?: TInputN;\n  b?: TInputL;\n  c?: TInputI;\n};\n\nexport type TInputN = string;\n\nexport type TInputL = number;\n\nexport type TInputI = boolean;",
    },
  ],
  [
    "external `$ref` (file, URL)",
    {
      rules: ["boolean schema"],
      given: properties({ a: { $ref: "https://example.com/a.json" } }),
      want: "export type TInput = {\n  a: unknown;\n};",
      warnings: ["ref-external"],
    },
  ],
  [
    "`description`, `default`, `deprecated`, the constraints a type cannot say",
    {
      rules: ["doc"],
      given: {
        type: "object",
        properties: {
          a: { type: "string", description: "The city.", default: "Paris", deprecated: true, minLength: 1, pattern: "^[A-Z]", format: "x-city" },
          b: { type: "array", items: { type: "integer" }, maxItems: 3, uniqueItems: true },
          // A line break (U+2028 among them) or a control character: one tag line, the pattern as a string literal.
          c: { type: "string", pattern: "^a\nb\u2028c\u0007$" },
          // `number` cannot say integer; the tag does (not for `number`, nor for a type that admits every number).
          d: { type: ["integer", "null"], minimum: 0 },
          e: { type: ["integer", "number"] },
          // A definition's alias carries its own constraints, as a tool's input or output alias carries its root's.
          f: { $ref: "#/$defs/percent" },
        },
        $defs: { percent: { type: "integer", description: "A share.", minimum: 0, maximum: 100 } },
        minProperties: 1,
        description: "Where.",
      },
      want: '/**\n * Arguments of tool "t".\n *\n * Where.\n * @minProperties 1\n */\nexport type TInput = {\n  /**\n   * The city.\n   * @default "Paris"\n   * @minLength 1\n   * @pattern ^[A-Z]\n   * @format x-city\n   * @deprecated\n   */\n  a?: string;\n  /**\n   * @maxItems 3\n   * @uniqueItems\n   */\n  b?: number[];\n  /** @pattern "^a\\nb\\u2028c\\u0007$" */\n  c?: string;\n  /**\n   * @integer\n   * @minimum 0\n   */\n  d?: number | null;\n  e?: number;\n  f?: TInputPercent;\n};\n\n/**\n * A share.\n * @integer\n * @minimum 0\n * @maximum 100\n */\nexport type TInputPercent = number;',
      docs: true,
    },
  ],
  [
    "`x-mcp-header` on an argument (MCP 2026-07-28)",
    {
      rules: ["doc"],
      given: {
        type: "object",
        properties: {
          region: { type: "string", description: "The region.", "x-mcp-header": "Region" },
          // A header name is an HTTP token, which may hold backticks: the code span's fence is longer than any run of them.
          tick: { type: "integer", "x-mcp-header": "T``k", minimum: 0 },
          nested: { type: "object", properties: { flag: { type: "boolean", "x-mcp-header": "Flag" } } },
          plain: { type: "string", description: "Not a header." },
        },
      },
      want: '/** Arguments of tool "t". */\nexport type TInput = {\n  /**\n   * The region.\n   *\n   * Sent as the HTTP header `Mcp-Param-Region` (on MCP 2026-07-28 over HTTP): proxies and logs can see it.\n   */\n  region?: string;\n  /**\n   * Sent as the HTTP header ``` Mcp-Param-T``k ``` (on MCP 2026-07-28 over HTTP): proxies and logs can see it.\n   * @integer\n   * @minimum 0\n   */\n  tick?: number;\n  nested?: {\n    /** Sent as the HTTP header `Mcp-Param-Flag` (on MCP 2026-07-28 over HTTP): proxies and logs can see it. */\n    flag?: boolean;\n  };\n  /** Not a header. */\n  plain?: string;\n};',
      docs: true,
    },
  ],
  [
    "`tsType`, any other `x-*` and every other non-standard keyword",
    {
      rules: ["type: string"],
      given: properties({ a: { type: "string", tsType: "Date", "x-kind": "date", format: "x" } }),
      want: "export type TInput = {\n  a: string;\n};",
    },
  ],
];

/** The type stage's declarations for a tool `t` with this inputSchema, as printed, and the warnings about it. */
function typesOf(inputSchema: Record<string, unknown>, docs: boolean): { text: string; warnings: string[] } {
  const ir = normalizeManifest(recogniseManifest({ tools: [{ name: "t", inputSchema }] }, "t.tools.json"));
  const file = emitTypes(ir);
  const statements = file.statements
    .filter((statement) => statement.kind === "typeAlias" && statement.name !== "ToolMap")
    .map((statement) => (docs ? statement : { ...statement, doc: [] }));
  const printed = printFile({ ...file, statements }).trimEnd();
  // Rows about types leave the members' JSDoc (the "doc" rule's row shows it) out.
  const text = docs ? printed : printed.replace(/^ *\/\*\*(?:[^*]|\*(?!\/))*\*\/\n/gm, "");
  return { text, warnings: ir.diagnostics.map((diagnostic) => diagnostic.code) };
}

describe("the type mapping, row by row", () => {
  it.each(rows)("%s", (_row, { rules, given, want, warnings = [], docs = false }) => {
    for (const rule of rules) expect(TYPE_RULE_NAMES).toContain(rule);
    const types = typesOf(given, docs);
    expect(types.text).toBe(want);
    expect(types.warnings).toEqual(warnings);
  });

  it("has a row for every rule", () => {
    expect(TYPE_RULE_NAMES.filter((rule) => !rows.some(([, row]) => row.rules.includes(rule)))).toEqual([]);
  });

  it("has a row for every row of the documentation's table, and no other", () => {
    expect(rows.map(([name]) => name)).toEqual(documentedRows());
  });
});

/** The first cell of each row of the "| JSON Schema | TypeScript |" table in docs/type-mapping.md. */
function documentedRows(): string[] {
  const lines = readFileSync(join(repoRoot, "docs/type-mapping.md"), "utf8").split("\n");
  const start = lines.indexOf("| JSON Schema | TypeScript |");
  if (start === -1) throw new Error('no "| JSON Schema | TypeScript |" table in docs/type-mapping.md');
  const table = lines.slice(start + 2);
  return table
    .slice(
      0,
      table.findIndex((line) => !line.startsWith("|")),
    )
    .map((line) => line.slice(2, line.indexOf(" | ")));
}
