/** Rows of the dialects family (src/normalize/rules/dialects.ts). */
import { DRAFT_04, DRAFT_06, DRAFT_07, DRAFT_2019_09, type Rows } from "./rows.js";

export const rows: Rows = [
  ["dialect", { says: "no $schema is 2020-12", given: { type: "string" }, want: { type: "string" }, dialect: "2020-12" }],
  ["dialect", { says: "draft-07's URI, with the empty fragment", given: { $schema: DRAFT_07, type: "string" }, want: { type: "string" }, dialect: "draft-07" }],
  [
    "dialect",
    {
      says: "https for a draft that named itself with http, without the fragment",
      given: { $schema: "https://json-schema.org/draft-07/schema", type: "string" },
      want: { type: "string" },
      dialect: "draft-07",
    },
  ],
  ["dialect", { says: "draft-06", given: { $schema: DRAFT_06 }, want: {}, dialect: "draft-06" }],
  ["dialect", { says: "draft-04", given: { $schema: DRAFT_04 }, want: {}, dialect: "draft-04" }],
  [
    "dialect",
    {
      says: "draft-03 is read as draft-04, with a warning that names what only draft-03 has",
      given: { $schema: "http://json-schema.org/draft-03/schema#", properties: { a: { required: true } } },
      want: { properties: { a: {} } },
      dialect: "draft-04",
      warnings: [
        {
          code: "keyword-dropped",
          pointer: "/$schema",
          message:
            "$schema names draft-03, which mcpgen reads as draft-04: what only draft-03 has (`required: true` on a property, `disallow`, `extends`, `divisibleBy`, schemas in `type`) is not applied",
        },
        { code: "keyword-dropped", pointer: "/properties/a/required", message: "`required` is not an array of strings; ignored" },
      ],
    },
  ],
  ["dialect", { says: "2019-09", given: { $schema: DRAFT_2019_09 }, want: {}, dialect: "2019-09" }],
  ["dialect", { says: "surrounding white space is ignored", given: { $schema: ` ${DRAFT_07}\n` }, want: {}, dialect: "draft-07" }],
  [
    "dialect",
    {
      says: "a $schema naming no known dialect is read as 2020-12, with a warning",
      given: { $schema: "https://example.com/my-dialect", type: "string" },
      want: { type: "string" },
      dialect: "2020-12",
      warnings: [
        {
          code: "keyword-dropped",
          pointer: "/$schema",
          message: '$schema "https://example.com/my-dialect" names no JSON Schema dialect mcpgen knows; read as 2020-12',
        },
      ],
    },
  ],
  [
    "dialect",
    {
      says: "an embedded resource's own $schema decides for it (here draft-07, whose $ref hides its siblings)",
      given: {
        $ref: "#/$defs/a",
        $defs: {
          a: {
            $id: "https://example.com/a",
            $schema: DRAFT_07,
            properties: { v: { $ref: "#/definitions/n", type: "string" } },
            definitions: { n: { type: "number" } },
          },
        },
      },
      want: { $ref: "#/$defs/a", $defs: { a: { properties: { v: { $ref: "#/$defs/n" } } }, n: { type: "number" } } },
      dialect: "2020-12",
    },
  ],

  [
    "ref-siblings",
    {
      says: "before 2019-09 only the annotations beside a $ref are kept",
      given: {
        $schema: DRAFT_07,
        properties: {
          v: {
            $ref: "#/definitions/a",
            type: "string",
            minLength: 1,
            description: "d",
            title: "t",
            default: 1,
            examples: [1],
            deprecated: true,
            readOnly: true,
            writeOnly: false,
            const: 2,
          },
        },
        definitions: { a: { type: "number" } },
      },
      want: {
        properties: { v: { description: "d", title: "t", default: 1, examples: [1], deprecated: true, readOnly: true, writeOnly: false, $ref: "#/$defs/a" } },
        $defs: { a: { type: "number" } },
      },
    },
  ],
  [
    "ref-siblings",
    {
      says: "from 2019-09 a $ref's siblings apply",
      given: { $schema: DRAFT_2019_09, $ref: "#/$defs/a", type: "string", $defs: { a: { minLength: 1 } } },
      want: { type: "string", $ref: "#/$defs/a", $defs: { a: { minLength: 1 } } },
    },
  ],

  [
    "tuple-items",
    {
      says: "draft-07 items: [...] and additionalItems become prefixItems and items",
      given: { $schema: DRAFT_07, type: "array", items: [{ type: "string" }, { type: "number" }], additionalItems: false },
      want: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
    },
  ],
  [
    "tuple-items",
    {
      says: "an entry that is not a schema leaves its position unconstrained",
      given: { items: [{ type: "string" }, 5] },
      want: { prefixItems: [{ type: "string" }, true] },
      warnings: [
        {
          code: "schema-invalid",
          pointer: "/items/1",
          message: "a schema must be an object or a boolean, found number; ignored (typed unknown, not validated)",
        },
      ],
      also: ["lenient-subschemas"],
    },
  ],
  [
    "tuple-items",
    { says: "a single items schema stays", given: { type: "array", items: { type: "string" } }, want: { type: "array", items: { type: "string" } } },
  ],
  [
    "tuple-items",
    {
      says: "a single items that is not a schema is dropped",
      given: { type: "array", items: "string" },
      want: { type: "array" },
      warnings: [
        { code: "schema-invalid", pointer: "/items", message: "a schema must be an object or a boolean, found string; ignored (typed unknown, not validated)" },
      ],
      also: ["lenient-subschemas"],
    },
  ],
  [
    "tuple-items",
    {
      says: "additionalItems beside a single items schema means nothing",
      given: { items: { type: "string" }, additionalItems: false },
      want: { items: { type: "string" } },
    },
  ],
  ["tuple-items", { says: "additionalItems alone means nothing", given: { additionalItems: { type: "string" } }, want: {} }],
  [
    "tuple-items",
    {
      says: "an additionalItems that is not a schema leaves the rest unconstrained",
      given: { items: [true], additionalItems: [] },
      want: { prefixItems: [true] },
      warnings: [
        {
          code: "schema-invalid",
          pointer: "/additionalItems",
          message: "a schema must be an object or a boolean, found an array; ignored (typed unknown, not validated)",
        },
      ],
      also: ["lenient-subschemas"],
    },
  ],

  [
    "dependencies-split",
    {
      says: "arrays become dependentRequired, schemas dependentSchemas",
      given: { $schema: DRAFT_07, dependencies: { a: ["b", "c"], d: { required: ["e"] } } },
      want: { dependentRequired: { a: ["b", "c"] }, dependentSchemas: { d: { required: ["e"] } } },
    },
  ],
  [
    "dependencies-split",
    { says: "an array keeps its strings only", given: { dependencies: { a: ["b", 1, null] } }, want: { dependentRequired: { a: ["b"] } } },
  ],
  [
    "dependencies-split",
    {
      says: "merged with dependentRequired and dependentSchemas for the same property: all apply",
      given: { dependencies: { a: ["b"], s: { minProperties: 2 } }, dependentRequired: { a: ["c", "b"] }, dependentSchemas: { s: { maxProperties: 5 } } },
      want: { dependentRequired: { a: ["b", "c"] }, dependentSchemas: { s: { allOf: [{ minProperties: 2 }, { maxProperties: 5 }] } } },
    },
  ],
  [
    "dependencies-split",
    {
      says: "not an object: dropped",
      given: { dependencies: ["a"] },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/dependencies", message: "`dependencies` is not an object; ignored" }],
    },
  ],
  [
    "dependencies-split",
    {
      says: "a dependency that is neither an array nor a schema is dropped",
      given: { dependencies: { a: 5, b: true } },
      want: { dependentSchemas: { b: true } },
      warnings: [
        {
          code: "schema-invalid",
          pointer: "/dependencies/a",
          message: "a schema must be an object or a boolean, found number; ignored (typed unknown, not validated)",
        },
      ],
      also: ["lenient-subschemas"],
    },
  ],

  [
    "exclusive-bounds",
    {
      says: "draft-04's booleans make minimum/maximum exclusive",
      given: { $schema: DRAFT_04, type: "number", minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: false },
      want: { type: "number", maximum: 10, exclusiveMinimum: 0 },
    },
  ],
  [
    "exclusive-bounds",
    { says: "numbers are kept", given: { exclusiveMinimum: 0, exclusiveMaximum: 1.5 }, want: { exclusiveMinimum: 0, exclusiveMaximum: 1.5 } },
  ],
  ["exclusive-bounds", { says: "a boolean without its bound means nothing", given: { exclusiveMaximum: true }, want: {} }],
  [
    "exclusive-bounds",
    {
      says: "another value is dropped",
      given: { minimum: 1, exclusiveMinimum: "1" },
      want: { minimum: 1 },
      warnings: [{ code: "keyword-dropped", pointer: "/exclusiveMinimum", message: "`exclusiveMinimum` is not a number; ignored" }],
    },
  ],

  ["nullable", { says: "adds null to a type name", given: { type: "string", nullable: true }, want: { type: ["string", "null"] } }],
  ["nullable", { says: "adds null to a type list", given: { type: ["string", "number"], nullable: true }, want: { type: ["string", "number", "null"] } }],
  ["nullable", { says: "a type list with null already is unchanged", given: { type: ["null", "string"], nullable: true }, want: { type: ["null", "string"] } }],
  ["nullable", { says: "without a type, nothing to add to", given: { nullable: true, minLength: 1 }, want: { minLength: 1 } }],
  ["nullable", { says: "false changes nothing", given: { type: "string", nullable: false }, want: { type: "string" } }],
];
