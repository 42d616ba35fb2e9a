/**
 * The in-process mock (`createMockClient` of `mcpgen/mock`) under the
 * generated client of golden/weather, with the output's own validators and
 * with ajv's: typed, validated answers on every SDK shape and era; fixtures
 * first; injected faults (a tool error, a protocol error, a delay against the
 * call's timeout and signal, a dropped connection) arriving as the SDK's own
 * errors; the answer's source stated in `_meta`.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { mkdtemp, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { Client as ClientV2, InMemoryTransport as InMemoryTransportV2, ProtocolError, SdkError, SdkErrorCode } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemoryTransportV1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createMockClient, loadFixtures, type Fixture } from "../../src/commands/mock-client.js";
import { McpgenError } from "../../src/shared/errors.js";
import { createClient, ToolError, ValidationError } from "../../golden/weather/index.js";
import * as validate from "../../golden/weather/validate.js";
import { repoRoot } from "../helpers/typecheck.js";

const manifest = join(repoRoot, "golden/weather/manifest.json");

/** The diagnostic of the user error `run` throws (failing the test unless it throws one). */
function diagnosticOf(run: () => unknown): McpgenError["diagnostic"] {
  let thrown: unknown;
  try {
    run();
  } catch (caught) {
    thrown = caught;
  }
  expect(thrown).toBeInstanceOf(McpgenError);
  return (thrown as McpgenError).diagnostic;
}
/**
 * How the real SDK client of `sdk` rejects a call whose signal aborts with `reason` (none: the AbortController's own),
 * before the call is sent or while it waits: against a peer that answers the handshake and never a call.
 */
async function realSdkAbort(sdk: "v1" | "v2", sent: boolean, reason?: unknown): Promise<unknown> {
  const [clientSide, serverSide] = sdk === "v2" ? InMemoryTransportV2.createLinkedPair() : InMemoryTransportV1.createLinkedPair();
  serverSide.onmessage = (message: unknown) => {
    const request = message as { id?: number | string; method?: string; params?: { protocolVersion?: string } };
    if (request.id === undefined) return;
    if (request.method === "initialize") {
      const result = { protocolVersion: request.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "peer", version: "1.0.0" } };
      void serverSide.send({ jsonrpc: "2.0", id: request.id, result } as never);
    } else if (request.method !== "tools/call") {
      void serverSide.send({ jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "Method not found" } } as never);
    }
  };
  await serverSide.start();
  const controller = new AbortController();
  const abort = () => (reason === undefined ? controller.abort() : controller.abort(reason));
  const params = { name: "get_weather", arguments: { location: "Oslo" } };
  if (sdk === "v2") {
    const client = new ClientV2({ name: "abort-test", version: "1.0.0" });
    await client.connect(clientSide as InstanceType<typeof InMemoryTransportV2>);
    if (!sent) abort();
    const pending = client.callTool(params, { signal: controller.signal }).catch((caught: unknown) => caught);
    if (sent) setTimeout(abort, 5);
    const error = await pending;
    await client.close();
    return error;
  }
  const client = new ClientV1({ name: "abort-test", version: "1.0.0" });
  await client.connect(clientSide as InstanceType<typeof InMemoryTransportV1>);
  if (!sent) abort();
  const pending = client.callTool(params, undefined, { signal: controller.signal }).catch((caught: unknown) => caught);
  if (sent) setTimeout(abort, 5);
  const error = await pending;
  await client.close();
  return error;
}

/** An error as a test compares it: its class, code and message. */
const shapeOf = (error: unknown) => ({
  class: (error as object).constructor.name,
  code: (error as { code?: unknown }).code,
  message: (error as Error).message,
});

const meta = (result: { _meta?: unknown }) => (result._meta as Record<string, unknown> | undefined)?.["mcpgen/mock"];

describe("createMockClient under the generated client", () => {
  it.each([
    ["SDK v2, MCP 2026-07-28", { sdk: "v2", era: "modern" }],
    ["SDK v2, a 2025 revision", { sdk: "v2", era: "legacy" }],
    ["SDK v1", { sdk: "v1" }],
  ] as const)("answers a typed, validated result as %s would carry it", async (_name, shape) => {
    const mock = createMockClient({ manifest, validators: validate, seed: 3, ...shape });
    expect(typeof mock.getNegotiatedProtocolVersion === "function").toBe(shape.sdk === "v2");
    const weather = createClient(mock);
    const result = await weather.getWeather({ location: "Oslo" });
    expect(typeof result.structuredContent.temperature).toBe("number");
    expect(validate.validateOutput("get_weather", result.structuredContent).ok).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    expect(meta(result)).toEqual({ source: "generated", seed: 3 });
    expect(mock.calls).toEqual([{ tool: "get_weather", arguments: { location: "Oslo" }, answer: "result", source: "generated" }]);
  });

  it("refuses a misspelt sdk or era, an era SDK v1 cannot speak, and a seed that is no whole number, naming the option", () => {
    const loose = (options: Record<string, unknown>) => () => createMockClient({ manifest, ...options } as Parameters<typeof createMockClient>[0]);
    expect(diagnosticOf(loose({ sdk: "V2" }))).toMatchObject({ code: "usage", message: 'createMockClient\'s sdk must be "v1" or "v2", not "V2"' });
    expect(diagnosticOf(loose({ era: "2026" })).message).toContain('era must be "modern" (MCP 2026-07-28) or "legacy" (a 2025 revision), not "2026"');
    expect(diagnosticOf(loose({ sdk: "v1", era: "modern" }))).toMatchObject({ code: "usage", hint: 'leave era out with sdk "v1", or use sdk "v2"' });
    for (const seed of [1.5, -1, 2 ** 32, "7"])
      expect(diagnosticOf(loose({ seed })).message).toMatch(/seed must be a whole number from 0 to 4294967295, not (1\.5|-1|4294967296|"7")$/);
    expect(createMockClient({ manifest, sdk: "v1", era: "legacy", seed: 0 }).calls).toEqual([]);
  });

  it("gives the same answer to the same call for the same seed, whatever came before, and another for another seed", async () => {
    const one = createClient(createMockClient({ manifest, seed: 1 }));
    const two = createClient(createMockClient({ manifest, seed: 1 }));
    const other = createClient(createMockClient({ manifest, seed: 2 }));
    await two.getForecast({ location: "Bergen", days: 2 });
    const a = await one.getWeather({ location: "Oslo", units: "metric" });
    const b = await two.getWeather({ units: "metric", location: "Oslo" });
    const c = await other.getWeather({ location: "Oslo", units: "metric" });
    expect(b.structuredContent).toEqual(a.structuredContent);
    expect(c.structuredContent).not.toEqual(a.structuredContent);
  });

  it("answers a value that validates for a $ref'd, nested outputSchema (ajv's validators, compiled in memory)", async () => {
    const weather = createClient(createMockClient({ manifest, seed: 9 }));
    const forecast = await weather.getForecast({ location: "Tromsø", days: 3 });
    expect(validate.validateOutput("get_forecast", forecast.structuredContent).ok).toBe(true);
  });

  it("refuses invalid arguments with the scaffold's error, before fixtures are looked at", async () => {
    const mock = createMockClient({ manifest, fixtures: [{ tool: "get_weather", structuredContent: { temperature: 1, conditions: "x", humidity: 50 } }] });
    const result = (await mock.callTool({ name: "get_weather", arguments: { units: "kelvin" } })) as { isError: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('Invalid arguments for tool "get_weather":\n  /location: is required\n  /units: must be one of "metric", "imperial"');
    // The generated client checks first, as it would against any server.
    await expect(createClient(mock).getWeather({ location: 1 } as never)).rejects.toBeInstanceOf(ValidationError);
  });

  it("answers from the first fixture that matches, partially or exactly, before generating", async () => {
    const fixtures: Fixture[] = [
      {
        tool: "get_weather",
        arguments: { location: "Oslo", units: "metric" },
        match: "exact",
        structuredContent: { temperature: 1, conditions: "exact", humidity: 50 },
      },
      { tool: "get_weather", arguments: { location: "Oslo" }, structuredContent: { temperature: 2, conditions: "partial", humidity: 50 } },
      { tool: "get_weather", arguments: { location: "Oslo" }, structuredContent: { temperature: 3, conditions: "never reached", humidity: 50 } },
    ];
    const mock = createMockClient({ manifest, validators: validate, fixtures });
    const weather = createClient(mock);
    expect((await weather.getWeather({ units: "metric", location: "Oslo" })).structuredContent.conditions).toBe("exact");
    expect((await weather.getWeather({ location: "Oslo", units: "imperial" })).structuredContent.conditions).toBe("partial");
    const generated = await weather.getWeather({ location: "Bergen" });
    expect(meta(generated)).toMatchObject({ source: "generated" });
    expect(meta(await weather.getWeather({ location: "Oslo" }))).toEqual({ source: "fixture", fixture: "fixtures#/fixtures/1" });
    expect(mock.calls.map((call) => call.source)).toEqual(["fixture", "fixture", "generated", "fixture"]);
  });

  it("reads an argument whose value is undefined as absent, as JSON sends the call: fixtures match it, and the seed's value is the same", async () => {
    // `getWeather({ location, units: options.units })` with no units: a server receives {"location":"Oslo"}.
    const units = undefined as unknown as "metric";
    const fixtures: Fixture[] = [
      { tool: "get_weather", arguments: { location: "Oslo" }, match: "exact", structuredContent: { temperature: 1, conditions: "exact", humidity: 50 } },
      // A partial fixture's null is a member sent as null, not one left out.
      { tool: "get_weather", arguments: { units: null }, structuredContent: { temperature: 2, conditions: "null", humidity: 50 } },
    ];
    const weather = createClient(createMockClient({ manifest, validators: validate, fixtures }));
    expect((await weather.getWeather({ location: "Oslo", units })).structuredContent.conditions).toBe("exact");
    expect(meta(await weather.getWeather({ location: "Bergen", units }))).toMatchObject({ source: "generated" });
    const plain = await createClient(createMockClient({ manifest, seed: 4 })).getWeather({ location: "Bergen" });
    const withUndefined = await createClient(createMockClient({ manifest, seed: 4 })).getWeather({ location: "Bergen", units });
    expect(withUndefined.structuredContent).toEqual(plain.structuredContent);
  });

  it("answers a tool error for a fixture whose structuredContent breaks the outputSchema, naming the fixture", async () => {
    const weather = createClient(createMockClient({ manifest, fixtures: [{ tool: "get_weather", structuredContent: { temperature: "warm" } }] }));
    const error = await weather.getWeather({ location: "Oslo" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).message).toContain(
      'The fixture fixtures#/fixtures/0 of tool "get_weather" does not match its outputSchema:\n  /temperature: must be number\n  /conditions: is required\n  /humidity: is required',
    );
  });

  it("answers a tool error for a fixture whose result the SDKs' CallToolResult schema refuses, naming the fixture and the place", async () => {
    const weather = { temperature: 21, conditions: "sunny", humidity: 40 };
    const image = { type: "image", data: "89504e47-not-base64!", mimeType: "image/png" };
    const fixtures: Fixture[] = [
      { tool: "get_weather", arguments: { location: "Oslo" }, result: { content: [image], structuredContent: weather } },
      { tool: "get_weather", arguments: { location: "Bergen" }, result: { isError: true, content: [{ type: "text" }] } },
      { tool: "get_weather", arguments: { location: "Paris" }, result: { content: [{ type: "text", text: "fine" }], structuredContent: weather } },
    ];
    const client = createClient(createMockClient({ manifest, fixtures }));
    const refused = async (location: string) => ((await client.getWeather({ location }).catch((caught: unknown) => caught)) as ToolError).message;
    expect(await refused("Oslo")).toBe(
      'tool "get_weather" reported an error: The fixture fixtures#/fixtures/0 of tool "get_weather" is not a CallToolResult at content[0].data: Invalid Base64 string',
    );
    expect(await refused("Bergen")).toMatch(
      /^tool "get_weather" reported an error: The fixture fixtures#\/fixtures\/1 of tool "get_weather" is not a CallToolResult at content\[0\]/,
    );
    expect(await client.getWeather({ location: "Paris" })).toMatchObject({ structuredContent: weather });
  });

  it("injects faults: isError, a protocol error, a delay past the timeout, an abort, a dropped connection (SDK v2's errors)", async () => {
    const fixtures: Fixture[] = [
      { tool: "get_weather", arguments: { location: "Atlantis" }, result: { isError: true, content: [{ type: "text", text: "unknown location" }] } },
      { tool: "get_weather", arguments: { location: "Nowhere" }, error: { code: -32603, message: "upstream down" } },
      { tool: "get_weather", arguments: { location: "Slow" }, delayMs: 5_000 },
      { tool: "get_weather", arguments: { location: "Quick" }, delayMs: 10 },
      { tool: "get_weather", arguments: { location: "Gone" }, drop: true },
    ];
    const mock = createMockClient({ manifest, fixtures });
    const weather = createClient(mock);
    const toolError = await weather.getWeather({ location: "Atlantis" }).catch((caught: unknown) => caught);
    expect(toolError).toBeInstanceOf(ToolError);
    expect((toolError as ToolError).message).toBe('tool "get_weather" reported an error: unknown location');
    const protocol = await weather.getWeather({ location: "Nowhere" }).catch((caught: unknown) => caught);
    expect(protocol).toBeInstanceOf(ProtocolError);
    expect((protocol as ProtocolError).code).toBe(-32603);
    const timeout = await weather.getWeather({ location: "Slow" }, { timeout: 20 }).catch((caught: unknown) => caught);
    expect(timeout).toBeInstanceOf(SdkError);
    expect((timeout as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
    const controller = new AbortController();
    const aborted = weather.getWeather({ location: "Slow" }, { signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort(new Error("the user gave up"));
    await expect(aborted).resolves.toBeInstanceOf(SdkError);
    expect(((await aborted) as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
    expect(((await aborted) as Error).message).toBe("Error: the user gave up");
    expect(meta(await weather.getWeather({ location: "Quick" }))).toMatchObject({ source: "generated" });
    const dropped = await weather.getWeather({ location: "Gone" }).catch((caught: unknown) => caught);
    expect(dropped).toBeInstanceOf(SdkError);
    expect((dropped as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    const after = await weather.getWeather({ location: "Oslo" }).catch((caught: unknown) => caught);
    expect((after as SdkError).code).toBe(SdkErrorCode.NotConnected);
  });

  it.each([
    ["v2", false, undefined],
    ["v2", true, undefined],
    ["v2", true, new Error("the user gave up")],
    ["v1", false, new Error("the user gave up")],
    ["v1", true, undefined],
    ["v1", true, new Error("the user gave up")],
  ] as const)("rejects a call aborted as the real SDK %s client does (sent: %s, reason %s)", async (sdk, sent, reason) => {
    const mock = createMockClient({ manifest, sdk, fixtures: [{ tool: "get_weather", delayMs: 5_000 }] });
    const controller = new AbortController();
    const abort = () => (reason === undefined ? controller.abort() : controller.abort(reason));
    if (!sent) abort();
    const params = { name: "get_weather", arguments: { location: "Oslo" } };
    const options = { signal: controller.signal };
    // SDK v1's callTool takes a result schema before its options (the mock's type leaves its arguments to the generated client).
    const call = mock.callTool as (...args: unknown[]) => Promise<unknown>;
    const pending = (sdk === "v1" ? call(params, undefined, options) : call(params, options)).catch((caught: unknown) => caught);
    if (sent) setTimeout(abort, 5);
    expect(shapeOf(await pending)).toEqual(shapeOf(await realSdkAbort(sdk, sent, reason)));
  });

  it("throws SDK v1's McpError when it plays SDK v1", async () => {
    const weather = createClient(createMockClient({ manifest, sdk: "v1", fixtures: [{ tool: "get_weather", drop: true }] }));
    const dropped = await weather.getWeather({ location: "Oslo" }).catch((caught: unknown) => caught);
    expect(dropped).toBeInstanceOf(McpError);
    expect((dropped as McpError).code).toBe(-32000);
  });

  it("rejects an unknown tool as SDK v2 does (-32602), and lists the manifest's tools as declared", async () => {
    const mock = createMockClient({ manifest });
    const unknown = await mock.callTool({ name: "nope" }).catch((caught: unknown) => caught);
    expect(unknown).toBeInstanceOf(ProtocolError);
    expect((unknown as ProtocolError).message).toBe('Unknown tool: "nope"');
    const { tools } = await mock.listTools();
    const { readFile } = await import("node:fs/promises");
    expect(tools).toEqual((JSON.parse(await readFile(manifest, "utf8")) as { tools: unknown[] }).tools);
  });

  it("sends a value that is not an object as a 2025-era SDK v2 server does: { result: value }", async () => {
    const numeric = { tools: [{ name: "count", inputSchema: { type: "object" }, outputSchema: { type: "integer", minimum: 1, maximum: 9 } }] };
    const modern = (await createMockClient({ manifest: numeric }).callTool({ name: "count" })) as { structuredContent: unknown };
    const legacy = (await createMockClient({ manifest: numeric, era: "legacy" }).callTool({ name: "count" })) as { structuredContent: unknown };
    expect(typeof modern.structuredContent).toBe("number");
    expect(legacy.structuredContent).toEqual({ result: modern.structuredContent });
  });

  it("answers a clear tool error for an outputSchema that admits no value", async () => {
    const result = (await createMockClient({
      manifest: { tools: [{ name: "never", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { a: false }, required: ["a"] } }] },
    }).callTool({
      name: "never",
    })) as { isError: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe('mcpgen mock cannot answer tool "never": the schema admits no value: `false` at /properties/a');
  });

  it("reads a fixtures folder, and says which file and pointer is wrong", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-"));
    await writeFile(
      join(dir, "b.json"),
      JSON.stringify({ tool: "get_weather", fixtures: [{ structuredContent: { temperature: 2, conditions: "b", humidity: 50 } }] }),
    );
    await writeFile(
      join(dir, "a.json"),
      JSON.stringify({
        fixtures: [{ tool: "get_weather", arguments: { location: "Oslo" }, structuredContent: { temperature: 1, conditions: "a", humidity: 50 } }],
      }),
    );
    await writeFile(join(dir, "manifest.json"), "not a fixture, and never read as one");
    expect(loadFixtures(dir).map((fixture) => fixture.origin)).toEqual([join(dir, "a.json#/fixtures/0"), join(dir, "b.json#/fixtures/0")]);
    const weather = createClient(createMockClient({ manifest, fixtures: dir }));
    expect((await weather.getWeather({ location: "Oslo" })).structuredContent.conditions).toBe("a");
    expect((await weather.getWeather({ location: "Bergen" })).structuredContent.conditions).toBe("b");
    // file: URLs, as a test makes them (new URL("./fixtures/", import.meta.url)), for the manifest and the folder.
    const byUrl = createClient(createMockClient({ manifest: pathToFileURL(manifest), fixtures: pathToFileURL(dir) }));
    expect((await byUrl.getWeather({ location: "Oslo" })).structuredContent.conditions).toBe("a");
    // loadFixtures' fixtures, handed over as data (docs/library.md), still name their file in each answer.
    const loaded = createClient(createMockClient({ manifest, fixtures: loadFixtures(dir) }));
    expect(meta(await loaded.getWeather({ location: "Bergen" }))).toEqual({ source: "fixture", fixture: join(dir, "b.json#/fixtures/0") });
    // A misspelt member names the one meant; one like none of them lists them all.
    expect(diagnosticOf(() => createMockClient({ manifest, fixtures: [{ tool: "get_weather", argument: {} } as unknown as Fixture] }))).toMatchObject({
      code: "fixture-invalid",
      pointer: "/fixtures/0/argument",
      message: 'unknown fixture member "argument"',
      hint: expect.stringMatching(/^did you mean "arguments"\? \(a fixture has tool, prompt, resource, arguments, /),
    });
    expect(diagnosticOf(() => createMockClient({ manifest, fixtures: [{ tool: "get_weather", answer: {} } as unknown as Fixture] })).hint).toMatch(
      /^a fixture has tool, prompt, /,
    );
    // A fixture that is not an object (from plain JavaScript) is the fixture error, not a TypeError.
    expect(diagnosticOf(() => createMockClient({ manifest, fixtures: [null as unknown as Fixture] }))).toMatchObject({
      code: "fixture-invalid",
      pointer: "/fixtures/0",
    });
    await writeFile(join(dir, "c.json"), JSON.stringify({ fixtures: [{ tool: "get_weather", delayMs: -1 }] }));
    expect(diagnosticOf(() => loadFixtures(dir))).toMatchObject({ code: "fixture-invalid", file: join(dir, "c.json"), pointer: "/fixtures/0/delayMs" });
    // A key given twice, deep in a result: JSON keeps the last; the folder's reader refuses it, for the library as for the CLI.
    await writeFile(
      join(dir, "c.json"),
      '{ "fixtures": [{ "tool": "get_weather",\n "structuredContent": { "temperature": 1, "temperature": 2, "conditions": "c", "humidity": 1 } }] }',
    );
    expect(diagnosticOf(() => createMockClient({ manifest, fixtures: dir }))).toMatchObject({
      code: "fixture-invalid",
      file: join(dir, "c.json"),
      pointer: "/fixtures/0/structuredContent/temperature",
      message: expect.stringMatching(/^key "temperature" is given twice in one object \(both on line 2\)/),
    });
  });

  it("reads a fixture file a symbolic link in the folder points to, and names a link that points nowhere", async () => {
    const shared = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-shared-"));
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-"));
    await writeFile(
      join(shared, "oslo.json"),
      JSON.stringify({ tool: "get_weather", fixtures: [{ structuredContent: { temperature: 7, conditions: "linked", humidity: 50 } }] }),
    );
    await symlink(join(shared, "oslo.json"), join(dir, "oslo.json"));
    expect(loadFixtures(dir).map((fixture) => fixture.origin)).toEqual([join(dir, "oslo.json#/fixtures/0")]);
    const weather = createClient(createMockClient({ manifest, fixtures: dir }));
    expect((await weather.getWeather({ location: "Oslo" })).structuredContent.conditions).toBe("linked");
    await symlink(join(shared, "gone.json"), join(dir, "gone.json"));
    expect(diagnosticOf(() => loadFixtures(dir))).toMatchObject({
      code: "input-unreadable",
      message: "cannot read the fixture file: no such file",
      file: join(dir, "gone.json"),
    });
  });

  it("says in its own words why a fixtures folder cannot be read, naming it (a link to itself: ELOOP, even as root)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-"));
    await symlink("loop", join(dir, "loop"));
    const diagnostic = diagnosticOf(() => loadFixtures(join(dir, "loop")));
    expect(diagnostic).toMatchObject({
      code: "input-unreadable",
      message: "cannot read the fixtures folder: too many symbolic links (a link that points to itself?)",
      file: join(dir, "loop"),
    });
    // Not Node's message, which leads with its code and repeats the path.
    expect(diagnostic.message).not.toMatch(/ELOOP|scandir/);
  });

  it("refuses a link to a device before opening it, naming it (a pipe or /dev/zero would block or never end)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-"));
    // /dev/null: read, it would be an empty file's syntax error; a FIFO, which would hang the read, is refused alike.
    await symlink("/dev/null", join(dir, "device.json"));
    expect(diagnosticOf(() => loadFixtures(dir))).toMatchObject({
      code: "input-unreadable",
      message: "cannot read the fixture file: it is a device or a pipe (or a link to one), not a file",
      file: join(dir, "device.json"),
    });
  });

  it("refuses a fixture file nested too deeply to send when it is read, naming it (not each call that picks it)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-"));
    const depth = 50_000;
    // Written as text: JSON.parse reads it, JSON.stringify (which sends it) overflows the stack.
    await writeFile(
      join(dir, "deep.json"),
      `{"tool":"get_weather","fixtures":[{"structuredContent":{"temperature":1,"conditions":"x","humidity":2,"extra":${"[".repeat(depth)}${"]".repeat(depth)}}}]}`,
    );
    expect(diagnosticOf(() => createMockClient({ manifest, fixtures: dir }))).toMatchObject({
      code: "fixture-invalid",
      message: "the fixture file is nested too deeply to send (the stack overflowed)",
      file: join(dir, "deep.json"),
      pointer: "",
    });
  });

  it("sends a call's arguments as a real transport does (JSON): a function member left out, NaN as null, both answered as the stdio mock answers them", async () => {
    const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
    const stdio = new ClientV2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await stdio.connect(
      new StdioClientTransport({ command: process.execPath, args: [join(repoRoot, "bin/mcpgen.js"), "mock", manifest, "--seed", "7"], stderr: "ignore" }),
    );
    const seen = (result: unknown) => {
      const { _meta: _dropped, ...rest } = result as Record<string, unknown>;
      return rest;
    };
    try {
      for (const args of [{ location: "Oslo", units: "metric", format: () => "celsius" }, { location: Number.NaN }]) {
        const mock = createMockClient({ manifest, seed: 7 });
        const inProcess = await mock.callTool({ name: "get_weather", arguments: args });
        expect(seen(inProcess)).toEqual(seen(await stdio.callTool({ name: "get_weather", arguments: args })));
        expect(mock.calls[0]!.arguments).toEqual(JSON.parse(JSON.stringify(args)));
      }
    } finally {
      await stdio.close();
    }
  });

  it.each(["v1", "v2"] as const)(
    "rejects a call whose arguments JSON cannot carry (a BigInt, a cycle) with a TypeError naming the place, as a real client's send fails (SDK %s)",
    async (sdk) => {
      const mock = createMockClient({ manifest, sdk });
      const cyclic: Record<string, unknown> = { location: "Oslo" };
      cyclic["self"] = { back: cyclic };
      // Both shapes take the params first (SDK v1's result schema and options left out).
      const call = (args: Record<string, unknown>) => mock.callTool({ name: "get_weather", arguments: args });
      const words = 'createMockClient: the arguments of tool "get_weather" cannot be sent as JSON, and a real transport\'s send fails on them too: ';
      for (const [args, place] of [
        [{ location: "Oslo", days: [1, 2n] }, "a BigInt at /days/1 (send it as a number or a string)"],
        [cyclic, "a cycle at /self/back (an object that contains itself)"],
      ] as const) {
        const error: unknown = await call(args).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(TypeError);
        expect((error as TypeError).message).toBe(words + place);
      }
      // Never sent, so never answered.
      expect(mock.calls).toEqual([]);
    },
  );

  it("refuses fixtures given as data that JSON cannot carry (a cycle, a BigInt) as a user error, not a TypeError", () => {
    const cyclic: Record<string, unknown> = { temperature: 1, conditions: "x", humidity: 2 };
    cyclic["self"] = cyclic;
    for (const [structuredContent, reason] of [
      [cyclic, "Converting circular structure to JSON"],
      [{ temperature: 10n }, "Do not know how to serialize a BigInt"],
    ] as const) {
      expect(diagnosticOf(() => createMockClient({ manifest, fixtures: [{ tool: "get_weather", structuredContent }] as Fixture[] }))).toMatchObject({
        code: "fixture-invalid",
        message: `the fixtures are not JSON data: ${reason}`,
        file: "fixtures",
        pointer: "",
      });
    }
  });

  it("reports a manifest nested too deeply for the stack as the commands do: a user error at its deepest value", async () => {
    // A schema 10,000 objects deep (written as text: JSON.stringify would overflow too); normalizing it recurses past the stack.
    const text = `{"tools":[{"name":"deep","inputSchema":${'{"type":"object","properties":{"a":'.repeat(10_000)}{"type":"string"}${"}}".repeat(10_000)}}]}`;
    const path = join(await mkdtemp(join(tmpdir(), "mcpgen-deep-")), "deep.tools.json");
    await writeFile(path, text);
    // With a fixtures folder whose file is wrong too: the manifest's error comes first, as in `mcpgen mock`.
    const fixtures = await mkdtemp(join(tmpdir(), "mcpgen-fixtures-"));
    await writeFile(join(fixtures, "wrong.json"), JSON.stringify({ fixtures: [{ tool: "deep", delayMs: -1 }] }));
    for (const [given, file] of [
      [path, path],
      [JSON.parse(text) as object, "<manifest>"],
    ] as const) {
      expect(diagnosticOf(() => createMockClient({ manifest: given, fixtures }))).toEqual({
        severity: "error",
        code: "schema-invalid",
        message: "the manifest is nested too deeply to process (the stack overflowed); the deepest point, 20002 levels down, is here",
        file,
        tool: "deep",
        pointer: `/tools/0/inputSchema${"/properties/a".repeat(10_000)}/type`,
        hint: "flatten it (in a schema, move nested objects into $defs and refer to them with $ref); if only formatting overflows, --no-format gets past it",
      });
    }
  });
});
