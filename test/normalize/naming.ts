/** Rows of the naming family (src/normalize/naming.ts), through `normalizeManifest`. */
import type { Rows } from "./rows.js";

/** A manifest of tools with these names, each taking any object. */
const named = (...names: string[]) => ({ tools: names.map((name) => ({ name, inputSchema: { type: "object" } })) });

/** A tool whose input has a property referring to each of `reached` (by key), and also declares `unreached`. */
const withDefs = (name: string, reached: Record<string, unknown>, unreached: Record<string, unknown> = {}) => ({
  name,
  inputSchema: {
    type: "object",
    properties: Object.fromEntries(Object.keys(reached).map((key) => [key, { $ref: `#/$defs/${key}` }])),
    $defs: { ...reached, ...unreached },
  },
});

export const rows: Rows = [
  [
    "method-names",
    {
      stage: "manifest",
      says: "the camelCase of the wire name",
      given: named("get_weather", "list-open-issues", "GetHTTPResponse", "tool.v2.list"),
      want: { tools: [{ methodName: "getWeather" }, { methodName: "listOpenIssues" }, { methodName: "getHttpResponse" }, { methodName: "toolV2List" }] },
    },
  ],
  [
    "method-names",
    {
      stage: "manifest",
      says: "collisions are numbered: the ideal identifier first, then code-point order of wire names, whatever the listed order",
      given: named("get_item", "get-item", "getItem"),
      want: { tools: [{ methodName: "getItem3" }, { methodName: "getItem2" }, { methodName: "getItem" }] },
    },
  ],
  [
    "method-names",
    {
      stage: "manifest",
      says: "reserved words, thenables and Object.prototype members get Tool; a leading digit gets tool; no letter or digit left is tool and the name's code points",
      given: named("then", "delete", "constructor", "__proto__", "123abc", "💥"),
      want: {
        tools: [
          { methodName: "thenTool" },
          { methodName: "deleteTool" },
          { methodName: "constructorTool" },
          { methodName: "proto" },
          { methodName: "tool123abc" },
          { methodName: "toolU1f4a5" },
        ],
      },
    },
  ],

  [
    "method-names",
    {
      stage: "manifest",
      says: "a code point outside ASCII is a word of its own, u and its hex, where it stands: 天気_forecast and 晴れ_forecast are not forecast and forecast2",
      given: named("天気_forecast", "晴れ_forecast", "forecast"),
      want: { tools: [{ methodName: "u5929U6c17Forecast" }, { methodName: "u6674U308cForecast" }, { methodName: "forecast" }] },
    },
  ],

  [
    "method-names",
    {
      stage: "manifest",
      says: "a line or paragraph separator, or a bidirectional control, is a code point outside ASCII like any other: spelled, never a silent word break",
      given: named("line\u2028sep", "para\u2029sep", "bidi\u202e_text"),
      want: { tools: [{ methodName: "lineU2028Sep" }, { methodName: "paraU2029Sep" }, { methodName: "bidiU202eText" }] },
    },
  ],

  [
    "type-names",
    {
      stage: "manifest",
      says: "the PascalCase of the wire name, with Input and Output",
      given: { tools: [{ name: "get_weather", inputSchema: { type: "object" }, outputSchema: { type: "object" } }] },
      want: { tools: [{ inputTypes: { root: "GetWeatherInput", defs: {} }, outputTypes: { root: "GetWeatherOutput", defs: {} } }] },
    },
  ],
  [
    "type-names",
    {
      stage: "manifest",
      says: "never one of mcpgen's exported names or a global (the bare stem, never declared, may be one); collisions numbered, with Input and Output claimed together",
      given: named("tool_map", "promise", "a_b", "aB", "get", "get_input"),
      want: {
        tools: [
          { inputTypes: { root: "ToolMapInput", defs: {} } },
          { inputTypes: { root: "PromiseInput", defs: {} } },
          { inputTypes: { root: "AB2Input", defs: {} } },
          { inputTypes: { root: "ABInput", defs: {} } },
          { inputTypes: { root: "GetInput", defs: {} } },
          { inputTypes: { root: "GetInput2Input", defs: {} } },
        ],
      },
    },
  ],

  [
    "def-type-names",
    {
      stage: "manifest",
      says: "each $defs key is <Root><Key>",
      given: {
        tools: [
          { name: "get_weather", inputSchema: { type: "object", properties: { at: { $ref: "#/$defs/geo_point" } }, $defs: { geo_point: { type: "string" } } } },
        ],
      },
      want: { tools: [{ inputTypes: { root: "GetWeatherInput", defs: { geo_point: "GetWeatherInputGeoPoint" } } }] },
    },
  ],
  [
    "def-type-names",
    {
      stage: "manifest",
      says: "never a name the output declares or its entry point exports: a shared definition keyed resource_uri or progress is named after its first schema",
      given: {
        tools: [
          withDefs("a", { resource_uri: { type: "string" }, progress: { type: "number" } }),
          withDefs("b", { resource_uri: { type: "string" }, progress: { type: "number" } }),
        ],
        resources: [{ uri: "x://a", name: "a" }],
      },
      want: {
        tools: [
          { inputTypes: { root: "AInput", defs: { resource_uri: "AInputResourceUri", progress: "AInputProgress" } } },
          { inputTypes: { root: "BInput", defs: { resource_uri: "AInputResourceUri", progress: "AInputProgress" } } },
        ],
      },
    },
  ],
  [
    "def-type-names",
    {
      stage: "manifest",
      says: "a key's code points outside ASCII are spelled as in a tool's name (ref-hoisting): 天気 is not Def, 天気_point not Point",
      given: { tools: [withDefs("get", { 天気: { type: "string" }, 天気_point: { type: "number" }, point: { type: "boolean" } })] },
      want: {
        tools: [
          {
            inputTypes: { root: "GetInput", defs: { u5929_u6c17: "GetInputU5929U6c17", u5929_u6c17_point: "GetInputU5929U6c17Point", point: "GetInputPoint" } },
          },
        ],
      },
    },
  ],
  [
    "def-type-names",
    {
      stage: "manifest",
      says: "claimed from the tools' own names: a taken name is numbered",
      given: {
        tools: [
          { name: "get", inputSchema: { type: "object", properties: { x: { $ref: "#/$defs/x_input" } }, $defs: { x_input: { type: "string" } } } },
          { name: "get_input_x", inputSchema: { type: "object" } },
        ],
      },
      want: { tools: [{ inputTypes: { root: "GetInput", defs: { x_input: "GetInputXInput2" } } }, { inputTypes: { root: "GetInputXInput", defs: {} } }] },
    },
  ],

  [
    "def-type-names",
    {
      stage: "manifest",
      says: "a definition several schemas reach is one type named after its key; one only a single schema reaches keeps <Root><Key>",
      given: {
        tools: [
          withDefs("b", { rich_text: { type: "string" } }),
          withDefs("a", { rich_text: { type: "string" }, own: { type: "number" } }),
          {
            name: "c",
            inputSchema: { type: "object", properties: { x: { $ref: "#/$defs/page" } }, $defs: { page: { type: "integer" } } },
            outputSchema: { type: "object", properties: { x: { $ref: "#/$defs/page" } }, $defs: { page: { type: "integer" } } },
          },
        ],
      },
      want: {
        tools: [
          { inputTypes: { root: "BInput", defs: { rich_text: "RichText" } } },
          { inputTypes: { root: "AInput", defs: { rich_text: "RichText", own: "AInputOwn" } } },
          { inputTypes: { root: "CInput", defs: { page: "Page" } }, outputTypes: { root: "COutput", defs: { page: "Page" } } },
        ],
      },
    },
  ],
  [
    "def-type-names",
    {
      stage: "manifest",
      says: "one key, two definitions: the one most schemas share is named after the key, the other after its first schema, whatever the listed order",
      given: {
        tools: [withDefs("z", { filter: { type: "number" } }), withDefs("y", { filter: { type: "string" } }), withDefs("x", { filter: { type: "string" } })],
      },
      want: {
        tools: [
          { inputTypes: { root: "ZInput", defs: { filter: "ZInputFilter" } } },
          { inputTypes: { root: "YInput", defs: { filter: "Filter" } } },
          { inputTypes: { root: "XInput", defs: { filter: "Filter" } } },
        ],
      },
    },
  ],
  [
    "def-type-names",
    {
      stage: "manifest",
      says: "the same JSON is another definition when its refs lead to other definitions, or to its schema's root",
      given: {
        tools: [
          withDefs("p", { node: { properties: { next: { $ref: "#/$defs/leaf" } } }, leaf: { type: "string" } }),
          withDefs("q", { node: { properties: { next: { $ref: "#/$defs/leaf" } } }, leaf: { type: "number" } }),
          withDefs("r", { tree: { properties: { parent: { $ref: "#" } } } }),
          withDefs("s", { tree: { properties: { parent: { $ref: "#" } } } }),
        ],
      },
      want: {
        tools: [
          { inputTypes: { root: "PInput", defs: { node: "PInputNode", leaf: "PInputLeaf" } } },
          { inputTypes: { root: "QInput", defs: { node: "QInputNode", leaf: "QInputLeaf" } } },
          { inputTypes: { root: "RInput", defs: { tree: "RInputTree" } } },
          { inputTypes: { root: "SInput", defs: { tree: "SInputTree" } } },
        ],
      },
    },
  ],
  [
    "def-type-names",
    {
      stage: "manifest",
      says: "a shared definition whose own name is taken is named after its first schema; one no schema reaches has no name",
      given: {
        tools: [
          withDefs("a", { tool_map: { type: "string" } }, { unused: { $ref: "#/$defs/tool_map" } }),
          withDefs("b", { tool_map: { type: "string" } }, { unused: { type: "boolean" } }),
        ],
      },
      want: {
        tools: [
          { inputTypes: { root: "AInput", defs: { tool_map: "AInputToolMap" } } },
          { inputTypes: { root: "BInput", defs: { tool_map: "AInputToolMap" } } },
        ],
      },
    },
  ],

  [
    "file-names",
    {
      stage: "manifest",
      says: "the kebab-case of the method name; a path in the name leaves only words",
      given: named("getWeather", "get_weather2", "../../x"),
      want: { tools: [{ fileBase: "get-weather" }, { fileBase: "get-weather2" }, { fileBase: "x" }] },
    },
  ],
  [
    "file-names",
    {
      stage: "manifest",
      says: "never a Windows device name: a tool whose file would be one gets Tool in every name",
      given: named("con", "nul", "com1"),
      want: {
        tools: [
          { methodName: "conTool", fileBase: "con-tool", inputTypes: { root: "ConToolInput", defs: {} } },
          { methodName: "nulTool", fileBase: "nul-tool" },
          { methodName: "com1Tool", fileBase: "com1-tool" },
        ],
      },
    },
  ],
  [
    "file-names",
    {
      stage: "manifest",
      says: "methods whose kebab-case is the same (getAB and getAb; con, whose stem is conTool, and conTool) get distinct files: the one named later is numbered in every name",
      given: named("get_a_b", "get_ab", "con", "conTool"),
      want: {
        tools: [
          { methodName: "getAB", fileBase: "get-ab", inputTypes: { root: "GetABInput", defs: {} } },
          { methodName: "getAb2", fileBase: "get-ab2", inputTypes: { root: "GetAb2Input", defs: {} } },
          { methodName: "conTool2", fileBase: "con-tool2", inputTypes: { root: "ConTool2Input", defs: {} } },
          { methodName: "conTool", fileBase: "con-tool", inputTypes: { root: "ConToolInput", defs: {} } },
        ],
      },
    },
  ],
  [
    "file-names",
    {
      stage: "manifest",
      says: "past 80 characters: cut, and ended by a hash of the method name",
      given: named("a".repeat(300), `${"a".repeat(300)}_2`),
      // sha256("aaa…a") and sha256("aaa…a2"), 300 a's each.
      want: { tools: [{ fileBase: `${"a".repeat(71)}-9835fa6b` }, { fileBase: `${"a".repeat(71)}-c7c222be` }] },
    },
  ],
  [
    "surface-names",
    {
      stage: "manifest",
      says: "after the tools, from the same namers: a prompt's forms numbered together in code-point order, a trailing Prompt said once, the reader by URI before each resource",
      given: {
        tools: [
          { name: "get_args_prompt", inputSchema: { type: "object" } },
          { name: "ArgsPromptArguments", inputSchema: { type: "object" } },
        ],
        prompts: [{ name: "args-prompt" }, { name: "args" }, { name: "123" }],
        resourceTemplates: [{ name: "Resource", uriTemplate: "demo://{x}" }],
        resources: [
          { uri: "demo://2", name: "resource" },
          { uri: "demo://1", name: "" },
        ],
      },
      want: {
        tools: [
          { methodName: "getArgsPrompt", inputTypes: { root: "GetArgsPromptInput", defs: {} } },
          { methodName: "argsPromptArguments", inputTypes: { root: "ArgsPromptArgumentsInput", defs: {} } },
        ],
        prompts: [
          {
            wireName: "args-prompt",
            methodName: "getArgs3Prompt",
            completionMethodName: "completeArgs3Prompt",
            typeName: "Args3PromptArguments",
            fileBase: "get-args3-prompt",
            arguments: [],
          },
          {
            wireName: "args",
            methodName: "getArgs2Prompt",
            completionMethodName: "completeArgs2Prompt",
            typeName: "Args2PromptArguments",
            fileBase: "get-args2-prompt",
            arguments: [],
          },
          {
            wireName: "123",
            methodName: "getPrompt123Prompt",
            completionMethodName: "completePrompt123Prompt",
            typeName: "Prompt123PromptArguments",
            fileBase: "get-prompt123-prompt",
            arguments: [],
          },
        ],
        resourceTemplates: [
          {
            wireName: "Resource",
            uriTemplate: "demo://{x}",
            methodName: "readResource2",
            completionMethodName: "completeResource2",
            typeName: "Resource2Variables",
            fileBase: "read-resource2",
            variables: [{ name: "x", required: true, composite: false }],
          },
        ],
        resources: [
          { uri: "demo://2", name: "resource", methodName: "readResource4", fileBase: "read-resource4" },
          { uri: "demo://1", name: "", methodName: "readResource3", fileBase: "read-resource3" },
        ],
        resourceReader: "readResource",
      },
    },
  ],
  [
    "surface-names",
    {
      stage: "manifest",
      says: "one <Name> for a prompt's methods, type and file: a type taken (here by a definition two tools share) numbers the methods too",
      given: {
        tools: [withDefs("a", { args_prompt_arguments: { type: "string" } }), withDefs("b", { args_prompt_arguments: { type: "string" } })],
        prompts: [{ name: "args" }],
      },
      want: {
        tools: [
          { inputTypes: { root: "AInput", defs: { args_prompt_arguments: "ArgsPromptArguments" } } },
          { inputTypes: { root: "BInput", defs: { args_prompt_arguments: "ArgsPromptArguments" } } },
        ],
        prompts: [
          {
            wireName: "args",
            methodName: "getArgs2Prompt",
            completionMethodName: "completeArgs2Prompt",
            typeName: "Args2PromptArguments",
            fileBase: "get-args2-prompt",
            arguments: [],
          },
        ],
      },
    },
  ],
  [
    "surface-names",
    {
      stage: "manifest",
      says: "a name with no ASCII letter or digit is named after its code points",
      given: {
        tools: [],
        prompts: [{ name: "天気" }],
        resourceTemplates: [{ name: "晴れ", uriTemplate: "demo://{x}" }],
        resources: [{ uri: "demo://1", name: "雨" }],
      },
      want: {
        prompts: [
          {
            wireName: "天気",
            methodName: "getU5929U6c17Prompt",
            completionMethodName: "completeU5929U6c17Prompt",
            typeName: "U5929U6c17PromptArguments",
            fileBase: "get-u5929-u6c17-prompt",
            arguments: [],
          },
        ],
        resourceTemplates: [
          {
            wireName: "晴れ",
            uriTemplate: "demo://{x}",
            methodName: "readU6674U308c",
            completionMethodName: "completeU6674U308c",
            typeName: "U6674U308cVariables",
            fileBase: "read-u6674-u308c",
            variables: [{ name: "x", required: true, composite: false }],
          },
        ],
        resources: [{ uri: "demo://1", name: "雨", methodName: "readU96e8", fileBase: "read-u96e8" }],
        resourceReader: "readResource",
      },
    },
  ],
];
