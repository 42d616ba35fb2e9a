/**
 * The keywords of a normalised schema (2020-12) that hold subschemas, in one
 * table that every stage reads: normalisation (which keywords' values to
 * normalise as schemas, which refs apply to the same instance), the
 * validators' emitter (where each subschema applies), sanitising (where a
 * raw schema's prose may be) and naming (which pointer tokens are no names).
 * `test/ir/keywords.test.ts` fails when a stage keeps a list of its own.
 */
import { isRecord } from "../shared/json.js";
import type { Schema } from "./index.js";

/** How a keyword holds subschemas: `map` (names to subschemas), `list` or `one`. */
export type SubschemaShape = "map" | "list" | "one";

/**
 * Where a keyword's subschemas apply: to a child of the instance (a property
 * value, an item, a property name: `child`), to the instance itself, passing
 * their annotations up (`in-place`, 2020-12 Core §10.2), to the instance
 * without passing annotations up (`not`, and `contains`, whose items count for
 * `unevaluatedItems` through the parent), or nowhere until a `$ref` names them
 * (`$defs`).
 */
export type SubschemaPosition = "child" | "in-place" | "negated" | "contains" | "definitions";

export interface SubschemaKeyword {
  shape: SubschemaShape;
  position: SubschemaPosition;
}

export const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, SubschemaKeyword> = new Map<string, SubschemaKeyword>([
  ["properties", { shape: "map", position: "child" }],
  ["patternProperties", { shape: "map", position: "child" }],
  ["additionalProperties", { shape: "one", position: "child" }],
  ["propertyNames", { shape: "one", position: "child" }],
  ["unevaluatedProperties", { shape: "one", position: "child" }],
  ["items", { shape: "one", position: "child" }],
  ["prefixItems", { shape: "list", position: "child" }],
  ["unevaluatedItems", { shape: "one", position: "child" }],
  ["contains", { shape: "one", position: "contains" }],
  ["allOf", { shape: "list", position: "in-place" }],
  ["anyOf", { shape: "list", position: "in-place" }],
  ["oneOf", { shape: "list", position: "in-place" }],
  ["if", { shape: "one", position: "in-place" }],
  ["then", { shape: "one", position: "in-place" }],
  ["else", { shape: "one", position: "in-place" }],
  ["dependentSchemas", { shape: "map", position: "in-place" }],
  ["not", { shape: "one", position: "negated" }],
  ["$defs", { shape: "map", position: "definitions" }],
]);

/** The keywords of older dialects that hold subschemas, before normalisation rewrites them to 2020-12 (`definitions` → `$defs`, ...). */
export const OLDER_SUBSCHEMA_KEYWORDS: ReadonlyMap<string, SubschemaKeyword> = new Map<string, SubschemaKeyword>([
  ["definitions", { shape: "map", position: "definitions" }],
  ["dependencies", { shape: "map", position: "in-place" }],
  ["additionalItems", { shape: "one", position: "child" }],
]);

/** The subschema keywords with the given shape (and, when given, position). */
export function subschemaKeywords(shape: SubschemaShape, position?: SubschemaPosition): string[] {
  return [...SUBSCHEMA_KEYWORDS]
    .filter(([, kind]) => kind.shape === shape && (position === undefined || kind.position === position))
    .map(([keyword]) => keyword);
}

/**
 * The subschemas `schema` holds under the keywords `include` accepts (every
 * one by default), in the order the schema lists its keywords: the value of a
 * `one` keyword, the items of a `list`, the values of a `map`.
 */
export function subschemasOf(schema: Readonly<Record<string, unknown>>, include: (keyword: string, kind: SubschemaKeyword) => boolean = () => true): Schema[] {
  const found: Schema[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const kind = SUBSCHEMA_KEYWORDS.get(keyword);
    if (kind === undefined || !include(keyword, kind)) continue;
    if (kind.shape === "one") found.push(value as Schema);
    else if (kind.shape === "list" && Array.isArray(value)) found.push(...(value as Schema[]));
    else if (kind.shape === "map" && isRecord(value)) found.push(...(Object.values(value) as Schema[]));
  }
  return found;
}

/** Whether a keyword's subschemas apply to the instance itself (so a `$ref` among them does too): in place, or negated. */
export function appliesToSameInstance(keyword: string): boolean {
  const position = SUBSCHEMA_KEYWORDS.get(keyword)?.position;
  return position === "in-place" || position === "negated";
}

/**
 * The keywords beside `unevaluatedProperties` and `unevaluatedItems` whose evaluated properties or items they leave
 * alone, other than the in-place applicators (2020-12 Core §11.2, §11.3).
 */
export const EVALUATED_BESIDE: ReadonlyMap<"unevaluatedProperties" | "unevaluatedItems", readonly string[]> = new Map([
  ["unevaluatedProperties", ["properties", "patternProperties", "additionalProperties"]],
  ["unevaluatedItems", ["prefixItems", "items", "contains"]],
]);
