/**
 * `pull` over Streamable HTTP and legacy HTTP+SSE, against SDK servers started
 * here on 127.0.0.1 (random ports): paging, a required header, the fallback
 * from Streamable HTTP to SSE, forced transports, and HTTP-side faults.
 */
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { readFile } from "node:fs/promises";
import { createServer, type Server as HttpServer, type ServerResponse } from "node:http";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { McpgenError } from "../../src/shared/errors.js";
import { generate } from "../../src/commands/generate.js";
import { pull, type PullEvent } from "../../src/commands/pull.js";
import {
  closedPort,
  forgetfulHttpServer,
  sampleTool,
  sseServer,
  streamableHttpServer,
  toolServer,
  type ForgetfulServer,
  type RunningServer,
} from "../helpers/mcp-http-servers.js";
import { listWithSdk, readTree, tempDir } from "../helpers/pull.js";

const running: RunningServer[] = [];
async function serve(server: Promise<RunningServer>): Promise<RunningServer> {
  const started = await server;
  running.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

const eightTools: Tool[] = Array.from({ length: 8 }, (_, index) =>
  sampleTool(
    `tool_${index + 1}`,
    index === 2 ? { outputSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] }, annotations: { readOnlyHint: true } } : {},
  ),
);

async function forgetfulServer(forget: number): Promise<ForgetfulServer> {
  const started = await forgetfulHttpServer(forget);
  running.push({ close: started.close } as RunningServer);
  return started;
}

/** Whatever a pull rejected with, as an `McpgenError`. */
async function pullError(promise: Promise<unknown>): Promise<McpgenError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpgenError);
  return error as McpgenError;
}

describe("pull over Streamable HTTP", () => {
  it("follows nextCursor through a server that lists 3 tools per page", async () => {
    const server = await serve(streamableHttpServer(() => toolServer(eightTools, { pageSize: 3, instructions: "Use tool_1 first." })));
    const out = await tempDir("paged");
    const events: PullEvent[] = [];
    const result = await pull({ target: server.url.href, outDir: out, timeoutMs: 10_000, onProgress: (event) => events.push(event) });

    expect(result.server).toMatchObject({ transport: "http", fellBack: false, pages: 3, tools: 8, protocolVersion: "2025-11-25" });
    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as Record<string, unknown>;
    expect(snapshot["tools"]).toEqual(await listWithSdk(new StreamableHTTPClientTransport(server.url)));
    expect((snapshot["tools"] as Tool[]).map((tool) => tool.name)).toEqual(eightTools.map((tool) => tool.name));
    expect(snapshot).toMatchObject({
      server: { name: "pull-test-server", version: "3.1.4" },
      protocolVersion: "2025-11-25",
      capabilities: { tools: { listChanged: true } },
      instructions: "Use tool_1 first.",
    });
    expect(events.map((event) => event.kind)).toEqual(["connecting", "initialized", "listed", "written"]);
    expect(events[2]!.message).toBe("listed 8 tools in 3 pages");

    const regenerated = await tempDir("paged-regenerated");
    await generate({ manifest: join(out, "manifest.json"), outDir: regenerated });
    expect(await readTree(regenerated)).toEqual(await readTree(out));
  });

  it("ends its 2025 session with DELETE when done (MCP Session Management)", async () => {
    const server = await serve(streamableHttpServer(() => toolServer(eightTools)));
    await pull({ target: server.url.href, outDir: await tempDir("session-end"), timeoutMs: 10_000 });
    const session = server.requests.find((request) => typeof request.headers["mcp-session-id"] === "string")?.headers["mcp-session-id"];
    expect(session).toEqual(expect.any(String));
    expect(server.requests.filter((request) => request.method === "DELETE").map((request) => request.headers["mcp-session-id"])).toEqual([session]);
  });

  it("sends the --header a server requires, and never writes or prints its value", async () => {
    const token = "Bearer s3cr3t-t0ken-value";
    const server = await serve(streamableHttpServer(() => toolServer(eightTools.slice(0, 2)), { requireHeader: ["Authorization", token] }));

    const refusedOut = await tempDir("header-refused");
    const refused = await pullError(pull({ target: server.url.href, outDir: refusedOut, timeoutMs: 10_000 }));
    expect(refused.message).toContain(`${server.url.href} (Streamable HTTP) refused server/discover with HTTP 401 Unauthorized`);
    expect(refused.diagnostic.hint).toContain("--header");
    expect(await readTree(refusedOut)).toEqual({});

    const out = await tempDir("header");
    const events: PullEvent[] = [];
    const result = await pull({
      target: server.url.href,
      headers: [`Authorization: ${token}`, "X-Trace: pull-test-trace-id"],
      outDir: out,
      timeoutMs: 10_000,
      onProgress: (event) => events.push(event),
    });
    expect(result.server.tools).toBe(2);
    const authorized = server.requests.filter((request) => request.headers["authorization"] === token);
    expect(authorized.length).toBeGreaterThan(0);
    expect(authorized.every((request) => request.headers["x-trace"] === "pull-test-trace-id")).toBe(true);

    const everything = JSON.stringify([await readTree(out), events, result.server, result.diagnostics]);
    expect(everything).not.toContain("s3cr3t-t0ken-value");
    expect(everything).not.toContain("pull-test-trace-id");
  });

  it("masks a query-string token in the label and never falls back on 401", async () => {
    const server = await serve(streamableHttpServer(() => toolServer([]), { requireHeader: ["X-Api-Key", "k"] }));
    const url = new URL(server.url);
    url.searchParams.set("api_key", "query-secret-123");
    const error = await pullError(pull({ target: url.href, outDir: await tempDir("query"), timeoutMs: 10_000 }));
    expect(error.message).toContain("?api_key=***");
    expect(error.message).not.toContain("query-secret-123");
    expect(server.requests.some((request) => request.method === "GET")).toBe(false);
  });

  it("sends a URL's user name and password as Basic credentials, and never prints them, encoded or not", async () => {
    const basic = `Basic ${Buffer.from("ghp_user_123456:pa@ss/word-98765").toString("base64")}`;
    const server = await serve(streamableHttpServer(() => toolServer(eightTools.slice(0, 1)), { requireHeader: ["Authorization", basic] }));
    const url = new URL(server.url);
    url.username = "ghp_user_123456";
    url.password = "pa@ss/word-98765";
    url.searchParams.set("key", "ab/cdefghijk");
    expect(url.href).toContain("pa%40ss%2Fword-98765");
    const out = await tempDir("basic");
    const events: PullEvent[] = [];
    const result = await pull({ target: url.href, outDir: out, timeoutMs: 10_000, onProgress: (event) => events.push(event) });
    expect(result.server.tools).toBe(1);
    expect(server.requests.some((request) => request.headers["authorization"] === basic)).toBe(true);
    const everything = JSON.stringify([await readTree(out), events, result.server, result.diagnostics]);
    for (const secret of ["ghp_user_123456", "pa@ss/word-98765", "pa%40ss%2Fword-98765", "ab/cdefghijk", "ab%2Fcdefghijk", basic.slice(6)])
      expect(everything).not.toContain(secret);

    // Refused: the error names the server without the credentials in either form.
    url.password = "wrong-password-000";
    const refused = await pullError(pull({ target: url.href, outDir: await tempDir("basic-refused"), timeoutMs: 10_000 }));
    expect(refused.message).toContain("refused server/discover with HTTP 401");
    for (const secret of ["ghp_user_123456", "wrong-password-000", "ab%2Fcdefghijk", "ab/cdefghijk"]) expect(refused.message).not.toContain(secret);
  });

  it("keeps the tools as the server sent them, fields the SDK does not know included", async () => {
    const tool = { ...sampleTool("vendor"), annotations: { readOnlyHint: true, "x-costHint": "high" }, "x-vendor": { tier: 2 } } as unknown as Tool;
    const server = await serve(streamableHttpServer(() => toolServer([tool])));
    const out = await tempDir("raw-tools");
    await pull({ target: server.url.href, outDir: out, timeoutMs: 10_000 });
    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as { tools: Array<Record<string, unknown>> };
    expect(snapshot.tools[0]).toMatchObject({ name: "vendor", annotations: { readOnlyHint: true, "x-costHint": "high" }, "x-vendor": { tier: 2 } });
    // The SDK's own parse drops them: what a pull that relied on it alone would have saved.
    const listed = (await listWithSdk(new StreamableHTTPClientTransport(server.url))) as Array<Record<string, unknown>>;
    expect(listed[0]).not.toHaveProperty("x-vendor");
  });

  it("reports input warnings against the server, and the snapshot still regenerates the same output", async () => {
    const twice = [sampleTool("same"), sampleTool("same", { description: "A second definition." }), sampleTool("other")];
    const server = await serve(streamableHttpServer(() => toolServer(twice)));
    const out = await tempDir("duplicates");
    const result = await pull({ target: server.url.href, outDir: out, timeoutMs: 10_000 });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "tool-duplicate", file: server.url.href, tool: "same", pointer: "/tools/1" }),
    ]);
    expect(result.server.tools).toBe(2);
    const regenerated = await tempDir("duplicates-regenerated");
    await generate({ manifest: join(out, "manifest.json"), outDir: regenerated });
    expect(await readTree(regenerated)).toEqual(await readTree(out));
  });

  it("accepts a server with no tools", async () => {
    const server = await serve(streamableHttpServer(() => toolServer([])));
    const result = await pull({ target: server.url.href, outDir: await tempDir("empty"), timeoutMs: 10_000 });
    expect(result.server).toMatchObject({ tools: 0, pages: 1 });
  });
});

describe("pull over legacy HTTP+SSE", () => {
  it("falls back from Streamable HTTP when the server/discover and initialize POSTs are refused, and says so", async () => {
    const server = await serve(sseServer(() => toolServer(eightTools, { pageSize: 3 })));
    const out = await tempDir("fallback");
    const events: PullEvent[] = [];
    const result = await pull({ target: server.url.href, outDir: out, timeoutMs: 10_000, onProgress: (event) => events.push(event) });

    expect(result.server).toMatchObject({ transport: "sse", fellBack: true, pages: 3, tools: 8 });
    const fallback = events.find((event) => event.kind === "fallback");
    expect(fallback?.message).toBe(
      `${server.url.href} answered server/discover and the 2025 initialize request as no Streamable HTTP server does (HTTP 405); trying the legacy HTTP+SSE transport`,
    );
    // The server/discover probe, the 2025 initialize, then the SSE stream.
    expect(server.requests.slice(0, 3).map((request) => `${request.method} ${request.path}`)).toEqual(["POST /sse", "POST /sse", "GET /sse"]);
    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as { tools: Tool[] };
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(eightTools.map((tool) => tool.name));
  });

  it("goes straight to SSE with transport: sse, sending the headers on the stream and the posts", async () => {
    const server = await serve(sseServer(() => toolServer(eightTools.slice(0, 1)), { requireHeader: ["X-Api-Key", "sse-key-0001"] }));
    const result = await pull({
      target: server.url.href,
      transport: "sse",
      headers: ["X-Api-Key: sse-key-0001"],
      outDir: await tempDir("sse"),
      timeoutMs: 10_000,
    });
    expect(result.server).toMatchObject({ transport: "sse", fellBack: false, tools: 1 });
    expect(server.requests[0]).toMatchObject({ method: "GET", path: "/sse" });
    expect(server.requests.some((request) => request.method === "POST" && request.path.startsWith("/messages"))).toBe(true);
  });

  it.each([
    ["at once", "answered initialize with an event stream that ended before it named the endpoint to post to"],
    ["at tools/list", "answered tools/list with an event stream that ended before the answer"],
  ])("a server that ends its event stream %s is reported as that at once, not as a timeout", async (when, said) => {
    // A raw legacy server: GET opens the event stream, and each POST is answered on it (MCP 2024-11-05).
    let stream: ServerResponse | undefined;
    const legacy: HttpServer = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        if (request.method === "GET") {
          response.writeHead(200, { "content-type": "text/event-stream" });
          if (when === "at once") return void response.end();
          stream = response;
          return void response.write("event: endpoint\ndata: /messages\n\n");
        }
        const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: number; method: string };
        response.writeHead(202).end();
        if (message.method === "tools/list") return void stream?.end();
        const result = { protocolVersion: "2024-11-05", capabilities: { tools: {} }, serverInfo: { name: "legacy", version: "1" } };
        if (message.id !== undefined) stream?.write(`event: message\ndata: ${JSON.stringify({ jsonrpc: "2.0", id: message.id, result })}\n\n`);
      });
    });
    await new Promise<void>((resolve) => legacy.listen(0, "127.0.0.1", resolve));
    running.push({ close: () => new Promise<void>((resolve) => (legacy.closeAllConnections(), legacy.close(() => resolve()))) } as RunningServer);
    const url = `http://127.0.0.1:${(legacy.address() as { port: number }).port}/sse`;
    const error = await pullError(pull({ target: url, transport: "sse", outDir: await tempDir("sse-ended"), timeoutMs: 20_000 }));
    expect(error.message).toBe(
      `${url} (legacy HTTP+SSE) ${said}\n  hint: the server (or a proxy between mcpgen and it) closed the response without answering: look at the server's logs, or try again`,
    );
  });

  it("does not fall back with transport: http", async () => {
    const server = await serve(sseServer(() => toolServer([])));
    const out = await tempDir("forced-http");
    const error = await pullError(pull({ target: server.url.href, transport: "http", outDir: out, timeoutMs: 10_000 }));
    expect(error.message).toContain(`${server.url.href} (Streamable HTTP) answered initialize with HTTP 405`);
    // The server/discover probe and the 2025 initialize; no SSE stream.
    expect(server.requests.map((request) => request.method)).toEqual(["POST", "POST"]);
    expect(await readTree(out)).toEqual({});
  });
});

describe("pull faults over HTTP", () => {
  it.each([
    [undefined, "Streamable HTTP"],
    ["sse", "legacy HTTP+SSE"],
  ] as const)("reports an unreachable server (transport %s)", async (transport, name) => {
    const port = await closedPort();
    const out = await tempDir("unreachable");
    const error = await pullError(pull({ target: `http://127.0.0.1:${port}/mcp`, transport, outDir: out, timeoutMs: 5_000 }));
    expect(error.message).toBe(
      `cannot connect to http://127.0.0.1:${port}/mcp (${name}): connection refused (ECONNREFUSED)\n  hint: check the URL and that the server is running`,
    );
    expect(await readTree(out)).toEqual({});
  });

  it.each([
    [
      "404",
      "legacy HTTP+SSE",
      "answered initialize with HTTP 404",
      "check the URL's path: it must be the server's MCP endpoint (often ending in /mcp, or /sse for a legacy server)",
    ],
    ["500", "Streamable HTTP", "answered server/discover with HTTP 500", "the server failed to answer: look at its logs, or try again later"],
    [
      "200",
      "Streamable HTTP",
      "answered server/discover with text/html, where an MCP server answers with JSON or an event stream",
      "check that the URL is the server's MCP endpoint (often ending in /mcp, or /sse for a legacy server), not a web page or another API",
    ],
  ])("a URL that is no MCP endpoint (a web server answering %s) says what to do", async (status, transport, said, hint) => {
    const web: HttpServer = createServer((_request, response) => {
      response.writeHead(Number(status), { "content-type": "text/html" }).end("<html>not here</html>");
    });
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    running.push({ close: () => new Promise<void>((resolve) => web.close(() => resolve())) } as RunningServer);
    const url = `http://127.0.0.1:${(web.address() as { port: number }).port}/page?key=hidden-value`;
    const out = await tempDir("web-page");
    const error = await pullError(pull({ target: url, outDir: out, timeoutMs: 5_000 }));
    const shown = url.replace("hidden-value", "***");
    expect(error.message).toBe(`${shown} (${transport}) ${said}\n  hint: ${hint}`);
    expect(await readTree(out)).toEqual({});
  });

  it("a redirect that would turn the POST into a GET (301) is not followed, and the hint says what to pull instead", async () => {
    const web: HttpServer = createServer((_request, response) => response.writeHead(301, { location: "/v2/mcp?key=hidden-value" }).end());
    await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
    running.push({ close: () => new Promise<void>((resolve) => web.close(() => resolve())) } as RunningServer);
    const origin = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
    const error = await pullError(pull({ target: `${origin}/mcp`, outDir: await tempDir("redirected"), timeoutMs: 5_000 }));
    expect(error.message).toBe(
      `${origin}/mcp (Streamable HTTP) answered initialize with HTTP 301: Redirect to ${origin}/v2/mcp not followed; use that URL as the endpoint if it is the intended server\n` +
        "  hint: the server redirects elsewhere; mcpgen follows a redirect only when it keeps the origin and the method (307, 308): pull the URL it names, if that is the server you mean",
    );
  });

  it("a connection dropped under the listing is connected again once (a keep-alive connection closed as it was reused); dropped twice, it is reported", async () => {
    const once = await serve(streamableHttpServer(() => toolServer([sampleTool("kept")]), { dropRequests: 1 }));
    const events: PullEvent[] = [];
    const result = await pull({ target: once.url.href, outDir: await tempDir("dropped-once"), timeoutMs: 5_000, onProgress: (event) => events.push(event) });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(["kept"]);
    expect(events.map((event) => event.message)).toContainEqual(
      expect.stringMatching(/ dropped the connection during server\/discover; connecting again, once$/),
    );
    const twice = await serve(streamableHttpServer(() => toolServer([sampleTool("kept")]), { dropRequests: 2 }));
    const error = await pullError(pull({ target: twice.url.href, outDir: await tempDir("dropped-twice"), timeoutMs: 5_000 }));
    expect(error.message).toMatch(
      /^cannot connect to http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\): (connection reset \(ECONNRESET\)|connection closed by the server \(UND_ERR_SOCKET\))\n/,
    );
  });

  it("a 404 to a session's request starts a new session once (MCP Session Management); a second is said to be a lost session, not a wrong path", async () => {
    const once = await forgetfulServer(1);
    const events: PullEvent[] = [];
    const result = await pull({ target: once.url, outDir: await tempDir("session-renewed"), timeoutMs: 5_000, onProgress: (event) => events.push(event) });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(["kept"]);
    // The new initialize carries no session id; what follows carries the new one.
    expect(once.posts).toEqual([
      { method: "server/discover", session: undefined },
      { method: "initialize", session: undefined },
      { method: "tools/list", session: "s-1" },
      { method: "initialize", session: undefined },
      { method: "tools/list", session: "s-2" },
    ]);
    expect(events.filter((event) => event.kind === "fallback").map((event) => event.message)).toEqual([
      `${once.url} no longer knew the session it began (HTTP 404 to tools/list); starting a new session with the 2025 initialize, as the MCP spec has a client do`,
    ]);

    const always = await forgetfulServer(Infinity);
    const error = await pullError(pull({ target: always.url, outDir: await tempDir("session-lost"), timeoutMs: 5_000 }));
    expect(always.posts.map((post) => post.method)).toEqual(["server/discover", "initialize", "tools/list", "initialize", "tools/list"]);
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp \(Streamable HTTP\) answered tools\/list with HTTP 404: /);
    expect(error.message).toContain(
      "\n  hint: the server answered initialize on this URL, then no longer knew the session it began (it ended or forgot it: a restart, another replica behind a load balancer); run the command again",
    );
  });

  it("reports a tools/list answer that does not match the MCP schema for a whole list; a tool the SDK would refuse costs only itself", async () => {
    const nameless = [sampleTool("fine"), { inputSchema: { type: "object" } }] as unknown as Tool[];
    const server = await serve(streamableHttpServer(() => toolServer(nameless)));
    const out = await tempDir("malformed");
    const error = await pullError(pull({ target: server.url.href, outDir: out, timeoutMs: 10_000 }));
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp: at \/tools\/1\/name: tool has no `name`/);
    expect(error.diagnostic.code).toBe("tool-invalid");
    expect(await readTree(out)).toEqual({});

    const odd = [sampleTool("fine"), { name: "bad", inputSchema: { type: "string" } }] as unknown as Tool[];
    const oddServer = await serve(streamableHttpServer(() => toolServer(odd)));
    const result = await pull({ target: oddServer.url.href, outDir: out, timeoutMs: 10_000 });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(["fine", "bad"]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "schema-invalid", tool: "bad", pointer: "/tools/1/inputSchema/type" }),
      expect.objectContaining({ severity: "warning", code: "sdk-incompatible", tool: "bad", pointer: "/tools/1/inputSchema/type" }),
    ]);
  });

  it("stops on a cursor the server already sent", async () => {
    const server = await serve(
      streamableHttpServer(() =>
        toolServer([], { listTools: (cursor) => ({ tools: [sampleTool(`t${cursor ?? 0}`)], nextCursor: cursor === undefined ? "a" : "b" }) }),
      ),
    );
    const out = await tempDir("cursor");
    const error = await pullError(pull({ target: server.url.href, outDir: out, timeoutMs: 10_000 }));
    expect(error.message).toContain('tools/list returned the cursor "b" a second time (page 3); following it would loop forever');
    expect(await readTree(out)).toEqual({});
  });

  it("stops at the page cap on a server that never stops paging", async () => {
    const server = await serve(
      streamableHttpServer(() => toolServer([], { listTools: (cursor) => ({ tools: [], nextCursor: String(Number(cursor ?? 0) + 1) }) })),
    );
    const error = await pullError(pull({ target: server.url.href, outDir: await tempDir("cap"), timeoutMs: 10_000, maxPages: 5 }));
    expect(error.message).toContain("tools/list was still paging after 5 pages (0 tools so far); stopping");
  });

  it("times out on a server that accepts the request and never answers", async () => {
    const server = await serve(streamableHttpServer(() => toolServer([], { listTools: () => new Promise(() => {}) as never })));
    const out = await tempDir("http-timeout");
    const error = await pullError(pull({ target: server.url.href, outDir: out, timeoutMs: 500 }));
    expect(error.message).toMatch(
      /\(Streamable HTTP\) did not answer tools\/list within 0\.5 s\n  hint: raise --timeout if the server is only slow to answer; a proxy or load balancer in front of it may also hold the request$/,
    );
    expect(await readTree(out)).toEqual({});
  });

  it("reports a JSON-RPC error answer", async () => {
    const server = await serve(
      streamableHttpServer(() =>
        toolServer([], {
          listTools: () => {
            throw new Error("backend down");
          },
        }),
      ),
    );
    const error = await pullError(pull({ target: server.url.href, outDir: await tempDir("rpc-error"), timeoutMs: 10_000 }));
    expect(error.message).toMatch(/answered tools\/list with an error: backend down \(code -32603\)$/);
  });
});
