/**
 * Stand-in for the generated `calls.ts` of the sample manifest of types.ts:
 * each tool as an export of its own, named as its method and typed by it.
 */
import type { ToolCall } from "./runtime.js";
import type { ToolsClient } from "./client.js";

/** Calls tool "get_weather". */
export const getWeather: ToolCall<ToolsClient["getWeather"]> = {
  name: "get_weather",
  validators: () => import("./validators/get-weather.js"),
  structured: true,
};

/** Calls tool "ping". */
export const ping: ToolCall<ToolsClient["ping"]> = {
  name: "ping",
  validators: () => import("./validators/ping.js"),
};
