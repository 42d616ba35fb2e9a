/**
 * `generate`: acquire a manifest file, render it (src/pipeline.ts: normalize,
 * emit, format), write the files.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { realPathOf } from "../shared/real-path.js";
import { readManifestFile, type InputStream } from "../acquire/manifest-file.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { userError, type Diagnostic } from "../shared/errors.js";
import type { EmittedFile, ManifestIR } from "../ir/index.js";
import { renderManifest, timed, type ClientEmit, type ImportExtension, type Stage } from "../pipeline.js";
import { IMPORT_EXTENSIONS } from "../emit/specifier.js";
import { checkOutputDirectory } from "../write/output-directory.js";
import { isGeneratedByMcpgen, planWrites, writeFiles, type WriteResult } from "../write/index.js";
import type { ContractDiff } from "../diff/index.js";
import { snapshotChanges } from "./contract-drift.js";

export type { ClientEmit, ImportExtension, Stage };

export interface GenerateOptions {
  /** Path of the manifest, or `-` for stdin. */
  manifest: string;
  /** Output directory. */
  outDir: string;
  /** Compare with what is on disk instead of writing. */
  check?: boolean | undefined;
  /** Run Prettier on the output (default true). */
  format?: boolean | undefined;
  /** `client` (default): types, client, validators, runtime; `types`: `types.ts` and the snapshot only. */
  emit?: ClientEmit | undefined;
  /** The extension of the relative imports between generated files: `js` (default), or `ts` for Node's type stripping, Deno and Bun (docs/output.md). */
  importExtension?: ImportExtension | undefined;
  /**
   * Remove files mcpgen generated earlier in `outDir` that are no longer part
   * of the output (default true). Only files carrying mcpgen's marker.
   */
  prune?: boolean | undefined;
  /** Count lines added and removed per changed file (`WriteResult.lines`), with each updated file's diff (`WriteResult.diff`); default: with `check`. */
  diff?: boolean | undefined;
  stdin?: InputStream | undefined;
  /** Checked before writing: once aborted, nothing is written and the call rejects (`interrupted`). */
  signal?: AbortSignal | undefined;
  /** Every warning is an error (`StrictError`): a schema problem fails the run instead of costing the part of the tool it affects. */
  strict?: boolean | undefined;
  /** Write even into the file-system root or the home directory (refused otherwise). */
  force?: boolean | undefined;
}

export interface GenerateResult {
  /** Every output file and what happened (or, with `check`, would happen) to it. */
  files: WriteResult[];
  /** Warnings about the input (errors are thrown as `McpgenError`). */
  diagnostics: Diagnostic[];
  /** Milliseconds spent in each stage. */
  timings: Partial<Record<Stage, number>>;
  /** True when nothing was (with `check`: would be) written or deleted. */
  upToDate: boolean;
  ir: ManifestIR;
  /** With `check`, when the snapshot in the output directory would change: how the manifest's contract changed since it was generated. */
  contract?: ContractDiff | undefined;
}

/** Reads a manifest file and generates the typed client package into `outDir`. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const timings: Partial<Record<Stage, number>> = {};
  checkImportExtension(options.importExtension);
  await checkOutputDirectory(options.outDir, options);
  const raw = await timed(timings, "acquire", () => readManifestFile(options.manifest, options.stdin));
  // The input may live in the output directory (a snapshot regenerated in place): never prune it.
  const keep = options.manifest === "-" ? [] : [resolve(options.manifest)];
  return generateFromManifest(raw, options, timings, keep);
}

/**
 * The pipeline from an already acquired manifest (a file, stdin or a live server). `mask` (a pull's
 * secrets) is applied to every line of the files' diffs before it is cut; `onNormalized` hears the IR
 * before the files are compared or written.
 */
export async function generateFromManifest(
  raw: RawManifest,
  options: Omit<GenerateOptions, "manifest" | "stdin"> & {
    mask?: ((text: string) => string) | undefined;
    onNormalized?: ((ir: ManifestIR) => void) | undefined;
  },
  timings: Partial<Record<Stage, number>> = {},
  keep: readonly string[] = [],
): Promise<GenerateResult> {
  checkImportExtension(options.importExtension);
  await checkOutputDirectory(options.outDir, options);
  // Not given: the output keeps the extension it was generated with (a --check, or a run again, without the flag).
  const importExtension = options.importExtension ?? (await existingImportExtension(options.outDir));
  const rendered = await renderManifest(raw, { ...options, importExtension }, timings);
  const { ir } = rendered;
  options.onNormalized?.(ir);
  if (options.signal?.aborted) throw userError("interrupted", "stopped before writing; nothing was written", { file: raw.source });
  const files = await withoutUsersManifest(rendered.files, options.outDir, keep);
  const writeOptions = { prune: options.prune === false ? false : { keep }, diff: options.diff ?? options.check === true, mask: options.mask };
  const results = options.check
    ? await timed(timings, "write", () => planWrites(files, options.outDir, writeOptions))
    : await timed(timings, "write", () => writeFiles(files, options.outDir, writeOptions));
  const contract = options.check ? await snapshotChanges(options.outDir, results, ir, options.mask) : undefined;
  return {
    files: results,
    diagnostics: ir.diagnostics,
    timings,
    upToDate: results.every((file) => file.status === "unchanged"),
    ir,
    ...(contract === undefined ? {} : { contract }),
  };
}

/**
 * A hand-written manifest kept as `<out>/manifest.json` (among the inputs, `keep`) is the user's:
 * it is the input, not a snapshot to rewrite, so the snapshot is left out of the output.
 */
export async function withoutUsersManifest(files: EmittedFile[], outDir: string, keep: readonly string[]): Promise<EmittedFile[]> {
  // Real paths: the manifest may be named through a symbolic link to the output directory.
  const snapshot = realPathOf(resolve(outDir, MANIFEST_FILE));
  return keep.some((path) => realPathOf(path) === snapshot) && (await isUsersFile(snapshot)) ? files.filter((file) => file.path !== MANIFEST_FILE) : files;
}

/** A file that exists and is not one mcpgen wrote (a server target's first pull finds none, and writes its snapshot). */
async function isUsersFile(path: string): Promise<boolean> {
  const contents = await readFile(path, "utf8").catch(() => undefined);
  return contents !== undefined && !isGeneratedByMcpgen(path, contents);
}

/** `importExtension` as the library takes it from JavaScript, unchecked by types: `js`, `ts` or absent, else a usage error. */
export function checkImportExtension(value: unknown): void {
  if (value === undefined || (IMPORT_EXTENSIONS as readonly unknown[]).includes(value)) return;
  throw userError("usage", `importExtension must be "js" or "ts", not ${JSON.stringify(value) ?? String(value)}`, {
    hint: '"ts" spells the imports between generated files with .ts (Node\'s type stripping, Deno, Bun); "js" is the default',
  });
}

/** The generated entry point whose imports show the extension an output was generated with. */
const ENTRY_POINT = "index.ts";

/**
 * The extension the relative imports of an output already in `outDir` end in, read from its generated `index.ts`:
 * `ts` where they end in `.ts`, else undefined (the default, `js`). So an output generated with `--import-extension ts`
 * stays so when generated again or checked without the option; `--import-extension js` switches it back.
 */
export async function existingImportExtension(outDir: string): Promise<ImportExtension | undefined> {
  const entry = await readFile(resolve(outDir, ENTRY_POINT), "utf8").catch(() => undefined);
  if (entry === undefined || !isGeneratedByMcpgen(ENTRY_POINT, entry)) return undefined;
  return /^export [^;]* from "\.\/[^"]+\.ts";$/m.test(entry) ? "ts" : undefined;
}
