/**
 * The validators a mock checks arguments and values with. The mock takes
 * them as a seam, `ToolValidators` (the shape of the generated `validate.ts`'s
 * `validateInput` and `validateOutput`, and of what a scaffold's server
 * runtime takes), so a test may hand it the validators of its own generated
 * output. Without one (`mcpgen mock`, which has no generated output on
 * disk), `compileValidators` compiles the IR's schemas with ajv in memory,
 * configured as the generated validators are: the same format checks and
 * pattern engine (templates/), the same issue wording (ajv-issues.ts, through
 * `runValidator` of the client runtime), each tool compiled on its first call. docs/mock.md has the
 * numbers behind compiling in memory rather than generating `validators.ts`
 * into a temporary directory and importing it.
 */
import { createRequire } from "node:module";
import type { ManifestIR, PatternMode } from "../ir/index.js";
import { runValidator, type CompiledValidator } from "../../templates/client-runtime.js";
import { ajvIssues, type CompiledValidatorError } from "./ajv-issues.js";
import { formats } from "../../templates/validator-runtime.js";
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

type Ajv = import("ajv/dist/core.js").default;

/** Validators for every tool of `ir`, compiled by ajv in memory as each tool is first checked. */
export function compileValidators(ir: ManifestIR): ToolValidators {
  const schemas = { input: new Map<string, unknown>(), output: new Map<string, unknown>() };
  for (const tool of ir.tools) {
    schemas.input.set(tool.wireName, tool.input.schema);
    if (tool.output !== undefined) schemas.output.set(tool.wireName, tool.output.schema);
  }
  let ajv: Ajv | undefined;
  const compiled = { input: new Map<string, CompiledValidator | null>(), output: new Map<string, CompiledValidator | null>() };
  const table = (role: "input" | "output", name: string): { [name: string]: CompiledValidator | null } => {
    if (!schemas[role].has(name)) return role === "output" && schemas.input.has(name) ? { [name]: null } : {};
    let validator = compiled[role].get(name);
    if (validator === undefined) {
      ajv ??= newAjv(ir);
      try {
        validator = asCompiledValidator(ajv.compile(schemas[role].get(name) as object));
      } catch {
        // A schema ajv cannot compile is not validated, as in the generated validators (generate warns about it).
        validator = null;
      }
      compiled[role].set(name, validator);
    }
    const entry: { [name: string]: CompiledValidator | null } = {};
    Object.defineProperty(entry, name, { value: validator, enumerable: true });
    return entry;
  };
  return {
    validateInput: (name, value) => runValidator(table("input", name), name, value, "input"),
    validateOutput: (name, value) => runValidator(table("output", name), name, value, "output"),
  };
}

/** An ajv validator under the generated validators' contract: called with a list, it pushes every issue, in their words. */
function asCompiledValidator(validate: ((data: unknown) => boolean) & { errors?: readonly CompiledValidatorError[] | null }): CompiledValidator {
  return (data, path = "", issues) => {
    const valid = validate(data);
    if (!valid && issues !== undefined) {
      for (const issue of ajvIssues(validate.errors ?? [])) issues.push({ path: `${path}${issue.path}`, message: issue.message });
    }
    return valid;
  };
}

/**
 * ajv's `regExp` engine: each pattern compiled as normalisation decided for the generated validators
 * (`ManifestIR.patternModes`): as `new RegExp(source, "u")` unless its mode says without `u`
 * (`legacy`) or with the linear-time matcher (`linear`, `linear-legacy`).
 */
function patternEngine(modes: ReadonlyMap<string, PatternMode>): (source: string, flags: string) => { test(text: string): boolean } {
  return (source, flags) => {
    const mode = modes.get(source);
    if (mode === undefined) return new RegExp(source, flags);
    if (mode === "legacy") return new RegExp(source, "");
    return new LinearRegExp(source, mode === "linear" ? "u" : "");
  };
}

function newAjv(ir: ManifestIR): Ajv {
  const require = createRequire(import.meta.url);
  const Ajv = (require("ajv/dist/core.js") as typeof import("ajv/dist/core.js")).default;
  const vocabularies = (require("ajv/dist/vocabularies/draft2020.js") as typeof import("ajv/dist/vocabularies/draft2020.js")).default;
  const ajv = new Ajv({
    next: true,
    unevaluated: true,
    dynamicRef: false,
    strict: false,
    strictNumbers: true,
    allErrors: true,
    messages: false,
    ownProperties: true,
    validateSchema: false,
    logger: false,
    // As the generated validators' multipleOf: 19.99 is a multiple of 0.01.
    multipleOfPrecision: 9,
    code: { regExp: patternEngine(ir.patternModes) as never },
  });
  for (const vocabulary of vocabularies) ajv.addVocabulary(vocabulary);
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword({
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    errors: true,
    validate: function unique(schema: boolean, data: unknown[]) {
      const pair = schema ? duplicateItems(data) : undefined;
      if (pair === undefined) return true;
      (unique as { errors?: unknown[] }).errors = [{ keyword: "uniqueItems", params: { i: pair[0], j: pair[1] } }];
      return false;
    },
  });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}
