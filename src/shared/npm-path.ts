/**
 * Where `npm run` looks for a script's commands: `node_modules/.bin` of the
 * package's directory and of every directory above it, then `PATH`
 * (`@npmcli/run-script`). A scaffold's `generate` script is `mcpgen ...`.
 */
import { existsSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";

/**
 * True when `npm run` in `directory`, run later from the user's shell, would
 * find an `mcpgen` command: in `node_modules/.bin` there or above, or in a
 * `PATH` entry of the user's own. `path` is the `PATH` mcpgen runs with, which
 * `npx` and npm scripts lengthen for the run with the calling project's
 * `node_modules/.bin` folders (and npx's cache's, and `node-gyp-bin`): those
 * are not counted, nor is a relative entry (which depends on the directory).
 */
export function npmFindsMcpgen(directory: string, path: string = process.env["PATH"] ?? ""): boolean {
  const names = process.platform === "win32" ? ["mcpgen.cmd", "mcpgen.exe", "mcpgen"] : ["mcpgen"];
  const found = (bin: string) => names.some((name) => existsSync(join(bin, name)));
  for (let current = resolve(directory); ; current = dirname(current)) {
    if (found(join(current, "node_modules", ".bin"))) return true;
    if (dirname(current) === current) break;
  }
  return path.split(delimiter).some((entry) => isAbsolute(entry) && !addedByNpm(entry) && found(entry));
}

/** A `PATH` entry npm adds for the command or script it runs (`@npmcli/run-script`'s `setPATH`, `libnpmexec`). */
function addedByNpm(entry: string): boolean {
  const [parent, last] = entry
    .split(/[\\/]+/)
    .filter((part) => part !== "")
    .slice(-2);
  return (parent === "node_modules" && last === ".bin") || last === "node-gyp-bin";
}
