/**
 * Emits a handler stub, `src/handlers/<name>.ts`: the one file per tool,
 * prompt, fixed resource or resource template that belongs to the user.
 * mcpgen writes it only when it is absent and never again, so it carries no
 * generated header (the write stage would otherwise treat it as replaceable).
 */
import type { PromptIR, ResourceIR, ResourceTemplateIR, SourceFile, ToolIR } from "../../ir/index.js";
import { docLines, stringLiteral } from "../../shared/escape.js";
import { template } from "../template-code.js";

/** templates/scaffold/src/handlers/get-weather.ts (list-alerts.ts without an outputSchema) for `tool`, after a doc comment about it. */
export function emitHandlerStub(tool: ToolIR, path: string): SourceFile {
  const returns =
    tool.output === undefined
      ? [
          "The tool has no outputSchema: return a string (sent as text), any other JSON value",
          "(sent as a JSON text block), or toolResult({ content: [...] }) for a full result.",
        ]
      : [
          `Return the tool's output, of type ${tool.output.typeNames.root}: it is checked against the`,
          "outputSchema and sent as structuredContent plus a JSON text block. Or return",
          "toolResult({ ... }) for a full result.",
        ];
  const doc = stubDoc(
    `Handler of tool ${stringLiteral(tool.wireName)}.`,
    [tool.title, tool.description],
    [`Input: ${tool.input.typeNames.root}, already checked against the inputSchema.`, ...returns, "A thrown error becomes a tool error with its message."],
  );
  const fills = [
    { find: "TOOL_NAME", replace: stringLiteral(tool.wireName) },
    { find: "NOT_IMPLEMENTED", replace: stringLiteral(`not implemented: ${tool.wireName}`) },
  ];
  if (tool.output === undefined) return { path, format: "typescript", statements: [template("scaffold/src/handlers/list-alerts.ts", fills, { doc })] };
  // The declared return type: tsc checks each `return` against the output type, excess properties included.
  const output = [
    { find: "type GetWeatherOutput", replace: `type ${tool.output.typeNames.root}` },
    { find: "<GetWeatherOutput>", replace: `<${tool.output.typeNames.root}>` },
  ];
  return { path, format: "typescript", statements: [template("scaffold/src/handlers/get-weather.ts", [...fills, ...output], { doc })] };
}

const OWNED = "This file is yours: mcpgen created it and never changes it, not even when you regenerate.";

/** A stub's doc comment: what it implements, what it is told and returns, whose it is. */
function stubDoc(about: string, described: ReadonlyArray<string | undefined>, contract: readonly string[]): string[] {
  const parts = described.filter((part): part is string => part !== undefined && part !== "");
  return docLines({
    // The underscores keep an unimplemented stub compiling under noUnusedParameters.
    text: [about, ...parts, contract.join("\n"), "Drop the underscore of a parameter once you use it.", OWNED].join("\n\n"),
  });
}

/** templates/scaffold/src/handlers/weather-report.ts for `prompt`. */
export function emitPromptStub(prompt: PromptIR, path: string, completions: boolean): SourceFile {
  const doc = stubDoc(
    `Handler of prompt ${stringLiteral(prompt.wireName)}.`,
    [prompt.title, prompt.description],
    [
      `Arguments: ${prompt.typeName}, already checked (the required ones given, every value a string).`,
      "Return the prompt's messages, a string (sent as one user message), or a whole GetPromptResult.",
      "A thrown error is answered as a JSON-RPC error with its message.",
      ...(completions ? ["Pass { complete: { <argument>: (value) => [...] } } as a third argument to complete its arguments."] : []),
    ],
  );
  const fills = [
    { find: "PROMPT_NAME", replace: stringLiteral(prompt.wireName) },
    { find: "NOT_IMPLEMENTED", replace: stringLiteral(`not implemented: ${prompt.wireName}`) },
  ];
  return { path, format: "typescript", statements: [template("scaffold/src/handlers/weather-report.ts", fills, { doc })] };
}

/** templates/scaffold/src/handlers/stations.ts for `resource`. */
export function emitResourceStub(resource: ResourceIR, path: string): SourceFile {
  const doc = stubDoc(
    `Handler of resource ${stringLiteral(resource.uri)} (${stringLiteral(resource.name)}).`,
    [resource.title, resource.description],
    [
      `Return its contents: a string or bytes (sent as one content with its URI${resource.mimeType === undefined ? "" : " and mimeType"}), a`,
      "list of contents, or a whole ReadResourceResult. Throw ResourceNotFoundError when it does not exist;",
      "any other thrown error is answered as a JSON-RPC error with its message.",
    ],
  );
  const fills = [
    { find: "RESOURCE_URI", replace: stringLiteral(resource.uri) },
    { find: "NOT_IMPLEMENTED", replace: stringLiteral(`not implemented: ${resource.uri}`) },
  ];
  return { path, format: "typescript", statements: [template("scaffold/src/handlers/stations.ts", fills, { doc })] };
}

/** templates/scaffold/src/handlers/forecast.ts for `resourceTemplate`. */
export function emitResourceTemplateStub(resourceTemplate: ResourceTemplateIR, path: string, completions: boolean): SourceFile {
  const doc = stubDoc(
    `Handler of resource template ${stringLiteral(resourceTemplate.wireName)}: ${stringLiteral(resourceTemplate.uriTemplate)}.`,
    [resourceTemplate.title, resourceTemplate.description],
    [
      `Variables: ${resourceTemplate.typeName}, parsed from the URI read (context.uri), which matched the template.`,
      "Return its contents: a string or bytes (sent as one content with the URI), a list of contents, or a",
      "whole ReadResourceResult. Throw ResourceNotFoundError when no resource has that URI.",
      ...(completions ? ["Pass { complete: { <variable>: (value) => [...] } } as a third argument to complete its variables."] : []),
    ],
  );
  const fills = [
    { find: "RESOURCE_TEMPLATE_NAME", replace: stringLiteral(resourceTemplate.wireName) },
    { find: "NOT_IMPLEMENTED", replace: stringLiteral(`not implemented: ${resourceTemplate.wireName}`) },
  ];
  return { path, format: "typescript", statements: [template("scaffold/src/handlers/forecast.ts", fills, { doc })] };
}
