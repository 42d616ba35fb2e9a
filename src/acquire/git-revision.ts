/**
 * Stage 1 (acquire) from git: a manifest as it was at a revision
 * (`mcpgen diff --base <rev>`), read with `git show <rev>:./<file>` from the
 * file's own directory, so that any path inside any repository works. git
 * runs without a shell, its messages in English (LC_ALL=C) so that they can
 * be told apart, never asking for credentials.
 */
import { execFile } from "node:child_process";
import { stat } from "node:fs/promises";
import { dirname, posix, relative, resolve, sep } from "node:path";
import { displayPath } from "../shared/display.js";
import { userError } from "../shared/errors.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { parseManifest } from "./manifest-file.js";

/** The most `git show` may print: a manifest larger than this is not read from history. */
const MAX_BYTES = 256 * 1024 * 1024;

interface GitOutput {
  stdout: string;
  stderr: string;
  /** The exit code, or the spawn error's code (`ENOENT`: no git). */
  code: number | string;
}

function git(args: readonly string[], cwd: string): Promise<GitOutput> {
  return new Promise((done) => {
    execFile(
      "git",
      args,
      { cwd, encoding: "utf8", maxBuffer: MAX_BYTES, env: { ...process.env, LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" }, windowsHide: true },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" || typeof error.code === "string" ? error.code : 1;
        done({ stdout, stderr, code });
      },
    );
  });
}

/** git's own words, on one line. */
const said = (output: GitOutput) =>
  output.stderr
    .trim()
    .split("\n")
    .pop()
    ?.replace(/^fatal: /, "") ?? "";

/** A manifest as it was at a revision. */
export interface RevisionManifest {
  /** Undefined when the file did not exist at the revision (a new server). */
  manifest: RawManifest | undefined;
  /**
   * Where it was read from, as git names it: `<rev>:<path from the root of
   * the file's repository>` (`git show` takes it as it is, from anywhere in
   * that repository), whichever directory mcpgen ran in.
   */
  source: string;
  /** The file's path (from the repository's root) at the revision, when git found it renamed since and it was read there. */
  renamedFrom?: string | undefined;
}

/**
 * The revision, checked once for a whole run from `directory` (the
 * configuration's, or the working directory): a revision that is no
 * revision's name, no git, or a revision this repository does not have is
 * wrong for every file, so it stops the run before any file is read. A
 * directory outside any repository says nothing (each file is then read, and
 * fails, on its own: a file may live in another repository).
 */
export async function checkRevision(directory: string, revision: string): Promise<void> {
  checkRevisionName(revision);
  const verified = await verify(directory, revision);
  if (verified.code === 0) return;
  if (verified.code === "ENOENT") throw noGit(undefined);
  if (!(await insideWorkTree(directory))) return;
  throw noRevision(revision, undefined);
}

function checkRevisionName(revision: string): void {
  if (revision === "" || revision.startsWith("-") || /[\s\0]/.test(revision)) {
    throw userError("usage", `--base ${JSON.stringify(revision)} is not a revision`, { hint: "give a branch, a tag or a commit, e.g. --base origin/main" });
  }
}

/** The directory's path from the repository's root (a line, empty at the root), then the commit. */
function verify(directory: string, revision: string): Promise<GitOutput> {
  return git(["rev-parse", "--show-prefix", "--verify", "--quiet", "--end-of-options", `${revision}^{commit}`], directory);
}

async function insideWorkTree(directory: string): Promise<boolean> {
  const inside = await git(["rev-parse", "--is-inside-work-tree"], directory);
  return inside.code === 0 && inside.stdout.trim() === "true";
}

function noGit(file: string | undefined) {
  return userError("base-unreadable", "--base reads the snapshot from git, and git is not installed (or not on PATH)", {
    ...(file === undefined ? {} : { file }),
    hint: "install git, or compare two files: mcpgen diff <old> <new>",
  });
}

function noRevision(revision: string, file: string | undefined) {
  return userError("base-unreadable", `no revision ${JSON.stringify(revision)} in this repository`, {
    ...(file === undefined ? {} : { file }),
    hint: "name a branch, a tag or a commit that exists here (in CI, fetch it first: git fetch origin main)",
  });
}

/**
 * The manifest at `path` (a file) as it was at `revision`. Errors name what
 * is wrong: no git, not a repository, an unknown revision, a file git
 * cannot show. With `followRename`, a file that is not at the revision but
 * that git finds renamed since (from a file that is) is read at its old path,
 * named in `renamedFrom`.
 */
export async function readManifestAtRevision(path: string, revision: string, options: { followRename?: boolean } = {}): Promise<RevisionManifest> {
  const shown = await locate(path, revision);
  if (shown.text !== undefined) return { manifest: parseManifest(shown.text, shown.source), source: shown.source };
  const old = options.followRename === true ? await renamedFrom(shown) : undefined;
  if (old === undefined) return { manifest: undefined, source: shown.source };
  const source = `${revision}:${old.path}`;
  return { manifest: parseManifest(old.text, source), source, renamedFrom: old.path };
}

/** A text file as it was at a revision, and where git finds it there. */
export interface RevisionText {
  /** Undefined when the file did not exist at the revision. */
  text: string | undefined;
  /** `<rev>:<path from the root of the file's repository>`, as in `RevisionManifest`. */
  source: string;
}

/** Where a file was looked for: the commit, a directory git ran in and the file's path from the repository's root. */
interface Located extends RevisionText {
  commit: string;
  directory: string;
  path: string;
  revision: string;
}

/**
 * The text of the file at `path` as it was at `revision`, read from its own
 * directory (or, when that directory is gone from the working tree, from the
 * nearest one that is left: a path from a configuration at the revision may
 * name a directory renamed since). Errors as for `readManifestAtRevision`.
 */
export async function readTextAtRevision(path: string, revision: string): Promise<RevisionText> {
  const { text, source } = await locate(path, revision);
  return { text, source };
}

async function locate(path: string, revision: string): Promise<Located> {
  const file = resolve(path);
  const directory = await existingDirectory(dirname(file));
  checkRevisionName(revision);
  const verified = await verify(directory, revision);
  if (verified.code === "ENOENT") throw noGit(displayPath(path));
  if (verified.code !== 0) {
    if (!(await insideWorkTree(directory))) {
      throw userError("base-unreadable", `--base reads the snapshot from git, and ${displayPath(directory) || "."} is not in a git repository`, {
        file: displayPath(path),
        hint: "run it inside the repository that holds the snapshot, or compare two files: mcpgen diff <old> <new>",
      });
    }
    throw noRevision(revision, displayPath(path));
  }
  const [prefix = "", commit = ""] = verified.stdout.split("\n");
  const relativePath = relative(directory, file).split(sep).join("/");
  const fromRoot = posix.normalize(`${prefix}${relativePath}`);
  const source = `${revision}:${fromRoot}`;
  const shown = await git(["show", `${commit}:./${relativePath}`], directory);
  if (shown.code !== 0) {
    const message = said(shown);
    if (/does not exist in|exists on disk, but not in/.test(message)) return { text: undefined, source, commit, directory, path: fromRoot, revision };
    throw userError("base-unreadable", `git cannot show the file at ${revision}: ${message}`, { file: displayPath(path) });
  }
  return { text: shown.stdout, source, commit, directory, path: fromRoot, revision };
}

/** The directory, or the nearest one above it that exists (git cannot run in one that does not). */
async function existingDirectory(directory: string): Promise<string> {
  for (let current = directory; ;) {
    if ((await stat(current).catch(() => undefined))?.isDirectory()) return current;
    const parent = dirname(current);
    if (parent === current) return current;
    current = parent;
  }
}

/**
 * The path (from the repository's root) and text at the revision of the file
 * git finds renamed to `missing.path` between the revision and the working
 * tree (`git diff -M`: similar content, the new file tracked), if any.
 */
async function renamedFrom(missing: Located): Promise<{ path: string; text: string } | undefined> {
  const renames = await git(["diff", "--name-status", "-z", "-M", "--diff-filter=R", "--no-relative", "--no-color", missing.commit, "--"], missing.directory);
  if (renames.code !== 0) return undefined;
  // Entries of three fields: R<similarity>, the old path, the new path.
  const fields = renames.stdout.split("\0");
  for (let index = 0; index + 2 < fields.length; index += 3) {
    if (fields[index + 2] !== missing.path) continue;
    const old = fields[index + 1]!;
    const shown = await git(["show", `${missing.commit}:${old}`], missing.directory);
    if (shown.code !== 0)
      throw userError("base-unreadable", `git cannot show the file at ${missing.revision}: ${said(shown)}`, { file: `${missing.revision}:${old}` });
    return { path: old, text: shown.stdout };
  }
  return undefined;
}
