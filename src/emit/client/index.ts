/**
 * Emits `client.ts`: `createClient(sdkClient)` with one typed method per tool,
 * and `methodNames` (wire name → method name).
 */
import type { EmittedFile, ManifestIR, Schema, ToolIR } from "../../ir/index.js";
import { isRecord } from "../../shared/json.js";
import { refTarget } from "../../ir/refs.js";
import { jsDoc, objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { fileHeader } from "../header.js";
import { brokenEntries, fileFromBlocks, fits, formattedBlock, importDeclaration, prettierString, type SourceBlock } from "../../format/layout.js";

/** Whether a tool can be called with no arguments: its root schema requires nothing. */
export function argumentsOptional(tool: ToolIR): boolean {
  let schema = tool.input.schema;
  if (typeof schema === "boolean") return schema;
  // zod-to-json-schema style: the root is only a ref to a definition.
  const ref = schema.$ref;
  if (typeof ref === "string" && ref.startsWith("#/$defs/") && Object.keys(schema).every((key) => key === "$ref" || key === "$defs" || key === "type" || key === "description" || key === "title")) {
    const target = (schema.$defs as Record<string, Schema> | undefined)?.[refTarget(ref)];
    if (target === undefined || typeof target === "boolean") return target === true;
    schema = target;
  }
  const required = schema.required;
  return (!Array.isArray(required) || required.length === 0) && ["anyOf", "oneOf", "allOf", "$ref", "not", "if", "minProperties", "dependentRequired"].every((keyword) => schema[keyword] === undefined);
}

const ANNOTATION_HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function methodDoc(tool: ToolIR): string {
  const paragraphs: string[] = [];
  if (tool.title !== undefined && tool.title !== "") paragraphs.push(tool.title);
  if (tool.description !== undefined && tool.description !== "") paragraphs.push(tool.description);
  const hints = ANNOTATION_HINTS.filter((hint) => typeof tool.annotations?.[hint] === "boolean").map((hint) => `${hint}: ${String(tool.annotations?.[hint])}`);
  if (hints.length > 0) paragraphs.push(`Annotations (hints from the server, not guarantees): ${hints.join(", ")}.`);
  paragraphs.push(`Calls tool ${stringLiteral(tool.wireName)}.`);
  return jsDoc({ text: paragraphs.join("\n\n") }, "  ");
}

function resultType(tool: ToolIR): string {
  return tool.output === undefined ? "ToolResult" : `StructuredToolResult<${tool.output.typeNames.root}>`;
}

export function emitClient(ir: ManifestIR): EmittedFile {
  const typeImports = [...new Set(ir.tools.flatMap((tool) => [tool.input.typeNames.root, ...(tool.output ? [tool.output.typeNames.root] : [])]))];
  const runtimeImports = ["createToolCaller", "type CallOptions", "type ClientOptions", "type McpClient"];
  if (ir.tools.some((tool) => tool.output !== undefined)) runtimeImports.push("type StructuredToolResult");
  if (ir.tools.some((tool) => tool.output === undefined)) runtimeImports.push("type ToolResult");
  const imports: SourceBlock = {
    raw: `import { ${runtimeImports.join(", ")} } from "./runtime.js";
${typeImports.length > 0 ? `import type { ${typeImports.join(", ")} } from "./types.js";\n` : ""}import { validators } from "./validate.js";
`,
    pretty:
      importDeclaration(runtimeImports, `"./runtime.js"`) +
      (typeImports.length > 0 ? importDeclaration(typeImports, `"./types.js"`, true) : "") +
      importDeclaration(["validators"], `"./validate.js"`),
  };
  return fileFromBlocks("client.ts", [
    formattedBlock(fileHeader(ir, "Typed client: one method per tool.")),
    imports,
    clientInterface(ir),
    methodNamesBlock(ir),
    hasOutputSchemaBlock(ir),
    ...createClientBlocks(ir),
  ]);
}

/**
 * Whether a tool's outputSchema is one SDK 1.32 cannot list (not a JSON object
 * with `type: "object"`): a server on that SDK, an mcpgen scaffold among them,
 * sends an output that is not an object as JSON text, which the client reads
 * back (`sdkListsOutputSchema` in templates/server-runtime.ts is the same rule).
 */
export function outputAsText(tool: ToolIR): boolean {
  const schema = tool.raw["outputSchema"];
  return schema !== undefined && !(isRecord(schema) && schema["type"] === "object");
}

/** `createClient`, after the set of tools whose output may come as JSON text when there is any. */
function createClientBlocks(ir: ManifestIR): SourceBlock[] {
  const names = ir.tools.filter(outputAsText).map((tool) => stringLiteral(tool.wireName));
  if (names.length === 0) return [CREATE_CLIENT];
  const set: SourceBlock = {
    raw: `/** Wire names of the tools whose outputSchema admits values that are not objects: such a value may come as JSON text. */
const outputsAsText: ReadonlySet<string> = new Set([
${names.map((name) => `  ${name},`).join("\n")}
]);
`,
  };
  const call = "(name) => hasOutputSchema.has(name));";
  if (!CREATE_CLIENT.raw.includes(call)) throw new Error("internal: createClient no longer calls createToolCaller as client.ts expects");
  return [set, { raw: CREATE_CLIENT.raw.replace(call, "(name) => hasOutputSchema.has(name), (name) => outputsAsText.has(name));") }];
}

const CLIENT_DOC = `/**
 * The typed client: one method per tool. Each method validates its arguments
 * (throwing \`ValidationError\` before sending anything), calls the tool, throws
 * \`ToolError\` when the result has \`isError: true\`, and validates
 * \`structuredContent\` against the outputSchema (\`ValidationError\` with the result).
 */
`;

function clientInterface(ir: ManifestIR): SourceBlock {
  const methods = ir.tools.map((tool) => ({ doc: methodDoc(tool), name: tool.methodName, input: `input${argumentsOptional(tool) ? "?" : ""}: ${tool.input.typeNames.root}`, result: `Promise<${resultType(tool)}>` }));
  const raw = `${CLIENT_DOC}export interface ToolsClient {
${methods.map((method) => `${method.doc}  ${method.name}(${method.input}, options?: CallOptions): ${method.result};`).join("\n\n")}
}
`;
  if (methods.length === 0) return { raw, pretty: `${CLIENT_DOC}export interface ToolsClient {}\n` };
  const signatures: string[] = [];
  for (const method of methods) {
    // One line when it fits; otherwise one parameter a line, the return type after `)`.
    const flat = `  ${method.name}(${method.input}, options?: CallOptions): ${method.result};`;
    const last = `  ): ${method.result};`;
    const signature = fits(flat) ? flat : fits(last) ? `  ${method.name}(\n    ${method.input},\n    options?: CallOptions,\n${last}` : undefined;
    if (signature === undefined) return { raw };
    // methodDoc is written at this indentation already, as Prettier prints it.
    signatures.push(`${method.doc}${signature}\n`);
  }
  return { raw, pretty: `${CLIENT_DOC}export interface ToolsClient {\n${signatures.join("\n")}}\n` };
}

const METHOD_NAMES_DOC = "/** Client method name of every tool, by wire name. */\n";

function methodNamesBlock(ir: ManifestIR): SourceBlock {
  const entries = ir.tools.map((tool) => [objectLiteralKey(tool.wireName), stringLiteral(tool.methodName)] as const);
  const raw = `${METHOD_NAMES_DOC}export const methodNames = {
${entries.map(([key, value]) => `  ${key}: ${value},`).join("\n")}
} as const;
`;
  if (entries.length === 0) return { raw, pretty: `${METHOD_NAMES_DOC}export const methodNames = {} as const;\n` };
  const body = brokenEntries(entries.map(([key, value]) => [key, prettierString(value)] as const), ",", "  ");
  return { raw, pretty: body === undefined ? undefined : `${METHOD_NAMES_DOC}export const methodNames = {\n${body}} as const;\n` };
}

const HAS_OUTPUT_SCHEMA_DOC = "/** Wire names of the tools that declare an outputSchema. */\n";
const HAS_OUTPUT_SCHEMA = "const hasOutputSchema: ReadonlySet<string> = new Set([";

function hasOutputSchemaBlock(ir: ManifestIR): SourceBlock {
  const names = ir.tools.filter((tool) => tool.output !== undefined).map((tool) => stringLiteral(tool.wireName));
  const raw = `${HAS_OUTPUT_SCHEMA_DOC}${HAS_OUTPUT_SCHEMA}
${names.map((name) => `  ${name},`).join("\n")}
]);
`;
  // The array is the only argument: on one line when it fits, else hugged by `new Set(`, one name a line.
  const items = names.map(prettierString);
  const flat = `${HAS_OUTPUT_SCHEMA}${items.join(", ")}]);`;
  const pretty = fits(flat) ? `${flat}\n` : `${HAS_OUTPUT_SCHEMA}\n${items.map((item) => `  ${item},\n`).join("")}]);\n`;
  return { raw, pretty: HAS_OUTPUT_SCHEMA_DOC + pretty };
}

const CREATE_CLIENT: SourceBlock = {
  raw: `/**
 * Wraps a connected MCP SDK client (\`@modelcontextprotocol/sdk\` v1 or
 * \`@modelcontextprotocol/client\` v2) in typed methods.
 */
export function createClient(client: McpClient, options: ClientOptions = {}): ToolsClient {
  const call = createToolCaller(client, options, validators, (name) => hasOutputSchema.has(name));
  const methods: { [method: string]: (input?: unknown, callOptions?: CallOptions) => Promise<unknown> } = {};
  // Method names are identifiers chosen by mcpgen (never \`then\` or an Object.prototype member).
  for (const [toolName, method] of Object.entries<string>(methodNames)) {
    methods[method] = (input?: unknown, callOptions?: CallOptions) => call(toolName, input, callOptions);
  }
  return methods as unknown as ToolsClient;
}
`,
  pretty: `/**
 * Wraps a connected MCP SDK client (\`@modelcontextprotocol/sdk\` v1 or
 * \`@modelcontextprotocol/client\` v2) in typed methods.
 */
export function createClient(
  client: McpClient,
  options: ClientOptions = {},
): ToolsClient {
  const call = createToolCaller(client, options, validators, (name) =>
    hasOutputSchema.has(name),
  );
  const methods: {
    [method: string]: (
      input?: unknown,
      callOptions?: CallOptions,
    ) => Promise<unknown>;
  } = {};
  // Method names are identifiers chosen by mcpgen (never \`then\` or an Object.prototype member).
  for (const [toolName, method] of Object.entries<string>(methodNames)) {
    methods[method] = (input?: unknown, callOptions?: CallOptions) =>
      call(toolName, input, callOptions);
  }
  return methods as unknown as ToolsClient;
}
`,
};
