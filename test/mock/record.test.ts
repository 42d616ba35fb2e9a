/**
 * `mcpgen mock --record` against a real server from npm
 * (@modelcontextprotocol/server-memory, over stdio, reached as `pull` reaches
 * it), then `mcpgen mock --fixtures` replaying the recording with no server
 * at all: the same answers to the same calls, and no secret of the
 * connection (an `--env` value the client also sends, which the server echoes
 * back) in any file written. And where each fixture goes: never over the
 * snapshot, whatever a tool is called.
 */
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { forgetfulHttpServer } from "../helpers/mcp-http-servers.js";
import { startSdk2HttpServer } from "../helpers/sdk2-servers.js";
import { repoRoot } from "../helpers/typecheck.js";

const bin = join(repoRoot, "bin/mcpgen.js");
const memoryServer = join(repoRoot, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
const SECRET = "s3cr3t-token-0f-the-recording";

/** The calls a client makes, in order; the last sends the secret, which the server echoes back. */
const CALLS: Array<{ name: string; arguments: Record<string, unknown> }> = [
  { name: "create_entities", arguments: { entities: [{ name: "Ada", entityType: "person", observations: ["wrote the first program"] }] } },
  { name: "add_observations", arguments: { observations: [{ entityName: "Ada", contents: ["born 1815"] }] } },
  { name: "read_graph", arguments: {} },
  { name: "search_nodes", arguments: { query: "Ada" } },
  { name: "open_nodes", arguments: { names: ["Ada", "Babbage"] } },
  { name: "create_entities", arguments: { entities: [{ name: `token ${SECRET}`, entityType: "secret", observations: [] }] } },
];

/** What a client sees of an answer: the mock's own statement in `_meta` aside. */
function seen(result: Record<string, unknown>): unknown {
  const { _meta: _dropped, ...rest } = result;
  return rest;
}

async function callAll(args: string[]): Promise<{ answers: Record<string, unknown>[]; stderr: string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const client = new Client({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(transport);
  const answers: Record<string, unknown>[] = [];
  try {
    for (const call of CALLS) answers.push((await client.callTool(call)) as Record<string, unknown>);
  } finally {
    await client.close();
  }
  return { answers, stderr };
}

describe("mcpgen mock --record, then --fixtures", () => {
  it("records a real server (server-memory over stdio), replays it offline with the same answers, and writes no secret", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-"));
    const memoryFile = join(dir, "..", `${basename(dir)}-memory.jsonl`);
    const recorded = await callAll([
      bin,
      "mock",
      "--record",
      dir,
      "-e",
      `MEMORY_FILE_PATH=${memoryFile}`,
      "-e",
      `TOKEN=${SECRET}`,
      "--",
      process.execPath,
      memoryServer,
    ]);
    expect(recorded.answers.map((answer) => answer["isError"] ?? false)).toEqual(CALLS.map(() => false));
    // The live answers pass through as the server sent them: the echoed secret reaches the client.
    expect(JSON.stringify(recorded.answers[5])).toContain(SECRET);

    const files = (await readdir(dir)).sort();
    expect(files).toEqual(["add-observations.json", "create-entities.json", "manifest.json", "open-nodes.json", "read-graph.json", "search-nodes.json"]);
    for (const file of files) {
      const text = await readFile(join(dir, file), "utf8");
      expect(text, file).not.toContain(SECRET);
      expect(text, file).not.toContain(memoryFile);
    }
    const createEntities = JSON.parse(await readFile(join(dir, "create-entities.json"), "utf8")) as {
      generatedBy: string;
      fixtures: Array<{ arguments: unknown; match: string }>;
    };
    expect(createEntities.generatedBy).toBe("mcpgen");
    expect(createEntities.fixtures.map((fixture) => fixture.match)).toEqual(["exact", "exact"]);
    expect(JSON.stringify(createEntities.fixtures[1]!.arguments)).toContain("token ***");

    const replayed = await callAll([bin, "mock", join(dir, "manifest.json"), "--fixtures", dir]);
    // Every call but the one whose arguments held the secret (recorded masked, so it matches no call as sent) is answered as recorded.
    expect(replayed.answers.slice(0, 5).map(seen)).toEqual(recorded.answers.slice(0, 5).map(seen));
    for (const answer of replayed.answers.slice(0, 5)) expect((answer["_meta"] as Record<string, { source: string }>)["mcpgen/mock"]!.source).toBe("fixture");
    expect((replayed.answers[5]!["_meta"] as Record<string, { source: string }>)["mcpgen/mock"]!.source).not.toBe("fixture");

    // Replay is deterministic: a second run answers alike.
    const again = await callAll([bin, "mock", join(dir, "manifest.json"), "--fixtures", dir]);
    expect(again.answers.map(seen)).toEqual(replayed.answers.map(seen));
  });
});

describe("mcpgen mock --record fed a pipe", () => {
  it("answers (and records) the calls in flight when stdin ends, before it exits", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-pipe-"));
    const { spawn } = await import("node:child_process");
    const child = spawn(
      process.execPath,
      [bin, "mock", "--record", dir, "-e", `MEMORY_FILE_PATH=${join(dir, "..", `${basename(dir)}.jsonl`)}`, "--", process.execPath, memoryServer],
      {
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.resume();
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const lines = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "read_graph", arguments: {} } },
      { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "search_nodes", arguments: { query: "Ada" } } },
    ];
    // All at once, then EOF: before, only initialize was answered (stdin's end closed the transport under the calls).
    child.stdin.end(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    try {
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
    const answers = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { id: number; result?: { structuredContent?: unknown } });
    // The two calls are in flight together, so the server may answer them in either order (JSON-RPC matches answers by id).
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
    expect(answers.find((answer) => answer.id === 3)?.result?.structuredContent).toEqual({ entities: [], relations: [] });
    expect((await readdir(dir)).sort()).toEqual(["manifest.json", "read-graph.json", "search-nodes.json"]);
  });
});

describe("mcpgen mock --record: errors and failures of the live server", () => {
  const script = join(repoRoot, "test/fixtures/pull/scripted-server.mjs");

  /** `mcpgen mock --record` over HTTP as a child process, its URL read from stderr. */
  async function recordOverHttp(dir: string, scenario: string, options: string[] = [], live: string[] = ["--", process.execPath, script, scenario]) {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, [bin, "mock", "--record", dir, "--http", "0", ...options, ...live], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    const output = { stderr: "" };
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        output.stderr += chunk.toString();
        const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(output.stderr);
        if (found !== null) resolve(found[1]!);
      });
      void exited.then(() => reject(new Error(`the mock exited: ${output.stderr}`)));
    });
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return { child, client, exited, output };
  }

  it("records and serves a tool whose x-mcp-header marks break MCP 2026-07-28's rules, as the mock of a manifest serves it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-header-"));
    const { child, client, exited, output } = await recordOverHttp(dir, "bad-header-mark");
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["echo", "hdr"]);
    await client.close();
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    const recorded = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as { tools: Array<{ name: string }> };
    expect(recorded.tools.map((tool) => tool.name)).toEqual(["echo", "hdr"]);
    expect(output.stderr).toContain('tool "hdr" at /tools/1/inputSchema/properties/x/x-mcp-header: listed as declared, its headers not checked');
  });

  it("does not record as the server's answer mcpgen's own refusal of a sampling the server asks for on MCP 2026-07-28", async () => {
    const { Server, inputRequired } = await import("@modelcontextprotocol/server");
    const asker = () => {
      const server = new Server({ name: "asker", version: "1.0.0" }, { capabilities: { tools: {} } });
      server.setRequestHandler("tools/list", () => ({ tools: [{ name: "ask", inputSchema: { type: "object" as const } }] }));
      server.setRequestHandler("tools/call", () =>
        inputRequired({
          inputRequests: { s: inputRequired.createMessage({ messages: [{ role: "user", content: { type: "text", text: "?" } }], maxTokens: 5 }) },
        }),
      );
      return server;
    };
    const live = await startSdk2HttpServer({ legacy: "reject", factory: asker as never });
    try {
      const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-sampling-"));
      const { child, client, exited, output } = await recordOverHttp(dir, "", ["--capability", "sampling"], [live.url.href]);
      await expect(client.callTool({ name: "ask", arguments: {} })).rejects.toThrow(/samples nothing/);
      await client.close();
      child.kill("SIGINT");
      expect(await exited).toBe(130);
      expect(await readdir(dir)).toEqual(["manifest.json"]);
      expect(output.stderr).toContain('warning: tool "ask": a call not recorded: the server asked the client for a sampling');
    } finally {
      await live.close();
    }
  });

  it("passes a protocol error on, and records it as a fixture that replays it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-error-"));
    const { child, client, exited } = await recordOverHttp(dir, "plain");
    await expect(client.callTool({ name: "echo", arguments: { q: "x" } })).rejects.toThrow(/Method not found/);
    await client.close();
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    const recorded = JSON.parse(await readFile(join(dir, "echo.json"), "utf8")) as { fixtures: unknown[] };
    expect(recorded.fixtures).toEqual([{ arguments: { q: "x" }, match: "exact", error: { code: -32601, message: "Method not found" } }]);
  });

  it("stops with exit code 1, saying why, when the live server exits mid-session", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-fault-"));
    const { client, exited, output } = await recordOverHttp(dir, "dies-on-call");
    await expect(client.callTool({ name: "echo", arguments: { q: "x" } })).rejects.toThrow();
    expect(await exited).toBe(1);
    expect(output.stderr).toContain("fatal: the tool crashed");
    await client.close().catch(() => undefined);
    expect((await readdir(dir)).sort()).toEqual(["manifest.json"]);
  });

  it("stops a call at --max-size when another call beside it was answered first (each call in flight hears the fault)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-fault-"));
    // The timeout is long: a call that did not hear the fault would fail at it, with words of its own.
    const { client, exited, output } = await recordOverHttp(dir, "huge-second-call", ["--max-size", "1MB", "--timeout", "30"]);
    // The two calls are in flight together: the server answers whichever reaches it first, and the other too large.
    const calls = await Promise.allSettled([
      client.callTool({ name: "echo", arguments: { q: "1" } }),
      client.callTool({ name: "echo", arguments: { q: "2" } }),
    ]);
    const answered = calls.filter((call) => call.status === "fulfilled");
    expect(answered.map((call) => call.value)).toMatchObject([{ content: [{ type: "text", text: "first" }] }]);
    expect(calls.filter((call) => call.status === "rejected")).toHaveLength(1);
    expect(await exited).toBe(1);
    expect(output.stderr).toMatch(/sent more than 1 MB during tools\/call/);
    await client.close().catch(() => undefined);
  });
});

describe("mcpgen mock --record: a live server that forgets its sessions", () => {
  it("starts a new session after a 404 to a call in its session (MCP Session Management), once per call: a new session that forgets the call too ends the recording", async () => {
    const live = await forgetfulHttpServer(0);
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-session-"));
    const events: string[] = [];
    const { record } = await import("../../src/commands/mock.js");
    const running = await record({
      dir,
      target: live.url,
      timeoutMs: 5_000,
      http: { port: 0 },
      log: () => undefined,
      onProgress: (event) => events.push(event.message),
    });
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "test", version: "1.0.0" });
    const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
      expect(text(await client.callTool({ name: "kept", arguments: { text: "a" } }))).toBe('{"text":"a"}');
      // Two calls in flight find it lost (its 404s held until both have come, so neither goes out after the new session
      // has begun): one new session, both answered in it.
      live.restart(2);
      const [b, b2] = await Promise.all([
        client.callTool({ name: "kept", arguments: { text: "b" } }),
        client.callTool({ name: "kept", arguments: { text: "b2" } }),
      ]);
      expect([text(b), text(b2)]).toEqual(['{"text":"b"}', '{"text":"b2"}']);
      // Forgotten again (a later failure gets its own new session), and so is every session from now on: one new session, then the fault.
      live.restart();
      live.forgetNew = Infinity;
      await expect(client.callTool({ name: "kept", arguments: { text: "c" } })).rejects.toThrow(
        /the recorded server failed: .*answered tools\/call with HTTP 404/,
      );
      await expect(running.done).rejects.toThrow(/answered tools\/call with HTTP 404/);
    } finally {
      await client.close();
      await running.close();
      await live.close();
    }
    // Each new initialize carries no session id; what follows carries the new one.
    const posted = live.posts.map((post) => `${post.method} ${post.session ?? "-"}`);
    expect(posted.slice(0, 4)).toEqual(["server/discover -", "initialize -", "tools/list s-1", "tools/call s-1"]);
    // The two calls in flight: each is sent again once, in the one new session.
    expect(posted.slice(4, 9).sort()).toEqual(["initialize -", "tools/call s-1", "tools/call s-1", "tools/call s-2", "tools/call s-2"]);
    expect(posted.indexOf("initialize -", 4)).toBeLessThan(posted.indexOf("tools/call s-2"));
    expect(posted.slice(9)).toEqual(["tools/call s-2", "initialize -", "tools/call s-3"]);
    expect(events.filter((event) => event.includes("no longer knew the session"))).toEqual([
      `${live.url} no longer knew the session it began (HTTP 404 to tools/call); starting a new session with the 2025 initialize, as the MCP spec has a client do`,
      `${live.url} no longer knew the session it began (HTTP 404 to tools/call); starting a new session with the 2025 initialize, as the MCP spec has a client do`,
    ]);
    const recorded = JSON.parse(await readFile(join(dir, "kept.json"), "utf8")) as { fixtures: Array<{ arguments: unknown }> };
    expect(recorded.fixtures.map((fixture) => fixture.arguments)).toEqual(expect.arrayContaining([{ text: "a" }, { text: "b" }, { text: "b2" }]));
    expect(recorded.fixtures).toHaveLength(3);
  });
});

describe("mcpgen mock --record into the folder of an earlier recording", () => {
  it("keeps the earlier recording's fixtures, but for the calls made again, whose answers it replaces", async () => {
    const live = await startSdk2HttpServer({ legacy: "reject" });
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-again-"));
    const { record } = await import("../../src/commands/mock.js");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const session = async (regions: string[]) => {
      const running = await record({ dir, target: live.url.href, timeoutMs: 10_000, http: { port: 0 }, log: () => undefined });
      const client = new Client({ name: "test", version: "1.0.0" });
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
        for (const region of regions) await client.callTool({ name: "execute_sql", arguments: { region, query: "select 1" } });
      } finally {
        await client.close();
        await running.close();
      }
    };
    const file = join(dir, "execute-sql.json");
    type Recorded = { generatedBy: string; fixtures: Array<{ arguments: { region: string }; result: { structuredContent: { rows: number } } }> };
    const recorded = async () => JSON.parse(await readFile(file, "utf8")) as Recorded;
    try {
      await session(["ap-south-1", "eu-west-1"]);
      // Edited since (the file still mcpgen's): the next recording of the same call replaces the edit with what the server says.
      const edited = await recorded();
      edited.fixtures[1]!.result.structuredContent.rows = 99;
      await writeFile(file, JSON.stringify(edited, null, 2));
      await session(["eu-west-1", "us-east-1"]);
    } finally {
      await live.close();
    }
    const after = await recorded();
    expect(after.generatedBy).toBe("mcpgen");
    expect(after.fixtures.map((fixture) => [fixture.arguments.region, fixture.result.structuredContent.rows])).toEqual([
      ["ap-south-1", 8],
      ["eu-west-1", 8],
      ["us-east-1", 8],
    ]);
  });
});

describe("mcpgen mock --record: a 2026-07-28 server that checks Mcp-Param-* headers", () => {
  it("sends each call's x-mcp-header arguments in their headers, encoded, so the server answers it rather than refusing it (-32020)", async () => {
    // The SDK v2 fixture server over HTTP, 2026-07-28 alone: the SDK checks execute_sql's Mcp-Param-Region header.
    const live = await startSdk2HttpServer({ legacy: "reject" });
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-headers-"));
    const { record } = await import("../../src/commands/mock.js");
    const running = await record({ dir, target: live.url.href, timeoutMs: 10_000, http: { port: 0 }, log: () => undefined });
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    // A 2025 client of the mock sends no such header: the mock sends it to the live server all the same.
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
      for (const region of ["eu-west-1", "Zürich"]) {
        expect(await client.callTool({ name: "execute_sql", arguments: { region, query: "select 1" } })).toMatchObject({
          structuredContent: { region, rows: 8 },
        });
      }
    } finally {
      await client.close();
      await running.close();
      await live.close();
    }
    const calls = live.requests.filter((request) => request.rpcMethod === "tools/call");
    expect(calls.map((request) => request.headers["mcp-param-region"])).toEqual(["eu-west-1", `=?base64?${Buffer.from("Zürich").toString("base64")}?=`]);
    const recorded = JSON.parse(await readFile(join(dir, "execute-sql.json"), "utf8")) as { fixtures: Array<{ arguments: unknown; result?: unknown }> };
    expect(recorded.fixtures.map((fixture) => [fixture.arguments, fixture.result !== undefined])).toEqual([
      [{ region: "eu-west-1", query: "select 1" }, true],
      [{ region: "Zürich", query: "select 1" }, true],
    ]);
  });
});

describe("mcpgen mock --record: where each fixture goes", () => {
  it("records a tool named `manifest` beside the snapshot, never over it, and replays it; a file the user owns costs only its own fixtures", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-names-"));
    const live = join(dir, "live.json");
    const tools = [
      { name: "mine", inputSchema: { type: "object" } },
      { name: "manifest", inputSchema: { type: "object" } },
    ];
    await writeFile(live, JSON.stringify({ tools }));
    const recordings = join(dir, "recorded");
    // A fixture file the user wrote where the recording of `mine` would go: never replaced.
    const { mkdir } = await import("node:fs/promises");
    await mkdir(recordings);
    const owned = JSON.stringify({ tool: "mine", fixtures: [{ structuredContent: {} }] });
    await writeFile(join(recordings, "mine.json"), owned);
    const logged: string[] = [];
    const { record } = await import("../../src/commands/mock.js");
    const running = await record({ dir: recordings, command: [process.execPath, bin, "mock", live], http: { port: 0 }, log: (line) => logged.push(line) });
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
      // The live server answered (and acted): the client gets that answer, and the other tool is still recorded.
      expect(((await client.callTool({ name: "mine", arguments: {} })) as { isError?: boolean }).isError).toBeUndefined();
      await client.callTool({ name: "manifest", arguments: {} });
    } finally {
      await client.close();
      await running.close();
    }
    expect(await readFile(join(recordings, "mine.json"), "utf8")).toBe(owned);
    expect(logged).toContain(
      `warning: ${join(recordings, "mine.json")}: refusing to overwrite this file: mcpgen did not generate it; calls answered for it are not recorded\n  hint: record into another folder (--record <dir>), or move the file away`,
    );
    expect((await readdir(recordings)).sort()).toEqual(["manifest-tool.json", "manifest.json", "mine.json"]);
    const snapshot = JSON.parse(await readFile(join(recordings, "manifest.json"), "utf8")) as { tools: Array<{ name: string }> };
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(["mine", "manifest"]);
    const { createMockClient } = await import("../../src/commands/mock-client.js");
    const replay = createMockClient({ manifest: join(recordings, "manifest.json"), fixtures: recordings });
    await replay.callTool({ name: "manifest", arguments: {} });
    expect(replay.calls[0]).toMatchObject({ tool: "manifest", source: "fixture" });
  });
});

describe("mcpgen mock --record: the answer to the call that found the live server's failure", () => {
  const script = join(repoRoot, "test/fixtures/pull/scripted-server.mjs");

  it.each(["legacy", "modern"] as const)(
    "is written before the recording stops, however long its writing takes (over HTTP, %s era: its response finishes first)",
    async (era) => {
      const { ServerResponse } = await import("node:http");
      const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-answer-first-"));
      const { record } = await import("../../src/commands/mock.js");
      const running = await record({ dir, command: [process.execPath, script, "dies-on-call"], timeoutMs: 5_000, http: { port: 0 }, log: () => undefined });
      const stopped = running.done.then(
        () => "stopped",
        () => "stopped",
      );
      // The failing call's answer is slow to be written: its response (what is written of it, and its end) is held until the
      // recording has stopped, or for a second at most (a machine stalled that long between the answer and its writing).
      // A stop that does not wait for it cuts it off.
      const { write, end } = ServerResponse.prototype;
      const held = new WeakMap<InstanceType<typeof ServerResponse>, Promise<unknown>>();
      const later = (method: (...args: unknown[]) => unknown) =>
        function (this: InstanceType<typeof ServerResponse>, ...args: unknown[]) {
          const text = args[0] instanceof Uint8Array || typeof args[0] === "string" ? Buffer.from(args[0]).toString() : "";
          if (!held.has(this) && text.includes("the recorded server failed"))
            held.set(this, Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 1_000))]));
          const hold = held.get(this);
          if (hold === undefined) return method.apply(this, args);
          held.set(
            this,
            hold.then(() => method.apply(this, args)),
          );
          return method === write ? true : this;
        };
      ServerResponse.prototype.write = later(write as never) as never;
      ServerResponse.prototype.end = later(end as never) as never;
      const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
      // The SDK v2 client speaks a 2025 session unless it negotiates MCP 2026-07-28.
      const client = new Client({ name: "test", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(running.url!)));
        await expect(client.callTool({ name: "echo", arguments: { q: "x" } }, { timeout: 10_000 })).rejects.toThrow(
          /the recorded server failed: .*exited with code 3 before answering tools\/call/,
        );
        await expect(running.done).rejects.toThrow(/the tool crashed/);
      } finally {
        Object.assign(ServerResponse.prototype, { write, end });
        await client.close().catch(() => undefined);
        await running.close();
      }
    },
  );
});
