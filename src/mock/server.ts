/**
 * The mock server: a scaffold's server runtime (templates/server-runtime.ts,
 * the same file a scaffold copies) with the mock's answers in place of
 * handlers. From the runtime it takes the SDK v2 low-level `Server` with the
 * manifest's tools listed as declared (both eras; the 2025 `{ result }`
 * projection), stdio (`serveStdio`) and Streamable HTTP (`serveHttp`: both
 * eras from one endpoint, 127.0.0.1 by default, `Host`/`Origin` checks,
 * bounded bodies and requests, malformed calls and `Mcp-Param-*` headers
 * answered as a scaffold answers them), the prompts, resources and resource
 * templates listed and completed as a scaffold lists and completes them
 * (templates/server-surface.ts). Its own `tools/call`, `prompts/get` and
 * `resources/read` handlers replace the runtime's, because a mock answers
 * what a handler cannot return: a protocol error, a dropped connection, a
 * delay that the client may cancel.
 */
import {
  createMcpServer,
  protocolError,
  serveStdio as serveRuntimeStdio,
  type HeaderArgument,
  type ListedTool,
  type RegisteredHandler,
  type RunningServer,
} from "../../templates/server-runtime.js";
import { serveHttp as serveRuntimeHttp, type HttpOptions, type RunningHttpServer } from "../../templates/server-http.js";
import type {
  ListedPrompt,
  ListedResource,
  ListedResourceTemplate,
  RegisteredPromptHandler,
  RegisteredResourceHandler,
  RegisteredResourceTemplateHandler,
  SurfaceDefinition,
} from "../../templates/server-surface.js";
import { uriTemplateMatcher } from "../../templates/uri-template-match.js";
import type { RequestId, Server, ServerContext } from "@modelcontextprotocol/server";
import type { ServerInfo } from "../ir/index.js";
import { isRecord } from "../shared/json.js";
import type { MockAnswer, SurfaceResult } from "./responder.js";
import { invalidArguments } from "./responder.js";
import type { ToolValidators } from "./validators.js";

/** Why the runtime could not listen, for `mock --http`'s own words. */
export { listenAddress, listenFailureReason, type ListenRemedy } from "../../templates/server-http.js";

export type { HttpOptions, ListedPrompt, ListedResource, ListedResourceTemplate, ListedTool, RunningHttpServer, RunningServer };

/** What answers a checked call: the responder, or (recording) a proxy to the real server. */
export type CallAnswerer = (toolName: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<MockAnswer> | MockAnswer;

/** What answers a `prompts/get` (its arguments as sent) or a `resources/read`. */
export type PromptAnswerer = (name: string, args: unknown, signal: AbortSignal) => Promise<MockAnswer<SurfaceResult>> | MockAnswer<SurfaceResult>;
export type ResourceAnswerer = (uri: string, signal: AbortSignal) => Promise<MockAnswer<SurfaceResult>> | MockAnswer<SurfaceResult>;

/** The prompts, resources and resource templates a mock lists (a list left undefined is not served), and how it answers them. */
export interface MockSurfaceDefinition {
  prompts?: readonly ListedPrompt[] | undefined;
  resources?: readonly ListedResource[] | undefined;
  resourceTemplates?: readonly ListedResourceTemplate[] | undefined;
  /** Serve `completion/complete` (completing to nothing). */
  completions: boolean;
  answerPrompt: PromptAnswerer;
  answerResource: ResourceAnswerer;
}

export interface MockServerDefinition {
  info: ServerInfo;
  instructions?: string | undefined;
  /** The tools as `tools/list` returns them, in order. */
  tools: readonly ListedTool[];
  /** The tools' `x-mcp-header` arguments, which the HTTP entry checks `Mcp-Param-*` headers against (as a scaffold's `tools.ts` has them). */
  headerArguments?: ReadonlyArray<readonly [string, readonly HeaderArgument[]]> | undefined;
  validators: ToolValidators;
  answer: CallAnswerer;
  /** Prompts, resources and resource templates, when the manifest has them. */
  surface?: MockSurfaceDefinition | undefined;
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
  const surface = definition.surface;
  const runtime = {
    info,
    instructions: definition.instructions,
    tools: definition.tools,
    ...(definition.headerArguments === undefined ? {} : { headerArguments: definition.headerArguments }),
    handlers,
    validators: definition.validators,
    ...(surface === undefined ? {} : { surface: runtimeSurface(surface) }),
  };
  const options = definition.log === undefined ? {} : { log: definition.log };
  return () => {
    const server = createMcpServer(runtime, options);
    const written = answersWritten(server);
    /** An answer sent as the server sends it: after its delay, a result, a JSON-RPC error, or nothing (the connection drops). */
    const send = async <R>(answer: MockAnswer<R>, ctx: ServerContext): Promise<R> => {
      await delay(answer.delayMs, ctx.mcpReq.signal);
      if (answer.kind === "drop") {
        definition.onDrop();
        // The connection is going away; nothing is answered.
        return new Promise<never>(() => undefined);
      }
      if (answer.kind === "error") {
        if (answer.written !== undefined) written(ctx, answer.written);
        throw protocolError(answer.code, answer.message, answer.data);
      }
      return answer.result;
    };
    if (surface?.prompts !== undefined)
      server.setRequestHandler(
        "prompts/get",
        async (request, ctx) =>
          // What a fixture or the recorded server answered, as it is (the SDK checks its shape).
          send(await surface.answerPrompt(request.params.name, request.params.arguments, ctx.mcpReq.signal), ctx) as Promise<never>,
      );
    if (surface?.resources !== undefined || surface?.resourceTemplates !== undefined)
      server.setRequestHandler(
        "resources/read",
        async (request, ctx) => send(await surface.answerResource(request.params.uri, ctx.mcpReq.signal), ctx) as Promise<never>,
      );
    server.setRequestHandler("tools/call", async (request, ctx) => {
      const name = request.params.name;
      const tool = byName.get(name);
      if (tool === undefined) throw protocolError(INVALID_PARAMS, `Unknown tool: ${JSON.stringify(name)}`);
      const args = (request.params.arguments ?? {}) as Record<string, unknown>;
      // As a scaffold: invalid arguments are a tool error the model can correct (SEP-1303), in the runtime's words.
      const input = definition.validators.validateInput(name, args);
      const answer: MockAnswer =
        input.ok === false
          ? { kind: "result", result: invalidArguments(name, input.issues), delayMs: 0 }
          : await definition.answer(name, args, ctx.mcpReq.signal);
      const result = await send(answer, ctx);
      const outputSchema = tool["outputSchema"];
      return server.projectCallToolResult(result as Parameters<Server["projectCallToolResult"]>[0], isRecord(outputSchema) ? outputSchema : undefined);
    });
    return server;
  };
}

/**
 * Watches `server`'s answers being written: `written(ctx, then)` calls `then` once the answer to
 * `ctx`'s request is written, or its connection is gone. Over HTTP that is when its response
 * closes (the runtime aborts the request's signal then: finished, or cut); over stdio, once the
 * transport has written the answer's line (or failed to: the client is gone).
 */
function answersWritten(server: Server): (ctx: ServerContext, then: () => void) => void {
  const awaited = new Map<RequestId, () => void>();
  const connect = server.connect.bind(server);
  server.connect = (transport) => {
    const send = transport.send.bind(transport);
    transport.send = async (message, sendOptions) => {
      try {
        await send(message, sendOptions);
      } finally {
        // An answer (a request of the server's own has a method too).
        if ("id" in message && message.id !== undefined && !("method" in message)) {
          const then = awaited.get(message.id);
          awaited.delete(message.id);
          then?.();
        }
      }
    };
    return connect(transport);
  };
  return (ctx, then) => {
    const signal = ctx.http?.req?.signal;
    if (signal === undefined) awaited.set(ctx.mcpReq.id, then);
    else if (signal.aborted) then();
    else signal.addEventListener("abort", then, { once: true });
  };
}

/**
 * The runtime's view of a mock's surface: the lists as given, the URI matcher, and handlers that
 * are never run (the mock's own `prompts/get` and `resources/read` answer instead); `completion/complete`
 * is the runtime's, with no completers: nothing to complete.
 */
function runtimeSurface(surface: MockSurfaceDefinition): SurfaceDefinition {
  const bound = <T>(names: readonly string[], make: (name: string) => T): Record<string, T> => {
    const table: Record<string, T> = {};
    for (const name of names) Object.defineProperty(table, name, { value: make(name), enumerable: true });
    return table;
  };
  const never = () => undefined;
  return {
    prompts: surface.prompts,
    resources: surface.resources,
    resourceTemplates: surface.resourceTemplates,
    uriTemplateMatcher,
    completions: surface.completions,
    promptHandlers: bound(
      (surface.prompts ?? []).map((prompt) => prompt.name),
      (prompt): RegisteredPromptHandler => ({ prompt, handle: never }),
    ),
    resourceHandlers: bound(
      (surface.resources ?? []).map((resource) => resource.uri),
      (resource): RegisteredResourceHandler => ({ resource, handle: never }),
    ),
    resourceTemplateHandlers: bound(
      (surface.resourceTemplates ?? []).map((template) => template.name),
      (resourceTemplate): RegisteredResourceTemplateHandler => ({ resourceTemplate, handle: never }),
    ),
  };
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

/** Serves one client over stdin/stdout (or `transport`), on whichever era it opens with, or on `options.era` alone. */
export function serveMockStdio(definition: MockServerDefinition, options: Parameters<typeof serveRuntimeStdio>[1] = {}): Promise<RunningServer> {
  return serveRuntimeStdio(mockServerFactory(definition), { ...options, ...(definition.log === undefined ? {} : { log: definition.log }) });
}

/** Serves Streamable HTTP (both eras, or `options.era` alone), on 127.0.0.1 unless told otherwise. */
export function serveMockHttp(definition: MockServerDefinition, options: HttpOptions = {}): Promise<RunningHttpServer> {
  return serveRuntimeHttp(mockServerFactory(definition), { ...options, ...(definition.log === undefined ? {} : { log: definition.log }) });
}
