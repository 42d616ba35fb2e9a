/**
 * `mcpgen mock` serving prompts, resources and resource templates beside its
 * tools (golden/surface: server-everything's prompts, resources and
 * templates, and a template with a path and a query): the generated client's
 * prompt, resource, template and completion methods against the in-process
 * mock (every SDK shape) and against the mock server with the SDK clients
 * (v2 on 2026-07-28, v1 on 2025) over Streamable HTTP and stdio; fixtures
 * first (a `prompt` or `resource` member beside `tool`), then generated
 * answers; faults; and `--record` of server-everything's prompts and
 * resources, replayed offline with the same answers.
 */
import { Client as ClientV2, ProtocolError, StreamableHTTPClientTransport as HttpV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as HttpV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mock, type RunningMock } from "../../src/commands/mock.js";
import { createMockClient, type Fixture } from "../../src/commands/mock-client.js";
import { McpgenError } from "../../src/shared/errors.js";
import { createClient } from "../../golden/surface/index.js";
import { repoRoot } from "../helpers/typecheck.js";

const manifestPath = join(repoRoot, "golden/surface/manifest.json");
const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { prompts: unknown[]; resources: unknown[]; resourceTemplates: unknown[] };
const bin = join(repoRoot, "bin/mcpgen.js");
const meta = (result: { _meta?: unknown }) => (result._meta as Record<string, unknown> | undefined)?.["mcpgen/mock"];

/** Fixtures as a user writes them: a prompt's by arguments, a fixed resource's, a template URI's, faults. */
const FIXTURES: Fixture[] = [
  { prompt: "args-prompt", arguments: { city: "Oslo" }, result: { messages: [{ role: "user", content: { type: "text", text: "Oslo from a fixture" } }] } },
  { prompt: "args-prompt", arguments: { city: "Nowhere" }, error: { code: -32602, message: "no such city" } },
  {
    resource: "demo://resource/static/document/features.md",
    result: { contents: [{ uri: "demo://resource/static/document/features.md", text: "# Features" }] },
  },
  { resource: "demo://resource/dynamic/text/7", result: { contents: [{ uri: "demo://resource/dynamic/text/7", text: "seven" }] } },
  { resource: "demo://unlisted", result: { contents: [{ uri: "demo://unlisted", text: "served though not listed" }] } },
  { resource: "demo://resource/dynamic/text/gone", drop: true },
];

const GENERATED_ARGS = 'mock answer of prompt "args-prompt": A prompt with two arguments, one required and one optional\ncity: "Paris"\nstate: "IDF"';

type SurfaceClient = ReturnType<typeof createClient>;

/** What every transport and SDK must answer the same way, through the generated client. */
async function exercise(client: SurfaceClient): Promise<void> {
  const args = await client.getArgsPrompt({ city: "Paris", state: "IDF" });
  expect(args.messages).toEqual([{ role: "user", content: { type: "text", text: GENERATED_ARGS } }]);
  expect(args.description).toBe("A prompt with two arguments, one required and one optional");
  expect(meta(args)).toEqual({ source: "text" });
  expect((await client.getArgsPrompt({ city: "Oslo" })).messages[0]!.content).toEqual({ type: "text", text: "Oslo from a fixture" });
  expect((await client.getSimplePrompt()).messages[0]!.content).toEqual({
    type: "text",
    text: 'mock answer of prompt "simple-prompt": A prompt with no arguments',
  });

  const doc = await client.readArchitectureMd();
  expect(doc.contents).toEqual([
    {
      uri: "demo://resource/static/document/architecture.md",
      mimeType: "text/markdown",
      text: 'mock contents of "demo://resource/static/document/architecture.md", text/markdown',
    },
  ]);
  expect((await client.readResource("demo://resource/static/document/features.md")).contents).toEqual([
    { uri: "demo://resource/static/document/features.md", text: "# Features" },
  ]);
  // A template's URI, matched as a scaffold matches it: the variables in the text.
  expect((await client.readDynamicTextResource({ resourceId: "42" })).contents).toEqual([
    {
      uri: "demo://resource/dynamic/text/42",
      mimeType: "text/plain",
      text: 'mock contents of "demo://resource/dynamic/text/42", text/plain (resource template "Dynamic Text Resource", variables {"resourceId":"42"})',
    },
  ]);
  expect((await client.readDynamicTextResource({ resourceId: "7" })).contents[0]).toMatchObject({ text: "seven" });
  const repo = await client.readRepoFile({ owner: "o", repo: "r", path: ["src", "a b.ts"] });
  expect((repo.contents[0] as { text: string }).text).toContain('variables {"owner":"o","repo":"r","path":["src","a b.ts"]}');
  expect((await client.completeArgsPrompt("city", "Pa")).completion).toEqual({ values: [], total: 0, hasMore: false });
}

describe("createMockClient: prompts, resources and templates under the generated client", () => {
  it.each([
    ["SDK v2, MCP 2026-07-28", { sdk: "v2", era: "modern" }],
    ["SDK v2, a 2025 revision", { sdk: "v2", era: "legacy" }],
    ["SDK v1", { sdk: "v1" }],
  ] as const)("answers them as %s would carry them: fixtures first, then generated, each stated", async (_name, shape) => {
    const mockClient = createMockClient({ manifest: manifestPath, fixtures: FIXTURES, ...shape });
    await exercise(createClient(mockClient));
    expect(mockClient.getServerCapabilities()).toEqual({ tools: {}, prompts: {}, resources: {}, completions: {} });
    expect((await mockClient.listPrompts()).prompts).toEqual(manifest.prompts);
    expect((await mockClient.listResources()).resources).toEqual(manifest.resources);
    expect((await mockClient.listResourceTemplates()).resourceTemplates).toEqual(manifest.resourceTemplates);
    expect(mockClient.calls.slice(0, 3)).toEqual([
      { prompt: "args-prompt", arguments: { city: "Paris", state: "IDF" }, answer: "result", source: "text" },
      { prompt: "args-prompt", arguments: { city: "Oslo" }, answer: "result", source: "fixture" },
      { prompt: "simple-prompt", arguments: {}, answer: "result", source: "text" },
    ]);
  });

  it("answers a prompt's or a resource's fixture the SDKs' schema refuses with -32603, naming the fixture and the place", async () => {
    const fixtures: Fixture[] = [
      { prompt: "args-prompt", arguments: { city: "Oslo" }, result: { messages: [{ role: "user" }] } },
      { resource: "demo://resource/dynamic/text/7", result: { contents: [{ uri: "demo://resource/dynamic/text/7", blob: "not base64!" }] } },
    ];
    const mockClient = createMockClient({ manifest: manifestPath, fixtures });
    await expect(mockClient.getPrompt({ name: "args-prompt", arguments: { city: "Oslo" } })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringMatching(/The fixture fixtures#\/fixtures\/0 of prompt "args-prompt" is not a GetPromptResult at messages\[0\]\.content: /),
    });
    await expect(mockClient.readResource({ uri: "demo://resource/dynamic/text/7" })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining(
        'The fixture fixtures#/fixtures/1 of resource "demo://resource/dynamic/text/7" is not a ReadResourceResult at contents[0].blob: Invalid Base64 string',
      ),
    });
  });

  it("answers what a scaffold refuses as it refuses it, in the SDK's error classes", async () => {
    for (const sdk of ["v1", "v2"] as const) {
      const mockClient = createMockClient({ manifest: manifestPath, fixtures: FIXTURES, sdk });
      const ErrorClass = sdk === "v2" ? ProtocolError : McpError;
      const client = createClient(mockClient);
      const missing = client.getArgsPrompt({ state: "IDF" } as never, { validate: false });
      await expect(missing).rejects.toBeInstanceOf(ErrorClass);
      await expect(missing).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('missing required argument "city"') });
      await expect(client.getArgsPrompt({ city: "Nowhere" })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining("no such city") });
      await expect(mockClient.getPrompt({ name: "no-such-prompt" })).rejects.toMatchObject({ code: -32602 });
      const unknown = mockClient.readResource({ uri: "demo://nothing/here" });
      await expect(unknown).rejects.toBeInstanceOf(ErrorClass);
      await expect(unknown).rejects.toMatchObject({ code: -32602, data: { uri: "demo://nothing/here" } });
      // A fixture answers a URI the server does not list (servers may serve more than they list).
      expect(await mockClient.readResource({ uri: "demo://unlisted" })).toMatchObject({ contents: [{ text: "served though not listed" }] });
      await expect(mockClient.complete({ ref: { type: "ref/prompt", name: "args-prompt" }, argument: { name: "nope", value: "" } })).rejects.toMatchObject({
        code: -32602,
      });
      await expect(mockClient.readResource({ uri: "demo://resource/dynamic/text/gone" })).rejects.toThrow(/closed/i);
    }
  });

  it("refuses a fixture that cannot be a prompt's or a resource's, naming the file and the pointer", () => {
    const refused = (fixtures: Fixture[]) => {
      try {
        createMockClient({ manifest: manifestPath, fixtures });
      } catch (error) {
        return error instanceof McpgenError ? error.message : String(error);
      }
      return "accepted";
    };
    expect(refused([{ prompt: "args-prompt", structuredContent: {} }])).toContain("only a tool's fixture has `structuredContent`");
    expect(refused([{ resource: "demo://x", arguments: { a: 1 } }])).toContain("a resource's fixture answers reads of its URI");
    expect(refused([{ prompt: "args-prompt", result: { content: [] } }])).toContain("a prompt's `result` needs `messages`");
    expect(refused([{ tool: "echo", prompt: "args-prompt" } as Fixture])).toContain("not a `tool` and a `prompt`");
  });
});

describe("the mock server: prompts, resources and templates to the SDK clients", () => {
  let fixtures = "";
  let running: RunningMock;

  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), "mcpgen-mock-surface-"));
    await writeFile(join(fixtures, "surface.json"), JSON.stringify({ fixtures: FIXTURES }));
    running = await mock({ manifest: manifestPath, fixtures, http: { port: 0 }, log: () => undefined });
  });

  afterAll(async () => {
    await running?.close();
  });

  async function lists(client: ClientV1 | ClientV2): Promise<void> {
    expect(client.getServerCapabilities()).toMatchObject({ prompts: {}, resources: {}, completions: {} });
    expect((await client.listPrompts()).prompts).toEqual(manifest.prompts);
    expect((await client.listResources()).resources).toEqual(manifest.resources);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual(manifest.resourceTemplates);
    await expect(client.readResource({ uri: "demo://nothing/here" })).rejects.toMatchObject({ code: -32602, data: { uri: "demo://nothing/here" } });
    await expect(client.getPrompt({ name: "args-prompt", arguments: {} })).rejects.toMatchObject({ code: -32602 });
  }

  it.each(["modern", "legacy"] as const)("over Streamable HTTP, SDK v2 on the %s era", async (era) => {
    const client = new ClientV2({ name: "test", version: "1.0.0" }, era === "modern" ? { versionNegotiation: { mode: "auto" } } : {});
    await client.connect(new HttpV2(new URL(running.url!)));
    try {
      expect(client.getProtocolEra()).toBe(era);
      await lists(client);
      await exercise(createClient(client));
    } finally {
      await client.close();
    }
  });

  it("over Streamable HTTP, SDK v1", async () => {
    const client = new ClientV1({ name: "test", version: "1.0.0" });
    await client.connect(new HttpV1(new URL(running.url!)));
    try {
      await lists(client);
      await exercise(createClient(client));
    } finally {
      await client.close();
    }
  });

  it("over stdio (the CLI), SDK v2 on 2026-07-28 and SDK v1", async () => {
    const args = [bin, "mock", manifestPath, "--fixtures", fixtures];
    const v2 = new ClientV2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    const transport = new StdioV2({ command: process.execPath, args, stderr: "pipe" });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    await v2.connect(transport);
    const v1 = new ClientV1({ name: "test", version: "1.0.0" });
    await v1.connect(new StdioV1({ command: process.execPath, args, stderr: "pipe" }));
    try {
      expect(v2.getProtocolEra()).toBe("modern");
      for (const client of [v2, v1]) {
        await lists(client);
        await exercise(createClient(client));
      }
      // What the mock says it serves counts the prompts, resources and templates too.
      expect(stderr).toMatch(/^mcpgen mock: mocking 1 tool, 4 prompts, 4 resources, 3 resource templates with \d+ fixtures, over stdio$/m);
      // A fixed resource's fixture, a template URI's and an unlisted URI's all answer: none is warned about.
      expect(stderr).not.toContain("warning:");
    } finally {
      await v2.close();
      await v1.close();
    }
  });
});

describe("the mock server: a prompt or resource an SDK client rejects costs its field, not the list", () => {
  it("lists them to SDK v2 and v1 clients as both accept them", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-mock-surface-sdk-"));
    const path = join(directory, "manifest.json");
    await writeFile(
      path,
      JSON.stringify({
        capabilities: { prompts: {}, resources: {} },
        tools: [],
        prompts: [{ name: "sloppy", title: 5, arguments: [{ name: "city", required: "yes", description: null }] }, { name: "fine" }],
        resources: [
          { uri: "demo://a", name: "a", annotations: "high" },
          { uri: "demo://b", name: "b" },
        ],
        resourceTemplates: [{ name: "t", uriTemplate: "demo://t/{id}", mimeType: 1 }],
      }),
    );
    const sloppy = await mock({ manifest: path, http: { port: 0 }, log: () => undefined });
    const v2 = new ClientV2({ name: "test", version: "1.0.0" });
    const v1 = new ClientV1({ name: "test", version: "1.0.0" });
    try {
      await v2.connect(new HttpV2(new URL(sloppy.url!)));
      await v1.connect(new HttpV1(new URL(sloppy.url!)));
      for (const client of [v2, v1]) {
        expect((await client.listPrompts()).prompts).toEqual([{ name: "sloppy", arguments: [{ name: "city" }] }, { name: "fine" }]);
        expect((await client.listResources()).resources).toEqual([
          { uri: "demo://a", name: "a" },
          { uri: "demo://b", name: "b" },
        ]);
        expect((await client.listResourceTemplates()).resourceTemplates).toEqual([{ name: "t", uriTemplate: "demo://t/{id}" }]);
      }
    } finally {
      await v2.close();
      await v1.close();
      await sloppy.close();
    }
  });
});

describe("mcpgen mock --record of server-everything's prompts and resources, then --fixtures", () => {
  const everything = join(repoRoot, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");
  /** What a client asks: prompts with arguments, fixed resources, template URIs, one no resource has. */
  const ASKS = [
    { prompt: "args-prompt", arguments: { city: "Oslo", state: "Viken" } },
    { prompt: "simple-prompt", arguments: {} },
    { resource: "demo://resource/static/document/architecture.md" },
    { resource: "demo://resource/dynamic/text/1" },
    { resource: "demo://resource/dynamic/blob/2" },
    { resource: "demo://resource/nothing" },
  ];

  async function askAll(args: string[]): Promise<unknown[]> {
    const client = new ClientV2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(new StdioV2({ command: process.execPath, args, stderr: "pipe" }));
    const answers: unknown[] = [];
    try {
      for (const ask of ASKS) {
        try {
          const result =
            "prompt" in ask ? await client.getPrompt({ name: ask.prompt!, arguments: ask.arguments }) : await client.readResource({ uri: ask.resource! });
          const { _meta: _dropped, ttlMs: _ttl, cacheScope: _scope, ...rest } = result as Record<string, unknown>;
          answers.push(rest);
        } catch (error) {
          answers.push({ code: (error as { code?: unknown }).code, message: (error as Error).message });
        }
      }
    } finally {
      await client.close();
    }
    return answers;
  }

  it("records them through the proxy and replays them offline with the same answers", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-record-surface-"));
    const recorded = await askAll([bin, "mock", "--record", dir, "--", process.execPath, everything, "stdio"]);
    expect(recorded[0]).toMatchObject({ messages: [{ role: "user" }] });
    expect(JSON.stringify(recorded[0])).toContain("Oslo");
    expect(recorded[2]).toMatchObject({ contents: [{ uri: "demo://resource/static/document/architecture.md" }] });
    expect(recorded[5]).toMatchObject({ code: -32602 });

    const files = (await readdir(dir)).sort();
    expect(files).toEqual([
      "get-args-prompt.json",
      "get-simple-prompt.json",
      "manifest.json",
      "read-architecture-md.json",
      "read-dynamic-blob-resource.json",
      "read-dynamic-text-resource.json",
      "resources.json",
    ]);
    const prompt = JSON.parse(await readFile(join(dir, "get-args-prompt.json"), "utf8")) as Record<string, unknown>;
    expect(prompt["prompt"]).toBe("args-prompt");
    expect(prompt["fixtures"]).toMatchObject([{ arguments: { city: "Oslo", state: "Viken" }, match: "exact" }]);
    const text = JSON.parse(await readFile(join(dir, "read-dynamic-text-resource.json"), "utf8")) as Record<string, unknown>;
    expect(text["resource"]).toBe("demo://resource/dynamic/text/1");
    const snapshot = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as { prompts?: unknown[]; resourceTemplates?: unknown[] };
    expect(snapshot.prompts).toHaveLength(4);
    expect(snapshot.resourceTemplates).toHaveLength(2);

    const replayed = await askAll([bin, "mock", join(dir, "manifest.json"), "--fixtures", dir]);
    expect(replayed).toEqual(recorded);
  });
});
