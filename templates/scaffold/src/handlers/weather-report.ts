/**
 * Template of a prompt's handler stub, `src/handlers/<prompt>.ts`: the
 * `emitted` region, after the doc comment the emitter writes for the prompt,
 * with PROMPT_NAME and NOT_IMPLEMENTED filled in (string literals).
 */
import { NOT_IMPLEMENTED, PROMPT_NAME } from "./placeholders.js";

// #region emitted
import { definePrompt } from "../generated/define.js";

export default definePrompt(PROMPT_NAME, async (_args, _context) => {
  throw new Error(NOT_IMPLEMENTED);
});
// #endregion
