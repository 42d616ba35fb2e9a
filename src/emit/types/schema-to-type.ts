/**
 * JSON Schema (normalised, 2020-12) to a TypeScript type expression.
 *
 * Mapping rules:
 *   - `true`/`{}` → `unknown`; `false` → `never`
 *   - `const` → a literal; `enum` → a union of literals (never a TS `enum`);
 *     non-primitive members widen to `unknown`
 *   - `type` → `string`/`number`/`boolean`/`null`/array/object; a list of types → a union;
 *     no `type` → inferred from object or array keywords
 *   - object: `required` decides `?`; `additionalProperties` false → closed,
 *     true/`{}` → `[key: string]: unknown`, a schema → an index signature of its type
 *     (widened by the declared properties' types, as TS requires); absent → closed,
 *     except an object with no declared properties, which is a record
 *   - `prefixItems` → a tuple (elements past `minItems` optional, `items` as the rest);
 *     `items` → `T[]`
 *   - `anyOf`/`oneOf` → unions; `allOf` → intersections, each combined with sibling keywords
 *   - `$ref` → the referenced type's name (recursive refs become recursive aliases)
 *   - `format` adds nothing to the type (a `date-time` is a `string`)
 */
import type { Schema, SchemaObject } from "../../ir/index.js";
import { refTarget } from "../../ir/refs.js";
import { jsDoc, literalType, typePropertyKey } from "../../shared/escape.js";

export interface TypeNames {
  root: string;
  defs: ReadonlyMap<string, string>;
}

/**
 * A type: its text as emitted (composites parenthesised from the start, so
 * nesting never depends on re-reading generated text, which holds
 * server-written comments; Prettier drops the parentheses it does not need)
 * and its shape, from which type-layout.ts prints it as Prettier would.
 */
export interface TypeNode {
  raw: string;
  shape: TypeShape;
}

export type TypeShape =
  /** A keyword, a type name, `{}`, `{ [key: string]: never }`: printed as is. */
  | { kind: "name" }
  /** A string, number, boolean or null literal. */
  | { kind: "literal" }
  | { kind: "union"; members: TypeNode[] }
  | { kind: "intersection"; members: TypeNode[] }
  | { kind: "array"; element: TypeNode }
  | { kind: "tuple"; elements: TupleElement[] }
  | { kind: "object"; members: ObjectMember[] }
  /** Left to Prettier's layout. */
  | { kind: "opaque" };

export interface TupleElement {
  type: TypeNode;
  optional: boolean;
  rest: boolean;
}

export interface ObjectMember {
  /** JSDoc as emitted, unindented (`""` when none). */
  doc: string;
  /** The key as emitted: a name, a quoted name, or `[key: string]`. */
  key: string;
  optional: boolean;
  type: TypeNode;
}

const named = (raw: string): TypeNode => ({ raw, shape: { kind: "name" } });
const UNKNOWN = named("unknown");
const NEVER = named("never");

function union(members: TypeNode[]): TypeNode {
  const unique = distinct(members);
  if (unique.some((member) => member.raw === "unknown")) return UNKNOWN;
  const kept = unique.length > 1 ? unique.filter((member) => member.raw !== "never") : unique;
  if (kept.length === 0) return NEVER;
  if (kept.length === 1) return kept[0]!;
  return { raw: `(${kept.map((member) => member.raw).join(" | ")})`, shape: { kind: "union", members: kept } };
}

function intersection(members: TypeNode[]): TypeNode {
  const kept = distinct(members).filter((member) => member.raw !== "unknown");
  if (kept.some((member) => member.raw === "never")) return NEVER;
  if (kept.length === 0) return UNKNOWN;
  if (kept.length === 1) return kept[0]!;
  return { raw: `(${kept.map((member) => member.raw).join(" & ")})`, shape: { kind: "intersection", members: kept } };
}

/** The first of each text, in order. */
function distinct(members: TypeNode[]): TypeNode[] {
  const seen = new Set<string>();
  return members.filter((member) => !seen.has(member.raw) && seen.add(member.raw));
}

/**
 * `T[]`. A negative literal cannot stand before `[]` bare, and Prettier prints
 * `(-1)[]` back as `-1[]`, which its own parser then rejects: `Array<-1>` is stable.
 */
function arrayOf(element: TypeNode): TypeNode {
  return element.raw.startsWith("-") ? { raw: `Array<${element.raw}>`, shape: { kind: "opaque" } } : { raw: `${element.raw}[]`, shape: { kind: "array", element } };
}

/** An optional tuple element, `T?`, with the same care for negative literals. */
function optionalElement(element: TypeNode): TupleElement {
  if (!element.raw.startsWith("-")) return { type: element, optional: true, rest: false };
  return { type: { raw: `(${element.raw} | never)?`, shape: { kind: "opaque" } }, optional: false, rest: false };
}

function elementText(element: TupleElement): string {
  return `${element.rest ? "..." : ""}${element.type.raw}${element.optional ? "?" : ""}`;
}

const OBJECT_KEYWORDS = ["properties", "additionalProperties", "patternProperties", "required"];
const ARRAY_KEYWORDS = ["items", "prefixItems"];

export class SchemaTypeWriter {
  constructor(private readonly names: TypeNames) {}

  /** The type of `schema`. */
  write(schema: Schema): TypeNode {
    return this.type(schema);
  }

  private type(schema: Schema): TypeNode {
    if (schema === true) return UNKNOWN;
    if (schema === false) return NEVER;
    const parts: TypeNode[] = [];

    if (schema.const !== undefined) parts.push(literal(schema.const));
    else if (Array.isArray(schema.enum)) parts.push(union(schema.enum.map(literal)));
    else parts.push(this.base(schema));

    if (typeof schema.$ref === "string") parts.push(named(this.ref(schema.$ref)));
    for (const keyword of ["anyOf", "oneOf"] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches)) parts.push(union(branches.map((branch: Schema) => this.type(branch))));
    }
    if (Array.isArray(schema.allOf)) parts.push(...schema.allOf.map((part: Schema) => this.type(part)));
    return intersection(parts);
  }

  private ref(ref: string): string {
    const target = refTarget(ref);
    const name = target === "#" ? this.names.root : this.names.defs.get(target);
    if (name === undefined) throw new Error(`internal: no type name for ${ref}`);
    return name;
  }

  private base(schema: SchemaObject): TypeNode {
    let types: string[];
    if (typeof schema.type === "string") types = [schema.type];
    else if (Array.isArray(schema.type)) types = schema.type as string[];
    else if (OBJECT_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) types = ["object"];
    else if (ARRAY_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) types = ["array"];
    else return UNKNOWN;
    return union(types.map((type) => {
      switch (type) {
        case "string": return named("string");
        case "number":
        case "integer": return named("number");
        case "boolean": return named("boolean");
        case "null": return named("null");
        case "array": return this.array(schema);
        case "object": return this.object(schema);
        default: return UNKNOWN;
      }
    }));
  }

  private array(schema: SchemaObject): TypeNode {
    const prefix = schema.prefixItems as Schema[] | undefined;
    const items = schema.items as Schema | undefined;
    if (prefix === undefined) return arrayOf(items === undefined ? UNKNOWN : this.type(items));
    const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
    const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
    const elements = prefix.map((item, index): TupleElement => {
      const type = this.type(item);
      return index < minItems ? { type, optional: false, rest: false } : optionalElement(type);
    });
    if (items !== false && maxItems > prefix.length) {
      elements.push({ type: arrayOf(items === undefined ? UNKNOWN : this.type(items)), optional: false, rest: true });
    }
    return { raw: `[${elements.map(elementText).join(", ")}]`, shape: { kind: "tuple", elements } };
  }

  private object(schema: SchemaObject): TypeNode {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    const members: ObjectMember[] = [];
    const memberTypes: TypeNode[] = [];
    let anyOptional = false;
    for (const [name, property] of Object.entries(properties)) {
      const optional = !required.has(name);
      let type = this.type(property);
      // An absent `constructor` (`toString`, ...) reads as Object.prototype's, and TypeScript checks
      // it so: without that member in the type, no object could omit the property (not even `{}`).
      if (optional && OBJECT_MEMBERS.has(name)) type = { raw: `${type.raw} | Object[${literalType(name)}]`, shape: { kind: "opaque" } };
      anyOptional ||= optional;
      memberTypes.push(type);
      members.push({ doc: propertyDoc(property), key: typePropertyKey(name), optional, type });
    }
    for (const name of required) {
      if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
      members.push({ doc: "", key: typePropertyKey(name), optional: false, type: UNKNOWN });
      memberTypes.push(UNKNOWN);
    }

    const indexTypes: TypeNode[] = [];
    const additional = schema.additionalProperties as Schema | undefined;
    if (additional !== undefined && additional !== false) indexTypes.push(this.type(additional));
    for (const pattern of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)) indexTypes.push(this.type(pattern));
    const declaresNothing = members.length === 0 && additional === undefined && schema.patternProperties === undefined;
    if (declaresNothing) indexTypes.push(UNKNOWN);
    if (indexTypes.length > 0) {
      let indexType = union(indexTypes);
      if (indexType.raw !== "unknown" && members.length > 0) {
        // Every declared property must fit the index signature (TS2411).
        indexType = union([...indexTypes, ...memberTypes, ...(anyOptional ? [named("undefined")] : [])]);
      }
      members.push({ doc: "", key: "[key: string]", optional: false, type: indexType });
    }
    // A closed object without properties admits only `{}`; the type `{}` would admit any non-null value.
    if (members.length === 0) return named(additional === false ? "{ [key: string]: never }" : "{}");
    const lines = members.map((member) => `${member.doc}${member.key}${member.optional ? "?" : ""}: ${member.type.raw};`);
    return { raw: `{\n${lines.join("\n")}\n}`, shape: { kind: "object", members } };
  }
}

function literal(value: unknown): TypeNode {
  const text = literalType(value);
  return text === "unknown" || text === "number" ? named(text) : { raw: text, shape: { kind: "literal" } };
}

/** The members of TypeScript's `Object` interface, which every object type has. */
const OBJECT_MEMBERS: ReadonlySet<string> = new Set(["constructor", "toString", "toLocaleString", "valueOf", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable"]);

/** JSDoc for a property: its description, default and deprecation. */
export function propertyDoc(schema: Schema): string {
  if (typeof schema !== "object") return "";
  const tags: Array<[string, string]> = [];
  if (schema.default !== undefined) tags.push(["default", JSON.stringify(schema.default) ?? ""]);
  if (schema.deprecated === true) tags.push(["deprecated", ""]);
  const text = typeof schema.description === "string" ? schema.description : typeof schema.title === "string" ? schema.title : undefined;
  return jsDoc({ text, tags });
}
