/**
 * Stage 4 (format): Prettier, once per output file, with the user's Prettier
 * configuration as found from the output directory.
 */
import { join } from "node:path";
import type { EmittedFile } from "./ir.js";

export interface FormatOptions {
  /** Directory the files will be written to; the Prettier config is looked up from there. `false` disables formatting. */
  outDir: string | false;
}

export async function formatFiles(files: readonly EmittedFile[], options: FormatOptions): Promise<EmittedFile[]> {
  if (options.outDir === false) return [...files];
  const prettier = await import("prettier");
  const config = (await prettier.resolveConfig(join(options.outDir, "index.ts"), { editorconfig: true })) ?? {};
  return Promise.all(
    files.map(async (file) => {
      if (file.format === "none") return file;
      // babel-ts prints the same TypeScript as the typescript parser here, about twice as fast.
      // A pragma would push mcpgen's header off the first line, where it marks the file as mcpgen's.
      const parser = file.format === "json" ? "json" : "babel-ts";
      const contents = await prettier.format(file.contents, { ...config, parser, endOfLine: "lf", insertPragma: false, requirePragma: false });
      return { ...file, contents };
    }),
  );
}
