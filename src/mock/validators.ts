/**
 * The validators a mock checks arguments and values with. The mock takes
 * them as a seam, `ToolValidators` (the shape of the generated `validate.ts`'s
 * `validateInput` and `validateOutput`, and of what a scaffold's server
 * runtime takes), so a test may hand it the validators of its own generated
 * output. Without one (`mcpgen mock`, which has no generated output on
 * disk), `compileValidators` runs the very validators a generated output
 * holds: each tool's code as the emitter writes it (handed in as plain
 * JavaScript, the body of a function of the validator runtime), compiled in
 * memory on the tool's first check and called with the helpers of
 * templates/validator-runtime.ts, so an invalid call gets the issues, the
 * pointers and the words a generated client or scaffold gives.
 */
import { compileFunction } from "node:vm";
import type { ManifestIR, ToolIR } from "../ir/index.js";
import { runValidator, type CompiledValidator } from "../../templates/client-runtime.js";
import * as validatorRuntime from "../../templates/validator-runtime.js";
import { duplicateItems } from "../../templates/unique-items.js";
import { LinearRegExp } from "../../templates/linear-regexp.js";

/** One problem: an RFC 6901 pointer into the checked value and a message. */
export interface ValidationIssue {
  path: string;
  message: string;
}

export type ValidationOutcome = { ok: true; value: unknown } | { ok: false; issues: readonly ValidationIssue[] };

/**
 * What the mock validates with, by wire name: the generated `validate.ts`'s
 * `{ validateInput, validateOutput }` fit (methods, so their narrower
 * `ToolName` parameter is accepted), and so does `compileValidators(ir)`.
 */
export interface ToolValidators {
  validateInput(toolName: string, value: unknown): ValidationOutcome;
  validateOutput(toolName: string, value: unknown): ValidationOutcome;
}

/** What a tool's validator code is given as `runtime`: what a generated validator-runtime.ts may export. */
const RUNTIME: Readonly<Record<string, unknown>> = Object.freeze({ ...validatorRuntime, duplicateItems, LinearRegExp });

/**
 * Validators for every tool of `ir`: `functionBody(tool)` is the tool's
 * validator code (the emitter's `toolValidatorsFunctionBody`), compiled and
 * run the first time the tool is checked.
 */
export function compileValidators(ir: ManifestIR, functionBody: (tool: ToolIR) => string): ToolValidators {
  const tools = new Map(ir.tools.map((tool) => [tool.wireName, tool]));
  const compiled = new Map<string, { input: CompiledValidator; output?: CompiledValidator }>();
  const table = (role: "input" | "output", name: string): { [name: string]: CompiledValidator | null } => {
    const tool = tools.get(name);
    if (tool === undefined) return {};
    let validators = compiled.get(name);
    if (validators === undefined) {
      const code = compileFunction(functionBody(tool), ["runtime"], { filename: `mcpgen-mock:validators/${tool.fileBase}.js` });
      validators = code(RUNTIME) as { input: CompiledValidator; output?: CompiledValidator };
      compiled.set(name, validators);
    }
    const entry: { [name: string]: CompiledValidator | null } = {};
    // A tool without an outputSchema: `null`, anything goes. Defined, as a tool may be called `__proto__`.
    Object.defineProperty(entry, name, { value: validators[role] ?? null, enumerable: true });
    return entry;
  };
  return {
    validateInput: (name, value) => runValidator(table("input", name), name, value, "input"),
    validateOutput: (name, value) => runValidator(table("output", name), name, value, "output"),
  };
}
