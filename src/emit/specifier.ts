/**
 * The one place a relative module specifier of generated code is spelled.
 * Every import, re-export and lazy `import()` between generated files goes
 * through `moduleSpecifier`: the emitters' import declarations, the
 * validator modules' text, and the imports of template code (rewritten by
 * `withImportExtension`).
 */
import { stringLiteral } from "../shared/escape.js";

/**
 * The extension relative imports of generated code carry: `js` (default), as
 * `tsc` resolves them under NodeNext and Bundler and emits them unchanged;
 * `ts`, the real file, as Node's type stripping (`node main.ts`), Deno and
 * Bun load it, and `tsc` with `allowImportingTsExtensions` or
 * `rewriteRelativeImportExtensions` accepts it.
 */
export type ImportExtension = "js" | "ts";

export const IMPORT_EXTENSIONS: readonly ImportExtension[] = ["js", "ts"];

/**
 * `./runtime.ts` (a generated file, relative to the file that imports it) as
 * that file's import spells it: the string literal `"./runtime.js"`, or
 * `"./runtime.ts"` for `ts`.
 */
export function moduleSpecifier(path: string, extension: ImportExtension): string {
  if (!/^\.\.?\//.test(path) || !path.endsWith(".ts")) throw new Error(`internal: ${JSON.stringify(path)} is no relative path of a .ts file`);
  return stringLiteral(`${path.slice(0, -".ts".length)}.${extension}`);
}

/** A relative specifier in template code: after `from` or `import(`, `"./….js"` (templates import as NodeNext needs). */
const TEMPLATE_SPECIFIER = /(\bfrom\s+|\bimport\(\s*)"(\.\.?\/[^"\\\n]*)\.js"/g;

/** Template code (mcpgen's own, never server text) with every relative specifier spelled by `moduleSpecifier`. */
export function withImportExtension(code: string, extension: ImportExtension): string {
  return code.replace(TEMPLATE_SPECIFIER, (_match, before: string, path: string) => `${before}${moduleSpecifier(`${path}.ts`, extension)}`);
}
