/**
 * Stand-in for a scaffold's `src/generated/surface.ts`: a sample prompt, fixed
 * resource and resource template beside the sample tools, as it lists them,
 * with the types `types.ts` would hold for them.
 */
import type {
  ListedPrompt,
  ListedResource,
  ListedResourceTemplate,
} from "./server-surface.js";

export { uriTemplateMatcher } from "./uri-template-match.js";

export type WeatherReportArguments = { city: string; units?: string };

export type ForecastVariables = { city: string; days?: string };

export const prompts: readonly ListedPrompt[] | undefined = [
  {
    name: "weather-report",
    description: "A weather report for a city",
    arguments: [
      { name: "city", required: true },
      { name: "units", required: false },
    ],
  },
];

export const resources: readonly ListedResource[] | undefined = [
  { uri: "weather://stations", name: "stations", mimeType: "application/json" },
];

export const resourceTemplates: readonly ListedResourceTemplate[] | undefined =
  [{ name: "forecast", uriTemplate: "weather://forecast/{city}{?days}" }];

export const completions = true;

export type PromptMap = { "weather-report": WeatherReportArguments };

export type ResourceTemplateMap = { forecast: ForecastVariables };

export type FixedResourceUri = "weather://stations";
