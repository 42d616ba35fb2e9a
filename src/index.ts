/**
 * mcpgen's library API; the CLI is a thin layer over these functions.
 *
 * The pipeline, as every command runs it (src/pipeline.ts):
 *
 *   const raw = await readManifestFile("weather.tools.json"); // acquire (pull: from a live server)
 *   const { ir, files } = await renderManifest(raw, { outDir }); // normalize → IR → emit → format
 *   await writeFiles(files, outDir); // write: atomically, never over a file the user owns
 *
 * `generate`, `check` and `pull` run all of it for one manifest or a project;
 * `diffManifests(old, new)` classifies how a contract changed (`diff` reads
 * the two sides from files, a git revision or a live server).
 */
export { generate, check, pull } from "./commands/api.js";
export { renderManifest, normalize, emit, type ClientEmit, type ImportExtension, type RenderOptions, type Stage } from "./pipeline.js";
export { generateFromManifest, type GenerateOptions, type GenerateResult } from "./commands/generate.js";
export { readManifestFile, parseManifest, recogniseManifest, type InputStream } from "./acquire/manifest-file.js";
export type { RawManifest } from "./ir/raw-manifest.js";
export { normalizeManifest } from "./normalize/index.js";
export { McpgenError, formatDiagnostic, type Diagnostic, type DiagnosticCode } from "./shared/errors.js";
export { DIAGNOSTIC_CODES, EXIT_CODES, type DiagnosticCodeEntry } from "./shared/codes.js";
export type {
  ManifestIR,
  ToolIR,
  PromptIR,
  PromptArgumentIR,
  ResourceIR,
  ResourceTemplateIR,
  TemplateVariableIR,
  EmittedFile,
  NormalizedSchema,
  Schema,
} from "./ir/index.js";
export { writeFiles, planWrites, type WriteResult, type FileStatus, type WriteOptions } from "./write/index.js";
export type { LineChanges, UnifiedDiff } from "./shared/diff.js";
export {
  scaffold,
  scaffoldFromManifest,
  type ScaffoldOptions,
  type ScaffoldResult,
  type ScaffoldStage,
  type HandlerFile,
  type OrphanedHandler,
} from "./commands/scaffold.js";
export { resolveServer, type PullOptions, type PullResult, type PulledServer, type PullEvent, type ServerWords } from "./commands/pull.js";
export type { OAuthOptions, OAuthSettings } from "./acquire/oauth/settings.js";
export type { DriftReport, ListDrift, ToolChange } from "./commands/drift.js";
export type { SurfaceCounts } from "./commands/surface-counts.js";
export { diff, diffManifests, type DiffOptions, type DiffResult, type DiffComparison, type DiffError, type DiffServerOptions } from "./commands/diff.js";
export {
  DIFF_RULES,
  CHANGE_CLASSES,
  CLASS_ORDER,
  SCHEMA_CHANGES,
  FAIL_ON,
  failsOn,
  diffDocument,
  diffMarkdown,
  DIFF_DOCUMENT_VERSION,
  type ChangeClass,
  type ChangeSubject,
  type ComparedManifest,
  type ContractChange,
  type ContractDiff,
  type DiffDocument,
  type DiffRule,
  type FailOn,
  type RuleSubject,
  type SubjectKind,
  SUBJECT_NOUNS,
} from "./diff/index.js";
export {
  generateProject,
  checkProject,
  pullProject,
  runProject,
  type ProjectOptions,
  type PullProjectOptions,
  type ProjectResult,
  type TargetResult,
  type TargetError,
} from "./commands/project.js";
export {
  loadConfig,
  findConfigFile,
  validateConfig,
  ConfigError,
  CONFIG_FILE,
  type ConfigDocument,
  type TargetDocument,
  type ProjectConfig,
  type Target,
  type Emit,
  type LoadOptions,
} from "./commands/config.js";
export { mock, record, type MockOptions, type RecordOptions, type RunningMock, type MockHttpOptions } from "./commands/mock.js";
export { watchProject, type WatchOptions, type WatchEvent, type WatchReason } from "./commands/watch.js";
export { initConfig, type InitOptions, type InitResult } from "./commands/init.js";
