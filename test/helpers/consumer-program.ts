/**
 * A program that uses generated code as an app does (test/consumers/*.ts):
 * type-checked under the strict settings, compiled by tsc, and run by Node.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { repoRoot, typecheck, type ModuleMode, type TypecheckResult } from "./typecheck.js";

const run = promisify(execFile);

/**
 * What a program is checked with: console from the DOM library (no Node types needed), and declaration
 * files taken as they are (a package's own, e.g. the SDK's, may need Node types): the generated code is
 * TypeScript source, checked in full.
 */
const PROGRAM_OPTIONS = { lib: ["ES2022", "DOM"], compilerOptions: { skipLibCheck: true } } as const;

/** The program type-checked without emitting. */
export function typecheckProgram(entry: string, mode: ModuleMode): Promise<TypecheckResult> {
  return typecheck([], mode, { files: [entry], ...PROGRAM_OPTIONS });
}

/** Compiles the program (NodeNext) and what it imports, runs it (with `args`), and parses the JSON line it prints. */
export async function compileAndRun(entry: string, args: readonly string[] = []): Promise<unknown> {
  // Inside the repository, so that the compiled program finds its packages (the SDKs) in node_modules.
  await mkdir(join(repoRoot, ".tmp"), { recursive: true });
  const outDir = await mkdtemp(join(repoRoot, ".tmp", "consumer-"));
  const compiled = await typecheck([], "NodeNext", {
    files: [entry],
    lib: PROGRAM_OPTIONS.lib,
    compilerOptions: { ...PROGRAM_OPTIONS.compilerOptions, noEmit: false, outDir, rootDir: repoRoot },
  });
  if (!compiled.ok) throw new Error(`the program does not compile:\n${compiled.output}`);
  await writeFile(join(outDir, "package.json"), JSON.stringify({ type: "module" }));
  const script = join(outDir, relative(repoRoot, entry)).replace(/\.ts$/, ".js");
  try {
    const { stdout } = await run(process.execPath, [script, ...args], { timeout: 30_000 });
    return JSON.parse(stdout) as unknown;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
