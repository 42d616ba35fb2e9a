/**
 * Emits `src/server.ts`, the scaffold's entry point (templates/scaffold/src/server.ts):
 * stdio by default, Streamable HTTP with `--http`. Written once; the user owns it.
 */
import type { SourceFile } from "../../ir/index.js";
import { template } from "../template-code.js";

export function emitEntry(): SourceFile {
  return { path: "src/server.ts", format: "typescript", statements: [template("scaffold/src/server.ts")] };
}
