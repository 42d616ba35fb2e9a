import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

let templatesDirectory: string | undefined;

/** Absolute path of a file under the package's `templates/` (works from `src/` and from `dist/src/`). */
export function templatePath(name: string): string {
  if (templatesDirectory === undefined) {
    let directory = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(directory, "templates", "client-runtime.ts"))) {
      const parent = dirname(directory);
      if (parent === directory) throw new Error("internal: mcpgen's templates/ directory is missing");
      directory = parent;
    }
    templatesDirectory = join(directory, "templates");
  }
  return join(templatesDirectory, name);
}
