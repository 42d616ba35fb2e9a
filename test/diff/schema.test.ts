/**
 * The schema comparison beyond one rule at a time (rules.test.ts has those):
 * forms that mean the same compare equal, recursive schemas end, a change
 * under a shared subschema is reported once, and hostile unions stay
 * bounded.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { SCHEMA_CHANGES } from "../../src/diff/rules.js";
import { compareSchemas } from "../../src/diff/schema.js";

const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default;
const { validator: schemasafe } = require("@exodus/schemasafe") as typeof import("@exodus/schemasafe");

const kinds = (old: unknown, next: unknown) => compareSchemas(old as never, next as never).map((finding) => `${finding.change} ${finding.pointer}`);

describe("compareSchemas", () => {
  it.each([
    ["a type list and the anyOf of its types", { type: ["string", "null"] }, { anyOf: [{ type: "string" }, { type: "null" }] }],
    ["anyOf branches in another order", { anyOf: [{ type: "string" }, { type: "integer" }] }, { anyOf: [{ type: "integer" }, { type: "string" }] }],
    ["every type named, and no type", { type: ["null", "boolean", "object", "array", "number", "string"] }, {}],
    ["true and {}", true, {}],
    [
      "an allOf of disjoint parts, and the parts in place",
      { allOf: [{ type: "object" }, { properties: { a: { type: "string" } } }] },
      { type: "object", properties: { a: { type: "string" } } },
    ],
    [
      "a ref with a sibling, and the two in place",
      { type: "object", properties: { a: { $ref: "#/$defs/s", maxLength: 3 } }, $defs: { s: { type: "string" } } },
      { type: "object", properties: { a: { type: "string", maxLength: 3 } } },
    ],
    ["required in another order", { type: "object", required: ["a", "b"] }, { type: "object", required: ["b", "a"] }],
    ["enum values in another order", { enum: ["a", "b", 1] }, { enum: [1, "b", "a"] }],
    ["a const and an enum of one", { const: { x: [1, 2] } }, { enum: [{ x: [1, 2] }] }],
    [
      "anyOf branches that admit no value",
      {
        anyOf: [
          { type: "string", const: "off" },
          { type: "string", const: null },
        ],
      },
      {
        anyOf: [
          { type: "string", const: "off" },
          { type: "string", const: null },
        ],
      },
    ],
  ])("%s are the same", (_, old, next) => {
    expect(kinds(old, next)).toEqual([]);
  });

  it.each([
    ["exclusiveMinimum 0 and minimum 1", { type: "integer", minimum: 1 }, { type: "integer", exclusiveMinimum: 0 }],
    ["minimum 0.5 and minimum 1", { type: "integer", minimum: 0.5 }, { type: "integer", minimum: 1 }],
    ["exclusiveMaximum 10 and maximum 9", { type: "integer", maximum: 9 }, { type: "integer", exclusiveMaximum: 10 }],
    ["maximum 9.5 and maximum 9", { type: "integer", maximum: 9.5 }, { type: "integer", maximum: 9 }],
    ["exclusiveMinimum 0.5 and minimum 1, with null", { type: ["integer", "null"], exclusiveMinimum: 0.5 }, { type: ["null", "integer"], minimum: 1 }],
    ["minimum 1 and exclusiveMinimum 0, both given", { type: "integer", minimum: 1, exclusiveMinimum: 0 }, { type: "integer", minimum: 1 }],
    ["minimum 1 and minimum 2 on multiples of 2", { type: "integer", multipleOf: 2, minimum: 1 }, { type: "integer", multipleOf: 2, minimum: 2 }],
    ["a number that is a multiple of 1, minimum 0.5 and 1", { type: "number", multipleOf: 1, minimum: 0.5 }, { type: "number", multipleOf: 1, minimum: 1 }],
    ["no multipleOf, multipleOf 1 and multipleOf 0.5", { type: "integer" }, { type: "integer", multipleOf: 0.5 }],
  ])("on integers, %s are the same", (_, old, next) => {
    const field = (schema: object) => ({ type: "object", properties: { x: schema } });
    expect(kinds(field(old), field(next))).toEqual([]);
    expect(kinds(field(next), field(old))).toEqual([]);
  });

  it.each([
    ["minimum 1 → exclusiveMinimum 1", { type: "integer", minimum: 1 }, { type: "integer", exclusiveMinimum: 1 }, "bounds-tightened /exclusiveMinimum"],
    ["minimum 0.5 → minimum 1.5", { type: "integer", minimum: 0.5 }, { type: "integer", minimum: 1.5 }, "bounds-tightened /minimum"],
    ["maximum 9 → exclusiveMaximum 9", { type: "integer", maximum: 9 }, { type: "integer", exclusiveMaximum: 9 }, "bounds-tightened /exclusiveMaximum"],
    ["exclusiveMaximum 10 → maximum 10", { type: "integer", exclusiveMaximum: 10 }, { type: "integer", maximum: 10 }, "bounds-loosened /maximum"],
    ["multipleOf 1 → 2", { type: "integer", multipleOf: 1 }, { type: "integer", multipleOf: 2 }, "bounds-tightened /multipleOf"],
    ["multipleOf 0.5 → 1.5", { type: "integer", multipleOf: 0.5 }, { type: "integer", multipleOf: 1.5 }, "bounds-tightened /multipleOf"],
    // Among numbers, exclusiveMinimum 0 admits 0.5, which minimum 1 does not.
    ["exclusiveMinimum 0 → minimum 1 on a number", { type: "number", exclusiveMinimum: 0 }, { type: "number", minimum: 1 }, "bounds-tightened /minimum"],
  ])("on integers, a bound that moves is reported: %s", (_, old, next, found) => {
    expect(kinds(old, next)).toEqual([found]);
  });

  it("reports a change of type and multipleOf as the numbers accepted move, each direction once: as ajv decides them", () => {
    // Each line a direction the values show, and no other: a multipleOf line beside a type line says what the type does not.
    const ajv = new Ajv2020({ strict: false });
    // Eighths from -3 to 12: finer than every multipleOf below, and past the least common multiple of any two.
    const samples = [null, ...Array.from({ length: 121 }, (_, k) => (k - 24) / 8)];
    const effects = new Map<string, string>([
      ["type-added", "widens"],
      ["nullable-added", "widens"],
      ["bounds-loosened", "widens"],
      ["type-removed", "narrows"],
      ["nullable-removed", "narrows"],
      ["bounds-tightened", "narrows"],
    ]);
    const schemas = [{ type: "integer" }, { type: "number" }, { type: ["integer", "null"] }].flatMap((typed) =>
      [undefined, 0.25, 0.5, 1, 1.5, 2, 3].map((multipleOf) => (multipleOf === undefined ? typed : { ...typed, multipleOf })),
    );
    const wrong: string[] = [];
    for (const old of schemas) {
      for (const next of schemas) {
        const [before, after] = [ajv.compile(old), ajv.compile(next)];
        const shown = new Set<string>();
        if (samples.some((value) => before(value) && !after(value))) shown.add("narrows");
        if (samples.some((value) => !before(value) && after(value))) shown.add("widens");
        const found = compareSchemas(old as never, next as never).map((finding) => effects.get(finding.change) ?? finding.change);
        const lines: string[] = found.filter((effect) => effect === "narrows" || effect === "widens");
        // Each direction shown is reported (soundness), and none that is not shown.
        const exact = [...shown].every((effect) => lines.includes(effect)) && lines.every((effect) => shown.has(effect)) && found.length === lines.length;
        if (!exact)
          wrong.push(`${JSON.stringify(old)} → ${JSON.stringify(next)}: ${found.join(", ") || "nothing"}; ajv shows ${[...shown].join(", ") || "nothing"}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a bound written the same is no change of its own where integers become any number: the type change says it", () => {
    expect(kinds({ type: "integer", minimum: 0.5 }, { type: "number", minimum: 0.5 })).toEqual(["type-added /type"]);
    expect(kinds({ type: "number", exclusiveMaximum: 10 }, { type: "integer", exclusiveMaximum: 10 })).toEqual(["type-removed /type"]);
  });

  it("follows a recursive schema to its end, and reports a change inside it once", () => {
    const tree = (leaf: string) => ({
      $ref: "#/$defs/node",
      $defs: { node: { type: "object", properties: { value: { type: leaf }, children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
    });
    expect(kinds(tree("string"), tree("string"))).toEqual([]);
    expect(kinds(tree("string"), tree("integer"))).toEqual(["type-removed /properties/value/type", "type-added /properties/value/type"]);
  });

  it.each([
    ["an allOf", { type: "array", items: { type: "string", allOf: [{ $ref: "#" }] } }],
    ["an anyOf branch with a sibling", { anyOf: [{ type: "string" }, { $ref: "#", description: "again" }] }],
    ["a oneOf of an allOf", { oneOf: [{ allOf: [{ $ref: "#" }, { required: ["c"] }] }, { type: "null" }] }],
  ])("ends a recursion back to the root through %s, whose branches are matched by trial comparisons", (_, c) => {
    // Each trial matched the branches again with a trial of its own, until the stack overflowed.
    const schema = (extra: Record<string, unknown>) => ({ type: "object", properties: { c, ...extra } });
    expect(kinds(schema({}), schema({}))).toEqual([]);
    expect(kinds(schema({}), schema({ z: { type: "string" } }))).toContain("optional-property-added /properties/z");
  });

  it("reports a change in a subschema used in several places once, where it is first met (in name order)", () => {
    const shared = (max: number) => ({
      type: "object",
      properties: { b: { $ref: "#/$defs/name" }, a: { $ref: "#/$defs/name" } },
      $defs: { name: { type: "string", maxLength: max } },
    });
    expect(kinds(shared(10), shared(5))).toEqual(["bounds-tightened /properties/a/maxLength"]);
  });

  it("compares a oneOf beside an anyOf too", () => {
    expect(
      kinds({ anyOf: [{ type: "string" }], oneOf: [{ minLength: 1 }, { maxLength: 9 }] }, { anyOf: [{ type: "string" }], oneOf: [{ minLength: 1 }] }),
    ).toEqual(["any-of-branch-removed /oneOf/1"]);
    // Its branches split by type as the first union's do: a type list and a branch per type are the same.
    expect(
      kinds(
        { anyOf: [{ type: "object" }, { type: "string" }], oneOf: [{ type: ["string", "null"] }, { type: "object" }] },
        { anyOf: [{ type: "object" }, { type: "string" }], oneOf: [{ type: "string" }, { type: "null" }, { type: "object" }] },
      ),
    ).toEqual([]);
  });

  it("keeps hostile unions bounded: branches pair by position once trial comparisons spend their budget", () => {
    const branch = (index: number, depth: number): unknown =>
      depth === 0
        ? { type: "object", properties: { [`p${index}`]: { type: "string" } } }
        : { anyOf: Array.from({ length: 12 }, (_, i) => branch(i, depth - 1)) };
    // Without the budget, matching 12 branches at each of 3 levels is 144^3 trial comparisons: this would not end in the test's time.
    expect(compareSchemas(branch(0, 3) as never, branch(0, 3) as never)).toEqual([]);
    const changed = branch(0, 3) as { anyOf: Array<{ anyOf: unknown[] }> };
    changed.anyOf[11]!.anyOf.pop();
    expect(compareSchemas(branch(0, 3) as never, changed as never).map((finding) => finding.change)).toContain("any-of-branch-removed");
  });
});

describe("compareSchemas: forms that accept the same values", () => {
  /** The oracle for each row's premise: ajv's 2020-12 validator, on values that tell the forms below apart. */
  const ajv = new Ajv2020({ strict: false });
  const samples: unknown[] = [
    ...[null, true, 0, 1, 2, 1.5, 0.5, 1e3, "s", {}, []],
    ...[{ title: "x" }, { title: "x", extra: "e" }, { title: "x", extra: 1 }, { title: 1 }],
    ...[["a"], ["a", "b"], ["a", "b", "c"], [1], [1, 2], [1, 2, 3], ["a", 1], [1, "a"]],
  ];
  const verdicts = (schema: object) => {
    const validate = ajv.compile(schema);
    return samples.map((value) => validate(value));
  };
  const string = { type: "string" };
  const closed = (extra: Record<string, unknown>) => ({ type: "object", properties: { title: string }, required: ["title"], ...extra });
  const list = (extra: Record<string, unknown>) => ({ type: "array", ...extra });

  it.each([
    [
      "additionalProperties: false and unevaluatedProperties: false, no applicator beside",
      closed({ additionalProperties: false }),
      closed({ unevaluatedProperties: false }),
    ],
    ["additionalProperties and unevaluatedProperties holding one schema", closed({ additionalProperties: string }), closed({ unevaluatedProperties: string })],
    [
      "unevaluatedProperties beside additionalProperties (which evaluates every other property), and without it",
      closed({ additionalProperties: false, unevaluatedProperties: false }),
      closed({ additionalProperties: false }),
    ],
    ["integer, and number with multipleOf 1", { type: "integer" }, { type: "number", multipleOf: 1 }],
    ["integer or null, and number or null with multipleOf 1", { type: ["integer", "null"] }, { type: ["null", "number"], multipleOf: 1 }],
    ["integer, and number, both multiples of 2", { type: "integer", multipleOf: 2 }, { type: "number", multipleOf: 2 }],
    [
      "a list of at most 2 strings, and a closed tuple of 2 strings",
      list({ items: string, maxItems: 2 }),
      list({ prefixItems: [string, string], items: false }),
    ],
    ["a list of strings, and a tuple of strings followed by strings", list({ items: string }), list({ prefixItems: [string, string], items: string })],
    ["a list, and one whose contains needs no match (minContains: 0)", list({}), list({ contains: string, minContains: 0 })],
    ["a list whose contains needs no match, and a list", list({ contains: string, minContains: 0 }), list({})],
    [
      "a tuple closed by maxItems, and by items: false",
      list({ prefixItems: [string, { type: "integer" }], maxItems: 2 }),
      list({ prefixItems: [string, { type: "integer" }], items: false }),
    ],
    [
      "unevaluatedItems and items past a tuple, no applicator beside",
      list({ prefixItems: [string], unevaluatedItems: false }),
      list({ prefixItems: [string], items: false }),
    ],
    ["items: false and maxItems 0", list({ items: false }), list({ maxItems: 0 })],
    [
      "a string, and a string with an anyOf whose branches accept every string",
      { type: "string" },
      { type: "string", anyOf: [{ type: "string" }, { type: "number" }] },
    ],
    [
      "a type list, and it with an anyOf of its types",
      { type: ["string", "null"] },
      { type: ["string", "null"], anyOf: [{ type: "string" }, { type: "null" }] },
    ],
    [
      "an object that requires title, and it with an anyOf of title or extra required",
      closed({}),
      closed({ anyOf: [{ required: ["title"] }, { required: ["extra"] }] }),
    ],
    ["an object, and it with a pattern whose schema accepts anything", closed({}), closed({ patternProperties: { "^x": {} } })],
    [
      "additionalProperties holding a schema, and a pattern of that schema beside it",
      closed({ additionalProperties: string }),
      closed({ additionalProperties: string, patternProperties: { "^ex": string } }),
    ],
    [
      "names that propertyNames lists, and a pattern that matches none of them",
      closed({ propertyNames: { enum: ["title", "extra"] } }),
      closed({ propertyNames: { enum: ["title", "extra"] }, patternProperties: { "^[0-9]+$": { type: "integer" } } }),
    ],
    [
      "a named property alone allowed, and a pattern matching it whose schema accepts all it did",
      closed({ propertyNames: { enum: ["title"] } }),
      closed({ propertyNames: { enum: ["title"] }, patternProperties: { "^t": { type: ["string", "integer"] } } }),
    ],
    [
      "tuples of different lengths that differ only past maxItems",
      list({ prefixItems: [string, { type: "integer" }], maxItems: 1 }),
      list({ prefixItems: [string], maxItems: 1 }),
    ],
  ])("%s are the same", (_, old, next) => {
    expect(verdicts(next)).toEqual(verdicts(old));
    const field = (schema: object) => ({ type: "object", properties: { x: schema } });
    expect(kinds(field(old), field(next))).toEqual([]);
    expect(kinds(field(next), field(old))).toEqual([]);
  });

  it.each([
    // Beside an applicator, unevaluatedProperties also admits what the applicator's properties name: not the same as additionalProperties.
    [
      "additionalProperties: false → unevaluatedProperties: false beside an anyOf",
      closed({ additionalProperties: false }),
      closed({ unevaluatedProperties: false, anyOf: [{ properties: { extra: string } }, { required: ["title"] }] }),
      [
        "constraint-added /anyOf",
        "additional-properties-allowed /additionalProperties",
        "additional-properties-forbidden /unevaluatedProperties",
        // The properties evaluated beside it moved too: the anyOf's branch names `extra`.
        "keyword-changed /unevaluatedProperties",
      ],
    ],
    [
      "maxLength added beside an anyOf that adds nothing",
      { type: "string" },
      { type: "string", maxLength: 0, anyOf: [{ type: "string" }, { type: "number" }] },
      ["bounds-tightened /maxLength"],
    ],
    [
      "an anyOf that does narrow: one of two properties required",
      { type: "object" },
      { type: "object", anyOf: [{ required: ["title"] }, { required: ["extra"] }] },
      ["constraint-added /anyOf"],
    ],
    [
      "a pattern added beside additionalProperties: false (the names it matches are accepted now)",
      closed({ additionalProperties: false }),
      closed({ additionalProperties: false, patternProperties: { "^ex": string } }),
      ["pattern-properties-changed /patternProperties/^ex"],
    ],
    [
      "a pattern added matching a named property, with a narrower schema",
      closed({ propertyNames: { enum: ["title"] } }),
      closed({ propertyNames: { enum: ["title"] }, patternProperties: { "^t": { type: "string", minLength: 2 } } }),
      ["pattern-properties-changed /patternProperties/^t"],
    ],
    [
      "no closer → unevaluatedProperties: false",
      closed({}),
      closed({ unevaluatedProperties: false }),
      ["additional-properties-forbidden /unevaluatedProperties"],
    ],
    // additionalProperties: true evaluates every other property, so the unevaluatedProperties: false beside it closed nothing.
    [
      "unevaluatedProperties: false with additionalProperties: true beside it → alone",
      closed({ additionalProperties: true, unevaluatedProperties: false }),
      closed({ unevaluatedProperties: false }),
      ["additional-properties-forbidden /unevaluatedProperties"],
    ],
    [
      "additionalProperties string → unevaluatedProperties integer",
      closed({ additionalProperties: string }),
      closed({ unevaluatedProperties: { type: "integer" } }),
      ["type-removed /unevaluatedProperties/type", "type-added /unevaluatedProperties/type"],
    ],
    ["integer → number with multipleOf 0.5 (0.5 accepted now)", { type: "integer" }, { type: "number", multipleOf: 0.5 }, ["type-added /type"]],
    ["integer → number with multipleOf 2", { type: "integer" }, { type: "number", multipleOf: 2 }, ["bounds-tightened /multipleOf"]],
    ["number with multipleOf 1 → number", { type: "number", multipleOf: 1 }, { type: "number" }, ["type-added /type"]],
    ["number with multipleOf 0.5 → integer (0.5 rejected now)", { type: "number", multipleOf: 0.5 }, { type: "integer" }, ["type-removed /type"]],
    [
      "integer → number with multipleOf 1.5 (1.5 accepted, 1 rejected now)",
      { type: "integer" },
      { type: "number", multipleOf: 1.5 },
      ["type-added /type", "bounds-tightened /multipleOf"],
    ],
    [
      "at most 3 strings → a closed tuple of 2",
      list({ items: string, maxItems: 3 }),
      list({ prefixItems: [string, string], items: false }),
      ["bounds-tightened /items"],
    ],
    [
      "any number of strings → a closed tuple of 2",
      list({ items: string }),
      list({ prefixItems: [string, string], items: false }),
      ["bounds-tightened /items"],
    ],
    [
      "at most 2 strings → a closed tuple of 2 integers",
      list({ items: string, maxItems: 2 }),
      list({ prefixItems: [{ type: "integer" }, { type: "integer" }], items: false }),
      ["type-removed /prefixItems/0/type", "type-added /prefixItems/0/type"],
    ],
    [
      "a tuple → the same tuple closed",
      list({ prefixItems: [string, string] }),
      list({ prefixItems: [string, string], items: false }),
      ["bounds-tightened /items"],
    ],
    [
      "a closed tuple → the same tuple followed by strings",
      list({ prefixItems: [string], items: false }),
      list({ prefixItems: [string], items: string }),
      ["bounds-loosened /items"],
    ],
    [
      "a closed tuple of 2 strings → a string and an integer",
      list({ prefixItems: [string, string], items: false }),
      list({ prefixItems: [string, { type: "integer" }], items: false }),
      ["type-removed /prefixItems/1/type", "type-added /prefixItems/1/type"],
    ],
    ["items: false → maxItems 1", list({ items: false }), list({ maxItems: 1 }), ["bounds-loosened /maxItems"]],
    [
      "a tuple of 2 under maxItems 1 → a tuple of an integer",
      list({ prefixItems: [string, string], maxItems: 1 }),
      list({ prefixItems: [{ type: "integer" }], maxItems: 1 }),
      ["type-removed /prefixItems/0/type", "type-added /prefixItems/0/type"],
    ],
    ["a closed tuple of 3 → items: false", list({ prefixItems: [string, string, string], items: false }), list({ items: false }), ["bounds-tightened /items"]],
  ])("a true change next to such a form is still reported: %s", (_, old, next, found) => {
    expect(verdicts(next)).not.toEqual(verdicts(old));
    const field = (schema: object) => ({ type: "object", properties: { x: schema } });
    expect(kinds(field(old), field(next))).toEqual(found.map((finding) => finding.replace(/^(\S+) /, "$1 /properties/x")));
  });
});

describe("compareSchemas: an anyOf or a pattern it cannot show to change nothing", () => {
  const messages = (old: unknown, next: unknown) => compareSchemas(old as never, next as never).map((finding) => `${finding.pointer}: ${finding.message}`);

  it.each([
    [
      "added",
      { type: "object" },
      { type: "object", anyOf: [{ required: ["a"] }, { required: ["b"] }] },
      "/anyOf: anyOf added: a value that matches none of its branches is rejected now (whether the other keywords reject every such value is not decided)",
    ],
    [
      "removed",
      { type: "string", anyOf: [{ minLength: 2 }, { maxLength: 0 }] },
      { type: "string" },
      "/anyOf: anyOf removed: a value that matches none of its branches is accepted now (whether the other keywords reject every such value is not decided)",
    ],
    [
      "added beside unevaluatedProperties",
      { type: "object", properties: { a: {} }, unevaluatedProperties: false },
      { type: "object", properties: { a: {} }, unevaluatedProperties: false, anyOf: [{ properties: { b: {} } }, true] },
      "/anyOf: anyOf added: a value that matches none of its branches is rejected now (not decided beside unevaluatedProperties or unevaluatedItems: what its branches evaluate counts too)",
    ],
    [
      "a pattern added where names no property has were held to additionalProperties",
      { type: "object", additionalProperties: false },
      { type: "object", additionalProperties: false, patternProperties: { "^x-": { type: "string" } } },
      '/patternProperties/^x-: pattern "^x-" added; whether it changes which properties are accepted is not decided: a name it matches that no property has was held to additionalProperties, and is held to its schema instead',
    ],
    [
      "a pattern added that spells out a name no property has",
      { type: "object", properties: { ab: { type: "string" } }, additionalProperties: false },
      { type: "object", properties: { ab: { type: "string" } }, additionalProperties: false, patternProperties: { "^(?:ab|cd)$": { type: "string" } } },
      '/patternProperties/^(?:ab|cd)$: pattern "^(?:ab|cd)$" added; whether it changes which properties are accepted is not decided: the name "cd", which no property has, was held to additionalProperties, and is held to its schema instead',
    ],
    [
      "a pattern added that matches only a property, holding it to more",
      { type: "object", properties: { ab: { type: "string" } }, additionalProperties: false },
      { type: "object", properties: { ab: { type: "string" } }, additionalProperties: false, patternProperties: { "^ab$": { minLength: 1 } } },
      '/patternProperties/^ab$: pattern "^ab$" added; whether it changes which properties are accepted is not decided: property "ab" is held to its schema too, which is not shown to accept all it did',
    ],
    [
      "a pattern added beside another",
      { type: "object", patternProperties: { "^b": { type: "integer" } } },
      { type: "object", patternProperties: { "^b": { type: "integer" }, "^x": { type: "string" } } },
      '/patternProperties/^x: pattern "^x" added; whether it changes which properties are accepted is not decided: another pattern may match the same names',
    ],
    [
      "a property added whose name two old patterns match",
      { type: "object", patternProperties: { "^a": { type: "string" }, b$: { minLength: 1 } } },
      { type: "object", properties: { ab: { type: "string" } }, patternProperties: { "^a": { type: "string" }, b$: { minLength: 1 } } },
      '/properties/ab: property "ab" added; whether it accepts what was accepted there before is not decided: several patterns of patternProperties match its name, and what they held it to together is not compared',
    ],
  ])("is reported, saying why: %s", (_, old, next, message) => {
    expect(messages(old, next)).toContain(message);
  });
});

describe("compareSchemas: contains", () => {
  // The oracle is schemasafe: ajv (8.20) counts every item as evaluated by `contains`, and skips it on short arrays after `prefixItems`.
  const verdict = (schema: object) => schemasafe({ $schema: "https://json-schema.org/draft/2020-12/schema", ...schema } as never, { mode: "lax" });
  const arrays: unknown[][] = [[]];
  for (const array of arrays) if (array.length < 3) for (const value of ["a", 1, null]) arrays.push([...array, value]);
  const effects = new Map<string, string>(SCHEMA_CHANGES.map((change) => [change.kind, change.effect]));

  it.each([
    [
      "a wider contains under maxContains (narrows: a second item counted)",
      { type: "array", contains: { type: "string" }, maxContains: 1 },
      { type: "array", contains: true, maxContains: 1 },
    ],
    [
      "a narrower contains under maxContains (widens)",
      { type: "array", contains: true, minContains: 0, maxContains: 1 },
      { type: "array", contains: { type: "string" }, minContains: 0, maxContains: 1 },
    ],
    [
      "contains removed beside unevaluatedItems (narrows: the items it matched are unevaluated now)",
      { type: "array", unevaluatedItems: false, allOf: [{ prefixItems: [true] }], contains: { type: "string" } },
      { type: "array", unevaluatedItems: false, allOf: [{ prefixItems: [true] }] },
    ],
    [
      "an anyOf removed beside contains and unevaluatedItems (narrows: the items its branch evaluated are not now)",
      { type: "array", unevaluatedItems: false, anyOf: [{ prefixItems: [true, true, true] }, { maxItems: 1 }], contains: { type: "integer" } },
      { type: "array", unevaluatedItems: false, contains: { type: "integer" } },
    ],
  ])("reports each direction the values move: %s", (_, old, next) => {
    const [before, after] = [verdict(old), verdict(next)];
    const shown = new Set<string>();
    if (arrays.some((value) => before(value as never) && !after(value as never))) shown.add("narrows");
    if (arrays.some((value) => !before(value as never) && after(value as never))) shown.add("widens");
    expect(shown.size).toBeGreaterThan(0);
    const found = new Set(compareSchemas(old as never, next as never).map((finding) => effects.get(finding.change)));
    expect([...shown].filter((effect) => !found.has(effect) && !found.has("undecidable"))).toEqual([]);
  });
});

describe("compareSchemas: messages", () => {
  const messages = (old: unknown, next: unknown) => compareSchemas(old as never, next as never).map((finding) => `${finding.pointer}: ${finding.message}`);

  it.each([
    ["a lower count bound added", { type: "string" }, { type: "string", minLength: 2 }, "/minLength: no minLength → minLength 2"],
    ["an upper count bound added", { type: "array" }, { type: "array", maxItems: 3 }, "/maxItems: no maxItems → maxItems 3"],
    ["an upper count bound removed", { type: "array", maxItems: 3 }, { type: "array" }, "/maxItems: maxItems 3 → no maxItems"],
    ["a number bound added", { type: "number" }, { type: "number", exclusiveMinimum: 0 }, "/exclusiveMinimum: no minimum → exclusiveMinimum 0"],
    ["multipleOf added", { type: "number" }, { type: "number", multipleOf: 0.5 }, "/multipleOf: no multipleOf → multipleOf 0.5"],
    ["multipleOf changed", { type: "integer", multipleOf: 2 }, { type: "integer", multipleOf: 4 }, "/multipleOf: multipleOf 2 → multipleOf 4"],
    [
      "a tuple closed",
      { type: "array", prefixItems: [{ type: "string" }, { type: "string" }] },
      { type: "array", prefixItems: [{ type: "string" }, { type: "string" }], items: false },
      "/items: no maxItems → no items past the first 2 (items: false)",
    ],
    [
      "a list capped by a closed tuple",
      { type: "array", items: { type: "string" }, maxItems: 3 },
      { type: "array", prefixItems: [{ type: "string" }, { type: "string" }], items: false },
      "/items: maxItems 3 → no items past the first 2 (items: false)",
    ],
    ["items: false given a schema", { type: "array", items: false }, { type: "array", items: { type: "string" } }, "/items: items: false → no maxItems"],
    [
      "additionalProperties: false given a schema",
      { type: "object", additionalProperties: false },
      { type: "object", additionalProperties: { type: "string" } },
      "/additionalProperties: other properties accepted now, where its schema allows (none were)",
    ],
    [
      "additionalProperties: a schema made false",
      { type: "object", additionalProperties: { type: "string" } },
      { type: "object", additionalProperties: false },
      "/additionalProperties: no other property accepted any more",
    ],
  ])("%s", (_, old, next, message) => {
    expect(messages(old, next)).toEqual([message]);
  });
});

describe("compareSchemas: what unevaluatedProperties, if/then/else and a removed property read", () => {
  // The oracle is schemasafe: ajv (8.20) misreads unevaluatedProperties beside if, dependentSchemas, anyOf, oneOf and $ref.
  const verdict = (schema: object) => schemasafe({ $schema: "https://json-schema.org/draft/2020-12/schema", ...schema } as never, { mode: "lax" });
  const objects: Array<Record<string, unknown>> = [{}];
  for (const name of ["a", "b", "c"]) for (const object of [...objects]) for (const value of ["s", 1]) objects.push({ ...object, [name]: value });
  const effects = new Map<string, string>(SCHEMA_CHANGES.map((change) => [change.kind, change.effect]));
  const integer = { type: "integer" };
  const string = { type: "string" };

  it.each([
    [
      "a property removed from an allOf branch beside unevaluatedProperties: false (narrows: it is unevaluated now)",
      { type: "object", unevaluatedProperties: false, allOf: [{ properties: { b: integer, c: string } }] },
      { type: "object", unevaluatedProperties: false, allOf: [{ properties: { c: string } }] },
      "keyword-changed /unevaluatedProperties",
    ],
    [
      "an optional property added to a dependentSchemas entry beside unevaluatedProperties: false (widens: it is evaluated now)",
      { type: "object", properties: { a: string }, unevaluatedProperties: false, dependentSchemas: { a: { required: ["a"] } } },
      { type: "object", properties: { a: string }, unevaluatedProperties: false, dependentSchemas: { a: { required: ["a"], properties: { b: true } } } },
      "keyword-changed /unevaluatedProperties",
    ],
    [
      "an optional property added to an anyOf branch beside unevaluatedProperties holding a schema (widens)",
      { type: "object", unevaluatedProperties: string, anyOf: [{ required: ["a"] }, { required: ["b"] }] },
      { type: "object", unevaluatedProperties: string, anyOf: [{ required: ["a"], properties: { b: true } }, { required: ["b"] }] },
      "keyword-changed /unevaluatedProperties",
    ],
    [
      "a property it already required named in a dependentSchemas entry beside unevaluatedProperties (widens: it is evaluated now)",
      { type: "object", unevaluatedProperties: integer, dependentSchemas: { b: { properties: { b: string }, required: ["c"] } } },
      { type: "object", unevaluatedProperties: integer, dependentSchemas: { b: { properties: { b: string, c: true }, required: ["c"] } } },
      "keyword-changed /unevaluatedProperties",
    ],
    [
      "a property removed from a $ref's target beside unevaluatedProperties: false (narrows)",
      { type: "object", unevaluatedProperties: false, $ref: "#/$defs/base", $defs: { base: { properties: { b: integer, c: true } } } },
      { type: "object", unevaluatedProperties: false, $ref: "#/$defs/base", $defs: { base: { properties: { c: true } } } },
      "keyword-changed /unevaluatedProperties",
    ],
    [
      "unevaluatedProperties added to a $ref's target, equal to its siblings' (narrows: it sees only what the target evaluates)",
      { type: "object", unevaluatedProperties: integer, anyOf: [{ properties: { b: string } }], $ref: "#/$defs/base", $defs: { base: {} } },
      {
        type: "object",
        unevaluatedProperties: integer,
        anyOf: [{ properties: { b: string } }],
        $ref: "#/$defs/base",
        $defs: { base: { unevaluatedProperties: integer } },
      },
      "all-of-branch-added /allOf/0",
    ],
    [
      "an optional property added to else that the object names otherwise (narrows)",
      { type: "object", properties: { a: string }, if: { required: ["b"] }, else: {} },
      { type: "object", properties: { a: string }, if: { required: ["b"] }, else: { properties: { a: integer } } },
      "conditional-changed /else",
    ],
    [
      "an optional property added to if (widens: the condition fails on more values)",
      { type: "object", if: { required: ["b"] }, then: { properties: { b: string } } },
      { type: "object", if: { required: ["b"], properties: { a: integer } }, then: { properties: { b: string } } },
      "conditional-changed /if",
    ],
    [
      "a property removed where additionalProperties of another type holds it now (narrows)",
      { type: "object", properties: { c: string }, additionalProperties: integer },
      { type: "object", additionalProperties: integer },
      "type-removed /additionalProperties/type",
    ],
    [
      "a property removed from properties and made required at once (narrows: it must be there now)",
      { type: "object", properties: { c: string } },
      { type: "object", required: ["c"] },
      "property-made-required /properties/c",
    ],
  ])("reports each direction the values move: %s", (_, old, next, finding) => {
    const [before, after] = [verdict(old), verdict(next)];
    const shown = new Set<string>();
    if (objects.some((value) => before(value as never) && !after(value as never))) shown.add("narrows");
    if (objects.some((value) => !before(value as never) && after(value as never))) shown.add("widens");
    expect(shown.size).toBeGreaterThan(0);
    const findings = compareSchemas(old as never, next as never);
    const found = new Set(findings.map((each) => effects.get(each.change)));
    expect([...shown].filter((effect) => !found.has(effect) && !found.has("undecidable"))).toEqual([]);
    expect(findings.map((each) => `${each.change} ${each.pointer}`)).toContain(finding);
  });

  it("says why unevaluatedProperties is reported where what other keywords evaluate moved", () => {
    const old = { type: "object", unevaluatedProperties: false, allOf: [{ properties: { b: integer, c: string } }] };
    const next = { type: "object", unevaluatedProperties: false, allOf: [{ properties: { c: string } }] };
    expect(compareSchemas(old as never, next as never).map((finding) => `${finding.pointer}: ${finding.message}`)).toContain(
      "/unevaluatedProperties: the properties other keywords evaluate changed, so those unevaluatedProperties holds moved (either way)",
    );
  });

  it("says what holds a removed property now where it accepts none of it", () => {
    const old = { type: "object", properties: { c: string }, additionalProperties: false };
    const next = { type: "object", additionalProperties: false };
    expect(compareSchemas(old as never, next as never).map((finding) => `${finding.change} ${finding.pointer}: ${finding.message}`)).toEqual([
      'property-removed /properties/c: property "c" removed',
      'constraint-added /additionalProperties: property "c" removed, and additionalProperties, which holds it now, accepts no value',
    ]);
  });
});

describe("compareSchemas: no line for a change that did not happen", () => {
  // The oracle is schemasafe: ajv (8.20) misreads contains beside unevaluatedItems, and unevaluatedProperties beside anyOf.
  const verdict = (schema: object) => schemasafe({ $schema: "https://json-schema.org/draft/2020-12/schema", ...schema } as never, { mode: "lax" });
  const values: unknown[] = [null, true, "", "a", "ab", "abc", 0, 1, 2, 2.5, []];
  for (const array of values.filter(Array.isArray)) if (array.length < 3) for (const item of ["a", 1, null]) values.push([...array, item]);
  const objects: Array<Record<string, unknown>> = [{}];
  for (const name of ["a", "b", "ab", "cd"]) for (const object of [...objects]) for (const value of ["", "s", 1]) objects.push({ ...object, [name]: value });
  values.push(...objects);
  const effects = new Map<string, string>(SCHEMA_CHANGES.map((change) => [change.kind, change.effect]));
  const string = { type: "string" };
  const integer = { type: "integer" };

  it.each([
    [
      'contains removed beside an unevaluatedItems: false that did not change (the items it matched are held to it now: ["a"] is rejected)',
      { type: "array", contains: string, unevaluatedItems: false },
      { type: "array", unevaluatedItems: false },
      ["keyword-changed /unevaluatedItems", "constraint-added /unevaluatedItems", "constraint-removed /contains"],
    ],
    [
      "contains added beside an unevaluatedItems: false that did not change",
      { type: "array", unevaluatedItems: false },
      { type: "array", contains: string, unevaluatedItems: false },
      ["keyword-changed /unevaluatedItems", "constraint-removed /unevaluatedItems", "constraint-added /contains"],
    ],
    [
      "contains that needed no match removed beside unevaluatedItems: false (a narrowing alone)",
      { type: "array", contains: string, minContains: 0, unevaluatedItems: false },
      { type: "array", unevaluatedItems: false },
      ["keyword-changed /unevaluatedItems", "constraint-added /unevaluatedItems"],
    ],
    [
      "contains removed beside an unevaluatedItems that accepts all it matched (a widening alone)",
      { type: "array", contains: string, unevaluatedItems: string },
      { type: "array", unevaluatedItems: string },
      ["keyword-changed /unevaluatedItems", "constraint-removed /contains"],
    ],
    [
      "an allOf removed beside an unevaluatedProperties: false that did not change",
      { type: "object", properties: { a: string }, allOf: [{ properties: { b: string } }], unevaluatedProperties: false },
      { type: "object", properties: { a: string }, unevaluatedProperties: false },
      ["all-of-branch-removed /allOf/0", "keyword-changed /unevaluatedProperties", "constraint-added /unevaluatedProperties"],
    ],
    [
      "a pattern added that matches only a property it holds to what held it (^ab$)",
      { type: "object", properties: { ab: string }, additionalProperties: false },
      { type: "object", properties: { ab: string }, patternProperties: { "^ab$": string }, additionalProperties: false },
      [],
    ],
    [
      "a pattern removed that spells out two names, both properties it accepted whole (^(?:a|cd)$)",
      { type: "object", properties: { a: string, cd: integer }, patternProperties: { "^(?:a|cd)$": {} }, additionalProperties: false },
      { type: "object", properties: { a: string, cd: integer }, additionalProperties: false },
      [],
    ],
    [
      "a property's type changed in an allOf branch beside unevaluatedProperties (the names evaluated are the same)",
      { type: "object", properties: { a: string }, allOf: [{ properties: { b: string } }], unevaluatedProperties: false },
      { type: "object", properties: { a: string }, allOf: [{ properties: { b: integer } }], unevaluatedProperties: false },
      ["type-removed /allOf/0/properties/b/type", "type-added /allOf/0/properties/b/type"],
    ],
    [
      "an anyOf branch added that an old branch accepts all of",
      { anyOf: [string, integer] },
      { anyOf: [string, integer, { type: "string", minLength: 2 }] },
      [],
    ],
    ["an anyOf branch removed that a new branch accepts all of", { anyOf: [string, { const: "ab" }, integer] }, { anyOf: [string, integer] }, []],
    [
      "an anyOf branch added beside a schema that is one branch (nothing new: a string of 2 was a string)",
      string,
      { anyOf: [string, { type: "string", minLength: 2 }] },
      [],
    ],
  ])("%s", (_, old, next, found) => {
    const [before, after] = [verdict(old), verdict(next)];
    const shown = new Set<string>();
    if (values.some((value) => before(value as never) && !after(value as never))) shown.add("narrows");
    if (values.some((value) => !before(value as never) && after(value as never))) shown.add("widens");
    const findings = compareSchemas(old as never, next as never);
    const reported = new Set(findings.map((finding) => effects.get(finding.change)));
    expect([...shown].filter((effect) => !reported.has(effect) && !reported.has("undecidable"))).toEqual([]);
    expect(findings.map((finding) => `${finding.change} ${finding.pointer}`)).toEqual(found);
  });

  it.each([
    [
      "a oneOf branch added that another accepts all of (a value both accept is rejected now)",
      { oneOf: [string, integer] },
      { oneOf: [string, integer, { type: "string", minLength: 2 }] },
      ["any-of-branch-added /oneOf/2"],
    ],
    [
      "an anyOf branch added that no old branch accepts all of",
      { anyOf: [{ type: "string", minLength: 2 }, integer] },
      { anyOf: [{ type: "string", minLength: 2 }, integer, string] },
      ["any-of-branch-added /anyOf/2"],
    ],
    [
      "a property's type changed in an anyOf branch beside unevaluatedProperties (whether the branch passes decides what it evaluates)",
      { type: "object", anyOf: [{ properties: { b: string } }, { required: ["a"] }], unevaluatedProperties: false },
      { type: "object", anyOf: [{ properties: { b: integer } }, { required: ["a"] }], unevaluatedProperties: false },
      ["type-removed /anyOf/0/properties/b/type", "type-added /anyOf/0/properties/b/type", "keyword-changed /unevaluatedProperties"],
    ],
    [
      "a property renamed in an allOf branch beside unevaluatedProperties",
      { type: "object", allOf: [{ properties: { b: string } }], unevaluatedProperties: false },
      { type: "object", allOf: [{ properties: { a: string } }], unevaluatedProperties: false },
      ["optional-property-added /allOf/0/properties/a", "property-removed /allOf/0/properties/b", "keyword-changed /unevaluatedProperties"],
    ],
  ])("still reports a change that did happen: %s", (_, old, next, found) => {
    const [before, after] = [verdict(old), verdict(next)];
    expect(values.some((value) => before(value as never) !== after(value as never))).toBe(true);
    expect(compareSchemas(old as never, next as never).map((finding) => `${finding.change} ${finding.pointer}`)).toEqual(found);
  });
});
