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
 * The manifest at `path` (a file) as it was at `revision`. Errors name what
 * is wrong: no git, not a repository, an unknown revision, a file git
 * cannot show.
 */
export async function readManifestAtRevision(path: string, revision: string): Promise<RevisionManifest> {
  const file = resolve(path);
  const directory = dirname(file);
  if (revision === "" || revision.startsWith("-") || /[\s\0]/.test(revision)) {
    throw userError("usage", `--base ${JSON.stringify(revision)} is not a revision`, { hint: "give a branch, a tag or a commit, e.g. --base origin/main" });
  }
  // The directory's path from the repository's root (a line, empty at the root), then the commit.
  const verified = await git(["rev-parse", "--show-prefix", "--verify", "--quiet", "--end-of-options", `${revision}^{commit}`], directory);
  if (verified.code === "ENOENT") {
    throw userError("base-unreadable", "--base reads the snapshot from git, and git is not installed (or not on PATH)", {
      file: displayPath(path),
      hint: "install git, or compare two files: mcpgen diff <old> <new>",
    });
  }
  if (verified.code !== 0) {
    const inside = await git(["rev-parse", "--is-inside-work-tree"], directory);
    if (inside.code !== 0 || inside.stdout.trim() !== "true") {
      throw userError("base-unreadable", `--base reads the snapshot from git, and ${displayPath(directory) || "."} is not in a git repository`, {
        file: displayPath(path),
        hint: "run it inside the repository that holds the snapshot, or compare two files: mcpgen diff <old> <new>",
      });
    }
    throw userError("base-unreadable", `no revision ${JSON.stringify(revision)} in this repository`, {
      file: displayPath(path),
      hint: "name a branch, a tag or a commit that exists here (in CI, fetch it first: git fetch origin main)",
    });
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
