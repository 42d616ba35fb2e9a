// The values `npm run bench`'s throughput section checks, and how it times checking them; shared with
// scripts/experiments/closure-bench.mjs, which measures on the same picks.
/** A value that follows `schema` where that is easy to tell (as test/generated/corpus-validators.test.ts builds them). */
export function sample(schema, rootSchema, depth = 0) {
  if (typeof schema === "boolean" || depth > 6) return {};
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    const target = ref === "#" ? rootSchema : rootSchema.$defs?.[decodeURIComponent(ref.slice("#/$defs/".length))];
    if (target !== undefined) return sample(target, rootSchema, depth + 1);
  }
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const keyword of ["anyOf", "oneOf"]) if (Array.isArray(schema[keyword])) return sample(schema[keyword][0], rootSchema, depth + 1);
  const type = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? (schema.properties ? "object" : schema.items ? "array" : "string");
  if (type === "object") {
    const value = {};
    for (const [name, sub] of Object.entries(schema.properties ?? {})) value[name] = sample(sub, rootSchema, depth + 1);
    return value;
  }
  if (type === "array")
    return schema.items === undefined || typeof schema.items === "boolean"
      ? []
      : [sample(schema.items, rootSchema, depth + 1), sample(schema.items, rootSchema, depth + 1)];
  if (type === "integer" || type === "number") return Math.ceil(typeof schema.minimum === "number" ? schema.minimum : 1);
  if (type === "boolean") return true;
  if (type === "null") return null;
  const formats = {
    "date-time": "2026-01-02T03:04:05Z",
    date: "2026-01-02",
    email: "someone@example.com",
    uri: "https://example.com/a",
    uuid: "123e4567-e89b-12d3-a456-426614174000",
  };
  return formats[schema.format] ?? "x".repeat(typeof schema.minLength === "number" ? schema.minLength : 3);
}

/** Values that one change makes invalid: a property removed, given another type, or added. */
export function invalidValues(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [42];
  const out = [];
  for (const key of Object.keys(value)) {
    const { [key]: _removed, ...rest } = value;
    out.push(rest, { ...value, [key]: typeof value[key] === "number" ? "not a number" : 12345 });
  }
  out.push({ ...value, unexpected_property: true });
  return out;
}

/**
 * Calls per second of each of `runs` over `values`: rounds of about 25 ms each, the runs taking turns,
 * after a warm-up; the best round of each counts (other processes on the machine only ever slow one down).
 */
export function rates(runs, values, rounds = 9) {
  const best = runs.map(() => 0);
  const pass = (run) => {
    for (const value of values) run(value);
  };
  for (const run of runs) for (let start = performance.now(); performance.now() - start < 40;) pass(run);
  for (let round = 0; round < rounds; round++) {
    runs.forEach((run, index) => {
      let calls = 0;
      const start = performance.now();
      while (performance.now() - start < 25) {
        pass(run);
        calls += values.length;
      }
      best[index] = Math.max(best[index], calls / ((performance.now() - start) / 1000));
    });
  }
  return best;
}
