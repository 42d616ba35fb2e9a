/**
 * The schema comparison beyond one rule at a time (rules.test.ts has those):
 * forms that mean the same compare equal, recursive schemas end, a change
 * under a shared subschema is reported once, and hostile unions stay
 * bounded.
 */
import { describe, expect, it } from "vitest";
import { compareSchemas } from "../../src/diff/schema.js";

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
