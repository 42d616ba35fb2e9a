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
import { isRecord } from "../shared/json.js";
import { MOCK_META_KEY, type MockAnswer, type MockResult, type Responder } from "./responder.js";

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

/** One call the mock answered, for a test's assertions. */
export interface MockCall {
  tool: string;
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
  /** Ends the connection: later calls reject as on a client that is not connected. */
  close(): Promise<void>;
  /** Every call answered so far, in order. */
  readonly calls: readonly MockCall[];
  /** SDK v2 only (its presence is how the generated client tells v2 from v1). */
  getNegotiatedProtocolVersion?: () => string;
  getProtocolEra?: () => "modern" | "legacy";
}

interface RequestOptions {
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
    if (options?.signal?.aborted === true) throw abortReason(options.signal);
    return work();
  };

  const callTool = async (params: { name: string; arguments?: { [key: string]: unknown } }, ...rest: unknown[]): Promise<unknown> => {
    const options = (sdk === "v2" ? rest[0] : rest[1]) as RequestOptions | undefined;
    return request(options, async () => {
      const answer = definition.responder.answer(params.name, params.arguments);
      const call: MockCall = { tool: params.name, arguments: structuredClone(params.arguments), answer: answer.kind };
      if (answer.kind === "result") call.source = sourceOf(answer.result);
      calls.push(call);
      await wait(answer.delayMs, options, errors);
      if (!connected) throw errors.connectionClosed();
      switch (answer.kind) {
        case "drop":
          connected = false;
          throw errors.connectionClosed();
        case "error":
          throw errors.protocol(answer.code, answer.message, answer.data);
        case "result":
          return project(structuredClone(answer.result), definition.outputSchemas.get(params.name), era);
      }
    });
  };

  const client: MockClient = {
    callTool: callTool as MockClient["callTool"],
    listTools: ((...rest: unknown[]) =>
      request(rest[1] as RequestOptions | undefined, () => ({ tools: structuredClone([...definition.tools]) }))) as MockClient["listTools"],
    ping: ((...rest: unknown[]) => request(rest[0] as RequestOptions | undefined, () => ({}))) as MockClient["ping"],
    getServerVersion: () => structuredClone(server),
    getServerCapabilities: () => ({ tools: {} }),
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
}

const v2Errors: ErrorKinds = {
  protocol: (code, message, data) => ProtocolError.fromError(code, message, data),
  timeout: (timeout) => new SdkError(SdkErrorCode.RequestTimeout, "Request timed out", { timeout }),
  connectionClosed: () => new SdkError(SdkErrorCode.ConnectionClosed, "Connection closed"),
  notConnected: () => new SdkError(SdkErrorCode.NotConnected, "Not connected"),
};

const v1Errors: ErrorKinds = {
  protocol: (code, message, data) => new McpError(code, message, data),
  timeout: (timeout) => new McpError(ErrorCode.RequestTimeout, "Request timed out", { timeout }),
  connectionClosed: () => new McpError(ErrorCode.ConnectionClosed, "Connection closed"),
  notConnected: () => new Error("Not connected"),
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
      reject(abortReason(signal!));
    }
    if (signal?.aborted === true) onAbort();
    else signal?.addEventListener?.("abort", onAbort, { once: true });
  });
}
