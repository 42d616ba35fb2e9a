/**
 * What may be an output directory, and making one. mcpgen writes and prunes
 * generated files at the top of `--out`: the file-system root or the home
 * directory is almost always a slip (an unset variable, a stray `~`), so it
 * is refused unless forced. A `--out` that cannot become a directory (a
 * symbolic link to nothing, a place where the file system refuses new
 * directories, such as `/proc`) is a clear error before anything is written.
 */
import { lstat, mkdir, readlink, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, resolve } from "node:path";
import { userError } from "../shared/errors.js";
import { realPathOf } from "../shared/real-path.js";

export interface OutputDirectoryOptions {
  /** Accept the file-system root and the home directory. */
  force?: boolean | undefined;
}

const code = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * Throws a user error when `outDir` must not or cannot be an output
 * directory. Reads only: a missing directory is fine (it is made when
 * writing), and so is one that exists.
 */
export async function checkOutputDirectory(outDir: string, options: OutputDirectoryOptions = {}): Promise<void> {
  const absolute = resolve(outDir);
  if (!options.force) {
    const real = realPathOf(absolute);
    const home = homeDirectory();
    const what = dirname(real) === real ? "the root directory" : home !== undefined && real === home ? "your home directory" : undefined;
    if (what !== undefined) {
      throw userError(
        "output-owned-by-user",
        `refusing to write into ${what} (${real}): mcpgen writes its files at the top of the output directory and removes the ones it generated earlier there`,
        {
          file: outDir,
          hint: "give a directory of its own (e.g. --out src/mcp/<name>), or pass --force if you really mean it",
        },
      );
    }
  }
  const link = await lstat(absolute).catch((error: unknown) => {
    if (code(error) === "ENOENT" || code(error) === "ENOTDIR") return undefined;
    throw error;
  });
  if (link === undefined) return;
  const info = await stat(absolute).catch((error: unknown) => {
    if (code(error) === "ENOENT" || code(error) === "ELOOP") return undefined;
    throw error;
  });
  if (info === undefined) {
    const target = await readlink(absolute).catch(() => "?");
    throw userError("output-unwritable", `the output directory is a symbolic link to ${target}, which does not exist`, {
      file: outDir,
      hint: "create the directory it points to, or give --out a real directory",
    });
  }
  if (!info.isDirectory()) {
    throw userError("output-unwritable", "cannot write the output: ENOTDIR (it is a file, not a directory)", {
      file: outDir,
      hint: "the output must be a directory (or a path where one can be created), and no directory may stand where a generated file goes",
    });
  }
}

function homeDirectory(): string | undefined {
  try {
    const home = homedir();
    return home === "" ? undefined : realPathOf(home);
  } catch {
    return undefined;
  }
}

/**
 * `mkdir -p` that returns the first directory it made (undefined when all
 * existed). Node's own recursive `mkdir` loops forever where a parent exists
 * but refuses children (`/proc/self/x`); this makes each missing level once
 * and lets the file system's answer (ENOENT there) stand. A symbolic link to
 * nothing on the way is reported as such.
 */
export async function makeDirectories(path: string): Promise<string | undefined> {
  const missing: string[] = [];
  for (let current = resolve(path); ; current = dirname(current)) {
    const info = await stat(current).catch((error: unknown) => {
      if (code(error) === "ENOENT") return undefined;
      throw error;
    });
    if (info !== undefined) {
      if (!info.isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${path}'`), { code: "ENOTDIR", path: current });
      break;
    }
    const link = await lstat(current).catch(() => undefined);
    if (link?.isSymbolicLink()) {
      const target = await readlink(current).catch(() => "?");
      throw userError("output-unwritable", `cannot create a directory at ${current}: it is a symbolic link to ${target}, which does not exist`, {
        file: current,
        hint: "create the directory it points to, or write elsewhere",
      });
    }
    missing.unshift(current);
    if (dirname(current) === current) break;
  }
  for (const directory of missing) {
    await mkdir(directory).catch(async (error: unknown) => {
      // Made meanwhile by someone else (a concurrent run): as good as made here.
      if (code(error) === "EEXIST" && (await stat(directory).catch(() => undefined))?.isDirectory()) return;
      throw error;
    });
  }
  return missing[0];
}
