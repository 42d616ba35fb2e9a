/**
 * Template of the handler stub of a tool without an outputSchema,
 * `src/handlers/<tool>.ts`: the `emitted` region, after the doc comment the
 * emitter writes for the tool, with TOOL_NAME and NOT_IMPLEMENTED filled in
 * (string literals).
 */
import { NOT_IMPLEMENTED, TOOL_NAME } from "./placeholders.js";

// #region emitted
import { defineHandler } from "../generated/define.js";

export default defineHandler(TOOL_NAME, async (_input, _context) => {
  throw new Error(NOT_IMPLEMENTED);
});
// #endregion
