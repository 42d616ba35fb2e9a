/**
 * Emits a handler stub, `src/handlers/<tool>.ts`: the one file per tool that
 * belongs to the user. mcpgen writes it only when it is absent and never
 * again, so it carries no generated header (the write stage would otherwise
 * treat it as replaceable).
 */
import type { SourceFile, ToolIR } from "../../ir/index.js";
import { docLines, stringLiteral } from "../../shared/escape.js";
import { template } from "../template-code.js";

/** templates/scaffold/src/handlers/get-weather.ts for `tool`, after a doc comment about it. */
export function emitHandlerStub(tool: ToolIR, path: string): SourceFile {
  const about = [tool.title, tool.description].filter((part): part is string => part !== undefined && part !== "");
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
  const doc = docLines({
    text: [
      `Handler of tool ${stringLiteral(tool.wireName)}.`,
      ...about,
      [
        `Input: ${tool.input.typeNames.root}, already checked against the inputSchema.`,
        ...returns,
        "A thrown error becomes a tool error with its message.",
      ].join("\n"),
      // The underscores keep an unimplemented stub compiling under noUnusedParameters.
      "Drop the underscore of a parameter once you use it.",
      "This file is yours: mcpgen created it and never changes it, not even when you regenerate.",
    ].join("\n\n"),
  });
  const fills = [
    { find: "TOOL_NAME", replace: stringLiteral(tool.wireName) },
    { find: "NOT_IMPLEMENTED", replace: stringLiteral(`not implemented: ${tool.wireName}`) },
  ];
  return { path, format: "typescript", statements: [template("scaffold/src/handlers/get-weather.ts", fills, doc)] };
}
