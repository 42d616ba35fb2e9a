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

/**
 * Whether a schema's `type` keyword admits `value`: any value when there is none (`undefined`), else a value of one
 * of the types it names (`"integer"`: a whole number; a name JSON Schema does not define admits anything).
 */
export function typeKeywordAdmits(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  return (Array.isArray(type) ? type : [type]).some((name) => isOfType(value, name));
}

function isOfType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isRecord(value);
    default:
      return true;
  }
}
