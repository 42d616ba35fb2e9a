/**
 * The schema comparison held to the values schemas accept, as ajv's 2020-12
 * validator decides them: for pairs of schemas drawn (with a fixed seed)
 * from the forms `schema-forms.ts` reads as one another (`items` and
 * `prefixItems`, `items: false` and `maxItems`, `unevaluatedItems`,
 * `additionalProperties` and `unevaluatedProperties`, `number` with a whole
 * `multipleOf`), with `contains`, and with the `anyOf` and `patternProperties`
 * the diff leaves out where it shows them to change nothing, a value the old
 * schema accepts and the new one rejects must be reported as a narrowing (or
 * undecidable), and one the new accepts and the old rejected as a widening
 * (or undecidable). Half the pairs change one keyword only, so that no other
 * change beside it can stand in for the one the diff missed.
 *
 * A second family holds objects whose `unevaluatedProperties` reads what
 * the keywords beside it evaluate (`properties`, `allOf`, `anyOf`, `oneOf`
 * branches, `dependentSchemas`, `if`/`then`/`else`, a `$ref` to `$defs`),
 * on every object of the properties a, b, c (each absent, a string or an
 * integer); its changes are one keyword, or one keyword inside one such
 * subschema (a branch changed, added or removed). Two practical judgements
 * of docs/diff.md are taken as said: an optional property added (strictly,
 * it may narrow), and `oneOf` compared as `anyOf` (a change in a branch of
 * a `oneOf` may move values either way, by which values match two).
 * `MCPGEN_SOUNDNESS_PAIRS` draws more (or fewer) of these pairs.
 *
 * A third family holds unions (`anyOf`, at times `oneOf`) whose branches
 * may accept all that another does: the diff leaves out an `anyOf` branch
 * added or removed that another covers, and must not where it changes what
 * is accepted (a `oneOf`, where a value two branches accept is rejected).
 *
 * Each verdict is ajv's, cross-checked with @exodus/schemasafe (another
 * 2020-12 validator, its code written apart). They agree but on ajv bugs
 * (8.20) with `contains` and `unevaluatedProperties`, where the verdict is
 * schemasafe's, which is the spec's (2020-12 §10.3.1.3, §11.2, §11.3); any
 * other disagreement fails the test, since neither validator can then be
 * trusted:
 * - beside `unevaluatedProperties`, ajv ignores an `if` without `then` and
 *   `else` (its properties are not evaluated), keeps what a failing `if` or
 *   `anyOf` branch evaluated, and rejects objects that `dependentSchemas`,
 *   `oneOf` and `$ref` beside it accept (`{ properties: { a: {...} },
 *   unevaluatedProperties: {...}, dependentSchemas: { b: {...} } }` rejects
 *   `{ a: "s" }`): where a schema has `unevaluatedProperties` and one of
 *   those keywords, the verdict is schemasafe's;
 * - an array that ends before the first entry of `prefixItems` that is not
 *   `true` leaves ajv's result of `prefixItems` unset, and the keywords
 *   after it are skipped: `{ prefixItems: [{ type: "string" }], contains:
 *   { type: "integer" } }` accepts `[]`;
 * - beside `unevaluatedItems`, ajv takes every item as evaluated by a
 *   `contains` (none by `contains: true`), where only the items it matches are.
 * schemasafe refuses a `maxItems` below the length of `prefixItems`: it is
 * given the schema with `prefixItems` cut at `maxItems` (no item is there to
 * apply the rest to: the same values). It also refuses an `anyOf` branch
 * whose `type` it finds at odds with its parent's (`{ type: "number",
 * anyOf: [{ type: "null" }, ...] }`): there, with no `contains`, ajv's
 * verdict stands alone.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { SCHEMA_CHANGES } from "../../src/diff/rules.js";
import { compareSchemas } from "../../src/diff/schema.js";

const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default;
const { validator: schemasafe } = require("@exodus/schemasafe") as typeof import("@exodus/schemasafe");

const EFFECTS = new Map<string, string>(SCHEMA_CHANGES.map((change) => [change.kind, change.effect]));
const PAIRS = 400;

/** A Park–Miller generator: the same pairs on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
  return { chance: (p: number) => next() < p, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}

type Draw = ReturnType<typeof generator>;
type Json = Record<string, unknown>;

const item = (draw: Draw): unknown => draw.pick([{ type: "string" }, { type: "integer" }, { type: "number", multipleOf: 1 }, true]);

function arraySchema(draw: Draw): Json {
  const schema: Json = { type: "array" };
  const length = draw.pick([0, 0, 1, 2, 2, 3]);
  if (length > 0) {
    const first = item(draw);
    const same = draw.chance(0.6);
    schema["prefixItems"] = Array.from({ length }, () => (same ? first : item(draw)));
  }
  const tail = () => draw.pick([false, false, item(draw)]);
  const which = draw.pick(["none", "items", "items", "unevaluatedItems", "both"]);
  if (which === "items" || which === "both") schema["items"] = tail();
  if (which === "unevaluatedItems" || which === "both") schema["unevaluatedItems"] = tail();
  if (draw.chance(0.4)) schema["maxItems"] = draw.pick([0, 1, 2, 3]);
  if (draw.chance(0.2)) schema["minItems"] = draw.pick([1, 2]);
  if (draw.chance(0.1)) schema["anyOf"] = [{ prefixItems: [true, true, true] }, { maxItems: 1 }];
  if (draw.chance(0.5)) {
    schema["contains"] = draw.pick([{ type: "string" }, { type: "integer" }, { type: "number" }, { type: ["string", "null"] }, true]);
    if (draw.chance(0.4)) schema["minContains"] = draw.pick([0, 1, 2]);
    if (draw.chance(0.4)) schema["maxContains"] = draw.pick([0, 1, 2]);
  }
  return schema;
}

function objectSchema(draw: Draw): Json {
  const schema: Json = { type: "object", properties: { a: { type: "string" } } };
  const closer = () => draw.pick([false, false, { type: "string" }, { type: "integer" }, true]);
  const which = draw.pick(["none", "additionalProperties", "unevaluatedProperties", "both"]);
  if (which === "additionalProperties" || which === "both") schema["additionalProperties"] = closer();
  if (which === "unevaluatedProperties" || which === "both") schema["unevaluatedProperties"] = closer();
  if (draw.chance(0.2)) schema["anyOf"] = [{ properties: { b: { type: "integer" } } }, { required: ["a"] }];
  // Patterns that may or may not change what is accepted beside the rest: the diff reports only those it cannot show to change nothing.
  if (draw.chance(0.4))
    schema["patternProperties"] = draw.pick([
      { "^c$": { type: "string" } },
      { "^b": { type: "integer" } },
      { "^x": {} },
      { "^[a-c]$": true },
      { "^a$": { type: "string" } },
      { "^a": { type: "string", minLength: 1 } },
      { "^b": { type: "integer" }, "^c": { type: "string" } },
      // Patterns that spell out the names they match: the diff reads those names.
      { "^(?:a|c)$": { type: "string" } },
      { "^b$": { type: "integer" } },
    ]);
  if (draw.chance(0.15)) schema["propertyNames"] = draw.pick([{ enum: ["a", "b"] }, { const: "a" }]);
  return schema;
}

function numberSchema(draw: Draw): Json {
  const schema: Json = { type: draw.pick(["number", "integer", ["number", "null"], ["integer", "null"]]) };
  if (draw.chance(0.6)) schema["multipleOf"] = draw.pick([1, 2, 0.5, 3]);
  if (draw.chance(0.4)) schema["minimum"] = draw.pick([0, 0.5, 1, 2]);
  if (draw.chance(0.3)) schema["exclusiveMaximum"] = draw.pick([4, 4.5, 6]);
  // Unions that may or may not add a constraint beside the rest: the diff reports only those it cannot show to be none.
  if (draw.chance(0.3))
    schema["anyOf"] = draw.pick([
      [{ type: "integer" }, { type: "null" }],
      [{ minimum: 2 }, { maximum: 3 }],
      [{ multipleOf: 2 }, { type: "null" }],
      [{ minimum: 1 }],
      [{ type: "number" }],
    ]);
  return schema;
}

/** Branches of a union, some of which accept all that another does (`{ type: "string", minLength: 2 }` and `{ type: "string" }`). */
const BRANCHES: readonly Json[] = [
  { type: "string" },
  { type: "string", minLength: 2 },
  { type: "string", maxLength: 1 },
  { type: "integer" },
  { type: "integer", minimum: 2 },
  { type: "number" },
  { type: "null" },
  { enum: ["a", 1] },
  { const: "ab" },
  { type: "object", properties: { a: { type: "string" } } },
  { type: "object" },
];

/** An `anyOf` (at times a `oneOf`) of some of `BRANCHES`: adding or removing one that another covers changes nothing, unless it is a `oneOf`. */
function unionSchema(draw: Draw): Json {
  const branches = Array.from({ length: draw.pick([1, 2, 2, 3]) }, () => draw.pick(BRANCHES));
  return { [draw.chance(0.2) ? "oneOf" : "anyOf"]: branches };
}

/** A branch of the union added, removed, or replaced by another. */
function mutateUnion(schema: Json, _other: Json, draw: Draw): Json {
  const keyword = schema["anyOf"] !== undefined ? "anyOf" : "oneOf";
  const list = schema[keyword] as Json[];
  const how = draw.pick(["add", "add", "remove", "replace"]);
  const index = Math.floor(draw.pick([0, 0.5, 0.99]) * list.length);
  if (how === "add") return { [keyword]: [...list, draw.pick(BRANCHES)] };
  if (how === "remove" && list.length > 1) return { [keyword]: list.filter((_, at) => at !== index) };
  const replacement = draw.pick(BRANCHES);
  return { [keyword]: list.map((branch, at) => (at === index ? replacement : branch)) };
}

/** Every array of up to 4 items drawn from a string, an integer, a fraction and null. */
function arrays(): unknown[][] {
  const found: unknown[][] = [];
  const extend = (prefix: unknown[]) => {
    found.push(prefix);
    if (prefix.length < 4) for (const value of ["a", 1, 1.5, null]) extend([...prefix, value]);
  };
  extend([]);
  return found;
}

const SAMPLES: Array<[(draw: Draw) => Json, unknown[]]> = [
  [arraySchema, arrays()],
  [objectSchema, [{}, { a: "x" }, { a: 1 }, { b: 1 }, { b: "s" }, { c: "s" }, { c: 1 }, { a: "x", b: 2 }, { a: "x", c: "y" }, { b: 1, c: 1 }]],
  [numberSchema, [null, -1, 0, 0.5, 1, 1.5, 2, 3, 4, 4.5, 5, 6, 7, 1e3, "s"]],
];

const UNION_SAMPLES: unknown[] = [null, true, "", "a", "ab", "abc", 0, 1, 2, 2.5, {}, { a: "s" }, { a: 1 }, { b: 1 }, []];

/** `schema` with one keyword taken from `other` (or left out, where `other` has none): a change alone, which others beside it cannot hide. */
function mutate(schema: Json, other: Json, draw: Draw): Json {
  const keyword = draw.pick([...new Set([...Object.keys(schema), ...Object.keys(other)])].sort());
  const { [keyword]: _dropped, ...rest } = schema;
  return other[keyword] === undefined ? rest : { ...rest, [keyword]: other[keyword] };
}

/** Pairs of the object shapes below at the default; `MCPGEN_SOUNDNESS_PAIRS` draws more (or fewer) of them. */
const EVALUATED_PAIRS = Number(process.env["MCPGEN_SOUNDNESS_PAIRS"] ?? 300);

const propertyValue = (draw: Draw): unknown => draw.pick([{ type: "string" }, { type: "integer" }, true]);

/** A subschema applied in place that evaluates some properties (names one or two of a, b, c), and may require one. */
function evaluator(draw: Draw): Json {
  const schema: Json = {};
  const named = draw.pick([["b"], ["c"], ["b", "c"], ["a"], ["a", "b"], []]);
  if (named.length > 0) schema["properties"] = Object.fromEntries(named.map((name) => [name, propertyValue(draw)]));
  if (draw.chance(0.25)) schema["required"] = [draw.pick(["a", "b", "c"])];
  if (draw.chance(0.1)) schema["patternProperties"] = { "^c": { type: "string" } };
  if (draw.chance(0.1)) schema["unevaluatedProperties"] = draw.pick([false, { type: "integer" }]);
  return schema;
}

/**
 * An object whose `unevaluatedProperties` (usually there) holds the properties no other keyword evaluated:
 * beside `properties`, `additionalProperties` at times, and the keywords that apply in place (`allOf`,
 * `anyOf`, `oneOf`, `dependentSchemas`, `if`/`then`/`else`, a `$ref` to `$defs`), each evaluating some.
 */
function evaluatedObject(draw: Draw): Json {
  const schema: Json = { type: "object" };
  if (draw.chance(0.6)) schema["properties"] = { a: { type: "string" } };
  if (draw.chance(0.85)) schema["unevaluatedProperties"] = draw.pick([false, false, { type: "string" }, { type: "integer" }, true]);
  if (draw.chance(0.1)) schema["additionalProperties"] = draw.pick([false, { type: "integer" }]);
  const branches = () => Array.from({ length: draw.pick([1, 1, 2]) }, () => evaluator(draw));
  const applicators = [
    () => (schema["allOf"] = branches()),
    () => (schema["anyOf"] = branches()),
    () => (schema["oneOf"] = [evaluator(draw), evaluator(draw)]),
    () => (schema["dependentSchemas"] = { [draw.pick(["a", "b"])]: evaluator(draw) }),
    () => {
      schema["if"] = draw.pick([{ required: ["a"] }, { properties: { a: { type: "string" } } }, { properties: { b: { type: "integer" } }, required: ["b"] }]);
      if (draw.chance(0.8)) schema["then"] = evaluator(draw);
      if (draw.chance(0.5)) schema["else"] = evaluator(draw);
    },
    () => {
      schema["$ref"] = "#/$defs/base";
      schema["$defs"] = { base: evaluator(draw) };
    },
  ];
  draw.pick(applicators)();
  for (const apply of applicators) if (draw.chance(0.2)) apply();
  return schema;
}

/** Every object whose properties a, b and c are each left out, a string or an integer. */
function objects(): Json[] {
  const found: Json[] = [{}];
  for (const name of ["a", "b", "c"]) for (const object of [...found]) for (const value of ["s", 1]) found.push({ ...object, [name]: value });
  return found;
}

/**
 * `mutate`, or one keyword changed inside a subschema applied in place: a branch of `allOf`/`anyOf`/`oneOf`
 * (or one added or removed), the schema of a `dependentSchemas` entry, `if`, `then` or `else`, or a `$defs` entry.
 */
function mutateDeep(schema: Json, other: Json, draw: Draw): Json {
  const changed = changeOne(schema, other, draw);
  // A `$ref` keeps its target.
  return changed["$ref"] !== undefined && changed["$defs"] === undefined ? { ...changed, $defs: schema["$defs"] ?? other["$defs"] } : changed;
}

function changeOne(schema: Json, other: Json, draw: Draw): Json {
  const inner = ["allOf", "anyOf", "oneOf", "dependentSchemas", "if", "then", "else", "$defs"].filter((keyword) => schema[keyword] !== undefined);
  if (inner.length === 0 || draw.chance(0.4)) return mutate(schema, other, draw);
  const keyword = draw.pick(inner);
  const value = schema[keyword];
  if (Array.isArray(value)) {
    const list = value as Json[];
    const index = Math.floor(draw.pick([0, 0.5, 0.99]) * list.length);
    const how = draw.pick(["change", "change", "add", "remove"]);
    if (how === "add") return { ...schema, [keyword]: [...list, evaluator(draw)] };
    if (how === "remove" && list.length > 1) return { ...schema, [keyword]: list.filter((_, at) => at !== index) };
    return { ...schema, [keyword]: list.map((branch, at) => (at === index ? mutate(branch, evaluator(draw), draw) : branch)) };
  }
  if (keyword === "dependentSchemas" || keyword === "$defs") {
    const entries = value as Record<string, Json>;
    const name = draw.pick(Object.keys(entries));
    return { ...schema, [keyword]: { ...entries, [name]: mutate(entries[name]!, evaluator(draw), draw) } };
  }
  return { ...schema, [keyword]: mutate(value as Json, evaluator(draw), draw) };
}

/** Where ajv is known wrong (see above): `contains` skipped, the items it evaluates miscounted, or the properties beside `unevaluatedProperties`. */
function ajvMisreads(schema: Json, value: unknown): boolean {
  const text = JSON.stringify(schema);
  if (text.includes('"unevaluatedProperties"') && ["if", "dependentSchemas", "oneOf", "anyOf", "$ref"].some((keyword) => text.includes(`"${keyword}"`)))
    return true;
  if (schema["contains"] === undefined || !Array.isArray(value)) return false;
  if (schema["unevaluatedItems"] !== undefined) return true;
  const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as unknown[]) : [];
  const first = prefix.findIndex((entry) => entry !== true);
  return first >= 0 && value.length <= first;
}

/** schemasafe's validator for a schema, undefined where it refuses the schema. */
function crossCheck(schema: Json): ((value: unknown) => boolean) | undefined {
  try {
    const { maxItems, prefixItems } = schema;
    const cut = typeof maxItems === "number" && Array.isArray(prefixItems) ? { prefixItems: prefixItems.slice(0, maxItems) } : {};
    const validate = schemasafe({ $schema: "https://json-schema.org/draft/2020-12/schema", ...schema, ...cut } as never, { mode: "lax" });
    return (value) => validate(value as never);
  } catch {
    return undefined;
  }
}

/** The values and schemas of one family of pairs: a generator of schemas, the values that tell them apart, and how a pair changes one keyword. */
interface Family {
  make: (draw: Draw) => Json;
  samples: unknown[];
  mutate: (schema: Json, other: Json, draw: Draw) => Json;
}

/** Every pair drawn from `families` (seeded) held to the validators' verdicts: what a value shows, the diff must report. */
function holdsToValidators(families: readonly Family[], seed: number, pairs: number): void {
  const ajv = new Ajv2020({ strict: false });
  const compiled = new Map<string, (value: unknown) => boolean>();
  const disputed: string[] = [];
  let crossChecked = 0;
  const validator = (schema: Json) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (validate === undefined) {
      const byAjv = ajv.compile(schema) as (value: unknown) => boolean;
      const bySchemasafe = crossCheck(schema);
      if (bySchemasafe !== undefined) crossChecked++;
      validate = (value) => {
        const [verdict, other] = [byAjv(value), bySchemasafe?.(value)];
        if (other === undefined || verdict === other) return verdict;
        if (!ajvMisreads(schema, value)) disputed.push(`${key} on ${JSON.stringify(value)}: ajv ${verdict}, schemasafe ${other}`);
        return other;
      };
      compiled.set(key, validate);
    }
    return validate;
  };
  const draw = generator(seed);
  const missed: string[] = [];
  let shown = 0;
  for (let pair = 0; pair < pairs; pair++) {
    const { make, samples, mutate } = draw.pick(families);
    const old = make(draw);
    const next = draw.chance(0.5) ? mutate(old, make(draw), draw) : make(draw);
    const [before, after] = [validator(old), validator(next)];
    const narrowed = samples.find((value) => before(value) && !after(value));
    const widened = samples.find((value) => !before(value) && after(value));
    const findings = compareSchemas(old as never, next as never);
    const effects = new Set(findings.map((finding) => EFFECTS.get(finding.change)));
    // Two practical judgements (docs/diff.md): an optional property added is compatible (strictly, it may narrow), and `oneOf` is compared
    // as `anyOf` (strictly, a branch added or widened may narrow, since a value matching two is rejected; one narrowed or removed may widen).
    const optional = findings.some((finding) => finding.change === "optional-property-added");
    const exclusive = findings.some((finding) => finding.pointer.includes("/oneOf/"));
    const says = (effect: string) => effects.has(effect) || effects.has("undecidable") || exclusive || (effect === "narrows" && optional);
    if (narrowed !== undefined || widened !== undefined) shown++;
    if (narrowed !== undefined && !says("narrows")) missed.push(`narrowing by ${JSON.stringify(narrowed)}: ${JSON.stringify(old)} → ${JSON.stringify(next)}`);
    if (widened !== undefined && !says("widens")) missed.push(`widening by ${JSON.stringify(widened)}: ${JSON.stringify(old)} → ${JSON.stringify(next)}`);
  }
  expect(disputed).toEqual([]);
  // Not alone: most schemas are cross-checked.
  expect(crossChecked).toBeGreaterThan(compiled.size * 0.75);
  expect(missed).toEqual([]);
  // Not blind: most pairs do differ.
  expect(shown).toBeGreaterThan(pairs / 2);
}

describe("compareSchemas against ajv and schemasafe", () => {
  it(`reports every narrowing and widening a value shows, on ${PAIRS} pairs of schemas`, () => {
    holdsToValidators(
      SAMPLES.map(([make, samples]) => ({ make, samples, mutate })),
      20261127,
      PAIRS,
    );
  });

  it(`reports every narrowing and widening a value shows, on ${PAIRS} pairs of unions whose branches may cover one another`, () => {
    holdsToValidators([{ make: unionSchema, samples: UNION_SAMPLES, mutate: mutateUnion }], 20261129, PAIRS);
  });

  it(`reports every narrowing and widening a value shows, on ${EVALUATED_PAIRS} pairs of objects whose unevaluatedProperties reads what applicators evaluate`, () => {
    holdsToValidators([{ make: evaluatedObject, samples: objects(), mutate: mutateDeep }], 20261128, EVALUATED_PAIRS);
  });
});
