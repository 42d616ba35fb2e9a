/**
 * Emits `client.ts`: `createClient(sdkClient)` with one typed method per tool,
 * and `methodNames` (wire name → method name).
 */
import type { Expression, ManifestIR, MethodSignature, Schema, SourceFile, Statement, TemplateInsertion, ToolIR, VariableStatement } from "../../ir/index.js";
import { isRecord } from "../../shared/json.js";
import { refTarget } from "../../ir/refs.js";
import { objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { docParagraphs, header, importDeclaration, reference, string } from "../nodes.js";
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

/** A tool's JSDoc: its title, description and annotations, and its wire name. */
export function methodDoc(tool: ToolIR): readonly string[] {
  const hints = ANNOTATION_HINTS.filter((hint) => typeof tool.annotations?.[hint] === "boolean").map((hint) => `${hint}: ${String(tool.annotations?.[hint])}`);
  return docParagraphs(
    tool.title,
    tool.description,
    hints.length > 0 ? `Annotations (hints from the server, not guarantees): ${hints.join(", ")}.` : undefined,
    `Calls tool ${stringLiteral(tool.wireName)}.`,
  );
}

export function emitClient(ir: ManifestIR): SourceFile {
  const surface = surfaceImports(ir);
  const typeImports = [
    ...new Set(ir.tools.flatMap((tool) => [tool.input.typeNames.root, ...(tool.output ? [tool.output.typeNames.root] : [])])),
    ...surface.types,
  ];
  const runtimeImports = ["createToolCaller", "type CallOptions", "type ClientOptions", "type McpClient"];
  if (ir.tools.some((tool) => tool.output !== undefined)) runtimeImports.push("type StructuredToolResult");
  if (ir.tools.some((tool) => tool.output === undefined)) runtimeImports.push("type ToolResult");
  if (ir.tools.some((tool) => tool.mcpHeaders.length > 0)) runtimeImports.push("type HeaderArguments");
  runtimeImports.push(...surface.runtime);
  const nonObject = ir.tools.filter(nonObjectOutput).map((tool) => string(stringLiteral(tool.wireName)));
  const withHeaders = ir.tools.filter((tool) => tool.mcpHeaders.length > 0);
  const statements: Statement[] = [
    header(ir, "Typed client: one method per tool."),
    importDeclaration(runtimeImports, `"./runtime.js"`),
    ...(typeImports.length > 0 ? [importDeclaration(typeImports, `"./types.js"`, true)] : []),
    ...(surface.uriTemplate ? [importDeclaration(["expandUriTemplate"], `"./uri-template.js"`)] : []),
    importDeclaration(["validators"], `"./validators.js"`),
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
    nameSet(
      "hasOutputSchema",
      "Wire names of the tools that declare an outputSchema.",
      ir.tools.filter((tool) => tool.output !== undefined).map((tool) => string(stringLiteral(tool.wireName))),
    ),
    ...(nonObject.length > 0
      ? [
          nameSet(
            "nonObjectOutputs",
            'Wire names of the tools whose outputSchema is not `type: "object"`: a 2025-era connection carries their value as `{ result }` or as JSON text.',
            nonObject,
          ),
        ]
      : []),
    ...(withHeaders.length > 0 ? [headerArguments(withHeaders)] : []),
    ...(hasSurface(ir) ? [surfaceTable(ir)] : []),
    createClient({ nonObjectOutputs: nonObject.length > 0, headerArguments: withHeaders.length > 0, surface: hasSurface(ir) }),
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
 * `const headerArguments = { tool: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } } }`:
 * for each tool with `x-mcp-header` arguments, the part of its `inputSchema`
 * SDK v2 reads to mirror them into `Mcp-Param-*` headers (MCP 2026-07-28).
 */
function headerArguments(tools: readonly ToolIR[]): VariableStatement {
  return {
    kind: "const",
    doc: ["The `x-mcp-header` arguments of each tool that has them (MCP 2026-07-28), for SDK v2 to mirror into `Mcp-Param-*` headers."],
    exported: false,
    name: "headerArguments",
    type: reference("HeaderArguments"),
    value: {
      kind: "object",
      properties: tools.map((tool) => [objectLiteralKey(tool.wireName), headerArgumentsSchema(tool)] as const),
      multiLine: true,
    },
  };
}

/**
 * `createClient` (templates/client/client.ts), passing `createToolCaller` the
 * tables this manifest has, and, with prompts or resources, adding their
 * methods (`addSurfaceMethods`).
 */
function createClient(tables: { nonObjectOutputs: boolean; headerArguments: boolean; surface: boolean }): TemplateInsertion {
  const traits = "{\n    hasOutputSchema,\n  }";
  const names = ["hasOutputSchema", ...(tables.nonObjectOutputs ? ["nonObjectOutputs"] : []), ...(tables.headerArguments ? ["headerArguments"] : [])];
  const ending = "  return methods as unknown as ToolsClient;";
  return template("client/client.ts", [
    ...(names.length === 1 ? [] : [{ find: traits, replace: `{\n${names.map((name) => `    ${name},\n`).join("")}  }` }]),
    ...(tables.surface ? [{ find: ending, replace: `  addSurfaceMethods(methods, client, options, surface);\n${ending}` }] : []),
  ]);
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
  return schema !== undefined && !(isRecord(schema) && schema["type"] === "object");
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
