/**
 * The part of `client.ts` for the prompts, resource templates and fixed
 * resources: one method each on the client (and a completion method per
 * prompt and template when the server declares `completions`), the reader
 * of fixed resources by URI, and the table `addSurfaceMethods` (the
 * runtime) builds them from.
 */
import type { Expression, ManifestIR, MethodSignature, PromptIR, ResourceIR, ResourceTemplateIR, TypeNode, VariableStatement } from "../../ir/index.js";
import { docLines, objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import { annotationsWithoutState } from "../../ir/resource-state.js";
import { isRecord } from "../../shared/json.js";
import { docParagraphs, identifier, literal, reference, string } from "../nodes.js";

/** Whether the manifest has anything beside its tools for the client. */
export function hasSurface(ir: ManifestIR): boolean {
  return ir.prompts.length + ir.resources.length + ir.resourceTemplates.length > 0;
}

/** Whether the server declares `completions` (MCP "Completion"): the completion methods are emitted only then. */
export function completionsDeclared(ir: ManifestIR): boolean {
  return isRecord(ir.capabilities) && isRecord(ir.capabilities["completions"]);
}

/** What `client.ts` imports for them: from `runtime.js`, `types.js` and `uri-template.js`. */
export function surfaceImports(ir: ManifestIR): { runtime: string[]; types: string[]; uriTemplate: boolean } {
  if (!hasSurface(ir)) return { runtime: [], types: [], uriTemplate: false };
  const completions =
    completionsDeclared(ir) &&
    [...ir.prompts.map((prompt) => prompt.arguments), ...ir.resourceTemplates.map((t) => t.variables)].some((list) => list.length > 0);
  return {
    runtime: [
      "addSurfaceMethods",
      ...(ir.prompts.length > 0 ? ["type GetPromptResult"] : []),
      ...(ir.resources.length + ir.resourceTemplates.length > 0 ? ["type ReadResourceResult"] : []),
      ...(completions ? ["type CompleteResult", "type CompletionOptions"] : []),
      "type SurfaceTables",
    ],
    types: [
      ...ir.prompts.map((prompt) => prompt.typeName),
      ...ir.resourceTemplates.map((template) => template.typeName),
      ...(ir.resources.length > 0 ? ["ResourceUri"] : []),
    ],
    uriTemplate: ir.resourceTemplates.length > 0,
  };
}

/**
 * `MIME type: text/plain. Annotations: {"priority":1}.` for what a resource or template says of itself; not its
 * state (`size`, `annotations.lastModified`: ir/resource-state.ts), which would be wrong once its content changed.
 */
function resourceFacts(entry: { mimeType?: string | undefined; annotations?: unknown }): string {
  const facts: string[] = [];
  if (entry.mimeType !== undefined && entry.mimeType !== "") facts.push(`MIME type: ${entry.mimeType}.`);
  const annotations = annotationsWithoutState(entry.annotations);
  if (annotations !== undefined && Object.keys(annotations as object).length > 0) facts.push(`Annotations: ${JSON.stringify(annotations)}.`);
  return facts.join(" ");
}

const options = (type: TypeNode) => ({ name: "options", optional: true, type });
const callOptions = options(reference("CallOptions"));

/** The names of a prompt's arguments or a template's variables as a union of string literal types. */
const nameUnion = (names: readonly string[]): TypeNode => {
  const literals = names.map((name) => literal(stringLiteral(name)));
  return literals.length === 1 ? literals[0]! : { kind: "union", types: literals };
};

function promptMethods(prompt: PromptIR, completions: boolean): MethodSignature[] {
  const get: MethodSignature = {
    kind: "method",
    doc: docParagraphs(prompt.title, prompt.description, `Gets prompt ${stringLiteral(prompt.wireName)} (\`prompts/get\`).`),
    name: prompt.methodName,
    parameters: [{ name: "args", optional: prompt.arguments.every((argument) => !argument.required), type: reference(prompt.typeName) }, callOptions],
    returns: reference("Promise", [reference("GetPromptResult")]),
  };
  if (!completions || prompt.arguments.length === 0) return [get];
  return [
    get,
    completionMethod(
      prompt.completionMethodName,
      `an argument of prompt ${stringLiteral(prompt.wireName)}`,
      "argument",
      prompt.arguments.map((a) => a.name),
      prompt.typeName,
    ),
  ];
}

function completionMethod(name: string, what: string, parameter: string, names: readonly string[], argumentsType: string): MethodSignature {
  return {
    kind: "method",
    doc: docLines({
      text: `The server's completions of \`value\` for ${what} (\`completion/complete\`); \`options.context\` gives the values already chosen for the others.`,
    }),
    name,
    parameters: [
      { name: parameter, optional: false, type: nameUnion(names) },
      { name: "value", optional: false, type: reference("string") },
      options(reference("CompletionOptions", [reference(argumentsType)])),
    ],
    returns: reference("Promise", [reference("CompleteResult")]),
  };
}

function templateMethods(template: ResourceTemplateIR, completions: boolean): MethodSignature[] {
  const read: MethodSignature = {
    kind: "method",
    doc: docParagraphs(
      template.title,
      template.description,
      resourceFacts(template),
      `Reads resource template ${stringLiteral(template.wireName)}: expands ${stringLiteral(template.uriTemplate)} (RFC 6570) with \`variables\` and reads that URI (\`resources/read\`).`,
    ),
    name: template.methodName,
    parameters: [{ name: "variables", optional: template.variables.every((variable) => !variable.required), type: reference(template.typeName) }, callOptions],
    returns: reference("Promise", [reference("ReadResourceResult")]),
  };
  if (!completions || template.variables.length === 0) return [read];
  return [
    read,
    completionMethod(
      template.completionMethodName,
      `a variable of resource template ${stringLiteral(template.wireName)}`,
      "variable",
      template.variables.map((variable) => variable.name),
      template.typeName,
    ),
  ];
}

function resourceMethod(resource: ResourceIR): MethodSignature {
  return {
    kind: "method",
    doc: docParagraphs(
      resource.title ?? resource.name,
      resource.description,
      resourceFacts(resource),
      `Reads resource ${stringLiteral(resource.uri)} (\`resources/read\`).`,
    ),
    name: resource.methodName,
    parameters: [callOptions],
    returns: reference("Promise", [reference("ReadResourceResult")]),
  };
}

/** The client's methods beside the tools': each prompt's, each template's, each fixed resource's, then the reader by URI. */
export function surfaceMethods(ir: ManifestIR): MethodSignature[] {
  const completions = completionsDeclared(ir);
  return [
    ...ir.prompts.flatMap((prompt) => promptMethods(prompt, completions)),
    ...ir.resourceTemplates.flatMap((template) => templateMethods(template, completions)),
    ...ir.resources.map(resourceMethod),
    ...(ir.resourceReader === undefined
      ? []
      : [
          {
            kind: "method" as const,
            doc: ["Reads a fixed resource by its URI (`resources/read`)."],
            name: ir.resourceReader,
            parameters: [{ name: "uri", optional: false, type: reference("ResourceUri") }, callOptions],
            returns: reference("Promise", [reference("ReadResourceResult")]),
          },
        ]),
  ];
}

const strings = (names: readonly string[]): Expression => ({ kind: "array", elements: names.map((name) => string(stringLiteral(name))) });
const object = (properties: ReadonlyArray<readonly [string, Expression]>): Expression => ({ kind: "object", properties, multiLine: true });

/** `const surface: SurfaceTables = { prompts, resourceTemplates, resources, resourceReader, expand }`: what `addSurfaceMethods` reads. */
export function surfaceTable(ir: ManifestIR): VariableStatement {
  const completions = completionsDeclared(ir);
  const completion = (name: string, names: readonly unknown[]) => (completions && names.length > 0 ? [["complete", string(stringLiteral(name))] as const] : []);
  const properties: Array<readonly [string, Expression]> = [];
  if (ir.prompts.length > 0) {
    properties.push([
      "prompts",
      object(
        ir.prompts.map((prompt) => [
          objectLiteralKey(prompt.wireName),
          object([
            ["method", string(stringLiteral(prompt.methodName))],
            ...completion(prompt.completionMethodName, prompt.arguments),
            ["arguments", strings(prompt.arguments.map((argument) => argument.name))],
            ["required", strings(prompt.arguments.filter((argument) => argument.required).map((argument) => argument.name))],
          ]),
        ]),
      ),
    ]);
  }
  if (ir.resourceTemplates.length > 0) {
    properties.push([
      "resourceTemplates",
      object(
        ir.resourceTemplates.map((template) => [
          objectLiteralKey(template.wireName),
          object([
            ["method", string(stringLiteral(template.methodName))],
            ...completion(template.completionMethodName, template.variables),
            ["uriTemplate", string(stringLiteral(template.uriTemplate))],
            ["variables", strings(template.variables.map((variable) => variable.name))],
            ["required", strings(template.variables.filter((variable) => variable.required).map((variable) => variable.name))],
            ["composite", strings(template.variables.filter((variable) => variable.composite).map((variable) => variable.name))],
          ]),
        ]),
      ),
    ]);
  }
  if (ir.resources.length > 0) {
    properties.push(["resources", object(ir.resources.map((resource) => [objectLiteralKey(resource.uri), string(stringLiteral(resource.methodName))]))]);
  }
  if (ir.resourceReader !== undefined) properties.push(["resourceReader", string(stringLiteral(ir.resourceReader))]);
  if (ir.resourceTemplates.length > 0) properties.push(["expand", identifier("expandUriTemplate")]);
  return {
    kind: "const",
    doc: ["The prompts, resource templates and fixed resources, by wire name (a resource by URI), as `addSurfaceMethods` reads them."],
    exported: false,
    name: "surface",
    type: reference("SurfaceTables"),
    value: object(properties),
  };
}
