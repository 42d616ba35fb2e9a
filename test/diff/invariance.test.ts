/**
 * Every manifest of ../shared/corpus (real servers' tool lists) against
 * itself rewritten in ways that keep what every schema accepts: keys in the
 * opposite order, each property schema hoisted into `$defs` (`definitions`
 * in older dialects) behind a `$ref`, each draft-07 schema rewritten as
 * 2020-12, and all three at once. `mcpgen diff` must report no change for
 * any of them. Skipped, saying so, where the corpus is not beside the
 * checkout.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { diffManifests } from "../../src/commands/diff.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { repoRoot } from "../helpers/typecheck.js";

const corpus = resolve(repoRoot, "../shared/corpus");
const present = existsSync(corpus);
if (!present) console.warn(`diff invariance tests skipped: ${corpus} does not exist (CI places ../shared beside the checkout)`);
const files = present
  ? readdirSync(corpus)
      .filter((file) => file.endsWith(".json"))
      .sort()
  : [];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** A plain object from entries, `__proto__` kept an own key. */
function objectOf(entries: Array<[string, Json]>): JsonObject {
  const object: JsonObject = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Every object's keys in the opposite order, all the way down (arrays keep theirs: their order can mean something). */
function reorderKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reorderKeys);
  if (!isObject(value)) return value;
  return objectOf(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reorderKeys(item)]),
  );
}

const OLDER = /draft-0[4-7]/;
/** Keywords that hold a subschema, a list of them, or a map of names to them (draft-07 and 2020-12). */
const ONE = ["additionalProperties", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems"];
const LIST = ["allOf", "anyOf", "oneOf", "prefixItems"];
const MAP = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"];

/** Identifiers and dynamic refs change what a ref means where a subschema moves: such a schema is left as it is. */
const UNMOVABLE = /"(\$id|id|\$anchor|\$dynamicRef|\$dynamicAnchor|\$recursiveRef|\$recursiveAnchor)"\s*:/;

interface Counts {
  hoisted: number;
  rewritten: number;
}

/** Each property schema of the root moved into `$defs` (or `definitions`), the property a `$ref` to it. */
function hoist(schema: Json, counts: Counts): Json {
  if (!isObject(schema) || !isObject(schema["properties"])) return schema;
  const text = JSON.stringify(schema);
  // A ref into a property would point at nothing once the property is a ref.
  if (UNMOVABLE.test(text) || text.includes('"#/properties')) return schema;
  const keyword = typeof schema["$schema"] === "string" && OLDER.test(schema["$schema"]) ? "definitions" : "$defs";
  const defs = objectOf(Object.entries(isObject(schema[keyword]) ? schema[keyword] : {}));
  const properties: Array<[string, Json]> = [];
  for (const [name, property] of Object.entries(schema["properties"])) {
    if (!isObject(property)) {
      properties.push([name, property]);
      continue;
    }
    let key = `hoisted_${name}`;
    while (Object.prototype.hasOwnProperty.call(defs, key)) key += "_";
    Object.defineProperty(defs, key, { value: property, enumerable: true, writable: true, configurable: true });
    const pointer = `#/${keyword}/${encodeURIComponent(key.replace(/~/g, "~0").replace(/\//g, "~1"))}`;
    properties.push([name, { $ref: pointer }]);
    counts.hoisted++;
  }
  return objectOf([
    ...Object.entries(schema).filter(([key]) => key !== "properties" && key !== keyword),
    ["properties", objectOf(properties)],
    [keyword, defs],
  ]);
}

/** What draft-07 keeps beside a `$ref` (it ignores the other siblings): annotations. */
const ANNOTATIONS = ["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"];

/** A draft-07 schema as 2020-12 writes it: `$defs`, `prefixItems`, `dependentRequired`/`dependentSchemas`, a ref's siblings but its annotations dropped. */
function toDraft2020(schema: Json, counts: Counts): Json {
  if (!isObject(schema) || typeof schema["$schema"] !== "string" || !schema["$schema"].includes("draft-07")) return schema;
  const text = JSON.stringify(schema);
  // Refs into a tuple or a dependency would follow the keyword's new name: rare, and left as they are.
  if (UNMOVABLE.test(text) || /"\$ref"\s*:\s*"#[^"]*\/(items\/\d|dependencies\/)/.test(text)) return schema;
  counts.rewritten++;
  const rewrite = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!isObject(value)) return value;
    if (typeof value["$ref"] === "string") {
      const annotations = Object.entries(value).filter(([key]) => ANNOTATIONS.includes(key));
      return objectOf([["$ref", value["$ref"].replace(/^#\/definitions\//, "#/$defs/")], ...annotations]);
    }
    const out: Array<[string, Json]> = [];
    const dependentRequired: Array<[string, Json]> = [];
    const dependentSchemas: Array<[string, Json]> = [];
    for (const [key, item] of Object.entries(value)) {
      if (key === "$schema") out.push([key, "https://json-schema.org/draft/2020-12/schema"]);
      else if (key === "definitions") out.push(["$defs", objectOf(Object.entries(isObject(item) ? item : {}).map(([name, sub]) => [name, rewrite(sub)]))]);
      else if (key === "items" && Array.isArray(item)) {
        out.push(["prefixItems", item.map(rewrite)]);
        if (value["additionalItems"] !== undefined) out.push(["items", rewrite(value["additionalItems"])]);
      } else if (key === "additionalItems") {
        if (!Array.isArray(value["items"])) continue; // without a tuple, draft-07 ignores it
      } else if (key === "dependencies" && isObject(item)) {
        for (const [name, dependency] of Object.entries(item))
          (Array.isArray(dependency) ? dependentRequired : dependentSchemas).push([name, Array.isArray(dependency) ? dependency : rewrite(dependency)]);
      } else if (ONE.includes(key) || key === "items") out.push([key, rewrite(item)]);
      else if (LIST.includes(key) && Array.isArray(item)) out.push([key, item.map(rewrite)]);
      else if (MAP.includes(key) && isObject(item)) out.push([key, objectOf(Object.entries(item).map(([name, sub]) => [name, rewrite(sub)]))]);
      else out.push([key, item]);
    }
    if (dependentRequired.length > 0) out.push(["dependentRequired", objectOf(dependentRequired)]);
    if (dependentSchemas.length > 0) out.push(["dependentSchemas", objectOf(dependentSchemas)]);
    return objectOf(out);
  };
  return rewrite(schema);
}

type Rewrite = (schema: Json, counts: Counts) => Json;

function rewriteTools(document: JsonObject, rewrites: readonly Rewrite[], counts: Counts): JsonObject {
  const tools = (document["tools"] as Json[]).map((tool) => {
    if (!isObject(tool)) return tool;
    const rewritten: JsonObject = { ...tool };
    for (const field of ["inputSchema", "outputSchema"]) {
      if (tool[field] === undefined) continue;
      let schema: Json = tool[field]!;
      for (const rewrite of rewrites) schema = rewrite(schema, counts);
      rewritten[field] = schema;
    }
    return rewritten;
  });
  return { ...document, tools };
}

const REWRITES: Array<[string, readonly Rewrite[], (counts: Counts) => void]> = [
  ["keys reordered", [(schema) => reorderKeys(schema)], () => {}],
  ["each property schema hoisted into $defs", [hoist], (counts) => expect(counts.hoisted).toBeGreaterThan(2000)],
  ["each draft-07 schema rewritten as 2020-12", [toDraft2020], (counts) => expect(counts.rewritten).toBeGreaterThan(400)],
  ["all three at once", [toDraft2020, hoist, (schema) => reorderKeys(schema)], (counts) => expect(counts.hoisted + counts.rewritten).toBeGreaterThan(2400)],
];

describe.skipIf(!present)(`a corpus manifest against itself rewritten is no change (${files.length} servers)`, () => {
  const documents = files.map((file) => [file, JSON.parse(readFileSync(join(corpus, file), "utf8")) as JsonObject] as const);
  const originals = new Map(documents.map(([file, document]) => [file, normalizeManifest(recogniseManifest(document, file))]));

  it.each(REWRITES)("%s", (_, rewrites, enough) => {
    const counts: Counts = { hoisted: 0, rewritten: 0 };
    const changed: string[] = [];
    for (const [file, document] of documents) {
      const rewritten = rewriteTools(reorderKeysOf(document, rewrites), rewrites, counts);
      const diff = diffManifests(originals.get(file)!, recogniseManifest(rewritten, file));
      for (const change of diff.changes) changed.push(`${file}: ${change.subject.name} ${change.rule} ${change.pointer}: ${change.message}`);
    }
    expect(changed).toEqual([]);
    enough(counts);
    expect(documents.length).toBeGreaterThanOrEqual(60);
  });
});

describe.skipIf(!present)("the same comparison is not blind", () => {
  it("sees the last tool of every corpus manifest removed, and its first argument's type changed", () => {
    for (const file of files) {
      const document = JSON.parse(readFileSync(join(corpus, file), "utf8")) as { tools: Array<{ name: string; inputSchema?: JsonObject }> };
      const [first] = document.tools;
      const properties = isObject(first?.inputSchema?.["properties"]) ? first.inputSchema["properties"] : {};
      const [argument] = Object.keys(properties);
      const rewritten = structuredClone(document);
      const last = rewritten.tools.pop()!;
      if (argument !== undefined && rewritten.tools.length > 0)
        (rewritten.tools[0]!.inputSchema!["properties"] as JsonObject)[argument] = { type: "boolean", const: true };
      const diff = diffManifests(recogniseManifest(document, file), recogniseManifest(rewritten, file));
      const rules = diff.changes.map((change) => `${change.subject.name} ${change.rule}`);
      if (!document.tools.slice(0, -1).some((tool) => tool.name === last.name)) expect(rules, file).toContain(`${last.name} tool-removed`);
      if (argument !== undefined && rewritten.tools.length > 0)
        expect(diff.counts["breaking-for-clients"] + diff.counts["breaking-for-servers"], file).toBeGreaterThan(1);
    }
  });
});

/** With key reordering, the tool objects and the document too, not only the schemas. */
function reorderKeysOf(document: JsonObject, rewrites: readonly Rewrite[]): JsonObject {
  if (!rewrites.some((rewrite) => rewrite.length === 1)) return document;
  return reorderKeys(document) as JsonObject;
}
