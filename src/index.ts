/** mcpgen's library API. The CLI is a thin layer over these functions. */
export { generate, generateFromManifest, renderManifest, type GenerateOptions, type GenerateResult, type Stage } from "./generate.js";
export { readManifestFile, parseManifest, recogniseManifest, type RawManifest } from "./acquire/manifest-file.js";
export { normalizeManifest } from "./normalize/index.js";
export { McpgenError, formatDiagnostic, type Diagnostic, type DiagnosticCode } from "./errors.js";
export type { ManifestIR, ToolIR, EmittedFile, NormalizedSchema, Schema } from "./ir.js";
export type { WriteResult, FileStatus } from "./write.js";
export { scaffold, scaffoldFromManifest, type ScaffoldOptions, type ScaffoldResult, type HandlerFile, type OrphanedHandler } from "./scaffold.js";
export { pull, resolveServer, type PullOptions, type PullResult } from "./pull.js";
