/**
 * The pipeline, stage by stage (ARCHITECTURE.md):
 *
 *   acquire ──► normalize ──► IR ──► emit ──► format ──► write
 *
 * `renderManifest` runs the three in the middle: what every command does
 * between acquiring a manifest (a file, stdin, a live server) and writing
 * files. Each stage is a folder of its own; this file only runs them in
 * order, times them, and turns a stack overflow into an error that points
 * at the manifest.
 */
import type { EmittedFile, ManifestIR, OutputFile } from "./ir/index.js";
import type { RawManifest } from "./ir/raw-manifest.js";
import { emitClientPackage, emitTypesPackage, sortFiles } from "./emit/index.js";
import type { ImportExtension } from "./emit/specifier.js";
import { formatFiles } from "./format/index.js";
import { normalizeManifest, type NormalizeOptions } from "./normalize/index.js";
import { checkToolsAgainstSdk } from "./normalize/sdk-tool-schema.js";
import { checkSurfaceAgainstSdk } from "./normalize/sdk-surface-schema.js";
import { failOnWarnings, isStackOverflow, pointerToken, userError, type McpgenError } from "./shared/errors.js";

export type { ImportExtension };

export type Stage = "acquire" | "normalize" | "emit" | "format" | "write";

/** What `generate` emits: the typed client package (default), or the shared types alone. */
export type ClientEmit = "client" | "types";

export interface RenderOptions {
  /** The output directory: the Prettier configuration that applies there decides the layout. */
  outDir: string;
  /** `false`: the printer's layout alone, no Prettier (default true). */
  format?: boolean | undefined;
  emit?: ClientEmit | undefined;
  /** The extension of the relative imports between generated files: `js` (default) or `ts` (Node's type stripping, Deno, Bun). */
  importExtension?: ImportExtension | undefined;
  /** Every warning is an error (`StrictError`). */
  strict?: boolean | undefined;
}

/** Everything but the write: the IR and the formatted files, in memory. */
export async function renderManifest(
  raw: RawManifest,
  options: RenderOptions,
  timings: Partial<Record<Stage, number>> = {},
): Promise<{ ir: ManifestIR; files: EmittedFile[] }> {
  return withinStack(raw, async () => {
    const ir = await timed(timings, "normalize", () => normalize(raw));
    const emitted = await timed(timings, "emit", () => emit(ir, options.emit, options.importExtension));
    const files = await format(emitted, options, timings);
    failOnWarnings(ir.diagnostics, options.strict);
    return { ir, files };
  });
}

/**
 * Runs `render` (normalize, emit, format: the emitters, Prettier and JSON.stringify
 * all recurse), turning a stack overflow anywhere in it into a user error
 * that points at the most deeply nested value of the manifest.
 */
export async function withinStack<T>(raw: RawManifest, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    throw isStackOverflow(error) ? tooDeep(raw) : error;
  }
}

/** `withinStack` for synchronous work (the in-process mock client, `mcpgen/mock`, is made in one call). */
export function withinStackSync<T>(raw: RawManifest, render: () => T): T {
  try {
    return render();
  } catch (error) {
    throw isStackOverflow(error) ? tooDeep(raw) : error;
  }
}

/** The user error for a manifest that overflowed the stack, at its deepest point. */
function tooDeep(raw: RawManifest): McpgenError {
  const deepest = deepestPoint(raw);
  return userError(
    "schema-invalid",
    `the manifest is nested too deeply to process (the stack overflowed)${deepest === undefined ? "" : `; the deepest point, ${deepest.depth} levels down, is here`}`,
    {
      file: raw.source,
      tool: deepest?.tool,
      pointer: deepest?.pointer,
      hint: "flatten it (in a schema, move nested objects into $defs and refer to them with $ref); if only formatting overflows, --no-format gets past it",
    },
  );
}

/**
 * normalize: one IR, with every warning about the tools (the SDK's view of each tool, prompt, resource and resource template included);
 * `options.audience`: a server's (scaffold, mock) or, by default, a client's.
 */
export async function normalize(raw: RawManifest, options: NormalizeOptions = {}): Promise<ManifestIR> {
  const ir = normalizeManifest(raw, options);
  const sdk = await checkToolsAgainstSdk(ir);
  ir.diagnostics.push(...sdk.diagnostics);
  for (const tool of ir.tools) tool.acceptedBySdk = sdk.accepted.get(tool.wireName);
  ir.diagnostics.push(...(await checkSurfaceAgainstSdk(ir)));
  return ir;
}

/** emit: the types alone, or the client package, its relative imports ending in `.js` (default) or `.ts`. */
export function emit(ir: ManifestIR, what: ClientEmit = "client", imports: ImportExtension = "js"): OutputFile[] {
  return what === "types" ? emitTypesPackage(ir) : emitClientPackage(ir, imports);
}

/** format: each file laid out once. */
async function format(emitted: OutputFile[], options: RenderOptions, timings: Partial<Record<Stage, number>>): Promise<EmittedFile[]> {
  const formatOptions = { outDir: options.format === false ? (false as const) : options.outDir };
  return sortFiles(await timed(timings, "format", () => formatFiles(emitted, formatOptions)));
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
 * The most deeply nested value of the manifest (its tools, prompts, resources,
 * resource templates, server metadata and capabilities), to point at when it
 * overflows the stack. Iterative, so
 * it cannot overflow itself, and linear: only the deepest value's pointer is
 * spelled out.
 */
export function deepestPoint(raw: RawManifest): { tool: string | undefined; pointer: string; depth: number } | undefined {
  const base = raw.toolsPointer.replace(/\/tools$/, "");
  const stack: Visit[] = [];
  const root = (value: unknown, pointer: string, tool: string | undefined) => stack.push({ value, parent: undefined, token: pointer, depth: 0, tool });
  if (raw.capabilities !== undefined) root(raw.capabilities, `${base}/capabilities`, undefined);
  if (raw.server !== undefined) root(raw.server, `${base}/${raw.serverKey ?? "server"}`, undefined);
  // The other lists are kept whole for the snapshot, whose JSON.stringify recurses through them.
  for (const list of ["resourceTemplates", "resources", "prompts"] as const) {
    const entries = raw[list] ?? [];
    for (let index = entries.length - 1; index >= 0; index--) root(entries[index], `${base}/${list}/${index}`, undefined);
  }
  for (let index = raw.tools.length - 1; index >= 0; index--) {
    const tool = raw.tools[index];
    const name =
      typeof tool === "object" && tool !== null && typeof (tool as { name?: unknown }).name === "string" ? (tool as { name: string }).name : undefined;
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

export async function timed<S extends string, T>(timings: Partial<Record<S, number>>, stage: S, run: () => Promise<T> | T): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    timings[stage] = (timings[stage] ?? 0) + performance.now() - start;
  }
}
