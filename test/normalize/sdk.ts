/**
 * Rows of the sdk family (src/normalize/sdk-tool-schema.ts), through
 * `normalizeManifest` and `checkToolsAgainstSdk`: the reasons quoted are the
 * official SDK's own.
 */
import type { Rows } from "./rows.js";

const rejects = (reason: string) =>
  `the official MCP TypeScript SDK rejects this (${reason}): a client made with it cannot list any tool of a server that sends it`;

export const rows: Rows = [
  [
    "sdk-compatibility",
    {
      stage: "sdk",
      says: "a tool the SDK accepts is not reported",
      given: {
        tools: [
          {
            name: "good",
            title: "Good",
            inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
            annotations: { readOnlyHint: true },
          },
        ],
      },
      want: { accepted: {} },
    },
  ],
  [
    "sdk-compatibility",
    {
      stage: "sdk",
      says: "every field the SDK rejects, at its pointer, with the SDK's reason",
      given: {
        tools: [
          { name: "tasks", execution: { taskSupport: "sometimes" }, inputSchema: { type: "object" } },
          { name: "odd", title: 7, annotations: { readOnlyHint: "yes" }, inputSchema: { type: "object" }, _meta: [] },
        ],
      },
      want: {
        accepted: {
          tasks: { name: "tasks", execution: {}, inputSchema: { type: "object" } },
          odd: { name: "odd", annotations: {}, inputSchema: { type: "object" } },
        },
      },
      warnings: [
        {
          code: "sdk-incompatible",
          pointer: "/tools/0/execution/taskSupport",
          message: rejects('Invalid option: expected one of "required"|"optional"|"forbidden"'),
        },
        { code: "sdk-incompatible", pointer: "/tools/1/title", message: rejects("Invalid input: expected string, received number") },
        { code: "sdk-incompatible", pointer: "/tools/1/annotations/readOnlyHint", message: rejects("Invalid input: expected boolean, received string") },
        { code: "sdk-incompatible", pointer: "/tools/1/_meta", message: rejects("Invalid input: expected record, received array") },
      ],
    },
  ],

  [
    "sdk-accepted-form",
    {
      stage: "sdk",
      says: "schemas keep their meaning: inputSchema gets type object, boolean schemas their object form",
      given: {
        tools: [
          { name: "typed", inputSchema: { type: "string" } },
          { name: "untyped", inputSchema: { properties: { a: true, b: false } }, outputSchema: true },
        ],
      },
      want: {
        accepted: {
          typed: { name: "typed", inputSchema: { type: "object" } },
          untyped: { name: "untyped", inputSchema: { type: "object", properties: { a: {}, b: { not: {} } } }, outputSchema: { type: "object" } },
        },
      },
      warnings: [
        { code: "sdk-incompatible", pointer: "/tools/0/inputSchema/type", message: rejects('Invalid input: expected "object"') },
        { code: "sdk-incompatible", pointer: "/tools/1/inputSchema/type", message: rejects('Invalid input: expected "object"') },
        { code: "sdk-incompatible", pointer: "/tools/1/inputSchema/properties/a", message: rejects("Invalid input") },
        { code: "sdk-incompatible", pointer: "/tools/1/inputSchema/properties/b", message: rejects("Invalid input") },
        { code: "sdk-incompatible", pointer: "/tools/1/outputSchema", message: rejects("Invalid input: expected object, received boolean") },
      ],
      also: ["sdk-compatibility"],
    },
  ],
];
