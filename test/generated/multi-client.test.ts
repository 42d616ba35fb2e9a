/**
 * Several servers in one app: the errors of one generated client are the
 * errors of every other (each output has its own runtime.ts), through
 * `instanceof` and the `isToolError`/`isValidationError` guards, which narrow.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createContext, runInContext } from "node:vm";
import { describe, expect, it } from "vitest";
import * as weather from "../../golden/weather/index.js";
import { compileAndRun, typecheckProgram } from "../helpers/consumer-program.js";
import { repoRoot } from "../helpers/typecheck.js";

const program = join(repoRoot, "test/consumers/two-clients.ts");

describe("two generated clients in one program", () => {
  it("compiles and runs: each copy's instanceof and guards recognise the other copy's errors, subclasses stay exact, lookalikes are not errors", async () => {
    const observed = await compileAndRun(program);
    const toolError = { weather: [true, true, false, false], shared: [true, true, false, false], error: true, retryable: false };
    const validationError = { weather: [false, false, true, true], shared: [false, false, true, true], error: true, retryable: false };
    const nothing = { weather: [false, false, false, false], shared: [false, false, false, false], error: false, retryable: false };
    expect(observed).toEqual({
      identity: {
        weatherToolError: toolError,
        sharedToolError: toolError,
        weatherValidationError: validationError,
        sharedValidationError: validationError,
        subclassed: { ...toolError, retryable: true },
      },
      // Every issue (the default) in the schema's order, or with { firstIssue: true } the first alone.
      issues: {
        first: [{ path: "/page/size", message: "must be >= 1" }],
        every: [
          { path: "/page/size", message: "must be >= 1" },
          { path: "/near/country", message: "is required" },
        ],
      },
      lookalikes: { json: nothing, spread: nothing, structuredClone: { ...nothing, error: true } },
      described: {
        weatherToolError: 'ToolError from get_weather: tool "get_weather" reported an error: get_weather failed (1 block)',
        sharedToolError: 'ToolError from list_stores: tool "list_stores" reported an error: list_stores failed (1 block)',
        weatherValidationError: "ValidationError (input) for tool get_forecast: /days must be integer",
        sharedValidationError: "ValidationError (input) for tool list_customers: /near/country is required",
        subclassed: "retry get_weather in 5s",
        json: "not mcpgen's",
        spread: "not mcpgen's",
        structuredClone: "not mcpgen's",
      },
    });
  });

  it("type-checks under module Bundler too", async () => {
    const result = await typecheckProgram(program, "Bundler");
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("recognises the errors of a copy loaded in another realm, both ways (a vm context: another Error, the same symbol registry)", async () => {
    const ts = await import("typescript");
    const source = await readFile(join(repoRoot, "golden/shared/runtime.ts"), "utf8");
    const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
    const realm = createContext({ exports: {} });
    runInContext(outputText, realm);
    const foreign = realm["exports"] as typeof import("../../golden/shared/runtime.js");

    const toolError = new foreign.ToolError("list_stores", { content: [{ type: "text", text: "down" }], isError: true });
    expect(toolError instanceof Error).toBe(false);
    expect(toolError instanceof weather.ToolError && weather.isToolError(toolError)).toBe(true);
    expect(toolError instanceof weather.ValidationError || weather.isValidationError(toolError)).toBe(false);

    realm["local"] = new weather.ValidationError("get_weather", "input", [{ path: "/location", message: "is required" }]);
    expect(
      runInContext(
        "[local instanceof Error, local instanceof exports.ValidationError, exports.isValidationError(local), local instanceof exports.ToolError]",
        realm,
      ),
    ).toEqual([false, true, true, false]);
  });
});
