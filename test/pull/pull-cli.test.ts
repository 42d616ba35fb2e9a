/**
 * `mcpgen pull` end to end through the real CLI (`node bin/mcpgen.js`, which
 * runs dist/: `npm run build` first): exit codes, what goes to stdout and
 * stderr, and that the SDK stays off the startup path of other commands.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sampleTool, sseServer, streamableHttpServer, toolServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { fixture, npmServer, processGone, readPid, readTree, repoRoot, tempDir } from "../helpers/pull.js";

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI asynchronously (servers in this process must keep answering meanwhile). */
function mcpgen(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((done) => {
    execFile(process.execPath, [join(repoRoot, "bin", "mcpgen.js"), ...args], { env: { ...process.env, ...env }, timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      done({ code, stdout, stderr });
    });
  });
}

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

beforeAll(() => {
  if (!existsSync(join(repoRoot, "dist", "src", "commands", "pull.js")))
    throw new Error("dist/ has no commands/pull.js: run `npm run build` before these tests");
});

describe("mcpgen pull (CLI)", () => {
  it("pulls from a command after --, then --check finds it up to date", async () => {
    const out = await tempDir("cli-stdio");
    const pulled = await mcpgen(["pull", "--out", out, "--", process.execPath, npmServer("everything"), "stdio"]);
    // Its one warning: a tool the server lets run only as a task, which a generated client cannot call.
    expect(pulled.code).toBe(0);
    expect(pulled.stderr).toMatch(
      /^warning: [^\n]*: tool "simulate-research-query" at \/tools\/\d+\/execution\/taskSupport: the server requires every call of this tool to be a task [^\n]*\n {2}hint: [^\n]*\n$/,
    );
    expect(pulled.stdout).toBe(
      `pulled 13 tools, 4 prompts, 7 resources, 2 resource templates from ${process.execPath} ${npmServer("everything")} stdio into ${out} (22 files written, 0 unchanged)\n`,
    );

    const checked = await mcpgen(["pull", "--check", "--out", out, "--", process.execPath, npmServer("everything"), "stdio"]);
    expect(checked).toMatchObject({ code: 0, stderr: pulled.stderr });
    expect(checked.stdout).toBe(
      `${out} is up to date with ${process.execPath} ${npmServer("everything")} stdio (13 tools, 4 prompts, 7 resources, 2 resource templates, 22 files)\n`,
    );
  });

  it("--json with --header: a machine-readable summary without the header's value", async () => {
    const server = await streamableHttpServer(() => toolServer([sampleTool("alpha"), sampleTool("beta")]), {
      requireHeader: ["Authorization", "Bearer cli-secret-9876"],
    });
    running.push(server);
    const out = await tempDir("cli-json");
    const run = await mcpgen(["pull", server.url.href, "--out", out, "--header", "Authorization: Bearer cli-secret-9876", "--json"]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Record<string, any>;
    expect(summary["server"]).toMatchObject({
      label: server.url.href,
      transport: "http",
      fellBack: false,
      tools: 2,
      pages: 1,
      protocolVersion: "2025-11-25",
      serverInfo: { name: "pull-test-server" },
    });
    expect(summary["files"]).toHaveLength(10);
    expect(run.stdout + run.stderr + JSON.stringify(await readTree(out))).not.toContain("cli-secret-9876");
  });

  it("--env LOG_LEVEL=info with a server whose schema has an enum value and a property named info: the client keeps them, exit 0", async () => {
    const out = await tempDir("cli-enum-words");
    const run = await mcpgen(["pull", "--out", out, "--env", "LOG_LEVEL=info", "--", process.execPath, fixture("scripted-server.mjs"), "enum-words"]);
    expect(run.code).toBe(0);
    const types = await readFile(join(out, "types.ts"), "utf8");
    expect(types).toMatch(/level: "debug" \| "info" \| "warn"/);
    expect(types).toMatch(/\binfo\?: boolean/);
    expect(types).not.toContain('***"');
    expect(Object.values(await readTree(join(out, "validators"))).join("\n")).toContain('"info"');
    // Printed output still masks the value: the property named info is /properties/*** on the terminal.
    expect(run.stderr).toContain(
      'tool "log" at /tools/0/inputSchema/properties/level/enum/1: the server echoes the value of a header or environment variable given to it into its contract; kept as sent',
    );
    expect(run.stderr).toContain('tool "log" at /tools/0/inputSchema/properties/***: the server echoes');
    expect(run.stderr).not.toContain("/properties/info");

    const quiet = await mcpgen(["pull", "-q", "--out", out, "--env", "LOG_LEVEL=info", "--", process.execPath, fixture("scripted-server.mjs"), "enum-words"]);
    expect(quiet).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("says on stderr that it fell back to legacy SSE", async () => {
    const server = await sseServer(() => toolServer([sampleTool("only")]));
    running.push(server);
    const run = await mcpgen(["pull", server.url.href, "--out", await tempDir("cli-sse")]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `note: ${server.url.href} answered server/discover and the 2025 initialize request as no Streamable HTTP server does (HTTP 405); trying the legacy HTTP+SSE transport\n`,
    );
    expect(run.stdout).toContain("pulled 1 tool from");
  });

  it("a failing server: one error paragraph, exit 1, no stack trace, nothing written, no child left", async () => {
    const scratch = await tempDir("cli-fault");
    const out = join(scratch, "out");
    const pidFile = join(scratch, "pid");
    const run = await mcpgen(["pull", "--out", out, "--env", `PID_FILE=${pidFile}`, "--", process.execPath, fixture("exits-early.mjs")]);
    const passed = [...Object.keys(getDefaultEnvironment()), "PID_FILE"].sort().join(", ");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `error: ${process.execPath} ${fixture("exits-early.mjs")} (stdio) exited with code 3 before answering initialize; mcpgen started it with these environment variables only: ${passed}. Its stderr ended with:\n  | loading configuration...\n  | fatal: MCP_CONFIG is not set\n  hint: a variable of your shell reaches the server only when passed: if it needs one (a token, a setting), pass it with -e NAME (its value from your environment) or -e NAME=value; otherwise run the command by hand to see why it stops\n`,
    );
    expect(existsSync(out)).toBe(false);
    expect(processGone(await readPid(pidFile))).toBe(true);
  });

  it("--timeout bounds a server that never answers, and the child is gone", async () => {
    const scratch = await tempDir("cli-timeout");
    const pidFile = join(scratch, "pid");
    const run = await mcpgen([
      "pull",
      "--out",
      join(scratch, "out"),
      "--timeout",
      "500ms",
      "--env",
      `PID_FILE=${pidFile}`,
      "--",
      process.execPath,
      fixture("never-answers.mjs"),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: .+ \(stdio\) did not answer server\/discover or initialize within 0\.5 s/);
    expect(processGone(await readPid(pidFile))).toBe(true);
  });

  it("SIGTERM to mcpgen alone: the stdio server is shut down, nothing is written, exit 143", async () => {
    const scratch = await tempDir("sigterm");
    const pidFile = join(scratch, "pid");
    const out = join(scratch, "out");
    const child = spawn(
      process.execPath,
      [
        join(repoRoot, "bin", "mcpgen.js"),
        "pull",
        "--out",
        out,
        "--timeout",
        "60",
        "--env",
        `PID_FILE=${pidFile}`,
        "--",
        process.execPath,
        fixture("never-answers.mjs"),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    // Once the server has started (it writes its pid file first thing), however long that takes.
    while (!existsSync(pidFile) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 25));
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
    expect(stderr).toMatch(/^error: stopped during server\/discover of .*; the server was shut down and nothing was written\n$/);
    expect(processGone(await readPid(pidFile))).toBe(true);
    expect(await readTree(out)).toEqual({});
  });

  it("--check on drift: exit 1, a readable summary, nothing written", async () => {
    const server = await streamableHttpServer(() => toolServer([sampleTool("kept"), sampleTool("fresh")]));
    running.push(server);
    const out = await tempDir("cli-drift");
    const snapshot = {
      generatedBy: "mcpgen",
      tools: [{ ...sampleTool("kept"), inputSchema: { type: "object", properties: { text: { type: "number" } } } }, sampleTool("gone")],
    };
    await writeFile(join(out, "manifest.json"), `${JSON.stringify(snapshot, null, 2)}\n`);
    const before = await readTree(out);
    const run = await mcpgen(["pull", server.url.href, "--out", out, "--check"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")).toEqual([
      // A directory outside the working directory is named by its absolute path.
      `${server.url.href} no longer matches ${join(out, "manifest.json")}:`,
      '  + "fresh" (new tool)',
      '  - "gone" (tool removed)',
      '  ~ "kept": inputSchema changed at /properties/count, /properties/text/description, /properties/text/type, /required',
      // The same drift, classified (docs/diff.md).
      "  contract: 3 breaking for clients, 1 breaking for servers, 1 review, 2 compatible",
      '    compatible: tool "fresh": new tool (tool-added)',
      '    breaking for clients: tool "gone": tool removed (tool-removed)',
      '    compatible: tool "kept": optional argument "count" added at /inputSchema/properties/count (input-optional-property-added)',
      '    review: tool "kept": description added at /inputSchema/properties/text/description (input-description-changed)',
      '    breaking for clients: tool "kept": type "number" no longer accepted at /inputSchema/properties/text/type (input-type-removed)',
      '    breaking for servers: tool "kept": type "string" accepted now at /inputSchema/properties/text/type (input-type-added)',
      '    breaking for clients: tool "kept": argument "text" is required now at /inputSchema/properties/text (input-property-made-required)',
      // The snapshot had never been generated from.
      ...[
        "calls.ts",
        "client.ts",
        "index.ts",
        "runtime.ts",
        "types.ts",
        "validate.ts",
        "validator-runtime.ts",
        "validators/fresh.ts",
        "validators/kept.ts",
      ].map((file) => expect.stringMatching(new RegExp(`^  missing: ${file.replace(".", "\\.")} \\(\\+\\d+\\)$`))),
      "run the same mcpgen pull without --check to update the snapshot and the generated files",
      "",
    ]);
    expect(await readTree(out)).toEqual(before);
  });

  it.each([
    [
      "a server and a command",
      ["pull", "https://x.example/mcp", "--out", "o", "--", "node", "s.js"],
      "error: give either a server (URL or configured name) or a command after --, not both",
    ],
    ["nothing to pull from", ["pull", "--out", "o"], "error: nothing to pull from"],
    [
      "a command without --out (no option before --)",
      ["pull", "--", "node", "s.js"],
      "error: a command after -- needs --out: without it, pull refreshes the server targets of mcpgen.config.json",
    ],
    [
      "a header without a name",
      ["pull", "https://x.example/mcp", "--out", "o", "--header", "Bearer hidden-value-1"],
      'error: --header needs the form "Name: value"',
    ],
    [
      "a header value with a line break (fetch would refuse it only once connecting, naming neither the header nor why)",
      ["pull", "https://x.example/mcp", "--out", "o", "--header", "X-Key: hidden-value-1\r\nX-Other: b"],
      "error: --header X-Key: its value has a line break (the value is not shown: it may be a credential)",
    ],
    [
      "a header value past Latin-1",
      ["pull", "https://x.example/mcp", "--out", "o", "--header", "X-Key: hidden-value-1 日本"],
      "error: --header X-Key: its value has a character past U+00FF (the value is not shown: it may be a credential)",
    ],
    [
      "--header for a stdio server",
      ["pull", "--out", "o", "--header", "A: b", "--", "node", "s.js"],
      "error: --header applies to HTTP servers; a command after -- runs a stdio server",
    ],
    [
      "a bad --timeout",
      ["pull", "https://x.example/mcp", "--out", "o", "--timeout", "soon"],
      "error: option '--timeout <seconds>' argument 'soon' is invalid. expected a duration in seconds (30, 2.5) or milliseconds (500ms)",
    ],
    [
      "an unknown --transport",
      ["pull", "https://x.example/mcp", "--out", "o", "--transport", "ws"],
      "error: option '--transport <transport>' argument 'ws' is invalid. Allowed choices are stdio, http, sse.",
    ],
  ])("usage error, exit 2: %s", async (_, args, message) => {
    const run = await mcpgen(args);
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe(message);
    expect(run.stderr).not.toContain("hidden-value-1");
  });
});

describe("startup path", () => {
  /** Every module `src/cli/index.ts` loads statically (type-only imports and dynamic `import()` excluded). */
  async function staticImports(file: string, seen = new Set<string>()): Promise<Set<string>> {
    const text = await readFile(file, "utf8");
    for (const match of text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]+)";/gms)) {
      const specifier = match[1]!;
      if (!specifier.startsWith(".")) {
        seen.add(specifier);
        continue;
      }
      const path = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"));
      if (seen.has(path)) continue;
      seen.add(path);
      await staticImports(path, seen);
    }
    return seen;
  }

  it("the CLI does not load the MCP SDK (or pull's modules) before a command needs them", async () => {
    // Relative to the checkout, whose own path may contain "pull" or "live-server".
    const loaded = [...(await staticImports(join(repoRoot, "src", "cli", "index.ts")))].map((module) => relative(repoRoot, module).replaceAll("\\", "/"));
    expect(loaded.filter((module) => module.includes("@modelcontextprotocol"))).toEqual([]);
    expect(loaded.filter((module) => /pull|live-server/.test(module))).toEqual([]);
  });

  it("the CLI does not load the pipeline's stages (normalize, emit, format, write) before a command runs", async () => {
    const loaded = [...(await staticImports(join(repoRoot, "src", "cli", "index.ts")))].map((module) => relative(repoRoot, module).replaceAll("\\", "/"));
    expect(loaded.filter((module) => /^src\/(pipeline\.ts|normalize\/|emit\/|format\/|write\/)/.test(module))).toEqual([]);
    // Guards the check above: it reads the CLI's own modules.
    expect(loaded).toContain("src/cli/report.ts");
  });
});
