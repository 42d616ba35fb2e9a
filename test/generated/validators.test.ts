/**
 * The generated validators, exercised through the goldens' typed entry points:
 * per mapping rule, instances that must pass and instances that must fail at
 * a given JSON pointer; the words of every keyword's issues; and what the
 * validator files import (nothing from a package).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import * as fidelity from "../../golden/fidelity/validate.js";
import * as hazards from "../../golden/hazards/validate.js";
import * as shared from "../../golden/shared/validate.js";
import * as mapping from "../../golden/type-mapping/validate.js";
import * as weather from "../../golden/weather/validate.js";
import { PROTOTYPE_MEMBERS } from "../../src/emit/validators/code.js";
import { toolValidatorsPath } from "../../src/emit/validators/index.js";
import { formats } from "../../templates/validator-runtime.js";
import { runValidator, type CompiledValidator } from "../../templates/client-runtime.js";
import { generateValidators, issuesOf, type Check, type Issue } from "../helpers/generated-validators.js";
import { nativeImportUrl } from "../helpers/native-import.js";
import { repoRoot } from "../helpers/typecheck.js";

/** A Standard Schema v1 object, as the generated `standardSchemas` holds them. */
type StandardSchema = { "~standard": { validate: (value: unknown) => unknown } };

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
  it("are JSON numbers: NaN and Infinity, which JSON.stringify sends as null, are rejected, and the issue says why", () => {
    for (const temperature of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(weather.validateOutput("get_weather", { temperature, conditions: "x", humidity: 1 })).toEqual({
        ok: false,
        issues: [{ path: "/temperature", message: `must be number, not ${temperature} (JSON sends it as null)` }],
      });
    }
    expect(weather.validateInput("get_forecast", { location: "x", days: Number.POSITIVE_INFINITY })).toMatchObject({
      ok: false,
      issues: [{ path: "/days", message: "must be integer, not Infinity (JSON sends it as null)" }],
    });
  });
});

describe("a number JSON cannot send (NaN, Infinity, -Infinity)", () => {
  // Each schema (a property's, an item's, a map value's; required or optional; alone, with other keywords or among
  // other types), a value holding `n` where the number goes, and the pointer of the issue that says why. Not compared
  // with ajv: NaN is no JSON value, and ajv, checking the value as JavaScript holds it, takes NaN for a number.
  const number = { type: "number" };
  const cases: Array<[where: string, schema: object, value: (n: number) => object, path: string, type: string]> = [
    ["optional property", { properties: { a: number } }, (n) => ({ a: n }), "/a", "number"],
    ["required property", { properties: { a: number }, required: ["a"] }, (n) => ({ a: n }), "/a", "number"],
    ["integer property", { properties: { a: { type: "integer" } } }, (n) => ({ a: n }), "/a", "integer"],
    ["property with bounds", { properties: { a: { type: "number", minimum: 0, maximum: 10 } } }, (n) => ({ a: n }), "/a", "number"],
    ["property with an enum", { properties: { a: { type: "number", enum: [1, 2] } } }, (n) => ({ a: n }), "/a", "number"],
    ["number or null", { properties: { a: { type: ["number", "null"] } } }, (n) => ({ a: n }), "/a", "number,null"],
    ["items of integer or null", { properties: { l: { items: { type: ["integer", "null"] } } } }, (n) => ({ l: [n] }), "/l/0", "integer,null"],
    ["integer or string", { properties: { a: { type: ["integer", "string"] } } }, (n) => ({ a: n }), "/a", "integer,string"],
    ["below an object", { properties: { o: { type: "object", properties: { a: number } } } }, (n) => ({ o: { a: n } }), "/o/a", "number"],
    ["items of one type", { properties: { l: { items: number } } }, (n) => ({ l: [1, n] }), "/l/1", "number"],
    ["items with bounds", { properties: { l: { items: { type: "integer", minimum: 0 } } } }, (n) => ({ l: [1, n] }), "/l/1", "integer"],
    ["prefixItems", { properties: { l: { prefixItems: [{ type: "string" }, number] } } }, (n) => ({ l: ["a", n] }), "/l/1", "number"],
    ["items by $ref", { properties: { l: { items: { $ref: "#/$defs/n" } } }, $defs: { n: number } }, (n) => ({ l: [n] }), "/l/0", "number"],
    ["additionalProperties", { additionalProperties: number }, (n) => ({ z: n }), "/z", "number"],
    ["allOf", { properties: { a: { allOf: [number] } } }, (n) => ({ a: n }), "/a", "number"],
  ];
  let generated: Awaited<ReturnType<typeof generateValidators>>;
  beforeAll(async () => {
    generated = await generateValidators(
      cases.map(([, schema], index) => ({ name: `case_${index}`, inputSchema: { type: "object", ...schema } })),
      "non-finite-numbers",
    );
  });

  it.each(cases.map((entry, index) => [index, ...entry] as const))("is refused, saying why: case %i, %s", (index, _where, _schema, value, path, type) => {
    const check = generated.modules.get(`case_${index}`)!.input;
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      // Where null is among the types, "JSON sends it as null" would read as a reason to accept it: the words say to give null.
      const why = type.includes("null") ? "JSON would send it as null: give null itself if you mean null" : "JSON sends it as null";
      expect(issuesOf(check, value(n))).toEqual([{ path, message: `must be ${type}, not ${n} (${why})` }]);
    }
    // A finite number passes, and a value of another type keeps the plain words.
    expect(issuesOf(check, value(1))).toEqual([]);
    expect(issuesOf(check, value(true as unknown as number))).toEqual([{ path, message: `must be ${type}` }]);
  });
});

describe("issue messages", () => {
  it("name the property a dependentRequired dependency needs", () => {
    expect(mapping.validateInput("objects", { closed: { a: "x" }, payment: { card: "4242" } })).toEqual({
      ok: false,
      issues: [{ path: "/payment/billing", message: 'is required when "card" is present' }],
    });
  });

  it("name each issue once: the branches of a failed oneOf or anyOf do not repeat what they share", async () => {
    // Each branch requires `error` to be a string (xcodebuildmcp's outputs): a null one fails all three.
    const branch = (kind: string) => ({ type: "object", properties: { kind: { const: kind }, error: { type: "string" } }, required: ["kind"] });
    // Twenty branches: 40 issues found, a list long enough to be made distinct with a set.
    const kinds = Array.from({ length: 20 }, (_, index) => `k${index}`);
    const generated = await generateValidators(
      [
        { name: "one", inputSchema: { type: "object" }, outputSchema: { oneOf: ["a", "b", "c"].map(branch) } },
        { name: "any", inputSchema: { type: "object" }, outputSchema: { anyOf: ["a", "b", "c"].map(branch) } },
        { name: "many", inputSchema: { type: "object" }, outputSchema: { oneOf: kinds.map(branch) } },
      ],
      "distinct-issues",
    );
    const value = { kind: "a", error: null };
    expect(generated.validateOutput("one", value)).toEqual({
      ok: false,
      issues: [
        { path: "/error", message: "must be string" },
        { path: "/kind", message: 'must be "b"' },
        { path: "/kind", message: 'must be "c"' },
        { path: "", message: "must match exactly one schema in oneOf" },
      ],
    });
    expect(generated.validateOutput("any", value)).toEqual({
      ok: false,
      issues: [
        { path: "/error", message: "must be string" },
        { path: "/kind", message: 'must be "b"' },
        { path: "/kind", message: 'must be "c"' },
        { path: "", message: "must match a schema in anyOf" },
      ],
    });
    expect(generated.validateOutput("many", { kind: "k0", error: null })).toEqual({
      ok: false,
      issues: [
        { path: "/error", message: "must be string" },
        ...kinds.slice(1).map((kind) => ({ path: "/kind", message: `must be ${JSON.stringify(kind)}` })),
        { path: "", message: "must match exactly one schema in oneOf" },
      ],
    });
  });
});

const fewMembers = { enum: [1, "true", null, false] };
const enumProperties = { properties: { mode: { type: "string", enum: ["fast", "slow"] }, level: { enum: [1, 2, 3] } } };
const optionalProperties = { properties: { a: { type: "integer" }, b: { type: ["string", "null"] }, c: { type: "string" } } };

describe("the words of each keyword's issues", () => {
  // Each schema and instance fails the keywords named beside it: mcpgen's issues, and ajv's words where mcpgen keeps them.
  const cases: Array<[keywords: string[], schema: object, value: unknown, issues: Issue[]]> = [
    [["type"], { type: "string" }, 1, [{ path: "", message: "must be string" }]],
    [["type"], { type: ["string", "null"] }, 1, [{ path: "", message: "must be string,null" }]],
    [
      ["type"],
      { allOf: ["string", "integer", "boolean", "null", "object", "array"].map((type) => ({ type })) },
      1.5,
      ["string", "integer", "boolean", "null", "object", "array"].map((type) => ({ path: "", message: `must be ${type}` })),
    ],
    [
      ["required", "dependentRequired"],
      { required: ["a"], dependentRequired: { b: ["c", "d"] } },
      { b: 1 },
      [
        { path: "/a", message: "is required" },
        { path: "/c", message: 'is required when "b" is present' },
        { path: "/d", message: 'is required when "b" is present' },
      ],
    ],
    [["additionalProperties"], { properties: { a: {} }, additionalProperties: false }, { z: 1 }, [{ path: "/z", message: "is not an allowed property" }]],
    [
      ["unevaluatedProperties"],
      { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
      { a: 1, z: 1 },
      [{ path: "/z", message: "is not an allowed property" }],
    ],
    [
      ["propertyNames", "pattern"],
      { propertyNames: { pattern: "^[a-z]+$" } },
      { B: 1 },
      [{ path: "/B", message: 'is not an allowed property name (the name must match pattern "^[a-z]+$")' }],
    ],
    [["propertyNames"], { propertyNames: false }, { B: 1 }, [{ path: "/B", message: "is not an allowed property name (the name boolean schema is false)" }]],
    [
      ["minLength", "maxLength"],
      { allOf: [{ minLength: 3 }, { maxLength: 0 }] },
      "ab",
      [
        { path: "", message: "must NOT have fewer than 3 characters" },
        { path: "", message: "must NOT have more than 0 characters" },
      ],
    ],
    [["minLength"], { minLength: 2 }, "\u{1F600}", [{ path: "", message: "must NOT have fewer than 2 characters" }]],
    [
      ["minItems", "maxItems"],
      { allOf: [{ minItems: 3 }, { maxItems: 1 }] },
      [1, 2],
      [
        { path: "", message: "must NOT have fewer than 3 items" },
        { path: "", message: "must NOT have more than 1 items" },
      ],
    ],
    [
      ["minProperties", "maxProperties"],
      { allOf: [{ minProperties: 3 }, { maxProperties: 1 }] },
      { a: 1, b: 2 },
      [
        { path: "", message: "must NOT have fewer than 3 properties" },
        { path: "", message: "must NOT have more than 1 properties" },
      ],
    ],
    [
      ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"],
      { allOf: [{ minimum: 2.5 }, { maximum: -1 }, { exclusiveMinimum: 5 }, { exclusiveMaximum: 0 }] },
      1,
      [
        { path: "", message: "must be >= 2.5" },
        { path: "", message: "must be <= -1" },
        { path: "", message: "must be > 5" },
        { path: "", message: "must be < 0" },
      ],
    ],
    [["multipleOf"], { multipleOf: 0.25 }, 0.3, [{ path: "", message: "must be multiple of 0.25" }]],
    [["format"], { format: "date-time" }, "yesterday", [{ path: "", message: 'must match format "date-time"' }]],
    [["enum"], { enum: ["a", 1] }, "b", [{ path: "", message: 'must be one of "a", 1' }]],
    // A few members are compared one by one (===): a number is not its string, and each primitive matches itself alone.
    [["enum"], fewMembers, "1", [{ path: "", message: 'must be one of 1, "true", null, false' }]],
    [["enum"], fewMembers, true, [{ path: "", message: 'must be one of 1, "true", null, false' }]],
    [
      ["enum"],
      enumProperties,
      { mode: "auto", level: 4 },
      [
        { path: "/mode", message: 'must be one of "fast", "slow"' },
        { path: "/level", message: "must be one of 1, 2, 3" },
      ],
    ],
    // An optional property of the wrong type (absent, it passes: the valid cases below).
    [
      ["type"],
      optionalProperties,
      { a: "x", b: 1 },
      [
        { path: "/a", message: "must be integer" },
        { path: "/b", message: "must be string,null" },
      ],
    ],
    [
      ["enum"],
      { enum: Array.from({ length: 12 }, (_, index) => index) },
      20,
      [{ path: "", message: "must be one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, … (2 more)" }],
    ],
    [["const"], { const: { a: 1 } }, { a: 2 }, [{ path: "", message: 'must be {"a":1}' }]],
    [["uniqueItems"], { uniqueItems: true }, [1, 2, 1], [{ path: "", message: "must NOT have duplicate items (items ## 0 and 2 are identical)" }]],
    [["contains"], { contains: { type: "string" } }, [1], [{ path: "", message: "must contain at least 1 valid item(s)" }]],
    [
      ["contains"],
      { contains: { type: "string" }, minContains: 2, maxContains: 3 },
      ["a", 1],
      [{ path: "", message: "must contain at least 2 and no more than 3 valid item(s)" }],
    ],
    [["items"], { prefixItems: [{}], items: false }, [1, 2], [{ path: "", message: "must NOT have more than 1 items" }]],
    [
      ["unevaluatedItems"],
      { prefixItems: [{}], unevaluatedItems: false },
      [1, 2, 3],
      [
        { path: "/1", message: "is not an allowed item" },
        { path: "/2", message: "is not an allowed item" },
      ],
    ],
    [
      ["type", "anyOf"],
      { anyOf: [{ type: "string" }, { type: "number" }] },
      null,
      [
        { path: "", message: "must be string" },
        { path: "", message: "must be number" },
        { path: "", message: "must match a schema in anyOf" },
      ],
    ],
    [["oneOf"], { oneOf: [{ type: "number" }, { type: "integer" }] }, 1, [{ path: "", message: "must match exactly one schema in oneOf" }]],
    [["not"], { not: { type: "number" } }, 1, [{ path: "", message: "must NOT be valid" }]],
    [["minimum", "if"], { if: { type: "number" }, then: { minimum: 10 }, else: { type: "string" } }, 1, [{ path: "", message: "must be >= 10" }]],
    [["type", "if"], { if: { type: "number" }, then: { minimum: 10 }, else: { type: "string" } }, true, [{ path: "", message: "must be string" }]],
    [["false schema"], { properties: { a: false } }, { a: 1 }, [{ path: "/a", message: "boolean schema is false" }]],
    [["type"], { properties: { "a/b~c": { items: { type: "string" } } } }, { "a/b~c": ["x", 2] }, [{ path: "/a~1b~0c/1", message: "must be string" }]],
  ];
  /** ajv's words for the keywords whose words mcpgen keeps as they are. */
  const AJV_WORDED = new Set([
    "type",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "format",
    "uniqueItems",
    "contains",
    "items",
    "anyOf",
    "oneOf",
    "not",
  ]);
  const ajv = new Ajv2020.default({ allErrors: true, strict: false, logger: false });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  const checks: Check[] = [];

  beforeAll(async () => {
    const generated = await generateValidators(
      cases.map(([, schema], index) => ({ name: `case_${index}`, inputSchema: { type: "object" }, outputSchema: schema })),
      "issue-words",
    );
    cases.forEach((_, index) => checks.push(generated.modules.get(`case_${index}`)!.output!));
  });

  it.each(cases.map((entry, index) => [index, ...entry] as const))("case %i: %j", (index, keywords, schema, value, issues) => {
    expect(issuesOf(checks[index]!, value)).toEqual(issues);
    // ajv fails the same keywords, and words each that mcpgen words as it does the same way.
    const validate = ajv.compile(schema);
    expect(validate(value)).toBe(false);
    const errors = validate.errors ?? [];
    expect([...new Set(errors.map((error) => (error.keyword === "dependencies" ? "dependentRequired" : error.keyword)))].sort()).toEqual(
      expect.arrayContaining(keywords.filter((keyword) => keyword !== "properties").sort()),
    );
    const ours = new Set(issues.map((issue) => issue.message));
    for (const error of errors) {
      if (keywords.includes(error.keyword) && AJV_WORDED.has(error.keyword) && error.keyword !== "uniqueItems")
        expect(ours, error.keyword).toContain(error.message);
    }
  });

  it("passes each member of a few-member enum, and optional properties absent or of their type", () => {
    const check = (schema: object) => checks[cases.findIndex(([, each]) => each === schema)]!;
    for (const member of fewMembers.enum) expect(issuesOf(check(fewMembers), member)).toEqual([]);
    for (const value of [{}, { mode: "fast", level: 3 }, { mode: "slow" }]) expect(issuesOf(check(enumProperties), value)).toEqual([]);
    for (const value of [{}, { a: 1 }, { b: null, c: "x" }, { a: -2, b: "s" }]) expect(issuesOf(check(optionalProperties), value)).toEqual([]);
  });

  it("a valid value has no issues; runValidator checks a value in one pass, with a list", () => {
    expect(issuesOf(checks[0]!, "a")).toEqual([]);
    // One call whatever the value: a valid one leaves the list empty (and the next call reuses it), an invalid
    // one fills it with every issue.
    const lists: Array<Issue[] | undefined> = [];
    const counted: Check = (data, path, issues) => (lists.push(issues), checks[0]!(data, path, issues));
    expect(runValidator({ case_0: counted as CompiledValidator }, "case_0", "a", "output")).toEqual({ ok: true, value: "a" });
    expect(runValidator({ case_0: counted as CompiledValidator }, "case_0", "b", "output")).toEqual({ ok: true, value: "b" });
    expect(lists).toHaveLength(2);
    expect(lists[0]).toBeInstanceOf(Array);
    expect(lists[1]).toBe(lists[0]);
    lists.length = 0;
    expect(runValidator({ case_0: counted as CompiledValidator }, "case_0", cases[0]![2], "output")).toEqual({ ok: false, issues: cases[0]![3] });
    expect(lists).toHaveLength(1);
    // The list an invalid value filled is the result's: the next call starts another.
    expect(runValidator({ case_0: counted as CompiledValidator }, "case_0", "a", "output").ok).toBe(true);
    expect(lists[1]).not.toBe(lists[0]);
    expect(lists[1]).toEqual([]);
  });

  it.each(cases.map((entry, index) => [index, ...entry] as const))(
    "case %i with firstIssue: one pass, and one of its issues",
    (index, _keywords, _schema, value, issues) => {
      const lists: Array<Issue[] | undefined> = [];
      const counted: Check = (data, path, list) => (lists.push(list), checks[index]!(data, path, list));
      const result = runValidator({ tool: counted as CompiledValidator }, "tool", value, "output", { firstIssue: true });
      expect(lists).toHaveLength(1);
      expect(result.ok).toBe(false);
      const found = result.ok ? [] : result.issues;
      expect(found).toHaveLength(1);
      expect(issues).toContainEqual(found[0]);
      // The list a pass stopped at is reused, empty, by the next: it gives the verdict every-issue mode gives.
      const table = { tool: checks[index]! as CompiledValidator };
      expect(runValidator(table, "tool", "a", "output", { firstIssue: true }).ok).toBe(runValidator(table, "tool", "a", "output").ok);
    },
  );
});

describe("a failure deep in a value", () => {
  /** A chain `depth` objects deep whose last `label` is not a string; `reads[level]` counts the reads of each level's `next`. */
  function chain(depth: number, key: "next" | "inner"): { value: object; reads: number[] } {
    const reads = Array.from({ length: depth }, () => 0);
    let value: object = { label: 1 };
    for (let level = depth - 1; level >= 0; level--) {
      const child = value;
      const node = { label: "x" };
      Object.defineProperty(node, key, { enumerable: true, get: () => (reads[level]!++, child) });
      value = node;
    }
    return { value, reads };
  }

  it("is checked a bounded number of times per level, however deep a recursive schema lets the value go", async () => {
    // Each level a call of the root through $ref: a call made again with the issue list at every level would read the
    // deepest levels once per level above them (quadratic in the depth).
    const generated = await generateValidators(
      [{ name: "tree", inputSchema: { type: "object", properties: { label: { type: "string" }, next: { $ref: "#" } } } }],
      "deep-recursive",
    );
    const check = generated.modules.get("tree")!.input!;
    const { value, reads } = chain(60, "next");
    const issues: Issue[] = [];
    expect(check(value, "", issues)).toBe(true);
    expect(issues).toEqual([{ path: `${"/next".repeat(60)}/label`, message: "must be string" }]);
    expect(Math.max(...reads)).toBe(1);
  });

  it("below calls a schema bounds (no $ref), is checked once more per call above it, at most", async () => {
    const level = (inner: object) => ({ type: "object", properties: { label: { type: "string" }, inner } });
    let schema: object = { type: "object", properties: { label: { type: "string" } } };
    for (let depth = 0; depth < 4; depth++) schema = { ...level({ allOf: [schema] }) };
    const generated = await generateValidators([{ name: "nested", inputSchema: schema }], "deep-bounded");
    const check = generated.modules.get("nested")!.input!;
    const { value, reads } = chain(4, "inner");
    const issues: Issue[] = [];
    check(value, "", issues);
    expect(issues).toEqual([{ path: `${"/inner".repeat(4)}/label`, message: "must be string" }]);
    // Each level read by the pass without the list, and again by the one with it, for each call above it: at most
    // depth + 1 times, bounded by the schema.
    expect(Math.max(...reads)).toBeLessThanOrEqual(5);
  });
});

/** Rows of a schema, a value JavaScript holds, and the issues of that value: those of the value as JSON.stringify sends it. */
type AsSent = Array<[keyword: string, schema: object, value: object, issues: Issue[]]>;

/** Checks each row's value, and the value as it is sent, against the row's schema (the root an object, as a tool's arguments). */
function checkedAsSent(cases: AsSent, directory: string): void {
  let generated: Awaited<ReturnType<typeof generateValidators>>;
  beforeAll(async () => {
    generated = await generateValidators(
      cases.map(([, schema], index) => ({ name: `case_${index}`, inputSchema: { type: "object", ...schema } })),
      directory,
    );
  });

  it.each(cases.map((entry, index) => [index, ...entry] as const))("is checked as sent: case %i, %s", (index, _keyword, _schema, value, issues) => {
    const sent = JSON.parse(JSON.stringify(value)) as object;
    const check = generated.modules.get(`case_${index}`)!.input;
    expect(issuesOf(check, value)).toEqual(issues);
    expect(issuesOf(check, sent)).toEqual(issues);
    expect(generated.validateInput(`case_${index}`, value)).toEqual(issues.length === 0 ? { ok: true, value } : { ok: false, issues });
  });
}

describe("a property whose value is undefined", () => {
  // Each schema, a value with a property whose value is undefined, and the issues of that value: those of the value as
  // JSON.stringify sends it (the property left out), for every keyword, as for a declared property.
  const cases: AsSent = [
    ["declared property", { properties: { a: { type: "string" } } }, { a: undefined }, []],
    ["declared required property", { properties: { a: { type: "string" } }, required: ["a"] }, { a: undefined }, [{ path: "/a", message: "is required" }]],
    [
      "additionalProperties schema",
      { properties: { note: { type: "string" } }, additionalProperties: { type: "number" } },
      { note: "n", weight: undefined },
      [],
    ],
    ["additionalProperties false", { properties: { a: {} }, additionalProperties: false }, { a: 1, z: undefined }, []],
    ["additionalProperties false below a map", { additionalProperties: { properties: { a: {} }, additionalProperties: false } }, { m: { z: undefined } }, []],
    ["additionalProperties false beside patternProperties", { patternProperties: { "^x": {} }, additionalProperties: false }, { z: undefined }, []],
    ["patternProperties", { patternProperties: { "^x-": { type: "string" } } }, { "x-a": undefined, "x-b": 1 }, [{ path: "/x-b", message: "must be string" }]],
    ["propertyNames", { propertyNames: { maxLength: 3 } }, { long_name: undefined }, []],
    ["unevaluatedProperties false", { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false }, { a: 1, z: undefined }, []],
    ["unevaluatedProperties schema", { unevaluatedProperties: { type: "string" } }, { z: undefined }, []],
    ["minProperties", { minProperties: 1 }, { a: undefined }, [{ path: "", message: "must NOT have fewer than 1 properties" }]],
    ["minProperties, more than needed", { minProperties: 2 }, { a: undefined, b: 1, c: undefined, d: 2 }, []],
    ["minProperties, too few", { minProperties: 2 }, { a: undefined, b: 1, c: undefined }, [{ path: "", message: "must NOT have fewer than 2 properties" }]],
    ["maxProperties", { maxProperties: 1 }, { a: 1, b: undefined }, []],
    ["maxProperties, too many", { maxProperties: 1 }, { a: 1, b: undefined, c: 2 }, [{ path: "", message: "must NOT have more than 1 properties" }]],
    ["required", { required: ["a"] }, { a: undefined }, [{ path: "/a", message: "is required" }]],
    ["dependentRequired", { dependentRequired: { b: ["c"] } }, { b: 1, c: undefined }, [{ path: "/c", message: 'is required when "b" is present' }]],
    ["dependentRequired, absent", { dependentRequired: { b: ["c"] } }, { b: undefined }, []],
    ["dependentSchemas", { dependentSchemas: { b: { required: ["c"] } } }, { b: undefined }, []],
    ["const", { const: { a: 1 } }, { a: 1, b: undefined }, []],
    ["enum", { enum: [{ a: 1 }, { b: 2 }] }, { a: undefined, b: 2 }, []],
    ["const, missing", { const: { a: 1 } }, { a: undefined }, [{ path: "", message: 'must be {"a":1}' }]],
    ["const in an array", { const: { l: [{ a: 1 }] } }, { l: [{ a: 1, b: undefined }] }, []],
    [
      "uniqueItems",
      { properties: { l: { uniqueItems: true } } },
      { l: [{ a: 1 }, { a: 1, b: undefined }] },
      [{ path: "/l", message: "must NOT have duplicate items (items ## 0 and 1 are identical)" }],
    ],
    ["uniqueItems, unique", { properties: { l: { uniqueItems: true } } }, { l: [{ a: 1, b: undefined }, { b: 1 }] }, []],
    [
      "uniqueItems, nested",
      { properties: { l: { uniqueItems: true } } },
      { l: [[{ a: [{ b: 2 }] }], [{ a: [{ b: 2, c: undefined }], d: undefined }]] },
      [{ path: "/l", message: "must NOT have duplicate items (items ## 0 and 1 are identical)" }],
    ],
  ];
  checkedAsSent(cases, "undefined-properties");
});

describe("an array item that is undefined", () => {
  // JSON.stringify sends an undefined item (or a hole) as null: each keyword that reads items checks it so.
  // eslint-disable-next-line no-sparse-arrays -- a hole, sent as null too
  const holed = [1, , 3];
  const cases: AsSent = [
    ["items", { properties: { l: { items: { type: ["number", "null"] } } } }, { l: [1, undefined] }, []],
    ["items, a hole", { properties: { l: { items: { type: ["number", "null"] } } } }, { l: holed }, []],
    ["items of one type", { properties: { l: { items: { type: "null" } } } }, { l: [null, undefined] }, []],
    ["items of another type", { properties: { l: { items: { type: "string" } } } }, { l: ["a", undefined] }, [{ path: "/l/1", message: "must be string" }]],
    ["items not null", { properties: { l: { items: { not: { type: "null" } } } } }, { l: [1, undefined] }, [{ path: "/l/1", message: "must NOT be valid" }]],
    ["items, const", { properties: { l: { items: { const: null } } } }, { l: [undefined] }, []],
    ["items, enum", { properties: { l: { items: { enum: [1, null] } } } }, { l: [undefined, 1] }, []],
    [
      "items, an object",
      { properties: { l: { items: { type: "object", properties: { a: { type: "null" } } } } } },
      { l: [undefined] },
      [{ path: "/l/0", message: "must be object" }],
    ],
    ["items by $ref", { properties: { l: { items: { $ref: "#/$defs/n" } } }, $defs: { n: { type: "null" } } }, { l: [null, undefined] }, []],
    [
      "items by $ref, refused",
      { properties: { l: { items: { $ref: "#/$defs/n" } } }, $defs: { n: { type: "number" } } },
      { l: [1, undefined] },
      [{ path: "/l/1", message: "must be number" }],
    ],
    ["prefixItems", { properties: { l: { prefixItems: [{ type: "number" }, { type: "null" }] } } }, { l: [1, undefined] }, []],
    [
      "prefixItems, refused",
      { properties: { l: { prefixItems: [{ type: "number" }, { type: "number", minimum: 0 }] } } },
      { l: [1, undefined] },
      [{ path: "/l/1", message: "must be number" }],
    ],
    ["contains", { properties: { l: { contains: { type: "null" } } } }, { l: [1, undefined] }, []],
    [
      "contains, counted",
      { properties: { l: { contains: { type: "null" }, maxContains: 1 } } },
      { l: [null, undefined] },
      [{ path: "/l", message: "must contain at least 1 and no more than 1 valid item(s)" }],
    ],
    ["unevaluatedItems", { properties: { l: { prefixItems: [{}], unevaluatedItems: { type: "null" } } } }, { l: [1, undefined] }, []],
    [
      "uniqueItems",
      { properties: { l: { uniqueItems: true } } },
      { l: [null, undefined] },
      [{ path: "/l", message: "must NOT have duplicate items (items ## 0 and 1 are identical)" }],
    ],
    [
      "uniqueItems, nested",
      { properties: { l: { uniqueItems: true } } },
      { l: [[undefined], [null]] },
      [{ path: "/l", message: "must NOT have duplicate items (items ## 0 and 1 are identical)" }],
    ],
    ["const", { properties: { l: { const: [null, 1] } } }, { l: [undefined, 1] }, []],
    ["enum", { properties: { l: { enum: [[null], [1]] } } }, { l: [undefined] }, []],
  ];
  checkedAsSent(cases, "undefined-items");
});

describe("a value nested more deeply than the stack holds", () => {
  it("is refused at its root, by validateOutput, validateInput and the Standard Schemas alike, and leaves no state behind", async () => {
    // A tree of `depth` levels, as a server sends it: JSON.parse reads it without recursing.
    const tree = (depth: number, leaf: string): unknown =>
      JSON.parse(`${'{"name":"a","children":['.repeat(depth)}{"name":${JSON.stringify(leaf)}}${"]}".repeat(depth)}`);
    const node = {
      $ref: "#/$defs/node",
      $defs: {
        node: {
          type: "object",
          properties: { name: { type: "string", pattern: "^(a+)+$" }, children: { type: "array", items: { $ref: "#/$defs/node" } } },
          required: ["name"],
        },
      },
    };
    const generated = await generateValidators([{ name: "get_tree", inputSchema: node, outputSchema: node }], "too-deep");
    const entry = (await import(nativeImportUrl(generated.directory, "validate.ts"))) as {
      standardSchemas: { get_tree: { input: StandardSchema; output: StandardSchema } };
      validateOutput: (tool: string, value: unknown, options?: { firstIssue?: boolean }) => unknown;
    };
    const deep = tree(50_000, "a");
    const refused = { ok: false, issues: [{ path: "", message: "is nested too deeply to check (the validator ran out of stack)" }] };
    expect(generated.validateOutput("get_tree", deep)).toEqual(refused);
    expect(generated.validateInput("get_tree", deep)).toEqual(refused);
    expect(entry.validateOutput("get_tree", deep, { firstIssue: true })).toEqual(refused);
    for (const schema of [entry.standardSchemas.get_tree.input, entry.standardSchemas.get_tree.output])
      expect(schema["~standard"].validate(deep)).toEqual({ issues: [{ message: refused.issues[0]!.message, path: [] }] });
    // An object of another prototype is checked as a copy, which is made recursively too.
    expect(generated.validateOutput("get_tree", Object.assign(Object.create({ inherited: 1 }) as object, deep))).toEqual(refused);
    // The checks that follow start afresh: a valid value passes, an invalid one has its own issues alone.
    expect(generated.validateOutput("get_tree", tree(3, "aa"))).toEqual({ ok: true, value: tree(3, "aa") });
    expect(generated.validateOutput("get_tree", tree(2, "b"))).toEqual({
      ok: false,
      issues: [{ path: "/children/0/children/0/name", message: 'must match pattern "^(a+)+$"' }],
    });
    expect(entry.validateOutput("get_tree", tree(2, "b"), { firstIssue: true })).toEqual({
      ok: false,
      issues: [{ path: "/children/0/children/0/name", message: 'must match pattern "^(a+)+$"' }],
    });
  });
});

describe("an error thrown while a value is checked", () => {
  it("goes on up as it is, a RangeError too: only a stack overflow is a value nested too deeply", async () => {
    const schema = { type: "object", properties: { name: { type: "string" }, tags: { type: "array", items: { type: "string" } } } };
    const generated = await generateValidators([{ name: "tagged", inputSchema: schema, outputSchema: schema }], "thrown-in-check");
    const entry = (await import(nativeImportUrl(generated.directory, "validate.ts"))) as {
      standardSchemas: { tagged: { input: StandardSchema; output: StandardSchema } };
      validateOutput: (tool: string, value: unknown, options?: { firstIssue?: boolean }) => unknown;
    };
    // A getter of the caller's object that throws a RangeError of its own (an array too long, a bad date, ...).
    const thrown = new RangeError("Invalid array length");
    const value = {
      name: "n",
      get tags(): string[] {
        throw thrown;
      },
    };
    expect(() => generated.validateInput("tagged", value)).toThrow(thrown);
    expect(() => generated.validateOutput("tagged", value)).toThrow(thrown);
    expect(() => entry.validateOutput("tagged", value, { firstIssue: true })).toThrow(thrown);
    expect(() => entry.standardSchemas.tagged.input["~standard"].validate(value)).toThrow(thrown);
    // Of another prototype, the value is checked as a copy of its own properties, made by reading them: the same.
    const inheriting = Object.defineProperties(Object.create({ inherited: 1 }) as object, {
      name: { value: "n", enumerable: true },
      tags: { ...Object.getOwnPropertyDescriptor(value, "tags") },
    });
    expect(() => generated.validateOutput("tagged", inheriting)).toThrow(thrown);
    // The checks that follow start afresh.
    expect(generated.validateOutput("tagged", { name: "n", tags: ["a"] })).toEqual({ ok: true, value: { name: "n", tags: ["a"] } });
    expect(generated.validateOutput("tagged", { name: 1 })).toEqual({ ok: false, issues: [{ path: "/name", message: "must be string" }] });
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
  it("know every name Object.prototype has on this engine (a list written out, so the output never depends on the Node that made it)", () => {
    expect(Object.getOwnPropertyNames(Object.prototype).filter((name) => !PROTOTYPE_MEMBERS.has(name))).toEqual([]);
  });
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

  it("check an object of another prototype as the own properties it has: what it inherits counts for nothing", () => {
    const inherits = Object.assign(Object.create({ conditions: "sunny" }) as object, { temperature: 20, humidity: 1 });
    expect(weather.validateOutput("get_weather", inherits)).toEqual({ ok: false, issues: [{ path: "/conditions", message: "is required" }] });
    class Reading {
      temperature = 20;
      conditions = "sunny";
      humidity = 1;
    }
    const reading = new Reading();
    expect(weather.validateOutput("get_weather", reading)).toEqual({ ok: true, value: reading });
    // Deeper, and met by the second pass only: the first stops at the wrong type before it.
    const nested = { closed: { a: 1 }, mixedMap: Object.assign(Object.create({ name: 5 }) as object, { on: true }) };
    expect(mapping.validateInput("objects", nested)).toEqual({
      ok: false,
      issues: [
        { path: "/closed/a", message: "must be string" },
        { path: "/mixedMap/name", message: "is required" },
      ],
    });
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
  it.each(["weather", "type-mapping", "hazards", "patterns"])("golden %s", async (name) => {
    const directory = join(repoRoot, "golden", name);
    const files = (await readdir(directory, { recursive: true })).filter((entry) => entry.endsWith(".ts"));
    expect(files).toContain("validator-runtime.ts");
    for (const file of files) {
      const source = await readFile(join(directory, file), "utf8");
      const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)].map((match) => match[1]);
      const dynamic = [...source.matchAll(/\bimport\s*\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]);
      expect(source, `${name}/${file}`).not.toMatch(/\brequire\s*\(|\beval\s*\(|new\s+Function\b/);
      if (file.startsWith("validators/")) {
        // A tool's validators import the helpers, and nothing else.
        expect(specifiers, `${name}/${file}`).toEqual(["../validator-runtime.js"]);
      } else {
        for (const specifier of specifiers) expect(specifier, `${name}/${file}`).toMatch(/^\.\/(?:validators\/[a-z0-9-]+|[a-z-]+)\.js$/);
      }
      if (file === "validator-runtime.ts") expect(specifiers, `${name}/validator-runtime.ts`).toEqual([]);
      // Only calls.ts imports at run time: each tool's module, on the tool's first call.
      if (file === "calls.ts") for (const specifier of dynamic) expect(specifier).toMatch(/^\.\/validators\/[a-z0-9-]+\.js$/);
      else expect(dynamic, `${name}/${file}`).toEqual([]);
    }
  });
});

describe("the written code", () => {
  it("names the place of each issue found by a helper (typed items, a closed object, a format), below an item too", async () => {
    const entry = {
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string" } },
        at: { type: "string", format: "date" },
        due: { type: "string", format: "date" },
      },
      required: ["due"],
      additionalProperties: false,
    };
    const generated = await generateValidators(
      [{ name: "helpers", inputSchema: { type: "object", properties: { entry, entries: { type: "array", items: entry } } } }],
      "helper-places",
    );
    const { input } = generated.modules.get("helpers")!;
    const bad = { tags: ["a", 1, "b", null], at: "yesterday", "x/y": 1 };
    const code = await readFile(join(generated.directory, toolValidatorsPath(generated.ir.tools[0]!)), "utf8");
    // Each helper is what checks them, at both places.
    for (const helper of ["aS(", "X(", "F(", "FQ("]) expect(code).toContain(helper);
    const issuesAt = (base: string) => [
      { path: `${base}/tags/1`, message: "must be string" },
      { path: `${base}/tags/3`, message: "must be string" },
      { path: `${base}/at`, message: 'must match format "date"' },
      { path: `${base}/due`, message: "is required" },
      { path: `${base}/x~1y`, message: "is not an allowed property" },
    ];
    expect(issuesOf(input, { entry: bad })).toEqual(issuesAt("/entry"));
    expect(issuesOf(input, { entries: [{ due: "2026-01-01" }, bad] })).toEqual(issuesAt("/entries/1"));
    expect(issuesOf(input, { entries: [{ due: "2026-01-01", tags: ["a"], at: "2026-01-02" }] })).toEqual([]);
  });

  it("loads where an items schema's keywords come to no check (minLength 0, an unknown format, a lone if)", async () => {
    const items = [{ minLength: 0 }, { format: "not-a-format" }, { required: [] }, { if: { type: "string" } }, { dependentRequired: { a: [] } }];
    const generated = await generateValidators(
      [
        {
          name: "no_item_checks",
          inputSchema: { type: "object", properties: Object.fromEntries(items.map((schema, index) => [`l${index}`, { type: "array", items: schema }])) },
        },
      ],
      "no-item-checks",
    );
    const { input } = generated.modules.get("no_item_checks")!;
    const lists = Object.fromEntries(items.map((_, index) => [`l${index}`, ["", 1, null, {}]]));
    expect(issuesOf(input, lists)).toEqual([]);
    expect(issuesOf(input, { l0: "not a list" })).toEqual([expect.objectContaining({ path: "/l0" })]);
  });

  it("carries no space but where JavaScript needs one (between two words, and between two signs)", async () => {
    const generated = await generateValidators(
      [
        {
          name: "spaces",
          inputSchema: {
            type: "object",
            properties: {
              "a b": { type: "string", pattern: "^a b$" },
              n: { oneOf: [{ type: "integer" }, { type: "number", minimum: -1 }] },
              list: { type: "array", items: { type: ["string", "null"], enum: ["x y", null] } },
              map: { type: "object", additionalProperties: { const: " " } },
            },
            required: ["a b"],
          },
        },
      ],
      "spaces",
    );
    const module = await readFile(join(generated.directory, toolValidatorsPath(generated.ir.tools[0]!)), "utf8");
    const code = module
      .split("\n")
      .filter((line) => line !== "" && !line.startsWith("//") && !line.startsWith("/*") && !line.startsWith("import "))
      .join("\n")
      .replace(/"(?:[^"\\]|\\.)*"/g, '""')
      .replace(/\/\* @__PURE__ \*\//g, "");
    expect(code).toMatch(/^export\{v\d+ as input\};$/m);
    expect(code.replace(/(?<=[\w$]) (?=[\w$])/g, "").replace(/\+ \+/g, "")).not.toContain(" ");
  });
});
