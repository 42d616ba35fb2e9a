/**
 * The mock server (`mcpgen mock`) against real clients: the generated client
 * over the official SDK clients, v2 on MCP 2026-07-28 and on a 2025 revision,
 * and v1, over Streamable HTTP (one server, in process) and over stdio (the
 * CLI as a child process): tools/list exactly the manifest, validated
 * answers, fixtures first, invalid arguments answered as a scaffold answers
 * them, DNS-rebinding protection, a dropped connection; and the CLI's usage
 * errors.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawn } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mock, type RunningMock } from "../../src/commands/mock.js";
import { createClient, ToolError } from "../../golden/weather/index.js";
import { runCli } from "../helpers/cli.js";
import { repoRoot } from "../helpers/typecheck.js";

const manifestPath = join(repoRoot, "examples/weather.tools.json");
const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { tools: Array<{ name: string }> };
const bin = join(repoRoot, "bin/mcpgen.js");
const INVALID = 'Invalid arguments for tool "get_weather":\n  /location: is required\n  /units: must be one of "metric", "imperial"';

let fixtures = "";
let running: RunningMock;

beforeAll(async () => {
  fixtures = await mkdtemp(join(tmpdir(), "mcpgen-mock-fixtures-"));
  await writeFile(
    join(fixtures, "get-weather.json"),
    JSON.stringify({
      tool: "get_weather",
      fixtures: [
        { arguments: { location: "Oslo" }, structuredContent: { temperature: -3, conditions: "snow", humidity: 80 } },
        { arguments: { location: "Atlantis" }, result: { isError: true, content: [{ type: "text", text: "unknown location" }] } },
        { arguments: { location: "Gone" }, drop: true },
      ],
    }),
  );
  running = await mock({ manifest: manifestPath, fixtures, seed: 5, http: { port: 0 }, log: () => undefined });
});

afterAll(async () => {
  await running?.close();
});

type AnyClient = ClientV1 | ClientV2;

async function exercise(client: AnyClient): Promise<void> {
  const listed = await client.listTools();
  expect(listed.tools.map((tool) => tool.name)).toEqual(manifest.tools.map((tool) => tool.name));
  expect(listed.tools[0]).toMatchObject(manifest.tools[0]!);
  const weather = createClient(client);
  const oslo = await weather.getWeather({ location: "Oslo" });
  expect(oslo.structuredContent).toEqual({ temperature: -3, conditions: "snow", humidity: 80 });
  const bergen = await weather.getWeather({ location: "Bergen", units: "metric" });
  expect(typeof bergen.structuredContent.humidity).toBe("number");
  const forecast = await weather.getForecast({ location: "Bergen", days: 2 });
  expect(Array.isArray(forecast.structuredContent.days)).toBe(true);
  await expect(weather.getWeather({ location: "Atlantis" })).rejects.toBeInstanceOf(ToolError);
  const invalid = (await client.callTool({ name: "get_weather", arguments: { units: "kelvin" } })) as { isError?: boolean; content: Array<{ text: string }> };
  expect(invalid.isError).toBe(true);
  expect(invalid.content[0]!.text).toBe(INVALID);
}

describe("mcpgen mock over Streamable HTTP", () => {
  it.each([
    ["SDK v2 on MCP 2026-07-28", "modern"],
    ["SDK v2 on a 2025 revision", "legacy"],
  ] as const)("serves the generated client over %s", async (_name, era) => {
    const client = new ClientV2({ name: "test", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
    await client.connect(new HttpV2(new URL(running.url!)));
    try {
      expect(client.getProtocolEra()).toBe(era);
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it("serves the generated client over SDK v1", async () => {
    const client = new ClientV1({ name: "test", version: "1.0.0" });
    await client.connect(new HttpV1(new URL(running.url!)));
    try {
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it("gives the same generated answer to the same call, from any client, and states it", async () => {
    const answers = [];
    for (const era of ["modern", "legacy"] as const) {
      const client = new ClientV2({ name: "test", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
      await client.connect(new HttpV2(new URL(running.url!)));
      answers.push(await client.callTool({ name: "get_weather", arguments: { location: "Tromsø" } }));
      await client.close();
    }
    expect(answers[1]!.structuredContent).toEqual(answers[0]!.structuredContent);
    expect(answers[0]!._meta?.["mcpgen/mock"]).toEqual({ source: "generated", seed: 5 });
  });

  it("listens on 127.0.0.1 and refuses another Host, as a scaffold does", async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { request } = await import("node:http");
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const sent = request(running.url!, { method: "POST", headers: { host: "evil.example", "content-type": "application/json" } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      sent.on("error", reject);
      sent.end("{}");
    });
    expect(status).toBe(403);
  });
});

describe("mcpgen mock: a tool whose x-mcp-header marks break MCP 2026-07-28's constraints", () => {
  /** A 2026-07-28 `tools/call` over HTTP, as a client sends it without `server/discover` first, with `headers` besides the standard ones. */
  const modernCall = (url: string, name: string, args: Record<string, unknown>, headers: Record<string, string>) =>
    fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": name,
        ...headers,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name,
          arguments: args,
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      }),
    });

  it("lists and serves it as declared on both eras, its headers unchecked, with a warning that says so", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-mock-marks-"));
    const path = join(dir, "marks.tools.json");
    const marked = { name: "hdr", inputSchema: { type: "object", properties: { x: { type: "number", "x-mcp-header": "X" } } } };
    await writeFile(path, JSON.stringify({ tools: [{ name: "ok", inputSchema: { type: "object" } }, marked] }));
    const served = await mock({ manifest: path, http: { port: 0 }, log: () => undefined });
    try {
      expect(served.diagnostics.map(({ code, tool }) => [code, tool])).toEqual([["mcp-header-invalid", "hdr"]]);
      const client = new ClientV2({ name: "test", version: "1.0.0" });
      await client.connect(new HttpV2(new URL(served.url!)));
      try {
        expect(client.getProtocolEra()).toBe("legacy");
        expect((await client.listTools()).tools).toEqual([{ name: "ok", inputSchema: { type: "object" } }, marked]);
        expect((await client.callTool({ name: "hdr", arguments: { x: 1.5 } })).isError).not.toBe(true);
      } finally {
        await client.close();
      }
      // On 2026-07-28 its Mcp-Param-X header is not checked: a value that disagrees is no -32020.
      const response = await modernCall(served.url!, "hdr", { x: 1.5 }, { "mcp-param-x": "7" });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result?: { isError?: boolean }; error?: unknown };
      expect(body.error).toBeUndefined();
      expect(body.result?.isError).not.toBe(true);
    } finally {
      await served.close();
    }
  });
});

describe("mcpgen mock over stdio (the CLI)", () => {
  const args = [bin, "mock", manifestPath, "--fixtures", "", "--seed", "5"];

  it("serves the generated client over SDK v2 (2026-07-28) and SDK v1", async () => {
    args[4] = fixtures;
    const v2 = new ClientV2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await v2.connect(new StdioV2({ command: process.execPath, args, stderr: "pipe" }));
    const v1 = new ClientV1({ name: "test", version: "1.0.0" });
    await v1.connect(new StdioV1({ command: process.execPath, args, stderr: "pipe" }));
    try {
      expect(v2.getProtocolEra()).toBe("modern");
      await exercise(v2);
      await exercise(v1);
      // One seed, one answer: the stdio mock and the HTTP mock agree.
      const viaStdio = await v2.callTool({ name: "get_weather", arguments: { location: "Tromsø" } });
      const http = new ClientV2({ name: "test", version: "1.0.0" });
      await http.connect(new HttpV2(new URL(running.url!)));
      expect((await http.callTool({ name: "get_weather", arguments: { location: "Tromsø" } })).structuredContent).toEqual(viaStdio.structuredContent);
      await http.close();
    } finally {
      await v2.close();
      await v1.close();
    }
  });

  it("drops the connection when a fixture says so: the mock goes away, as a crashed server does", async () => {
    args[4] = fixtures;
    const transport = new StdioV2({ command: process.execPath, args, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const client = new ClientV2({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    const closed = new Promise<void>((resolve) => {
      client.onclose = resolve;
    });
    await expect(client.callTool({ name: "get_weather", arguments: { location: "Gone" } })).rejects.toThrow(/closed/i);
    await closed;
    expect(stderr).toContain("dropped the connection");
  });
});

describe("mcpgen mock: the command line", () => {
  it("needs a manifest, and takes no command without --record", async () => {
    expect((await runCli(["mock"])).code).toBe(2);
    const dashed = await runCli(["mock", manifestPath, "--", "node", "server.js"]);
    expect(dashed.code).toBe(2);
    expect(dashed.stderr).toContain("a command after -- goes with --record");
  });

  it("refuses to read the manifest from stdin while stdin carries the protocol", async () => {
    const result = await runCli(["mock", "-"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("cannot read its manifest from stdin");
  });

  it("does not offer - (stdin) when the manifest cannot be read over stdio (the library: test/shared/json-file.test.ts)", async () => {
    const missing = join(fixtures, "missing.json");
    const result = await runCli(["mock", missing]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: ${missing}: cannot read the manifest: no such file\n  hint: pass the path of a tools/list JSON file\n`);
  });

  it("labels its warnings as every command does (warning: file: tool at pointer: ...), on stderr", async () => {
    const folder = await mkdtemp(join(tmpdir(), "mcpgen-mock-warn-"));
    await writeFile(join(folder, "stray.json"), JSON.stringify({ tool: "nope", fixtures: [{ structuredContent: {} }] }));
    // stdin closed at once: the mock prints what it serves, then ends with its client.
    const child = spawn(process.execPath, [bin, "mock", manifestPath, "--fixtures", folder], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
    expect(stderr.split("\n")[0]).toBe(
      `warning: ${join(folder, "stray.json")}: tool "nope" at /fixtures/0: a fixture for a tool the manifest does not list: it never answers`,
    );
  });

  it("says what is wrong with a fixture that never answers: the nearest name of a misspelt tool or prompt, the first issue of exact arguments at its pointer", async () => {
    const folder = await mkdtemp(join(tmpdir(), "mcpgen-mock-never-"));
    await writeFile(join(folder, "typo.json"), JSON.stringify({ tool: "get-weather", fixtures: [{ structuredContent: {} }] }));
    await writeFile(join(folder, "stray.json"), JSON.stringify({ tool: "nothing_like_it", fixtures: [{ structuredContent: {} }] }));
    await writeFile(
      join(folder, "wrong.json"),
      JSON.stringify({
        tool: "get_weather",
        fixtures: [{ arguments: { location: 7, units: "kelvin" }, match: "exact", structuredContent: { temperature: 1, conditions: "c", humidity: 1 } }],
      }),
    );
    const served = await mock({ manifest: manifestPath, fixtures: folder, http: { port: 0 }, log: () => undefined });
    try {
      expect(served.diagnostics.map(({ file, pointer, message, hint }) => ({ file, pointer, message, hint }))).toEqual([
        {
          file: join(folder, "stray.json"),
          pointer: "/fixtures/0",
          message: "a fixture for a tool the manifest does not list: it never answers",
          hint: "name a tool the manifest lists",
        },
        {
          file: join(folder, "typo.json"),
          pointer: "/fixtures/0",
          message: "a fixture for a tool the manifest does not list: it never answers",
          hint: 'did you mean "get_weather"?',
        },
        {
          file: join(folder, "wrong.json"),
          pointer: "/fixtures/0/arguments/location",
          message:
            "a fixture whose arguments the tool's inputSchema rejects (must be string, and 1 more): such a call is refused before fixtures are looked at, so it never answers",
          hint: "correct the arguments to a call the tool takes",
        },
      ]);
    } finally {
      await served.close();
    }
  });

  it("warns as it starts of a fixture every call would answer with a tool error: its structuredContent breaks the outputSchema, or it is no CallToolResult", async () => {
    const folder = await mkdtemp(join(tmpdir(), "mcpgen-mock-faulty-"));
    const file = join(folder, "weather.json");
    await writeFile(
      file,
      JSON.stringify({
        tool: "get_weather",
        fixtures: [
          { arguments: { location: "Oslo" }, structuredContent: { temperature: "cold", conditions: "snow", humidity: 80 } },
          { arguments: { location: "Bergen" }, result: { content: [], structuredContent: { temperature: 1, conditions: 2 } } },
          { arguments: { location: "Tromsø" }, result: { content: [{ type: "text" }] } },
          { arguments: { location: "Atlantis" }, result: { isError: true, content: [{ type: "text", text: "unknown location" }] } },
          { arguments: { location: "Bodø" }, structuredContent: { temperature: 1, conditions: "rain", humidity: 90 } },
        ],
      }),
    );
    const served = await mock({ manifest: manifestPath, fixtures: folder, http: { port: 0 }, log: () => undefined });
    try {
      expect(served.diagnostics.map(({ file, tool, pointer, message }) => ({ file, tool, pointer, message }))).toEqual([
        {
          file,
          tool: "get_weather",
          pointer: "/fixtures/0/structuredContent/temperature",
          message:
            "a fixture whose structuredContent the tool's outputSchema rejects (must be number): every call it matches is answered with a tool error saying so",
        },
        {
          file,
          tool: "get_weather",
          pointer: "/fixtures/1/result/structuredContent/conditions",
          message:
            "a fixture whose structuredContent the tool's outputSchema rejects (must be string, and 1 more): every call it matches is answered with a tool error saying so",
        },
        {
          file,
          tool: "get_weather",
          pointer: "/fixtures/2/result",
          message: expect.stringMatching(/^a fixture whose result is not a CallToolResult at content\[0\]/),
        },
      ]);
      // The call answers as it did: the tool error naming the fixture.
      const client = new ClientV2({ name: "test", version: "1.0.0" });
      await client.connect(new HttpV2(new URL(served.url!)));
      try {
        const result = await client.callTool({ name: "get_weather", arguments: { location: "Oslo" } });
        expect(result.isError).toBe(true);
        expect(JSON.stringify(result.content)).toContain("does not match its outputSchema");
      } finally {
        await client.close();
      }
    } finally {
      await served.close();
    }
  });

  it("a key a fixture file gives twice (a merge leftover) is a fixture-invalid error naming the file, the pointer and both lines", async () => {
    const folder = await mkdtemp(join(tmpdir(), "mcpgen-mock-duplicate-"));
    const file = join(folder, "oslo.json");
    // JSON would keep Bergen and drop Oslo without a word.
    await writeFile(
      file,
      [
        "{",
        '  "tool": "get_weather",',
        '  "fixtures": [{',
        '    "arguments": { "location": "Oslo" },',
        '    "arguments": { "location": "Bergen" },',
        '    "structuredContent": { "temperature": 1, "conditions": "c", "humidity": 1 }',
        "  }]",
        "}",
      ].join("\n"),
    );
    // A child with stdin closed: without the error, the mock would serve, then end with its client (exit 0).
    const child = spawn(process.execPath, [bin, "mock", manifestPath, "--fixtures", folder], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      `error: ${file}: at /fixtures/0/arguments: key "arguments" is given twice in one object (line 4, then line 5): JSON would keep the last and drop the first without a word\n` +
        "  hint: keep the one you mean and delete the other (a merge that kept both sides?)\n",
    );
  });

  it("a resource's fixture for a manifest that lists no resources nor templates is warned about: no resources/read answers it", async () => {
    const folder = await mkdtemp(join(tmpdir(), "mcpgen-mock-resource-"));
    const uri = "demo://x/a";
    await writeFile(join(folder, "read.json"), JSON.stringify({ resource: uri, fixtures: [{ result: { contents: [{ uri, text: "never read" }] } }] }));
    const child = spawn(process.execPath, [bin, "mock", manifestPath, "--fixtures", folder], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    expect(await new Promise((resolve) => child.on("close", resolve))).toBe(0);
    expect(stderr.split("\n").slice(0, 2)).toEqual([
      `warning: ${join(folder, "read.json")}: at /fixtures/0: a fixture for a resource, and the manifest lists no resources or resource templates: the mock serves no resources/read, so it never answers`,
      "  hint: pull the server's resources into the manifest (its resources/list), or delete the fixture",
    ]);
  });

  it("a port in use is a usage error that says so, not an internal error with a stack", async () => {
    // The port of the mock the tests above share.
    const result = await runCli(["mock", manifestPath, "--http", String(running.port)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `error: cannot listen on 127.0.0.1:${running.port}: the port is in use (by another server, or this one already running)\n  hint: give another port with --http, or --http 0 for a free one\n`,
    );
  });

  it("names a fixtures folder that is not there", async () => {
    const result = await runCli(["mock", manifestPath, "--fixtures", join(fixtures, "missing")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("cannot read the fixtures folder: no such directory");
  });
});

describe("the mock server: an answer's `written` call", () => {
  it("comes once the answer's line is written over stdio, not when the answer is given (a slow write holds it)", async () => {
    const { InMemoryTransport } = await import("@modelcontextprotocol/client");
    const { serveMockStdio } = await import("../../src/mock/server.js");
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // The server's writes of answers are held until the test lets them go: a client that reads slowly.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const sent = new Promise<void>((resolve) => (sending = resolve));
    const send = serverSide.send.bind(serverSide);
    const events: string[] = [];
    serverSide.send = async (message, options) => {
      if (!("error" in message)) return send(message, options);
      sending();
      await released;
      await send(message, options);
      events.push("line written");
    };
    let written!: () => void;
    const wasWritten = new Promise<void>((resolve) => (written = resolve));
    const ok = { ok: true as const, value: undefined };
    const server = await serveMockStdio(
      {
        info: { name: "m", version: "1" },
        tools: [{ name: "fails", inputSchema: { type: "object" } }],
        validators: { validateInput: () => ok, validateOutput: () => ok },
        answer: () => ({
          kind: "error",
          code: -32603,
          message: "it failed",
          delayMs: 0,
          written: () => {
            events.push("written");
            written();
          },
        }),
        onDrop: () => undefined,
        log: () => undefined,
      },
      { transport: serverSide },
    );
    const client = new ClientV2({ name: "test", version: "1.0.0" });
    try {
      await client.connect(clientSide);
      const call = client.callTool({ name: "fails", arguments: {} });
      await sent;
      expect(events).toEqual([]);
      release();
      await expect(call).rejects.toThrow(/it failed/);
      await Promise.race([wasWritten, new Promise((_, reject) => setTimeout(() => reject(new Error("`written` was never called")), 10_000).unref())]);
      expect(events).toEqual(["line written", "written"]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
