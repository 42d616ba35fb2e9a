/**
 * `mcpgen generate --watch`: generate every target, then regenerate a target
 * whenever its manifest (a server target: its snapshot) or its entry in the
 * configuration changes. Changes are debounced; each one regenerates only
 * the targets whose input or definition really differs (an editor's save
 * that rewrites the same bytes, or mcpgen's own writes, regenerate nothing).
 * An invalid manifest or configuration is reported and the watch goes on:
 * the last valid configuration stays in force until the file is fixed.
 *
 * A target that failed writing its output (a user's file in the way, no
 * permission) is retried when the directory where it failed changes, so
 * moving the file away is enough; the same failure is not reported twice.
 *
 * Directories are watched, not files: editors save by renaming a new file
 * over the old one, which a watch on the old file would never see. A
 * directory that does not exist yet is watched through its nearest existing
 * ancestor.
 */
import { createHash } from "node:crypto";
import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { McpgenError, userError, type Diagnostic } from "../shared/errors.js";
import {
  CONFIG_FILE,
  ConfigError,
  displayPath,
  findConfigFile,
  loadConfig,
  validateConfig,
  type ConfigDocument,
  type ProjectConfig,
  type Target,
} from "./config.js";
import { runProject, selectTargets, targetInput, type ProjectOptions, type TargetResult } from "./project.js";

/** Why a target was generated: the start, its input, its configuration entry, or a change where writing its output had failed. */
export type WatchReason = "start" | "input" | "config" | "output";

export type WatchEvent =
  /** A target was generated; `result.files` says what changed. */
  | { kind: "generated"; target: string; reason: WatchReason; result: TargetResult }
  /** A target, or the configuration (no `target`), could not be generated or read; the watch goes on. */
  | { kind: "error"; target?: string | undefined; reason: WatchReason; diagnostic: Diagnostic }
  /** Watching: the configuration file (undefined for one given as an object) and the inputs. */
  | { kind: "watching"; configFile: string | undefined; inputs: string[] };

export interface WatchOptions extends Omit<ProjectOptions, "check"> {
  /** Stops the watch; `watchProject` resolves once it has stopped. */
  signal?: AbortSignal | undefined;
  /** Quiet time after the last change before regenerating (default 100 ms). */
  debounceMs?: number | undefined;
  onEvent: (event: WatchEvent) => void;
}

/**
 * Watches until `signal` aborts. Throws only when there is no configuration to watch at all (none found, or
 * `config` names no file), or it names no such target.
 */
export async function watchProject(options: WatchOptions): Promise<void> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const given = options.config !== undefined && typeof options.config !== "string" ? options.config : undefined;
  const configFile = given !== undefined ? undefined : typeof options.config === "string" ? resolve(cwd, options.config) : await findConfigFile(cwd);
  if (given === undefined && configFile === undefined) {
    throw userError("usage", `no ${CONFIG_FILE} in ${displayPath(cwd)} or any directory above it`, {
      hint: "run mcpgen init to write one, or pass --config <file>",
    });
  }
  const watcher = new ProjectWatcher(options, configFile, given, cwd);
  await watcher.run();
}

const fingerprint = (text: string) => createHash("sha256").update(text).digest("hex");

/** What a target is, wherever it sits in the list (its pointer shifts when another target is inserted above it). */
const definitionOf = ({ pointer: _pointer, ...definition }: Target) => fingerprint(JSON.stringify(definition));

/** Failures that a change in the output's directory can end (the input is fine). */
const OUTPUT_FAILURES: ReadonlySet<string> = new Set(["output-owned-by-user", "output-unwritable"]);

/** A target whose last run could not write its output. */
interface Blocked {
  /** Where it failed: the directory watched for the change that unblocks it. */
  directory: string;
  /** That directory's entries at the failure (a failed attempt that leaves no trace changes nothing). */
  state: string;
  /** The failure as reported (its file and message), so a retry that fails the same way is not reported again. */
  failure: string;
}

class ProjectWatcher {
  private config: ProjectConfig | undefined;
  private configText: string | undefined;
  /** Per target: hashes of its definition and of its input's bytes at its last generation. */
  private readonly seen = new Map<string, { definition: string; input: string }>();
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly blocked = new Map<string, Blocked>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pending = false;
  private stopped = false;
  /** Ends the watch with an error: a bug, not a bad input (those are reported as events). */
  private crash: (error: unknown) => void = () => undefined;

  constructor(
    private readonly options: WatchOptions,
    private readonly configFile: string | undefined,
    private readonly given: ConfigDocument | undefined,
    private readonly cwd: string,
  ) {}

  async run(): Promise<void> {
    const signal = this.options.signal;
    if (signal?.aborted) return;
    const stopped = new Promise<void>((resolveStop, rejectStop) => {
      this.crash = rejectStop;
      signal?.addEventListener("abort", () => resolveStop(), { once: true });
    });
    try {
      try {
        await this.check("start");
      } catch (error) {
        // Stopped while the first generation ran (Ctrl-C right after starting): a stop like any other, not a failure;
        // the write stage finished or undid what was under way.
        if (signal?.aborted === true && error instanceof McpgenError && error.diagnostic.code === "interrupted") return;
        throw error;
      }
      this.sync();
      this.options.onEvent({ kind: "watching", configFile: this.configFile, inputs: this.inputs() });
      await stopped;
    } finally {
      this.stopped = true;
      if (this.timer !== undefined) clearTimeout(this.timer);
      for (const watcher of this.watchers.values()) watcher.close();
      this.watchers.clear();
      await this.running?.catch(() => undefined);
    }
  }

  /** The input files of the targets being watched. */
  private inputs(): string[] {
    if (this.config === undefined) return [];
    return [...new Set(this.watchedTargets(this.config).map(targetInput))];
  }

  /** The targets named on the command line (all when none is) that `config` has. */
  private watchedTargets(config: ProjectConfig): Target[] {
    const names = this.options.targets;
    return names === undefined || names.length === 0 ? config.targets : config.targets.filter((target) => names.includes(target.name));
  }

  /** Watches the directory of the configuration and of every input (or their nearest existing ancestors). */
  private sync(): void {
    if (this.stopped) return;
    const wanted = new Set<string>();
    for (const file of [...(this.configFile === undefined ? [] : [this.configFile]), ...this.inputs()]) wanted.add(existingAncestor(dirname(file)));
    for (const { directory } of this.blocked.values()) wanted.add(existingAncestor(directory));
    for (const [directory, watcher] of this.watchers) {
      if (!wanted.has(directory)) {
        watcher.close();
        this.watchers.delete(directory);
      }
    }
    for (const directory of wanted) {
      if (this.watchers.has(directory)) continue;
      try {
        const watcher = watch(directory, { persistent: true }, () => this.schedule());
        // A watched directory that goes away: watch its ancestor from the next check on.
        watcher.on("error", () => {
          watcher.close();
          this.watchers.delete(directory);
          this.schedule();
        });
        this.watchers.set(directory, watcher);
      } catch {
        // Gone meanwhile: the next change elsewhere re-syncs.
      }
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running !== undefined) {
        this.pending = true;
        return;
      }
      this.running = this.check("input")
        .catch((error: unknown) => this.crash(error))
        .finally(() => {
          this.running = undefined;
          this.sync();
          if (this.pending && !this.stopped) {
            this.pending = false;
            this.schedule();
          }
        });
    }, this.options.debounceMs ?? 100);
  }

  /** Reports an error; a configuration error may hold several problems. */
  private report(reason: WatchReason, error: unknown, target?: string): void {
    if (!(error instanceof McpgenError)) throw error;
    const diagnostics = error instanceof ConfigError ? error.diagnostics : [error.diagnostic];
    for (const diagnostic of diagnostics) this.options.onEvent({ kind: "error", reason, diagnostic, ...(target === undefined ? {} : { target }) });
  }

  /** Reloads the configuration if it changed, then regenerates every target whose definition or input changed. */
  private async check(reason: WatchReason): Promise<void> {
    let configChanged = false;
    if (this.configFile !== undefined) {
      const text = await readFile(this.configFile, "utf8").catch(() => undefined);
      if (text !== this.configText || this.config === undefined) {
        configChanged = text !== this.configText;
        this.configText = text;
        try {
          this.config = await loadConfig({ config: this.configFile, cwd: this.cwd });
        } catch (error) {
          // A --config that names no file is a usage mistake at the start, as without watching (and as no configuration found is).
          if (reason === "start" && error instanceof McpgenError && error.diagnostic.code === "usage") throw error;
          // The last valid configuration stays in force.
          this.report(reason === "start" ? "start" : "config", error);
        }
      }
    } else if (this.config === undefined) {
      try {
        this.config = validateConfig(this.given, { file: undefined, root: this.cwd });
      } catch (error) {
        this.report("start", error);
      }
    }
    if (this.config === undefined) return;
    const config = this.config;
    let targets: Target[];
    try {
      targets = selectTargets(config, this.options.targets);
    } catch (error) {
      // Naming a target the configuration does not have is a usage mistake at the start (as without --watch);
      // later, it is an edit of the configuration, reported once, while the targets it still has are watched.
      if (reason === "start") throw error;
      if (configChanged) this.report("config", error);
      targets = this.watchedTargets(config);
    }
    // A target that left the configuration is forgotten: should it come back, it is new again.
    const present = new Set(targets.map((target) => target.name));
    for (const name of [...this.seen.keys()]) if (!present.has(name)) this.seen.delete(name);
    for (const name of [...this.blocked.keys()]) if (!present.has(name)) this.blocked.delete(name);
    // Every input is read once, before anything regenerates: targets sharing a manifest see the same bytes.
    const texts = new Map<string, string>();
    for (const input of new Set(targets.map(targetInput))) {
      texts.set(input, await readFile(input, "utf8").catch((error: NodeJS.ErrnoException) => `\0unreadable: ${error.code ?? error.message}`));
    }
    const due: Array<{ target: Target; why: WatchReason }> = [];
    for (const target of targets) {
      const now = { definition: definitionOf(target), input: fingerprint(texts.get(targetInput(target))!) };
      const before = this.seen.get(target.name);
      if (before !== undefined && before.definition === now.definition && before.input === now.input) continue;
      this.seen.set(target.name, now);
      due.push({ target, why: reason === "start" ? "start" : before === undefined || before.definition !== now.definition ? "config" : "input" });
    }
    for (const target of targets) {
      const blocked = this.blocked.get(target.name);
      if (blocked === undefined || due.some((entry) => entry.target === target)) continue;
      if (directoryState(blocked.directory) !== blocked.state) due.push({ target, why: "output" });
    }
    for (const { target, why } of due) {
      if (this.stopped) return;
      const result = await runProject(config, { ...this.options, check: false, targets: [target.name] });
      const before = this.blocked.get(target.name);
      this.blocked.delete(target.name);
      for (const error of result.errors) {
        const { diagnostic } = error;
        if (OUTPUT_FAILURES.has(diagnostic.code) && diagnostic.file !== undefined) {
          const directory = isDirectory(diagnostic.file) ? diagnostic.file : dirname(diagnostic.file);
          const failure = `${diagnostic.file}: ${diagnostic.message}`;
          this.blocked.set(target.name, { directory, state: directoryState(directory), failure });
          if (why === "output" && before?.failure === failure) continue;
        }
        this.options.onEvent({ kind: "error", target: error.target, reason: why, diagnostic });
      }
      for (const generated of result.targets) {
        // A server target's snapshot is rewritten by the run itself (normalised): that write is not an edit to answer.
        if (target.source.kind === "server") {
          const input = await readFile(targetInput(target), "utf8").catch(() => undefined);
          const seen = this.seen.get(target.name);
          if (input !== undefined && seen !== undefined) this.seen.set(target.name, { ...seen, input: fingerprint(input) });
        }
        this.options.onEvent({ kind: "generated", target: generated.name, reason: why, result: generated });
      }
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * A directory's entries (name, kind, mode, size, modification time) and its
 * own mode, as one string; "absent" when it cannot be read. Synchronous on
 * purpose, like `existingAncestor`: one directory, read between checks.
 */
function directoryState(directory: string): string {
  try {
    const entries = readdirSync(directory)
      .sort()
      .map((name) => {
        try {
          const stat = statSync(join(directory, name));
          return `${name}\0${stat.mode}\0${stat.size}\0${stat.mtimeMs}`;
        } catch {
          return `${name}\0gone`;
        }
      });
    return `${statSync(directory).mode}\n${entries.join("\n")}`;
  } catch {
    return "absent";
  }
}

/** `directory`, or its nearest ancestor that exists. */
function existingAncestor(directory: string): string {
  let current = directory;
  for (;;) {
    try {
      // Synchronous on purpose: called while (re)building the watch set, between checks.
      if (statSync(current).isDirectory()) return current;
    } catch {
      // Not there (yet).
    }
    const parent = dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}
