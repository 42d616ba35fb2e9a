/**
 * mcpgen's own package directory: where its `package.json` and `templates/`
 * are, found from this module's place in the repository (`src/shared/`) or in
 * an installed package (`dist/src/shared/`).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The nearest directory above this module holding both `package.json` and `templates/` (`dist/` has only the latter). */
export function packageRoot(): string {
  if (root === undefined) {
    let directory = dirname(fileURLToPath(import.meta.url));
    while (!(existsSync(join(directory, "package.json")) && existsSync(join(directory, "templates")))) {
      const parent = dirname(directory);
      if (parent === directory) throw new Error("internal: mcpgen's package directory (package.json and templates/) is missing");
      directory = parent;
    }
    root = directory;
  }
  return root;
}
