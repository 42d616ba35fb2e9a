/**
 * Type-checks generated code with the native TypeScript 7 compiler under the
 * strictest settings users run: strict, exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess, verbatimModuleSyntax, with module NodeNext and
 * with Bundler resolution.
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const repoRoot = resolve(import.meta.dirname, "../..");
const tsc = join(repoRoot, "node_modules/tsc7/bin/tsc");

/**
 * What every type-check of the suite passes tsc 7: one thread. Its checkers otherwise run on several threads, which
 * on the suite's two busy cores cost about twice the CPU (and more time, not less) for the same diagnostics: the suite
 * already runs two test files at once and many type-checks of small programs.
 */
export const SINGLE_THREADED = "--singleThreaded";

export type ModuleMode = "NodeNext" | "Bundler";

export const STRICT_OPTIONS = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  // What Node's built-in type stripping can run.
  erasableSyntaxOnly: true,
  target: "ES2022",
  noEmit: true,
  skipLibCheck: false,
} as const;

export interface TypecheckResult {
  ok: boolean;
  output: string;
}

/**
 * Type-checks every `.ts` file under `directories` (each must sit below a
 * package.json with "type": "module", as an ESM project's sources do).
 * `files` adds single files; `typeRoots` lets test programs see node_modules.
 */
export async function typecheck(
  directories: readonly string[],
  mode: ModuleMode,
  extra: {
    files?: readonly string[];
    types?: readonly string[];
    baseUrl?: string;
    lib?: readonly string[];
    compilerOptions?: Readonly<Record<string, unknown>>;
  } = {},
): Promise<TypecheckResult> {
  const configDir = await mkdtemp(join(tmpdir(), "mcpgen-tsc-"));
  const compilerOptions = {
    ...STRICT_OPTIONS,
    ...(mode === "NodeNext" ? { module: "NodeNext", moduleResolution: "NodeNext" } : { module: "ESNext", moduleResolution: "Bundler" }),
    types: extra.types ?? [],
    // No DOM and no Node types by default: generated code must not depend on either.
    lib: extra.lib ?? ["ES2022"],
    ...extra.compilerOptions,
  };
  const config = {
    compilerOptions,
    include: directories.map((directory) => join(resolve(directory), "**/*.ts")),
    ...(extra.files && extra.files.length > 0 ? { files: extra.files.map((file) => resolve(file)) } : {}),
  };
  const path = join(configDir, `tsconfig.${mode}.json`);
  await writeFile(path, JSON.stringify(config, null, 2));
  try {
    const { stdout, stderr } = await run(process.execPath, [tsc, "-p", path, "--pretty", "false", SINGLE_THREADED], {
      cwd: extra.baseUrl ?? repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: (failure.stdout ?? "") + (failure.stderr ?? "") || failure.message };
  }
}
