/**
 * Stage 2 (normalize): a raw manifest into the IR. Accepts the tools, decides
 * every name, and normalises every schema; each step is a named rule
 * (`registry.ts` lists them, ARCHITECTURE.md says where each lives).
 */
import type { RawManifest } from "../ir/raw-manifest.js";
import type { Diagnostic } from "../shared/errors.js";
import { joinPointer } from "../shared/errors.js";
import type { Audience, ListMethod, ManifestIR, NormalizedSchema, PatternMode, PromptIR, ResourceIR, ResourceTemplateIR, Schema, ToolIR } from "../ir/index.js";
import { assignDefNames, assignSurfaceNames, assignToolNames, byCodePoints, type OutputNames, type UniqueNames } from "./naming.js";
import { definitionClasses } from "./shared-defs.js";
import { acceptPrompts } from "./prompts.js";
import { acceptResources, acceptTemplates } from "./mcp-resources.js";
import { normalizeSchema } from "./schema.js";
import { checkMcpHeaders } from "./mcp-headers.js";
import {
  acceptTools,
  checkDuplicateKeys,
  checkFiniteNumbers,
  checkObjectRoot,
  checkOnePage,
  checkTaskRequired,
  inputSchemaOf,
  outputSchemaOf,
  toolMetadata,
} from "./tools.js";

export interface NormalizeOptions {
  /** Who the output is for (`Audience`, default a client): decides what becomes of a tool a client would leave out. */
  audience?: Audience | undefined;
  /** Documents a `$ref` may name besides the meta-schemas (see `SchemaContext.documents`): the JSON Schema Test Suite's remotes, in its test. */
  documents?: ((uri: string) => unknown) | undefined;
}

export function normalizeManifest(manifest: RawManifest, options: NormalizeOptions = {}): ManifestIR {
  const diagnostics: Diagnostic[] = [];
  const file = manifest.source;
  checkDuplicateKeys(manifest, diagnostics);
  checkOnePage(manifest, diagnostics);
  const accepted = checkFiniteNumbers(checkMcpHeaders(acceptTools(manifest, diagnostics), file, diagnostics, options.audience), file, diagnostics);
  const patternModes = new Map<string, PatternMode>();
  const names = assignToolNames(accepted.map((entry) => entry.tool["name"] as string));
  const tools: ToolIR[] = accepted.map((entry) => {
    const { tool, pointer } = entry;
    const wireName = tool["name"] as string;
    const toolNames = names.tools.get(wireName)!;
    const inputSource = inputSchemaOf(entry, file, diagnostics);
    const where = { file, tool: wireName, diagnostics, documents: options.documents, patternModes };
    const input = schemaIR(inputSource, "input", toolNames.typeBase, joinPointer(pointer, "inputSchema"), where);
    checkObjectRoot(input, wireName, file, diagnostics);
    const outputRaw = outputSchemaOf(entry, file, diagnostics);
    const output = outputRaw === undefined ? undefined : schemaIR(outputRaw, "output", toolNames.typeBase, joinPointer(pointer, "outputSchema"), where);
    const { title, description, annotations } = toolMetadata(tool);
    const taskRequired = checkTaskRequired(tool, pointer, file, diagnostics, options.audience);
    return {
      wireName,
      methodName: toolNames.method,
      fileBase: toolNames.fileBase,
      title,
      description,
      annotations,
      input,
      output,
      raw: tool,
      mcpHeaders: entry.mcpHeaders,
      ...(taskRequired ? { taskRequired } : {}),
      pointer,
    };
  });

  nameDefinitions(tools, names.namers.types);
  const surface = normalizeSurface(manifest, names.namers, diagnostics);

  return {
    source: manifest.source,
    ...(options.audience === undefined ? {} : { audience: options.audience }),
    server: manifest.server,
    protocolVersion: manifest.protocolVersion,
    capabilities: manifest.capabilities,
    instructions: manifest.instructions,
    ...(manifest.clientCapabilities === undefined ? {} : { clientCapabilities: manifest.clientCapabilities }),
    ...(manifest.cache === undefined ? {} : { cache: manifest.cache }),
    tools,
    ...surface,
    patternModes,
    diagnostics,
  };
}

/**
 * The prompts, resources and resource templates: accepted one by one (one
 * that cannot be typed costs only itself), then named after every name of
 * the tools (`surface-names`).
 */
function normalizeSurface(
  manifest: RawManifest,
  namers: OutputNames,
  diagnostics: Diagnostic[],
): Pick<ManifestIR, "prompts" | "resources" | "resourceTemplates" | "resourceReader" | "listed"> {
  const file = manifest.source;
  const base = manifest.toolsPointer.replace(/\/tools$/, "");
  const listed = new Set<ListMethod>();
  if (manifest.prompts !== undefined) listed.add("prompts/list");
  if (manifest.resources !== undefined) listed.add("resources/list");
  if (manifest.resourceTemplates !== undefined) listed.add("resources/templates/list");
  const prompts = acceptPrompts(manifest.prompts ?? [], `${base}/prompts`, file, diagnostics);
  const resources = acceptResources(manifest.resources ?? [], `${base}/resources`, file, diagnostics);
  const templates = acceptTemplates(manifest.resourceTemplates ?? [], `${base}/resourceTemplates`, file, diagnostics);
  const names = assignSurfaceNames(namers, {
    prompts: prompts.map((prompt) => prompt.name),
    templates: templates.map((template) => template.name),
    resources,
  });
  return {
    prompts: prompts.map((prompt): PromptIR => {
      const named = names.prompts.get(prompt.name)!;
      return {
        wireName: prompt.name,
        methodName: named.method,
        completionMethodName: named.completion,
        typeName: named.typeName,
        fileBase: named.fileBase,
        title: prompt.title,
        description: prompt.description,
        arguments: prompt.arguments,
        raw: prompt.prompt,
        pointer: prompt.pointer,
      };
    }),
    resources: resources.map((resource): ResourceIR => {
      const named = names.resources.get(resource.uri)!;
      const { pointer, raw, title, description, mimeType, annotations, uri, name, size } = resource;
      return { uri, name, methodName: named.method, fileBase: named.fileBase, title, description, mimeType, size, annotations, raw, pointer };
    }),
    resourceTemplates: templates.map((template): ResourceTemplateIR => {
      const named = names.templates.get(template.name)!;
      const { pointer, raw, title, description, mimeType, annotations, name, uriTemplate, variables } = template;
      return {
        wireName: name,
        uriTemplate,
        methodName: named.method,
        completionMethodName: named.completion,
        typeName: named.typeName,
        fileBase: named.fileBase,
        title,
        description,
        mimeType,
        annotations,
        variables,
        raw,
        pointer,
      };
    }),
    resourceReader: names.resourceReader,
    listed,
  };
}

/** What every schema of one tool is normalised with. */
interface ToolContext {
  file: string;
  tool: string;
  diagnostics: Diagnostic[];
  documents: NormalizeOptions["documents"];
  /** Where each schema's pattern modes are gathered, for the whole manifest. */
  patternModes: Map<string, PatternMode>;
}

function schemaIR(raw: unknown, role: "input" | "output", typeBase: string, pointer: string, tool: ToolContext): NormalizedSchema {
  const result = normalizeSchema(raw, { file: tool.file, tool: tool.tool, pointer, diagnostics: tool.diagnostics, documents: tool.documents });
  for (const [source, mode] of result.patternModes) tool.patternModes.set(source, mode);
  const root = `${typeBase}${role === "input" ? "Input" : "Output"}`;
  // The definitions are named once every schema is known (`nameDefinitions`).
  return { dialect: result.dialect, schema: result.schema, typeNames: { root, defs: new Map() }, pointer };
}

/**
 * `def-type-names`: one type name per definition of every tool's schemas, the
 * same in every schema that holds it; the tools in code-point order of their
 * wire names, so that the listed order changes no name.
 */
function nameDefinitions(tools: readonly ToolIR[], types: UniqueNames): void {
  const schemas = [...tools]
    .sort((a, b) => byCodePoints(a.wireName, b.wireName))
    .flatMap((tool) => (tool.output === undefined ? [tool.input] : [tool.input, tool.output]));
  const defs = schemas.map(({ schema }) => (typeof schema === "object" ? ((schema["$defs"] ?? {}) as Record<string, Schema>) : {}));
  const classes = definitionClasses(defs);
  const names = assignDefNames(
    types,
    schemas.map((schema, at) => ({ root: schema.typeNames.root, classes: classes[at]! })),
  );
  schemas.forEach((schema, at) => {
    for (const [key, name] of names[at]!) schema.typeNames.defs.set(key, name);
  });
}
