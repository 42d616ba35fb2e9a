/**
 * Emits `tools.ts`: the tool table of a scaffolded server, each tool the
 * manifest's raw object as a literal, so `tools/list` returns exactly what
 * the manifest lists (names, titles, schemas, annotations, icons, `_meta`).
 * A tool the official SDK client would reject (and with it the whole list)
 * is listed as the SDK accepts it instead (`ToolIR.acceptedBySdk`), except
 * for an outputSchema that is a JSON object: SDK 1.32 rejects one whose root
 * is not an object, but MCP 2026-07-28 allows any, and the SDK v2 server a
 * scaffold runs on lists it as declared there (and, to 2025-era clients,
 * wrapped as `{ result: ... }`, which they accept).
 */
import type { ManifestIR, SourceFile, ToolIR } from "../../ir/index.js";
import { isRecord, setOwn } from "../../shared/json.js";
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
        value: { kind: "array", elements: ir.tools.map((tool) => ({ kind: "code", text: jsonLiteral(listedTool(tool)) })) },
      },
    ],
  };
}

/** The tool as the scaffold lists it: as declared, or as the SDK accepts it with a declared outputSchema object kept in its place. */
export function listedTool(tool: ToolIR): unknown {
  const accepted = tool.acceptedBySdk;
  const declared = tool.raw["outputSchema"];
  if (accepted === undefined || !isRecord(declared)) return accepted ?? tool.raw;
  const listed: Record<string, unknown> = {};
  for (const key of Object.keys(tool.raw)) {
    // Keys are the server's: `__proto__` among them.
    if (key === "outputSchema") setOwn(listed, key, declared);
    else if (Object.prototype.hasOwnProperty.call(accepted, key)) setOwn(listed, key, accepted[key]);
  }
  return listed;
}
