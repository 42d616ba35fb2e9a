/**
 * The forms a normalised schema takes before two are compared: refs
 * followed (the IR's `#` and `#/$defs/<key>`, never a URI), `allOf` branches
 * merged into their parent where that means the same, what each schema
 * says about types, and what applies to the properties and items it does
 * not name. So a subschema hoisted into `$defs`, a ref with siblings, an
 * `allOf` of disjoint parts, `unevaluatedProperties` where it means
 * `additionalProperties`, a `number` that is a multiple of 1, or a closed
 * tuple of one repeated schema compares as the same schema written the
 * plain way.
 */
import type { Schema, SchemaObject } from "../ir/index.js";
import { EVALUATED_BESIDE, SUBSCHEMA_KEYWORDS } from "../ir/keywords.js";
import { refTarget } from "../ir/refs.js";
import { isRecord, JSON_TYPES, setOwn, typeCovered, typeOfValue, type JsonType } from "../shared/json.js";
import { own, sameJson } from "./values.js";

/** Keywords that say something about a value without accepting or rejecting any (2020-12 Meta-Data, Content). */
export const ANNOTATIONS: readonly string[] = [
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
  "$comment",
];
const ANNOTATION_SET: ReadonlySet<string> = new Set(ANNOTATIONS);

/** Keywords that neither accept nor reject: annotations, and `$defs` (reached only through refs). */
export function isPassive(keyword: string): boolean {
  return ANNOTATION_SET.has(keyword) || keyword === "$defs";
}

/** Refs followed in a row before giving up (normalisation leaves no cycle of bare refs; this is a guard). */
const MAX_REF_HOPS = 64;

/**
 * The schema `schema` stands for, with its ref followed against `root` (the
 * tool's schema, whose `$defs` hold every target): the target, with the
 * ref's siblings applied too. A ref to nothing (normalisation warned about
 * it) accepts anything, as the generated code does.
 */
export function resolveRef(schema: Schema, root: Schema): Schema {
  let current: Schema = schema;
  const siblings: SchemaObject[] = [];
  for (let hops = 0; isRecord(current) && typeof current["$ref"] === "string"; hops++) {
    if (hops === MAX_REF_HOPS) return true;
    // `$defs` beside a ref (a root that is a ref) holds targets, and says nothing of the value.
    const { $ref: ref, $defs: _defs, ...rest } = current;
    if (Object.keys(rest).length > 0) siblings.push(rest);
    const key = refTarget(ref as string);
    const defs = isRecord(root) && isRecord(root["$defs"]) ? root["$defs"] : {};
    const target = key === "#" ? root : own(defs, key);
    if (target === undefined || (typeof target !== "boolean" && !isRecord(target))) return conjoinAll(siblings, true);
    current = target as Schema;
  }
  return conjoinAll(siblings, current);
}

function conjoinAll(siblings: readonly SchemaObject[], target: Schema): Schema {
  return siblings.reduceRight<Schema>((applied, sibling) => conjoin(sibling, applied), target);
}

/**
 * A ref's siblings (`first`) and its target at once: one object where that
 * means the same, else the siblings with the target as one more `allOf`
 * branch, which is what a ref beside them is (2020-12 Core §8.2.3.1: it
 * applies in place). So an `unevaluatedProperties` or `unevaluatedItems`
 * among the siblings still reads what the target evaluates.
 */
function conjoin(first: SchemaObject, second: Schema): Schema {
  if (second === false) return false;
  if (second === true) return first;
  const branches = own(first, "allOf");
  return mergeSchemas(first, second) ?? { ...first, allOf: [...(Array.isArray(branches) ? (branches as Schema[]) : []), second] };
}

/** Keywords whose meaning depends on other keywords of the same object (2020-12 Core §10.3.2.3, §10.3.1.2). */
const CLOSERS = ["additionalProperties", "unevaluatedProperties"];
const NAMERS = ["properties", "patternProperties"];
const TUPLE_TAILS = ["items", "unevaluatedItems"];
/** What each `unevaluated*` keyword reads beside it, besides the keywords that apply in place. */
const EVALUATED_BY: ReadonlyArray<[string, readonly string[]]> = [...EVALUATED_BESIDE];

/**
 * One object that means both `base` and `extra`, or undefined when there is
 * none this simple: a keyword in both must be equal, or `properties` with
 * different names, or `required` (joined); and no keyword may come to read
 * what another object declared (`additionalProperties` the other's
 * `properties`, `items` the other's `prefixItems`). Annotations: `base`'s.
 */
export function mergeSchemas(base: SchemaObject, extra: SchemaObject): SchemaObject | undefined {
  const has = (object: SchemaObject, keywords: readonly string[]) => keywords.some((keyword) => own(object, keyword) !== undefined);
  if ((has(base, CLOSERS) && has(extra, NAMERS)) || (has(extra, CLOSERS) && has(base, NAMERS))) return undefined;
  if ((has(base, TUPLE_TAILS) && has(extra, ["prefixItems"])) || (has(extra, TUPLE_TAILS) && has(base, ["prefixItems"]))) return undefined;
  // An `unevaluated*` keyword sees only what its own object evaluates: merged, it would read the other's too (or another's equal one, its own).
  const reads = (one: SchemaObject, other: SchemaObject) =>
    EVALUATED_BY.some(([keyword, read]) => own(one, keyword) !== undefined && (has(other, read) || hasInPlace(other)));
  if (reads(base, extra) || reads(extra, base)) return undefined;
  const merged: SchemaObject = { ...base };
  for (const [keyword, value] of Object.entries(extra)) {
    const mine = own(merged, keyword);
    if (mine === undefined) setOwn(merged, keyword, value);
    else if (ANNOTATION_SET.has(keyword) || sameJson(mine, value)) continue;
    else if (keyword === "properties" && isRecord(mine) && isRecord(value) && Object.keys(value).every((name) => own(mine, name) === undefined)) {
      const properties: Record<string, unknown> = { ...mine };
      for (const [name, schema] of Object.entries(value)) setOwn(properties, name, schema);
      merged["properties"] = properties;
    } else if (keyword === "required" && Array.isArray(mine) && Array.isArray(value)) merged["required"] = [...new Set([...mine, ...value])];
    else return undefined;
  }
  return merged;
}

/** Nesting of `allOf` flattened before giving up (and comparing the branches as branches). */
const MAX_FLATTEN_DEPTH = 16;

/**
 * `object` with its `allOf` merged in (each branch's ref followed), when
 * every branch merges; otherwise as it is, so that its branches are compared
 * as branches at their own pointers. `false` when a branch accepts nothing.
 */
export function flattenAllOf(object: SchemaObject, root: Schema, depth = 0): Schema {
  const branches = own(object, "allOf");
  if (!Array.isArray(branches) || depth === MAX_FLATTEN_DEPTH) return object;
  const { allOf: _allOf, ...rest } = object;
  let merged: SchemaObject = rest;
  for (const branch of branches as Schema[]) {
    const resolved = resolveRef(branch, root);
    if (resolved === true) continue;
    if (resolved === false) return false;
    const flat = flattenAllOf(resolved, root, depth + 1);
    if (flat === false) return false;
    const next = flat === true ? merged : mergeSchemas(merged, flat);
    if (next === undefined) return object;
    merged = next;
  }
  return merged;
}

/** Whether a schema accepts every value: `true`, or an object of annotations alone. */
export function acceptsAnything(schema: Schema): boolean {
  return schema === true || (isRecord(schema) && Object.keys(schema).every(isPassive));
}

/**
 * The type names of `type`, or undefined when it has none, or names every
 * type (every type is accepted). `number` is read as `integer` beside a
 * `multipleOf` that is a whole number (`wholeMultipleOf`): its multiples are
 * integers, so `{ type: "number", multipleOf: 1 }` is `{ type: "integer" }`.
 */
export function declaredTypes(object: SchemaObject): Set<JsonType> | undefined {
  const type = own(object, "type");
  const types = typeof type === "string" ? new Set([type as JsonType]) : Array.isArray(type) ? new Set(type as JsonType[]) : undefined;
  const every = JSON_TYPES.every((name) => name === "integer" || types?.has(name));
  if (every) return undefined;
  if (types?.has("number") && wholeMultipleOf(object) !== undefined) {
    types.delete("number");
    types.add("integer");
  }
  return types;
}

/** `multipleOf` when it is a whole number (then every number it admits is an integer, 2020-12 Validation §6.2.1), else undefined. */
export function wholeMultipleOf(object: SchemaObject): number | undefined {
  const multipleOf = own(object, "multipleOf");
  return typeof multipleOf === "number" && multipleOf >= 1 && Number.isSafeInteger(multipleOf) ? multipleOf : undefined;
}

/** Whether `value` is of a type `types` names (undefined: any type). */
export function valueTyped(value: unknown, types: ReadonlySet<JsonType> | undefined): boolean {
  return types === undefined || typeCovered(typeOfValue(value), types);
}

/**
 * The values `enum` and `const` allow (both: those in each), of the types
 * `type` names; undefined when neither keyword is there.
 */
export function listedValues(object: SchemaObject): unknown[] | undefined {
  const types = declaredTypes(object);
  const constant = own(object, "const");
  const list = own(object, "enum");
  let values: unknown[] | undefined;
  if (constant !== undefined) values = Array.isArray(list) && !list.some((value) => sameJson(value, constant)) ? [] : [constant];
  else if (Array.isArray(list)) values = list;
  return values?.filter((value) => valueTyped(value, types));
}

/** The types of the values a schema may accept: its type names, or its listed values' types; undefined: any. */
export function effectiveTypes(object: SchemaObject): Set<JsonType> | undefined {
  const values = listedValues(object);
  return values === undefined ? declaredTypes(object) : new Set(values.map(typeOfValue));
}

/** Whether a set of types (undefined: any) accepts `type` (`number` also through `integer`). */
export function acceptsType(types: ReadonlySet<JsonType> | undefined, type: JsonType): boolean {
  return types === undefined || typeCovered(type, types) || (type === "number" && types.has("integer"));
}

/** Whether no value can be of both sets of types. */
export function typesDisjoint(a: ReadonlySet<JsonType> | undefined, b: ReadonlySet<JsonType> | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  return !JSON_TYPES.some((type) => acceptsType(a, type) && acceptsType(b, type));
}

/** A subschema one side holds, and the pointer tokens to it from the object that holds it. */
export interface Held {
  schema: Schema;
  path: Array<string | number>;
}

/**
 * Whether an object has a keyword whose subschemas apply to the value in
 * place (2020-12 Core §10.2: `allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`,
 * `dependentSchemas`, and refs): what they evaluate, `unevaluatedProperties`
 * and `unevaluatedItems` of the object do not apply to.
 */
function hasInPlace(object: SchemaObject): boolean {
  const refs = ["$ref", "$dynamicRef"];
  return Object.keys(object).some((keyword) => refs.includes(keyword) || SUBSCHEMA_KEYWORDS.get(keyword)?.position === "in-place");
}

/** What applies to the properties of an object its `properties` and `patternProperties` do not name. */
export interface PropertyForm {
  /** `additionalProperties`; or `unevaluatedProperties` where it means the same (no keyword applies in place beside it). */
  others?: Held;
  /** `unevaluatedProperties` that reads what keywords applied in place evaluated; absent where `others` evaluates every property. */
  unevaluated?: Held;
}

/**
 * An object's property closers as one form: without a keyword that applies in
 * place, the properties `unevaluatedProperties` applies to are those
 * `additionalProperties` would (2020-12 Core §11.3), so it is read as that;
 * beside `additionalProperties`, which evaluates every property the object
 * does not name, it applies to none and is dropped.
 */
export function propertyForm(object: SchemaObject): PropertyForm {
  const additional = own(object, "additionalProperties") as Schema | undefined;
  const unevaluated = own(object, "unevaluatedProperties") as Schema | undefined;
  if (additional !== undefined) return { others: { schema: additional, path: ["additionalProperties"] } };
  if (unevaluated === undefined) return {};
  const held = { schema: unevaluated, path: ["unevaluatedProperties"] };
  return hasInPlace(object) ? { unevaluated: held } : { others: held };
}

/** What an array schema applies to each position, and how many items it allows. */
export interface ArrayForm {
  /** The schemas of the first items (`prefixItems`), each with its path. */
  prefix: Held[];
  /** What applies past them: `items`, `unevaluatedItems` where it means the same, or `true` (path empty) when neither is there. */
  rest: Held;
  /** Where `rest` accepts no value: the number of items allowed, and the path of the keyword that says so. */
  closed?: { at: number; path: Array<string | number> };
  /** `unevaluatedItems` that reads what other keywords evaluated; absent where `rest` evaluates every item. */
  unevaluated?: Held;
}

/**
 * An array schema's positions as one form. Without `contains` or a keyword
 * that applies in place, `unevaluatedItems` applies to the items past
 * `prefixItems`, as `items` does (2020-12 Core §11.2), and is read as that;
 * beside `items` it applies to none and is dropped. A `rest` that accepts no
 * value closes the array after its prefix.
 */
export function arrayForm(object: SchemaObject, root: Schema): ArrayForm {
  const prefixItems = own(object, "prefixItems");
  const prefix = (Array.isArray(prefixItems) ? (prefixItems as Schema[]) : []).map((schema, index) => ({ schema, path: ["prefixItems", index] }));
  const items = own(object, "items") as Schema | undefined;
  const unevaluated = own(object, "unevaluatedItems") as Schema | undefined;
  const form: ArrayForm = { prefix, rest: { schema: true, path: [] } };
  if (items !== undefined) form.rest = { schema: items, path: ["items"] };
  else if (unevaluated !== undefined) {
    const held = { schema: unevaluated, path: ["unevaluatedItems"] };
    if (hasInPlace(object) || own(object, "contains") !== undefined) form.unevaluated = held;
    else form.rest = held;
  }
  if (resolveRef(form.rest.schema, root) === false) form.closed = { at: prefix.length, path: form.rest.path };
  return form;
}

/**
 * The same array form written with as short a tuple as means the same: the
 * trailing `prefixItems` equal to what follows them dropped (`items`
 * applies there too), and a closed tuple of one repeated schema read as a
 * list of that schema, closed at the tuple's length (`prefixItems: [S, S],
 * items: false` is `items: S, maxItems: 2`).
 */
export function listForm(form: ArrayForm): ArrayForm {
  const prefix = [...form.prefix];
  if (form.rest.path.length > 0) while (prefix.length > 0 && sameJson(prefix.at(-1)!.schema, form.rest.schema)) prefix.pop();
  if (form.closed === undefined) return { ...form, prefix };
  const closed = { at: prefix.length, path: form.closed.path };
  const [first] = prefix;
  if (first !== undefined && prefix.every((item) => sameJson(item.schema, first.schema))) return { ...form, prefix: [], rest: first, closed };
  return { ...form, prefix, closed };
}
