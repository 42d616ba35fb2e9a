/**
 * `pull` against stdio servers that misbehave (scripts under
 * test/fixtures/pull/): each fault ends in one readable error, nothing is
 * written, and the child process is gone when `pull` returns.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readFile, writeFile } from "node:fs/promises";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { McpgenError, StrictError } from "../../src/shared/errors.js";
import { pull } from "../../src/commands/pull.js";
import { OutputTail } from "../../src/acquire/child-process.js";
import { runCli } from "../helpers/cli.js";
import { fixture, processGone, readPid, readTree, tempDir } from "../helpers/pull.js";

interface Outcome {
  error: McpgenError;
  pid: number;
  written: Record<string, string>;
}

/** Pulls from `node <script> ...args` with a short timeout; returns the error, the child's pid and what was written. */
async function pullFault(script: string, args: string[] = [], extra: { env?: string[]; timeoutMs?: number } = {}): Promise<Outcome> {
  const scratch = await tempDir("fault");
  const pidFile = join(scratch, "pid");
  const out = join(scratch, "out");
  const error = await pull({
    command: [process.execPath, fixture(script), ...args],
    env: [`PID_FILE=${pidFile}`, ...(extra.env ?? [])],
    outDir: out,
    timeoutMs: extra.timeoutMs ?? 5_000,
  }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpgenError);
  return { error: error as McpgenError, pid: await readPid(pidFile), written: await readTree(out) };
}

/** What a pull passes a stdio server started by `pullFault`: the SDK's minimal environment, and PID_FILE. */
const passedVariables = [...Object.keys(getDefaultEnvironment()), "PID_FILE"].sort().join(", ");

const RAW_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const label = (script: string, args = "") => `${process.execPath} ${fixture(script)}${args} (stdio)`;

describe("pull faults over stdio", () => {
  it("a server that exits early: its exit code and the tail of its stderr", async () => {
    const { error, pid, written } = await pullFault("exits-early.mjs");
    expect(error.message).toBe(
      `${label("exits-early.mjs")} exited with code 3 before answering initialize; mcpgen started it with these environment variables only: ${passedVariables}. Its stderr ended with:\n  | loading configuration...\n  | fatal: MCP_CONFIG is not set\n  hint: a variable of your shell reaches the server only when passed: if it needs one (a token, a setting), pass it with -e NAME (its value from your environment) or -e NAME=value; otherwise run the command by hand to see why it stops`,
    );
    expect(error.diagnostic.code).toBe("input-unreadable");
    expect(written).toEqual({});
    expect(processGone(pid)).toBe(true);
  });

  it("a server whose file is not there: Node's error line, not only its stack, and a hint about the path, not about variables", async () => {
    // A typo'd relative path, as a user types it: Node prints the error line above 8 more lines.
    const typo = join("test", "fixtures", "pull", "srever.js");
    const error = (await pull({ command: [process.execPath, typo], outDir: join(await tempDir("typo"), "out"), timeoutMs: 5_000 }).catch(
      (caught: unknown) => caught,
    )) as McpgenError;
    expect(error).toBeInstanceOf(McpgenError);
    const [message, hint] = error.message.split("\n  hint: ");
    expect(message).toMatch(/exited with code 1 before answering initialize; .*\. Its stderr ended with:\n  \| Error: Cannot find module '.*srever\.js'\n/);
    expect(message).toContain("  | Node.js v");
    expect(hint).toBe(
      `the server's file was not found: check the path in the command; a relative path is resolved from ${process.cwd()}, where the server runs`,
    );
  });

  it("a server that exits for want of a variable of the user's shell: the variables mcpgen passed, and how to pass one (-e NAME takes its value from mcpgen's environment)", async () => {
    const { error } = await pullFault("scripted-server.mjs", ["needs-env"]);
    expect(error.message).toBe(
      `${label("scripted-server.mjs", " needs-env")} exited with code 1 before answering initialize; mcpgen started it with these environment variables only: ${passedVariables}. Its stderr ended with:\n  | fatal: NEEDS_TOKEN is not set\n  hint: a variable of your shell reaches the server only when passed: if it needs one (a token, a setting), pass it with -e NAME (its value from your environment) or -e NAME=value; otherwise run the command by hand to see why it stops`,
    );

    process.env["NEEDS_TOKEN"] = "tok-from-the-shell";
    try {
      const out = join(await tempDir("needs-env"), "out");
      const run = await runCli(["pull", "--out", out, "-q", "-e", "NEEDS_TOKEN", "--", process.execPath, fixture("scripted-server.mjs"), "needs-env"]);
      expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    } finally {
      delete process.env["NEEDS_TOKEN"];
    }
  });

  it("a configured server that exits: named with its command, and the hint says where its env goes", async () => {
    const cwd = await tempDir("needs-env-config");
    await writeFile(
      join(cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { needy: { command: process.execPath, args: [fixture("scripted-server.mjs"), "needs-env"] } } }),
    );
    const error = (await pull({ target: "needy", cwd, outDir: join(cwd, "out"), timeoutMs: 5_000, environment: {} }).catch(
      (reason: unknown) => reason,
    )) as McpgenError;
    expect(error).toBeInstanceOf(McpgenError);
    expect(error.message).toMatch(
      new RegExp(
        `^needy \\(\\.mcp\\.json\\) running ${process.execPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\S+scripted-server\\.mjs needs-env \\(stdio\\) exited with code 1 before answering initialize;`,
      ),
    );
    expect(error.diagnostic.hint).toContain(
      'add it to the "env" of "needy" in .mcp.json ("NAME": "${NAME}" takes its value from your environment), or with --out pass -e NAME',
    );
  });

  it("a server that writes non-protocol bytes to stdout: the offending line, and the child is killed", async () => {
    const { error, pid, written } = await pullFault("stdout-garbage.mjs");
    expect(error.message).toBe(
      `${label("stdout-garbage.mjs")} wrote something that is not a JSON-RPC message to stdout: "Server listening on port 3000". An MCP stdio server must write only protocol messages to stdout (logs belong on stderr)\n  hint: if the server prints a banner or logs to stdout, look for a quiet/stdio option, or wrap it so that its logs go to stderr`,
    );
    expect(written).toEqual({});
    expect(processGone(pid)).toBe(true);
  });

  it("a server run through npm start: quoted by npm's banner, not by the blank line npm prints first", async () => {
    const { error, pid } = await pullFault("stdout-garbage.mjs", ["npm-banner"]);
    expect(error.message).toBe(
      `${label("stdout-garbage.mjs", " npm-banner")} wrote something that is not a JSON-RPC message to stdout: "> fake-server@1.0.0 start"; that is npm's banner: run the server with node (e.g. node dist/server.js), or npm run --silent. An MCP stdio server must write only protocol messages to stdout (logs belong on stderr)\n  hint: if the server prints a banner or logs to stdout, look for a quiet/stdio option, or wrap it so that its logs go to stderr`,
    );
    expect(processGone(pid)).toBe(true);
  });

  it("a stdout line with terminal controls is quoted as a tool name is: JSON-escaped, printable, escaped once", async () => {
    const { error } = await pullFault("stdout-garbage.mjs", ["coloured"]);
    expect(error.message).toContain('wrote something that is not a JSON-RPC message to stdout: "\\u001b[32mready\\u001b[0m\\u202e". An MCP');
  });

  it("a server that writes only an empty line to stdout: said in words", async () => {
    const { error } = await pullFault("stdout-garbage.mjs", ["blank"]);
    expect(error.message).toMatch(
      /^\S+ \S+stdout-garbage\.mjs blank \(stdio\) wrote an empty line to stdout\. An MCP stdio server must write only protocol messages to stdout/,
    );
  });

  // The two waits for a timeout (and a SIGKILL after it) run one after the other: side by side (tried) they
  // saved 4 s, but on a loaded 2-core machine each 2 s timeout would have to cover two servers' start-up.
  it("a server that never answers: a timeout naming the requests (the server/discover probe, then the 2025 initialize), with its stderr", async () => {
    // Long enough for the script to have started and written its stderr line even on a busy machine.
    const { error, pid, written } = await pullFault("never-answers.mjs", [], { timeoutMs: 2_000 });
    expect(error.message).toBe(
      `${label("never-answers.mjs")} did not answer server/discover or initialize within 2 s. Its stderr ended with:\n  | waiting for a login that never comes\n  hint: raise --timeout if the server is only slow to start; a stdio server that waits for something else (a login, a prompt) never answers`,
    );
    expect(written).toEqual({});
    expect(processGone(pid)).toBe(true);
  });

  it("a server that ignores SIGTERM is killed anyway", async () => {
    // Long enough for the script to have installed its SIGTERM handler (it does so before writing
    // the stderr line the message quotes) even on a busy machine; 300 ms was not, once.
    const { error, pid } = await pullFault("never-answers.mjs", ["--stubborn"], { timeoutMs: 2_000 });
    expect(error.message).toContain(
      "did not answer server/discover or initialize within 2 s. Its stderr ended with:\n  | waiting for a login that never comes",
    );
    expect(processGone(pid)).toBe(true);
  });

  it("a tools/list answer without a tools array", async () => {
    const { error, pid, written } = await pullFault("scripted-server.mjs", ["tools-not-array"]);
    expect(error.message).toBe(`${label("scripted-server.mjs", " tools-not-array")}: answered tools/list without a \`tools\` array`);
    expect(error.diagnostic.code).toBe("input-shape");
    expect(written).toEqual({});
    expect(processGone(pid)).toBe(true);
  });

  it("a tool without a name fails the whole list (the tools are checked one by one, as generate checks them)", async () => {
    const { error, pid, written } = await pullFault("scripted-server.mjs", ["malformed-tools"]);
    expect(error.message).toBe(
      `${process.execPath} ${fixture("scripted-server.mjs")} malformed-tools: at /tools/1/name: tool has no \`name\`\n  hint: every tool in tools/list needs a unique string name`,
    );
    expect(error.diagnostic.code).toBe("tool-invalid");
    expect(written).toEqual({});
    expect(processGone(pid)).toBe(true);
  });

  it("tools the SDK's listTools would refuse the whole list for cost only themselves; --strict makes them errors", async () => {
    const scratch = await tempDir("odd");
    const command = [process.execPath, fixture("scripted-server.mjs"), "odd-tools"];
    const result = await pull({ command, outDir: join(scratch, "out"), timeoutMs: 5_000 });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(["fine", "odd", "loose"]);
    // Both roots without `type: "object"` are also what SDK 1.32 clients refuse a whole list for: a note each, which strict leaves a note.
    const sdkNote = (tool: string, index: number) =>
      expect.objectContaining({ severity: "warning", code: "sdk-incompatible", tool, pointer: `/tools/${index}/inputSchema/type` });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        tool: "odd",
        pointer: "/tools/1/inputSchema/type",
        message: expect.stringMatching(/^inputSchema admits no object/),
      }),
      sdkNote("odd", 1),
      sdkNote("loose", 2),
    ]);
    const strict = await pull({ command, outDir: join(scratch, "strict"), timeoutMs: 5_000, strict: true }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(strict).toBeInstanceOf(StrictError);
    expect((strict as StrictError).diagnostics.map((diagnostic) => diagnostic.tool)).toEqual(["odd"]);
    expect((strict as StrictError).message).toMatch(/^.*odd-tools: tool "odd" at \/tools\/1\/inputSchema\/type: inputSchema admits no object/);
    expect(await readTree(join(scratch, "strict"))).toEqual({});
  });

  it("a cursor that repeats", async () => {
    const { error, pid, written } = await pullFault("scripted-server.mjs", ["repeat-cursor"]);
    expect(error.message).toBe(
      `${label("scripted-server.mjs", " repeat-cursor")}: tools/list returned the cursor "same" a second time (page 2); following it would loop forever`,
    );
    expect(written).toEqual({});
    expect(processGone(pid)).toBe(true);
  });

  it("a JSON-RPC error in answer to tools/list", async () => {
    const { error, pid } = await pullFault("scripted-server.mjs", ["tools-error"]);
    expect(error.message).toBe(`${label("scripted-server.mjs", " tools-error")} answered tools/list with an error: database unavailable (code -32603)`);
    expect(processGone(pid)).toBe(true);
  });

  it("server text in errors in the one printable form of tool names: ESC, BEL, NUL and line breaks shown as \\u escapes, never dropped", async () => {
    const { error } = await pullFault("scripted-server.mjs", ["control-text"]);
    expect(error.message).toBe(
      `${label("scripted-server.mjs", " control-text")} answered tools/list with an error: \\u001b[2Jwiped\\u0007 rang\\u0000\\u000aforged: line\\u202e (code -32603). Its stderr ended with:\n  | \\u001b[31mred\\u001b[0m\\u0007 bell\\u0000\tindented`,
    );
  });

  it("--json carries no raw bidirectional controls of server text: the tool and pointer of a diagnostic are \\u escapes, and parse back to the server's text", async () => {
    const out = join(await tempDir("bidi-json"), "out");
    const run = await runCli(["pull", "--out", out, "--json", "--", process.execPath, fixture("scripted-server.mjs"), "bidi-names"]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(RAW_BIDI);
    expect(run.stdout).toContain('"tool": "admin\\u202e\\u2066"');
    expect(run.stdout).toContain('"pointer": "/tools/0/inputSchema/properties/x\\u2067/$ref"');
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Array<{ tool: string; pointer: string }> };
    expect(diagnostics[0]).toMatchObject({ tool: "admin\u202e\u2066", pointer: "/tools/0/inputSchema/properties/x\u2067/$ref" });
  });

  it("a protocol version the SDK does not support", async () => {
    const { error, pid } = await pullFault("scripted-server.mjs", ["unsupported-protocol"]);
    expect(error.message).toContain('answered initialize with protocol version "1999-01-01", which the MCP SDK mcpgen uses does not support');
    expect(processGone(pid)).toBe(true);
  });

  it("a command that does not exist", async () => {
    const out = join(await tempDir("enoent"), "out");
    const error = await pull({ command: ["mcpgen-no-such-server-command", "--stdio"], outDir: out, timeoutMs: 5_000 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).message).toBe(
      'cannot start "mcpgen-no-such-server-command --stdio": command not found\n  hint: check the command\'s spelling and that it is on PATH',
    );
    expect(await readTree(out)).toEqual({});
  });
});

describe("pull over stdio: protocol versions and secrets", () => {
  it("accepts an older protocol version the server answers with, and records it", async () => {
    const scratch = await tempDir("old-protocol");
    const result = await pull({ command: [process.execPath, fixture("scripted-server.mjs"), "old-protocol"], outDir: join(scratch, "out"), timeoutMs: 5_000 });
    expect(result.server).toMatchObject({ protocolVersion: "2024-11-05", serverInfo: { name: "scripted-old-protocol", version: "1.0.0" }, tools: 1 });
    expect(Object.keys(await readTree(join(scratch, "out")))).toContain("manifest.json");
  });

  it("masks an env value the server echoes into its tools, with a warning", async () => {
    const scratch = await tempDir("echo-secret");
    const out = join(scratch, "out");
    const result = await pull({
      command: [process.execPath, fixture("scripted-server.mjs"), "echo-secret"],
      env: ["SECRET_TOKEN=tok_live_0123456789"],
      outDir: out,
      timeoutMs: 5_000,
    });
    const written = await readTree(out);
    expect(JSON.stringify(written)).not.toContain("tok_live_0123456789");
    expect(written["manifest.json"]).toContain("Calls the API as ***.");
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: "warning", code: "input-shape", pointer: "/tools/0/description" })]);
  });

  it("never rewrites the contract: an env value that is also an enum value, a property name and a default stays, with a warning", async () => {
    const out = join(await tempDir("enum-words"), "out");
    const result = await pull({
      command: [process.execPath, fixture("scripted-server.mjs"), "enum-words"],
      env: ["LOG_LEVEL=info"],
      outDir: out,
      timeoutMs: 5_000,
    });

    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as { tools: Array<Record<string, any>> };
    const [tool] = snapshot.tools;
    expect(tool!["name"]).toBe("log");
    // Free text is masked; the schema's structure is exactly what the server listed.
    expect(tool!["description"]).toBe("Logs a message; the server runs at *** level.");
    expect(tool!["inputSchema"]).toEqual({
      type: "object",
      properties: {
        level: { type: "string", enum: ["debug", "info", "warn"], default: "info", description: "the level, e.g. ***" },
        info: { type: "boolean", description: "attach server ***" },
        message: { type: "string" },
      },
      required: ["level", "message"],
    });
    const types = await readFile(join(out, "types.ts"), "utf8");
    expect(types).toMatch(/level: "debug" \| "info" \| "warn"/);
    expect(types).toMatch(/\binfo\?: boolean/);
    expect(types).not.toContain('"***"');

    const generated = (await import(pathToFileURL(join(out, "validate.ts")).href)) as { validateInput: (tool: string, value: unknown) => { ok: boolean } };
    expect(generated.validateInput("log", { level: "info", info: true, message: "hi" }).ok).toBe(true);
    expect(generated.validateInput("log", { level: "***", message: "hi" }).ok).toBe(false);

    const kept = result.diagnostics.filter((diagnostic) => diagnostic.message.includes("into its contract"));
    expect(kept.map((diagnostic) => diagnostic.pointer)).toEqual([
      "/tools/0/inputSchema/properties/level/enum/1",
      "/tools/0/inputSchema/properties/level/default",
      "/tools/0/inputSchema/properties/***",
    ]);
    for (const diagnostic of kept) expect(diagnostic).toMatchObject({ severity: "warning", tool: "log", hint: expect.stringContaining("credential") });
  });

  it("a real secret in the contract is kept in the files but never printed: diagnostics and drift mask it", async () => {
    const out = join(await tempDir("enum-secret"), "out");
    const command = [process.execPath, fixture("scripted-server.mjs"), "enum-words"];
    const secret = "tok_live_0123456789";
    const first = await pull({ command, env: [`SECRET_TOKEN=${secret}`], outDir: out, timeoutMs: 5_000 });
    expect(JSON.parse(await readFile(join(out, "manifest.json"), "utf8")).tools[0].inputSchema.properties.level.enum).toEqual([
      "debug",
      "info",
      "warn",
      secret,
    ]);
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain(`${secret}?: string`);
    expect(first.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", tool: "log", pointer: "/tools/0/inputSchema/properties/level/enum/3" }),
      expect.objectContaining({ severity: "warning", tool: "log", pointer: "/tools/0/inputSchema/properties/***" }),
    ]);
    expect(JSON.stringify(first.diagnostics)).not.toContain(secret);

    // A snapshot without the property named after the secret: the drift report names it masked.
    const snapshotPath = join(out, "manifest.json");
    const snapshot = JSON.parse(await readFile(snapshotPath, "utf8"));
    delete snapshot.tools[0].inputSchema.properties[secret];
    await writeFile(snapshotPath, JSON.stringify(snapshot));
    const checked = await pull({ command, env: [`SECRET_TOKEN=${secret}`], outDir: out, check: true, timeoutMs: 5_000 });
    expect(checked.upToDate).toBe(false);
    expect(checked.drift?.changed).toEqual([{ name: "log", fields: [{ field: "inputSchema", change: "changed", pointers: ["/properties/***"] }] }]);
    expect(JSON.stringify([checked.drift, checked.diagnostics, checked.server])).not.toContain(secret);
  });
});

describe("pull over stdio: what a review found", () => {
  const secret = "sk_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  it("masks a secret before shortening text, so no part of it shows (server stderr and error messages)", async () => {
    const out = join(await tempDir("long-error"), "out");
    const error = await pull({
      command: [process.execPath, fixture("scripted-server.mjs"), "long-error"],
      env: [`SECRET_TOKEN=${secret}`],
      outDir: out,
      timeoutMs: 5_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).message).not.toMatch(/sk_live_A/);
    const script = `process.stderr.write("E".repeat(280) + " token=" + process.env.API_TOKEN + "\\n"); process.exit(1)`;
    const exited = await pull({ command: [process.execPath, "-e", script], env: [`API_TOKEN=${secret}`], outDir: out, timeoutMs: 5_000 }).catch(
      (caught: unknown) => caught,
    );
    expect((exited as McpgenError).message).toMatch(/exited with code 1/);
    expect((exited as McpgenError).message).not.toMatch(/sk_live_A/);
  });

  it("takes a long but valid stdout line (a big tools/list page) for the message it is", async () => {
    const out = join(await tempDir("big-page"), "out");
    const result = await pull({ command: [process.execPath, fixture("scripted-server.mjs"), "big-page"], outDir: out, timeoutMs: 10_000 });
    expect(result.server.tools).toBe(400);
  });

  it("quotes the offending line when a line is JSON-RPC in name only", async () => {
    const { error } = await pullFault("scripted-server.mjs", ["not-a-message"]);
    expect(error.message).toContain('wrote something that is not a JSON-RPC message to stdout: "{\\"jsonrpc\\":\\"2.0\\",\\"foo\\":1}"');
  });

  it("stops the server and writes nothing when its signal aborts", async () => {
    const scratch = await tempDir("abort");
    const pidFile = join(scratch, "pid");
    const controller = new AbortController();
    const pulling = pull({
      command: [process.execPath, fixture("never-answers.mjs")],
      env: [`PID_FILE=${pidFile}`],
      outDir: join(scratch, "out"),
      timeoutMs: 30_000,
      signal: controller.signal,
    });
    let settled = false;
    void pulling.catch(() => undefined).finally(() => (settled = true));
    // Abort once the server has started (it writes its pid file first thing), however long that takes; should the pull
    // end first, the assertions below say how.
    while (!existsSync(pidFile) && !settled) await new Promise((resolve) => setTimeout(resolve, 25));
    controller.abort();
    const error = await pulling.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).diagnostic.code).toBe("interrupted");
    expect((error as McpgenError).message).toMatch(
      /^stopped during server\/discover of .*never-answers\.mjs; the server was shut down and nothing was written$/,
    );
    expect(processGone(await readPid(pidFile))).toBe(true);
    expect(await readTree(join(scratch, "out"))).toEqual({});
  });
});

describe("the stderr tail quoted in errors", () => {
  const secret = "sk-live-SECRETVALUE1234567890";
  const redact = (line: string) => line.split(secret).join("***");

  it("drops a line whose start it no longer holds, rather than quote its end (a secret's end included)", () => {
    const tail = new OutputTail();
    tail.push("starting\n");
    tail.push(`${"x".repeat(16_380)} token ${secret.slice(0, 14)}`);
    tail.push(`${secret.slice(14)} rejected\n`);
    tail.push("shutting down\n");
    const lines = tail.excerpt(8, redact);
    expect(lines).toEqual(["shutting down"]);
    expect(lines.join("\n")).not.toContain(secret.slice(14));
  });

  it("quotes the first line that heads an error above the last lines, masked, and marks the lines left out", () => {
    const tail = new OutputTail();
    tail.push(`starting\nTypeError: bad token ${secret}\n${Array.from({ length: 12 }, (_, n) => `    at frame${n}`).join("\n")}\n`);
    expect(tail.excerpt(8, redact)).toEqual(["TypeError: bad token ***", "…", ...Array.from({ length: 8 }, (_, n) => `    at frame${n + 4}`)]);
    // Close enough to the end, the lines from the error on, whole; among the last lines, just those.
    const short = new OutputTail();
    short.push("starting\nError: Cannot find module 'x'\n  at a\n  at b\n");
    expect(short.excerpt(2)).toEqual(["Error: Cannot find module 'x'", "  at a", "  at b"]);
    expect(short.excerpt(8)).toEqual(["starting", "Error: Cannot find module 'x'", "  at a", "  at b"]);
  });

  it("decodes the stream, not each chunk: a character split between chunks stays whole, and a secret recognisable", () => {
    const tail = new OutputTail();
    const bytes = Buffer.from("login pässwörd-1234 failed\n", "utf8");
    const split = bytes.indexOf(Buffer.from("ä", "utf8")) + 1;
    tail.push(bytes.subarray(0, split));
    tail.push(bytes.subarray(split));
    expect(tail.excerpt(8, (line) => line.split("pässwörd-1234").join("***"))).toEqual(["login *** failed"]);
  });
});
