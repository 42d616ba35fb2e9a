/**
 * Manifests the SDK cannot read (issue 14, item 9): a tool an official SDK
 * client rejects (an invalid `execution.taskSupport`, and every other field
 * SDK v2's `Tool` or SDK v1's `ToolSchema` refuses in it as the 2025
 * revisions list it) gets a warning per field at generate time, and a
 * scaffolded server lists it so that the SDK clients can list every tool.
 */
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { specTypeSchemas } from "@modelcontextprotocol/client";
import { acceptedBySdk, checkToolsAgainstSdk, loadSdkToolSchemas, plainlyAccepted } from "../../src/normalize/sdk-tool-schema.js";
import type { ToolIR } from "../../src/ir/index.js";
import { plainlyAccepted as plainSurfaceEntry } from "../../src/normalize/sdk-surface-schema.js";
import { PromptSchema, ResourceSchema, ResourceTemplateSchema } from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer, serveStdio, type ListedTool } from "../../templates/server-runtime.js";
import { cannedServer, linkedTransports } from "../helpers/canned-server.js";
import { runCli } from "../helpers/cli.js";
import { treeOutside } from "../helpers/output-dir.js";

const good = { name: "good", inputSchema: { type: "object", properties: { q: { type: "string" } } } };
const taskless = { name: "tasks", description: "runs as a task", execution: { taskSupport: "sometimes" }, inputSchema: { type: "object" } };
const everything = {
  name: "odd",
  title: 7,
  icons: [{ mimeType: "image/png" }, { src: "https://example.com/i.png" }],
  annotations: { readOnlyHint: "yes", title: "Odd" },
  execution: { taskSupport: "sometimes" },
  inputSchema: { properties: { a: true, b: false, c: { type: "string" } }, required: ["c"] },
  outputSchema: true,
  _meta: [],
};

/** Lists `tools` with the official SDK client through a real (low-level SDK) server, in memory. */
async function listWithSdkClient(tools: unknown[]): Promise<Tool[]> {
  const { server } = cannedServer(tools as Tool[], () => ({ content: [] }));
  const [serverSide, clientSide] = linkedTransports();
  await server.connect(serverSide as never);
  const client = new Client({ name: "sdk-check", version: "1.0.0" });
  await client.connect(clientSide as never);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

/**
 * Lists `tools` as a scaffold serves them (templates/server-runtime.ts, on SDK v2) to the official
 * SDK v1 client (2025) and to an SDK v2 client pinned to 2026-07-28.
 */
async function listFromScaffoldRuntime(tools: unknown[]): Promise<{ v1: Tool[]; v2: unknown[] }> {
  const handlers = Object.fromEntries((tools as Array<{ name: string }>).map((tool) => [tool.name, { tool: tool.name, handle: () => "" }]));
  const create = () =>
    createMcpServer({
      info: { name: "sdk-check", version: "1.0.0" },
      tools: tools as ListedTool[],
      handlers,
      validators: { validateInput: (_name, value) => ({ ok: true, value }), validateOutput: (_name, value) => ({ ok: true, value }) },
    });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await create().connect(serverSide as never);
  const v1 = new Client({ name: "sdk-check", version: "1.0.0" });
  await v1.connect(clientSide);
  const [modernClient, modernServer] = linkedTransports();
  const running = await serveStdio(create, { transport: modernServer as never });
  const v2 = new ClientV2({ name: "sdk-check", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await v2.connect(modernClient as never);
  try {
    return { v1: (await v1.listTools()).tools, v2: (await v2.listTools()).tools };
  } finally {
    await Promise.all([v1.close(), v2.close(), running.close()]);
  }
}

async function scratch(tools: unknown[]): Promise<{ root: string; file: string }> {
  const root = await mkdtemp(join(tmpdir(), "mcpgen-sdk-tool-"));
  const file = join(root, "tools.json");
  await writeFile(file, JSON.stringify({ tools }));
  return { root, file };
}

describe("tools the official SDK client rejects", () => {
  it("the SDK client itself rejects the whole list for one such tool (the premise)", async () => {
    await expect(listWithSdkClient([good, taskless])).rejects.toThrow(/taskSupport/);
  });

  it("generate warns with the tool and the pointer, and generates every tool", async () => {
    const { root, file } = await scratch([good, taskless]);
    const out = join(root, "client");
    const before = await treeOutside(root, out);
    const result = await runCli(["generate", file, "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `warning: ${file}: tool "tasks" at /tools/1/execution/taskSupport: the official MCP TypeScript SDK rejects this (Invalid option: expected one of "required"|"optional"|"forbidden"): a client made with it cannot list any tool of a server that sends it\n` +
        "  hint: fix the tool in the manifest; a scaffolded server lists it with this field left out (or, in a schema, written as the SDK requires)\n",
    );
    expect(result.stdout).toMatch(/^generated 2 tools into /);
    expect(await treeOutside(root, out)).toEqual(before);
  });

  it("warns once for every field the SDK rejects, at the SDK's own pointers", async () => {
    const { file } = await scratch([everything]);
    const result = await runCli(["generate", file, "--out", join(file, "..", "client"), "--json"]);
    expect(result.code).toBe(0);
    const warned = (JSON.parse(result.stdout) as { diagnostics: Array<{ pointer: string; tool: string }> }).diagnostics
      .filter((diagnostic) => diagnostic.tool === "odd")
      .map((diagnostic) => diagnostic.pointer);
    const parsed = ToolSchema.safeParse(everything);
    expect(parsed.success).toBe(false);
    // SDK v1's complaints are a superset of v2's here (a boolean outputSchema, a typeless inputSchema...).
    expect(warned.sort()).toEqual(parsed.error!.issues.map((issue) => `/tools/0/${issue.path.join("/")}`).sort());
    expect(warned).toEqual(
      expect.arrayContaining([
        "/tools/0/execution/taskSupport",
        "/tools/0/icons/0/src",
        "/tools/0/annotations/readOnlyHint",
        "/tools/0/inputSchema/type",
        "/tools/0/_meta",
      ]),
    );
  });

  it("scaffold: the server's tools/list is one the SDK client lists whole, costing only the fields it rejects", async () => {
    const { root, file } = await scratch([good, taskless, everything]);
    const out = join(root, "server");
    const result = await runCli(["scaffold", file, "--out", out, "--no-format"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('tool "tasks" at /tools/1/execution/taskSupport: the official MCP TypeScript SDK rejects this');
    expect((await readdir(join(out, "src/handlers"))).sort()).toEqual(["good.ts", "odd.ts", "tasks.ts"]);

    const { tools } = (await import(pathToFileURL(join(out, "src/generated/tools.ts")).href)) as { tools: unknown[] };
    const listed = await listFromScaffoldRuntime(tools);
    expect(listed.v1.map((tool) => tool.name)).toEqual(["good", "tasks", "odd"]);
    expect(listed.v2.map((tool) => (tool as Tool).name)).toEqual(["good", "tasks", "odd"]);
    // A valid tool is listed exactly as the manifest has it; the others lose only what the SDK refused.
    expect(tools[0]).toEqual(good);
    expect(tools[1]).toEqual({ ...taskless, execution: {} });
    expect(tools[2]).toEqual({
      name: "odd",
      icons: [{ src: "https://example.com/i.png" }],
      annotations: { title: "Odd" },
      execution: {},
      // Schemas keep their meaning: true is {}, false is { not: {} }, the input's root an object (as mcpgen validates it).
      inputSchema: { type: "object", properties: { a: {}, b: { not: {} }, c: { type: "string" } }, required: ["c"] },
      outputSchema: {},
    });
  });

  it("scaffold: an outputSchema of any root costs nothing and warns of nothing (SDK v2 lists it as { result } to 2025 clients)", async () => {
    const count = { name: "count", inputSchema: { type: "object" }, outputSchema: { type: "integer" } };
    const { root, file } = await scratch([count]);
    const out = join(root, "server");
    const result = await runCli(["scaffold", file, "--out", out, "--no-format"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const { tools } = (await import(pathToFileURL(join(out, "src/generated/tools.ts")).href)) as { tools: unknown[] };
    expect(tools).toEqual([count]);
    const listed = await listFromScaffoldRuntime(tools);
    expect(listed.v2).toEqual([count]);
    expect(listed.v1).toEqual([{ ...count, outputSchema: { type: "object", properties: { result: { type: "integer" } }, required: ["result"] } }]);
  });
});

/** Whether SDK v2 accepts `tool` as declared, and SDK v1 as the 2025 revisions list it (a non-object output root as { result }). */
function bothAccept(tool: Record<string, unknown>): boolean {
  const output = tool["outputSchema"];
  const listed2025 =
    typeof output === "object" && output !== null && !Array.isArray(output) && (output as { type?: unknown }).type !== "object"
      ? { ...tool, outputSchema: { type: "object", properties: { result: output }, required: ["result"] } }
      : tool;
  const v2 = specTypeSchemas.Tool["~standard"].validate(tool) as { issues?: unknown };
  return v2.issues === undefined && ToolSchema.safeParse(listed2025).success;
}

/** A small deterministic PRNG (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Tool-shaped values: each field absent, right, or wrong in one of the ways servers get it wrong. */
function randomTool(rand: () => number): Record<string, unknown> {
  const pick = <T>(...options: T[]): T => options[Math.floor(rand() * options.length)]!;
  const values = [undefined, null, 1, "s", true, [], {}, [1], ["a"], { a: 1 }, { type: "object" }];
  const schema = () =>
    pick<unknown>(
      { type: "object" },
      { type: "object", properties: { a: pick<unknown>({}, true, false, 1, null, []) } },
      { type: "object", required: pick<unknown>(["a"], [1], "a") },
      { properties: {} },
      { type: pick<unknown>("array", ["object", "null"], 1) },
      pick(...values),
    );
  const tool: Record<string, unknown> = { name: pick<unknown>("t", "t", "t", 1, undefined), inputSchema: schema() };
  if (rand() < 0.4) tool["outputSchema"] = schema();
  if (rand() < 0.3) tool["title"] = pick(...values);
  if (rand() < 0.3) tool["description"] = pick(...values);
  if (rand() < 0.3)
    tool["annotations"] = pick<unknown>({ readOnlyHint: pick(...values) }, { title: pick(...values) }, { destructiveHint: true }, pick(...values));
  if (rand() < 0.2) tool["execution"] = pick<unknown>({ taskSupport: pick<unknown>("required", "optional", "forbidden", "always", 1) }, pick(...values));
  if (rand() < 0.2) tool["icons"] = pick<unknown>([{ src: "x" }], [{ src: 1 }], [{}], [{ src: "x", sizes: pick(...values) }], pick(...values));
  if (rand() < 0.3) tool["_meta"] = pick(...values);
  for (const key of Object.keys(tool)) if (tool[key] === undefined) delete tool[key];
  return tool;
}

describe("the fast path and the repair, against the SDK's own schema", () => {
  const rand = random(9);
  const tools = Array.from({ length: 1500 }, () => randomTool(rand));

  it("every tool the fast path passes without loading the SDKs, both accept", () => {
    const passed = tools.filter((tool) => plainlyAccepted(tool));
    expect(passed.length).toBeGreaterThan(20);
    for (const tool of passed) expect(bothAccept(tool), JSON.stringify(tool)).toBe(true);
  });

  it("every tool with a string name, repaired, is accepted by both, and one both accept is left as it is", async () => {
    const schemas = await loadSdkToolSchemas();
    let repaired = 0;
    for (const tool of tools.filter((candidate) => typeof candidate["name"] === "string")) {
      const accepted = await acceptedBySdk(schemas, tool);
      expect(bothAccept(accepted), JSON.stringify(tool)).toBe(true);
      if (bothAccept(tool)) expect(accepted).toEqual(tool);
      else repaired++;
    }
    expect(repaired).toBeGreaterThan(50);
  });
});

describe("a tool with more rejected fields than the repair's fixed rounds", () => {
  it("keeps its description and its schema: 100 boolean property schemas, which SDK v1 rejects, each get their object form", async () => {
    const properties = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`p${index}`, index % 2 === 0]));
    const raw = { name: "many", description: "keeps this", inputSchema: { type: "object", properties } };
    const checked = await checkToolsAgainstSdk({ source: "m.json", tools: [{ wireName: "many", raw, pointer: "/tools/0" } as unknown as ToolIR] });
    expect(checked.diagnostics).toHaveLength(100);
    const accepted = checked.accepted.get("many")!;
    expect(bothAccept(accepted)).toBe(true);
    expect(accepted).toEqual({
      ...raw,
      inputSchema: { type: "object", properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, value ? {} : { not: {} }])) },
    });
  });
});

describe("the fast path of prompts, resources and templates, against the SDKs' own schemas", () => {
  it("every entry it passes without loading the SDKs, both accept", () => {
    const rand = random(11);
    const pick = <T>(...options: T[]): T => options[Math.floor(rand() * options.length)]!;
    const values = [undefined, null, 1, "s", true, [], {}, ["a"], { a: 1 }];
    const dates = ["2026-01-12T15:00:58Z", "2026-01-12T15:00:58.5Z", "2026-02-28T23:59:59Z", "2026-02-30T00:00:00Z", "yesterday", 1];
    const annotations = () =>
      pick<unknown>(
        { audience: pick<unknown>(["user"], ["assistant", "user"], ["robot"], "user") },
        { priority: pick<unknown>(0, 0.5, 1, 2, -1, "1") },
        { lastModified: pick(...dates) },
        {},
        pick(...values),
      );
    const kinds = [
      { kind: "prompt" as const, v1: PromptSchema, v2: specTypeSchemas.Prompt },
      { kind: "resource" as const, v1: ResourceSchema, v2: specTypeSchemas.Resource },
      { kind: "resource template" as const, v1: ResourceTemplateSchema, v2: specTypeSchemas.ResourceTemplate },
    ];
    let passed = 0;
    for (let index = 0; index < 1500; index++) {
      const { kind, v1, v2 } = kinds[index % 3]!;
      const entry: Record<string, unknown> =
        kind === "resource" ? { uri: "x://1", name: "r" } : kind === "prompt" ? { name: "p" } : { name: "t", uriTemplate: "x://{a}" };
      for (const key of ["title", "description", "mimeType", "_meta"]) if (rand() < 0.3) entry[key] = pick(...values);
      if (rand() < 0.4) entry["annotations"] = annotations();
      if (rand() < 0.2) entry["size"] = pick(...values);
      if (rand() < 0.1) entry["icons"] = pick<unknown>([{ src: "x" }], [{}]);
      if (kind === "prompt" && rand() < 0.6)
        entry["arguments"] = [{ name: "a", required: pick(...values), description: pick(...values) }, pick<unknown>({ name: "b" }, { name: 1 }, "b")];
      for (const key of Object.keys(entry)) if (entry[key] === undefined) delete entry[key];
      if (!plainSurfaceEntry(kind, entry)) continue;
      passed++;
      expect(v1.safeParse(entry).success && (v2["~standard"].validate(entry) as { issues?: unknown }).issues === undefined, JSON.stringify(entry)).toBe(true);
    }
    expect(passed).toBeGreaterThan(100);
  });
});
