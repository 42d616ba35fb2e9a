/**
 * Emits `calls.ts`: each tool as an export of its own (its wire name, the
 * lazy import of its validators, its traits), for `callTool(connect(client),
 * getWeather, input)`. A bundler keeps the tools a program imports and drops
 * the others, where `createClient`'s one object holds every tool and the
 * tables that name them.
 */
import type { Expression, ManifestIR, SourceFile, Statement, ToolIR } from "../../ir/index.js";
import { stringLiteral } from "../../shared/escape.js";
import { toolValidatorsImport } from "../validators/index.js";
import { header, identifier, importDeclaration, literal, reference, string } from "../nodes.js";
import { moduleSpecifier, type ImportExtension } from "../specifier.js";
import { headerArgumentsSchema, methodDoc, nonObjectOutput } from "./index.js";

export function emitCalls(ir: ManifestIR, imports: ImportExtension): SourceFile {
  const statements: Statement[] = [
    header(ir, "Each tool as an export of its own, for callTool: a bundler keeps the tools a program imports."),
    importDeclaration(["ToolCall"], moduleSpecifier("./runtime.ts", imports), true),
    importDeclaration(["ToolsClient"], moduleSpecifier("./client.ts", imports), true),
    ...ir.tools.map((tool) => toolExport(tool, imports)),
  ];
  return { path: "calls.ts", format: "typescript", statements };
}

/**
 * `export const getWeather: ToolCall<ToolsClient["getWeather"]> = { name: "get_weather", validators: () => import(...), ... };`:
 * typed by its method, which `callTool` reads the input and result from at
 * a call. One instantiation of `ToolCall` per tool and no conditional type:
 * `ToolCallOf<ToolsClient[M]>`, the type before, made `tsc` instantiate about
 * 21 types per tool (docs/speed.md).
 */
function toolExport(tool: ToolIR, imports: ImportExtension): Statement {
  const properties: Array<readonly [string, Expression]> = [
    ["name", string(stringLiteral(tool.wireName))],
    ["validators", { kind: "lazyImport", specifier: toolValidatorsImport(tool, imports) }],
  ];
  if (tool.output !== undefined) properties.push(["structured", identifier("true")]);
  if (nonObjectOutput(tool)) properties.push(["nonObjectOutput", identifier("true")]);
  if (tool.mcpHeaders.length > 0) properties.push(["headerArguments", headerArgumentsSchema(tool)]);
  return {
    kind: "const",
    doc: methodDoc(tool),
    exported: true,
    name: tool.methodName,
    type: reference("ToolCall", [{ kind: "indexedAccess", object: reference("ToolsClient"), index: literal(stringLiteral(tool.methodName)) }]),
    value: { kind: "object", properties, multiLine: true },
  };
}
