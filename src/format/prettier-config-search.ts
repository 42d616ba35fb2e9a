/**
 * Whether a Prettier configuration may apply to the output, found without
 * loading Prettier: loading it costs about as much as the rest of a small
 * run, and where no configuration applies and the printer vouches for
 * every statement, Prettier would change nothing.
 *
 * Prettier looks for its configuration from each file's directory up to the
 * root (`resolveConfig`, with `.editorconfig` as mcpgen asks). So does this,
 * answering "maybe" for any file Prettier would read there; only a
 * `package.json` is read, for its `prettier` key, as Prettier reads it.
 */
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, parse } from "node:path";

/**
 * Prettier's configuration files (src/config/prettier-config/config-searcher.js
 * in Prettier 3.10, checked by test/format/format.test.ts), `.editorconfig`, and
 * `package.yaml` (whose `prettier` key is not looked for: its presence is a maybe).
 */
export const CONFIG_FILES: ReadonlySet<string> = new Set([
  "package.yaml",
  ".prettierrc",
  ".prettierrc.json",
  ".prettierrc.yml",
  ".prettierrc.yaml",
  ".prettierrc.json5",
  ".prettierrc.js",
  "prettier.config.js",
  ".prettierrc.ts",
  "prettier.config.ts",
  ".prettierrc.mjs",
  "prettier.config.mjs",
  ".prettierrc.mts",
  "prettier.config.mts",
  ".prettierrc.cjs",
  "prettier.config.cjs",
  ".prettierrc.cts",
  "prettier.config.cts",
  ".prettierrc.toml",
  ".editorconfig",
]);

/** True when no Prettier configuration can apply to these files (paths relative to `outDir`). */
export async function noPrettierConfig(outDir: string, paths: readonly string[]): Promise<boolean> {
  const directories = new Set<string>();
  for (const path of paths) {
    for (let directory = dirname(join(outDir, path)); !directories.has(directory); directory = dirname(directory)) {
      directories.add(directory);
      if (directory === parse(directory).root) break;
    }
  }
  const answers = await Promise.all([...directories].map(configuresPrettier));
  return answers.every((answer) => !answer);
}

/** Whether the directory holds a file Prettier would read its configuration from (an absent directory holds none). */
async function configuresPrettier(directory: string): Promise<boolean> {
  const names = await readdir(directory).catch(() => [] as string[]);
  // Lower case: on a file system that ignores case, Prettier finds `.Prettierrc` as `.prettierrc`.
  if (names.some((name) => CONFIG_FILES.has(name.toLowerCase()))) return true;
  if (!names.includes("package.json")) return false;
  try {
    const manifest: unknown = JSON.parse(await readFile(join(directory, "package.json"), "utf8"));
    return typeof manifest === "object" && manifest !== null && (manifest as { prettier?: unknown }).prettier !== undefined;
  } catch {
    // Prettier skips a package.json it cannot read; this answers "maybe", and Prettier decides.
    return true;
  }
}
