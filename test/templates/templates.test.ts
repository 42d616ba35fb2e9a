/**
 * templates/ where it stands: each template is in Prettier's layout (the
 * printer copies it as it is), emits its `emitted` region, and runs beside
 * its stand-ins as the generated code does: the client package's fixed code
 * over a fake SDK client, a scaffold's `createServer` over the real SDK
 * client, its entry point serving Streamable HTTP on 127.0.0.1. (`npm run
 * typecheck` type-checks every template where it stands.)
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { readdirSync, readFileSync } from "node:fs";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emittedRegion } from "../../src/emit/template-code.js";
import { templatePath } from "../../src/emit/templates.js";
import * as client from "../../templates/client/index.js";
import * as validate from "../../templates/client/validate.js";
import type { McpClient } from "../../templates/client/runtime.js";
import { defineHandler } from "../../templates/scaffold/src/generated/define.js";
import { createServer, serverInfo } from "../../templates/scaffold/src/generated/server.js";

const templates = templatePath("");

describe("templates", () => {
  const files = readdirSync(templates, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(".ts"));

  it.each(files)("%s is in Prettier's layout", async (path) => {
    const prettier = await import("prettier");
    const text = readFileSync(join(templates, path), "utf8");
    expect(await prettier.format(text, { parser: "babel-ts", filepath: join(templates, path) }), `run npx prettier --write templates/${path}`).toBe(text);
  });

  it("emit their `emitted` region, or all of them without one", () => {
    expect(
      emittedRegion(
        "/** About. */\nimport { x } from './x.js';\n\n// #region emitted\nexport const y = x;\n\nexport const z = y;\n// #endregion\n\nrest();\n",
        "t.ts",
      ),
    ).toBe("export const y = x;\n\nexport const z = y;\n");
    expect(emittedRegion("export const y = 1;\n", "t.ts")).toBe("export const y = 1;\n");
    expect(() => emittedRegion("// #region emitted\nexport const y = 1;\n", "t.ts")).toThrow(/one \/\/ #region emitted/);
    expect(() => emittedRegion("// #region emitted\na;\n// #endregion\n// #region emitted\nb;\n// #endregion\n", "t.ts")).toThrow(/one \/\/ #region emitted/);
  });
});

describe("the client package's fixed code, beside its sample (templates/client/)", () => {
  /** A fake SDK v1 client answering `get_weather` with `temperature`, recording what it was sent. */
  function sdk(temperature: unknown): McpClient & { sent: unknown[] } {
    const sent: unknown[] = [];
    return { sent, callTool: async (params: unknown) => (sent.push(params), { content: [], structuredContent: { temperature } }) };
  }

  it("createClient calls each tool by its method, validating both ways", async () => {
    const fake = sdk(21);
    const weather = client.createClient(fake);
    expect(await weather.getWeather({ city: "Oslo" })).toEqual({ content: [], structuredContent: { temperature: 21 } });
    expect(fake.sent).toEqual([{ name: "get_weather", arguments: { city: "Oslo" } }]);
    await expect(weather.getWeather({ city: "Oslo", units: "kelvin" as "metric" })).rejects.toThrow(
      'invalid arguments for tool "get_weather": /units must be one of "metric", "imperial"',
    );
    await expect(client.createClient(sdk("warm")).getWeather({ city: "Oslo" })).rejects.toThrow(client.ValidationError);
    // ping has no outputSchema: its result is not checked.
    expect(await client.createClient(sdk("warm")).ping()).toEqual({ content: [], structuredContent: { temperature: "warm" } });
    expect(client.methodNames).toEqual({ get_weather: "getWeather", ping: "ping" });
  });

  it("validateInput, validateOutput and standardSchemas (validate.ts) read the tables", () => {
    expect(validate.validateInput("get_weather", {})).toEqual({ ok: false, issues: [{ path: "/city", message: "is required" }] });
    expect(validate.validateOutput("get_weather", { temperature: 1 })).toEqual({ ok: true, value: { temperature: 1 } });
    expect(validate.validateOutput("ping", "anything")).toEqual({ ok: true, value: "anything" });
    expect(validate.standardSchemas.get_weather.input["~standard"].validate({ city: 1 })).toEqual({ issues: [{ message: "must be string", path: ["city"] }] });
  });
});

describe("a scaffold's fixed code, beside its sample (templates/scaffold/)", () => {
  it("createServer lists the tools and dispatches to the handlers (the stub and one written by hand)", async () => {
    const server = createServer({ log: () => undefined });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const sdkClient = new Client({ name: "templates-test", version: "1.0.0" });
    await sdkClient.connect(clientSide);
    try {
      expect(sdkClient.getServerVersion()).toMatchObject(serverInfo);
      expect(sdkClient.getInstructions()).toBe("Ask for the weather by city.");
      expect((await sdkClient.listTools()).tools.map((tool) => tool.name)).toEqual(["get_weather", "ping"]);
      expect(await sdkClient.callTool({ name: "get_weather", arguments: { city: "Oslo" } })).toEqual({
        isError: true,
        content: [{ type: "text", text: "not implemented: get_weather" }],
      });
      expect((await sdkClient.callTool({ name: "ping", arguments: {} })).content).toEqual([{ type: "text", text: "pong" }]);
    } finally {
      await sdkClient.close();
    }
  });

  it("defineHandler binds a handler to its tool", () => {
    const handle = async () => ({ temperature: 1 });
    expect(defineHandler("get_weather", handle)).toEqual({ tool: "get_weather", handle });
  });
});

describe("a scaffold's entry point (templates/scaffold/src/server.ts)", () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
    vi.unstubAllEnvs();
    vi.doUnmock("../../templates/scaffold/src/generated/server.js");
    vi.restoreAllMocks();
  });

  it("with --http, serves Streamable HTTP where PORT and MCP_HOST say, and stops on SIGTERM", async () => {
    const generated = await import("../../templates/scaffold/src/generated/server.js");
    const running: Array<Awaited<ReturnType<typeof generated.serveHttp>>> = [];
    vi.doMock("../../templates/scaffold/src/generated/server.js", () => ({
      ...generated,
      serveHttp: async (...args: Parameters<typeof generated.serveHttp>) => {
        const server = await generated.serveHttp(...args);
        running.push(server);
        return server;
      },
    }));
    vi.stubEnv("PORT", "0");
    vi.stubEnv("MCP_HOST", "127.0.0.1");
    process.argv = [argv[0]!, "server.js", "--http"];
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const exits = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const before = { SIGINT: process.listeners("SIGINT"), SIGTERM: process.listeners("SIGTERM") };
    await import("../../templates/scaffold/src/server.js");
    const [server] = running;
    expect(server?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(printed).toHaveBeenCalledWith(`MCP server listening on ${server!.url}`);
    const sdkClient = new Client({ name: "templates-test", version: "1.0.0" });
    await sdkClient.connect(new StreamableHTTPClientTransport(new URL(server!.url)));
    expect((await sdkClient.listTools()).tools.map((tool) => tool.name)).toEqual(["get_weather", "ping"]);
    await sdkClient.close();
    const [onInterrupt, onTerminate] = (["SIGINT", "SIGTERM"] as const).map((signal) =>
      process.listeners(signal).find((listener) => !before[signal].includes(listener))!,
    );
    process.removeListener("SIGINT", onInterrupt!);
    process.removeListener("SIGTERM", onTerminate!);
    onTerminate!("SIGTERM");
    // Waits for the shutdown, however slow the machine (vi.waitFor gives up after 1 s unless told otherwise).
    await vi.waitFor(() => expect(exits).toHaveBeenCalledWith(0), { timeout: 60_000 });
    await expect(fetch(server!.url)).rejects.toThrow();
  });

  /** Runs the scaffold's entry point with --http on `port`, where it must end the process: its console.error and process.exit, spied. */
  async function entryPointEnding(port: string) {
    vi.resetModules();
    vi.stubEnv("PORT", port);
    process.argv = [argv[0]!, "server.js", "--http"];
    const printed = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const exited = new Error("exited");
    const exits = vi.spyOn(process, "exit").mockImplementation((() => {
      throw exited;
    }) as never);
    await expect(import("../../templates/scaffold/src/server.js")).rejects.toBe(exited);
    return { printed, exits };
  }

  it("with --http, ends with a one-line error and exit code 1 on a PORT that is no port number, not a stack trace", async () => {
    const { printed, exits } = await entryPointEnding("http");
    expect(exits).toHaveBeenCalledWith(1);
    expect(printed.mock.calls).toEqual([['error: invalid PORT "http": expected an integer from 0 to 65535']]);
  });

  it("over stdio, an error of stdin is logged and ends the server as the client gone, not the process with a stack", async () => {
    const { serveStdio } = await import("../../templates/server-runtime.js");
    const logs: string[] = [];
    const signalListeners = () => [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const before = signalListeners();
    const gone = new Promise<void>((resolve) => {
      void serveStdio(() => createServer(), { log: (line) => logs.push(line), onClientGone: resolve });
    });
    // It listens for SIGINT and SIGTERM while it serves (so the check below, that they go with it, can fail).
    expect(signalListeners()).toEqual(before.map((count) => count + 1));
    const uncaught = vi.fn();
    process.on("uncaughtException", uncaught);
    try {
      // What a socket handed over as stdin emits when its peer resets it.
      process.stdin.emit("error", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
      await gone;
      expect(logs).toEqual(["MCP: read ECONNRESET"]);
      expect(process.stdin.listenerCount("error")).toBe(0);
      // Its SIGINT and SIGTERM listeners go with it (a program that closes it keeps its signals).
      expect(signalListeners()).toEqual(before);
    } finally {
      process.off("uncaughtException", uncaught);
    }
    expect(uncaught).not.toHaveBeenCalled();
  });

  it("with --http, says which port is in use and what to do, in one line, exit code 1 (where Node said listen EADDRINUSE)", async () => {
    const taken = createNetServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const { printed, exits } = await entryPointEnding(String(port));
      expect(exits).toHaveBeenCalledWith(1);
      expect(printed.mock.calls).toEqual([
        [
          `error: cannot listen on 127.0.0.1:${port}: the port is in use (by another server, or this one already running): give another port, e.g. PORT=3001, or PORT=0 for a free one`,
        ],
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
