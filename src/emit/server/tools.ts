/**
 * Emits `tools.ts`: the tool table of a scaffolded server, each tool the
 * manifest's raw object as a literal, so `tools/list` returns exactly what
 * the manifest lists (names, titles, schemas, annotations, icons, `_meta`).
 * A tool an official SDK client would reject (and with it the whole list)
 * is listed as both SDKs accept it instead (`ToolIR.acceptedBySdk`). An
 * outputSchema whose root is not an object is no rejection: MCP 2026-07-28
 * allows any, and the SDK v2 server a scaffold runs on lists it as declared
 * there and, to 2025-era clients, wrapped as `{ result: ... }`.
 */
import type { ManifestIR, SourceFile, ToolIR } from "../../ir/index.js";
import { jsonLiteral } from "../../shared/escape.js";
import { header, importDeclaration, reference } from "../nodes.js";
import { moduleSpecifier } from "../specifier.js";

export function emitServerTools(ir: ManifestIR): SourceFile {
  return {
    path: "tools.ts",
    format: "typescript",
    statements: [
      header(ir, "The tools exactly as the manifest lists them; tools/list returns these objects unchanged."),
      importDeclaration(["HeaderArgument", "ListedTool"], moduleSpecifier("./server-runtime.ts", "js"), true),
      {
        kind: "const",
        doc: [],
        exported: true,
        name: "tools",
        type: { kind: "array", element: reference("ListedTool"), readonly: true },
        value: { kind: "array", elements: ir.tools.map((tool) => ({ kind: "code", text: jsonLiteral(listedTool(tool)) })) },
      },
      {
        kind: "const",
        doc: [
          "The `x-mcp-header` arguments of the tools that have them (MCP 2026-07-28), as mcpgen read them: the HTTP entry checks each call's `Mcp-Param-*` headers against them.",
        ],
        exported: true,
        name: "headerArguments",
        type: reference("ReadonlyArray", [
          {
            kind: "tuple",
            elements: [
              { type: reference("string"), optional: false, rest: false },
              { type: { kind: "array", element: reference("HeaderArgument"), readonly: true }, optional: false, rest: false },
            ],
          },
        ]),
        value: { kind: "code", text: jsonLiteral(toolHeaderArguments(ir)) },
      },
    ],
  };
}

/** The tool as the scaffold lists it: as declared, or as both SDKs accept it. */
export function listedTool(tool: ToolIR): unknown {
  return tool.acceptedBySdk ?? tool.raw;
}

/**
 * The `x-mcp-header` arguments of the tools that have them, as the server runtime takes them
 * (`ServerDefinition.headerArguments`): `[wire name, arguments]` pairs (a list, not an object: a
 * tool may be called `__proto__`).
 */
export function toolHeaderArguments(ir: ManifestIR): Array<[string, Array<{ header: string; path: string[]; type: "string" | "integer" | "boolean" }>]> {
  return ir.tools
    .filter((tool) => tool.mcpHeaders.length > 0)
    .map((tool) => [tool.wireName, tool.mcpHeaders.map(({ header, path, type }) => ({ header, path, type }))]);
}
