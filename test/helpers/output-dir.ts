/** Temporary output directories inside an ESM package (as a user's project would be), and what a run may touch. */
import { lstat, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";

export async function esmProject(prefix: string): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), `mcpgen-${prefix}-`));
  await writeFile(join(directory, "package.json"), '{ "type": "module", "private": true }\n');
  return directory;
}

/**
 * Every entry under `root` outside `out` (relative path → kind, size and
 * modification time): equal before and after a run when the run touched
 * nothing but its output directory.
 */
export async function treeOutside(root: string, out: string): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  const inside = resolve(out);
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (path === inside || path.startsWith(`${inside}${sep}`)) continue;
    const info = await lstat(path);
    state[relative(root, path)] = `${info.isDirectory() ? "dir" : info.isSymbolicLink() ? "link" : "file"} ${info.size} ${info.mtimeMs}`;
  }
  return state;
}
