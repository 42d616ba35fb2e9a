/** Emits `server-runtime.ts`: `templates/server-runtime.ts` (the dispatcher), copied as is under a generated header. */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

export function emitServerRuntime(ir: ManifestIR): SourceFile {
  return {
    path: "server-runtime.ts",
    format: "typescript",
    statements: [header(ir, "Server runtime copied from mcpgen's templates/server-runtime.ts."), template("server-runtime.ts")],
  };
}
