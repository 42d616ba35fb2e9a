/** Emits `server-runtime.ts`: `templates/server-runtime.ts` (the dispatcher), copied as is under a generated header. */
import { readFile } from "node:fs/promises";
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { fileHeader } from "../header.js";
import { templatePath } from "../templates.js";

export async function emitServerRuntime(ir: ManifestIR): Promise<EmittedFile> {
  const template = await readFile(templatePath("server-runtime.ts"), "utf8");
  return {
    path: "server-runtime.ts",
    contents: `${fileHeader(ir, "Server runtime copied from mcpgen's templates/server-runtime.ts.")}\n${template}`,
    format: "typescript",
  };
}
