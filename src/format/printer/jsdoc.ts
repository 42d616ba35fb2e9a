import type { JsDoc } from "../../ir/code.js";

/**
 * A JSDoc comment at `indent`, as Prettier prints one whose every line
 * starts with `*`: `/** line *\/` for one line, else one ` * line` a line.
 * `""` for none.
 */
export function jsDocText(doc: JsDoc | undefined, indent: string): string {
  if (doc === undefined || doc.length === 0) return "";
  if (doc.length === 1) return `${indent}/** ${doc[0]} */\n`;
  return `${indent}/**\n${doc.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)).join("\n")}\n${indent} */\n`;
}
