/** Stand-in for a scaffold's `src/generated/tools.ts`: the sample manifest's tools (templates/client/types.ts) as it lists them. */
import type { HeaderArgument, ListedTool } from "./server-runtime.js";

export const tools: readonly ListedTool[] = [
  {
    name: "get_weather",
    inputSchema: {
      type: "object",
      properties: {
        city: { type: "string" },
        units: { enum: ["metric", "imperial"] },
      },
      required: ["city"],
    },
    outputSchema: {
      type: "object",
      properties: { temperature: { type: "number" } },
      required: ["temperature"],
    },
  },
  { name: "ping", inputSchema: { type: "object" } },
];

/** The sample manifest declares no `x-mcp-header` arguments. */
export const headerArguments: ReadonlyArray<
  [string, readonly HeaderArgument[]]
> = [];
