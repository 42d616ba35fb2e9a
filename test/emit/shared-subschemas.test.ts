/**
 * Repeated subschemas compile once (src/emit/validators/shared-subschemas.ts). The
 * rewrite itself is tested on small cases; the compiled validators are tested
 * differentially: for every tool of a fixture that repeats subschemas in every
 * position, and of every corpus server that repeats any, the generated
 * validator (shared subschemas, called by `$ref`) must give the same verdict
 * and the same errors (instance path and keyword) as ajv compiling the
 * schema as written, on a few hundred instances derived from the schema.
 */
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { ContentIndex, shareRepeatedSubschemas, SUBSCHEMA_KEYWORDS } from "../../src/emit/validators/shared-subschemas.js";
import { emitValidators, validationSchema, validatorEntries, validatorExportName } from "../../src/emit/validators/index.js";
import type { ManifestIR, Schema, SchemaObject } from "../../src/ir/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../src/normalize/rules/subschemas.js";
import { errorMessage } from "../../templates/client-runtime.js";
import { formats } from "../../templates/validator-runtime.js";
import { repoRoot } from "../helpers/typecheck.js";

const id = (index: number) => `https://example.invalid/shared${index}`;
const address = { type: "object", properties: { street: { type: "string" }, city: { type: "string", minLength: 1 } }, required: ["city"] };

describe("shareRepeatedSubschemas", () => {
  it("knows every keyword under which normalize leaves subschemas (a missed one would hide its refs)", () => {
    // items (one schema; draft-07 arrays become prefixItems), prefixItems and the root's hoisted $defs, plus normalize's own lists.
    const normalized = new Set<string>([...SCHEMA_MAP_KEYWORDS, ...SCHEMA_KEYWORDS, ...SCHEMA_ARRAY_KEYWORDS, "items", "prefixItems", "$defs"]);
    expect(new Set(SUBSCHEMA_KEYWORDS.keys())).toEqual(normalized);
  });

  it("replaces a subschema repeated across roots with one shared schema", () => {
    const roots: Schema[] = [
      { type: "object", properties: { home: address } },
      { type: "object", properties: { work: address, list: { type: "array", items: address } } },
    ];
    const { roots: rewritten, shared } = shareRepeatedSubschemas(roots, id);
    expect(shared).toEqual([{ id: id(0), schema: address }]);
    expect(rewritten).toEqual([
      { type: "object", properties: { home: { $ref: id(0) } } },
      { type: "object", properties: { work: { $ref: id(0) }, list: { type: "array", items: { $ref: id(0) } } } },
    ]);
    // The input is not modified.
    expect(roots[0]).toEqual({ type: "object", properties: { home: address } });
  });

  it("keeps small repeats, repeats that hold a $ref, and one-off subschemas in place (their repeated children are still shared)", () => {
    const small = { type: "string", minLength: 1 };
    const withRef = { type: "object", properties: { self: { $ref: "#" }, where: address } };
    const roots: Schema[] = [
      { type: "object", properties: { a: small, b: withRef, once: { type: "object", properties: { x: { type: "number", minimum: 0, maximum: 10 } } } } },
      { type: "object", properties: { a: small, b: withRef } },
    ];
    const { roots: rewritten, shared } = shareRepeatedSubschemas(roots, id);
    expect(shared.map((entry) => entry.schema)).toEqual([address]);
    expect(rewritten[1]).toEqual({
      type: "object",
      properties: { a: small, b: { type: "object", properties: { self: { $ref: "#" }, where: { $ref: id(0) } } } },
    });
    expect((rewritten[0] as { properties: { once: unknown } }).properties.once).toEqual((roots[0] as { properties: { once: unknown } }).properties.once);
  });

  it("shares allOf members only in roots without unevaluatedProperties/unevaluatedItems", () => {
    const base = { type: "object", properties: { id: { type: "string" }, version: { type: "integer", minimum: 1 } }, required: ["id"] };
    const roots: Schema[] = [
      { allOf: [base], properties: { child: base } },
      { allOf: [base], properties: { child: base }, unevaluatedProperties: false },
    ];
    const { roots: rewritten } = shareRepeatedSubschemas(roots, id);
    expect(rewritten[0]).toEqual({ allOf: [{ $ref: id(0) }], properties: { child: { $ref: id(0) } } });
    // A property value is a child instance: sharing it changes nothing unevaluatedProperties reads.
    expect(rewritten[1]).toEqual({ allOf: [base], properties: { child: { $ref: id(0) } }, unevaluatedProperties: false });
  });

  it("points the refs to a repeated $defs entry at the shared schema and drops the entry (a ref to a ref would compile it again)", () => {
    const person = { type: "object", properties: { name: { type: "string" }, email: { type: "string", format: "email" } }, required: ["name"] };
    const team = { type: "array", items: { $ref: "#/$defs/member" }, minItems: 1 };
    const roots: Schema[] = [
      {
        properties: { owner: { $ref: "#/$defs/person" }, team: { $ref: "#/$defs/team" } },
        $defs: { person, team: { ...team, items: { $ref: "#/$defs/person" } } },
      },
      {
        properties: { lead: { allOf: [{ $ref: "#/$defs/member" }] }, team: { $ref: "#/$defs/team" } },
        $defs: { member: person, team, self: { properties: { next: { $ref: "#/$defs/self" } } } },
      },
    ];
    const { roots: rewritten, shared } = shareRepeatedSubschemas(roots, id);
    // person first; then each root's team, which referred only to person, is the same schema.
    expect(shared.map((entry) => entry.schema)).toEqual([person, { type: "array", items: { $ref: id(0) }, minItems: 1 }]);
    expect(rewritten).toEqual([
      { properties: { owner: { $ref: id(0) }, team: { $ref: id(1) } } },
      { properties: { lead: { allOf: [{ $ref: id(0) }] }, team: { $ref: id(1) } }, $defs: { self: { properties: { next: { $ref: "#/$defs/self" } } } } },
    ]);
  });

  it("points the refs to a $defs entry at the shared schema when its content repeats elsewhere", () => {
    const roots: Schema[] = [
      { properties: { home: { $ref: "#/$defs/address" } }, $defs: { address } },
      { properties: { work: address, old: { type: "array", items: address } } },
    ];
    const { roots: rewritten, shared } = shareRepeatedSubschemas(roots, id);
    expect(shared.map((entry) => entry.schema)).toEqual([address]);
    expect(rewritten).toEqual([
      { properties: { home: { $ref: id(0) } } },
      { properties: { work: { $ref: id(0) }, old: { type: "array", items: { $ref: id(0) } } } },
    ]);
  });

  it("shares nothing applied to the instance itself inside a definition that a root reading unevaluatedProperties refers to", () => {
    const base = { type: "object", properties: { id: { type: "string" }, version: { type: "integer", minimum: 1 } }, required: ["id"] };
    const definition = { allOf: [base], properties: { tag: { type: "string", maxLength: 20 } } };
    const roots: Schema[] = [
      { allOf: [{ $ref: "#/$defs/x" }], $defs: { x: definition } },
      { allOf: [{ $ref: "#/$defs/x" }], $defs: { x: definition }, unevaluatedProperties: false },
      { properties: { a: { allOf: [base] }, b: { allOf: [base] } } },
    ];
    const { roots: rewritten, shared } = shareRepeatedSubschemas(roots, id);
    // The definition is shared (one ref for another), but its allOf member stays in place,
    // though the same member is shared where no unevaluatedProperties looks on.
    expect(shared.map((entry) => entry.schema)).toEqual([definition, { allOf: [{ $ref: id(2) }] }, base]);
    expect(rewritten[1]).toEqual({ allOf: [{ $ref: id(0) }], unevaluatedProperties: false });
    expect(rewritten[2]).toEqual({ properties: { a: { $ref: id(1) }, b: { $ref: id(1) } } });
  });

  it("keeps a property named __proto__ an own property, and numbers shared schemas in order of first appearance", () => {
    const properties = JSON.parse('{"__proto__": {"type":"object","properties":{"polluted":{"type":"boolean"}},"required":["polluted"]}}') as Record<
      string,
      Schema
    >;
    const roots: Schema[] = [
      { type: "object", properties: { first: { type: "array", items: address, minItems: 1 } } },
      { type: "object", properties: { ...{}, ...properties } },
      {
        type: "object",
        properties: JSON.parse(JSON.stringify(properties)) as Record<string, Schema>,
        additionalProperties: { type: "array", items: address, minItems: 1 },
      },
    ];
    const { roots: rewritten, shared } = shareRepeatedSubschemas(roots, id);
    expect(shared.map((entry) => entry.schema)).toEqual([{ type: "array", items: { $ref: id(1) }, minItems: 1 }, address, properties["__proto__"]]);
    const proto = (rewritten[2] as { properties: Record<string, unknown> }).properties;
    expect(Object.prototype.hasOwnProperty.call(proto, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(proto["__proto__"]).toEqual({ $ref: id(2) });
  });
});

/** A manifest that repeats subschemas in every position a schema can hold one. */
const point = {
  type: "object",
  properties: { x: { type: "number" }, y: { type: "number", minimum: -100 } },
  required: ["x", "y"],
  additionalProperties: false,
};
const tagged = {
  type: "object",
  properties: { kind: { const: "tagged" }, tags: { type: "array", items: { type: "string", maxLength: 8 }, uniqueItems: true } },
  required: ["kind"],
};
// Near repeats: the same shapes with one bound changed must not share the repeats' code.
const pointWide = { ...point, properties: { ...point.properties, y: { type: "number", minimum: -1000 } } };
const taggedLong = { ...tagged, properties: { ...tagged.properties, tags: { type: "array", items: { type: "string", maxLength: 9 }, uniqueItems: true } } };
const key = { type: "string", pattern: "^[a-z][a-z0-9_]*$", maxLength: 12, minLength: 2, format: "hostname" };
const everywhere = {
  type: "object",
  properties: {
    at: point,
    path: { type: "array", items: point, maxItems: 3 },
    pair: { type: "array", prefixItems: [point, tagged], items: false },
    byName: { type: "object", additionalProperties: point, propertyNames: key },
    choice: { oneOf: [point, tagged] },
    either: { anyOf: [tagged, { type: "null" }] },
    both: { allOf: [point, { properties: { z: { type: "integer" } } }] },
    notTagged: { not: tagged },
    conditional: { if: tagged, then: { required: ["tags"] }, else: point },
    holder: { type: "array", contains: tagged, minContains: 1 },
    viaDefs: { $ref: "#/$defs/point" },
    deps: { type: "object", dependentSchemas: { x: point } },
  },
  $defs: { point },
};
const fixture = {
  tools: [
    { name: "everywhere", inputSchema: everywhere, outputSchema: { type: "object", properties: { result: point, tags: tagged } } },
    {
      name: "again",
      inputSchema: {
        ...everywhere,
        properties: { ...everywhere.properties, extra: { type: "boolean" }, wide: pointWide, long: { type: "array", items: taggedLong } },
      },
    },
    {
      name: "unevaluated",
      inputSchema: {
        type: "object",
        allOf: [point, tagged],
        properties: { nested: { allOf: [point], unevaluatedProperties: false } },
        unevaluatedProperties: false,
      },
    },
    // Property names checked by a repeated schema and through a local $ref: errors must still carry the name.
    {
      name: "names",
      inputSchema: {
        type: "object",
        properties: {
          byKey: { type: "object", propertyNames: key },
          byRef: { type: "object", propertyNames: { $ref: "#/$defs/name" } },
          none: { type: "object", propertyNames: { $ref: "#/$defs/never" } },
          // Each definition refers to the next twice: inlined in full, 2^12 copies (past the budget, the refs stay).
          fanOut: { type: "object", propertyNames: { $ref: "#/$defs/d0" } },
        },
        additionalProperties: { type: "object", propertyNames: { $ref: "#/$defs/name" } },
        $defs: {
          name: { type: "string", pattern: "^[A-Z][A-Za-z]*$", maxLength: 10 },
          never: false,
          ...Object.fromEntries(
            Array.from({ length: 12 }, (_, index) => [
              `d${index}`,
              { anyOf: [{ $ref: `#/$defs/d${index + 1}` }, { allOf: [{ $ref: `#/$defs/d${index + 1}` }], minLength: index }] },
            ]),
          ),
          d12: { type: "string", maxLength: 9 },
        },
      },
    },
    {
      name: "unevaluated_items",
      inputSchema: { type: "object", properties: { list: { type: "array", prefixItems: [point], contains: tagged, unevaluatedItems: false } } },
    },
  ],
};

/** A plausible instance of `schema` (valid or not: the comparison needs none to be valid). */
function sample(schema: Schema, root: Schema, depth = 0): unknown {
  if (typeof schema === "boolean" || depth > 6) return null;
  if ("const" in schema) return schema["const"];
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return schema["enum"][0];
  if (typeof schema["$ref"] === "string") {
    const ref = schema["$ref"];
    const target = ref === "#" ? root : (root as { $defs?: Record<string, Schema> }).$defs?.[decodeURIComponent(ref.slice("#/$defs/".length))];
    return target === undefined ? null : sample(target, root, depth + 1);
  }
  for (const keyword of ["oneOf", "anyOf"]) if (Array.isArray(schema[keyword])) return sample((schema[keyword] as Schema[])[0]!, root, depth + 1);
  if (Array.isArray(schema["allOf"])) {
    const parts = (schema["allOf"] as Schema[]).map((part) => sample(part, root, depth + 1));
    if (parts.every((part) => typeof part === "object" && part !== null && !Array.isArray(part)))
      return Object.assign({}, ...parts, sampleOwn(schema, root, depth));
  }
  return sampleOwn(schema, root, depth);
}

function sampleOwn(schema: Exclude<Schema, boolean>, root: Schema, depth: number): unknown {
  const types = Array.isArray(schema["type"]) ? (schema["type"] as string[]) : typeof schema["type"] === "string" ? [schema["type"]] : [];
  const type = types.find((name) => name !== "null") ?? (schema["properties"] ? "object" : schema["items"] || schema["prefixItems"] ? "array" : types[0]);
  switch (type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries((schema["properties"] ?? {}) as Record<string, Schema>)) {
        Object.defineProperty(out, name, { value: sample(sub, root, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case "array": {
      const prefix = ((schema["prefixItems"] ?? []) as Schema[]).map((item) => sample(item, root, depth + 1));
      const items = schema["items"];
      return typeof items === "object" && items !== null ? [...prefix, sample(items as Schema, root, depth + 1)] : prefix;
    }
    case "string":
      return "abc";
    case "integer":
    case "number":
      return typeof schema["minimum"] === "number" ? schema["minimum"] : 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return {};
  }
}

/** `value`, and variants of it: each node (to a bounded count) replaced by a value of every other kind, and objects with a property removed or added. */
function variants(value: unknown, limit: number): unknown[] {
  const out: unknown[] = [value];
  const replacements = [null, 0, 2.5, -1000, "", "Not_a-key", true, [], [{}], {}, { kind: "tagged", tags: ["a", "a"] }, { x: 1, y: 2 }];
  const visit = (node: unknown, rebuild: (replacement: unknown) => unknown) => {
    if (out.length >= limit) return;
    for (const replacement of replacements) out.push(rebuild(replacement));
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, (replacement) => rebuild(node.map((other, at) => (at === index ? replacement : other)))));
      out.push(rebuild([...node, ...node]));
    } else if (typeof node === "object" && node !== null) {
      for (const name of Object.keys(node)) {
        const without = { ...(node as Record<string, unknown>) };
        delete without[name];
        out.push(rebuild(without));
        visit((node as Record<string, unknown>)[name], (replacement) => rebuild({ ...(node as Record<string, unknown>), [name]: replacement }));
      }
      out.push(rebuild({ ...(node as Record<string, unknown>), unexpected: 1 }));
    }
  };
  visit(value, (replacement) => replacement);
  return out.slice(0, limit);
}

type RawValidator = ((data: unknown) => boolean) & {
  errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown>; message?: string; propertyName?: string }> | null;
};

/** Verdict and errors: instance path, keyword, and the property name an error under propertyNames carries (issues point at it). */
const errorsOf = (validate: RawValidator, value: unknown) => ({
  valid: validate(value),
  errors: (validate.errors ?? []).map((error) => `${error.instancePath} ${error.keyword} ${error.propertyName ?? ""}`).sort(),
});

/** Generates `ir`'s validators.ts into a temporary directory and imports it. */
async function loadValidators(ir: ManifestIR): Promise<Record<string, RawValidator>> {
  const directory = await mkdtemp(join(tmpdir(), "mcpgen-shared-"));
  const file = await emitValidators(ir);
  await writeFile(join(directory, "validators.ts"), file.contents);
  return (await import(pathToFileURL(join(directory, "validators.ts")).href)) as Record<string, RawValidator>;
}

/** ajv compiling each tool's validation schema as written: no shared subschemas, refs inlined as ajv chooses. */
function oracle() {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, ownProperties: true, multipleOfPrecision: 9, validateSchema: false, logger: false });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  const known = new Set(Object.keys(formats));
  return (schema: Schema) => ajv.compile(validationSchema(schema, known) as object) as RawValidator;
}

/** Compares the generated and the oracle validators of every tool on instances derived from its schemas; returns how many were compared. */
async function compareWithOracle(ir: ManifestIR, perSchema: number): Promise<number> {
  const generated = await loadValidators(ir);
  const compile = oracle();
  let compared = 0;
  for (const [index, tool] of ir.tools.entries()) {
    for (const role of ["input", "output"] as const) {
      const normalized = tool[role];
      if (normalized === undefined) continue;
      const expected = compile(normalized.schema);
      const actual = generated[validatorExportName(role, index)]!;
      for (const value of variants(sample(normalized.schema, normalized.schema), perSchema)) {
        expect(errorsOf(actual, value), `${ir.source}: ${tool.wireName} ${role} ${JSON.stringify(value)}`).toEqual(errorsOf(expected, value));
        // The generated validators carry no message; the runtime words each error as ajv does.
        for (const { message, ...error } of expected.errors ?? []) expect(errorMessage(error), error.keyword).toBe(message);
        compared++;
      }
    }
  }
  return compared;
}

/** Every subschema object of `schema`, itself included, under every keyword. */
function subschemaObjects(schema: Schema, into: SchemaObject[] = []): SchemaObject[] {
  if (typeof schema === "boolean") return into;
  into.push(schema);
  for (const [keyword, value] of Object.entries(schema)) {
    const shape = SUBSCHEMA_KEYWORDS.get(keyword)?.shape;
    if (shape === "one") subschemaObjects(value as Schema, into);
    else if (shape === "list") for (const sub of value as Schema[]) subschemaObjects(sub, into);
    else if (shape === "map") for (const sub of Object.values(value as Record<string, Schema>)) subschemaObjects(sub, into);
  }
  return into;
}

/** Checks the index against JSON.stringify on every subschema of `roots`: same content exactly when same JSON, and the JSON's length. */
function expectContentIsJson(roots: readonly Schema[]): number {
  const index = new ContentIndex();
  const jsonByContent = new Map<number, string>();
  const contentByJson = new Map<string, number>();
  let checked = 0;
  for (const node of roots.flatMap((root) => subschemaObjects(root))) {
    const json = JSON.stringify(node);
    const { content, length } = index.of(node);
    expect(length).toBe(json.length);
    expect(jsonByContent.get(content) ?? json).toBe(json);
    expect(contentByJson.get(json) ?? content).toBe(content);
    jsonByContent.set(content, json);
    contentByJson.set(json, content);
    checked++;
  }
  return checked;
}

describe("ContentIndex", () => {
  it("gives two subschemas the same content exactly when their JSON is the same, and its length", () => {
    // Names and values that look like the index's own tokens, booleans beside objects, order that differs.
    const roots: Schema[] = [
      { type: "object", properties: { "#0": { type: "string" }, '"#1"': true, a: { const: "#0" } }, required: ["#0"] },
      { type: "object", properties: { "#0": { type: "string" }, '"#1"': true, a: { const: "#0" } }, required: ["#0"] },
      { type: "object", properties: { "#0": { const: "#0" }, '"#1"': true, a: { type: "string" } }, required: ["#0"] },
      { type: "object", properties: { a: { const: "#0" }, "#0": { type: "string" }, '"#1"': true }, required: ["#0"] },
      { anyOf: [true, { not: false }, { not: { type: "null" } }], prefixItems: [false, {}], $defs: { x: { enum: [{ type: "string" }] } } },
      { anyOf: [{ not: false }, true, { not: { type: "null" } }], prefixItems: [false, {}], $defs: { x: { type: "string" } } },
      { properties: { '\u2028"*/${x}': { description: "é\n", default: { properties: {} } } } },
    ];
    expect(expectContentIsJson(roots)).toBeGreaterThan(20);
  });

  const corpus = resolve(repoRoot, "../shared/corpus");
  it.skipIf(!existsSync(corpus))("on every subschema of every corpus server", async () => {
    let checked = 0;
    for (const file of readdirSync(corpus)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      const ir = normalizeManifest(recogniseManifest(JSON.parse(await readFile(join(corpus, file), "utf8")), file));
      checked += expectContentIsJson(ir.tools.flatMap((tool) => [tool.input.schema, ...(tool.output ? [tool.output.schema] : [])]));
    }
    expect(checked).toBeGreaterThan(10_000);
  });
});

describe("validators with shared subschemas check what the schemas say", () => {
  it("in every position a subschema can be repeated", async () => {
    const ir = normalizeManifest(recogniseManifest(fixture, "shared.tools.json"));
    const { shared } = (await validatorEntries(ir)).context;
    // Not vacuous: point and tagged (and the key pattern) are shared, in child and same-instance positions alike.
    expect(shared.length).toBeGreaterThanOrEqual(3);
    const compared = await compareWithOracle(ir, 5000);
    expect(compared).toBeGreaterThan(1000);
    const validators = (await emitValidators(ir)).contents;
    // point: compiled once shared, and kept in place twice under the unevaluatedProperties of tool "unevaluated".
    expect(validators.match(/"#\/(?:allOf\/0\/|properties\/nested\/allOf\/0\/)?properties\/y\/minimum"/g)?.length ?? 0).toBe(3);
  });

  it("without unevaluated keywords, compiled without evaluation tracking (ajv's Ajv2020 tracks it, as the oracle does)", async () => {
    const tracked = normalizeManifest(recogniseManifest(fixture, "shared.tools.json"));
    expect((await validatorEntries(tracked)).context.tracksEvaluation).toBe(true);
    expect((await emitValidators(tracked)).contents).toContain(".evaluated");

    const lean = { tools: fixture.tools.filter((tool) => !JSON.stringify(tool).includes('"unevaluated')) };
    expect(lean.tools.length).toBeGreaterThanOrEqual(3);
    const ir = normalizeManifest(recogniseManifest(lean, "lean.tools.json"));
    expect((await validatorEntries(ir)).context.tracksEvaluation).toBe(false);
    expect((await emitValidators(ir)).contents).not.toContain("evaluated");
    expect(await compareWithOracle(ir, 5000)).toBeGreaterThan(1000);
  });

  it("tracks evaluation for the keyword, not for a property or a value named like it", async () => {
    const named = { name: "named", inputSchema: { type: "object", properties: { unevaluatedProperties: { enum: ["unevaluatedItems"] } } } };
    const ir = normalizeManifest(recogniseManifest({ tools: [named] }, "names.tools.json"));
    expect((await validatorEntries(ir)).context.tracksEvaluation).toBe(false);
    expect(await compareWithOracle(ir, 200)).toBeGreaterThan(10);
    // The keyword deep inside a definition of another tool turns it on for the whole manifest.
    const deep = {
      name: "deep",
      inputSchema: {
        type: "object",
        properties: { p: { $ref: "#/$defs/d" } },
        $defs: { d: { type: "array", prefixItems: [{ type: "string" }], unevaluatedItems: false } },
      },
    };
    const both = normalizeManifest(recogniseManifest({ tools: [named, deep] }, "both.tools.json"));
    expect((await validatorEntries(both)).context.tracksEvaluation).toBe(true);
    expect(await compareWithOracle(both, 200)).toBeGreaterThan(20);
  });

  const corpus = resolve(repoRoot, "../shared/corpus");
  const present = existsSync(corpus);
  if (!present) console.warn(`corpus differential skipped: ${corpus} does not exist (CI places ../shared beside the checkout)`);

  it.skipIf(!present)("for every corpus server that repeats subschemas", { timeout: 240_000 }, async () => {
    let servers = 0;
    let compared = 0;
    for (const file of readdirSync(corpus)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      const ir = normalizeManifest(recogniseManifest(JSON.parse(await readFile(join(corpus, file), "utf8")), file));
      if ((await validatorEntries(ir)).context.shared.length === 0) continue;
      servers++;
      compared += await compareWithOracle(ir, 40);
    }
    expect(servers).toBeGreaterThanOrEqual(10);
    expect(compared).toBeGreaterThan(5000);
  });
});
