/**
 * mcpgen server runtime: copied verbatim into every scaffold as
 * `src/generated/server-runtime.ts`. The tool dispatcher over the SDK v2
 * low-level `Server` (raw JSON Schema, no zod of its own), what a handler's
 * `context` offers, and the stdio entry point, which serves MCP 2026-07-28
 * and the 2025 revisions from one server factory (`serveStdio` of
 * `@modelcontextprotocol/server`). Beside it: `server-surface.ts` (prompts,
 * resources, resource templates and completions), `server-input.ts` (what a
 * handler asks the client for, on both eras) and `server-http.ts` (the
 * Streamable HTTP entry). Imports only that package, those files and Node
 * built-ins; the validators (and, for resource templates, the URI matcher)
 * are handed in by the generated code.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  Server,
  specTypeSchemas,
  type CacheHint,
  type CallToolResult,
  type ClientCapabilities,
  type Implementation,
  type InputRequiredResult,
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
import { PassThrough } from "node:stream";
import { inspect } from "node:util";
import {
  callDigest,
  InputRounds,
  pushedAsks,
  requestStateCodec,
  type InputAsks,
} from "./server-input.js";
import {
  checkSurface,
  serveSurface,
  type SurfaceDefinition,
} from "./server-surface.js";

export type { AskOptions, InputAsks } from "./server-input.js";

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

/** Everything a handler (of a tool, a prompt or a resource) can do besides computing its result. */
export interface RequestContext {
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
   * Asks the client's model for a completion (`sampling/createMessage`); `elicit` asks the user
   * (`elicitation/create`, a form or a URL) and `listRoots` the client's roots (`roots/list`).
   * Each is defined when the client declared the capability (`sampling`, `elicitation`, `roots`)
   * and an answer can come back: on 2026-07-28 always (an `input_required` result: the handler
   * runs again from its start with the answer, see docs/scaffold.md), on the 2025 revisions over
   * stdio and in an HTTP session, not for a 2025 HTTP request without a session.
   */
  readonly sample: InputAsks["sample"];
  readonly elicit: InputAsks["elicit"];
  readonly listRoots: InputAsks["listRoots"];
}

/** What a tool's handler gets besides its input. */
export interface ToolContext extends RequestContext {
  /** Name of the tool being called. */
  readonly toolName: string;
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
  /**
   * The `x-mcp-header` arguments of the tools that have them (MCP 2026-07-28), by wire name, as
   * mcpgen read them from the manifest: the HTTP entry checks each call's `Mcp-Param-*` headers
   * against them. (mcpgen leaves a tool whose marks break the revision's constraints out.)
   */
  headerArguments?: ReadonlyArray<readonly [string, readonly HeaderArgument[]]>;
  /** Handlers by wire name; every listed tool needs one. */
  handlers: { readonly [toolName: string]: RegisteredHandler };
  validators: ToolValidators;
  /** The prompts, resources and resource templates, their handlers and completions; none when undefined. */
  surface?: SurfaceDefinition | undefined;
}

/** An `x-mcp-header` argument: its header's name, the chain of `properties` keys leading to it, its type. */
export interface HeaderArgument {
  header: string;
  path: readonly string[];
  type: "string" | "integer" | "boolean";
}

/** How long, and by whom, a result may be cached (MCP 2026-07-28 `ttlMs` and `cacheScope`). */
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
  /**
   * The same, by method, for every cacheable result a scaffold answers on 2026-07-28: `tools/list`
   * (`toolsListCache` wins when both are given), `prompts/list`, `resources/list`,
   * `resources/templates/list` and `resources/read` (where a handler's own `ttlMs` and
   * `cacheScope` win). The default for each: `{ ttlMs: 0, cacheScope: "private" }`.
   */
  cacheHints?: {
    readonly [method in CacheableMethod]?: ToolsListCache;
  };
  /**
   * The key (at least 32 bytes) that signs the `requestState` of MCP 2026-07-28's multi round-trip
   * calls, so a client cannot alter what earlier rounds learned. The default, a random key made
   * once per process, serves every round one process answers; give every process behind one
   * endpoint the same key when several do.
   */
  requestStateKey?: string | Uint8Array;
}

/** The results of MCP 2026-07-28 a scaffold answers that a client may cache. */
export type CacheableMethod =
  | "tools/list"
  | "prompts/list"
  | "resources/list"
  | "resources/templates/list"
  | "resources/read";

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

export const stderrLog = (message: string) => {
  process.stderr.write(`${message}\n`);
};

/** Issues a tool error (and its log line) names; the rest are counted. */
const ISSUES_SHOWN = 10;

/**
 * The issues of a tool error, a line each: the first `ISSUES_SHOWN`, then how
 * many more (50,000 bad items would make megabytes of text for the model).
 */
function describeIssues(issues: readonly ValidationIssue[]): string {
  const lines = issues
    .slice(0, ISSUES_SHOWN)
    .map(
      (issue) =>
        `  ${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`,
    );
  const more = issues.length - ISSUES_SHOWN;
  if (more > 0) lines.push(`  … (${more} more)`);
  return lines.join("\n");
}

/**
 * A thrown value as the log shows it: an error's stack (else its message), a string, or anything
 * else as Node shows it (`{ code: 42 }`), where `String` would say `[object Object]`.
 */
export function thrownForLog(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return typeof error === "string" ? error : inspect(error, { depth: 2 });
}

/** The message of a thrown value: an error's (else its name), a string, or `fallback` for anything else. */
export function errorMessage(
  error: unknown,
  fallback = "the tool failed",
): string {
  if (error instanceof Error)
    return error.message === "" ? error.name : error.message;
  return typeof error === "string" ? error : fallback;
}

export const isJsonObject = (
  value: unknown,
): value is { [key: string]: unknown } =>
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
  if (typeof returned === "string")
    return { content: [{ type: "text", text: returned }] };
  const text = JSON.stringify(returned);
  // `undefined` (a forgotten `return`), a function or a symbol: JSON has no such value.
  if (text === undefined)
    throw new TypeError(
      returned === undefined
        ? "undefined is no JSON value (is a return missing?)"
        : typeof returned === "function" || typeof returned === "symbol"
          ? `a ${typeof returned} is no JSON value`
          : "it serialises to nothing (its toJSON returned undefined)",
    );
  return { content: [{ type: "text", text }] };
}

/**
 * Why a handler's answer is not a `type` as the SDK's own schema takes it (the schema the clients'
 * SDKs check an answer against), naming the first wrong place; undefined when it is one. Without it
 * the client gets a malformed answer and its SDK's words for it, and the server's log says nothing.
 */
export function specFault(
  type: "CallToolResult" | "GetPromptResult" | "ReadResourceResult",
  result: unknown,
): string | undefined {
  const issue = specTypeSchemas[type]["~standard"].validate(result).issues?.[0];
  if (issue === undefined) return undefined;
  const at = (issue.path ?? [])
    .map((segment) => {
      const key = typeof segment === "object" ? segment.key : segment;
      return typeof key === "number" ? `[${key}]` : `.${String(key)}`;
    })
    .join("")
    .replace(/^\./, "");
  return `returned what is not a ${type}${at === "" ? "" : ` at ${at}`}: ${issue.message}`;
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
  headerArguments: ReadonlyMap<string, readonly HeaderArgument[]>;
}

const preparedDefinitions = new WeakMap<ServerDefinition, Prepared>();
/** What each server instance made here answers for (the HTTP entry checks `Mcp-Param-*` headers against it). */
const preparedOfServer = new WeakMap<Server, Prepared>();

function prepare(definition: ServerDefinition): Prepared {
  let prepared = preparedDefinitions.get(definition);
  if (prepared === undefined) {
    checkDefinition(definition);
    if (definition.surface !== undefined) checkSurface(definition.surface);
    prepared = {
      tools: new Map(definition.tools.map((tool) => [tool.name, tool])),
      listed: { tools: definition.tools as ListToolsResult["tools"] },
      headerArguments: new Map(definition.headerArguments ?? []),
    };
    preparedDefinitions.set(definition, prepared);
  }
  return prepared;
}

/** The `x-mcp-header` arguments of the tools a server made by `createMcpServer` answers for; empty for any other server. */
export function headerArgumentsOf(
  server: Server,
): ReadonlyMap<string, readonly HeaderArgument[]> {
  return preparedOfServer.get(server)?.headerArguments ?? new Map();
}

/**
 * A new low-level SDK `Server` answering the definition's tools (and its prompts, resources and
 * resource templates, when it has them): one dispatcher per MCP family (`serveTools` for
 * `tools/list` and `tools/call`; `serveSurface` for the others). It declares the capabilities of
 * what it serves, and only those: `tools` and `logging`; `prompts` and `resources` when the
 * definition lists them (even empty); `completions` when the definition asks for it. One server
 * serves one stdio connection, one 2025 HTTP session or one HTTP request (the entries make
 * them); which revision it speaks is set by the entry, and the same handlers serve both.
 */
export function createMcpServer(
  definition: ServerDefinition,
  options: RuntimeOptions = {},
): Server {
  const prepared = prepare(definition);
  const cacheHints: { [method: string]: CacheHint } = {};
  for (const [method, hint] of Object.entries(options.cacheHints ?? {}))
    if (hint !== undefined) cacheHints[method] = hint satisfies CacheHint;
  if (options.toolsListCache !== undefined)
    cacheHints["tools/list"] = options.toolsListCache;
  const codec = requestStateCodec(options.requestStateKey);
  const surface = definition.surface;
  const server = new Server(definition.info, {
    capabilities: {
      tools: {},
      logging: {},
      ...(surface?.prompts !== undefined ? { prompts: {} } : {}),
      ...(surface?.resources !== undefined ||
      surface?.resourceTemplates !== undefined
        ? { resources: {} }
        : {}),
      ...(surface?.completions === true ? { completions: {} } : {}),
    },
    ...(definition.instructions !== undefined
      ? { instructions: definition.instructions }
      : {}),
    ...(Object.keys(cacheHints).length > 0 ? { cacheHints } : {}),
    // MCP 2026-07-28: a `requestState` that is not one this server signed is refused (-32602)
    // before any handler runs; the handler sees what the codec verified.
    requestState: { verify: codec.verify },
  });
  preparedOfServer.set(server, prepared);
  const dispatch: Dispatch = {
    log: options.log ?? stderrLog,
    run: (ctx, call, handle) => runHandler(server, ctx, call, codec, handle),
  };
  serveTools(server, prepared, definition, dispatch);
  if (surface !== undefined) serveSurface(server, surface, dispatch);
  return server;
}

/** How a handler ends: what it returned or threw, or (2026-07-28) the input it still needs. */
export type HandlerOutcome =
  | { returned: unknown }
  | { thrown: unknown }
  | { inputRequired: InputRequiredResult };

/** A request to run a handler for: its method, the name of what it is for (a tool, a prompt, a URI) and its arguments. */
export interface HandlerCall {
  method: string;
  name: string;
  args: unknown;
}

/** What each family's dispatcher runs its handlers with. */
export interface Dispatch {
  log: (message: string) => void;
  /** Runs a handler of this server for one request, on either era (`runHandler`). */
  run: (
    ctx: ServerContext,
    call: HandlerCall,
    handle: (context: RequestContext) => unknown,
  ) => Promise<HandlerOutcome>;
}

/**
 * What a handler of `server` runs with: its context, and how the call ends. On 2026-07-28 an ask
 * the client has not answered ends the round with an `input_required` result (`InputRounds`); on
 * the 2025 revisions asks are requests to the client, where the connection carries them.
 */
async function runHandler(
  server: Server,
  ctx: ServerContext,
  call: HandlerCall,
  codec: ReturnType<typeof requestStateCodec>,
  handle: (context: RequestContext) => unknown,
): Promise<HandlerOutcome> {
  const modern = ctx.mcpReq.envelope !== undefined;
  const client = clientOf(server, ctx);
  const capabilities = client.capabilities;
  // A round that asked what it has no answer for is over: the handler is told to stop (as when the
  // request is cancelled).
  const stopped = new AbortController();
  if (modern) {
    if (ctx.mcpReq.signal.aborted) stopped.abort();
    else
      ctx.mcpReq.signal.addEventListener("abort", () => stopped.abort(), {
        once: true,
      });
  }
  const signal = modern ? stopped.signal : ctx.mcpReq.signal;
  const rounds = modern
    ? new InputRounds(ctx, capabilities, () =>
        callDigest(call.method, call.name, call.args),
      )
    : undefined;
  const asks = rounds?.asks ?? pushedAsks(ctx, capabilities);
  const context = requestContext(ctx, call.name, client, asks, signal);
  const settled = (async () => handle(context))().then(
    (returned) => ({ returned }),
    (thrown: unknown) => ({ thrown }),
  );
  if (rounds === undefined) return settled;
  const first = await Promise.race([settled, rounds.suspended]);
  // The cast is for projects without strictNullChecks, where `first !== undefined` does not narrow.
  if (first !== undefined && !rounds.isSuspended)
    return first as Exclude<typeof first, void>;
  // Asks made together (Promise.all, or before the first await) belong to the same round.
  await new Promise((resolve) => setImmediate(resolve));
  stopped.abort();
  return { inputRequired: await rounds.inputRequired(codec) };
}

/**
 * Who is calling: on 2026-07-28 what the request's envelope says, on the 2025 revisions what the
 * client said in `initialize` on this connection (nothing, for a 2025 HTTP request without a session).
 */
function clientOf(
  server: Server,
  ctx: ServerContext,
): RequestContext["client"] {
  const envelope = ctx.mcpReq.envelope;
  if (envelope === undefined)
    return {
      info: server.getClientVersion(),
      capabilities: server.getClientCapabilities(),
    };
  // The SDK types the envelope as `{}`; its keys are the revision's (checked by the SDK on entry).
  const fields = envelope as { [key: string]: unknown };
  return {
    info: fields[CLIENT_INFO_META_KEY] as Implementation | undefined,
    capabilities: fields[CLIENT_CAPABILITIES_META_KEY] as
      ClientCapabilities | undefined,
  };
}

/** The `context` a handler gets for one request; `logger` names it in its log messages (the tool, the prompt, the URI). */
function requestContext(
  ctx: ServerContext,
  logger: string,
  client: RequestContext["client"],
  asks: InputAsks,
  signal: AbortSignal,
): RequestContext {
  const progressToken = ctx.mcpReq._meta?.progressToken;
  return {
    era: ctx.mcpReq.envelope !== undefined ? "modern" : "legacy",
    signal,
    requestId: ctx.mcpReq.id,
    meta: ctx.mcpReq._meta,
    client,
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
        await ctx.mcpReq.log(level, data, logger);
      } catch {
        // Best effort, as every notification.
      }
    },
    sample: asks.sample,
    elicit: asks.elicit,
    listRoots: asks.listRoots,
  };
}

/** `tools/list` and `tools/call`: the manifest's tools, each call checked and dispatched to its handler. */
function serveTools(
  server: Server,
  prepared: Prepared,
  definition: ServerDefinition,
  { log, run }: Dispatch,
): void {
  // The manifest's tools, as declared and in order. On the 2025 revisions the SDK lists an
  // outputSchema whose root is not an object as `{ type: "object", properties: { result: ... } }`.
  server.setRequestHandler("tools/list", () => prepared.listed);

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

    const outcome = await run(
      ctx,
      { method: "tools/call", name, args },
      (context) =>
        handler.handle(args as never, { ...context, toolName: name }),
    );
    if ("inputRequired" in outcome) return outcome.inputRequired;
    if ("thrown" in outcome) {
      const error = outcome.thrown;
      // The protocol errors a tool may answer with: the call needs a capability the client did not
      // declare (-32021, MCP 2026-07-28), or a URL elicitation first (-32042, the 2025 revisions).
      if (
        ProtocolError.isInstance(error) &&
        (error.code === MISSING_CLIENT_CAPABILITY ||
          error.code === URL_ELICITATION_REQUIRED)
      )
        throw error;
      // A handler that stopped as its signal told it (the client cancelled, the connection
      // closed) did not fail: one line, no stack. Nobody reads the answer.
      if (ctx.mcpReq.signal.aborted)
        log(
          `tool ${JSON.stringify(name)} stopped: its call was cancelled or its connection closed (${errorMessage(error)})`,
        );
      else log(`tool ${JSON.stringify(name)} failed: ${thrownForLog(error)}`);
      return errorResult(errorMessage(error));
    }
    const returned = outcome.returned;
    const outputSchema = tool["outputSchema"];
    const hasOutputSchema = outputSchema !== undefined;
    // What is checked is what is sent: the result as JSON serialises it (NaN becomes null, toJSON runs,
    // undefined members vanish). A value JSON cannot carry (a BigInt, a cycle; without an outputSchema,
    // undefined, a function, a symbol) is the handler's error.
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
    // A result the clients' SDKs would reject whole (a content block that is none, image data that is
    // not Base64): the handler's error, named where it is, as a prompt's or a resource's is.
    const fault = specFault("CallToolResult", result);
    if (fault !== undefined) {
      log(
        `ERROR: tool ${JSON.stringify(name)} ${fault}; sent a tool error instead`,
      );
      return errorResult(`Tool ${JSON.stringify(name)} ${fault}`);
    }
    // On the 2025 revisions the SDK sends a structuredContent that is not an object (or whose schema
    // is not) as `{ result: <value> }`, matching the outputSchema it listed; on 2026-07-28 as it is.
    return server.projectCallToolResult(
      result,
      isJsonObject(outputSchema) ? outputSchema : undefined,
    );
  });
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

export const INVALID_PARAMS = -32602;
const MISSING_CLIENT_CAPABILITY = -32021;
const URL_ELICITATION_REQUIRED = -32042;

/**
 * An error the SDK answers as a JSON-RPC error with this code, message (and data).
 * Not the SDK's `ProtocolError`, whose message would carry an `MCP error <code>:`
 * prefix that a client's error adds a second time.
 */
export function protocolError(
  code: number,
  message: string,
  data?: unknown,
): Error & { code: number } {
  return Object.assign(
    new Error(message),
    { code },
    data === undefined ? {} : { data },
  );
}

/**
 * The JSON-RPC error answering a request the SDK would refuse with a dump of its schema's complaint:
 * a `tools/call` whose `params`, `name` or `arguments` has the wrong type (MCP: `arguments` is an
 * object), a `prompts/get` whose `name` is not a string or whose `arguments` are not an object of
 * strings, a `resources/read` whose `uri` is not a string. -32602, with a message a person can act
 * on; undefined for every other message.
 */
export function malformedRequest(message: unknown): JSONRPCMessage | undefined {
  if (!isJsonObject(message) || !("id" in message)) return undefined;
  const id = message["id"];
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  const problem = requestProblem(message["method"], message["params"]);
  if (problem === undefined) return undefined;
  return {
    jsonrpc: "2.0",
    id,
    error: { code: INVALID_PARAMS, message: `Invalid params: ${problem}` },
  } as JSONRPCMessage;
}

/** What is wrong with the `params` of a `tools/call`, `prompts/get` or `resources/read`, in words; undefined when nothing is (or for another method). */
function requestProblem(method: unknown, params: unknown): string | undefined {
  if (method === "tools/call") {
    if (!isJsonObject(params))
      return "params must be an object with the tool's name";
    if (typeof params["name"] !== "string")
      return "params.name must be the tool's name, a string";
    const args = params["arguments"];
    if (args !== undefined && !isJsonObject(args))
      return `params.arguments must be an object of the tool's arguments, not ${describeJsonType(args)}`;
    return undefined;
  }
  if (method === "prompts/get") {
    if (!isJsonObject(params))
      return "params must be an object with the prompt's name";
    if (typeof params["name"] !== "string")
      return "params.name must be the prompt's name, a string";
    const args = params["arguments"];
    if (args === undefined) return undefined;
    if (!isJsonObject(args))
      return `params.arguments must be an object of the prompt's arguments, not ${describeJsonType(args)}`;
    for (const key of Object.keys(args))
      if (typeof args[key] !== "string")
        return `the value of argument ${JSON.stringify(key)} must be a string (every prompt argument is one), not ${describeJsonType(args[key])}`;
    return undefined;
  }
  if (method === "resources/read") {
    if (!isJsonObject(params) || typeof params["uri"] !== "string")
      return "params.uri must be the resource's URI, a string";
  }
  return undefined;
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

/** The server factory the entries call: one server per stdio connection, per 2025 HTTP session or per HTTP request. */
export type ServerFactory = () => Server;

/**
 * A stdio transport that answers a malformed request itself (see `malformedRequest`) and
 * hands every other message on. It keeps the ids of the requests not answered yet, so that
 * the server can answer them before it closes (`answered`).
 */
class GuardedTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: Transport["onmessage"];
  // Declared, not a parameter property, so Node's type stripping (erasableSyntaxOnly) can run this file.
  private readonly inner: Transport;
  /** The requests received and not yet answered (or cancelled), by their id as JSON. */
  private readonly unanswered = new Set<string>();
  private onAnswered: (() => void) | undefined;

  /**
   * `legacyOnly`: serve the 2025 revisions alone (`serveStdio`'s `era: "legacy"`). A message's
   * 2026-07-28 envelope claim (`_meta["io.modelcontextprotocol/protocolVersion"]`) is removed
   * before the SDK classifies it, so the server answers as a 2025 server does, which knows no
   * such key: a `server/discover` probe is an unknown method, after which the client falls back
   * to `initialize`.
   */
  constructor(inner: Transport, legacyOnly = false) {
    this.inner = inner;
    inner.onclose = () => {
      // Nothing more can be answered (stdout failed: the client is gone, EPIPE): stop waiting.
      this.unanswered.clear();
      this.onAnswered?.();
      this.onclose?.();
    };
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      const refusal = malformedRequest(message);
      if (refusal !== undefined) {
        void inner.send(refusal).catch((): void => undefined);
        return;
      }
      const fields = message as {
        id?: unknown;
        method?: unknown;
        params?: { requestId?: unknown };
      };
      if (typeof fields.method === "string" && fields.id !== undefined)
        this.unanswered.add(JSON.stringify(fields.id));
      // A request the client cancelled is not answered (MCP "Cancellation").
      if (fields.method === "notifications/cancelled")
        this.settle(fields.params?.requestId);
      this.onmessage?.(
        legacyOnly ? withoutEnvelopeClaim(message) : message,
        extra,
      );
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const sent = this.inner.send(message, options);
    if ("id" in message && ("result" in message || "error" in message)) {
      // Answered once the answer is written.
      void sent.then(
        () => this.settle(message.id),
        () => this.settle(message.id),
      );
    }
    return sent;
  }

  /** Settles once every request received so far is answered, or after `ms` (`Infinity`: no limit). */
  answered(ms: number): Promise<void> {
    if (this.unanswered.size === 0 || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      // A timer takes at most 2^31 - 1 ms: a longer one (Infinity too) would fire at once.
      const timer = ms <= MAX_TIMER_MS ? setTimeout(done, ms) : undefined;
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.onAnswered = done;
    });
  }

  private settle(id: unknown): void {
    if (id === undefined) return;
    this.unanswered.delete(JSON.stringify(id));
    if (this.unanswered.size === 0) this.onAnswered?.();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** `message` without the 2026-07-28 envelope claim in its `params._meta` (the same message when it has none). */
function withoutEnvelopeClaim(message: JSONRPCMessage): JSONRPCMessage {
  const params = (message as { params?: unknown }).params;
  if (!isJsonObject(params)) return message;
  const meta = params["_meta"];
  if (!isJsonObject(meta) || !own(meta, PROTOCOL_VERSION_META_KEY))
    return message;
  const { [PROTOCOL_VERSION_META_KEY]: _claim, ...rest } = meta;
  return { ...message, params: { ...params, _meta: rest } } as JSONRPCMessage;
}

/**
 * When stdin ends, how long the requests in flight may take to be answered before the server
 * closes and aborts the rest (`serveStdio`'s `drainMs`): long enough for a handler that awaits a
 * fetch, short enough to exit promptly as MCP asks (a client such as the SDK's waits 2 s after
 * closing stdin, then sends SIGTERM, which ends the process at once).
 */
export const STDIO_DRAIN_MS = 10_000;

/** The longest delay `setTimeout` takes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** After stdin's end and the close, how long a handler that ignores its abort signal (or a timer) may keep the process alive. */
const EXIT_GRACE_MS = 1000;

/**
 * Serves one client over stdin/stdout (stdout carries the protocol; diagnostics go to stderr), on
 * MCP 2026-07-28 or a 2025 revision, whichever the client opens with (the SDK's `serveStdio`), or
 * on the one `era` names.
 *
 * When stdin ends (the client is done sending, or gone), the requests in flight are answered
 * first, within `drainMs`; then the server closes, which aborts every handler still running
 * (their `context.signal`), and the process ends (see `onClientGone`). So a client that pipes
 * its requests and ends stdin (`printf '...' | node dist/server.js`) gets its answers, and one
 * that closes stdin and then waits for the process to exit (MCP's stdio shutdown) sees it exit.
 */
export async function serveStdio(
  create: ServerFactory,
  options: {
    log?: (message: string) => void;
    /** Another transport than stdin/stdout (a test's in-memory pair, a socket). */
    transport?: Transport;
    /**
     * Serve this era alone (default: both). `"modern"`: a 2025 `initialize` is refused as the
     * SDK refuses it on a 2026-07-28-only connection (`-32022`, naming the revision served).
     * `"legacy"`: the server answers as a 2025 server, which knows no 2026-07-28 request; a
     * client that probes (`server/discover`) falls back to `initialize`.
     */
    era?: ProtocolEra;
    /**
     * When stdin ends, how long the requests still being handled may take to be answered
     * before the server closes and aborts them, in milliseconds (default `STDIO_DRAIN_MS`,
     * 10 s; 0 closes at once; `Infinity` waits for every one).
     */
    drainMs?: number;
    /**
     * Called once the server has closed because stdin ended (or, with `stopOnSignals`, a
     * signal came; once, even when a signal cuts the drain short). By default the process ends: at
     * once if nothing else keeps it alive, else (a handler that ignores its abort signal, a
     * timer) after a second.
     */
    onClientGone?: () => void;
    /**
     * Over the process's own stdin/stdout (no `transport`): on SIGINT or SIGTERM, close the
     * server, which aborts every handler still running (their `context.signal`), then end as
     * when stdin ends (`onClientGone`). Default `true`: MCP's stdio shutdown closes stdin, then
     * sends SIGTERM (the SDK's client after 2 s), and without this the process ended before any
     * handler heard of it. `false` leaves the signals to the program.
     */
    stopOnSignals?: boolean;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? stderrLog;
  // stdin reaches the SDK's transport through a stream of its own, which does not end with stdin:
  // the transport closes when its input ends, and answers nothing after.
  const input = options.transport === undefined ? new PassThrough() : undefined;
  const transport = new GuardedTransport(
    options.transport ?? new StdioServerTransport(input, process.stdout),
    options.era === "legacy",
  );
  const handle = serveSdkStdio(() => create(), {
    transport,
    ...(options.era === "modern" ? { legacy: "reject" as const } : {}),
    onerror: (error) => log(`MCP: ${transportErrorText(error)}`),
  });
  if (input === undefined) return handle;
  // An answer written after the client is gone fails with EPIPE, reported on stdout, possibly
  // after the SDK's transport has closed and stopped listening: one that nobody listens for would
  // end the process with a stack.
  if (!process.stdout.listeners("error").includes(ignoreError))
    process.stdout.on("error", ignoreError);
  process.stdin.pipe(input, { end: false });
  // `pipe` listens for no error of its source: without this, one on stdin (a socket reset) would
  // end the process with a stack, where the SDK's transport, reading stdin itself, logged it.
  const stdinFailed = (error: Error): void => {
    log(`MCP: ${transportErrorText(error)}`);
    clientGone();
  };
  process.stdin.on("error", stdinFailed);
  // Once, however many ways the server is stopped (stdin's end, a signal during its drain, the caller).
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async (): Promise<void> => {
      for (const signal of STOP_SIGNALS) process.off(signal, signalled);
      process.stdin.off("end", clientGone);
      process.stdin.off("close", clientGone);
      process.stdin.off("error", stdinFailed);
      process.stdin.unpipe(input);
      if (process.stdin.listenerCount("data") === 0) process.stdin.pause();
      await handle.close();
    })());
  let goneCalled = false;
  const gone = (): void => {
    if (goneCalled) return;
    goneCalled = true;
    (options.onClientGone ?? exitSoon)();
  };
  // When stdin ends the client is gone (or done sending): once the requests in flight are
  // answered (within `drainMs`), closing aborts every handler still running (their
  // context.signal), and the process can end.
  let ended = false;
  function clientGone(): void {
    if (ended) return;
    ended = true;
    void transport
      .answered(options.drainMs ?? STDIO_DRAIN_MS)
      .then(close)
      .catch((): void => undefined)
      .then(gone);
  }
  // A signal stops at once, cutting a drain short: the handlers still running are aborted, not
  // awaited. Once handled, a second one ends the process as Node does by default (the listeners are gone).
  function signalled(): void {
    ended = true;
    void Promise.race([
      close(),
      new Promise<void>((resolve) =>
        setTimeout(resolve, EXIT_GRACE_MS).unref(),
      ),
    ])
      .catch((): void => undefined)
      .then(gone);
  }
  if (options.stopOnSignals !== false)
    for (const signal of STOP_SIGNALS) process.once(signal, signalled);
  process.stdin.once("end", clientGone);
  process.stdin.once("close", clientGone);
  return { close };
}

/** The signals a stdio server stops on (`serveStdio`'s `stopOnSignals`). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM"] as const;

function ignoreError(): void {}

/** Lets the process end, and ends it after `EXIT_GRACE_MS` if something still keeps it alive. */
function exitSoon(): void {
  setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
}

/**
 * What the server prints about an error of its transport: the first line of its message; for a line
 * on stdin that is JSON but no JSON-RPC message, that it was ignored (the SDK's error is its schema's
 * complaint, a JSON dump whose first line is `[`).
 */
export function transportErrorText(error: Error): string {
  return Array.isArray((error as { issues?: unknown }).issues)
    ? "ignored a message that is not a JSON-RPC request, notification or response"
    : firstLine(error.message);
}

/** The first line of `text`, at most 300 characters: what a diagnostic says about an error from the wire. */
export function firstLine(text: string): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}
