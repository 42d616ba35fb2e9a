/**
 * Emits `define.ts`: the typed API handler files import (`defineHandler`,
 * `toolResult`, `toolError`, the context type), templates/scaffold/src/generated/define.ts.
 * Handler types come from the shared `types.ts`, so a schema change breaks
 * the handler that no longer fits.
 */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

export function emitServerDefine(ir: ManifestIR): SourceFile {
  return {
    path: "define.ts",
    format: "typescript",
    statements: [header(ir, "Typed handler API: what the files in src/handlers/ import."), template("scaffold/src/generated/define.ts")],
  };
}
