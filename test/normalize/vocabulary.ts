/** Rows of the vocabulary family (src/normalize/rules/vocabulary.ts). */
import type { Rows } from "./rows.js";

export const rows: Rows = [
  [
    "known-keywords-only",
    {
      says: "tsType, x-*, $comment, $anchor, $id, OpenAPI's example and any other keyword no rule reads are dropped, silently",
      given: {
        type: "string",
        tsType: "Evil",
        "x-internal": true,
        $comment: "c",
        $anchor: "a",
        $id: "https://example.com/s",
        $vocabulary: {},
        example: "x",
        discriminator: {},
        foo: 1,
      },
      want: { type: "string" },
    },
  ],
  [
    "known-keywords-only",
    {
      says: "a keyword named __proto__ is dropped like any other",
      given: JSON.parse('{"__proto__": {"type": "string"}, "type": "number"}'),
      want: { type: "number" },
    },
  ],

  [
    "known-types",
    {
      says: "each of the seven JSON types stays",
      given: { anyOf: ["string", "number", "integer", "boolean", "object", "array", "null"].map((type) => ({ type })) },
      want: { anyOf: ["string", "number", "integer", "boolean", "object", "array", "null"].map((type) => ({ type })) },
    },
  ],
  ["known-types", { says: "a type list loses repeats", given: { type: ["string", "null", "string"] }, want: { type: ["string", "null"] } }],
  [
    "known-types",
    {
      says: "an unknown type name is dropped, and type with it when none is left",
      given: { type: "date", format: "date" },
      want: { format: "date" },
      warnings: [{ code: "keyword-dropped", pointer: "/type", message: 'unknown type ["date"] ignored' }],
    },
  ],
  [
    "known-types",
    {
      says: "unknown entries of a list are dropped, the known ones stay",
      given: { type: ["string", "any", 5] },
      want: { type: ["string"] },
      warnings: [{ code: "keyword-dropped", pointer: "/type", message: 'unknown type ["any",5] ignored' }],
    },
  ],

  [
    "number-values",
    { says: "finite numbers stay", given: { minimum: -1, maximum: 2.5, multipleOf: 0.01 }, want: { minimum: -1, maximum: 2.5, multipleOf: 0.01 } },
  ],
  [
    "number-values",
    {
      says: "a string, null, or a number JSON cannot hold (1e400 parses to Infinity) is dropped",
      given: JSON.parse('{"minimum": "1", "maximum": null, "multipleOf": 1e400}'),
      want: {},
      warnings: [
        { code: "keyword-dropped", pointer: "/minimum", message: "`minimum` is not a number; ignored" },
        { code: "keyword-dropped", pointer: "/maximum", message: "`maximum` is not a number; ignored" },
        { code: "keyword-dropped", pointer: "/multipleOf", message: "`multipleOf` is not a number; ignored" },
      ],
    },
  ],
  [
    "number-values",
    {
      says: "multipleOf 0 or below would reject every number: dropped",
      given: { allOf: [{ multipleOf: 0 }, { multipleOf: -2 }] },
      want: { allOf: [{}, {}] },
      warnings: [
        {
          code: "keyword-dropped",
          pointer: "/allOf/0/multipleOf",
          message: "`multipleOf` must be greater than 0 (as it is, it would reject every number); ignored",
        },
        {
          code: "keyword-dropped",
          pointer: "/allOf/1/multipleOf",
          message: "`multipleOf` must be greater than 0 (as it is, it would reject every number); ignored",
        },
      ],
    },
  ],

  [
    "count-values",
    {
      says: "non-negative integers stay (2.0 is one)",
      given: JSON.parse(
        '{"minLength": 1, "maxLength": 10, "minItems": 0, "maxItems": 3, "minProperties": 1, "maxProperties": 2.0, "minContains": 0, "maxContains": 1}',
      ),
      want: { minLength: 1, maxLength: 10, minItems: 0, maxItems: 3, minProperties: 1, maxProperties: 2, minContains: 0, maxContains: 1 },
    },
  ],
  [
    "count-values",
    {
      says: "a negative or fractional count is dropped; so is one that is not a number",
      given: { minLength: -1, maxItems: 1.5, maxLength: "10" },
      want: {},
      warnings: [
        { code: "keyword-dropped", pointer: "/minLength", message: "`minLength` must be a non-negative integer; ignored" },
        { code: "keyword-dropped", pointer: "/maxItems", message: "`maxItems` must be a non-negative integer; ignored" },
        { code: "keyword-dropped", pointer: "/maxLength", message: "`maxLength` is not a number; ignored" },
      ],
    },
  ],

  [
    "string-values",
    {
      says: "strings stay",
      given: { format: "email", description: "d", title: "t", contentMediaType: "application/json", contentEncoding: "base64" },
      want: { format: "email", description: "d", title: "t", contentMediaType: "application/json", contentEncoding: "base64" },
    },
  ],
  [
    "string-values",
    {
      says: "anything else is dropped: silently for an annotation, with a warning for format, whose check is lost",
      given: { format: 5, description: null, title: ["x"], contentMediaType: {}, contentEncoding: true },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/format", message: "`format` is not a string; ignored" }],
    },
  ],

  [
    "boolean-values",
    {
      says: "booleans stay",
      given: { uniqueItems: true, deprecated: false, readOnly: true, writeOnly: false },
      want: { uniqueItems: true, deprecated: false, readOnly: true, writeOnly: false },
    },
  ],
  [
    "boolean-values",
    {
      says: "anything else is dropped: silently for an annotation, with a warning for uniqueItems, whose check is lost",
      given: { uniqueItems: "yes", deprecated: 1, readOnly: null, writeOnly: {} },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/uniqueItems", message: "`uniqueItems` is not a boolean; ignored" }],
    },
  ],

  [
    "instance-values",
    {
      says: "const and default are instances, kept as written (a $ref in one is data)",
      given: { const: { a: [1] }, default: { $ref: "#/nowhere", $id: "x" }, examples: ["x", 1] },
      want: { const: { a: [1] }, default: { $ref: "#/nowhere", $id: "x" }, examples: ["x", 1] },
    },
  ],
  ["instance-values", { says: "null is a value too", given: { const: null, default: null }, want: { const: null, default: null } }],
  ["instance-values", { says: "examples that is not an array is dropped, silently", given: { examples: "x" }, want: {} }],

  ["enum-values", { says: "an array stays, whatever it holds", given: { enum: ["a", 1, null, { b: 2 }] }, want: { enum: ["a", 1, null, { b: 2 }] } }],
  [
    "enum-values",
    {
      says: "an empty enum admits no value: kept, and suspect",
      given: { enum: [] },
      want: { enum: [] },
      warnings: [{ code: "schema-suspect", pointer: "/enum", message: "enum is empty, so no value is valid here (typed never)" }],
    },
  ],
  [
    "enum-values",
    {
      says: "not an array: dropped",
      given: { type: "string", enum: "a" },
      want: { type: "string" },
      warnings: [{ code: "keyword-dropped", pointer: "/enum", message: "`enum` is not an array; ignored" }],
    },
  ],

  ["required-names", { says: "names stay, each once", given: { required: ["a", "b", "a"] }, want: { required: ["a", "b"] } }],
  [
    "required-names",
    {
      says: "an array with a non-string, or draft-03's boolean, is dropped",
      given: { properties: { a: { required: true } }, required: ["a", 1] },
      want: { properties: { a: {} } },
      warnings: [
        { code: "keyword-dropped", pointer: "/properties/a/required", message: "`required` is not an array of strings; ignored" },
        { code: "keyword-dropped", pointer: "/required", message: "`required` is not an array of strings; ignored" },
      ],
    },
  ],

  [
    "dependent-required",
    {
      says: "entries that are arrays of names stay (each name once); another entry is dropped",
      given: { dependentRequired: { a: ["b", "b"], c: "d", e: [1] } },
      want: { dependentRequired: { a: ["b"] } },
      warnings: [
        { code: "keyword-dropped", pointer: "/dependentRequired/c", message: "`c` is not an array of property names; ignored" },
        { code: "keyword-dropped", pointer: "/dependentRequired/e", message: "`e` is not an array of property names; ignored" },
      ],
    },
  ],
  [
    "dependent-required",
    {
      says: "not an object: dropped",
      given: { dependentRequired: [] },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/dependentRequired", message: "`dependentRequired` is not an object; ignored" }],
    },
  ],
  [
    "typed-instances",
    {
      says: "an enum member the schema's own type refuses is never valid: kept, and suspect at the first such member",
      given: { type: "string", enum: ["a", null, "b", 3] },
      want: { type: "string", enum: ["a", null, "b", 3] },
      warnings: [
        {
          code: "schema-suspect",
          pointer: "/enum/1",
          message: "2 members of enum are not of the schema's type (string), so never valid here (left out of the type)",
        },
      ],
    },
  ],
  [
    "typed-instances",
    {
      says: "no member of the type: no value is valid",
      given: { type: ["integer"], enum: [1.5, "x"] },
      want: { type: ["integer"], enum: [1.5, "x"] },
      warnings: [
        { code: "schema-suspect", pointer: "/enum/0", message: "no member of enum is of the schema's type (integer), so no value is valid here (typed never)" },
      ],
    },
  ],
  [
    "typed-instances",
    {
      says: "a const the type refuses",
      given: { type: "integer", const: 2.5 },
      want: { type: "integer", const: 2.5 },
      warnings: [
        { code: "schema-suspect", pointer: "/const", message: "const is not of the schema's type (integer), so no value is valid here (typed never)" },
      ],
    },
  ],
  [
    "typed-instances",
    {
      says: "the type as normalised: OpenAPI's nullable admits the null member, and an integral number is an integer",
      given: { type: "integer", nullable: true, enum: [1, 2.0, null] },
      want: { type: ["integer", "null"], enum: [1, 2.0, null] },
    },
  ],
];
