/**
 * Emits `tools.ts`: the tool table of a scaffolded server, each tool the
 * manifest's raw object as a literal, so `tools/list` returns exactly what
 * the manifest lists (names, titles, schemas, annotations, icons, `_meta`).
 * A tool the official SDK client would reject (and with it the whole list)
 * is listed as `listed` has it instead: as the SDK accepts it.
 */
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { jsonLiteral } from "../../shared/escape.js";
import { fileHeader } from "../header.js";

export function emitServerTools(ir: ManifestIR, listed: ReadonlyMap<string, Record<string, unknown>> = new Map()): EmittedFile {
  const entries = ir.tools.map((tool) => `  ${jsonLiteral(listed.get(tool.wireName) ?? tool.raw)},`);
  const contents = `${fileHeader(ir, "The tools exactly as the manifest lists them; tools/list returns these objects unchanged.")}
import type { ListedTool } from "./server-runtime.js";

export const tools: readonly ListedTool[] = [
${entries.join("\n")}
];
`;
  return { path: "tools.ts", contents, format: "typescript" };
}
