/**
 * mcpgen server runtime: copied verbatim into every scaffold as
 * `src/generated/server-runtime.ts`. The tool dispatcher over the SDK's
 * low-level `Server` (raw JSON Schema, no zod), and the stdio and Streamable
 * HTTP entry points. Imports only `@modelcontextprotocol/sdk` and Node
 * built-ins; the validators are handed in by the generated code.
 */
import { randomUUID } from "node:crypto";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  isInitializeRequest,
  ListToolsRequestSchema,
  SetLevelRequestSchema,
  type CallToolResult,
  type ClientCapabilities,
  type CreateMessageRequestParamsBase,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type Implementation,
  type ListToolsResult,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from "@modelcontextprotocol/sdk/types.js";

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

/** The generated validators, seen structurally (`validators` in `validate.ts`). */
export interface ToolValidators {
  validateInput(
    toolName: string,
    value: unknown,
  ): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };
  validateOutput(
    toolName: string,
    value: unknown,
  ): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };
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

/** Everything a handler can do besides computing its result. */
export interface ToolContext {
  /** Name of the tool being called. */
  readonly toolName: string;
  /**
   * Aborted when the client cancels the call (`notifications/cancelled`) or the connection closes
   * (stdin ends, the HTTP session is deleted, the server stops). Over stateless HTTP a cancellation
   * arrives as a request of its own that cannot be tied to the call (there is no session to say
   * whose it is), so only the call's own connection closing aborts it.
   */
  readonly signal: AbortSignal;
  readonly requestId: string | number;
  /** The Streamable HTTP session, if any. */
  readonly sessionId: string | undefined;
  /** The request's `_meta`, as the client sent it. */
  readonly meta: { readonly [key: string]: unknown } | undefined;
  /** The client's `clientInfo` and capabilities from `initialize`. */
  readonly client: {
    readonly info: Implementation | undefined;
    readonly capabilities: ClientCapabilities | undefined;
  };
  /**
   * Reports progress (`notifications/progress`) when the client asked for it
   * with a `progressToken`; does nothing otherwise. `progress` must increase.
   */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /** Sends a log message (`notifications/message`) unless the client set a higher level with `logging/setLevel`. */
  log(level: LoggingLevel, data: unknown): Promise<void>;
  /** Asks the client's LLM for a completion (`sampling/createMessage`); undefined when the client does not support sampling. */
  readonly sample:
    | ((
        params: CreateMessageRequestParamsBase,
        options?: { timeout?: number },
      ) => Promise<CreateMessageResult>)
    | undefined;
  /** Asks the user for input (`elicitation/create`); undefined when the client does not support elicitation. */
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
  /** `serverInfo` for `initialize`. */
  info: Implementation;
  instructions?: string | undefined;
  tools: readonly ListedTool[];
  /** Handlers by wire name; every listed tool needs one. */
  handlers: { readonly [toolName: string]: RegisteredHandler };
  validators: ToolValidators;
}

export interface RuntimeOptions {
  /** Where the server's own diagnostics go (default: stderr, which stdio leaves free). */
  log?: (message: string) => void;
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

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

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

/**
 * How a tool's output travels. `structured`: as `structuredContent` (and as JSON text). `json`: the
 * tool's outputSchema is one SDK 1.32 cannot take (see `sdkListsOutputSchema`): an object still goes
 * as `structuredContent`, any other value as the JSON text of the only content block.
 */
type OutputMode = "none" | "structured" | "json";

/**
 * Whether SDK 1.32 clients accept this `outputSchema` in `tools/list`: a JSON object with
 * `type: "object"` (MCP 2025-11-25). They reject the whole list otherwise, and SDK 1.32 refuses a
 * `structuredContent` that is not an object on both sides. The next MCP revision allows any
 * schema; until the SDK does, such a tool is listed without its outputSchema (its output is still
 * checked against it). The generated client reads the JSON text back (`outputsAsText` in client.ts).
 */
function sdkListsOutputSchema(schema: unknown): boolean {
  return (
    typeof schema === "object" &&
    schema !== null &&
    !Array.isArray(schema) &&
    (schema as { type?: unknown }).type === "object"
  );
}

function outputMode(tool: ListedTool): OutputMode {
  return tool["outputSchema"] === undefined
    ? "none"
    : sdkListsOutputSchema(tool["outputSchema"])
      ? "structured"
      : "json";
}

/** The tool as `tools/list` shows it: as given, less an outputSchema SDK 1.32 clients would reject the list for. */
function listedTool(tool: ListedTool): ListedTool {
  if (outputMode(tool) !== "json") return tool;
  const { outputSchema: _unlisted, ...rest } = tool;
  return rest as ListedTool;
}

const isJsonObject = (value: unknown): value is { [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Builds the `tools/call` result from what a handler returned. */
function toCallToolResult(returned: unknown, mode: OutputMode): CallToolResult {
  if (
    typeof returned === "object" &&
    returned !== null &&
    fullResults.has(returned)
  )
    return returned as CallToolResult;
  if (mode !== "none") {
    const text = JSON.stringify(returned) ?? "null";
    if (mode === "json" && !isJsonObject(returned))
      return { content: [{ type: "text", text }] };
    // MCP 2025-11-25 "Structured Content": a tool returning structured content SHOULD also return it serialized in a text block.
    return {
      content: [{ type: "text", text }],
      structuredContent: returned as { [key: string]: unknown },
    };
  }
  if (returned === undefined) return { content: [] };
  if (typeof returned === "string")
    return { content: [{ type: "text", text: returned }] };
  return {
    content: [{ type: "text", text: JSON.stringify(returned) ?? "null" }],
  };
}

/** The output a result carries: its `structuredContent`, or (mode `json`) the JSON text of its only content block. */
function outputValue(
  result: CallToolResult,
  mode: OutputMode,
): { value: unknown } | undefined {
  if (result.structuredContent !== undefined)
    return { value: result.structuredContent };
  const [only, ...more] = result.content;
  if (mode !== "json" || only?.type !== "text" || more.length > 0)
    return undefined;
  try {
    return { value: JSON.parse(only.text) as unknown };
  } catch {
    return undefined;
  }
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

/**
 * A new low-level SDK `Server` answering `tools/list` and `tools/call` for
 * the definition's tools. One server serves one connection (a stdio process,
 * or one Streamable HTTP session).
 */
export function createMcpServer(
  definition: ServerDefinition,
  options: RuntimeOptions = {},
): Server {
  checkDefinition(definition);
  const log = options.log ?? stderrLog;
  const tools = new Map(definition.tools.map((tool) => [tool.name, tool]));
  const server = new Server(definition.info, {
    capabilities: { tools: {}, logging: {} },
    ...(definition.instructions !== undefined
      ? { instructions: definition.instructions }
      : {}),
  });
  let minimumLevel = 0;

  const listed = definition.tools.map(listedTool);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: listed as ListToolsResult["tools"],
  }));

  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    minimumLevel = Math.max(0, LOG_LEVELS.indexOf(request.params.level));
    return {};
  });

  const notify = async (extra: Extra, notification: ServerNotification) => {
    try {
      await extra.sendNotification(notification);
    } catch {
      // Notifications are best effort: a client that went away must not fail the tool.
    }
  };

  const context = (toolName: string, extra: Extra): ToolContext => {
    const capabilities = server.getClientCapabilities();
    const progressToken = extra._meta?.progressToken;
    const related = (timeout: number | undefined) => ({
      relatedRequestId: extra.requestId,
      signal: extra.signal,
      ...(timeout !== undefined ? { timeout } : {}),
    });
    return {
      toolName,
      signal: extra.signal,
      requestId: extra.requestId,
      sessionId: extra.sessionId,
      meta: extra._meta,
      client: { info: server.getClientVersion(), capabilities },
      progress: async (progress, total, message) => {
        if (progressToken === undefined) return;
        await notify(extra, {
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
        if (LOG_LEVELS.indexOf(level) < minimumLevel) return;
        await notify(extra, {
          method: "notifications/message",
          params: { level, logger: toolName, data },
        });
      },
      sample: capabilities?.sampling
        ? (params, options) =>
            server.createMessage(params, related(options?.timeout))
        : undefined,
      elicit: capabilities?.elicitation
        ? (params, options) =>
            server.elicitInput(params, related(options?.timeout))
        : undefined,
    };
  };

  server.setRequestHandler(
    CallToolRequestSchema,
    async (request, extra): Promise<CallToolResult> => {
      const name = request.params.name;
      const tool = tools.get(name);
      // MCP 2025-11-25 "Error Handling": an unknown tool is a protocol error, -32602.
      if (tool === undefined)
        throw protocolError(
          ErrorCode.InvalidParams,
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
        returned = await handler.handle(args as never, context(name, extra));
      } catch (error) {
        log(
          `tool ${JSON.stringify(name)} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        return errorResult(errorMessage(error));
      }

      const mode = outputMode(tool);
      // What is checked is what is sent: the result as JSON serialises it (NaN becomes null, toJSON runs,
      // undefined members vanish). A value JSON cannot carry (a BigInt, a cycle) is the handler's error.
      let result: CallToolResult;
      try {
        result = JSON.parse(
          JSON.stringify(toCallToolResult(returned, mode)),
        ) as CallToolResult;
      } catch (error) {
        log(
          `ERROR: tool ${JSON.stringify(name)} returned a value that cannot be sent as JSON (${errorMessage(error)}); sent a tool error instead`,
        );
        return errorResult(
          `Tool ${JSON.stringify(name)} returned a value that cannot be sent as JSON: ${errorMessage(error)}`,
        );
      }
      if (mode !== "none" && result.isError !== true) {
        // Servers MUST provide structured results that conform to the outputSchema.
        const value = outputValue(result, mode);
        const output =
          value === undefined
            ? {
                ok: false as const,
                issues: [
                  {
                    path: "",
                    message:
                      "structuredContent is missing (the tool declares an outputSchema)",
                  },
                ],
              }
            : definition.validators.validateOutput(name, value.value);
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
      return result;
    },
  );

  return server;
}

/**
 * An error the SDK answers as a JSON-RPC error with this code and message.
 * Not the SDK's `McpError`: its message already reads `MCP error <code>: ...`,
 * which the SDK would send as the message, and the client's `McpError` would
 * prefix a second time.
 */
function protocolError(
  code: number,
  message: string,
): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

/** A running server: `close` stops it and every connection. */
export interface RunningServer {
  close(): Promise<void>;
}

/** Serves one client over stdin/stdout (stdout carries the protocol; diagnostics go to stderr). */
export async function serveStdio(create: () => Server): Promise<RunningServer> {
  const server = create();
  await server.connect(new StdioServerTransport());
  // The SDK's stdio transport does not notice the end of stdin. The client is gone then: closing
  // the server aborts every handler still running (their context.signal), and the process can end.
  const clientGone = () => void server.close();
  process.stdin.once("end", clientGone);
  process.stdin.once("close", clientGone);
  return {
    close: () => {
      process.stdin.off("end", clientGone);
      process.stdin.off("close", clientGone);
      return server.close();
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
   * No sessions: every POST gets a fresh server and transport; GET and DELETE are refused.
   * `notifications/cancelled` cannot reach a running call (see `ToolContext.signal`).
   */
  stateless?: boolean;
  /**
   * Host names (without port) accepted in the `Host` and `Origin` headers, in
   * addition to localhost, 127.0.0.1 and [::1] (and the bound host, unless it
   * is a wildcard address). Everything else is refused: DNS-rebinding protection.
   */
  allowedHosts?: readonly string[];
  /**
   * Most sessions open at once (default 1000; each holds an SDK `Server` and its transport).
   * At the limit, an `initialize` closes the least recently used idle session (no request or
   * stream open) to make room, or is refused with 503 when every session is in use.
   */
  maxSessions?: number;
  /** Seconds a session may stay idle (no request or stream open) before it is closed (default 1800; 0: never). */
  sessionIdleTimeout?: number;
  /** Where the server's own diagnostics go (default: stderr). */
  log?: (message: string) => void;
}

export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_SESSION_IDLE_TIMEOUT = 1800;

/**
 * `serveHttp` options from the environment and the command line, as the
 * scaffold's \`src/server.ts\` documents them: PORT (default 3000), MCP_HOST
 * (default 127.0.0.1), MCP_STATELESS=1 or --stateless, MCP_ALLOWED_HOSTS
 * (comma-separated), MCP_MAX_SESSIONS (default 1000), MCP_SESSION_IDLE_TIMEOUT
 * (seconds, default 1800; 0 never closes idle sessions). Empty values count as
 * unset; a value that is not a number of the expected kind throws.
 */
export function httpOptionsFromEnvironment(
  env: { readonly [name: string]: string | undefined },
  args: readonly string[] = [],
): HttpOptions {
  const port = (env["PORT"] ?? "").trim();
  if (port !== "" && !/^\d{1,5}$/.test(port))
    throw new Error(
      `invalid PORT ${JSON.stringify(port)}: expected an integer from 0 to 65535`,
    );
  const host = (env["MCP_HOST"] ?? "").trim();
  const maxSessions = (env["MCP_MAX_SESSIONS"] ?? "").trim();
  if (maxSessions !== "" && !/^[1-9]\d{0,8}$/.test(maxSessions)) {
    throw new Error(
      `invalid MCP_MAX_SESSIONS ${JSON.stringify(maxSessions)}: expected a whole number of sessions, at least 1`,
    );
  }
  const idle = (env["MCP_SESSION_IDLE_TIMEOUT"] ?? "").trim();
  if (idle !== "" && !/^\d{1,9}(\.\d{1,3})?$/.test(idle)) {
    throw new Error(
      `invalid MCP_SESSION_IDLE_TIMEOUT ${JSON.stringify(idle)}: expected a number of seconds (0 never closes idle sessions)`,
    );
  }
  return {
    port: port === "" ? 3000 : Number(port),
    host: host === "" ? "127.0.0.1" : host,
    stateless: args.includes("--stateless") || env["MCP_STATELESS"] === "1",
    allowedHosts: (env["MCP_ALLOWED_HOSTS"] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
    maxSessions:
      maxSessions === "" ? DEFAULT_MAX_SESSIONS : Number(maxSessions),
    sessionIdleTimeout:
      idle === "" ? DEFAULT_SESSION_IDLE_TIMEOUT : Number(idle),
  };
}

export interface RunningHttpServer extends RunningServer {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url: string;
  port: number;
}

const BODY_LIMIT = 4 * 1024 * 1024;
/** The generic server error code the SDK uses for transport-level refusals. */
const FORBIDDEN = -32000;
const SESSION_NOT_FOUND = -32001;
/**
 * MCP 2025-11-25 "Session Management": a server MAY terminate a session at any time, and then
 * MUST answer requests carrying its ID with 404; the client MUST then start a new session.
 */
const SESSION_GONE =
  "Session not found: it was closed or expired; send initialize without an Mcp-Session-Id to start a new session";
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

function sendJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(
      JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }),
    );
}

async function readJson(
  req: IncomingMessage,
): Promise<
  { ok: true; value: unknown } | { ok: false; status: number; message: string }
> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer =
      typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > BODY_LIMIT)
      return { ok: false, status: 413, message: "Request body too large" };
    chunks.push(buffer);
  }
  try {
    return {
      ok: true,
      value: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    };
  } catch {
    return {
      ok: false,
      status: 400,
      message: "Parse error: the body is not JSON",
    };
  }
}

interface Session {
  transport: StreamableHTTPServerTransport;
  close(): Promise<void>;
  /** Requests and streams of this session still open (a GET stream stays open as long as the client listens). */
  active: number;
  /** When its last request or stream ended (or began, while one is open). */
  lastUsed: number;
}

/**
 * The open sessions, least recently used first, bounded in number and idle
 * time so that no client can make the server hold more than `limit` of them.
 * A session is idle while none of its requests or streams is open; only idle
 * sessions are closed, by age (`idleMs`) or to make room for a new one.
 */
class SessionTable {
  private readonly sessions = new Map<string, Session>();
  /** Sessions being initialized: counted against the limit before they have an ID. */
  private opening = 0;
  private readonly sweeper: ReturnType<typeof setInterval> | undefined;
  // Fields are declared, not constructor parameter properties, so Node's type stripping (erasableSyntaxOnly) can run this file.
  private readonly limit: number;
  private readonly idleMs: number;

  constructor(limit: number, idleMs: number) {
    this.limit = limit;
    this.idleMs = idleMs;
    if (idleMs > 0) {
      this.sweeper = setInterval(
        () => this.sweep(),
        Math.min(Math.max(idleMs / 2, 50), 30_000),
      );
      // The sweep alone never keeps the process alive.
      this.sweeper.unref();
    }
  }

  /** The session, marked in use until `res` closes; undefined when unknown or expired (then closed). */
  use(id: string, res: ServerResponse): Session | undefined {
    const session = this.sessions.get(id);
    if (session === undefined) return undefined;
    if (this.expired(session, Date.now())) {
      this.close(id, session);
      return undefined;
    }
    this.track(id, session, res);
    return session;
  }

  /** Registers a session once its `initialize` gave it an ID; `res` is that initialize's response. */
  add(
    id: string,
    session: Omit<Session, "active" | "lastUsed">,
    res: ServerResponse,
  ): void {
    this.track(id, { ...session, active: 0, lastUsed: Date.now() }, res);
  }

  /**
   * Reserves a place for a session about to initialize (`release` it once the initialize is
   * answered), closing the least recently used idle session when the table is full; false when
   * every session is in use.
   */
  reserve(): boolean {
    if (this.sessions.size + this.opening >= this.limit) {
      let evicted = false;
      for (const [id, session] of this.sessions) {
        if (session.active > 0) continue;
        this.close(id, session);
        evicted = true;
        break;
      }
      if (!evicted) return false;
    }
    this.opening++;
    return true;
  }

  release(): void {
    this.opening--;
  }

  /** Called when a transport closes (DELETE, eviction, server shutdown). */
  forget(id: string, transport: StreamableHTTPServerTransport): void {
    if (this.sessions.get(id)?.transport === transport)
      this.sessions.delete(id);
  }

  stop(): void {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
  }

  private track(id: string, session: Session, res: ServerResponse): void {
    // Most recently used last: Map keeps insertion order.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.active++;
    session.lastUsed = Date.now();
    res.once("close", () => {
      session.active--;
      session.lastUsed = Date.now();
    });
  }

  private expired(session: Session, now: number): boolean {
    return (
      this.idleMs > 0 &&
      session.active === 0 &&
      now - session.lastUsed > this.idleMs
    );
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions)
      if (this.expired(session, now)) this.close(id, session);
  }

  private close(id: string, session: Session): void {
    this.sessions.delete(id);
    void session.close().catch(() => undefined);
  }
}

function initializes(body: unknown): boolean {
  return Array.isArray(body)
    ? body.some((message) => isInitializeRequest(message))
    : isInitializeRequest(body);
}

/**
 * Serves MCP over Streamable HTTP (MCP 2025-11-25 "Transports"). Binds to
 * 127.0.0.1 by default and refuses requests whose `Host` or `Origin` names
 * another host ("Security Warning": servers MUST validate `Origin`, SHOULD
 * bind to localhost), so a web page cannot reach it through DNS rebinding.
 */
export async function serveHttp(
  create: () => Server,
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
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  if (!Number.isInteger(maxSessions) || maxSessions < 1)
    throw new Error(
      `invalid maxSessions ${JSON.stringify(String(options.maxSessions))}: expected a whole number, at least 1`,
    );
  const idleSeconds =
    options.sessionIdleTimeout ?? DEFAULT_SESSION_IDLE_TIMEOUT;
  if (!(idleSeconds >= 0) || !Number.isFinite(idleSeconds))
    throw new Error(
      `invalid sessionIdleTimeout ${JSON.stringify(String(options.sessionIdleTimeout))}: expected a number of seconds, 0 or more`,
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
  const open = new Set<{ close(): Promise<void> }>();
  const sessions = new SessionTable(maxSessions, idleSeconds * 1000);

  const connect = async (transport: StreamableHTTPServerTransport) => {
    const server = create();
    const connection = {
      close: async () => {
        await transport.close();
        await server.close();
      },
    };
    open.add(connection);
    transport.onclose = () => {
      open.delete(connection);
      if (transport.sessionId !== undefined)
        sessions.forget(transport.sessionId, transport);
    };
    await server.connect(transport);
    return connection;
  };

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

    if (req.method === "POST") {
      const body = await readJson(req);
      if (body.ok === false)
        return sendJsonError(
          res,
          body.status,
          ErrorCode.ParseError,
          body.message,
        );
      if (options.stateless) {
        // No sessionIdGenerator: the SDK transport runs stateless.
        const transport = new StreamableHTTPServerTransport({});
        const connection = await connect(transport);
        res.on("close", () => void connection.close());
        return transport.handleRequest(req, res, body.value);
      }
      const sessionId = req.headers["mcp-session-id"];
      if (typeof sessionId === "string") {
        const session = sessions.use(sessionId, res);
        if (session === undefined)
          return sendJsonError(res, 404, SESSION_NOT_FOUND, SESSION_GONE);
        return session.transport.handleRequest(req, res, body.value);
      }
      if (!initializes(body.value))
        return sendJsonError(
          res,
          400,
          ErrorCode.InvalidRequest,
          "Bad Request: no session; send initialize first",
        );
      if (!sessions.reserve()) {
        res.setHeader("retry-after", "5");
        return sendJsonError(
          res,
          503,
          FORBIDDEN,
          `Service Unavailable: all ${maxSessions} sessions are in use; try again later`,
        );
      }
      try {
        const transport: StreamableHTTPServerTransport =
          new StreamableHTTPServerTransport({
            sessionIdGenerator: () => randomUUID(),
            onsessioninitialized: (id) =>
              sessions.add(
                id,
                { transport, close: () => connection.close() },
                res,
              ),
          });
        const connection = await connect(transport);
        await transport.handleRequest(req, res, body.value);
        // An initialize that failed leaves no session behind to hold on to.
        if (transport.sessionId === undefined) await connection.close();
      } finally {
        sessions.release();
      }
      return;
    }

    if (req.method === "GET" || req.method === "DELETE") {
      if (options.stateless) {
        res.writeHead(405, { allow: "POST" });
        return void res.end();
      }
      const sessionId = req.headers["mcp-session-id"];
      if (typeof sessionId !== "string")
        return sendJsonError(
          res,
          400,
          SESSION_NOT_FOUND,
          "Bad Request: no Mcp-Session-Id header",
        );
      const session = sessions.use(sessionId, res);
      if (session === undefined)
        return sendJsonError(res, 404, SESSION_NOT_FOUND, SESSION_GONE);
      return session.transport.handleRequest(req, res);
    }

    res.writeHead(405, {
      allow: options.stateless ? "POST" : "GET, POST, DELETE",
    });
    res.end();
  };

  const httpServer = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(
        `HTTP request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      sendJsonError(res, 500, ErrorCode.InternalError, "Internal server error");
    });
  });
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
      sessions.stop();
      await Promise.all(
        [...open].map((connection) =>
          connection.close().catch(() => undefined),
        ),
      );
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
