/**
 * The compiled validators, exercised through the goldens' typed entry points:
 * per mapping rule, instances that must pass and instances that must fail at
 * a given JSON pointer. Also: the validator files import nothing.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import * as fidelity from "../../golden/fidelity/index.js";
import * as hazards from "../../golden/hazards/index.js";
import * as shared from "../../golden/shared/index.js";
import * as mapping from "../../golden/type-mapping/index.js";
import * as weather from "../../golden/weather/index.js";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { emitValidators } from "../../src/emit/validators/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { errorMessage } from "../../templates/client-runtime.js";
import { formats } from "../../templates/validator-runtime.js";
import { esmProject } from "../helpers/output-dir.js";
import { repoRoot } from "../helpers/typecheck.js";

type Validate = (tool: string, value: unknown) => { ok: true } | { ok: false; issues: Array<{ path: string; message: string }> };

interface Row {
  rule: string;
  tool: string;
  value: unknown;
  /** JSON pointer of the expected issue, or null when the value is valid. */
  invalidAt: string | null;
}

const inputRows: Row[] = [
  { rule: "required property present", tool: "objects", value: { closed: { a: "x" } }, invalidAt: null },
  { rule: "required property missing", tool: "objects", value: {}, invalidAt: "/closed" },
  { rule: "nested required property missing", tool: "objects", value: { closed: {} }, invalidAt: "/closed/a" },
  { rule: "additionalProperties false rejects extras", tool: "objects", value: { closed: { a: "x", z: 1 } }, invalidAt: "/closed/z" },
  { rule: "additionalProperties true accepts extras", tool: "objects", value: { closed: { a: "x" }, open: { z: [1] } }, invalidAt: null },
  { rule: "additionalProperties schema checks values", tool: "objects", value: { closed: { a: "x" }, typedMap: { k: "s" } }, invalidAt: "/typedMap/k" },
  {
    rule: "declared property beside additionalProperties schema",
    tool: "objects",
    value: { closed: { a: "x" }, mixedMap: { name: "n", on: true } },
    invalidAt: null,
  },
  {
    rule: "patternProperties with additionalProperties false",
    tool: "objects",
    value: { closed: { a: "x" }, patterned: { "x-a": "1", y: "2" } },
    invalidAt: "/patterned/y",
  },
  { rule: "integer rejects fractions", tool: "objects", value: { closed: { a: "x", b: 1.5 } }, invalidAt: "/closed/b" },
  { rule: "array items", tool: "arrays_and_tuples", value: { list: ["a", 1] }, invalidAt: "/list/1" },
  { rule: "array of a union", tool: "arrays_and_tuples", value: { mixedList: [{ a: "x" }, "s"] }, invalidAt: null },
  { rule: "array of a union rejects a bare member", tool: "arrays_and_tuples", value: { mixedList: { a: "x" } }, invalidAt: "/mixedList" },
  { rule: "array of negative literals", tool: "arrays_and_tuples", value: { negatives: [-1, -1], negativeEnum: [-2] }, invalidAt: null },
  { rule: "closed object without properties", tool: "objects", value: { closed: { a: "x" }, empty: { x: 1 } }, invalidAt: "/empty/x" },
  { rule: "draft-07 tuple", tool: "arrays_and_tuples", value: { draft07Tuple: [1, 2] }, invalidAt: null },
  { rule: "draft-07 tuple additionalItems false", tool: "arrays_and_tuples", value: { draft07Tuple: [1, 2, 3] }, invalidAt: "/draft07Tuple" },
  { rule: "draft-07 tuple minItems", tool: "arrays_and_tuples", value: { draft07Tuple: [1] }, invalidAt: "/draft07Tuple" },
  {
    rule: "draft-07 tuple additionalItems schema",
    tool: "arrays_and_tuples",
    value: { draft07OpenTuple: ["a", true, 5, "x"] },
    invalidAt: "/draft07OpenTuple/3",
  },
  { rule: "2020-12 prefixItems", tool: "tuples_2020", value: { point: [1, 2] }, invalidAt: null },
  { rule: "2020-12 items false closes the tuple", tool: "tuples_2020", value: { point: [1, 2, 3, 4] }, invalidAt: "/point" },
  { rule: "2020-12 prefixItems element type", tool: "tuples_2020", value: { point: [1, "2"] }, invalidAt: "/point/1" },
  { rule: "2020-12 rest items", tool: "tuples_2020", value: { point: [0, 0], labelled: ["label", "a", 3] }, invalidAt: "/labelled/2" },
  { rule: "string enum", tool: "literals", value: { kind: "fixed", color: "purple" }, invalidAt: "/color" },
  { rule: "number enum", tool: "literals", value: { kind: "fixed", level: 2 }, invalidAt: null },
  { rule: "boolean/null enum", tool: "literals", value: { kind: "fixed", flag: null }, invalidAt: null },
  { rule: "const", tool: "literals", value: { kind: "other" }, invalidAt: "/kind" },
  { rule: "object enum member compares deeply", tool: "literals", value: { kind: "fixed", objectEnum: { a: 2 } }, invalidAt: "/objectEnum" },
  { rule: "object enum member accepted", tool: "literals", value: { kind: "fixed", objectEnum: { a: 1 } }, invalidAt: null },
  { rule: "anyOf", tool: "combinators", value: { idOrName: true }, invalidAt: "/idOrName" },
  { rule: "oneOf discriminated", tool: "combinators", value: { shape: { kind: "circle", radius: 1 } }, invalidAt: null },
  { rule: "oneOf branch incomplete", tool: "combinators", value: { shape: { kind: "circle" } }, invalidAt: "/shape" },
  { rule: "allOf requires every part", tool: "combinators", value: { both: { b: 1 } }, invalidAt: "/both/a" },
  { rule: "type with null", tool: "combinators", value: { nullableString: null, openApiNullable: null }, invalidAt: null },
  { rule: "type with null rejects others", tool: "combinators", value: { nullableString: 3 }, invalidAt: "/nullableString" },
  { rule: "anyOf of required-only branches", tool: "combinators", value: { oneOrTheOther: {} }, invalidAt: "/oneOrTheOther" },
  {
    rule: "recursive $ref",
    tool: "refs",
    value: { tree: { value: "a", children: [{ value: "b", children: [{ value: 1 }] }] } },
    invalidAt: "/tree/children/0/children/0/value",
  },
  { rule: "$ref into #/properties", tool: "refs", value: { tree: { value: "a" }, secondary: { street: "x" } }, invalidAt: "/secondary/city" },
  { rule: "recursive JSON value", tool: "refs", value: { tree: { value: "a" }, json: { a: [1, "x", null, { b: false }] } }, invalidAt: null },
  { rule: "root $ref #", tool: "refs", value: { tree: { value: "a" }, self: {} }, invalidAt: "/self/tree" },
  { rule: "{} accepts anything", tool: "unknowns_and_docs", value: { anything: [1, { x: null }] }, invalidAt: null },
  { rule: "format date-time", tool: "unknowns_and_docs", value: { anything: 1, when: "yesterday" }, invalidAt: "/when" },
  { rule: "format date-time valid", tool: "unknowns_and_docs", value: { anything: 1, when: "2025-06-18T12:00:00Z" }, invalidAt: null },
  { rule: "minimum", tool: "unknowns_and_docs", value: { anything: 1, count: -1 }, invalidAt: "/count" },
  { rule: "exclusiveMaximum", tool: "unknowns_and_docs", value: { anything: 1, count: 100 }, invalidAt: "/count" },
  { rule: "draft-04 boolean exclusiveMinimum", tool: "unknowns_and_docs", value: { anything: 1, draft04Bound: 0 }, invalidAt: "/draft04Bound" },
  { rule: "an empty ref cycle constrains nothing (and never recurses forever)", tool: "cyclic_aliases", value: { loop: 5 }, invalidAt: null },
  { rule: "no type but properties is an object", tool: "unknowns_and_docs", value: "not an object", invalidAt: "" },
];

function expectRow(validate: Validate, row: Row) {
  const result = validate(row.tool, row.value);
  if (row.invalidAt === null) {
    expect(result).toEqual({ ok: true, value: row.value });
  } else {
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toContain(row.invalidAt);
  }
}

describe("input validators", () => {
  it.each(inputRows)("$rule ($tool)", (row) => expectRow(mapping.validateInput as Validate, row));
});

/** Identifiers as the drafts define them (golden/fidelity): each ref lands where the spec says, and only there. */
const fidelityRows: Row[] = [
  {
    rule: "relative $id: customer.json resolves against the root's $id",
    tool: "place_order",
    value: { customer: { name: "Ada", address: { city: "Oslo" } }, lines: [{ sku: "a", quantity: 1 }] },
    invalidAt: null,
  },
  {
    rule: "a pointer is relative to its resource: #/$defs/address inside customer.json",
    tool: "place_order",
    value: { customer: { name: "Ada", address: {} }, lines: [{ sku: "a", quantity: 1 }] },
    invalidAt: "/customer/address/city",
  },
  {
    rule: "a URN $id is part of the schema, not external",
    tool: "place_order",
    value: { customer: { name: "Ada" }, lines: [{ sku: "a", quantity: 0 }] },
    invalidAt: "/lines/0/quantity",
  },
  { rule: 'draft-07 $id: "#point" is an anchor', tool: "plot", value: { from: { x: 1 } }, invalidAt: "/from/y" },
  {
    rule: "$dynamicRef: children of the strict tree are strict trees",
    tool: "save_tree",
    value: { data: 1, children: [{ data: 2, children: [] }] },
    invalidAt: null,
  },
  {
    rule: "$dynamicRef: an unknown property in a child is refused by the outer unevaluatedProperties",
    tool: "save_tree",
    value: { children: [{ daat: 2 }] },
    invalidAt: "/children/0/daat",
  },
  { rule: "$recursiveRef with $recursiveAnchor recurses to the root", tool: "walk", value: { name: "a", next: { name: 2 } }, invalidAt: "/next/name" },
];

describe("identifiers as the JSON Schema drafts define them", () => {
  it.each(fidelityRows)("$rule ($tool)", (row) => expectRow(fidelity.validateInput as Validate, row));
  it("outputs that are not objects are validated as their schemas say", () => {
    expect(fidelity.validateOutput("place_order", ["A-1"])).toEqual({ ok: true, value: ["A-1"] });
    expect(fidelity.validateOutput("plot", "far")).toEqual({ ok: false, issues: [{ path: "", message: "must be number" }] });
  });
});

describe("output validators", () => {
  it("check structuredContent against a draft-07 outputSchema with definitions", () => {
    expectRow(mapping.validateOutput as Validate, { rule: "", tool: "refs", value: { items: [{ id: "a" }] }, invalidAt: null });
    expectRow(mapping.validateOutput as Validate, { rule: "", tool: "refs", value: { items: [{ id: 1 }] }, invalidAt: "/items/0/id" });
  });
  it("accept anything for a tool without outputSchema", () => {
    expect(mapping.validateOutput("objects", 42)).toEqual({ ok: true, value: 42 });
  });
  it("report bounds with a readable message", () => {
    const result = weather.validateOutput("get_weather", { temperature: 20, conditions: "sunny", humidity: 101 });
    expect(result).toEqual({ ok: false, issues: [{ path: "/humidity", message: "must be <= 100" }] });
  });
  it("report a missing property at its own pointer", () => {
    const result = weather.validateOutput("get_weather", { temperature: 20, humidity: 1 });
    expect(result).toEqual({ ok: false, issues: [{ path: "/conditions", message: "is required" }] });
  });
});

describe("validators of structure repeated across tools (compiled once, called by $ref)", () => {
  it("report issues at the instance's pointers, whichever tool and place the repeat is in", () => {
    const store = { code: "s1", address: { city: "Oslo", country: "NO" } };
    expect(shared.validateOutput("list_stores", { stores: [store], next: null }).ok).toBe(true);
    expect(shared.validateOutput("list_stores", { stores: [store, { code: "s2", address: { city: "", country: "no" } }], next: null })).toEqual({
      ok: false,
      issues: [
        { path: "/stores/1/address/city", message: "must NOT have fewer than 1 characters" },
        { path: "/stores/1/address/country", message: 'must match pattern "^[A-Z]{2}$"' },
      ],
    });
    expect(shared.validateOutput("list_customers", { customers: [{ id: "c", name: "n", address: { city: "Oslo" } }], next: "x" })).toEqual({
      ok: false,
      issues: [{ path: "/customers/0/address/country", message: "is required" }],
    });
    // The $defs entries (named differently in each tool) and the inline repeats share code; each still checks its own place.
    expect(shared.validateInput("list_customers", { page: { size: 0 }, near: { city: "Oslo", country: "NOR" } })).toEqual({
      ok: false,
      issues: [
        { path: "/page/size", message: "must be >= 1" },
        { path: "/near/country", message: 'must match pattern "^[A-Z]{2}$"' },
      ],
    });
    expect(shared.validateInput("list_stores", { page: { size: 101 } })).toEqual({ ok: false, issues: [{ path: "/page/size", message: "must be <= 100" }] });
  });
});

describe("numbers", () => {
  it("are JSON numbers: NaN and Infinity, which JSON.stringify sends as null, are rejected", () => {
    for (const temperature of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(weather.validateOutput("get_weather", { temperature, conditions: "x", humidity: 1 })).toEqual({
        ok: false,
        issues: [{ path: "/temperature", message: "must be number" }],
      });
    }
    expect(weather.validateInput("get_forecast", { location: "x", days: Number.POSITIVE_INFINITY })).toMatchObject({
      ok: false,
      issues: [{ path: "/days", message: "must be integer" }],
    });
  });
});

describe("issue messages", () => {
  it("name the property a dependentRequired dependency needs", () => {
    expect(mapping.validateInput("objects", { closed: { a: "x" }, payment: { card: "4242" } })).toEqual({
      ok: false,
      issues: [{ path: "/payment/billing", message: 'is required when "card" is present' }],
    });
  });
});

describe("errorMessage", () => {
  // Each schema and instance fails the keywords named beside it; ajv (messages on) says what each error's message is.
  const cases: Array<[keywords: string[], schema: object, value: unknown]> = [
    [["type"], { type: "string" }, 1],
    [["type"], { type: ["string", "null"] }, 1],
    [["required", "dependentRequired"], { required: ["a"], dependentRequired: { b: ["c", "d"] } }, { b: 1 }],
    [["dependentRequired"], { dependentRequired: { b: ["c"] } }, { b: 1 }],
    [["additionalProperties"], { properties: { a: {} }, additionalProperties: false }, { z: 1 }],
    [["unevaluatedProperties"], { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }, { z: 1 }],
    [["propertyNames", "pattern"], { propertyNames: { pattern: "^[a-z]+$" } }, { B: 1 }],
    [["minLength", "maxLength"], { allOf: [{ minLength: 3 }, { maxLength: 0 }] }, "ab"],
    [["minItems", "maxItems"], { allOf: [{ minItems: 3 }, { maxItems: 1 }] }, [1, 2]],
    [["minProperties", "maxProperties"], { allOf: [{ minProperties: 3 }, { maxProperties: 1 }] }, { a: 1, b: 2 }],
    [
      ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
      { allOf: [{ minimum: 2.5 }, { maximum: -1 }, { exclusiveMinimum: 5 }, { exclusiveMaximum: 0 }] },
      1,
    ],
    [["multipleOf"], { multipleOf: 0.25 }, 0.3],
    [["format"], { format: "date-time" }, "yesterday"],
    [["enum"], { enum: ["a", 1] }, "b"],
    [["const"], { const: { a: 1 } }, { a: 2 }],
    [["uniqueItems"], { uniqueItems: true }, [1, 2, 1]],
    [["type", "contains"], { contains: { type: "string" } }, [1]],
    [["type", "contains"], { contains: { type: "string" }, minContains: 2, maxContains: 3 }, ["a", 1]],
    [["items"], { prefixItems: [{}], items: false }, [1, 2]],
    [["unevaluatedItems"], { prefixItems: [{}], unevaluatedItems: false }, [1, 2, 3]],
    [["type", "anyOf"], { anyOf: [{ type: "string" }, { type: "number" }] }, null],
    [["oneOf"], { oneOf: [{ type: "number" }, { type: "integer" }] }, 1],
    [["not"], { not: { type: "number" } }, 1],
    [["minimum", "if"], { if: { type: "number" }, then: { minimum: 10 }, else: { type: "string" } }, 1],
    [["type", "if"], { if: { type: "number" }, then: { minimum: 10 }, else: { type: "string" } }, true],
    [["false schema"], { properties: { a: false } }, { a: 1 }],
  ];
  const ajv = new Ajv2020.default({ allErrors: true, strict: false, logger: false });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);

  it.each(cases)("words %j errors as ajv does", (keywords, schema, value) => {
    const validate = ajv.compile(schema);
    expect(validate(value)).toBe(false);
    const errors = validate.errors ?? [];
    expect(new Set(errors.map((error) => error.keyword))).toEqual(new Set(keywords));
    for (const error of errors) {
      const { message, ...withoutMessage } = error;
      expect(errorMessage(withoutMessage), error.keyword).toBe(message);
    }
  });

  it("words the issues of generated validators, which carry no message", async () => {
    const compiled = await readFile(join(repoRoot, "golden/weather/validators.ts"), "utf8");
    expect(compiled).toContain('keyword:"type",params:{type: "string"}}');
    expect(compiled).not.toContain("},message:");
    expect(weather.validateInput("get_weather", { location: 1 })).toEqual({ ok: false, issues: [{ path: "/location", message: "must be string" }] });
  });
});

describe("issues about property names", () => {
  it("point at the property that propertyNames or unevaluatedProperties rejects", () => {
    expect(mapping.validateInput("property_rules", { id: "x", zzzz: 1 })).toEqual({
      ok: false,
      issues: [
        { path: "/zzzz", message: "is not an allowed property name (the name must NOT have more than 3 characters)" },
        { path: "/zzzz", message: "is not an allowed property" },
      ],
    });
    expect(mapping.validateInput("property_rules", { id: "x", a: 1 })).toEqual({ ok: false, issues: [{ path: "/a", message: "is not an allowed property" }] });
    expect(mapping.validateInput("property_rules", { id: "x" }).ok).toBe(true);
  });
});

describe("validators and hostile names", () => {
  it("keep tools named like Object.prototype members apart from the prototype", () => {
    expect(hazards.validateInput("constructor", {}).ok).toBe(true);
    expect(hazards.validateInput("toString", {}).ok).toBe(true);
    expect((hazards.validateInput as Validate)("hasOwnProperty", {})).toEqual({ ok: false, issues: [{ path: "", message: 'unknown tool "hasOwnProperty"' }] });
    expect(hazards.validateInput("__proto__", { x: 1 }).ok).toBe(false);
    expect(hazards.validateInput("__proto__", { x: "1" }).ok).toBe(true);
  });
  it("require an own __proto__ property, not the inherited one", () => {
    const missing = { plain: "*/", "*/": "x" };
    const result = hazards.validateInput("evil_text", missing as never);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toContain("/__proto__");
    const present = JSON.parse('{"plain": "*/", "*/": "x", "__proto__": "own"}');
    expect(hazards.validateInput("evil_text", present).ok).toBe(true);
  });
  it("check a property named __proto__ like any other (ajv skips it in `properties`)", () => {
    expect(hazards.validateInput("object_member_properties", JSON.parse('{"__proto__": 5}'))).toEqual({
      ok: false,
      issues: [{ path: "/__proto__", message: "must be string" }],
    });
    const valid = JSON.parse('{"__proto__": "x", "q": "y", "constructor": 2, "valueOf": {"hasOwnProperty": true}}');
    expect(hazards.validateInput("object_member_properties", valid)).toEqual({ ok: true, value: valid });
    expect(hazards.validateInput("object_member_properties", JSON.parse('{"zzz": 1}'))).toEqual({
      ok: false,
      issues: [{ path: "/zzz", message: "is not an allowed property" }],
    });
    expect(hazards.validateOutput("object_member_properties", JSON.parse('{"__proto__": 5}'))).toEqual({
      ok: false,
      issues: [{ path: "/__proto__", message: "must be string" }],
    });
    expect(hazards.validateOutput("object_member_properties", JSON.parse('{"__proto__": "x"}')).ok).toBe(true);
  });

  it("match enum values containing comment terminators, template syntax and line separators", () => {
    for (const value of ["*/", "${x}", "`", "\u2028"]) {
      // Built from JSON text: an object literal's `__proto__:` would set the prototype instead.
      expect(hazards.validateInput("evil_text", JSON.parse(`{"plain": ${JSON.stringify(value)}, "*/": "", "__proto__": ""}`)).ok).toBe(true);
    }
    expect(hazards.validateInput("evil_text", JSON.parse('{"plain": "other", "*/": "", "__proto__": ""}')).ok).toBe(false);
  });
  it("match values and property names holding bidirectional-text controls, though validators.ts spells them as escapes", () => {
    const valid = { "access\u2067Level": "user\u202e \u2066// admin\u2069 \u2066" };
    expect((hazards.validateInput as Validate)("bidi\u202e_text", valid)).toEqual({ ok: true, value: valid });
    expect((hazards.validateInput as Validate)("bidi\u202e_text", { "access\u2067Level": "user" }).ok).toBe(false);
    expect((hazards.validateInput as Validate)("bidi\u202e_text", { accessLevel: "admin" })).toEqual({
      ok: false,
      issues: [{ path: "/access\u2067Level", message: "is required" }],
    });
    expect((hazards.validateOutput as Validate)("bidi\u202e_text", { granted: "no\u200f\u061c" }).ok).toBe(true);
    expect((hazards.validateOutput as Validate)("bidi\u202e_text", { granted: "no" }).ok).toBe(false);
  });
  it("treat an unresolvable external $ref as unconstrained", () => {
    const value = JSON.parse('{"plain": "*/", "*/": "", "__proto__": "", "externalUrl": [1, 2], "externalFile": {"a": 1}}');
    expect(hazards.validateInput("evil_text", value).ok).toBe(true);
  });
});

describe("generated code imports nothing from packages", () => {
  it.each(["weather", "type-mapping", "hazards"])("golden %s", async (name) => {
    const directory = join(repoRoot, "golden", name);
    for (const file of (await readdir(directory)).filter((entry) => entry.endsWith(".ts"))) {
      const source = await readFile(join(directory, file), "utf8");
      const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((match) => match[1]);
      for (const specifier of specifiers) expect(specifier, `${name}/${file}`).toMatch(/^\.\/[a-z-]+\.js$/);
      expect(source, `${name}/${file}`).not.toMatch(/\brequire\s*\(|\bimport\s*\(/);
      if (file === "validators.ts") expect(specifiers, `${name}/validators.ts`).toEqual([]);
    }
  });
});

describe("a schema ajv cannot compile", () => {
  it("costs only its own validator: compiled as true and reported for its tool, the other tools' validators intact", async () => {
    const ir = normalizeManifest(
      recogniseManifest(
        {
          tools: [
            { name: "sound", inputSchema: { type: "object", properties: { n: { type: "number" } } } },
            { name: "broken", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { n: { type: "number" } } } },
          ],
        },
        "broken.tools.json",
      ),
    );
    // Normalisation never leaves such a ref; ajv refuses to compile it, as it would anything it cannot handle.
    ir.tools[1]!.input.schema = { type: "object", properties: { a: { $ref: "https://mcpgen.invalid/nothing" } } };
    const file = await emitValidators(ir);
    expect(ir.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "schema-invalid",
        tool: "broken",
        pointer: "/tools/1/inputSchema",
        message: expect.stringMatching(/^ajv cannot compile this schema \(.*nothing.*\); arguments are checked only for being an object$/),
      }),
    ]);
    const directory = await esmProject("uncompilable");
    await writeFile(join(directory, "validators.ts"), file.contents);
    const compiled = (await import(pathToFileURL(join(directory, "validators.ts")).href)) as Record<string, (data: unknown) => boolean>;
    expect(compiled["input0"]!({ n: "x" })).toBe(false);
    expect(compiled["input1"]!({ a: "anything" })).toBe(true);
    expect(compiled["output1"]!({ n: "x" })).toBe(false);
  });
});
