/**
 * The order of the test files that need the run's shared scaffold install (helpers/scaffold-project.ts sharedInstall):
 * the first of them to start makes it, and the others wait for it.
 */
import { readFileSync } from "node:fs";

/** A test file that scaffolds with the run's shared install of mcpgen (helpers/scaffold-project.ts). */
export function needsSharedInstall(path: string): boolean {
  return /\b(scaffoldProject|sharedInstall)\(/.test(readFileSync(path, "utf8"));
}

/**
 * `files` with at most one of the first two needing the shared install: the first to need it makes it (npm pack and two
 * npm installs, when mcpgen's sources changed since it was last made: tens of seconds on a busy machine), and a second
 * started beside it would wait for it, its worker idle. It goes after the next file that does not need the install.
 */
export function staggerSharedInstall<T>(files: T[], needsInstall: (file: T) => boolean): T[] {
  if (files.length < 3 || !needsInstall(files[0]!) || !needsInstall(files[1]!)) return files;
  const other = files.findIndex((file, index) => index > 1 && !needsInstall(file));
  if (other === -1) return files;
  const reordered = [...files];
  const [moved] = reordered.splice(other, 1);
  reordered.splice(1, 0, moved!);
  return reordered;
}
