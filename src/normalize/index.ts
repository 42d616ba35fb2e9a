/**
 * Stage 2 (normalize): a raw manifest into the IR. Validates the tool list,
 * drops repeated tool names, normalises every schema and decides every name.
 */
import type { RawManifest } from "../acquire/manifest-file.js";
import { joinPointer, userError, type Diagnostic } from "../errors.js";
import type { ManifestIR, NormalizedSchema, ToolAnnotations, ToolIR } from "../ir.js";
import { assignToolNames, pascalCase, type UniqueNames } from "./naming.js";
import { normalizeSchema } from "./schema.js";
import { isRecord } from "../json.js";

export function normalizeManifest(manifest: RawManifest): ManifestIR {
  const diagnostics: Diagnostic[] = [];
  const file = manifest.source;
  const accepted: Array<{ tool: Record<string, unknown>; pointer: string }> = [];
  const seen = new Map<string, string>();

  manifest.tools.forEach((tool, index) => {
    const pointer = joinPointer(manifest.toolsPointer, index);
    if (!isRecord(tool)) throw userError("tool-invalid", "a tool must be an object", { file, pointer });
    const name = tool["name"];
    if (typeof name !== "string" || name === "") {
      throw userError("tool-invalid", name === undefined ? "tool has no `name`" : "tool `name` must be a non-empty string", {
        file,
        pointer: joinPointer(pointer, "name"),
        hint: "every tool in tools/list needs a unique string name",
      });
    }
    const first = seen.get(name);
    if (first !== undefined) {
      const same = JSON.stringify(tool) === JSON.stringify(accepted.find((entry) => entry.pointer === first)?.tool);
      diagnostics.push({
        severity: "warning",
        code: "tool-duplicate",
        message: same ? `listed twice; the repeat at ${pointer} is ignored` : `listed twice with different definitions; keeping the first (${first}), ignoring ${pointer}`,
        file,
        tool: name,
        pointer,
      });
      return;
    }
    seen.set(name, pointer);
    accepted.push({ tool, pointer });
  });

  const names = assignToolNames(accepted.map((entry) => entry.tool["name"] as string));
  const tools: ToolIR[] = accepted.map(({ tool, pointer }) => {
    const wireName = tool["name"] as string;
    const toolNames = names.tools.get(wireName)!;
    const inputRaw = tool["inputSchema"];
    let inputSource: unknown = inputRaw;
    if (inputRaw === undefined) {
      diagnostics.push({ severity: "warning", code: "schema-invalid", message: "tool has no inputSchema; assuming an object with any properties", file, tool: wireName, pointer });
      inputSource = { type: "object" };
    }
    const input = schemaIR(inputSource, "input", toolNames.typeBase, wireName, joinPointer(pointer, "inputSchema"), file, diagnostics, names.types);
    assertObjectRoot(input, wireName, file);
    const outputRaw = tool["outputSchema"];
    const output = outputRaw === undefined
      ? undefined
      : schemaIR(outputRaw, "output", toolNames.typeBase, wireName, joinPointer(pointer, "outputSchema"), file, diagnostics, names.types);
    const annotations = isRecord(tool["annotations"]) ? (tool["annotations"] as ToolAnnotations) : undefined;
    const title = typeof tool["title"] === "string" ? tool["title"] : typeof annotations?.title === "string" ? annotations.title : undefined;
    return {
      wireName,
      methodName: toolNames.method,
      title,
      description: typeof tool["description"] === "string" ? tool["description"] : undefined,
      annotations,
      input,
      output,
      raw: tool,
      pointer,
    };
  });

  return {
    source: manifest.source,
    server: manifest.server,
    protocolVersion: manifest.protocolVersion,
    capabilities: manifest.capabilities,
    instructions: manifest.instructions,
    tools,
    diagnostics,
  };
}

function schemaIR(
  raw: unknown,
  role: "input" | "output",
  typeBase: string,
  tool: string,
  pointer: string,
  file: string,
  diagnostics: Diagnostic[],
  typeNames: UniqueNames,
): NormalizedSchema {
  const result = normalizeSchema(raw, { file, tool, pointer, diagnostics });
  const root = `${typeBase}${role === "input" ? "Input" : "Output"}`;
  const defs = new Map<string, string>();
  for (const key of result.defKeys) defs.set(key, typeNames.claim(`${root}${pascalCase(key) || "Def"}`));
  // An object-typed root is what MCP requires; an inputSchema with `properties` but no `type` is one.
  const schema = result.schema;
  if (typeof schema === "object" && schema.type === undefined && (schema.properties !== undefined || schema.required !== undefined)) {
    schema.type = "object";
  }
  return { dialect: result.dialect, schema, typeNames: { root, defs }, pointer };
}

/** MCP: `inputSchema` is a JSON Schema object whose `type` is `"object"`. */
function assertObjectRoot(input: NormalizedSchema, tool: string, file: string) {
  const schema = input.schema;
  if (typeof schema === "boolean") return;
  const type = schema.type;
  const allowsObject = type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"));
  if (!allowsObject) {
    throw userError("schema-invalid", `inputSchema must describe an object (tool arguments are a JSON object), found type ${JSON.stringify(type)}`, {
      file,
      tool,
      pointer: joinPointer(input.pointer, "type"),
      hint: "MCP requires inputSchema.type to be \"object\"",
    });
  }
}
