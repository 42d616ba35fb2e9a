/**
 * An outputSchema may be any schema (MCP 2026-07-28 allows any JSON as
 * `structuredContent`): the types, the validators, the generated client and
 * a scaffold's runtime (templates/server-runtime.ts) handle a non-object
 * output. The scaffold runs on SDK v2, which lists such a tool as declared
 * to a 2026-07-28 client, and to a 2025-era client (SDK 1.32 rejects a whole
 * `tools/list` whose outputSchema lacks `type: "object"`) wrapped as
 * `{ type: "object", properties: { result: ... } }`, its output sent as
 * `{ result: <value> }`.
 */
import { Client as ClientV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { createMcpServer, serveStdio, type ListedTool, type RegisteredHandler, type ToolValidators } from "../../templates/server-runtime.js";
import { cannedServer, linkedTransports } from "../helpers/canned-server.js";
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
  // No warning: SDK v2 takes an outputSchema of any root (MCP 2026-07-28), and its servers list it as { result } to 2025 clients.
  expect(result.diagnostics).toEqual([]);
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

/** A scaffold's server of `tools`, and an SDK v1 client (2025 handshake) or an SDK v2 client pinned to 2026-07-28. */
async function connect(generation: "v1" | "v2") {
  const create = () => createMcpServer({ info: { name: "outputs", version: "1.0.0" }, tools, handlers, validators }, { log: () => undefined });
  const [clientSide, serverSide] = linkedTransports();
  const client =
    generation === "v1"
      ? new ClientV1({ name: "test", version: "1.0.0" })
      : new ClientV2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  if (generation === "v1") {
    const server = create();
    await server.connect(serverSide as never);
    cleanups.push(() => server.close());
  } else {
    const running = await serveStdio(create, { transport: serverSide as never, log: () => undefined });
    cleanups.push(() => running.close());
  }
  await client.connect(clientSide as never);
  cleanups.unshift(() => client.close());
  return client;
}

const wrapped = (schema: unknown) => ({ type: "object", properties: { result: schema }, required: ["result"] });

describe("an outputSchema that admits values other than objects", () => {
  it("is typed and validated as the schema says", () => {
    expect(types).toContain("export type NamesOutput = string[];");
    expect(types).toContain("export type CountOutput = number;");
    expect(generated.validateOutput("names", ["x"]).ok).toBe(true);
    expect(generated.validateOutput("names", { x: 1 }).ok).toBe(false);
    expect(generated.validateOutput("count", 2).ok).toBe(true);
    expect(generated.validateOutput("count", -1).ok).toBe(false);
  });

  it("a scaffold's server lists it as declared to a 2026-07-28 client (SDK v2), and wrapped as { result } to a 2025 one (SDK v1)", async () => {
    const modern = (await (await connect("v2")).listTools()).tools as ListedTool[];
    expect(modern).toEqual(tools);
    const legacy = (await (await connect("v1")).listTools()).tools as ListedTool[];
    expect(legacy.map((tool) => tool["outputSchema"])).toEqual([...tools.slice(0, 3).map((tool) => wrapped(tool["outputSchema"])), tools[3]!["outputSchema"]]);
  });

  it("the generated client over an SDK v2 client pinned to 2026-07-28 gets the output, typed, from structuredContent", async () => {
    const client = generated.createClient(await connect("v2"));
    const names = await client.names();
    expect(names.structuredContent).toEqual(["a", "b"]);
    expect(names.content).toEqual([{ type: "text", text: '["a","b"]' }]);
    expect((await client.count()).structuredContent).toBe(3);
    expect((await client.either()).structuredContent).toEqual({ n: 1 });
    expect((await client.either({ text: true })).structuredContent).toBe("s");
    expect((await client.plain()).structuredContent).toEqual({ ok: true });
  });

  it("over the 2025 revisions the scaffold sends such an output as { result: <value> }, with its JSON text", async () => {
    const client = await connect("v1");
    expect(await client.callTool({ name: "names", arguments: {} })).toEqual({
      content: [{ type: "text", text: '["a","b"]' }],
      structuredContent: { result: ["a", "b"] },
    });
    expect(await client.callTool({ name: "count", arguments: {} })).toMatchObject({ structuredContent: { result: 3 } });
    // The anyOf's object branch is not a provable object root: wrapped too, as the listing says.
    expect(await client.callTool({ name: "either", arguments: {} })).toMatchObject({ structuredContent: { result: { n: 1 } } });
    expect(await client.callTool({ name: "plain", arguments: {} })).toMatchObject({ structuredContent: { ok: true } });
  });

  it("output that breaks the schema is not sent, whichever way it would travel", async () => {
    const client = await connect("v1");
    const result = (await client.callTool({ name: "names", arguments: { bad: true } })) as { isError?: boolean; content: Array<{ text: string }> };
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/produced output that does not match its outputSchema:\n {2}\/0: must be string/);
  });
});

describe("an outputSchema that is no schema", () => {
  it("declares none (null is how some servers write an absent one): the generated client takes a result without structuredContent", async () => {
    const project = await esmProject("no-output-schema");
    const manifest = join(project, "absent.tools.json");
    const listed = [
      { name: "absent", inputSchema: { type: "object" }, outputSchema: null },
      { name: "garbled", inputSchema: { type: "object" }, outputSchema: "none" },
    ];
    await writeFile(manifest, JSON.stringify({ tools: listed }));
    await generate({ manifest, outDir: join(project, "out"), format: false });
    const { createClient } = (await import(pathToFileURL(join(project, "out", "index.ts")).href)) as {
      createClient(client: unknown): Record<"absent" | "garbled", () => Promise<unknown>>;
    };
    const { server } = cannedServer(listed as never, () => ({ content: [{ type: "text", text: "done" }] }));
    const [clientSide, serverSide] = linkedTransports();
    await server.connect(serverSide as never);
    const client = new ClientV2({ name: "test", version: "1.0.0" });
    await client.connect(clientSide as never);
    cleanups.push(() => client.close());
    const typed = createClient(client);
    expect(await typed.absent()).toEqual({ content: [{ type: "text", text: "done" }] });
    expect(await typed.garbled()).toEqual({ content: [{ type: "text", text: "done" }] });
  });
});
