/**
 * Stage 4 (format): Prettier, once per output file, with the user's Prettier
 * configuration as found for each file's own path (so `overrides` apply).
 */
import { join } from "node:path";
import type { Options } from "prettier";
import type { EmittedFile, SourceBlock } from "../ir/index.js";
import { joinBlocks } from "./layout.js";

export interface FormatOptions {
  /** Directory the files will be written to; the Prettier config is looked up from there. `false` disables formatting. */
  outDir: string | false;
  /**
   * Use the emitters' own layout of each block where they know it (default
   * true); only with Prettier's default options. `false` formats every file
   * whole, which `test/layout.test.ts` compares against.
   */
  knownLayout?: boolean | undefined;
}

type Prettier = typeof import("prettier");

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
      const prettierOptions: Options = { ...config, filepath, parser, endOfLine: "lf", insertPragma: false, requirePragma: false };
      if (file.blocks !== undefined && options.knownLayout !== false && isPrettierDefault(config)) {
        return { ...file, contents: await formatBlocks(prettier, file.blocks, prettierOptions) };
      }
      return { ...file, contents: await prettier.format(file.contents, prettierOptions) };
    }),
  );
}

/**
 * Options that may differ from Prettier's defaults without changing how it
 * prints TypeScript (other languages' options; the parser and the line
 * endings, which this stage sets itself).
 */
const IRRELEVANT_TO_TYPESCRIPT = new Set(["$schema", "parser", "endOfLine", "jsxSingleQuote", "bracketSameLine", "singleAttributePerLine", "proseWrap", "htmlWhitespaceSensitivity", "vueIndentScriptAndStyle"]);

/** Prettier's defaults for the options that shape TypeScript, which the emitters' own layout assumes. */
const TYPESCRIPT_DEFAULTS: Readonly<Record<string, unknown>> = {
  printWidth: 80,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: false,
  quoteProps: "as-needed",
  trailingComma: "all",
  bracketSpacing: true,
  objectWrap: "preserve",
  arrowParens: "always",
  experimentalTernaries: false,
  experimentalOperatorPosition: "end",
  embeddedLanguageFormatting: "auto",
};

/** True when the resolved configuration prints TypeScript exactly as Prettier's defaults do (no plugins, no option changed). */
export function isPrettierDefault(config: Options): boolean {
  return Object.entries(config).every(([key, value]) => IRRELEVANT_TO_TYPESCRIPT.has(key) || (Object.prototype.hasOwnProperty.call(TYPESCRIPT_DEFAULTS, key) && TYPESCRIPT_DEFAULTS[key] === value));
}

/**
 * The file from its blocks: the emitters' layout where they know it, and
 * Prettier's for the rest, formatted together in one call. Top-level
 * statements are printed independently of each other, so the result is the
 * file Prettier prints whole; blocks are told apart by a comment line no
 * block contains.
 */
async function formatBlocks(prettier: Prettier, blocks: readonly SourceBlock[], options: Options): Promise<string> {
  const pending = blocks.filter((block) => block.pretty === undefined);
  if (pending.length === 0) return joinBlocks(blocks.map((block) => block.pretty!));
  let boundary = "// mcpgen-block-boundary";
  for (let count = 1; pending.some((block) => block.raw.includes(boundary)); count++) boundary = `// mcpgen-block-boundary-${count}`;
  const formatted = await prettier.format(pending.map((block) => block.raw).join(`\n${boundary}\n\n`), options);
  const pieces = formatted.split(`${boundary}\n`).map((piece) => `${piece.replace(/^\n+|\n+$/g, "")}\n`);
  if (pieces.length !== pending.length) throw new Error(`internal: formatting ${pending.length} blocks gave ${pieces.length}`);
  let next = 0;
  return joinBlocks(blocks.map((block) => block.pretty ?? pieces[next++]!));
}
