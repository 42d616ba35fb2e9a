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
import type { Schema, SchemaObject } from "../ir.js";
import { refTarget } from "../normalize/schema.js";
import { jsDoc, literalType, typePropertyKey } from "../text/escape.js";

export interface TypeNames {
  root: string;
  defs: ReadonlyMap<string, string>;
}

/**
 * Composite types are written parenthesised from the start, so nesting them
 * never depends on re-reading generated text (which holds server-written
 * comments). Prettier drops the parentheses it does not need.
 */
function union(members: string[]): string {
  const unique = [...new Set(members)];
  if (unique.includes("unknown")) return "unknown";
  const kept = unique.length > 1 ? unique.filter((member) => member !== "never") : unique;
  if (kept.length === 0) return "never";
  return kept.length === 1 ? kept[0]! : `(${kept.join(" | ")})`;
}

function intersection(members: string[]): string {
  const kept = [...new Set(members)].filter((member) => member !== "unknown");
  if (kept.includes("never")) return "never";
  if (kept.length === 0) return "unknown";
  return kept.length === 1 ? kept[0]! : `(${kept.join(" & ")})`;
}

/**
 * `T[]`. A negative literal cannot stand before `[]` bare, and Prettier prints
 * `(-1)[]` back as `-1[]`, which its own parser then rejects: `Array<-1>` is stable.
 */
function arrayOf(text: string): string {
  return text.startsWith("-") ? `Array<${text}>` : `${text}[]`;
}

/** An optional tuple element, `T?`, with the same care for negative literals. */
function optionalElement(text: string): string {
  return text.startsWith("-") ? `(${text} | never)?` : `${text}?`;
}

const OBJECT_KEYWORDS = ["properties", "additionalProperties", "patternProperties", "required"];
const ARRAY_KEYWORDS = ["items", "prefixItems"];

export class SchemaTypeWriter {
  constructor(private readonly names: TypeNames) {}

  /** The type of `schema`. */
  write(schema: Schema): string {
    return this.type(schema);
  }

  private type(schema: Schema): string {
    if (schema === true) return "unknown";
    if (schema === false) return "never";
    const parts: string[] = [];

    if (schema.const !== undefined) parts.push(literalType(schema.const));
    else if (Array.isArray(schema.enum)) parts.push(union(schema.enum.map(literalType)));
    else parts.push(this.base(schema));

    if (typeof schema.$ref === "string") parts.push(this.ref(schema.$ref));
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

  private base(schema: SchemaObject): string {
    let types: string[];
    if (typeof schema.type === "string") types = [schema.type];
    else if (Array.isArray(schema.type)) types = schema.type as string[];
    else if (OBJECT_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) types = ["object"];
    else if (ARRAY_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) types = ["array"];
    else return "unknown";
    return union(types.map((type) => {
      switch (type) {
        case "string": return "string";
        case "number":
        case "integer": return "number";
        case "boolean": return "boolean";
        case "null": return "null";
        case "array": return this.array(schema);
        case "object": return this.object(schema);
        default: return "unknown";
      }
    }));
  }

  private array(schema: SchemaObject): string {
    const prefix = schema.prefixItems as Schema[] | undefined;
    const items = schema.items as Schema | undefined;
    if (prefix === undefined) return arrayOf(items === undefined ? "unknown" : this.type(items));
    const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
    const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
    const elements = prefix.map((item, index) => {
      const type = this.type(item);
      return index < minItems ? type : optionalElement(type);
    });
    if (items !== false && maxItems > prefix.length) {
      elements.push(`...${arrayOf(items === undefined ? "unknown" : this.type(items))}`);
    }
    return `[${elements.join(", ")}]`;
  }

  private object(schema: SchemaObject): string {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required ?? []) as string[]);
    const members: string[] = [];
    const memberTypes: string[] = [];
    let anyOptional = false;
    for (const [name, property] of Object.entries(properties)) {
      const optional = !required.has(name);
      // An absent `constructor` (`toString`, ...) reads as Object.prototype's, and TypeScript checks
      // it so: without that member in the type, no object could omit the property (not even `{}`).
      const type = optional && OBJECT_MEMBERS.has(name) ? `${this.type(property)} | Object[${literalType(name)}]` : this.type(property);
      anyOptional ||= optional;
      memberTypes.push(type);
      members.push(`${propertyDoc(property)}${typePropertyKey(name)}${optional ? "?" : ""}: ${type};`);
    }
    for (const name of required) {
      if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
      members.push(`${typePropertyKey(name)}: unknown;`);
      memberTypes.push("unknown");
    }

    const indexTypes: string[] = [];
    const additional = schema.additionalProperties as Schema | undefined;
    if (additional !== undefined && additional !== false) indexTypes.push(this.type(additional));
    for (const pattern of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)) indexTypes.push(this.type(pattern));
    const declaresNothing = members.length === 0 && additional === undefined && schema.patternProperties === undefined;
    if (declaresNothing) indexTypes.push("unknown");
    if (indexTypes.length > 0) {
      let indexType = union(indexTypes);
      if (indexType !== "unknown" && members.length > 0) {
        // Every declared property must fit the index signature (TS2411).
        indexType = union([...indexTypes, ...memberTypes, ...(anyOptional ? ["undefined"] : [])]);
      }
      members.push(`[key: string]: ${indexType};`);
    }
    // A closed object without properties admits only `{}`; the type `{}` would admit any non-null value.
    if (members.length === 0) return additional === false ? "{ [key: string]: never }" : "{}";
    return `{\n${members.join("\n")}\n}`;
  }
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
