/**
 * Template of the generated `client.ts`: the `emitted` region is how every
 * `client.ts` ends. Above it, what the emitter writes before it for the
 * sample manifest of types.ts: `calls.ts`'s tools, imported as `tools` (a
 * manifest without tools declares `const tools = {};` instead), the
 * `ToolsClient` interface and `methodNames`. For a manifest with prompts,
 * resources or resource templates, the emitter calls
 * `addSurfaceMethods(methods, client, options, surface)` before the last line
 * (`surface`: their table, declared before the region).
 */
import {
  callTool,
  connect,
  type CallOptions,
  type ClientOptions,
  type McpClient,
  type StructuredToolResult,
  type ToolCall,
  type ToolResult,
} from "./runtime.js";
import type { GetWeatherInput, GetWeatherOutput, PingInput } from "./types.js";
import * as tools from "./calls.js";

/** The typed client: one method per tool. */
export interface ToolsClient {
  /** Calls tool "get_weather". */
  getWeather(
    input: GetWeatherInput,
    options?: CallOptions,
  ): Promise<StructuredToolResult<GetWeatherOutput>>;

  /** Calls tool "ping". */
  ping(input?: PingInput, options?: CallOptions): Promise<ToolResult>;
}

/** Client method name of every tool, by wire name. */
export const methodNames = {
  get_weather: "getWeather",
  ping: "ping",
} as const;

// #region emitted
/**
 * Wraps a connected MCP SDK client (`@modelcontextprotocol/sdk` v1 or
 * `@modelcontextprotocol/client` v2) in typed methods: each tool of
 * `calls.ts`, called through `callTool`.
 */
export function createClient(
  client: McpClient,
  options: ClientOptions = {},
): ToolsClient {
  const connected = connect(client, options);
  const methods: {
    [method: string]: (
      input?: unknown,
      callOptions?: CallOptions,
    ) => Promise<unknown>;
  } = {};
  // Each export of calls.ts is a tool named as its method: an identifier chosen by mcpgen (never `then` or an Object.prototype member).
  const calls = tools as unknown as { readonly [method: string]: ToolCall };
  for (const [method, tool] of Object.entries(calls)) {
    methods[method] = (input?: unknown, callOptions?: CallOptions) =>
      callTool(connected, tool, input as never, callOptions);
  }
  return methods as unknown as ToolsClient;
}
// #endregion
