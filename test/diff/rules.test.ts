/**
 * Every rule of `mcpgen diff`, row by row (rows.ts), through
 * `diffManifests`: the rules the pair of manifests shows, in order, and the
 * class each is expected to have, written by hand. A rule without a row
 * fails, and so does a row whose expected class is not its rule's.
 */
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { diffManifests } from "../../src/commands/diff.js";
import { DIFF_RULES, SCHEMA_CHANGES } from "../../src/diff/rules.js";
import { schemaRows, toolRows, type SchemaRow } from "./rows.js";

const diffOf = (old: unknown, next: unknown) => diffManifests(recogniseManifest(old, "old.json"), recogniseManifest(next, "new.json"));

/** A row's schema as a tool's arguments (`inputSchema`) or result (`outputSchema`): the whole schema, or a required `v`. */
function manifestFor(row: SchemaRow, side: "old" | "new", where: "input" | "output") {
  const schema = row.root ? row[side] : { type: "object", properties: { v: row[side] }, required: ["v"] };
  const plain = { type: "object", properties: { q: { type: "string" } } };
  return { tools: [{ name: "t", inputSchema: where === "input" ? schema : plain, ...(where === "output" ? { outputSchema: schema } : {}) }] };
}

describe.each(schemaRows)("%s", (kind, row) => {
  it.each(["input", "output"] as const)(`${row.says}: in the %s`, (where) => {
    const diff = diffOf(manifestFor(row, "old", where), manifestFor(row, "new", where));
    const id = `${where}-${kind}`;
    expect(diff.changes.map((change) => change.rule)).toEqual([id, ...(row.also ?? []).map((rule) => `${where}-${rule}`)]);
    const [change] = diff.changes;
    expect(change!.class).toBe(row[where]);
    expect(change!.subject).toEqual({ kind: "tool", name: "t" });
    if (row.pointer !== undefined) expect(change!.pointer).toBe(`/${where}Schema${row.pointer}`);
  });
});

describe.each(toolRows)("%s", (rule, row) => {
  it(row.says, () => {
    const diff = diffOf(row.old, row.new);
    if (row.none) return expect(diff.changes).toEqual([]);
    const before = row.before ?? [];
    expect(diff.changes.map((change) => change.rule)).toEqual([...before, rule, ...(row.also ?? [])]);
    const change = diff.changes[before.length]!;
    expect(change.class).toBe(row.class);
    if (row.pointer !== undefined) expect(change.pointer).toBe(row.pointer);
    if (row.values !== undefined) expect({ before: change.before, after: change.after }).toEqual(row.values);
  });
});

describe("the rules", () => {
  it("have a row each: a schema change for both of its rules, any other rule by its id", () => {
    const covered = new Set([...schemaRows.flatMap(([kind]) => [`input-${kind}`, `output-${kind}`]), ...toolRows.map(([rule]) => rule)]);
    expect(DIFF_RULES.map((rule) => rule.id).filter((id) => !covered.has(id))).toEqual([]);
    expect(schemaRows.map(([kind]) => kind)).toEqual(SCHEMA_CHANGES.map((change) => change.kind));
  });

  it("have unique ids, and one line of documentation each", () => {
    expect(new Set(DIFF_RULES.map((rule) => rule.id)).size).toBe(DIFF_RULES.length);
    for (const rule of DIFF_RULES) expect(rule.doc, rule.id).toMatch(/^\S[^\n]*\.$/);
  });

  it("a manifest against itself is no change", () => {
    for (const [, row] of toolRows) expect(diffOf(row.new, row.new).changes).toEqual([]);
    for (const [, row] of schemaRows)
      for (const where of ["input", "output"] as const) expect(diffOf(manifestFor(row, "new", where), manifestFor(row, "new", where)).changes).toEqual([]);
  });
});

describe("renames", () => {
  const rules = (old: unknown, next: unknown) => diffOf(old, next).changes.map((change) => `${change.rule} ${change.subject.name ?? ""}`);
  const tool = (name: string) => ({ name, description: "d", inputSchema: { type: "object", properties: { q: { type: "string" } } } });
  const prompt = (name: string) => ({ name, description: "d", arguments: [{ name: "q", required: true }] });
  const template = (name: string) => ({ name, uriTemplate: "demo://{id}" });
  const lists = {
    tools: (...names: string[]) => ({ tools: names.map(tool) }),
    prompts: (...names: string[]) => ({ tools: [], prompts: names.map(prompt) }),
    resourceTemplates: (...names: string[]) => ({ tools: [], resourceTemplates: names.map(template) }),
  };
  const kinds = { tools: "tool", prompts: "prompt", resourceTemplates: "resource-template" } as const;

  it.each(Object.keys(lists) as Array<keyof typeof lists>)("%s: one gone and one new alike are a rename; a candidate with a rival is none", (list) => {
    const kind = kinds[list];
    const make = lists[list];
    expect(rules(make("a"), make("b"))).toEqual([`${kind}-renamed b`]);
    // Two gone, one new: either could be it, so neither is.
    expect(rules(make("a", "b"), make("c"))).toEqual([`${kind}-removed a`, `${kind}-removed b`, `${kind}-added c`]);
    // One gone, two new: the same.
    expect(rules(make("a"), make("b", "c"))).toEqual([`${kind}-removed a`, `${kind}-added b`, `${kind}-added c`]);
  });
});

describe("lists a side says nothing about", () => {
  const rules = (old: unknown, next: unknown) => diffOf(old, next).changes.map((change) => `${change.rule} ${change.subject.name ?? ""}`);
  const tools = [{ name: "a", inputSchema: { type: "object" } }];
  const full = { tools, prompts: [{ name: "p" }], resources: [{ uri: "demo://r", name: "r" }], resourceTemplates: [{ name: "t", uriTemplate: "demo://{id}" }] };

  it("a bare tools/list result, or a server whose list failed (its capability declared, the list absent), removes and adds nothing", () => {
    expect(rules(full, { tools })).toEqual([]);
    expect(rules({ tools }, full)).toEqual([]);
    expect(rules(full, { tools, capabilities: { tools: {}, prompts: {}, resources: {} } })).toEqual([]);
  });

  it("a server that declares capabilities without prompts or resources has none: they are removed", () => {
    expect(rules(full, { tools, capabilities: { tools: {} } })).toEqual(["prompt-removed p", "resource-template-removed t", "resource-removed demo://r"]);
    expect(rules(full, { tools, prompts: [], resources: [], resourceTemplates: [] })).toEqual([
      "prompt-removed p",
      "resource-template-removed t",
      "resource-removed demo://r",
    ]);
  });
});

describe("generated type names", () => {
  it("a definition another tool comes to share is named after its key alone: the old type's name is gone, so it is a rename", () => {
    const geo = { $defs: { GeoPoint: { type: "object", properties: { lat: { type: "number" } } } } };
    const tool = (name: string) => ({ name, inputSchema: { type: "object", properties: { p: { $ref: "#/$defs/GeoPoint" } }, ...geo } });
    const diff = diffOf({ tools: [tool("a_tool")] }, { tools: [tool("a_tool"), tool("b_tool")] });
    expect(diff.changes.map((change) => [change.rule, change.message])).toEqual([
      ["tool-method-renamed", "type AToolInputGeoPoint → GeoPoint"],
      ["tool-added", "new tool"],
    ]);
  });
});

describe("bounds on integers", () => {
  const field = (x: unknown) => ({ tools: [{ name: "a", inputSchema: { type: "object", properties: { x } } }] });

  it.each([
    ["minimum 1 → exclusiveMinimum 0", { type: "integer", minimum: 1 }, { type: "integer", exclusiveMinimum: 0 }],
    ["minimum 0.5 → minimum 1", { type: "integer", minimum: 0.5 }, { type: "integer", minimum: 1 }],
    ["maximum 9 → exclusiveMaximum 10", { type: "integer", maximum: 9 }, { type: "integer", exclusiveMaximum: 10 }],
    ["maximum 9.5 → maximum 9", { type: "integer", maximum: 9.5 }, { type: "integer", maximum: 9 }],
  ])("%s admits the same integers: no change (not input-bounds-*, which fails CI)", (_, old, next) => {
    expect(diffOf(field(old), field(next)).changes).toEqual([]);
  });

  it("a bound that moves among integers is still reported, with the keywords as written", () => {
    const diff = diffOf(field({ type: "integer", minimum: 1 }), field({ type: "integer", exclusiveMinimum: 1 }));
    expect(diff.changes.map((change) => [change.rule, change.class, change.message])).toEqual([
      ["input-bounds-tightened", "breaking-for-clients", "minimum 1 → exclusiveMinimum 1"],
    ]);
  });
});

describe("schemas rewritten to accept the same values", () => {
  const tool = (inputSchema: unknown) => ({ tools: [{ name: "t", inputSchema }] });
  const field = (p: unknown) => tool({ type: "object", properties: { p } });
  const note = (closer: string) => tool({ type: "object", properties: { title: { type: "string" } }, required: ["title"], [closer]: false });

  it.each([
    ["additionalProperties: false → unevaluatedProperties: false", note("additionalProperties"), note("unevaluatedProperties")],
    ["integer → number with multipleOf 1", field({ type: "integer" }), field({ type: "number", multipleOf: 1 })],
    [
      "at most 2 strings → a closed tuple of 2 strings",
      field({ type: "array", items: { type: "string" }, maxItems: 2 }),
      field({ type: "array", prefixItems: [{ type: "string" }, { type: "string" }], items: false }),
    ],
  ])("%s is no change, either way (not breaking, which fails CI)", (_, old, next) => {
    expect(diffOf(old, next).changes).toEqual([]);
    expect(diffOf(next, old).changes).toEqual([]);
  });

  it("a tuple closed is still breaking for clients, said as what it rejects", () => {
    const strings = [{ type: "string" }, { type: "string" }];
    const diff = diffOf(field({ type: "array", prefixItems: strings }), field({ type: "array", prefixItems: strings, items: false }));
    expect(diff.changes.map((change) => [change.rule, change.class, change.pointer, change.message])).toEqual([
      ["input-bounds-tightened", "breaking-for-clients", "/inputSchema/properties/p/items", "no maxItems → no items past the first 2 (items: false)"],
    ]);
  });
});
