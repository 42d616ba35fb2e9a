/**
 * Stage 4 (format): every TypeScript file printed (printer/), and Prettier
 * once per file for what needs it: the statements the printer does not
 * vouch for, or the whole file under a user's Prettier configuration, as
 * found for each file's own path (so `overrides` apply). JSON files go to
 * Prettier whole. Where none of that applies, Prettier is not even loaded.
 */
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import type { Options } from "prettier";
import type { SourceFile } from "../ir/code.js";
import type { EmittedFile, OutputFile } from "../ir/index.js";
import { displayPath } from "../shared/display.js";
import { userError } from "../shared/errors.js";
import { noPrettierConfig } from "./prettier-config-search.js";
import { isPrettierDefault } from "./prettier-defaults.js";
import { joinStatements, printFile, printStatements, type PrintedStatement } from "./printer/index.js";

export { isPrettierDefault } from "./prettier-defaults.js";

type Prettier = typeof import("prettier");

export interface FormatOptions {
  /** Directory the files will be written to; the Prettier config is looked up from there. `false`: the printer's layout alone, no Prettier. */
  outDir: string | false;
  /**
   * Keep the printer's layout of what it vouches for (default true; only
   * with Prettier's default options). `false` has Prettier format every
   * file whole, which `test/format/layout.test.ts` compares against.
   */
  knownLayout?: boolean | undefined;
  /** How Prettier is loaded (tests watch it). */
  loadPrettier?: (() => Promise<Prettier>) | undefined;
}

const isSource = (file: OutputFile): file is SourceFile => "statements" in file;

export async function formatFiles(files: readonly OutputFile[], options: FormatOptions): Promise<EmittedFile[]> {
  const outDir = options.outDir;
  if (outDir === false) return files.map((file) => (isSource(file) ? { path: file.path, contents: printFile(file), format: "typescript" } : file));
  const printed = new Map(files.filter(isSource).map((file) => [file, printStatements(file)] as const));
  const printedFile = (file: SourceFile, statements: readonly PrintedStatement[]): EmittedFile => ({
    path: file.path,
    contents: joinStatements(
      file.statements,
      statements.map((statement) => statement.text),
    ),
    format: "typescript",
  });
  const prettierHasNothingToDo =
    options.knownLayout !== false &&
    files.every((file) => (isSource(file) ? printed.get(file)!.every((statement) => statement.vouched) : file.format === "none")) &&
    (await noPrettierConfig(
      outDir,
      files.map((file) => file.path),
    ));
  if (prettierHasNothingToDo) return files.map((file) => (isSource(file) ? printedFile(file, printed.get(file)!) : file));

  const prettier = await (options.loadPrettier ?? (() => import("prettier")))();
  // Prettier caches what it found (or did not find) for each directory. A long-lived process
  // (watch, the library API) must see a configuration the user added or edited since: each run
  // looks again, once per directory.
  await prettier.clearConfigCache();
  return Promise.all(
    files.map(async (file): Promise<EmittedFile> => {
      if (file.format === "none") return file;
      // Resolved per file, at the path it will be written to, so that `overrides` apply
      // (Prettier caches the search, so this costs one lookup per directory).
      const filepath = join(outDir, file.path);
      const config = (await userConfigured(prettier, filepath, () => prettier.resolveConfig(filepath, { editorconfig: true }))) ?? {};
      // babel-ts prints the same TypeScript as the typescript parser here, about twice as fast.
      // A pragma would push mcpgen's header off the first line, where it marks the file as mcpgen's.
      const parser = file.format === "json" ? "json" : "babel-ts";
      // The file path tells Prettier the file is .ts, not .tsx: `<T,>(...)` loses the comma as \`prettier --check\` expects.
      const prettierOptions: Options = { ...config, filepath, parser, endOfLine: "lf", insertPragma: false, requirePragma: false };
      try {
        if (!isSource(file)) return { ...file, contents: await prettier.format(file.contents, prettierOptions) };
        if (options.knownLayout === false || !(await isPrettierDefault(config)))
          return { path: file.path, contents: await prettier.format(printFile(file, Infinity), prettierOptions), format: "typescript" };
        return printedFile(file, await withUnvouchedFormatted(prettier, printed.get(file)!, prettierOptions));
      } catch (error) {
        // Prettier recurses as deep as the code: a value nested deeper than its stack (a scaffold's
        // tools.ts lists each schema as a literal) keeps the printer's layout, as --no-format
        // would give it, so that formatting costs that file its layout and never the whole run.
        if (!(error instanceof RangeError && /call stack/i.test(error.message))) {
          // Under the user's options (a plugin that cannot be loaded, a value Prettier refuses), the configuration is at
          // fault; under Prettier's defaults, mcpgen (the code it printed) is.
          if (await isPrettierDefault(config)) throw error;
          return userConfigured(prettier, filepath, () => Promise.reject(error));
        }
        return isSource(file) ? { path: file.path, contents: printFile(file), format: "typescript" } : file;
      }
    }),
  );
}

/**
 * Runs `work`, a step that applies the user's Prettier configuration for
 * `filepath`; its failure (a file Prettier cannot parse, a plugin it cannot
 * load, an option it refuses) is the user's to fix, named with the file it
 * comes from and the way around it, not an internal error with a stack.
 */
async function userConfigured<T>(prettier: Prettier, filepath: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    const configFile = await prettier.resolveConfigFile(filepath).catch(() => null);
    // Prettier's own words, up to its excerpt of the file (a YAML error quotes it after a blank line),
    // without the colours it adds where it thinks a terminal shows them (FORCE_COLOR, as CI services set).
    const reason = stripVTControlCharacters(error.message)
      .split(/\n\s*\n/)[0]!
      .replace(/\s*\n\s*/g, " ")
      .replace(/:$/, "");
    throw userError("format-failed", `Prettier cannot format the output with this configuration: ${reason}`, {
      file: displayPath(configFile ?? filepath),
      hint: 'fix the Prettier configuration, or leave mcpgen\'s output to its own layout: --no-format (in mcpgen.config.json, "format": false)',
    });
  }
}

/**
 * The statements, those the printer does not vouch for formatted by
 * Prettier, together in one call. Top-level statements are printed
 * independently of each other, so the file they make is the file Prettier
 * prints whole; they are told apart by a comment line none contains.
 */
async function withUnvouchedFormatted(prettier: Prettier, printed: readonly PrintedStatement[], options: Options): Promise<PrintedStatement[]> {
  const pending = printed.filter((statement) => !statement.vouched);
  if (pending.length === 0) return [...printed];
  let boundary = "// mcpgen-statement-boundary";
  for (let count = 1; pending.some((statement) => statement.text.includes(boundary)); count++) boundary = `// mcpgen-statement-boundary-${count}`;
  const formatted = await prettier.format(pending.map((statement) => statement.text).join(`\n${boundary}\n\n`), options);
  const pieces = formatted.split(`${boundary}\n`).map((piece) => `${piece.replace(/^\n+|\n+$/g, "")}\n`);
  if (pieces.length !== pending.length) throw new Error(`internal: formatting ${pending.length} statements gave ${pieces.length}`);
  let next = 0;
  return printed.map((statement) => (statement.vouched ? statement : { text: pieces[next++]!, vouched: true }));
}
