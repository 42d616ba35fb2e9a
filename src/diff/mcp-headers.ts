/**
 * A tool's `x-mcp-header` marks compared, argument by argument (MCP
 * 2026-07-28, Streamable HTTP, "Custom Headers from Tool Parameters").
 * Normalisation drops the keyword from the schemas, so no schema rule sees
 * it; the IR keeps the marks as `ToolIR.mcpHeaders`, matched here by the
 * argument's path.
 *
 * What a change breaks follows "Server Behavior for Custom Headers": a
 * server rejects (-32020 `HeaderMismatch`) a call whose arguments carry a
 * marked value without its `Mcp-Param-<Name>` header, expects none for an
 * argument left out, and validates only the headers its tool declares. Header
 * names compare regardless of case ("Case Sensitivity"), so a mark that
 * changes only its case is no change.
 */
import type { McpHeader, NormalizedSchema, Schema } from "../ir/index.js";
import { joinPointer } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import type { ChangeSink, ChangeSubject } from "./change.js";
import { flattenAllOf, resolveRef } from "./schema-forms.js";
import { own } from "./values.js";

/** The changes of the marks from `old` to `next`: those of the new schema's arguments in its order, then those gone. */
export function compareMcpHeaders(
  old: { input: NormalizedSchema; mcpHeaders: readonly McpHeader[] },
  next: { input: NormalizedSchema; mcpHeaders: readonly McpHeader[] },
  subject: ChangeSubject,
  add: ChangeSink,
): void {
  const key = (mark: McpHeader) => JSON.stringify(mark.path);
  const before = new Map(old.mcpHeaders.map((mark) => [key(mark), mark]));
  const after = new Map(next.mcpHeaders.map((mark) => [key(mark), mark]));
  for (const mark of next.mcpHeaders) {
    const was = before.get(key(mark));
    const argument = `argument ${JSON.stringify(mark.path.join("."))}`;
    if (was === undefined) {
      const existed = namesArgument(old.input, mark.path);
      add(
        subject,
        existed ? "tool-header-added" : "tool-header-argument-added",
        markPointer(mark),
        existed ? `${argument} now sent in header ${headerOf(mark)}` : `${argument} added with header ${headerOf(mark)}`,
        { after: mark.header },
      );
    } else if (was.header.toLowerCase() !== mark.header.toLowerCase()) {
      add(subject, "tool-header-renamed", markPointer(mark), `header of ${argument} ${headerOf(was)} → ${headerOf(mark)}`, {
        before: was.header,
        after: mark.header,
      });
    }
  }
  for (const mark of old.mcpHeaders) {
    if (after.has(key(mark))) continue;
    const argument = `argument ${JSON.stringify(mark.path.join("."))}`;
    const stays = namesArgument(next.input, mark.path);
    add(
      subject,
      stays ? "tool-header-removed" : "tool-header-argument-removed",
      markPointer(mark),
      stays ? `${argument} no longer sent in header ${headerOf(mark)}` : `${argument} removed with header ${headerOf(mark)}`,
      { before: mark.header },
    );
  }
}

/** Whether two tools mark the same arguments with the same headers (regardless of case): no change above would be reported. */
export function sameMcpHeaders(a: readonly McpHeader[], b: readonly McpHeader[]): boolean {
  const marks = (list: readonly McpHeader[]) => new Set(list.map((mark) => JSON.stringify([mark.path, mark.header.toLowerCase()])));
  const [left, right] = [marks(a), marks(b)];
  return left.size === right.size && [...left].every((mark) => right.has(mark));
}

const headerOf = (mark: McpHeader) => `Mcp-Param-${mark.header}`;

/** Where the mark is written: `/inputSchema/properties/<a>/properties/<b>/x-mcp-header`. */
const markPointer = (mark: McpHeader) => joinPointer("/inputSchema", ...mark.path.flatMap((name) => ["properties", name]), "x-mcp-header");

/**
 * Whether the arguments name a property at `path`, following `properties`
 * with refs and `allOf` read as the schema comparison reads them (an argument
 * the schema moved into `$defs` is the same argument).
 */
function namesArgument(input: NormalizedSchema, path: readonly string[]): boolean {
  const root = input.schema;
  let node: Schema = root;
  for (const name of path) {
    const resolved = resolveRef(node, root);
    const flat = isRecord(resolved) ? flattenAllOf(resolved, root) : resolved;
    const properties = isRecord(flat) ? own(flat, "properties") : undefined;
    const property = isRecord(properties) ? own(properties, name) : undefined;
    if (property === undefined) return false;
    node = property as Schema;
  }
  return true;
}
