/**
 * Emits `manifest.json`: the normalised snapshot generation started from.
 * It is itself a valid mcpgen manifest, so `mcpgen generate manifest.json`
 * reproduces the output. Tools are kept as they were read: verbatim from a
 * manifest file, or as the SDK client parsed them from a live server.
 */
import type { EmittedFile, ManifestIR } from "../ir.js";
import { escapeBidiControls } from "../text/escape.js";

export const SNAPSHOT_MARKER = "mcpgen";

export function emitManifestSnapshot(ir: ManifestIR): EmittedFile {
  const snapshot: Record<string, unknown> = { generatedBy: SNAPSHOT_MARKER };
  if (ir.server !== undefined) snapshot["server"] = ir.server;
  if (ir.protocolVersion !== undefined) snapshot["protocolVersion"] = ir.protocolVersion;
  if (ir.capabilities !== undefined) snapshot["capabilities"] = ir.capabilities;
  if (ir.instructions !== undefined) snapshot["instructions"] = ir.instructions;
  snapshot["tools"] = ir.tools.map((tool) => tool.raw);
  // The same values; bidirectional controls escaped, so the file reads in a review as it parses.
  return { path: "manifest.json", contents: `${escapeBidiControls(JSON.stringify(snapshot, null, 2))}\n`, format: "none" };
}
