/**
 * The validators of every corpus server (../shared/corpus) against ajv, the
 * oracle, on values built from the tools' own schemas: for each input and
 * output schema, a value that follows it and values mutated from that one
 * (a required property removed, a value of another type, a property added,
 * a bound crossed, an item replaced). mcpgen's validator and ajv compiling
 * the schema as the server wrote it (with the same format checks) must give
 * every value the same verdict. Skipped, saying so, where the corpus is not
 * beside the checkout.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv7 from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import type { Schema, SchemaObject } from "../../src/ir/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { formats } from "../../templates/validator-runtime.js";
import { runValidator } from "../../templates/client-runtime.js";
import { toolValidatorsFunctionBody } from "../../src/emit/validators/index.js";
import { compileValidators } from "../../src/mock/validators.js";
import { writeValidators, type Check } from "../helpers/generated-validators.js";
import { random } from "../helpers/hostile.js";
import { repoRoot } from "../helpers/typecheck.js";

const corpus = resolve(repoRoot, "../shared/corpus");
const present = existsSync(corpus);
if (!present) console.warn(`corpus validator tests skipped: ${corpus} does not exist (CI places ../shared beside the checkout)`);

/** One ajv per dialect, as its documentation sets each up, with mcpgen's format checks. */
function oracle(Ajv: typeof Ajv2020.default) {
  const ajv = new Ajv({ strict: false, logger: false, allErrors: false });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}
const ORACLES = { "2020-12": oracle(Ajv2020.default), "2019-09": oracle(Ajv2019.default), "draft-07": oracle(Ajv7.default), "draft-06": oracle(Ajv7.default) };

/** Sample strings of each format (and one for none). */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  "date-time": "2026-01-02T03:04:05Z",
  date: "2026-01-02",
  time: "03:04:05Z",
  email: "someone@example.com",
  uri: "https://example.com/a",
  url: "https://example.com/a",
  "uri-reference": "/a/b",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "::1",
};

/** A value that follows `schema` where that is easy to tell (the verdicts are compared whatever it is). */
function sample(schema: Schema, root: Schema, depth = 0): unknown {
  if (typeof schema === "boolean" || depth > 6) return schema === false ? undefined : {};
  if (typeof schema["$ref"] === "string") {
    const ref = schema["$ref"];
    const target =
      ref === "#" ? root : ((root as SchemaObject)["$defs"] as Record<string, Schema> | undefined)?.[decodeURIComponent(ref.slice("#/$defs/".length))];
    if (target !== undefined) return sample(target, root, depth + 1);
  }
  if ("const" in schema) return schema["const"];
  if (Array.isArray(schema["enum"]) && schema["enum"].length > 0) return schema["enum"][0];
  for (const keyword of ["anyOf", "oneOf"]) if (Array.isArray(schema[keyword])) return sample((schema[keyword] as Schema[])[0]!, root, depth + 1);
  if (Array.isArray(schema["allOf"])) {
    const parts = (schema["allOf"] as Schema[]).map((part) => sample(part, root, depth + 1));
    if (parts.every((part) => typeof part === "object" && part !== null && !Array.isArray(part))) return Object.assign({}, ...parts);
  }
  const types = Array.isArray(schema["type"]) ? (schema["type"] as string[]) : typeof schema["type"] === "string" ? [schema["type"]] : [];
  const type = types[0] ?? (schema["properties"] !== undefined ? "object" : schema["items"] !== undefined ? "array" : "string");
  switch (type) {
    case "object": {
      const value: Record<string, unknown> = {};
      const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
      for (const [name, sub] of Object.entries(properties)) {
        if (name === "__proto__") continue;
        const item = sample(sub, root, depth + 1);
        if (item !== undefined) value[name] = item;
      }
      return value;
    }
    case "array": {
      const items = schema["items"];
      const count = Math.max(typeof schema["minItems"] === "number" ? schema["minItems"] : 1, 1);
      return items === undefined || typeof items === "boolean"
        ? []
        : Array.from({ length: Math.min(count, 3) }, () => sample(items as Schema, root, depth + 1));
    }
    case "integer":
    case "number": {
      const minimum =
        typeof schema["minimum"] === "number" ? schema["minimum"] : typeof schema["exclusiveMinimum"] === "number" ? schema["exclusiveMinimum"] + 1 : 0;
      return Math.ceil(minimum);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default: {
      const format = FORMAT_SAMPLES[schema["format"] as string];
      if (format !== undefined) return format;
      return "x".repeat(typeof schema["minLength"] === "number" ? Math.min(schema["minLength"], 100) : 3);
    }
  }
}

type Place = { parent: Record<string, unknown> | unknown[]; key: string | number };

/** Every property and item below `value` (to a depth of 6), in one order. */
function placesOf(value: unknown): Place[] {
  const places: Place[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 6 || typeof node !== "object" || node === null) return;
    for (const [key, child] of Object.entries(node)) {
      places.push({ parent: node as Record<string, unknown>, key: Array.isArray(node) ? Number(key) : key });
      walk(child, depth + 1);
    }
  };
  walk(value, 0);
  return places;
}

const REPLACEMENTS = [null, 0, -1, 1.5, 1e9, "", "x", "not a date", true, [], [1], {}, { extra: 1 }];

/** Values mutated from `value`, each at one place (removed, replaced, or a property added beside it); and values of other types. */
function mutations(value: unknown, next: () => number): unknown[] {
  const out: unknown[] = [1, "text", null, [], {}];
  const count = placesOf(value).length;
  for (let round = 0; round < Math.min(12, count * 3); round++) {
    const copy = structuredClone(value);
    const { parent, key } = placesOf(copy)[Math.floor(next() * count)]!;
    const choice = next();
    if (choice < 0.3 && !Array.isArray(parent)) delete parent[key as string];
    else if (choice < 0.4 && !Array.isArray(parent)) parent[`unexpected_${round}`] = 1;
    else (parent as Record<string, unknown>)[key as string] = REPLACEMENTS[Math.floor(next() * REPLACEMENTS.length)];
    out.push(copy);
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) out.push({ ...value, unexpected: "x" });
  return out;
}

describe.skipIf(!present)("the validators of every corpus server agree with ajv", () => {
  it("on values built from each schema and mutated from those", { timeout: 240_000 }, async () => {
    const files = readdirSync(corpus)
      .filter((file) => file.endsWith(".json"))
      .sort();
    const next = random(21);
    let compared = 0;
    let valid = 0;
    let skipped = 0;
    const disagreements: string[] = [];
    // `mcpgen mock` runs the same code compiled in memory: the same verdict, issues and words.
    const mockDisagreements: string[] = [];
    const firstDisagreements: string[] = [];
    for (const file of files) {
      const raw = JSON.parse(readFileSync(join(corpus, file), "utf8")) as { tools: Array<Record<string, unknown>> };
      const ir = normalizeManifest(recogniseManifest(raw, file));
      const { modules } = await writeValidators(ir, "corpus-validators");
      const mock = compileValidators(ir, toolValidatorsFunctionBody(ir));
      for (const tool of ir.tools) {
        for (const role of ["input", "output"] as const) {
          const normalized = tool[role];
          const written = tool.raw[role === "input" ? "inputSchema" : "outputSchema"];
          if (normalized === undefined) continue;
          const ajv = ORACLES[normalized.dialect as keyof typeof ORACLES];
          let theirs: ((data: unknown) => boolean) | undefined;
          try {
            theirs = ajv?.compile(written as object);
          } catch {
            theirs = undefined;
          } finally {
            // ajv keeps what a schema registers ($id): each schema compiles as in an instance of its own.
            ajv?.removeSchema();
          }
          if (theirs === undefined) {
            skipped++;
            continue;
          }
          const ours: Check = modules.get(tool.wireName)![role]!;
          const first = sample(normalized.schema, normalized.schema);
          for (const value of [first, ...mutations(first, next)]) {
            compared++;
            const expected = theirs(value);
            if (expected) valid++;
            if (ours(value) !== expected) disagreements.push(`${file} ${tool.wireName} ${role}: ${JSON.stringify(value).slice(0, 200)} (ajv: ${expected})`);
            const table = Object.defineProperty({}, tool.wireName, { value: ours, enumerable: true });
            const generated = runValidator(table, tool.wireName, value, role);
            // runValidator's one pass with a list (which lists the issues) gives ajv's verdict too.
            if (generated.ok !== expected)
              disagreements.push(`${file} ${tool.wireName} ${role} (with issues): ${JSON.stringify(value).slice(0, 200)} (ajv: ${expected})`);
            // Stopping at the first issue gives the same verdict, and one of the issues of every-issue mode.
            const first = runValidator(table, tool.wireName, value, role, { firstIssue: true });
            if (
              first.ok !== generated.ok ||
              (!first.ok &&
                !generated.ok &&
                (first.issues.length !== 1 || !generated.issues.some((issue) => JSON.stringify(issue) === JSON.stringify(first.issues[0]))))
            )
              firstDisagreements.push(`${file} ${tool.wireName} ${role}: ${JSON.stringify(first).slice(0, 200)}`);
            const mocked = role === "input" ? mock.validateInput(tool.wireName, value) : mock.validateOutput(tool.wireName, value);
            if (JSON.stringify(mocked) !== JSON.stringify(generated))
              mockDisagreements.push(`${file} ${tool.wireName} ${role}: ${JSON.stringify(mocked).slice(0, 200)}`);
          }
        }
      }
    }
    console.log(`corpus validators: ${compared} values compared with ajv (${valid} valid), ${skipped} schemas ajv cannot compile skipped`);
    expect(disagreements).toEqual([]);
    expect(mockDisagreements).toEqual([]);
    expect(firstDisagreements).toEqual([]);
    expect(compared).toBeGreaterThan(10_000);
    // Both verdicts are common: the comparison tells something either way.
    expect(valid).toBeGreaterThan(compared / 10);
    expect(compared - valid).toBeGreaterThan(compared / 3);
    expect(skipped).toBeLessThan(20);
  });
});
