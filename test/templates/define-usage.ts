// Type-level contract of a scaffold's define.ts (templates/scaffold, against its sample manifest: tools get_weather and
// ping), type-checked with the templates by `npm run typecheck` (tsconfig.test.json), never run. Each @ts-expect-error
// must be an error: if the types became looser, tsc reports the directive as unused.
import { defineHandler, type GetWeatherInput, type PingInput, type ToolName } from "../../templates/scaffold/src/generated/define.js";

// A name held in a const: its input is the tool's.
const weather = "get_weather";
export const byConst = defineHandler(weather, (input) => ({ temperature: input.city.length }));

// A handler for either of two tools: its input is either tool's (a union of names checks each, and does not
// make the input `any`).
declare const either: "get_weather" | "ping";
export const byUnion = defineHandler(either, (input) => {
  const typed: GetWeatherInput | PingInput = input;
  // @ts-expect-error -- the input is a tool's arguments, not a number
  const wrong: number = input;
  return { temperature: "city" in typed ? wrong : 0 };
});

// @ts-expect-error -- a name the manifest does not list fails on the name
export const unlisted = defineHandler("nope", () => "text");
// @ts-expect-error -- a union with one name the manifest does not list fails too
export const partly = defineHandler(either as ToolName | "nope", () => "text");
