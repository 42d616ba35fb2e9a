/**
 * The pipeline: acquire → normalize → emit → format → write. Each stage is a
 * module of its own; this file only runs them in order and times them.
 */
import { readManifestFile, type RawManifest } from "./acquire/manifest-file.js";
import type { Diagnostic } from "./errors.js";
import { emitClientPackage, sortFiles } from "./emit/index.js";
import { formatFiles } from "./format.js";
import type { EmittedFile, ManifestIR } from "./ir.js";
import { normalizeManifest } from "./normalize/index.js";
import { planWrites, writeFiles, type WriteResult } from "./write.js";

export type Stage = "acquire" | "normalize" | "emit" | "format" | "write";

export interface GenerateOptions {
  /** Path of the manifest, or `-` for stdin. */
  manifest: string;
  /** Output directory. */
  outDir: string;
  /** Compare with what is on disk instead of writing. */
  check?: boolean;
  /** Run Prettier on the output (default true). */
  format?: boolean;
  stdin?: NodeJS.ReadableStream;
}

export interface GenerateResult {
  /** Every output file and what happened (or, with `check`, would happen) to it. */
  files: WriteResult[];
  /** Warnings about the input (errors are thrown as `McpgenError`). */
  diagnostics: Diagnostic[];
  /** Milliseconds spent in each stage. */
  timings: Partial<Record<Stage, number>>;
  /** With `check`: true when the output on disk is up to date. */
  upToDate: boolean;
  ir: ManifestIR;
}

async function timed<T>(timings: Partial<Record<Stage, number>>, stage: Stage, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
  }
}

/** Reads a manifest file and generates the typed client package into `outDir`. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const timings: Partial<Record<Stage, number>> = {};
  const raw = await timed(timings, "acquire", () => readManifestFile(options.manifest, options.stdin));
  return generateFromManifest(raw, options, timings);
}

/** The pipeline from an already acquired manifest (a file, stdin or a live server). */
export async function generateFromManifest(
  raw: RawManifest,
  options: Omit<GenerateOptions, "manifest" | "stdin">,
  timings: Partial<Record<Stage, number>> = {},
): Promise<GenerateResult> {
  const { ir, files } = await renderManifest(raw, options, timings);
  const results = options.check
    ? await timed(timings, "write", () => planWrites(files, options.outDir))
    : await timed(timings, "write", () => writeFiles(files, options.outDir));
  return {
    files: results,
    diagnostics: ir.diagnostics,
    timings,
    upToDate: results.every((file) => file.status === "unchanged"),
    ir,
  };
}

/** Everything but the write: the IR and the formatted files, in memory. */
export async function renderManifest(
  raw: RawManifest,
  options: { outDir: string; format?: boolean },
  timings: Partial<Record<Stage, number>> = {},
): Promise<{ ir: ManifestIR; files: EmittedFile[] }> {
  const ir = await timed(timings, "normalize", () => normalizeManifest(raw));
  const emitted = await timed(timings, "emit", () => emitClientPackage(ir));
  const formatted = await timed(timings, "format", () => formatFiles(emitted.files, { outDir: options.format === false ? false : options.outDir }));
  // Validators compile while the other files format; what is left of that wait counts as emitting.
  const validators = await timed(timings, "emit", () => emitted.validators);
  return { ir, files: sortFiles([...formatted, validators]) };
}
