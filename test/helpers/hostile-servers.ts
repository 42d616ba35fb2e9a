/**
 * Hostile MCP servers over Streamable HTTP, on 127.0.0.1 with a random port:
 * each answers `initialize` properly, then `tools/list` as the test says (a
 * gzip bomb, an endless body, one page a while forever). Plain `node:http`,
 * so that nothing between the server and mcpgen limits what is sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

export interface HostileServer {
  url: URL;
  /** Bytes the server has written in answer to tools/list (before compression, where it compresses). */
  sent: () => number;
  close(): Promise<void>;
}

/** Answers one `tools/list` request; `count(bytes)` records what it sent. */
export type ToolsListAnswer = (
  request: { id: unknown; cursor: string | undefined },
  response: ServerResponse,
  count: (bytes: number) => void,
) => void | Promise<void>;

export async function hostileServer(answer: ToolsListAnswer): Promise<HostileServer> {
  let sent = 0;
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    void handle(request, response).catch(() => response.destroy());
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === "DELETE") return void response.writeHead(200).end();
    if (request.method !== "POST") return void response.writeHead(405).end();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
      id?: unknown;
      method?: string;
      params?: { protocolVersion?: string; cursor?: string };
    };
    if (message.id === undefined) return void response.writeHead(202).end();
    if (message.method === "initialize") {
      const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "hostile", version: "1.0.0" } };
      return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    }
    if (message.method === "tools/list") return answer({ id: message.id, cursor: message.params?.cursor }, response, (bytes) => void (sent += bytes));
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } }));
  }
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    sent: () => sent,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Writes `chunk` `times` times, waiting for the client to read (so the server holds one chunk), until done or the client leaves. */
export async function writeRepeatedly(response: ServerResponse, chunk: Buffer, times: number, count: (bytes: number) => void): Promise<void> {
  for (let index = 0; index < times && !response.destroyed; index++) {
    count(chunk.length);
    if (!response.write(chunk)) await drainedOrClosed(response);
  }
  response.end();
}

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}

/**
 * A gzip body that inflates to `inflated` bytes: the start of a tools/list
 * answer, then one gzip member of 64 MB of "a" repeated (gzip allows members
 * one after another), so that building it takes a fraction of a second.
 */
export function gzipBomb(id: unknown, inflated: number): { head: Buffer; member: Buffer; members: number } {
  const memberSize = 64 * 1024 * 1024;
  return {
    head: gzipSync(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"bomb","inputSchema":{"type":"object"},"description":"`),
    member: gzipSync(Buffer.alloc(memberSize, "a"), { level: 9 }),
    members: Math.ceil(inflated / memberSize),
  };
}

/** The highest resident set size of this process seen while `run` runs (sampled every 10 ms), above the one before it. */
export async function peakMemoryGrowth<T>(run: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}
