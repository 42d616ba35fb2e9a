/**
 * templates/server-surface.ts where it stands: the prompts, resources,
 * resource templates and completions of a scaffold's runtime, over the real
 * SDK clients on both eras (an SDK v1 client on MCP 2025; an SDK v2 client
 * pinned to 2026-07-28, through the runtime's stdio entry on an in-memory
 * pair), and on the wire where a client would hide what was sent.
 */
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { ResourceNotFoundError } from "@modelcontextprotocol/server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { createMcpServer, serveStdio, type RuntimeOptions, type ServerDefinition } from "../../templates/server-runtime.js";
import {
  type ListedPrompt,
  type ListedResource,
  type ListedResourceTemplate,
  type RegisteredPromptHandler,
  type RegisteredResourceHandler,
  type RegisteredResourceTemplateHandler,
  type SurfaceDefinition,
} from "../../templates/server-surface.js";
import { uriTemplateMatcher } from "../../templates/uri-template-match.js";
import { linkedTransports } from "../helpers/canned-server.js";

const prompts: ListedPrompt[] = [
  { name: "simple", title: "Simple", description: "no arguments", _meta: { "x/y": 1 } },
  {
    name: "weather-report",
    description: "a report",
    arguments: [
      { name: "city", description: "the city", required: true },
      { name: "units", required: false },
    ],
  },
  { name: "__proto__", arguments: [{ name: "constructor", required: true }, { name: "__proto__" }, { name: "toString" }] },
  { name: "ask", description: "asks the user first" },
  { name: "broken" },
  { name: "throws-value" },
  { name: "malformed" },
];

const resources: ListedResource[] = [
  { uri: "test://static-text", name: "static-text", mimeType: "text/plain", annotations: { priority: 0.5 } },
  { uri: "test://static-binary", name: "static-binary", mimeType: "image/png" },
  { uri: "__proto__", name: "__proto__" },
  { uri: "test://empty", name: "empty" },
  { uri: "test://malformed", name: "malformed" },
];

const resourceTemplates: ListedResourceTemplate[] = [
  { name: "item", uriTemplate: "test://items/{id}{?fields}", mimeType: "application/json" },
  { name: "file", uriTemplate: "file:///{+path}", description: "any file" },
];

const PNG = Buffer.from("89504e470d0a1a0a", "hex");

const prompt = (name: string, handle: RegisteredPromptHandler["handle"], complete?: RegisteredPromptHandler["complete"]): RegisteredPromptHandler => ({
  prompt: name,
  handle,
  complete,
});

const promptHandlers: Record<string, RegisteredPromptHandler> = {
  simple: prompt("simple", () => "This is a simple prompt."),
  "weather-report": prompt(
    "weather-report",
    (args: { city: string; units?: string }, context) => [
      { role: "user", content: { type: "text", text: `Weather in ${args.city} (${args.units ?? "metric"}) for ${context.promptName} on ${context.era}` } },
    ],
    { city: (value: string) => ["Paris", "Parma", "Oslo"].filter((city) => city.startsWith(value)) },
  ),
  ask: prompt("ask", async (_args, context) => {
    if (context.elicit === undefined) return "nobody to ask";
    const answer = await context.elicit({
      message: "Which context?",
      requestedSchema: { type: "object", properties: { context: { type: "string" } }, required: ["context"] },
    });
    return { description: "asked", messages: [{ role: "user", content: { type: "text", text: `context: ${String(answer.content?.["context"])}` } }] };
  }),
  broken: prompt("broken", () => {
    throw new Error("the prompt broke");
  }),
  "throws-value": prompt("throws-value", () => {
    throw { reason: "not an Error" };
  }),
  malformed: prompt("malformed", () => [
    { role: "user", content: { type: "text", text: "fine" } },
    { role: "system", content: { type: "text", text: "no such role" } },
  ]),
};
Object.defineProperty(promptHandlers, "__proto__", {
  value: prompt("__proto__", (args: Record<string, string>) => `constructor=${args["constructor"]} keys=${Object.keys(args).join(",")}`),
  enumerable: true,
});

const resourceHandlers: Record<string, RegisteredResourceHandler> = {
  "test://static-text": { resource: "test://static-text", handle: (context) => `text of ${context.uri}` },
  "test://static-binary": { resource: "test://static-binary", handle: () => new Uint8Array(PNG) },
  "test://empty": { resource: "test://empty", handle: () => [] },
  "test://malformed": {
    resource: "test://malformed",
    handle: () => [
      { uri: "test://malformed", text: "ok" },
      { uri: "test://malformed", blob: "not base64!" },
    ],
  },
};
Object.defineProperty(resourceHandlers, "__proto__", {
  value: { resource: "__proto__", handle: () => ({ contents: [{ uri: "__proto__", text: "p" }] }) },
  enumerable: true,
});

const resourceTemplateHandlers: Record<string, RegisteredResourceTemplateHandler> = {
  item: {
    resourceTemplate: "item",
    handle: (variables: { id: string; fields?: string }, context) => {
      if (variables.id === "missing") throw new ResourceNotFoundError(context.uri);
      return JSON.stringify({ ...variables, template: context.resourceTemplate });
    },
    complete: (variable: string, value: string) => {
      if (value === "boom") throw new Error("the completer broke");
      return { values: Array.from({ length: 150 }, (_, n) => `${variable}-${value}${n}`), total: 150 };
    },
  },
  file: { resourceTemplate: "file", handle: (variables: { path: string }) => [{ uri: `file:///${variables.path}`, text: variables.path }] },
};

const surface: SurfaceDefinition = {
  prompts,
  resources,
  resourceTemplates,
  uriTemplateMatcher,
  promptHandlers,
  resourceHandlers,
  resourceTemplateHandlers,
  completions: true,
};

type Era = "legacy" | "modern";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

/** What both SDK generations' clients offer here, seen the same way. */
interface SurfaceClient {
  listPrompts(): Promise<{ prompts: unknown[] }>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<{ description?: string; messages: Array<{ content: unknown }> }>;
  listResources(): Promise<{ resources: unknown[] } & Record<string, unknown>>;
  listResourceTemplates(): Promise<{ resourceTemplates: unknown[] }>;
  readResource(params: { uri: string }): Promise<{ contents: Array<Record<string, unknown>> }>;
  complete(params: unknown): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }>;
  getServerCapabilities(): Record<string, unknown> | undefined;
}

async function connect(
  era: Era,
  definition: Partial<ServerDefinition> = {},
  options: RuntimeOptions = {},
  capabilities: Record<string, unknown> = {},
): Promise<{ client: SurfaceClient; logs: string[]; v1?: Client; v2?: ClientV2 }> {
  const logs: string[] = [];
  const create = () =>
    createMcpServer(
      { info: { name: "surface-test", version: "1.0.0" }, tools: [], handlers: {}, validators: NO_VALIDATORS, surface, ...definition },
      { log: (message) => logs.push(message), ...options },
    );
  if (era === "legacy") {
    const client = new Client({ name: "surface-client", version: "1.0.0" }, { capabilities });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([create().connect(serverTransport), client.connect(clientTransport)]);
    cleanups.push(() => client.close());
    return { client: client as unknown as SurfaceClient, logs, v1: client };
  }
  const [clientSide, serverSide] = linkedTransports();
  const running = await serveStdio(create, { transport: serverSide as never, log: (message) => logs.push(message) });
  const client = new ClientV2({ name: "surface-client", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities } as never);
  await client.connect(clientSide as never);
  expect(client.getProtocolEra()).toBe("modern");
  cleanups.push(async () => {
    await client.close();
    await running.close();
  });
  return { client: client as unknown as SurfaceClient, logs, v2: client };
}

const NO_VALIDATORS: ServerDefinition["validators"] = {
  validateInput: (_name, value) => ({ ok: true, value }),
  validateOutput: (_name, value) => ({ ok: true, value }),
};

/** A result without the 2026-07-28 server identity stamp and cache fields (compared on their own). */
function bare(result: unknown): unknown {
  const { _meta, ttlMs: _ttl, cacheScope: _scope, resultType: _type, ...rest } = result as Record<string, unknown> & { _meta?: Record<string, unknown> };
  const own = _meta === undefined ? undefined : Object.fromEntries(Object.entries(_meta).filter(([key]) => !key.startsWith("io.modelcontextprotocol/")));
  return own === undefined || Object.keys(own).length === 0 ? rest : { ...rest, _meta: own };
}

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string; data?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: number; message: string; data?: unknown };
  }
  throw new Error("expected the request to fail");
}

describe.each<Era>(["legacy", "modern"])("the server surface, to a client on the %s era", (era) => {
  it("declares prompts, resources and completions, and lists each list exactly as given", async () => {
    const { client } = await connect(era);
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, prompts: {}, resources: {}, completions: {} });
    expect(client.getServerCapabilities()?.["prompts"]).toEqual({});
    expect(client.getServerCapabilities()?.["resources"]).toEqual({});
    expect(bare(await client.listPrompts())).toEqual({ prompts });
    expect(bare(await client.listResources())).toEqual({ resources });
    expect(bare(await client.listResourceTemplates())).toEqual({ resourceTemplates });
  });

  it("declares only what it serves", async () => {
    const { client } = await connect(era, { surface: { prompts: [], promptHandlers: {} } });
    const capabilities = client.getServerCapabilities()!;
    expect(Object.keys(capabilities).sort()).toEqual(["logging", "prompts", "tools"]);
    const none = await connect(era, { surface: undefined });
    expect(Object.keys(none.client.getServerCapabilities()!).sort()).toEqual(["logging", "tools"]);
    const resourcesOnly = await connect(era, { surface: { resourceTemplates, uriTemplateMatcher, resourceTemplateHandlers } });
    expect(Object.keys(resourcesOnly.client.getServerCapabilities()!).sort()).toEqual(["logging", "resources", "tools"]);
    expect(bare(await resourcesOnly.client.listResources())).toEqual({ resources: [] });
  });

  it("gets a prompt: its arguments checked and handed over as strings, its messages sent", async () => {
    const { client } = await connect(era);
    expect(bare(await client.getPrompt({ name: "simple" }))).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt." } }],
    });
    expect(bare(await client.getPrompt({ name: "weather-report", arguments: { city: "Oslo" } }))).toEqual({
      messages: [{ role: "user", content: { type: "text", text: `Weather in Oslo (metric) for weather-report on ${era}` } }],
    });
    // Arguments the prompt does not declare are not handed over; names of Object.prototype are arguments like any other.
    // (An argument named __proto__ never reaches a server: the SDKs' schemas drop that key.)
    expect(bare(await client.getPrompt({ name: "__proto__", arguments: { constructor: "c", toString: "t", other: "o" } }))).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "constructor=c keys=constructor,toString" } }],
    });
  });

  it("answers an unknown prompt and a missing required argument with -32602, without running a handler", async () => {
    const { client } = await connect(era);
    expect(await failure(client.getPrompt({ name: "nope" }))).toMatchObject({ code: -32602, message: expect.stringContaining('Unknown prompt: "nope"') });
    expect(await failure(client.getPrompt({ name: "toString" }))).toMatchObject({ code: -32602 });
    expect(await failure(client.getPrompt({ name: "weather-report", arguments: { units: "imperial" } }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid arguments for prompt "weather-report": missing required argument "city"'),
    });
  });

  it("answers a handler that throws with -32603 and its message, its stack in the log", async () => {
    const { client, logs } = await connect(era);
    expect(await failure(client.getPrompt({ name: "broken" }))).toMatchObject({ code: -32603, message: expect.stringContaining("the prompt broke") });
    expect(logs.join("\n")).toContain('prompt "broken" failed: Error: the prompt broke');
    // A thrown value that is neither an Error nor a string: what failed, never the value itself.
    expect(await failure(client.getPrompt({ name: "throws-value" }))).toMatchObject({ code: -32603, message: expect.stringContaining("the handler failed") });
  });

  it("reads a fixed resource as text or bytes, with its URI and mimeType", async () => {
    const { client } = await connect(era);
    expect(bare(await client.readResource({ uri: "test://static-text" }))).toEqual({
      contents: [{ uri: "test://static-text", mimeType: "text/plain", text: "text of test://static-text" }],
    });
    expect(bare(await client.readResource({ uri: "test://static-binary" }))).toEqual({
      contents: [{ uri: "test://static-binary", mimeType: "image/png", blob: PNG.toString("base64") }],
    });
    expect(bare(await client.readResource({ uri: "__proto__" }))).toEqual({ contents: [{ uri: "__proto__", text: "p" }] });
  });

  it("routes any other URI to the first template it matches, with the variables parsed", async () => {
    const { client } = await connect(era);
    expect(bare(await client.readResource({ uri: "test://items/a%20b" }))).toEqual({
      contents: [{ uri: "test://items/a%20b", mimeType: "application/json", text: JSON.stringify({ id: "a b", template: "item" }) }],
    });
    expect(bare(await client.readResource({ uri: "test://items/7?fields=name" }))).toMatchObject({
      contents: [{ text: JSON.stringify({ id: "7", fields: "name", template: "item" }) }],
    });
    expect(bare(await client.readResource({ uri: "file:///etc/hosts" }))).toEqual({ contents: [{ uri: "file:///etc/hosts", text: "etc/hosts" }] });
  });

  it("answers a URI nothing matches, and a handler's ResourceNotFoundError, as resource not found: -32602 with the URI", async () => {
    const { client } = await connect(era);
    for (const uri of ["test://nonexistent-resource", "test://items/a/b", "toString"]) {
      const error = await failure(client.readResource({ uri }));
      expect(error).toMatchObject({ code: -32602, data: { uri } });
    }
    expect(await failure(client.readResource({ uri: "test://items/missing" }))).toMatchObject({ code: -32602, data: { uri: "test://items/missing" } });
  });

  it("never answers an empty contents list: a handler returning one is an internal error", async () => {
    const { client, logs } = await connect(era);
    expect(await failure(client.readResource({ uri: "test://empty" }))).toMatchObject({ code: -32603 });
    expect(logs.join("\n")).toContain("returned no contents");
  });

  it("never answers contents or messages the client's SDK would refuse: a handler returning such an item is an internal error naming it", async () => {
    const { client, logs } = await connect(era);
    expect(await failure(client.readResource({ uri: "test://malformed" }))).toMatchObject({ code: -32603 });
    expect(logs.join("\n")).toContain('resource "test://malformed" returned what is not a ReadResourceResult at contents[1].blob: Invalid Base64 string');
    expect(await failure(client.getPrompt({ name: "malformed" }))).toMatchObject({ code: -32603 });
    expect(logs.join("\n")).toContain('prompt "malformed" returned what is not a GetPromptResult at messages[1].role');
  });

  it("completes a prompt's argument and a template's variable with the user's completer, at most 100 values, none by default", async () => {
    const { client } = await connect(era);
    const city = await client.complete({ ref: { type: "ref/prompt", name: "weather-report" }, argument: { name: "city", value: "Pa" } });
    expect(city.completion).toEqual({ values: ["Paris", "Parma"], total: 2, hasMore: false });
    const units = await client.complete({ ref: { type: "ref/prompt", name: "weather-report" }, argument: { name: "units", value: "" } });
    expect(units.completion).toEqual({ values: [], total: 0, hasMore: false });
    const ids = await client.complete({ ref: { type: "ref/resource", uri: "test://items/{id}{?fields}" }, argument: { name: "id", value: "x" } });
    expect(ids.completion.values).toHaveLength(100);
    expect(ids.completion).toMatchObject({ total: 150, hasMore: true });
    expect(await failure(client.complete({ ref: { type: "ref/prompt", name: "nope" }, argument: { name: "a", value: "" } }))).toMatchObject({ code: -32602 });
    expect(await failure(client.complete({ ref: { type: "ref/prompt", name: "simple" }, argument: { name: "a", value: "" } }))).toMatchObject({ code: -32602 });
  });

  it("answers a completer that throws with -32603 and its message, its stack in the log, as a handler's", async () => {
    const { client, logs } = await connect(era);
    const broken = client.complete({ ref: { type: "ref/resource", uri: "test://items/{id}{?fields}" }, argument: { name: "id", value: "boom" } });
    expect(await failure(broken)).toMatchObject({ code: -32603, message: expect.stringContaining("the completer broke") });
    expect(logs.join("\n")).toContain('completion of resource template "item" failed: Error: the completer broke');
  });

  it("asks the client from a prompt's handler: a request on 2025, an input_required round on 2026-07-28", async () => {
    const { client, v1, v2 } = await connect(era, {}, {}, { elicitation: {} });
    if (v1 !== undefined) v1.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { context: "from the user" } }));
    if (v2 !== undefined) v2.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { context: "from the user" } }));
    expect(bare(await client.getPrompt({ name: "ask" }))).toEqual({
      description: "asked",
      messages: [{ role: "user", content: { type: "text", text: "context: from the user" } }],
    });
  });
});

describe("the server surface on 2026-07-28's wire", () => {
  async function wire(options: RuntimeOptions = {}) {
    const [clientSide, serverSide] = linkedTransports();
    const running = await serveStdio(
      () =>
        createMcpServer(
          { info: { name: "wire", version: "1" }, tools: [], handlers: {}, validators: NO_VALIDATORS, surface },
          { log: () => undefined, ...options },
        ),
      { transport: serverSide as never },
    );
    cleanups.push(() => running.close());
    const answers = new Map<unknown, { result?: Record<string, unknown>; error?: { code: number; message: string } }>();
    clientSide.onmessage = (answered) => void answers.set((answered as { id: unknown }).id, answered as never);
    await clientSide.start();
    let next = 1;
    return async (method: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = {}) => {
      const id = next++;
      const envelope = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": capabilities,
      };
      await clientSide.send({ jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope } });
      await expect.poll(() => answers.get(id)).toBeDefined();
      return answers.get(id)!;
    };
  }

  it("sends each list and each read with the cache hints, the SDK's default or the ones given", async () => {
    const send = await wire();
    for (const method of ["prompts/list", "resources/list", "resources/templates/list"]) {
      expect((await send(method, {})).result).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    }
    expect((await send("resources/read", { uri: "test://static-text" })).result).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    const cached = await wire({ cacheHints: { "prompts/list": { ttlMs: 60_000, cacheScope: "public" }, "resources/read": { ttlMs: 5_000 } } });
    expect((await cached("prompts/list", {})).result).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
    expect((await cached("resources/read", { uri: "test://static-text" })).result).toMatchObject({ ttlMs: 5_000, cacheScope: "private" });
  });

  it("ends a prompt's round with an input_required result, and gets the prompt once the client answers", async () => {
    const send = await wire();
    const first = await send("prompts/get", { name: "ask" }, { elicitation: {} });
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { "elicit-1": { method: "elicitation/create", params: { message: "Which context?" } } },
      requestState: expect.any(String),
    });
    const key = Object.keys(first.result!["inputRequests"] as object)[0]!;
    const second = await send(
      "prompts/get",
      { name: "ask", inputResponses: { [key]: { action: "accept", content: { context: "test context" } } }, requestState: first.result!["requestState"] },
      { elicitation: {} },
    );
    expect(second.result).toMatchObject({ messages: [{ role: "user", content: { type: "text", text: "context: test context" } }] });
    expect(second.result!["resultType"]).not.toBe("input_required");
  });

  it("answers a prompt argument that is not a string with -32602 in words", async () => {
    const send = await wire();
    expect((await send("prompts/get", { name: "weather-report", arguments: { city: 3 } })).error).toEqual({
      code: -32602,
      message: 'Invalid params: the value of argument "city" must be a string (every prompt argument is one), not a number',
    });
  });

  it("answers a resource the server does not have as the 2026-07-28 specification says: -32602, data.uri, never empty contents", async () => {
    const send = await wire();
    const answer = await send("resources/read", { uri: "test://nonexistent-resource-for-conformance-testing" });
    expect(answer.result).toBeUndefined();
    expect(answer.error).toMatchObject({ code: -32602, data: { uri: "test://nonexistent-resource-for-conformance-testing" } });
  });
});

describe("createMcpServer with a surface", () => {
  it("refuses to start without a handler for everything listed, or with one bound to another", () => {
    const make = (changed: Partial<SurfaceDefinition>) => () =>
      createMcpServer({ info: { name: "x", version: "1" }, tools: [], handlers: {}, validators: NO_VALIDATORS, surface: { ...surface, ...changed } });
    expect(make({ promptHandlers: { ...promptHandlers, simple: undefined as never } })).toThrow('no handler for prompt "simple"');
    expect(make({ resourceHandlers: { ...resourceHandlers, "test://static-text": { resource: "test://other", handle: () => "" } } })).toThrow(
      'the handler registered for resource "test://static-text" was defined for "test://other"',
    );
    expect(make({ uriTemplateMatcher: undefined })).toThrow("resource templates need a uriTemplateMatcher");
  });
});
