/** Unions and intersections as the type mapping builds them: each member once, `unknown` and `never` absorbed. */
import type { TypeNode } from "../../ir/code.js";
import { reference } from "../nodes.js";

export const UNKNOWN = reference("unknown");
export const NEVER = reference("never");

const isKeyword = (type: TypeNode, name: string) => type.kind === "reference" && type.name === name && type.typeArguments.length === 0;

export const isUnknown = (type: TypeNode) => isKeyword(type, "unknown");

/** `A | B`: `unknown` when a member is; `never` members dropped; one member is itself. */
export function union(members: readonly TypeNode[]): TypeNode {
  const unique = distinct(members);
  if (unique.some(isUnknown)) return UNKNOWN;
  const kept = unique.length > 1 ? unique.filter((member) => !isKeyword(member, "never")) : unique;
  if (kept.length === 0) return NEVER;
  if (kept.length === 1) return kept[0]!;
  return { kind: "union", types: kept };
}

/** `A & B`: `never` when a member is; `unknown` members dropped; one member is itself. */
export function intersection(members: readonly TypeNode[]): TypeNode {
  const kept = distinct(members).filter((member) => !isUnknown(member));
  if (kept.some((member) => isKeyword(member, "never"))) return NEVER;
  if (kept.length === 0) return UNKNOWN;
  if (kept.length === 1) return kept[0]!;
  return { kind: "intersection", types: kept };
}

/** The first of each type, in order (types are equal when they are written the same, docs included). */
function distinct(members: readonly TypeNode[]): TypeNode[] {
  if (members.length < 2) return members as TypeNode[];
  const seen = new Set<string>();
  return members.filter((member) => {
    const text = key(member);
    return !seen.has(text) && seen.add(text);
  });
}

const keys = new WeakMap<TypeNode, string>();

/** A text that is the same for two types exactly when they are written the same (computed once a type). */
function key(type: TypeNode): string {
  if (type.kind === "reference" && type.typeArguments.length === 0) return type.name;
  if (type.kind === "literal") return type.text;
  let text = keys.get(type);
  if (text === undefined) {
    text = JSON.stringify(type, (_name, value: unknown) =>
      typeof value === "object" && value !== null && "kind" in value && value !== type && isTypeNode(value) ? `\u0000${key(value)}` : value,
    );
    keys.set(type, text);
  }
  return text;
}

const isTypeNode = (value: object): value is TypeNode =>
  typeof (value as { kind?: unknown }).kind === "string" && !["property", "index", "method"].includes((value as { kind: string }).kind);
