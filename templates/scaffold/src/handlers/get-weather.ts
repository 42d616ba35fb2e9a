/**
 * Template of the handler stub of a tool with an outputSchema,
 * `src/handlers/<tool>.ts`: the `emitted` region, after the doc comment the
 * emitter writes for the tool, with TOOL_NAME and NOT_IMPLEMENTED filled in
 * (string literals) and GetWeatherOutput (its two places) by the tool's
 * output type. The declared return type makes tsc check what the handler
 * returns at each `return`, excess properties included.
 */
import { NOT_IMPLEMENTED, TOOL_NAME } from "./placeholders.js";

// #region emitted
import {
  defineHandler,
  type GetWeatherOutput,
  type HandlerReturn,
} from "../generated/define.js";

export default defineHandler(
  TOOL_NAME,
  async (_input, _context): Promise<HandlerReturn<GetWeatherOutput>> => {
    throw new Error(NOT_IMPLEMENTED);
  },
);
// #endregion
