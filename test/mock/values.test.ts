/**
 * Values from schemas (src/mock/values.ts): every tool of every corpus server
 * that declares an outputSchema gets a value that validates, with ajv as the
 * independent oracle (a fresh Ajv2020 with ajv-formats, not mcpgen's
 * validators), deterministic per seed; the share is printed and is 100 %
 * save for schemas shown to admit none. Then the rules: examples, then
 * default, then generated; a schema that admits no value, or only a huge one,
 * gets a reason instead. Skipped, saying so, without ../shared/corpus.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseManifest } from "../../src/acquire/manifest-file.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import type { Schema } from "../../src/ir/index.js";
import { admitsNone, tooLarge } from "../../src/mock/satisfiable.js";
import { callSeed, valueFor } from "../../src/mock/values.js";
import { compileValidators } from "../../src/mock/validators.js";
import { toolValidatorsFunctionBody } from "../../src/emit/validators/index.js";
import { repoRoot } from "../helpers/typecheck.js";

const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default;
const addFormats = require("ajv-formats") as typeof import("ajv-formats").default;

/** The oracle: ajv's own 2020-12 validator with ajv-formats, nothing of mcpgen's (one instance: each compiles the meta-schemas anew). */
let oracleAjv: InstanceType<typeof Ajv2020> | undefined;
function oracle(schema: Schema): (value: unknown) => boolean {
  if (oracleAjv === undefined) {
    oracleAjv = new Ajv2020({ strict: false, allErrors: false });
    addFormats(oracleAjv);
  }
  const validate = oracleAjv.compile(typeof schema === "boolean" ? schema : { ...schema });
  return (value) => validate(value);
}

const corpus = resolve(repoRoot, "../shared/corpus");
const present = existsSync(corpus);
if (!present) console.warn(`mock corpus test skipped: ${corpus} does not exist (CI places ../shared beside the checkout)`);

describe.skipIf(!present)("values for every corpus tool with an outputSchema", () => {
  it("validate (ajv as the oracle), are the same for the same seed, and cover 100 % of the tools whose schema admits a value", () => {
    let tools = 0;
    let valid = 0;
    const admitNone: string[] = [];
    const failures: string[] = [];
    for (const file of readdirSync(corpus)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      const ir = normalizeManifest(parseManifest(readFileSync(resolve(corpus, file), "utf8"), file));
      const validators = compileValidators(ir, toolValidatorsFunctionBody(ir));
      for (const tool of ir.tools) {
        if (tool.output === undefined) continue;
        tools++;
        const schema = tool.output.schema;
        const none = admitsNone(schema);
        if (none !== undefined) {
          admitNone.push(`${file} ${tool.wireName}: ${none}`);
          continue;
        }
        const check = (value: unknown) => validators.validateOutput(tool.wireName, value);
        const seed = callSeed(7, tool.wireName, {});
        const first = valueFor(schema, check, seed);
        const again = valueFor(schema, check, seed);
        expect(again, `${file} ${tool.wireName}: the same seed gives the same value`).toEqual(first);
        if (first.ok && oracle(schema)(first.value)) valid++;
        else failures.push(`${file} ${tool.wireName}: ${first.ok ? "ajv rejects the value" : first.reason}`);
      }
    }
    console.log(
      `mock values: ${valid} of ${tools} corpus tools with an outputSchema (${((100 * valid) / tools).toFixed(1)} %) get a value that validates; ${admitNone.length} admit none`,
    );
    expect(failures).toEqual([]);
    expect(admitNone).toEqual([]);
    expect(valid).toBe(tools);
    expect(tools).toBeGreaterThan(100);
  });
});

describe("the mock's validators", () => {
  it("are the generated ones with the helpers of the templates shipped whole: the linear-time matcher and uniqueItems", () => {
    const manifest = {
      tools: [
        {
          name: "t",
          inputSchema: { type: "object", properties: { word: { type: "string", pattern: "^(a+)+$" }, tags: { type: "array", uniqueItems: true } } },
        },
      ],
    };
    const ir = normalizeManifest(parseManifest(JSON.stringify(manifest), "mock-helpers.json"));
    expect(ir.patternModes.get("^(a+)+$")).toMatch(/^linear/);
    const validators = compileValidators(ir, toolValidatorsFunctionBody(ir));
    expect(validators.validateInput("t", { word: "aaaa", tags: [1, 2] }).ok).toBe(true);
    expect(validators.validateInput("t", { word: `${"a".repeat(40)}!`, tags: [1, { b: 2 }, { b: 2 }] })).toEqual({
      ok: false,
      issues: [
        { path: "/word", message: 'must match pattern "^(a+)+$"' },
        { path: "/tags", message: "must NOT have duplicate items (items ## 1 and 2 are identical)" },
      ],
    });
  });
});

describe("where a value comes from", () => {
  const check = (schema: Schema) => {
    const validate = oracle(schema);
    return (value: unknown) => (validate(value) ? { ok: true as const, value } : { ok: false as const, issues: [{ path: "", message: "rejected" }] });
  };

  it.each<[string, { schema: Schema; source: string; value?: unknown }]>([
    ["the first example that validates", { schema: { type: "string", minLength: 3, examples: ["no", "yes!", "other"] }, source: "example", value: "yes!" }],
    ["default when no example validates", { schema: { type: "integer", examples: ["x"], default: 4 }, source: "default", value: 4 }],
    ["generated when neither validates", { schema: { type: "integer", minimum: 10, default: 3 }, source: "generated" }],
    ["generated for a pattern", { schema: { type: "string", pattern: "^[A-Z]{3}-\\d{4}$" }, source: "generated" }],
    [
      "generated for a recursive schema",
      {
        schema: {
          $defs: { n: { type: "object", properties: { kids: { type: "array", items: { $ref: "#/$defs/n" } } }, required: ["kids"] } },
          $ref: "#/$defs/n",
        },
        source: "generated",
      },
    ],
    [
      "generated for a 2020-12 tuple",
      { schema: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 2 }, source: "generated" },
    ],
  ])("%s", (_name, { schema, source, value }) => {
    const outcome = valueFor(schema, check(schema), 1);
    expect(outcome.ok && outcome.source).toBe(source);
    if (value !== undefined) expect(outcome.ok && outcome.value).toEqual(value);
  });

  it("gives other values for other seeds, the same for the same one", () => {
    const schema: Schema = { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } }, required: ["id", "name"] };
    const values = [1, 2, 3, 1].map((seed) => valueFor(schema, check(schema), seed));
    expect(values[3]).toEqual(values[0]);
    expect(new Set(values.map((value) => JSON.stringify(value))).size).toBe(3);
  });

  it("derives the seed of a call from the mock's seed, the tool and the arguments (key order aside)", () => {
    expect(callSeed(1, "t", { a: 1, b: 2 })).toBe(callSeed(1, "t", { b: 2, a: 1 }));
    expect(callSeed(1, "t", { a: 1 })).not.toBe(callSeed(2, "t", { a: 1 }));
    expect(callSeed(1, "t", { a: 1 })).not.toBe(callSeed(1, "u", { a: 1 }));
    expect(callSeed(1, "t", { a: 1 })).not.toBe(callSeed(1, "t", { a: 2 }));
  });
});

describe("schemas that admit no value, or only a huge one", () => {
  it.each<[string, Schema, string]>([
    ["false", false, "`false` at the root"],
    ["an empty enum", { enum: [] }, "an empty `enum` at the root"],
    ["crossed numeric bounds", { type: "integer", minimum: 5, maximum: 3 }, "numeric bounds that leave no number at the root"],
    ["bounds that leave no integer", { type: "integer", exclusiveMinimum: 5, exclusiveMaximum: 6 }, "numeric bounds that leave no integer at the root"],
    ["crossed lengths", { type: "string", minLength: 4, maxLength: 2 }, "`minLength` 4 above `maxLength` 2 at the root"],
    ["a required property that admits none", { type: "object", properties: { a: false }, required: ["a"] }, "`false` at /properties/a"],
    [
      "a required property that contains itself without end",
      { $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } }, required: ["next"] } }, $ref: "#/$defs/node" },
      "a required property that contains itself without end (#/$defs/node) at /$defs/node/properties/next",
    ],
    [
      "a required property that additionalProperties forbids",
      { type: "object", additionalProperties: false, required: ["x"] },
      'the required property "x", which `additionalProperties: false` forbids at the root',
    ],
    ["an enum of the wrong type", { type: "string", enum: [1, 2] }, "`const` or `enum` values of none of the types the schema allows at the root"],
  ])("%s", (_name, schema, reason) => {
    expect(admitsNone(schema)).toBe(reason);
    const outcome = valueFor(schema, () => ({ ok: true, value: undefined }), 1);
    expect(outcome).toEqual({ ok: false, reason: `the schema admits no value: ${reason}` });
  });

  it.each<[string, Schema]>([
    ["a nullable object whose required property admits none", { type: ["object", "null"], properties: { a: false }, required: ["a"] }],
    ["a recursive list that may end", { $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } }, $ref: "#/$defs/node" }],
    ["anyOf with one satisfiable branch", { anyOf: [false, { type: "string" }] }],
  ])("finds a value where one exists: %s", (_name, schema) => {
    expect(admitsNone(schema)).toBeUndefined();
  });

  it("refuses a value larger than the mock makes, naming where", () => {
    expect(tooLarge({ type: "object", properties: { blob: { type: "string", minLength: 50_000_000 } }, required: ["blob"] })).toBe(
      "at least 50000001 characters, items or properties (/properties/blob)",
    );
    expect(tooLarge({ type: "array", minItems: 1000, items: { type: "array", minItems: 1000, items: { type: "string" } } })).toBe(
      "at least 1001000 characters, items or properties (/items)",
    );
    expect(tooLarge({ type: "string", minLength: 1000 })).toBeUndefined();
    // Through refs: to a definition, and to the root (followed a bounded number of levels).
    const big = { type: "string", minLength: 200_000 };
    expect(tooLarge({ $defs: { big }, type: "object", properties: { b: { $ref: "#/$defs/big" } }, required: ["b"] })).toBe(
      "at least 200001 characters, items or properties (/properties/b)",
    );
    expect(tooLarge({ $defs: { big }, type: "object", properties: { b: { $ref: "#/$defs/missing" } }, required: ["b"] })).toBeUndefined();
    expect(tooLarge({ type: "array", minItems: 400, items: { anyOf: [{ type: "null" }, { $ref: "#" }] } })).toBeUndefined();
    expect(tooLarge({ type: "array", minItems: 400, items: { allOf: [{ $ref: "#" }] } })).toMatch(/^at least 1e15 characters, items or properties/);
    const outcome = valueFor({ type: "string", minLength: 50_000_000 }, () => ({ ok: true, value: undefined }), 1);
    expect(outcome.ok === false && outcome.reason).toBe(
      "the schema asks for a value larger than the mock makes: at least 50000000 characters, items or properties (the root)",
    );
  });

  it("says why when no generated value validates", () => {
    const outcome = valueFor({ type: "string" }, () => ({ ok: false, issues: [{ path: "/x", message: "never" }] }), 1);
    expect(outcome).toEqual({ ok: false, reason: "no generated value validates (/x: never)" });
  });
});
