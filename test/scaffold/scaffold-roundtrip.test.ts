/**
 * Round trip: a scaffolded weather server, built and started for real over
 * stdio and Streamable HTTP, pulled with `mcpgen pull`, listed and called
 * with the SDK clients (v1, on the 2025 revisions; v2, pinned to 2026-07-28)
 * and with the typed client `generate` makes from the same manifest.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioTransportV2 } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, LoggingMessageNotificationSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { pull } from "../../src/commands/pull.js";
import { compile, scaffoldProject, startHttp, weatherManifest, writeHandler, type HttpServerProcess } from "../helpers/scaffold-project.js";

const GET_WEATHER = `import { defineHandler } from "../generated/define.js";

export default defineHandler("get_weather", async (input, context) => {
  await context.log("info", \`weather for \${input.location}\`);
  if (input.location === "Atlantis") throw new Error("no weather under the sea");
  if (input.location === "ask") {
    // Asks the user which city: a request to the client on 2025, an input_required round on 2026-07-28.
    if (context.elicit === undefined) throw new Error("this client cannot be asked");
    const answer = await context.elicit({
      message: "Which city?",
      requestedSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    });
    const city = answer.action === "accept" ? String(answer.content?.["city"]) : "nowhere";
    return { temperature: 18, conditions: \`asked: \${city}\`, humidity: 50 };
  }
  // Humidity above 100 breaks the outputSchema: the server must not send it.
  if (input.location === "Nowhere") return { temperature: 0, conditions: "void", humidity: 250 };
  return { temperature: input.units === "imperial" ? 72 : 22, conditions: "sunny", humidity: 40, observedAt: "2025-06-01T12:00:00Z" };
});
`;

const GET_FORECAST = `import { defineHandler } from "../generated/define.js";

export default defineHandler("get_forecast", (input) => ({
  location: input.location,
  days: Array.from({ length: input.days ?? 3 }, (_, day) => ({ date: \`2025-06-0\${day + 1}\`, high: 25 + day, low: 15, conditions: null })),
}));
`;

/** Compile-time half of "typed data": the generated client's result is the shared output type. */
const CLIENT_USAGE = `import type { GetWeatherOutput, ToolsClient } from "./client/index.js";

export async function temperature(client: ToolsClient): Promise<number> {
  const result = await client.getWeather({ location: "Paris", units: "metric" });
  const output: GetWeatherOutput = result.structuredContent;
  return output.temperature;
}
`;

interface GeneratedClientModule {
  createClient(client: Client): {
    getWeather(
      input: { location: string; units?: "metric" | "imperial" },
      options?: { validate?: boolean },
    ): Promise<CallToolResult & { structuredContent: { temperature: number; conditions: string; humidity: number } }>;
    getForecast(input: { location: string; days?: number }): Promise<CallToolResult & { structuredContent: { location: string; days: unknown[] } }>;
    listAlerts(input?: Record<string, unknown>): Promise<CallToolResult>;
  };
}

let project: string;
let manifestTools: unknown[];
let generatedClient: GeneratedClientModule;

beforeAll(async () => {
  ({ project } = await scaffoldProject(weatherManifest, "weather-server"));
  await writeHandler(project, "src/handlers/get-weather.ts", GET_WEATHER);
  await writeHandler(project, "src/handlers/get-forecast.ts", GET_FORECAST);
  await generate({ manifest: join(project, "manifest.json"), outDir: join(project, "src/client") });
  await writeFile(join(project, "src/client-usage.ts"), CLIENT_USAGE);
  const built = await compile(project);
  expect(built.output).toBe("");
  manifestTools = (JSON.parse(await readFile(weatherManifest, "utf8")) as { tools: unknown[] }).tools;
  generatedClient = (await import(pathToFileURL(join(project, "dist/client/index.js")).href)) as GeneratedClientModule;
});

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

type Era = "2025" | "2026-07-28";

/** An SDK client of either generation, as these tests use it. */
type AnyClient = Client | ClientV2;

/** What the user answers when a handler asks (elicitation), and the questions asked. */
const elicited: string[] = [];
const USER_CITY = "Lisbon";

/** An SDK v1 client (the 2025 handshake), or an SDK v2 client pinned to 2026-07-28; either answers elicitation. */
function sdkClient(era: Era): AnyClient {
  const answer = (message: string) => (elicited.push(message), { action: "accept" as const, content: { city: USER_CITY } });
  if (era === "2025") {
    const client = new Client({ name: "roundtrip", version: "1.0.0" }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params.message));
    return client;
  }
  const client = new ClientV2(
    { name: "roundtrip", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: {} } },
  );
  client.setRequestHandler("elicitation/create", (request) => answer(request.params.message));
  return client;
}

/** What a result carries besides the tool's answer: the 2026-07-28 server identity stamp, left out for comparison. */
function answer(result: unknown): unknown {
  const { _meta: _identity, ...rest } = result as { _meta?: unknown };
  return rest;
}

/** The calls every transport and both eras must answer the same way. */
function sharedBehaviour(era: Era, connect: () => Promise<{ client: AnyClient; serverLog: () => string }>) {
  let client: AnyClient;
  let serverLog: () => string;
  beforeAll(async () => {
    ({ client, serverLog } = await connect());
    if (client instanceof ClientV2) expect(client.getProtocolEra()).toBe("modern");
  });
  afterAll(async () => {
    await client.close();
  });
  const call = (params: { name: string; arguments: Record<string, unknown> }) => client.callTool(params) as Promise<CallToolResult>;

  it("lists exactly the manifest's tools", async () => {
    expect((await client.listTools()).tools).toEqual(manifestTools);
  });

  it("serves typed, validated data to the client generated from the same manifest", async () => {
    const tools = generatedClient.createClient(client as Client);
    const weather = await tools.getWeather({ location: "Paris" });
    expect(weather.structuredContent).toEqual({ temperature: 22, conditions: "sunny", humidity: 40, observedAt: "2025-06-01T12:00:00Z" });
    expect(JSON.parse(text(weather))).toEqual(weather.structuredContent);
    expect((await tools.getWeather({ location: "Boston", units: "imperial" })).structuredContent.temperature).toBe(72);
    expect((await tools.getForecast({ location: "Paris", days: 2 })).structuredContent.days).toHaveLength(2);
  });

  it("answers invalid arguments with a tool error naming each JSON pointer", async () => {
    const result = await call({ name: "get_weather", arguments: { units: "kelvin", extra: 1 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(
      'Invalid arguments for tool "get_weather":\n  /location: is required\n  /units: must be one of "metric", "imperial"\n  /extra: is not an allowed property',
    );
    await expect(generatedClient.createClient(client as Client).getWeather({ location: 7 as unknown as string }, { validate: false })).rejects.toThrow(
      "/location: must be string",
    );
  });

  it('answers a stub with "not implemented"', async () => {
    await expect(generatedClient.createClient(client as Client).listAlerts()).rejects.toMatchObject({
      name: "ToolError",
      message: 'tool "list_alerts" reported an error: not implemented: list_alerts',
    });
  });

  it("turns a handler's exception into a tool error with its message and no stack", async () => {
    const result = await call({ name: "get_weather", arguments: { location: "Atlantis" } });
    expect(answer(result)).toEqual({ isError: true, content: [{ type: "text", text: "no weather under the sea" }] });
  });

  it("refuses output that breaks the outputSchema, loudly in the server's log", async () => {
    const result = await call({ name: "get_weather", arguments: { location: "Nowhere" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Tool "get_weather" produced output that does not match its outputSchema:\n  /humidity: must be <= 100');
    await expect.poll(serverLog).toContain('ERROR: tool "get_weather" returned output that does not match its outputSchema');
  });

  it("lets a handler ask the user through the client (elicitation) and answers with what the user said", async () => {
    const before = elicited.length;
    const result = await call({ name: "get_weather", arguments: { location: "ask" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ temperature: 18, conditions: `asked: ${USER_CITY}`, humidity: 50 });
    expect(elicited.slice(before)).toEqual(["Which city?"]);
  });

  it("answers an unknown tool with JSON-RPC -32602", async () => {
    await expect(call({ name: "get_humidity", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  });

  if (era === "2025") {
    it("sends the handler's log messages", async () => {
      const messages: unknown[] = [];
      (client as Client).setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void messages.push(notification.params));
      await call({ name: "get_weather", arguments: { location: "Oslo" } });
      await expect.poll(() => messages).toContainEqual({ level: "info", logger: "get_weather", data: "weather for Oslo" });
    });
  }
}

/** `mcpgen pull` of the running server records the manifest's tools. */
async function pulledTools(target: { url: string } | { command: string[] }): Promise<unknown[]> {
  const outDir = await mkdtemp(join(tmpdir(), "mcpgen-scaffold-pull-"));
  await pull({
    ...("url" in target ? { target: target.url } : { command: target.command }),
    outDir,
    format: false,
    environment: { PATH: process.env["PATH"] ?? "" },
  });
  return (JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as { tools: unknown[] }).tools;
}

describe("over stdio", () => {
  it("gives `mcpgen pull` the manifest's tools", async () => {
    expect(await pulledTools({ command: [process.execPath, join(project, "dist/server.js")] })).toEqual(manifestTools);
  });

  for (const era of ["2025", "2026-07-28"] as const) {
    describe(era === "2025" ? "to an SDK v1 client" : "to an SDK v2 client pinned to 2026-07-28", () => {
      sharedBehaviour(era, async () => {
        const parameters = {
          command: process.execPath,
          args: [join(project, "dist/server.js")],
          cwd: project,
          stderr: "pipe" as const,
          env: { PATH: process.env["PATH"] ?? "" },
        };
        const transport = era === "2025" ? new StdioClientTransport(parameters) : new StdioTransportV2(parameters);
        let log = "";
        transport.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
        const client = sdkClient(era);
        await client.connect(transport as never);
        return { client, serverLog: () => log };
      });
    });
  }
});

describe("over Streamable HTTP", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttp(project);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("gives `mcpgen pull` the manifest's tools", async () => {
    expect(await pulledTools({ url: server.url })).toEqual(manifestTools);
  });

  for (const era of ["2025", "2026-07-28"] as const) {
    describe(era === "2025" ? "to an SDK v1 client" : "to an SDK v2 client pinned to 2026-07-28", () => {
      sharedBehaviour(era, async () => {
        const client = sdkClient(era);
        const url = new URL(server.url);
        await client.connect((era === "2025" ? new StreamableHTTPClientTransport(url) : new HttpTransportV2(url)) as never);
        return { client, serverLog: () => server.stderr() };
      });
    });
  }

  it.each(["2025", "2026-07-28"] as const)("answers tools/list with the manifest's tools byte for byte (same keys, same order) on %s", async (era) => {
    const modern = era === "2026-07-28";
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    const response = await fetch(server.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(modern ? { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" } : {}),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: modern ? { _meta: envelope } : {} }),
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    const data = /^data: (.*)$/m.exec(body)?.[1] ?? body;
    const message = JSON.parse(data) as { result: { tools: unknown[]; ttlMs?: number; cacheScope?: string } };
    expect(JSON.stringify(message.result.tools)).toBe(JSON.stringify(manifestTools));
    // The scaffold's src/server.ts sets no cache: 2026-07-28 says so, the 2025 revisions have no such fields.
    expect([message.result.ttlMs, message.result.cacheScope]).toEqual(modern ? [0, "private"] : [undefined, undefined]);
  });
});
