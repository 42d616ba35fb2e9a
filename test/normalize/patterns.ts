/** Rows of the patterns family (src/normalize/rules/patterns.ts, decided by src/normalize/patterns.ts). */
import type { Rows } from "./rows.js";

export const rows: Rows = [
  [
    "patterns",
    {
      says: "a valid Unicode regular expression is kept, compiled with u",
      given: { type: "string", pattern: "^\\p{Lu}[a-z]*$" },
      want: { type: "string", pattern: "^\\p{Lu}[a-z]*$" },
    },
  ],
  [
    "patterns",
    {
      says: "one valid only without u (Python's escapes) is kept, compiled without it",
      given: { pattern: "^[\\w\\-\\_]+$" },
      want: { pattern: "^[\\w\\-\\_]+$" },
      patternModes: { "^[\\w\\-\\_]+$": "legacy" },
      warnings: [
        {
          code: "pattern-dialect",
          pointer: "/pattern",
          message:
            'pattern "^[\\\\w\\\\-\\\\_]+$" is not a valid Unicode regular expression (Invalid escape), but is one without the u flag: validated without it',
        },
      ],
    },
  ],
  [
    "patterns",
    {
      says: "one a backtracking engine could stall on is kept, matched in linear time",
      given: { pattern: "^(a+)+$" },
      want: { pattern: "^(a+)+$" },
      patternModes: { "^(a+)+$": "linear" },
      warnings: [
        {
          code: "pattern-backtracking",
          pointer: "/pattern",
          message:
            'pattern "^(a+)+$" can take a backtracking regex engine time exponential in the length of the text it checks, through the repetition `(a+)+`, which can match the same text in more than one way; it is checked with mcpgen\'s linear-time matcher instead of RegExp',
        },
      ],
    },
  ],
  [
    "patterns",
    {
      says: "both: without u, in linear time",
      given: { pattern: "^(\\_+)+$" },
      want: { pattern: "^(\\_+)+$" },
      patternModes: { "^(\\_+)+$": "linear-legacy" },
      warnings: [
        {
          code: "pattern-dialect",
          pointer: "/pattern",
          message: 'pattern "^(\\\\_+)+$" is not a valid Unicode regular expression (Invalid escape), but is one without the u flag: validated without it',
        },
        {
          code: "pattern-backtracking",
          pointer: "/pattern",
          message:
            'pattern "^(\\\\_+)+$" can take a backtracking regex engine time exponential in the length of the text it checks, through the repetition `(\\_+)+`, which can match the same text in more than one way; it is checked with mcpgen\'s linear-time matcher instead of RegExp',
        },
      ],
    },
  ],
  [
    "patterns",
    {
      says: "one no engine accepts is dropped",
      given: { type: "string", pattern: "(" },
      want: { type: "string" },
      warnings: [
        {
          code: "pattern-invalid",
          pointer: "/pattern",
          message: 'pattern "(" is not a valid ECMAScript regular expression, with the u flag or without (Unterminated group); it is not validated',
        },
      ],
    },
  ],
  [
    "patterns",
    {
      says: "a catastrophic one the linear-time matcher cannot run (a backreference) is dropped",
      given: { pattern: "^(a+)+\\1$" },
      want: {},
      warnings: [
        {
          code: "pattern-invalid",
          pointer: "/pattern",
          message:
            'pattern "^(a+)+\\\\1$" can take a backtracking regex engine time exponential in the length of the text it checks, through the repetition `(a+)+`, which can match the same text in more than one way; no linear-time matcher can run it (a backreference cannot be matched in linear time), so it is not validated',
        },
      ],
    },
  ],
  [
    "patterns",
    {
      says: "a pattern that is not a string is dropped",
      given: { pattern: 5 },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/pattern", message: "`pattern` is not a string; ignored" }],
    },
  ],
  [
    "patterns",
    {
      says: "patternProperties keys are decided the same way: a key no engine accepts is left out",
      given: { patternProperties: { "^x-": { type: "string", tsType: "X" }, "(": { type: "number" }, "^[\\-]$": true } },
      want: { patternProperties: { "^x-": { type: "string" }, "^[\\-]$": true } },
      warnings: [
        {
          code: "pattern-invalid",
          pointer: "/patternProperties/(",
          message:
            'patternProperties key "(" is not a valid ECMAScript regular expression, with the u flag or without (Unterminated group); it is not validated',
        },
      ],
    },
  ],
  [
    "patterns",
    {
      says: "patternProperties that is not an object is dropped",
      given: { patternProperties: [] },
      want: {},
      warnings: [{ code: "keyword-dropped", pointer: "/patternProperties", message: "`patternProperties` is not an object; ignored" }],
    },
  ],

  [
    "dropped-pattern-opens-object",
    {
      says: "additionalProperties and unevaluatedProperties go with a dropped key (they would reject what it matched)",
      given: { patternProperties: { "(": {}, "^a$": { type: "string" } }, additionalProperties: false, unevaluatedProperties: { type: "number" } },
      want: { patternProperties: { "^a$": { type: "string" } } },
      warnings: [
        {
          code: "pattern-invalid",
          pointer: "/patternProperties/(",
          message:
            'patternProperties key "(" is not a valid ECMAScript regular expression, with the u flag or without (Unterminated group); it is not validated',
        },
        {
          code: "pattern-invalid",
          pointer: "/additionalProperties",
          message: "`additionalProperties` is not applied either, since a patternProperties key was ignored",
        },
        {
          code: "pattern-invalid",
          pointer: "/unevaluatedProperties",
          message: "`unevaluatedProperties` is not applied either, since a patternProperties key was ignored",
        },
      ],
      also: ["patterns"],
    },
  ],
  [
    "dropped-pattern-opens-object",
    {
      says: "additionalProperties: true constrains nothing, and stays",
      given: { patternProperties: { "(": {} }, additionalProperties: true },
      want: { patternProperties: {}, additionalProperties: true },
      warnings: [
        {
          code: "pattern-invalid",
          pointer: "/patternProperties/(",
          message:
            'patternProperties key "(" is not a valid ECMAScript regular expression, with the u flag or without (Unterminated group); it is not validated',
        },
      ],
      also: ["patterns"],
    },
  ],
  [
    "dropped-pattern-opens-object",
    {
      says: "with every key kept, nothing changes",
      given: { patternProperties: { "^a$": {} }, additionalProperties: false },
      want: { patternProperties: { "^a$": {} }, additionalProperties: false },
    },
  ],
];
