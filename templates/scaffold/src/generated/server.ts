/**
 * Template of a scaffold's `src/generated/server.ts`, `createServer()`: the
 * `emitted` region is the whole file after its generated header (the same
 * for a manifest with prompts and resources and one without: `surface.ts`
 * holds them, or says there are none), with
 * SERVER_INFO and INSTRUCTIONS filled in (the manifest's `serverInfo` as an
 * object literal, its `instructions` as a string literal or `undefined`).
 */
import { INSTRUCTIONS, SERVER_INFO } from "./placeholders.js";

// #region emitted
import type { Server } from "@modelcontextprotocol/server";
import {
  handlers,
  promptHandlers,
  resourceHandlers,
  resourceTemplateHandlers,
} from "./handlers.js";
import {
  createMcpServer,
  type RuntimeOptions,
  type ToolValidators,
} from "./server-runtime.js";
import {
  completions,
  prompts,
  resources,
  resourceTemplates,
  uriTemplateMatcher,
} from "./surface.js";
import { headerArguments, tools } from "./tools.js";
import { validateInput, validateOutput } from "./validate.js";
import type { ToolName } from "./types.js";

export {
  serveStdio,
  toolError,
  toolResult,
  type CacheableMethod,
  type RunningServer,
  type RuntimeOptions,
  type ToolContext,
  type ToolsListCache,
} from "./server-runtime.js";
export {
  httpOptionsFromEnvironment,
  serveHttp,
  type HttpOptions,
  type RunningHttpServer,
} from "./server-http.js";

/** `serverInfo`: in the `initialize` result (2025 revisions), in every result's `_meta` (2026-07-28). */
export const serverInfo = SERVER_INFO;

/** `instructions` sent in the `initialize` result (2025) and the `server/discover` result (2026-07-28). */
export const instructions: string | undefined = INSTRUCTIONS;

/** The generated validators, by wire name: what the server checks every call's arguments and output with. */
const validators: ToolValidators = {
  validateInput: (toolName, value) =>
    validateInput(toolName as ToolName, value),
  validateOutput: (toolName, value) =>
    validateOutput(toolName as ToolName, value),
};

/** The prompts, resources and resource templates, their handlers and completions. */
const surface = {
  prompts,
  resources,
  resourceTemplates,
  uriTemplateMatcher,
  promptHandlers,
  resourceHandlers,
  resourceTemplateHandlers,
  completions,
};

/** A new server for one connection (a stdio process) or one HTTP request; both protocol eras. */
export function createServer(options: RuntimeOptions = {}): Server {
  return createMcpServer(
    {
      info: serverInfo,
      instructions,
      tools,
      headerArguments,
      handlers,
      validators,
      surface,
    },
    options,
  );
}
// #endregion
