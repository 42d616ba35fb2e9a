/**
 * Manifests the SDK cannot read (issue 14, item 9): a tool the official SDK
 * client rejects (an invalid `execution.taskSupport`, and every other field
 * its `ToolSchema` refuses) gets a warning per field at generate time, and a
 * scaffolded server lists it so that the SDK client can list every tool.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { acceptedBySdk, plainlyAccepted } from "../../src/normalize/sdk-tool-schema.js";
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
    const listed = await listWithSdkClient(tools);
    expect(listed.map((tool) => tool.name)).toEqual(["good", "tasks", "odd"]);
    // A valid tool is listed exactly as the manifest has it; the others lose only what the SDK refused.
    expect(tools[0]).toEqual(good);
    expect(tools[1]).toEqual({ ...taskless, execution: {} });
    expect(tools[2]).toEqual({
      name: "odd",
      icons: [{ src: "https://example.com/i.png" }],
      annotations: { title: "Odd" },
      execution: {},
      // Schemas keep their meaning: true is {}, false is { not: {} }, the root an object (as mcpgen validates it).
      inputSchema: { type: "object", properties: { a: {}, b: { not: {} }, c: { type: "string" } }, required: ["c"] },
      outputSchema: { type: "object" },
    });
  });
});

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

  it("every tool the fast path passes without loading the SDK, the SDK accepts", () => {
    const passed = tools.filter((tool) => plainlyAccepted(tool));
    expect(passed.length).toBeGreaterThan(20);
    for (const tool of passed) expect(ToolSchema.safeParse(tool).success, JSON.stringify(tool)).toBe(true);
  });

  it("every tool with a string name, repaired, is accepted, and one the SDK accepts is left as it is", () => {
    let repaired = 0;
    for (const tool of tools.filter((candidate) => typeof candidate["name"] === "string")) {
      const accepted = acceptedBySdk(ToolSchema, tool);
      expect(ToolSchema.safeParse(accepted).success, JSON.stringify(tool)).toBe(true);
      if (ToolSchema.safeParse(tool).success) expect(accepted).toEqual(tool);
      else repaired++;
    }
    expect(repaired).toBeGreaterThan(50);
  });
});
