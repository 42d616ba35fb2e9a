/**
 * templates/server-runtime.ts, server-input.ts and server-http.ts where they
 * stand: the dispatcher behind every scaffold, over the real SDK clients and
 * server, on both protocol eras: a v1 client (MCP 2025) and a v2 client
 * pinned to 2026-07-28, in memory and over its HTTP front door (on 127.0.0.1)
 * with DNS-rebinding protection and bounded 2025 sessions.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from "@modelcontextprotocol/client";
import { deserializeMessage, MissingRequiredClientCapabilityError, ProtocolError } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { spawn } from "node:child_process";
import { request, type IncomingMessage } from "node:http";
import { connect as connectSocket } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { httpOptionsFromEnvironment, serveHttp, type RunningHttpServer } from "../../templates/server-http.js";
import {
  createMcpServer,
  serveStdio,
  toolError,
  toolResult,
  type ListedTool,
  type RegisteredHandler,
  type RuntimeOptions,
  type ServerDefinition,
  type ToolContext,
  type ToolValidators,
  type ValidationIssue,
} from "../../templates/server-runtime.js";
import { InputRounds } from "../../templates/server-input.js";
import { linkedTransports } from "../helpers/canned-server.js";
import { repoRoot } from "../helpers/typecheck.js";

const tools: ListedTool[] = [
  {
    name: "echo",
    title: "Echo",
    description: "echoes",
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    annotations: { readOnlyHint: true },
    _meta: { "x/y": 1 },
  },
  {
    name: "weather",
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { temperature: { type: "number" } }, required: ["temperature"] },
  },
  { name: "constructor", inputSchema: { type: "object" } },
  { name: "count", inputSchema: { type: "object" }, outputSchema: { type: "integer" } },
  {
    name: "query",
    inputSchema: {
      type: "object",
      properties: { region: { type: "string", "x-mcp-header": "Region" }, limit: { type: "integer", "x-mcp-header": "Limit" }, sql: { type: "string" } },
      required: ["sql"],
    },
  },
];

/** What mcpgen emits beside them in tools.ts for `query`'s two x-mcp-header arguments. */
const headerArguments: ServerDefinition["headerArguments"] = [
  [
    "query",
    [
      { header: "Region", path: ["region"], type: "string" },
      { header: "Limit", path: ["limit"], type: "integer" },
    ],
  ],
];

/** Hand-written stand-ins for the generated validators: same shape, same pointers. */
const validators: ToolValidators = {
  validateInput(name, value) {
    if (name !== "echo") return { ok: true, value };
    const issues: ValidationIssue[] = [];
    const args = value as { text?: unknown; extra?: unknown };
    if (args.text === undefined) issues.push({ path: "/text", message: "is required" });
    else if (typeof args.text !== "string") issues.push({ path: "/text", message: "must be string" });
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
  },
  validateOutput(name, value) {
    if (name === "count") return Number.isInteger(value) ? { ok: true, value } : { ok: false, issues: [{ path: "", message: "must be integer" }] };
    if (name !== "weather") return { ok: true, value };
    return typeof (value as { temperature?: unknown }).temperature === "number"
      ? { ok: true, value }
      : { ok: false, issues: [{ path: "/temperature", message: "must be number" }] };
  },
};

const handler = (tool: string, handle: (input: never, context: ToolContext) => unknown): RegisteredHandler => ({ tool, handle });

type Era = "legacy" | "modern";
const ERAS: Era[] = ["legacy", "modern"];

/** Tool calls and lists as both SDK generations answer them, seen the same way. */
interface TestClient {
  listTools(): Promise<{ tools: unknown[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CallToolResult>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

/**
 * A server of `definition`, and a client on `era`: an SDK v1 client over the 2025 handshake, or an
 * SDK v2 client pinned to 2026-07-28 through the runtime's stdio entry (on an in-memory pair).
 */
async function connect(
  definition: Partial<ServerDefinition> & Pick<ServerDefinition, "handlers">,
  era: Era = "legacy",
  capabilities: ConstructorParameters<typeof Client>[1] = {},
) {
  const logs: string[] = [];
  const create = () =>
    createMcpServer(
      { info: { name: "runtime-test", version: "1.0.0" }, tools, validators, ...definition },
      { log: (message) => logs.push(message), toolsListCache: { ttlMs: 60_000, cacheScope: "public" } },
    );
  if (era === "legacy") {
    const server = create();
    const client = new Client({ name: "runtime-test-client", version: "1.0.0" }, capabilities);
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    cleanups.push(() => client.close());
    return { client: client as unknown as TestClient & Client, v1: client, logs };
  }
  const [clientSide, serverSide] = linkedTransports();
  const running = await serveStdio(create, { transport: serverSide as never, log: (message) => logs.push(message) });
  const client = new ClientV2({ name: "runtime-test-client", version: "1.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
    ...capabilities,
  } as never);
  await client.connect(clientSide as never);
  expect(client.getProtocolEra()).toBe("modern");
  cleanups.push(async () => {
    await client.close();
    await running.close();
  });
  return { client: client as unknown as TestClient, v1: undefined, logs };
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

const defaultHandlers = {
  echo: handler("echo", (input: { text: string }) => input.text),
  weather: handler("weather", (input: { mode?: string }) =>
    input.mode === "bad" ? { temperature: "hot" } : input.mode === "none" ? toolResult({ content: [] }) : { temperature: 21 },
  ),
  constructor: handler("constructor", () => ({ built: true })),
  count: handler("count", () => 3),
  query: handler("query", (input: { region?: string; sql: string }) => `${input.region ?? "anywhere"}: ${input.sql}`),
};

/** What a client's result carries besides the tool's answer (the 2026-07-28 server identity stamp): left out for comparison. */
function answer(result: unknown): unknown {
  const { _meta, ...rest } = result as { _meta?: { [key: string]: unknown } };
  const own = _meta === undefined ? undefined : Object.fromEntries(Object.entries(_meta).filter(([key]) => !key.startsWith("io.modelcontextprotocol/")));
  return own === undefined || Object.keys(own).length === 0 ? rest : { ...rest, _meta: own };
}

describe.each(ERAS)("createMcpServer, to a client on the %s era", (era) => {
  it("lists the tools exactly as given", async () => {
    const { client } = await connect({ handlers: defaultHandlers }, era);
    const listed = await client.listTools();
    if (era === "modern") {
      expect(listed.tools).toEqual(tools);
      // The cache hint the server author set (MCP 2026-07-28: ttlMs and cacheScope on tools/list).
      expect(listed).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    } else {
      // The 2025 revisions require an object outputSchema: the SDK wraps any other as { result }.
      expect(listed.tools).toEqual(
        tools.map((tool) =>
          tool.name === "count" ? { ...tool, outputSchema: { type: "object", properties: { result: { type: "integer" } }, required: ["result"] } } : tool,
        ),
      );
      expect(listed).not.toHaveProperty("ttlMs");
    }
  });

  it("sends typed output as structuredContent plus a JSON text block; a value that is not an object as the era has it", async () => {
    const { client } = await connect({ handlers: defaultHandlers }, era);
    expect(answer(await client.callTool({ name: "weather", arguments: {} }))).toEqual({
      content: [{ type: "text", text: '{"temperature":21}' }],
      structuredContent: { temperature: 21 },
    });
    expect(answer(await client.callTool({ name: "count", arguments: {} }))).toEqual({
      content: [{ type: "text", text: "3" }],
      structuredContent: era === "modern" ? 3 : { result: 3 },
    });
  });

  it("sends a string as text and any other value as JSON text when there is no outputSchema; a tool may be called constructor", async () => {
    const { client } = await connect({ handlers: defaultHandlers }, era);
    expect(answer(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toEqual({ content: [{ type: "text", text: "hi" }] });
    expect(answer(await client.callTool({ name: "constructor", arguments: {} }))).toEqual({ content: [{ type: "text", text: '{"built":true}' }] });
  });

  it("answers a handler without an outputSchema that returns nothing JSON can carry (undefined, a function, a symbol) with a tool error, loudly in the log", async () => {
    const returns: Record<string, unknown> = { undefined, function: () => 1, symbol: Symbol("s"), toJSON: { toJSON: () => undefined } };
    const { client, logs } = await connect({ handlers: { ...defaultHandlers, echo: handler("echo", (input: { text: string }) => returns[input.text]) } }, era);
    const said = async (kind: string) => answer(await client.callTool({ name: "echo", arguments: { text: kind } }));
    const refused = (why: string) => ({ isError: true, content: [{ type: "text", text: `Tool "echo" returned a value that cannot be sent as JSON: ${why}` }] });
    expect(await said("undefined")).toEqual(refused("undefined is no JSON value (is a return missing?)"));
    expect(await said("function")).toEqual(refused("a function is no JSON value"));
    expect(await said("symbol")).toEqual(refused("a symbol is no JSON value"));
    expect(await said("toJSON")).toEqual(refused("it serialises to nothing (its toJSON returned undefined)"));
    expect(logs[0]).toBe(
      'ERROR: tool "echo" returned a value that cannot be sent as JSON (undefined is no JSON value (is a return missing?)); sent a tool error instead',
    );
  });

  it("answers invalid arguments with a tool error listing JSON pointers, without calling the handler", async () => {
    let called = false;
    const { client } = await connect(
      {
        handlers: {
          ...defaultHandlers,
          echo: handler("echo", () => {
            called = true;
            return "";
          }),
        },
      },
      era,
    );
    const result = await client.callTool({ name: "echo", arguments: { text: 42 } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Invalid arguments for tool "echo":\n  /text: must be string');
    const missing = await client.callTool({ name: "echo" });
    expect(text(missing)).toContain("/text: is required");
    expect(called).toBe(false);
  });

  it("names the first ten issues of invalid arguments or output and counts the rest", async () => {
    const many = (prefix: string): ValidationIssue[] => Array.from({ length: 5000 }, (_, index) => ({ path: `${prefix}/${index}`, message: "is required" }));
    const { client, logs } = await connect(
      {
        handlers: { ...defaultHandlers, weather: handler("weather", () => ({ temperature: "warm" })) },
        validators: {
          validateInput: (name, value) => (name === "echo" ? { ok: false, issues: many("/items") } : { ok: true, value }),
          validateOutput: (name, value) => (name === "weather" ? { ok: false, issues: many("/days") } : { ok: true, value }),
        },
      },
      era,
    );
    const lines = (prefix: string) =>
      [
        ...many(prefix)
          .slice(0, 10)
          .map((issue) => `  ${issue.path}: is required`),
        "  … (4990 more)",
      ].join("\n");
    expect(text(await client.callTool({ name: "echo", arguments: { text: "x" } }))).toBe(`Invalid arguments for tool "echo":\n${lines("/items")}`);
    expect(text(await client.callTool({ name: "weather", arguments: {} }))).toBe(
      `Tool "weather" produced output that does not match its outputSchema:\n${lines("/days")}`,
    );
    expect(logs.find((line) => line.includes("does not match its outputSchema"))).toContain(lines("/days"));
  });

  it("answers an unknown tool with JSON-RPC -32602, also for Object.prototype names", async () => {
    const { client } = await connect({ handlers: defaultHandlers }, era);
    for (const name of ["nope", "toString", "__proto__"]) {
      await expect(client.callTool({ name, arguments: {} })).rejects.toMatchObject({ code: -32602 });
    }
    // The server adds no prefix of its own to the message (SDK v1's client adds the code).
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(
      era === "legacy" ? /^MCP error -32602: Unknown tool: "nope"$/ : /^Unknown tool: "nope"$/,
    );
  });

  it("turns a thrown error into a tool error with its message and no stack; the stack goes to the server log", async () => {
    const { client, logs } = await connect(
      {
        handlers: {
          ...defaultHandlers,
          echo: handler("echo", () => {
            throw new Error("database is down");
          }),
        },
      },
      era,
    );
    const result = await client.callTool({ name: "echo", arguments: { text: "x" } });
    expect(answer(result)).toEqual({ isError: true, content: [{ type: "text", text: "database is down" }] });
    expect(logs.join("\n")).toMatch(/tool "echo" failed: Error: database is down\n\s+at /);
  });

  it("a thrown value that is no Error: a tool error without its contents, and the log shows the value (not [object Object])", async () => {
    const { client, logs } = await connect(
      {
        handlers: {
          ...defaultHandlers,
          echo: handler("echo", () => {
            throw { code: 42, reason: "quota" };
          }),
        },
      },
      era,
    );
    const result = await client.callTool({ name: "echo", arguments: { text: "x" } });
    expect(answer(result)).toEqual({ isError: true, content: [{ type: "text", text: "the tool failed" }] });
    expect(logs.join("\n")).toContain(`tool "echo" failed: { code: 42, reason: 'quota' }`);
  });

  it("logs a handler that stopped because its call was cancelled in one line, not as a failure with a stack", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const { client, logs } = await connect(
      {
        handlers: {
          ...defaultHandlers,
          echo: handler("echo", (_input, context) => {
            started();
            return new Promise((_, reject) => context.signal.addEventListener("abort", () => reject(context.signal.reason as Error)));
          }),
        },
      },
      era,
    );
    const cancel = new AbortController();
    const params = { name: "echo", arguments: { text: "x" } };
    const call =
      era === "legacy"
        ? (client as Client).callTool(params, undefined, { signal: cancel.signal })
        : (client as unknown as ClientV2).callTool(params, { signal: cancel.signal });
    await running;
    cancel.abort("no longer needed");
    await expect(call).rejects.toThrow();
    await expect.poll(() => logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^tool "echo" stopped: its call was cancelled or its connection closed \([^\n]+\)$/);
  });

  it("refuses output that breaks the outputSchema, loudly in the log", async () => {
    const { client, logs } = await connect({ handlers: { ...defaultHandlers, count: handler("count", () => 2.5) } }, era);
    const result = await client.callTool({ name: "weather", arguments: { mode: "bad" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('Tool "weather" produced output that does not match its outputSchema:\n  /temperature: must be number');
    expect(logs.join("\n")).toContain('ERROR: tool "weather" returned output that does not match its outputSchema');
    expect(text(await client.callTool({ name: "weather", arguments: { mode: "none" } }))).toContain("structuredContent is missing");
    expect(text(await client.callTool({ name: "count", arguments: {} }))).toContain("(root): must be integer");
  });

  it("refuses a full result the SDK clients would reject whole (image data that is not Base64), naming the tool and the place, loudly in the log", async () => {
    const broken = (input: { text: string }) =>
      input.text === "image"
        ? toolResult({ content: [{ type: "image", data: "89504e47-not-base64!", mimeType: "image/png" }] })
        : toolResult({ content: [{ type: "text" } as never] });
    const { client, logs } = await connect({ handlers: { ...defaultHandlers, echo: handler("echo", broken) } }, era);
    const image = await client.callTool({ name: "echo", arguments: { text: "image" } });
    expect(answer(image)).toEqual({
      isError: true,
      content: [{ type: "text", text: 'Tool "echo" returned what is not a CallToolResult at content[0].data: Invalid Base64 string' }],
    });
    expect(logs).toContain('ERROR: tool "echo" returned what is not a CallToolResult at content[0].data: Invalid Base64 string; sent a tool error instead');
    expect(text(await client.callTool({ name: "echo", arguments: { text: "block" } }))).toBe(
      'Tool "echo" returned what is not a CallToolResult at content[0]: Invalid input',
    );
  });

  it("answers a handler's MissingRequiredClientCapabilityError as -32021, and any other protocol error as a tool error", async () => {
    const { client } = await connect(
      {
        handlers: {
          ...defaultHandlers,
          echo: handler("echo", (input: { text: string }) => {
            if (input.text === "needs") throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } });
            throw new ProtocolError(-32603, "not a call's answer");
          }),
        },
      },
      era,
    );
    await expect(client.callTool({ name: "echo", arguments: { text: "needs" } })).rejects.toMatchObject({ code: -32021 });
    expect(answer(await client.callTool({ name: "echo", arguments: { text: "other" } }))).toEqual({
      isError: true,
      content: [{ type: "text", text: "not a call's answer" }],
    });
  });

  it("passes full results and tool errors through", async () => {
    const full = toolResult({ content: [{ type: "image", data: "AA==", mimeType: "image/png" }], _meta: { note: 1 } });
    const { client } = await connect(
      { handlers: { ...defaultHandlers, echo: handler("echo", (input: { text: string }) => (input.text === "fail" ? toolError("nope") : full)) } },
      era,
    );
    expect(answer(await client.callTool({ name: "echo", arguments: { text: "x" } }))).toEqual({
      content: [{ type: "image", data: "AA==", mimeType: "image/png" }],
      _meta: { note: 1 },
    });
    expect(answer(await client.callTool({ name: "echo", arguments: { text: "fail" } }))).toEqual({ isError: true, content: [{ type: "text", text: "nope" }] });
  });

  it("tells a handler its era, and offers sampling, elicitation and roots to clients that declared them", async () => {
    const seen: unknown[] = [];
    const handlers = {
      ...defaultHandlers,
      echo: handler(
        "echo",
        (_input, context) => (seen.push([context.era, context.sample !== undefined, context.elicit !== undefined, context.listRoots !== undefined]), "ok"),
      ),
    };
    const capable = await connect({ handlers }, era, { capabilities: { sampling: {}, elicitation: {} } });
    await capable.client.callTool({ name: "echo", arguments: { text: "x" } });
    const plain = await connect({ handlers }, era);
    await plain.client.callTool({ name: "echo", arguments: { text: "x" } });
    expect(seen).toEqual([
      [era, true, true, false],
      [era, false, false, false],
    ]);
  });

  it("asks the client for input from the same handler code: sampling, elicitation and roots, answered in order", async () => {
    let entries = 0;
    let after = 0;
    const handlers = {
      ...defaultHandlers,
      echo: handler("echo", async (input: { text: string }, context) => {
        entries++;
        const sampled = await context.sample!({ messages: [{ role: "user", content: { type: "text", text: input.text } }], maxTokens: 10 });
        const elicited = await context.elicit!({
          message: "name?",
          requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        });
        const roots = await context.listRoots!();
        after++;
        return `${(sampled.content as { text: string }).text} ${elicited.action} ${String(elicited.content?.["name"])} ${roots.roots.map((root) => root.uri).join()}`;
      }),
    };
    const { client, v1 } = await connect({ handlers }, era, { capabilities: { sampling: {}, elicitation: {}, roots: {} } });
    const asked: string[] = [];
    const answers = {
      sample: (text: string) => (
        asked.push(`sample ${text}`),
        { role: "assistant" as const, content: { type: "text" as const, text: `sampled ${text}` }, model: "m" }
      ),
      elicit: (message: string) => (asked.push(`elicit ${message}`), { action: "accept" as const, content: { name: "Ada" } }),
      roots: () => (asked.push("roots"), { roots: [{ uri: "file:///work", name: "work" }] }),
    };
    if (v1 !== undefined) {
      v1.setRequestHandler(CreateMessageRequestSchema, (request) => answers.sample((request.params.messages[0]!.content as { text: string }).text));
      v1.setRequestHandler(ElicitRequestSchema, (request) => answers.elicit(request.params.message));
      v1.setRequestHandler(ListRootsRequestSchema, () => answers.roots());
    } else {
      const v2 = client as unknown as ClientV2;
      v2.setRequestHandler("sampling/createMessage", (request) => answers.sample((request.params.messages[0]!.content as { text: string }).text));
      v2.setRequestHandler("elicitation/create", (request) => answers.elicit(request.params.message));
      v2.setRequestHandler("roots/list", () => answers.roots());
    }
    expect(answer(await client.callTool({ name: "echo", arguments: { text: "hi" } }))).toEqual({
      content: [{ type: "text", text: "sampled hi accept Ada file:///work" }],
    });
    expect(asked).toEqual(["sample hi", "elicit name?", "roots"]);
    // 2025: one run, each ask a request to the client. 2026-07-28: a round per ask (the SDK client
    // answers each input_required result and sends the call again), the last one running through.
    expect([entries, after]).toEqual(era === "legacy" ? [1, 1] : [4, 1]);
  });
});

describe("createMcpServer, era by era", () => {
  it("checks output as it will be sent: NaN, Infinity and toJSON are serialised first; a BigInt or a cycle is the handler's error", async () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    const returns: { [mode: string]: unknown } = {
      nan: { temperature: Number.NaN },
      infinite: { temperature: Number.POSITIVE_INFINITY },
      disguised: { toJSON: () => ({ temperature: "hot" }) },
      big: { temperature: 10n },
      cyclic,
      date: { temperature: 3, at: new Date(0) },
    };
    const { v1: client, logs } = await connect({
      handlers: { ...defaultHandlers, weather: handler("weather", (input: { mode: string }) => returns[input.mode]) },
    });
    const call = (mode: string) => client!.request({ method: "tools/call", params: { name: "weather", arguments: { mode } } }, CallToolResultSchema);
    for (const mode of ["nan", "infinite", "disguised"]) {
      const result = await call(mode);
      expect(result.isError, mode).toBe(true);
      expect(text(result), mode).toBe('Tool "weather" produced output that does not match its outputSchema:\n  /temperature: must be number');
    }
    for (const mode of ["big", "cyclic"]) {
      const result = await call(mode);
      expect(result.isError, mode).toBe(true);
      expect(text(result), mode).toMatch(/^Tool "weather" returned a value that cannot be sent as JSON: /);
    }
    expect(logs.filter((line) => line.includes("cannot be sent as JSON"))).toHaveLength(2);
    // What passes is what was checked: the Date as its JSON text.
    expect(await call("date")).toEqual({
      content: [{ type: "text", text: '{"temperature":3,"at":"1970-01-01T00:00:00.000Z"}' }],
      structuredContent: { temperature: 3, at: "1970-01-01T00:00:00.000Z" },
    });
  });

  it("2025: reports progress only when the client asked for it, and logs at or above the client's level", async () => {
    const { v1: client } = await connect({
      handlers: {
        ...defaultHandlers,
        echo: handler("echo", async (_input, context) => {
          await context.progress(0, 2);
          await context.log("debug", "quiet");
          await context.log("warning", { loud: true });
          await context.progress(2, 2, "done");
          return "ok";
        }),
      },
    });
    const logged: unknown[] = [];
    client!.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void logged.push(notification.params));
    await client!.setLoggingLevel("info");
    const progress: unknown[] = [];
    await client!.callTool({ name: "echo", arguments: { text: "x" } }, undefined, { onprogress: (update) => void progress.push(update) });
    expect(progress).toEqual([
      { progress: 0, total: 2 },
      { progress: 2, total: 2, message: "done" },
    ]);
    await client!.callTool({ name: "echo", arguments: { text: "x" } });
    expect(logged).toEqual([
      { level: "warning", logger: "echo", data: { loud: true } },
      { level: "warning", logger: "echo", data: { loud: true } },
    ]);
  });

  it("2025 over stdio: sampling and elicitation reach clients that support them, and only those", async () => {
    const seen: Array<[boolean, boolean]> = [];
    const handlers = {
      ...defaultHandlers,
      echo: handler("echo", async (_input, context) => {
        seen.push([context.sample !== undefined, context.elicit !== undefined]);
        if (context.sample === undefined || context.elicit === undefined) return "none";
        const sampled = await context.sample({ messages: [{ role: "user", content: { type: "text", text: "hi" } }], maxTokens: 10 });
        const elicited = await context.elicit({ message: "name?", requestedSchema: { type: "object", properties: { name: { type: "string" } } } });
        return `${(sampled.content as { text: string }).text} ${elicited.action} ${String(elicited.content?.["name"])}`;
      }),
    };
    const plain = await connect({ handlers });
    expect(await plain.client.callTool({ name: "echo", arguments: { text: "x" } })).toEqual({ content: [{ type: "text", text: "none" }] });
    const capable = await connect({ handlers }, "legacy", { capabilities: { sampling: {}, elicitation: {} } });
    capable.v1!.setRequestHandler(CreateMessageRequestSchema, () => ({ role: "assistant", content: { type: "text", text: "sampled" }, model: "m" }));
    capable.v1!.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { name: "Ada" } }));
    expect(await capable.client.callTool({ name: "echo", arguments: { text: "x" } })).toEqual({ content: [{ type: "text", text: "sampled accept Ada" }] });
    expect(seen).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it("refuses to start without a handler for every tool, or with one bound to another tool", () => {
    const { weather: _weather, ...missing } = defaultHandlers;
    expect(() => createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers: missing })).toThrow('no handler for tool "weather"');
    expect(() =>
      createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers: { ...defaultHandlers, weather: defaultHandlers.echo } }),
    ).toThrow('was defined for "echo"');
  });
});

/** A raw HTTP request with chosen headers (fetch does not let a caller set Host); `body` as text is sent as it is. */
function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  method = "POST",
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolvePost, reject) => {
    const target = new URL(url);
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolvePost({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(method === "POST" ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined);
  });
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
/** A 2026-07-28 tools/call as the revision puts it on the wire: the envelope in _meta, the standard headers. */
function modernCall(name: string, args: unknown, extraHeaders: Record<string, string> = {}) {
  return {
    headers: { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": name, ...extraHeaders },
    body: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name, arguments: args, _meta: ENVELOPE } },
  };
}

const toolsList = { jsonrpc: "2.0", id: 2, method: "tools/list" };

/** Opens a 2025 session with a bare initialize (no GET stream: idle once answered); its ID. */
async function openSession(url: string): Promise<string> {
  const answer = await post(url, {}, initialize);
  const id = answer.headers["mcp-session-id"];
  if (answer.status !== 200 || typeof id !== "string") throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  return id;
}

/** Opens the session's GET stream (MCP "Listening for Messages from the Server") and keeps it open. */
function openStream(url: string, sessionId: string): Promise<IncomingMessage> {
  return new Promise((resolveStream, reject) => {
    const target = new URL(url);
    const outgoing = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: "GET", headers: { accept: "text/event-stream", "mcp-session-id": sessionId } },
      (response) => {
        if (response.statusCode === 200) resolveStream(response);
        else reject(new Error(`GET answered ${response.statusCode}`));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The JSON-RPC message of an answer, whether sent as JSON or as one SSE event. */
function message(body: string): { id?: unknown; result?: unknown; error?: { code: number; message: string } } {
  const data = /^data: (.*)$/m.exec(body);
  return JSON.parse(data === null ? body : data[1]!);
}

interface RpcAnswer {
  id?: unknown;
  result?: {
    resultType?: string;
    inputRequests?: Record<string, { method: string; params?: Record<string, unknown> }>;
    requestState?: string;
    content?: Array<{ text?: string }>;
  };
  error?: { code: number; message: string };
}

/**
 * A server of `handlers` over the stdio entry (an in-memory pair), spoken to as a 2026-07-28 client
 * that fulfils nothing itself: each call's answer as it comes, input_required results included.
 */
async function modernWire(handlers: ServerDefinition["handlers"], options: RuntimeOptions = {}) {
  const [clientSide, serverSide] = linkedTransports();
  const running = await serveStdio(
    () => createMcpServer({ info: { name: "rounds", version: "1" }, tools, validators, handlers }, { log: () => undefined, ...options }),
    { transport: serverSide as never },
  );
  cleanups.push(() => running.close());
  const answers = new Map<unknown, RpcAnswer>();
  clientSide.onmessage = (answered) => void answers.set((answered as RpcAnswer).id, answered as RpcAnswer);
  await clientSide.start();
  let next = 100;
  return async (
    args: Record<string, unknown>,
    extra: { inputResponses?: unknown; requestState?: string } = {},
    capabilities: Record<string, unknown> = { elicitation: {}, sampling: {} },
  ): Promise<RpcAnswer> => {
    const id = next++;
    await clientSide.send({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "echo", arguments: args, ...extra, _meta: { ...ENVELOPE, "io.modelcontextprotocol/clientCapabilities": capabilities } },
    });
    await expect.poll(() => answers.get(id)).toBeDefined();
    return answers.get(id)!;
  };
}

const NAME_FORM: { type: "object"; properties: { name: { type: "string" } }; required: string[] } = {
  type: "object",
  properties: { name: { type: "string" } },
  required: ["name"],
};
const accepted = (content: Record<string, unknown>) => ({ action: "accept", content });
const sampled = (text: string) => ({ role: "assistant", content: { type: "text", text }, model: "m" });

describe("MCP 2026-07-28: a handler's asks as multi round-trip requests (input_required)", () => {
  it("ends a round with every ask made together, keyed by place or by name, and runs the handler again with the answers", async () => {
    const steps: string[] = [];
    const call = await modernWire({
      ...defaultHandlers,
      echo: handler("echo", async (input: { text: string }, context) => {
        steps.push("start");
        context.signal.addEventListener("abort", () => steps.push("aborted"));
        const [name, summary] = await Promise.all([
          context.elicit!({ message: `name for ${input.text}?`, requestedSchema: NAME_FORM }),
          context.sample!({ messages: [{ role: "user", content: { type: "text", text: input.text } }], maxTokens: 5 }, { key: "summary" }),
        ]);
        steps.push("answered");
        const sure = await context.elicit!({ message: "sure?", requestedSchema: { type: "object", properties: {} } });
        return `${String(name.content?.["name"])} ${(summary.content as { text: string }).text} ${sure.action}`;
      }),
    });
    const first = await call({ text: "x" });
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: {
        "elicit-1": { method: "elicitation/create", params: { message: "name for x?", requestedSchema: NAME_FORM } },
        summary: { method: "sampling/createMessage", params: { maxTokens: 5 } },
      },
      requestState: expect.any(String),
    });
    expect(Object.keys(first.result!.inputRequests!)).toEqual(["elicit-1", "summary"]);
    // The handler stopped at its asks: nothing after them ran, and its signal told it to stop.
    expect(steps).toEqual(["start", "aborted"]);

    const second = await call(
      { text: "x" },
      { inputResponses: { "elicit-1": accepted({ name: "Ada" }), summary: sampled("short") }, requestState: first.result!.requestState! },
    );
    expect(Object.keys(second.result!.inputRequests!)).toEqual(["elicit-3"]);
    expect(second.result!.requestState).not.toBe(first.result!.requestState);
    // The third round answers only the last ask: the earlier answers travel in requestState.
    const third = await call({ text: "x" }, { inputResponses: { "elicit-3": { action: "decline" } }, requestState: second.result!.requestState! });
    expect(third.result).toMatchObject({ content: [{ type: "text", text: "Ada short decline" }] });
    expect(third.result!.resultType).not.toBe("input_required");
    expect(steps).toEqual(["start", "aborted", "start", "answered", "aborted", "start", "answered"]);
  });

  it("refuses a requestState it did not sign, or one signed for another call's arguments, with -32602", async () => {
    const handlers = {
      ...defaultHandlers,
      echo: handler("echo", async (_input, context) => (await context.elicit!({ message: "ok?", requestedSchema: NAME_FORM })).action),
    };
    const call = await modernWire(handlers);
    const first = await call({ text: "x" });
    const state = first.result!.requestState!;
    const answered = { inputResponses: { "elicit-1": accepted({ name: "a" }) } };
    expect((await call({ text: "x" }, { ...answered, requestState: state })).result).toMatchObject({ content: [{ text: "accept" }] });
    expect((await call({ text: "x" }, { ...answered, requestState: `${state}-TAMPERED` })).error).toEqual({
      code: -32602,
      message: "Invalid or expired requestState",
      data: { reason: "invalid_request_state" },
    });
    expect((await call({ text: "y" }, { ...answered, requestState: state })).error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid requestState: it was issued for another call/),
    });
    // A server with another key refuses it (by default each process makes its own); one sharing the key takes it.
    const other = await modernWire(handlers, { requestStateKey: "o".repeat(32) });
    expect((await other({ text: "x" }, { ...answered, requestState: state })).error?.code).toBe(-32602);
    const key = "k".repeat(32);
    const fleetA = await modernWire(handlers, { requestStateKey: key });
    const fleetB = await modernWire(handlers, { requestStateKey: key });
    const issued = await fleetA({ text: "x" });
    expect((await fleetB({ text: "x" }, { ...answered, requestState: issued.result!.requestState! })).result).toMatchObject({ content: [{ text: "accept" }] });
    expect(() => createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers }, { requestStateKey: "short" })).toThrow(
      /invalid requestStateKey: 5 bytes; use at least 32/,
    );
  });

  it("asks again for what the client left unanswered or answered unfittingly, and ignores answers to nothing it asked", async () => {
    const call = await modernWire({
      ...defaultHandlers,
      echo: handler("echo", async (_input, context) => {
        const answer = await context.elicit!({ message: "name?", requestedSchema: NAME_FORM }, { key: "user_name" });
        return `${answer.action} ${String(answer.content?.["name"])}`;
      }),
    });
    const first = await call({ text: "x" });
    const state = first.result!.requestState!;
    for (const inputResponses of [
      { wrong_key: accepted({ name: "a" }) },
      { user_name: 12345 },
      { user_name: accepted({ name: 5 }) },
      { user_name: sampled("a") },
    ]) {
      const again = await call({ text: "x" }, { inputResponses, requestState: state });
      expect(Object.keys(again.result?.inputRequests ?? {}), JSON.stringify(inputResponses)).toEqual(["user_name"]);
    }
    // On a first call (no requestState), an answer under the key the handler names is taken, and extra keys are ignored.
    const direct = await call({ text: "x" }, { inputResponses: { user_name: accepted({ name: "Alice" }), unknown_extra_key: accepted({ foo: "bar" }) } });
    expect(direct.result).toMatchObject({ content: [{ text: "accept Alice" }] });
  });

  it("digests a call's arguments only when a requestState is to be checked or issued", async () => {
    const digests: string[] = [];
    const identify = () => {
      digests.push("digest");
      return "call-digest";
    };
    const context = (state: unknown) => ({ mcpReq: { requestState: () => state } }) as unknown as ConstructorParameters<typeof InputRounds>[0];
    // No state and nothing the client can be asked: no digest (canonical JSON plus SHA-256) at all.
    const quiet = new InputRounds(context(undefined), undefined, identify);
    expect(quiet.isSuspended).toBe(false);
    expect(digests).toEqual([]);
    // A state to check: digested once, and one issued for another call is refused.
    expect(() => new InputRounds(context({ call: "another", answers: {}, asked: {} }), undefined, identify)).toThrow(/issued for another call/);
    expect(digests).toEqual(["digest"]);
    new InputRounds(context({ call: "call-digest", answers: {}, asked: {} }), undefined, identify);
    expect(digests).toEqual(["digest", "digest"]);
  });

  it("offers each ask only to a request whose capabilities declare it", async () => {
    const call = await modernWire({
      ...defaultHandlers,
      echo: handler("echo", async (_input, context) => {
        if (context.elicit !== undefined) return (await context.elicit({ message: "?", requestedSchema: NAME_FORM })).action;
        if (context.sample === undefined) return "nothing to ask";
        const answer = await context.sample({ messages: [{ role: "user", content: { type: "text", text: "?" } }], maxTokens: 5 });
        return (answer.content as { text: string }).text;
      }),
    });
    const samplingOnly = await call({ text: "x" }, {}, { sampling: {} });
    expect(Object.values(samplingOnly.result!.inputRequests!).map((request) => request.method)).toEqual(["sampling/createMessage"]);
    const none = await call({ text: "x" }, {}, {});
    expect(none.result).toMatchObject({ content: [{ text: "nothing to ask" }] });
  });
});

describe("an ask the client's capabilities cannot carry", () => {
  it("throws inside the handler on both eras (a form for a client of URL elicitation only), so its catch can fall back; uncaught, 2026-07-28 answers -32021", async () => {
    const echo = handler("echo", async (input: { text: string }, context: ToolContext) => {
      try {
        return (await context.elicit!({ message: "?", requestedSchema: NAME_FORM })).action;
      } catch (error) {
        if (input.text === "rethrow") throw error;
        return "fell back";
      }
    });
    for (const era of ERAS) {
      const { client } = await connect({ handlers: { ...defaultHandlers, echo } }, era, { capabilities: { elicitation: { url: {} } } });
      expect(answer(await client.callTool({ name: "echo", arguments: { text: "x" } })), era).toEqual({ content: [{ type: "text", text: "fell back" }] });
      const rethrown = client.callTool({ name: "echo", arguments: { text: "rethrow" } });
      if (era === "modern") await expect(rethrown).rejects.toMatchObject({ code: -32021 });
      else expect(answer(await rethrown)).toEqual({ isError: true, content: [{ type: "text", text: "Client does not support form elicitation." }] });
    }
  });

  it("throws inside the handler on both eras for sampling with tools, where the client declared sampling without tools", async () => {
    const echo = handler("echo", async (input: { text: string }, context: ToolContext) => {
      const messages = [{ role: "user" as const, content: { type: "text" as const, text: "?" } }];
      try {
        const tools = [{ name: "lookup", inputSchema: { type: "object" as const } }];
        return (await context.sample!({ messages, maxTokens: 5, ...(input.text === "choice" ? { toolChoice: { mode: "auto" as const } } : { tools }) })).model;
      } catch (error) {
        if (input.text === "rethrow") throw error;
        return "fell back";
      }
    });
    for (const era of ERAS) {
      const { client } = await connect({ handlers: { ...defaultHandlers, echo } }, era, { capabilities: { sampling: {} } });
      for (const text of ["tools", "choice"])
        expect(answer(await client.callTool({ name: "echo", arguments: { text } })), `${era} ${text}`).toEqual({
          content: [{ type: "text", text: "fell back" }],
        });
      const rethrown = client.callTool({ name: "echo", arguments: { text: "rethrow" } });
      if (era === "modern") await expect(rethrown).rejects.toMatchObject({ code: -32021 });
      else expect(answer(await rethrown)).toEqual({ isError: true, content: [{ type: "text", text: "Client does not support sampling tools capability." }] });
    }
  });

  it("sends sampling with tools to a client that declared sampling.tools, on both eras", async () => {
    const lookup = { name: "lookup", inputSchema: { type: "object" as const } };
    const echo = handler("echo", async (_input: { text: string }, context: ToolContext) => {
      const messages = [{ role: "user" as const, content: { type: "text" as const, text: "?" } }];
      return (await context.sample!({ messages, maxTokens: 5, tools: [lookup], toolChoice: { mode: "auto" } })).model;
    });
    for (const era of ERAS) {
      const { client, v1 } = await connect({ handlers: { ...defaultHandlers, echo } }, era, { capabilities: { sampling: { tools: {} } } });
      const received: unknown[] = [];
      const answerWith = (params: { tools?: unknown; toolChoice?: unknown }) => (
        received.push([params.tools, params.toolChoice]),
        { role: "assistant" as const, content: { type: "text" as const, text: "done" }, model: "with-tools" }
      );
      if (v1 !== undefined) v1.setRequestHandler(CreateMessageRequestSchema, (request) => answerWith(request.params));
      else (client as unknown as ClientV2).setRequestHandler("sampling/createMessage", (request) => answerWith(request.params));
      expect(answer(await client.callTool({ name: "echo", arguments: { text: "x" } })), era).toEqual({ content: [{ type: "text", text: "with-tools" }] });
      expect(received, era).toEqual([[[lookup], { mode: "auto" }]]);
    }
  });
});

describe("serveStdio", () => {
  /** test/fixtures/stdio/waiting-server.mjs (tools `wait`, until aborted, and `slow`, `ms` milliseconds) in a process of its own. */
  function waitingServer(env: Record<string, string> = {}) {
    const child = spawn(process.execPath, [join(repoRoot, "test/fixtures/stdio/waiting-server.mjs")], {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    cleanups.push(async () => void child.kill());
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => void (stdout += chunk.toString()));
    const started = new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("handler started")) resolve();
      });
    });
    // "close", not "exit": its stdout and stderr are read to their end by then (at "exit" a last chunk may still be in the pipe).
    const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
    const answers = () =>
      stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { id?: unknown; result?: CallToolResult });
    return { child, started, exited, answers, stderr: () => stderr };
  }
  const line = (message: object) => `${JSON.stringify(message)}\n`;
  const legacyOpening = [
    line({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
    line({ jsonrpc: "2.0", method: "notifications/initialized" }),
  ];
  const stdioCall = (era: Era, id: number, name: string, args: object) =>
    line({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, ...(era === "modern" ? { _meta: ENVELOPE } : {}) } });

  it.each(ERAS)("answers the calls in flight when stdin ends, then exits: a call piped in gets its answer (%s)", async (era) => {
    const server = waitingServer();
    // All at once, then EOF, as `printf ... | node dist/server.js` does: before, the transport closed under the call.
    server.child.stdin.end([...(era === "legacy" ? legacyOpening : []), stdioCall(era, 2, "slow", { ms: 200 })].join(""));
    expect(await server.exited).toBe(0);
    expect(server.answers().find((answer) => answer.id === 2)?.result?.content).toEqual([{ type: "text", text: "slept 200" }]);
  });

  it("waits for every call in flight when drainMs is Infinity (no timer, which would fire at once past 2^31 - 1 ms)", async () => {
    const server = waitingServer({ DRAIN_MS: "Infinity" });
    server.child.stdin.end([...legacyOpening, stdioCall("legacy", 2, "slow", { ms: 200 })].join(""));
    expect(await server.exited).toBe(0);
    expect(server.answers().find((answer) => answer.id === 2)?.result?.content).toEqual([{ type: "text", text: "slept 200" }]);
  });

  it("aborts the handlers that cannot finish within drainMs of stdin's end, and the process ends even if one ignores its signal", async () => {
    const server = waitingServer({ DRAIN_MS: "200" });
    // `wait` finishes only when aborted; `slow`, for ten minutes (past the test's timeout), ignores its signal.
    server.child.stdin.write([...legacyOpening, stdioCall("legacy", 2, "wait", {}), stdioCall("legacy", 3, "slow", { ms: 600_000 })].join(""));
    await server.started;
    server.child.stdin.end();
    // Bounded by the test's timeout: before, the process lived on until the handlers finished (never, or in ten minutes).
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("handler aborted");
    expect(server.answers().map((answer) => answer.id)).toEqual([1]);
  });

  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s aborts the handlers still running, so they can clean up, and exits 0 (MCP's stdio shutdown ends with SIGTERM)",
    async (signal) => {
      // A drain longer than the test: only the signal can end it.
      const server = waitingServer({ DRAIN_MS: "600000" });
      server.child.stdin.write([...legacyOpening, stdioCall("legacy", 2, "wait", {})].join(""));
      await server.started;
      server.child.kill(signal);
      expect(await server.exited).toBe(0);
      // Before, the process ended on the signal with no word to its handlers.
      expect(server.stderr()).toContain("handler aborted");
    },
  );

  it("a signal during the drain (MCP's stdio shutdown: stdin closed, then SIGTERM) cuts it short, and the server stops once", async () => {
    const server = waitingServer({ DRAIN_MS: "600000", GONE_LOG: "1" });
    server.child.stdin.write([...legacyOpening, stdioCall("legacy", 2, "wait", {})].join(""));
    await server.started;
    server.child.stdin.end();
    // The drain has begun (its end of input read) before the signal comes.
    while (!server.stderr().includes("stdin ended")) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("handler aborted");
    // Before, the drain went on under the signal's stop, and onClientGone ran twice.
    expect(server.stderr().match(/^gone$/gm)).toEqual(["gone"]);
  });

  it("stops draining when the client is gone (stdout closed): an answer written after it (EPIPE) ends nothing badly", async () => {
    // A drain longer than the test: only the closed stdout can end it.
    const server = waitingServer({ DRAIN_MS: "600000" });
    server.child.stdin.write([...legacyOpening, stdioCall("legacy", 2, "wait", {}), stdioCall("legacy", 3, "slow", { ms: 100 })].join(""));
    await server.started;
    server.child.stdout.destroy();
    server.child.stdin.end();
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toContain("handler aborted");
    expect(server.stderr()).not.toMatch(/Error|\n\s+at /);
  });

  it("says on stderr that a line of JSON that is no JSON-RPC message was ignored, where it printed `MCP: [`", async () => {
    const [, serverSide] = linkedTransports();
    const logs: string[] = [];
    const running = await serveStdio(
      () => createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers: defaultHandlers }, { log: () => undefined }),
      { transport: serverSide as never, log: (message) => logs.push(message) },
    );
    cleanups.push(() => running.close());
    // What the SDK's stdio transport reports for the line `{"jsonrpc":"2.0","id":5}`: its schema's complaint.
    let complaint: unknown;
    try {
      deserializeMessage('{"jsonrpc":"2.0","id":5}');
    } catch (error) {
      complaint = error;
    }
    expect((complaint as Error).message.split("\n", 1)[0]).toBe("[");
    serverSide.onerror?.(complaint as Error);
    serverSide.onerror?.(new Error("read EPIPE\nmore"));
    expect(logs).toEqual(["MCP: ignored a message that is not a JSON-RPC request, notification or response", "MCP: read EPIPE"]);
  });

  it.each(ERAS)("answers a tools/call whose arguments are not an object with -32602 in words (%s)", async (era) => {
    const [clientSide, serverSide] = linkedTransports();
    const running = await serveStdio(
      () => createMcpServer({ info: { name: "x", version: "1" }, tools, validators, handlers: defaultHandlers }, { log: () => undefined }),
      {
        transport: serverSide as never,
      },
    );
    cleanups.push(() => running.close());
    const answers: unknown[] = [];
    clientSide.onmessage = (answered) => void answers.push(answered);
    await clientSide.start();
    if (era === "legacy") {
      await clientSide.send(initialize);
      await clientSide.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    }
    const meta = era === "modern" ? { _meta: ENVELOPE } : {};
    await clientSide.send({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "echo", arguments: [1, 2], ...meta } });
    await expect
      .poll(() => answers.find((answered) => (answered as { id?: unknown }).id === 5))
      .toEqual({
        jsonrpc: "2.0",
        id: 5,
        error: { code: -32602, message: "Invalid params: params.arguments must be an object of the tool's arguments, not an array" },
      });
  });
});

describe("serveHttp", () => {
  const running: RunningHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });
  const start = async (options: Parameters<typeof serveHttp>[1] = {}, handlers: ServerDefinition["handlers"] = defaultHandlers) => {
    const logs: string[] = [];
    const server = await serveHttp(
      () => createMcpServer({ info: { name: "http-test", version: "1.0.0" }, tools, headerArguments, validators, handlers }, { log: () => undefined }),
      { port: 0, log: (line) => logs.push(line), ...options },
    );
    running.push(server);
    return Object.assign(server, { logs });
  };

  it("binds to 127.0.0.1 and serves an SDK v2 client pinned to 2026-07-28 without a session and an SDK v1 client in one", async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const modern = new ClientV2({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await modern.connect(new HttpTransportV2(new URL(server.url)));
    expect(modern.getProtocolEra()).toBe("modern");
    expect((await modern.listTools()).tools).toEqual(tools);
    expect(await modern.callTool({ name: "count", arguments: {} })).toMatchObject({ structuredContent: 3 });
    const legacy = new Client({ name: "t", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    await legacy.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await legacy.callTool({ name: "weather", arguments: {} })).toMatchObject({ structuredContent: { temperature: 21 } });
    expect(await legacy.callTool({ name: "count", arguments: {} })).toMatchObject({ structuredContent: { result: 3 } });
    await Promise.all([modern.close(), legacy.close()]);
    // A 2025 request without a session is served on its own; a GET (the session's stream) needs a session.
    expect(message((await post(server.url, {}, toolsList)).body).result).toMatchObject({ tools: expect.any(Array) });
    expect((await post(server.url, {}, {}, "GET")).status).toBe(405);
  });

  it("lets one handler ask a 2025 client in its session and a 2026-07-28 client in rounds, over HTTP", async () => {
    let entries = 0;
    const server = await start(
      {},
      {
        ...defaultHandlers,
        echo: handler("echo", async (input: { text: string }, context) => {
          entries++;
          if (context.elicit === undefined) return "cannot ask";
          const answer = await context.elicit({
            message: `name for ${input.text}?`,
            requestedSchema: { type: "object", properties: { name: { type: "string" } } },
          });
          return `${answer.action} ${String(answer.content?.["name"])}`;
        }),
      },
    );
    const legacy = new Client({ name: "t", version: "1" }, { capabilities: { elicitation: {} } });
    legacy.setRequestHandler(ElicitRequestSchema, (request) => ({ action: "accept", content: { name: `v1 ${request.params.message}` } }));
    await legacy.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect(await legacy.callTool({ name: "echo", arguments: { text: "a" } })).toEqual({ content: [{ type: "text", text: "accept v1 name for a?" }] });
    const modern = new ClientV2({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: {} } });
    modern.setRequestHandler("elicitation/create", (request) => ({ action: "accept", content: { name: `v2 ${request.params.message}` } }));
    await modern.connect(new HttpTransportV2(new URL(server.url)));
    expect(await modern.callTool({ name: "echo", arguments: { text: "b" } })).toMatchObject({ content: [{ type: "text", text: "accept v2 name for b?" }] });
    await Promise.all([legacy.close(), modern.close()]);
    expect(entries).toBe(3);
    // A 2025 request without a session has no way back to its client.
    const alone = await post(server.url, {}, { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "echo", arguments: { text: "c" } } });
    expect(message(alone.body).result).toMatchObject({ content: [{ type: "text", text: "cannot ask" }] });
  });

  it("serves 2025 clients without sessions when stateless: each request on its own, GET and DELETE 405", async () => {
    const server = await start({ stateless: true });
    const legacy = new Client({ name: "t", version: "1" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url));
    await legacy.connect(transport);
    expect(transport.sessionId).toBeUndefined();
    expect(await legacy.callTool({ name: "echo", arguments: { text: "x" } })).toMatchObject({ content: [{ text: "x" }] });
    await legacy.close();
    for (const method of ["GET", "DELETE"]) expect((await post(server.url, { "mcp-session-id": "any" }, {}, method)).status, method).toBe(405);
  });

  it("refuses a foreign Host or Origin (DNS rebinding) and accepts localhost names with any port", async () => {
    const server = await start();
    const port = new URL(server.url).port;
    expect((await post(server.url, { host: "evil.example.com", origin: "http://evil.example.com" }, initialize)).status).toBe(403);
    expect((await post(server.url, { host: `127.0.0.1:${port}`, origin: "http://evil.example.com" }, initialize)).status).toBe(403);
    expect((await post(server.url, { host: `evil.example.com:${port}` }, initialize)).status).toBe(403);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, "localhost"]) {
      const answer = await post(server.url, { host, origin: `http://${host}` }, initialize);
      expect(answer.status, host).toBe(200);
    }
  });

  it("accepts extra host names when told to", async () => {
    const server = await start({ allowedHosts: ["mcp.internal"] });
    expect((await post(server.url, { host: "mcp.internal:1234" }, initialize)).status).toBe(200);
  });

  it("refuses a port, a host or a limit that is not one before binding anything", async () => {
    for (const port of [Number.NaN, -1, 70000, 1.5]) {
      await expect(start({ port })).rejects.toThrow(/invalid port .*: expected an integer from 0 to 65535/);
    }
    await expect(start({ host: "" })).rejects.toThrow(/invalid host ""/);
    await expect(start({ host: " " })).rejects.toThrow(/invalid host ""/);
    for (const maxRequests of [0, -1, 1.5, Number.NaN]) await expect(start({ maxRequests })).rejects.toThrow(/invalid maxRequests/);
    for (const maxSessions of [0, -1, 1.5, Number.NaN]) await expect(start({ maxSessions })).rejects.toThrow(/invalid maxSessions/);
    for (const sessionIdleTimeout of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(start({ sessionIdleTimeout })).rejects.toThrow(/invalid sessionIdleTimeout/);
    for (const maxBodyBytes of [0, -1, 1.5]) await expect(start({ maxBodyBytes })).rejects.toThrow(/invalid maxBodyBytes/);
  });

  it("reads its options from the environment as src/server.ts documents them", () => {
    const defaults = { maxRequests: 1000, maxSessions: 1000, sessionIdleTimeout: 1800, stateless: false };
    expect(httpOptionsFromEnvironment({})).toEqual({ port: 3000, host: "127.0.0.1", allowedHosts: [], ...defaults });
    expect(
      httpOptionsFromEnvironment({ PORT: " 8080 ", MCP_HOST: "", MCP_ALLOWED_HOSTS: "a.example, b.example,,", MCP_MAX_REQUESTS: " 20 ", MCP_STATELESS: "1" }),
    ).toEqual({ ...defaults, port: 8080, host: "127.0.0.1", allowedHosts: ["a.example", "b.example"], maxRequests: 20, stateless: true });
    expect(httpOptionsFromEnvironment({ PORT: "", MCP_HOST: "::1" }, ["--http", "--stateless"])).toEqual({
      ...defaults,
      port: 3000,
      host: "::1",
      allowedHosts: [],
      stateless: true,
    });
    expect(httpOptionsFromEnvironment({ MCP_MAX_SESSIONS: " 20 ", MCP_SESSION_IDLE_TIMEOUT: "0.5" })).toMatchObject({
      maxSessions: 20,
      sessionIdleTimeout: 0.5,
    });
    expect(httpOptionsFromEnvironment({ MCP_MAX_SESSIONS: "", MCP_SESSION_IDLE_TIMEOUT: "0" })).toMatchObject({ maxSessions: 1000, sessionIdleTimeout: 0 });
    for (const port of ["1e3", "0x1f90", "80a", "-1", "3.5", "abc", "65536", "99999"]) {
      expect(() => httpOptionsFromEnvironment({ PORT: port }), port).toThrow(/invalid PORT .*: expected an integer from 0 to 65535/);
    }
    for (const count of ["0", "-1", "2.5", "1e3", "many"]) {
      expect(() => httpOptionsFromEnvironment({ MCP_MAX_REQUESTS: count }), count).toThrow(
        /invalid MCP_MAX_REQUESTS .*: expected a whole number of requests, at least 1/,
      );
      expect(() => httpOptionsFromEnvironment({ MCP_MAX_SESSIONS: count }), count).toThrow(
        /invalid MCP_MAX_SESSIONS .*: expected a whole number of sessions, at least 1/,
      );
    }
    for (const seconds of ["-1", "1e3", "10s", "forever"]) {
      expect(() => httpOptionsFromEnvironment({ MCP_SESSION_IDLE_TIMEOUT: seconds }), seconds).toThrow(
        /invalid MCP_SESSION_IDLE_TIMEOUT .*: expected a number of seconds/,
      );
    }
  });

  it("closes the least recently used idle session to make room, answers it 404, and keeps sessions in use", async () => {
    const server = await start({ maxSessions: 3 });
    // The oldest session listens on a GET stream (as SDK clients do): in use for as long as it listens.
    const live = await openSession(server.url);
    const stream = await openStream(server.url, live);
    const first = await openSession(server.url);
    const second = await openSession(server.url);
    // `first` is now the least recently used idle session: the next initialize closes it.
    expect((await post(server.url, { "mcp-session-id": second }, toolsList)).status).toBe(200);
    await openSession(server.url);
    const gone = await post(server.url, { "mcp-session-id": first }, toolsList);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32001, message: "Session not found: it was closed or expired; send initialize without an Mcp-Session-Id to start a new session" },
    });
    for (let index = 0; index < 20; index++) await openSession(server.url);
    expect((await post(server.url, { "mcp-session-id": live }, toolsList)).status).toBe(200);
    stream.destroy();
  });

  it("refuses a new session with 503 while every session is in use; its stream does not count as a request in flight", async () => {
    const server = await start({ maxSessions: 1, maxRequests: 1 });
    const live = await openSession(server.url);
    const stream = await openStream(server.url, live);
    const refused = await post(server.url, {}, initialize);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(JSON.parse(refused.body).error.message).toBe("Service Unavailable: all 1 sessions are in use; try again later");
    expect((await post(server.url, { "mcp-session-id": live }, toolsList)).status).toBe(200);
    // The stream ends: the session is idle, and the next initialize takes its place.
    stream.destroy();
    await expect.poll(async () => (await post(server.url, {}, initialize)).status).toBe(200);
    expect((await post(server.url, { "mcp-session-id": live }, toolsList)).status).toBe(404);
  });

  it("closes a session idle for longer than the timeout, and answers it 404", async () => {
    const server = await start({ sessionIdleTimeout: 1 });
    const kept = await openSession(server.url);
    const idle = await openSession(server.url);
    for (let index = 0; index < 15; index++) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      expect((await post(server.url, { "mcp-session-id": kept }, toolsList)).status).toBe(200);
    }
    const gone = await post(server.url, { "mcp-session-id": idle }, toolsList);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body).error.message).toMatch(/^Session not found: it was closed or expired/);
    expect((await post(server.url, { "mcp-session-id": kept }, toolsList)).status).toBe(200);
  });

  it("ends a session on DELETE", async () => {
    const server = await start();
    const id = await openSession(server.url);
    expect((await post(server.url, { "mcp-session-id": id }, {}, "DELETE")).status).toBe(200);
    expect((await post(server.url, { "mcp-session-id": id }, toolsList)).status).toBe(404);
  });

  it("serves at most maxRequests requests at once: one more gets 503, and the next after one ends is served", async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await start({ maxRequests: 2 }, { ...defaultHandlers, echo: handler("echo", async () => (await held, "late")) });
    const slow = () => post(server.url, {}, { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo", arguments: { text: "x" } } });
    const first = slow();
    const second = slow();
    await expect.poll(async () => (await post(server.url, {}, initialize)).status).toBe(503);
    const refused = await post(server.url, {}, initialize);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(message(refused.body).error?.message).toBe("Service Unavailable: 2 requests are in progress; try again later");
    release();
    expect(message((await first).body).result).toMatchObject({ content: [{ type: "text", text: "late" }] });
    await second;
    expect((await post(server.url, {}, initialize)).status).toBe(200);
  });

  it("answers other paths with 404, a body that is not JSON with 400 and one over the limit with 413", async () => {
    const server = await start({ maxBodyBytes: 1000 });
    expect((await post(server.url.replace(/\/mcp$/, "/other"), {}, initialize)).status).toBe(404);
    const broken = await post(server.url, {}, "{not json");
    expect(broken.status).toBe(400);
    expect(message(broken.body).error?.code).toBe(-32700);
    expect((await post(server.url, {}, JSON.stringify({ ...initialize, padding: "x".repeat(2000) }))).status).toBe(413);
    expect((await post(server.url, {}, initialize)).status).toBe(200);
  });

  it("answers headers past Node's limit with 431 and a JSON-RPC error saying why, so a long x-mcp-header argument is not a bare 'fetch failed'", async () => {
    const server = await start();
    const long = "x".repeat(20_000);
    const call = modernCall("query", { region: long, sql: "1" }, { "mcp-param-region": long });
    const refused = await post(server.url, call.headers, call.body);
    expect(refused.status).toBe(431);
    expect(message(refused.body).error).toMatchObject({ code: -32600, message: expect.stringMatching(/^Request header fields too large: .*x-mcp-header/) });
    // The SDK v2 client mirrors the argument itself and reports the server's words.
    const client = new ClientV2({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new HttpTransportV2(new URL(server.url)));
    await client.listTools();
    await expect(client.callTool({ name: "query", arguments: { region: long, sql: "2" } })).rejects.toThrow(/Request header fields too large/);
    await client.close();
    expect(server.logs).toEqual([]);
    expect((await post(server.url, {}, initialize)).status).toBe(200);
  });

  it("says at most one short line about a client that aborts mid-body, however many do", async () => {
    const server = await start();
    const target = new URL(server.url);
    for (let index = 0; index < 20; index++) {
      await new Promise<void>((resolveAbort) => {
        const socket = connectSocket(Number(target.port), target.hostname, () => {
          socket.write(`POST /mcp HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`);
          setTimeout(() => {
            socket.destroy();
            resolveAbort();
          }, 20);
        });
      });
    }
    expect((await post(server.url, {}, initialize)).status).toBe(200);
    expect(server.logs.length).toBeLessThanOrEqual(20);
    for (const line of server.logs) expect(line).not.toMatch(/\n|\bat /);
  });

  it("answers a tools/call whose arguments are not an object with -32602 in words, on either era", async () => {
    const server = await start();
    const legacy = await post(server.url, {}, { jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "echo", arguments: [1, 2] } });
    const call = modernCall("echo", [1, 2]);
    const modern = await post(server.url, call.headers, call.body);
    for (const answered of [legacy, modern]) {
      expect(message(answered.body).error).toEqual({
        code: -32602,
        message: "Invalid params: params.arguments must be an object of the tool's arguments, not an array",
      });
    }
  });

  it("checks the Mcp-Param-* headers of a 2026-07-28 call against its x-mcp-header arguments (400, -32020 when they disagree)", async () => {
    const server = await start();
    const send = async (args: Record<string, unknown>, headers: Record<string, string>) => {
      const call = modernCall("query", args, headers);
      const answered = await post(server.url, call.headers, call.body);
      return { status: answered.status, message: message(answered.body) };
    };
    expect(await send({ region: "eu", sql: "1" }, { "mcp-param-region": "eu" })).toMatchObject({
      status: 200,
      message: { result: { content: [{ text: "eu: 1" }] } },
    });
    expect((await send({ region: "Zürich", sql: "1" }, { "mcp-param-region": `=?base64?${Buffer.from("Zürich").toString("base64")}?=` })).status).toBe(200);
    expect((await send({ limit: 42, sql: "1" }, { "mcp-param-limit": "42.0" })).status).toBe(200);
    // An empty string: as an empty header (no character of it is invalid; the SDK's own server takes it) or encoded, as the SDK's client sends it.
    expect(await send({ region: "", sql: "1" }, { "mcp-param-region": "" })).toMatchObject({
      status: 200,
      message: { result: { content: [{ text: ": 1" }] } },
    });
    expect((await send({ region: "", sql: "1" }, { "mcp-param-region": "=?base64??=" })).status).toBe(200);
    // A number the SDK's client writes in exponent notation (String(5e-7)) is the header it sends: the header check
    // passes it (this table validates no arguments, so the call goes through).
    expect(await send({ limit: 5e-7, sql: "1" }, { "mcp-param-limit": "5e-7" })).toMatchObject({
      status: 200,
      message: { result: { content: [{ text: "anywhere: 1" }] } },
    });
    // A value the arguments do not carry needs no header; nor does one no header can carry (clients leave it out): the
    // arguments' validation answers that (this table has none), not the header check.
    expect((await send({ sql: "1" }, {})).status).toBe(200);
    expect((await send({ sql: "1" }, { "mcp-param-region": "eu" })).status).toBe(200);
    expect((await send({ region: { a: 1 }, sql: "1" }, {})).status).toBe(200);
    expect((await send({ limit: 2 ** 60, sql: "1" }, {})).status).toBe(200);
    for (const [args, headers, why] of [
      [{ region: "eu", sql: "1" }, { "mcp-param-region": "us" }, "does not match"],
      [{ region: "eu", sql: "1" }, {}, "is missing"],
      [{ limit: 42, sql: "1" }, { "mcp-param-limit": "41" }, "does not match"],
      // Numbers in another notation than decimal are other header values, whatever Number() reads them as.
      ...["0x2a", "4.2e1", "+42", `=?base64?${Buffer.from(" 42").toString("base64")}?=`].map(
        (sent) => [{ limit: 42, sql: "1" }, { "mcp-param-limit": sent }, "does not match"] as const,
      ),
      [{ region: "eu", sql: "1" }, { "mcp-param-region": "=?base64?!!?=" }, "not a valid header value"],
      // A recognized header with invalid characters is refused even where the arguments carry no value (MCP 2026-07-28,
      // "Server Behavior for Custom Headers"); a valid one there is not expected, and not refused.
      [{ sql: "1" }, { "mcp-param-region": "=?base64?!!?=" }, "not a valid header value"],
      [{ sql: "1" }, { "mcp-param-region": "Z\u00fcrich" }, "not a valid header value"],
      // ... and where they carry one no header can (its validation would answer that, but the header is refused first).
      [{ limit: 2 ** 60, sql: "1" }, { "mcp-param-limit": "1\u00e9" }, "not a valid header value"],
      [{ region: { a: 1 }, sql: "1" }, { "mcp-param-region": "Z\u00fcrich" }, "not a valid header value"],
    ] as const) {
      const refused = await send(args, headers);
      expect(refused.status).toBe(400);
      expect(refused.message.error?.code).toBe(-32020);
      expect(refused.message.error?.message).toContain(why);
    }
    // A v2 client mirrors the arguments itself (it has the tool from tools/list).
    const client = new ClientV2({ name: "t", version: "1" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new HttpTransportV2(new URL(server.url)));
    await client.listTools();
    expect(await client.callTool({ name: "query", arguments: { region: "us-west1", limit: 5, sql: "2" } })).toMatchObject({
      content: [{ text: "us-west1: 2" }],
    });
    await client.close();
  });
});
