// Experiment (issue 21, the `tsc` target): schemas as data, checked by closures.
//
// A prototype of the runtime the "schemas as data" layout would ship: each tool's schemas are
// one JSON string (the normalised 2020-12 schema mcpgen's IR holds, local `#/$defs/...` refs
// only), parsed and compiled into a tree of closures on the tool's first call. No `eval`, no
// `new Function`: it runs under a strict CSP. Measured against ajv and mcpgen's generated
// validators by scripts/experiments/closure-bench.mjs; not part of mcpgen.
//
// Design, for speed:
// - One closure per schema node, fused with its type test where the schema names one type
//   (an object node tests "is a plain object" and walks its properties in one closure). A
//   schema that is only `{type: X}` is one shared function (`isString`, ...), and a property
//   of such a schema is tested inline by a kind code (no call).
// - An object's properties are flat arrays (names, kinds, checks, required flags), read from the
//   value by name. `options.object` picks the walk: "grouped" (the fastest measured, the bench's
//   modes use it) has a counted loop per kind of test (strings, type masks, no test, calls);
//   "keys" one loop that switches on each property's kind; "forin" walks the value's own names
//   and looks each up in a Map; "cursor" walks them matching the schema's order by identity;
//   "hybrid" is "cursor" on objects of six properties or more, "grouped" below.
//   `additionalProperties: false` counts the value's names with for-in and compares with the
//   properties found; a walk of the names runs only on a mismatch.
// - Nothing allocated on the valid path. A failing check records its keyword and limit in
//   module state and returns false; each object or array it fails through pushes its key onto a
//   trail, so the first issue's JSON pointer is built only when it is asked for.
// - Own properties: an object whose prototype is not Object.prototype or null is checked as a
//   copy of its own enumerable properties; property names Object.prototype has (`constructor`,
//   `__proto__`, ...) are read as own properties.
// - Patterns: `new RegExp(pattern, "u")` (mcpgen has a linear-time matcher for unsafe patterns;
//   this prototype does not). Formats: ajv-formats' "full" regexes for uri, uuid, email and date.
//
// Every-issue mode: the compiled check runs first (a valid value pays nothing more); for an
// invalid value collectors, compiled on first need, walk it and run each part's check again,
// descending where it fails (`compileCollector`).

const isArray = Array.isArray;
const getPrototypeOf = Object.getPrototypeOf;
const objectPrototype = Object.prototype;
const hasOwn = Object.hasOwn;
const isInteger = Number.isInteger;
const isFinite = Number.isFinite;

// ── failure record (module state, written only when a check fails) ──────────────────────────────
const TYPE = 0,
  REQUIRED = 1,
  ADDITIONAL = 2,
  ENUM = 3,
  CONST = 4,
  MIN_LENGTH = 5,
  MAX_LENGTH = 6,
  PATTERN = 7,
  FORMAT = 8,
  MINIMUM = 9,
  MAXIMUM = 10,
  EXCLUSIVE_MINIMUM = 11,
  EXCLUSIVE_MAXIMUM = 12,
  MULTIPLE_OF = 13,
  MIN_ITEMS = 14,
  MAX_ITEMS = 15,
  UNIQUE = 16,
  MIN_PROPERTIES = 17,
  MAX_PROPERTIES = 18,
  ANY_OF = 19,
  ONE_OF = 20,
  NOT = 21,
  FALSE = 22,
  PROPERTY_NAME = 23,
  DEPENDENT = 24,
  CONTAINS = 25;

let failCode = TYPE;
let failParam;
/** The keys from the failing value up to the root, innermost first. */
const trail = [];

function fail(code, param) {
  failCode = code;
  failParam = param;
  trail.length = 0;
  return false;
}

function failAt(code, param, key) {
  failCode = code;
  failParam = param;
  trail.length = 0;
  trail.push(key);
  return false;
}

function message(code, param) {
  switch (code) {
    case TYPE:
      return `must be ${param}`;
    case REQUIRED:
      return `must have required property '${param}'`;
    case ADDITIONAL:
      return `must NOT have additional property '${param}'`;
    case ENUM:
      return "must be equal to one of the allowed values";
    case CONST:
      return "must be equal to constant";
    case MIN_LENGTH:
      return `must NOT have fewer than ${param} characters`;
    case MAX_LENGTH:
      return `must NOT have more than ${param} characters`;
    case PATTERN:
      return `must match pattern "${param}"`;
    case FORMAT:
      return `must match format "${param}"`;
    case MINIMUM:
      return `must be >= ${param}`;
    case MAXIMUM:
      return `must be <= ${param}`;
    case EXCLUSIVE_MINIMUM:
      return `must be > ${param}`;
    case EXCLUSIVE_MAXIMUM:
      return `must be < ${param}`;
    case MULTIPLE_OF:
      return `must be multiple of ${param}`;
    case MIN_ITEMS:
      return `must NOT have fewer than ${param} items`;
    case MAX_ITEMS:
      return `must NOT have more than ${param} items`;
    case UNIQUE:
      return "must NOT have duplicate items";
    case MIN_PROPERTIES:
      return `must NOT have fewer than ${param} properties`;
    case MAX_PROPERTIES:
      return `must NOT have more than ${param} properties`;
    case ANY_OF:
      return "must match a schema in anyOf";
    case ONE_OF:
      return "must match exactly one schema in oneOf";
    case NOT:
      return "must NOT be valid";
    case FALSE:
      return "boolean schema is false";
    case PROPERTY_NAME:
      return `property name '${param}' is invalid`;
    case DEPENDENT:
      return `must have property '${param}'`;
    default:
      return "must contain a valid item";
  }
}

const pointerToken = (key) => (typeof key === "number" ? String(key) : key.replace(/~/g, "~0").replace(/\//g, "~1"));

function pathOf(keys, base = "") {
  let path = base;
  for (let index = keys.length - 1; index >= 0; index--) path += `/${pointerToken(keys[index])}`;
  return path;
}

// ── value helpers ───────────────────────────────────────────────────────────────────────────────
/** Code points, as JSON Schema counts a string's length (ajv's ucs2length). */
function codePoints(text) {
  let count = 0;
  for (let index = 0; index < text.length; index++, count++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
  }
  return count;
}

function equal(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (!equal(a[index], b[index])) return false;
    return true;
  }
  if (isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!hasOwn(b, key) || !equal(a[key], b[key])) return false;
  return true;
}

/** The own enumerable properties of an object of another prototype, as JSON.stringify sends them. */
const plainCopy = (value) => Object.fromEntries(Object.entries(value));

/** An own property's value (for names Object.prototype has: `constructor`, `__proto__`, ...). */
function own(value, key) {
  const descriptor = Object.getOwnPropertyDescriptor(value, key);
  return descriptor === undefined ? undefined : descriptor.value;
}

// Formats: ajv-formats' "full" regexes (MIT licence), those the picked schemas use and a few more.
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const NOT_URI_FRAGMENT = /\/|:/;
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function date(text) {
  const match = DATE.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS[month]);
}
const FORMATS = {
  uri: (text) => NOT_URI_FRAGMENT.test(text) && URI.test(text),
  uuid: (text) => UUID.test(text),
  email: (text) => EMAIL.test(text),
  date,
};

// ── shared checks ───────────────────────────────────────────────────────────────────────────────
const pass = () => true;
const never = () => fail(FALSE);
const isString = (v) => typeof v === "string" || fail(TYPE, "string");
const isNumber = (v) => (typeof v === "number" && isFinite(v)) || fail(TYPE, "number");
const isIntegerValue = (v) => isInteger(v) || fail(TYPE, "integer");
const isBoolean = (v) => typeof v === "boolean" || fail(TYPE, "boolean");
const isNull = (v) => v === null || fail(TYPE, "null");
const isObject = (v) => (typeof v === "object" && v !== null && !isArray(v)) || fail(TYPE, "object");
const isArrayValue = (v) => isArray(v) || fail(TYPE, "array");
const TYPE_ONLY = { string: isString, number: isNumber, integer: isIntegerValue, boolean: isBoolean, null: isNull, object: isObject, array: isArrayValue };

// Kinds: how an object's property (or an array's items) is tested in its loop without a call.
const CALL = 0,
  K_STRING = 1,
  K_NUMBER = 2,
  K_INTEGER = 3,
  K_BOOLEAN = 4,
  K_ANY = 5,
  K_MASK = 6;
/** The type mask of each check that tests types alone (`type: ["string", "null"]`). */
const MASK_OF = new WeakMap();
const KIND_OF = new Map([
  [isString, K_STRING],
  [isNumber, K_NUMBER],
  [isIntegerValue, K_INTEGER],
  [isBoolean, K_BOOLEAN],
  [pass, K_ANY],
]);
const KIND_NAME = ["", "string", "number", "integer", "boolean"];

const TYPE_BITS = { string: 1, number: 2, integer: 4, boolean: 8, null: 16, object: 32, array: 64 };
function typeBits(v) {
  switch (typeof v) {
    case "string":
      return 1;
    case "number":
      return isFinite(v) ? (isInteger(v) ? 6 : 2) : 0;
    case "boolean":
      return 8;
    case "object":
      return v === null ? 16 : isArray(v) ? 64 : 32;
    default:
      return 0;
  }
}

function typeTest(types) {
  if (types.length === 1) return TYPE_ONLY[types[0]];
  let mask = 0;
  for (const type of types) mask |= TYPE_BITS[type];
  const name = types.join(",");
  const test = (v) => (typeBits(v) & mask) !== 0 || fail(TYPE, name);
  MASK_OF.set(test, { mask, name });
  return test;
}

function every(checks) {
  if (checks.length === 0) return pass;
  if (checks.length === 1) return checks[0];
  if (checks.length === 2) {
    const [a, b] = checks;
    return (v) => a(v) && b(v);
  }
  if (checks.length === 3) {
    const [a, b, c] = checks;
    return (v) => a(v) && b(v) && c(v);
  }
  const count = checks.length;
  return (v) => {
    for (let index = 0; index < count; index++) if (!checks[index](v)) return false;
    return true;
  };
}

// ── the compiler ──────────────────────────────────────────────────────────────────────────────
const IGNORED = new Set([
  "$schema",
  "$id",
  "$comment",
  "$defs",
  "definitions",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentEncoding",
  "contentMediaType",
  "then",
  "else",
]);
const SUPPORTED = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "$ref",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
]);
const OBJECT_KEYWORDS = [
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
];
const ARRAY_KEYWORDS = ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"];
const STRING_KEYWORDS = ["minLength", "maxLength", "pattern", "format"];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];

/** Compiles a schema (parsed) into a check `(value) => boolean`; `options.object` picks the object walk. */
export function compileSchema(root, options = {}) {
  return createCompiler(root, options).compile(root);
}

/** A compiler of `root` and its subschemas, each compiled once (`compile(subschema)`), `$ref`s resolved against `root`. */
function createCompiler(root, options) {
  const refs = new Map();
  const compiled = new Map();
  const objectWalk = options.object ?? "keys";
  // Measurement only: `prototype: false` skips the own-property guarantee (wrong on a value of another prototype).
  const checkPrototype = options.prototype !== false;

  function ref(pointer) {
    const cached = refs.get(pointer);
    if (cached !== undefined) return cached.check ?? ((v) => cached.check(v));
    const cell = { check: undefined };
    refs.set(pointer, cell);
    let target;
    if (pointer === "#") target = root;
    else if (pointer.startsWith("#/$defs/")) target = root.$defs?.[pointer.slice(8).replace(/~1/g, "/").replace(/~0/g, "~")];
    if (target === undefined) throw new Error(`unsupported $ref ${pointer}`);
    cell.check = compile(target);
    return cell.check;
  }

  function compile(schema) {
    let check = compiled.get(schema);
    if (check === undefined) compiled.set(schema, (check = compileNode(schema)));
    return check;
  }

  function compileNode(schema) {
    if (schema === true) return pass;
    if (schema === false) return never;
    const keys = Object.keys(schema).filter((key) => !IGNORED.has(key));
    for (const key of keys) if (!SUPPORTED.has(key)) throw new Error(`unsupported keyword ${key}`);
    if (keys.length === 0) return pass;
    if (keys.length === 1 && keys[0] === "type" && typeof schema.type === "string") return TYPE_ONLY[schema.type];
    const types = schema.type === undefined ? undefined : isArray(schema.type) ? schema.type : [schema.type];
    const single = types?.length === 1 ? types[0] : undefined;
    const checks = [];
    const has = (list) => list.some((key) => schema[key] !== undefined);
    // A part of one type fused with its type test when the schema names that type alone.
    let typed = types === undefined;
    if (has(OBJECT_KEYWORDS) && (types === undefined || types.includes("object"))) {
      checks.push(objectCheck(schema, single === "object"));
      typed ||= single === "object";
    }
    if (has(ARRAY_KEYWORDS) && (types === undefined || types.includes("array"))) {
      checks.push(arrayCheck(schema, single === "array"));
      typed ||= single === "array";
    }
    if (has(STRING_KEYWORDS) && (types === undefined || types.includes("string"))) {
      checks.push(stringCheck(schema, single === "string"));
      typed ||= single === "string";
    }
    if (has(NUMBER_KEYWORDS) && (types === undefined || types.some((type) => type === "number" || type === "integer"))) {
      checks.push(numberCheck(schema, single === "number" || single === "integer" ? single : undefined));
      typed ||= single === "number" || single === "integer";
    }
    // An enum or const whose values are all of the types implies the type test.
    const allowed = schema.enum ?? (schema.const !== undefined ? [schema.const] : undefined);
    const implied = allowed !== undefined && types !== undefined && allowed.every((value) => types.some((type) => (typeBits(value) & TYPE_BITS[type]) !== 0));
    if (!typed && !implied) checks.unshift(typeTest(types));
    if (schema.enum !== undefined) checks.push(enumCheck(schema.enum));
    if (schema.const !== undefined) {
      const constant = schema.const;
      checks.push(typeof constant === "object" && constant !== null ? (v) => equal(v, constant) || fail(CONST) : (v) => v === constant || fail(CONST));
    }
    if (schema.$ref !== undefined) checks.push(ref(schema.$ref));
    if (schema.allOf !== undefined) checks.push(every(schema.allOf.map(compile)));
    if (schema.anyOf !== undefined) checks.push(anyOfCheck(schema.anyOf));
    if (schema.oneOf !== undefined) {
      const branches = schema.oneOf.map(compile);
      checks.push((v) => {
        let passed = 0;
        for (const branch of branches) if (branch(v) && ++passed > 1) break;
        return passed === 1 || fail(ONE_OF);
      });
    }
    if (schema.not !== undefined) {
      const negated = compile(schema.not);
      checks.push((v) => !negated(v) || fail(NOT));
    }
    if (schema.if !== undefined) {
      const condition = compile(schema.if);
      const then = schema.then === undefined ? pass : compile(schema.then);
      const otherwise = schema.else === undefined ? pass : compile(schema.else);
      checks.push((v) => (condition(v) ? then(v) : otherwise(v)));
    }
    return every(checks);
  }

  function anyOfCheck(branches) {
    // Branches that only name types are one mask test (`anyOf: [{type: "string"}, {type: "null"}]`).
    if (
      branches.every(
        (branch) => typeof branch === "object" && Object.keys(branch).every((key) => key === "type" || IGNORED.has(key)) && branch.type !== undefined,
      )
    ) {
      let mask = 0;
      for (const branch of branches) for (const type of [branch.type].flat()) mask |= TYPE_BITS[type];
      return (v) => (typeBits(v) & mask) !== 0 || fail(ANY_OF);
    }
    const checks = branches.map(compile);
    const count = checks.length;
    return (v) => {
      for (let index = 0; index < count; index++) if (checks[index](v)) return true;
      return fail(ANY_OF);
    };
  }

  function enumCheck(values) {
    if (values.some((value) => typeof value === "object" && value !== null)) return (v) => values.some((value) => equal(v, value)) || fail(ENUM, values);
    const count = values.length;
    if (count === 1) {
      const only = values[0];
      return (v) => v === only || fail(ENUM, values);
    }
    return (v) => {
      for (let index = 0; index < count; index++) if (values[index] === v) return true;
      return fail(ENUM, values);
    };
  }

  function stringCheck(schema, typed) {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Infinity;
    const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, "u");
    let format;
    if (schema.format !== undefined) {
      format = FORMATS[schema.format];
      if (format === undefined) throw new Error(`unsupported format ${schema.format}`);
    }
    return (v) => {
      if (typeof v !== "string") return typed ? fail(TYPE, "string") : true;
      // A string's code points are between its length and half of it: count them only in between.
      if (v.length < min || (v.length < 2 * min && codePoints(v) < min)) return fail(MIN_LENGTH, min);
      if (v.length > max && codePoints(v) > max) return fail(MAX_LENGTH, max);
      if (pattern !== undefined && !pattern.test(v)) return fail(PATTERN, schema.pattern);
      if (format !== undefined && !format(v)) return fail(FORMAT, schema.format);
      return true;
    };
  }

  function numberCheck(schema, type) {
    const minimum = schema.minimum ?? -Infinity;
    const maximum = schema.maximum ?? Infinity;
    const exclusiveMinimum = schema.exclusiveMinimum ?? -Infinity;
    const exclusiveMaximum = schema.exclusiveMaximum ?? Infinity;
    const multipleOf = schema.multipleOf;
    return (v) => {
      if (typeof v !== "number") return type === undefined || fail(TYPE, type);
      if (type === "integer" ? !isInteger(v) : type === "number" && !isFinite(v)) return fail(TYPE, type);
      if (v < minimum) return fail(MINIMUM, minimum);
      if (v > maximum) return fail(MAXIMUM, maximum);
      if (v <= exclusiveMinimum) return fail(EXCLUSIVE_MINIMUM, exclusiveMinimum);
      if (v >= exclusiveMaximum) return fail(EXCLUSIVE_MAXIMUM, exclusiveMaximum);
      if (multipleOf !== undefined && v / multipleOf !== Math.trunc(v / multipleOf)) return fail(MULTIPLE_OF, multipleOf);
      return true;
    };
  }

  function arrayCheck(schema, typed) {
    const prefix = (schema.prefixItems ?? []).map(compile);
    const prefixCount = prefix.length;
    const items = schema.items === undefined ? undefined : compile(schema.items);
    const itemKind = items === undefined ? K_ANY : (KIND_OF.get(items) ?? CALL);
    const minItems = schema.minItems ?? 0;
    const maxItems = schema.maxItems ?? Infinity;
    const unique = schema.uniqueItems === true;
    const contains = schema.contains === undefined ? undefined : compile(schema.contains);
    return (v) => {
      if (!isArray(v)) return typed ? fail(TYPE, "array") : true;
      const length = v.length;
      if (length < minItems) return fail(MIN_ITEMS, minItems);
      if (length > maxItems) return fail(MAX_ITEMS, maxItems);
      let index = 0;
      for (; index < prefixCount && index < length; index++) if (!prefix[index](v[index])) return (trail.push(index), false);
      if (itemKind === K_STRING) {
        for (; index < length; index++) if (typeof v[index] !== "string") return failAt(TYPE, "string", index);
      } else if (itemKind === CALL) {
        for (; index < length; index++) if (!items(v[index])) return (trail.push(index), false);
      } else if (itemKind !== K_ANY) {
        for (; index < length; index++) if (!items(v[index])) return (trail.push(index), false);
      }
      if (unique) {
        for (let i = 1; i < length; i++) for (let j = 0; j < i; j++) if (equal(v[i], v[j])) return fail(UNIQUE);
      }
      if (contains !== undefined && !v.some((item) => contains(item))) return fail(CONTAINS);
      return true;
    };
  }

  function objectCheck(schema, typed) {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const inherited = (name) => name in objectPrototype;
    // Names Object.prototype has are read as own properties, apart from the loop.
    const names = Object.keys(properties).filter((name) => !inherited(name));
    const ownNames = Object.keys(properties).filter(inherited);
    const checks = names.map((name) => compile(properties[name]));
    const kinds = checks.map((check) => KIND_OF.get(check) ?? (MASK_OF.has(check) ? K_MASK : CALL));
    const masks = checks.map((check) => MASK_OF.get(check)?.mask ?? 0);
    const maskNames = checks.map((check) => MASK_OF.get(check)?.name ?? "");
    const requiredFlags = names.map((name) => (required.has(name) ? 1 : 0));
    const requiredCount = requiredFlags.reduce((sum, flag) => sum + flag, 0);
    const ownChecks = ownNames.map((name) => compile(properties[name]));
    const otherRequired = [...required].filter((name) => !hasOwn(properties, name) || inherited(name));
    const patterns = Object.entries(schema.patternProperties ?? {}).map(([pattern, sub]) => [new RegExp(pattern, "u"), compile(sub)]);
    const additional = schema.additionalProperties;
    const additionalCheck = additional === undefined || additional === true ? undefined : compile(additional);
    const closed = additional === false && patterns.length === 0;
    const propertyNames = schema.propertyNames === undefined ? undefined : compile(schema.propertyNames);
    const minProperties = schema.minProperties ?? 0;
    const maxProperties = schema.maxProperties ?? Infinity;
    const dependentRequired = Object.entries(schema.dependentRequired ?? {});
    const known = new Set(Object.keys(properties));
    const index = new Map(names.map((name, at) => [name, at]));
    const count = names.length;
    // What the walk of the value's names checks beyond `properties` (none for most schemas).
    const walkNames = (additionalCheck !== undefined && !closed) || patterns.length > 0 || propertyNames !== undefined;
    const rest = ownNames.length > 0 || otherRequired.length > 0 || walkNames || minProperties > 0 || maxProperties < Infinity || dependentRequired.length > 0;

    /** The checks beyond `properties`, on a value already known to be a plain object. */
    function others(v) {
      for (let at = 0; at < ownNames.length; at++) {
        const name = ownNames[at];
        if (hasOwn(v, name) && !ownChecks[at](own(v, name))) return (trail.push(name), false);
      }
      for (const name of otherRequired) if (!hasOwn(v, name)) return fail(REQUIRED, name);
      for (const [name, needs] of dependentRequired) if (hasOwn(v, name)) for (const need of needs) if (!hasOwn(v, need)) return fail(DEPENDENT, need);
      if (minProperties > 0 || maxProperties < Infinity) {
        const size = Object.keys(v).length;
        if (size < minProperties) return fail(MIN_PROPERTIES, minProperties);
        if (size > maxProperties) return fail(MAX_PROPERTIES, maxProperties);
      }
      if (walkNames)
        for (const key of Object.keys(v)) {
          if (propertyNames !== undefined && !propertyNames(key)) return fail(PROPERTY_NAME, key);
          let matched = known.has(key);
          for (const [pattern, check] of patterns)
            if (pattern.test(key)) {
              matched = true;
              if (!check(own(v, key))) return (trail.push(key), false);
            }
          if (!matched && additionalCheck !== undefined && !additionalCheck(own(v, key))) return (trail.push(key), false);
        }
      return true;
    }

    function ownCount(v) {
      let size = 0;
      for (const name of ownNames) if (hasOwn(v, name)) size++;
      return size;
    }

    /** The name that is not a property, once the count of names says there is one. */
    function extra(v) {
      for (const key of Object.keys(v)) if (!known.has(key)) return fail(ADDITIONAL, key);
      return true;
    }

    function keysWalk(v) {
      if (typeof v !== "object" || v === null || isArray(v)) return typed ? fail(TYPE, "object") : true;
      if (checkPrototype) {
        const prototype = getPrototypeOf(v);
        if (prototype !== objectPrototype && prototype !== null) return keysWalk(plainCopy(v));
      }
      let present = 0;
      for (let at = 0; at < count; at++) {
        const name = names[at];
        const x = v[name];
        if (x === undefined) {
          if (requiredFlags[at] === 1) return fail(REQUIRED, name);
          continue;
        }
        present++;
        switch (kinds[at]) {
          case K_STRING:
            if (typeof x !== "string") return failAt(TYPE, "string", name);
            break;
          case K_NUMBER:
            if (typeof x !== "number" || !isFinite(x)) return failAt(TYPE, "number", name);
            break;
          case K_INTEGER:
            if (!isInteger(x)) return failAt(TYPE, "integer", name);
            break;
          case K_BOOLEAN:
            if (typeof x !== "boolean") return failAt(TYPE, "boolean", name);
            break;
          case K_ANY:
            break;
          case K_MASK:
            if ((typeBits(x) & masks[at]) === 0) return failAt(TYPE, maskNames[at], name);
            break;
          default:
            if (!checks[at](x)) return (trail.push(name), false);
        }
      }
      if (closed) {
        let size = 0;
        for (const _ in v) size++;
        if (size !== present && (ownNames.length === 0 || size !== present + ownCount(v)) && !extra(v)) return false;
      }
      return !rest || others(v);
    }

    function forInWalk(v) {
      if (typeof v !== "object" || v === null || isArray(v)) return typed ? fail(TYPE, "object") : true;
      if (checkPrototype) {
        const prototype = getPrototypeOf(v);
        if (prototype !== objectPrototype && prototype !== null) return forInWalk(plainCopy(v));
      }
      let requiredSeen = 0;
      for (const key in v) {
        const at = index.get(key);
        if (at === undefined) {
          if (closed && !known.has(key)) return fail(ADDITIONAL, key);
          continue;
        }
        const x = v[key];
        if (x === undefined) continue;
        requiredSeen += requiredFlags[at];
        switch (kinds[at]) {
          case K_STRING:
            if (typeof x !== "string") return failAt(TYPE, "string", key);
            break;
          case K_NUMBER:
            if (typeof x !== "number" || !isFinite(x)) return failAt(TYPE, "number", key);
            break;
          case K_INTEGER:
            if (!isInteger(x)) return failAt(TYPE, "integer", key);
            break;
          case K_BOOLEAN:
            if (typeof x !== "boolean") return failAt(TYPE, "boolean", key);
            break;
          case K_ANY:
            break;
          case K_MASK:
            if ((typeBits(x) & masks[at]) === 0) return failAt(TYPE, maskNames[at], key);
            break;
          default:
            if (!checks[at](x)) return (trail.push(key), false);
        }
      }
      if (requiredSeen !== requiredCount)
        for (let at = 0; at < count; at++) if (requiredFlags[at] === 1 && v[names[at]] === undefined) return fail(REQUIRED, names[at]);
      return !rest || others(v);
    }

    /**
     * The value's own names, in its order (for-in, which the engine reads through its enum cache, by
     * field index: no lookup by name), matched against the schema's names by identity (property
     * names are internalized strings), from where the last match was: the value's names in the
     * schema's order (or a subsequence of it) cost a comparison each.
     */
    function cursorWalk(v) {
      if (typeof v !== "object" || v === null || isArray(v)) return typed ? fail(TYPE, "object") : true;
      if (checkPrototype) {
        const prototype = getPrototypeOf(v);
        if (prototype !== objectPrototype && prototype !== null) return cursorWalk(plainCopy(v));
      }
      let requiredSeen = 0;
      let cursor = 0;
      for (const key in v) {
        let at = cursor;
        if (at >= count || names[at] !== key) {
          at = count;
          for (let scan = 0; scan < count; scan++)
            if (names[scan] === key) {
              at = scan;
              break;
            }
          if (at === count) {
            if (closed && !known.has(key)) return fail(ADDITIONAL, key);
            continue;
          }
        }
        cursor = at + 1;
        const x = v[key];
        if (x === undefined) continue;
        requiredSeen += requiredFlags[at];
        switch (kinds[at]) {
          case K_STRING:
            if (typeof x !== "string") return failAt(TYPE, "string", key);
            break;
          case K_NUMBER:
            if (typeof x !== "number" || !isFinite(x)) return failAt(TYPE, "number", key);
            break;
          case K_INTEGER:
            if (!isInteger(x)) return failAt(TYPE, "integer", key);
            break;
          case K_BOOLEAN:
            if (typeof x !== "boolean") return failAt(TYPE, "boolean", key);
            break;
          case K_ANY:
            break;
          case K_MASK:
            if ((typeBits(x) & masks[at]) === 0) return failAt(TYPE, maskNames[at], key);
            break;
          default:
            if (!checks[at](x)) return (trail.push(key), false);
        }
      }
      if (requiredSeen !== requiredCount)
        for (let at = 0; at < count; at++) if (requiredFlags[at] === 1 && !hasOwn(v, names[at])) return fail(REQUIRED, names[at]);
      return !rest || others(v);
    }

    // "grouped": the properties split by kind, a loop each with one test in its body (no switch):
    // the strings', the type masks' (booleans, numbers and integers are masks too), the calls'.
    const groupOf = (wanted) => names.flatMap((name, at) => (wanted(kinds[at]) ? [at] : []));
    const stringAt = groupOf((kind) => kind === K_STRING);
    const maskAt = groupOf((kind) => kind === K_MASK || kind === K_NUMBER || kind === K_INTEGER || kind === K_BOOLEAN);
    const callAt = groupOf((kind) => kind === CALL);
    const anyAt = groupOf((kind) => kind === K_ANY);
    const maskOf = { [K_NUMBER]: TYPE_BITS.number, [K_INTEGER]: TYPE_BITS.integer, [K_BOOLEAN]: TYPE_BITS.boolean };
    const group = (ats) => ({
      names: ats.map((at) => names[at]),
      required: ats.map((at) => requiredFlags[at]),
      checks: ats.map((at) => checks[at]),
      masks: ats.map((at) => maskOf[kinds[at]] ?? masks[at]),
      maskNames: ats.map((at) => KIND_NAME[kinds[at]] || maskNames[at]),
    });
    const strings = group(stringAt);
    const typed2 = group(maskAt);
    const calls = group(callAt);
    const anys = group(anyAt);

    function groupedWalk(v) {
      if (typeof v !== "object" || v === null || isArray(v)) return typed ? fail(TYPE, "object") : true;
      if (checkPrototype) {
        const prototype = getPrototypeOf(v);
        if (prototype !== objectPrototype && prototype !== null) return groupedWalk(plainCopy(v));
      }
      let present = 0;
      let group = strings;
      for (let at = 0, end = group.names.length; at < end; at++) {
        const x = v[group.names[at]];
        if (x === undefined) {
          if (group.required[at] === 1) return fail(REQUIRED, group.names[at]);
        } else if (typeof x !== "string") return failAt(TYPE, "string", group.names[at]);
        else present++;
      }
      group = typed2;
      for (let at = 0, end = group.names.length; at < end; at++) {
        const x = v[group.names[at]];
        if (x === undefined) {
          if (group.required[at] === 1) return fail(REQUIRED, group.names[at]);
        } else if ((typeBits(x) & group.masks[at]) === 0) return failAt(TYPE, group.maskNames[at], group.names[at]);
        else present++;
      }
      group = anys;
      for (let at = 0, end = group.names.length; at < end; at++) {
        if (v[group.names[at]] === undefined) {
          if (group.required[at] === 1) return fail(REQUIRED, group.names[at]);
        } else present++;
      }
      group = calls;
      for (let at = 0, end = group.names.length; at < end; at++) {
        const x = v[group.names[at]];
        if (x === undefined) {
          if (group.required[at] === 1) return fail(REQUIRED, group.names[at]);
        } else if (!group.checks[at](x)) return (trail.push(group.names[at]), false);
        else present++;
      }
      if (closed) {
        let size = 0;
        for (const _ in v) size++;
        if (size !== present && (ownNames.length === 0 || size !== present + ownCount(v)) && !extra(v)) return false;
      }
      return !rest || others(v);
    }

    // "hybrid": for-in where an object has many properties (a keyed load's lookup grows with the
    // object's size), the grouped reads by name below that (for-in's set-up costs more there).
    if (objectWalk === "hybrid") return count >= 6 ? cursorWalk : groupedWalk;
    return objectWalk === "forin" ? forInWalk : objectWalk === "cursor" ? cursorWalk : objectWalk === "grouped" ? groupedWalk : keysWalk;
  }

  return { compile, target: (pointer) => (pointer === "#" ? root : root.$defs?.[pointer.slice(8).replace(/~1/g, "/").replace(/~0/g, "~")]) };
}

// ── every issue: collectors compiled on first need, run on a value the check failed ───────────
/**
 * `(value) => issues`: every issue of a value that fails `root`. Each subschema's collector runs its
 * compiled check first (a part that passes costs that alone); where it fails, it descends into
 * the object's properties or the array's items to report each issue below, and reports its own
 * first failure (keyword, limit, trail) where nothing below failed. So a failing chain is checked
 * once per level (the check stops at its first failure).
 */
export function compileCollector(root, options = {}) {
  const { compile, target } = createCompiler(root, options);
  const collectors = new Map();
  // A collector is called with its parent's path and its own token apart (`path + token` is its
  // path): a part that passes builds no string.
  const leaf = (fast) => (v, path, token, issues) => {
    if (!fast(v)) issues.push({ path: pathOf(trail, path + token), message: message(failCode, failParam) });
  };
  function collectorOf(schema) {
    let cell = collectors.get(schema);
    if (cell === undefined) {
      cell = { collect: undefined };
      collectors.set(schema, cell);
      cell.collect = build(schema);
    }
    return cell.collect ?? ((v, path, token, issues) => cell.collect(v, path, token, issues));
  }
  function build(schema) {
    const fast = compile(schema);
    if (typeof schema !== "object") return leaf(fast);
    const refTarget =
      typeof schema.$ref === "string" && Object.keys(schema).every((key) => key === "$ref" || IGNORED.has(key)) ? target(schema.$ref) : undefined;
    if (refTarget !== undefined) return collectorOf(refTarget);
    const properties = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const closed = schema.additionalProperties === false && schema.patternProperties === undefined;
    const prefix = schema.prefixItems ?? [];
    const items = schema.items;
    if (properties.length === 0 && !closed && prefix.length === 0 && items === undefined) return leaf(fast);
    const parts = properties.map(([name, sub]) => ({
      name,
      token: `/${pointerToken(name)}`,
      inherited: name in objectPrototype,
      required: required.has(name),
      collect: undefined,
      sub,
    }));
    const known = new Set(properties.map(([name]) => name));
    return (v, parent, token, issues) => {
      if (fast(v)) return;
      const path = parent + token;
      const ownIssue = { path: pathOf(trail, path), message: message(failCode, failParam) };
      const before = issues.length;
      if (typeof v === "object" && v !== null && !isArray(v)) {
        const prototype = getPrototypeOf(v);
        const value = prototype === objectPrototype || prototype === null ? v : plainCopy(v);
        for (const part of parts) {
          const x = part.inherited ? own(value, part.name) : value[part.name];
          if (x === undefined) {
            if (part.required) issues.push({ path, message: message(REQUIRED, part.name) });
            continue;
          }
          (part.collect ??= collectorOf(part.sub))(x, path, part.token, issues);
        }
        if (closed) for (const key of Object.keys(value)) if (!known.has(key)) issues.push({ path, message: message(ADDITIONAL, key) });
      } else if (isArray(v)) {
        for (let index = 0; index < v.length; index++) {
          const sub = index < prefix.length ? prefix[index] : items;
          if (sub !== undefined) collectorOf(sub)(v[index], path, `/${index}`, issues);
        }
      }
      if (issues.length === before) issues.push(ownIssue);
    };
  }
  const collect = collectorOf(root);
  return (value) => {
    const issues = [];
    collect(value, "", "", issues);
    return issues;
  };
}

// ── the runtime's entry points, as a generated output would call them ─────────────────────────
/**
 * Validators over a table of tools: `{ [toolName]: { input: "<schema JSON>", output?: "<schema JSON>" } }`.
 * Each schema is parsed and compiled on its first use.
 */
export function createValidators(table, options = {}) {
  const compiled = { input: new Map(), output: new Map() };
  const entry = (name, role) => {
    let found = compiled[role].get(name);
    if (found === undefined) {
      const text = hasOwn(table, name) ? table[name][role] : undefined;
      if (typeof text !== "string") return undefined;
      const schema = JSON.parse(text);
      found = { schema, check: compileSchema(schema, options), collect: undefined };
      compiled[role].set(name, found);
    }
    return found;
  };
  const run = (name, role, value, validateOptions) => {
    const found = entry(name, role);
    if (found === undefined) return { ok: false, issues: [{ path: "", message: `unknown tool ${JSON.stringify(name)}` }] };
    if (found.check(value)) return { ok: true, value };
    if (validateOptions?.firstIssue === true) return { ok: false, issues: [{ path: pathOf(trail), message: message(failCode, failParam) }] };
    found.collect ??= compileCollector(found.schema, options);
    return { ok: false, issues: found.collect(value) };
  };
  return {
    /** Pass/fail alone. */
    isValidInput: (name, value) => {
      const found = entry(name, "input");
      return found !== undefined && found.check(value);
    },
    isValidOutput: (name, value) => {
      const found = entry(name, "output");
      return found !== undefined && found.check(value);
    },
    validateInput: (name, value, validateOptions) => run(name, "input", value, validateOptions),
    validateOutput: (name, value, validateOptions) => run(name, "output", value, validateOptions),
  };
}
