/**
 * `mcpgen scaffold`: a runnable MCP server from a manifest, sharing its types
 * with the client `generate` makes. The stages are generate's, plus one:
 * acquire → normalize → plan → emit → format → write, where `plan` reads
 * `src/handlers/` to decide which file implements each tool.
 *
 * Ownership is the contract. `src/generated/` (and the manifest snapshot) are
 * mcpgen's and rewritten on every run; everything else is the user's: the
 * project files are created with a new project only, never recreated. A
 * handler file is never modified or deleted: a new tool (prompt, resource,
 * resource template) gets a stub, a removed one's handler is reported.
 */
import { existsSync, type Dirent } from "node:fs";
import { lstat, readdir, readFile, stat } from "node:fs/promises";
import { basename, join, relative, resolve, sep } from "node:path";
import { parseManifest, readManifestFile, type InputStream } from "../acquire/manifest-file.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { compareManifests, formatDrift, hasDrift } from "./drift.js";
import { failOnWarnings, McpgenError, printable, userError, type Diagnostic } from "../shared/errors.js";
import { emitScaffold, type ScaffoldContract } from "../emit/scaffold/index.js";
import { packageName } from "../emit/scaffold/package.js";
import { toolsTable } from "../emit/scaffold/readme.js";
import { emptyHandlerPaths, handlerSubjects, type HandlerKind, type HandlerPaths } from "../emit/scaffold/handler-paths.js";
import { GENERATED_DIR, HANDLERS_DIR, MANIFEST_FILE, PACKAGE_FILE, README_FILE, withToolsTable } from "../shared/output-names.js";
import { formatFiles } from "../format/index.js";
import { normalize, timed, withinStack, type Stage } from "../pipeline.js";
import type { EmittedFile, ManifestIR, OutputFile } from "../ir/index.js";
import { checkOutputDirectory } from "../write/output-directory.js";
import { realPathOf } from "../shared/real-path.js";
import { npmFindsMcpgen } from "../shared/npm-path.js";
import { packageRoot } from "../shared/package-root.js";
import { scriptWord, shellWord } from "../shared/display.js";
import { snapshotEdited } from "../emit/snapshot.js";
import { isGeneratedByMcpgen, planWrites, stageCreations, stageWrites, type StagedWrite, type WriteResult } from "../write/index.js";
import { displayPath } from "./config.js";
import { SUBJECT_NOUNS, type ContractDiff } from "./change-classes.js";
import { snapshotChanges } from "./contract-drift.js";

export type ScaffoldStage = Stage | "plan";

export interface ScaffoldOptions {
  /** Path of the manifest, or `-` for stdin. */
  manifest: string;
  /** The project directory (created if needed; an existing scaffold is refreshed). */
  outDir: string;
  /** Compare with what is on disk instead of writing. */
  check?: boolean | undefined;
  /** Run Prettier on the output (default true). */
  format?: boolean | undefined;
  /** Remove files mcpgen generated earlier (top level and `src/generated/`) that it no longer generates (default true). Never a handler. */
  prune?: boolean | undefined;
  /** Count lines added and removed per changed file, with each updated file's diff; default: with `check`. */
  diff?: boolean | undefined;
  /**
   * Override the two refusals: replace the project's `manifest.json` even when
   * it was edited since mcpgen wrote it (the README calls it the file to edit)
   * and the input differs from it; and write into the file-system root or the
   * home directory. Default false.
   */
  force?: boolean | undefined;
  stdin?: InputStream | undefined;
  /** Every warning is an error (`StrictError`), as for `generate`. */
  strict?: boolean | undefined;
}

export type { HandlerKind };

export interface HandlerFile {
  /** What the handler implements. */
  kind: HandlerKind;
  /** Its wire name: the tool's, the prompt's or the resource template's name, the fixed resource's URI. */
  name: string;
  /** The tool's wire name, for a tool's handler (`name`). */
  tool?: string;
  /** Project-relative path, `/`-separated. */
  path: string;
  /** `created`: a new stub (with `check`: would be created); `kept`: the user's existing file, untouched. */
  status: "created" | "kept";
}

export interface OrphanedHandler {
  path: string;
  /** What the file implements, as its `defineHandler` (`definePrompt`, `defineResource`, `defineResourceTemplate`) call says. */
  kind: HandlerKind;
  name: string;
  /** The tool, for a tool's handler (`name`). */
  tool?: string;
  /** `removed`: it is not in the manifest any more; `duplicate`: another file implements the same one and is the one used. */
  reason: "removed" | "duplicate";
  /** With `duplicate`: the file that is used. */
  usedPath?: string;
  /** True when the file is still an unimplemented stub (its handler only throws `not implemented: <name>`). */
  stub?: boolean;
}

export interface ScaffoldResult {
  /** `src/generated/*`, the manifest snapshot and pruned files: what happened (or, with `check`, would happen). */
  generated: WriteResult[];
  /**
   * User-owned files that were absent and were created (with `check`: would be): for a new
   * project, all of them; afterwards, only stubs for tools without a handler.
   */
  created: string[];
  /** User-owned files that exist and were left untouched. */
  kept: string[];
  /** The handler file of every tool, prompt, resource template and resource, in that order, each in manifest order. */
  handlers: HandlerFile[];
  /** Handler files no tool uses: listed, never deleted. */
  orphanedHandlers: OrphanedHandler[];
  /** Warnings about the input (errors are thrown as `McpgenError`). */
  diagnostics: Diagnostic[];
  timings: Partial<Record<ScaffoldStage, number>>;
  /** With `check`: true when nothing would be written. */
  upToDate: boolean;
  ir: ManifestIR;
  /** With `check`, when the snapshot in the project would change: how the manifest's contract changed since it was generated. */
  contract?: ContractDiff | undefined;
}

/** Scaffolds (or refreshes) a server project in `outDir` from a manifest file. */
export async function scaffold(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const timings: Partial<Record<ScaffoldStage, number>> = {};
  await checkOutputDirectory(options.outDir, options);
  const raw = await timed(timings, "acquire", () => readManifestFile(options.manifest, options.stdin)).catch((error: unknown) => {
    throw ownManifestGone(error, options) ?? error;
  });
  const fromOwnManifest = options.manifest !== "-" && realPathOf(options.manifest) === realPathOf(join(options.outDir, MANIFEST_FILE));
  const keep = options.manifest === "-" ? [] : [resolve(options.manifest)];
  return scaffoldFromManifest(raw, { ...options, keepManifest: fromOwnManifest, keep }, timings);
}

/**
 * The error for a project's own `manifest.json` that is gone (what `npm run
 * generate` scaffolds from): the generic hint asks for a tools/list file,
 * where the project's contract is to be restored. Undefined for any other
 * failure to read.
 */
function ownManifestGone(error: unknown, options: ScaffoldOptions): McpgenError | undefined {
  if (!(error instanceof McpgenError) || error.diagnostic.code !== "input-unreadable" || options.manifest === "-") return undefined;
  if (resolve(options.manifest) !== resolve(options.outDir, MANIFEST_FILE) || existsSync(options.manifest)) return undefined;
  return userError("input-unreadable", "cannot read the manifest: no such file, and it is this project's contract", {
    file: error.diagnostic.file,
    hint: `restore it (git checkout ${MANIFEST_FILE}), or scaffold again from the manifest the project started from: mcpgen scaffold <manifest> --out ${displayPath(options.outDir)}`,
  });
}

/**
 * Scaffolding from another file replaces the project's `manifest.json`,
 * which the project's README calls the file to edit. When it was edited
 * since mcpgen wrote it (its fingerprint says so) and the new input would
 * change it, refuse, naming what would change, so that an edit is never
 * undone without a word (unless `force`).
 */
async function refuseToUndoManifestEdits(raw: RawManifest, outDir: string, input: string | undefined): Promise<void> {
  const path = join(outDir, MANIFEST_FILE);
  const info = await lstat(path).catch(() => undefined);
  if (info === undefined || !info.isFile()) return;
  const text = await readFile(path, "utf8");
  if (!isGeneratedByMcpgen(path, text) || snapshotEdited(text) !== true) return;
  let changes: string[];
  try {
    const drift = compareManifests(parseManifest(text, path), raw);
    if (!hasDrift(drift) && drift.notes.length === 0) return;
    changes = [...formatDrift(drift, printable, (name) => printable(JSON.stringify(name))), ...drift.notes.map((note) => `  ${note}`)];
  } catch {
    changes = ["  all of it (the edited file is no longer a manifest mcpgen can read)"];
  }
  const shownPath = displayPath(path);
  throw userError(
    "output-owned-by-user",
    `edited since mcpgen wrote it, and scaffolding from ${raw.source} would undo the edit; it would change:\n${changes.join("\n")}`,
    {
      file: shownPath,
      hint:
        input === undefined
          ? `to keep the edits, run npm run generate in ${displayPath(outDir)} (mcpgen scaffold ${MANIFEST_FILE} --out .); to replace them with ${raw.source}, add --force`
          : `copy the edits into ${input}, or delete ${shownPath} to have it written again from ${input}`,
    },
  );
}

/**
 * The pipeline from an already acquired manifest. `keepManifest` leaves the
 * project's `manifest.json` alone (set when it is the input itself, which the
 * user may have edited into something mcpgen would refuse to overwrite).
 */
export async function scaffoldFromManifest(
  raw: RawManifest,
  options: Omit<ScaffoldOptions, "manifest" | "stdin"> & RenderScaffoldOptions,
  timings: Partial<Record<ScaffoldStage, number>> = {},
): Promise<ScaffoldResult> {
  await checkOutputDirectory(options.outDir, options);
  const result = await writeScaffold(await renderScaffold(raw, options, timings), options, timings);
  // As generate's: a configuration's run classifies its scaffold targets' drift itself (project.ts).
  const contract = options.check ? await snapshotChanges(options.outDir, result.generated, result.ir) : undefined;
  return contract === undefined ? result : { ...result, contract };
}

/** A scaffold rendered in memory: what `writeScaffold` puts on disk. */
export interface RenderedScaffold {
  ir: ManifestIR;
  /** mcpgen's files, formatted: `src/generated/*`, (unless kept) `manifest.json`, and the README when its tools table is outdated. */
  generated: EmittedFile[];
  /** The user's files to create (every absent one for a new project, else missing handler stubs), formatted: created only if still absent when writing. */
  absent: EmittedFile[];
  /** The user's files that exist and stay untouched. */
  kept: string[];
  handlerPaths: HandlerPaths;
  orphanedHandlers: OrphanedHandler[];
  /** Absolute paths pruning must never remove (the project's own manifest when it is the input). */
  keep: string[];
}

export interface RenderScaffoldOptions {
  /** Leave the project's `manifest.json` as it is (it is the input). */
  keepManifest?: boolean | undefined;
  /** Replace the project's `manifest.json` even when it was edited (see `ScaffoldOptions.force`). */
  force?: boolean | undefined;
  /** A configuration's scaffold target: its manifest, where edits belong (named in the refusal's hint). */
  contract?: string | undefined;
  /** A configuration's scaffold target: what a new project's `generate` script runs and its README names as the contract. */
  configured?: ConfiguredScaffold | undefined;
  /** Absolute paths pruning must never remove (the input manifest, wherever it is). */
  keep?: readonly string[] | undefined;
}

/**
 * Everything but the write: normalize, plan the handlers, emit and format.
 * Reads `outDir`, writes nothing. Errors name the input (the generated files
 * name `manifest.json`, what the project regenerates from, as their source),
 * and a manifest too deeply nested to process is one, as with `generate`.
 */
export async function renderScaffold(
  raw: RawManifest,
  options: Pick<ScaffoldOptions, "outDir" | "format" | "strict"> & RenderScaffoldOptions,
  timings: Partial<Record<ScaffoldStage, number>> = {},
): Promise<RenderedScaffold> {
  // Refusals about the project's own files, outside the relabelling below: run in the project
  // (`--out .`), the project's manifest.json is shown as `manifest.json`, which the relabelling
  // would have named as the input.
  if (!options.keepManifest && !options.force) await refuseToUndoManifestEdits(raw, options.outDir, options.contract);
  await refuseForeignProject(options.outDir, options.contract !== undefined);
  try {
    return await withinStack(raw, () => renderScaffoldStages(raw, options, timings));
  } catch (error) {
    if (error instanceof McpgenError && error.diagnostic.file === MANIFEST_FILE && raw.source !== MANIFEST_FILE) {
      const { severity: _severity, ...diagnostic } = error.diagnostic;
      throw new McpgenError({ ...diagnostic, file: raw.source });
    }
    throw error;
  }
}

/**
 * A configuration's scaffold target, as a new project's files name it: its `generate` script runs
 * the target, and its README names the target's manifest as the contract. The scaffold's
 * `manifest.json` is then a copy the next run of the target replaces (and refuses to replace once
 * edited), so a README that said "edit manifest.json" led to an edit the target undoes.
 */
export interface ConfiguredScaffold {
  /** The target's name. */
  target: string;
  /** Absolute path of the configuration file; undefined for a configuration given as an object. */
  configFile: string | undefined;
  /** Absolute path of the target's manifest; undefined for a server target (its contract is the server, snapshot in `manifest.json`). */
  manifest: string | undefined;
  format: boolean;
  strict: boolean;
}

/**
 * What a new project's `npm run generate` runs. Standalone, `mcpgen scaffold manifest.json --out .`;
 * for a configuration's target, `mcpgen generate --config <file> <target>`, or, for a configuration
 * given as an object (no file to name), `mcpgen scaffold <the target's manifest> --out .` with its
 * options. `mcpgen` when npm would find an `mcpgen` command from the project (its own or a parent's
 * `node_modules/.bin`, then `PATH` less what npx or an npm script added to it for this run:
 * `npmFindsMcpgen`); otherwise the mcpgen running now, by its path relative to the project, so the
 * script works without installing mcpgen there first.
 */
export function regenerateCommand(outDir: string, path?: string, configured?: ConfiguredScaffold): string {
  const rest = regenerateArguments(outDir, configured);
  if (npmFindsMcpgen(outDir, path)) return `mcpgen ${rest}`;
  return `node ${scriptWord(projectRelative(outDir, join(packageRoot(), "bin", "mcpgen.js")))} ${rest}`;
}

/** The arguments of `regenerateCommand`, after `mcpgen`. */
function regenerateArguments(outDir: string, configured: ConfiguredScaffold | undefined): string {
  if (configured === undefined) return `scaffold ${MANIFEST_FILE} --out .`;
  if (configured.configFile !== undefined)
    return `generate --config ${scriptWord(projectRelative(outDir, configured.configFile))} ${scriptWord(configured.target)}`;
  const manifest = configured.manifest === undefined ? MANIFEST_FILE : projectRelative(outDir, configured.manifest);
  return `scaffold ${scriptWord(manifest)} --out .${configured.format ? "" : " --no-format"}${configured.strict ? " --strict" : ""}`;
}

/** `path` relative to the project directory, `/`-separated (what a script and a README name). */
function projectRelative(outDir: string, path: string): string {
  return relative(resolve(outDir), path).split(sep).join("/");
}

/** How a configured scaffold's README names its target and contract (relative to the project). */
function configuredContract(outDir: string, configured: ConfiguredScaffold | undefined): ScaffoldContract | undefined {
  if (configured === undefined) return undefined;
  return {
    target: configured.target,
    config: configured.configFile === undefined ? undefined : projectRelative(outDir, configured.configFile),
    manifest: configured.manifest === undefined ? undefined : projectRelative(outDir, configured.manifest),
    script: `mcpgen ${regenerateArguments(outDir, configured)}`,
  };
}

async function renderScaffoldStages(
  raw: RawManifest,
  options: Pick<ScaffoldOptions, "outDir" | "format" | "strict"> & RenderScaffoldOptions,
  timings: Partial<Record<ScaffoldStage, number>>,
): Promise<RenderedScaffold> {
  const ir = await timed(timings, "normalize", () => normalize(raw, { audience: "server" }));
  const onDisk = await timed(timings, "plan", () => scanHandlers(options.outDir));
  const plan = planHandlers(ir, onDisk);
  refuseUnimportableHandlers(plan.paths, onDisk, options.outDir);
  const name = await projectName(options.outDir);
  // The project regenerates from its own manifest.json (`npm run generate`), so the generated
  // headers name that file: a fresh scaffold and its first regeneration are byte-identical.
  const generateCommand = regenerateCommand(options.outDir, undefined, options.configured);
  const contract = configuredContract(options.outDir, options.configured);
  const emitted = await timed(timings, "emit", () =>
    emitScaffold({ ...ir, source: MANIFEST_FILE }, { name, handlerPaths: plan.paths, generateCommand, ...(contract === undefined ? {} : { contract }) }),
  );
  failOnWarnings(ir.diagnostics, options.strict);
  const generated = emitted.generated.filter((file) => !(options.keepManifest && file.path === MANIFEST_FILE));
  // The user's project files (package.json, tsconfig.json, README.md, .gitignore, src/server.ts)
  // are created with a new project only: on a regeneration, one the user deleted stays deleted.
  // Handler stubs are created whenever a tool has no handler.
  const fresh = await isNewProject(options.outDir);
  const absent: OutputFile[] = [];
  const kept: string[] = [];
  for (const file of emitted.owned) {
    if (await exists(join(options.outDir, file.path))) kept.push(file.path);
    else if (fresh || file.path.startsWith(`${HANDLERS_DIR}/`)) absent.push(file);
  }
  // The README is the user's, but its tools table follows the tools (while its markers are there).
  const readme = kept.includes(README_FILE) ? await readmeWithTools(options.outDir, toolsTable(ir, plan.paths)) : undefined;
  if (readme !== undefined) generated.push(readme);
  const formatted = await timed(timings, "format", () => formatFiles([...generated, ...absent], { outDir: options.format === false ? false : options.outDir }));
  return {
    ir,
    generated: formatted.slice(0, generated.length),
    absent: formatted.slice(generated.length),
    kept,
    handlerPaths: plan.paths,
    orphanedHandlers: plan.orphans,
    keep: [...(options.keep ?? []), ...(options.keepManifest ? [resolve(options.outDir, MANIFEST_FILE)] : [])],
  };
}

/**
 * Writes a rendered scaffold (with `check`, plans it): `src/generated/` and
 * the snapshot replaced, stale generated files pruned, absent user files
 * created exclusively, existing ones never touched.
 */
export async function writeScaffold(
  rendered: RenderedScaffold,
  options: Pick<ScaffoldOptions, "outDir" | "check" | "prune" | "diff"> & { mask?: ((text: string) => string) | undefined },
  timings: Partial<Record<ScaffoldStage, number>> = {},
): Promise<ScaffoldResult> {
  if (!options.check) return (await stageScaffold(rendered, options, timings)).commit();
  const writeOptions = { prune: options.prune === false ? false : { keep: rendered.keep }, diff: options.diff ?? true, mask: options.mask };
  const results = await timed(timings, "write", () => planWrites(rendered.generated, options.outDir, writeOptions)).catch((error: unknown) => {
    throw withGeneratedFileHint(error, options.outDir);
  });
  return scaffoldResult(
    rendered,
    results,
    rendered.absent.map((file) => file.path),
    [],
    timings,
  );
}

/**
 * The refusal to replace a file in `src/generated/` that mcpgen did not write (one the user edited
 * past its marker, or put there), with what to do in a scaffold: the writer's own hint asks for
 * another output directory, where a scaffold's `src/generated/` is mcpgen's wherever it is.
 */
function withGeneratedFileHint(error: unknown, outDir: string): unknown {
  if (!(error instanceof McpgenError) || error.diagnostic.code !== "output-owned-by-user" || error.diagnostic.file === undefined) return error;
  if (!resolve(error.diagnostic.file).startsWith(resolve(outDir, GENERATED_DIR) + sep)) return error;
  const { severity: _severity, ...diagnostic } = error.diagnostic;
  return new McpgenError({
    ...diagnostic,
    hint: `${GENERATED_DIR}/ is mcpgen's, rewritten by every run: keep your code in ${HANDLERS_DIR}/ or a file of your own, then delete this file or restore it (git checkout), and run npm run generate again`,
  });
}

/**
 * Stages a rendered scaffold (see `StagedWrite`): \`src/generated/\` and the
 * snapshot to replace, the absent user files to create exclusively.
 */
export async function stageScaffold(
  rendered: RenderedScaffold,
  options: Pick<ScaffoldOptions, "outDir" | "prune" | "diff">,
  timings: Partial<Record<ScaffoldStage, number>> = {},
): Promise<StagedWrite<ScaffoldResult>> {
  const writeOptions = { prune: options.prune === false ? false : { keep: rendered.keep }, diff: options.diff ?? false };
  const generated = await timed(timings, "write", () => stageWrites(rendered.generated, options.outDir, writeOptions)).catch((error: unknown) => {
    throw withGeneratedFileHint(error, options.outDir);
  });
  let creations: StagedWrite<{ created: string[]; existing: string[] }>;
  try {
    creations = await timed(timings, "write", () => stageCreations(rendered.absent, options.outDir));
  } catch (error) {
    await generated.discard();
    throw error;
  }
  return {
    commit: () =>
      timed(timings, "write", async () => {
        let results: WriteResult[];
        try {
          results = await generated.commit();
        } catch (error) {
          await creations.discard();
          throw error;
        }
        const { created, existing } = await creations.commit();
        return scaffoldResult(rendered, results, created, existing, timings);
      }),
    discard: async () => {
      await Promise.all([generated.discard(), creations.discard()]);
    },
  };
}

function scaffoldResult(
  rendered: RenderedScaffold,
  results: WriteResult[],
  created: string[],
  existing: string[],
  timings: Partial<Record<ScaffoldStage, number>>,
): ScaffoldResult {
  const { ir } = rendered;
  const handlers = handlerSubjects(ir).map((subject): HandlerFile => {
    const path = rendered.handlerPaths[subject.kind].get(subject.name)!;
    return { ...implemented(subject), path, status: created.includes(path) ? "created" : "kept" };
  });
  return {
    generated: results,
    created,
    kept: [...rendered.kept, ...existing].sort(),
    handlers,
    orphanedHandlers: rendered.orphanedHandlers,
    diagnostics: ir.diagnostics,
    timings,
    upToDate: results.every((file) => file.status === "unchanged") && created.length === 0,
    ir,
  };
}

/** What a handler file implements: its kind and wire name. */
export interface Implemented {
  kind: HandlerKind;
  name: string;
  /** True when the handler is still mcpgen's unimplemented stub: it only throws `not implemented: <name>`. */
  stub?: boolean;
}

/**
 * What the scan found in a `.ts` file of `src/handlers/`: what its `define*` call implements;
 * `"unreadable"` for a `define*` call whose name mcpgen cannot read (`defineHandler(NAMES.x, ...)`):
 * the user's handler all the same, of something mcpgen cannot tell; undefined for a file with no
 * `define*` call at all (a helper of the user's), which is never a handler.
 */
export type ScannedFile = Implemented | "unreadable" | undefined;

/** `{ kind, name }`, with `tool` too for a tool (as earlier readers of `--json` find it). */
function implemented({ kind, name }: Implemented): Implemented & { tool?: string } {
  return kind === "tool" ? { kind, name, tool: name } : { kind, name };
}

/**
 * What `src/handlers/` holds, its subdirectories included: each `.ts` file (by project-relative
 * path, in sorted order) and what its `defineHandler` (`definePrompt`, ...) call implements
 * (see `ScannedFile`). A handler may be moved into a subdirectory and keeps working;
 * symbolic links to directories, `node_modules` and dot-directories are not entered.
 */
export async function scanHandlers(outDir: string): Promise<Map<string, ScannedFile>> {
  const found = new Map<string, ScannedFile>();
  await scanHandlerDirectory(outDir, HANDLERS_DIR, found, true);
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

async function scanHandlerDirectory(outDir: string, directory: string, found: Map<string, ScannedFile>, top: boolean): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(outDir, directory), { withFileTypes: true });
  } catch (error) {
    if (top && (error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw unreadable(join(outDir, directory), error);
  }
  for (const entry of entries) {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".") && entry.name !== "node_modules" && entry.name !== "__tests__") await scanHandlerDirectory(outDir, path, found, false);
      continue;
    }
    // Tests beside a handler (get-weather.test.ts) may call defineHandler too; the server must never import one.
    if (!entry.name.endsWith(".ts") || /\.(?:d|test|spec)\.ts$/.test(entry.name)) continue;
    const absolute = join(outDir, path);
    const info = await stat(absolute).catch((error: unknown) => {
      // A symbolic link to nothing is no handler.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw unreadable(absolute, error);
    });
    if (info === undefined || !info.isFile()) continue;
    const source = await readFile(absolute, "utf8").catch((error: unknown) => Promise.reject(unreadable(absolute, error)));
    found.set(path, definedHandler(source) ?? (ANY_DEFINE_CALL.test(withoutComments(source)) ? "unreadable" : undefined));
  }
}

const STRING = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60(?:[^\x60\\$]|\\.|\$(?!\{))*\x60`;
const DEFINE_CALL = new RegExp(
  String.raw`\b(defineHandler|definePrompt|defineResourceTemplate|defineResource)\s*(?:<[^>()]*>\s*)?\(\s*(?:(${STRING})|([A-Za-z_$][\w$]*)\s*[,)])`,
);
/** Any `define*` call, whatever its first argument (see `ScannedFile`). */
const ANY_DEFINE_CALL = /\b(?:defineHandler|definePrompt|defineResourceTemplate|defineResource)\s*(?:<[^>()]*>\s*)?\(/;

/** What each `define*` call of define.ts binds a handler to. */
const DEFINED_KINDS: Readonly<Record<string, HandlerKind>> = {
  defineHandler: "tool",
  definePrompt: "prompt",
  defineResource: "resource",
  defineResourceTemplate: "resource-template",
};

/**
 * What a handler file implements: the kind of its first `defineHandler(name, ...)`,
 * `definePrompt(name, ...)`, `defineResource(uri, ...)` or `defineResourceTemplate(name, ...)`
 * call, and its name: a string literal (quotes or a template without substitutions), or a
 * constant declared in the same file as one. Comments are skipped. Undefined when the file has
 * no such call.
 */
export function definedHandler(source: string): Implemented | undefined {
  const code = withoutComments(source);
  const match = DEFINE_CALL.exec(code);
  if (match === null) return undefined;
  const kind = DEFINED_KINDS[match[1]!]!;
  let name: string | undefined;
  if (match[2] !== undefined) name = stringValue(match[2]);
  else {
    const constant = new RegExp(String.raw`\bconst\s+${match[3]!.replace(/\$/g, "\\$")}\s*(?::\s*string\s*)?=\s*(${STRING})`).exec(code);
    name = constant === null ? undefined : stringValue(constant[1]!);
  }
  if (name === undefined) return undefined;
  return isUnimplementedStub(code, match[1]!, name) ? { kind, name, stub: true } : { kind, name };
}

// Each run of blanks has one way to match (`\s*(?:;\s*)?`, never `\s*;?\s*`): two ways made a file that starts
// like a stub and then holds a long blank run (a block of comments, blanked) take minutes to reject.
const UNIMPLEMENTED_STUB = new RegExp(
  String.raw`^\s*import\s*\{\s*(define\w+)\s*(?:,\s*type\s+[\w$]+\s*)*(?:,\s*)?\}\s*from\s*(["'])(?:\.\./)+generated/define\.js\2\s*(?:;\s*)?export\s+default\s+\1\s*\(\s*(${STRING})\s*,\s*async\s*\(\s*(?:_[\w$]*\s*(?:,\s*_[\w$]*\s*)*)?\)\s*(?::\s*Promise\s*<[\w$<>\s]*>\s*)?=>\s*\{\s*throw\s+new\s+Error\s*\(\s*(${STRING})\s*\)\s*(?:;\s*)?\}\s*(?:,\s*)?\)\s*(?:;\s*)?$`,
);

/**
 * Whether `code` (comments blanked) is a stub as mcpgen writes it, however reformatted: it
 * imports its `define*` function (and types), and its handler, whose parameters all start with
 * `_` (its return type declared or not), only throws `not implemented: <name>`. Such a file implements nothing yet, so another file that
 * implements the same name (the user's code of a renamed tool, say) is preferred to it.
 */
function isUnimplementedStub(code: string, define: string, name: string): boolean {
  const match = UNIMPLEMENTED_STUB.exec(code);
  return match !== null && match[1] === define && stringValue(match[3]!) === name && stringValue(match[4]!) === `not implemented: ${name}`;
}

/** The tool a handler file implements (see `definedHandler`); undefined for any other. */
export function definedTool(source: string): string | undefined {
  const found = definedHandler(source);
  return found?.kind === "tool" ? found.name : undefined;
}

/** The value of a string literal (as matched by STRING). */
function stringValue(literal: string): string | undefined {
  const quote = literal[0];
  const body = literal.slice(1, -1);
  // As a JSON string: the literal's own quote unescaped, double quotes and a template's raw line breaks escaped.
  const json =
    quote === '"'
      ? literal
      : `"${body.replace(/\\(.)|"|\n/gs, (whole, escaped: string | undefined) => (escaped === undefined ? (whole === "\n" ? "\\n" : '\\"') : escaped === quote ? escaped : whole))}"`;
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** `source` with its comments blanked (strings and templates kept), so a commented-out call is not taken for the real one. */
function withoutComments(source: string): string {
  let out = "";
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const next = source[index + 1];
    if (char === "/" && next === "/") {
      const end = source.indexOf("\n", index);
      index = end === -1 ? source.length : end;
    } else if (char === "/" && next === "*") {
      const end = source.indexOf("*/", index + 2);
      index = end === -1 ? source.length : end + 2;
      out += " ";
    } else if (char === '"' || char === "'" || char === "\x60") {
      let end = index + 1;
      while (end < source.length && source[end] !== char && !(char !== "\x60" && source[end] === "\n")) end += source[end] === "\\" ? 2 : 1;
      out += source.slice(index, end + 1);
      index = end + 1;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/**
 * Decides the handler file of each tool, prompt, resource template and resource. A file that
 * already implements it wins (so renamed files and changed names keep working); otherwise its own
 * name, `src/handlers/<kebab-case>.ts` (its `fileBase`), unless a file implementing something
 * else, or nothing (a helper of the user's), sits there, in which case the first free `-2`,
 * `-3`... name. A file there whose `define*` call mcpgen cannot read is taken as the user's handler.
 */
export function planHandlers(ir: ManifestIR, onDisk: ReadonlyMap<string, ScannedFile>): { paths: HandlerPaths; orphans: OrphanedHandler[] } {
  const key = (kind: HandlerKind, name: string) => JSON.stringify([kind, name]);
  const implementing = new Map<string, string[]>();
  for (const [path, found] of onDisk) {
    if (typeof found !== "object") continue;
    const which = key(found.kind, found.name);
    implementing.set(which, [...(implementing.get(which) ?? []), path]);
  }
  const paths = emptyHandlerPaths();
  const used = new Set<string>();
  const listed = new Set<string>();
  for (const subject of handlerSubjects(ir)) {
    const which = key(subject.kind, subject.name);
    listed.add(which);
    const own = `${HANDLERS_DIR}/${subject.fileBase}.ts`;
    // The user's code before an unimplemented stub (a renamed tool's old handler, renamed too,
    // beside the stub the rename brought); then the file at its own name.
    const free = (implementing.get(which) ?? []).filter((path) => !used.has(path));
    const implementations = free.filter((path) => (onDisk.get(path) as Implemented).stub !== true);
    const candidates = implementations.length > 0 ? implementations : free;
    let path = candidates.includes(own) ? own : candidates[0];
    if (path === undefined) {
      path = own;
      // Only a file whose define call mcpgen cannot read may be the subject's (implementing nothing else it can tell).
      for (let n = 2; used.has(path) || (onDisk.has(path) && onDisk.get(path) !== "unreadable"); n++) {
        path = `${HANDLERS_DIR}/${subject.fileBase}-${n}.ts`;
      }
    }
    used.add(path);
    paths[subject.kind].set(subject.name, path);
  }
  const orphans: OrphanedHandler[] = [];
  for (const [path, found] of onDisk) {
    if (typeof found !== "object" || used.has(path)) continue;
    const stub = found.stub === true ? { stub: true } : {};
    if (!listed.has(key(found.kind, found.name))) orphans.push({ path, ...implemented(found), reason: "removed", ...stub });
    else orphans.push({ path, ...implemented(found), reason: "duplicate", usedPath: paths[found.kind].get(found.name)!, ...stub });
  }
  return { paths, orphans };
}

/** Characters of a file path that Node reads as URL syntax in an import specifier (a fragment, a query, an escape, a separator). */
const URL_SYNTAX = /[#?%\\]/;

/**
 * Refuses a handler file the server could not import: Node resolves an import
 * specifier as a URL, so `get#weather.js` is the file `get` (TypeScript, which
 * reads it as a path, compiles it), and the percent-encoded form is the one
 * TypeScript cannot find. New handler files are named from identifiers and never
 * have such a name.
 */
function refuseUnimportableHandlers(paths: HandlerPaths, onDisk: ReadonlyMap<string, ScannedFile>, outDir: string): void {
  for (const [kind, byName] of Object.entries(paths) as Array<[HandlerKind, ReadonlyMap<string, string>]>) {
    for (const [name, path] of byName) {
      const character = URL_SYNTAX.exec(path)?.[0];
      if (character === undefined || !onDisk.has(path)) continue;
      throw userError(
        "output-owned-by-user",
        `implements the ${SUBJECT_NOUNS[kind]} ${JSON.stringify(name)}, but the server cannot import it: Node reads ${JSON.stringify(character)} in an import path as URL syntax`,
        {
          file: displayPath(join(outDir, path)),
          hint: "rename it (and its directory) without #, ?, % or \\; a handler is found by its define call, whatever its file is named",
        },
      );
    }
  }
}

/**
 * The project's README with its tools table rewritten, when it is a regular
 * file that has the table's markers and an outdated table; else undefined
 * (a README the user took over, or one already current, is not written).
 */
async function readmeWithTools(outDir: string, table: string): Promise<EmittedFile | undefined> {
  const path = join(outDir, README_FILE);
  const info = await lstat(path).catch(() => undefined);
  if (info === undefined || !info.isFile()) return undefined;
  const current = await readFile(path, "utf8");
  // A README checked out with \r\n line breaks (git's core.autocrlf) keeps them: the table is written as the rest.
  const updated = withToolsTable(current, current.includes("\r\n") ? table.replace(/\r?\n/g, "\r\n") : table);
  return updated === undefined || updated === current ? undefined : { path: README_FILE, contents: updated, format: "none" };
}

/**
 * The project's npm name: its `package.json`'s `name` when it has one, else one made from the
 * directory's name (what a new project's `package.json` gets). The server's `serverInfo.name`
 * falls back to it, so the generated files follow the committed `package.json`, never the name of
 * the directory a clone happens to be in (which would make `--check` fail there).
 */
async function projectName(outDir: string): Promise<string> {
  const text = await readFile(join(outDir, PACKAGE_FILE), "utf8").catch(() => undefined);
  let name: unknown;
  try {
    name = text === undefined ? undefined : (JSON.parse(text) as { name?: unknown } | null)?.name;
  } catch {
    // Not JSON: npm will say so; the directory's name serves meanwhile.
  }
  return typeof name === "string" && name !== "" ? name : packageName(basename(resolve(outDir)));
}

/**
 * Refuses a directory that holds a `package.json` but nothing of a scaffold (no `src/generated/`,
 * `src/handlers/`, `manifest.json` nor a `src/server.ts` that imports `./generated/server.js`,
 * as a scaffold's does; an app's own `src/server.ts` is no sign of one): another project, such as the client app
 * the command was run from. Taken for a scaffold, it would get `src/generated/` and handlers but
 * no entry point and no SDK dependency (a scaffold never rewrites a `package.json`), and it would
 * not run. `configured`: a configuration's target (its hint names the target's `out`, not `--out`).
 */
async function refuseForeignProject(outDir: string, configured: boolean): Promise<void> {
  if (!(await exists(join(outDir, PACKAGE_FILE)))) return;
  for (const mark of [GENERATED_DIR, HANDLERS_DIR, MANIFEST_FILE]) if (await exists(join(outDir, mark))) return;
  // An app's own src/server.ts (a common name) is no scaffold's: a scaffold's imports its generated server.
  const entry = await readFile(join(outDir, SERVER_ENTRY), "utf8").catch(() => "");
  if (entry.includes(SERVER_ENTRY_IMPORT)) return;
  const marks = `${GENERATED_DIR}/, ${HANDLERS_DIR}/, ${MANIFEST_FILE} nor a ${SERVER_ENTRY} that imports ${SERVER_ENTRY_IMPORT}`;
  throw userError(
    "output-owned-by-user",
    `holds another project's ${PACKAGE_FILE}, not a scaffold (no ${marks}); a scaffold never edits a ${PACKAGE_FILE} it did not write, so it would not run there`,
    {
      file: displayPath(outDir),
      // A configuration's target is moved by its `out`, a command line's by `--out`.
      hint: `a scaffold is a project of its own, with its own ${PACKAGE_FILE}: give ${configured ? "the target's out in the configuration" : "--out"} a new or empty directory (${shellWord(join(displayPath(outDir), "mcp-server"))}, say)`,
    },
  );
}

/** The scaffold's entry point, the user's once created. */
const SERVER_ENTRY = "src/server.ts";
/** What a scaffold's entry point imports, however the user changed it. */
const SERVER_ENTRY_IMPORT = "./generated/server.js";

/**
 * True when `outDir` holds no scaffold yet: neither a `package.json` nor
 * `src/generated/`. Anything else is a regeneration, which never recreates
 * the user's project files.
 */
export async function isNewProject(outDir: string): Promise<boolean> {
  return !(await exists(join(outDir, PACKAGE_FILE))) && !(await exists(join(outDir, GENERATED_DIR)));
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw unreadable(path, error);
  }
}

/** A file-system error while reading the project (a file where a directory should be, a path too long) is the user's to fix. */
function unreadable(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code !== "string") return error;
  return userError(
    "output-unwritable",
    `cannot read the project: ${code} (${(error as Error).message.replace(/^[A-Z]+: /, "").replace(/, \w+ '[^']*'$/, "")})`,
    {
      file: path,
      hint:
        code === "ENOTDIR"
          ? "the project directory and src/handlers must be directories"
          : code === "ENAMETOOLONG"
            ? "choose a shorter --out"
            : "check the permissions of the project directory",
    },
  );
}
