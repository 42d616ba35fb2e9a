/**
 * An outputSchema may be any schema (the next MCP revision allows any JSON as
 * `structuredContent`): the types, the validators, the generated client and
 * a scaffold's runtime (templates/server-runtime.ts) handle a non-object
 * output. SDK 1.32 rejects a whole `tools/list` whose outputSchema lacks
 * `type: "object"`, and `structuredContent` that is not an object, so the
 * scaffold lists such a tool without it and sends its output as JSON text,
 * which the generated client reads back: the SDK's clients, v1 and v2, can
 * list and call it.
 */
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { createMcpServer, type ListedTool, type RegisteredHandler, type ToolValidators } from "../../templates/server-runtime.js";
import { linkedTransports } from "../helpers/canned-server.js";
import { esmProject } from "../helpers/output-dir.js";

const tools: ListedTool[] = [
  { name: "names", inputSchema: { type: "object", properties: { bad: { type: "boolean" } } }, outputSchema: { type: "array", items: { type: "string" } } },
  { name: "count", inputSchema: { type: "object" }, outputSchema: { type: "integer", minimum: 0 } },
  {
    name: "either",
    inputSchema: { type: "object", properties: { text: { type: "boolean" } } },
    outputSchema: { anyOf: [{ type: "object", properties: { n: { type: "number" } }, required: ["n"] }, { type: "string" }] },
  },
  { name: "plain", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { ok: { type: "boolean" } } } },
];

const handlers: Record<string, RegisteredHandler> = {
  names: { tool: "names", handle: (input: { bad?: boolean }) => (input.bad ? [1] : ["a", "b"]) },
  count: { tool: "count", handle: () => 3 },
  either: { tool: "either", handle: (input: { text?: boolean }) => (input.text ? "s" : { n: 1 }) },
  plain: { tool: "plain", handle: () => ({ ok: true }) },
};

interface Generated {
  createClient(client: unknown): {
    names(input?: { bad?: boolean }): Promise<{ structuredContent: string[]; content: unknown[] }>;
    count(): Promise<{ structuredContent: number }>;
    either(input?: { text?: boolean }): Promise<{ structuredContent: { n: number } | string }>;
    plain(): Promise<{ structuredContent: { ok?: boolean } }>;
  };
  validateOutput(tool: string, value: unknown): { ok: boolean };
}

let generated: Generated;
let validators: ToolValidators;
let types = "";

beforeAll(async () => {
  const project = await esmProject("outputs");
  const manifest = join(project, "outputs.tools.json");
  await writeFile(manifest, JSON.stringify({ tools }));
  const result = await generate({ manifest, outDir: join(project, "out"), format: false });
  // The only warnings: SDK 1.32 clients refuse a tools/list with an outputSchema that is not `type: "object"` (notes; a scaffold leaves them out of its listing).
  expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.tool, diagnostic.pointer])).toEqual([
    ["sdk-incompatible", "names", "/tools/0/outputSchema/type"],
    ["sdk-incompatible", "count", "/tools/1/outputSchema/type"],
    ["sdk-incompatible", "either", "/tools/2/outputSchema/type"],
  ]);
  types = await readFile(join(project, "out", "types.ts"), "utf8");
  generated = {
    ...((await import(pathToFileURL(join(project, "out", "index.ts")).href)) as Pick<Generated, "createClient">),
    ...((await import(pathToFileURL(join(project, "out", "validate.ts")).href)) as Omit<Generated, "createClient">),
  };
  ({ validators } = (await import(pathToFileURL(join(project, "out", "validate.ts")).href)) as { validators: ToolValidators });
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function connect(generation: "v1" | "v2") {
  const server = createMcpServer({ info: { name: "outputs", version: "1.0.0" }, tools, handlers, validators }, { log: () => undefined });
  const [clientSide, serverSide] = linkedTransports();
  await server.connect(serverSide as never);
  const client = generation === "v1" ? new ClientV1({ name: "test", version: "1.0.0" }) : new ClientV2({ name: "test", version: "1.0.0" });
  await client.connect(clientSide as never);
  cleanups.push(async () => {
    await client.close();
    await server.close();
  });
  return client;
}

describe("an outputSchema that admits values other than objects", () => {
  it("is typed and validated as the schema says", () => {
    expect(types).toContain("export type NamesOutput = string[];");
    expect(types).toContain("export type CountOutput = number;");
    expect(generated.validateOutput("names", ["x"]).ok).toBe(true);
    expect(generated.validateOutput("names", { x: 1 }).ok).toBe(false);
    expect(generated.validateOutput("count", 2).ok).toBe(true);
    expect(generated.validateOutput("count", -1).ok).toBe(false);
  });

  it.each(["v1", "v2"] as const)("a scaffold's server lists it without that outputSchema, so SDK %s clients can list the tools", async (generation) => {
    const client = await connect(generation);
    const listed = (await client.listTools()).tools as ListedTool[];
    expect(listed.map((tool) => [tool.name, "outputSchema" in tool])).toEqual([
      ["names", false],
      ["count", false],
      ["either", false],
      ["plain", true],
    ]);
    expect(listed[3]).toEqual(tools[3]);
  });

  it.each(["v1", "v2"] as const)(
    "the generated client over an SDK %s client gets the output, typed, from structuredContent or from its JSON text",
    async (generation) => {
      const client = generated.createClient(await connect(generation));
      const names = await client.names();
      expect(names.structuredContent).toEqual(["a", "b"]);
      expect(names.content).toEqual([{ type: "text", text: '["a","b"]' }]);
      expect((await client.count()).structuredContent).toBe(3);
      expect((await client.either()).structuredContent).toEqual({ n: 1 });
      expect((await client.either({ text: true })).structuredContent).toBe("s");
      expect((await client.plain()).structuredContent).toEqual({ ok: true });
    },
  );

  it("output that breaks the schema is not sent, whichever way it would travel", async () => {
    const client = await connect("v1");
    const result = (await client.callTool({ name: "names", arguments: { bad: true } })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/produced output that does not match its outputSchema:\n {2}\/0: must be string/);
  });
});
