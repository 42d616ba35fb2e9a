/**
 * A real scaffolded server (built, run as its own process over Streamable
 * HTTP on 127.0.0.1) against hostile clients: a flood of `initialize`
 * requests must not grow it without bound, idle sessions end, and the
 * sessions in use keep working; arguments and results built to stall a
 * backtracking regex engine on the manifest's patterns are checked without
 * blocking the server. Memory is the server process's resident set, read
 * from /proc by this test (skipped where there is no /proc); times are
 * measured here, around each request.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
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

/** A bare initialize: the new session's ID. */
function openSession(url: string): Promise<string> {
  return new Promise((resolveSession, reject) => {
    const target = new URL(url);
    const outgoing = request({ host: target.hostname, port: target.port, path: target.pathname, method: "POST", agent, headers }, (response) => {
      response.resume();
      response.on("end", () => {
        const id = response.headers["mcp-session-id"];
        if (response.statusCode !== 200 || typeof id !== "string") reject(new Error(`initialize answered ${response.statusCode}`));
        else resolveSession(id);
      });
    });
    outgoing.on("error", reject);
    outgoing.end(initialize);
  });
}

async function listTools(url: string, sessionId: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "mcp-session-id": sessionId },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  });
  return { status: response.status, body: await response.text() };
}

/** `count` initializes, `parallel` at a time; every session's ID in order of creation. */
async function flood(url: string, count: number, parallel: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        ids.push(await openSession(url));
      }
    }),
  );
  return ids;
}

describe.skipIf(!procAvailable)("a scaffolded server under a flood of sessions", () => {
  let server: HttpServerProcess;
  afterAll(async () => {
    agent.destroy();
    await server?.stop();
  });

  it("stays within its session limit: memory stays bounded, the oldest idle sessions get 404, a live session keeps working", async () => {
    // A 32 MB heap: the 1,000 sessions of the flood would need some 37 MB (unbounded, the server dies
    // of it); 100 sessions fit many times over.
    server = await startHttp(project, { env: { MCP_MAX_SESSIONS: "100", NODE_OPTIONS: "--max-old-space-size=32" } });
    const live = new Client({ name: "live", version: "1.0.0" });
    await live.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect(await live.callTool({ name: "echo", arguments: { text: "before" } })).toEqual({ content: [{ type: "text", text: "before" }] });

    // Warm up (JIT, heap growth) past the limit, then measure what the next thousands add.
    const early = await openSession(server.url);
    await flood(server.url, 150, 16);
    const before = await residentBytes(server.child.pid!);
    const ids = await flood(server.url, 1_000, 16);
    const after = await residentBytes(server.child.pid!);
    expect(server.child.exitCode).toBeNull();
    expect(after - before, `resident set ${Math.round(before / 2 ** 20)} MB -> ${Math.round(after / 2 ** 20)} MB`).toBeLessThan(24 * 2 ** 20);

    for (const evicted of [early, ids[0]!, ids[800]!]) {
      const answer = await listTools(server.url, evicted);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: { code: -32001, message: "Session not found: it was closed or expired; send initialize without an Mcp-Session-Id to start a new session" },
      });
    }
    expect((await listTools(server.url, ids.at(-1)!)).status).toBe(200);
    expect(await live.callTool({ name: "echo", arguments: { text: "after" } })).toEqual({ content: [{ type: "text", text: "after" }] });
    await live.close();
  }, 120_000);

  it("closes a session left idle for MCP_SESSION_IDLE_TIMEOUT seconds", async () => {
    await server?.stop();
    server = await startHttp(project, { env: { MCP_SESSION_IDLE_TIMEOUT: "1" } });
    const idle = await openSession(server.url);
    const kept = await openSession(server.url);
    expect((await listTools(server.url, idle)).status).toBe(200);
    for (let index = 0; index < 15; index++) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      expect((await listTools(server.url, kept)).status).toBe(200);
    }
    const answer = await listTools(server.url, idle);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.code).toBe(-32001);
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

  /** Milliseconds for one request, round trip. RegExp alone would take hours on these values. */
  const BOUND = 3_000;
  const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]!.text;

  it("refuses an argument built against ^(a+)+$ at once, and serves other requests meanwhile", async () => {
    // 30 bytes blocked the event loop for 2.5 s; each further byte doubles that.
    for (const name of [`${"a".repeat(29)}!`, `${"a".repeat(100_000)}!`]) {
      const start = performance.now();
      const [result, listed] = await Promise.all([client.callTool({ name: "redos", arguments: { name, word: "a" } }), client.listTools()]);
      expect(performance.now() - start).toBeLessThan(BOUND);
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Invalid arguments for tool "redos":\n  /name: must match pattern "^(a+)+$"');
      expect(listed.tools.map((tool) => tool.name)).toEqual(["echo", "redos"]);
    }
    expect(await client.callTool({ name: "redos", arguments: { name: "aaa", word: "aa" } })).toMatchObject({ structuredContent: { word: "aa" } });
  });

  it("refuses output built against ^(a|a)*$ at once", async () => {
    for (const word of [`${"a".repeat(27)}!`, `${"a".repeat(100_000)}!`]) {
      const start = performance.now();
      const result = await client.callTool({ name: "redos", arguments: { name: "a", word } });
      expect(performance.now() - start).toBeLessThan(BOUND);
      expect(result.isError).toBe(true);
      expect(text(result)).toBe('Tool "redos" produced output that does not match its outputSchema:\n  /word: must match pattern "^(a|a)*$"');
    }
  });
});
