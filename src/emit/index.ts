/** Stage 3 (emit): every output file of a typed client (or of its types alone), from the IR alone. */
import type { ManifestIR, OutputFile } from "../ir/index.js";
import { emitCalls } from "./client/calls.js";
import { emitClient } from "./client/index.js";
import { emitIndex } from "./client/index-module.js";
import { emitManifestSnapshot } from "./snapshot.js";
import { emitRuntime } from "./client/runtime-module.js";
import { emitTypes } from "./types/index.js";
import { emitUriTemplate } from "./client/uri-template-module.js";
import { emitValidate, emitToolValidators } from "./validators/index.js";
import type { ImportExtension } from "./specifier.js";

/**
 * The client package: every file from the IR alone, the validators among them (emitted as text, never formatted),
 * their relative imports spelled with `imports` (`moduleSpecifier`).
 */
export function emitClientPackage(ir: ManifestIR, imports: ImportExtension): OutputFile[] {
  return [
    emitIndex(ir, imports),
    emitTypes(ir),
    emitClient(ir, imports),
    ...(ir.tools.length > 0 ? [emitCalls(ir, imports)] : []),
    emitValidate(ir, imports),
    emitRuntime(ir),
    ...(ir.resourceTemplates.length > 0 ? [emitUriTemplate(ir)] : []),
    emitManifestSnapshot(ir),
    ...emitToolValidators(ir, imports),
  ];
}

/** `emit: "types"`: the shared types and the snapshot, no runtime code (and no validators). */
export function emitTypesPackage(ir: ManifestIR): OutputFile[] {
  return [emitTypes(ir), emitManifestSnapshot(ir)];
}

export function sortFiles<File extends { path: string }>(files: File[]): File[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
