/**
 * The SDK v2 fixture server (test/fixtures/sdk2/server.mjs), or a test's own
 * SDK v2 server, over Streamable HTTP on 127.0.0.1 with a random port, served by the SDK's own
 * `createMcpHandler`: both eras (`legacy: "stateless"`, the SDK's default) or
 * the 2026-07-28 revision alone (`legacy: "reject"`). Every request's method,
 * headers and JSON-RPC method are recorded, so tests can see what a client
 * sent (`Mcp-Param-*` headers among them).
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { repoRoot } from "./pull.js";

/** The fixture server's module: run with `node <path> --stdio` for stdio. */
export const sdk2ServerScript = resolve(repoRoot, "test/fixtures/sdk2/server.mjs");

export interface Sdk2HttpServer {
  url: URL;
  requests: Array<{ httpMethod: string; headers: IncomingMessage["headers"]; rpcMethod: string | undefined }>;
  close(): Promise<void>;
}

/** A fresh SDK v2 server per request (`McpServer` or the low-level `Server`), as `createMcpHandler` takes it. */
export type Sdk2ServerFactory = Parameters<typeof createMcpHandler>[0];

/**
 * Serves `options.factory` (default: the fixture server's) over Streamable HTTP on 127.0.0.1.
 * `onRequest` sees each request's JSON-RPC method once it has arrived, before the server answers it.
 */
export async function startSdk2HttpServer(options: {
  legacy: "stateless" | "reject";
  factory?: Sdk2ServerFactory;
  onRequest?: (rpcMethod: string | undefined) => void;
}): Promise<Sdk2HttpServer> {
  const factory = options.factory ?? ((await import(sdk2ServerScript)) as { createFixtureServer: (context: { era?: string }) => unknown }).createFixtureServer;
  const handler = createMcpHandler(factory as never, { legacy: options.legacy });
  const requests: Sdk2HttpServer["requests"] = [];
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      let rpcMethod: string | undefined;
      try {
        const parsed = JSON.parse(body.toString("utf8")) as { method?: unknown };
        rpcMethod = typeof parsed.method === "string" ? parsed.method : undefined;
      } catch {
        rpcMethod = undefined;
      }
      requests.push({ httpMethod: request.method ?? "", headers: request.headers, rpcMethod });
      options.onRequest?.(rpcMethod);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const method = request.method ?? "GET";
      const webRequest = new Request(new URL(request.url ?? "/", `http://${request.headers.host ?? "127.0.0.1"}`), {
        method,
        headers,
        ...(method === "GET" || method === "HEAD" ? {} : { body }),
      });
      void (async () => {
        const answer = await handler.fetch(webRequest);
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        if (answer.body === null) {
          response.end();
          return;
        }
        const reader = answer.body.getReader();
        request.on("close", () => void reader.cancel().catch(() => {}));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          response.write(value);
        }
        response.end();
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    requests,
    close: async () => {
      await handler.close();
      http.closeAllConnections();
      await new Promise((done) => http.close(done));
    },
  };
}
