/**
 * Rows of the sdk family (src/normalize/sdk-tool-schema.ts), through
 * `normalizeManifest` and `checkToolsAgainstSdk`: the reasons quoted are the
 * official SDKs' own (v2's `Tool`, and v1's `ToolSchema` on the tool as the
 * 2025 revisions list it).
 */
import type { Rows } from "./rows.js";

const rejects = (reason: string) =>
  `the official MCP TypeScript SDK rejects this (${reason}): a client made with it cannot list any tool of a server that sends it`;
const v1Rejects = (reason: string) =>
  `the official MCP TypeScript SDK v1 (@modelcontextprotocol/sdk; v2 takes it) rejects this (${reason}): a client made with it cannot list any tool of a server that sends it`;

const surfaceRejects = (kind: string, name: string, reason: string) =>
  `${kind} ${JSON.stringify(name)}: the official MCP TypeScript SDK rejects this (${reason}): a client made with it cannot list any ${kind} of a server that sends it`;

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
      says: "an outputSchema of any root is no rejection: SDK v2 takes it as declared (MCP 2026-07-28), and its servers list it to the 2025 revisions as { result }, which SDK v1 takes",
      given: {
        tools: [
          { name: "count", inputSchema: { type: "object" }, outputSchema: { type: "integer" } },
          { name: "either", inputSchema: { type: "object" }, outputSchema: { anyOf: [{ type: "string" }, { type: "null" }] } },
          { name: "untyped", inputSchema: { type: "object" }, outputSchema: { properties: { a: { type: "string" } } } },
          { name: "many", inputSchema: { type: "object" }, outputSchema: { type: "array", items: { type: "object", properties: { a: true } } } },
        ],
      },
      want: { accepted: {} },
    },
  ],
  [
    "sdk-compatibility",
    {
      stage: "sdk",
      says: "an outputSchema that is no schema (null) is not reported again: output-schema-shape reported it, at the same pointer; the tool is listed without it",
      given: { tools: [{ name: "a", inputSchema: { type: "object" }, outputSchema: null }] },
      want: { accepted: { a: { name: "a", inputSchema: { type: "object" } } } },
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
    "sdk-compatibility",
    {
      stage: "sdk",
      says: "what SDK v1 alone rejects is reported as such: a boolean property schema, a required list that is not one",
      given: {
        tools: [{ name: "loose", inputSchema: { type: "object", properties: { a: true } }, outputSchema: { type: "object", required: "a" } }],
      },
      want: {
        accepted: { loose: { name: "loose", inputSchema: { type: "object", properties: { a: {} } }, outputSchema: { type: "object" } } },
      },
      warnings: [
        { code: "sdk-incompatible", pointer: "/tools/0/inputSchema/properties/a", message: v1Rejects("Invalid input") },
        { code: "sdk-incompatible", pointer: "/tools/0/outputSchema/required", message: v1Rejects("Invalid input: expected array, received string") },
      ],
    },
  ],

  [
    "sdk-accepted-form",
    {
      stage: "sdk",
      says: "schemas keep their meaning: inputSchema gets type object, boolean schemas their object form, an outputSchema of another root stays",
      given: {
        tools: [
          { name: "typed", inputSchema: { type: "string" }, outputSchema: { type: "number" } },
          { name: "untyped", inputSchema: { properties: { a: true, b: false } }, outputSchema: true },
          { name: "never", inputSchema: false, outputSchema: false },
        ],
      },
      want: {
        accepted: {
          typed: { name: "typed", inputSchema: { type: "object" }, outputSchema: { type: "number" } },
          untyped: { name: "untyped", inputSchema: { type: "object", properties: { a: {}, b: { not: {} } } }, outputSchema: {} },
          never: { name: "never", inputSchema: { type: "object", not: {} }, outputSchema: { not: {} } },
        },
      },
      warnings: [
        { code: "sdk-incompatible", pointer: "/tools/0/inputSchema/type", message: rejects('Invalid input: expected "object"') },
        { code: "sdk-incompatible", pointer: "/tools/1/inputSchema/type", message: rejects('Invalid input: expected "object"') },
        { code: "sdk-incompatible", pointer: "/tools/1/outputSchema", message: rejects("Invalid input: expected object, received boolean") },
        { code: "sdk-incompatible", pointer: "/tools/1/inputSchema/properties/a", message: v1Rejects("Invalid input") },
        { code: "sdk-incompatible", pointer: "/tools/1/inputSchema/properties/b", message: v1Rejects("Invalid input") },
        { code: "sdk-incompatible", pointer: "/tools/2/inputSchema", message: rejects("Invalid input: expected object, received boolean") },
        { code: "sdk-incompatible", pointer: "/tools/2/outputSchema", message: rejects("Invalid input: expected object, received boolean") },
      ],
      also: ["sdk-compatibility"],
    },
  ],

  [
    "sdk-surface-compatibility",
    {
      stage: "sdk",
      says: "a prompt, resource or template the SDK rejects is reported field by field and listed without those fields; the others are not",
      given: {
        tools: [],
        prompts: [
          {
            name: "sloppy",
            title: 5,
            arguments: [
              { name: "city", required: "yes" },
              { name: "state", description: null },
            ],
          },
          { name: "fine", title: "Fine", arguments: [{ name: "a", required: true }] },
        ],
        resources: [
          { uri: "demo://a", name: "a", size: "big", annotations: { audience: ["robot"], priority: 0.5 } },
          { uri: "demo://b", name: "b", mimeType: "text/plain", size: 3 },
        ],
        resourceTemplates: [{ name: "t", uriTemplate: "demo://t/{id}", _meta: [] }],
      },
      want: {
        accepted: {},
        surface: {
          sloppy: { name: "sloppy", arguments: [{ name: "city" }, { name: "state" }] },
          "demo://a": { uri: "demo://a", name: "a", annotations: { audience: [], priority: 0.5 } },
          t: { name: "t", uriTemplate: "demo://t/{id}" },
        },
      },
      warnings: [
        {
          code: "sdk-incompatible",
          pointer: "/prompts/0/title",
          message: surfaceRejects("prompt", "sloppy", "Invalid input: expected string, received number"),
        },
        {
          code: "sdk-incompatible",
          pointer: "/prompts/0/arguments/0/required",
          message: surfaceRejects("prompt", "sloppy", "Invalid input: expected boolean, received string"),
        },
        {
          code: "sdk-incompatible",
          pointer: "/prompts/0/arguments/1/description",
          message: surfaceRejects("prompt", "sloppy", "Invalid input: expected string, received null"),
        },
        {
          code: "sdk-incompatible",
          pointer: "/resources/0/size",
          message: surfaceRejects("resource", "demo://a", "Invalid input: expected number, received string"),
        },
        {
          code: "sdk-incompatible",
          pointer: "/resources/0/annotations/audience/0",
          message: surfaceRejects("resource", "demo://a", 'Invalid option: expected one of "user"|"assistant"'),
        },
        {
          code: "sdk-incompatible",
          pointer: "/resourceTemplates/0/_meta",
          message: surfaceRejects("resource template", "t", "Invalid input: expected object, received array"),
        },
      ],
    },
  ],
];
