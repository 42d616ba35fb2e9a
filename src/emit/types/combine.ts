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
  const seen = new Set<string>();
  return members.filter((member) => {
    const key = JSON.stringify(member);
    return !seen.has(key) && seen.add(key);
  });
}
