/**
 * Emits `manifest.json`: the normalised snapshot generation started from.
 * It is itself a valid mcpgen manifest, so `mcpgen generate manifest.json`
 * reproduces the output. Tools (and prompts, resources and resource
 * templates) are kept as they were read: verbatim from a manifest file, or as
 * a live server sent them.
 *
 * A scaffold's snapshot also carries a fingerprint of what mcpgen wrote. The
 * scaffold's README calls that file the one to edit, and scaffolding again
 * from another file would replace it: the fingerprint tells an edited
 * snapshot (whose edits that would undo) from one mcpgen wrote as it is.
 */
import { createHash } from "node:crypto";
import type { EmittedFile, ManifestIR } from "../ir/index.js";
import { isRecord } from "../shared/json.js";
import { escapeBidiControls } from "../shared/escape.js";
import { MANIFEST_FILE, SNAPSHOT_GENERATED_BY } from "../shared/output-names.js";

export function emitManifestSnapshot(ir: ManifestIR, options: { fingerprint?: boolean } = {}): EmittedFile {
  const content: Record<string, unknown> = {};
  if (ir.server !== undefined) content["server"] = ir.server;
  if (ir.protocolVersion !== undefined) content["protocolVersion"] = ir.protocolVersion;
  if (ir.capabilities !== undefined) content["capabilities"] = ir.capabilities;
  if (ir.instructions !== undefined) content["instructions"] = ir.instructions;
  if (ir.clientCapabilities !== undefined) content["clientCapabilities"] = ir.clientCapabilities;
  if (ir.cache !== undefined) content["cache"] = ir.cache;
  content["tools"] = ir.tools.map((tool) => tool.raw);
  // The other lists as listed (each only when it was: absent means the server was not asked, or could not list it).
  if (ir.listed.has("prompts/list")) content["prompts"] = ir.prompts.map((prompt) => prompt.raw);
  if (ir.listed.has("resources/list")) content["resources"] = ir.resources.map((resource) => resource.raw);
  if (ir.listed.has("resources/templates/list")) content["resourceTemplates"] = ir.resourceTemplates.map((template) => template.raw);
  const snapshot = { generatedBy: SNAPSHOT_GENERATED_BY, ...(options.fingerprint ? { fingerprint: fingerprintOf(content) } : {}), ...content };
  // The same values; bidirectional controls escaped, so the file reads in a review as it parses.
  return { path: MANIFEST_FILE, contents: `${escapeBidiControls(JSON.stringify(snapshot, null, 2))}\n`, format: "none" };
}

/** `sha256:<hex>` of a snapshot's content: every key but `generatedBy` and `fingerprint`, in the order written. */
function fingerprintOf(content: Record<string, unknown>): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(content)).digest("hex")}`;
}

/**
 * Whether a snapshot changed since mcpgen wrote it: true or false when it
 * has a fingerprint, undefined when it has none (not a scaffold's, or one an
 * older mcpgen wrote) or is not JSON. Layout does not count, content does.
 */
export function snapshotEdited(text: string): boolean | undefined {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(document) || typeof document["fingerprint"] !== "string") return undefined;
  const { generatedBy: _marker, fingerprint, ...content } = document;
  return fingerprint !== fingerprintOf(content);
}
