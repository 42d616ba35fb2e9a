/** Stage 3 (emit): every output file of a typed client, from the IR alone. */
import type { EmittedFile, ManifestIR } from "../ir.js";
import { emitClient } from "./client.js";
import { emitIndex } from "./index-module.js";
import { emitManifestSnapshot } from "./manifest-snapshot.js";
import { emitRuntime } from "./runtime-module.js";
import { emitTypes } from "./types.js";
import { emitValidators } from "./validators.js";

export async function emitClientPackage(ir: ManifestIR): Promise<EmittedFile[]> {
  const [validators, runtime] = await Promise.all([emitValidators(ir), emitRuntime(ir)]);
  const files = [emitIndex(ir), emitTypes(ir), emitClient(ir), ...validators.files, runtime, emitManifestSnapshot(ir)];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
