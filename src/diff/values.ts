/**
 * JSON values as the comparison sees them: equal when they are the same JSON
 * (key order never counts), typed as JSON Schema types them, and shown short
 * in messages.
 */
import { canonicalJson } from "../shared/json.js";

export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/** Characters of a value shown in a message before it is cut. */
const SHOWN = 80;

/**
 * A value in a message: its JSON, `mask` applied (a pull's secrets hidden), then cut after `SHOWN`
 * characters: masked later, a secret cut short would no longer be found, and its start would show.
 */
export function show(value: unknown, mask?: (text: string) => string): string {
  const json = JSON.stringify(value) ?? "undefined";
  const text = mask === undefined ? json : mask(json);
  return text.length <= SHOWN ? text : `${text.slice(0, SHOWN - 1)}…`;
}

/** `value` when it is an own property of `object` (a server may name a property `__proto__`). */
export function own(object: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** The top-level fields of two objects, but `read`, whose values differ (as JSON), in code-point order. */
export function changedFields(old: Record<string, unknown>, next: Record<string, unknown>, read: readonly string[]): string[] {
  const fields = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter((field) => !read.includes(field)).sort();
  return fields.filter((field) => !sameJson(own(old, field), own(next, field)));
}
