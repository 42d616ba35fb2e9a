/**
 * A real scaffolded server (built, run as its own process over Streamable
 * HTTP on 127.0.0.1) against hostile clients: a flood of 2025 `initialize`
 * requests must not grow it past its session limit (the oldest idle sessions
 * make room, sessions in use and 2026-07-28 clients keep working), idle
 * sessions end, requests in flight are bounded, clients that abort mid-body
 * cost no stack traces; arguments and results built to stall a
 * backtracking regex engine on the manifest's patterns are checked without
 * blocking the server. Memory is the server process's resident set, read
 * from /proc by this test (skipped where there is no /proc); times are
 * measured here, around each request.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect as connectSocket, type Socket } from "node:net";
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, scaffoldProject, startHttp, writeHandler, type HttpServerProcess } from "../helpers/scaffold-project.js";

const MANIFEST = {
  server: { name: "hardening", version: "1.0.0" },
  tools: [
    {
      name: "echo",
      inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    },
    {
      name: "redos",
      inputSchema: { type: "object", properties: { name: { type: "string", pattern: "^(a+)+$" }, word: { type: "string" } }, required: ["name", "word"] },
      outputSchema: { type: "object", properties: { word: { type: "string", pattern: "^(a|a)*$" } }, required: ["word"] },
    },
  ],
};

const REDOS = `import { defineHandler } from "../generated/define.js";

export default defineHandler("redos", (input) => ({ word: input.word }));
`;

const ECHO = `import { defineHandler } from "../generated/define.js";

export default defineHandler("echo", (input) => input.text);
`;

const procAvailable = existsSync("/proc/self/status");

let project: string;

beforeAll(async () => {
  const manifest = join(tmpdir(), `mcpgen-hardening-${process.pid}.tools.json`);
  await writeFile(manifest, JSON.stringify(MANIFEST));
  ({ project } = await scaffoldProject(manifest, "hardening-server"));
  await writeHandler(project, "src/handlers/echo.ts", ECHO);
  await writeHandler(project, "src/handlers/redos.ts", REDOS);
  const built = await compile(project);
  expect(built.output).toBe("");
  expect(built.ok).toBe(true);
}, 180_000);

/** The resident set of a process, in bytes (Linux). */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "flood", version: "1" } },
});
const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };

/** Kept-alive connections: a flood of thousands of requests pays for no handshakes. */
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** A bare 2025 initialize: its HTTP status and the session it opened. */
function initializeOnce(url: string): Promise<{ status: number; session: string | undefined }> {
  return new Promise((resolveStatus, reject) => {
    const target = new URL(url);
    const outgoing = request({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent, headers }, (response) => {
      response.resume();
      response.on("end", () => {
        const session = response.headers["mcp-session-id"];
        resolveStatus({ status: response.statusCode ?? 0, session: typeof session === "string" ? session : undefined });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(initialize);
  });
}

const statusOf = async (url: string) => (await initializeOnce(url)).status;

/** `count` initializes, `parallel` at a time; the sessions they opened, in order. */
async function flood(url: string, count: number, parallel: number): Promise<string[]> {
  const sessions: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        const { status, session } = await initializeOnce(url);
        if (status !== 200 || session === undefined) throw new Error(`initialize answered ${status}`);
        sessions.push(session);
      }
    }),
  );
  return sessions;
}

async function listTools(url: string, sessionId: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  });
  return { status: response.status, body: await response.text() };
}

/** A POST that sends half its body and waits: a request in flight until `destroy`. */
function halfRequest(url: string): Promise<Socket> {
  const target = new URL(url);
  return new Promise((resolveSocket, reject) => {
    const socket = connectSocket(Number(target.port), target.hostname, () => {
      socket.write(`POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
      resolveSocket(socket);
    });
    socket.on("error", reject);
  });
}

describe.skipIf(!procAvailable)("a scaffolded server under a flood of sessions and requests", () => {
  let server: HttpServerProcess;
  afterAll(async () => {
    agent.destroy();
    await server?.stop();
  });

  it("stays within its session limit: memory stays bounded, the oldest idle sessions get 404, live 2025 and 2026-07-28 clients keep working", async () => {
    // A 32 MB heap: the 1,000 sessions of the flood would need some 37 MB (unbounded, the server dies
    // of it); 100 sessions fit many times over.
    server = await startHttp(project, { env: { MCP_MAX_SESSIONS: "100", NODE_OPTIONS: "--max-old-space-size=32" } });
    const live = new Client({ name: "live", version: "1.0.0" });
    await live.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect(await live.callTool({ name: "echo", arguments: { text: "before" } })).toEqual({ content: [{ type: "text", text: "before" }] });
    const modern = new ClientV2({ name: "modern", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await modern.connect(new HttpTransportV2(new URL(server.url)));

    // Warm up (JIT, heap growth) past the limit, then measure what the next thousand add.
    const early = (await initializeOnce(server.url)).session!;
    await flood(server.url, 150, 16);
    const before = await residentBytes(server.child.pid!);
    const sessions = await flood(server.url, 1_000, 16);
    const after = await residentBytes(server.child.pid!);
    expect(server.child.exitCode).toBeNull();
    expect(after - before, `resident set ${Math.round(before / 2 ** 20)} MB -> ${Math.round(after / 2 ** 20)} MB`).toBeLessThan(24 * 2 ** 20);

    for (const evicted of [early, sessions[0]!, sessions[800]!]) {
      const answer = await listTools(server.url, evicted);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32001, message: "Session not found: it was closed or expired; send initialize without an Mcp-Session-Id to start a new session" },
      });
    }
    expect((await listTools(server.url, sessions.at(-1)!)).status).toBe(200);
    // The live client's GET stream keeps its session in use: never evicted.
    expect(await live.callTool({ name: "echo", arguments: { text: "after" } })).toEqual({ content: [{ type: "text", text: "after" }] });
    expect(await modern.callTool({ name: "echo", arguments: { text: "modern" } })).toMatchObject({ content: [{ type: "text", text: "modern" }] });
    await Promise.all([live.close(), modern.close()]);
  }, 120_000);

  it("closes a session left idle for MCP_SESSION_IDLE_TIMEOUT seconds", async () => {
    await server?.stop();
    server = await startHttp(project, { env: { MCP_SESSION_IDLE_TIMEOUT: "1" } });
    const idle = (await initializeOnce(server.url)).session!;
    const kept = (await initializeOnce(server.url)).session!;
    expect((await listTools(server.url, idle)).status).toBe(200);
    for (let index = 0; index < 15; index++) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      expect((await listTools(server.url, kept)).status).toBe(200);
    }
    const answer = await listTools(server.url, idle);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.code).toBe(-32001);
  }, 60_000);

  it("serves at most MCP_MAX_REQUESTS at once (503 beyond), and says no more than a short line about clients that abort mid-body", async () => {
    await server?.stop();
    server = await startHttp(project, { env: { MCP_MAX_REQUESTS: "20" } });
    const held = await Promise.all(Array.from({ length: 20 }, () => halfRequest(server.url)));
    await expect.poll(() => statusOf(server.url)).toBe(503);
    for (const socket of held) socket.destroy();
    await expect.poll(() => statusOf(server.url)).toBe(200);
    // 300 clients that give up halfway: before, each cost a stack trace on stderr.
    for (let round = 0; round < 15; round++) {
      const aborted = await Promise.all(Array.from({ length: 20 }, () => halfRequest(server.url)));
      for (const socket of aborted) socket.destroy();
    }
    // Once the server has seen the last round go (a moment after the destroy; until then those requests are in flight).
    await expect.poll(() => statusOf(server.url)).toBe(200);
    const log = server
      .stderr()
      .split("\n")
      .slice(1)
      .filter((line) => line !== "");
    expect(log.length).toBeLessThanOrEqual(300);
    for (const line of log) expect(line).not.toMatch(/^\s+at |Error: aborted/);
  }, 60_000);
});

describe("a scaffolded server checking values against catastrophic patterns", () => {
  let server: HttpServerProcess;
  let client: Client;
  beforeAll(async () => {
    server = await startHttp(project);
    client = new Client({ name: "hostile", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  // No timing is asserted: RegExp's backtracking would take hours on these values (each further
  // byte doubles it), so a matcher that backtracked could not answer before the test's timeout.
  const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;

  it("refuses an argument built against ^(a+)+$ at once, and serves other requests meanwhile", { timeout: 30_000 }, async () => {
    // 30 bytes blocked the event loop for 2.5 s; each further byte doubles that.
    for (const name of [`${"a".repeat(29)}!`, `${"a".repeat(100_000)}!`]) {
      const [result, listed] = await Promise.all([client.callTool({ name: "redos", arguments: { name, word: "a" } }), client.listTools()]);
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Invalid arguments for tool "redos":\n  /name: must match pattern "^(a+)+$"');
      expect(listed.tools.map((tool) => tool.name)).toEqual(["echo", "redos"]);
    }
    expect(await client.callTool({ name: "redos", arguments: { name: "aaa", word: "aa" } })).toMatchObject({ structuredContent: { word: "aa" } });
  });

  it("refuses output built against ^(a|a)*$ at once", { timeout: 30_000 }, async () => {
    for (const word of [`${"a".repeat(27)}!`, `${"a".repeat(100_000)}!`]) {
      const result = await client.callTool({ name: "redos", arguments: { name: "a", word } });
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Tool "redos" produced output that does not match its outputSchema:\n  /word: must match pattern "^(a|a)*$"');
    }
  });
});
