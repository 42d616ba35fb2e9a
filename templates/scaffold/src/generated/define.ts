/**
 * Template of a scaffold's `src/generated/define.ts`, the typed API handler
 * files import: the `emitted` region is the whole file after its generated
 * header, the same for every manifest. The modules it imports stand beside
 * it, as in a scaffold (samples: the manifest of templates/client/types.ts).
 */
// #region emitted
import type { ToolHandler } from "./server-runtime.js";
import type { ToolInput, ToolName, ToolOutput } from "./types.js";

export {
  toolError,
  toolResult,
  type FullToolResult,
  type HandlerReturn,
  type ToolContext,
} from "./server-runtime.js";
export type * from "./types.js";

/** The implementation of tool `N`: typed arguments and a context in; typed `structuredContent` (or a full result) out. */
export type Handler<N extends ToolName> = ToolHandler<
  ToolInput<N>,
  ToolOutput<N>
>;

/** A handler bound to the wire name of its tool. */
export interface HandlerDefinition<N extends ToolName> {
  readonly tool: N;
  readonly handle: Handler<N>;
}

/** Binds a handler to the tool it implements; its input and output types follow from the tool's schemas. */
export function defineHandler<N extends ToolName>(
  tool: N,
  handle: Handler<N>,
): HandlerDefinition<N> {
  return { tool, handle };
}
// #endregion
