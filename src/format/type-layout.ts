/**
 * Type declarations laid out as Prettier prints them with default options
 * (see layout.ts): `undefined` for anything not vouched for, which then goes
 * to Prettier.
 *
 * Vouched for: names and literals; unions, intersections, arrays and tuples
 * that fit on their line; a union of names and literals one member a line;
 * object types (always broken: the emitted text has a line break after `{`),
 * arrays of them and an object type `| null`.
 */
import { fits, indentDoc, prettierKey, prettierLiteral } from "./layout.js";
import type { ObjectMember, TypeNode } from "../emit/types/schema-to-type.js";

/** `/** doc *\/ export type Name = Type;` as Prettier prints it. */
export function typeAliasLayout(doc: string, name: string, type: TypeNode): string | undefined {
  const head = `export type ${name} =`;
  const body = declaredType(head, "", type, ";");
  return body === undefined ? undefined : `${indentDoc(doc, "")}${body}`;
}

/** `head type<end>` where `head` ends in `=` or `:`, at `indent`: on the same line, broken inside, or one union member a line. */
function declaredType(head: string, indent: string, type: TypeNode, end: string): string | undefined {
  const flat = flatType(type);
  if (flat !== undefined) {
    const line = `${indent}${head} ${flat}${end}`;
    if (fits(line) || (!head.endsWith("=") && unbreakable(type))) return `${line}\n`;
    if (type.shape.kind !== "union") return undefined;
    // The union moves to the next line, indented; there it is flat when it fits.
    const next = `${indent}  ${flat}${end}`;
    if (fits(next)) return `${indent}${head}\n${next}\n`;
    return unionPerLine(head, indent, type, end);
  }
  const broken = brokenType(type, indent);
  if (broken === undefined) return undefined;
  // A type alias whose `= {` does not fit is laid out otherwise; a property's `{` stays on its line.
  if (head.endsWith("=") && !fits(`${indent}${head} ${broken.slice(0, broken.indexOf("\n"))}`)) return undefined;
  return `${indent}${head} ${broken}${end}\n`;
}

/** `head\n  | A\n  | B<end>`: a union of flat members that does not fit on a line of its own. */
function unionPerLine(head: string, indent: string, type: TypeNode, end: string): string | undefined {
  if (type.shape.kind !== "union") return undefined;
  const lines: string[] = [`${indent}${head}`];
  for (const member of type.shape.members) {
    if (member.shape.kind === "union" || member.shape.kind === "intersection") return undefined;
    const flat = flatType(member);
    if (flat === undefined) return undefined;
    const line = `${indent}  | ${flat}`;
    if (!fits(`${line}${end}`) && !unbreakable(member)) return undefined;
    lines.push(line);
  }
  return `${lines.join("\n")}${end}\n`;
}

/** No line break is possible inside: a name, a literal, or an array of one. */
function unbreakable(type: TypeNode): boolean {
  const shape = type.shape;
  return shape.kind === "name" || shape.kind === "literal" || (shape.kind === "array" && unbreakable(shape.element));
}

/** The type on one line, with the parentheses Prettier keeps; `undefined` when it must break (an object type with members) or is not vouched for. */
function flatType(type: TypeNode): string | undefined {
  const shape = type.shape;
  switch (shape.kind) {
    case "name":
      return type.raw;
    case "literal":
      return prettierLiteral(type.raw);
    case "union":
      return joinFlat(shape.members, " | ", (member) => member.shape.kind !== "union" && member.shape.kind !== "intersection");
    case "intersection":
      return joinFlat(shape.members, " & ", (member) => member.shape.kind !== "intersection" && member.shape.kind !== "object");
    case "array": {
      const element = flatType(shape.element);
      if (element === undefined) return undefined;
      return `${composite(shape.element) ? `(${element})` : element}[]`;
    }
    case "tuple": {
      const elements: string[] = [];
      for (const element of shape.elements) {
        const text = flatType(element.type);
        if (text === undefined) return undefined;
        const parenthesised = element.optional && composite(element.type) ? `(${text})` : text;
        elements.push(`${element.rest ? "..." : ""}${parenthesised}${element.optional ? "?" : ""}`);
      }
      return `[${elements.join(", ")}]`;
    }
    case "object":
    case "opaque":
      return undefined;
  }
}

function composite(type: TypeNode): boolean {
  return type.shape.kind === "union" || type.shape.kind === "intersection";
}

/** Members on one line, joined by `separator`, each parenthesised when it is a union inside an intersection. */
function joinFlat(members: TypeNode[], separator: string, allowed: (member: TypeNode) => boolean): string | undefined {
  const parts: string[] = [];
  for (const member of members) {
    if (!allowed(member)) return undefined;
    const text = flatType(member);
    if (text === undefined) return undefined;
    parts.push(separator === " & " && member.shape.kind === "union" ? `(${text})` : text);
  }
  return parts.join(separator);
}

/** A type that holds an object type with members, broken over lines at `indent` (the first line continues the current one). */
function brokenType(type: TypeNode, indent: string): string | undefined {
  const shape = type.shape;
  if (shape.kind === "object") return objectType(shape.members, indent);
  if (shape.kind === "array" && shape.element.shape.kind === "object") {
    const element = brokenType(shape.element, indent);
    return element === undefined ? undefined : `${element}[]`;
  }
  // `{ ... } | null` hugs the object; any other union with an object type goes one member a line.
  if (shape.kind === "union") {
    const objects = shape.members.filter((member) => member.shape.kind === "object");
    if (objects.length !== 1 || !shape.members.every((member) => member === objects[0] || member.raw === "null")) return undefined;
    const parts: string[] = [];
    for (const member of shape.members) {
      const text = member === objects[0] ? brokenType(member, indent) : member.raw;
      if (text === undefined) return undefined;
      parts.push(text);
    }
    return parts.join(" | ");
  }
  return undefined;
}

function objectType(members: readonly ObjectMember[], indent: string): string | undefined {
  const inner = `${indent}  `;
  let text = "{\n";
  for (const member of members) {
    const key = prettierKey(member.key);
    if (key === undefined) return undefined;
    const line = declaredType(`${key}${member.optional ? "?" : ""}:`, inner, member.type, ";");
    if (line === undefined) return undefined;
    text += `${indentDoc(member.doc, inner)}${line}`;
  }
  return `${text}${indent}}`;
}
