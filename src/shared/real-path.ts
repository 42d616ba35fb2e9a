/**
 * A path with its symbolic links resolved, as far as it exists: the nearest
 * existing ancestor is resolved and the rest appended. Two paths name the same
 * place exactly when their real paths are equal, even through links or for
 * directories that do not exist yet. Synchronous: called while validating a
 * configuration, which is synchronous.
 */
import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

export function realPathOf(path: string): string {
  const absolute = resolve(path);
  const missing: string[] = [];
  for (let current = absolute; ; current = dirname(current)) {
    try {
      return join(realpathSync.native(current), ...missing.reverse());
    } catch {
      if (dirname(current) === current) return absolute;
      missing.push(basename(current));
    }
  }
}
