/**
 * Hostile rewrites of manifests: every server-supplied string (tool names,
 * descriptions, titles, property names, enum values, consts, defaults,
 * _meta) gets an injection attempt, chosen by a seeded PRNG so failures
 * reproduce.
 */
export const PAYLOADS = [
  "*/ globalThis.__mcpgenPwned = 1; /*",
  "\"; globalThis.__mcpgenPwned = 2; \"",
  "'; globalThis.__mcpgenPwned = 3; '",
  "`${globalThis.__mcpgenPwned = 4}`",
  "\n globalThis.__mcpgenPwned = 5; //",
  "\u2028 globalThis.__mcpgenPwned = 6; \u2029",
  "</script><script>globalThis.__mcpgenPwned = 7</script>",
  "\\\"); globalThis.__mcpgenPwned = 8; (\"",
  "__proto__",
  "constructor",
];

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT_KEYS = new Set(["description", "title"]);

/** Rewrites a schema, making property names, texts, enum values, consts and defaults hostile. */
function poison(node: unknown, next: () => string, renameProperties = true): unknown {
  if (Array.isArray(node)) return node.map((item) => poison(item, next, renameProperties));
  if (typeof node !== "object" || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    let poisoned: unknown;
    if (TEXT_KEYS.has(key) && typeof value === "string") poisoned = `${value} ${next()}`;
    else if (key === "enum" && Array.isArray(value)) poisoned = [...value, next()];
    else if ((key === "const" || key === "default") && typeof value === "string") poisoned = next();
    else if (key === "properties" && typeof value === "object" && value !== null && renameProperties) {
      const properties: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(value as Record<string, unknown>)) {
        const hostileName = `${name}${next()}`;
        Object.defineProperty(properties, hostileName, { value: poison(schema, next, renameProperties), enumerable: true, writable: true, configurable: true });
      }
      poisoned = properties;
    } else poisoned = poison(value, next, renameProperties);
    Object.defineProperty(out, key, { value: poisoned, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

export function poisonTools(tools: Array<Record<string, unknown>>, seed: number): Array<Record<string, unknown>> {
  const rand = random(seed);
  const next = () => PAYLOADS[Math.floor(rand() * PAYLOADS.length)]!;
  return tools.map((tool, index) => {
    // Renaming properties would break refs into `#/properties/...`; such tools keep their names.
    const poisoned = poison(tool, next, !JSON.stringify(tool).includes('"#/properties')) as Record<string, unknown>;
    // `required` lists the old names: renamed properties become optional, which is fine for this test.
    poisoned["name"] = index % 3 === 0 ? `${String(tool["name"])}${next()}` : tool["name"];
    poisoned["_meta"] = { [next()]: next() };
    return poisoned;
  });
}

