/**
 * Scaffolded projects for the scaffold tests, built and run for real.
 *
 * One `npm pack` of mcpgen and one install are shared by every scaffold test
 * file of a run, and by later runs while mcpgen's sources stay the same: they
 * live in `.tmp/scaffold-deps/<hash of the package's files>/`. The pack is made
 * from a staged copy of the package (its `files` plus what `prepack` needs),
 * so building it never rewrites the `dist/` other tests are reading. The
 * install is what the READMEs tell a user to do: an app that installs the
 * tarball (`npm install -D <tarball>`), a weather server scaffolded from it by
 * the installed CLI, and that server's own `npm install`. Other scaffolds are
 * made inside the app too (where `npm run generate` finds the app's mcpgen),
 * their `node_modules` linked to the server's.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { scaffold, type ScaffoldResult } from "../../src/commands/scaffold.js";
import { repoRoot, SINGLE_THREADED } from "./typecheck.js";

const run = promisify(execFile);

export { repoRoot };

/** The shared corpus of real tools/list results (absent outside the workspace). */
export const corpusDir = resolve(repoRoot, "../shared/corpus");
export const corpusAvailable = existsSync(corpusDir);
export const corpusSkipReason = `../shared/corpus (${corpusDir}) is absent: corpus scaffolds are skipped`;

export const weatherManifest = join(repoRoot, "examples/weather.tools.json");

const tsc7 = join(repoRoot, "node_modules/tsc7/bin/tsc");
const tsc6 = join(repoRoot, "node_modules/typescript/bin/tsc");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
/** npm run from inside `npm test` would otherwise inherit the outer script's settings. */
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.toLowerCase().startsWith("npm_")));

/** What goes into the package: its `files`, plus what `npm pack` needs to build it (`prepack`). */
const PACKAGE_ENTRIES = ["package.json", "tsconfig.json", "README.md", "bin", "src", "templates", "schema", "docs", "scripts", "examples/weather.tools.json"];

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) return [];
  if (info.isFile()) return [path];
  const entries = await readdir(path);
  return (await Promise.all(entries.sort().map((entry) => filesUnder(join(path, entry))))).flat();
}

async function packageHash(): Promise<string> {
  const hash = createHash("sha256");
  for (const entry of PACKAGE_ENTRIES) {
    for (const file of await filesUnder(join(repoRoot, entry))) {
      hash
        .update(relative(repoRoot, file))
        .update("\0")
        .update(await readFile(file))
        .update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

export interface SharedInstall {
  /** The packed mcpgen. */
  tarball: string;
  /** An app that installed the tarball as the README says (`npm install -D <tarball>`). */
  app: string;
  /** A weather scaffold made by the app's mcpgen inside the app, installed with its own `npm install`. */
  project: string;
  nodeModules: string;
}

let shared: Promise<SharedInstall> | undefined;

/** The run's shared pack and install, made once (under a lock, so parallel test files wait for the first). */
export function sharedInstall(): Promise<SharedInstall> {
  shared ??= makeSharedInstall();
  return shared;
}

async function makeSharedInstall(): Promise<SharedInstall> {
  const base = join(repoRoot, ".tmp/scaffold-deps");
  const key = await packageHash();
  const directory = join(base, key);
  const ready = join(directory, "ready.json");
  await mkdir(base, { recursive: true });
  const lock = `${directory}.lock`;
  for (;;) {
    if (existsSync(ready)) return JSON.parse(await readFile(ready, "utf8")) as SharedInstall;
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 15 * 60_000) await rm(lock, { recursive: true, force: true });
      await new Promise((resolveWait) => setTimeout(resolveWait, 250));
    }
  }
  try {
    if (existsSync(ready)) return JSON.parse(await readFile(ready, "utf8")) as SharedInstall;
    // Installs of older sources go after a while; not at once, as a test file that
    // started before the sources changed may still be using its install.
    for (const entry of await readdir(base)) {
      if (entry === key || entry.endsWith(".lock")) continue;
      const age = Date.now() - (await stat(join(base, entry)).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
      if (age > 20 * 60_000) await rm(join(base, entry), { recursive: true, force: true });
    }
    await rm(directory, { recursive: true, force: true });
    const stage = join(directory, "package");
    await mkdir(stage, { recursive: true });
    for (const entry of PACKAGE_ENTRIES) {
      if (existsSync(join(repoRoot, entry))) await cp(join(repoRoot, entry), join(stage, entry), { recursive: true });
    }
    await symlink(join(repoRoot, "node_modules"), join(stage, "node_modules"), "dir");
    // `npm pack` runs `prepack` (the build, and the package.json without scripts) in the staged copy.
    const packed = await run(npm, ["pack", "--json", "--pack-destination", directory], { cwd: stage, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
    const report = /(\[\s*\{[\s\S]*\])\s*$/.exec(packed.stdout);
    const filename = report === null ? undefined : (JSON.parse(report[1]!) as Array<{ filename?: string }>)[0]?.filename;
    if (filename === undefined) throw new Error(`npm pack printed no report:\n${packed.stdout}\n${packed.stderr}`);
    const tarball = join(directory, filename);

    // The README's "Install", then the scaffold's own README: npm install.
    const app = join(directory, "app");
    await mkdir(app);
    await writeFile(join(app, "package.json"), `${JSON.stringify({ name: "app", version: "1.0.0", private: true, type: "module" }, null, 2)}\n`);
    await run(npm, ["install", "-D", tarball, ...NPM_INSTALL_FLAGS], { cwd: app, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
    // docs/scaffold.md's first command, on the example manifest the package ships.
    const shipped = join("node_modules", "mcpgen", "examples", "weather.tools.json");
    await run(join(app, "node_modules/.bin/mcpgen"), ["scaffold", shipped, "--out", "weather-server", "-q"], { cwd: app, env: npmEnv });
    const project = join(app, "weather-server");
    await run(npm, ["install", ...NPM_INSTALL_FLAGS], { cwd: project, env: npmEnv, maxBuffer: 64 * 1024 * 1024 });
    const result: SharedInstall = { tarball, app, project, nodeModules: join(project, "node_modules") };
    await writeFile(ready, JSON.stringify(result));
    return result;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Flags for the installs that change what npm prints and where it looks
 * first, never what it installs: the cache before the registry, no audit
 * or funding notices.
 */
const NPM_INSTALL_FLAGS = ["--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];

/** A fresh scaffold of `manifest` in a temporary directory named `name`, its node_modules linked to the shared install. */
export async function scaffoldProject(
  manifest: string,
  name: string,
  options: { install?: boolean } = {},
): Promise<{ project: string; result: ScaffoldResult }> {
  const install = options.install === false ? undefined : await sharedInstall();
  const parent = await mkdtemp(join(install?.app ?? tmpdir(), "mcpgen-scaffold-"));
  const project = join(parent, name);
  const result = await scaffold({ manifest, outDir: project });
  if (install !== undefined) await symlink(install.nodeModules, join(project, "node_modules"), "dir");
  return { project, result };
}

export interface CompileResult {
  ok: boolean;
  output: string;
}

/**
 * Type-checks and builds a scaffold with the native TypeScript 7 compiler (`tsc -p <project>/tsconfig.json`), on one
 * thread (SINGLE_THREADED in helpers/typecheck.ts).
 */
export function compile(project: string, flags: readonly string[] = []): Promise<CompileResult> {
  return runCompiler(tsc7, ["-p", join(project, "tsconfig.json"), "--pretty", "false", SINGLE_THREADED, ...flags], project);
}

/** Runs a compiler's command line (`compiler`: its script) in `cwd`: whether it passed, and everything it printed. */
async function runCompiler(compiler: string, args: readonly string[], cwd: string): Promise<CompileResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [compiler, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: (failure.stdout ?? "") + (failure.stderr ?? "") || failure.message };
  }
}

/**
 * Type-checks several scaffolds in one program of the native TypeScript 7 compiler, with `options` (compiler options,
 * as a tsconfig.json writes them) over their own: what `compile(project, flags)` proves of each with `--noEmit`, in one
 * start of the compiler and one read and check of the SDK's and Node's declarations for all of them (seven scaffolds:
 * about 3 s, where one at a time took about 12 s). Their tsconfig.json files must be the same (it throws otherwise);
 * the program is theirs without what only places the emitted files (outDir, sourceMap), and rootDir is checked as the
 * compiler checks it (TS6059): every source file of the program that is not a declaration file from node_modules lies
 * under a scaffold's rootDir. The scaffolds' modules share no global scope (every file is a module: "type": "module"
 * and NodeNext). Each scaffold's result is the diagnostics in its files, paths relative to it as `compile` prints them,
 * and those that belong to no scaffold (the configuration's); `ok` when there are none.
 */
export async function typecheckScaffolds(projects: readonly string[], options: Readonly<Record<string, unknown>> = {}): Promise<Map<string, CompileResult>> {
  const configs = await Promise.all(projects.map((project) => readFile(join(project, "tsconfig.json"), "utf8")));
  const differing = projects.filter((_, index) => configs[index] !== configs[0]);
  if (differing.length > 0) throw new Error(`tsconfig.json of ${differing.join(", ")} differs from ${projects[0]}'s: type-check them with compile()`);
  const config = JSON.parse(configs[0]!) as { compilerOptions: Record<string, unknown>; include: string[]; [key: string]: unknown };
  const { compilerOptions, include, ...rest } = config;
  const { outDir: _outDir, sourceMap: _sourceMap, rootDir, ...checked } = compilerOptions;
  if (Object.keys(rest).length > 0 || typeof rootDir !== "string") throw new Error(`unexpected tsconfig.json in ${projects[0]}: ${configs[0]}`);
  const install = await sharedInstall();
  // Beside the scaffolds, with the node_modules they link to: `types` resolves from the configuration's directory.
  const directory = await mkdtemp(join(install.app, "mcpgen-typecheck-"));
  await symlink(install.nodeModules, join(directory, "node_modules"), "dir");
  const tsconfig = {
    compilerOptions: { ...checked, ...options, noEmit: true },
    include: projects.flatMap((project) => include.map((pattern) => join(project, pattern))),
  };
  await writeFile(join(directory, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
  let output: string;
  try {
    ({ output } = await runCompiler(tsc7, ["-p", join(directory, "tsconfig.json"), "--pretty", "false", "--listFiles", SINGLE_THREADED], directory));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
  // Paths as the platform spells them (tsc prints "/" everywhere), and relative ones as tsc prints them.
  const owner = (path: string) => projects.find((project) => path.startsWith(`${resolve(project)}${sep}`));
  const relativeTo = (project: string, path: string) => relative(project, path).split(sep).join("/");
  const lines = new Map<string | undefined, string[]>();
  const add = (project: string | undefined, line: string) => lines.set(project, [...(lines.get(project) ?? []), line]);
  let current: string | undefined;
  for (const line of output.split("\n")) {
    if (line === "") continue;
    const diagnostic = /^(.+?)\(\d+,\d+\): /.exec(line);
    if (diagnostic !== null) {
      const path = resolve(directory, diagnostic[1]!);
      current = owner(path);
      add(current, current === undefined ? line : relativeTo(current, path) + line.slice(diagnostic[1]!.length));
    } else if (/^\s/.test(line)) {
      add(current, line);
    } else if (isAbsolute(line)) {
      // --listFiles: the program's files, one absolute path a line.
      const project = owner(resolve(line));
      if (!/\.d\.([^./]+\.)?[cm]?ts$/.test(line) && (project === undefined || !resolve(line).startsWith(`${resolve(project, rootDir)}${sep}`))) {
        add(project, `${line}: error TS6059: a source file ${project === undefined ? "of no scaffold" : `outside ${rootDir}/`} (rootDir "${rootDir}")`);
      }
    } else {
      current = undefined;
      add(undefined, line);
    }
  }
  return new Map(
    projects.map((project) => {
      const own = [...(lines.get(project) ?? []), ...(lines.get(undefined) ?? [])];
      return [project, { ok: own.length === 0, output: own.length === 0 ? "" : `${own.join("\n")}\n` }];
    }),
  );
}

/**
 * Type-checks a scaffold with TypeScript 6 (the `typescript` package, `tsc -p <project>/tsconfig.json --noEmit`): what
 * its users who have not moved to the native compiler build with.
 */
export function compileWithTypeScript6(project: string): Promise<CompileResult> {
  return runCompiler(tsc6, ["-p", join(project, "tsconfig.json"), "--pretty", "false", "--noEmit"], project);
}

/** Runs one of a scaffold's npm scripts. */
export async function npmRun(project: string, script: string, args: readonly string[] = []): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(npm, ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
      cwd: project,
      env: npmEnv,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, stdout, stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, stdout: failure.stdout ?? "", stderr: (failure.stderr ?? "") || failure.message };
  }
}

export interface HttpServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts a built scaffold over Streamable HTTP on a free port of 127.0.0.1 (`node dist/server.js --http`, PORT=0). */
export async function startHttp(project: string, options: { env?: Record<string, string> } = {}): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, ["dist/server.js", "--http"], {
    cwd: project,
    env: { PATH: process.env["PATH"] ?? "", PORT: "0", ...options.env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8");
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 15 s:\n${stderr}`)), 15_000);
    child.stderr!.on("data", (chunk: string) => {
      stderr += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${stderr}`));
    });
  });
  return {
    url,
    child,
    stderr: () => stderr,
    stop: () => stopChild(child),
  };
}

/** Ends a child process this test started (SIGTERM, then SIGKILL after 5 s). */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Replaces a handler file with `source` (the test playing the user). */
export async function writeHandler(project: string, path: string, source: string): Promise<void> {
  await writeFile(join(project, path), source);
}
