/** Emits `runtime.ts`: `templates/client-runtime.ts`, copied as is under a generated header. */
import { readFile } from "node:fs/promises";
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { fileHeader } from "../header.js";
import { fileFromBlocks, formattedBlock } from "../../format/layout.js";
import { templatePath } from "../templates.js";

export async function emitRuntime(ir: ManifestIR): Promise<EmittedFile> {
  const template = await readFile(templatePath("client-runtime.ts"), "utf8");
  // The template is kept in Prettier's default layout (test/layout.test.ts checks it).
  return fileFromBlocks("runtime.ts", [formattedBlock(fileHeader(ir, "Client runtime copied from mcpgen's templates/client-runtime.ts.")), formattedBlock(template)]);
}
