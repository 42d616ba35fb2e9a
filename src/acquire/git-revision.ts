/**
 * Stage 1 (acquire) from git: a manifest as it was at a revision
 * (`mcpgen diff --base <rev>`), read with `git show <rev>:./<file>` from the
 * file's own directory, so that any path inside any repository works. git
 * runs without a shell, its messages in English (LC_ALL=C) so that they can
 * be told apart, never asking for credentials.
 */
import { execFile } from "node:child_process";
import { basename, dirname, resolve } from "node:path";
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
 * cannot show.
 */
export async function readManifestAtRevision(path: string, revision: string): Promise<RevisionManifest> {
  const file = resolve(path);
  const directory = dirname(file);
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
  const source = `${revision}:${prefix}${basename(file)}`;
  const shown = await git(["show", `${commit}:./${basename(file)}`], directory);
  if (shown.code !== 0) {
    const message = said(shown);
    if (/does not exist in|exists on disk, but not in/.test(message)) return { manifest: undefined, source };
    throw userError("base-unreadable", `git cannot show the file at ${revision}: ${message}`, { file: displayPath(path) });
  }
  return { manifest: parseManifest(shown.stdout, source), source };
}
