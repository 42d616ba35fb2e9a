/**
 * Emits `server.ts` under `src/generated/`: `createServer()`, which wires the
 * tool table, the validators and the user's handlers into the runtime, and
 * the `serverInfo` and `instructions` from the manifest.
 */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { jsonLiteral, stringLiteral } from "../../shared/escape.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

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

/** templates/scaffold/src/generated/server.ts, with the manifest's `serverInfo` and `instructions`. */
export function emitServerModule(ir: ManifestIR, fallbackName: string): SourceFile {
  const fills = [
    { find: "SERVER_INFO", replace: jsonLiteral(serverInfo(ir, fallbackName)) },
    { find: "INSTRUCTIONS", replace: ir.instructions === undefined ? "undefined" : stringLiteral(ir.instructions) },
  ];
  return {
    path: "server.ts",
    format: "typescript",
    statements: [
      header(ir, "createServer(): the manifest's tools, validated and dispatched to src/handlers/."),
      template("scaffold/src/generated/server.ts", fills),
    ],
  };
}
