/**
 * Emits the validators: for each tool a module `validators/<file>.ts` with
 * code mcpgen writes from the tool's normalised schemas (code.ts), exporting
 * `input` and, for a tool with an outputSchema, `output` (the client's
 * `calls.ts` imports each the first time the tool is called: a bundler splits
 * each into a chunk of its own); the helpers they call,
 * `validator-runtime.ts` (runtime-module.ts); and `validate.ts`, the
 * synchronous entry points (`validateInput`, `validateOutput`,
 * `standardSchemas`), which import every tool's module.
 *
 * Nothing imports a package, nothing is evaluated from text (no `eval`, no
 * `new Function`), and every file type-checks as it stands.
 */
import type { EmittedFile, ManifestIR, SourceFile, ToolIR, VariableStatement } from "../../ir/index.js";
import { objectLiteralKey } from "../../shared/escape.js";
import { VALIDATORS_DIR } from "../../shared/output-names.js";
import * as validatorRuntime from "../../../templates/validator-runtime.js";
import { formatCheckName, formats } from "../../../templates/validator-runtime.js";
import { fileHeader } from "../header.js";
import { header as headerComments, identifier, importDeclaration, literal, reference, typeLiteral } from "../nodes.js";
import { moduleSpecifier, type ImportExtension } from "../specifier.js";
import { template } from "../template-code.js";
import { functionBodyCode, moduleCode, type CodeContext } from "./code.js";
import { emitValidatorRuntime, VALIDATOR_RUNTIME_FILE, WHOLE_TEMPLATE_EXPORTS } from "./runtime-module.js";

/** Where a tool's validators are, relative to the output directory. */
export const toolValidatorsPath = (tool: ToolIR) => `${VALIDATORS_DIR}/${tool.fileBase}.ts`;
/** How a module of the output's root imports a tool's validators: the string literal `"./validators/get-weather.js"` (or `.ts`). */
export const toolValidatorsImport = (tool: ToolIR, imports: ImportExtension) => moduleSpecifier(`./${toolValidatorsPath(tool)}`, imports);

const FORMAT_KINDS: ReadonlyMap<string, "number" | "string"> = new Map(
  Object.entries(formats).map(([name, check]) => [name, typeof check === "function" ? "string" : "number"]),
);

/** What the validators may import from validator-runtime.ts: its exports, and those of the templates shipped whole in it. */
const RUNTIME_EXPORTS: ReadonlySet<string> = new Set([...Object.keys(validatorRuntime), ...WHOLE_TEMPLATE_EXPORTS]);

/** Each tool's validator module and the helpers they share (what `calls.ts` and `validate.ts` import). */
export function emitToolValidators(ir: ManifestIR, imports: ImportExtension): EmittedFile[] {
  const context = codeContext(ir);
  const used = new Set<string>();
  const modules = ir.tools.map((tool): EmittedFile => {
    const { code, helpers } = moduleCode(validatorRoots(tool), context);
    for (const helper of helpers) used.add(helper);
    const names = [...helpers].sort().map((name) => (name === "Check" || name === "Seen" ? `type ${name}` : name));
    const header = fileHeader(ir, `Validators of tool ${JSON.stringify(tool.wireName)}, written by mcpgen from its schemas.`);
    const runtimeImport = `import { ${names.join(", ")} } from ${moduleSpecifier(`../${VALIDATOR_RUNTIME_FILE}`, imports)};`;
    return { path: toolValidatorsPath(tool), contents: `${header}\n${runtimeImport}\n\n${code}`, format: "none" };
  });
  return [...modules, ...(modules.length === 0 ? [] : [emitValidatorRuntime(ir, used)])];
}

/**
 * A tool's validators as `emitToolValidators` writes them, in plain JavaScript:
 * the body of a function of `runtime` (validator-runtime.ts's exports, and
 * those of the templates it ships whole) that returns `{ input, output? }`.
 * `mcpgen mock` checks calls with it, compiled in memory.
 */
export function toolValidatorsFunctionBody(ir: ManifestIR): (tool: ToolIR) => string {
  const context = codeContext(ir);
  return (tool) => functionBodyCode(validatorRoots(tool), context);
}

function codeContext(ir: ManifestIR): CodeContext {
  return { patternModes: ir.patternModes, formats: FORMAT_KINDS, formatCheck: formatCheckName, helpers: RUNTIME_EXPORTS };
}

/** What a tool's validator module exports: `input`, and `output` for a tool with an outputSchema. */
function validatorRoots(tool: ToolIR): ReadonlyArray<readonly [exportName: string, schema: ToolIR["input"]["schema"]]> {
  return [["input", tool.input.schema], ...(tool.output === undefined ? [] : [["output", tool.output.schema] as const])];
}

/** `validate.ts`: the typed, synchronous entry points over every tool's validators. */
export function emitValidate(ir: ManifestIR, imports: ImportExtension): SourceFile {
  const runtimeImports = [
    "createStandardSchemas",
    "runValidator",
    "type CompiledValidator",
    "type StandardSchemas",
    "type ValidateOptions",
    "type ValidationResult",
    "type Validators",
  ];
  const name = (role: "input" | "output", index: number) => `${role}${index}`;
  // Every tool has an entry; `null` marks a tool without an outputSchema (anything goes).
  const table = (role: "input" | "output"): VariableStatement => ({
    kind: "const",
    doc: [],
    exported: false,
    name: `${role}Validators`,
    type: typeLiteral(
      [{ kind: "index", readonly: true, parameter: "name", type: { kind: "union", types: [reference("CompiledValidator"), literal("null")] } }],
      false,
    ),
    value: {
      kind: "object",
      properties: ir.tools.map(
        (tool, index) => [objectLiteralKey(tool.wireName), identifier(role === "input" || tool.output ? name(role, index) : "null")] as const,
      ),
      multiLine: true,
    },
  });
  return {
    path: "validate.ts",
    format: "typescript",
    statements: [
      headerComments(ir, "Typed entry points to every tool's validators."),
      ...ir.tools.map((tool, index) =>
        importDeclaration(
          [`input as ${name("input", index)}`, ...(tool.output ? [`output as ${name("output", index)}`] : [])],
          toolValidatorsImport(tool, imports),
        ),
      ),
      importDeclaration(["ToolMap", "ToolName"], moduleSpecifier("./types.ts", imports), true),
      importDeclaration(runtimeImports, moduleSpecifier("./runtime.ts", imports)),
      table("input"),
      table("output"),
      template("client/validate.ts"),
    ],
  };
}
