/**
 * Schema normalisation: one server schema, any supported dialect, into the
 * 2020-12 form every emitter reads.
 *
 * Rules, each named by what it does:
 *   - dialect: `$schema` decides; none means 2020-12 (MCP 2025-11-25, "JSON Schema Usage").
 *   - known-keywords-only: only JSON Schema vocabulary survives; `tsType`, `x-*`,
 *     `$id`, `$comment` and every other keyword are dropped, so no server text
 *     reaches the output through a non-standard keyword.
 *   - tuple-items: draft-07 `items: [..]` + `additionalItems` become `prefixItems` + `items`.
 *   - dependencies-split: draft-07 `dependencies` becomes `dependentRequired` / `dependentSchemas`.
 *   - ref-siblings: before 2019-09 a `$ref` hides its siblings (draft-07 §8.3), so only annotations are kept.
 *   - exclusive-bounds: draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers.
 *   - ref-hoisting: every local ref target (`#/$defs/x`, `#/definitions/x`, `#/properties/a/..`,
 *     `#anchor`) is copied to `$defs` and the ref rewritten to `#/$defs/<key>`; `#` stays.
 *   - external-refs: refs to files or URLs are never resolved: the subschema becomes `{}` (unknown).
 *   - patterns: each `pattern` and `patternProperties` key is kept or dropped as patterns.ts decides.
 */
import { joinPointer, userError, type Diagnostic } from "../errors.js";
import type { Dialect, Schema, SchemaObject } from "../ir.js";
import { isRecord, setOwn } from "../json.js";
import { checkPattern } from "./patterns.js";

export interface SchemaContext {
  file: string;
  tool: string;
  /** Pointer of the schema in the input document, e.g. `/tools/3/inputSchema`. */
  pointer: string;
  diagnostics: Diagnostic[];
}

export interface NormalizeSchemaResult {
  dialect: Dialect;
  schema: Schema;
  /** `$defs` keys in the order they were created. */
  defKeys: string[];
}

export const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "dependentSchemas"] as const;
export const SCHEMA_KEYWORDS = [
  "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else",
  "unevaluatedProperties", "unevaluatedItems",
] as const;
export const SCHEMA_ARRAY_KEYWORDS = ["anyOf", "oneOf", "allOf"] as const;
/** Keywords whose value counts something: a non-negative integer. */
const COUNT_KEYWORDS: ReadonlySet<string> = new Set(["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"]);
const NUMBER_KEYWORDS = [
  "minimum", "maximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems",
  "minProperties", "maxProperties", "minContains", "maxContains",
] as const;
const STRING_KEYWORDS = ["format", "description", "title", "contentMediaType", "contentEncoding"] as const;
const BOOLEAN_KEYWORDS = ["uniqueItems", "deprecated", "readOnly", "writeOnly"] as const;
const ANY_KEYWORDS = ["const", "default"] as const;
/** What each keyword of the lists above holds, looked up once per keyword of every schema. */
const KEYWORD_KINDS: ReadonlyMap<string, "map" | "one" | "list" | "number" | "string" | "boolean" | "any"> = new Map([
  ...SCHEMA_MAP_KEYWORDS.map((key) => [key, "map"] as const),
  ...SCHEMA_KEYWORDS.map((key) => [key, "one"] as const),
  ...SCHEMA_ARRAY_KEYWORDS.map((key) => [key, "list"] as const),
  ...NUMBER_KEYWORDS.map((key) => [key, "number"] as const),
  ...STRING_KEYWORDS.map((key) => [key, "string"] as const),
  ...BOOLEAN_KEYWORDS.map((key) => [key, "boolean"] as const),
  ...ANY_KEYWORDS.map((key) => [key, "any"] as const),
]);
/** Keywords that carry no constraint; the only siblings a pre-2019-09 `$ref` keeps. */
const ANNOTATION_KEYWORDS = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"]);
export const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** The meta-schema URIs of the JSON Schema dialects (http or https, with or without the empty fragment). */
const DIALECT_URIS: ReadonlyArray<[RegExp, Dialect]> = [
  [/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/, "draft-07"],
  [/^https?:\/\/json-schema\.org\/draft-06\/schema#?$/, "draft-06"],
  [/^https?:\/\/json-schema\.org\/draft-0[34]\/schema#?$/, "draft-04"],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema#?$/, "2019-09"],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/, "2020-12"],
];

/** The dialect `$schema` names; no `$schema` means 2020-12 (MCP 2025-11-25). `known` is false for a `$schema` that names none of them. */
export function detectDialect(schema: unknown): { dialect: Dialect; known: boolean } {
  const uri = isRecord(schema) && typeof schema["$schema"] === "string" ? schema["$schema"].trim() : undefined;
  if (uri === undefined) return { dialect: "2020-12", known: true };
  const match = DIALECT_URIS.find(([pattern]) => pattern.test(uri));
  return match === undefined ? { dialect: "2020-12", known: false } : { dialect: match[1], known: true };
}

/** Resolves an RFC 6901 pointer (already URI-decoded) against a document. */
function resolvePointer(document: unknown, pointer: string): { found: boolean; value: unknown } {
  if (pointer === "") return { found: true, value: document };
  let current = document;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < current.length) {
      current = current[Number(token)];
    } else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, token)) {
      current = current[token];
    } else {
      return { found: false, value: undefined };
    }
  }
  return { found: true, value: current };
}

export function normalizeSchema(raw: unknown, context: SchemaContext): NormalizeSchemaResult {
  return new SchemaNormalizer(raw, context).run();
}

class SchemaNormalizer {
  private readonly dialect: Dialect;
  private readonly unknownDialect: boolean;
  private readonly legacy: boolean;
  /** Ref target pointer (within the raw schema) → `$defs` key. */
  private readonly targets = new Map<string, string>();
  private readonly usedKeys = new Set<string>();
  private readonly queue: Array<{ pointer: string; key: string }> = [];
  private readonly defs: Record<string, Schema> = {};
  private anchors: Map<string, string> | undefined;

  constructor(
    private readonly raw: unknown,
    private readonly context: SchemaContext,
  ) {
    const detected = detectDialect(raw);
    this.dialect = detected.dialect;
    this.unknownDialect = !detected.known;
    this.legacy = this.dialect === "draft-07" || this.dialect === "draft-06" || this.dialect === "draft-04";
  }

  run(): NormalizeSchemaResult {
    if (this.unknownDialect) {
      this.warn("keyword-dropped", `$schema ${JSON.stringify((this.raw as Record<string, unknown>)["$schema"])} names no JSON Schema dialect mcpgen knows; read as 2020-12`, "/$schema", "use a json-schema.org meta-schema URI (draft-04, -06, -07, 2019-09 or 2020-12), or leave $schema out for 2020-12");
    }
    this.registerRefTargets(this.raw);
    const root = this.node(this.raw, "");
    for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
      this.defs[next.key] = this.node(resolvePointer(this.raw, next.pointer).value, next.pointer, true);
    }
    this.breakEmptyCycles(root);
    const defKeys = Object.keys(this.defs);
    let schema: Schema = root;
    if (defKeys.length > 0) {
      schema = typeof root === "boolean" ? (root ? {} : { not: {} }) : root;
      schema.$defs = this.defs;
    }
    return { dialect: this.dialect, schema, defKeys };
  }

  /**
   * empty-ref-cycles: a `$ref` cycle that never descends into a property or an
   * item (`A = anyOf[B, string]`, `B = allOf[A]`) constrains nothing and sends
   * validators into endless recursion. Such refs become unconstrained `{}`,
   * for the types and the validators alike.
   */
  private breakEmptyCycles(root: Schema) {
    const nodes = new Map<string, Schema>([["#", root], ...Object.entries(this.defs)]);
    const edges = new Map([...nodes].map(([target, node]) => [target, sameInstanceRefs(node)]));
    const cyclic = new Set<string>();
    for (const start of edges.keys()) {
      const seen = new Set<string>();
      const stack = [...(edges.get(start) ?? [])];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (next === start) {
          cyclic.add(start);
          break;
        }
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(...(edges.get(next) ?? []));
      }
    }
    // Report each at the place the input has it (a ref into #/properties is hoisted into $defs here).
    const origin = new Map([...this.targets].map(([pointer, key]) => [key, pointer]));
    for (const target of cyclic) {
      const pointer = target === "#" ? "" : (origin.get(target) ?? `/$defs/${target}`);
      this.warn("ref-unresolved", "this schema refers to itself without descending into any property or item, which constrains nothing; that $ref is not applied", pointer);
      sameInstanceRefs(nodes.get(target)!, (node) => {
        if (cyclic.has(refTarget(node.$ref as string))) delete node.$ref;
      });
    }
  }

  private where(pointer: string) {
    return { file: this.context.file, tool: this.context.tool, pointer: this.context.pointer + pointer };
  }

  private warn(code: Diagnostic["code"], message: string, pointer: string, hint?: string) {
    this.context.diagnostics.push({ severity: "warning", code, message, ...this.where(pointer), hint });
  }

  /**
   * Finds every local ref target up front, so a subschema that is also a ref
   * target (`#/properties/primary`) is written once, as a named type, and
   * referenced from both places.
   */
  private registerRefTargets(node: unknown) {
    if (Array.isArray(node)) {
      for (const item of node) this.registerRefTargets(item);
      return;
    }
    if (!isRecord(node)) return;
    const ref = node["$ref"];
    if (typeof ref === "string" && ref.startsWith("#")) {
      let fragment: string | undefined;
      try {
        fragment = decodeURIComponent(ref.slice(1));
      } catch {
        fragment = undefined;
      }
      const pointer = fragment === undefined || fragment === "" ? undefined : fragment.startsWith("/") ? fragment : this.anchorPointer(fragment);
      if (pointer !== undefined && pointer !== "" && resolvePointer(this.raw, pointer).found) this.keyFor(pointer);
    }
    for (const [, item] of subschemaValues(node)) this.registerRefTargets(item);
  }

  private node(value: unknown, pointer: string, isDefinition = false): Schema {
    if (!isDefinition && pointer !== "") {
      const key = this.targets.get(pointer);
      if (key !== undefined) return { $ref: `#/$defs/${key}` };
    }
    if (typeof value === "boolean") return value;
    if (!isRecord(value)) {
      throw userError("schema-invalid", `a schema must be an object or a boolean, found ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`, {
        ...this.where(pointer),
        hint: "fix the tool's schema on the server, or edit the manifest",
      });
    }
    const out: SchemaObject = {};
    const ref = value["$ref"];
    const keepAll = typeof ref !== "string" || !this.legacy;
    const keywords = keepAll ? Object.keys(value) : Object.keys(value).filter((key) => key === "$ref" || ANNOTATION_KEYWORDS.has(key));

    for (const key of keywords) {
      const item = value[key];
      const at = joinPointer(pointer, key);
      switch (key) {
        case "$ref":
          if (typeof item !== "string") { this.dropped(key, at, "is not a string"); break; }
          if (!this.ref(item, at, out)) return this.unknownKeepingAnnotations(value);
          break;
        case "type": this.type(item, at, out); break;
        case "items":
          if (Array.isArray(item)) {
            out.prefixItems = item.map((entry, index) => this.node(entry, joinPointer(at, index)));
            const additional = value["additionalItems"];
            if (additional !== undefined) out.items = this.node(additional, joinPointer(pointer, "additionalItems"));
          } else {
            out.items = this.node(item, at);
          }
          break;
        case "prefixItems":
          if (!Array.isArray(item)) { this.dropped(key, at, "is not an array"); break; }
          out.prefixItems = item.map((entry, index) => this.node(entry, joinPointer(at, index)));
          break;
        case "additionalItems": break; // handled with `items`
        case "required":
          if (!Array.isArray(item) || !item.every((name) => typeof name === "string")) { this.dropped(key, at, "is not an array of strings"); break; }
          out.required = [...new Set(item)];
          break;
        case "enum":
          if (!Array.isArray(item)) { this.dropped(key, at, "is not an array"); break; }
          if (item.length === 0) this.warn("schema-invalid", "enum is empty, so no value is valid here (typed never)", at, "if the server fills the list at run time, it should describe the values some other way (a type, a pattern)");
          out.enum = item;
          break;
        case "examples":
          if (Array.isArray(item)) out.examples = item;
          break;
        case "pattern":
          if (typeof item !== "string") { this.dropped(key, at, "is not a string"); break; }
          if (checkPattern(item, "pattern", this.where(at), this.context.diagnostics)) out.pattern = item;
          break;
        case "exclusiveMinimum":
        case "exclusiveMaximum":
          this.exclusiveBound(key, item, at, out);
          break;
        case "dependencies":
          this.dependencies(item, at, out);
          break;
        case "dependentRequired":
          this.dependentRequired(item, at, out);
          break;
        case "$recursiveRef":
          // 2019-09: `$recursiveRef: "#"` (with no `$recursiveAnchor` elsewhere) is a plain ref to the root.
          if (item === "#") out.$ref = "#";
          else this.warn("keyword-dropped", `$recursiveRef ${JSON.stringify(item)} is not supported; this subschema is not constrained`, at);
          break;
        case "$dynamicRef":
          this.warn("keyword-dropped", `$dynamicRef ${JSON.stringify(item)} is not supported; this subschema is not constrained`, at);
          break;
        case "nullable": break; // OpenAPI 3.0; applied after `type`
        case "$defs":
        case "definitions":
          break; // only referenced definitions are kept, hoisted by `ref`
        default:
          this.keyword(key, item, at, out);
      }
    }
    if (value["nullable"] === true && typeof out.type === "string") out.type = [out.type, "null"];
    else if (value["nullable"] === true && Array.isArray(out.type) && !out.type.includes("null")) out.type = [...out.type, "null"];
    const patterns = out.patternProperties as Record<string, Schema> | undefined;
    if (patterns !== undefined && isRecord(value["patternProperties"]) && Object.keys(patterns).length < Object.keys(value["patternProperties"]).length) {
      // Without the dropped pattern, `additionalProperties` would reject exactly the properties it matched.
      for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
        if (out[keyword] !== undefined && out[keyword] !== true) {
          delete out[keyword];
          this.warn("pattern-invalid", `\`${keyword}\` is not applied either, since a patternProperties key was ignored`, joinPointer(pointer, keyword));
        }
      }
    }
    for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
      // draft-04: a boolean makes `minimum`/`maximum` exclusive.
      if (value[exclusive] === true && typeof out[bound] === "number") {
        out[exclusive] = out[bound];
        delete out[bound];
      }
    }
    return out;
  }

  private keyword(key: string, item: unknown, at: string, out: SchemaObject) {
    const kind = KEYWORD_KINDS.get(key);
    if (kind === "map") {
      if (!isRecord(item)) return this.dropped(key, at, "is not an object");
      const map: Record<string, Schema> = {};
      for (const [name, sub] of Object.entries(item)) {
        if (key === "patternProperties" && !checkPattern(name, "patternProperties key", this.where(joinPointer(at, name)), this.context.diagnostics)) continue;
        setOwn(map, name, this.node(sub, joinPointer(at, name)));
      }
      // draft-07 `dependencies` may already have named some (see `dependencies`): both apply.
      if (key === "dependentSchemas") for (const [name, sub] of Object.entries(map)) addDependentSchema(out, name, sub);
      else out[key] = map;
    } else if (kind === "one") {
      out[key] = this.node(item, at);
    } else if (kind === "list") {
      if (!Array.isArray(item) || item.length === 0) return this.dropped(key, at, "is not a non-empty array");
      out[key] = item.map((entry, index) => this.node(entry, joinPointer(at, index)));
    } else if (kind === "number") {
      if (typeof item !== "number" || !Number.isFinite(item)) this.dropped(key, at, "is not a number");
      else if (key === "multipleOf" && !(item > 0)) this.dropped(key, at, "must be greater than 0 (as it is, it would reject every number)");
      else if (COUNT_KEYWORDS.has(key) && !(Number.isInteger(item) && item >= 0)) this.dropped(key, at, "must be a non-negative integer");
      else out[key] = item;
    } else if (kind === "string") {
      if (typeof item === "string") out[key] = item;
    } else if (kind === "boolean") {
      if (typeof item === "boolean") out[key] = item;
    } else if (kind === "any") {
      out[key] = item;
    }
    // Anything else (tsType, x-*, $id, $schema, $comment, $anchor, ...) is dropped on purpose.
  }

  private dropped(key: string, at: string, why: string) {
    this.warn("keyword-dropped", `\`${key}\` ${why}; ignored`, at);
  }

  private type(item: unknown, at: string, out: SchemaObject) {
    const list = Array.isArray(item) ? item : [item];
    const known = list.filter((name): name is string => typeof name === "string" && JSON_TYPES.has(name));
    if (known.length !== list.length) {
      this.warn("keyword-dropped", `unknown type ${JSON.stringify(list.filter((name) => !known.includes(name as string)))} ignored`, at);
    }
    if (known.length === 0) return;
    out.type = Array.isArray(item) ? [...new Set(known)] : known[0];
  }

  private exclusiveBound(key: "exclusiveMinimum" | "exclusiveMaximum", item: unknown, at: string, out: SchemaObject) {
    if (typeof item === "number") out[key] = item;
    else if (typeof item !== "boolean") this.dropped(key, at, "is not a number");
    // draft-04 booleans are applied once every keyword is in (see `node`).
  }

  private dependentRequired(item: unknown, at: string, out: SchemaObject) {
    if (!isRecord(item)) return this.dropped("dependentRequired", at, "is not an object");
    for (const [name, names] of Object.entries(item)) {
      if (Array.isArray(names) && names.every((entry) => typeof entry === "string")) addDependentRequired(out, name, names);
      else this.dropped(name, joinPointer(at, name), "is not an array of property names");
    }
  }

  private dependencies(item: unknown, at: string, out: SchemaObject) {
    if (!isRecord(item)) return this.dropped("dependencies", at, "is not an object");
    for (const [name, dependency] of Object.entries(item)) {
      if (Array.isArray(dependency)) addDependentRequired(out, name, dependency.filter((entry): entry is string => typeof entry === "string"));
      else addDependentSchema(out, name, this.node(dependency, joinPointer(at, name)));
    }
  }

  /** Rewrites a `$ref`; false when it is external and the subschema must become unknown. */
  private ref(ref: string, at: string, out: SchemaObject): boolean {
    if (!ref.startsWith("#")) {
      this.warn("ref-external", `external $ref ${JSON.stringify(ref)} is never resolved; typed as unknown and not validated`, at,
        "inline the referenced schema into the manifest if you want it typed");
      return false;
    }
    let fragment: string;
    try {
      fragment = decodeURIComponent(ref.slice(1));
    } catch {
      throw userError("ref-unresolved", `$ref ${JSON.stringify(ref)} is not a valid URI fragment`, this.where(at));
    }
    if (fragment === "") { out.$ref = "#"; return true; }
    let pointer = fragment;
    if (!fragment.startsWith("/")) {
      const anchored = this.anchorPointer(fragment);
      if (anchored === undefined) {
        throw userError("ref-unresolved", `$ref ${JSON.stringify(ref)} names no $anchor in this schema`, { ...this.where(at), hint: "refs may point to #/$defs/<name>, #/definitions/<name>, #/properties/..., or a $anchor" });
      }
      pointer = anchored;
    }
    if (pointer === "") { out.$ref = "#"; return true; }
    if (!resolvePointer(this.raw, pointer).found) {
      throw userError("ref-unresolved", `$ref ${JSON.stringify(ref)} points to nothing in this schema`, {
        ...this.where(at),
        hint: "refs resolve against the tool's own schema root; fix the pointer or add the definition",
      });
    }
    out.$ref = `#/$defs/${this.keyFor(pointer)}`;
    return true;
  }

  private keyFor(pointer: string): string {
    const existing = this.targets.get(pointer);
    if (existing !== undefined) return existing;
    const tokens = pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = tokens[tokens.length - 1] ?? "def";
    let base = last.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "def";
    if (tokens.length > 2 || (tokens[0] !== "$defs" && tokens[0] !== "definitions")) {
      // Hoisted from elsewhere (`#/properties/a/items`): name it after the last meaningful token.
      const meaningful = [...tokens].reverse().find((token) => !/^(\d+|items|properties|additionalProperties|anyOf|oneOf|allOf|prefixItems|\$defs|definitions)$/.test(token));
      base = (meaningful ?? "def").replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "def";
    }
    let key = base;
    for (let n = 2; this.usedKeys.has(key); n++) key = `${base}${n}`;
    this.usedKeys.add(key);
    this.targets.set(pointer, key);
    this.queue.push({ pointer, key });
    return key;
  }

  private anchorPointer(name: string): string | undefined {
    if (this.anchors === undefined) {
      const anchors = new Map<string, string>();
      const visit = (node: unknown, pointer: string) => {
        if (Array.isArray(node)) node.forEach((item, index) => visit(item, joinPointer(pointer, index)));
        else if (isRecord(node)) {
          if (typeof node["$anchor"] === "string" && !anchors.has(node["$anchor"])) anchors.set(node["$anchor"], pointer);
          for (const [at, item] of subschemaValues(node)) visit(item, joinPointer(pointer, ...at));
        }
      };
      visit(this.raw, "");
      this.anchors = anchors;
    }
    return this.anchors.get(name);
  }

  private unknownKeepingAnnotations(value: Record<string, unknown>): SchemaObject {
    const out: SchemaObject = {};
    if (typeof value["description"] === "string") out.description = value["description"];
    return out;
  }
}

/** Adds a dependency (draft-07 `dependencies` and 2019-09 `dependentRequired` may both name one): both apply. */
function addDependentRequired(out: SchemaObject, name: string, names: readonly string[]): void {
  const map = (out.dependentRequired ??= {}) as Record<string, string[]>;
  const before = Object.prototype.hasOwnProperty.call(map, name) ? map[name]! : [];
  setOwn(map, name, [...new Set([...before, ...names])]);
}

function addDependentSchema(out: SchemaObject, name: string, schema: Schema): void {
  const map = (out.dependentSchemas ??= {}) as Record<string, Schema>;
  setOwn(map, name, Object.prototype.hasOwnProperty.call(map, name) ? { allOf: [map[name]!, schema] } : schema);
}

/** Keywords whose values are instances, never schemas (so never searched for refs or anchors). */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);
/** Keywords whose values map names to schemas, whatever the names (a property may be called `default`). */
const NAME_MAP_KEYWORDS = new Set(["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"]);

/** The values below a schema object that may be or hold schemas, each with its path of keys. */
function subschemaValues(node: Record<string, unknown>): Array<[path: string[], value: unknown]> {
  const values: Array<[string[], unknown]> = [];
  for (const [key, item] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (NAME_MAP_KEYWORDS.has(key) && isRecord(item)) {
      for (const [name, sub] of Object.entries(item)) values.push([[key, name], sub]);
    } else {
      values.push([[key], item]);
    }
  }
  return values;
}

/** `"#"` for the root, the `$defs` key otherwise (refs are normalised to these two forms). */
export function refTarget(ref: string): string {
  return ref === "#" ? "#" : decodeURIComponent(ref.slice("#/$defs/".length));
}

/**
 * The refs a schema applies to the same instance (through `$ref`, `anyOf`,
 * `oneOf`, `allOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), not to a
 * property or an item; `visit` sees every schema object holding such a ref.
 */
function sameInstanceRefs(schema: Schema, visit?: (node: SchemaObject) => void): Set<string> {
  const targets = new Set<string>();
  const walk = (node: Schema) => {
    if (typeof node === "boolean") return;
    if (typeof node.$ref === "string") {
      targets.add(refTarget(node.$ref));
      visit?.(node);
    }
    for (const keyword of ["anyOf", "oneOf", "allOf"]) if (Array.isArray(node[keyword])) (node[keyword] as Schema[]).forEach(walk);
    for (const keyword of ["not", "if", "then", "else"]) if (node[keyword] !== undefined) walk(node[keyword] as Schema);
    if (isRecord(node["dependentSchemas"])) Object.values(node["dependentSchemas"] as Record<string, Schema>).forEach(walk);
  };
  walk(schema);
  return targets;
}

