/**
 * Emits `validator-runtime.ts`: the helpers the validators of one output call,
 * and only those (templates/validator-runtime.ts, picked declaration by
 * declaration with what they use), with the linear-time `uniqueItems` check
 * (templates/unique-items.ts) and pattern matcher (templates/linear-regexp.ts)
 * when some schema needs them. So an output carries the format checks its
 * schemas name and no others.
 */
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { fileHeader } from "../header.js";
import { templateBody } from "../template-code.js";

/** The module every validator module imports its helpers from. */
export const VALIDATOR_RUNTIME_FILE = "validator-runtime.ts";

/** Templates shipped whole when a validator uses what they export. */
const WHOLE_TEMPLATES: ReadonlyArray<readonly [file: string, exported: string]> = [
  ["unique-items.ts", "duplicateItems"],
  ["linear-regexp.ts", "LinearRegExp"],
];

/** What the validators use from the templates shipped whole. */
export const WHOLE_TEMPLATE_EXPORTS: readonly string[] = WHOLE_TEMPLATES.map(([, exported]) => exported);

export function emitValidatorRuntime(ir: ManifestIR, used: ReadonlySet<string>): EmittedFile {
  const whole = WHOLE_TEMPLATES.filter(([, exported]) => used.has(exported));
  const picked = pickDeclarations(
    templateBody("validator-runtime.ts"),
    [...used].filter((name) => !whole.some(([, exported]) => exported === name)),
  );
  const parts = [picked, ...whole.map(([file]) => templateBody(file))];
  const header = fileHeader(ir, "Helpers of the validators in validators/, from mcpgen's templates/validator-runtime.ts (those they use). Imports nothing.");
  return { path: VALIDATOR_RUNTIME_FILE, contents: `${header}\n${parts.join("\n\n")}\n`, format: "none" };
}

/** A top-level declaration of a template: its text (with its comments) and the name it declares. */
interface Declaration {
  name: string;
  text: string;
}

const DECLARATION = /^(?:export\s+)?(?:const|let|function|class|type|interface)\s+([A-Za-z_$][\w$]*)/;

/**
 * The declarations of `code` that declare `wanted` or that those use, in the
 * order written. A declaration starts at a line that begins (unindented) with
 * a comment or a declaration keyword; the names a declaration uses are the
 * other declarations' names it mentions.
 */
export function pickDeclarations(code: string, wanted: readonly string[]): string {
  const declarations: Declaration[] = [];
  let comments: string[] = [];
  let current: string[] | undefined;
  let inComment = false;
  const close = () => {
    if (current !== undefined)
      declarations.push({ name: DECLARATION.exec(current.find((line) => DECLARATION.test(line))!)![1]!, text: current.join("\n").trimEnd() });
    current = undefined;
  };
  for (const line of code.split("\n")) {
    if (inComment) {
      comments.push(line);
      inComment = !line.includes("*/");
    } else if (line.startsWith("/*")) {
      comments.push(line);
      inComment = !line.includes("*/");
    } else if (line.startsWith("//")) {
      comments.push(line);
    } else if (DECLARATION.test(line)) {
      close();
      current = [...comments, line];
      comments = [];
    } else if (line.trim() !== "" || current !== undefined) {
      current?.push(...comments, line);
      comments = [];
    }
  }
  close();
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const names = [...byName.keys()];
  const keep = new Set<string>();
  const visit = (name: string) => {
    if (keep.has(name)) return;
    const declaration = byName.get(name);
    if (declaration === undefined) throw new Error(`internal: templates/validator-runtime.ts declares no ${name}`);
    keep.add(name);
    // What it uses: the names its code (not its comments) mentions.
    const uses = declaration.text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const other of names) if (other !== name && new RegExp(`(?<![\\w$.])${other.replace(/\$/g, "\\$")}(?![\\w$])`).test(uses)) visit(other);
  };
  wanted.forEach(visit);
  return declarations
    .filter((declaration) => keep.has(declaration.name))
    .map((declaration) => declaration.text)
    .join("\n\n");
}
