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
 *   - ref-resolution: `$ref` resolves as the spec says (resources.ts): against the base URI `$id`
 *     sets, to embedded resources, anchors, pointers relative to a resource, and the meta-schemas.
 *   - ref-hoisting: every ref target is copied to `$defs` and the ref rewritten to
 *     `#/$defs/<key>`; a ref to the root is `#`.
 *   - dynamic-refs: `$dynamicRef` (2020-12 Core §8.2.3.2) and `$recursiveRef` (2019-09 Core
 *     §8.2.4.2) resolve through the dynamic scope. The scope is known here: a target is hoisted
 *     once per set of dynamic anchors in force where it is used (the outermost resource that
 *     declared each name), so every dynamic ref becomes a plain `$ref`.
 *   - external-refs: refs to files or URLs are never resolved: the `$ref` is not applied (unknown).
 *   - lenient-subschemas: a value that is not a schema where one must be costs only its keyword
 *     (or is unconstrained where dropping it would constrain more), with a warning.
 *   - patterns: each `pattern` and `patternProperties` key is kept or dropped as patterns.ts decides.
 */
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import type { Dialect, PatternMode, Schema, SchemaObject } from "../ir/index.js";
import { refTarget } from "../ir/refs.js";
import { isRecord, LONE_SURROGATE, setOwn } from "../shared/json.js";
import { metaSchema } from "./meta-schemas.js";
import { isLegacyDialect, RECURSIVE_ANCHOR, resolvePointer, SchemaIndex, type Location, type SchemaResource } from "./resources.js";
import { DEFAULT_BASE, uriStem } from "./uri.js";
import { checkPattern, decidePattern } from "./patterns.js";

export interface SchemaContext {
  file: string;
  tool: string;
  /** Pointer of the schema in the input document, e.g. `/tools/3/inputSchema`. */
  pointer: string;
  diagnostics: Diagnostic[];
  /**
   * Documents a `$ref` may name besides the meta-schemas, by absolute URI (no
   * fragment). Only the test of the JSON Schema Test Suite passes one (its
   * `remotes/`); users' schemas never resolve remote refs.
   */
  documents?: ((uri: string) => unknown) | undefined;
}

export interface NormalizeSchemaResult {
  dialect: Dialect;
  schema: Schema;
  /** `$defs` keys in the order they were created. */
  defKeys: string[];
  /** The mode of each kept pattern that does not compile as `new RegExp(source, "u")` (see `ManifestIR.patternModes`). */
  patternModes: Map<string, PatternMode>;
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

export function normalizeSchema(raw: unknown, context: SchemaContext): NormalizeSchemaResult {
  return new SchemaNormalizer(raw, context).run();
}

/**
 * The dynamic anchors in force at a place: for each name, the outermost
 * resource of the dynamic scope that declares it (2020-12 Core §8.2.3.2). Only
 * names declared by two resources or more are tracked (with one, a dynamic
 * ref resolves the same wherever it is used).
 */
interface DynamicScope {
  /** Names and bindings as text: equal keys, equal scopes. */
  key: string;
  bindings: ReadonlyMap<string, Location>;
}

const NO_DYNAMIC_SCOPE: DynamicScope = { key: "", bindings: new Map() };

/** Beyond this many hoisted subschemas with dynamic scopes, dynamic refs are resolved as plain refs (with a warning). */
const MAX_SPECIALISED_DEFS = 2000;
const TOO_MANY_SCOPES = Symbol("too many dynamic scopes");

/** The dialect a resource root's `$schema` names, when it names one. */
function declaredDialect(schema: unknown): Dialect | undefined {
  if (!isRecord(schema) || typeof schema["$schema"] !== "string") return undefined;
  const { dialect, known } = detectDialect(schema);
  return known ? dialect : undefined;
}

class SchemaNormalizer {
  private readonly dialect: Dialect;
  private readonly unknownDialect: boolean;
  private index!: SchemaIndex;
  /** Dynamic anchor names resolved by scope (see `DynamicScope`). */
  private dynamicNames: ReadonlySet<string> = new Set();
  private rootScope = NO_DYNAMIC_SCOPE;
  /** Ref target (document, pointer, dynamic scope) → `$defs` key. */
  private readonly targets = new Map<string, string>();
  /** `$defs` key → where to report a problem with it: its pointer in the tool's schema, or the ref that brought it in from a known document. */
  private readonly origin = new Map<string, string>();
  private readonly usedKeys = new Set<string>();
  private readonly queue: Array<{ location: Location; scope: DynamicScope; key: string }> = [];
  private readonly defs: Record<string, Schema> = {};
  /** While a subschema of a known document (a meta-schema) is normalised: its URI, and the tool's pointer to report problems at. */
  private foreign: { uri: string; origin: string } | undefined;
  private specialised = 0;
  private readonly patternModes = new Map<string, PatternMode>();

  constructor(
    private readonly raw: unknown,
    private readonly context: SchemaContext,
  ) {
    const detected = detectDialect(raw);
    this.dialect = detected.dialect;
    this.unknownDialect = !detected.known;
  }

  run(): NormalizeSchemaResult {
    if (this.unknownDialect) {
      this.warn("keyword-dropped", `$schema ${JSON.stringify((this.raw as Record<string, unknown>)["$schema"])} names no JSON Schema dialect mcpgen knows; read as 2020-12`, "/$schema", "use a json-schema.org meta-schema URI (draft-04, -06, -07, 2019-09 or 2020-12), or leave $schema out for 2020-12");
    }
    const documents = this.context.documents;
    this.index = new SchemaIndex(this.raw, DEFAULT_BASE, {
      dialect: this.dialect,
      dialectOf: declaredDialect,
      document: (uri) => documents?.(uri) ?? metaSchema(uri),
    });
    const counts = this.index.dynamicAnchorCounts();
    const dynamicNames = new Set([...counts].filter(([, count]) => count > 1).map(([name]) => name));
    const reported = this.context.diagnostics.length;
    try {
      return this.normalize(dynamicNames);
    } catch (error) {
      if (error !== TOO_MANY_SCOPES) throw error;
      this.context.diagnostics.length = reported;
      this.reset();
      this.warn("keyword-dropped", `$dynamicRef/$recursiveRef here would need over ${MAX_SPECIALISED_DEFS} copies of subschemas to resolve through every dynamic scope; each resolves to where it points statically instead, as a $ref does`, "");
      return this.normalize(new Set());
    }
  }

  private reset() {
    this.targets.clear();
    this.origin.clear();
    this.usedKeys.clear();
    this.queue.length = 0;
    for (const key of Object.keys(this.defs)) delete this.defs[key];
    this.patternModes.clear();
    this.specialised = 0;
  }

  private normalize(dynamicNames: ReadonlySet<string>): NormalizeSchemaResult {
    this.dynamicNames = dynamicNames;
    const rootLocation: Location = { document: this.index.root.document, pointer: "" };
    this.rootScope = this.enter(NO_DYNAMIC_SCOPE, this.index.root);
    this.registerRefTargets();
    const root = this.subschema(this.raw, rootLocation, this.index.root, NO_DYNAMIC_SCOPE) ?? true;
    for (let next = this.queue.shift(); next !== undefined; next = this.queue.shift()) {
      const { location, scope, key } = next;
      this.foreign = location.document.own ? undefined : { uri: location.document.uri, origin: this.origin.get(key)! };
      const value = resolvePointer(location.document.json, location.pointer).value;
      this.defs[key] = this.subschema(value, location, this.index.resourceAt(location.document, location.pointer), scope, true) ?? true;
      this.foreign = undefined;
    }
    this.breakEmptyCycles(root);
    const defKeys = Object.keys(this.defs);
    let schema: Schema = root;
    if (defKeys.length > 0) {
      schema = typeof root === "boolean" ? (root ? {} : { not: {} }) : root;
      schema.$defs = { ...this.defs };
    }
    return { dialect: this.dialect, schema, defKeys, patternModes: this.patternModes };
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
    for (const target of cyclic) {
      const pointer = target === "#" ? "" : (this.origin.get(target) ?? `/$defs/${target}`);
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
    // A problem inside a known document (a meta-schema) is reported at the tool's ref that brought it in.
    const [at, text] = this.foreign === undefined ? [pointer, message] : [this.foreign.origin, `${message} (in ${this.foreign.uri}, at ${pointer === "" ? "/" : pointer})`];
    this.context.diagnostics.push({ severity: "warning", code, message: text, ...this.where(at), hint });
  }

  /**
   * Hoists every static `$ref` target up front, so a subschema that is also a
   * ref target (`#/properties/primary`) is written once, as a named type, and
   * referenced from both places.
   */
  private registerRefTargets() {
    for (const site of this.index.refSites) {
      if (site.keyword !== "$ref") continue;
      const resolved = this.index.resolve(site.ref, site.resource);
      if (resolved.kind === "found") this.refTo(resolved.location, this.rootScope, site.pointer);
    }
  }

  /** Whether `location` under `scope` is the tool's root as normalised (what `#` names). */
  private isRoot(location: Location, scope: DynamicScope): boolean {
    return location.document.own && location.pointer === "" && scope.key === this.rootScope.key;
  }

  /** `#` or `#/$defs/<key>` for a ref from a place under `scope` to `location`. */
  private refTo(location: Location, scope: DynamicScope, at: string): string {
    const entered = this.enter(scope, this.index.resourceAt(location.document, location.pointer));
    return this.isRoot(location, entered) ? "#" : `#/$defs/${this.keyFor(location, entered, at)}`;
  }

  /** `scope` once `resource` is entered: its dynamic anchors bound where no outer resource bound them. */
  private enter(scope: DynamicScope, resource: SchemaResource): DynamicScope {
    let bindings: Map<string, Location> | undefined;
    for (const [name, pointer] of resource.dynamicAnchors) {
      if (!this.dynamicNames.has(name) || (bindings ?? scope.bindings).has(name)) continue;
      bindings ??= new Map(scope.bindings);
      bindings.set(name, { document: resource.document, pointer });
    }
    if (bindings === undefined) return scope;
    const key = JSON.stringify([...bindings].map(([name, place]) => [name, place.document.id, place.pointer]).sort());
    return { key, bindings };
  }

  /**
   * A subschema, normalised; undefined (with a warning) when `value` is not a
   * schema, for the caller to drop its keyword or leave the place unconstrained.
   */
  private subschema(value: unknown, location: Location, parent: SchemaResource, outer: DynamicScope, isDefinition = false): Schema | undefined {
    const { pointer } = location;
    const resource = location.document.resources.get(pointer) ?? parent;
    const scope = this.enter(outer, resource);
    if (!isDefinition && !this.isRoot(location, scope)) {
      const key = this.targets.get(targetId(location, scope));
      if (key !== undefined) return { $ref: `#/$defs/${key}` };
    }
    if (typeof value === "boolean") return value;
    if (!isRecord(value)) {
      const found = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
      this.warn("schema-invalid", `a schema must be an object or a boolean, found ${found}; ${pointer === "" ? "the whole schema is typed unknown and not validated" : "ignored (typed unknown, not validated)"}`, pointer, "fix the tool's schema on the server, or edit the manifest");
      return undefined;
    }
    const child = (item: unknown, at: string) => this.subschema(item, { document: location.document, pointer: at }, resource, scope);
    const legacy = isLegacyDialect(resource.dialect);
    const out: SchemaObject = {};
    const refs: string[] = [];
    const ref = value["$ref"];
    const keepAll = typeof ref !== "string" || !legacy;
    const keywords = keepAll ? Object.keys(value) : Object.keys(value).filter((key) => key === "$ref" || ANNOTATION_KEYWORDS.has(key));

    for (const key of keywords) {
      const item = value[key];
      const at = joinPointer(pointer, key);
      switch (key) {
        case "$ref":
        case "$dynamicRef":
        case "$recursiveRef": {
          if (typeof item !== "string") { this.dropped(key, at, "is not a string"); break; }
          const target = this.ref(key, item, at, resource, scope);
          if (target !== undefined) refs.push(target);
          else if (legacy && key === "$ref") return this.unknownKeepingAnnotations(value);
          break;
        }
        case "type": this.type(item, at, out); break;
        case "items":
          if (Array.isArray(item)) {
            out.prefixItems = item.map((entry, index) => child(entry, joinPointer(at, index)) ?? true);
            const additional = value["additionalItems"];
            if (additional !== undefined) this.set(out, "items", child(additional, joinPointer(pointer, "additionalItems")));
          } else {
            this.set(out, "items", child(item, at));
          }
          break;
        case "prefixItems":
          if (!Array.isArray(item)) { this.dropped(key, at, "is not an array"); break; }
          out.prefixItems = item.map((entry, index) => child(entry, joinPointer(at, index)) ?? true);
          break;
        case "additionalItems": break; // handled with `items`
        case "required":
          if (!Array.isArray(item) || !item.every((name) => typeof name === "string")) { this.dropped(key, at, "is not an array of strings"); break; }
          out.required = [...new Set(item)];
          break;
        case "enum":
          if (!Array.isArray(item)) { this.dropped(key, at, "is not an array"); break; }
          if (item.length === 0) this.warn("schema-suspect", "enum is empty, so no value is valid here (typed never)", at, "if the server fills the list at run time, it should describe the values some other way (a type, a pattern)");
          out.enum = item;
          break;
        case "examples":
          if (Array.isArray(item)) out.examples = item;
          break;
        case "pattern":
          if (typeof item !== "string") { this.dropped(key, at, "is not a string"); break; }
          if (this.keepPattern(item, "pattern", at)) out.pattern = item;
          break;
        case "exclusiveMinimum":
        case "exclusiveMaximum":
          this.exclusiveBound(key, item, at, out);
          break;
        case "dependencies":
          this.dependencies(item, at, out, child);
          break;
        case "dependentRequired":
          this.dependentRequired(item, at, out);
          break;
        case "nullable": break; // OpenAPI 3.0; applied after `type`
        case "$defs":
        case "definitions":
          break; // only referenced definitions are kept, hoisted by `ref`
        default:
          this.keyword(key, item, at, out, child);
      }
    }
    // A schema with two refs (`$ref` beside `$dynamicRef`) applies both: the second as an `allOf` member.
    if (refs.length > 0) {
      out.$ref = refs[0];
      if (refs.length > 1) out.allOf = [...((out.allOf as Schema[] | undefined) ?? []), ...refs.slice(1).map((target) => ({ $ref: target }))];
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

  /** Sets a keyword holding one subschema, unless that was not a schema (then the keyword is dropped: it constrains nothing). */
  private set(out: SchemaObject, key: string, schema: Schema | undefined) {
    if (schema !== undefined) out[key] = schema;
  }

  private keyword(key: string, item: unknown, at: string, out: SchemaObject, child: (item: unknown, at: string) => Schema | undefined) {
    const kind = KEYWORD_KINDS.get(key);
    if (kind === "map") {
      if (!isRecord(item)) return this.dropped(key, at, "is not an object");
      const map: Record<string, Schema> = {};
      for (const [name, sub] of Object.entries(item)) {
        if (LONE_SURROGATE.test(name)) this.loneSurrogate(name, joinPointer(at, name));
        if (key === "patternProperties" && !this.keepPattern(name, "patternProperties key", joinPointer(at, name))) continue;
        const schema = child(sub, joinPointer(at, name));
        // A property whose schema is not one stays a property (so `additionalProperties` leaves it alone), unconstrained.
        if (schema !== undefined || key !== "dependentSchemas") setOwn(map, name, schema ?? true);
      }
      // draft-07 `dependencies` may already have named some (see `dependencies`): both apply.
      if (key === "dependentSchemas") for (const [name, sub] of Object.entries(map)) addDependentSchema(out, name, sub);
      else out[key] = map;
    } else if (kind === "one") {
      this.set(out, key, child(item, at));
    } else if (kind === "list") {
      if (!Array.isArray(item) || item.length === 0) return this.dropped(key, at, "is not a non-empty array");
      const members = item.map((entry, index) => child(entry, joinPointer(at, index)));
      if (key === "allOf") {
        const valid = members.filter((member): member is Schema => member !== undefined);
        if (valid.length > 0) out[key] = valid;
      } else if (members.every((member) => member !== undefined)) {
        out[key] = members;
      } else {
        // One unknown branch: `anyOf` admits everything, and `oneOf` cannot be decided.
        this.warn("schema-invalid", `\`${key}\` is not applied, since one of its branches is not a schema`, at);
      }
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

  /** Whether a pattern is kept (warning as patterns.ts decides); records how a kept one compiles. */
  private keepPattern(source: string, what: string, at: string): boolean {
    if (!checkPattern(source, what, this.where(at), this.context.diagnostics)) return false;
    const mode = decidePattern(source).mode;
    if (mode !== undefined) this.patternModes.set(source, mode);
    return true;
  }

  private loneSurrogate(name: string, at: string) {
    this.warn("schema-suspect", `the name ${JSON.stringify(name)} holds a lone UTF-16 surrogate, which is not Unicode text (JSON carries it only as a \\u escape); it is typed and validated as written`, at, "servers should use names that are valid Unicode");
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

  private dependencies(item: unknown, at: string, out: SchemaObject, child: (item: unknown, at: string) => Schema | undefined) {
    if (!isRecord(item)) return this.dropped("dependencies", at, "is not an object");
    for (const [name, dependency] of Object.entries(item)) {
      if (LONE_SURROGATE.test(name)) this.loneSurrogate(name, joinPointer(at, name));
      if (Array.isArray(dependency)) addDependentRequired(out, name, dependency.filter((entry): entry is string => typeof entry === "string"));
      else {
        const schema = child(dependency, joinPointer(at, name));
        if (schema !== undefined) addDependentSchema(out, name, schema);
      }
    }
  }

  /**
   * Where a `$ref`, `$dynamicRef` or `$recursiveRef` leads, as `#` or
   * `#/$defs/<key>`; undefined (with a warning) when it cannot be followed:
   * then it is not applied.
   */
  private ref(keyword: string, ref: string, at: string, resource: SchemaResource, scope: DynamicScope): string | undefined {
    const resolved = this.index.resolve(ref, resource);
    if (resolved.kind === "external") {
      this.warn("ref-external", `external ${keyword} ${JSON.stringify(ref)} is never resolved; typed as unknown and not validated`, at,
        "inline the referenced schema into the manifest if you want it typed");
      return undefined;
    }
    if (resolved.kind === "unresolved") {
      this.warn("ref-unresolved", `${keyword} ${JSON.stringify(ref)} ${resolved.reason}; not applied (typed unknown, not validated)`, at,
        "refs resolve against the schema's own $id (or the tool's schema); fix the reference or add the definition");
      return undefined;
    }
    let target = resolved.location;
    if (keyword === "$dynamicRef" && resolved.anchor !== undefined && resolved.resource.dynamicAnchors.get(resolved.anchor) === target.pointer) {
      // 2020-12 Core §8.2.3.2: a fragment made by `$dynamicAnchor` resolves to the outermost resource in scope declaring it.
      target = scope.bindings.get(resolved.anchor) ?? target;
    } else if (keyword === "$recursiveRef" && target.pointer === resolved.resource.pointer && resolved.resource.dynamicAnchors.has(RECURSIVE_ANCHOR)) {
      // 2019-09 Core §8.2.4.2: a target with `$recursiveAnchor: true` defers to the outermost resource in scope that has it too.
      target = scope.bindings.get(RECURSIVE_ANCHOR) ?? target;
    }
    return this.refTo(target, scope, at);
  }

  private keyFor(location: Location, scope: DynamicScope, at: string): string {
    const id = targetId(location, scope);
    const existing = this.targets.get(id);
    if (existing !== undefined) return existing;
    if (scope.key !== "" && ++this.specialised > MAX_SPECIALISED_DEFS) throw TOO_MANY_SCOPES;
    const { document, pointer } = location;
    const resource = document.resources.get(pointer);
    const base = !document.own && resource !== undefined ? identifierPart(uriStem(resource.uri)) : keyBase(pointer);
    let key = base;
    for (let n = 2; this.usedKeys.has(key); n++) key = `${base}${n}`;
    this.usedKeys.add(key);
    this.targets.set(id, key);
    this.origin.set(key, document.own ? pointer : (this.foreign?.origin ?? at));
    this.queue.push({ location, scope, key });
    return key;
  }

  private unknownKeepingAnnotations(value: Record<string, unknown>): SchemaObject {
    const out: SchemaObject = {};
    if (typeof value["description"] === "string") out.description = value["description"];
    return out;
  }
}

/** Identifies a hoisted subschema: its place and the dynamic scope it is read in. */
function targetId(location: Location, scope: DynamicScope): string {
  return `${location.document.id}:${scope.key}:${location.pointer}`;
}

/** Letters, digits and `_` of `text`, for a `$defs` key ("def" when none is left). */
function identifierPart(text: string): string {
  return text.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "def";
}

/** A `$defs` key for the subschema at `pointer`, named after its last meaningful token. */
function keyBase(pointer: string): string {
  const tokens = pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = tokens[tokens.length - 1] ?? "def";
  if (tokens.length <= 2 && (tokens[0] === "$defs" || tokens[0] === "definitions")) return identifierPart(last);
  // Hoisted from elsewhere (`#/properties/a/items`): name it after the last meaningful token.
  const meaningful = [...tokens].reverse().find((token) => !/^(\d+|items|properties|additionalProperties|anyOf|oneOf|allOf|prefixItems|\$defs|definitions)$/.test(token));
  return identifierPart(meaningful ?? "def");
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

