/**
 * Schema normalisation: one server schema, any supported dialect, into the
 * 2020-12 form every emitter reads (see `Schema` in ir/).
 *
 * Each schema object is read keyword by keyword through the table of keyword
 * rules (`rules/`); what spans the whole schema is structural and lives
 * here: resolving refs through resources (`ref-resolution`, resources.ts),
 * hoisting their targets (`ref-hoisting`), dynamic scopes (`dynamic-refs`,
 * `dynamic-scope-limit`), subschemas that are not schemas
 * (`lenient-subschemas`), and, once all is hoisted, `empty-ref-cycles`.
 * `registry.ts` lists every rule.
 */
import { joinPointer, pointerTokens, type Diagnostic, type DiagnosticCode } from "../shared/errors.js";
import type { Dialect, PatternMode, Schema, SchemaObject } from "../ir/index.js";
import { OLDER_SUBSCHEMA_KEYWORDS, SUBSCHEMA_KEYWORDS } from "../ir/keywords.js";
import { isRecord, setOwn } from "../shared/json.js";
import { reachedDefinitions } from "../ir/refs.js";
import { breakEmptyRefCycles } from "./empty-ref-cycles.js";
import { metaSchema } from "./meta-schemas.js";
import { RECURSIVE_ANCHOR, resolvePointer, SchemaIndex, type Location, type SchemaResource } from "./resources.js";
import { DEFAULT_BASE, uriStem } from "./uri.js";
import { spellOutsideAscii, UniqueNames } from "./naming.js";
import { checkPattern, decidePattern } from "./patterns.js";
import type { RefKeyword, RefResolution, Rule, SchemaNode } from "./rule.js";
import { declaredDialect, keywordsRead, readDialect } from "./rules/dialects.js";
import { FINISHING_RULES, keywordRule } from "./rules/index.js";

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
  /** The mode of each kept pattern that does not compile as `new RegExp(source, "u")` (see `ManifestIR.patternModes`). */
  patternModes: Map<string, PatternMode>;
}

export const LENIENT_SUBSCHEMAS: Rule = {
  name: "lenient-subschemas",
  does: "A value that is not a schema (an object or a boolean) where one must be is reported and costs only its place: the keyword holding it is dropped, or the place is unconstrained where dropping the keyword would constrain more (a property, a tuple position); a tool schema that is not one is typed `unknown` and not validated.",
  spec: "2020-12 Core §4.3",
  reports: ["schema-invalid"],
};

export const REF_HOISTING: Rule = {
  name: "ref-hoisting",
  does: "Every ref target (a definition, a subschema such as `#/properties/a`, an embedded resource, an anchor, a meta-schema) is copied once into `$defs`, under a key named after its last meaningful pointer token (or its URI): its ASCII letters, digits and `_`, each code point outside ASCII spelled `u` and its hex (`天気_point` → `u5929_u6c17_point`), `def` when nothing is left; numbered when taken, and the ref rewritten to `#/$defs/<key>`; a ref to the root is `#`. A subschema that is also a target is written once, as the target, and referred to from its place. Only the targets the root reaches are kept: a definition referred to only from definitions the root never reaches is dropped, so no type or validator is written for it.",
  reports: [],
};

export const DYNAMIC_REFS: Rule = {
  name: "dynamic-refs",
  does: "`$dynamicRef` and `$recursiveRef` resolve through the dynamic scope, which is known here: a target is hoisted once per set of dynamic anchors in force where it is used (the outermost resource declaring each name), so every dynamic ref becomes a plain `$ref`.",
  spec: "2020-12 Core §8.2.3.2; 2019-09 Core §8.2.4.2",
  reports: [],
};

export const DYNAMIC_SCOPE_LIMIT: Rule = {
  name: "dynamic-scope-limit",
  does: "Past 2,000 copies of subschemas made for dynamic scopes, every dynamic ref of the schema resolves to where it points statically, as a `$ref` does, with a warning.",
  reports: ["keyword-dropped"],
};

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

/** `dynamic-scope-limit`: beyond this many hoisted subschemas with dynamic scopes, dynamic refs are resolved as plain refs. */
const MAX_SPECIALISED_DEFS = 2000;
const TOO_MANY_SCOPES = Symbol("too many dynamic scopes");

class SchemaNormalizer {
  private dialect: Dialect = "2020-12";
  private index!: SchemaIndex;
  /** Dynamic anchor names resolved by scope (see `DynamicScope`). */
  private dynamicNames: ReadonlySet<string> = new Set();
  private rootScope = NO_DYNAMIC_SCOPE;
  /** Ref target (document, pointer, dynamic scope) → `$defs` key. */
  private readonly targets = new Map<string, string>();
  /** `$defs` key → where to report a problem with it: its pointer in the tool's schema, or the ref that brought it in from a known document. */
  private readonly origin = new Map<string, string>();
  /** The `$defs` keys claimed, numbered from 2 on a clash (one claim is amortised constant, however many share a base). */
  private keys = new UniqueNames(new Set());
  private readonly queue: Array<{ location: Location; scope: DynamicScope; key: string }> = [];
  private readonly defs: Record<string, Schema> = {};
  /** While a subschema of a known document (a meta-schema) is normalised: its URI, and the tool's pointer to report problems at. */
  private foreign: { uri: string; origin: string } | undefined;
  private specialised = 0;
  private readonly patternModes = new Map<string, PatternMode>();

  constructor(
    private readonly raw: unknown,
    private readonly context: SchemaContext,
  ) {}

  run(): NormalizeSchemaResult {
    this.dialect = readDialect(this.raw, (code, message, at, hint) => this.warn(code, message, at, hint));
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
      this.warn(
        "keyword-dropped",
        `$dynamicRef/$recursiveRef here would need over ${MAX_SPECIALISED_DEFS} copies of subschemas to resolve through every dynamic scope; each resolves to where it points statically instead, as a $ref does`,
        "",
      );
      return this.normalize(new Set());
    }
  }

  private reset() {
    this.targets.clear();
    this.origin.clear();
    this.keys = new UniqueNames(new Set());
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
    // Only what the root reaches counts (a definition nothing refers to is not reported on, nor kept below).
    const reached = reachedDefinitions(root, this.defs);
    // Reported at the place the input has each (a ref into #/properties is hoisted into $defs here).
    const broken = breakEmptyRefCycles(new Map<string, Schema>([["#", root], ...reached.map((key): [string, Schema] => [key, this.defs[key]!])]), (target) => {
      const pointer = target === "#" ? "" : (this.origin.get(target) ?? `/$defs/${target}`);
      this.warn(
        "ref-unresolved",
        "this schema refers to itself without descending into any property or item, which constrains nothing; that $ref is not applied",
        pointer,
      );
    });
    // Only what the root still reaches (less, when a cycle's refs were removed): a target referred to from an unreferenced definition alone is not kept.
    const defKeys = broken ? reachedDefinitions(root, this.defs) : reached;
    let schema: Schema = root;
    if (defKeys.length > 0) {
      schema = typeof root === "boolean" ? (root ? {} : { not: {} }) : root;
      const defs: Record<string, Schema> = {};
      for (const key of defKeys) setOwn(defs, key, this.defs[key]!);
      schema.$defs = defs;
    }
    return { dialect: this.dialect, schema, patternModes: this.patternModes };
  }

  private where(pointer: string) {
    return { file: this.context.file, tool: this.context.tool, pointer: this.context.pointer + pointer };
  }

  warn(code: DiagnosticCode, message: string, pointer: string, hint?: string) {
    // A problem inside a known document (a meta-schema) is reported at the tool's ref that brought it in.
    const [at, text] =
      this.foreign === undefined ? [pointer, message] : [this.foreign.origin, `${message} (in ${this.foreign.uri}, at ${pointer === "" ? "/" : pointer})`];
    this.context.diagnostics.push({ severity: "warning", code, message: text, ...this.where(at), hint });
  }

  /** `patterns`: whether a pattern is kept (warning as patterns.ts decides); records how a kept one compiles. */
  keepPattern(source: string, what: string, at: string): boolean {
    if (!checkPattern(source, what, this.where(at), this.context.diagnostics)) return false;
    const mode = decidePattern(source).mode;
    if (mode !== undefined) this.patternModes.set(source, mode);
    return true;
  }

  /**
   * `ref-hoisting`: every static `$ref` target is registered up front, so a
   * subschema that is also a ref target (`#/properties/primary`) is written
   * once, as a named type, and referenced from both places.
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
   * A subschema, normalised; undefined (with a warning: `lenient-subschemas`)
   * when `value` is not a schema, for the caller to drop its keyword or leave
   * the place unconstrained.
   */
  subschema(value: unknown, location: Location, parent: SchemaResource, outer: DynamicScope, isDefinition = false): Schema | undefined {
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
      this.warn(
        "schema-invalid",
        `a schema must be an object or a boolean, found ${found}; ${pointer === "" ? "the whole schema is typed unknown and not validated" : "ignored (typed unknown, not validated)"}`,
        pointer,
        "fix the tool's schema on the server, or edit the manifest",
      );
      return undefined;
    }
    const node = new NodeReader(this, value, location, resource, scope);
    for (const keyword of keywordsRead(value, resource.dialect)) {
      keywordRule(keyword).apply?.(node, keyword, value[keyword], joinPointer(pointer, keyword));
      if (node.replacement !== undefined) return node.replacement;
    }
    for (const rule of FINISHING_RULES) rule.finish!(node);
    return node.out;
  }

  /**
   * Where a `$ref`, `$dynamicRef` or `$recursiveRef` written in `resource`
   * under `scope` leads (`ref-resolution`, `dynamic-refs`, `ref-hoisting`).
   */
  resolveRef(keyword: RefKeyword, ref: string, at: string, resource: SchemaResource, scope: DynamicScope): RefResolution {
    const resolved = this.index.resolve(ref, resource);
    if (resolved.kind !== "found") return resolved.kind === "external" ? { kind: "external" } : resolved;
    let target = resolved.location;
    if (keyword === "$dynamicRef" && resolved.anchor !== undefined && resolved.resource.dynamicAnchors.get(resolved.anchor) === target.pointer) {
      // 2020-12 Core §8.2.3.2: a fragment made by `$dynamicAnchor` resolves to the outermost resource in scope declaring it.
      target = scope.bindings.get(resolved.anchor) ?? target;
    } else if (keyword === "$recursiveRef" && target.pointer === resolved.resource.pointer && resolved.resource.dynamicAnchors.has(RECURSIVE_ANCHOR)) {
      // 2019-09 Core §8.2.4.2: a target with `$recursiveAnchor: true` defers to the outermost resource in scope that has it too.
      target = scope.bindings.get(RECURSIVE_ANCHOR) ?? target;
    }
    return { kind: "found", target: this.refTo(target, scope, at) };
  }

  /** `ref-hoisting`: the `$defs` key of a target, claimed (and the target queued) the first time it is reached. */
  private keyFor(location: Location, scope: DynamicScope, at: string): string {
    const id = targetId(location, scope);
    const existing = this.targets.get(id);
    if (existing !== undefined) return existing;
    if (scope.key !== "" && ++this.specialised > MAX_SPECIALISED_DEFS) throw TOO_MANY_SCOPES;
    const { document, pointer } = location;
    const resource = document.resources.get(pointer);
    const base = !document.own && resource !== undefined ? identifierPart(uriStem(resource.uri)) : keyBase(pointer);
    const key = this.keys.claim(base);
    this.targets.set(id, key);
    this.origin.set(key, document.own ? pointer : (this.foreign?.origin ?? at));
    this.queue.push({ location, scope, key });
    return key;
  }
}

/** One schema object as the keyword rules read it (see `SchemaNode`). */
class NodeReader implements SchemaNode {
  readonly out: SchemaObject = {};
  readonly refs: string[] = [];
  readonly pointer: string;
  readonly dialect: Dialect;
  /** Set by `replace`: what the object normalises to. */
  replacement: SchemaObject | undefined;

  constructor(
    private readonly normalizer: SchemaNormalizer,
    readonly input: Readonly<Record<string, unknown>>,
    private readonly location: Location,
    private readonly resource: SchemaResource,
    private readonly scope: DynamicScope,
  ) {
    this.pointer = location.pointer;
    this.dialect = resource.dialect;
  }

  subschema(value: unknown, at: string): Schema | undefined {
    return this.normalizer.subschema(value, { document: this.location.document, pointer: at }, this.resource, this.scope);
  }

  resolve(keyword: RefKeyword, ref: string, at: string): RefResolution {
    return this.normalizer.resolveRef(keyword, ref, at, this.resource, this.scope);
  }

  keepPattern(source: string, what: string, at: string): boolean {
    return this.normalizer.keepPattern(source, what, at);
  }

  warn(code: DiagnosticCode, message: string, at: string, hint?: string): void {
    this.normalizer.warn(code, message, at, hint);
  }

  drop(keyword: string, at: string, why: string): void {
    this.normalizer.warn("keyword-dropped", `\`${keyword}\` ${why}; ignored`, at);
  }

  replace(schema: SchemaObject): void {
    this.replacement = schema;
  }
}

/** Identifies a hoisted subschema: its place and the dynamic scope it is read in. */
function targetId(location: Location, scope: DynamicScope): string {
  return `${location.document.id}:${scope.key}:${location.pointer}`;
}

/**
 * Letters, digits and `_` of `text`, for a `$defs` key, each code point outside ASCII spelled `u`
 * and its hex as in a tool's name (`天気_point` → `u5929_u6c17_point`, not `point`; `天気` →
 * `u5929_u6c17`, not `def`): so that the key, and the type named after it, depend on this text
 * alone. "def" when nothing is left.
 */
function identifierPart(text: string): string {
  // The separators around a spelled code point (the only characters outside ASCII left), with the
  // underscores beside them, are one `_`; ASCII is kept as it always was.
  return (
    spellOutsideAscii(text, "\uffff")
      .replace(/_*\uffff[_\uffff]*/g, "_")
      .replace(/[^A-Za-z0-9_]+/g, "_")
      .replace(/^_+|_+$/g, "") || "def"
  );
}

/** A `$defs` key for the subschema at `pointer`, named after its last meaningful token. */
function keyBase(pointer: string): string {
  const tokens = pointerTokens(pointer);
  const last = tokens[tokens.length - 1] ?? "def";
  if (tokens.length <= 2 && (tokens[0] === "$defs" || tokens[0] === "definitions")) return identifierPart(last);
  // Hoisted from elsewhere (`#/properties/a/items`): name it after the last meaningful token.
  const meaningful = [...tokens].reverse().find((token) => !/^\d+$/.test(token) && !SUBSCHEMA_KEYWORDS.has(token) && !OLDER_SUBSCHEMA_KEYWORDS.has(token));
  return identifierPart(meaningful ?? "def");
}
