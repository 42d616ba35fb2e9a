/** What the emitter fills in for the placeholders of the handler stub (get-weather.ts), for the sample tool `get_weather`. */
export const TOOL_NAME = "get_weather";

export const NOT_IMPLEMENTED = "not implemented: get_weather";
