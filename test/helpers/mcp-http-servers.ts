/**
 * Real MCP servers over HTTP for the pull tests, built with the SDK's own
 * server classes and node:http on 127.0.0.1 with a random port: Streamable
 * HTTP (stateful sessions) and legacy HTTP+SSE.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { ListToolsRequestSchema, type ListToolsResult, type Tool } from "@modelcontextprotocol/sdk/types.js";

export interface RunningServer {
  /** The MCP endpoint. */
  url: URL;
  /** Every HTTP request received: method, path and headers. */
  requests: Array<{ method: string; path: string; headers: IncomingMessage["headers"] }>;
  close(): Promise<void>;
}

export interface ServerBehaviour {
  /** Answers one `tools/list` request; the default lists `tools` in pages of `pageSize`. */
  listTools?: (cursor: string | undefined) => ListToolsResult | Promise<ListToolsResult>;
  /** Tools per page for the default `listTools` (default: all in one page). */
  pageSize?: number;
  /** A header every request must carry (else 401). */
  requireHeader?: readonly [name: string, value: string];
  instructions?: string;
  /** How many requests, the first ones, have their connection destroyed unanswered (a connection dropped under a request). */
  dropRequests?: number;
}

/** A tool with a small typed input, named `name`. */
export function sampleTool(name: string, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: {
      type: "object",
      properties: { text: { type: "string", description: "some text" }, count: { type: "integer", minimum: 0 } },
      required: ["text"],
    },
    ...extra,
  };
}

/** `tools` in pages of `pageSize`; the cursor is the index of the page's first tool. */
export function pages(tools: Tool[], pageSize: number): (cursor: string | undefined) => ListToolsResult {
  return (cursor) => {
    const start = cursor === undefined ? 0 : Number(cursor);
    const next = start + pageSize;
    return { tools: tools.slice(start, next), ...(next < tools.length ? { nextCursor: String(next) } : {}) };
  };
}

/** The SDK's low-level server with a `tools/list` handler that follows `behaviour`. */
export function toolServer(tools: Tool[], behaviour: ServerBehaviour = {}): Server {
  const server = new Server(
    { name: "pull-test-server", version: "3.1.4" },
    { capabilities: { tools: { listChanged: true } }, ...(behaviour.instructions === undefined ? {} : { instructions: behaviour.instructions }) },
  );
  const list = behaviour.listTools ?? pages(tools, behaviour.pageSize ?? Math.max(tools.length, 1));
  server.setRequestHandler(ListToolsRequestSchema, (request) => list(request.params?.cursor));
  return server;
}

async function listen(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  path: string,
  behaviour: ServerBehaviour,
  onClose: () => Promise<void>,
): Promise<RunningServer> {
  const requests: RunningServer["requests"] = [];
  let dropped = 0;
  const http = createServer((request, response) => {
    requests.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers });
    if (dropped < (behaviour.dropRequests ?? 0)) {
      dropped++;
      request.socket.destroy();
      return;
    }
    const required = behaviour.requireHeader;
    if (required !== undefined && request.headers[required[0].toLowerCase()] !== required[1]) {
      response.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" }).end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}${path}`),
    requests,
    close: async () => {
      await onClose();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A Streamable HTTP server at `/mcp` with one SDK server per session. */
export async function streamableHttpServer(makeServer: () => Server, behaviour: ServerBehaviour = {}): Promise<RunningServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  return listen(
    async (request, response) => {
      if (!request.url?.startsWith("/mcp")) {
        response.writeHead(404).end();
        return;
      }
      const sessionId = request.headers["mcp-session-id"];
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (transport === undefined) {
        if (request.method !== "POST") {
          response.writeHead(400).end("no session");
          return;
        }
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, transport!),
        });
        transport.onclose = () => {
          if (transport?.sessionId !== undefined) sessions.delete(transport.sessionId);
        };
        await makeServer().connect(transport);
      }
      await transport.handleRequest(request, response);
    },
    "/mcp",
    behaviour,
    async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
    },
  );
}

/**
 * A legacy HTTP+SSE server (protocol 2024-11-05): GET `/sse` opens the event
 * stream, POST `/messages?sessionId=` carries requests. A POST to `/sse` is
 * answered 405, as an SSE-only server answers a Streamable HTTP client.
 */
export async function sseServer(makeServer: () => Server, behaviour: ServerBehaviour = {}): Promise<RunningServer> {
  const sessions = new Map<string, SSEServerTransport>();
  return listen(
    async (request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      if (url.pathname === "/sse" && request.method === "GET") {
        const transport = new SSEServerTransport("/messages", response);
        sessions.set(transport.sessionId, transport);
        transport.onclose = () => sessions.delete(transport.sessionId);
        await makeServer().connect(transport);
        return;
      }
      if (url.pathname === "/messages" && request.method === "POST") {
        const transport = sessions.get(url.searchParams.get("sessionId") ?? "");
        if (transport === undefined) {
          response.writeHead(404).end("unknown session");
          return;
        }
        await transport.handlePostMessage(request, response);
        return;
      }
      response.writeHead(url.pathname === "/sse" ? 405 : 404, { allow: "GET" }).end();
    },
    "/sse",
    behaviour,
    async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
    },
  );
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  await new Promise<void>((resolve) => http.close(() => resolve()));
  return port;
}

/** A 2025-era Streamable HTTP server that forgets sessions (see `forgetfulHttpServer`). */
export interface ForgetfulServer extends Pick<RunningServer, "close"> {
  url: string;
  /** Each request's method and the session id it carried (notifications and other HTTP methods aside). */
  posts: Array<{ method: string; session: string | undefined }>;
  /**
   * Forgets every session begun so far, as a restart does: their next requests get 404. With `together`, the first
   * `together` of those 404s are held until all of them have come, so that that many requests in flight all find the
   * session lost whatever order they arrive and are answered in.
   */
  restart(together?: number): void;
  /** How many of the sessions begun from now on are forgotten at their first request after initialize. */
  forgetNew: number;
}

/**
 * A 2025-era Streamable HTTP server (no `server/discover`, sessions) with one tool, `kept`, whose
 * call answers with the arguments it got. It forgets the first `forgetNew` sessions it begins at
 * their first request after initialize (a restart, another replica behind a load balancer), and
 * every session begun before `restart()`: it answers their requests with 404.
 */
export async function forgetfulHttpServer(forgetNew: number): Promise<ForgetfulServer> {
  const posts: ForgetfulServer["posts"] = [];
  let begun = 0;
  const forgotten = new Set<string>();
  /** 404s held back (see `restart`), and how many to hold before all are sent. */
  const held: Array<() => void> = [];
  let holding = 0;
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      if (request.method !== "POST") return void response.writeHead(405).end();
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: number | string; method: string; params?: { arguments?: unknown } };
      const json = (status: number, body: object, headers: Record<string, string> = {}) =>
        response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id ?? null, ...body }));
      if (message.id === undefined) return void response.writeHead(202).end();
      const session = request.headers["mcp-session-id"] as string | undefined;
      posts.push({ method: message.method, session });
      if (message.method === "server/discover") return json(400, { error: { code: -32601, message: "Method not found" } });
      if (message.method === "initialize") {
        begun++;
        if (server.forgetNew > 0) {
          server.forgetNew--;
          forgotten.add(`s-${begun}`);
        }
        return json(
          200,
          { result: { protocolVersion: "2025-11-25", capabilities: { tools: {} }, serverInfo: { name: "forgetful", version: "1" } } },
          { "mcp-session-id": `s-${begun}` },
        );
      }
      if (session === undefined || forgotten.has(session)) {
        held.push(() => json(404, { error: { code: -32001, message: "Session not found" } }));
        if (held.length >= holding) {
          holding = 0;
          for (const answer of held.splice(0)) answer();
        }
        return;
      }
      if (message.method === "tools/call") return json(200, { result: { content: [{ type: "text", text: JSON.stringify(message.params?.arguments) }] } });
      json(200, { result: { tools: [sampleTool("kept")] } });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const server: ForgetfulServer = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    posts,
    forgetNew,
    restart: (together = 0) => {
      for (let index = 1; index <= begun; index++) forgotten.add(`s-${index}`);
      holding = together;
    },
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
  return server;
}
