/**
 * Generated TypeScript imported as Node imports JavaScript: each `.ts` file under a directory gets its JavaScript
 * beside it (esbuild strips the types, as a bundler would), which vitest leaves to Node (vitest.config.ts
 * externalises the `.js` files of the run's temporary directory). Through vitest's own module transform, importing
 * the thousands of modules the corpus and the JSON Schema Test Suite generate took much of those tests' time.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { transform } from "esbuild";

/** Writes each `.ts` file's JavaScript beside it, everywhere under `directory`. */
export async function transpileDirectory(directory: string): Promise<void> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const sources = entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts"));
  await Promise.all(
    sources.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      const { code } = await transform(await readFile(path, "utf8"), { loader: "ts", format: "esm", target: "es2022", sourcefile: path });
      await writeFile(path.replace(/\.ts$/, ".js"), code);
    }),
  );
}

/** The URL to import the JavaScript of `path` (a `.ts` file under `directory`, after `transpileDirectory`). */
export const nativeImportUrl = (directory: string, path: string): string => pathToFileURL(join(directory, path.replace(/\.ts$/, ".js"))).href;
