/** mcpgen's own package.json (in the repository and in an installed package), read once, and its version. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";

export interface OwnPackage {
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

let parsed: OwnPackage | undefined;

export function ownPackage(): OwnPackage {
  parsed ??= JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as OwnPackage;
  return parsed;
}

export function mcpgenVersion(): string {
  return ownPackage().version;
}
