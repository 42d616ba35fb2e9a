/**
 * Emits `types.ts`: the shared types (one input type and, with an
 * `outputSchema`, one output type per tool, named types for `$defs`, and the
 * `ToolMap`). No runtime code: a client and a server both import it.
 */
import type { EmittedFile, ManifestIR, NormalizedSchema, ToolIR } from "../ir.js";
import { jsDoc, stringLiteral, typePropertyKey } from "../text/escape.js";
import { fileHeader } from "./header.js";
import { SchemaTypeWriter, type RefTarget } from "./schema-to-type.js";

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

/** The root type and `$defs` types of one schema, with alias cycles broken. */
function schemaTypes(tool: ToolIR, normalized: NormalizedSchema, summary: string): string {
  const { schema, typeNames } = normalized;
  const writer = new SchemaTypeWriter(typeNames);
  const defs = typeof schema === "object" ? ((schema.$defs ?? {}) as Record<string, boolean | Record<string, unknown>>) : {};
  const nodes = new Map<RefTarget, boolean | Record<string, unknown>>([["#", rootWithoutDefs(schema)], ...Object.entries(defs)]);

  const first = new Map([...nodes].map(([target, node]) => [target, writer.write(node)]));
  const cyclic = cyclicTargets(new Map([...first].map(([target, expression]) => [target, expression.unguardedRefs])));
  const out: string[] = [];
  for (const [target, node] of nodes) {
    const text = cyclic.has(target) ? writer.write(node, cyclic).text : first.get(target)!.text;
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

/** Targets that reach themselves through unguarded refs (a type alias may not do that). */
function cyclicTargets(edges: ReadonlyMap<RefTarget, ReadonlySet<RefTarget>>): Set<RefTarget> {
  const cyclic = new Set<RefTarget>();
  for (const start of edges.keys()) {
    const seen = new Set<RefTarget>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) { cyclic.add(start); break; }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return cyclic;
}
