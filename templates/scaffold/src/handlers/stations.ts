/**
 * Template of a fixed resource's handler stub, `src/handlers/<resource>.ts`:
 * the `emitted` region, after the doc comment the emitter writes for the
 * resource, with RESOURCE_URI and NOT_IMPLEMENTED filled in (string literals).
 */
import { NOT_IMPLEMENTED, RESOURCE_URI } from "./placeholders.js";

// #region emitted
import { defineResource } from "../generated/define.js";

export default defineResource(RESOURCE_URI, async (_context) => {
  throw new Error(NOT_IMPLEMENTED);
});
// #endregion
