/**
 * What the emitter fills in for the placeholders of the handler stubs, for the sample tool
 * `get_weather` (get-weather.ts), prompt `weather-report` (weather-report.ts), resource
 * `weather://stations` (stations.ts) and resource template `forecast` (forecast.ts).
 */
export const TOOL_NAME = "get_weather";

export const NOT_IMPLEMENTED = "not implemented: get_weather";

export const PROMPT_NAME = "weather-report";

export const RESOURCE_URI = "weather://stations";

export const RESOURCE_TEMPLATE_NAME = "forecast";
