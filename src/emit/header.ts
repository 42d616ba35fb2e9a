import { basename } from "node:path";
import type { ManifestIR } from "../ir/index.js";
import { lineComment } from "../shared/escape.js";
import { GENERATED_MARKER } from "../shared/output-names.js";

/**
 * The header of a generated source file: what made it and from what, never
 * when. Linters are told to leave the file alone: it is not the user's code
 * to fix (and their rules may frown on what generated code has to say, such
 * as `Object["constructor"]`).
 */
export function fileHeader(ir: Pick<ManifestIR, "source">, purpose: string): string {
  const source = ir.source.startsWith("<") || /^[a-z]+:\/\//i.test(ir.source) ? ir.source : basename(ir.source);
  return `${lineComment(`${GENERATED_MARKER.slice(3)}${source}. Do not edit: run mcpgen again.`)}\n${lineComment(purpose)}\n/* eslint-disable */\n`;
}
