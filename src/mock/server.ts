/**
 * The mock server: a scaffold's server runtime (templates/server-runtime.ts,
 * the same file a scaffold copies) with the mock's answers in place of
 * handlers. From the runtime it takes the SDK v2 low-level `Server` with the
 * manifest's tools listed as declared (both eras; the 2025 `{ result }`
 * projection), stdio (`serveStdio`) and Streamable HTTP (`serveHttp`: both
 * eras from one endpoint, 127.0.0.1 by default, `Host`/`Origin` checks,
 * bounded bodies and requests, malformed calls and `Mcp-Param-*` headers
 * answered as a scaffold answers them). Its own `tools/call` handler replaces
 * the runtime's, because a mock answers what a handler cannot return: a
 * protocol error, a dropped connection, a delay that the client may cancel.
 */
import {
  createMcpServer,
  serveStdio as serveRuntimeStdio,
  type HeaderArgument,
  type ListedTool,
  type RegisteredHandler,
  type RunningServer,
} from "../../templates/server-runtime.js";
import { serveHttp as serveRuntimeHttp, type HttpOptions, type RunningHttpServer } from "../../templates/server-http.js";
import type { Server } from "@modelcontextprotocol/server";
import type { ServerInfo } from "../ir/index.js";
import { isRecord } from "../shared/json.js";
import type { MockAnswer } from "./responder.js";
import { describeIssues, errorResult } from "./responder.js";
import type { ToolValidators } from "./validators.js";

export type { HttpOptions, ListedTool, RunningHttpServer, RunningServer };

/** What answers a checked call: the responder, or (recording) a proxy to the real server. */
export type CallAnswerer = (toolName: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<MockAnswer> | MockAnswer;

export interface MockServerDefinition {
  info: ServerInfo;
  instructions?: string | undefined;
  /** The tools as `tools/list` returns them, in order. */
  tools: readonly ListedTool[];
  /** The tools' `x-mcp-header` arguments, which the HTTP entry checks `Mcp-Param-*` headers against (as a scaffold's `tools.ts` has them). */
  headerArguments?: ReadonlyArray<readonly [string, readonly HeaderArgument[]]> | undefined;
  validators: ToolValidators;
  answer: CallAnswerer;
  /** Called when a fixture drops the connection (the command ends the server, as a crash would). */
  onDrop: () => void;
  /** Where the server's own diagnostics go (default: stderr). */
  log?: ((message: string) => void) | undefined;
}

/** MCP "Error Handling": an unknown tool is a protocol error, -32602. */
const INVALID_PARAMS = -32602;

/**
 * The factory of servers for one mock: a new server for each stdio
 * connection or HTTP request, all from one runtime definition (the runtime
 * prepares a definition once, so that a request costs no pass over the tools).
 */
export function mockServerFactory(definition: MockServerDefinition): () => Server {
  const byName = new Map(definition.tools.map((tool) => [tool.name, tool]));
  // The runtime checks that every tool has a handler; the mock's tools/call below answers instead of them.
  const handlers: Record<string, RegisteredHandler> = {};
  for (const tool of definition.tools) Object.defineProperty(handlers, tool.name, { value: { tool: tool.name, handle: () => undefined }, enumerable: true });
  const info = {
    ...definition.info,
    name: typeof definition.info.name === "string" ? definition.info.name : "mcpgen-mock",
    version: typeof definition.info.version === "string" ? definition.info.version : "0.0.0",
  };
  const runtime = {
    info,
    instructions: definition.instructions,
    tools: definition.tools,
    ...(definition.headerArguments === undefined ? {} : { headerArguments: definition.headerArguments }),
    handlers,
    validators: definition.validators,
  };
  const options = definition.log === undefined ? {} : { log: definition.log };
  return () => {
    const server = createMcpServer(runtime, options);
    server.setRequestHandler("tools/call", async (request, ctx) => {
      const name = request.params.name;
      const tool = byName.get(name);
      if (tool === undefined) throw protocolError(INVALID_PARAMS, `Unknown tool: ${JSON.stringify(name)}`);
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      // As a scaffold: invalid arguments are a tool error the model can correct (SEP-1303), in the runtime's words.
      const input = definition.validators.validateInput(name, args);
      const answer: MockAnswer =
        input.ok === false
          ? { kind: "result", result: errorResult(`Invalid arguments for tool ${JSON.stringify(name)}:\n${describeIssues(input.issues)}`), delayMs: 0 }
          : await definition.answer(name, args, ctx.mcpReq.signal);
      await delay(answer.delayMs, ctx.mcpReq.signal);
      if (answer.kind === "drop") {
        definition.onDrop();
        // The connection is going away; nothing is answered.
        return new Promise<never>(() => undefined);
      }
      if (answer.kind === "error") throw protocolError(answer.code, answer.message, answer.data);
      const outputSchema = tool["outputSchema"];
      return server.projectCallToolResult(answer.result as Parameters<Server["projectCallToolResult"]>[0], isRecord(outputSchema) ? outputSchema : undefined);
    });
    return server;
  };
}

/** An error the SDK answers as a JSON-RPC error with this code, message and data (as the runtime's `protocolError`). */
function protocolError(code: number, message: string, data?: unknown): Error & { code: number } {
  return Object.assign(new Error(message), { code }, data === undefined ? {} : { data });
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error("the call was cancelled"));
    }
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Serves one client over stdin/stdout (or `transport`), on whichever era it opens with. */
export function serveMockStdio(definition: MockServerDefinition, options: Parameters<typeof serveRuntimeStdio>[1] = {}): Promise<RunningServer> {
  return serveRuntimeStdio(mockServerFactory(definition), { ...options, ...(definition.log === undefined ? {} : { log: definition.log }) });
}

/** Serves Streamable HTTP (both eras), on 127.0.0.1 unless told otherwise. */
export function serveMockHttp(definition: MockServerDefinition, options: HttpOptions = {}): Promise<RunningHttpServer> {
  return serveRuntimeHttp(mockServerFactory(definition), { ...options, ...(definition.log === undefined ? {} : { log: definition.log }) });
}
