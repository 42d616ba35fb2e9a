/** mcpgen's own version, as its package.json says (in the repository and in an installed package). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";

let version: string | undefined;

export function mcpgenVersion(): string {
  version ??= (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
  return version;
}
