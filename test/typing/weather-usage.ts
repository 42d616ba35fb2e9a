// Type-level contract of the generated client (type-checked by test/generated/typing.test.ts, never run).
// Each @ts-expect-error must be an error: if the generated types became looser, tsc reports the directive as unused.
import { validateInput, validateOutput } from "../../golden/weather/validate.js";
import { getForecast, getWeather, listAlerts } from "../../golden/weather/calls.js";
import {
  callTool,
  connect,
  createClient,
  methodNames,
  type GetForecastOutputDay,
  type GetWeatherInput,
  type McpClient,
  type ToolInput,
  type ToolMap,
  type ToolName,
  type ToolOutput,
} from "../../golden/weather/index.js";

declare const sdkClient: McpClient;
const weather = createClient(sdkClient);

export async function usage(): Promise<void> {
  const result = await weather.getWeather({ location: "Oslo", units: "metric" });
  const temperature: number = result.structuredContent.temperature;
  const observed: string | undefined = result.structuredContent.observedAt;
  void temperature;
  void observed;

  // @ts-expect-error location is required
  await weather.getWeather({});
  // @ts-expect-error units is a closed enum
  await weather.getWeather({ location: "Oslo", units: "kelvin" });
  // @ts-expect-error additionalProperties: false makes the type closed
  await weather.getWeather({ location: "Oslo", extra: 1 });
  // @ts-expect-error exactOptionalPropertyTypes: an optional property is not `undefined`
  await weather.getWeather({ location: "Oslo", units: undefined });

  const forecast = await weather.getForecast({ location: "Oslo", days: 3 });
  const day: GetForecastOutputDay | undefined = forecast.structuredContent.days[0];
  const conditions: string | null | undefined = day?.conditions;
  void conditions;

  // No-argument tools need no argument; tools without outputSchema have no typed structuredContent.
  const alerts = await weather.listAlerts();
  // @ts-expect-error structuredContent is unknown without an outputSchema
  const notTyped: number = alerts.structuredContent;
  void notTyped;

  await weather.getWeather(
    { location: "Oslo" },
    { timeout: 1_000, signal: AbortSignal.timeout(1_000), validate: false, onprogress: (progress) => void progress.progress },
  );

  const checked = validateInput("get_weather", { location: "x" });
  if (checked.ok) {
    const input: GetWeatherInput = checked.value;
    void input;
  }
  const output = validateOutput("get_forecast", {});
  if (output.ok) void output.value.days;
  // @ts-expect-error unknown tool names are rejected
  validateInput("get_wether", {});

  const name: ToolName = "list_alerts";
  const method: "getWeather" = methodNames.get_weather;
  const input: ToolInput<"get_forecast"> = { location: "x" };
  const typedOutput: ToolOutput<"get_weather"> = { temperature: 1, conditions: "c", humidity: 2 };
  const map: ToolMap["list_alerts"]["output"] = "anything";
  void [name, method, input, typedOutput, map];

  // One tool at a time: callTool types each export of calls.ts as its method.
  const tools = connect(sdkClient);
  const called = await callTool(tools, getWeather, { location: "Oslo" });
  const calledTemperature: number = called.structuredContent.temperature;
  const days: GetForecastOutputDay[] = (await callTool(tools, getForecast, { location: "Oslo", days: 2 })).structuredContent.days;
  await callTool(tools, listAlerts);
  await callTool(tools, listAlerts, {}, { timeout: 10 });
  void [calledTemperature, days];
  // @ts-expect-error location is required
  await callTool(tools, getWeather, {});
  // @ts-expect-error the input may be left out only where the tool requires nothing
  await callTool(tools, getWeather);
  // @ts-expect-error units is a closed enum
  await callTool(tools, getWeather, { location: "Oslo", units: "kelvin" });
  // @ts-expect-error a tool without an outputSchema has no typed structuredContent to read as a number
  const untyped: number = (await callTool(tools, listAlerts)).structuredContent;
  void untyped;
  // @ts-expect-error only connect makes a connection
  await callTool({}, getWeather, { location: "Oslo" });
}
