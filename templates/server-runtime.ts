/**
 * mcpgen server runtime: copied verbatim into every scaffold as
 * `src/generated/server-runtime.ts`. The tool dispatcher over the SDK v2
 * low-level `Server` (raw JSON Schema, no zod of its own), and the stdio and
 * Streamable HTTP entry points, which serve MCP 2026-07-28 and the 2025
 * revisions from one server factory (`serveStdio` and `createMcpHandler` of
 * `@modelcontextprotocol/server`). Imports only that package and Node
 * built-ins; the validators are handed in by the generated code.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import {
  createMcpHandler,
  Server,
  type CacheHint,
  type CallToolResult,
  type ClientCapabilities,
  type CreateMessageRequestParamsBase,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type Implementation,
  type JSONRPCMessage,
  type ListToolsResult,
  type LoggingLevel,
  type ServerContext,
  type Transport,
  type TransportSendOptions,
} from "@modelcontextprotocol/server";
import {
  serveStdio as serveSdkStdio,
  StdioServerTransport,
} from "@modelcontextprotocol/server/stdio";

/** A tool as the manifest lists it; `tools/list` returns these objects unchanged. */
export interface ListedTool {
  name: string;
  [key: string]: unknown;
}

/** One problem found by a validator: an RFC 6901 pointer into the checked value and a message. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** A validator's verdict, as the generated `validateInput` and `validateOutput` give it. */
export type ValidationOutcome =
  | { ok: true; value: unknown }
  | { ok: false; issues: readonly ValidationIssue[] };

/** The generated validators (`validateInput` and `validateOutput` of `validate.ts`), by tool name. */
export interface ToolValidators {
  validateInput(toolName: string, value: unknown): ValidationOutcome;
  validateOutput(toolName: string, value: unknown): ValidationOutcome;
}

declare const fullResultBrand: unique symbol;

/**
 * A complete `tools/call` result made with `toolResult` or `toolError`: sent
 * as it is (its structuredContent still validated). No index signature, so a
 * handler whose output misses a field is told about that field, not about
 * this type's `content`.
 */
export interface FullToolResult {
  content: CallToolResult["content"];
  structuredContent?: CallToolResult["structuredContent"];
  isError?: CallToolResult["isError"];
  _meta?: CallToolResult["_meta"];
  readonly [fullResultBrand]: true;
}

const fullResults = new WeakSet<object>();

/**
 * Marks `result` as a complete `tools/call` result (content blocks, `isError`,
 * `_meta`...). A handler returns it instead of its typed output when it needs
 * more than "structuredContent plus a JSON text block".
 */
export function toolResult(result: CallToolResult): FullToolResult {
  fullResults.add(result);
  return result as unknown as FullToolResult;
}

/** A tool error result (`isError: true`) whose text is `message`: the tool ran and failed, the model sees why. */
export function toolError(message: string): FullToolResult {
  return toolResult(errorResult(message));
}

function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

/** What a handler may return: its typed output, or a full result. */
export type HandlerReturn<Output> = Output | FullToolResult;

/** The protocol revision a request speaks: MCP 2026-07-28 (`modern`) or one of the 2025 revisions (`legacy`). */
export type ProtocolEra = "modern" | "legacy";

/** Everything a handler can do besides computing its result. */
export interface ToolContext {
  /** Name of the tool being called. */
  readonly toolName: string;
  /** The revision the call came in: `modern` (2026-07-28) or `legacy` (a 2025 revision). */
  readonly era: ProtocolEra;
  /**
   * Aborted when the client cancels the call (`notifications/cancelled` on the 2025 revisions,
   * closing the request's response stream on 2026-07-28) or the connection closes (stdin ends,
   * the HTTP request is abandoned, the server stops).
   */
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  /** The request's `_meta`, as the client sent it (the 2026-07-28 envelope keys lifted out). */
  readonly meta: { readonly [key: string]: unknown } | undefined;
  /** The client's `clientInfo` and capabilities: from `initialize` (2025) or the request's envelope (2026-07-28). */
  readonly client: {
    readonly info: Implementation | undefined;
    readonly capabilities: ClientCapabilities | undefined;
  };
  /**
   * Reports progress (`notifications/progress`) when the client asked for it
   * with a `progressToken`; does nothing otherwise. `progress` must increase.
   */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * Sends a log message (`notifications/message`) at or above the level the client asked for:
   * `logging/setLevel` on the 2025 revisions, the request's `logLevel` on 2026-07-28 (none asked: none sent).
   */
  log(level: LoggingLevel, data: unknown): Promise<void>;
  /**
   * Asks the client's LLM for a completion (`sampling/createMessage`). Defined only on a 2025-era
   * connection that can carry a request to the client (stdio) from a client that supports sampling.
   */
  readonly sample:
    | ((
        params: CreateMessageRequestParamsBase,
        options?: { timeout?: number },
      ) => Promise<CreateMessageResult | CreateMessageResultWithTools>)
    | undefined;
  /** Asks the user for input (`elicitation/create`); defined only where `sample` would be, for clients that support elicitation. */
  readonly elicit:
    | ((
        params: ElicitRequestFormParams | ElicitRequestURLParams,
        options?: { timeout?: number },
      ) => Promise<ElicitResult>)
    | undefined;
}

/** The implementation of one tool: typed input and context in, typed output (or a full result) out. */
export type ToolHandler<Input, Output> = (
  input: Input,
  context: ToolContext,
) => HandlerReturn<Output> | Promise<HandlerReturn<Output>>;

/** A handler bound to its tool's wire name (what `defineHandler` returns). */
export interface RegisteredHandler {
  readonly tool: string;
  readonly handle: (input: never, context: ToolContext) => unknown;
}

export interface ServerDefinition {
  /** `serverInfo`: in the `initialize` result (2025), in every result's `_meta` (2026-07-28). */
  info: Implementation;
  instructions?: string | undefined;
  tools: readonly ListedTool[];
  /** Handlers by wire name; every listed tool needs one. */
  handlers: { readonly [toolName: string]: RegisteredHandler };
  validators: ToolValidators;
}

/** How long, and by whom, a `tools/list` result may be cached (MCP 2026-07-28 `ttlMs` and `cacheScope`). */
export interface ToolsListCache {
  /** Milliseconds a client may reuse the list; 0 (the default) means it must ask again. */
  ttlMs?: number;
  /** `private` (the default): this client only; `public`: shared caches too. */
  cacheScope?: "public" | "private";
}

export interface RuntimeOptions {
  /** Where the server's own diagnostics go (default: stderr, which stdio leaves free). */
  log?: (message: string) => void;
  /**
   * The `ttlMs` and `cacheScope` of `tools/list` on 2026-07-28 (the 2025 revisions have no such
   * fields). The default, `{ ttlMs: 0, cacheScope: "private" }`, lets no client reuse the list.
   */
  toolsListCache?: ToolsListCache;
}

const LOG_LEVELS: readonly LoggingLevel[] = [
  "debug",
  "info",
  "notice",
  "warning",
  "error",
  "critical",
  "alert",
  "emergency",
];

const own = (object: object, key: string) =>
  Object.prototype.hasOwnProperty.call(object, key);

const stderrLog = (message: string) => {
  process.stderr.write(`${message}\n`);
};

function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map(
      (issue) =>
        `  ${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`,
    )
    .join("\n");
}

function errorMessage(error: unknown): string {
  if (error instanceof Error)
    return error.message === "" ? error.name : error.message;
  return typeof error === "string" ? error : "the tool failed";
}

const isJsonObject = (value: unknown): value is { [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Builds the `tools/call` result from what a handler returned. A tool with an outputSchema sends
 * its output as `structuredContent`, whatever JSON value it is (MCP 2026-07-28), and the same JSON
 * in a text block (MCP: a tool returning structured content SHOULD also return it as text).
 */
function toCallToolResult(
  returned: unknown,
  hasOutputSchema: boolean,
): CallToolResult {
  if (
    typeof returned === "object" &&
    returned !== null &&
    fullResults.has(returned)
  )
    return returned as CallToolResult;
  if (hasOutputSchema) {
    return {
      content: [{ type: "text", text: JSON.stringify(returned) ?? "null" }],
      structuredContent: returned as CallToolResult["structuredContent"],
    };
  }
  if (returned === undefined) return { content: [] };
  if (typeof returned === "string")
    return { content: [{ type: "text", text: returned }] };
  return {
    content: [{ type: "text", text: JSON.stringify(returned) ?? "null" }],
  };
}

/** Checks that every listed tool has its handler, bound to the right name (the generated types already promise it). */
function checkDefinition(definition: ServerDefinition): void {
  for (const tool of definition.tools) {
    if (!own(definition.handlers, tool.name))
      throw new Error(`no handler for tool ${JSON.stringify(tool.name)}`);
    const bound = definition.handlers[tool.name]!.tool;
    if (bound !== tool.name)
      throw new Error(
        `the handler registered for tool ${JSON.stringify(tool.name)} was defined for ${JSON.stringify(bound)}`,
      );
  }
}

/** What a definition needs at run time, computed once per definition, not once per server instance. */
interface Prepared {
  tools: Map<string, ListedTool>;
  listed: ListToolsResult;
  /** The `x-mcp-header` arguments of each tool that declares valid ones (MCP 2026-07-28, `Mcp-Param-*`). */
  headerArguments: Map<string, readonly HeaderArgument[]>;
}

const preparedDefinitions = new WeakMap<ServerDefinition, Prepared>();
/** The tools each server instance made here answers for, so the HTTP entry can check `Mcp-Param-*` headers. */
const headerArgumentsOfServer = new WeakMap<
  Server,
  Map<string, readonly HeaderArgument[]>
>();

function prepare(definition: ServerDefinition): Prepared {
  let prepared = preparedDefinitions.get(definition);
  if (prepared === undefined) {
    checkDefinition(definition);
    const headerArguments = new Map<string, readonly HeaderArgument[]>();
    for (const tool of definition.tools) {
      const declared = headerArgumentsOf(tool["inputSchema"]);
      if (declared !== undefined && declared.length > 0)
        headerArguments.set(tool.name, declared);
    }
    prepared = {
      tools: new Map(definition.tools.map((tool) => [tool.name, tool])),
      listed: { tools: definition.tools as ListToolsResult["tools"] },
      headerArguments,
    };
    preparedDefinitions.set(definition, prepared);
  }
  return prepared;
}

/**
 * A new low-level SDK `Server` answering `tools/list` and `tools/call` for the definition's tools.
 * One server serves one stdio connection or one HTTP request (the entries below make them); which
 * revision it speaks is set by the entry, and the same handlers serve both.
 */
export function createMcpServer(
  definition: ServerDefinition,
  options: RuntimeOptions = {},
): Server {
  const prepared = prepare(definition);
  const log = options.log ?? stderrLog;
  const cache = options.toolsListCache;
  const server = new Server(definition.info, {
    capabilities: { tools: {}, logging: {} },
    ...(definition.instructions !== undefined
      ? { instructions: definition.instructions }
      : {}),
    ...(cache !== undefined
      ? { cacheHints: { "tools/list": cache satisfies CacheHint } }
      : {}),
  });
  headerArgumentsOfServer.set(server, prepared.headerArguments);

  // The manifest's tools, as declared and in order. On the 2025 revisions the SDK lists an
  // outputSchema whose root is not an object as `{ type: "object", properties: { result: ... } }`.
  server.setRequestHandler("tools/list", () => prepared.listed);

  const context = (toolName: string, ctx: ServerContext): ToolContext => {
    const modern = ctx.mcpReq.envelope !== undefined;
    const capabilities = server.getClientCapabilities();
    const progressToken = ctx.mcpReq._meta?.progressToken;
    const related = (timeout: number | undefined) => ({
      signal: ctx.mcpReq.signal,
      ...(timeout !== undefined ? { timeout } : {}),
    });
    // A 2025-era server-to-client request needs a connection that carries it back: stdio does, a
    // stateless HTTP request (no initialize, so no capabilities) does not.
    const pushes = !modern && capabilities !== undefined;
    return {
      toolName,
      era: modern ? "modern" : "legacy",
      signal: ctx.mcpReq.signal,
      requestId: ctx.mcpReq.id,
      meta: ctx.mcpReq._meta,
      client: { info: server.getClientVersion(), capabilities },
      progress: async (progress, total, message) => {
        if (progressToken === undefined) return;
        await notify(ctx, {
          method: "notifications/progress",
          params: {
            progressToken,
            progress,
            ...(total !== undefined ? { total } : {}),
            ...(message !== undefined ? { message } : {}),
          },
        });
      },
      log: async (level, data) => {
        if (!LOG_LEVELS.includes(level)) return;
        try {
          await ctx.mcpReq.log(level, data, toolName);
        } catch {
          // Best effort, as every notification.
        }
      },
      sample:
        pushes && capabilities.sampling
          ? (params, options) =>
              ctx.mcpReq.requestSampling(params, related(options?.timeout))
          : undefined,
      elicit:
        pushes && capabilities.elicitation
          ? (params, options) =>
              ctx.mcpReq.elicitInput(params, related(options?.timeout))
          : undefined,
    };
  };

  server.setRequestHandler("tools/call", async (request, ctx) => {
    const name = request.params.name;
    const tool = prepared.tools.get(name);
    // MCP "Error Handling": an unknown tool is a protocol error, -32602.
    if (tool === undefined)
      throw protocolError(
        INVALID_PARAMS,
        `Unknown tool: ${JSON.stringify(name)}`,
      );
    const handler = definition.handlers[name]!;
    const args = request.params.arguments ?? {};
    // Servers MUST validate tool inputs; invalid arguments are a tool execution error the model can correct (SEP-1303).
    const input = definition.validators.validateInput(name, args);
    // `=== false` narrows without strictNullChecks too (users compile this file with their settings).
    if (input.ok === false)
      return errorResult(
        `Invalid arguments for tool ${JSON.stringify(name)}:\n${describeIssues(input.issues)}`,
      );

    let returned: unknown;
    try {
      returned = await handler.handle(args as never, context(name, ctx));
    } catch (error) {
      log(
        `tool ${JSON.stringify(name)} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return errorResult(errorMessage(error));
    }

    const outputSchema = tool["outputSchema"];
    const hasOutputSchema = outputSchema !== undefined;
    // What is checked is what is sent: the result as JSON serialises it (NaN becomes null, toJSON runs,
    // undefined members vanish). A value JSON cannot carry (a BigInt, a cycle) is the handler's error.
    let result: CallToolResult;
    try {
      result = JSON.parse(
        JSON.stringify(toCallToolResult(returned, hasOutputSchema)),
      ) as CallToolResult;
    } catch (error) {
      log(
        `ERROR: tool ${JSON.stringify(name)} returned a value that cannot be sent as JSON (${errorMessage(error)}); sent a tool error instead`,
      );
      return errorResult(
        `Tool ${JSON.stringify(name)} returned a value that cannot be sent as JSON: ${errorMessage(error)}`,
      );
    }
    if (hasOutputSchema && result.isError !== true) {
      // Servers MUST provide structured results that conform to the outputSchema.
      const output: ValidationOutcome =
        result.structuredContent === undefined
          ? {
              ok: false,
              issues: [
                {
                  path: "",
                  message:
                    "structuredContent is missing (the tool declares an outputSchema)",
                },
              ],
            }
          : definition.validators.validateOutput(
              name,
              result.structuredContent,
            );
      if (output.ok === false) {
        const problems = describeIssues(output.issues);
        log(
          `ERROR: tool ${JSON.stringify(name)} returned output that does not match its outputSchema; sent a tool error instead:\n${problems}`,
        );
        return errorResult(
          `Tool ${JSON.stringify(name)} produced output that does not match its outputSchema:\n${problems}`,
        );
      }
    }
    // On the 2025 revisions the SDK sends a structuredContent that is not an object (or whose schema
    // is not) as `{ result: <value> }`, matching the outputSchema it listed; on 2026-07-28 as it is.
    return server.projectCallToolResult(
      result,
      isJsonObject(outputSchema) ? outputSchema : undefined,
    );
  });

  return server;
}

async function notify(
  ctx: ServerContext,
  notification: Parameters<ServerContext["mcpReq"]["notify"]>[0],
): Promise<void> {
  try {
    await ctx.mcpReq.notify(notification);
  } catch {
    // Notifications are best effort: a client that went away must not fail the tool.
  }
}

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
/** MCP 2026-07-28 `HeaderMismatch`: the HTTP headers disagree with the body, or one is missing or malformed. */
const HEADER_MISMATCH = -32020;

/**
 * An error the SDK answers as a JSON-RPC error with this code and message.
 * Not the SDK's `ProtocolError`, whose message would carry an `MCP error <code>:`
 * prefix that a client's error adds a second time.
 */
function protocolError(
  code: number,
  message: string,
): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/**
 * The JSON-RPC error answering a request the SDK would refuse with a dump of its schema's complaint:
 * a `tools/call` whose `params`, `name` or `arguments` has the wrong type (MCP: `arguments` is an
 * object). -32602, with a message a person can act on; undefined for every other message.
 */
function malformedToolCall(message: unknown): JSONRPCMessage | undefined {
  if (
    !isJsonObject(message) ||
    message["method"] !== "tools/call" ||
    !("id" in message)
  )
    return undefined;
  const id = message["id"];
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  const params = message["params"];
  const problem = !isJsonObject(params)
    ? "params must be an object with the tool's name"
    : typeof params["name"] !== "string"
      ? "params.name must be the tool's name, a string"
      : params["arguments"] !== undefined && !isJsonObject(params["arguments"])
        ? `params.arguments must be an object of the tool's arguments, not ${describeJsonType(params["arguments"])}`
        : undefined;
  if (problem === undefined) return undefined;
  return {
    jsonrpc: "2.0",
    id,
    error: { code: INVALID_PARAMS, message: `Invalid params: ${problem}` },
  } as JSONRPCMessage;
}

function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/** A running server: `close` stops it and every connection. */
export interface RunningServer {
  close(): Promise<void>;
}

/** The server factory the entries call: one server per stdio connection or per HTTP request. */
export type ServerFactory = () => Server;

/**
 * A stdio transport that answers a malformed `tools/call` itself (see `malformedToolCall`) and
 * hands every other message on.
 */
class GuardedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport["onmessage"];
  // Declared, not a parameter property, so Node's type stripping (erasableSyntaxOnly) can run this file.
  private readonly inner: Transport;

  constructor(inner: Transport) {
    this.inner = inner;
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      const refusal = malformedToolCall(message);
      if (refusal === undefined) this.onmessage?.(message, extra);
      else void inner.send(refusal).catch(() => undefined);
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * Serves one client over stdin/stdout (stdout carries the protocol; diagnostics go to stderr), on
 * MCP 2026-07-28 or a 2025 revision, whichever the client opens with (the SDK's `serveStdio`).
 */
export async function serveStdio(
  create: ServerFactory,
  options: {
    log?: (message: string) => void;
    /** Another transport than stdin/stdout (a test's in-memory pair, a socket). */
    transport?: Transport;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? stderrLog;
  const handle = serveSdkStdio(() => create(), {
    transport: new GuardedTransport(
      options.transport ?? new StdioServerTransport(),
    ),
    onerror: (error) => log(`MCP: ${firstLine(error.message)}`),
  });
  if (options.transport !== undefined) return handle;
  // When stdin ends the client is gone: closing aborts every handler still running (their
  // context.signal), and the process can end.
  const clientGone = () => void handle.close().catch(() => undefined);
  process.stdin.once("end", clientGone);
  process.stdin.once("close", clientGone);
  return {
    close: () => {
      process.stdin.off("end", clientGone);
      process.stdin.off("close", clientGone);
      return handle.close();
    },
  };
}

export interface HttpOptions {
  /** Port to listen on (0 picks a free one). Default 3000. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1: reachable from this machine only. */
  host?: string;
  /** Endpoint path. Default `/mcp`. */
  path?: string;
  /**
   * Host names (without port) accepted in the `Host` and `Origin` headers, in
   * addition to localhost, 127.0.0.1 and [::1] (and the bound host, unless it
   * is a wildcard address). Everything else is refused: DNS-rebinding protection.
   */
  allowedHosts?: readonly string[];
  /**
   * Most requests served at once (default 1000). Each holds a server instance until it is
   * answered (a `subscriptions/listen` stream, until it closes); one more gets 503.
   */
  maxRequests?: number;
  /** Largest request body accepted, in bytes (default 4 MiB); a larger one gets 413. */
  maxBodyBytes?: number;
  /** Where the server's own diagnostics go (default: stderr). */
  log?: (message: string) => void;
}

export const DEFAULT_MAX_REQUESTS = 1000;
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * `serveHttp` options from the environment, as the scaffold's `src/server.ts`
 * documents them: PORT (default 3000), MCP_HOST (default 127.0.0.1),
 * MCP_ALLOWED_HOSTS (comma-separated), MCP_MAX_REQUESTS (default 1000). Empty
 * values count as unset; a value that is not a number of the expected kind
 * throws. `args` is accepted for the `src/server.ts` of earlier scaffolds
 * (their `--stateless` is what every server does now).
 */
export function httpOptionsFromEnvironment(
  env: { readonly [name: string]: string | undefined },
  _args: readonly string[] = [],
): HttpOptions {
  const port = (env["PORT"] ?? "").trim();
  if (port !== "" && !/^\d{1,5}$/.test(port))
    throw new Error(
      `invalid PORT ${JSON.stringify(port)}: expected an integer from 0 to 65535`,
    );
  const host = (env["MCP_HOST"] ?? "").trim();
  const maxRequests = (env["MCP_MAX_REQUESTS"] ?? "").trim();
  if (maxRequests !== "" && !/^[1-9]\d{0,8}$/.test(maxRequests)) {
    throw new Error(
      `invalid MCP_MAX_REQUESTS ${JSON.stringify(maxRequests)}: expected a whole number of requests, at least 1`,
    );
  }
  return {
    port: port === "" ? 3000 : Number(port),
    host: host === "" ? "127.0.0.1" : host,
    allowedHosts: (env["MCP_ALLOWED_HOSTS"] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
    maxRequests:
      maxRequests === "" ? DEFAULT_MAX_REQUESTS : Number(maxRequests),
  };
}

export interface RunningHttpServer extends RunningServer {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url: string;
  port: number;
}

/** The generic server error code for transport-level refusals. */
const FORBIDDEN = -32000;
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

function bracketed(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/** The host name of a `Host` header or an origin, lower-cased, IPv6 in brackets; undefined when unparseable. */
function hostnameOf(value: string, isOrigin: boolean): string | undefined {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify(body));
}

function sendJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): void {
  sendJson(res, status, { jsonrpc: "2.0", error: { code, message }, id });
}

type BodyOutcome =
  | { ok: true; bytes: Buffer; value: unknown }
  | { ok: false; status: number; code: number; message: string }
  | { ok: false; aborted: true };

/** Reads a JSON body of at most `limit` bytes; `aborted` when the client went away before it ended. */
function readJson(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  return new Promise((resolveBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      resolveBody(outcome);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle({
          ok: false,
          status: 413,
          code: INVALID_REQUEST,
          message: "Request body too large",
        });
        return;
      }
      chunks.push(chunk);
    });
    // A client that aborts mid-body is its own business: no error, no stack trace.
    req.on("error", () => settle({ ok: false, aborted: true }));
    req.on("aborted", () => settle({ ok: false, aborted: true }));
    req.on("close", () => {
      if (!req.complete) settle({ ok: false, aborted: true });
    });
    req.on("end", () => {
      const bytes = Buffer.concat(chunks);
      try {
        settle({ ok: true, bytes, value: JSON.parse(bytes.toString("utf8")) });
      } catch {
        settle({
          ok: false,
          status: 400,
          code: PARSE_ERROR,
          message: "Parse error: the body is not JSON",
        });
      }
    });
  });
}

/** A web-standard `Request` for `req`, with `body` already read; aborted when the client goes away. */
function webRequest(
  req: IncomingMessage,
  origin: string,
  body: Buffer | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      // A header the fetch API cannot carry (a forbidden character): the MCP layer never needs it.
    }
  }
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method ?? "GET",
    headers,
    signal,
    ...(body !== undefined ? { body: new Uint8Array(body) } : {}),
  });
}

/** Writes a web-standard `Response` to `res`, streaming its body; stops when the client goes away. */
async function writeResponse(
  response: Response,
  res: ServerResponse,
): Promise<void> {
  const headers: { [name: string]: string } = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value))
        await new Promise<void>((resolveDrain) => {
          const resume = () => {
            res.off("drain", resume);
            res.off("close", resume);
            resolveDrain();
          };
          res.once("drain", resume);
          res.once("close", resume);
        });
      if (res.destroyed) break;
    }
  } catch {
    // The client went away mid-stream: nothing to answer.
  } finally {
    res.off("close", cancel);
    res.end();
  }
}

/** An `x-mcp-header` argument: its header name and the chain of `properties` keys leading to it. */
interface HeaderArgument {
  header: string;
  path: readonly string[];
  type: "string" | "integer" | "boolean";
}

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const SUBSCHEMA_KEYWORDS = [
  "items",
  "prefixItems",
  "additionalItems",
  "contains",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "dependentSchemas",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "$defs",
  "definitions",
];

/**
 * The `x-mcp-header` arguments of a tool's inputSchema (MCP 2026-07-28, "Custom Headers from Tool
 * Parameters"); undefined when a declaration breaks the revision's constraints (clients drop such a
 * tool, and its headers are not checked), an empty list when there are none.
 */
function headerArgumentsOf(schema: unknown): HeaderArgument[] | undefined {
  const found: HeaderArgument[] = [];
  let valid = true;
  const names = new Set<string>();
  // Only chains of `properties` keys may carry a declaration; one anywhere else invalidates the tool.
  const elsewhere = (node: unknown): void => {
    if (!valid) return;
    if (Array.isArray(node)) return node.forEach(elsewhere);
    if (!isJsonObject(node)) return;
    if (own(node, "x-mcp-header")) {
      valid = false;
      return;
    }
    for (const value of Object.values(node)) elsewhere(value);
  };
  const walk = (node: unknown, path: readonly string[]): void => {
    if (!valid || !isJsonObject(node)) return;
    if (own(node, "x-mcp-header")) {
      const header = node["x-mcp-header"];
      const type = node["type"];
      if (
        path.length === 0 ||
        typeof header !== "string" ||
        !HEADER_TOKEN.test(header) ||
        names.has(header.toLowerCase()) ||
        (type !== "string" && type !== "integer" && type !== "boolean")
      ) {
        valid = false;
        return;
      }
      names.add(header.toLowerCase());
      found.push({ header, path, type });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties" && isJsonObject(value)) {
        for (const [name, property] of Object.entries(value))
          walk(property, [...path, name]);
      } else if (SUBSCHEMA_KEYWORDS.includes(key) || key === "$ref") {
        elsewhere(value);
      }
    }
  };
  walk(schema, []);
  return valid ? found : undefined;
}

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A `Mcp-Param-*` header value as the client meant it; undefined when malformed. */
function decodeHeaderValue(value: string): string | undefined {
  const encoded = SENTINEL.exec(value);
  // A plain value that looks encoded is malformed: clients encode such a value too.
  if (encoded === null && value.startsWith("=?base64?") && value.endsWith("?="))
    return undefined;
  if (encoded === null) {
    // Visible ASCII, space and tab only (RFC 9110 field values), without leading or trailing space.
    return /^[\x21-\x7e]([\x20\x21-\x7e\t]*[\x21-\x7e])?$/.test(value)
      ? value
      : undefined;
  }
  const bytes = Buffer.from(encoded[1]!, "base64");
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return Buffer.from(text, "utf8").equals(bytes) ? text : undefined;
}

/**
 * Why the `Mcp-Param-*` headers of a 2026-07-28 `tools/call` disagree with its arguments (MCP
 * "Server Behavior for Custom Headers": a present value needs its header, matching after decoding;
 * integers compare as numbers); undefined when they agree.
 */
function headerMismatch(
  declared: readonly HeaderArgument[],
  args: unknown,
  header: (name: string) => string | undefined,
): string | undefined {
  for (const argument of declared) {
    let value: unknown = args;
    for (const key of argument.path)
      value = isJsonObject(value) && own(value, key) ? value[key] : undefined;
    const name = `Mcp-Param-${argument.header}`;
    const sent = header(name);
    if (value === undefined || value === null) continue;
    if (sent === undefined)
      return `the ${name} header is missing, but the arguments carry ${argument.path.join(".")}`;
    const decoded = decodeHeaderValue(sent);
    if (decoded === undefined)
      return `the ${name} header is not a valid header value`;
    const matches =
      typeof value === "string"
        ? decoded === value
        : typeof value === "boolean"
          ? decoded === String(value)
          : typeof value === "number" &&
            decoded.trim() !== "" &&
            Number(decoded) === value;
    if (!matches)
      return `the ${name} header does not match the argument ${argument.path.join(".")}`;
  }
  return undefined;
}

/**
 * Serves MCP over Streamable HTTP: MCP 2026-07-28 through the SDK's `createMcpHandler`, and the 2025
 * revisions statelessly (each request gets a server of its own; GET and DELETE get 405). Binds to
 * 127.0.0.1 by default and refuses requests whose `Host` or `Origin` names another host (servers MUST
 * validate `Origin`, SHOULD bind to localhost), so a web page cannot reach it through DNS rebinding.
 * Bodies are bounded (`maxBodyBytes`), so are requests in flight (`maxRequests`).
 */
export async function serveHttp(
  create: ServerFactory,
  options: HttpOptions = {},
): Promise<RunningHttpServer> {
  const requestedPort = options.port ?? 3000;
  if (
    !Number.isInteger(requestedPort) ||
    requestedPort < 0 ||
    requestedPort > 65535
  ) {
    throw new Error(
      `invalid port ${JSON.stringify(String(options.port))}: expected an integer from 0 to 65535`,
    );
  }
  const host = options.host ?? "127.0.0.1";
  // An empty host would bind every interface, which nobody asks for by leaving a variable empty.
  if (host.trim() === "")
    throw new Error(
      'invalid host "": name an interface (127.0.0.1, ::1, 0.0.0.0 for every interface)',
    );
  const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
  if (!Number.isInteger(maxRequests) || maxRequests < 1)
    throw new Error(
      `invalid maxRequests ${JSON.stringify(String(options.maxRequests))}: expected a whole number, at least 1`,
    );
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new Error(
      `invalid maxBodyBytes ${JSON.stringify(String(options.maxBodyBytes))}: expected a whole number of bytes, at least 1`,
    );
  const path = options.path ?? "/mcp";
  const log = options.log ?? stderrLog;
  const allowed = new Set([
    "localhost",
    "127.0.0.1",
    "[::1]",
    ...(options.allowedHosts ?? []).map((name) =>
      bracketed(name.toLowerCase()),
    ),
  ]);
  if (!WILDCARD_HOSTS.has(host)) allowed.add(bracketed(host.toLowerCase()));

  // One server made up front: a definition without a handler for every tool fails at start-up,
  // and its x-mcp-header arguments are known before any request reaches the SDK.
  const headerArguments =
    headerArgumentsOfServer.get(create()) ??
    new Map<string, readonly HeaderArgument[]>();
  const handler = createMcpHandler(() => create(), {
    maxRequestBodySize: maxBodyBytes,
    onerror: (error) => log(`MCP: ${firstLine(error.message)}`),
  });
  let inFlight = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const hostHeader = req.headers.host;
    const hostName =
      hostHeader === undefined ? undefined : hostnameOf(hostHeader, false);
    if (hostName === undefined || !allowed.has(hostName)) {
      return sendJsonError(
        res,
        403,
        FORBIDDEN,
        `Forbidden: Host ${JSON.stringify(hostHeader ?? "")} is not allowed`,
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const originName = hostnameOf(origin, true);
      if (originName === undefined || !allowed.has(originName)) {
        return sendJsonError(
          res,
          403,
          FORBIDDEN,
          `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`,
        );
      }
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== path)
      return sendJsonError(res, 404, FORBIDDEN, "Not found");
    if (inFlight >= maxRequests) {
      res.setHeader("retry-after", "5");
      return sendJsonError(
        res,
        503,
        FORBIDDEN,
        `Service Unavailable: ${maxRequests} requests are in progress; try again later`,
      );
    }
    inFlight++;
    res.once("close", () => inFlight--);

    let body: Buffer | undefined;
    let parsed: unknown;
    if (req.method === "POST") {
      const read = await readJson(req, maxBodyBytes);
      if (read.ok === false) {
        if ("aborted" in read) return void res.destroy();
        if (read.status === 413) res.setHeader("connection", "close");
        return sendJsonError(res, read.status, read.code, read.message);
      }
      body = read.bytes;
      parsed = read.value;
      const refusal = malformedToolCall(parsed);
      if (refusal !== undefined) return sendJson(res, 200, refusal);
      const mismatch = toolCallHeaderMismatch(parsed, req, headerArguments);
      if (mismatch !== undefined)
        return sendJsonError(
          res,
          400,
          HEADER_MISMATCH,
          `Header mismatch: ${mismatch.message}`,
          mismatch.id,
        );
    }
    const aborted = new AbortController();
    res.once("close", () => aborted.abort());
    const request = webRequest(
      req,
      `http://${hostHeader}`,
      body,
      aborted.signal,
    );
    const response = await handler.fetch(
      request,
      body !== undefined ? { parsedBody: parsed } : {},
    );
    await writeResponse(response, res);
  };

  const httpServer = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.destroyed) return;
      log(`HTTP request failed: ${firstLine(errorMessage(error))}`);
      sendJsonError(res, 500, INTERNAL_ERROR, "Internal server error");
    });
  });
  // A client that resets its connection is its own business too.
  httpServer.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(requestedPort, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = WILDCARD_HOSTS.has(host) ? "127.0.0.1" : bracketed(host);
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    close: async () => {
      await handler.close().catch(() => undefined);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/**
 * For a 2026-07-28 `tools/call` of a tool with `x-mcp-header` arguments (MCP "Server Validation"):
 * why its `Mcp-Param-*` headers disagree with its arguments, with the request's id; undefined when
 * they agree or there is nothing to check. 2025-era requests carry no such headers.
 */
function toolCallHeaderMismatch(
  message: unknown,
  req: IncomingMessage,
  headerArguments: ReadonlyMap<string, readonly HeaderArgument[]>,
): { message: string; id: string | number | null } | undefined {
  if (!isJsonObject(message) || message["method"] !== "tools/call")
    return undefined;
  const params = message["params"];
  if (!isJsonObject(params) || typeof params["name"] !== "string")
    return undefined;
  const meta = params["_meta"];
  const modern =
    isJsonObject(meta) && own(meta, "io.modelcontextprotocol/protocolVersion");
  const declared = headerArguments.get(params["name"]);
  if (!modern || declared === undefined) return undefined;
  const mismatch = headerMismatch(declared, params["arguments"], (name) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  });
  if (mismatch === undefined) return undefined;
  const id = message["id"];
  return {
    message: mismatch,
    id: typeof id === "string" || typeof id === "number" ? id : null,
  };
}
