/**
 * Emits `client.ts`: `createClient(sdkClient)` with one typed method per tool,
 * and `methodNames` (wire name → method name).
 */
import type { Expression, ManifestIR, MethodSignature, Schema, SourceFile, Statement, TemplateInsertion, ToolIR, VariableStatement } from "../../ir/index.js";
import { isRecord } from "../../shared/json.js";
import { refTarget } from "../../ir/refs.js";
import { docLines, objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { header, importDeclaration, reference, string } from "../nodes.js";
import { template } from "../template-code.js";

/** Whether a tool can be called with no arguments: its root schema requires nothing. */
export function argumentsOptional(tool: ToolIR): boolean {
  let schema = tool.input.schema;
  if (typeof schema === "boolean") return schema;
  // zod-to-json-schema style: the root is only a ref to a definition.
  const ref = schema.$ref;
  if (
    typeof ref === "string" &&
    ref.startsWith("#/$defs/") &&
    Object.keys(schema).every((key) => key === "$ref" || key === "$defs" || key === "type" || key === "description" || key === "title")
  ) {
    const target = (schema.$defs as Record<string, Schema> | undefined)?.[refTarget(ref)];
    if (target === undefined || typeof target === "boolean") return target === true;
    schema = target;
  }
  const required = schema.required;
  return (
    (!Array.isArray(required) || required.length === 0) &&
    ["anyOf", "oneOf", "allOf", "$ref", "not", "if", "minProperties", "dependentRequired"].every((keyword) => schema[keyword] === undefined)
  );
}

const ANNOTATION_HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function methodDoc(tool: ToolIR): readonly string[] {
  const paragraphs: string[] = [];
  if (tool.title !== undefined && tool.title !== "") paragraphs.push(tool.title);
  if (tool.description !== undefined && tool.description !== "") paragraphs.push(tool.description);
  const hints = ANNOTATION_HINTS.filter((hint) => typeof tool.annotations?.[hint] === "boolean").map((hint) => `${hint}: ${String(tool.annotations?.[hint])}`);
  if (hints.length > 0) paragraphs.push(`Annotations (hints from the server, not guarantees): ${hints.join(", ")}.`);
  paragraphs.push(`Calls tool ${stringLiteral(tool.wireName)}.`);
  return docLines({ text: paragraphs.join("\n\n") });
}

export function emitClient(ir: ManifestIR): SourceFile {
  const typeImports = [...new Set(ir.tools.flatMap((tool) => [tool.input.typeNames.root, ...(tool.output ? [tool.output.typeNames.root] : [])]))];
  const runtimeImports = ["createToolCaller", "type CallOptions", "type ClientOptions", "type McpClient"];
  if (ir.tools.some((tool) => tool.output !== undefined)) runtimeImports.push("type StructuredToolResult");
  if (ir.tools.some((tool) => tool.output === undefined)) runtimeImports.push("type ToolResult");
  const asText = ir.tools.filter(outputAsText).map((tool) => string(stringLiteral(tool.wireName)));
  const statements: Statement[] = [
    header(ir, "Typed client: one method per tool."),
    importDeclaration(runtimeImports, `"./runtime.js"`),
    ...(typeImports.length > 0 ? [importDeclaration(typeImports, `"./types.js"`, true)] : []),
    importDeclaration(["validators"], `"./validators.js"`),
    {
      kind: "interface",
      doc: [
        "The typed client: one method per tool. Each method validates its arguments",
        "(throwing `ValidationError` before sending anything), calls the tool, throws",
        "`ToolError` when the result has `isError: true`, and validates",
        "`structuredContent` against the outputSchema (`ValidationError` with the result).",
      ],
      exported: true,
      name: "ToolsClient",
      members: ir.tools.map(method),
      spaced: true,
    },
    {
      kind: "const",
      doc: ["Client method name of every tool, by wire name."],
      exported: true,
      name: "methodNames",
      value: {
        kind: "asConst",
        expression: {
          kind: "object",
          properties: ir.tools.map((tool) => [objectLiteralKey(tool.wireName), string(stringLiteral(tool.methodName))] as const),
          multiLine: true,
        },
      },
    },
    nameSet(
      "hasOutputSchema",
      "Wire names of the tools that declare an outputSchema.",
      ir.tools.filter((tool) => tool.output !== undefined).map((tool) => string(stringLiteral(tool.wireName))),
    ),
    ...(asText.length > 0
      ? [nameSet("outputsAsText", "Wire names of the tools whose outputSchema admits values that are not objects: such a value may come as JSON text.", asText)]
      : []),
    createClient(asText.length > 0),
  ];
  return { path: "client.ts", format: "typescript", statements };
}

/** `name(input: Input, options?: CallOptions): Promise<Result>;` (`input?` when the tool requires no argument). */
function method(tool: ToolIR): MethodSignature {
  const result = tool.output === undefined ? reference("ToolResult") : reference("StructuredToolResult", [reference(tool.output.typeNames.root)]);
  return {
    kind: "method",
    doc: methodDoc(tool),
    name: tool.methodName,
    parameters: [
      { name: "input", optional: argumentsOptional(tool), type: reference(tool.input.typeNames.root) },
      { name: "options", optional: true, type: reference("CallOptions") },
    ],
    returns: reference("Promise", [result]),
  };
}

/** `const name: ReadonlySet<string> = new Set([...]);` */
function nameSet(name: string, doc: string, names: Expression[]): VariableStatement {
  return {
    kind: "const",
    doc: [doc],
    exported: false,
    name,
    type: reference("ReadonlySet", [reference("string")]),
    value: { kind: "new", callee: "Set", arguments: [{ kind: "array", elements: names }] },
  };
}

/**
 * `createClient` (templates/client/client.ts); with tools whose output may
 * come as JSON text, it passes `createToolCaller` their set too.
 */
function createClient(outputsAsText: boolean): TemplateInsertion {
  const predicate = "(name) =>\n    hasOutputSchema.has(name),";
  return template("client/client.ts", outputsAsText ? [{ find: predicate, replace: `${predicate}\n    (name) => outputsAsText.has(name),` }] : []);
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
