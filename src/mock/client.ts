/**
 * The in-process mock: an object the generated `createClient` takes in place
 * of a connected SDK client, with no transport and no process. It looks like
 * the SDK generation it is asked to be (`sdk: "v2"`, the default, either
 * protocol era; or `"v1"`), as the generated client detects them
 * (templates/client-runtime.ts `detectSdk`): v2's `callTool(params,
 * options)` and era methods, v1's `callTool(params, resultSchema, options)`.
 * Its failures are the SDK's own error classes (`ProtocolError`, `SdkError`;
 * v1's `McpError`), so a program's error paths are tested as they run.
 *
 * It answers `getPrompt`, `readResource` and `complete` too, and lists the
 * manifest's prompts, resources and templates, when it has them.
 *
 * Answers come from the responder (fixtures, then values from the schema);
 * a fixture can inject faults: a tool error (`result` with `isError`), a
 * protocol `error`, a delay (`delayMs`, bounded by the call's `timeout` and
 * `signal` as the SDK bounds it), a dropped connection (`drop`: the call
 * rejects as on a closed connection, and every later call as on a client
 * that is not connected).
 */
import { ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Schema, ServerInfo } from "../ir/index.js";
import { joinPointer } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { MOCK_META_KEY, type MockAnswer, type MockResult, type Responder, type SurfaceResult } from "./responder.js";

/** The SDK's default request timeout (both generations). */
const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** The revisions the mock reports for each era. */
const MODERN_REVISION = "2026-07-28";
const LEGACY_REVISION = "2025-11-25";

export interface MockClientShape {
  /** Which SDK client to look like (default `v2`). */
  sdk?: "v1" | "v2" | undefined;
  /** With `sdk: "v2"`: the protocol era of the connection it plays (default `modern`, MCP 2026-07-28); v1 is always `legacy`. */
  era?: "modern" | "legacy" | undefined;
}

/** One call the mock answered, for a test's assertions: a tool's, a prompt's (`prompt`) or a resource read (`resource`, its URI). */
export interface MockCall {
  tool?: string;
  prompt?: string;
  resource?: string;
  arguments: unknown;
  /** How it was answered: `result`, `error` or `drop`; with a result, where it came from (`_meta["mcpgen/mock"].source`). */
  answer: MockAnswer["kind"];
  source?: string | undefined;
}

/** What the mock client is built from (the tools as listed, the server's facts, the responder). */
export interface MockClientDefinition {
  tools: readonly Record<string, unknown>[];
  outputSchemas: ReadonlyMap<string, Schema>;
  server?: ServerInfo | undefined;
  instructions?: string | undefined;
  responder: Responder;
  /** The prompts, resources and templates as listed (a list left undefined is not served), and whether completions are. */
  surface?:
    | {
        prompts?: readonly Record<string, unknown>[] | undefined;
        resources?: readonly Record<string, unknown>[] | undefined;
        resourceTemplates?: readonly Record<string, unknown>[] | undefined;
        completions: boolean;
      }
    | undefined;
}

/** The in-process mock client. */
export interface MockClient {
  /** SDK v2: `callTool(params, options)`; v1: `callTool(params, resultSchema, options)`. */
  callTool(params: { name: string; arguments?: { [key: string]: unknown } }, ...rest: never[]): Promise<unknown>;
  listTools(...rest: never[]): Promise<{ tools: Record<string, unknown>[] }>;
  getServerVersion(): ServerInfo | undefined;
  getServerCapabilities(): Record<string, unknown>;
  getInstructions(): string | undefined;
  ping(...rest: never[]): Promise<Record<string, never>>;
  /** `prompts/get` (both SDK generations: `getPrompt(params, options)`). */
  getPrompt(params: { name: string; arguments?: { [key: string]: string } }, options?: RequestOptions): Promise<unknown>;
  /** `resources/read`. */
  readResource(params: { uri: string }, options?: RequestOptions): Promise<unknown>;
  /** `completion/complete`. */
  complete(params: unknown, options?: RequestOptions): Promise<unknown>;
  listPrompts(params?: unknown, options?: RequestOptions): Promise<{ prompts: Record<string, unknown>[] }>;
  listResources(params?: unknown, options?: RequestOptions): Promise<{ resources: Record<string, unknown>[] }>;
  listResourceTemplates(params?: unknown, options?: RequestOptions): Promise<{ resourceTemplates: Record<string, unknown>[] }>;
  /** Ends the connection: later calls reject as on a client that is not connected. */
  close(): Promise<void>;
  /** Every call answered so far, in order. */
  readonly calls: readonly MockCall[];
  /** SDK v2 only (its presence is how the generated client tells v2 from v1). */
  getNegotiatedProtocolVersion?: () => string;
  getProtocolEra?: () => "modern" | "legacy";
}

export interface RequestOptions {
  signal?: {
    aborted: boolean;
    reason?: unknown;
    addEventListener?: (type: "abort", listener: () => void, options?: { once?: boolean }) => void;
    removeEventListener?: (type: "abort", listener: () => void) => void;
  };
  timeout?: number;
}

export function createMockClientFrom(definition: MockClientDefinition, shape: MockClientShape = {}): MockClient {
  const sdk = shape.sdk ?? "v2";
  const era = sdk === "v1" ? "legacy" : (shape.era ?? "modern");
  const calls: MockCall[] = [];
  let connected = true;
  const errors = sdk === "v2" ? v2Errors : v1Errors;
  const server = definition.server ?? { name: "mcpgen-mock", version: "0.0.0" };

  const request = async <T>(options: RequestOptions | undefined, work: () => Promise<T> | T): Promise<T> => {
    if (!connected) throw errors.notConnected();
    if (options?.signal?.aborted === true) throw errors.aborted(abortReason(options.signal), false);
    return work();
  };

  /** A call answered: recorded, after its delay, a result (`finish` makes the SDK's of it), an error or a drop. */
  const answerCall = async <Result>(
    call: Omit<MockCall, "answer" | "source">,
    options: RequestOptions | undefined,
    answer: MockAnswer<Result>,
    finish: (result: Result) => unknown,
  ): Promise<unknown> => {
    const recorded: MockCall = { ...call, answer: answer.kind };
    if (answer.kind === "result") recorded.source = sourceOf(answer.result as MockResult);
    calls.push(recorded);
    await wait(answer.delayMs, options, errors);
    if (!connected) throw errors.connectionClosed();
    switch (answer.kind) {
      case "drop":
        connected = false;
        throw errors.connectionClosed();
      case "error":
        throw errors.protocol(answer.code, answer.message, answer.data);
      case "result":
        return finish(answer.result);
    }
  };

  const callTool = async (params: { name: string; arguments?: { [key: string]: unknown } }, ...rest: unknown[]): Promise<unknown> => {
    const options = (sdk === "v2" ? rest[0] : rest[1]) as RequestOptions | undefined;
    return request(options, () => {
      const args = sentAsJson(params.arguments, `the arguments of tool ${JSON.stringify(params.name)}`) as typeof params.arguments;
      return answerCall({ tool: params.name, arguments: structuredClone(args) }, options, definition.responder.answer(params.name, args), (result) =>
        project(structuredClone(result), definition.outputSchemas.get(params.name), era),
      );
    });
  };

  const surface = definition.surface;
  const capabilities: Record<string, unknown> = {
    tools: {},
    ...(surface?.prompts !== undefined ? { prompts: {} } : {}),
    ...(surface?.resources !== undefined || surface?.resourceTemplates !== undefined ? { resources: {} } : {}),
    ...(surface?.completions === true ? { completions: {} } : {}),
  };
  /** A method the server would answer only with a capability: without it, the SDK's method-not-found. */
  const needs = (capability: string, method: string) => {
    if (capabilities[capability] === undefined) throw errors.protocol(-32601, `Method not found: ${method}`);
  };
  /** A prompt, a read or a completion answered as a call is. */
  const surfaceCall = (call: Omit<MockCall, "answer" | "source">, options: RequestOptions | undefined, answer: MockAnswer<SurfaceResult>) =>
    answerCall(call, options, answer, (result) => structuredClone(result));

  const client: MockClient = {
    callTool: callTool as MockClient["callTool"],
    getPrompt: (params, options) =>
      request(options, () => {
        needs("prompts", "prompts/get");
        const args = sentAsJson(params.arguments, `the arguments of prompt ${JSON.stringify(params.name)}`) as typeof params.arguments;
        return surfaceCall({ prompt: params.name, arguments: structuredClone(args) }, options, definition.responder.answerPrompt(params.name, args));
      }),
    readResource: (params, options) =>
      request(options, () => {
        needs("resources", "resources/read");
        return surfaceCall({ resource: params.uri, arguments: undefined }, options, definition.responder.answerResource(params.uri));
      }),
    complete: (params, options) =>
      request(options, () => {
        needs("completions", "completion/complete");
        const answer = definition.responder.answerCompletion(sentAsJson(params, "the completion's params"));
        if (answer.kind === "result") return structuredClone(answer.result);
        throw answer.kind === "error" ? errors.protocol(answer.code, answer.message, answer.data) : errors.connectionClosed();
      }),
    listPrompts: (_params, options) =>
      request(options, () => {
        needs("prompts", "prompts/list");
        return { prompts: structuredClone([...(surface?.prompts ?? [])]) };
      }),
    listResources: (_params, options) =>
      request(options, () => {
        needs("resources", "resources/list");
        return { resources: structuredClone([...(surface?.resources ?? [])]) };
      }),
    listResourceTemplates: (_params, options) =>
      request(options, () => {
        needs("resources", "resources/templates/list");
        return { resourceTemplates: structuredClone([...(surface?.resourceTemplates ?? [])]) };
      }),
    listTools: ((...rest: unknown[]) =>
      request(rest[1] as RequestOptions | undefined, () => ({ tools: structuredClone([...definition.tools]) }))) as MockClient["listTools"],
    ping: ((...rest: unknown[]) => request(rest[0] as RequestOptions | undefined, () => ({}))) as MockClient["ping"],
    getServerVersion: () => structuredClone(server),
    getServerCapabilities: () => structuredClone(capabilities),
    getInstructions: () => definition.instructions,
    close: async () => {
      connected = false;
    },
    calls,
  };
  if (sdk === "v2") {
    client.getNegotiatedProtocolVersion = () => (era === "modern" ? MODERN_REVISION : LEGACY_REVISION);
    client.getProtocolEra = () => era;
  }
  return client;
}

/**
 * What a real transport sends of `value`: what `JSON.stringify` makes of it, read back (a member
 * whose value is a function, a symbol or undefined left out, NaN and the infinities null, `toJSON`
 * applied), so the mock answers the call a server would receive. A value JSON cannot carry at all
 * (a BigInt, a cycle) fails as a real client's send fails, with a TypeError, naming the place.
 */
function sentAsJson(value: unknown, what: string): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    const place = unsendable(value, "", new Set());
    throw new TypeError(
      `createMockClient: ${what} cannot be sent as JSON, and a real transport's send fails on them too: ${place ?? (error instanceof Error ? error.message : String(error))}`,
      { cause: error },
    );
  }
  return text === undefined ? undefined : JSON.parse(text);
}

/** Where JSON.stringify fails in `value` (read as it reads it): a BigInt, or an object that contains itself. */
function unsendable(value: unknown, pointer: string, ancestors: Set<object>, key = ""): string | undefined {
  const read =
    typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function"
      ? (value as { toJSON: (key: string) => unknown }).toJSON(key)
      : value;
  if (typeof read === "bigint") return `a BigInt at ${pointer === "" ? "the top" : pointer} (send it as a number or a string)`;
  if (typeof read !== "object" || read === null) return undefined;
  if (ancestors.has(read)) return `a cycle at ${pointer === "" ? "the top" : pointer} (an object that contains itself)`;
  ancestors.add(read);
  const entries = Array.isArray(read) ? read.map((item, index) => [String(index), item] as const) : Object.entries(read);
  for (const [name, item] of entries) {
    const found = unsendable(item, joinPointer(pointer, name), ancestors, name);
    if (found !== undefined) return found;
  }
  ancestors.delete(read);
  return undefined;
}

function sourceOf(result: MockResult): string | undefined {
  const statement = isRecord(result._meta) ? result._meta[MOCK_META_KEY] : undefined;
  return isRecord(statement) && typeof statement["source"] === "string" ? statement["source"] : undefined;
}

/**
 * The result as a client of the era receives it: on the 2025 revisions an
 * SDK v2 server sends a `structuredContent` that is not an object (or whose
 * outputSchema is not `type: "object"`) as `{ result: value }` (SEP-2106),
 * with a text block if it had none.
 */
function project(result: MockResult, outputSchema: Schema | undefined, era: "modern" | "legacy"): MockResult {
  const content = result.structuredContent;
  if (era === "modern" || content === undefined) return result;
  const nonObject = !isRecord(content);
  const schemaWrapped = isRecord(outputSchema) && outputSchema["type"] !== "object";
  if (!nonObject && !schemaWrapped) return result;
  const withText =
    nonObject && !result.content.some((block) => block["type"] === "text")
      ? [...result.content, { type: "text", text: JSON.stringify(content) }]
      : result.content;
  return { ...result, content: withText, structuredContent: { result: content } };
}

interface ErrorKinds {
  protocol(code: number, message: string, data?: unknown): Error;
  timeout(timeout: number): Error;
  connectionClosed(): Error;
  notConnected(): Error;
  /** A call whose `signal` aborted, with the signal's reason: before it was sent (`sent` false), or while it waited for its answer. */
  aborted(reason: unknown, sent: boolean): unknown;
}

const v2Errors: ErrorKinds = {
  protocol: (code, message, data) => ProtocolError.fromError(code, message, data),
  timeout: (timeout) => new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout }),
  connectionClosed: () => new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed"),
  notConnected: () => new SdkError(SdkErrorCode.NotConnected, "Not connected"),
  // SDK v2 (Protocol's request): the reason when it is an SdkError, else an SdkError REQUEST_TIMEOUT saying the reason.
  aborted: (reason) => (reason instanceof SdkError ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason))),
};

const v1Errors: ErrorKinds = {
  protocol: (code, message, data) => new McpError(code, message, data),
  timeout: (timeout) => new McpError(ErrorCode.RequestTimeout, "Request timed out", { timeout }),
  connectionClosed: () => new McpError(ErrorCode.ConnectionClosed, "Connection closed"),
  notConnected: () => new Error("Not connected"),
  // SDK v1: the reason itself before the request is sent (`signal.throwIfAborted()`); after, the reason when it is an
  // McpError, else an McpError -32001 (RequestTimeout) saying the reason.
  aborted: (reason, sent) => (!sent || reason instanceof McpError ? reason : new McpError(ErrorCode.RequestTimeout, String(reason))),
};

function abortReason(signal: NonNullable<RequestOptions["signal"]>): unknown {
  return signal.reason ?? Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
}

/** Waits `ms` as the SDK waits for an answer: a `timeout` (default 60 s) shorter than the wait rejects, and so does the `signal`. */
function wait(ms: number, options: RequestOptions | undefined, errors: ErrorKinds): Promise<void> {
  const timeout = options?.timeout ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const signal = options?.signal;
  if (ms <= 0 && signal?.aborted !== true) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timedOut = ms >= timeout;
    const timer = setTimeout(
      () => {
        signal?.removeEventListener?.("abort", onAbort);
        if (timedOut) reject(errors.timeout(timeout));
        else resolve();
      },
      Math.min(ms, timeout),
    );
    function onAbort() {
      clearTimeout(timer);
      reject(errors.aborted(abortReason(signal!), true));
    }
    if (signal?.aborted === true) onAbort();
    else signal?.addEventListener?.("abort", onAbort, { once: true });
  });
}
