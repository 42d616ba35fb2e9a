/**
 * Emits `client.ts`: `createClient(sdkClient)` with one typed method per tool,
 * and `methodNames` (wire name → method name).
 */
import type { EmittedFile, ManifestIR, ToolIR } from "../ir.js";
import { jsDoc, objectLiteralKey, stringLiteral } from "../text/escape.js";
import { fileHeader } from "./header.js";

/** Whether a tool can be called with no arguments: its root schema requires nothing. */
export function argumentsOptional(tool: ToolIR): boolean {
  const schema = tool.input.schema;
  if (typeof schema === "boolean") return schema;
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
  const tags: Array<[string, string]> = [];
  if (tool.output !== undefined) tags.push(["throws", "{ValidationError} when the arguments or the returned structuredContent do not match the schemas"]);
  else tags.push(["throws", "{ValidationError} when the arguments do not match the inputSchema"]);
  tags.push(["throws", "{ToolError} when the tool reports an error (isError: true)"]);
  return jsDoc({ text: paragraphs.join("\n\n"), tags }, "  ");
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
  const implementations = ir.tools.map((tool) =>
    `    ${tool.methodName}: (input, options) => call<${resultType(tool)}>(${stringLiteral(tool.wireName)}, input, options),`);
  const methodNames = ir.tools.map((tool) => `  ${objectLiteralKey(tool.wireName)}: ${stringLiteral(tool.methodName)},`);
  const withOutput = ir.tools.filter((tool) => tool.output !== undefined).map((tool) => `  ${objectLiteralKey(tool.wireName)}: true,`);

  const contents = `${fileHeader(ir, "Typed client: one method per tool.")}
import {
  createToolCaller,
  type CallOptions,
  type ClientOptions,
  type McpClient,
  type StructuredToolResult,
  type ToolResult,
} from "./runtime.js";
${typeImports.length > 0 ? `import type { ${typeImports.join(", ")} } from "./types.js";\n` : ""}import { validators } from "./validate.js";

/** The typed client: one method per tool. Methods validate, call, and throw typed errors. */
export interface ToolsClient {
${signatures.join("\n\n")}
}

/** Client method name of every tool, by wire name. */
export const methodNames = {
${methodNames.join("\n")}
} as const;

const hasOutputSchema: { readonly [name: string]: true } = {
${withOutput.join("\n")}
};

/**
 * Wraps a connected MCP SDK client (\`@modelcontextprotocol/sdk\` v1 or
 * \`@modelcontextprotocol/client\` v2) in typed methods.
 */
export function createClient(client: McpClient, options: ClientOptions = {}): ToolsClient {
  const call = createToolCaller(client, options, validators, (name) => Object.prototype.hasOwnProperty.call(hasOutputSchema, name));
  return {
${implementations.join("\n")}
  };
}
`;
  return { path: "client.ts", contents, format: "typescript" };
}
