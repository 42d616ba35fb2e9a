/**
 * `uniqueItems` in linear time: the generated validators' check and its
 * helper `duplicateItems` (templates/unique-items.ts). Compared with ajv's
 * own check (every pair, deep-equal) on random arrays of parsed JSON, where
 * it must give the same answer and name the same pair; then arrays that take
 * ajv's check seconds to hours, through generated validators, with bounds
 * measured here (generous: the point is that nothing grows with the square of
 * the array).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { duplicateItems, duplicatesByText } from "../../templates/unique-items.js";
import { q as equal } from "../../templates/validator-runtime.js";
import { generateValidators, issuesOf, type Check, type Validate } from "../helpers/generated-validators.js";
import { random } from "../helpers/hostile.js";
import { repoRoot } from "../helpers/typecheck.js";

const options = { allErrors: true, strict: false, logger: false } as const;
/** ajv as it comes: `uniqueItems` compares every pair of items unless `items` types them as one primitive type. */
const theirs = new Ajv2020.default(options);

/** The schemas compared here, generated as mcpgen's validators (in `beforeAll`). */
const SCHEMAS = [
  { type: "array", uniqueItems: true },
  { type: "object", properties: { rows: { type: "array", items: { type: "array", uniqueItems: true, items: { type: "object" } } } } },
  { type: "array", items: { type: ["number", "string"] }, uniqueItems: true },
  { type: "array", items: { type: "number" }, uniqueItems: true },
  { type: "array", items: { type: "string" }, uniqueItems: true },
];
const generated = new Map<string, Check>();

/** A generated validator with ajv's interface: its issues as ajv's errors (keyword, params, pointer). */
const ours = {
  compile(schema: object) {
    const check = generated.get(JSON.stringify(schema))!;
    const validate = (data: unknown) => {
      const issues = issuesOf(check, data);
      validate.errors = issues.map((issue) => {
        const pair = /^must NOT have duplicate items \(items ## (\d+) and (\d+) are identical\)$/.exec(issue.message);
        if (pair !== null) return { keyword: "uniqueItems", params: { i: Number(pair[2]), j: Number(pair[1]) }, instancePath: issue.path };
        const type = /^must be (\w+)$/.exec(issue.message);
        return { keyword: "type", params: { type: type?.[1] }, instancePath: issue.path };
      });
      return issues.length === 0;
    };
    validate.errors = [] as Array<{ keyword: string; params: object; instancePath: string }>;
    return validate;
  },
};

beforeAll(async () => {
  const { modules } = await generateValidators(
    SCHEMAS.map((schema, index) => ({ name: `s${index}`, inputSchema: { type: "object" }, outputSchema: schema })),
    "unique-items-schemas",
  );
  SCHEMAS.forEach((schema, index) => generated.set(JSON.stringify(schema), modules.get(`s${index}`)!.output!));
});

/** Atoms that are equal in JSON Schema's sense without being the same text, and some that only look alike. */
const NUMBERS = ["0", "-0", "0.0", "1", "1.0", "1e0", "10e-1", "-1", "1.5", "15e-1", "1e21", "1E21", "9007199254740993", "0.30000000000000004", "0.3"];
const STRINGS = ["", "a", "1", "1.0", "null", "__proto__", "constructor", "é", "e\u0301", "\u2028", '"', "[1]", "{}"];
/**
 * Object keys. ajv's deep equality (fast-deep-equal) compares an object's `constructor`, `valueOf` and
 * `toString` before its keys, so to ajv two objects with an own `constructor` key are unequal unless
 * that key holds one and the same object; mcpgen's `equal`, which its validators have always used
 * instead, compares keys only. `constructor` is in the pool only against the latter.
 */
const KEYS = ["a", "b", "__proto__", "0", "", "é"];
const KEYS_WITH_CONSTRUCTOR = [...KEYS, "constructor"];

/**
 * Random JSON text from small pools, so that equal values turn up often: each number is written in
 * one of its spellings, each object with its keys in random order (JSON.parse gives them in that order).
 */
function randomJsonText(next: () => number, depth: number, keys: readonly string[]): string {
  const pick = <T>(options: readonly T[]) => options[Math.floor(next() * options.length)]!;
  switch (Math.floor(next() * (depth > 2 ? 4 : 6))) {
    case 0:
      return pick(["null", "true", "false"]);
    case 1:
      return pick(NUMBERS);
    case 2:
      return JSON.stringify(pick(STRINGS));
    case 3:
      return pick(["[]", "{}"]);
    case 4:
      return `[${Array.from({ length: Math.floor(next() * 3) }, () => randomJsonText(next, depth + 1, keys)).join(",")}]`;
    default:
      return `{${keys
        .filter(() => next() < 0.4)
        .map((key) => `${JSON.stringify(key)}:${randomJsonText(next, depth + 1, keys)}`)
        .join(",")}}`;
  }
}

/** An array of random values, some of them re-spelled copies of earlier ones (numbers written otherwise, keys reordered). */
function randomArrayText(next: () => number, keys: readonly string[]): string {
  const items: string[] = [];
  for (let count = Math.floor(next() * 12); count > 0; count--) {
    if (items.length > 0 && next() < 0.35) items.push(respell(items[Math.floor(next() * items.length)]!, next));
    else items.push(randomJsonText(next, 0, keys));
  }
  return `[${items.join(",")}]`;
}

/** The same JSON value in other text: integers as `N.0`, object members in reverse order. */
function respell(text: string, next: () => number): string {
  const value = JSON.parse(text) as unknown;
  const write = (node: unknown): string => {
    if (typeof node === "number")
      return Number.isInteger(node) && !Object.is(node, -0) && Math.abs(node) < 1e21 && next() < 0.5 ? `${node}.0` : JSON.stringify(node);
    if (Array.isArray(node)) return `[${node.map(write).join(",")}]`;
    if (typeof node === "object" && node !== null) {
      return `{${Object.keys(node)
        .reverse()
        .map((key) => `${JSON.stringify(key)}:${write((node as Record<string, unknown>)[key])}`)
        .join(",")}}`;
    }
    return JSON.stringify(node);
  };
  return write(value);
}

/** ajv's pairwise loop (vocabularies/validation/uniqueItems.js, `loopN2`) with mcpgen's `equal`, on the items as the validators read them (undefined as null). */
function pairwise(items: readonly unknown[]): [number, number] | undefined {
  for (let i = items.length; i--;) for (let j = i; j--;) if (equal(items[i] ?? null, items[j] ?? null)) return [i, j];
  return undefined;
}

/** What a validator says: whether the data is valid, and its errors less the message. */
function verdict(validate: { (data: unknown): boolean; errors?: Array<{ keyword: string; params: object; instancePath: string }> | null }, data: unknown) {
  return { valid: validate(data), errors: (validate.errors ?? []).map(({ keyword, params, instancePath }) => ({ keyword, params, instancePath })) };
}

describe("uniqueItems, compared with ajv's pairwise check", () => {
  it("gives the same answer and names the same pair on 3,000 random arrays of parsed JSON", () => {
    const next = random(14);
    const schema = { type: "array", uniqueItems: true };
    const check = { ours: ours.compile(schema), theirs: theirs.compile(schema) };
    let duplicates = 0;
    for (let round = 0; round < 3000; round++) {
      const text = randomArrayText(next, KEYS);
      const data = JSON.parse(text) as unknown[];
      const expected = verdict(check.theirs, data);
      expect(verdict(check.ours, data), text).toEqual(expected);
      if (!expected.valid) duplicates++;
    }
    // Both answers are common: the comparison tells something either way.
    expect(duplicates).toBeGreaterThan(600);
    expect(duplicates).toBeLessThan(2400);
  });

  it("gives the pair ajv's loop gives with mcpgen's `equal` (what validators.ts ran until now), by hash and by text alike", () => {
    const next = random(15);
    const check = ours.compile({ type: "array", uniqueItems: true });
    for (let round = 0; round < 3000; round++) {
      const text = randomArrayText(next, KEYS_WITH_CONSTRUCTOR);
      const data = JSON.parse(text) as unknown[];
      const pair = pairwise(data);
      expect(duplicateItems(data), text).toEqual(pair);
      expect(duplicatesByText(data), text).toEqual(pair);
      expect(verdict(check, data), text).toEqual(
        pair === undefined
          ? { valid: true, errors: [] }
          : { valid: false, errors: [{ keyword: "uniqueItems", params: { i: pair[0], j: pair[1] }, instancePath: "" }] },
      );
    }
  });

  it("finds in a value with undefined items and properties the pair it finds in the value as JSON.stringify sends it", () => {
    const next = random(16);
    const check = ours.compile({ type: "array", uniqueItems: true });
    /** A copy of `value` with some properties set to undefined beside the others, and some null items undefined or holes. */
    const unsent = (value: unknown): unknown => {
      if (Array.isArray(value)) {
        const items = new Array<unknown>(value.length);
        for (const [index, item] of value.entries()) {
          const copy = unsent(item);
          if (copy !== null || next() < 0.3) items[index] = copy;
          else if (next() < 0.5) items[index] = undefined;
        }
        return items;
      }
      if (typeof value !== "object" || value === null) return value;
      // Without a prototype, so that a `__proto__` key is a property.
      const copy = Object.create(null) as Record<string, unknown>;
      for (const [key, member] of Object.entries(value)) {
        if (next() < 0.3) copy[`u${key}`] = undefined;
        copy[key] = unsent(member);
      }
      return copy;
    };
    let duplicates = 0;
    for (let round = 0; round < 3000; round++) {
      const text = randomArrayText(next, KEYS);
      const data = unsent(JSON.parse(text)) as unknown[];
      const sent = JSON.parse(JSON.stringify(data)) as unknown[];
      const pair = pairwise(sent);
      expect(duplicateItems(data), text).toEqual(pair);
      expect(duplicatesByText(data), text).toEqual(pair);
      expect(pairwise(data), text).toEqual(pair);
      expect(verdict(check, data), text).toEqual(verdict(theirs.compile({ type: "array", uniqueItems: true }), sent));
      if (pair !== undefined) duplicates++;
    }
    expect(duplicates).toBeGreaterThan(600);
    expect(duplicates).toBeLessThan(2400);
  });

  it("reports the duplicate pair of nested arrays at their own path, beside other errors", () => {
    const schema = { type: "object", properties: { rows: { type: "array", items: { type: "array", uniqueItems: true, items: { type: "object" } } } } };
    const check = { ours: ours.compile(schema), theirs: theirs.compile(schema) };
    const data = JSON.parse('{"rows": [[{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}], [{"x": 1}, 2, {"x": 1}]]}') as unknown;
    expect(verdict(check.ours, data)).toEqual(verdict(check.theirs, data));
    expect(verdict(check.ours, data).errors).toEqual([
      { keyword: "uniqueItems", params: { i: 1, j: 0 }, instancePath: "/rows/0" },
      { keyword: "type", params: { type: "object" }, instancePath: "/rows/1/1" },
      { keyword: "uniqueItems", params: { i: 2, j: 0 }, instancePath: "/rows/1" },
    ]);
  });

  it("names the pair as the pairwise check does where `items` types the items as one primitive type (ajv's own check there names another)", () => {
    const typed = ours.compile({ type: "array", items: { type: ["number", "string"] }, uniqueItems: true });
    const pairwise = theirs.compile({ type: "array", uniqueItems: true });
    const next = random(41);
    for (let round = 0; round < 500; round++) {
      const data = Array.from({ length: Math.floor(next() * 10) }, () => (next() < 0.5 ? Math.floor(next() * 6) : String(Math.floor(next() * 6))));
      expect(verdict(typed, data), JSON.stringify(data)).toEqual(verdict(pairwise, data));
    }
  });

  it("checks items of another type than `items` says too, which ajv's check for typed items passes over", () => {
    const schema = { type: "array", items: { type: "number" }, uniqueItems: true };
    const keywords = (validate: { (data: unknown): boolean; errors?: ReadonlyArray<{ keyword: string }> | null }) => (
      validate(["a", 1, "a"]),
      (validate.errors ?? []).map((error) => error.keyword)
    );
    expect(keywords(theirs.compile(schema))).toEqual(["type", "type"]);
    expect(keywords(ours.compile(schema))).toEqual(["type", "type", "uniqueItems"]);
  });

  it("finds two __proto__ strings equal, which ajv's check for typed strings does not", () => {
    const data = JSON.parse('["__proto__", "x", "__proto__"]') as unknown;
    const schema = { type: "array", items: { type: "string" }, uniqueItems: true };
    expect(theirs.compile(schema)(data)).toBe(true);
    expect(verdict(ours.compile(schema), data)).toEqual({ valid: false, errors: [{ keyword: "uniqueItems", params: { i: 2, j: 0 }, instancePath: "" }] });
  });

  it("answers as `equal` does for what JSON cannot hold, and ends on values that hold themselves", () => {
    const f = () => 1;
    const g = () => 1;
    expect(duplicateItems([f, g, f])).toEqual([2, 0]);
    expect(duplicateItems([f, g])).toBeUndefined();
    // As JSON.stringify sends them: an undefined item is null, a property whose value is undefined absent.
    expect(duplicateItems([undefined, null, undefined])).toEqual([2, 1]);
    expect(duplicateItems([{ a: undefined }, {}])).toEqual([1, 0]);
    expect(duplicateItems([{ a: 1 }, { a: 1, b: undefined }])).toEqual([1, 0]);
    expect(duplicateItems([[undefined], [null]])).toEqual([1, 0]);
    expect(duplicateItems([{ a: undefined }, { b: undefined }, { a: null }])).toEqual([1, 0]);
    expect(duplicateItems([1n, 1, 1n])).toEqual([2, 0]);
    expect(duplicateItems([Number.NaN, 0, Number.NaN])).toEqual([2, 0]);
    // A chain that leads back to itself (hashed alike, compared pair by pair until the budget, then by text).
    const chain: Record<string, unknown> = {};
    chain["next"] = chain;
    const other: Record<string, unknown> = {};
    other["next"] = other;
    expect(duplicateItems([chain, other])).toBeUndefined();
    expect(duplicateItems([chain, 1, chain])).toEqual([2, 0]);
    // A knot that branches back to itself: followed as a tree it never ends (hashing gives up, then texts).
    const knot: Record<string, unknown> = {};
    knot["left"] = knot;
    knot["right"] = knot;
    expect(duplicateItems([knot, chain, knot])).toEqual([2, 0]);
    expect(duplicateItems([knot, chain])).toBeUndefined();
  });
});

describe("uniqueItems in generated validators", () => {
  let validateInput: Validate;
  let helpers: string;

  beforeAll(async () => {
    const output = await generateValidators(
      [
        { name: "untyped", inputSchema: { type: "object", properties: { items: { type: "array", uniqueItems: true } } } },
        { name: "strings", inputSchema: { type: "object", properties: { items: { type: "array", items: { type: "string" }, uniqueItems: true } } } },
      ],
      "unique-items",
    );
    ({ validateInput } = output);
    helpers = await readFile(join(output.directory, "validator-runtime.ts"), "utf8");
  });

  it("ships the helper only where a schema has uniqueItems", async () => {
    expect(helpers).toContain("export function duplicateItems(");
    for (const golden of ["weather", "type-mapping", "patterns"]) {
      for (const file of (await readdir(join(repoRoot, "golden", golden), { recursive: true })).filter((entry) => entry.endsWith(".ts"))) {
        expect(await readFile(join(repoRoot, "golden", golden, file), "utf8"), `${golden}/${file}`).not.toContain("duplicateItems");
      }
    }
  });

  it("words the issue as ajv does, at the array", () => {
    expect(validateInput("untyped", JSON.parse('{"items": [{"a": 1, "b": 2}, 3, {"b": 2.0, "a": 1.0}]}'))).toEqual({
      ok: false,
      issues: [{ path: "/items", message: "must NOT have duplicate items (items ## 0 and 2 are identical)" }],
    });
    expect(validateInput("untyped", { items: [{ a: 1 }, { a: 2 }] }).ok).toBe(true);
    expect(validateInput("strings", { items: ["b", "a", "b"] })).toEqual({
      ok: false,
      issues: [{ path: "/items", message: "must NOT have duplicate items (items ## 0 and 2 are identical)" }],
    });
  });

  // No timing is asserted (speed is measured by `npm run bench`): ajv's check took 17 s on 20,000
  // small objects (230 KB) and grows with the square, so a quadratic check could not answer on these
  // 4 MB bodies before the test's timeout.
  /** A parsed JSON array of about 4 MB (a scaffolded server's body limit) of the items `make` gives. */
  const body = (make: (index: number) => unknown): unknown[] => {
    const parts: string[] = [];
    for (let index = 0, size = 0; size < 4_000_000; index++) {
      const part = JSON.stringify(make(index));
      parts.push(part);
      size += part.length + 1;
    }
    return JSON.parse(`[${parts.join(",")}]`) as unknown[];
  };

  it.each<[string, () => unknown[], boolean]>([
    ["300,000 small objects, all different", () => body((index) => ({ id: index })), true],
    [
      "100,000 objects of three keys, the last a reordered copy of the first",
      () => [...body((index) => ({ id: index, tags: ["x", index], name: `n${index}` })).slice(0, 100_000), JSON.parse('{"name":"n0","tags":["x",0.0],"id":0}')],
      false,
    ],
    ["450,000 numbers", () => body((index) => index + 0.5), true],
    ["400,000 strings sharing a prefix", () => body((index) => `item-${index}`), true],
    ["200 strings of 20,000 characters differing at the end", () => body((index) => `${"x".repeat(20_000)}${index}`), true],
    [
      "two arrays nested 1,000,000 deep",
      () => JSON.parse(`[${"[".repeat(1_000_000)}${"]".repeat(1_000_000)},${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}]`) as unknown[],
      false,
    ],
  ])("answers on %s", { timeout: 60_000 }, (_, make, unique) => {
    expect(validateInput("untyped", { items: make() }).ok).toBe(unique);
  });
});
