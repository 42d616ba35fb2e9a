/**
 * Compiles validation schemas to standalone JavaScript with ajv. Pure and
 * self-contained so it runs the same in the main thread and in a worker.
 *
 * Each call compiles one chunk of schemas with its own ajv instance and
 * returns code that declares only `const <exportName> = ...` for each entry:
 * the chunk's internals are wrapped in a function scope, so chunks compiled
 * separately (in parallel) never collide on ajv's generated names.
 */
import { formats } from "../../templates/validator-runtime.js";

export interface ValidatorEntry {
  exportName: string;
  schema: unknown;
}

export type ChunkResult = { ok: true; code: string } | { ok: false; exportName: string; message: string };

const ID_BASE = "https://mcpgen.invalid/";

export async function compileValidatorChunk(entries: readonly ValidatorEntry[]): Promise<ChunkResult> {
  const [ajvModule, standaloneModule, codegen] = await Promise.all([
    import("ajv/dist/2020.js"),
    import("ajv/dist/standalone/index.js"),
    import("ajv/dist/compile/codegen/index.js"),
  ]);
  // CommonJS modules seen from ESM: the class is the `default` of `module.exports`.
  const Ajv2020 = ajvModule.default.default;
  const standaloneCode = standaloneModule.default.default;
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: true, formats: codegen._`formats` },
    strict: false,
    allErrors: true,
    ownProperties: true,
    validateSchema: false,
    logger: false,
  });
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);

  const mapping: Record<string, string> = {};
  for (const entry of entries) {
    const id = ID_BASE + entry.exportName;
    const schema = entry.schema;
    try {
      ajv.addSchema(typeof schema === "boolean" ? { $id: id, ...(schema ? {} : { not: {} }) } : { ...(schema as object), $id: id });
      ajv.getSchema(id);
    } catch (error) {
      return { ok: false, exportName: entry.exportName, message: (error as Error).message };
    }
    mapping[entry.exportName] = id;
  }
  if (entries.length === 0) return { ok: true, code: "" };
  const names = entries.map((entry) => entry.exportName);
  const body = inlineRuntime(standaloneCode(ajv, mapping)).replace(/^export const (\w+) = /gm, "const $1 = ");
  return { ok: true, code: `const { ${names.join(", ")} } = (() => {\n${body.trim()}\nreturn { ${names.join(", ")} };\n})();\n` };
}

const RUNTIME_REFERENCES: ReadonlyArray<[RegExp, string]> = [
  [/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, "ucs2length"],
  [/require\("ajv\/dist\/runtime\/equal"\)\.default/g, "equal"],
];

/** Points ajv's runtime references at the inlined helpers; anything else it needs is a bug to report, not to ship. */
function inlineRuntime(code: string): string {
  let result = code.replace(/^"use strict";\n?/, "");
  for (const [pattern, replacement] of RUNTIME_REFERENCES) result = result.replace(pattern, replacement);
  const leftover = /require\("([^"]+)"\)/.exec(result);
  if (leftover) throw new Error(`internal: compiled validators need ${leftover[1]}, which mcpgen does not inline`);
  return result;
}
