/**
 * Template of a resource template's handler stub, `src/handlers/<template>.ts`:
 * the `emitted` region, after the doc comment the emitter writes for the
 * template, with RESOURCE_TEMPLATE_NAME and NOT_IMPLEMENTED filled in (string
 * literals).
 */
import { NOT_IMPLEMENTED, RESOURCE_TEMPLATE_NAME } from "./placeholders.js";

// #region emitted
import { defineResourceTemplate } from "../generated/define.js";

export default defineResourceTemplate(
  RESOURCE_TEMPLATE_NAME,
  async (_variables, _context) => {
    throw new Error(NOT_IMPLEMENTED);
  },
);
// #endregion
