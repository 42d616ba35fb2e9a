/**
 * Template of a scaffold's `src/generated/server.ts`, `createServer()`: the
 * `emitted` region is the whole file after its generated header, with
 * SERVER_INFO and INSTRUCTIONS filled in (the manifest's `serverInfo` as an
 * object literal, its `instructions` as a string literal or `undefined`).
 */
import { INSTRUCTIONS, SERVER_INFO } from "./placeholders.js";

// #region emitted
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { handlers } from "./handlers.js";
import { createMcpServer, type RuntimeOptions } from "./server-runtime.js";
import { tools } from "./tools.js";
import { validators } from "./validate.js";

export {
  httpOptionsFromEnvironment,
  serveHttp,
  serveStdio,
  toolError,
  toolResult,
  type HttpOptions,
  type RunningHttpServer,
  type RunningServer,
  type RuntimeOptions,
  type ToolContext,
} from "./server-runtime.js";

/** `serverInfo` sent in the `initialize` response. */
export const serverInfo = SERVER_INFO;

/** `instructions` sent in the `initialize` response. */
export const instructions: string | undefined = INSTRUCTIONS;

/** A new server for one connection (a stdio process or one HTTP session). */
export function createServer(options: RuntimeOptions = {}): Server {
  return createMcpServer(
    { info: serverInfo, instructions, tools, handlers, validators },
    options,
  );
}
// #endregion
