/**
 * Emits `client.ts`: `createClient(sdkClient)` with one typed method per tool,
 * and `methodNames` (wire name → method name).
 */
import type { Expression, ManifestIR, MethodSignature, Schema, SourceFile, Statement, TemplateInsertion, ToolIR } from "../../ir/index.js";
import { isRecord } from "../../shared/json.js";
import { refTarget } from "../../ir/refs.js";
import { objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { docParagraphs, header, importDeclaration, reference, string } from "../nodes.js";
import { moduleSpecifier, type ImportExtension } from "../specifier.js";
import { template } from "../template-code.js";
import { hasSurface, surfaceImports, surfaceMethods, surfaceTable } from "./surface.js";

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

/** A tool's JSDoc: its title, description and annotations, that its calls fail when its server requires a task, and its wire name. */
export function methodDoc(tool: ToolIR): readonly string[] {
  const hints = ANNOTATION_HINTS.filter((hint) => typeof tool.annotations?.[hint] === "boolean").map((hint) => `${hint}: ${String(tool.annotations?.[hint])}`);
  return docParagraphs(
    tool.title,
    tool.description,
    hints.length > 0 ? `Annotations (hints from the server, not guarantees): ${hints.join(", ")}.` : undefined,
    tool.taskRequired
      ? 'The server requires task augmentation for this tool (`execution.taskSupport: "required"`), which this client does not do: its calls fail.'
      : undefined,
    `Calls tool ${stringLiteral(tool.wireName)}.`,
  );
}

export function emitClient(ir: ManifestIR, imports: ImportExtension): SourceFile {
  const surface = surfaceImports(ir);
  const typeImports = [
    ...new Set(ir.tools.flatMap((tool) => [tool.input.typeNames.root, ...(tool.output ? [tool.output.typeNames.root] : [])])),
    ...surface.types,
  ];
  const runtimeImports = ["callTool", "connect", "type CallOptions", "type ClientOptions", "type McpClient"];
  if (ir.tools.some((tool) => tool.output !== undefined)) runtimeImports.push("type StructuredToolResult");
  runtimeImports.push("type ToolCall");
  if (ir.tools.some((tool) => tool.output === undefined)) runtimeImports.push("type ToolResult");
  runtimeImports.push(...surface.runtime);
  const statements: Statement[] = [
    header(ir, "Typed client: one method per tool."),
    importDeclaration(runtimeImports, moduleSpecifier("./runtime.ts", imports)),
    ...(typeImports.length > 0 ? [importDeclaration(typeImports, moduleSpecifier("./types.ts", imports), true)] : []),
    ...(surface.uriTemplate ? [importDeclaration(["expandUriTemplate"], moduleSpecifier("./uri-template.ts", imports))] : []),
    toolsImport(ir, imports),
    {
      kind: "interface",
      doc: [
        "The typed client: one method per tool. Each method validates its arguments",
        "(throwing `ValidationError` before sending anything), calls the tool, throws",
        "`ToolError` when the result has `isError: true`, and validates",
        "`structuredContent` against the outputSchema (`ValidationError` with the result).",
        ...(hasSurface(ir)
          ? [
              "Then one method per prompt (`prompts/get`), per resource template (its URI",
              "expanded, then `resources/read`) and per fixed resource, each checking what it",
              "is given first.",
            ]
          : []),
      ],
      exported: true,
      name: "ToolsClient",
      members: [...ir.tools.map(method), ...surfaceMethods(ir)],
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
    ...(hasSurface(ir) ? [surfaceTable(ir)] : []),
    createClient({ surface: hasSurface(ir) }),
  ];
  return { path: "client.ts", format: "typescript", statements };
}

/**
 * `import * as tools from "./calls.js";`: the tools `createClient` calls,
 * each an export of calls.ts (its wire name, the lazy import of its
 * validators, its traits), so that the client and `callTool`'s per-tool path
 * share one table. A manifest without tools has no calls.ts: `const tools = {};`.
 */
function toolsImport(ir: ManifestIR, imports: ImportExtension): Statement {
  return ir.tools.length > 0
    ? { kind: "import", typeOnly: false, namespaceName: "tools", names: [], from: moduleSpecifier("./calls.ts", imports) }
    : {
        kind: "const",
        doc: ["No tools: nothing for `createClient` to call."],
        exported: false,
        name: "tools",
        value: { kind: "object", properties: [], multiLine: false },
      };
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

/**
 * `createClient` (templates/client/client.ts), which, with prompts or
 * resources, adds their methods (`addSurfaceMethods`).
 */
function createClient(tables: { surface: boolean }): TemplateInsertion {
  const ending = "  return methods as unknown as ToolsClient;";
  return template("client/client.ts", tables.surface ? [{ find: ending, replace: `  addSurfaceMethods(methods, client, options, surface);\n${ending}` }] : []);
}

/**
 * Whether a tool's declared outputSchema is not `type: "object"` (any root
 * is allowed since MCP 2026-07-28): a 2025-era connection, where
 * `structuredContent` must be an object, carries its value wrapped as
 * `{ result }` (SEP-2106, SDK v2 servers) or as JSON text (SDK 1.x servers,
 * which cannot list such a schema at all), and the client reads it back.
 * The predicate is SDK v2's own (`isNonObjectJsonSchemaRoot`).
 */
export function nonObjectOutput(tool: ToolIR): boolean {
  const schema = tool.raw["outputSchema"];
  return tool.output !== undefined && !(isRecord(schema) && schema["type"] === "object");
}

/** The part of a tool's `inputSchema` that marks its `x-mcp-header` arguments (`{ type: "object", properties: { ... } }`). */
export function headerArgumentsSchema(tool: ToolIR): Expression {
  const skeleton = (headers: ToolIR["mcpHeaders"], depth: number): Expression => {
    const names = [...new Set(headers.filter((header) => header.path.length > depth).map((header) => header.path[depth]!))];
    const properties = names.map((name): readonly [string, Expression] => {
      const here = headers.filter((header) => header.path[depth] === name);
      const leaf = here.find((header) => header.path.length === depth + 1);
      const value: Expression =
        leaf !== undefined
          ? {
              kind: "object",
              properties: [
                ["type", string(stringLiteral(leaf.type))],
                [objectLiteralKey("x-mcp-header"), string(stringLiteral(leaf.header))],
              ],
              multiLine: false,
            }
          : skeleton(here, depth + 1);
      return [objectLiteralKey(name), value];
    });
    return {
      kind: "object",
      properties: [
        ["type", string(stringLiteral("object"))],
        ["properties", { kind: "object", properties, multiLine: true }],
      ],
      multiLine: true,
    };
  };
  return skeleton(tool.mcpHeaders, 0);
}
