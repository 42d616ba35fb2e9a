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
import type { Schema, SchemaObject } from "../../ir/index.js";
import { setOwn } from "../../shared/json.js";
import { refTarget } from "../../ir/refs.js";
import { SUBSCHEMA_KEYWORDS as IR_SUBSCHEMA_KEYWORDS } from "../../ir/keywords.js";

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
export const SUBSCHEMA_KEYWORDS: ReadonlyMap<string, { shape: "map" | "list" | "one"; childPosition: boolean }> = new Map(
  [...IR_SUBSCHEMA_KEYWORDS].map(([keyword, kind]) => [keyword, { shape: kind.shape, childPosition: kind.position === "child" }]),
);

/**
 * Rewrites `roots` so each subschema found at least twice (across all roots)
 * is a `$ref` to `idFor(n)`; returns the rewritten roots, the shared
 * subschemas in order of first appearance, and whether any root uses
 * `unevaluatedProperties` or `unevaluatedItems` (anywhere in it).
 */
export function shareRepeatedSubschemas(
  roots: readonly Schema[],
  idFor: (index: number) => string,
): { roots: Schema[]; shared: SharedSubschema[]; readsEvaluation: boolean } {
  const registry = new Registry(idFor);
  const contents = new ContentIndex();
  const readsEvaluation = (schema: Schema) => typeof schema === "object" && contents.of(schema).readsEvaluation;
  const readers = roots.map(readsEvaluation);
  const withSharedDefinitions = shareDefinitions(roots, readers, registry, contents);
  // The shared definitions are roots too: what they repeat inside is shared like the rest.
  const definitions = [...registry.shared];
  const all: Place[] = [
    ...withSharedDefinitions.map((schema, index) => ({ schema, readsEvaluation: readers[index]! })),
    ...definitions.map((entry) => ({ schema: entry.schema, readsEvaluation: registry.evaluated.has(entry.id) || readsEvaluation(entry.schema) })),
  ];
  const remaining = withSharedDefinitions.map((root) => definitionsOf(root, contents));
  const rewritten = shareRepeats(all, registry, contents);
  definitions.forEach((entry, index) => (entry.schema = rewritten[roots.length + index]!));
  // A definition used once as such, and repeated elsewhere in the manifest, is now a shared schema too
  // (not for a root reading `unevaluated*`: that shared schema's insides were rewritten without it in view).
  const result = rewritten.slice(0, roots.length).map((root, at) => {
    if (readers[at]) return root;
    const renames = new Map<string, string>();
    for (const { name, content } of remaining[at]!) {
      const id = registry.get(content);
      if (id !== undefined) renames.set(name, id);
    }
    return renames.size === 0 ? root : withoutDefinitions(retargetRefs(root, renames), renames);
  });
  return { roots: result, shared: registry.shared, readsEvaluation: readers.some(Boolean) };
}

/** A schema to rewrite. */
interface Place {
  schema: Schema;
  /** True when an `unevaluated*` keyword in it, or in a root that refers to it (a definition), reads what its subschemas evaluate. */
  readsEvaluation: boolean;
}

/** Shared subschemas by content (see `ContentIndex`). */
class Registry {
  readonly shared: SharedSubschema[] = [];
  /** Shared definitions that a root reading `unevaluated*` refers to (see `Place.readsEvaluation`). */
  readonly evaluated = new Set<string>();
  private readonly idByContent = new Map<number, string>();
  constructor(private readonly idFor: (index: number) => string) {}

  has(content: number): boolean {
    return this.idByContent.has(content);
  }

  get(content: number): string | undefined {
    return this.idByContent.get(content);
  }

  /** The id of the shared schema with this content; `create` gives its schema the first time. */
  idOf(content: number, create: () => Schema): string {
    let id = this.idByContent.get(content);
    if (id === undefined) {
      id = this.idFor(this.shared.length);
      this.idByContent.set(content, id);
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
function shareDefinitions(roots: readonly Schema[], readers: readonly boolean[], registry: Registry, contents: ContentIndex): Schema[] {
  let current = [...roots];
  for (;;) {
    const definitions = current.map((root) => definitionsOf(root, contents));
    const counts = new Map<number, number>();
    for (const found of definitions) for (const { content } of found) counts.set(content, (counts.get(content) ?? 0) + 1);
    let changed = false;
    current = current.map((root, at) => {
      const renames = new Map<string, string>();
      for (const { name, content, length, schema } of definitions[at]!) {
        if (length < MIN_SHARED_LENGTH || ((counts.get(content) ?? 0) < 2 && !registry.has(content))) continue;
        renames.set(
          name,
          registry.idOf(content, () => schema),
        );
      }
      if (renames.size === 0) return root;
      changed = true;
      if (readers[at]) for (const id of renames.values()) registry.evaluated.add(id);
      return withoutDefinitions(retargetRefs(root, renames), renames);
    });
    if (!changed) return current;
  }
}

/** A root's `$defs` entries that hold no local `$ref`, with their content and length (see `ContentIndex`). */
function definitionsOf(root: Schema, contents: ContentIndex): Array<{ name: string; content: number; length: number; schema: Schema }> {
  if (typeof root === "boolean" || typeof root["$defs"] !== "object" || root["$defs"] === null) return [];
  const found: Array<{ name: string; content: number; length: number; schema: Schema }> = [];
  for (const [name, schema] of Object.entries(root["$defs"] as Record<string, Schema>)) {
    if (typeof schema !== "object") continue;
    const { content, length, holdsLocalRef } = contents.of(schema);
    if (!holdsLocalRef) found.push({ name, content, length, schema });
  }
  return found;
}

/** `schema` with each `$ref` to a renamed definition pointing at its new id. */
function retargetRefs(schema: Schema, renames: ReadonlyMap<string, string>): Schema {
  if (typeof schema === "boolean") return schema;
  const out = mapSubschemas(schema, (sub) => retargetRefs(sub, renames));
  const ref = schema["$ref"];
  const id = typeof ref === "string" && ref.startsWith("#/$defs/") ? renames.get(refTarget(ref)) : undefined;
  return id === undefined ? out : { ...out, $ref: id };
}

function withoutDefinitions(root: Schema, names: ReadonlyMap<string, string>): Schema {
  if (typeof root === "boolean") return root;
  const definitions: Record<string, Schema> = {};
  for (const [name, schema] of Object.entries(root["$defs"] as Record<string, Schema>)) if (!names.has(name)) setOwn(definitions, name, schema);
  const { $defs: _dropped, ...rest } = root;
  return Object.keys(definitions).length > 0 ? { ...rest, $defs: definitions } : rest;
}

/** Replaces subschemas repeated across `places` (outermost first) with refs to shared schemas; a new shared schema is itself rewritten once. */
function shareRepeats(places: readonly Place[], registry: Registry, contents: ContentIndex): Schema[] {
  const sameInstanceToo = places.map((place) => !place.readsEvaluation);
  // Pass 1: count the repeats of every subschema without local refs where they may be replaced.
  const counts = new Map<number, number>();
  places.forEach((place, at) => {
    walkSubschemas(place.schema, (node, childPosition, replaceable) => {
      if (!replaceable || !(childPosition || sameInstanceToo[at])) return;
      const { content, holdsLocalRef } = contents.of(node);
      if (!holdsLocalRef) counts.set(content, (counts.get(content) ?? 0) + 1);
    });
  });

  // Pass 2: replace.
  const refFor = (node: SchemaObject, childPosition: boolean, at: number): Schema | undefined => {
    if (!childPosition && !sameInstanceToo[at]) return undefined;
    const { content, length, holdsLocalRef } = contents.of(node);
    if (holdsLocalRef || length < MIN_SHARED_LENGTH) return undefined;
    if ((counts.get(content) ?? 0) < 2 && !registry.has(content)) return undefined;
    return { $ref: registry.idOf(content, () => rewriteSubschemas(node, (child, isChild) => refFor(child, isChild, at))) };
  };
  return places.map((place, at) => rewriteSubschemas(place.schema, (child, childPosition) => refFor(child, childPosition, at)));
}

/** What the planner needs to know of a subschema object (see `ContentIndex`). */
interface ContentFacts {
  /** The same number for two subschemas exactly when their JSON texts are the same. */
  content: number;
  /** The length of its JSON text (what `MIN_SHARED_LENGTH` measures). */
  length: number;
  /** True when it or a subschema of it has a `$ref` relative to its root (shared schemas' absolute ids are not). */
  holdsLocalRef: boolean;
  /** True when `unevaluatedProperties` or `unevaluatedItems` appears in it or in a subschema of it. */
  readsEvaluation: boolean;
}

/**
 * Content identity of subschema objects, with the other facts the plan asks
 * of each (local refs, unevaluated keywords), computed bottom-up once per object
 * (schemas are never modified in place, so an object's facts never change).
 * A subschema's text is its JSON with each subschema below it written as
 * `#<content>`: equal texts mean equal JSON, and each level writes only its
 * own keywords, where serialising every subschema whole would write each
 * level again for every subschema above it.
 */
export class ContentIndex {
  private readonly contentByText = new Map<string, number>();
  private readonly facts = new Map<SchemaObject, ContentFacts>();

  of(schema: SchemaObject): ContentFacts {
    let facts = this.facts.get(schema);
    if (facts === undefined) {
      facts = this.compute(schema);
      this.facts.set(schema, facts);
    }
    return facts;
  }

  private compute(schema: SchemaObject): ContentFacts {
    let holdsLocalRef = typeof schema["$ref"] === "string" && schema["$ref"].startsWith("#");
    let readsEvaluation = "unevaluatedProperties" in schema || "unevaluatedItems" in schema;
    // The JSON text's length: this text's, less the tokens', plus the subschemas' texts'.
    let lengthDelta = 0;
    const token = (sub: Schema): string => {
      if (typeof sub === "boolean") return String(sub);
      const facts = this.of(sub);
      holdsLocalRef ||= facts.holdsLocalRef;
      readsEvaluation ||= facts.readsEvaluation;
      const text = `#${facts.content}`;
      lengthDelta += facts.length - text.length;
      return text;
    };
    const parts: string[] = [];
    for (const [keyword, value] of Object.entries(schema)) {
      if (value === undefined) continue;
      const shape = SUBSCHEMA_KEYWORDS.get(keyword)?.shape;
      const written =
        shape === "one"
          ? token(value as Schema)
          : shape === "list"
            ? `[${(value as Schema[]).map(token).join(",")}]`
            : shape === "map"
              ? `{${Object.entries(value as Record<string, Schema>)
                  .map(([name, sub]) => `${JSON.stringify(name)}:${token(sub)}`)
                  .join(",")}}`
              : JSON.stringify(value);
      parts.push(`${JSON.stringify(keyword)}:${written}`);
    }
    const text = `{${parts.join(",")}}`;
    let content = this.contentByText.get(text);
    if (content === undefined) {
      content = this.contentByText.size;
      this.contentByText.set(text, content);
    }
    return { content, length: text.length + lengthDelta, holdsLocalRef, readsEvaluation };
  }
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

/** A copy of `schema` whose subschemas are replaced where `replace` says, and rewritten below otherwise (`replace` returns undefined). */
function rewriteSubschemas(schema: Schema, replace: (child: SchemaObject, childPosition: boolean) => Schema | undefined): Schema {
  if (typeof schema === "boolean") return schema;
  return mapSubschemas(schema, (sub, slot) => {
    if (slot.keyword === "propertyNames") return sub;
    return (typeof sub === "object" && slot.replaceable ? replace(sub, slot.childPosition) : undefined) ?? rewriteSubschemas(sub, replace);
  });
}

/**
 * `schema` with each direct subschema replaced by `transform`'s result: a
 * copy, or `schema` itself when `transform` returned every subschema as it
 * was. Schemas are never modified in place, so unchanged parts are shared.
 */
export function mapSubschemas(schema: SchemaObject, transform: (sub: Schema, slot: Slot) => Schema): SchemaObject {
  let out: SchemaObject | undefined;
  const copied = new Set<string>();
  for (const slot of slotsOf(schema)) {
    const next = transform(slot.sub, slot);
    if (next === slot.sub && out === undefined) continue;
    out ??= { ...schema };
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
  return out ?? schema;
}

function copyMap(map: Record<string, Schema>): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  for (const [name, value] of Object.entries(map)) setOwn(out, name, value);
  return out;
}
