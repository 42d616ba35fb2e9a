/**
 * Emits a handler stub, `src/handlers/<tool>.ts`: the one file per tool that
 * belongs to the user. mcpgen writes it only when it is absent and never
 * again, so it carries no generated header (`write.ts` would otherwise treat
 * it as replaceable).
 */
import { createHash } from "node:crypto";
import type { SourceFile, ToolIR } from "../../ir/index.js";
import { words } from "../../normalize/naming.js";
import { docLines, stringLiteral } from "../../shared/escape.js";
import { template } from "../template-code.js";

export const HANDLERS_DIR = "src/handlers";

/** Device names Windows will not create a file for, whatever the extension. */
const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/;

/**
 * The handler file name of a tool, without extension: the kebab-case of its
 * method name (`getWeather` → `get-weather`). Method names are unique
 * identifiers made of ASCII letters and digits, so the result is unique,
 * lower-case (no clash on case-insensitive file systems) and can never hold a
 * path separator or a dot: a tool called `../../x` gets `x`.
 */
export function handlerFileBase(tool: Pick<ToolIR, "methodName">): string {
  const base = shortened(words(tool.methodName).join("-") || "tool", tool.methodName);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) throw new Error(`internal: unsafe handler file name ${JSON.stringify(base)}`);
  return WINDOWS_DEVICE_NAMES.test(base) ? `${base}-tool` : base;
}

/**
 * Longest handler file name, without extension. MCP asks for tool names of
 * at most 128 characters (2025-11-25, "Tool names"), but servers send longer
 * ones, and a file name past 255 bytes cannot be created at all (nor a path
 * past 260 characters on Windows): 80 leaves room for the project's path.
 */
export const MAX_HANDLER_NAME = 80;

/**
 * `base` cut to `MAX_HANDLER_NAME` characters when longer, ending in a hash
 * of the method name so that two long names sharing their start still get
 * different files, and the same tool always gets the same one.
 */
function shortened(base: string, methodName: string): string {
  if (base.length <= MAX_HANDLER_NAME) return base;
  const hash = createHash("sha256").update(methodName).digest("hex").slice(0, 8);
  return `${base.slice(0, MAX_HANDLER_NAME - hash.length - 1).replace(/-+$/, "")}-${hash}`;
}

/** templates/scaffold/src/handlers/get-weather.ts for `tool`, after a doc comment about it. */
export function emitHandlerStub(tool: ToolIR, path: string): SourceFile {
  const about = [tool.title, tool.description].filter((part): part is string => part !== undefined && part !== "");
  const returns = tool.output === undefined
    ? ["The tool has no outputSchema: return a string (sent as text), any other JSON value", "(sent as a JSON text block), or toolResult({ content: [...] }) for a full result."]
    : [`Return a ${tool.output.typeNames.root}: it is checked against the outputSchema and sent as`, "structuredContent plus a JSON text block. Or return toolResult({ ... }) for a full result."];
  const doc = docLines({
    text: [
      `Handler of tool ${stringLiteral(tool.wireName)}.`,
      ...about,
      [`Input: ${tool.input.typeNames.root}, already checked against the inputSchema.`, ...returns, "A thrown error becomes a tool error with its message."].join("\n"),
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
