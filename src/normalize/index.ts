/**
 * Stage 2 (normalize): a raw manifest into the IR. Validates the tool list,
 * drops repeated tool names, normalises every schema and decides every name.
 */
import type { RawManifest } from "../ir/raw-manifest.js";
import { joinPointer, userError, type Diagnostic } from "../shared/errors.js";
import type { ManifestIR, NormalizedSchema, PatternMode, ToolAnnotations, ToolIR } from "../ir/index.js";
import { assignToolNames, pascalCase, type UniqueNames } from "./naming.js";
import { normalizeSchema } from "./schema.js";
import { isRecord } from "../shared/json.js";

export interface NormalizeOptions {
  /** Documents a `$ref` may name besides the meta-schemas (see `SchemaContext.documents`): the JSON Schema Test Suite's remotes, in its test. */
  documents?: ((uri: string) => unknown) | undefined;
}

export function normalizeManifest(manifest: RawManifest, options: NormalizeOptions = {}): ManifestIR {
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

  const patternModes = new Map<string, PatternMode>();
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
    const where = { file, tool: wireName, diagnostics, typeNames: names.types, documents: options.documents, patternModes };
    const input = schemaIR(inputSource, "input", toolNames.typeBase, joinPointer(pointer, "inputSchema"), where);
    checkObjectRoot(input, wireName, file, diagnostics);
    const outputRaw = tool["outputSchema"];
    const output = outputRaw === undefined ? undefined : schemaIR(outputRaw, "output", toolNames.typeBase, joinPointer(pointer, "outputSchema"), where);
    const annotations = isRecord(tool["annotations"]) ? (tool["annotations"] as ToolAnnotations) : undefined;
    const title = typeof tool["title"] === "string" ? tool["title"] : typeof annotations?.title === "string" ? annotations.title : undefined;
    return {
      wireName,
      methodName: toolNames.method,
      fileBase: toolNames.fileBase,
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
    patternModes,
    diagnostics,
  };
}

/** What every schema of one tool is normalised with. */
interface ToolContext {
  file: string;
  tool: string;
  diagnostics: Diagnostic[];
  typeNames: UniqueNames;
  documents: NormalizeOptions["documents"];
  /** Where each schema's pattern modes are gathered, for the whole manifest. */
  patternModes: Map<string, PatternMode>;
}

function schemaIR(raw: unknown, role: "input" | "output", typeBase: string, pointer: string, tool: ToolContext): NormalizedSchema {
  const result = normalizeSchema(raw, { file: tool.file, tool: tool.tool, pointer, diagnostics: tool.diagnostics, documents: tool.documents });
  for (const [source, mode] of result.patternModes) tool.patternModes.set(source, mode);
  const root = `${typeBase}${role === "input" ? "Input" : "Output"}`;
  const defs = new Map<string, string>();
  for (const key of result.defKeys) defs.set(key, tool.typeNames.claim(`${root}${pascalCase(key) || "Def"}`));
  return { dialect: result.dialect, schema: result.schema, typeNames: { root, defs }, pointer };
}

/**
 * MCP: tool arguments are a JSON object, and `inputSchema` describes one. That
 * is checked outside the schema (`validateInput` refuses any other value), so
 * the schema keeps its meaning (`$ref: "#"` names it as written); a schema
 * that admits no object is reported, and its tool generated all the same.
 */
function checkObjectRoot(input: NormalizedSchema, tool: string, file: string, diagnostics: Diagnostic[]) {
  const schema = input.schema;
  const type = typeof schema === "boolean" ? undefined : schema.type;
  const admitsObject = schema !== false && (type === undefined || type === "object" || (Array.isArray(type) && type.includes("object")));
  if (admitsObject) return;
  diagnostics.push({
    severity: "warning",
    code: "schema-invalid",
    message: `inputSchema admits no object (${schema === false ? "it is false" : `type ${JSON.stringify(type)}`}), but tool arguments are always a JSON object: every call of this tool fails validation`,
    file,
    tool,
    pointer: schema === false ? input.pointer : joinPointer(input.pointer, "type"),
    hint: "MCP requires inputSchema.type to be \"object\"",
  });
}
