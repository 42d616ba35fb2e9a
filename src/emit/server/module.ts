/**
 * Emits `server.ts` under `src/generated/`: `createServer()`, which wires the
 * tool table, the validators and the user's handlers into the runtime, and
 * the `serverInfo` and `instructions` from the manifest.
 */
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { jsonLiteral, stringLiteral } from "../../shared/escape.js";
import { fileHeader } from "../header.js";

/** MCP `Implementation` fields that are strings; anything else in the manifest's `server` is left out. */
const INFO_FIELDS = ["name", "title", "version", "description", "websiteUrl"] as const;

/** `serverInfo` for `initialize`: the manifest's, or `fallbackName`/0.1.0 when it names none. */
export function serverInfo(ir: ManifestIR, fallbackName: string): Record<string, string> {
  const info: Record<string, string> = {};
  for (const field of INFO_FIELDS) {
    const value = ir.server?.[field];
    if (typeof value === "string" && value !== "") info[field] = value;
  }
  info["name"] ??= fallbackName;
  info["version"] ??= "0.1.0";
  return info;
}

export function emitServerModule(ir: ManifestIR, fallbackName: string): EmittedFile {
  const contents = `${fileHeader(ir, "createServer(): the manifest's tools, validated and dispatched to src/handlers/.")}
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

/** \`serverInfo\` sent in the \`initialize\` response. */
export const serverInfo = ${jsonLiteral(serverInfo(ir, fallbackName))};

/** \`instructions\` sent in the \`initialize\` response. */
export const instructions: string | undefined = ${ir.instructions === undefined ? "undefined" : stringLiteral(ir.instructions)};

/** A new server for one connection (a stdio process or one HTTP session). */
export function createServer(options: RuntimeOptions = {}): Server {
  return createMcpServer({ info: serverInfo, instructions, tools, handlers, validators }, options);
}
`;
  return { path: "server.ts", contents, format: "typescript" };
}
