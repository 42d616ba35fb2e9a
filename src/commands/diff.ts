/**
 * `mcpgen diff`: which changes of a server's contract break whom. Acquire
 * both sides (a manifest or snapshot, the snapshot at a git revision, or a
 * live server read exactly as `pull` reads it), normalise each, and classify
 * the changes (src/diff). `--fail-on` (a target's `failOn`) says which
 * classes fail the run.
 */
import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { checkRevision, readManifestAtRevision, readTextAtRevision } from "../acquire/git-revision.js";
import { readManifestFile } from "../acquire/manifest-file.js";
import type { TransportName } from "../acquire/server-spec.js";
import type { OAuthOptions } from "../acquire/oauth/settings.js";
import { classifyChanges, failsOn, legacyWrappedOutputs, maskDiff, uncomparedLists, type ContractDiff, type FailOn } from "../diff/index.js";
import type { ListMethod, ManifestIR } from "../ir/index.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { normalizeManifest } from "../normalize/index.js";
import { withinStack } from "../pipeline.js";
import { closest } from "../shared/closest.js";
import { displayPath, shellWord } from "../shared/display.js";
import { maskDiagnostic, McpgenError, userError, type Diagnostic } from "../shared/errors.js";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { isHttpUrl, isUrl } from "../shared/url.js";
import { CONFIG_FILE, configOption, findConfigFile, loadConfig, type LoadOptions, type ProjectConfig } from "./config.js";
import { targetInText, type Target } from "./config.js";
import { selectTargets, targetInput } from "./project.js";
import type { PullEvent } from "./pull.js";
import { clientCapabilitiesNote } from "./drift.js";

export {
  CHANGE_CLASSES,
  CLASS_ORDER,
  DIFF_RULES,
  FAIL_ON,
  SUBJECT_NOUNS,
  diffDocument,
  diffMarkdown,
  failingClasses,
  type ChangeClass,
  type ContractChange,
  type ContractDiff,
  type DiffDocument,
  type DiffRule,
  type FailOn,
} from "../diff/index.js";

/** What `mcpgen diff` fails on when neither `--fail-on` nor a target's `failOn` says. */
export const DEFAULT_FAIL_ON: FailOn = "breaking";

/**
 * The classified changes from `old` to `next`: manifests as read (normalised
 * here) or already normalised. Both are compared in their normalised form.
 */
export function diffManifests(old: RawManifest | ManifestIR, next: RawManifest | ManifestIR): ContractDiff {
  return classifyChanges(normalized(old), normalized(next));
}

function normalized(manifest: RawManifest | ManifestIR): ManifestIR {
  return "patternModes" in manifest ? manifest : normalizeManifest(manifest);
}

/** How `mcpgen diff` reaches a live server: `pull`'s options, but for the output directory. */
export interface DiffServerOptions {
  transport?: TransportName | undefined;
  headers?: readonly string[] | undefined;
  env?: readonly string[] | undefined;
  timeoutMs?: number | undefined;
  maxTimeMs?: number | undefined;
  maxResponseBytes?: number | undefined;
  oauth?: OAuthOptions | false | undefined;
  /** The client capabilities to declare to the server (`--capability`), as `pull` takes them. */
  capabilities?: readonly string[] | undefined;
  home?: string | undefined;
  environment?: Readonly<Record<string, string | undefined>> | undefined;
  platform?: string | undefined;
  onProgress?: ((event: PullEvent) => void) | undefined;
  signal?: AbortSignal | undefined;
}

export interface DiffOptions extends DiffServerOptions, Pick<LoadOptions, "config"> {
  /**
   * Without `base`: the old side (a manifest, or a directory holding a
   * snapshot), then the new side: a manifest or directory, an http(s) URL,
   * or a server named in an MCP configuration file. With `base`: manifests
   * or directories to compare with themselves at that revision, or names of
   * the configuration's targets (none: every target).
   */
  operands?: readonly string[] | undefined;
  /** A stdio server's command and arguments: the new side. */
  command?: readonly string[] | undefined;
  /** A git revision: each manifest as it was there is the old side, as it is now the new. */
  base?: string | undefined;
  /** Which changes fail the run; a configuration's targets may set their own (`failOn`), which this overrides. Default `breaking`. */
  failOn?: FailOn | undefined;
  /** Where paths, git and the configuration are looked up from (default: the current directory). */
  cwd?: string | undefined;
}

/** One comparison of a diff run: two manifests, or a target of the configuration at two revisions. */
export interface DiffComparison {
  /** The configuration target compared, when the run went over a configuration. */
  target?: string | undefined;
  diff: ContractDiff;
  failOn: FailOn;
  /** Whether a change of a class `failOn` fails on is among `diff.changes`. */
  failed: boolean;
  /** Warnings about either manifest (normalisation, a secret a server echoed back). */
  diagnostics: Diagnostic[];
  /** What to know about a side: the manifest did not exist at the base revision (every tool is new). */
  notes: string[];
}

/**
 * A comparison that could not be made (`--base`): a target (or an operand)
 * whose manifest cannot be read now or at the revision. It costs that
 * comparison only: the others are made and reported beside it.
 */
export interface DiffError {
  /** The configuration target that could not be compared (absent for an operand that is a path). */
  target?: string | undefined;
  /** The operand as given, when the run named what to compare (absent for a configuration's targets compared without operands). */
  operand?: string | undefined;
  /** What is wrong: the file, the message, what to do. */
  diagnostic: Diagnostic;
}

export interface DiffResult {
  /** The comparisons made, in the order asked (a configuration's: its targets' order), those in `errors` left out. */
  comparisons: DiffComparison[];
  /** Comparisons that could not be made (`--base`: a manifest that cannot be read now or at the revision); empty when every one was. */
  errors: DiffError[];
  /** Whether any comparison failed on its `failOn`, or any could not be made (`errors`): what the exit code says. */
  failed: boolean;
}

export async function diff(options: DiffOptions): Promise<DiffResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const operands = options.operands ?? [];
  const command = options.command ?? [];
  const comparisons: DiffComparison[] = [];
  const errors: DiffError[] = [];
  if (options.base !== undefined) {
    const base = options.base;
    if (command.length > 0) throw userError("usage", "--base compares files with themselves at a revision; a server after -- does not go with it");
    refuseServerOptions(options, "--base compares files with themselves at a revision");
    // Each comparison stands alone: one that cannot be made is reported, and the others are made.
    const each = async (compared: () => Promise<DiffComparison>, names: Omit<DiffError, "diagnostic">): Promise<void> => {
      try {
        comparisons.push(await compared());
      } catch (error) {
        // A usage error is the run's; anything but a user's error is a bug.
        if (!(error instanceof McpgenError) || error.diagnostic.code === "usage") throw error;
        errors.push({ ...names, diagnostic: error.diagnostic });
      }
    };
    if (operands.length === 0) {
      const config = await loadConfig({ config: options.config ?? (await baseConfigFile(cwd)), cwd });
      const targets = selectTargets(config, undefined);
      if (targets.length === 0) throw userError("usage", `${displayPath(config.file ?? "the configuration")} has no targets: there is nothing to compare`);
      await checkRevision(config.root, base);
      for (const target of targets) {
        await each(() => atRevision(targetInput(target), base, options.failOn ?? target.failOn, { target, config }), { target: target.name });
      }
    } else {
      // Every operand is resolved first: one that is neither a path nor a target's name is the run's error, as an unknown target is for generate.
      let config: Promise<ProjectConfig | undefined> | undefined;
      const resolved: Array<{ operand: string; target?: Target; config?: ProjectConfig }> = [];
      for (const operand of operands) {
        // A path on disk, or else the name of a configured target.
        if (await exists(resolve(cwd, operand))) {
          resolved.push({ operand });
          continue;
        }
        config ??= configIfAny(options.config, cwd);
        const loaded = await config;
        const target = loaded?.targets.find((candidate) => candidate.name === operand);
        if (loaded === undefined || target === undefined) {
          if (isHttpUrl(operand)) {
            // Not echoed: a URL may carry a token.
            throw userError("usage", "--base compares manifests with themselves at a revision, and a server's URL is not one", {
              hint: "pull the server first (mcpgen pull <url> --out <dir>), commit its manifest.json, then mcpgen diff --base <rev> <dir>",
            });
          }
          // Target names are compared exactly: one in another case, or with a typo, is said, not taken.
          const near =
            loaded === undefined
              ? undefined
              : closest(
                  operand,
                  loaded.targets.map((candidate) => candidate.name),
                );
          if (near !== undefined) {
            throw userError("input-unreadable", "no such file or directory, and no target of that name", {
              file: operand,
              hint: `did you mean the target ${JSON.stringify(near)} of ${displayPath(loaded?.file ?? CONFIG_FILE)}?`,
            });
          }
          await manifestPath(resolve(cwd, operand), operand);
        } else resolved.push({ operand, target, config: loaded });
      }
      await checkRevision(cwd, base);
      for (const { operand, target, config: loaded } of resolved) {
        if (target === undefined || loaded === undefined) {
          await each(async () => atRevision(await manifestPath(resolve(cwd, operand), operand), base, options.failOn), { operand });
        } else {
          await each(() => atRevision(targetInput(target), base, options.failOn ?? target.failOn, { target, config: loaded }), {
            target: target.name,
            operand,
          });
        }
      }
    }
  } else {
    const [oldOperand, newOperand, ...extra] = operands;
    if (oldOperand === undefined) throw userError("usage", "nothing to compare", { hint: DIFF_USAGE });
    if (command.length > 0 ? newOperand !== undefined : newOperand === undefined || extra.length > 0) {
      throw userError("usage", "mcpgen diff compares two things: an old manifest, and a new manifest or server", { hint: DIFF_USAGE });
    }
    if (isHttpUrl(oldOperand) && !(await exists(resolve(cwd, oldOperand)))) {
      // Not echoed: a URL may carry a token.
      throw userError("usage", "the old side is a manifest or a snapshot directory, not a server: only the new side may be a live server", {
        hint: "pull the old server first (mcpgen pull <url> --out <dir>), then mcpgen diff <dir> <new>",
      });
    }
    const old = await readSide(cwd, oldOperand);
    const live = command.length > 0 || !(await exists(resolve(cwd, newOperand!)));
    if (!live) refuseServerOptions(options, "both sides are files here");
    const next: Side = live ? await liveSide(cwd, newOperand, command, options) : await readSide(cwd, newOperand!);
    const declared = clientCapabilitiesNote(old.raw, next.raw, ["on the old side", "on the new"]);
    comparisons.push(await compare(old.raw, next.raw, options.failOn, undefined, declared === undefined ? [] : [declared], next.diagnostics, next.mask));
  }
  return { comparisons, errors, failed: errors.length > 0 || comparisons.some((comparison) => comparison.failed) };
}

/**
 * A setting of the live server's connection where no side is a live server: a usage error naming it, where it was
 * dropped without a word (a user who meant a server as the new side would otherwise read a files' diff as the server's).
 */
function refuseServerOptions(options: DiffServerOptions, why: string): void {
  const given = [
    ...(options.headers !== undefined && options.headers.length > 0 ? ["--header"] : []),
    ...(options.env !== undefined && options.env.length > 0 ? ["--env"] : []),
    ...(options.capabilities !== undefined && options.capabilities.length > 0 ? ["--capability"] : []),
    ...(options.transport !== undefined ? ["--transport"] : []),
  ];
  if (given.length === 0) return;
  throw userError("usage", `${given.join(", ")} ${given.length === 1 ? "goes" : "go"} with a live server as the new side, and ${why}`, {
    hint: "mcpgen diff <old> <url>, or mcpgen diff <old> -- <command> (a server as new), or leave the option out",
  });
}

const DIFF_USAGE = "mcpgen diff <old> <new> (manifests, snapshot directories, or a server as new), or mcpgen diff --base <rev> [manifest...]";

/** Both sides normalised and compared; a side nested too deeply for the stack is a user error that points at its deepest value. */
async function compare(
  old: RawManifest,
  next: RawManifest,
  failOn: FailOn | undefined,
  target: string | undefined,
  notes: string[],
  acquired: Diagnostic[] = [],
  mask?: (text: string) => string,
): Promise<DiffComparison> {
  const oldIR = await withinStack(old, async () => normalizeManifest(old));
  const newIR = await withinStack(next, async () => normalizeManifest(next));
  const classified = await withinStack(next, async () => classifyChanges(oldIR, newIR, mask));
  const changes = mask === undefined ? classified : maskDiff(classified, mask);
  const effective = failOn ?? DEFAULT_FAIL_ON;
  const unlisted = uncomparedLists(oldIR, newIR).flatMap(({ method, silent }) => {
    const [noun, count] = LIST_NOUNS[method];
    if (count(oldIR) + count(newIR) === 0) return [];
    const text = `the ${noun} are not compared: ${silent.map((side) => side.source).join(" and ")} does not list them (a tools/list result, or a server whose ${method} failed)`;
    return [mask === undefined ? text : mask(text)];
  });
  const wrap = legacyWrappedOutputs(oldIR, newIR);
  const wrapNote =
    wrap === undefined
      ? []
      : [
          `${wrap.tools.length === 1 ? "1 tool's outputSchema" : `${wrap.tools.length} tools' outputSchemas`} (${listedNames(wrap.tools)}) ${wrap.tools.length === 1 ? "is" : "are"} the 2025 form of a value that is not an object, { result: … }, on the ${wrap.wrapped} side (as SDK v2 servers list them to 2025 clients), and the value itself on the other: the outputs need not have changed, but the generated structuredContent type ${wrap.wrapped === "old" ? "loses" : "gains"} its .result, and code that reads it changes with it${wrap.wrapped === "old" ? " (a client generated from the old side fails on these results once it speaks 2026-07-28: pull it again)" : ""}`,
        ];
  return {
    ...(target === undefined ? {} : { target }),
    diff: changes,
    failOn: effective,
    failed: failsOn(changes.counts, effective),
    diagnostics: [
      ...acquired,
      ...oldIR.diagnostics,
      ...newIR.diagnostics.map((diagnostic) => (mask === undefined ? diagnostic : maskDiagnostic(diagnostic, mask))),
    ],
    notes: [...notes, ...unlisted, ...wrapNote.map((text) => (mask === undefined ? text : mask(text)))],
  };
}

/** Up to three names, quoted, and how many more (each printer makes notes printable, as it does every server text). */
function listedNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).map((name) => JSON.stringify(name));
  return names.length > 3 ? `${shown.join(", ")} and ${names.length - 3} more` : shown.join(", ");
}

/** How a note names each list beside the tools, and how many entries a side has. */
const LIST_NOUNS: Record<ListMethod, [string, (manifest: ManifestIR) => number]> = {
  "prompts/list": ["prompts", (manifest) => manifest.prompts.length],
  "resources/list": ["resources", (manifest) => manifest.resources.length],
  "resources/templates/list": ["resource templates", (manifest) => manifest.resourceTemplates.length],
};

/**
 * The configuration `--base` without operands compares the targets of, found
 * upward from `cwd`; none is an error in `diff`'s words (what `--base` needs),
 * not the loader's (which suggests `--out`, an option `diff` does not take).
 */
async function baseConfigFile(cwd: string): Promise<string> {
  const file = await findConfigFile(cwd);
  if (file !== undefined) return file;
  throw userError(
    "usage",
    `--base without operands compares the targets of ${CONFIG_FILE}, and there is none in ${displayPath(cwd)} or any directory above it`,
    {
      hint: "name the manifests (or snapshot directories) to compare: mcpgen diff --base <rev> <manifest>..., or pass --config <file> whose targets have manifests",
    },
  );
}

/** The configuration, or undefined where there is none to find; one that cannot be read or is invalid is an error, as for any command. */
async function configIfAny(config: LoadOptions["config"], cwd: string): Promise<ProjectConfig | undefined> {
  if (config === undefined && (await findConfigFile(cwd)) === undefined) return undefined;
  return loadConfig({ config, cwd });
}

/** A manifest file, or a directory's snapshot (`manifest.json`). */
async function manifestPath(path: string, operand: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw userError("input-unreadable", "no such file or directory", { file: operand, hint: DIFF_USAGE });
  if (!info.isDirectory()) return path;
  const snapshot = join(path, MANIFEST_FILE);
  if (!(await exists(snapshot))) {
    throw userError("input-unreadable", `a directory stands for its snapshot, and it holds no ${MANIFEST_FILE}`, {
      file: operand,
      hint: `give a manifest file, or the directory mcpgen pull or generate wrote its ${MANIFEST_FILE} into`,
    });
  }
  return snapshot;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}

/** One side of a comparison as acquired: a server's also with its warnings and the masking of its secrets. */
interface Side {
  raw: RawManifest;
  diagnostics?: Diagnostic[] | undefined;
  mask?: ((text: string) => string) | undefined;
}

async function readSide(cwd: string, operand: string): Promise<Side> {
  const path = await manifestPath(resolve(cwd, operand), operand);
  return { raw: await readManifestFile(path, undefined, displayPath(path)) };
}

/**
 * The manifest at `path` before (at `revision`) and now. A target's is looked
 * for where the configuration at the revision put it (a manifest moved since,
 * its target's path changed with it), then at its path of today; a file not
 * there that git finds renamed since is read at its old path, and a note says
 * so; a manifest new since then is compared with an empty one.
 */
async function atRevision(path: string, revision: string, failOn: FailOn | undefined, of?: { target: Target; config: ProjectConfig }): Promise<DiffComparison> {
  const target = of?.target;
  const next = await readManifestFile(path, undefined, displayPath(path)).catch((error: unknown) => {
    throw of === undefined ? error : targetUnreadable(error, of.target, path, revision, configOption(of.config));
  });
  const then = of === undefined ? undefined : await targetInputAt(of.target, of.config, revision);
  if (then !== undefined && then !== path) {
    const { manifest: old } = await readManifestAtRevision(then, revision);
    if (old !== undefined) return await compare(old, next, failOn, target?.name, []);
  }
  const { manifest: old, source, renamedFrom } = await readManifestAtRevision(path, revision, { followRename: true });
  if (old !== undefined) {
    const renamed =
      renamedFrom === undefined
        ? []
        : [`${displayPath(path)} is not in ${revision}: git finds it renamed since from ${renamedFrom}, which it is compared with`];
    return await compare(old, next, failOn, target?.name, renamed);
  }
  // Nothing then: no tools, and empty lists beside them (every prompt, resource and template is new too).
  const empty: RawManifest = { source, toolsPointer: "/tools", tools: [], prompts: [], resources: [], resourceTemplates: [] };
  return await compare(empty, next, failOn, target?.name, [`${displayPath(path)} is not in ${revision}: every tool is new`]);
}

/**
 * The target's manifest (or snapshot) as the configuration file at the
 * revision names it, relative to where that file was: undefined when the file,
 * or a valid target of that name in it, was not there (or cannot be read
 * from git: the target's own path then says what is wrong).
 */
async function targetInputAt(target: Target, config: ProjectConfig, revision: string): Promise<string | undefined> {
  if (config.file === undefined) return undefined;
  const { text } = await readTextAtRevision(config.file, revision).catch((error: unknown) => {
    if (error instanceof McpgenError && error.diagnostic.code === "base-unreadable") return { text: undefined };
    throw error;
  });
  const then = text === undefined ? undefined : targetInText(text, target.name, dirname(config.file));
  return then === undefined ? undefined : targetInput(then);
}

/**
 * A target whose manifest cannot be read now, in `diff`'s words (the error
 * is reported with the target's name, so the message does not repeat it): a server
 * target not pulled yet has no snapshot to compare (the reader's own hint
 * would suggest stdin, which `--base` does not read).
 */
function targetUnreadable(error: unknown, target: Target, path: string, revision: string, rerun: string): unknown {
  if (!(error instanceof McpgenError && error.diagnostic.code === "input-unreadable")) return error;
  const file = displayPath(path);
  if (target.source.kind === "server") {
    return userError("input-unreadable", `no snapshot yet: --base compares the ${MANIFEST_FILE} that mcpgen pull writes with itself at ${revision}`, {
      file,
      hint: `run mcpgen pull${rerun} ${shellWord(target.name)}, or name the targets to compare: mcpgen diff --base ${shellWord(revision)}${rerun} <target>...`,
    });
  }
  return userError("input-unreadable", error.diagnostic.message, {
    file,
    hint: `check the "manifest" of target ${JSON.stringify(target.name)} (at ${target.pointer}/manifest in the configuration)`,
  });
}

/**
 * The new side from a live server, acquired as `pull` acquires it (every
 * transport, the login, the same limits and the same masking of secrets):
 * the one place `mcpgen diff` reaches a server.
 */
async function liveSide(
  cwd: string,
  target: string | undefined,
  command: readonly string[],
  options: DiffServerOptions,
): Promise<{ raw: RawManifest; diagnostics: Diagnostic[]; mask: (text: string) => string }> {
  if (target !== undefined && (/[\\/]/.test(target) || /\.json$/i.test(target)) && !isUrl(target)) {
    throw userError("input-unreadable", "no such file or directory", { file: target, hint: DIFF_USAGE });
  }
  const { pullSnapshot } = await import("./pull.js");
  try {
    // Nothing is written: the output directory only names the snapshot, which stays in memory.
    const pulled = await pullSnapshot({ ...options, target, command, outDir: cwd, cwd, check: false, force: true });
    return { raw: { ...pulled.manifest, source: pulled.server.label }, diagnostics: pulled.diagnostics, mask: pulled.mask };
  } catch (error) {
    if (target !== undefined && error instanceof McpgenError && error.diagnostic.code === "input-unreadable" && error.message.includes("no MCP server named")) {
      throw userError("input-unreadable", `${JSON.stringify(target)} is neither a file nor a server: ${error.diagnostic.message}`, { hint: DIFF_USAGE });
    }
    throw error;
  }
}
