/**
 * Compiles validation schemas to standalone JavaScript with ajv. Pure and
 * self-contained so it runs the same in the main thread and in a worker.
 *
 * Each call compiles one chunk of schemas with its own ajv instance and
 * returns code that declares `const <exportName> = ...` for each entry among
 * ajv's internals; the caller wraps it in a function scope, so chunks compiled
 * separately (in parallel) never collide on ajv's generated names.
 */
import { createRequire } from "node:module";
import { formats } from "../../../templates/validator-runtime.js";
import { duplicateItems } from "../../../templates/unique-items.js";
import { escapeBidiControls } from "../../shared/escape.js";
import { LinearRegExp } from "../../../templates/linear-regexp.js";
import { patternEngine, type PatternMode } from "../../../templates/pattern-engine.js";

export interface ValidatorEntry {
  exportName: string;
  schema: unknown;
}

/** What every chunk of one manifest compiles against. */
export interface CompileContext {
  /** Schemas entries may `$ref` by `validatorId`: repeated subschemas (see shared-subschemas.ts). */
  shared: readonly ValidatorEntry[];
  /**
   * Whether some schema uses `unevaluatedProperties` or `unevaluatedItems`.
   * Only then does ajv track, at run time, which properties and items each
   * subschema evaluated: that costs every generated function some code
   * (about a tenth of the file) and the compile some time.
   */
  tracksEvaluation: boolean;
  /**
   * Patterns that do not compile as `new RegExp(source, "u")`, with how they do (see
   * normalize/patterns.ts); sorted by source. When there are any, every pattern goes through
   * `patternRegExp` (templates/pattern-engine.ts), which `validators.ts` declares.
   */
  patternModes?: ReadonlyArray<readonly [source: string, mode: PatternMode]> | undefined;
}

/** What the generated code calls a pattern engine by (ajv's `code.regExp.code`). */
export const PATTERN_ENGINE_NAME = "patternRegExp";

/** A chunk that refers to nothing shared and tracks evaluation (correct for any schema). */
const STANDALONE: CompileContext = { shared: [], tracksEvaluation: true };

/**
 * `body`: the chunk's code, declaring a `const` for each entry's export name, to be wrapped in a
 * function scope. `failures`: the entries ajv could not compile, each compiled as `true` instead
 * (a schema that cannot be compiled costs its own validation, never the other tools').
 */
export interface ChunkResult {
  body: string;
  failures: Array<{ exportName: string; message: string }>;
  /** Whether the body calls `duplicateItems`, which `validators.ts` then declares (templates/unique-items.ts). */
  uniqueItems?: boolean;
}

const ID_BASE = "https://mcpgen.invalid/";

/** The `$id` a schema compiles under, and what a `$ref` to it names. */
export const validatorId = (exportName: string) => ID_BASE + exportName;

/**
 * Compiles `entries`, each to a `const` named by its export name. Of the
 * context's shared schemas, ajv compiles those an entry uses, once, and no others.
 */
export async function compileValidatorChunk(entries: readonly ValidatorEntry[], context: CompileContext = STANDALONE): Promise<ChunkResult> {
  const compiler = loadCompiler();
  const { Ajv, draft2020Vocabularies, standaloneCode, _ } = compiler;
  const modes = context.patternModes ?? [];
  // The same engine compiles here (checking that the linear matcher takes each pattern) and in the output.
  const regExp = modes.length === 0 ? undefined : Object.assign(patternEngine(new Map(modes), LinearRegExp), { code: PATTERN_ENGINE_NAME });
  // Ajv2020 is ajv's core with the 2020-12 vocabularies, the 2020-12 meta-schema, and `next`,
  // `unevaluated` and `dynamicRef` forced on. Here `unevaluated` is on only where a schema needs
  // it (see `CompileContext`); `dynamicRef` is off, since normalization resolves `$dynamicRef` into plain refs and the
  // option gives every function a parameter it never uses; the meta-schema only serves schema
  // validation, which is off.
  const ajv = new Ajv({
    next: true,
    unevaluated: context.tracksEvaluation,
    dynamicRef: false,
    code: {
      source: true,
      esm: true,
      lines: true,
      formats: _`formats`,
      ...(regExp === undefined ? {} : { regExp }),
      // This instance only writes source code; it never validates. Handing the
      // Function constructor a stub instead of each generated validator skips
      // V8 compiling megabytes of code nobody will call here (standalone output
      // is built from \`validate.source\`, not from the evaluated function).
      process: () => "return function unused() { return false; }",
    },
    strict: false,
    // A `$ref` is a call, never a copy: repeated subschemas are shared so that they compile once.
    inlineRefs: false,
    // NaN and ±Infinity are no JSON numbers (RFC 8259 section 6): JSON.stringify sends them as
    // null, so a validator that took them for numbers would pass what the server then rejects.
    strictNumbers: true,
    allErrors: true,
    // The runtime words each error from its keyword and params (errorMessage in
    // templates/client-runtime.ts): a message here would be written at every check.
    messages: false,
    ownProperties: true,
    validateSchema: false,
    logger: false,
  });
  for (const vocabulary of draft2020Vocabularies) ajv.addVocabulary(vocabulary);
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword(multipleOfKeyword(_));
  ajv.removeKeyword("uniqueItems");
  ajv.addKeyword(uniqueItemsKeyword(compiler));
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);

  const withId = (entry: ValidatorEntry) => {
    const id = validatorId(entry.exportName);
    const schema = entry.schema;
    return typeof schema === "boolean" ? { $id: id, ...(schema ? {} : { not: {} }) } : { ...(schema as object), $id: id };
  };
  for (const entry of context.shared) ajv.addSchema(withId(entry));
  const mapping: Record<string, string> = {};
  const failures: ChunkResult["failures"] = [];
  for (const entry of entries) {
    const id = validatorId(entry.exportName);
    try {
      ajv.addSchema(withId(entry));
      ajv.getSchema(id);
    } catch (error) {
      failures.push({ exportName: entry.exportName, message: (error as Error).message });
      ajv.removeSchema(id);
      ajv.addSchema(withId({ exportName: entry.exportName, schema: true }));
    }
    mapping[entry.exportName] = id;
  }
  if (entries.length === 0) return { body: "", failures };
  // ajv writes server text (enum values, property names, patterns) into string literals as JSON does, bidirectional controls raw.
  const body = escapeBidiControls(inlineRuntime(standaloneCode(ajv, mapping))).trim();
  return { body, failures, ...(USES_UNIQUE_ITEMS.test(body) ? { uniqueItems: true } : {}) };
}

/**
 * ajv's modules (a worker started ahead of its chunks loads them while it
 * waits). Through `require`, which caches them and hands over `module.exports`
 * whichever loader runs this: Node's and the test runner's `import()` disagree
 * on what the `default` of a CommonJS module with `exports.default` is.
 */
export function loadCompiler() {
  const require = createRequire(import.meta.url);
  return {
    Ajv: (require("ajv/dist/core.js") as typeof import("ajv/dist/core.js")).default,
    draft2020Vocabularies: (require("ajv/dist/vocabularies/draft2020.js") as typeof import("ajv/dist/vocabularies/draft2020.js")).default,
    standaloneCode: (require("ajv/dist/standalone/index.js") as typeof import("ajv/dist/standalone/index.js")).default,
    _: (require("ajv/dist/compile/codegen/index.js") as typeof import("ajv/dist/compile/codegen/index.js"))._,
    uniqueItems: (require("ajv/dist/vocabularies/validation/uniqueItems.js") as typeof import("ajv/dist/vocabularies/validation/uniqueItems.js")).default,
  };
}

/**
 * `multipleOf` as ajv's, but with the quotient compared to its nearest integer
 * to 9 decimal places (19.99 is a multiple of 0.01, though 19.99 / 0.01 is
 * 1998.9999999999998 in floating point) and a quotient that overflows
 * (1e308 / 0.123456789 is Infinity) counted as no multiple, as ajv's default
 * counts it. ajv's `multipleOfPrecision` option does the former but accepts
 * every such overflow.
 */
function multipleOfKeyword(_: ReturnType<typeof loadCompiler>["_"]): import("ajv/dist/core.js").CodeKeywordDefinition {
  return {
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    error: { message: "", params: ({ schemaCode }) => _`{multipleOf: ${schemaCode}}` },
    code(cxt) {
      const { gen, data, schemaCode } = cxt;
      const quotient = gen.let("res");
      cxt.fail(_`(${quotient} = ${data}/${schemaCode}, !isFinite(${quotient}) || Math.abs(Math.round(${quotient}) - ${quotient}) > 1e-9)`);
    },
  };
}

/**
 * `uniqueItems` as ajv's, with the same error (`params: { i, j }`, the
 * duplicate pair ajv's pairwise check names), but found in linear time by
 * `duplicateItems` (templates/unique-items.ts). ajv compares every pair of
 * items, unless the `items` schema types them as one primitive type: then it
 * keys them by `String(item)` in a plain object (where two `"__proto__"`
 * strings are never found equal), passes over items of another type, and
 * names another pair. Exported for the tests, which compare it with ajv's.
 */
export function uniqueItemsKeyword({
  _,
  uniqueItems,
}: Pick<ReturnType<typeof loadCompiler>, "_" | "uniqueItems">): import("ajv/dist/core.js").CodeKeywordDefinition {
  return {
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    error: uniqueItems.error!,
    code(cxt) {
      const { gen, data, schema } = cxt;
      if (schema !== true) return;
      const valid = gen.let("valid", true);
      const i = gen.let("i", _`${data}.length`);
      const j = gen.let("j");
      cxt.setParams({ i, j });
      gen.if(_`${i} > 1`, () => {
        const find = gen.scopeValue("func", { ref: duplicateItems, code: _`duplicateItems` });
        const duplicate = gen.const("duplicate", _`${find}(${data})`);
        gen.if(duplicate, () => {
          gen.assign(i, _`${duplicate}[0]`);
          gen.assign(j, _`${duplicate}[1]`);
          cxt.error();
          gen.assign(valid, false);
        });
      });
      cxt.ok(valid);
    },
  };
}

/** A chunk's declaration of `duplicateItems` under ajv's name for it (a scope value: `const func3 = duplicateItems;`). */
const USES_UNIQUE_ITEMS = /^const func\d+ = duplicateItems;$/m;

/** ajv's runtime modules mcpgen inlines (templates/validator-runtime.ts), by module name. */
const INLINED_RUNTIME: Readonly<Record<string, string>> = { ucs2length: "ucs2length", equal: "equal" };

/**
 * One pass over ajv's output: runtime references point at the inlined
 * helpers and exports become chunk-local constants. Any other `require` is a
 * bug to report, not to ship.
 */
function inlineRuntime(code: string): string {
  return code.replace(
    /^"use strict";\n?|require\("([^"]+)"\)(?:\.default)?|^export const (\w+) = /gm,
    (match, module: string | undefined, exported: string | undefined) => {
      if (exported !== undefined) return `const ${exported} = `;
      if (module === undefined) return "";
      const helper = module.startsWith("ajv/dist/runtime/") ? INLINED_RUNTIME[module.slice("ajv/dist/runtime/".length)] : undefined;
      if (helper === undefined || !match.endsWith(".default")) throw new Error(`internal: compiled validators need ${module}, which mcpgen does not inline`);
      return helper;
    },
  );
}
