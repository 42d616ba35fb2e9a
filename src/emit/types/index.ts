/**
 * Emits `types.ts`: the shared types (one input type and, with an
 * `outputSchema`, one output type per tool, named types for `$defs`, and the
 * `ToolMap`). No runtime code: a client and a server both import it.
 */
import type { EmittedFile, ManifestIR, NormalizedSchema, ToolIR } from "../../ir/index.js";
import { jsDoc, stringLiteral, typePropertyKey } from "../../shared/escape.js";
import { fileHeader } from "../header.js";
import { fileFromBlocks, fits, formattedBlock, prettierKey, type SourceBlock } from "../../format/layout.js";
import { SchemaTypeWriter } from "./schema-to-type.js";
import { typeAliasLayout } from "../../format/type-layout.js";

export function emitTypes(ir: ManifestIR): EmittedFile {
  const blocks: SourceBlock[] = [formattedBlock(fileHeader(ir, "Shared types derived from the tools' inputSchema and outputSchema. Types only."))];
  for (const tool of ir.tools) {
    blocks.push(schemaTypes(tool, tool.input, `Arguments of tool ${stringLiteral(tool.wireName)}.`));
    if (tool.output !== undefined) blocks.push(schemaTypes(tool, tool.output, `\`structuredContent\` of tool ${stringLiteral(tool.wireName)}.`));
  }
  blocks.push(toolMap(ir));
  blocks.push(formattedBlock(`/** Wire names of all tools. */
export type ToolName = keyof ToolMap;

/** Arguments of a tool, by wire name. */
export type ToolInput<N extends ToolName> = ToolMap[N]["input"];

/** \`structuredContent\` of a tool, by wire name. */
export type ToolOutput<N extends ToolName> = ToolMap[N]["output"];
`));
  return fileFromBlocks("types.ts", blocks);
}

const TOOL_MAP_DOC = "/** Every tool by wire name: its arguments and its `structuredContent` (`unknown` without an outputSchema). */\n";

function toolMap(ir: ManifestIR): SourceBlock {
  const entries = ir.tools.map((tool) => [typePropertyKey(tool.wireName), tool.input.typeNames.root, tool.output?.typeNames.root ?? "unknown"] as const);
  const raw = `${TOOL_MAP_DOC}export type ToolMap = {
${entries.map(([key, input, output]) => `  ${key}: { input: ${input}; output: ${output} };`).join("\n")}
};
`;
  if (entries.length === 0) return { raw, pretty: `${TOOL_MAP_DOC}export type ToolMap = {};\n` };
  let pretty = `${TOOL_MAP_DOC}export type ToolMap = {\n`;
  for (const [rawKey, input, output] of entries) {
    const key = prettierKey(rawKey);
    if (key === undefined) return { raw };
    // `{ input; output }` has no line break after its `{`: on one line when it fits, else one member a line.
    const line = `  ${key}: { input: ${input}; output: ${output} };`;
    pretty += fits(line) ? `${line}\n` : `  ${key}: {\n    input: ${input};\n    output: ${output};\n  };\n`;
  }
  return { raw, pretty: `${pretty}};\n` };
}

/** The root type and `$defs` types of one schema (normalisation already broke the ref cycles no alias may express). */
function schemaTypes(tool: ToolIR, normalized: NormalizedSchema, summary: string): SourceBlock {
  const { schema, typeNames } = normalized;
  const writer = new SchemaTypeWriter(typeNames);
  const defs = typeof schema === "object" ? ((schema.$defs ?? {}) as Record<string, boolean | Record<string, unknown>>) : {};
  const nodes = new Map<string, boolean | Record<string, unknown>>([["#", rootWithoutDefs(schema)], ...Object.entries(defs)]);

  const raw: string[] = [];
  const pretty: Array<string | undefined> = [];
  for (const [target, node] of nodes) {
    const type = writer.write(node);
    const name = target === "#" ? typeNames.root : typeNames.defs.get(target)!;
    const description = typeof node === "object" && typeof node["description"] === "string" ? node["description"] : undefined;
    const doc = target === "#"
      ? jsDoc({ text: [summary, tool.title, description].filter((part) => part !== undefined && part !== "").join("\n\n") })
      : jsDoc({ text: description });
    raw.push(`${doc}export type ${name} = ${type.raw};\n`);
    pretty.push(typeAliasLayout(doc, name, type));
  }
  return { raw: raw.join("\n"), pretty: pretty.every((text) => text !== undefined) ? pretty.join("\n") : undefined };
}

function rootWithoutDefs(schema: boolean | Record<string, unknown>): boolean | Record<string, unknown> {
  if (typeof schema === "boolean" || schema["$defs"] === undefined) return schema;
  const { $defs: _defs, ...rest } = schema;
  return rest;
}
