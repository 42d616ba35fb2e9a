/**
 * Which keywords survive normalisation, and which of their values: only the
 * JSON Schema vocabulary is kept, and only values of the type the keyword
 * takes (2020-12 Validation §6, Core §10). A value JSON Schema forbids costs
 * its keyword, never the schema.
 */
import type { SchemaObject } from "../../ir/index.js";
import { joinPointer } from "../../shared/errors.js";
import { isRecord, JSON_TYPES, setOwn, typeKeywordAdmits } from "../../shared/json.js";
import type { KeywordRule, SchemaNode } from "../rule.js";

/** The seven JSON types' names, to look a `type` up in. */
const JSON_TYPE_NAMES: ReadonlySet<string> = new Set(JSON_TYPES);

export const KNOWN_KEYWORDS_ONLY: KeywordRule = {
  name: "known-keywords-only",
  does: "A keyword no rule reads (`tsType`, `x-*`, `$comment`, `$anchor`, `$id` once resolved, any other) is dropped silently, so no server text reaches the output through a non-standard keyword.",
  reports: [],
  keywords: [],
};

export const KNOWN_TYPES: KeywordRule = {
  name: "known-types",
  does: "`type` keeps the names of the seven JSON types, each once; other names are dropped with a warning (and `type` with them when none is left).",
  spec: "2020-12 Validation §6.1.1",
  reports: ["keyword-dropped"],
  keywords: ["type"],
  apply(node, _keyword, value, at) {
    const list = Array.isArray(value) ? value : [value];
    const known = list.filter((name): name is string => typeof name === "string" && JSON_TYPE_NAMES.has(name));
    if (known.length !== list.length) {
      node.warn("keyword-dropped", `unknown type ${JSON.stringify(list.filter((name) => !known.includes(name as string)))} ignored`, at);
    }
    if (known.length === 0) return;
    node.out.type = Array.isArray(value) ? [...new Set(known)] : known[0];
  },
};

export const NUMBER_VALUES: KeywordRule = {
  name: "number-values",
  does: "`minimum`, `maximum` and `multipleOf` keep finite numbers, `multipleOf` only above 0; any other value is dropped with a warning.",
  spec: "2020-12 Validation §6.2",
  reports: ["keyword-dropped"],
  keywords: ["minimum", "maximum", "multipleOf"],
  apply(node, keyword, value, at) {
    if (!finiteNumber(node, keyword, value, at)) return;
    if (keyword === "multipleOf" && !(value > 0)) return node.drop(keyword, at, "must be greater than 0 (as it is, it would reject every number)");
    node.out[keyword] = value;
  },
};

export const COUNT_VALUES: KeywordRule = {
  name: "count-values",
  does: "Keywords that count (`minLength`, `maxItems`, `minContains`, ...) keep non-negative integers; any other value is dropped with a warning.",
  spec: "2020-12 Validation §6.3-6.5",
  reports: ["keyword-dropped"],
  keywords: ["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"],
  apply(node, keyword, value, at) {
    if (!finiteNumber(node, keyword, value, at)) return;
    if (!(Number.isInteger(value) && value >= 0)) return node.drop(keyword, at, "must be a non-negative integer");
    node.out[keyword] = value;
  },
};

function finiteNumber(node: SchemaNode, keyword: string, value: unknown, at: string): value is number {
  if (typeof value === "number" && Number.isFinite(value)) return true;
  node.drop(keyword, at, "is not a number");
  return false;
}

export const STRING_VALUES: KeywordRule = {
  name: "string-values",
  does: "`format`, `description`, `title`, `contentMediaType` and `contentEncoding` keep strings; another value is dropped, with a warning for `format` (a check is lost), silently for the annotations.",
  reports: ["keyword-dropped"],
  keywords: ["format", "description", "title", "contentMediaType", "contentEncoding"],
  apply(node, keyword, value, at) {
    if (typeof value === "string") node.out[keyword] = value;
    else if (keyword === "format") node.drop(keyword, at, "is not a string");
  },
};

export const BOOLEAN_VALUES: KeywordRule = {
  name: "boolean-values",
  does: "`uniqueItems`, `deprecated`, `readOnly` and `writeOnly` keep booleans; another value is dropped, with a warning for `uniqueItems` (a check is lost), silently for the annotations.",
  reports: ["keyword-dropped"],
  keywords: ["uniqueItems", "deprecated", "readOnly", "writeOnly"],
  apply(node, keyword, value, at) {
    if (typeof value === "boolean") node.out[keyword] = value;
    else if (keyword === "uniqueItems") node.drop(keyword, at, "is not a boolean");
  },
};

export const INSTANCE_VALUES: KeywordRule = {
  name: "instance-values",
  does: "`const` and `default` hold instances and are kept as written; `examples` is kept when it is an array.",
  spec: "2020-12 Validation §6.1.3, §9.2, §9.5",
  reports: [],
  keywords: ["const", "default", "examples"],
  apply(node, keyword, value) {
    if (keyword !== "examples" || Array.isArray(value)) node.out[keyword] = value;
  },
};

export const ENUM_VALUES: KeywordRule = {
  name: "enum-values",
  does: "`enum` is kept when it is an array; an empty one admits no value, which is kept as written and reported as suspect.",
  spec: "2020-12 Validation §6.1.2",
  reports: ["keyword-dropped", "schema-suspect"],
  keywords: ["enum"],
  apply(node, keyword, value, at) {
    if (!Array.isArray(value)) return node.drop(keyword, at, "is not an array");
    if (value.length === 0)
      node.warn(
        "schema-suspect",
        "enum is empty, so no value is valid here (typed never)",
        at,
        "if the server fills the list at run time, it should describe the values some other way (a type, a pattern)",
      );
    node.out[keyword] = value;
  },
};

export const REQUIRED_NAMES: KeywordRule = {
  name: "required-names",
  does: "`required` is kept when it is an array of strings, each name once; otherwise it is dropped with a warning.",
  spec: "2020-12 Validation §6.5.3",
  reports: ["keyword-dropped"],
  keywords: ["required"],
  apply(node, keyword, value, at) {
    if (!Array.isArray(value) || !value.every((name) => typeof name === "string")) return node.drop(keyword, at, "is not an array of strings");
    node.out[keyword] = [...new Set(value)];
  },
};

export const DEPENDENT_REQUIRED: KeywordRule = {
  name: "dependent-required",
  does: "`dependentRequired` keeps each entry that is an array of property names (merged with what draft-07 `dependencies` names, see `dependencies-split`); another entry is dropped with a warning.",
  spec: "2020-12 Validation §6.5.4",
  reports: ["keyword-dropped"],
  keywords: ["dependentRequired"],
  apply(node, keyword, value, at) {
    if (!isRecord(value)) return node.drop(keyword, at, "is not an object");
    for (const [name, names] of Object.entries(value)) {
      if (Array.isArray(names) && names.every((entry) => typeof entry === "string")) addDependentRequired(node.out, name, names);
      else node.drop(name, joinPointer(at, name), "is not an array of property names");
    }
  },
};

/** Adds a dependency (draft-07 `dependencies` and 2019-09 `dependentRequired` may both name one): both apply. */
export function addDependentRequired(out: SchemaObject, name: string, names: readonly string[]): void {
  const map = (out.dependentRequired ??= {}) as Record<string, string[]>;
  const before = Object.prototype.hasOwnProperty.call(map, name) ? map[name]! : [];
  setOwn(map, name, [...new Set([...before, ...names])]);
}

export const VOCABULARY_RULES: readonly KeywordRule[] = [
  KNOWN_KEYWORDS_ONLY,
  KNOWN_TYPES,
  NUMBER_VALUES,
  COUNT_VALUES,
  STRING_VALUES,
  BOOLEAN_VALUES,
  INSTANCE_VALUES,
  ENUM_VALUES,
  REQUIRED_NAMES,
  DEPENDENT_REQUIRED,
];

/**
 * Runs after every other rule's `finish` (KEYWORD_RULES lists it last): it reads `type` as normalised, `"null"` from
 * `nullable` included.
 */
export const TYPED_INSTANCES: KeywordRule = {
  name: "typed-instances",
  does: 'An `enum` member or a `const` that the schema\'s own `type` refuses (`{type: "string", enum: ["a", null]}`) is never valid: kept as written (the validators refuse it; the types leave it out, `never` when nothing is left) and reported as suspect.',
  spec: "2020-12 Validation §6.1.1, §6.1.2, §6.1.3",
  reports: ["schema-suspect"],
  keywords: [],
  finish(node) {
    const type = node.out.type;
    if (type === undefined) return;
    const named = `the schema's type (${(Array.isArray(type) ? type : [type]).join(" or ")})`;
    const hint = "the server's schema contradicts itself: its type, or the values it lists, are wrong";
    if (node.out.const !== undefined && !typeKeywordAdmits(type, node.out.const)) {
      node.warn("schema-suspect", `const is not of ${named}, so no value is valid here (typed never)`, joinPointer(node.pointer, "const"), hint);
    }
    const members = node.out.enum;
    if (node.out.const !== undefined || !Array.isArray(members) || members.length === 0) return;
    const refused = members.flatMap((member, index) => (typeKeywordAdmits(type, member) ? [] : [index]));
    if (refused.length === 0) return;
    const message =
      refused.length === members.length
        ? `no member of enum is of ${named}, so no value is valid here (typed never)`
        : `${refused.length === 1 ? "a member" : `${refused.length} members`} of enum ${refused.length === 1 ? "is" : "are"} not of ${named}, so never valid here (left out of the type)`;
    node.warn("schema-suspect", message, joinPointer(node.pointer, "enum", refused[0]!), hint);
  },
};
