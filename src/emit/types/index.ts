/**
 * Emits `types.ts`: the shared types (one input type and, with an
 * `outputSchema`, one output type per tool, named types for `$defs`, the
 * arguments of each prompt, the variables of each resource template, the
 * URIs of the fixed resources, and the `ToolMap`). No runtime code: a client
 * and a server both import it.
 */
import type { ManifestIR, McpHeader, NormalizedSchema, SourceFile, Statement, ToolIR, TypeAliasDeclaration } from "../../ir/index.js";
import { docLines, stringLiteral, typePropertyKey } from "../../shared/escape.js";
import { header, paragraphs, property, reference, typeLiteral } from "../nodes.js";
import { constraintTags } from "./rules.js";
import { template } from "../template-code.js";
import { SchemaTypeWriter } from "./schema-to-type.js";
import { surfaceTypes } from "./surface.js";

export function emitTypes(ir: ManifestIR): SourceFile {
  const statements: Statement[] = [header(ir, "Shared types derived from the tools' inputSchema and outputSchema. Types only.")];
  const declared = new Set<string>();
  for (const tool of ir.tools) {
    statements.push(...schemaTypes(tool, tool.input, `Arguments of tool ${stringLiteral(tool.wireName)}.`, declared, tool.mcpHeaders));
    if (tool.output !== undefined)
      statements.push(...schemaTypes(tool, tool.output, `\`structuredContent\` of tool ${stringLiteral(tool.wireName)}.`, declared));
  }
  statements.push(...surfaceTypes(ir), toolMap(ir), template("client/types.ts"));
  return { path: "types.ts", format: "typescript", statements };
}

/** `ToolMap`: `{ input; output }` by wire name. */
function toolMap(ir: ManifestIR): TypeAliasDeclaration {
  const entries = ir.tools.map((tool) =>
    property(
      typePropertyKey(tool.wireName),
      typeLiteral([property("input", reference(tool.input.typeNames.root)), property("output", reference(tool.output?.typeNames.root ?? "unknown"))], false),
    ),
  );
  return {
    kind: "typeAlias",
    doc: ["Every tool by wire name: its arguments and its `structuredContent` (`unknown` without an outputSchema)."],
    exported: true,
    name: "ToolMap",
    type: typeLiteral(entries, true),
  };
}

/**
 * The root type and `$defs` types of one schema (normalisation already broke the ref cycles no alias may express).
 * A definition several schemas hold has one name (`def-type-names`), declared after the first of them: `declared`
 * holds the names declared so far. `mcpHeaders`: the tool's `x-mcp-header` arguments, when `normalized` is its inputSchema.
 */
function schemaTypes(
  tool: ToolIR,
  normalized: NormalizedSchema,
  summary: string,
  declared: Set<string>,
  mcpHeaders: readonly McpHeader[] = [],
): TypeAliasDeclaration[] {
  const { schema, typeNames } = normalized;
  const writer = SchemaTypeWriter.forArguments(typeNames, schema, mcpHeaders);
  const defs = typeof schema === "object" ? ((schema.$defs ?? {}) as Record<string, boolean | Record<string, unknown>>) : {};
  const nodes = new Map<string, boolean | Record<string, unknown>>([["#", rootWithoutDefs(schema)], ...Object.entries(defs)]);
  return [...nodes].flatMap(([target, node]): TypeAliasDeclaration[] => {
    const name = target === "#" ? typeNames.root : typeNames.defs.get(target)!;
    if (declared.has(name)) return [];
    declared.add(name);
    const description = typeof node === "object" && typeof node["description"] === "string" ? node["description"] : undefined;
    const text = target === "#" ? paragraphs(summary, tool.title, description) : description;
    const doc = docLines({ text, tags: constraintTags(node) });
    return [{ kind: "typeAlias", doc, exported: true, name, type: writer.type(node) }];
  });
}

function rootWithoutDefs(schema: boolean | Record<string, unknown>): boolean | Record<string, unknown> {
  if (typeof schema === "boolean" || schema["$defs"] === undefined) return schema;
  const { $defs: _defs, ...rest } = schema;
  return rest;
}
