/**
 * The dialect a schema is written in, and the keywords of older dialects
 * (and of OpenAPI 3.0) translated into their 2020-12 form, which is all the
 * IR holds. Keywords of a later dialect in an older-dialect schema are
 * applied as written: servers that mix dialects mean them.
 */
import type { Dialect } from "../../ir/index.js";
import { joinPointer } from "../../shared/errors.js";
import { isRecord } from "../../shared/json.js";
import type { KeywordRule, Rule } from "../rule.js";
import { checkName, addDependentSchema } from "./subschemas.js";
import { addDependentRequired } from "./vocabulary.js";

export const DIALECT: Rule = {
  name: "dialect",
  does: "`$schema` decides the dialect (the json-schema.org URIs of draft-04, -06, -07, 2019-09 and 2020-12, `http` or `https`, with or without the empty fragment; draft-03's is read as draft-04, with a warning naming what draft-03 alone has); none means 2020-12, and any other `$schema` is read as 2020-12 with a warning. A resource's own `$schema` decides for it.",
  spec: 'MCP 2025-11-25, "JSON Schema Usage"; 2020-12 Core §8.1.1',
  reports: ["keyword-dropped"],
};

/** The meta-schema URIs of the JSON Schema dialects; draft-03's is read as draft-04 (`draft03` marks it). */
const DIALECT_URIS: ReadonlyArray<[RegExp, Dialect, { draft03?: true }?]> = [
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, "draft-07"],
  [/^https?:\/\/json-schema\.org\/draft-06\/schema#?$/, "draft-06"],
  [/^https?:\/\/json-schema\.org\/draft-04\/schema#?$/, "draft-04"],
  [/^https?:\/\/json-schema\.org\/draft-03\/schema#?$/, "draft-04", { draft03: true }],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, "2019-09"],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, "2020-12"],
];

/** `dialect`, for a tool's schema: the dialect it is read in, reported (through `warn`) when `$schema` names none, or names draft-03. */
export function readDialect(schema: unknown, warn: (code: "keyword-dropped", message: string, at: string, hint: string) => void): Dialect {
  const { dialect, uri, known, draft03 } = detectDialect(schema);
  if (draft03) {
    warn(
      "keyword-dropped",
      "$schema names draft-03, which mcpgen reads as draft-04: what only draft-03 has (`required: true` on a property, `disallow`, `extends`, `divisibleBy`, schemas in `type`) is not applied",
      "/$schema",
      "write the schema in draft-04 or later (required as an array of names, allOf for extends, multipleOf for divisibleBy)",
    );
  }
  if (!known) {
    warn(
      "keyword-dropped",
      `$schema ${JSON.stringify(uri)} names no JSON Schema dialect mcpgen knows; read as 2020-12`,
      "/$schema",
      "use a json-schema.org meta-schema URI (draft-04, -06, -07, 2019-09 or 2020-12), or leave $schema out for 2020-12",
    );
  }
  return dialect;
}

/** `dialect`: what `$schema` (`uri`, as written) names; `known` is false for a `$schema` that names none of the dialects. */
export function detectDialect(schema: unknown): { dialect: Dialect; uri: string | undefined; known: boolean; draft03: boolean } {
  const written = isRecord(schema) && typeof schema["$schema"] === "string" ? schema["$schema"] : undefined;
  if (written === undefined) return { dialect: "2020-12", uri: undefined, known: true, draft03: false };
  const trimmed = written.trim();
  const match = DIALECT_URIS.find(([pattern]) => pattern.test(trimmed));
  if (match === undefined) return { dialect: "2020-12", uri: written, known: false, draft03: false };
  return { dialect: match[1], uri: written, known: true, draft03: match[2]?.draft03 === true };
}

/** The dialect a resource root's `$schema` names, when it names one. */
export function declaredDialect(schema: unknown): Dialect | undefined {
  if (!isRecord(schema) || typeof schema["$schema"] !== "string") return undefined;
  const { dialect, known } = detectDialect(schema);
  return known ? dialect : undefined;
}

export const isLegacyDialect = (dialect: Dialect) => dialect === "draft-07" || dialect === "draft-06" || dialect === "draft-04";

export const REF_SIBLINGS: Rule = {
  name: "ref-siblings",
  does: "Before 2019-09 a `$ref` hides its siblings (`$id` included): only the annotations beside it are kept.",
  spec: "draft-07 Core §8.3",
  reports: [],
};

/** Keywords that carry no constraint; the only siblings a pre-2019-09 `$ref` keeps. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"]);

/** `ref-siblings`: the keywords of a schema object that are read. */
export function keywordsRead(input: Readonly<Record<string, unknown>>, dialect: Dialect): string[] {
  const keywords = Object.keys(input);
  if (typeof input["$ref"] !== "string" || !isLegacyDialect(dialect)) return keywords;
  return keywords.filter((key) => key === "$ref" || ANNOTATION_KEYWORDS.has(key));
}

export const TUPLE_ITEMS: KeywordRule = {
  name: "tuple-items",
  does: "draft-07 `items: [...]` becomes `prefixItems` (an entry that is not a schema leaves its position unconstrained) and `additionalItems` becomes `items`; a single `items` schema stays (dropped when not a schema); `additionalItems` without an `items` array means nothing.",
  spec: "2020-12 Core §10.3.1.2; draft-07 Validation §6.4.1-6.4.2",
  reports: [],
  keywords: ["items", "additionalItems"],
  apply(node, keyword, value, at) {
    if (keyword === "additionalItems") return; // read with `items`
    if (!Array.isArray(value)) {
      const schema = node.subschema(value, at);
      if (schema !== undefined) node.out.items = schema;
      return;
    }
    node.out.prefixItems = value.map((entry, index) => node.subschema(entry, joinPointer(at, index)) ?? true);
    const additional = node.input["additionalItems"];
    if (additional === undefined) return;
    const schema = node.subschema(additional, joinPointer(node.pointer, "additionalItems"));
    if (schema !== undefined) node.out.items = schema;
  },
};

export const DEPENDENCIES_SPLIT: KeywordRule = {
  name: "dependencies-split",
  does: "draft-07 `dependencies` becomes `dependentRequired` (its arrays, strings only) and `dependentSchemas` (its schemas; one that is not a schema is dropped), merged with those keywords where the schema has them too.",
  spec: "2019-09 Core §9.2.2.4, Validation §6.5.4",
  reports: ["keyword-dropped"],
  keywords: ["dependencies"],
  apply(node, keyword, value, at) {
    if (!isRecord(value)) return node.drop(keyword, at, "is not an object");
    for (const [name, dependency] of Object.entries(value)) {
      const where = joinPointer(at, name);
      checkName(node, name, where);
      if (Array.isArray(dependency)) {
        addDependentRequired(
          node.out,
          name,
          dependency.filter((entry): entry is string => typeof entry === "string"),
        );
      } else {
        const schema = node.subschema(dependency, where);
        if (schema !== undefined) addDependentSchema(node.out, name, schema);
      }
    }
  },
};

export const EXCLUSIVE_BOUNDS: KeywordRule = {
  name: "exclusive-bounds",
  does: "`exclusiveMinimum`/`exclusiveMaximum` keep numbers; draft-04's boolean form makes `minimum`/`maximum` exclusive (it becomes the number, the bound goes); another value is dropped with a warning.",
  spec: "draft-04 Validation §5.1.2-5.1.3; draft-06 Validation §6.3, §6.5",
  reports: ["keyword-dropped"],
  keywords: ["exclusiveMinimum", "exclusiveMaximum"],
  apply(node, keyword, value, at) {
    if (typeof value === "number") node.out[keyword] = value;
    else if (typeof value !== "boolean") node.drop(keyword, at, "is not a number");
    // A boolean is applied once every keyword is in (`finish`).
  },
  finish(node) {
    for (const [exclusive, bound] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ] as const) {
      if (node.input[exclusive] === true && typeof node.out[bound] === "number") {
        node.out[exclusive] = node.out[bound];
        delete node.out[bound];
      }
    }
  },
};

export const NULLABLE: KeywordRule = {
  name: "nullable",
  does: 'OpenAPI 3.0\'s `nullable: true` adds `"null"` to `type` (a name or a list); the keyword itself is not kept.',
  spec: "OpenAPI 3.0.3, Schema Object",
  reports: [],
  keywords: ["nullable"],
  finish(node) {
    if (node.input["nullable"] !== true) return;
    const type = node.out.type;
    if (typeof type === "string") node.out.type = [type, "null"];
    else if (Array.isArray(type) && !type.includes("null")) node.out.type = [...type, "null"];
  },
};

export const DIALECT_RULES: readonly KeywordRule[] = [TUPLE_ITEMS, DEPENDENCIES_SPLIT, EXCLUSIVE_BOUNDS, NULLABLE];
