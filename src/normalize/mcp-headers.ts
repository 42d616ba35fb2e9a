/**
 * `x-mcp-header` (MCP 2026-07-28, Streamable HTTP, "Custom Headers from Tool
 * Parameters"): an argument whose schema carries `x-mcp-header: "Region"` is
 * mirrored by the client into an `Mcp-Param-Region` HTTP header. The
 * revision constrains the declarations, and has HTTP clients leave out a
 * tool that breaks them: so does mcpgen's output for a client, with a
 * warning naming the pointer, and every other tool is generated as usual.
 * A server's output (scaffold, mock) serves such a tool as declared to any
 * client that calls it (2025 clients do), without checking the headers no
 * 2026-07-28 client sends for it.
 */
import type { Audience, McpHeader } from "../ir/index.js";
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { subschemaValues } from "./resources.js";
import type { Rule } from "./rule.js";
import type { AcceptedTool } from "./tools.js";

export const MCP_HEADER_ARGUMENTS: Rule = {
  name: "mcp-header-arguments",
  does: "An argument marked `x-mcp-header` is one the client mirrors into an `Mcp-Param-{name}` HTTP header; a tool whose marks break the revision's constraints (a non-empty RFC 9110 token, unique regardless of case, on a `string`, `integer` or `boolean` property reached from the root through `properties` alone) is left out of a client's output, with a warning at the mark (`tool-dropped`); a server's output lists and serves it as declared, its headers not checked, with a warning at the mark (`mcp-header-invalid`).",
  spec: "MCP 2026-07-28, Streamable HTTP, Custom Headers from Tool Parameters",
  reports: ["tool-dropped", "mcp-header-invalid"],
};

/** The schema-extension keyword (MCP 2026-07-28, server/tools "x-mcp-header"). */
export const MCP_HEADER_KEYWORD = "x-mcp-header";

/** RFC 9110 §5.6.2 `token` (`1*tchar`): no space, control character or delimiter. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The types a mirrored argument may have: primitives, `number` excepted (the revision names integer, string and boolean). */
const HEADER_TYPES = new Set(["string", "integer", "boolean"]);

const HINT =
  "x-mcp-header must be a non-empty HTTP token, unique regardless of case, on a string, integer or boolean property reached through properties alone";

/**
 * `mcp-header-arguments`: the tools to keep, each with its marked arguments.
 * The sweep looks everywhere in the input schema as written (any dialect), so
 * that a mark the revision does not allow (under `items`, a combinator, `$defs`,
 * a conditional) is found wherever it is. A tool whose marks break the
 * constraints is left out for a client; for a server it is kept with no
 * marked arguments (2026-07-28 clients drop it, so none sends its headers).
 */
export function checkMcpHeaders(
  accepted: readonly AcceptedTool[],
  file: string,
  diagnostics: Diagnostic[],
  audience: Audience = "client",
): Array<AcceptedTool & { mcpHeaders: McpHeader[] }> {
  const kept: Array<AcceptedTool & { mcpHeaders: McpHeader[] }> = [];
  for (const entry of accepted) {
    const schemaPointer = joinPointer(entry.pointer, "inputSchema");
    const found = scanMcpHeaders(entry.tool["inputSchema"], schemaPointer);
    if (found.ok) {
      kept.push({ ...entry, mcpHeaders: found.headers });
      continue;
    }
    if (audience === "server") {
      kept.push({ ...entry, mcpHeaders: [] });
      diagnostics.push({
        severity: "warning",
        code: "mcp-header-invalid",
        message: `listed as declared, its headers not checked: ${found.reason} (MCP 2026-07-28 has clients leave out a tool whose x-mcp-header marks break its constraints; clients of the 2025 revisions call it)`,
        file,
        tool: entry.tool["name"] as string,
        pointer: found.pointer,
        hint: HINT,
      });
      continue;
    }
    diagnostics.push({
      severity: "warning",
      code: "tool-dropped",
      message: `left out: ${found.reason} (MCP 2026-07-28 has clients reject a tool whose x-mcp-header marks break its constraints)`,
      file,
      tool: entry.tool["name"] as string,
      pointer: found.pointer,
      hint: HINT,
    });
  }
  return kept;
}

type ScanResult = { ok: true; headers: McpHeader[] } | { ok: false; reason: string; pointer: string };

/** The `x-mcp-header` marks of one input schema, or the first that breaks a constraint. */
export function scanMcpHeaders(inputSchema: unknown, schemaPointer: string): ScanResult {
  const headers: McpHeader[] = [];
  const seen = new Map<string, string>();
  const fail = (reason: string, pointer: string): ScanResult => ({ ok: false, reason, pointer });

  // Depth-first over schema positions; `path` is the chain of `properties` keys while `reachable`.
  const visit = (node: unknown, pointer: string, path: readonly string[], reachable: boolean): ScanResult | undefined => {
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const fault = visit(item, joinPointer(pointer, index), path, false);
        if (fault !== undefined) return fault;
      }
      return undefined;
    }
    if (!isRecord(node)) return undefined;
    if (Object.prototype.hasOwnProperty.call(node, MCP_HEADER_KEYWORD)) {
      const at = joinPointer(pointer, MCP_HEADER_KEYWORD);
      const mark = node[MCP_HEADER_KEYWORD];
      if (!reachable || path.length === 0) return fail("x-mcp-header marks a schema that is not a property reached from the root through properties alone", at);
      if (typeof mark !== "string" || mark === "") return fail("x-mcp-header is not a non-empty string", at);
      if (!TOKEN.test(mark)) return fail(`x-mcp-header ${JSON.stringify(mark)} is not an HTTP token (RFC 9110)`, at);
      const type = node["type"];
      if (typeof type !== "string" || !HEADER_TYPES.has(type)) {
        return fail(`x-mcp-header marks a property of type ${JSON.stringify(type ?? null)}; only string, integer and boolean arguments are mirrored`, at);
      }
      const other = seen.get(mark.toLowerCase());
      if (other !== undefined) return fail(`x-mcp-header ${JSON.stringify(mark)} repeats ${JSON.stringify(other)} (header names ignore case)`, at);
      seen.set(mark.toLowerCase(), mark);
      headers.push({ path: [...path], header: mark, type: type as McpHeader["type"] });
    }
    // Instance data (`enum`, `default`, ...) is skipped: an `x-mcp-header` key inside it is a value, not a mark.
    for (const [keys, value] of subschemaValues(node)) {
      // Of the maps of names to subschemas, only `properties` continues a reachable chain.
      const continues = reachable && keys.length === 2 && keys[0] === "properties";
      const fault = visit(value, joinPointer(pointer, ...keys), continues ? [...path, keys[1]!] : path, continues);
      if (fault !== undefined) return fault;
    }
    return undefined;
  };

  return visit(inputSchema, schemaPointer, [], true) ?? { ok: true, headers };
}
