/**
 * Where `npm run` looks for a script's commands: `node_modules/.bin` of the
 * package's directory and of every directory above it, then `PATH`
 * (`@npmcli/run-script`). A scaffold's `generate` script is `mcpgen ...`.
 */
import { existsSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";

/** True when `npm run` in `directory` would find an `mcpgen` command. */
export function npmFindsMcpgen(directory: string, path: string = process.env["PATH"] ?? ""): boolean {
  const names = process.platform === "win32" ? ["mcpgen.cmd", "mcpgen.exe", "mcpgen"] : ["mcpgen"];
  const found = (bin: string) => names.some((name) => existsSync(join(bin, name)));
  for (let current = resolve(directory); ; current = dirname(current)) {
    if (found(join(current, "node_modules", ".bin"))) return true;
    if (dirname(current) === current) break;
  }
  return path.split(delimiter).some((entry) => entry !== "" && found(entry));
}
