/**
 * The type mapping (docs/type-mapping.md, "The mapping"), rule by rule: JSON Schema as
 * normalised (2020-12 keywords only, every ref `#` or `#/$defs/<key>`) to
 * TypeScript. Each rule has a name and is defined here once; a schema's type
 * is the intersection of the parts every rule gives it, in this order.
 * test/emit/type-mapping.test.ts holds one row per row of that table,
 * naming the rule that makes it.
 */
import type { JsDoc, Schema, SchemaObject, TupleElement, TypeMember, TypeNode } from "../../ir/index.js";
import { docLines, literalType, OBJECT_MEMBERS, stringLiteral, typePropertyKey } from "../../shared/escape.js";
import { propertiesClosedOut } from "../../ir/closed-objects.js";
import { typeKeywordAdmits } from "../../shared/json.js";
import { markdownCode } from "../../shared/markdown.js";
import { literal, paragraphs, property, reference, typeLiteral } from "../nodes.js";
import { intersection, isUnknown, NEVER, union, UNKNOWN } from "./combine.js";

/** What a rule reads besides the schema: the types of subschemas and of refs. */
export interface TypeContext {
  type(schema: Schema): TypeNode;
  /** The type named by a `$ref` (`#` or `#/$defs/<key>`). */
  ref(ref: string): TypeNode;
  /** The `x-mcp-header` name of a property schema of a tool's arguments (MCP 2026-07-28); undefined for any other. */
  mcpHeader?(property: Schema): string | undefined;
}

/** A rule: the parts of a schema's type it decides; none (`NONE`) where it does not apply. */
export type TypeRule = (schema: Schema, context: TypeContext) => readonly TypeNode[];

/** The rule of one JSON type (`type: "string"`, ...): the type of the schema as a value of that type. */
export type JsonTypeRule = (schema: SchemaObject, context: TypeContext) => TypeNode;

const NONE: readonly TypeNode[] = [];

export const TYPE_RULES = {
  /** `true` (and `{}`, to which no other rule adds a part) admits anything: `unknown`; `false` nothing: `never`. */
  "boolean schema": (schema) => (schema === true ? [UNKNOWN] : schema === false ? [NEVER] : NONE),
  /** `const` is its literal type (see `literalOf`); `never` when a sibling `type` refuses it. */
  const: (schema) =>
    typeof schema === "object" && schema.const !== undefined ? [typeKeywordAdmits(schema.type, schema.const) ? literalOf(schema.const) : NEVER] : NONE,
  /**
   * `enum` (without `const`) is the union of its literals that a sibling `type` admits, never a TS `enum`; `enum: []`
   * (or no member of the type) is `never`.
   */
  enum: (schema) =>
    typeof schema === "object" && schema.const === undefined && Array.isArray(schema.enum)
      ? [union(schema.enum.filter((value) => typeKeywordAdmits(schema.type, value)).map(literalOf))]
      : NONE,
  /**
   * `type` (without `const` or `enum`): the union of each listed type's rule
   * (JSON_TYPE_RULES). Without `type`, object keywords make an object and
   * array keywords an array: what servers mean, though the schema admits
   * other values too.
   */
  type: (schema, context) => {
    if (typeof schema !== "object" || schema.const !== undefined || Array.isArray(schema.enum)) return NONE;
    const types = declaredTypes(schema);
    if (types === undefined) return NONE;
    return [union(types.map((type) => (Object.prototype.hasOwnProperty.call(JSON_TYPE_RULES, type) ? JSON_TYPE_RULES[type]!(schema, context) : UNKNOWN)))];
  },
  /** `$ref` is the name of the type alias of its target; a recursive ref makes a recursive alias. */
  $ref: (schema, context) => (typeof schema === "object" && typeof schema.$ref === "string" ? [context.ref(schema.$ref)] : NONE),
  /** `anyOf` is the union of its branches (intersected with the sibling keywords' parts, as every part is). */
  anyOf: (schema, context) => branches(schema, "anyOf", context),
  /** `oneOf` the same: TypeScript has no exclusive union. */
  oneOf: (schema, context) => branches(schema, "oneOf", context),
  /** `allOf`: each member's type is a part of the intersection. */
  allOf: (schema, context) => (typeof schema === "object" && Array.isArray(schema.allOf) ? schema.allOf.map((member: Schema) => context.type(member)) : NONE),
} satisfies Record<string, TypeRule>;

const STRING = reference("string");
const NUMBER = reference("number");
const BOOLEAN = reference("boolean");
const NULL = literal("null");

export const JSON_TYPE_RULES: { readonly [type: string]: JsonTypeRule } = {
  /** Any `format` too: a `date-time` is a `string`. */
  string: () => STRING,
  number: () => NUMBER,
  integer: () => NUMBER,
  boolean: () => BOOLEAN,
  null: () => NULL,
  object: (schema, context) => objectType(schema, context),
  array: (schema, context) => (schema.prefixItems === undefined ? arrayOf(itemsType(schema, context)) : tupleType(schema, context)),
};

/** The names of all rules, as test/emit/type-mapping.test.ts cites them. */
export const TYPE_RULE_NAMES: readonly string[] = [...Object.keys(TYPE_RULES), ...Object.keys(JSON_TYPE_RULES).map((type) => `type: ${type}`), "doc"];

const OBJECT_KEYWORDS = ["properties", "additionalProperties", "patternProperties", "required"];
const ARRAY_KEYWORDS = ["items", "prefixItems"];

function declaredTypes(schema: SchemaObject): string[] | undefined {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (OBJECT_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) return ["object"];
  if (ARRAY_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) return ["array"];
  return undefined;
}

function branches(schema: Schema, keyword: "anyOf" | "oneOf", context: TypeContext): readonly TypeNode[] {
  const members = typeof schema === "object" ? schema[keyword] : undefined;
  return Array.isArray(members) ? [union(members.map((member: Schema) => context.type(member)))] : NONE;
}

/** A JSON value's literal type: strings, numbers, booleans and `null`; any other value widens to `unknown`. */
function literalOf(value: unknown): TypeNode {
  const text = literalType(value);
  return text === "unknown" || text === "number" ? reference(text) : literal(text);
}

/**
 * `Object["toString"]` for a name every object inherits a member by (`toString`, `constructor`): what reading such an
 * optional property, argument or variable gets when it was not given; undefined for any other name.
 */
export function inheritedMemberType(name: string): TypeNode | undefined {
  return OBJECT_MEMBERS.has(name) ? { kind: "indexedAccess", object: reference("Object"), index: literal(literalType(name)) } : undefined;
}

/**
 * An object type. Properties in `required` are required, the others
 * optional (`?`); a required name without a property is `unknown`. An
 * optional property named like an `Object.prototype` member (`constructor`,
 * `toString`, ...) is also that member's type: reading it when absent gives
 * the prototype's, and without it no object could omit the property (not
 * even `{}`). `additionalProperties` (unless `false`) and `patternProperties`
 * make an index signature, widened by every property's type (TS2411);
 * `additionalProperties` absent closes the object, unless it declares no
 * property at all: then it is a record of `unknown`. An object closed
 * without properties admits only `{}`. A property that only `allOf`
 * declares is refused by `additionalProperties: false` (which does not see
 * into `allOf`): `?: never`, so that the intersection with the `allOf`
 * member's type is never given too.
 */
function objectType(schema: SchemaObject, context: TypeContext): TypeNode {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const members: TypeMember[] = [];
  const memberTypes: TypeNode[] = [];
  let anyOptional = false;
  for (const [name, subschema] of Object.entries(properties)) {
    const optional = !required.has(name);
    const type = context.type(subschema);
    const prototypeMember = optional ? inheritedMemberType(name) : undefined;
    anyOptional ||= optional;
    memberTypes.push(type, ...(prototypeMember === undefined ? [] : [prototypeMember]));
    members.push(
      property(typePropertyKey(name), prototypeMember === undefined ? type : { kind: "union", types: [type, prototypeMember] }, {
        optional,
        doc: propertyDoc(subschema, context.mcpHeader?.(subschema)),
      }),
    );
  }
  // Declared only inside `allOf`, refused by `additionalProperties: false`: never given (required, no value is valid).
  const closedOut = new Set(propertiesClosedOut(schema).map(({ name }) => name));
  for (const name of required) {
    if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
    const type = closedOut.has(name) ? NEVER : UNKNOWN;
    members.push(property(typePropertyKey(name), type));
    memberTypes.push(type);
  }
  for (const name of closedOut) if (!required.has(name)) members.push(property(typePropertyKey(name), NEVER, { optional: true }));

  const indexTypes: TypeNode[] = [];
  const additional = schema.additionalProperties as Schema | undefined;
  if (additional !== undefined && additional !== false) indexTypes.push(context.type(additional));
  for (const pattern of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>)) indexTypes.push(context.type(pattern));
  if (members.length === 0 && additional === undefined && schema.patternProperties === undefined) indexTypes.push(UNKNOWN);
  if (indexTypes.length > 0) {
    let indexType = union(indexTypes);
    if (!isUnknown(indexType) && members.length > 0) indexType = union([...indexTypes, ...memberTypes, ...(anyOptional ? [reference("undefined")] : [])]);
    members.push({ kind: "index", readonly: false, parameter: "key", type: indexType });
  }
  if (members.length === 0)
    return additional === false ? typeLiteral([{ kind: "index", readonly: false, parameter: "key", type: NEVER }], false) : typeLiteral([], false);
  return typeLiteral(members, true);
}

function itemsType(schema: SchemaObject, context: TypeContext): TypeNode {
  const items = schema.items as Schema | undefined;
  return items === undefined ? UNKNOWN : context.type(items);
}

/**
 * `T[]`. A negative literal cannot stand before `[]` bare, and Prettier prints
 * `(-1)[]` back as `-1[]`, which its own parser then rejects: `Array<-1>` is stable.
 */
function arrayOf(element: TypeNode): TypeNode {
  return isNegativeLiteral(element) ? reference("Array", [element]) : { kind: "array", element };
}

const isNegativeLiteral = (type: TypeNode) => type.kind === "literal" && type.text.startsWith("-");

/**
 * `prefixItems`: a tuple, its elements past `minItems` optional, then `items`
 * (unless `false` or `maxItems` forbids more) as the rest.
 */
function tupleType(schema: SchemaObject, context: TypeContext): TypeNode {
  const prefix = schema.prefixItems as Schema[];
  const items = schema.items as Schema | undefined;
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
  const elements = prefix.map((item, index): TupleElement => {
    const type = context.type(item);
    if (index < minItems) return { type, optional: false, rest: false };
    // An optional negative literal, `-1?`, has the same trouble as `-1[]`; `(-1 | never)?` is stable.
    return { type: isNegativeLiteral(type) ? { kind: "union", types: [type, NEVER] } : type, optional: true, rest: false };
  });
  if (items !== false && maxItems > prefix.length) elements.push({ type: arrayOf(itemsType(schema, context)), optional: false, rest: true });
  return { kind: "tuple", elements };
}

const NO_DOC: JsDoc = [];

/**
 * The constraints a type cannot say, as JSDoc tags, in this order: what a
 * reader of the types (and of a `--check` diff) needs to see that a value is
 * refused (`minimum`, `maxLength`, `pattern`, `format`, ...).
 */
const CONSTRAINT_TAGS = [
  "minimum",
  "exclusiveMinimum",
  "maximum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
] as const;

/**
 * A property's JSDoc: its `description` (else its `title`), the HTTP header an `x-mcp-header` argument is sent in,
 * `@default`, `@deprecated`, `@integer` and its constraints (rule "doc").
 */
export function propertyDoc(schema: Schema, mcpHeader?: string): JsDoc {
  if (typeof schema !== "object") return NO_DOC;
  const tags = constraintTags(schema);
  const described = typeof schema.description === "string" ? schema.description : typeof schema.title === "string" ? schema.title : undefined;
  const text = mcpHeader === undefined ? described : paragraphs(described, headerLine(mcpHeader));
  if (text === undefined && tags.length === 0) return NO_DOC;
  return docLines({ text, tags });
}

/**
 * The JSDoc tags of what a schema says that its type cannot: `@default`, `@integer`, its constraints and `@deprecated`;
 * for a property, and for a type alias (a tool's input or output, a definition) whose root has them.
 */
export function constraintTags(schema: Schema): Array<[string, string]> {
  if (typeof schema !== "object") return [];
  const tags: Array<[string, string]> = [];
  if (schema.default !== undefined) tags.push(["default", JSON.stringify(schema.default) ?? ""]);
  if (integersOnly(schema.type)) tags.push(["integer", ""]);
  for (const keyword of CONSTRAINT_TAGS) {
    const value = schema[keyword];
    if (typeof value === "number") tags.push([keyword, String(value)]);
    // A pattern or format as written; as a string literal when it holds a line break or a control character, so that it stays
    // one tag line (stringLiteral escapes U+2028 and U+2029 too, which JSON.stringify leaves as they are).
    else if (typeof value === "string") tags.push([keyword, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value) ? stringLiteral(value) : value]);
    else if (value === true) tags.push([keyword, ""]);
  }
  if (schema.deprecated === true) tags.push(["deprecated", ""]);
  return tags;
}

/** Whether a `type` admits integers but no other numbers (`"integer"`, `["integer", "null"]`): `number` cannot say it. */
function integersOnly(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.includes("integer") && !types.includes("number");
}

/**
 * Where an `x-mcp-header` argument's value goes (MCP 2026-07-28, Streamable HTTP, "Custom Headers from Tool
 * Parameters"): into an HTTP header, which intermediaries read and log as they would not read the body.
 */
function headerLine(header: string): string {
  return `Sent as the HTTP header ${markdownCode(`Mcp-Param-${header}`)} (on MCP 2026-07-28 over HTTP): proxies and logs can see it.`;
}

const RULES: readonly TypeRule[] = Object.values(TYPE_RULES);

/** The type of `schema`: the intersection of every rule's parts. */
export function schemaType(schema: Schema, context: TypeContext): TypeNode {
  const parts: TypeNode[] = [];
  for (const rule of RULES) parts.push(...rule(schema, context));
  return intersection(parts);
}
