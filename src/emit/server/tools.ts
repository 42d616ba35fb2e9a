/**
 * Emits `tools.ts`: the tool table of a scaffolded server, each tool the
 * manifest's raw object as a literal, so `tools/list` returns exactly what
 * the manifest lists (names, titles, schemas, annotations, icons, `_meta`).
 * A tool the official SDK client would reject (and with it the whole list)
 * is listed as the SDK accepts it instead (`ToolIR.acceptedBySdk`).
 */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { jsonLiteral } from "../../shared/escape.js";
import { header, importDeclaration, reference } from "../nodes.js";

export function emitServerTools(ir: ManifestIR): SourceFile {
  return {
    path: "tools.ts",
    format: "typescript",
    statements: [
      header(ir, "The tools exactly as the manifest lists them; tools/list returns these objects unchanged."),
      importDeclaration(["ListedTool"], `"./server-runtime.js"`, true),
      {
        kind: "const",
        doc: [],
        exported: true,
        name: "tools",
        type: { kind: "array", element: reference("ListedTool"), readonly: true },
        value: { kind: "array", elements: ir.tools.map((tool) => ({ kind: "code", text: jsonLiteral(tool.acceptedBySdk ?? tool.raw) })) },
      },
    ],
  };
}
