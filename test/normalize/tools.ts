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
    "mcp-header-arguments",
    {
      stage: "manifest",
      says: "x-mcp-header marks on properties reached through properties alone, nested ones included, become the tool's header arguments",
      given: {
        tools: [
          {
            name: "execute_sql",
            inputSchema: {
              type: "object",
              properties: {
                region: { type: "string", "x-mcp-header": "Region" },
                options: { type: "object", properties: { dryRun: { type: "boolean", "x-mcp-header": "Dry-Run" } } },
                limit: { type: "integer", "x-mcp-header": "limit" },
                note: { type: "string", default: { "x-mcp-header": "data, not a mark" } },
              },
            },
          },
        ],
      },
      want: {
        tools: [
          {
            wireName: "execute_sql",
            mcpHeaders: [
              { path: ["region"], header: "Region", type: "string" },
              { path: ["options", "dryRun"], header: "Dry-Run", type: "boolean" },
              { path: ["limit"], header: "limit", type: "integer" },
            ],
          },
        ],
      },
    },
  ],
  ...(
    [
      [
        "on the root",
        { type: "object", "x-mcp-header": "All" },
        "/tools/0/inputSchema/x-mcp-header",
        "x-mcp-header marks a schema that is not a property reached from the root through properties alone",
      ],
      [
        "under items",
        { type: "object", properties: { ids: { type: "array", items: { type: "string", "x-mcp-header": "Id" } } } },
        "/tools/0/inputSchema/properties/ids/items/x-mcp-header",
        "x-mcp-header marks a schema that is not a property reached from the root through properties alone",
      ],
      [
        "under a combinator",
        { type: "object", anyOf: [{ properties: { a: { type: "string", "x-mcp-header": "A" } } }] },
        "/tools/0/inputSchema/anyOf/0/properties/a/x-mcp-header",
        "x-mcp-header marks a schema that is not a property reached from the root through properties alone",
      ],
      [
        "in $defs (reached through $ref)",
        { type: "object", properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string", "x-mcp-header": "A" } } },
        "/tools/0/inputSchema/$defs/a/x-mcp-header",
        "x-mcp-header marks a schema that is not a property reached from the root through properties alone",
      ],
      [
        "empty",
        { type: "object", properties: { a: { type: "string", "x-mcp-header": "" } } },
        "/tools/0/inputSchema/properties/a/x-mcp-header",
        "x-mcp-header is not a non-empty string",
      ],
      [
        "not an HTTP token",
        { type: "object", properties: { a: { type: "string", "x-mcp-header": "Bad Name:\r\nX" } } },
        "/tools/0/inputSchema/properties/a/x-mcp-header",
        'x-mcp-header "Bad Name:\\r\\nX" is not an HTTP token (RFC 9110)',
      ],
      [
        "on a number (the revision names integer, string and boolean)",
        { type: "object", properties: { a: { type: "number", "x-mcp-header": "A" } } },
        "/tools/0/inputSchema/properties/a/x-mcp-header",
        'x-mcp-header marks a property of type "number"; only string, integer and boolean arguments are mirrored',
      ],
      [
        "on an object",
        { type: "object", properties: { a: { type: "object", "x-mcp-header": "A" } } },
        "/tools/0/inputSchema/properties/a/x-mcp-header",
        'x-mcp-header marks a property of type "object"; only string, integer and boolean arguments are mirrored',
      ],
      [
        "repeated in another case",
        { type: "object", properties: { a: { type: "string", "x-mcp-header": "Region" }, b: { type: "string", "x-mcp-header": "REGION" } } },
        "/tools/0/inputSchema/properties/b/x-mcp-header",
        'x-mcp-header "REGION" repeats "Region" (header names ignore case)',
      ],
    ] as const
  ).map(([where, inputSchema, pointer, reason]): Rows[number] => [
    "mcp-header-arguments",
    {
      stage: "manifest",
      says: `a tool with an x-mcp-header mark ${where} is left out with a warning at the mark; the other tools stay`,
      given: {
        tools: [
          { name: "bad", inputSchema },
          { name: "good", inputSchema: object },
        ],
      },
      want: { tools: [{ wireName: "good", mcpHeaders: [] }] },
      warnings: [
        {
          code: "tool-dropped",
          pointer,
          message: `left out: ${reason} (MCP 2026-07-28 has clients reject a tool whose x-mcp-header marks break its constraints)`,
        },
      ],
    },
  ]),
  [
    "mcp-header-arguments",
    {
      stage: "manifest",
      says: "for a server (scaffold, mock), a tool whose marks break the constraints stays, with no header arguments and a warning at the mark",
      audience: "server",
      given: {
        tools: [
          {
            name: "bad",
            inputSchema: { type: "object", properties: { a: { type: "number", "x-mcp-header": "A" }, b: { type: "string", "x-mcp-header": "B" } } },
          },
          { name: "good", inputSchema: { type: "object", properties: { r: { type: "string", "x-mcp-header": "Region" } } } },
        ],
      },
      want: {
        tools: [
          { wireName: "bad", mcpHeaders: [] },
          { wireName: "good", mcpHeaders: [{ path: ["r"], header: "Region", type: "string" }] },
        ],
      },
      warnings: [
        {
          code: "mcp-header-invalid",
          pointer: "/tools/0/inputSchema/properties/a/x-mcp-header",
          message:
            'listed as declared, its headers not checked: x-mcp-header marks a property of type "number"; only string, integer and boolean arguments are mirrored (MCP 2026-07-28 has clients leave out a tool whose x-mcp-header marks break its constraints; clients of the 2025 revisions call it)',
        },
      ],
    },
  ],

  ...(
    [
      ["an enum value", '{"type":"object","properties":{"x":{"enum":[1e400,0]}}}', "/tools/0/inputSchema/properties/x/enum/0", "1e400", "Infinity"],
      ["a const", '{"type":"object","properties":{"x":{"const":1e400}}}', "/tools/0/inputSchema/properties/x/const", "1e400", "Infinity"],
      ["a bound", '{"type":"object","properties":{"y":{"type":"number","maximum":1e400}}}', "/tools/0/inputSchema/properties/y/maximum", "1e400", "Infinity"],
      [
        "a default",
        '{"type":"object","properties":{"y":{"type":"number","default":-1e400}}}',
        "/tools/0/inputSchema/properties/y/default",
        "-1e400",
        "-Infinity",
      ],
    ] as const
  ).map(([where, inputSchema, pointer, literal, reads]): Rows[number] => [
    "finite-numbers",
    {
      stage: "manifest",
      says: `a tool with a number beyond a double's range in ${where} is left out with a warning at that number; the other tools stay`,
      // As JSON.parse reads the literal: Infinity, which JSON.stringify would write as null.
      given: {
        tools: [
          { name: "big", inputSchema: JSON.parse(inputSchema) as unknown },
          { name: "good", inputSchema: object },
        ],
      },
      want: { tools: [{ wireName: "good" }] },
      warnings: [
        {
          code: "tool-dropped",
          pointer,
          message: `left out: a number too large for JSON numbers in JavaScript (a literal such as ${literal} reads as ${reads}, and would be written back as null)`,
        },
      ],
    },
  ]),
  [
    "finite-numbers",
    {
      stage: "manifest",
      says: "in an outputSchema too, the first such number in document order is the one named",
      given: {
        tools: [
          JSON.parse(
            '{"name":"big","inputSchema":{"type":"object"},"outputSchema":{"type":"object","properties":{"n":{"minimum":-1e999,"maximum":1e400}}}}',
          ) as unknown,
        ],
      },
      want: { tools: [] },
      warnings: [
        {
          code: "tool-dropped",
          pointer: "/tools/0/outputSchema/properties/n/minimum",
          message:
            "left out: a number too large for JSON numbers in JavaScript (a literal such as -1e400 reads as -Infinity, and would be written back as null)",
        },
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
    "output-schema-shape",
    {
      stage: "manifest",
      says: "an outputSchema that is no schema (null, as servers write an absent one, or a string) declares none: the tool is generated without one",
      given: {
        tools: [
          { name: "a", inputSchema: object, outputSchema: null },
          { name: "b", inputSchema: object, outputSchema: "none" },
          { name: "c", inputSchema: object, outputSchema: false },
        ],
      },
      want: { tools: [{ output: undefined }, { output: undefined }, { output: false }] },
      warnings: [
        {
          code: "schema-invalid",
          pointer: "/tools/0/outputSchema",
          message:
            "outputSchema is not a schema (an object or a boolean), found null: the tool is generated as one without outputSchema (structuredContent neither required nor checked)",
        },
        {
          code: "schema-invalid",
          pointer: "/tools/1/outputSchema",
          message:
            "outputSchema is not a schema (an object or a boolean), found string: the tool is generated as one without outputSchema (structuredContent neither required nor checked)",
        },
      ],
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
  [
    "duplicate-keys",
    {
      stage: "manifest",
      says: "a key given twice in one object is read as JSON.parse reads it (the last), with a warning at the second naming both lines; in a tool, the tool; outside the tools, none",
      given: [
        "{",
        '  "server": { "name": "s", "name": "t" },',
        '  "tools": [',
        '    { "name": "a", "inputSchema": { "type": "object", "properties": { "n": { "type": "string" } } } },',
        '    { "name": "b", "inputSchema": {',
        '      "type": "object",',
        '      "properties": { "n\\u002Fm": { "type": "string", "type": "integer" } },',
        '      "required": ["n/m"],',
        '      "required": []',
        "    } }",
        "  ]",
        "}",
      ].join("\n"),
      want: {
        tools: [{ wireName: "a" }, { wireName: "b", input: { type: "object", properties: { "n/m": { type: "integer" } }, required: [] } }],
      },
      warnings: [
        {
          code: "input-shape",
          pointer: "/server/name",
          message: 'key "name" is given twice in one object (both on line 2): the last is used, as JSON.parse reads it, and the first is ignored',
        },
        {
          code: "input-shape",
          pointer: "/tools/1/inputSchema/properties/n~1m/type",
          message: 'key "type" is given twice in one object (both on line 7): the last is used, as JSON.parse reads it, and the first is ignored',
        },
        {
          code: "input-shape",
          pointer: "/tools/1/inputSchema/required",
          message: 'key "required" is given twice in one object (line 8, then line 9): the last is used, as JSON.parse reads it, and the first is ignored',
        },
      ],
    },
  ],
  [
    "one-page",
    {
      stage: "manifest",
      says: "a tools/list result naming a next page is generated as it is, with a warning at the cursor (in a JSON-RPC response, under /result)",
      given: { jsonrpc: "2.0", id: 1, result: { tools: [{ name: "a", inputSchema: object }], nextCursor: "page-2" } },
      want: { tools: [{ wireName: "a" }] },
      warnings: [
        {
          code: "input-shape",
          pointer: "/result/nextCursor",
          message: "the manifest is one page of a paginated tools/list (it has a nextCursor): the tools of later pages are not in it",
        },
      ],
    },
  ],
  [
    "task-required",
    {
      stage: "manifest",
      says: 'a tool whose execution.taskSupport is "required" is kept, with a note at the field; "optional", "forbidden", another case or another place is no such tool',
      given: {
        tools: [
          { name: "research", inputSchema: object, execution: { taskSupport: "required" } },
          { name: "a", inputSchema: object, execution: { taskSupport: "optional" } },
          { name: "b", inputSchema: object, execution: { taskSupport: "forbidden" } },
          { name: "c", inputSchema: object, execution: { taskSupport: "Required" } },
          { name: "d", inputSchema: object, taskSupport: "required", annotations: { taskSupport: "required" } },
        ],
      },
      want: {
        tools: [
          { wireName: "research", taskRequired: true },
          { wireName: "a", taskRequired: undefined },
          { wireName: "b", taskRequired: undefined },
          { wireName: "c", taskRequired: undefined },
          { wireName: "d", taskRequired: undefined },
        ],
      },
      warnings: [
        {
          code: "task-required",
          pointer: "/tools/0/execution/taskSupport",
          message:
            'the server requires every call of this tool to be a task (execution.taskSupport is "required"), and a client mcpgen generates calls tools without one: every call of its method fails',
        },
      ],
    },
  ],
  [
    "task-required",
    {
      stage: "manifest",
      says: "for a server (a scaffold, the mock), which runs every call at once, the note says that, and what a 2025 SDK v1 client does",
      audience: "server",
      given: { tools: [{ name: "research", inputSchema: object, execution: { taskSupport: "required" } }] },
      want: { tools: [{ wireName: "research", taskRequired: true }] },
      warnings: [
        {
          code: "task-required",
          pointer: "/tools/0/execution/taskSupport",
          message:
            'the manifest requires every call of this tool to be a task (execution.taskSupport is "required"), which this server does not implement: it runs every call at once, and lists the tool so on the 2025 revisions, where SDK v1 clients refuse to call it without a task',
        },
      ],
    },
  ],
];
