/**
 * A path that starts with `~`, as a shell leaves it: a shell expands `~` only at the start of a
 * word, never after `--out=` nor in quotes, and mcpgen expands it nowhere. Taken as it is, it names
 * a directory called `~` in the current directory (one a careless `rm -rf ~` confuses with home),
 * so every path option and configuration path refuses it.
 */
import { homedir } from "node:os";
import { join } from "node:path";

const UNEXPANDED_HOME = /^~(?:$|[\\/])/;

/** Whether `path` starts with an unexpanded `~` (`~`, `~/src`). */
export function startsWithUnexpandedHome(path: string): boolean {
  return UNEXPANDED_HOME.test(path);
}

/** What `path` (starting with `~`) would have named with its `~` expanded: the path to suggest in its place. */
export function expandedHome(path: string): string {
  return join(homedir(), path.slice(1));
}
