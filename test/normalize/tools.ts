/** Rows of the tools family (src/normalize/tools.ts), through `normalizeManifest`. */
import type { Rows } from "./rows.js";

const object = { type: "object" };

export const rows: Rows = [
  [
    "tool-shape",
    {
      stage: "manifest",
      says: "a tool that is not an object refuses the manifest",
      given: { tools: [{ name: "ok", inputSchema: object }, "search"] },
      error: { code: "tool-invalid", pointer: "/tools/1", message: "a tool must be an object" },
    },
  ],
  [
    "tool-shape",
    {
      stage: "manifest",
      says: "so does a tool without a name, at the pointer of the JSON-RPC response",
      given: { jsonrpc: "2.0", id: 1, result: { tools: [{ inputSchema: object }] } },
      error: { code: "tool-invalid", pointer: "/result/tools/0/name", message: "tool has no `name`" },
    },
  ],
  [
    "tool-shape",
    {
      stage: "manifest",
      says: "and an empty name",
      given: { tools: [{ name: "", inputSchema: object }] },
      error: { code: "tool-invalid", pointer: "/tools/0/name", message: "tool `name` must be a non-empty string" },
    },
  ],
  [
    "tool-shape",
    {
      stage: "manifest",
      says: "and a name that is not a string",
      given: { tools: [{ name: 7, inputSchema: object }] },
      error: { code: "tool-invalid", pointer: "/tools/0/name", message: "tool `name` must be a non-empty string" },
    },
  ],

  [
    "duplicate-tools",
    {
      stage: "manifest",
      says: "the same tool twice: the first stays",
      given: {
        tools: [
          { name: "a", inputSchema: object },
          { name: "b", inputSchema: object },
          { name: "a", inputSchema: object },
        ],
      },
      want: { tools: [{ wireName: "a" }, { wireName: "b" }] },
      warnings: [{ code: "tool-duplicate", pointer: "/tools/2", message: "listed twice; the repeat at /tools/2 is ignored" }],
    },
  ],
  [
    "duplicate-tools",
    {
      stage: "manifest",
      says: "two different tools under one name: the first stays, and the message says they differ",
      given: {
        tools: [
          { name: "a", inputSchema: object },
          { name: "a", description: "other", inputSchema: object },
        ],
      },
      want: { tools: [{ wireName: "a", description: undefined }] },
      warnings: [
        { code: "tool-duplicate", pointer: "/tools/1", message: "listed twice with different definitions; keeping the first (/tools/0), ignoring /tools/1" },
      ],
    },
  ],

  [
    "missing-input-schema",
    {
      stage: "manifest",
      says: "a tool without inputSchema takes any object",
      given: { tools: [{ name: "ping" }] },
      want: { tools: [{ input: { type: "object" } }] },
      warnings: [{ code: "schema-invalid", pointer: "/tools/0", message: "tool has no inputSchema; assuming an object with any properties" }],
    },
  ],

  [
    "object-root",
    {
      stage: "manifest",
      says: "an inputSchema of another type is generated as written, and reported",
      given: { tools: [{ name: "t", inputSchema: { type: "string" } }] },
      want: { tools: [{ input: { type: "string" } }] },
      warnings: [
        {
          code: "schema-invalid",
          pointer: "/tools/0/inputSchema/type",
          message: 'inputSchema admits no object (type "string"), but tool arguments are always a JSON object: every call of this tool fails validation',
        },
      ],
    },
  ],
  [
    "object-root",
    {
      stage: "manifest",
      says: "an inputSchema that is false",
      given: { tools: [{ name: "t", inputSchema: false }] },
      want: { tools: [{ input: false }] },
      warnings: [
        {
          code: "schema-invalid",
          pointer: "/tools/0/inputSchema",
          message: "inputSchema admits no object (it is false), but tool arguments are always a JSON object: every call of this tool fails validation",
        },
      ],
    },
  ],
  [
    "object-root",
    {
      stage: "manifest",
      says: "a type list with object, no type at all, or true admit objects; the schema keeps its meaning (no type is added)",
      given: {
        tools: [
          { name: "a", inputSchema: { type: ["object", "null"] } },
          { name: "b", inputSchema: { properties: {} } },
          { name: "c", inputSchema: true },
        ],
      },
      want: { tools: [{ input: { type: ["object", "null"] } }, { input: { properties: {} } }, { input: true }] },
    },
  ],
  [
    "object-root",
    {
      stage: "manifest",
      says: "outputSchema may be any schema",
      given: { tools: [{ name: "t", inputSchema: object, outputSchema: { type: "array", items: { type: "string" } } }] },
      want: { tools: [{ output: { type: "array", items: { type: "string" } }, outputTypes: { root: "TOutput", defs: {} } }] },
    },
  ],

  [
    "tool-metadata",
    {
      stage: "manifest",
      says: "title, else annotations.title; strings only; annotations when an object",
      given: {
        tools: [
          { name: "a", title: "A tool", description: "Does a.", annotations: { title: "Not this", readOnlyHint: true }, inputSchema: object },
          { name: "b", annotations: { title: "B tool" }, inputSchema: object },
          { name: "c", title: 5, description: ["no"], annotations: "readOnly", inputSchema: object },
        ],
      },
      want: {
        tools: [
          { title: "A tool", description: "Does a.", annotations: { title: "Not this", readOnlyHint: true } },
          { title: "B tool", description: undefined, annotations: { title: "B tool" } },
          { title: undefined, description: undefined, annotations: undefined },
        ],
      },
    },
  ],
];
