/**
 * Emits `handlers.ts`: the handler of every tool, imported from the user's
 * files in `src/handlers/`. Typed by wire name, so a missing handler or one
 * bound to another tool is a compile error here.
 */
import { posix } from "node:path";
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { GENERATED_DIR } from "../../shared/output-names.js";
import { fileHeader } from "../header.js";

/** The import specifier of a handler file (project-relative `src/handlers/x.ts`) from `src/generated/`. */
export function handlerImport(path: string): string {
  const relative = posix.relative(GENERATED_DIR, path).replace(/\.ts$/, ".js");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** `handlerPaths`: the project-relative handler file of each tool, by wire name. */
export function emitServerHandlers(ir: ManifestIR, handlerPaths: ReadonlyMap<string, string>): EmittedFile {
  const imports: string[] = [];
  const entries: string[] = [];
  for (const tool of ir.tools) {
    const path = handlerPaths.get(tool.wireName);
    if (path === undefined) throw new Error(`internal: no handler file planned for ${tool.wireName}`);
    // Method names are unique identifiers starting with a lower-case letter, so `<method>Handler` never collides.
    const binding = `${tool.methodName}Handler`;
    imports.push(`import ${binding} from ${stringLiteral(handlerImport(path))};`);
    entries.push(`  ${objectLiteralKey(tool.wireName)}: ${binding},`);
  }
  const contents = `${fileHeader(ir, "The handler of every tool, by wire name. A missing or mismatched handler is a compile error.")}
import type { HandlerDefinition } from "./define.js";
import type { ToolName } from "./types.js";
${imports.join("\n")}

export const handlers: { readonly [N in ToolName]: HandlerDefinition<N> } = {
${entries.join("\n")}
};
`;
  return { path: "handlers.ts", contents, format: "typescript" };
}
