/**
 * Stage 4 (format): Prettier, once per output file, with the user's Prettier
 * configuration as found for each file's own path (so `overrides` apply).
 */
import { join } from "node:path";
import type { EmittedFile } from "./ir.js";

export interface FormatOptions {
  /** Directory the files will be written to; the Prettier config is looked up from there. `false` disables formatting. */
  outDir: string | false;
}

export async function formatFiles(files: readonly EmittedFile[], options: FormatOptions): Promise<EmittedFile[]> {
  const outDir = options.outDir;
  if (outDir === false) return [...files];
  const prettier = await import("prettier");
  // Prettier caches what it found (or did not find) for each directory. A long-lived process
  // (watch, the library API) must see a configuration the user added or edited since: each run
  // looks again, once per directory.
  await prettier.clearConfigCache();
  return Promise.all(
    files.map(async (file) => {
      if (file.format === "none") return file;
      // Resolved per file, at the path it will be written to, so that `overrides` apply
      // (Prettier caches the search, so this costs one lookup per directory).
      const filepath = join(outDir, file.path);
      const config = (await prettier.resolveConfig(filepath, { editorconfig: true })) ?? {};
      // babel-ts prints the same TypeScript as the typescript parser here, about twice as fast.
      // A pragma would push mcpgen's header off the first line, where it marks the file as mcpgen's.
      const parser = file.format === "json" ? "json" : "babel-ts";
      // The file path tells Prettier the file is .ts, not .tsx: `<T,>(...)` loses the comma as \`prettier --check\` expects.
      const contents = await prettier.format(file.contents, { ...config, filepath, parser, endOfLine: "lf", insertPragma: false, requirePragma: false });
      return { ...file, contents };
    }),
  );
}
