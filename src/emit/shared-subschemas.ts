/**
 * Compiles repeated subschemas once. Servers repeat structure: the same
 * pagination object, the same `{ items: [...] }` result, the same `$defs`
 * entry, across many tools and within one. ajv writes the full checking code
 * at every repeat, which costs compile time and output size in proportion.
 * Here each repeated subschema becomes a schema of its own that every repeat
 * refers to with `$ref`, so ajv compiles it once (per chunk) and the repeats call it.
 *
 * A `$ref` checks exactly what the subschema it replaces did (annotations
 * flow through it too). The limits that keep this plainly safe:
 * - a subschema holding a local `$ref` (`#`, `#/$defs/..`) stays in place,
 *   since those refs are relative to its tool's root;
 * - a `$defs` entry is never replaced by a `$ref` (ajv would compile a copy
 *   of the target for each tool); the refs to it are pointed at the shared
 *   schema instead, and the entry dropped;
 * - a subschema applied to the instance itself (an `allOf` member, `if`,
 *   `not`) is shared only when its root has no `unevaluatedProperties` or
 *   `unevaluatedItems`, which read what the instance's other subschemas
 *   evaluated.
 * Instance paths in errors are unchanged.
 */
import type { Schema, SchemaObject } from "../ir.js";
import { setOwn } from "../json.js";
import { refTarget } from "../normalize/schema.js";

/** A repeated subschema, compiled once. */
export interface SharedSubschema {
  id: string;
  schema: Schema;
}

/** Below this size (as JSON) a subschema is cheaper to repeat than to call. */
const MIN_SHARED_LENGTH = 64;

/**
 * Every keyword of a normalized schema that holds subschemas (a test holds this to what
 * normalize emits: a keyword missed here would hide its refs from the rewrite).
 * Where each keyword holds subschemas: `map` (names to subschemas), `list` or `one`; and whether
 * they check a child of the instance (a property value, an item, a property name) or the
 * instance itself (`$defs`: wherever a `$ref` applies them; `contains`: items, with annotations
 * the parent may read).
 */
export const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, { shape: "map" | "list" | "one"; childPosition: boolean }> = new Map([
  ["properties", { shape: "map", childPosition: true }],
  ["patternProperties", { shape: "map", childPosition: true }],
  ["additionalProperties", { shape: "one", childPosition: true }],
  ["items", { shape: "one", childPosition: true }],
  ["prefixItems", { shape: "list", childPosition: true }],
  ["propertyNames", { shape: "one", childPosition: true }],
  ["unevaluatedProperties", { shape: "one", childPosition: true }],
  ["unevaluatedItems", { shape: "one", childPosition: true }],
  ["$defs", { shape: "map", childPosition: false }],
  ["dependentSchemas", { shape: "map", childPosition: false }],
  ["allOf", { shape: "list", childPosition: false }],
  ["anyOf", { shape: "list", childPosition: false }],
  ["oneOf", { shape: "list", childPosition: false }],
  ["not", { shape: "one", childPosition: false }],
  ["if", { shape: "one", childPosition: false }],
  ["then", { shape: "one", childPosition: false }],
  ["else", { shape: "one", childPosition: false }],
  ["contains", { shape: "one", childPosition: false }],
]);

/**
 * Rewrites `roots` so each subschema found at least twice (across all roots)
 * is a `$ref` to `idFor(n)`; returns the rewritten roots and the shared
 * subschemas, in order of first appearance.
 */
export function shareRepeatedSubschemas(roots: readonly Schema[], idFor: (index: number) => string): { roots: Schema[]; shared: SharedSubschema[] } {
  const registry = new Registry(idFor);
  const withSharedDefinitions = shareDefinitions(roots, registry);
  // The shared definitions are roots too: what they repeat inside is shared like the rest.
  const definitions = [...registry.shared];
  const all: Place[] = [
    ...withSharedDefinitions.map((schema) => ({ schema })),
    ...definitions.map((entry) => ({ schema: entry.schema, evaluated: registry.evaluated.has(entry.id) })),
  ];
  const remaining = withSharedDefinitions.map(definitionsOf);
  const rewritten = shareRepeats(all, registry);
  definitions.forEach((entry, index) => (entry.schema = rewritten[roots.length + index]!));
  // A definition used once as such, and repeated elsewhere in the manifest, is now a shared schema too
  // (not for a root reading `unevaluated*`: that shared schema's insides were rewritten without it in view).
  const result = rewritten.slice(0, roots.length).map((root, index) => {
    if (readsEvaluation(root)) return root;
    const renames = new Map<string, string>();
    for (const { name, key } of remaining[index]!) {
      const id = registry.get(key);
      if (id !== undefined) renames.set(name, id);
    }
    return renames.size === 0 ? root : withoutDefinitions(retargetRefs(root, renames), renames);
  });
  return { roots: result, shared: registry.shared };
}

/** A schema to rewrite. */
interface Place {
  schema: Schema;
  /** True when an `unevaluated*` keyword elsewhere (in a root that refers to this definition) reads what it evaluates. */
  evaluated?: boolean;
}

/** Shared subschemas by content. */
class Registry {
  readonly shared: SharedSubschema[] = [];
  /** Shared definitions that a root reading `unevaluated*` refers to (see `Place.evaluated`). */
  readonly evaluated = new Set<string>();
  private readonly idByKey = new Map<string, string>();
  constructor(private readonly idFor: (index: number) => string) {}

  has(key: string): boolean {
    return this.idByKey.has(key);
  }

  get(key: string): string | undefined {
    return this.idByKey.get(key);
  }

  /** The id of the shared schema with this content; `create` gives its schema the first time. */
  idOf(key: string, create: () => Schema): string {
    let id = this.idByKey.get(key);
    if (id === undefined) {
      id = this.idFor(this.shared.length);
      this.idByKey.set(key, id);
      const entry: SharedSubschema = { id, schema: false };
      this.shared.push(entry);
      entry.schema = create();
    }
    return id;
  }
}

/**
 * `$defs` entries repeated across roots: the refs to each point at one shared
 * schema, and the entry is dropped. Repeated until no more are found, since a
 * definition that referred only to shared ones can now be shared itself.
 */
function shareDefinitions(roots: readonly Schema[], registry: Registry): Schema[] {
  let current = [...roots];
  for (;;) {
    const definitions = current.map(definitionsOf);
    const counts = new Map<string, number>();
    for (const found of definitions) for (const { key } of found) counts.set(key, (counts.get(key) ?? 0) + 1);
    let changed = false;
    current = current.map((root, index) => {
      const renames = new Map<string, string>();
      for (const { name, key, schema } of definitions[index]!) {
        if (key.length < MIN_SHARED_LENGTH || ((counts.get(key) ?? 0) < 2 && !registry.has(key))) continue;
        renames.set(name, registry.idOf(key, () => schema));
      }
      if (renames.size === 0) return root;
      changed = true;
      if (readsEvaluation(root)) for (const id of renames.values()) registry.evaluated.add(id);
      return withoutDefinitions(retargetRefs(root, renames), renames);
    });
    if (!changed) return current;
  }
}

/** A root's `$defs` entries that hold no local `$ref`, with their content as JSON. */
function definitionsOf(root: Schema): Array<{ name: string; key: string; schema: Schema }> {
  if (typeof root === "boolean" || typeof root["$defs"] !== "object" || root["$defs"] === null) return [];
  const found: Array<{ name: string; key: string; schema: Schema }> = [];
  for (const [name, schema] of Object.entries(root["$defs"] as Record<string, Schema>)) {
    if (typeof schema === "object" && !holdsLocalRef(schema)) found.push({ name, key: JSON.stringify(schema), schema });
  }
  return found;
}

/** `schema` with each `$ref` to a renamed definition pointing at its new id. */
function retargetRefs(schema: Schema, renames: ReadonlyMap<string, string>): Schema {
  if (typeof schema === "boolean") return schema;
  const out = mapSubschemas(schema, (sub) => retargetRefs(sub, renames));
  const ref = schema["$ref"];
  if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
    const id = renames.get(refTarget(ref));
    if (id !== undefined) out["$ref"] = id;
  }
  return out;
}

function withoutDefinitions(root: Schema, names: ReadonlyMap<string, string>): Schema {
  if (typeof root === "boolean") return root;
  const definitions: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(root["$defs"] as Record<string, Schema>)) if (!names.has(name)) setOwn(definitions, name, schema);
  const { $defs: _dropped, ...rest } = root;
  return Object.keys(definitions).length > 0 ? { ...rest, $defs: definitions } : rest;
}

/** Replaces subschemas repeated across `places` (outermost first) with refs to shared schemas; a new shared schema is itself rewritten once. */
function shareRepeats(places: readonly Place[], registry: Registry): Schema[] {
  const sameInstanceToo = places.map((place) => !place.evaluated && !readsEvaluation(place.schema));
  // Pass 1: serialise every subschema without local refs once (by identity: the JSON of a
  // subschema depends only on its content) and count the repeats where they may be replaced.
  const keyOf = new Map<SchemaObject, string | null>();
  const refs = new Map<SchemaObject, boolean>();
  const counts = new Map<string, number>();
  places.forEach((place, index) => {
    walkSubschemas(place.schema, (node, childPosition, replaceable) => {
      const key = serialise(node, keyOf, refs);
      if (key !== null && replaceable && (childPosition || sameInstanceToo[index])) counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  });

  // Pass 2: replace.
  const refFor = (node: SchemaObject, childPosition: boolean, index: number): Schema | undefined => {
    if (!childPosition && !sameInstanceToo[index]) return undefined;
    const key = keyOf.get(node);
    if (key === undefined || key === null || key.length < MIN_SHARED_LENGTH) return undefined;
    if ((counts.get(key) ?? 0) < 2 && !registry.has(key)) return undefined;
    return { $ref: registry.idOf(key, () => rewriteSubschemas(node, (child, isChild) => refFor(child, isChild, index))) };
  };
  return places.map((place, index) => rewriteSubschemas(place.schema, (child, childPosition) => refFor(child, childPosition, index)));
}

/** The JSON text of a subschema without any local `$ref` below it (null when it has one), computed once per object. */
function serialise(node: SchemaObject, keyOf: Map<SchemaObject, string | null>, refs: Map<SchemaObject, boolean>): string | null {
  let key = keyOf.get(node);
  if (key === undefined) {
    key = holdsLocalRef(node, refs) ? null : JSON.stringify(node);
    keyOf.set(node, key);
  }
  return key;
}

/** True when `schema` or a subschema of it has a `$ref` relative to its root (shared schemas' absolute ids are not); remembered per object. */
function holdsLocalRef(schema: Schema, known = new Map<SchemaObject, boolean>()): boolean {
  if (typeof schema === "boolean") return false;
  let holds = known.get(schema);
  if (holds === undefined) {
    holds = (typeof schema["$ref"] === "string" && schema["$ref"].startsWith("#")) || slotsOf(schema).some((slot) => holdsLocalRef(slot.sub, known));
    known.set(schema, holds);
  }
  return holds;
}

/** Calls `visit` for every subschema object below `schema` (not `schema` itself), except below `propertyNames`. */
function walkSubschemas(schema: Schema, visit: (node: SchemaObject, childPosition: boolean, replaceable: boolean) => void): void {
  if (typeof schema === "boolean") return;
  for (const slot of slotsOf(schema)) {
    if (typeof slot.sub === "object") visit(slot.sub, slot.childPosition, slot.replaceable);
    if (slot.keyword !== "propertyNames") walkSubschemas(slot.sub, visit);
  }
}

/** Where a subschema sits directly below its parent: keyword, then name or index for maps and lists. */
export interface Slot {
  keyword: string;
  key: string | number | undefined;
  sub: Schema;
  /** True when the subschema checks a child of the parent's instance (a property value, an item, a property name). */
  childPosition: boolean;
  /**
   * False for `$defs` entries (refs point at them, and a ref to a ref makes ajv compile the target
   * again) and for `propertyNames` (ajv tells a called schema nothing of the property name, so
   * its issues could not name the property): neither they nor anything below them is replaced.
   */
  replaceable: boolean;
}

/** The subschemas directly below `schema`. */
function slotsOf(schema: SchemaObject): Slot[] {
  const slots: Slot[] = [];
  for (const keyword in schema) {
    const kind = SUBSCHEMA_KEYWORDS.get(keyword);
    if (kind === undefined) continue;
    const value = schema[keyword];
    const { childPosition } = kind;
    const replaceable = keyword !== "$defs" && keyword !== "propertyNames";
    if (kind.shape === "map") {
      for (const [name, sub] of Object.entries(value as Record<string, Schema>)) slots.push({ keyword, key: name, sub, childPosition, replaceable });
    } else if (kind.shape === "list") {
      (value as Schema[]).forEach((sub, index) => slots.push({ keyword, key: index, sub, childPosition, replaceable }));
    } else {
      slots.push({ keyword, key: undefined, sub: value as Schema, childPosition, replaceable });
    }
  }
  return slots;
}

/** True when `unevaluatedProperties` or `unevaluatedItems` appears anywhere in `schema`. */
function readsEvaluation(schema: Schema): boolean {
  if (typeof schema === "boolean") return false;
  return "unevaluatedProperties" in schema || "unevaluatedItems" in schema || slotsOf(schema).some((slot) => readsEvaluation(slot.sub));
}

/** A copy of `schema` whose subschemas are replaced where `replace` says, and rewritten below otherwise (`replace` returns undefined). */
function rewriteSubschemas(schema: Schema, replace: (child: SchemaObject, childPosition: boolean) => Schema | undefined): Schema {
  if (typeof schema === "boolean") return schema;
  return mapSubschemas(schema, (sub, slot) => {
    if (slot.keyword === "propertyNames") return sub;
    return (typeof sub === "object" && slot.replaceable ? replace(sub, slot.childPosition) : undefined) ?? rewriteSubschemas(sub, replace);
  });
}

/** A copy of `schema` with each direct subschema replaced by `transform`'s result. */
export function mapSubschemas(schema: SchemaObject, transform: (sub: Schema, slot: Slot) => Schema): SchemaObject {
  const out: SchemaObject = { ...schema };
  const copied = new Set<string>();
  for (const slot of slotsOf(schema)) {
    const next = transform(slot.sub, slot);
    const { keyword, key } = slot;
    if (key === undefined) {
      out[keyword] = next;
      continue;
    }
    // Maps and lists are copied once, then filled in slot by slot (map keys as own properties: one may be `__proto__`).
    if (!copied.has(keyword)) {
      copied.add(keyword);
      out[keyword] = Array.isArray(schema[keyword]) ? [...(schema[keyword] as Schema[])] : copyMap(schema[keyword] as Record<string, Schema>);
    }
    if (typeof key === "number") (out[keyword] as Schema[])[key] = next;
    else setOwn(out[keyword] as Record<string, Schema>, key, next);
  }
  return out;
}

function copyMap(map: Record<string, Schema>): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [name, value] of Object.entries(map)) setOwn(out, name, value);
  return out;
}
