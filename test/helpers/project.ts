/**
 * The multi-target fixture project (`test/fixtures/project/`) copied into a
 * temporary directory, the CLI run in-process from inside it, and snapshots
 * of a directory tree (contents and mtimes) to compare runs with.
 */
import { cp, mkdtemp, readdir, readFile, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { run } from "../../src/cli/index.js";
import type { Io } from "../../src/cli/io.js";
import { repoRoot } from "./typecheck.js";

export const fixtureProject = join(repoRoot, "test", "fixtures", "project");

/**
 * A fresh copy of the fixture project. Its `mcpgen.config.json` has four targets:
 * `weather` (client), `notes-types` (types only), `notes` (a server scaffold in
 * `server/`) and `github` (a server target with a committed snapshot).
 */
export async function fixtureCopy(prefix = "project"): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `mcpgen-${prefix}-`));
  await cp(fixtureProject, root, { recursive: true });
  return root;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI, in this process, with `cwd` as the working directory. */
export async function cliIn(cwd: string, args: string[], io: Partial<Io> = {}): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const code = await run(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), ...io });
    return { code, stdout, stderr };
  } finally {
    process.chdir(previous);
  }
}

export interface FileState {
  contents: string;
  mtimeMs: number;
}

/** Every file under `root` (relative, `/`-separated path → contents and mtime). */
export async function treeState(root: string): Promise<Map<string, FileState>> {
  const state = new Map<string, FileState>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    state.set(relative(root, path).split("\\").join("/"), { contents: await readFile(path, "utf8"), mtimeMs: (await stat(path)).mtimeMs });
  }
  return new Map([...state].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A fixed time in the past: files set to it show any later write, however fast the test runs. */
export const PAST = new Date("2020-01-02T03:04:05Z");

/** Sets every file under `root` to `PAST`, so that a rewrite, even of the same bytes, shows in its mtime. */
export async function agePast(root: string): Promise<void> {
  for (const path of (await treeState(root)).keys()) await utimes(join(root, path), PAST, PAST);
}

/** Paths whose contents or mtime differ between two states, or that exist in one only. */
export function changedPaths(
  before: Map<string, FileState>,
  after: Map<string, FileState>,
): { written: string[]; contentChanged: string[]; added: string[]; removed: string[] } {
  const written: string[] = [];
  const contentChanged: string[] = [];
  for (const [path, now] of after) {
    const then = before.get(path);
    if (then === undefined) continue;
    if (then.mtimeMs !== now.mtimeMs) written.push(path);
    if (then.contents !== now.contents) contentChanged.push(path);
  }
  return {
    written,
    contentChanged,
    added: [...after.keys()].filter((path) => !before.has(path)),
    removed: [...before.keys()].filter((path) => !after.has(path)),
  };
}
