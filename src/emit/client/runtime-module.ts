/** Emits `runtime.ts`: `templates/client-runtime.ts`, copied as is under a generated header. */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

export function emitRuntime(ir: ManifestIR): SourceFile {
  return {
    path: "runtime.ts",
    format: "typescript",
    statements: [header(ir, "Client runtime copied from mcpgen's templates/client-runtime.ts."), template("client-runtime.ts")],
  };
}
