/** Small helpers for JSON values read from untrusted input. */

/** A JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Sets `key` as an own property. Plain assignment of `__proto__` would set the
 * object's prototype instead, and server-supplied keys may be exactly that.
 */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  // Assignment is several times faster; only `__proto__` needs defining (an inherited setter, or
  // a read-only inherited property, cannot stand in the way of other keys on a plain object).
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A lone UTF-16 surrogate: a string that holds one is not Unicode text (JSON carries it only as a `\u` escape). */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** JSON with every object's keys in code-point order: the same text for values equal as JSON (key order never counts). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
