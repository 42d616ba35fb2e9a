// A consumer that knows nothing of mcpgen, as a form library or an RPC framework is: it declares Standard
// Schema v1 itself (https://standardschema.dev) and reads only `~standard`. test/generated/standard-schema.test.ts
// type-checks this file under the strict settings (the inferred types are part of the test), compiles it,
// runs it and reads what it prints.
import type { StandardSchemaV1 as SdkStandardSchemaV1 } from "@modelcontextprotocol/client";
import type * as hazardTypes from "../../golden/hazards/index.js";
import * as hazards from "../../golden/hazards/validate.js";
import * as typeMapping from "../../golden/type-mapping/validate.js";
import type * as weatherTypes from "../../golden/weather/index.js";
import * as weather from "../../golden/weather/validate.js";

/** Standard Schema v1, in the consumer's own words: what it requires of a schema. */
interface AnyStandardSchema<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
      options?: { readonly libraryOptions?: Record<string, unknown> | undefined },
    ) => Outcome<Output> | Promise<Outcome<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}
type Outcome<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined }> };
type InferInput<Schema extends AnyStandardSchema> = NonNullable<Schema["~standard"]["types"]>["input"];
type InferOutput<Schema extends AnyStandardSchema> = NonNullable<Schema["~standard"]["types"]>["output"];

type Checked<Output> = { ok: true; value: Output } | { ok: false; issues: Array<{ message: string; path: PropertyKey[] }> };

/** The generic consumer: any Standard Schema, sync or async, its `validate` called detached from the schema. */
async function validateWith<Schema extends AnyStandardSchema>(schema: Schema, value: unknown): Promise<Checked<InferOutput<Schema>>> {
  const { validate, version } = schema["~standard"];
  if (version !== 1) throw new Error("not Standard Schema v1");
  const result = await validate(value);
  if (result.issues) {
    return {
      ok: false,
      issues: result.issues.map((issue) => ({
        message: issue.message,
        path: (issue.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment)),
      })),
    };
  }
  return { ok: true, value: result.value as InferOutput<Schema> };
}

// The inferred types are the tools' own.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const getWeather = weather.standardSchemas.get_weather;
export const inferred: [
  Equal<InferInput<typeof getWeather.input>, weatherTypes.GetWeatherInput>,
  Equal<InferOutput<typeof getWeather.input>, weatherTypes.GetWeatherInput>,
  Equal<InferInput<typeof getWeather.output>, weatherTypes.GetWeatherOutput>,
  Equal<InferOutput<typeof weather.standardSchemas.get_forecast.output>, weatherTypes.GetForecastOutput>,
  Equal<InferOutput<typeof weather.standardSchemas.list_alerts.output>, unknown>,
  Equal<InferInput<(typeof hazards.standardSchemas)["__proto__"]["input"]>, hazardTypes.ToolMap["__proto__"]["input"]>,
] = [true, true, true, true, true, true];
// @ts-expect-error a name no tool has
void weather.standardSchemas.get_wether;
// Accepted where the MCP SDK v2 takes a Standard Schema (its own declaration of the spec).
export const forTheSdk: SdkStandardSchemaV1<weatherTypes.GetWeatherInput> = getWeather.input;

const checked = await validateWith(getWeather.output, { temperature: -3, conditions: "snow", humidity: 80 });
// Typed by what the consumer inferred.
const temperature: number | undefined = checked.ok ? checked.value.temperature : undefined;

// JSON text, so that a property may be called __proto__.
const json = (text: string): unknown => JSON.parse(text);
const cases: Array<[string, AnyStandardSchema, unknown]> = [
  ["weather input, valid", getWeather.input, { location: "Oslo", units: "metric" }],
  ["weather input, wrong type and an unknown property", getWeather.input, json('{"location": 5, "a/b~c": 1}')],
  ["weather input, not an object", getWeather.input, "Oslo"],
  [
    "forecast output, the second day's high",
    weather.standardSchemas.get_forecast.output,
    {
      location: "Oslo",
      days: [
        { date: "2026-01-01", high: 1, low: 0 },
        { date: "2026-01-02", high: "hot" },
      ],
    },
  ],
  ["a tool without an outputSchema accepts anything", weather.standardSchemas.list_alerts.output, [1, "two"]],
  [
    "array items and record keys that look like indices",
    typeMapping.standardSchemas.objects.input,
    { typedMap: { "0": "zero", "a/b": "one", "1": 1 }, closed: { a: "x", c: 1 } },
  ],
  ["a list's item", typeMapping.standardSchemas.arrays_and_tuples.input, { list: ["a", 2] }],
  ["a recursive ref", typeMapping.standardSchemas.refs.input, { tree: { children: [{ children: [{ value: "deep", children: "none" }] }] } }],
  ["a property name too long", typeMapping.standardSchemas.property_rules.input, { id: "x", long: "y" }],
  ["a property called __proto__", hazards.standardSchemas.object_member_properties.input, json('{"__proto__": 5, "constructor": "c"}')],
];
const results: Record<string, unknown> = {};
for (const [name, schema, value] of cases) results[name] = await validateWith(schema, value);

console.log(
  JSON.stringify({
    temperature,
    vendor: getWeather.input["~standard"].vendor,
    version: getWeather.input["~standard"].version,
    // The same value comes back (validation does not copy or coerce).
    sameValue: await (async () => {
      const input = { location: "Oslo" };
      const result = await validateWith(getWeather.input, input);
      return result.ok && result.value === input;
    })(),
    results,
    // Tools by wire name, also names Object.prototype has: the table has no prototype.
    hazardTools: Object.keys(hazards.standardSchemas).length,
    ownProto: Object.prototype.hasOwnProperty.call(hazards.standardSchemas, "__proto__"),
    toStringTool: await validateWith(hazards.standardSchemas.toString.input, {}),
    noToString: "toString" in weather.standardSchemas,
    frozen: Object.isFrozen(weather.standardSchemas) && Object.isFrozen(getWeather) && Object.isFrozen(getWeather.input["~standard"]),
  }),
);
