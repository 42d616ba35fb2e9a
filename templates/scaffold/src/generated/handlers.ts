/** Stand-in for a scaffold's `src/generated/handlers.ts`: the handler of every sample tool, by wire name. */
import type { HandlerDefinition } from "./define.js";
import type { ToolName } from "./types.js";
import getWeatherHandler from "../handlers/get-weather.js";
import pingHandler from "../handlers/ping.js";

export const handlers: { readonly [N in ToolName]: HandlerDefinition<N> } = {
  get_weather: getWeatherHandler,
  ping: pingHandler,
};
