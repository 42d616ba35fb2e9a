/**
 * Emits `validators.ts`: standalone validation code compiled by ajv from every
 * tool's input and output schema, with ajv's runtime helpers and the format
 * checks inlined from `templates/validator-runtime.ts`, so the file imports
 * nothing. Also emits `validate.ts`, the typed `validateInput`/`validateOutput`.
 */
import { readFile } from "node:fs/promises";
import { userError } from "../errors.js";
import type { EmittedFile, ManifestIR, Schema, SchemaObject } from "../ir.js";
import { jsDoc, objectLiteralKey } from "../text/escape.js";
import { fileHeader } from "./header.js";
import { templatePath } from "./templates.js";

/** Keywords with no effect on validation: dropped from what ajv compiles, so the output does not embed descriptions. */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"]);

export interface ValidatorExports {
  /** Export name in `validators.ts` of each tool's input validator, by wire name. */
  input: Map<string, string>;
  output: Map<string, string>;
}

export async function emitValidators(ir: ManifestIR): Promise<{ files: EmittedFile[]; exports: ValidatorExports }> {
  const [ajvModule, standaloneModule, { _ }, runtime, runtimeSource] = await Promise.all([
    import("ajv/dist/2020.js"),
    import("ajv/dist/standalone/index.js"),
    import("ajv/dist/compile/codegen/index.js"),
    import("../../templates/validator-runtime.js"),
    readFile(templatePath("validator-runtime.ts"), "utf8"),
  ]);
  // CommonJS modules seen from ESM: the class is the `default` of `module.exports`.
  const Ajv2020 = ajvModule.default.default;
  const standaloneCode = standaloneModule.default.default;
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: true, formats: _`formats` },
    strict: false,
    allErrors: true,
    ownProperties: true,
    validateSchema: false,
    logger: false,
    unicodeRegExp: true,
  });
  const knownFormats = new Set(Object.keys(runtime.formats));
  for (const [name, format] of Object.entries(runtime.formats)) ajv.addFormat(name, format);

  const exportsMap: ValidatorExports = { input: new Map(), output: new Map() };
  const mapping: Record<string, string> = {};
  ir.tools.forEach((tool, index) => {
    for (const role of ["input", "output"] as const) {
      const normalized = tool[role];
      if (normalized === undefined) continue;
      const exportName = `${role}${index}`;
      const id = `https://mcpgen.invalid/tools/${index}/${role}`;
      const schema = validationSchema(normalized.schema, knownFormats);
      try {
        ajv.addSchema(typeof schema === "boolean" ? { $id: id, ...(schema ? {} : { not: {} }) } : { ...schema, $id: id });
        ajv.getSchema(id);
      } catch (error) {
        throw userError("schema-invalid", `ajv cannot compile this schema: ${(error as Error).message}`, {
          file: ir.source,
          tool: tool.wireName,
          pointer: normalized.pointer,
          hint: "fix the schema on the server or in the manifest",
        });
      }
      mapping[exportName] = id;
      exportsMap[role].set(tool.wireName, exportName);
    }
  });

  const compiled = Object.keys(mapping).length === 0 ? "" : standaloneCode(ajv, mapping);
  const code = inlineRuntime(compiled);
  const helpers = runtimeSource
    .replace(/^\/\*\*[\s\S]*?\*\/\n/, "")
    .replace(/^export /gm, "");
  const validators = [
    fileHeader(ir, "Standalone validators compiled by ajv from the tools' JSON Schemas. Imports nothing."),
    "// @ts-nocheck",
    "/* eslint-disable */",
    helpers.trim(),
    "",
    code.trim(),
    "",
  ].join("\n");
  return {
    files: [
      { path: "validators.ts", contents: validators, format: "none" },
      { path: "validate.ts", contents: validateModule(ir, exportsMap), format: "typescript" },
    ],
    exports: exportsMap,
  };
}

/** Drops annotations and unknown formats; the rest is what ajv compiles. */
function validationSchema(schema: Schema, knownFormats: ReadonlySet<string>): Schema {
  if (typeof schema === "boolean") return schema;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (key === "format" && !knownFormats.has(value as string)) continue;
    if (key === "properties" || key === "patternProperties" || key === "$defs" || key === "dependentSchemas") {
      const map: Record<string, Schema> = {};
      for (const [name, sub] of Object.entries(value as Record<string, Schema>)) {
        Object.defineProperty(map, name, { value: validationSchema(sub, knownFormats), enumerable: true, writable: true, configurable: true });
      }
      out[key] = map;
    } else if (key === "enum" || key === "const" || key === "required" || key === "dependentRequired" || key === "type") {
      out[key] = value;
    } else if (Array.isArray(value)) {
      out[key] = value.map((item: Schema) => validationSchema(item, knownFormats));
    } else if (typeof value === "object" || typeof value === "boolean") {
      out[key] = validationSchema(value as Schema, knownFormats);
    } else {
      out[key] = value;
    }
  }
  return out;
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

function validateModule(ir: ManifestIR, exportsMap: ValidatorExports): string {
  const imports = [...exportsMap.input.values(), ...exportsMap.output.values()];
  // Every tool has an entry; `null` marks a tool without an outputSchema (anything goes).
  const entries = (role: "input" | "output") =>
    ir.tools.map((tool) => `  ${objectLiteralKey(tool.wireName)}: ${exportsMap[role].get(tool.wireName) ?? "null"},`).join("\n");
  return `${fileHeader(ir, "Typed entry points to the compiled validators.")}
${imports.length > 0 ? `import { ${imports.join(", ")} } from "./validators.js";\n` : ""}import type { ToolMap, ToolName } from "./types.js";
import { runValidator, type CompiledValidator, type ValidationResult, type Validators } from "./runtime.js";

const inputValidators: { readonly [name: string]: CompiledValidator | null } = {
${entries("input")}
};

const outputValidators: { readonly [name: string]: CompiledValidator | null } = {
${entries("output")}
};

/** Untyped view for the client runtime. */
export const validators: Validators = {
  validateInput: (toolName, value) => runValidator(inputValidators, toolName, value, "input"),
  validateOutput: (toolName, value) => runValidator(outputValidators, toolName, value, "output"),
};

${jsDoc({ text: "Checks tool arguments against the tool's `inputSchema`. Issues carry JSON pointers into `value`." })}export function validateInput<N extends ToolName>(toolName: N, value: unknown): ValidationResult<ToolMap[N]["input"]> {
  return runValidator(inputValidators, toolName, value, "input");
}

${jsDoc({ text: "Checks `structuredContent` against the tool's `outputSchema`; a tool without one accepts anything." })}export function validateOutput<N extends ToolName>(toolName: N, value: unknown): ValidationResult<ToolMap[N]["output"]> {
  return runValidator(outputValidators, toolName, value, "output");
}
`;
}
