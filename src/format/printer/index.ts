/**
 * The printer: a source file's statements laid out as Prettier (the version
 * mcpgen pins) prints them with its default options, each said to be
 * vouched for or not. Formatting is most of the cost of a run when Prettier
 * does it (it parses and reprints every file); mcpgen's output is regular,
 * so the printer lays out nearly all of it, and the format stage hands
 * Prettier only what the printer does not vouch for. `test/format/layout.test.ts`
 * holds the result to Prettier's own, node kind by node kind and file by
 * file over the goldens and every corpus server.
 */
import type { SourceFile, Statement } from "../../ir/code.js";
import { Layout, PRINT_WIDTH } from "./layout.js";
import { statementText } from "./statements.js";

export { PRINT_WIDTH } from "./layout.js";

export interface PrintedStatement {
  /** The statement's text, ending with a line break. */
  text: string;
  /** True when `text` is what Prettier prints; otherwise it is the source to hand Prettier. */
  vouched: boolean;
}

/**
 * Each statement in Prettier's layout where the printer vouches for it;
 * otherwise as the source Prettier is to format (printed as if lines had no
 * limit: nothing breaks but what must, so that what Prettier keeps of a
 * source's layout, such as an object broken after its `{`, is the same
 * whatever the printer's width).
 */
export function printStatements(file: SourceFile): PrintedStatement[] {
  return file.statements.map((statement) => {
    const layout = new Layout(PRINT_WIDTH);
    const text = statementText(layout, statement);
    return layout.vouched ? { text, vouched: true } : { text: statementText(new Layout(Infinity), statement), vouched: false };
  });
}

/**
 * The whole file, every statement at `width`: `PRINT_WIDTH` for the
 * printer's own layout (what `--no-format` writes), `Infinity` for the
 * source Prettier formats whole under a user's configuration.
 */
export function printFile(file: SourceFile, width: number = PRINT_WIDTH): string {
  return joinStatements(
    file.statements,
    file.statements.map((statement) => statementText(new Layout(width), statement)),
  );
}

/** The file from its statements' texts: a blank line between two statements, but between two imports. */
export function joinStatements(statements: readonly Statement[], texts: readonly string[]): string {
  let text = "";
  texts.forEach((statement, index) => {
    if (index > 0 && !(statements[index - 1]!.kind === "import" && statements[index]!.kind === "import")) text += "\n";
    text += statement;
  });
  return text;
}
