/**
 * Whether a user's Prettier configuration prints TypeScript as Prettier's
 * defaults do, against the defaults Prettier itself reports
 * (`getSupportInfo`), so that the printer's layout applies.
 */
import { isDeepStrictEqual } from "node:util";
import type { Options } from "prettier";

/**
 * Options that may differ from the defaults without changing how Prettier
 * prints TypeScript: other languages' (JSX, HTML, Vue, Markdown), and those
 * the format stage sets itself.
 */
const IRRELEVANT_TO_TYPESCRIPT: ReadonlySet<string> = new Set([
  "$schema",
  "parser",
  "filepath",
  "endOfLine",
  "insertPragma",
  "requirePragma",
  "jsxSingleQuote",
  "bracketSameLine",
  "singleAttributePerLine",
  "proseWrap",
  "htmlWhitespaceSensitivity",
  "vueIndentScriptAndStyle",
]);

let defaults: Promise<ReadonlyMap<string, unknown>> | undefined;

/** Prettier's default for every option it knows (read once: an empty configuration, the usual case, never asks). */
function prettierDefaults(): Promise<ReadonlyMap<string, unknown>> {
  defaults ??= import("prettier").then(
    async (prettier) => new Map((await prettier.getSupportInfo()).options.map((option): [string, unknown] => [option.name ?? "", option.default])),
  );
  return defaults;
}

/** True when the resolved configuration changes no option that shapes TypeScript (plugins included) from Prettier's default. */
export async function isPrettierDefault(config: Options): Promise<boolean> {
  const relevant = Object.entries(config).filter(([key]) => !IRRELEVANT_TO_TYPESCRIPT.has(key));
  if (relevant.length === 0) return true;
  const known = await prettierDefaults();
  return relevant.every(([key, value]) => known.has(key) && isDeepStrictEqual(known.get(key), value));
}
