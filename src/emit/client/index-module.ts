/** Emits `index.ts`, the entry point re-exporting everything a user needs (templates/client/index.ts). */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

export function emitIndex(ir: ManifestIR): SourceFile {
  return { path: "index.ts", format: "typescript", statements: [header(ir, "Entry point."), template("client/index.ts")] };
}
