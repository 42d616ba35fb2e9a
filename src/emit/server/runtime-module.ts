/**
 * Emits the server runtime, copied as is under a generated header: `server-runtime.ts`
 * (`templates/server-runtime.ts`: the dispatcher, the handler context, stdio),
 * `server-input.ts` (what a handler asks the client for, on both eras) and `server-http.ts`
 * (the Streamable HTTP entry).
 */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

function copied(ir: ManifestIR, name: string): SourceFile {
  return {
    path: name,
    format: "typescript",
    statements: [header(ir, `Server runtime copied from mcpgen's templates/${name}.`), template(name)],
  };
}

export function emitServerRuntime(ir: ManifestIR): SourceFile[] {
  return ["server-runtime.ts", "server-input.ts", "server-http.ts"].map((name) => copied(ir, name));
}
