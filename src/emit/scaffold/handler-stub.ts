/**
 * Emits a handler stub, `src/handlers/<tool>.ts`: the one file per tool that
 * belongs to the user. mcpgen writes it only when it is absent and never
 * again, so it carries no generated header (`write.ts` would otherwise treat
 * it as replaceable).
 */
import type { EmittedFile, ToolIR } from "../../ir/index.js";
import { jsDoc, stringLiteral } from "../../shared/escape.js";

export function emitHandlerStub(tool: ToolIR, path: string): EmittedFile {
  const about = [tool.title, tool.description].filter((part): part is string => part !== undefined && part !== "");
  const returns = tool.output === undefined
    ? ["The tool has no outputSchema: return a string (sent as text), any other JSON value", "(sent as a JSON text block), or toolResult({ content: [...] }) for a full result."]
    : [`Return a ${tool.output.typeNames.root}: it is checked against the outputSchema and sent as`, "structuredContent plus a JSON text block. Or return toolResult({ ... }) for a full result."];
  const doc = jsDoc({
    text: [
      `Handler of tool ${stringLiteral(tool.wireName)}.`,
      ...about,
      [`Input: ${tool.input.typeNames.root}, already checked against the inputSchema.`, ...returns, "A thrown error becomes a tool error with its message."].join("\n"),
      // The underscores keep an unimplemented stub compiling under noUnusedParameters.
      "Drop the underscore of a parameter once you use it.",
      "This file is yours: mcpgen created it and never changes it, not even when you regenerate.",
    ].join("\n\n"),
  });
  const contents = `${doc}import { defineHandler } from "../generated/define.js";

export default defineHandler(${stringLiteral(tool.wireName)}, async (_input, _context) => {
  throw new Error(${stringLiteral(`not implemented: ${tool.wireName}`)});
});
`;
  return { path, contents, format: "typescript" };
}
