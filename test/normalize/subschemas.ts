/** Rows of the subschemas family (src/normalize/rules/subschemas.ts; `lenient-subschemas` in schema.ts). */
import { DRAFT_07, type Rows } from "./rows.js";

const notASchema = (found: string) => `a schema must be an object or a boolean, found ${found}; ignored (typed unknown, not validated)`;

export const rows: Rows = [
  [
    "lenient-subschemas",
    {
      says: "a tool schema that is not one is typed unknown",
      given: "object",
      want: true,
      warnings: [
        {
          code: "schema-invalid",
          pointer: "",
          message: "a schema must be an object or a boolean, found string; the whole schema is typed unknown and not validated",
        },
      ],
    },
  ],
  [
    "lenient-subschemas",
    {
      says: "a tool schema that is null is typed unknown too (no $schema to read a dialect from)",
      given: null,
      want: true,
      warnings: [
        {
          code: "schema-invalid",
          pointer: "",
          message: "a schema must be an object or a boolean, found null; the whole schema is typed unknown and not validated",
        },
      ],
    },
  ],
  [
    "lenient-subschemas",
    {
      says: "null and arrays are not schemas either",
      given: { properties: { a: null, b: [] } },
      want: { properties: { a: true, b: true } },
      warnings: [
        { code: "schema-invalid", pointer: "/properties/a", message: notASchema("null") },
        { code: "schema-invalid", pointer: "/properties/b", message: notASchema("an array") },
      ],
    },
  ],
  [
    "lenient-subschemas",
    { says: "booleans are schemas", given: { properties: { a: true, b: false }, not: false }, want: { properties: { a: true, b: false }, not: false } },
  ],

  [
    "subschema-maps",
    {
      says: "every property's schema is normalised",
      given: { properties: { a: { type: "string", "x-a": 1 }, b: true } },
      want: { properties: { a: { type: "string" }, b: true } },
    },
  ],
  [
    "subschema-maps",
    {
      says: "a property whose value is not a schema stays a property, unconstrained",
      given: { properties: { a: 5 }, additionalProperties: false },
      want: { properties: { a: true }, additionalProperties: false },
      warnings: [{ code: "schema-invalid", pointer: "/properties/a", message: notASchema("number") }],
      also: ["lenient-subschemas"],
    },
  ],
  [
    "subschema-maps",
    {
      says: "a dependentSchemas entry that is not a schema is dropped",
      given: { dependentSchemas: { a: 5, b: { required: ["c"] } } },
      want: { dependentSchemas: { b: { required: ["c"] } } },
      warnings: [{ code: "schema-invalid", pointer: "/dependentSchemas/a", message: notASchema("number") }],
      also: ["lenient-subschemas"],
    },
  ],
  [
    "subschema-maps",
    {
      says: "not an object: dropped",
      given: { properties: ["a"], dependentSchemas: "a" },
      want: {},
      warnings: [
        { code: "keyword-dropped", pointer: "/properties", message: "`properties` is not an object; ignored" },
        { code: "keyword-dropped", pointer: "/dependentSchemas", message: "`dependentSchemas` is not an object; ignored" },
      ],
    },
  ],
  [
    "subschema-maps",
    {
      says: "a property named __proto__ is an own property, as any other",
      given: JSON.parse('{"properties": {"__proto__": {"type": "string"}, "toString": {"type": "number"}}, "required": ["__proto__"]}'),
      want: JSON.parse('{"properties": {"__proto__": {"type": "string"}, "toString": {"type": "number"}}, "required": ["__proto__"]}'),
    },
  ],

  [
    "single-subschemas",
    {
      says: "each keyword holding one subschema keeps it, normalised",
      given: {
        additionalProperties: { type: "string", tsType: "X" },
        propertyNames: { maxLength: 3 },
        contains: { type: "number" },
        not: { type: "null" },
        if: { required: ["a"] },
        then: { required: ["b"] },
        else: false,
        unevaluatedProperties: false,
        unevaluatedItems: true,
      },
      want: {
        additionalProperties: { type: "string" },
        propertyNames: { maxLength: 3 },
        contains: { type: "number" },
        not: { type: "null" },
        if: { required: ["a"] },
        then: { required: ["b"] },
        else: false,
        unevaluatedProperties: false,
        unevaluatedItems: true,
      },
    },
  ],
  [
    "single-subschemas",
    {
      says: "a value that is not a schema drops its keyword",
      given: { type: "object", additionalProperties: "no", not: 0 },
      want: { type: "object" },
      warnings: [
        { code: "schema-invalid", pointer: "/additionalProperties", message: notASchema("string") },
        { code: "schema-invalid", pointer: "/not", message: notASchema("number") },
      ],
      also: ["lenient-subschemas"],
    },
  ],

  [
    "subschema-lists",
    {
      says: "anyOf, oneOf and allOf keep their members, normalised",
      given: { anyOf: [{ type: "string" }, { type: "number" }], oneOf: [true, { "x-a": 1 }], allOf: [{ minLength: 1 }] },
      want: { anyOf: [{ type: "string" }, { type: "number" }], oneOf: [true, {}], allOf: [{ minLength: 1 }] },
    },
  ],
  [
    "subschema-lists",
    {
      says: "an empty list or one that is not an array is dropped",
      given: { anyOf: [], oneOf: {}, allOf: "a" },
      want: {},
      warnings: [
        { code: "keyword-dropped", pointer: "/anyOf", message: "`anyOf` is not a non-empty array; ignored" },
        { code: "keyword-dropped", pointer: "/oneOf", message: "`oneOf` is not a non-empty array; ignored" },
        { code: "keyword-dropped", pointer: "/allOf", message: "`allOf` is not a non-empty array; ignored" },
      ],
    },
  ],
  [
    "subschema-lists",
    {
      says: "an allOf member that is not a schema is left out, and allOf with it when none is left",
      given: { properties: { a: { allOf: [{ minLength: 1 }, 5] }, b: { allOf: [5] } } },
      want: { properties: { a: { allOf: [{ minLength: 1 }] }, b: {} } },
      warnings: [
        { code: "schema-invalid", pointer: "/properties/a/allOf/1", message: notASchema("number") },
        { code: "schema-invalid", pointer: "/properties/b/allOf/0", message: notASchema("number") },
      ],
      also: ["lenient-subschemas"],
    },
  ],
  [
    "subschema-lists",
    {
      says: "an anyOf or oneOf member that is not a schema drops the keyword",
      given: { anyOf: [{ type: "string" }, 5], oneOf: [null, true] },
      want: {},
      warnings: [
        { code: "schema-invalid", pointer: "/anyOf/1", message: notASchema("number") },
        { code: "schema-invalid", pointer: "/anyOf", message: "`anyOf` is not applied, since one of its branches is not a schema" },
        { code: "schema-invalid", pointer: "/oneOf/0", message: notASchema("null") },
        { code: "schema-invalid", pointer: "/oneOf", message: "`oneOf` is not applied, since one of its branches is not a schema" },
      ],
      also: ["lenient-subschemas"],
    },
  ],

  [
    "prefix-items",
    {
      says: "each position's schema is normalised",
      given: { prefixItems: [{ type: "string" }, false], items: false },
      want: { prefixItems: [{ type: "string" }, false], items: false },
    },
  ],
  [
    "prefix-items",
    {
      says: "an entry that is not a schema leaves its position unconstrained",
      given: { prefixItems: [{ type: "string" }, "number"] },
      want: { prefixItems: [{ type: "string" }, true] },
      warnings: [{ code: "schema-invalid", pointer: "/prefixItems/1", message: notASchema("string") }],
      also: ["lenient-subschemas"],
    },
  ],
  [
    "prefix-items",
    {
      says: "not an array: dropped",
      given: { prefixItems: { type: "string" } },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/prefixItems", message: "`prefixItems` is not an array; ignored" }],
    },
  ],

  [
    "referenced-definitions-only",
    {
      says: "definitions no ref reaches are dropped",
      given: { type: "object", $defs: { unused: { type: "string" } }, definitions: { also: {} } },
      want: { type: "object" },
    },
  ],
  [
    "referenced-definitions-only",
    {
      says: "the definitions a ref reaches are hoisted, from $defs or definitions",
      given: {
        properties: { a: { $ref: "#/$defs/used" }, b: { $ref: "#/definitions/old" } },
        $defs: { used: { type: "string" }, unused: {} },
        definitions: { old: { type: "number" } },
      },
      want: { properties: { a: { $ref: "#/$defs/used" }, b: { $ref: "#/$defs/old" } }, $defs: { used: { type: "string" }, old: { type: "number" } } },
    },
  ],

  [
    "lone-surrogate-names",
    {
      says: "a property name with a lone surrogate is kept, and suspect",
      given: JSON.parse('{"properties": {"\\ud800x": {"type": "string"}}, "required": ["\\ud800x"]}'),
      want: JSON.parse('{"properties": {"\\ud800x": {"type": "string"}}, "required": ["\\ud800x"]}'),
      warnings: [
        {
          code: "schema-suspect",
          pointer: "/properties/\ud800x",
          message:
            'the name "\\ud800x" holds a lone UTF-16 surrogate, which is not Unicode text (JSON carries it only as a \\u escape); it is typed and validated as written',
        },
      ],
    },
  ],
  [
    "lone-surrogate-names",
    {
      says: "so is a dependencies or dependentSchemas key",
      given: JSON.parse(`{"$schema": "${DRAFT_07}", "dependencies": {"\\udc00": ["a"]}, "dependentSchemas": {"\\udc01": {}}}`),
      want: JSON.parse('{"dependentRequired": {"\\udc00": ["a"]}, "dependentSchemas": {"\\udc01": {}}}'),
      warnings: [
        {
          code: "schema-suspect",
          pointer: "/dependencies/\udc00",
          message:
            'the name "\\udc00" holds a lone UTF-16 surrogate, which is not Unicode text (JSON carries it only as a \\u escape); it is typed and validated as written',
        },
        {
          code: "schema-suspect",
          pointer: "/dependentSchemas/\udc01",
          message:
            'the name "\\udc01" holds a lone UTF-16 surrogate, which is not Unicode text (JSON carries it only as a \\u escape); it is typed and validated as written',
        },
      ],
    },
  ],
  [
    "closed-allof-properties",
    {
      says: "a property declared only inside allOf of an object additionalProperties: false closes is refused: kept, and suspect at the property",
      given: {
        type: "object",
        properties: { query: { type: "string" } },
        allOf: [{ properties: { query: { type: "string" }, limit: { type: "number" } } }],
        additionalProperties: false,
      },
      want: {
        type: "object",
        properties: { query: { type: "string" } },
        allOf: [{ properties: { query: { type: "string" }, limit: { type: "number" } } }],
        additionalProperties: false,
      },
      warnings: [
        {
          code: "schema-suspect",
          pointer: "/allOf/0/properties/limit",
          message:
            'the property "limit" is declared only inside allOf, which the object\'s additionalProperties: false does not see into, so it is refused wherever it is sent (typed never)',
        },
      ],
    },
  ],
  [
    "closed-allof-properties",
    {
      says: "in allOf nested in allOf too, each name once, where first met",
      given: { allOf: [{ allOf: [{ properties: { a: {} } }] }, { properties: { a: {}, "x/y": {} } }], additionalProperties: false },
      want: { allOf: [{ allOf: [{ properties: { a: {} } }] }, { properties: { a: {}, "x/y": {} } }], additionalProperties: false },
      warnings: [
        {
          code: "schema-suspect",
          pointer: "/allOf/0/allOf/0/properties/a",
          message:
            'the property "a" is declared only inside allOf, which the object\'s additionalProperties: false does not see into, so it is refused wherever it is sent (typed never)',
        },
        {
          code: "schema-suspect",
          pointer: "/allOf/1/properties/x~1y",
          message:
            'the property "x/y" is declared only inside allOf, which the object\'s additionalProperties: false does not see into, so it is refused wherever it is sent (typed never)',
        },
      ],
    },
  ],
  [
    "closed-allof-properties",
    {
      says: "not where the object is open, closed by unevaluatedProperties (which sees into allOf), or has patternProperties (which may admit the name)",
      given: {
        properties: {
          open: { allOf: [{ properties: { a: {} } }] },
          unevaluated: { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
          patterned: { allOf: [{ properties: { a: {} } }], patternProperties: { "^b": {} }, additionalProperties: false },
        },
      },
      want: {
        properties: {
          open: { allOf: [{ properties: { a: {} } }] },
          unevaluated: { allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
          patterned: { allOf: [{ properties: { a: {} } }], patternProperties: { "^b": {} }, additionalProperties: false },
        },
      },
    },
  ],
];
