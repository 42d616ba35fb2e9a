/**
 * SDK v2 servers list a tool whose `outputSchema` is not an object in two
 * forms: on MCP 2026-07-28 as it is, on the 2025 revisions wrapped as
 * `{ type: "object", properties: { result: <schema> }, required: ["result"] }`
 * (SEP-2106: 2025 has `structuredContent` objects only). A snapshot pulled on
 * 2025 compared with one pulled on 2026-07-28 then differs in every such
 * tool's output, though the tool did not change: the generated
 * `structuredContent` type does (`.result` goes or comes), so the changes
 * stand, and a note says where they come from.
 */
import type { ManifestIR, ToolIR } from "../ir/index.js";
import { isRecord } from "../shared/json.js";
import { own } from "./values.js";

/** The tools (wire names, in name order) whose outputSchema is the 2025 wrap on one side and a non-object schema on the other, with the side that wraps. */
export function legacyWrappedOutputs(old: ManifestIR, next: ManifestIR): { wrapped: "old" | "new"; tools: string[] } | undefined {
  const wrapped = isLegacy(old) && !isLegacy(next) ? "old" : isLegacy(next) && !isLegacy(old) ? "new" : undefined;
  if (wrapped === undefined) return undefined;
  const [legacy, modern] = wrapped === "old" ? [old, next] : [next, old];
  const modernTools = new Map(modern.tools.map((tool) => [tool.wireName, tool]));
  const tools = legacy.tools
    .filter((tool) => {
      const other = modernTools.get(tool.wireName);
      return other !== undefined && isWrap(outputSchema(tool)) && isNonObject(outputSchema(other));
    })
    .map((tool) => tool.wireName)
    .sort();
  return tools.length === 0 ? undefined : { wrapped, tools };
}

/** A side pulled on a 2025 revision (the only ones before 2026-07-28 that have `outputSchema`). */
function isLegacy(manifest: ManifestIR): boolean {
  return manifest.protocolVersion?.startsWith("2025-") === true;
}

function outputSchema(tool: ToolIR): unknown {
  return tool.raw["outputSchema"];
}

/** Exactly the SDK's wrap: `type`, `properties` with `result` alone, `required: ["result"]`, and at most `$schema`. */
function isWrap(schema: unknown): boolean {
  if (!isRecord(schema) || schema["type"] !== "object" || !isRecord(schema["properties"])) return false;
  const keys = Object.keys(schema).filter((key) => key !== "$schema");
  const required = schema["required"];
  return (
    keys.length === 3 &&
    Object.keys(schema["properties"]).length === 1 &&
    own(schema["properties"], "result") !== undefined &&
    Array.isArray(required) &&
    required.length === 1 &&
    required[0] === "result"
  );
}

/** A schema the SDK would wrap: one that does not say `type: "object"`. */
function isNonObject(schema: unknown): boolean {
  return isRecord(schema) && schema["type"] !== "object";
}
