/**
 * A real MCP server (the SDK's low-level `Server`) that lists a manifest's
 * tools verbatim and answers `tools/call` from a canned function, plus a
 * transport pair that links it to any SDK client generation in memory.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";

/** What the handler may do besides answering: report progress on the request's token. */
export interface CannedContext {
  progress(progress: number, total?: number): Promise<void>;
  signal: AbortSignal;
}

export type CannedAnswer = (name: string, args: Record<string, unknown>, context: CannedContext) => CallToolResult | Promise<CallToolResult>;

export interface CannedServer {
  server: Server;
  /** Every `tools/call` the server received. */
  calls: Array<{ name: string; arguments: Record<string, unknown> }>;
}

export function cannedServer(tools: Tool[], answer: CannedAnswer): CannedServer {
  const server = new Server({ name: "canned", version: "1.0.0" }, { capabilities: { tools: {} } });
  const calls: CannedServer["calls"] = [];
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    calls.push({ name: request.params.name, arguments: args });
    const token = request.params._meta?.progressToken;
    return answer(request.params.name, args, {
      signal: extra.signal,
      progress: async (progress, total) => {
        if (token === undefined) return;
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress, ...(total === undefined ? {} : { total }) },
        });
      },
    });
  });
  return { server, calls };
}

interface MinimalTransport {
  start(): Promise<void>;
  send(message: unknown): Promise<void>;
  close(): Promise<void>;
  onmessage?: (message: unknown) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
}

/** Two linked in-memory transports that both SDK generations accept (they only need the Transport shape). */
export function linkedTransports(): [MinimalTransport, MinimalTransport] {
  const make = (): MinimalTransport => ({ start: async () => {}, send: async () => {}, close: async () => {} });
  const left = make();
  const right = make();
  for (const [self, other] of [
    [left, right],
    [right, left],
  ] as const) {
    let closed = false;
    self.send = async (message) => {
      if (closed) throw new Error("transport closed");
      const copy = structuredClone(message);
      queueMicrotask(() => other.onmessage?.(copy));
    };
    self.close = async () => {
      if (closed) return;
      closed = true;
      self.onclose?.();
      await other.close();
    };
  }
  return [left, right];
}
