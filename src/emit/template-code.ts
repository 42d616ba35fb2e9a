/**
 * What a template emits. A template (under `templates/`) is a real
 * TypeScript file, type-checked where it stands: beside it, stand-ins for
 * the modules it imports (samples of what the emitters generate there). It
 * emits the code between `// #region emitted` and `// #endregion`, or the
 * whole file when it has no such region; the code around the region only
 * makes it type-check and run where it stands.
 */
import { readFileSync } from "node:fs";
import type { JsDoc, TemplateFill, TemplateInsertion } from "../ir/code.js";
import { withImportExtension, type ImportExtension } from "./specifier.js";
import { templatePath } from "./templates.js";

export const REGION_START = "// #region emitted";
export const REGION_END = "// #endregion";

const emittedCode = new Map<string, string>();

/** What the template `name` (a path under `templates/`) emits, ending with one line break. */
export function templateCode(name: string): string {
  let code = emittedCode.get(name);
  if (code === undefined) {
    code = emittedRegion(readFileSync(templatePath(name), "utf8"), name);
    emittedCode.set(name, code);
  }
  return code;
}

/**
 * What the template `name` emits without its header comment (which speaks of
 * the template), for shipping beside other code in one generated module
 * (`validator-runtime.ts`).
 */
export function templateBody(name: string): string {
  return templateCode(name)
    .replace(/^\/\*\*[\s\S]*?\*\/\n+/, "")
    .trim();
}

/** The `emitted` region of a template's text, or all of it. */
export function emittedRegion(text: string, name: string): string {
  const lines = text.split("\n");
  const start = lines.indexOf(REGION_START);
  if (start === -1) return text;
  const end = lines.indexOf(REGION_END, start);
  if (end === -1 || lines.indexOf(REGION_START, start + 1) !== -1)
    throw new Error(`internal: templates/${name} must have one ${REGION_START} ... ${REGION_END}`);
  return `${lines
    .slice(start + 1, end)
    .join("\n")
    .replace(/^\n+|\n+$/g, "")}\n`;
}

/**
 * A template's code as a statement of a generated file, with `fills` (see `TemplateInsertion`), its
 * relative imports spelled with `options.imports` (default `js`, as the template spells them).
 */
export function template(
  name: string,
  fills: readonly TemplateFill[] = [],
  options: { doc?: JsDoc | undefined; imports?: ImportExtension | undefined } = {},
): TemplateInsertion {
  const { doc } = options;
  return { kind: "template", name, text: withImportExtension(templateCode(name), options.imports ?? "js"), fills, ...(doc === undefined ? {} : { doc }) };
}
