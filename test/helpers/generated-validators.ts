/**
 * Generates a client's validators for tools given inline (every validator
 * file, `validate.ts`, `types.ts` and `runtime.ts`) into an ESM project, and
 * loads them: each tool's module and the typed entry points.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { emitRuntime } from "../../src/emit/client/runtime-module.js";
import { emitTypes } from "../../src/emit/types/index.js";
import { emitValidate, emitToolValidators, toolValidatorsPath } from "../../src/emit/validators/index.js";
import { printFile } from "../../src/format/printer/index.js";
import type { ManifestIR } from "../../src/ir/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { nativeImportUrl, transpileDirectory } from "./native-import.js";
import { esmProject } from "./output-dir.js";

export interface Issue {
  path: string;
  message: string;
}

/** A generated validator (`validators/<file>.ts`): see templates/validator-runtime.ts. */
export type Check = (data: unknown, path?: string, issues?: Issue[]) => boolean;

export type Validate = (tool: string, value: unknown) => { ok: true; value: unknown } | { ok: false; issues: Issue[] };

export interface GeneratedValidators {
  directory: string;
  ir: ManifestIR;
  /** Each tool's module, by wire name. */
  modules: Map<string, { input: Check; output?: Check }>;
  validateInput: Validate;
  validateOutput: Validate;
}

/** The issues `check` reports for `value` (none when valid), as `runValidator` asks for them; its verdict alone agrees. */
export function issuesOf(check: Check, value: unknown): Issue[] {
  const issues: Issue[] = [];
  check(value, "", issues);
  if (check(value) !== (issues.length === 0)) throw new Error(`the verdict alone (${check(value)}) disagrees with the issues: ${JSON.stringify(issues)}`);
  return issues;
}

export async function generateValidators(tools: readonly unknown[], prefix: string, source = `${prefix}.tools.json`): Promise<GeneratedValidators> {
  const ir = normalizeManifest(recogniseManifest({ tools }, source));
  return writeValidators(ir, prefix);
}

export async function writeValidators(ir: ManifestIR, prefix: string): Promise<GeneratedValidators> {
  const directory = await esmProject(prefix);
  const files = [...emitToolValidators(ir, "js"), emitValidate(ir, "js"), emitTypes(ir), emitRuntime(ir)];
  for (const file of files) {
    await mkdir(dirname(join(directory, file.path)), { recursive: true });
    await writeFile(join(directory, file.path), "statements" in file ? printFile(file) : file.contents);
  }
  await transpileDirectory(directory);
  const modules = new Map<string, { input: Check; output?: Check }>();
  for (const tool of ir.tools) {
    modules.set(tool.wireName, (await import(nativeImportUrl(directory, toolValidatorsPath(tool)))) as { input: Check; output?: Check });
  }
  const entry = (await import(nativeImportUrl(directory, "validate.ts"))) as { validateInput: Validate; validateOutput: Validate };
  return { directory, ir, modules, validateInput: entry.validateInput, validateOutput: entry.validateOutput };
}
