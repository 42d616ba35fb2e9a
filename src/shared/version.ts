/** mcpgen's own version, as its package.json says (in the repository and in an installed package). */
import { readFileSync } from "node:fs";
import { templatePath } from "../emit/templates.js";

let version: string | undefined;

export function mcpgenVersion(): string {
  version ??= (JSON.parse(readFileSync(templatePath("../package.json"), "utf8")) as { version: string }).version;
  return version;
}
