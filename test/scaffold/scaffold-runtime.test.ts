/**
 * templates/server-runtime.ts where it stands: the dispatcher behind every
 * scaffold, over the real SDK client and server (in memory), and its HTTP
 * front door (on 127.0.0.1) with DNS-rebinding protection.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { request, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createMcpServer,
  httpOptionsFromEnvironment,
  serveHttp,
  toolError,
  toolResult,
  type ListedTool,
  type RegisteredHandler,
  type RunningHttpServer,
  type ServerDefinition,
  type ToolContext,
  type ToolValidators,
  type ValidationIssue,
} from "../../templates/server-runtime.js";
import { repoRoot } from "../helpers/typecheck.js";

const tools: ListedTool[] = [
  {
    name: "echo",
    title: "Echo",
    description: "echoes",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
    _meta: { "x/y": 1 },
  },
  {
    name: "weather",
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { temperature: { type: "number" } }, required: ["temperature"] },
  },
  { name: "constructor", inputSchema: { type: "object" } },
];

/** Hand-written stand-ins for the generated validators: same shape, same pointers. */
const validators: ToolValidators = {
  validateInput(name, value) {
    if (name !== "echo") return { ok: true, value };
    const issues: ValidationIssue[] = [];
    const args = value as { text?: unknown; extra?: unknown };
    if (args.text === undefined) issues.push({ path: "/text", message: "is required" });
    else if (typeof args.text !== "string") issues.push({ path: "/text", message: "must be string" });
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
  },
  validateOutput(name, value) {
    if (name !== "weather") return { ok: true, value };
    return typeof (value as { temperature?: unknown }).temperature === "number"
      ? { ok: true, value }
      : { ok: false, issues: [{ path: "/temperature", message: "must be number" }] };
  },
};

const handler = (tool: string, handle: (input: never, context: ToolContext) => unknown): RegisteredHandler => ({ tool, handle });

async function connect(definition: Partial<ServerDefinition> & Pick<ServerDefinition, "handlers">, capabilities: ConstructorParameters<typeof Client>[1] = {}) {
  const logs: string[] = [];
  const server = createMcpServer(
    { info: { name: "runtime-test", version: "1.0.0" }, tools, validators, ...definition },
    { log: (message) => logs.push(message) },
  );
  const client = new Client({ name: "runtime-test-client", version: "1.0.0" }, capabilities);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return { client, server, logs };
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

const defaultHandlers = {
  echo: handler("echo", (input: { text: string }) => input.text),
  weather: handler("weather", (input: { mode?: string }) =>
    input.mode === "bad" ? { temperature: "hot" } : input.mode === "none" ? toolResult({ content: [] }) : { temperature: 21 },
  ),
  constructor: handler("constructor", () => ({ built: true })),
};

describe("createMcpServer", () => {
  it("lists the tools exactly as given", async () => {
    const { client } = await connect({ handlers: defaultHandlers });
    const listed = await client.listTools();
    expect(listed.tools).toEqual(tools);
  });

  it("sends typed output as structuredContent plus a JSON text block", async () => {
    const { client } = await connect({ handlers: defaultHandlers });
    const result = await client.callTool({ name: "weather", arguments: {} });
    expect(result).toEqual({ content: [{ type: "text", text: '{"temperature":21}' }], structuredContent: { temperature: 21 } });
  });

  it("sends a string as text and any other value as JSON text when there is no outputSchema; a tool may be called constructor", async () => {
    const { client } = await connect({ handlers: defaultHandlers });
    expect(await client.callTool({ name: "echo", arguments: { text: "hi" } })).toEqual({ content: [{ type: "text", text: "hi" }] });
    expect(await client.callTool({ name: "constructor", arguments: {} })).toEqual({ content: [{ type: "text", text: '{"built":true}' }] });
  });

  it("answers invalid arguments with a tool error listing JSON pointers, without calling the handler", async () => {
    let called = false;
    const { client } = await connect({
      handlers: {
        ...defaultHandlers,
        echo: handler("echo", () => {
          called = true;
          return "";
        }),
      },
    });
    const result = await client.callTool({ name: "echo", arguments: { text: 42 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Invalid arguments for tool "echo":\n  /text: must be string');
    const missing = await client.callTool({ name: "echo" });
    expect(text(missing)).toContain("/text: is required");
    expect(called).toBe(false);
  });

  it("answers an unknown tool with JSON-RPC -32602, also for Object.prototype names", async () => {
    const { client } = await connect({ handlers: defaultHandlers });
    for (const name of ["nope", "toString", "__proto__"]) {
      await expect(client.callTool({ name, arguments: {} })).rejects.toMatchObject({ code: -32602 });
    }
    // The client's McpError prefixes the code to the message the server sent; the server adds no prefix of its own.
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(/^MCP error -32602: Unknown tool: "nope"$/);
  });

  it("turns a thrown error into a tool error with its message and no stack; the stack goes to the server log", async () => {
    const { client, logs } = await connect({
      handlers: {
        ...defaultHandlers,
        echo: handler("echo", () => {
          throw new Error("database is down");
        }),
      },
    });
    const result = await client.callTool({ name: "echo", arguments: { text: "x" } });
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: "database is down" }] });
    expect(logs.join("\n")).toMatch(/tool "echo" failed: Error: database is down\n\s+at /);
  });

  it("refuses output that breaks the outputSchema, loudly in the log", async () => {
    const { client, logs } = await connect({ handlers: defaultHandlers });
    const result = await client.request(
      { method: "tools/call", params: { name: "weather", arguments: { mode: "bad" } } },
      (await import("@modelcontextprotocol/sdk/types.js")).CallToolResultSchema,
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "weather" produced output that does not match its outputSchema:\n  /temperature: must be number');
    expect(logs.join("\n")).toContain('ERROR: tool "weather" returned output that does not match its outputSchema');
    const none = await client.request(
      { method: "tools/call", params: { name: "weather", arguments: { mode: "none" } } },
      (await import("@modelcontextprotocol/sdk/types.js")).CallToolResultSchema,
    );
    expect(text(none)).toContain("structuredContent is missing");
  });

  it("checks output as it will be sent: NaN, Infinity and toJSON are serialised first; a BigInt or a cycle is the handler's error", async () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const returns: { [mode: string]: unknown } = {
      nan: { temperature: Number.NaN },
      infinite: { temperature: Number.POSITIVE_INFINITY },
      disguised: { toJSON: () => ({ temperature: "hot" }) },
      big: { temperature: 10n },
      cyclic,
      date: { temperature: 3, at: new Date(0) },
    };
    const { client, logs } = await connect({ handlers: { ...defaultHandlers, weather: handler("weather", (input: { mode: string }) => returns[input.mode]) } });
    const call = (mode: string) => client.request({ method: "tools/call", params: { name: "weather", arguments: { mode } } }, CallToolResultSchema);
    for (const mode of ["nan", "infinite", "disguised"]) {
      const result = await call(mode);
      expect(result.isError, mode).toBe(true);
      expect(text(result), mode).toBe('Tool "weather" produced output that does not match its outputSchema:\n  /temperature: must be number');
    }
    for (const mode of ["big", "cyclic"]) {
      const result = await call(mode);
      expect(result.isError, mode).toBe(true);
      expect(text(result), mode).toMatch(/^Tool "weather" returned a value that cannot be sent as JSON: /);
    }
    expect(logs.filter((line) => line.includes("cannot be sent as JSON"))).toHaveLength(2);
    // What passes is what was checked: the Date as its JSON text.
    expect(await call("date")).toEqual({
      content: [{ type: "text", text: '{"temperature":3,"at":"1970-01-01T00:00:00.000Z"}' }],
      structuredContent: { temperature: 3, at: "1970-01-01T00:00:00.000Z" },
    });
  });

  it("passes full results and tool errors through", async () => {
    const full = toolResult({ content: [{ type: "image", data: "AA==", mimeType: "image/png" }], _meta: { note: 1 } });
    const { client } = await connect({
      handlers: { ...defaultHandlers, echo: handler("echo", (input: { text: string }) => (input.text === "fail" ? toolError("nope") : full)) },
    });
    expect(await client.callTool({ name: "echo", arguments: { text: "x" } })).toEqual({
      content: [{ type: "image", data: "AA==", mimeType: "image/png" }],
      _meta: { note: 1 },
    });
    expect(await client.callTool({ name: "echo", arguments: { text: "fail" } })).toEqual({ isError: true, content: [{ type: "text", text: "nope" }] });
  });

  it("reports progress only when the client asked for it, and logs at or above the client's level", async () => {
    const { client } = await connect({
      handlers: {
        ...defaultHandlers,
        echo: handler("echo", async (_input, context) => {
          await context.progress(0, 2);
          await context.log("debug", "quiet");
          await context.log("warning", { loud: true });
          await context.progress(2, 2, "done");
          return "ok";
        }),
      },
    });
    const logged: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logged.push(notification.params));
    await client.setLoggingLevel("info");
    const progress: unknown[] = [];
    await client.callTool({ name: "echo", arguments: { text: "x" } }, undefined, { onprogress: (update) => void progress.push(update) });
    expect(progress).toEqual([
      { progress: 0, total: 2 },
      { progress: 2, total: 2, message: "done" },
    ]);
    await client.callTool({ name: "echo", arguments: { text: "x" } });
    expect(logged).toEqual([
      { level: "warning", logger: "echo", data: { loud: true } },
      { level: "warning", logger: "echo", data: { loud: true } },
    ]);
  });

  it("offers sampling and elicitation only to clients that support them", async () => {
    const seen: Array<[boolean, boolean]> = [];
    const handlers = {
      ...defaultHandlers,
      echo: handler("echo", async (_input, context) => {
        seen.push([context.sample !== undefined, context.elicit !== undefined]);
        if (context.sample === undefined || context.elicit === undefined) return "none";
        const sampled = await context.sample({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 });
        const elicited = await context.elicit({ message: "name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } });
        return `${(sampled.content as { text: string }).text} ${elicited.action} ${String(elicited.content?.["name"])}`;
      }),
    };
    const plain = await connect({ handlers });
    expect(await plain.client.callTool({ name: "echo", arguments: { text: "x" } })).toEqual({ content: [{ type: "text", text: "none" }] });
    const capable = await connect({ handlers }, { capabilities: { sampling: {}, elicitation: {} } });
    capable.client.setRequestHandler(CreateMessageRequestSchema, () => ({ role: "assistant", content: { type: "text", text: "sampled" }, model: "m" }));
    capable.client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { name: "Ada" } }));
    expect(await capable.client.callTool({ name: "echo", arguments: { text: "x" } })).toEqual({ content: [{ type: "text", text: "sampled accept Ada" }] });
    expect(seen).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it("refuses to start without a handler for every tool, or with one bound to another tool", () => {
    const { weather: _weather, ...missing } = defaultHandlers;
    expect(() => createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers: missing })).toThrow('no handler for tool "weather"');
    expect(() =>
      createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers: { ...defaultHandlers, weather: defaultHandlers.echo } }),
    ).toThrow('was defined for "echo"');
  });
});

/** A raw HTTP POST with chosen Host and Origin headers (fetch does not let a caller set Host). */
function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  method = "POST",
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolvePost, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolvePost({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(method === "POST" ? JSON.stringify(body) : undefined);
  });
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
const toolsList = { jsonrpc: "2.0", id: 2, method: "tools/list" };

/** Opens a session with a bare initialize (no GET stream: idle once answered); its ID. */
async function openSession(url: string): Promise<string> {
  const answer = await post(url, {}, initialize);
  const id = answer.headers["mcp-session-id"];
  if (answer.status !== 200 || typeof id !== "string") throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  return id;
}

/** Opens the session's GET stream (MCP "Listening for Messages from the Server") and keeps it open. */
function openStream(url: string, sessionId: string): Promise<IncomingMessage> {
  return new Promise((resolveStream, reject) => {
    const target = new URL(url);
    const outgoing = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": sessionId } },
      (response) => {
        if (response.statusCode === 200) resolveStream(response);
        else reject(new Error(`GET answered ${response.statusCode}`));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Polls `condition` every 20 ms for up to 5 s. */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (const deadline = Date.now() + 5_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error("condition not met within 5 s");
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

describe("serveStdio", () => {
  it("aborts running handlers and lets the process end when the client closes stdin", async () => {
    const child = spawn(process.execPath, [join(repoRoot, "test/fixtures/stdio/waiting-server.mjs")], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    const started = new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("handler started")) resolve();
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "wait", arguments: {} } });
    await started;
    child.stdin.end();
    // Bounded by the test's timeout: before, the process lived on until the handler finished (never, here).
    expect(await exited).toBe(0);
    expect(stderr).toContain("handler aborted");
  }, 20_000);
});

describe("serveHttp", () => {
  const running: RunningHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  const start = async (options: Parameters<typeof serveHttp>[1] = {}) => {
    const server = await serveHttp(
      () => createMcpServer({ info: { name: "http-test", version: "1.0.0" }, tools, validators, handlers: defaultHandlers }, { log: () => undefined }),
      { port: 0, ...options },
    );
    running.push(server);
    return server;
  };

  it("binds to 127.0.0.1 and serves sessions to the SDK client", async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect((await client.listTools()).tools).toEqual(tools);
    expect(await client.callTool({ name: "weather", arguments: {} })).toMatchObject({ structuredContent: { temperature: 21 } });
    await client.close();
  });

  it("refuses a foreign Host or Origin (DNS rebinding) and accepts localhost names with any port", async () => {
    const server = await start();
    const port = new URL(server.url).port;
    expect((await post(server.url, { host: "evil.example.com", origin: "http://evil.example.com" }, initialize)).status).toBe(403);
    expect((await post(server.url, { host: `127.0.0.1:${port}`, origin: "http://evil.example.com" }, initialize)).status).toBe(403);
    expect((await post(server.url, { host: `evil.example.com:${port}` }, initialize)).status).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "localhost"]) {
      const answer = await post(server.url, { host, origin: `http://${host}` }, initialize);
      expect(answer.status, host).toBe(200);
    }
  });

  it("refuses a port that is not a port number before binding anything", async () => {
    for (const port of [Number.NaN, -1, 70000, 1.5]) {
      await expect(start({ port })).rejects.toThrow(/invalid port .*: expected an integer from 0 to 65535/);
    }
  });

  it("refuses an empty host rather than binding every interface", async () => {
    await expect(start({ host: "" })).rejects.toThrow(/invalid host ""/);
    await expect(start({ host: " " })).rejects.toThrow(/invalid host ""/);
  });

  it("reads its options from the environment as src/server.ts documents them", () => {
    const sessionDefaults = { maxSessions: 1000, sessionIdleTimeout: 1800 };
    expect(httpOptionsFromEnvironment({})).toEqual({ port: 3000, host: "127.0.0.1", stateless: false, allowedHosts: [], ...sessionDefaults });
    expect(httpOptionsFromEnvironment({ PORT: " 8080 ", MCP_HOST: "", MCP_ALLOWED_HOSTS: "a.example, b.example,,", MCP_STATELESS: "1" })).toEqual({
      port: 8080,
      host: "127.0.0.1",
      stateless: true,
      allowedHosts: ["a.example", "b.example"],
      ...sessionDefaults,
    });
    expect(httpOptionsFromEnvironment({ PORT: "", MCP_HOST: "::1" }, ["--stateless"])).toEqual({
      port: 3000,
      host: "::1",
      stateless: true,
      allowedHosts: [],
      ...sessionDefaults,
    });
    expect(httpOptionsFromEnvironment({ MCP_MAX_SESSIONS: " 20 ", MCP_SESSION_IDLE_TIMEOUT: "0.5" })).toMatchObject({
      maxSessions: 20,
      sessionIdleTimeout: 0.5,
    });
    expect(httpOptionsFromEnvironment({ MCP_MAX_SESSIONS: "", MCP_SESSION_IDLE_TIMEOUT: "0" })).toMatchObject({ maxSessions: 1000, sessionIdleTimeout: 0 });
    for (const port of ["1e3", "0x1f90", "80a", "-1", "3.5", "abc"]) {
      expect(() => httpOptionsFromEnvironment({ PORT: port }), port).toThrow(/invalid PORT .*: expected an integer from 0 to 65535/);
    }
    for (const count of ["0", "-1", "2.5", "1e3", "many"]) {
      expect(() => httpOptionsFromEnvironment({ MCP_MAX_SESSIONS: count }), count).toThrow(
        /invalid MCP_MAX_SESSIONS .*: expected a whole number of sessions, at least 1/,
      );
    }
    for (const seconds of ["-1", "1e3", "10s", "forever"]) {
      expect(() => httpOptionsFromEnvironment({ MCP_SESSION_IDLE_TIMEOUT: seconds }), seconds).toThrow(
        /invalid MCP_SESSION_IDLE_TIMEOUT .*: expected a number of seconds/,
      );
    }
  });

  it("refuses session limits that are not limits before binding anything", async () => {
    for (const maxSessions of [0, -1, 1.5, Number.NaN]) await expect(start({ maxSessions })).rejects.toThrow(/invalid maxSessions/);
    for (const sessionIdleTimeout of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(start({ sessionIdleTimeout })).rejects.toThrow(/invalid sessionIdleTimeout/);
  });

  it("closes the least recently used idle session to make room, answers it 404, and keeps sessions in use", async () => {
    const server = await start({ maxSessions: 3 });
    // The oldest session listens on a GET stream (as SDK clients do): in use for as long as it listens.
    const live = await openSession(server.url);
    const stream = await openStream(server.url, live);
    const first = await openSession(server.url);
    const second = await openSession(server.url);
    // `first` is now the least recently used idle session: the next initialize closes it.
    expect((await post(server.url, { "mcp-session-id": second }, toolsList)).status).toBe(200);
    await openSession(server.url);
    const gone = await post(server.url, { "mcp-session-id": first }, toolsList);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32001, message: expect.stringMatching(/^Session not found: it was closed or expired; send initialize/) },
    });
    for (let index = 0; index < 20; index++) await openSession(server.url);
    expect((await post(server.url, { "mcp-session-id": live }, toolsList)).status).toBe(200);
    stream.destroy();
  });

  it("refuses a new session with 503 while every session is in use", async () => {
    const server = await start({ maxSessions: 1 });
    const live = await openSession(server.url);
    const stream = await openStream(server.url, live);
    const refused = await post(server.url, {}, initialize);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(JSON.parse(refused.body).error.message).toBe("Service Unavailable: all 1 sessions are in use; try again later");
    expect((await post(server.url, { "mcp-session-id": live }, toolsList)).status).toBe(200);
    // The stream ends: the session is idle, and the next initialize takes its place.
    stream.destroy();
    await waitFor(async () => (await post(server.url, {}, initialize)).status === 200);
    expect((await post(server.url, { "mcp-session-id": live }, toolsList)).status).toBe(404);
  });

  it("closes a session idle for longer than the timeout, and answers it 404", async () => {
    const server = await start({ sessionIdleTimeout: 1 });
    const kept = await openSession(server.url);
    const idle = await openSession(server.url);
    for (let index = 0; index < 15; index++) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      expect((await post(server.url, { "mcp-session-id": kept }, toolsList)).status).toBe(200);
    }
    const gone = await post(server.url, { "mcp-session-id": idle }, toolsList);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).error.message).toMatch(/^Session not found: it was closed or expired/);
    expect((await post(server.url, { "mcp-session-id": kept }, toolsList)).status).toBe(200);
  });

  it("accepts extra host names when told to", async () => {
    const server = await start({ allowedHosts: ["mcp.internal"] });
    expect((await post(server.url, { host: "mcp.internal:1234" }, initialize)).status).toBe(200);
  });

  it("needs a session unless stateless; stateless refuses GET and answers any POST", async () => {
    const stateful = await start();
    expect((await post(stateful.url, {}, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(400);
    expect((await post(stateful.url, { "mcp-session-id": "nope" }, { jsonrpc: "2.0", id: 2, method: "tools/list" })).status).toBe(404);
    const stateless = await start({ stateless: true });
    expect((await post(stateless.url, {}, {}, "GET")).status).toBe(405);
    const client = new Client({ name: "t", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(new URL(stateless.url)));
    expect(await client.callTool({ name: "echo", arguments: { text: "stateless" } })).toEqual({ content: [{ type: "text", text: "stateless" }] });
    await client.close();
  });

  it("answers other paths with 404 and a body that is not JSON with 400", async () => {
    const server = await start();
    expect((await post(server.url.replace(/\/mcp$/, "/other"), {}, initialize)).status).toBe(404);
    const broken = await new Promise<number>((resolveStatus, reject) => {
      const target = new URL(server.url);
      const outgoing = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { "content-type": "application/json" } },
        (response) => {
          response.resume();
          resolveStatus(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      outgoing.end("{not json");
    });
    expect(broken).toBe(400);
  });
});
