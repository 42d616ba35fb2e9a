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
 * Each verdict is ajv's, cross-checked with @exodus/schemasafe (another
 * 2020-12 validator, its code written apart). They agree but on two ajv bugs
 * (8.20) with `contains`, where the verdict is schemasafe's, which is the
 * spec's (2020-12 §10.3.1.3, §11.2); any other disagreement fails the test,
 * since neither validator can then be trusted:
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

/** `schema` with one keyword taken from `other` (or left out, where `other` has none): a change alone, which others beside it cannot hide. */
function mutate(schema: Json, other: Json, draw: Draw): Json {
  const keyword = draw.pick([...new Set([...Object.keys(schema), ...Object.keys(other)])].sort());
  const { [keyword]: _dropped, ...rest } = schema;
  return other[keyword] === undefined ? rest : { ...rest, [keyword]: other[keyword] };
}

/** Where ajv is known wrong (see above): `contains` skipped, or the items it evaluates miscounted. */
function ajvMisreads(schema: Json, value: unknown): boolean {
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

describe("compareSchemas against ajv and schemasafe", () => {
  it(`reports every narrowing and widening a value shows, on ${PAIRS} pairs of schemas`, () => {
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
    const draw = generator(20261127);
    const missed: string[] = [];
    let shown = 0;
    for (let pair = 0; pair < PAIRS; pair++) {
      const [make, samples] = draw.pick(SAMPLES);
      const old = make(draw);
      const next = draw.chance(0.5) ? mutate(old, make(draw), draw) : make(draw);
      const [before, after] = [validator(old), validator(next)];
      const narrowed = samples.find((value) => before(value) && !after(value));
      const widened = samples.find((value) => !before(value) && after(value));
      const effects = new Set(compareSchemas(old as never, next as never).map((finding) => EFFECTS.get(finding.change)));
      const says = (effect: string) => effects.has(effect) || effects.has("undecidable");
      if (narrowed !== undefined || widened !== undefined) shown++;
      if (narrowed !== undefined && !says("narrows")) missed.push(`narrowing by ${JSON.stringify(narrowed)}: ${JSON.stringify(old)} → ${JSON.stringify(next)}`);
      if (widened !== undefined && !says("widens")) missed.push(`widening by ${JSON.stringify(widened)}: ${JSON.stringify(old)} → ${JSON.stringify(next)}`);
    }
    expect(disputed).toEqual([]);
    // Not alone: most schemas are cross-checked.
    expect(crossChecked).toBeGreaterThan(compiled.size * 0.75);
    expect(missed).toEqual([]);
    // Not blind: most pairs do differ.
    expect(shown).toBeGreaterThan(PAIRS / 2);
  });
});
