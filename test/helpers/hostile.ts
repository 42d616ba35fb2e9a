/**
 * Hostile rewrites of manifests: every server-supplied string (tool names,
 * descriptions, titles, property names, enum values, consts, defaults,
 * _meta) gets an injection attempt, chosen by a seeded PRNG so failures
 * reproduce. And hostile shapes, for the fuzz test: random schema-shaped
 * JSON, and real tools bent at random places.
 */
export const PAYLOADS = [
  "*/ globalThis.__mcpgenPwned = 1; /*",
  '"; globalThis.__mcpgenPwned = 2; "',
  "'; globalThis.__mcpgenPwned = 3; '",
  "`${globalThis.__mcpgenPwned = 4}`",
  "\n globalThis.__mcpgenPwned = 5; //",
  "\u2028 globalThis.__mcpgenPwned = 6; \u2029",
  "</script><script>globalThis.__mcpgenPwned = 7</script>",
  '\\"); globalThis.__mcpgenPwned = 8; ("',
  "__proto__",
  "constructor",
  // At a line's start in a comment, a directive of the compiler's (an unused @ts-expect-error is an error) or a JSDoc tag.
  "@ts-expect-error",
  "x\n@ts-ignore @internal",
];

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
export function random(seed: number): () => number {
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

/** Picks from a seeded PRNG. */
export class Chooser {
  constructor(readonly next: () => number) {}
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  pick<T>(options: readonly T[]): T {
    return options[this.int(options.length)]!;
  }
}

/** Property names and texts servers send, hostile and odd ones included. */
const NAMES = ["q", "id", "a b", "with-dash", "__proto__", "constructor", "then", "toString", "0", "", "ñame", "名前", "$ref", "*/", "a\u2028b", ...PAYLOADS];
const FORMATS = ["date-time", "email", "uri", "uuid", "regex", "no-such-format"];
const PATTERNS = ["^[a-z]+$", "(", "\\p{L}+", "^(a+)+$", "[", "\\d{3}"];

/** Any JSON value, small. */
export function randomJson(choose: Chooser, depth = 0): unknown {
  switch (choose.int(depth > 2 ? 5 : 8)) {
    case 0:
      return null;
    case 1:
      return choose.chance(0.5);
    case 2:
      return choose.pick([0, -1, 1.5, 1e21, Number.MAX_SAFE_INTEGER, 42]);
    case 3:
      return choose.pick(NAMES);
    case 4:
      return choose.pick(["", "x", "Infinity", "NaN"]);
    case 5:
      return Array.from({ length: choose.int(4) }, () => randomJson(choose, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let index = choose.int(4); index > 0; index--)
        Object.defineProperty(object, choose.pick(NAMES), { value: randomJson(choose, depth + 1), enumerable: true, writable: true, configurable: true });
      return object;
    }
  }
}

/** A JSON-Schema-shaped value: mostly sensible keywords, sometimes with the wrong kind of value. `root`: a tool's schema, mostly an object. */
export function randomSchema(choose: Chooser, depth = 0, defs: readonly string[] = [], root = false): unknown {
  if (choose.chance(root ? 0.01 : 0.04)) return choose.chance(0.5);
  if (choose.chance(root ? 0.01 : 0.02)) return randomJson(choose);
  const schema: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => Object.defineProperty(schema, key, { value, enumerable: true, writable: true, configurable: true });
  const type =
    root && choose.chance(0.95)
      ? choose.pick<unknown>(["object", "object", "object", undefined, ["object", "null"]])
      : choose.pick<unknown>([
          "object",
          "string",
          "number",
          "integer",
          "boolean",
          "array",
          "null",
          undefined,
          ["string", "null"],
          ["object", "array"],
          "strng",
          7,
        ]);
  if (type !== undefined) put("type", type);
  const deeper = depth < 4;
  if ((type === "object" || type === undefined) && deeper && choose.chance(0.8)) {
    const properties: Record<string, unknown> = {};
    for (let index = choose.int(4); index > 0; index--)
      Object.defineProperty(properties, choose.pick(NAMES), {
        value: randomSchema(choose, depth + 1, defs),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    put("properties", properties);
    if (choose.chance(0.5))
      put(
        "required",
        Object.keys(properties)
          .filter(() => choose.chance(0.5))
          .concat(choose.chance(0.1) ? ["missing"] : []),
      );
    if (choose.chance(0.3)) put("additionalProperties", choose.chance(0.5) ? choose.chance(0.5) : randomSchema(choose, depth + 1, defs));
    if (choose.chance(0.1)) put("patternProperties", { [choose.pick(PATTERNS)]: randomSchema(choose, depth + 1, defs) });
  }
  if ((type === "array" || type === undefined) && deeper && choose.chance(0.6)) {
    if (choose.chance(0.7)) put("items", randomSchema(choose, depth + 1, defs));
    else put("prefixItems", [randomSchema(choose, depth + 1, defs), randomSchema(choose, depth + 1, defs)]);
    if (choose.chance(0.3)) put("minItems", choose.pick<unknown>([0, 1, 3, -1, "2"]));
  }
  if (type === "string" && choose.chance(0.4)) put(choose.pick(["pattern", "format", "minLength"]), choose.pick<unknown>([...PATTERNS, ...FORMATS, 3, -2]));
  if ((type === "number" || type === "integer") && choose.chance(0.4))
    put(choose.pick(["minimum", "maximum", "multipleOf", "exclusiveMinimum"]), choose.pick<unknown>([0, 0.01, -5, 1e308, true]));
  if (choose.chance(0.15))
    put(
      "enum",
      Array.from({ length: choose.int(4) }, () => randomJson(choose, 2)),
    );
  if (choose.chance(0.08)) put("const", randomJson(choose, 2));
  if (deeper && choose.chance(0.15))
    put(
      choose.pick(["anyOf", "oneOf", "allOf"]),
      Array.from({ length: 1 + choose.int(3) }, () => randomSchema(choose, depth + 1, defs)),
    );
  if (deeper && choose.chance(0.05)) put("not", randomSchema(choose, depth + 1, defs));
  if (deeper && choose.chance(0.05)) {
    put("if", randomSchema(choose, depth + 1, defs));
    put("then", randomSchema(choose, depth + 1, defs));
  }
  if (choose.chance(0.1))
    put(
      "$ref",
      choose.chance(0.8) && defs.length > 0
        ? `#/$defs/${choose.pick(defs)}`
        : choose.pick(["#/$defs/nothing", "#", "https://example.com/s.json", "#/properties/q"]),
    );
  if (choose.chance(0.2)) put("description", `${choose.pick(NAMES)} ${choose.pick(PAYLOADS)}`);
  if (choose.chance(0.1)) put("default", randomJson(choose));
  if (choose.chance(0.05)) put("nullable", true);
  if (choose.chance(0.05)) put("deprecated", choose.pick<unknown>([true, "yes"]));
  if (choose.chance(0.03)) put(choose.pick(["tsType", "x-extra", "unevaluatedProperties", "dependentRequired", "$dynamicRef"]), randomJson(choose, 2));
  return schema;
}

/** A tool: a name (sometimes clashing, sometimes odd), schemas, and now and then odd metadata. */
export function randomTool(choose: Chooser, index: number): Record<string, unknown> {
  const defs = choose.chance(0.3) ? ["Item", "Page", "__proto__"].slice(0, 1 + choose.int(3)) : [];
  const input = randomSchema(choose, 0, defs, true);
  if (defs.length > 0 && typeof input === "object" && input !== null && !Array.isArray(input)) {
    (input as Record<string, unknown>)["$defs"] = Object.fromEntries(defs.map((name) => [name, randomSchema(choose, 2, defs)]));
  }
  const tool: Record<string, unknown> = {
    name: choose.chance(0.97)
      ? `${choose.pick(["get", "list", "then", "__proto__", "💥", "delete", "a-b", "A_B", "dup"])}${choose.chance(0.2) ? "" : `_${index}`}`
      : choose.pick<unknown>(["", 7, undefined]),
    inputSchema: choose.chance(0.98) ? input : randomJson(choose),
  };
  if (choose.chance(0.4)) tool["outputSchema"] = randomSchema(choose, 0, [], true);
  if (choose.chance(0.3)) tool["description"] = choose.pick<unknown>([...PAYLOADS, 5]);
  if (choose.chance(0.2)) tool["title"] = choose.pick<unknown>([...NAMES, null]);
  if (choose.chance(0.2))
    tool["annotations"] = choose.pick<unknown>([{ readOnlyHint: true }, { destructiveHint: "no" }, { title: choose.pick(PAYLOADS) }, randomJson(choose)]);
  if (choose.chance(0.1)) tool["execution"] = { taskSupport: choose.pick(["optional", "sometimes"]) };
  if (choose.chance(0.1)) tool["_meta"] = randomJson(choose);
  return tool;
}

/** `tool` with a few values replaced, removed or wrapped deep, at random places. */
export function bendTool(choose: Chooser, tool: unknown): unknown {
  const copy = structuredClone(tool);
  for (let bends = 1 + choose.int(3); bends > 0; bends--) {
    // Walk down a random path of objects and arrays.
    let parent: unknown = copy;
    let key: string | number | undefined;
    for (let step = 0; step < 1 + choose.int(8); step++) {
      const value = key === undefined ? parent : (parent as Record<string | number, unknown>)[key];
      if (typeof value !== "object" || value === null) break;
      const keys = Object.keys(value);
      if (keys.length === 0) break;
      if (key !== undefined) parent = value;
      key = Array.isArray(value) ? choose.int(value.length) : choose.pick(keys);
    }
    if (key === undefined || typeof parent !== "object" || parent === null) continue;
    const holder = parent as Record<string | number, unknown>;
    switch (choose.int(4)) {
      case 0:
        holder[key] = randomJson(choose);
        break;
      case 1:
        holder[key] = randomSchema(choose, 2);
        break;
      case 2:
        if (!Array.isArray(holder)) delete holder[key];
        break;
      default: {
        // Deep, but not so deep that every case is a stack overflow.
        let deep: unknown = holder[key];
        for (let level = choose.int(40); level > 0; level--) deep = choose.chance(0.5) ? [deep] : { items: deep };
        holder[key] = deep;
      }
    }
  }
  return copy;
}
