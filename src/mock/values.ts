/**
 * Values from a schema, for the mock's answers: the schema's own `examples`,
 * then its `default`, then values generated from a seed by json-schema-faker
 * (a maintained generator: 2020-12, seeded, no dependencies; measured on the
 * corpus in docs/mock.md). Whatever the source, a value is used only once the
 * tool's validator accepts it, so an example that breaks its own schema, or a
 * value the generator gets wrong (a pattern it cannot invert, a
 * `propertyNames` it ignores), is never sent: the next candidate is tried,
 * and when none validates the tool answers a clear error instead.
 *
 * Deterministic: the generator's seed is derived from the mock's seed, the
 * tool's name and the call's arguments, so the same call gets the same
 * value, whatever was called before it.
 */
import { generateSync, type JsonSchema } from "json-schema-faker";
import type { Schema } from "../ir/index.js";
import { isRecord } from "../shared/json.js";
import type { ValidationOutcome } from "./validators.js";
import { canonicalJson } from "../shared/json.js";
import { admitsNone, tooLarge } from "./satisfiable.js";

/** Where a value came from: what the mock states in each answer's `_meta`. */
export type ValueSource = "example" | "default" | "generated";

export type ValueOutcome = { ok: true; value: unknown; source: ValueSource } | { ok: false; reason: string };

/** Seeds tried, each with and then without the schema's inner examples and defaults, before giving up. */
const GENERATION_ATTEMPTS = 4;

/**
 * A value `check` accepts for `schema`: the first of its `examples` that
 * does, else its `default` if it does, else a generated one. `seed` is the
 * call's (see `callSeed`).
 */
export function valueFor(schema: Schema, check: (value: unknown) => ValidationOutcome, seed: number): ValueOutcome {
  const none = admitsNone(schema);
  if (none !== undefined) return { ok: false, reason: `the schema admits no value: ${none}` };
  if (isRecord(schema)) {
    const examples = schema["examples"];
    if (Array.isArray(examples)) {
      for (const example of examples) if (check(example).ok) return { ok: true, value: example, source: "example" };
    }
    if ("default" in schema && check(schema["default"]).ok) return { ok: true, value: schema["default"], source: "default" };
  }
  const large = tooLarge(schema);
  if (large !== undefined) return { ok: false, reason: `the schema asks for a value larger than the mock makes: ${large}` };
  let firstProblem: string | undefined;
  for (let attempt = 0; attempt < GENERATION_ATTEMPTS * 2; attempt++) {
    const inner = attempt % 2 === 0;
    let value: unknown;
    try {
      value = generated(schema, (seed + Math.floor(attempt / 2)) >>> 0, inner);
    } catch (error) {
      firstProblem ??= `the generator failed: ${(error as Error).message}`;
      continue;
    }
    const outcome = check(value);
    if (outcome.ok) return { ok: true, value, source: "generated" };
    const issue = outcome.issues[0];
    firstProblem ??= issue === undefined ? "the value does not validate" : `${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`;
  }
  return { ok: false, reason: `no generated value validates (${firstProblem ?? "no value"})` };
}

/** One value from the generator, as JSON would carry it (a key `__proto__` the generator set as a prototype is gone, `undefined` members vanish). */
function generated(schema: Schema, seed: number, inner: boolean): unknown {
  const value = generateSync(schema as JsonSchema, {
    seed: seed === 0 ? 1 : seed,
    useExamplesValue: inner,
    useDefaultValue: inner,
    maxDefaultItems: 3,
  });
  const json = JSON.stringify(value);
  return json === undefined ? undefined : (JSON.parse(json) as unknown);
}

/**
 * The generator's seed for one call: FNV-1a over the mock's seed, the tool's
 * name and the arguments as canonical JSON (keys sorted), so that equal
 * arguments get equal values whatever their key order.
 */
export function callSeed(seed: number, toolName: string, args: unknown): number {
  let hash = 0x811c9dc5;
  for (const char of `${seed}\u0000${toolName}\u0000${canonicalJson(args)}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
