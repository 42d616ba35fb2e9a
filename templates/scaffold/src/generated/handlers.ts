/** Stand-in for a scaffold's `src/generated/handlers.ts`: the handler of every sample tool, prompt, resource and resource template. */
import type {
  HandlerDefinition,
  PromptDefinition,
  PromptName,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ResourceTemplateName,
} from "./define.js";
import type { FixedResourceUri } from "./surface.js";
import type { ToolName } from "./types.js";
import getWeatherHandler from "../handlers/get-weather.js";
import pingHandler from "../handlers/ping.js";
import getWeatherReportPromptHandler from "../handlers/weather-report.js";
import readStationsHandler from "../handlers/stations.js";
import readForecastHandler from "../handlers/forecast.js";

export const handlers: { readonly [N in ToolName]: HandlerDefinition<N> } = {
  get_weather: getWeatherHandler,
  ping: pingHandler,
};

export const promptHandlers: {
  readonly [N in PromptName]: PromptDefinition<N>;
} = {
  "weather-report": getWeatherReportPromptHandler,
};

export const resourceHandlers: {
  readonly [U in FixedResourceUri]: ResourceDefinition<U>;
} = {
  "weather://stations": readStationsHandler,
};

export const resourceTemplateHandlers: {
  readonly [N in ResourceTemplateName]: ResourceTemplateDefinition<N>;
} = {
  forecast: readForecastHandler,
};
