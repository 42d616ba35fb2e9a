/**
 * Keywords whose values are subschemas (2020-12 Core §10, the applicator
 * vocabulary): each subschema is normalised in turn, and one that is not a
 * schema costs as little as it can (`lenient-subschemas`): its keyword, or
 * nothing at the place it stood, whichever constrains no more than the
 * schema as written.
 */
import type { Schema, SchemaObject } from "../../ir/index.js";
import { joinPointer } from "../../shared/errors.js";
import { isRecord, LONE_SURROGATE, setOwn } from "../../shared/json.js";
import type { KeywordRule, Rule, SchemaNode } from "../rule.js";
import { subschemaKeywords } from "../../ir/keywords.js";
import { propertiesClosedOut } from "../../ir/closed-objects.js";

/**
 * The keywords of the IR that hold subschemas (src/ir/keywords.ts), by the rule that normalises
 * them: a map of them, one, a list (`$defs`, `items` and `prefixItems` have rules of their own).
 */
export const SCHEMA_MAP_KEYWORDS = subschemaKeywords("map").filter((keyword) => keyword !== "$defs");
export const SCHEMA_KEYWORDS = subschemaKeywords("one").filter((keyword) => keyword !== "items");
export const SCHEMA_ARRAY_KEYWORDS = subschemaKeywords("list").filter((keyword) => keyword !== "prefixItems");

export const LONE_SURROGATE_NAMES: Rule = {
  name: "lone-surrogate-names",
  does: "A property name holding a lone UTF-16 surrogate (not Unicode text; JSON carries it only as a `\\u` escape) is typed and validated as written, and reported as suspect.",
  reports: ["schema-suspect"],
};

/** `lone-surrogate-names`, for a name that keys a subschema. */
export function checkName(node: SchemaNode, name: string, at: string): void {
  if (LONE_SURROGATE.test(name)) {
    node.warn(
      "schema-suspect",
      `the name ${JSON.stringify(name)} holds a lone UTF-16 surrogate, which is not Unicode text (JSON carries it only as a \\u escape); it is typed and validated as written`,
      at,
      "servers should use names that are valid Unicode",
    );
  }
}

export const SUBSCHEMA_MAPS: KeywordRule = {
  name: "subschema-maps",
  does: "`properties` and `dependentSchemas` map names to subschemas: a property whose value is not a schema stays a property, unconstrained (so `additionalProperties` leaves it alone); such a `dependentSchemas` entry is dropped; `dependentSchemas` merges with draft-07 `dependencies` (both apply).",
  spec: "2020-12 Core §10.3.2.1, §10.2.2.4",
  reports: ["keyword-dropped"],
  keywords: ["properties", "dependentSchemas"],
  apply(node, keyword, value, at) {
    const map = subschemaMap(node, keyword, value, at);
    if (map === undefined) return;
    // draft-07 `dependencies` may already have named some (see `dependencies-split`): both apply.
    if (keyword === "dependentSchemas") for (const [name, sub] of Object.entries(map)) addDependentSchema(node.out, name, sub);
    else node.out[keyword] = map;
  },
};

/**
 * The subschemas of a map keyword, normalised (names checked by `lone-surrogate-names`, a name
 * `keep` refuses left out); undefined, with the keyword dropped, when `value` is not an object.
 */
export function subschemaMap(
  node: SchemaNode,
  keyword: string,
  value: unknown,
  at: string,
  keep?: (name: string, at: string) => boolean,
): Record<string, Schema> | undefined {
  if (!isRecord(value)) {
    node.drop(keyword, at, "is not an object");
    return undefined;
  }
  const map: Record<string, Schema> = {};
  for (const [name, sub] of Object.entries(value)) {
    const where = joinPointer(at, name);
    checkName(node, name, where);
    if (keep !== undefined && !keep(name, where)) continue;
    const schema = node.subschema(sub, where);
    if (schema !== undefined || keyword !== "dependentSchemas") setOwn(map, name, schema ?? true);
  }
  return map;
}

/** Adds a dependent schema (draft-07 `dependencies` and 2019-09 `dependentSchemas` may both name one): both apply. */
export function addDependentSchema(out: SchemaObject, name: string, schema: Schema): void {
  const map = (out.dependentSchemas ??= {}) as Record<string, Schema>;
  setOwn(map, name, Object.prototype.hasOwnProperty.call(map, name) ? { allOf: [map[name]!, schema] } : schema);
}

export const SINGLE_SUBSCHEMAS: KeywordRule = {
  name: "single-subschemas",
  does: "A keyword holding one subschema (`additionalProperties`, `propertyNames`, `contains`, `not`, `if`/`then`/`else`, `unevaluated*`) is dropped when its value is not a schema.",
  spec: "2020-12 Core §10.2-10.3, §11",
  reports: [],
  keywords: SCHEMA_KEYWORDS,
  apply(node, keyword, value, at) {
    const schema = node.subschema(value, at);
    if (schema !== undefined) node.out[keyword] = schema;
  },
};

export const SUBSCHEMA_LISTS: KeywordRule = {
  name: "subschema-lists",
  does: "`anyOf`, `oneOf` and `allOf` must be non-empty arrays; a member of `allOf` that is not a schema is left out, while such a member of `anyOf` or `oneOf` drops the keyword (the first would admit everything, the second cannot be decided).",
  spec: "2020-12 Core §10.2.1",
  reports: ["keyword-dropped", "schema-invalid"],
  keywords: SCHEMA_ARRAY_KEYWORDS,
  apply(node, keyword, value, at) {
    if (!Array.isArray(value) || value.length === 0) return node.drop(keyword, at, "is not a non-empty array");
    const members = value.map((entry, index) => node.subschema(entry, joinPointer(at, index)));
    if (keyword === "allOf") {
      const valid = members.filter((member): member is Schema => member !== undefined);
      if (valid.length > 0) node.out[keyword] = valid;
    } else if (members.every((member) => member !== undefined)) {
      node.out[keyword] = members;
    } else {
      node.warn("schema-invalid", `\`${keyword}\` is not applied, since one of its branches is not a schema`, at);
    }
  },
};

export const PREFIX_ITEMS: KeywordRule = {
  name: "prefix-items",
  does: "`prefixItems` must be an array (else dropped with a warning); an entry that is not a schema leaves its position unconstrained.",
  spec: "2020-12 Core §10.3.1.1",
  reports: ["keyword-dropped"],
  keywords: ["prefixItems"],
  apply(node, keyword, value, at) {
    if (!Array.isArray(value)) return node.drop(keyword, at, "is not an array");
    node.out.prefixItems = value.map((entry, index) => node.subschema(entry, joinPointer(at, index)) ?? true);
  },
};

export const REFERENCED_DEFINITIONS_ONLY: KeywordRule = {
  name: "referenced-definitions-only",
  does: "`$defs` and `definitions` are not copied: the definitions a ref reaches are hoisted into `$defs` (`ref-hoisting`), the others are dropped.",
  reports: [],
  keywords: ["$defs", "definitions"],
};

export const CLOSED_ALLOF_PROPERTIES: KeywordRule = {
  name: "closed-allof-properties",
  does: "A property declared only inside `allOf` of an object that `additionalProperties: false` closes is refused wherever it is sent (`additionalProperties` does not see into `allOf`): kept as written (the validators refuse it; the types make it `?: never`) and reported as suspect, at the property.",
  spec: "2020-12 Core §10.3.2.3",
  reports: ["schema-suspect"],
  keywords: [],
  finish(node) {
    for (const { name, path } of propertiesClosedOut(node.out)) {
      node.warn(
        "schema-suspect",
        `the property ${JSON.stringify(name)} is declared only inside allOf, which the object's additionalProperties: false does not see into, so it is refused wherever it is sent (typed never)`,
        joinPointer(node.pointer, ...path),
        "the server should declare the property in properties beside additionalProperties (it may stay in allOf too), or close the object with unevaluatedProperties: false instead",
      );
    }
  },
};

export const SUBSCHEMA_RULES: readonly KeywordRule[] = [
  SUBSCHEMA_MAPS,
  SINGLE_SUBSCHEMAS,
  SUBSCHEMA_LISTS,
  PREFIX_ITEMS,
  REFERENCED_DEFINITIONS_ONLY,
  CLOSED_ALLOF_PROPERTIES,
];
