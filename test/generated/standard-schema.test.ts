/**
 * Validators other libraries accept: `standardSchemas` exposes every tool's
 * input and output validator as a Standard Schema v1 object. A consumer that
 * knows only the spec (test/consumers/standard-schema.ts) infers the tools'
 * types from it and validates through it.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { standardSchemas } from "../../golden/weather/validate.js";
import { compileAndRun, typecheckProgram } from "../helpers/consumer-program.js";
import { repoRoot } from "../helpers/typecheck.js";

const program = join(repoRoot, "test/consumers/standard-schema.ts");

describe("standardSchemas: the validators as Standard Schema v1", () => {
  it("a consumer that reads only ~standard compiles and runs", async () => {
    const observed = await compileAndRun(program);
    const issue = (path: Array<string | number>, message: string) => ({ path, message });
    expect(observed).toEqual({
      temperature: -3,
      vendor: "mcpgen",
      version: 1,
      sameValue: true,
      results: {
        "weather input, valid": { ok: true, value: { location: "Oslo", units: "metric" } },
        // Keys as they are, not JSON pointer tokens (`~1`, `~0`).
        "weather input, wrong type and an unknown property": {
          ok: false,
          issues: [issue(["location"], "must be string"), issue(["a/b~c"], "is not an allowed property")],
        },
        "weather input, not an object": { ok: false, issues: [issue([], "must be object (tool arguments are a JSON object)")] },
        "forecast output, the second day's high": {
          ok: false,
          issues: [issue(["days", 1, "high"], "must be number"), issue(["days", 1, "low"], "is required")],
        },
        "a tool without an outputSchema accepts anything": { ok: true, value: [1, "two"] },
        // An index into an array is a number; a property named "0" stays a string.
        "array items and record keys that look like indices": {
          ok: false,
          issues: [
            issue(["closed", "c"], "is not an allowed property"),
            issue(["typedMap", "0"], "must be number"),
            issue(["typedMap", "a/b"], "must be number"),
          ],
        },
        "a list's item": { ok: false, issues: [issue(["list", 1], "must be string")] },
        "a recursive ref": {
          ok: false,
          issues: [
            issue(["tree", "value"], "is required"),
            issue(["tree", "children", 0, "value"], "is required"),
            issue(["tree", "children", 0, "children", 0, "children"], "must be array"),
          ],
        },
        "a property name too long": {
          ok: false,
          issues: [
            issue(["long"], "is not an allowed property name (the name must NOT have more than 3 characters)"),
            issue(["long"], "is not an allowed property"),
          ],
        },
        "a property called __proto__": { ok: false, issues: [issue(["__proto__"], "must be string"), issue(["constructor"], "must be number")] },
      },
      // The 12 distinct tools of the hazards manifest (one is listed twice), `__proto__` among them as an own key.
      hazardTools: 17,
      ownProto: true,
      toStringTool: { ok: true, value: {} },
      noToString: false,
      frozen: true,
    });
  });

  it("a library that takes Standard Schemas takes them: vitest's expect.schemaMatching", () => {
    const forecast = { location: "Oslo", days: [{ date: "2026-01-01", high: 1, low: -4 }] };
    expect(forecast).toEqual(expect.schemaMatching(standardSchemas.get_forecast.output));
    expect({ location: "Oslo", days: [{ date: "2026-01-01", high: "mild", low: -4 }] }).not.toEqual(expect.schemaMatching(standardSchemas.get_forecast.output));
    expect({ location: "Oslo", units: "imperial" }).toEqual(expect.schemaMatching(standardSchemas.get_weather.input));
    expect({ location: 5 }).not.toEqual(expect.schemaMatching(standardSchemas.get_weather.input));
  });

  it("type-checks under module Bundler too", async () => {
    const result = await typecheckProgram(program, "Bundler");
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
