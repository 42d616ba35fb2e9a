/**
 * Template of the generated `client.ts`: the `emitted` region is how every
 * `client.ts` ends. Above it, what the emitter writes before it for the
 * sample manifest of types.ts. For a manifest with tools whose outputSchema
 * is not an object, or with `x-mcp-header` arguments, the emitter passes
 * `createToolCaller` their tables too (`nonObjectOutputs`, `headerArguments`,
 * declared before the region); for one with prompts, resources or resource
 * templates, it calls `addSurfaceMethods(methods, client, options, surface)`
 * before the last line (`surface`: their table, declared before the region).
 */
import {
  createToolCaller,
  type CallOptions,
  type ClientOptions,
  type McpClient,
  type StructuredToolResult,
  type ToolResult,
} from "./runtime.js";
import type { GetWeatherInput, GetWeatherOutput, PingInput } from "./types.js";
import { validators } from "./validators.js";

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

/** Wire names of the tools that declare an outputSchema. */
const hasOutputSchema: ReadonlySet<string> = new Set(["get_weather"]);

// #region emitted
/**
 * Wraps a connected MCP SDK client (`@modelcontextprotocol/sdk` v1 or
 * `@modelcontextprotocol/client` v2) in typed methods.
 */
export function createClient(
  client: McpClient,
  options: ClientOptions = {},
): ToolsClient {
  const call = createToolCaller(client, options, validators, {
    hasOutputSchema,
  });
  const methods: {
    [method: string]: (
      input?: unknown,
      callOptions?: CallOptions,
    ) => Promise<unknown>;
  } = {};
  // Method names are identifiers chosen by mcpgen (never `then` or an Object.prototype member).
  for (const [toolName, method] of Object.entries<string>(methodNames)) {
    methods[method] = (input?: unknown, callOptions?: CallOptions) =>
      call(toolName, input, callOptions);
  }
  return methods as unknown as ToolsClient;
}
// #endregion
