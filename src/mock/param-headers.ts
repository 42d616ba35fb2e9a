/**
 * The `Mcp-Param-*` headers of a `tools/call` (MCP 2026-07-28, Streamable
 * HTTP, "Custom Headers from Tool Parameters"): what `mcpgen mock --record`
 * sends the live server with each call it proxies, as any client of the
 * revision must (the SDK's `callTool` does it, but the recorder sends its
 * calls as raw requests, to keep each answer as the server sent it). The
 * SDK's own encoder is internal to its client (not exported), hence this one,
 * checked against the revision's examples (test/mock/param-headers.test.ts).
 */
import type { McpHeader } from "../ir/index.js";
import { isRecord } from "../shared/json.js";

const SENTINEL_PREFIX = "=?base64?";
const SENTINEL_SUFFIX = "?=";

/**
 * One header per marked argument the call carries, its value encoded as the
 * revision says ("Value Encoding"): a string as it is, an integer in decimal,
 * a boolean as `true` or `false`. An argument that is absent or `null` has no
 * header, nor has one no header can carry (an object, an integer past 2^53),
 * as with the SDK's client: the server's validation of the arguments answers
 * those.
 */
export function mcpParamHeaders(declared: readonly McpHeader[], args: unknown): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const argument of declared) {
    let value: unknown = args;
    for (const key of argument.path) value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    const text = headerText(value);
    if (text !== undefined) headers[`Mcp-Param-${argument.header}`] = encodeHeaderValue(text);
  }
  return headers;
}

function headerText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number" && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return String(value);
  return undefined;
}

/**
 * A value as an HTTP field value: as it is when it is visible ASCII (spaces
 * and tabs inside), else `=?base64?<UTF-8 as Base64>?=`; so is an empty value,
 * one with blanks at either end, and one that looks encoded already (the
 * revision's "to avoid ambiguity" rule).
 */
export function encodeHeaderValue(value: string): string {
  const plain =
    value !== "" && !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX)) && /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/.test(value);
  return plain ? value : `${SENTINEL_PREFIX}${Buffer.from(value, "utf8").toString("base64")}${SENTINEL_SUFFIX}`;
}
