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

/** A member value `JSON.stringify` leaves out of an object. */
export function omittedByJson(value: unknown): boolean {
  return value === undefined || typeof value === "function" || typeof value === "symbol";
}

/**
 * JSON with every object's keys in code-point order: the same text for values equal as JSON (key order never counts).
 * A member JSON leaves out (`undefined`, a function, a symbol) is left out, as `JSON.stringify` sends it: an in-process
 * mock's call `{ location: "Oslo", units: undefined }` is the `{"location":"Oslo"}` a server receives.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => !omittedByJson(value[key]))
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The seven JSON types (2020-12 Validation §6.1.1); `integer` is a subset of `number`. */
export type JsonType = "null" | "boolean" | "object" | "array" | "number" | "integer" | "string";

export const JSON_TYPES: readonly JsonType[] = ["null", "boolean", "object", "array", "number", "integer", "string"];

/** The type of a JSON value: `integer` for a number without a fraction. */
export function typeOfValue(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "object") return "object";
  return typeof value as "boolean" | "string";
}

/** Whether a set of type names accepts a type (`number` accepts integers). */
export function typeCovered(type: JsonType, types: ReadonlySet<JsonType>): boolean {
  return types.has(type) || (type === "integer" && types.has("number"));
}

/** Whether `value` is of the JSON type `type` (`number` takes integers too). */
export function isOfType(value: unknown, type: JsonType): boolean {
  const actual = typeOfValue(value);
  return actual === type || (actual === "integer" && type === "number");
}

/**
 * Whether a schema's `type` keyword admits `value`: any value when there is none (`undefined`), else a value of one
 * of the types it names (a name JSON Schema does not define admits anything).
 */
export function typeKeywordAdmits(type: unknown, value: unknown): boolean {
  if (type === undefined) return true;
  return (Array.isArray(type) ? type : [type]).some((name) => !(JSON_TYPES as readonly unknown[]).includes(name) || isOfType(value, name as JsonType));
}
