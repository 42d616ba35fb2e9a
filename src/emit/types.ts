/**
 * Emits `types.ts`: the shared types (one input type and, with an
 * `outputSchema`, one output type per tool, named types for `$defs`, and the
 * `ToolMap`). No runtime code: a client and a server both import it.
 */
import type { EmittedFile, ManifestIR, NormalizedSchema, ToolIR } from "../ir.js";
import { jsDoc, stringLiteral, typePropertyKey } from "../text/escape.js";
import { fileHeader } from "./header.js";
import { SchemaTypeWriter } from "./schema-to-type.js";

export function emitTypes(ir: ManifestIR): EmittedFile {
  const blocks: string[] = [fileHeader(ir, "Shared types derived from the tools' inputSchema and outputSchema. Types only.")];
  for (const tool of ir.tools) {
    blocks.push(schemaTypes(tool, tool.input, `Arguments of tool ${stringLiteral(tool.wireName)}.`));
    if (tool.output !== undefined) blocks.push(schemaTypes(tool, tool.output, `\`structuredContent\` of tool ${stringLiteral(tool.wireName)}.`));
  }
  const entries = ir.tools.map((tool) => `  ${typePropertyKey(tool.wireName)}: { input: ${tool.input.typeNames.root}; output: ${tool.output?.typeNames.root ?? "unknown"} };`);
  blocks.push(`/** Every tool by wire name: its arguments and its \`structuredContent\` (\`unknown\` without an outputSchema). */
export type ToolMap = {
${entries.join("\n")}
};

/** Wire names of all tools. */
export type ToolName = keyof ToolMap;

/** Arguments of a tool, by wire name. */
export type ToolInput<N extends ToolName> = ToolMap[N]["input"];

/** \`structuredContent\` of a tool, by wire name. */
export type ToolOutput<N extends ToolName> = ToolMap[N]["output"];
`);
  return { path: "types.ts", contents: blocks.join("\n"), format: "typescript" };
}

/** The root type and `$defs` types of one schema (normalisation already broke the ref cycles no alias may express). */
function schemaTypes(tool: ToolIR, normalized: NormalizedSchema, summary: string): string {
  const { schema, typeNames } = normalized;
  const writer = new SchemaTypeWriter(typeNames);
  const defs = typeof schema === "object" ? ((schema.$defs ?? {}) as Record<string, boolean | Record<string, unknown>>) : {};
  const nodes = new Map<string, boolean | Record<string, unknown>>([["#", rootWithoutDefs(schema)], ...Object.entries(defs)]);

  const out: string[] = [];
  for (const [target, node] of nodes) {
    const text = writer.write(node);
    const name = target === "#" ? typeNames.root : typeNames.defs.get(target)!;
    const description = typeof node === "object" && typeof node["description"] === "string" ? node["description"] : undefined;
    const doc = target === "#"
      ? jsDoc({ text: [summary, tool.title, description].filter((part) => part !== undefined && part !== "").join("\n\n") })
      : jsDoc({ text: description });
    out.push(`${doc}export type ${name} = ${text};\n`);
  }
  return out.join("\n");
}

function rootWithoutDefs(schema: boolean | Record<string, unknown>): boolean | Record<string, unknown> {
  if (typeof schema === "boolean" || schema["$defs"] === undefined) return schema;
  const { $defs: _defs, ...rest } = schema;
  return rest;
}
