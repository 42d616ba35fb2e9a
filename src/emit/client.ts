/**
 * Emits `client.ts`: `createClient(sdkClient)` with one typed method per tool,
 * and `methodNames` (wire name → method name).
 */
import type { EmittedFile, ManifestIR, Schema, ToolIR } from "../ir.js";
import { refTarget } from "../normalize/schema.js";
import { jsDoc, objectLiteralKey, stringLiteral } from "../text/escape.js";
import { fileHeader } from "./header.js";

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
  const signatures = ir.tools.map((tool) => {
    const optional = argumentsOptional(tool) ? "?" : "";
    return `${methodDoc(tool)}  ${tool.methodName}(input${optional}: ${tool.input.typeNames.root}, options?: CallOptions): Promise<${resultType(tool)}>;`;
  });
  const methodNames = ir.tools.map((tool) => `  ${objectLiteralKey(tool.wireName)}: ${stringLiteral(tool.methodName)},`);
  const runtimeImports = ["createToolCaller", "type CallOptions", "type ClientOptions", "type McpClient"];
  if (ir.tools.some((tool) => tool.output !== undefined)) runtimeImports.push("type StructuredToolResult");
  if (ir.tools.some((tool) => tool.output === undefined)) runtimeImports.push("type ToolResult");
  const withOutput = ir.tools.filter((tool) => tool.output !== undefined).map((tool) => `  ${stringLiteral(tool.wireName)},`);

  const contents = `${fileHeader(ir, "Typed client: one method per tool.")}
import { ${runtimeImports.join(", ")} } from "./runtime.js";
${typeImports.length > 0 ? `import type { ${typeImports.join(", ")} } from "./types.js";\n` : ""}import { validators } from "./validate.js";

/**
 * The typed client: one method per tool. Each method validates its arguments
 * (throwing \`ValidationError\` before sending anything), calls the tool, throws
 * \`ToolError\` when the result has \`isError: true\`, and validates
 * \`structuredContent\` against the outputSchema (\`ValidationError\` with the result).
 */
export interface ToolsClient {
${signatures.join("\n\n")}
}

/** Client method name of every tool, by wire name. */
export const methodNames = {
${methodNames.join("\n")}
} as const;

/** Wire names of the tools that declare an outputSchema. */
const hasOutputSchema: ReadonlySet<string> = new Set([
${withOutput.join("\n")}
]);

/**
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
`;
  return { path: "client.ts", contents, format: "typescript" };
}
