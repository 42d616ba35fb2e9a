/**
 * The helpers every generated validator calls, emitted into an output's
 * `validator-runtime.ts` (only the helpers and format checks its validators
 * use: src/emit/validators/runtime-module.ts picks them by name), so the
 * validators import nothing from a package. The validators themselves are
 * code mcpgen writes from each schema (src/emit/validators/code.ts); the
 * names are short because every check repeats them.
 *
 * Every validator is a `Check`: called without `issues`, it answers whether
 * the value is valid and stops at the first failure (the fast path, which
 * branches are tried with); called with an array, it pushes every issue it
 * finds, each with its JSON pointer and words, and the value is valid when it
 * pushed none (`runValidator` checks a value so, in one pass); called with an
 * array marked `first`, it stops at the first issue it pushes. Each check
 * in a validator is an expression, true to go on: `test || fail(issues, ...,
 * path, key)`, where a `fail` helper (`f` and the ones named `f…`) answers
 * false without issues (stop) and pushes the issue otherwise (go on). A fail
 * helper is given the validator's `path` and the place below it (`key`, the
 * rest of the pointer: "/" and one or more tokens, absent for the value
 * itself), and joins them only when it pushes an issue: the fast path builds
 * no string, and at the top (`path` "") an issue's path is `key` itself. The words of
 * every issue are here, built from a keyword's code and its limit, so the
 * validators carry no text but the names and values of their schemas.
 * `seen` collects what a schema evaluated, for
 * `unevaluatedProperties`/`unevaluatedItems`.
 *
 * The value is typed `any` in the validators: these helpers and the checks
 * they write test it before each use, and TypeScript need not narrow it.
 *
 * `l`, `q` and the format checks replace ajv's runtime modules and
 * ajv-formats' `fullFormats`, keeping their semantics (regexes from
 * ajv-formats, MIT licence).
 */

/** One problem a validator found: where (a JSON pointer into the value) and what. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * What a schema evaluated of the instance (2020-12 Core §11): property
 * names, item indices, or `true` for all of them.
 */
export type Seen = Set<string | number | boolean>;

/**
 * A validator: see the top of this file. Past `seen`, a validator's own
 * parameters are its scratch variables (never passed).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the checks test the value before each use (see the top of this file) */
export type Check = (
  data: any,
  path?: string,
  issues?: IssueList,
  seen?: Seen,
  ...scratch: any[]
) => boolean;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Where a validator pushes its issues: `first` set, it stops at the first (`runValidator`'s `firstIssue`). */
export interface IssueList extends Array<ValidationIssue> {
  first?: boolean;
}

type Issues = IssueList | undefined;
type Path = string | undefined;
/** A place below a validator's `path`: the rest of its JSON pointer ("/name", "/items/3"). */
type Key = string | undefined;
type JsonObject = { [key: string]: unknown };

// The helpers the checks call most are kept small enough (in bytecode) for V8 to inline them
// wherever they are called, however big the validator: builtins are read once, here.
const isArray = Array.isArray;
const prototypeOf = Object.getPrototypeOf;
const objectPrototype = Object.prototype;

/** A JSON object (not an array, not null). */
export const O = (data: unknown): boolean =>
  typeof data === "object" && data !== null && !isArray(data);

/**
 * `value`, once the object `data`'s prototype is known to be Object.prototype
 * (JSON.parse's) or null: then the properties the validators read by name are
 * its own (the names Object.prototype has they read with `g`). The validators
 * call it with the first property they read (`P(d, d.name)`), when the engine
 * knows the object's shape from that read and the check costs nothing. An
 * object of another prototype could inherit what it lacks: `P` throws, in
 * either pass, and `runValidator` checks a copy of the value's own properties
 * instead (what JSON.stringify would send).
 */
export function P<T>(data: object, value: T): T {
  if (prototypeOf(data) !== objectPrototype) nullPrototype(data);
  return value;
}

/** Throws for an object whose prototype is neither Object.prototype nor null. */
function nullPrototype(data: object): void {
  if (prototypeOf(data) !== null) notPlain();
}

function notPlain(): never {
  throw Object.assign(new Error("not a plain object"), {
    [Symbol.for("mcpgen.notPlain")]: true,
  });
}

/** An array. */
export const A: (data: unknown) => boolean = isArray;

/** A string. */
export const S = (data: unknown): boolean => typeof data === "string";

/** A JSON number: NaN and the infinities, which JSON.stringify sends as null, are not. */
export const N: (data: unknown) => boolean = Number.isFinite;

/** An integer (a finite number with no fraction). */
export const I: (data: unknown) => boolean = Number.isInteger;

/** Whether a property read is absent: `u(x = d.name)`, the value kept for what follows. */
export const u = (value: unknown): boolean => value === undefined;

/** A boolean. */
export const B = (data: unknown): boolean => typeof data === "boolean";

/** `null`. */
export const Z = (data: unknown): boolean => data === null;

/** Whether `data` has `name` as its own property (never an inherited `constructor` or `__proto__`). */
export const h = (data: object, name: string): boolean =>
  Object.prototype.hasOwnProperty.call(data, name);

/** The own property `name` of `data` (undefined when inherited: `constructor`, `toString`, ...). */
export const g = (data: JsonObject, name: string): unknown =>
  h(data, name) ? data[name] : undefined;

/**
 * Whether `data` has the property `name`: its own, with a value other than
 * undefined. A property whose value is undefined is absent, for every keyword,
 * as it is for a declared property read by name: JSON.stringify does not send
 * it (`{ weight: undefined }` is sent as `{}`).
 */
export const D = (data: JsonObject, name: string): boolean =>
  h(data, name) && data[name] !== undefined;

/**
 * `minProperties`: whether `data` has at least `min` properties (own, with a
 * value other than undefined: see `D`). The values are read until `min` are
 * found, and not at all when there are fewer names.
 */
export function K(data: JsonObject, min: number): boolean {
  const names = Object.keys(data);
  if (names.length < min) return false;
  let count = 0;
  for (let index = 0; count < min && index < names.length; index++)
    if (data[names[index]!] !== undefined) count++;
  return count >= min;
}

/** `maxProperties`: whether `data` has at most `max` properties (see `K`); the values are read only when there are more names. */
export function KM(data: JsonObject, max: number): boolean {
  const names = Object.keys(data);
  if (names.length <= max) return true;
  let count = 0;
  for (const name of names) if (data[name] !== undefined) count++;
  return count <= max;
}

/** A property name as a JSON pointer token (RFC 6901). */
export const t = (name: string): string =>
  name.includes("~") || name.includes("/")
    ? name.replace(/~/g, "~0").replace(/\//g, "~1")
    : name;

/**
 * A failure: in the fast path (no `issues`), false, and the validator stops
 * at once; otherwise the issue is pushed at `path` (and `key` below it), and
 * true lets it go on (false for a list marked `first`).
 */
export function f(
  issues: Issues,
  message: string,
  path: Path,
  key?: Key,
): boolean {
  if (issues === undefined) return false;
  issues[issues.length] = { path: at(path, key), message };
  return issues.first !== true;
}

/** The JSON pointer of `key` below `path` (`path` itself without a key). */
const at = (path: Path, key: Key): string =>
  key === undefined ? (path ?? "") : path + key;

/**
 * A place given in parts to a helper called whether the value passes or
 * not: `key` up to an item's `index`, and the `rest` after it, joined only
 * for an issue.
 */
const keyOf = (key: Key, index?: number, rest?: string): Key =>
  index === undefined ? key : key! + index + (rest ?? "");

/** The issue of a value of the wrong JSON type, by the codes the validators name the types with in `fT`. */
const WRONG_TYPE = [
  "must be string",
  "must be number",
  "must be integer",
  "must be boolean",
  "must be null",
  "must be object",
  "must be array",
];

/**
 * The words for a `value` not of `type` (a type's code, or the types as
 * written): "must be string", "must be string,null". NaN and the infinities,
 * which `N` and `I` refuse, are JavaScript numbers: where a number is wanted,
 * the words say why they are not one. Where `null` is among the types, JSON's
 * `null` would pass, so the words say to give it, not why it is sent.
 */
function wrongType(type: number | string, value?: unknown): string {
  const words =
    typeof type === "number" ? WRONG_TYPE[type]! : "must be " + type;
  return typeof value === "number" &&
    !isFinite(value) &&
    (typeof type === "string"
      ? /number|integer/.test(type)
      : type === 1 || type === 2)
    ? words +
        ", not " +
        value +
        (typeof type === "string" && /null/.test(type)
          ? " (JSON would send it as null: give null itself if you mean null)"
          : " (JSON sends it as null)")
    : words;
}

/** `f` for a value of the wrong type: "must be string" (a type's code), "must be string,null" (the types as written). */
export const fT = (
  issues: Issues,
  type: number | string,
  path: Path,
  key?: Key,
): boolean => issues !== undefined && f(issues, wrongType(type), path, key);

/**
 * `fT` for a `value` of a type that may be a number (`number`, `integer`, or
 * among the types): "must be number, not NaN (JSON sends it as null)".
 */
export const fTN = (
  issues: Issues,
  type: number | string,
  value: unknown,
  path: Path,
  key?: Key,
): boolean =>
  issues !== undefined && f(issues, wrongType(type, value), path, key);

/** `fT` for each type but `number` and `integer` (`fTN` words those), by its guard's letter: "must be string", ... */
export const TS = (issues: Issues, path: Path, key?: Key): boolean =>
  fT(issues, 0, path, key);
export const TB = (issues: Issues, path: Path, key?: Key): boolean =>
  fT(issues, 3, path, key);
export const TZ = (issues: Issues, path: Path, key?: Key): boolean =>
  fT(issues, 4, path, key);
export const TO = (issues: Issues, path: Path, key?: Key): boolean =>
  fT(issues, 5, path, key);
export const TA = (issues: Issues, path: Path, key?: Key): boolean =>
  fT(issues, 6, path, key);

/**
 * `items` of one type and nothing else: whether each item of `data` passes
 * `is`, the type's guard; each that does not is the type's issue (`fT`'s
 * code), at its index (`data` is at `key`, or at `key`, the index `item` of
 * an array above and `rest`). `aS` and the like are it for each type.
 */
function typedItems(
  data: readonly unknown[],
  is: (item: unknown) => boolean,
  type: number,
  issues: Issues,
  path: Path,
  key: Key,
  item: number | undefined,
  rest: string | undefined,
): boolean {
  for (let index = 0; index < data.length; index++) {
    const value = data[index];
    // An item that is undefined (or a hole) is sent as null, and checked so.
    if (is(value) || (value === undefined && is(null))) continue;
    if (
      issues === undefined ||
      !f(
        issues,
        wrongType(type, value),
        path + (keyOf(key, item, rest) ?? ""),
        "/" + index,
      )
    )
      return false;
  }
  return true;
}

/** `typedItems` for one type: the array, then where it is (as `typedItems` takes it). */
type TypedItems = (
  data: unknown[],
  issues: Issues,
  path: Path,
  key?: Key,
  index?: number,
  rest?: string,
) => boolean;

/** `typedItems` for each type, by its guard's letter. */
export const aS: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, S, 0, e, p, k, i, r);
export const aN: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, N, 1, e, p, k, i, r);
export const aI: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, I, 2, e, p, k, i, r);
export const aB: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, B, 3, e, p, k, i, r);
export const aZ: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, Z, 4, e, p, k, i, r);
export const aO: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, O, 5, e, p, k, i, r);
export const aA: TypedItems = (d, e, p, k, i, r) =>
  typedItems(d, A, 6, e, p, k, i, r);

/**
 * An optional property's `value` that is there but not of `type` (`fT`'s
 * code, or the types as written); absent, it passes.
 */
export const fV = (
  issues: Issues,
  type: number | string,
  value: unknown,
  path: Path,
  key: Key,
): boolean => value === undefined || fTN(issues, type, value, path, key);

/** A required property's `value` that is missing, or not of `type` (`fT`'s code, or the types as written). */
export const fQ = (
  issues: Issues,
  type: number | string,
  value: unknown,
  path: Path,
  key: Key,
): boolean =>
  value === undefined
    ? fR(issues, path, key)
    : fTN(issues, type, value, path, key);

/** `f` for a required property that is missing, at its own pointer. */
export const fR = (issues: Issues, path: Path, key: Key): boolean =>
  f(issues, "is required", path, key);

/** `f` for a property `additionalProperties: false` (or `unevaluatedProperties: false`) refuses. */
export const fX = (issues: Issues, path: Path, key: Key): boolean =>
  f(issues, "is not an allowed property", path, key);

/**
 * What the limits of `fK`'s codes 0 to 5 count, two codes each (the least,
 * the most): `minLength`/`maxLength`, `minItems`/`maxItems`,
 * `minProperties`/`maxProperties`.
 */
const COUNTED = [" characters", " items", " properties"];

/** The limits of `fK`'s codes 6 to 10: `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`. */
const BOUNDS = [">= ", "<= ", "> ", "< ", "multiple of "];

/**
 * `f` for a limit a value breaks: `minLength`, `maxLength`, `minItems`,
 * `maxItems`, `minProperties`, `maxProperties`, `minimum`, `maximum`,
 * `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf` (codes 0 to 10).
 */
export function fK(
  issues: Issues,
  keyword: number,
  limit: number,
  path: Path,
  key?: Key,
): boolean {
  if (issues === undefined) return false;
  const words =
    keyword < 6
      ? `must NOT have ${keyword % 2 === 0 ? "fewer" : "more"} than ${limit}${COUNTED[keyword >> 1]!}`
      : `must be ${BOUNDS[keyword - 6]!}${limit}`;
  return f(issues, words, path, key);
}

/** Allowed values named in an issue; the rest are counted. */
const ALLOWED_VALUES_SHOWN = 10;
/** Characters of one allowed value's JSON shown before it is cut. */
const ALLOWED_VALUE_CHARS = 60;

/** One allowed value as an issue names it: its JSON, cut past `ALLOWED_VALUE_CHARS`. */
function shown(value: unknown): string {
  const json = JSON.stringify(value);
  const text = json === undefined ? String(value) : json;
  return text.length > ALLOWED_VALUE_CHARS
    ? `${text.slice(0, ALLOWED_VALUE_CHARS)}…`
    : text;
}

/**
 * `f` for an `enum`: `must be one of "metric", "imperial"`, the values it
 * allows, so that a person or a model can correct the call without the
 * schema at hand. Long lists and long values are cut, saying so.
 */
export function fE(
  issues: Issues,
  allowed: Iterable<unknown>,
  path: Path,
  key?: Key,
): boolean {
  if (issues === undefined) return false;
  const values = [...allowed];
  if (values.length === 1)
    return f(issues, "must be " + shown(values[0]), path, key);
  const list = values.slice(0, ALLOWED_VALUES_SHOWN).map(shown).join(", ");
  const more = values.length - ALLOWED_VALUES_SHOWN;
  return f(
    issues,
    more > 0
      ? `must be one of ${list}, … (${more} more)`
      : `must be one of ${list}`,
    path,
    key,
  );
}

/** `f` for a `const`: `must be "fixed"`. */
export const fC = (
  issues: Issues,
  value: unknown,
  path: Path,
  key?: Key,
): boolean =>
  issues !== undefined && f(issues, "must be " + shown(value), path, key);

/** `f` for a `pattern`, given as written. */
export const fP = (
  issues: Issues,
  pattern: string,
  path: Path,
  key?: Key,
): boolean =>
  issues !== undefined &&
  f(issues, `must match pattern "${pattern}"`, path, key);

/** `f` for a `format`. */
export const fF = (
  issues: Issues,
  format: string,
  path: Path,
  key?: Key,
): boolean =>
  issues !== undefined && f(issues, `must match format "${format}"`, path, key);

/**
 * A property of type string with a `format` and nothing else: absent (or, when
 * `required`, missing), not a string, or not of the format `name` (`check`).
 */
export function F(
  value: unknown,
  check: (text: string) => boolean,
  name: string,
  issues: Issues,
  path: Path,
  key: Key,
  index?: number,
  rest?: string,
): boolean {
  if (value === undefined) return true;
  return formatted(value, check, name, issues, path, keyOf(key, index, rest));
}

/** `F` for a required property. */
export function FQ(
  value: unknown,
  check: (text: string) => boolean,
  name: string,
  issues: Issues,
  path: Path,
  key: Key,
  index?: number,
  rest?: string,
): boolean {
  if (value === undefined) return fR(issues, path, keyOf(key, index, rest));
  return formatted(value, check, name, issues, path, keyOf(key, index, rest));
}

/** Whether `value`, there, is a string of the format `check` checks (else its issue). */
function formatted(
  value: unknown,
  check: (text: string) => boolean,
  name: string,
  issues: Issues,
  path: Path,
  key: Key,
): boolean {
  if (typeof value !== "string") return fT(issues, 0, path, key);
  return check(value) || fF(issues, name, path, key);
}

/**
 * `additionalProperties: false`, with no `patternProperties` or
 * `propertyNames`: each own property of `data` that `declared` (a function
 * of the module comparing names) does not name is refused.
 */
export function X(
  data: JsonObject,
  declared: (name: string) => boolean,
  issues: Issues,
  path: Path,
  key?: Key,
  index?: number,
  rest?: string,
): boolean {
  // for-in lists inherited enumerable names too (none, unless Object.prototype was polluted).
  for (const name in data)
    if (
      !declared(name) &&
      D(data, name) &&
      !fX(issues, at(path, keyOf(key, index, rest)), "/" + t(name))
    )
      return false;
  return true;
}

/** Whether some member of `allowed` (an `enum` with objects or arrays) equals `data`. */
export function H(data: unknown, allowed: readonly unknown[]): boolean {
  for (const value of allowed) if (q(data, value)) return true;
  return false;
}

/**
 * `multipleOf`: the quotient compared to its nearest integer to 9 decimal
 * places (19.99 is a multiple of 0.01, though 19.99 / 0.01 is
 * 1998.9999999999998), and a quotient that overflows counted as no multiple.
 */
export function M(data: number, divisor: number): boolean {
  const quotient = data / divisor;
  return (
    isFinite(quotient) && Math.abs(Math.round(quotient) - quotient) <= 1e-9
  );
}

/** A `dependentRequired` dependency: each of `names` must be there when `property` is (see `D`). */
export function fD(
  data: JsonObject,
  property: string,
  names: readonly string[],
  issues: Issues,
  path: Path,
  key?: Key,
): boolean {
  for (const name of names) {
    if (D(data, name)) continue;
    if (
      issues === undefined ||
      !f(
        issues,
        `is required when ${JSON.stringify(property)} is present`,
        at(path, key),
        "/" + t(name),
      )
    )
      return false;
  }
  return true;
}

/** Adds what `from` evaluated to `to`. */
function see(to: Seen | undefined, from: Seen): void {
  if (to !== undefined) for (const key of from) to.add(key);
}

/** Marks the first `count` items of `items` evaluated (`prefixItems`). */
export function sI(seen: Seen | undefined, count: number): true {
  if (seen !== undefined)
    for (let index = 0; index < count; index++) seen.add(index);
  return true;
}

/** Marks `key` evaluated (a property name, an item's index, or `true` for all). */
export function m(
  seen: Seen | undefined,
  key: string | number | boolean,
): true {
  seen?.add(key);
  return true;
}

/** Whether `seen` holds `key`, or everything. */
export const s = (seen: Seen, key: string | number): boolean =>
  seen.has(true) || seen.has(key);

/**
 * `anyOf`: whether some branch accepts `data`. With `seen`, every branch is
 * tried and what each passing one evaluated is seen (2020-12 Core §10.2.1.2).
 */
export function any(
  data: unknown,
  branches: readonly Check[],
  seen?: Seen,
): boolean {
  if (seen === undefined) {
    for (const branch of branches) if (branch(data)) return true;
    return false;
  }
  let passed = false;
  for (const branch of branches) {
    const own: Seen = new Set();
    if (branch(data, "", undefined, own)) {
      passed = true;
      see(seen, own);
    }
  }
  return passed;
}

/** `oneOf`: how many branches accept `data`; with `seen`, what the only passing one evaluated is seen. */
export function one(
  data: unknown,
  branches: readonly Check[],
  seen?: Seen,
): number {
  let passed = 0;
  let evaluated: Seen | undefined;
  for (const branch of branches) {
    const own: Seen = new Set();
    if (branch(data, "", undefined, seen && own)) {
      passed++;
      evaluated = own;
    }
  }
  if (passed === 1 && evaluated !== undefined) see(seen, evaluated);
  return passed;
}

/** Whether `branch` (an `if`) accepts `data`; with `seen`, what it evaluated is seen when it does. */
export function y(data: unknown, branch: Check, seen?: Seen): boolean {
  if (seen === undefined) return branch(data);
  const own: Seen = new Set();
  const passed = branch(data, "", undefined, own);
  if (passed) see(seen, own);
  return passed;
}

/** The words of a failed `anyOf` (code 0) and `oneOf` (code 1). */
const NONE_PASSED = [
  "must match a schema in anyOf",
  "must match exactly one schema in oneOf",
];

/**
 * A failed `anyOf` or `oneOf` (none passed): every branch's issues, then
 * its words. Each branch says why it failed, and the last issue that none
 * fits (only that one for a list marked `first`).
 */
export function fB(
  issues: Issues,
  data: unknown,
  branches: readonly Check[],
  keyword: number,
  path: Path,
  key?: Key,
): boolean {
  if (issues === undefined) return false;
  if (issues.first !== true)
    for (const branch of branches)
      branch(data, at(path, key), issues, new Set());
  return f(issues, NONE_PASSED[keyword]!, path, key);
}

/** `oneOf`: `passed` of `branches` accepted `data`; right when exactly one did. */
export const fO = (
  issues: Issues,
  data: unknown,
  branches: readonly Check[],
  passed: number,
  path: Path,
  key?: Key,
): boolean =>
  passed === 1 ||
  (passed > 1
    ? f(issues, NONE_PASSED[1]!, path, key)
    : fB(issues, data, branches, 1, path, key));

/** `f` for a value that `not` refuses. */
export const fNot = (issues: Issues, path: Path, key?: Key): boolean =>
  f(issues, "must NOT be valid", path, key);

/** `f` for the schema `false`. */
export const fF0 = (issues: Issues, path: Path, key?: Key): boolean =>
  f(issues, "boolean schema is false", path, key);

/** `f` for an item `unevaluatedItems: false` refuses. */
export const fI = (issues: Issues, path: Path, key: Key): boolean =>
  f(issues, "is not an allowed item", path, key);

/** A property name `names` (the `propertyNames` schema) refuses: each of its issues, at the property. */
export function fN(
  issues: Issues,
  name: string,
  names: Check,
  path: Path,
  key?: Key,
): boolean {
  if (issues === undefined) return false;
  const own: ValidationIssue[] = [];
  names(name, "", own);
  const property = at(at(path, key), "/" + t(name));
  if (own.length === 0)
    return f(issues, "is not an allowed property name", property);
  for (const issue of own)
    if (
      !f(
        issues,
        `is not an allowed property name (the name ${issue.message})`,
        property,
      )
    )
      return false;
  return true;
}

/** `f` for `uniqueItems`: the duplicate pair `duplicateItems` found. */
export const fU = (
  issues: Issues,
  pair: readonly [number, number],
  path: Path,
  key?: Key,
): boolean =>
  issues !== undefined &&
  f(
    issues,
    `must NOT have duplicate items (items ## ${pair[1]} and ${pair[0]} are identical)`,
    path,
    key,
  );

/** `contains`: `found` items matched; right within `min` and `max` (`Infinity` for none). */
export function fS(
  issues: Issues,
  found: number,
  min: number,
  max: number,
  path: Path,
  key?: Key,
): boolean {
  if (found >= min && found <= max) return true;
  return (
    issues !== undefined &&
    f(
      issues,
      max === Infinity
        ? `must contain at least ${min} valid item(s)`
        : `must contain at least ${min} and no more than ${max} valid item(s)`,
      path,
      key,
    )
  );
}

/** String length in Unicode code points, as JSON Schema's `minLength`/`maxLength` count. */
export function l(text: string): number {
  const length = text.length;
  let count = 0;
  let position = 0;
  while (position < length) {
    count++;
    const high = text.charCodeAt(position++);
    if (high >= 0xd800 && high <= 0xdbff && position < length) {
      const low = text.charCodeAt(position);
      if ((low & 0xfc00) === 0xdc00) position++;
    }
  }
  return count;
}

/**
 * Deep equality of JSON values (for `enum` and `const`): 1 and 1.0 are one
 * number, key order does not matter, a property whose value is undefined
 * is absent (see `D`), and an item that is undefined (or a hole) is null, as
 * JSON.stringify sends them.
 */
export function q(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (let index = a.length; index-- !== 0;)
        if (!q(a[index] ?? null, b[index] ?? null)) return false;
      return true;
    }
    if (Array.isArray(b)) return false;
    let count = 0;
    for (const key of Object.keys(a)) {
      const value = (a as JsonObject)[key];
      if (value === undefined) continue;
      if (!D(b as JsonObject, key) || !q(value, (b as JsonObject)[key]))
        return false;
      count++;
    }
    for (const key of Object.keys(b))
      if ((b as JsonObject)[key] !== undefined && --count < 0) return false;
    return count === 0;
  }
  return a !== a && b !== b;
}

const DURATION =
  /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;
const URI_REFERENCE =
  /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const URI_TEMPLATE =
  /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i;
/**
 * ajv-formats' `url` regex without its userinfo and path, which `url` finds around them: the
 * scheme, and the host (a public IPv4 address, or a domain name) with its port. The host's
 * alternatives are two regexes, so that the lookaheads are tried at the start only.
 */
const URL_SCHEME = /^(?:https?|ftp):\/\//iu;
const URL_IPV4_HOST =
  /^(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))(?::\d{2,5})?$/iu;
const URL_DOMAIN_HOST =
  /^(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,}))(?::\d{2,5})?$/iu;
const WHITE_SPACE = /\s/u;
/** The last white space of a text (each is tried once, and scans no further than the next). */
const LAST_WHITE_SPACE = /\s\S*$/u;
const AT = 0x40;
const SLASH = 0x2f;
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const HOSTNAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;
const IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const IPV6 =
  /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
const JSON_POINTER_URI_FRAGMENT =
  /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i;
const RELATIVE_JSON_POINTER =
  /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const NOT_URI_FRAGMENT = /\/|:/;
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const Z_ANCHOR = /[^\\]\\Z/;

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** RFC 3339 full-date. */
function date(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= (month === 2 && isLeapYear(year) ? 29 : (DAYS[month] ?? 0))
  );
}

/** RFC 3339 full-time (time zone required when `strictTimeZone`). */
function time(strictTimeZone: boolean): (text: string) => boolean {
  return (text) => {
    const match = TIME.exec(text);
    if (!match) return false;
    const hour = Number(match[1]);
    const minute = Number(match[2]);
    const second = Number(match[3]);
    const zone = match[4];
    const zoneSign = match[5] === "-" ? -1 : 1;
    const zoneHour = Number(match[6] ?? 0);
    const zoneMinute = Number(match[7] ?? 0);
    if (zoneHour > 23 || zoneMinute > 59 || (strictTimeZone && !zone))
      return false;
    if (hour <= 23 && minute <= 59 && second < 60) return true;
    // A leap second is only valid at 23:59:60 UTC.
    const utcMinute = minute - zoneMinute * zoneSign;
    const utcHour = hour - zoneHour * zoneSign - (utcMinute < 0 ? 1 : 0);
    return (
      (utcHour === 23 || utcHour === -1) &&
      (utcMinute === 59 || utcMinute === -1) &&
      second < 61
    );
  };
}

function dateTime(strictTimeZone: boolean): (text: string) => boolean {
  const checkTime = time(strictTimeZone);
  return (text) => {
    // Two parts or more than two: a limit, so that a text of white space is not split into millions.
    const parts = text.split(DATE_TIME_SEPARATOR, 3);
    return parts.length === 2 && date(parts[0]!) && checkTime(parts[1]!);
  };
}

/**
 * ajv-formats' `url`, `^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?HOST(?::\d{2,5})?(?:\/[^\s]*)?$`
 * (flags `iu`), accepting the same texts in one pass. As one regex it takes time quadratic in the
 * length ("http://" and 8,000 colons: 0.1 to 0.45 s, four times that for twice as many): the
 * optional userinfo, which matches what `\S+@` matches, is tried at every split. Its texts are:
 * the scheme; optionally a userinfo (no white space) and "@"; the host and port (no "@", no "/");
 * optionally "/" and a path (no white space). So the host begins after the scheme, or after the
 * last "@" before some "/" (or the end) with no "/" between them, and ends at that "/": each part
 * of the text between two "/" is matched against the host at most once.
 */
function url(text: string): boolean {
  const scheme = URL_SCHEME.exec(text);
  if (scheme === null) return false;
  const start = scheme[0].length;
  const firstWhiteSpace = text.search(WHITE_SPACE);
  const lastWhiteSpace = text.search(LAST_WHITE_SPACE);
  let lastAt = -1;
  for (let index = start, part = start; index <= text.length; index++) {
    const code = index === text.length ? SLASH : text.charCodeAt(index);
    if (code === AT) lastAt = index;
    if (code !== SLASH) continue;
    // A part ends; the path would begin here.
    if (lastAt >= part) {
      // The userinfo is all before this "@": with white space, so is every later one.
      if (firstWhiteSpace !== -1 && firstWhiteSpace < lastAt) return false;
      if (
        lastAt > start &&
        lastWhiteSpace < index &&
        urlHost(text.slice(lastAt + 1, index))
      )
        return true;
    } else if (
      part === start &&
      lastWhiteSpace < index &&
      urlHost(text.slice(start, index))
    ) {
      return true;
    }
    part = index + 1;
  }
  return false;
}

function urlHost(text: string): boolean {
  return URL_IPV4_HOST.test(text) || URL_DOMAIN_HOST.test(text);
}

/** A format check of strings, or (`type: "number"`) of numbers. */
export type Format =
  | ((text: string) => boolean)
  | { type: "number"; validate: (value: number) => boolean };

const regexFormat = (pattern: RegExp) => (text: string) => pattern.test(text);

// Each format check is its own export, `format_` and its name, so that an output carries only those its schemas use;
// each is pure, so that a bundler drops those no validator it keeps calls.
export const format_date: (text: string) => boolean = date;
export const format_time: (text: string) => boolean =
  /* @__PURE__ */ time(true);
export const format_date_time: (text: string) => boolean =
  /* @__PURE__ */ dateTime(true);
export const format_iso_time: (text: string) => boolean =
  /* @__PURE__ */ time(false);
export const format_iso_date_time: (text: string) => boolean =
  /* @__PURE__ */ dateTime(false);
export const format_duration: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(DURATION);
export const format_uri = (text: string): boolean =>
  NOT_URI_FRAGMENT.test(text) && URI.test(text);
export const format_uri_reference: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(URI_REFERENCE);
export const format_uri_template: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(URI_TEMPLATE);
export const format_url: (text: string) => boolean = url;
export const format_email: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(EMAIL);
export const format_hostname: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(HOSTNAME);
export const format_ipv4: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(IPV4);
export const format_ipv6: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(IPV6);
export function format_regex(text: string): boolean {
  if (Z_ANCHOR.test(text)) return false;
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}
export const format_uuid: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(UUID);
export const format_json_pointer: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(JSON_POINTER);
export const format_json_pointer_uri_fragment: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(JSON_POINTER_URI_FRAGMENT);
export const format_relative_json_pointer: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(RELATIVE_JSON_POINTER);
export const format_byte: (text: string) => boolean =
  /* @__PURE__ */ regexFormat(BYTE);
export const format_int32 = (value: number): boolean =>
  Number.isInteger(value) && value <= 2 ** 31 - 1 && value >= -(2 ** 31);
export const format_int64 = (value: number): boolean => Number.isInteger(value);
export const format_float = (): boolean => true;
export const format_double = (): boolean => true;
export const format_password = (): boolean => true;
export const format_binary = (): boolean => true;

/** The export that checks a format (`format_date_time` for `date-time`). */
export const formatCheckName = (format: string): string =>
  `format_${format.replace(/-/g, "_")}`;

/** JSON Schema `format` checks, by name (ajv-formats' "full" mode); unknown formats are not checked. The emitter reads which exist, and which check numbers. */
export const formats: Record<string, Format> = {
  date: format_date,
  time: format_time,
  "date-time": format_date_time,
  "iso-time": format_iso_time,
  "iso-date-time": format_iso_date_time,
  duration: format_duration,
  uri: format_uri,
  "uri-reference": format_uri_reference,
  "uri-template": format_uri_template,
  url: format_url,
  email: format_email,
  hostname: format_hostname,
  ipv4: format_ipv4,
  ipv6: format_ipv6,
  regex: format_regex,
  uuid: format_uuid,
  "json-pointer": format_json_pointer,
  "json-pointer-uri-fragment": format_json_pointer_uri_fragment,
  "relative-json-pointer": format_relative_json_pointer,
  byte: format_byte,
  int32: { type: "number", validate: format_int32 },
  int64: { type: "number", validate: format_int64 },
  float: { type: "number", validate: format_float },
  double: { type: "number", validate: format_double },
  password: format_password,
  binary: format_binary,
};
