/**
 * Emits `handlers.ts`: the handler of every tool, imported from the user's
 * files in `src/handlers/`. Typed by wire name, so a missing handler or one
 * bound to another tool is a compile error here.
 */
import { posix } from "node:path";
import type { Expression, ImportDeclaration, ManifestIR, SourceFile, VariableStatement } from "../../ir/index.js";
import { objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { GENERATED_DIR } from "../../shared/output-names.js";
import { header, identifier, importDeclaration, reference } from "../nodes.js";

/** The import specifier of a handler file (project-relative `src/handlers/x.ts`) from `src/generated/`. */
export function handlerImport(path: string): string {
  const relative = posix.relative(GENERATED_DIR, path).replace(/\.ts$/, ".js");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** `handlerPaths`: the project-relative handler file of each tool, by wire name. */
export function emitServerHandlers(ir: ManifestIR, handlerPaths: ReadonlyMap<string, string>): SourceFile {
  const imports: ImportDeclaration[] = [];
  const entries: Array<readonly [string, Expression]> = [];
  for (const tool of ir.tools) {
    const path = handlerPaths.get(tool.wireName);
    if (path === undefined) throw new Error(`internal: no handler file planned for ${tool.wireName}`);
    // Method names are unique identifiers starting with a lower-case letter, so `<method>Handler` never collides.
    const binding = `${tool.methodName}Handler`;
    imports.push({ kind: "import", typeOnly: false, defaultName: binding, names: [], from: stringLiteral(handlerImport(path)) });
    entries.push([objectLiteralKey(tool.wireName), identifier(binding)]);
  }
  const table: VariableStatement = {
    kind: "const",
    doc: [],
    exported: true,
    name: "handlers",
    type: { kind: "mapped", readonly: true, parameter: "N", constraint: reference("ToolName"), type: reference("HandlerDefinition", [reference("N")]) },
    value: { kind: "object", properties: entries, multiLine: true },
  };
  return {
    path: "handlers.ts",
    format: "typescript",
    statements: [
      header(ir, "The handler of every tool, by wire name. A missing or mismatched handler is a compile error."),
      importDeclaration(["HandlerDefinition"], `"./define.js"`, true),
      importDeclaration(["ToolName"], `"./types.js"`, true),
      ...imports,
      table,
    ],
  };
}
