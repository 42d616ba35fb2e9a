/** Stage 3 (emit): every output file of a typed client (or of its types alone), from the IR alone. */
import type { ManifestIR, OutputFile } from "../ir/index.js";
import { emitClient } from "./client/index.js";
import { emitIndex } from "./client/index-module.js";
import { emitManifestSnapshot } from "./snapshot.js";
import { emitRuntime } from "./client/runtime-module.js";
import { emitTypes } from "./types/index.js";
import { emitUriTemplate } from "./client/uri-template-module.js";
import { emitValidate, startValidators, type ValidatorsInProgress } from "./validators/index.js";

export interface ClientPackage {
  /** Files ready for formatting. */
  files: OutputFile[];
  /**
   * `validators.ts`, still compiling (on worker threads for large manifests):
   * the caller formats `files` meanwhile, then assists and awaits the file.
   */
  validators: ValidatorsInProgress;
}

export async function emitClientPackage(ir: ManifestIR): Promise<ClientPackage> {
  const validators = startValidators(ir);
  try {
    // The workers compile once the chunks are planned: plan them first, then emit the rest meanwhile.
    await validators.queued;
    const files = [
      emitIndex(ir),
      emitTypes(ir),
      emitClient(ir),
      emitValidate(ir),
      emitRuntime(ir),
      ...(ir.resourceTemplates.length > 0 ? [emitUriTemplate(ir)] : []),
      emitManifestSnapshot(ir),
    ];
    return { files, validators };
  } catch (error) {
    validators.cancel();
    throw error;
  }
}

/** `emit: "types"`: the shared types and the snapshot, no runtime code (and no validator compilation). */
export function emitTypesPackage(ir: ManifestIR): OutputFile[] {
  return [emitTypes(ir), emitManifestSnapshot(ir)];
}

export function sortFiles<File extends { path: string }>(files: File[]): File[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
