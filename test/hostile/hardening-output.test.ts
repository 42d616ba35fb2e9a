/**
 * The file system (issue 14, item 6): a dangling symbolic link as --out, a
 * place where directories cannot be made (/proc), the root and the home
 * directory; and temporary files, which no interrupted, terminated or
 * killed run leaves behind past the next run of any kind. Killing happens
 * for real, to the built CLI, while it is staging its files.
 */
import { spawn } from "node:child_process";
import { existsSync, watch } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { treeOutside } from "../helpers/output-dir.js";
import { repoRoot } from "../helpers/typecheck.js";

const weather = join(repoRoot, "examples/weather.tools.json");

async function scratch(prefix: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `mcpgen-hardening-${prefix}-`));
  await writeFile(join(root, "mine.txt"), "the user's\n");
  return root;
}

describe("--out that cannot be an output directory", () => {
  it.each(["generate", "scaffold"])("a dangling symbolic link: %s says so, exit 1, and touches nothing", async (command) => {
    const root = await scratch("dangling");
    const out = join(root, "out");
    await symlink(join(root, "nowhere", "at-all"), out);
    const before = await treeOutside(root, join(root, "none"));
    const result = await runCli([command, weather, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: ${out}: the output directory is a symbolic link to ${join(root, "nowhere", "at-all")}, which does not exist\n  hint: create the directory it points to, or give --out a real directory\n`,
    );
    expect(await treeOutside(root, join(root, "none"))).toEqual(before);
  });

  it.skipIf(!existsSync("/proc/self"))("/proc/self/x, where no directory can be made: a prompt error, not a hang", async () => {
    for (const command of ["generate", "scaffold"]) {
      const result = await runCli([command, weather, "--out", "/proc/self/x"]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^error: \/proc\/self\/x: cannot write the output: ENOENT .*\n  hint: the file system does not let mcpgen create the output there/,
      );
    }
  });
});

describe("the root and the home directory", () => {
  const home = process.env["HOME"];
  afterEach(() => {
    process.env["HOME"] = home;
  });

  it("--out / is refused, before the manifest is even read", async () => {
    const result = await runCli(["generate", "/no/such/manifest.json", "--out", "/"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: /: refusing to write into the root directory (/): mcpgen writes its files at the top of the output directory and removes the ones it generated earlier there\n  hint: give a directory of its own (e.g. --out src/mcp/<name>), or pass --force if you really mean it\n",
    );
  });

  it("the home directory is refused for generate, scaffold, pull and a project target, and accepted with --force", async () => {
    const root = await scratch("home");
    process.env["HOME"] = root;
    const before = await treeOutside(root, join(root, "none"));
    const refused = (stderr: string) => expect(stderr).toContain(`refusing to write into your home directory (${root})`);
    for (const args of [
      ["generate", weather, "--out", root],
      ["scaffold", weather, "--out", `${root}/`],
      ["pull", "http://127.0.0.1:9/mcp", "--out", root],
    ]) {
      const result = await runCli(args);
      expect(result.code, args.join(" ")).toBe(1);
      refused(result.stderr);
      // pull is refused before connecting: no "connection refused".
      expect(result.stderr).not.toContain("ECONNREFUSED");
    }
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [{ name: "w", manifest: weather, out: "." }] }));
    const project = await runCli(["generate"], root);
    expect(project.code).toBe(1);
    refused(project.stderr);
    expect(await treeOutside(root, join(root, "none"))).toEqual({ ...before, "mcpgen.config.json": expect.any(String) });

    const forced = await runCli(["generate", weather, "--out", root, "--force", "-q"]);
    expect(forced).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await readdir(root)).toContain("client.ts");
  });
});

/** A manifest whose output is tens of megabytes (long descriptions), cheap to render with --no-format: staging it takes a while. */
async function heavyManifest(path: string, variant: string): Promise<void> {
  const description = `${variant} ${"lorem ipsum ".repeat(25_000)}`;
  await writeFile(
    path,
    JSON.stringify({
      tools: Array.from({ length: 40 }, (_, index) => ({
        name: `tool_${index}`,
        description,
        inputSchema: { type: "object", properties: { q: { type: "string", description } } },
      })),
    }),
  );
}

interface Stopped {
  temporaries: string[];
  finish: (signal: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/**
 * Starts the built CLI on `args` and freezes it (SIGSTOP) as soon as its
 * first temporary file appears in `out`, so that a signal lands mid-write.
 */
async function stopWhileStaging(args: string[], out: string): Promise<Stopped> {
  const child = spawn(process.execPath, [join(repoRoot, "bin", "mcpgen.js"), ...args], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const watcher = watch(out, (_event, name) => {
      if (name === null || !/\.mcpgen-.*\.tmp$/.test(String(name))) return;
      child.kill("SIGSTOP");
      watcher.close();
      resolve();
    });
    void exited.then(() => {
      watcher.close();
      reject(new Error(`mcpgen finished before writing a temporary file: ${stderr}`));
    });
  });
  const temporaries = (await readdir(out)).filter((name) => name.endsWith(".tmp"));
  return {
    temporaries,
    finish: async (signal) => {
      child.kill(signal);
      child.kill("SIGCONT");
      return { ...(await exited), stderr };
    },
  };
}

describe("temporary files", () => {
  beforeAll(() => {
    if (!existsSync(join(repoRoot, "dist", "src", "write", "index.js"))) throw new Error("dist/ is missing: run `npm run build` before these tests");
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("%s while staging: writes finish or are undone, no temporary file is left, exit %d", async (signal, exitCode) => {
    const root = await scratch("signal");
    const manifest = join(root, "heavy.tools.json");
    await heavyManifest(manifest, "first");
    const out = join(root, "out");
    await mkdir(out);
    const before = await treeOutside(root, out);
    const stopped = await stopWhileStaging(["generate", manifest, "--out", out, "--no-format"], out);
    expect(stopped.temporaries.length).toBeGreaterThan(0);
    const result = await stopped.finish(signal);
    expect(result.code).toBe(exitCode);
    expect(result.stderr).toBe(`error: interrupted by ${signal}; nothing was written\n`);
    expect(await readdir(out)).toEqual([]);
    expect(await treeOutside(root, out)).toEqual(before);
  });

  it("SIGKILL leaves them; the next run of any kind removes them: --check, and a run that changes nothing", async () => {
    const root = await scratch("killed");
    const manifest = join(root, "heavy.tools.json");
    await heavyManifest(manifest, "first");
    const out = join(root, "out");
    await mkdir(out);
    const killedRun = async () => {
      const stopped = await stopWhileStaging(["generate", manifest, "--out", out, "--no-format"], out);
      expect((await stopped.finish("SIGKILL")).signal).toBe("SIGKILL");
      const left = (await readdir(out)).filter((name) => name.endsWith(".tmp"));
      expect(left.length).toBeGreaterThan(0);
      return left;
    };
    const temporaries = () => readdir(out, { recursive: true }).then((names) => names.filter((name) => name.endsWith(".tmp")));

    await killedRun();
    const checked = await runCli(["generate", manifest, "--out", out, "--no-format", "--check"]);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/ is out of date \(\d+ files?\):\n/);
    expect(await temporaries()).toEqual([]);

    // Written in full, then a run with other contents killed midway, then the first contents again: nothing to change.
    expect((await runCli(["generate", manifest, "--out", out, "--no-format", "-q"])).code).toBe(0);
    const written = await readFile(join(out, "types.ts"), "utf8");
    await heavyManifest(manifest, "second");
    await killedRun();
    await heavyManifest(manifest, "first");
    const unchanged = await runCli(["generate", manifest, "--out", out, "--no-format"]);
    expect(unchanged.code).toBe(0);
    const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
    expect(unchanged.stdout).toContain(`(0 files written, ${files} unchanged)`);
    expect(await temporaries()).toEqual([]);
    expect(await readFile(join(out, "types.ts"), "utf8")).toBe(written);
  });
});
