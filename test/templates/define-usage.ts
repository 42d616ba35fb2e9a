// Type-level contract of a scaffold's define.ts (templates/scaffold, against its sample manifest: tools get_weather and
// ping), type-checked with the templates by `npm run typecheck` (tsconfig.test.json), never run. Each @ts-expect-error
// must be an error: if the types became looser, tsc reports the directive as unused.
import {
  defineHandler,
  definePrompt,
  defineResource,
  defineResourceTemplate,
  type Completions,
  type GetWeatherInput,
  type Handler,
  type HandlerDefinition,
  type PingInput,
  type PromptName,
  type ResourceTemplateName,
  type ToolName,
} from "../../templates/scaffold/src/generated/define.js";
import type { PromptHandler, ResourceHandler, ResourceTemplateHandler } from "../../templates/scaffold/src/generated/server-surface.js";
import type { FixedResourceUri, PromptMap, ResourceTemplateMap } from "../../templates/scaffold/src/generated/surface.js";

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

// A user's helper generic over the name binds through define*: a name constrained to the manifest's names is
// accepted by its constraint (the not-in-manifest check must not be a conditional type left unresolved on it).
export function wrapHandler<N extends ToolName>(tool: N, handle: Handler<N>): HandlerDefinition<N> {
  return defineHandler(tool, handle);
}
export const wrapped = wrapHandler("get_weather", (input) => ({ temperature: input.city.length }));
// A handler written inline there has typed parameters (not implicit any).
export function logged<N extends ToolName>(tool: N, handle: Handler<N>, log: (tool: N) => void) {
  return defineHandler(tool, (input, context) => (log(tool), handle(input, context)));
}
export function wrapPrompt<N extends PromptName>(prompt: N, handle: PromptHandler<PromptMap[N]>, complete?: Completions<PromptMap[N]>) {
  return complete === undefined ? definePrompt(prompt, handle) : definePrompt(prompt, handle, { complete });
}
export function wrapResource<U extends FixedResourceUri>(uri: U, handle: ResourceHandler) {
  return defineResource(uri, handle);
}
export function wrapTemplate<N extends ResourceTemplateName>(
  name: N,
  handle: ResourceTemplateHandler<ResourceTemplateMap[N]>,
  complete?: Completions<ResourceTemplateMap[N]>,
) {
  return complete === undefined ? defineResourceTemplate(name, handle) : defineResourceTemplate(name, handle, { complete });
}
// @ts-expect-error -- a wrapper over any string is not one over the manifest's names
export const loose = <N extends string>(tool: N) => defineHandler(tool, () => "text");

// Completers are typed by the prompt's arguments (and a template's variables): the context holds the others.
export const completed = definePrompt("weather-report", () => [], {
  complete: { city: (value, context) => [context.arguments.units ?? value] },
});
export const completedTemplate = defineResourceTemplate("forecast", () => "text", {
  complete: (variable, value) => [variable === "days" ? value : "Oslo"],
});
// @ts-expect-error -- a completer of an argument the prompt does not have
export const unknownArgument = definePrompt("weather-report", () => [], { complete: { town: () => [] } });
// @ts-expect-error -- a prompt the manifest does not list fails on its name (and only there: its completers are unchecked)
export const unlistedPrompt = definePrompt("forecast", () => [], { complete: { town: () => [] } });
