/** Emits `runtime.ts`: `templates/client-runtime.ts`, copied as is under a generated header. */
import { readFile } from "node:fs/promises";
import type { EmittedFile, ManifestIR } from "../ir.js";
import { fileHeader } from "./header.js";
import { templatePath } from "./templates.js";

export async function emitRuntime(ir: ManifestIR): Promise<EmittedFile> {
  const template = await readFile(templatePath("client-runtime.ts"), "utf8");
  return { path: "runtime.ts", contents: `${fileHeader(ir, "Client runtime copied from mcpgen's templates/client-runtime.ts.")}\n${template}`, format: "typescript" };
}
