import { join } from "node:path";
import { packageRoot } from "../shared/package-root.js";

/** Absolute path of a file under the package's `templates/` (works from `src/` and from `dist/src/`). */
export function templatePath(name: string): string {
  return join(packageRoot(), "templates", name);
}
