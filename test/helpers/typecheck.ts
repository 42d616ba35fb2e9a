/**
 * Type-checks generated code with the native TypeScript 7 compiler under the
 * strictest settings users run: strict, exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess, verbatimModuleSyntax, with module NodeNext and
 * with Bundler resolution.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative, resolve, sep } from "node:path";
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

/** How a module names another: `from "…"`, `import "…"`, `import("…")`, `require("…")`, either quote. */
const SPECIFIER = /\b(?:from|import|require)\s*\(?\s*(["'])(.*?)\1/g;
/** What makes a module more than its exports to the program: global declarations, a default export, references. */
const NOT_SHAREABLE = /\bdeclare\s+(?:global|module)\b|\bexport\s+(?:default\b|=)|\bas\s+default\b|\/\/\/\s*<reference\b/;

/**
 * Makes `outputs` (generated clients or scaffolds, each a directory under one program's type-check) keep one copy of
 * each module they carry unchanged: the runtimes copied from templates/, thousands of lines that one type-check of
 * many outputs would otherwise check once an output. Copies of a module (the same path in several outputs) are kept
 * once when they are byte for byte the same (but for a comment on their first line), under the same module type (their
 * package.json's "type"), with no node_modules of an output's own and nothing global or default in them, and either
 * import nothing by a relative path (or a package.json "imports" one), or are the same in every output that has them
 * and import only modules that are too (a copy that imported the output's own types would mean something else in each
 * output). The other copies become `export * from "<the first copy>"`: the output's own modules import the same
 * declarations, checked once, and report the same errors. Returns how many copies were replaced, and what puts them
 * back (for outputs that are run after).
 */
export async function shareIdenticalModules(outputs: readonly string[]): Promise<{ replaced: number; restore: () => Promise<void> }> {
  const originals: Array<{ path: string; contents: string }> = [];
  const restore = async () => {
    for (const { path, contents } of originals.splice(0)) await writeFile(path, contents);
  };
  if (outputs.some((output) => existsSync(join(output, "node_modules")))) return { replaced: 0, restore };
  const moduleTypes = new Map<string, Promise<string>>();
  const moduleType = (directory: string): Promise<string> => {
    let known = moduleTypes.get(directory);
    if (known === undefined) {
      const parent = dirname(directory);
      known = readFile(join(directory, "package.json"), "utf8").then(
        (text) => String((JSON.parse(text) as { type?: unknown }).type ?? "commonjs"),
        () => (parent === directory ? "commonjs" : moduleType(parent)),
      );
      moduleTypes.set(directory, known);
    }
    return known;
  };
  /** Relative path (with `/`) → each output's copy: its path and what identifies its meaning. */
  const copies = new Map<string, Array<{ path: string; key: string; contents: string }>>();
  for (const output of outputs) {
    for (const entry of await readdir(output, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".ts") || entry.name.endsWith(".d.ts")) continue;
      const path = join(entry.parentPath, entry.name);
      const contents = await readFile(path, "utf8");
      // Its first line's comment (which names the manifest it was generated from) aside: nothing in a line comment,
      // which any line terminator ends, is type-checked.
      const key = `${await moduleType(entry.parentPath)}\0${contents.replace(/^\/\/[^\n\r\u2028\u2029]*/, "")}`;
      const name = relative(output, path).split(sep).join("/");
      copies.set(name, [...(copies.get(name) ?? []), { path, key, contents }]);
    }
  }
  const imports = (contents: string) => [...contents.matchAll(SPECIFIER)].map((match) => match[2]!).filter((specifier) => /^[.#]/.test(specifier));
  // Modules the same in every output that has them, whose relative imports are too: repeated until none is dropped.
  const uniform = new Set(
    [...copies]
      .filter(([, each]) => each.length > 1 && each.every((copy) => copy.key === each[0]!.key) && !NOT_SHAREABLE.test(each[0]!.contents))
      .map(([name]) => name),
  );
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const name of uniform) {
      if (imports(copies.get(name)![0]!.contents).some((specifier) => !uniform.has(posix.join(posix.dirname(name), specifier.replace(/\.js$/, ".ts"))))) {
        uniform.delete(name);
        dropped = true;
      }
    }
  }
  // Each set of copies to keep one of: a uniform module's, or the copies of another module that are the same as each
  // other, where they import nothing by a relative path (and so mean the same wherever they are).
  const sets = [...copies].flatMap(([name, each]) => {
    if (uniform.has(name)) return [each];
    const same = new Map<string, typeof each>();
    for (const copy of each) same.set(copy.key, [...(same.get(copy.key) ?? []), copy]);
    return [...same.values()].filter((set) => set.length > 1 && !NOT_SHAREABLE.test(set[0]!.contents) && imports(set[0]!.contents).length === 0);
  });
  for (const [first, ...others] of sets) {
    for (const copy of others) {
      const specifier = relative(dirname(copy.path), first!.path).split(sep).join("/").replace(/\.ts$/, ".js");
      originals.push({ path: copy.path, contents: copy.contents });
      await writeFile(copy.path, `export * from "${specifier.startsWith(".") ? specifier : `./${specifier}`}";\n`);
    }
  }
  return { replaced: originals.length, restore };
}
