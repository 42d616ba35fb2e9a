/**
 * Emits `define.ts`: the typed API handler files import (`defineHandler`,
 * `toolResult`, `toolError`, the context type). Handler types come from the
 * shared `types.ts`, so a schema change breaks the handler that no longer fits.
 */
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { fileHeader } from "../header.js";

export function emitServerDefine(ir: ManifestIR): EmittedFile {
  const contents = `${fileHeader(ir, "Typed handler API: what the files in src/handlers/ import.")}
import type { ToolHandler } from "./server-runtime.js";
import type { ToolInput, ToolName, ToolOutput } from "./types.js";

export { toolError, toolResult, type FullToolResult, type HandlerReturn, type ToolContext } from "./server-runtime.js";
export type * from "./types.js";

/** The implementation of tool \`N\`: typed arguments and a context in; typed \`structuredContent\` (or a full result) out. */
export type Handler<N extends ToolName> = ToolHandler<ToolInput<N>, ToolOutput<N>>;

/** A handler bound to the wire name of its tool. */
export interface HandlerDefinition<N extends ToolName> {
  readonly tool: N;
  readonly handle: Handler<N>;
}

/** Binds a handler to the tool it implements; its input and output types follow from the tool's schemas. */
export function defineHandler<N extends ToolName>(tool: N, handle: Handler<N>): HandlerDefinition<N> {
  return { tool, handle };
}
`;
  return { path: "define.ts", contents, format: "typescript" };
}
