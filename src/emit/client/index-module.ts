/** Emits `index.ts`, the entry point re-exporting everything a user needs (templates/client/index.ts). */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import type { ImportExtension } from "../specifier.js";
import { template } from "../template-code.js";

export function emitIndex(ir: ManifestIR, imports: ImportExtension): SourceFile {
  return { path: "index.ts", format: "typescript", statements: [header(ir, "Entry point."), template("client/index.ts", [], { imports })] };
}
