/**
 * End to end: the generated weather client (golden/weather) talks to a real SDK
 * server through real SDK clients, v1 (`@modelcontextprotocol/sdk`) and v2
 * (`@modelcontextprotocol/client`).
 */
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { callTool, connect as connectTools, createClient, ToolError, ValidationError, type ToolsClient } from "../../golden/weather/index.js";
import { getWeather, listAlerts } from "../../golden/weather/calls.js";
import { cannedServer, linkedTransports, type CannedContext, type CannedServer } from "../helpers/canned-server.js";
import { repoRoot } from "../helpers/typecheck.js";

const manifest = JSON.parse(await readFile(join(repoRoot, "examples/weather.tools.json"), "utf8")) as { tools: Tool[] };

async function answer(name: string, args: Record<string, unknown>, context: CannedContext) {
  if (name === "get_forecast" && args["location"] === "Slow") {
    await context.progress(1, 2);
    await context.progress(2, 2);
    return { content: [], structuredContent: { location: "Slow", days: [] } };
  }
  if (name === "get_forecast" && args["location"] === "Never") {
    // Answers only when cancelled (the client's timeout cancels the request), bounded by the test's own timeout.
    await new Promise((resolve) => context.signal.addEventListener("abort", resolve, { once: true }));
    return { content: [], isError: true };
  }
  if (name === "get_weather") {
    switch (args["location"]) {
      case "Oslo":
        return {
          content: [{ type: "text" as const, text: '{"temperature":-3,"conditions":"snow","humidity":80}' }],
          structuredContent: { temperature: -3, conditions: "snow", humidity: 80 },
        };
      case "Atlantis":
        return { content: [{ type: "text" as const, text: "unknown location: Atlantis" }], isError: true };
      case "Broken":
        return { content: [{ type: "text" as const, text: "hot" }], structuredContent: { temperature: "hot", conditions: "?", humidity: 1 } };
      case "Silent":
        return { content: [{ type: "text" as const, text: "no structured content" }] };
    }
  }
  if (name === "list_alerts") return { content: [{ type: "text" as const, text: "no alerts" }] };
  return { content: [{ type: "text" as const, text: `unexpected ${name}` }], isError: true };
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function connect(generation: "v1" | "v2"): Promise<{ weather: ToolsClient; canned: CannedServer; client: ClientV1 | ClientV2 }> {
  const canned = cannedServer(manifest.tools, answer);
  const [clientSide, serverSide] = linkedTransports();
  await canned.server.connect(serverSide as never);
  const client = generation === "v1" ? new ClientV1({ name: "test", version: "1.0.0" }) : new ClientV2({ name: "test", version: "1.0.0" });
  await client.connect(clientSide as never);
  cleanups.push(async () => {
    await client.close();
    await canned.server.close();
  });
  return { weather: createClient(client), canned, client };
}

describe.each(["v1", "v2"] as const)("generated client with SDK %s", (generation) => {
  it("returns typed, validated structuredContent", async () => {
    const { weather, canned } = await connect(generation);
    const result = await weather.getWeather({ location: "Oslo" });
    const temperature: number = result.structuredContent.temperature;
    expect(temperature).toBe(-3);
    expect(result.structuredContent).toEqual({ temperature: -3, conditions: "snow", humidity: 80 });
    expect(result.content).toEqual([{ type: "text", text: '{"temperature":-3,"conditions":"snow","humidity":80}' }]);
    expect(canned.calls).toEqual([{ name: "get_weather", arguments: { location: "Oslo" } }]);
  });

  it("calls one tool of calls.ts through callTool as the client's method does: typed, validated, the same errors", async () => {
    const { canned, client } = await connect(generation);
    const tools = connectTools(client);
    const result = await callTool(tools, getWeather, { location: "Oslo" });
    const temperature: number = result.structuredContent.temperature;
    expect(temperature).toBe(-3);
    expect((await callTool(tools, listAlerts)).content).toEqual([{ type: "text", text: "no alerts" }]);
    const invalid = await callTool(tools, getWeather, { location: 5 } as never).catch((caught: unknown) => caught);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).message).toBe('invalid arguments for tool "get_weather": /location must be string');
    expect(await callTool(tools, getWeather, { location: "Atlantis" }).catch((caught: unknown) => caught)).toBeInstanceOf(ToolError);
    const broken = await callTool(tools, getWeather, { location: "Broken" }).catch((caught: unknown) => caught);
    expect(broken).toBeInstanceOf(ValidationError);
    expect((broken as ValidationError).phase).toBe("output");
    expect(canned.calls.map((call) => call.arguments)).toEqual([{ location: "Oslo" }, {}, { location: "Atlantis" }, { location: "Broken" }]);
  });

  it("rejects invalid arguments locally, before sending anything", async () => {
    const { weather, canned } = await connect(generation);
    const error = await weather.getWeather({ location: 5 } as never).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).phase).toBe("input");
    expect((error as ValidationError).issues).toEqual([{ path: "/location", message: "must be string" }]);
    const extra = await weather.getWeather({ location: "Oslo", unit: "kelvin" } as never).catch((caught: unknown) => caught);
    expect((extra as ValidationError).issues).toEqual([{ path: "/unit", message: "is not an allowed property" }]);
    expect(canned.calls).toEqual([]);
  });

  it("rejects structuredContent that violates the outputSchema, keeping the result", async () => {
    const { weather } = await connect(generation);
    const error = await weather.getWeather({ location: "Broken" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    const validation = error as ValidationError;
    expect(validation.phase).toBe("output");
    expect(validation.issues).toEqual([{ path: "/temperature", message: "must be number" }]);
    expect(validation.result?.content).toEqual([{ type: "text", text: "hot" }]);
  });

  it.runIf(generation === "v1")("reports the SDK's own outputSchema check (made once the app has listed the tools) as ValidationError", async () => {
    const { weather, client } = await connect(generation);
    await client.listTools();
    const broken = await weather.getWeather({ location: "Broken" }).catch((caught: unknown) => caught);
    expect(broken).toBeInstanceOf(ValidationError);
    expect((broken as ValidationError).phase).toBe("output");
    expect((broken as ValidationError).issues).toEqual([
      { path: "", message: expect.stringMatching(/^does not match the outputSchema \(reported by the MCP SDK: .*temperature.*\)$/) },
    ]);
    expect((broken as ValidationError).cause).toBeInstanceOf(Error);
    const silent = await weather.getWeather({ location: "Silent" }).catch((caught: unknown) => caught);
    expect((silent as ValidationError).issues).toEqual([
      { path: "", message: "structuredContent is missing (the tool declares an outputSchema; reported by the MCP SDK)" },
    ]);
    expect((await weather.getWeather({ location: "Oslo" })).structuredContent.temperature).toBe(-3);
  });

  it.runIf(generation === "v2")(
    "checks structuredContent itself even once the app has listed the tools: SDK v2 gets the tool's definition without its outputSchema",
    async () => {
      const { weather, client } = await connect(generation);
      await client.listTools();
      const broken = await weather.getWeather({ location: "Broken" }).catch((caught: unknown) => caught);
      expect(broken).toBeInstanceOf(ValidationError);
      // mcpgen's own check, with its pointer, not the SDK's summary.
      expect((broken as ValidationError).issues).toEqual([{ path: "/temperature", message: "must be number" }]);
      expect((broken as ValidationError).cause).toBeUndefined();
      const silent = await weather.getWeather({ location: "Silent" }).catch((caught: unknown) => caught);
      expect((silent as ValidationError).issues).toEqual([{ path: "", message: "structuredContent is missing (the tool declares an outputSchema)" }]);
      expect((await weather.getWeather({ location: "Oslo" })).structuredContent.temperature).toBe(-3);
    },
  );

  it("rejects a missing structuredContent when an outputSchema is declared", async () => {
    const { weather } = await connect(generation);
    const error = await weather.getWeather({ location: "Silent" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]?.message).toMatch(/structuredContent is missing/);
  });

  it("throws ToolError carrying the result when isError is true", async () => {
    const { weather } = await connect(generation);
    const error = await weather.getWeather({ location: "Atlantis" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toBe('tool "get_weather" reported an error: unknown location: Atlantis');
    expect((error as ToolError).result.isError).toBe(true);
    expect((error as ToolError).toolName).toBe("get_weather");
  });

  it("calls a no-argument tool with no argument", async () => {
    const { weather, canned } = await connect(generation);
    const result = await weather.listAlerts();
    expect(result.content).toEqual([{ type: "text", text: "no alerts" }]);
    expect(canned.calls).toEqual([{ name: "list_alerts", arguments: {} }]);
  });

  it("skips validation when asked to, per call", async () => {
    const { weather } = await connect(generation);
    const result = await weather.getWeather({ location: "Broken" }, { validate: false });
    expect(result.structuredContent).toEqual({ temperature: "hot", conditions: "?", humidity: 1 });
  });

  it("forwards onprogress to the SDK and reports the server's progress", async () => {
    const { weather } = await connect(generation);
    const seen: Array<[number, number | undefined]> = [];
    const result = await weather.getForecast({ location: "Slow" }, { onprogress: (progress) => void seen.push([progress.progress, progress.total]) });
    expect(result.structuredContent).toEqual({ location: "Slow", days: [] });
    expect(seen).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it("forwards timeout to the SDK", async () => {
    const { weather } = await connect(generation);
    await expect(weather.getForecast({ location: "Never" }, { timeout: 100 })).rejects.toThrow(/timed out|timeout/i);
  });

  it("forwards an abort signal to the SDK", async () => {
    const { weather } = await connect(generation);
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(weather.getWeather({ location: "Oslo" }, { signal: controller.signal })).rejects.toThrow();
  });
});

describe("the client object", () => {
  it("is never a thenable, even with a tool named then", async () => {
    const hazards = await import("../../golden/hazards/index.js");
    const client = hazards.createClient({ callTool: async () => ({ content: [] }) });
    expect("then" in client).toBe(false);
    expect(Object.getPrototypeOf(client)).toBe(Object.prototype);
    expect(typeof client.thenTool).toBe("function");
    expect(typeof client.proto).toBe("function");
    expect(await Promise.resolve(client)).toBe(client);
    expect(hazards.methodNames["__proto__"]).toBe("proto");
    expect(Object.keys(hazards.methodNames)).toContain("__proto__");
  });
});
