/**
 * Template of the generated `types.ts`: the `emitted` region is how every
 * `types.ts` ends. Above it, the types the emitter writes for a sample
 * manifest of two tools (`get_weather`, with an outputSchema, and `ping`,
 * without), which the other templates of this folder are written against.
 */

/** Arguments of tool "get_weather". */
export type GetWeatherInput = {
  city: string;
  units?: "metric" | "imperial";
};

/** `structuredContent` of tool "get_weather". */
export type GetWeatherOutput = {
  temperature: number;
};

/** Arguments of tool "ping". */
export type PingInput = {
  [key: string]: unknown;
};

/** Every tool by wire name: its arguments and its `structuredContent` (`unknown` without an outputSchema). */
export type ToolMap = {
  get_weather: { input: GetWeatherInput; output: GetWeatherOutput };
  ping: { input: PingInput; output: unknown };
};

// #region emitted
/** Wire names of all tools. */
export type ToolName = keyof ToolMap;

/** Arguments of a tool, by wire name. */
export type ToolInput<N extends ToolName> = ToolMap[N]["input"];

/** `structuredContent` of a tool, by wire name. */
export type ToolOutput<N extends ToolName> = ToolMap[N]["output"];
// #endregion
