/**
 * What the mock can say about a schema before generating from it: that it
 * admits no value at all (`false`, an empty `enum`, bounds that cross, a
 * required property that admits none, a chain of required properties that
 * never ends), and that its smallest value is too large to make (a
 * `minLength` of fifty million). Both only word the tool's error: the
 * validator decides what is sent, and a contradiction not found here still
 * ends in "no generated value validates".
 *
 * Reads the normalised IR's schemas: 2020-12 keywords, refs only to `#` and
 * `#/$defs/<key>`.
 */
import type { Schema } from "../ir/index.js";
import { refTarget } from "../ir/refs.js";
import { isOfType, isRecord, type JsonType } from "../shared/json.js";
import { joinPointer } from "../shared/errors.js";

/** How deep the checks follow subschemas and refs (hostile nesting costs no more). */
const MAX_DEPTH = 64;
/** The most characters, items or properties (all together) a value may need at least: beyond it the mock refuses rather than stalls. */
export const MAX_VALUE_UNITS = 100_000;

type Kind = JsonType;
const KINDS: readonly Kind[] = ["null", "boolean", "integer", "number", "string", "array", "object"];

interface Walk {
  root: Schema;
  /**
   * The refs followed on the current path. Every step of the walk is one the
   * value must take (a required property, an `allOf` member, a required
   * item), so meeting one of them again means a value nested without end.
   */
  forced: ReadonlySet<string>;
  depth: number;
}

/** Why `schema` admits no value (with the JSON pointer of the part that admits none), or undefined when none of the checks finds it empty. */
export function admitsNone(schema: Schema): string | undefined {
  return emptyAt(schema, "", { root: schema, forced: new Set(), depth: 0 });
}

/** The subschema a ref of the IR names (`#`, `#/$defs/<key>`) in `root`, with its pointer; undefined for a key `$defs` lacks. */
function resolve(ref: string, root: Schema): { schema: Schema; pointer: string } | undefined {
  const target = refTarget(ref);
  if (target === "#") return { schema: root, pointer: "" };
  const defs = isRecord(root) ? root["$defs"] : undefined;
  if (!isRecord(defs) || !Object.prototype.hasOwnProperty.call(defs, target)) return undefined;
  return { schema: defs[target] as Schema, pointer: joinPointer("/$defs", target) };
}

function emptyAt(schema: Schema, pointer: string, walk: Walk): string | undefined {
  const where = (text: string, at = pointer) => `${text} at ${at === "" ? "the root" : at}`;
  if (schema === false) return where("`false`");
  if (!isRecord(schema) || walk.depth > MAX_DEPTH) return undefined;
  const deeper: Walk = { ...walk, depth: walk.depth + 1 };
  const ref = schema["$ref"];
  if (typeof ref === "string") {
    if (walk.forced.has(ref)) return where(`a required property that contains itself without end (${ref})`);
    const target = resolve(ref, walk.root);
    const inner = target === undefined ? undefined : emptyAt(target.schema, target.pointer, { ...deeper, forced: new Set([...walk.forced, ref]) });
    if (inner !== undefined) return inner;
  }
  if (Array.isArray(schema["enum"]) && schema["enum"].length === 0) return where("an empty `enum`");
  for (const [index, member] of (Array.isArray(schema["allOf"]) ? schema["allOf"] : []).entries()) {
    const inner = emptyAt(member as Schema, joinPointer(pointer, "allOf", index), deeper);
    if (inner !== undefined) return inner;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const reasons = branches.map((branch, index) => emptyAt(branch as Schema, joinPointer(pointer, keyword, index), deeper));
    if (reasons.every((reason) => reason !== undefined)) return where(`every branch of \`${keyword}\` admits none (${reasons[0]})`);
  }
  const kinds = allowedKinds(schema);
  const killed = new Map<Kind, string>();
  for (const kind of kinds) {
    const reason = kindEmpty(schema, kind, pointer, deeper);
    if (reason !== undefined) killed.set(kind, reason);
  }
  if (kinds.length === 0) return where("`type` names no type");
  if (killed.size === kinds.length) return [...killed.values()][0];
  const values = "const" in schema ? [schema["const"]] : Array.isArray(schema["enum"]) ? schema["enum"] : undefined;
  if (values !== undefined && !values.some((value) => kinds.some((kind) => !killed.has(kind) && isOfType(value, kind)))) {
    return where("`const` or `enum` values of none of the types the schema allows");
  }
  return undefined;
}

function allowedKinds(schema: Record<string, unknown>): Kind[] {
  const type = schema["type"];
  const named = typeof type === "string" ? [type] : Array.isArray(type) ? type : undefined;
  if (named === undefined) return [...KINDS];
  const kinds = KINDS.filter((kind) => named.includes(kind));
  // `number` admits the integers too.
  return named.includes("number") && !kinds.includes("integer") ? [...kinds, "integer"] : kinds;
}

const number = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

function kindEmpty(schema: Record<string, unknown>, kind: Kind, pointer: string, walk: Walk): string | undefined {
  const where = (text: string) => `${text} at ${pointer === "" ? "the root" : pointer}`;
  const crossed = (low: string, high: string): string | undefined => {
    const min = number(schema[low]);
    const max = number(schema[high]);
    return min !== undefined && max !== undefined && min > max ? where(`\`${low}\` ${min} above \`${high}\` ${max}`) : undefined;
  };
  switch (kind) {
    case "integer":
    case "number": {
      const low = Math.max(number(schema["minimum"]) ?? -Infinity, number(schema["exclusiveMinimum"]) ?? -Infinity);
      const high = Math.min(number(schema["maximum"]) ?? Infinity, number(schema["exclusiveMaximum"]) ?? Infinity);
      const open = (number(schema["exclusiveMinimum"]) ?? -Infinity) >= low || (number(schema["exclusiveMaximum"]) ?? Infinity) <= high;
      if (low > high || (low === high && open)) return where("numeric bounds that leave no number");
      if (kind === "integer" && Number.isFinite(low) && Number.isFinite(high)) {
        const first = Number.isInteger(low) && (number(schema["exclusiveMinimum"]) ?? -Infinity) < low ? low : Math.floor(low) + 1;
        const last = Number.isInteger(high) && (number(schema["exclusiveMaximum"]) ?? Infinity) > high ? high : Math.ceil(high) - 1;
        if (first > last) return where("numeric bounds that leave no integer");
      }
      return undefined;
    }
    case "string":
      return crossed("minLength", "maxLength");
    case "array": {
      const crossing = crossed("minItems", "maxItems");
      if (crossing !== undefined) return crossing;
      const min = number(schema["minItems"]) ?? 0;
      const prefix = Array.isArray(schema["prefixItems"]) ? schema["prefixItems"] : [];
      for (let index = 0; index < Math.min(min, prefix.length); index++) {
        const inner = emptyAt(prefix[index] as Schema, joinPointer(pointer, "prefixItems", index), walk);
        if (inner !== undefined) return inner;
      }
      if (min > prefix.length && "items" in schema) return emptyAt(schema["items"] as Schema, joinPointer(pointer, "items"), walk);
      return undefined;
    }
    case "object": {
      const crossing = crossed("minProperties", "maxProperties");
      if (crossing !== undefined) return crossing;
      const required = Array.isArray(schema["required"]) ? schema["required"].filter((name): name is string => typeof name === "string") : [];
      const max = number(schema["maxProperties"]);
      if (max !== undefined && new Set(required).size > max) return where(`more required properties than \`maxProperties\` ${max}`);
      const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
      for (const name of required) {
        if (Object.prototype.hasOwnProperty.call(properties, name)) {
          const inner = emptyAt(properties[name] as Schema, joinPointer(pointer, "properties", name), walk);
          if (inner !== undefined) return inner;
        } else if (schema["additionalProperties"] === false && !isRecord(schema["patternProperties"])) {
          return where(`the required property ${JSON.stringify(name)}, which \`additionalProperties: false\` forbids`);
        }
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Why the smallest value `schema` admits is larger than `MAX_VALUE_UNITS`
 * characters, items and properties together (estimated along required
 * parts), or undefined. A generator asked for such a value would take
 * minutes and gigabytes; the tool answers an error instead.
 */
export function tooLarge(schema: Schema): string | undefined {
  const found: { pointer: string; units: number } = { pointer: "", units: 0 };
  const units = smallest(schema, "", schema, 0, found);
  return units > MAX_VALUE_UNITS
    ? `at least ${units > 1e15 ? "1e15" : Math.round(units)} characters, items or properties (${found.pointer === "" ? "the root" : found.pointer})`
    : undefined;
}

function smallest(schema: Schema, pointer: string, root: Schema, depth: number, found: { pointer: string; units: number }): number {
  if (!isRecord(schema) || depth > MAX_DEPTH) return 0;
  const note = (units: number) => {
    if (units > found.units) {
      found.units = units;
      found.pointer = pointer;
    }
    return Math.min(units, 1e16);
  };
  let units = 0;
  const ref = schema["$ref"];
  if (typeof ref === "string") {
    const resolved = resolve(ref, root);
    // A ref is followed a bounded number of levels: recursion stops adding at the depth limit.
    if (resolved !== undefined) units = Math.max(units, smallest(resolved.schema, pointer, root, depth + 8, found));
  }
  for (const member of Array.isArray(schema["allOf"]) ? schema["allOf"] : [])
    units = Math.max(units, smallest(member as Schema, pointer, root, depth + 1, found));
  const pattern = schema["pattern"];
  if (typeof pattern === "string") {
    for (const match of pattern.matchAll(/\{(\d+)/g)) units = Math.max(units, note(Number(match[1])));
  }
  const type = schema["type"];
  const only = (kind: string) => type === kind;
  if (only("string")) units = Math.max(units, note(number(schema["minLength"]) ?? 0));
  if (only("array")) {
    const count = number(schema["minItems"]) ?? 0;
    const contains = (number(schema["minContains"]) ?? 1) * smallest(schema["contains"] as Schema, pointer, root, depth + 1, found);
    const each = "items" in schema ? smallest(schema["items"] as Schema, joinPointer(pointer, "items"), root, depth + 1, found) : 0;
    note(count);
    units = Math.max(units, Math.min(count + count * each + contains, 1e16));
  }
  if (only("object")) {
    const properties = isRecord(schema["properties"]) ? schema["properties"] : {};
    const required = Array.isArray(schema["required"]) ? schema["required"] : [];
    let sum = Math.max(required.length, number(schema["minProperties"]) ?? 0);
    for (const name of required) {
      if (typeof name === "string" && Object.prototype.hasOwnProperty.call(properties, name)) {
        sum += smallest(properties[name] as Schema, joinPointer(pointer, "properties", name), root, depth + 1, found);
      }
    }
    note(number(schema["minProperties"]) ?? 0);
    units = Math.max(units, Math.min(sum, 1e16));
  }
  return units;
}
