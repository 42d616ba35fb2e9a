/**
 * The server as a whole: what it tells the model (`instructions`) and the
 * protocol revision it speaks (a newer one is compatible, an older one is for review). Its name and version are not the contract:
 * a new version with the same tools is no change.
 */
import type { ManifestIR } from "../ir/index.js";
import type { ChangeSink } from "./change.js";

export function compareServer(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  const subject = { kind: "server" as const };
  if (old.instructions !== next.instructions) {
    const how = old.instructions === undefined ? "added" : next.instructions === undefined ? "removed" : "rewritten";
    add(subject, "server-instructions-changed", "/instructions", `instructions ${how}`, { before: old.instructions, after: next.instructions });
  }
  // Another name for the method that reads fixed resources by URI (a tool took `readResource`); none on a side without fixed resources is no rename.
  if (old.resourceReader !== undefined && next.resourceReader !== undefined && old.resourceReader !== next.resourceReader) {
    add(subject, "resource-reader-renamed", "", `client method ${old.resourceReader} → ${next.resourceReader}`, {
      before: old.resourceReader,
      after: next.resourceReader,
    });
  }
  // A manifest that does not say (a bare tools/list result) is no change.
  if (old.protocolVersion !== undefined && next.protocolVersion !== undefined && old.protocolVersion !== next.protocolVersion) {
    add(subject, protocolRule(old.protocolVersion, next.protocolVersion), "/protocolVersion", `protocol ${old.protocolVersion} → ${next.protocolVersion}`, {
      before: old.protocolVersion,
      after: next.protocolVersion,
    });
  }
}

/** MCP names its revisions by date, so that they sort as written. */
const REVISION = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A snapshot's protocol version is what mcpgen negotiated, offering the
 * newest revision it speaks, and no generated code reads it (the client
 * runtime adapts to each connection's era). A newer one says only that the
 * server speaks it now: compatible. An older one says the server no longer
 * speaks the newer (what the generated client does only on such connections
 * is gone): review. Two that cannot be ordered: review.
 */
function protocolRule(old: string, next: string): "protocol-version-upgraded" | "protocol-version-downgraded" | "protocol-version-changed" {
  if (!REVISION.test(old) || !REVISION.test(next)) return "protocol-version-changed";
  return next > old ? "protocol-version-upgraded" : "protocol-version-downgraded";
}
