/**
 * The pipeline: acquire → normalize → emit → format → write. Each stage is a
 * module of its own; this file only runs them in order and times them.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { realPathOf } from "../shared/real-path.js";
import { readManifestFile, type InputStream } from "../acquire/manifest-file.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { failOnWarnings, pointerToken, userError, type Diagnostic } from "../shared/errors.js";
import { emitClientPackage, emitTypesPackage, sortFiles } from "../emit/index.js";
import { formatFiles } from "../format/index.js";
import type { EmittedFile, ManifestIR } from "../ir/index.js";
import { normalizeManifest } from "../normalize/index.js";
import { checkToolsAgainstSdk } from "../normalize/sdk-tool-schema.js";
import { checkOutputDirectory } from "../write/output-directory.js";
import { isGeneratedByMcpgen, planWrites, writeFiles, type WriteResult } from "../write/index.js";

export type Stage = "acquire" | "normalize" | "emit" | "format" | "write";

/** What `generate` emits: the typed client package (default), or the shared types alone. */
export type ClientEmit = "client" | "types";

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
}

export async function timed<S extends string, T>(timings: Partial<Record<S, number>>, stage: S, run: () => Promise<T> | T): Promise<T> {
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
  await checkOutputDirectory(options.outDir, options);
  const raw = await timed(timings, "acquire", () => readManifestFile(options.manifest, options.stdin));
  // The input may live in the output directory (a snapshot regenerated in place): never prune it.
  const keep = options.manifest === "-" ? [] : [resolve(options.manifest)];
  return generateFromManifest(raw, options, timings, keep);
}

/** The pipeline from an already acquired manifest (a file, stdin or a live server). */
export async function generateFromManifest(
  raw: RawManifest,
  options: Omit<GenerateOptions, "manifest" | "stdin">,
  timings: Partial<Record<Stage, number>> = {},
  keep: readonly string[] = [],
): Promise<GenerateResult> {
  await checkOutputDirectory(options.outDir, options);
  const rendered = await renderManifest(raw, options, timings);
  const { ir } = rendered;
  if (options.signal?.aborted) throw userError("interrupted", "stopped before writing; nothing was written", { file: raw.source });
  const files = await withoutUsersManifest(rendered.files, options.outDir, keep);
  const writeOptions = { prune: options.prune === false ? false : { keep }, diff: options.diff ?? options.check === true };
  const results = options.check
    ? await timed(timings, "write", () => planWrites(files, options.outDir, writeOptions))
    : await timed(timings, "write", () => writeFiles(files, options.outDir, writeOptions));
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
  options: { outDir: string; format?: boolean | undefined; emit?: ClientEmit | undefined; strict?: boolean | undefined },
  timings: Partial<Record<Stage, number>> = {},
): Promise<{ ir: ManifestIR; files: EmittedFile[] }> {
  return withinStack(raw, async () => {
    const rendered = await renderStages(raw, options, timings);
    failOnWarnings(rendered.ir.diagnostics, options.strict);
    return rendered;
  });
}

/** A stack overflow, whether thrown here or reported by a validator worker. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * Runs `render` (normalize, emit, format: ajv, Prettier and JSON.stringify
 * all recurse), turning a stack overflow anywhere in it into a user error
 * that points at the most deeply nested value of the manifest.
 */
export async function withinStack<T>(raw: RawManifest, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    const deepest = deepestPoint(raw);
    throw userError("schema-invalid", `the manifest is nested too deeply to process (the stack overflowed)${deepest === undefined ? "" : `; the deepest point, ${deepest.depth} levels down, is here`}`, {
      file: raw.source,
      tool: deepest?.tool,
      pointer: deepest?.pointer,
      hint: "flatten it (in a schema, move nested objects into $defs and refer to them with $ref); if only formatting overflows, --no-format gets past it",
    });
  }
}

async function renderStages(
  raw: RawManifest,
  options: { outDir: string; format?: boolean | undefined; emit?: ClientEmit | undefined },
  timings: Partial<Record<Stage, number>>,
): Promise<{ ir: ManifestIR; files: EmittedFile[] }> {
  const ir = await timed(timings, "normalize", async () => {
    const normalized = normalizeManifest(raw);
    normalized.diagnostics.push(...(await checkToolsAgainstSdk(normalized)).diagnostics);
    return normalized;
  });
  const formatOptions = { outDir: options.format === false ? (false as const) : options.outDir };
  if (options.emit === "types") {
    const emitted = await timed(timings, "emit", () => emitTypesPackage(ir));
    return { ir, files: sortFiles(await timed(timings, "format", () => formatFiles(emitted, formatOptions))) };
  }
  const emitted = await timed(timings, "emit", () => emitClientPackage(ir));
  const formatted = await timed(timings, "format", () => formatFiles(emitted.files, formatOptions)).catch((error: unknown) => {
    emitted.validators.cancel();
    throw error;
  });
  // Validators compile while the other files format; then this thread takes the chunks no worker
  // has started, and what is left of that wait counts as emitting.
  const validators = await timed(timings, "emit", async () => {
    await emitted.validators.assist();
    return emitted.validators.file;
  });
  return { ir, files: sortFiles([...formatted, validators]) };
}

/** A value met while looking for the deepest point: its parent chain spells its pointer. */
interface Visit {
  value: unknown;
  parent: Visit | undefined;
  /** The pointer of a root, or the token under its parent. */
  token: string;
  depth: number;
  tool: string | undefined;
}

/**
 * The most deeply nested value of the manifest (its tools, server metadata
 * and capabilities), to point at when it overflows the stack. Iterative, so
 * it cannot overflow itself, and linear: only the deepest value's pointer is
 * spelled out.
 */
export function deepestPoint(raw: RawManifest): { tool: string | undefined; pointer: string; depth: number } | undefined {
  const base = raw.toolsPointer.replace(/\/tools$/, "");
  const stack: Visit[] = [];
  const root = (value: unknown, pointer: string, tool: string | undefined) => stack.push({ value, parent: undefined, token: pointer, depth: 0, tool });
  if (raw.capabilities !== undefined) root(raw.capabilities, `${base}/capabilities`, undefined);
  if (raw.server !== undefined) root(raw.server, `${base}/${raw.serverKey ?? "server"}`, undefined);
  for (let index = raw.tools.length - 1; index >= 0; index--) {
    const tool = raw.tools[index];
    const name = typeof tool === "object" && tool !== null && typeof (tool as { name?: unknown }).name === "string" ? (tool as { name: string }).name : undefined;
    root(tool, `${raw.toolsPointer}/${index}`, name);
  }
  let deepest: Visit | undefined;
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (deepest === undefined || next.depth > deepest.depth) deepest = next;
    if (typeof next.value !== "object" || next.value === null) continue;
    const entries = Object.entries(next.value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!;
      stack.push({ value: child, parent: next, token: pointerToken(key), depth: next.depth + 1, tool: next.tool });
    }
  }
  if (deepest === undefined) return undefined;
  const tokens: string[] = [];
  for (let visit: Visit | undefined = deepest; visit !== undefined; visit = visit.parent) tokens.push(visit.token);
  return { tool: deepest.tool, pointer: tokens.reverse().join("/"), depth: deepest.depth };
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
