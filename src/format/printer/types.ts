/**
 * Types and type members as Prettier prints them. Vouched for: names,
 * literals, generic instances, arrays, tuples; unions and intersections of
 * those that fit on their line; a union of them one member a line; type
 * literals (one member a line when `multiLine` or too long), arrays of them,
 * a type literal or name `| null`, a type literal `& T`; mapped types that
 * fit; a name indexed by a literal (`ToolsClient["getWeather"]`). Anything else is printed all the same and marked: Prettier lays it out.
 */
import type { MethodSignature, TypeLiteral, TypeMember, TypeNode, UnionType } from "../../ir/code.js";
import { jsDocText } from "./jsdoc.js";
import type { Layout } from "./layout.js";
import { prettierKey, prettierLiteral } from "./literals.js";

/** Where a type stands, for the parentheses it needs there (exactly those Prettier keeps). */
type Position = "union" | "intersection" | "array" | "optional" | "alone";

/**
 * The type's text at `indent`: on one line, but for type literals that
 * break (their members one a line, laid out to fit).
 */
export function typeText(layout: Layout, type: TypeNode, indent: string): string {
  switch (type.kind) {
    case "reference":
      return type.typeArguments.length === 0
        ? type.name
        : `${type.name}<${type.typeArguments.map((argument) => typeText(layout, argument, indent)).join(", ")}>`;
    case "literal":
      return prettierLiteral(type.text);
    case "union":
      if (type.types.some(isComposite)) layout.unsure();
      return type.types.map((member) => nested(layout, member, "union", indent)).join(" | ");
    case "intersection":
      if (type.types.some((member) => member.kind === "intersection") || (type.types.some(breaks) && !objectIntersection(type))) layout.unsure();
      return type.types.map((member) => nested(layout, member, "intersection", indent)).join(" & ");
    case "array":
      return `${type.readonly === true ? "readonly " : ""}${nested(layout, type.element, "array", indent)}[]`;
    case "tuple":
      return `[${type.elements.map((element) => `${element.rest ? "..." : ""}${nested(layout, element.type, element.optional ? "optional" : "alone", indent)}${element.optional ? "?" : ""}`).join(", ")}]`;
    case "typeLiteral":
      return typeLiteralText(layout, type, indent);
    case "indexedAccess":
      // `Name["key"]` is printed as it is (calls.ts's `ToolsClient["getWeather"]`); anything else is left to Prettier.
      if (type.object.kind !== "reference" || type.object.typeArguments.length > 0 || type.index.kind !== "literal") layout.unsure();
      return `${typeText(layout, type.object, indent)}[${typeText(layout, type.index, indent)}]`;
    case "mapped":
      return `{ ${type.readonly ? "readonly " : ""}[${type.parameter} in ${typeText(layout, type.constraint, indent)}]: ${typeText(layout, type.type, indent)} }`;
  }
}

/** Whether the type's text spans lines: it holds a type literal that breaks (`multiLine`, or with a doc on a member). */
export function breaks(type: TypeNode): boolean {
  switch (type.kind) {
    case "reference":
      return type.typeArguments.some(breaks);
    case "literal":
    case "mapped":
      return false;
    case "union":
    case "intersection":
      return type.types.some(breaks);
    case "array":
      return breaks(type.element);
    case "tuple":
      return type.elements.some((element) => breaks(element.type));
    case "typeLiteral":
      return (
        type.members.length > 0 &&
        (type.multiLine ||
          type.members.some((member) => member.kind === "method" || (member.kind === "property" && member.doc.length > 0) || breaks(member.type)))
      );
    case "indexedAccess":
      return breaks(type.object) || breaks(type.index);
  }
}

const isObjectType = (type: TypeNode) => type.kind === "typeLiteral" && type.members.length > 0;

/**
 * Two types joined by ` & `, at least one a type literal, the other one too
 * or a type with no line break inside: Prettier keeps `&` between them and
 * breaks the type literals alone (its intersection layout, for two members).
 */
function objectIntersection(type: TypeNode): boolean {
  return (
    type.kind === "intersection" &&
    type.types.length === 2 &&
    type.types.some(isObjectType) &&
    type.types.every((member) => member.kind === "typeLiteral" || unbreakable(member))
  );
}

function isComposite(type: TypeNode): boolean {
  return type.kind === "union" || type.kind === "intersection";
}

function nested(layout: Layout, type: TypeNode, position: Position, indent: string): string {
  const text = typeText(layout, type, indent);
  return position !== "alone" && isComposite(type) ? `(${text})` : text;
}

/** `{}`, `{ a: A; b: B }`, or one member a line. */
function typeLiteralText(layout: Layout, type: TypeLiteral, indent: string): string {
  if (type.members.length === 0) return "{}";
  const flat = type.multiLine
    ? []
    : type.members.filter(
        (member): member is Exclude<TypeMember, MethodSignature> => member.kind === "index" || (member.kind === "property" && member.doc.length === 0),
      );
  if (flat.length < type.members.length) return membersBlock(layout, type.members, indent, false);
  return `{ ${flat.map((member) => `${memberHead(layout, member)} ${typeText(layout, member.type, indent)}`).join("; ")} }`;
}

/** `{`, the members one a line at `indent` plus two (a blank line between them when `spaced`), `}`. */
export function membersBlock(layout: Layout, members: readonly TypeMember[], indent: string, spaced: boolean): string {
  const inner = `${indent}  `;
  let text = "{\n";
  for (const [index, member] of members.entries()) text += `${index > 0 && spaced ? "\n" : ""}${memberText(layout, member, inner)}\n`;
  return `${text}${indent}}`;
}

function memberText(layout: Layout, member: TypeMember, indent: string): string {
  if (member.kind === "method") return methodText(layout, member, indent);
  const doc = member.kind === "property" ? jsDocText(member.doc, indent) : "";
  return `${doc}${declaredType(layout, memberHead(layout, member), indent, member.type, ";", false)}`;
}

/** `key?:` or `[key: string]:` */
function memberHead(layout: Layout, member: Exclude<TypeMember, MethodSignature>): string {
  if (member.kind === "index") return `${member.readonly ? "readonly " : ""}[${member.parameter}: string]:`;
  return `${propertyKey(layout, member.key)}${member.optional ? "?" : ""}:`;
}

/** A key as Prettier prints it; one it may print otherwise is kept, not vouched for. */
export function propertyKey(layout: Layout, key: string): string {
  const printed = prettierKey(key);
  if (printed !== undefined) return printed;
  layout.unsure();
  return key;
}

/**
 * `head type<end>` at `indent`, where `head` ends in `=` (a type alias,
 * `alias`) or `:` (a member): on the line of the head, on the next line,
 * one union member a line, or broken inside a type literal.
 */
export function declaredType(layout: Layout, head: string, indent: string, type: TypeNode, end: string, alias: boolean): string {
  const text = typeText(layout, type, indent);
  const line = `${indent}${head} ${text}${end}`;
  if (breaks(type)) {
    // `{` (or `{ ... }[]`, `{ ... } | null`) stays on the head's line; an alias whose `= {` does not fit is laid out otherwise.
    if (!hugsTypeLiteral(type) || (alias && !layout.fits(`${indent}${head} ${text.slice(0, text.indexOf("\n"))}`))) layout.unsure();
    return line;
  }
  // No line break is possible inside: on the head's line, however long (after `=`, on the next line when it does not fit).
  const inline = unbreakable(type) || (hugged(type) && (type as UnionType).types.every(unbreakable));
  if (!alias && inline) return line;
  if (layout.fits(line)) return line;
  if (alias && inline && type.kind === "union") return `${indent}${head}\n${indent}  ${text}${end}`;
  if (type.kind === "typeLiteral" && type.members.length > 0) {
    if (alias && !layout.fits(`${indent}${head} {`)) layout.unsure();
    return `${indent}${head} ${membersBlock(layout, type.members, indent, false)}${end}`;
  }
  if (type.kind !== "union" || type.types.some((member) => member.kind === "typeLiteral" && member.members.length > 0)) {
    layout.unsure();
    return line;
  }
  // The union moves to the next line, indented; there it is on one line when it fits, else one member a line.
  const next = `${indent}  ${text}${end}`;
  if (layout.fits(next)) return `${indent}${head}\n${next}`;
  return unionPerLine(layout, head, indent, type, end);
}

/** `head\n  | A\n  | B<end>` */
function unionPerLine(layout: Layout, head: string, indent: string, type: UnionType, end: string): string {
  const lines = [`${indent}${head}`];
  for (const member of type.types) {
    const line = `${indent}  | ${typeText(layout, member, `${indent}  `)}`;
    if (breaks(member) || (!unbreakable(member) && !layout.fits(`${line}${end}`))) layout.unsure();
    lines.push(line);
  }
  return `${lines.join("\n")}${end}`;
}

/** No line break is possible inside: a name, a literal, `{}`, or an array of one. */
function unbreakable(type: TypeNode): boolean {
  switch (type.kind) {
    case "reference":
      return type.typeArguments.length === 0;
    case "literal":
      return true;
    case "typeLiteral":
      return type.members.length === 0;
    case "array":
      return unbreakable(type.element);
    default:
      return false;
  }
}

/** A type whose broken type literal keeps its `{` on the line before: the literal, an array of it, it `| null`, or it `& T`. */
function hugsTypeLiteral(type: TypeNode): boolean {
  if (type.kind === "typeLiteral") return true;
  if (type.kind === "array") return type.element.kind === "typeLiteral";
  return hugged(type) || objectIntersection(type);
}

/** Keywords, which Prettier does not count as object-like types (a `TSTypeReference` is one). */
const KEYWORDS: ReadonlySet<string> = new Set([
  "any",
  "bigint",
  "boolean",
  "never",
  "null",
  "number",
  "object",
  "string",
  "symbol",
  "undefined",
  "unknown",
  "void",
]);

/**
 * A union Prettier prints inline, never breaking between its members: one
 * type literal or named type, the others `null` (its `shouldHugUnionType`).
 */
function hugged(type: TypeNode): boolean {
  if (type.kind !== "union") return false;
  const objectLike = type.types.find((member) => member.kind === "typeLiteral" || (member.kind === "reference" && !KEYWORDS.has(member.name)));
  return objectLike !== undefined && type.types.every((member) => member === objectLike || (member.kind === "literal" && member.text === "null"));
}

/** `name(parameters): Returns;` on one line when it fits, else one parameter a line. */
function methodText(layout: Layout, method: MethodSignature, indent: string): string {
  const parameters = method.parameters.map((parameter) => `${parameter.name}${parameter.optional ? "?" : ""}: ${typeText(layout, parameter.type, indent)}`);
  const returns = typeText(layout, method.returns, indent);
  if (method.parameters.some((parameter) => breaks(parameter.type)) || breaks(method.returns)) layout.unsure();
  const doc = jsDocText(method.doc, indent);
  const flat = `${indent}${method.name}(${parameters.join(", ")}): ${returns};`;
  if (layout.fits(flat)) return `${doc}${flat}`;
  const last = `${indent}): ${returns};`;
  if (!layout.fits(last)) layout.unsure();
  return `${doc}${indent}${method.name}(\n${parameters.map((parameter) => `${indent}  ${parameter},\n`).join("")}${last}`;
}
