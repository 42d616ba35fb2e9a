/**
 * A snapshot older than the server's `x-mcp-header` marks (MCP 2026-07-28):
 * a client generated from a manifest without the mark, against a real SDK v2
 * server (`McpServer`, served by the SDK's `createMcpHandler` over Streamable
 * HTTP on 127.0.0.1) whose tool has it. The server refuses the call without
 * its `Mcp-Param-Region` header (400, -32020 HeaderMismatch) before running
 * the tool; the client lists the tools and retries once with the headers of
 * the listed definition, as the revision's transport says a client should
 * (docs/generated-api.md, "Protocol eras").
 */
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { esmProject } from "../helpers/output-dir.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";

/** `execute_sql` as the snapshot has it: no mark. */
const SQL = {
  name: "execute_sql",
  inputSchema: { type: "object", properties: { region: { type: "string" }, query: { type: "string" } }, required: ["region", "query"] },
  outputSchema: { type: "object", properties: { region: { type: "string" }, rows: { type: "integer" } }, required: ["region", "rows"] },
} as const;

/** The snapshot: `execute_sql`, and `gone`, which the server no longer has. */
const SNAPSHOT_TOOLS = [SQL, { name: "gone", inputSchema: { type: "object" } }];

interface Generated {
  createClient(client: unknown): {
    executeSql(input: { region: string; query: string }, options?: { signal?: AbortSignal }): Promise<{ structuredContent: { region: string; rows: number } }>;
    gone(): Promise<unknown>;
  };
  isValidationError(error: unknown): boolean;
}

let generated: Generated;
/** Runs of `execute_sql`'s handler. */
let runs = 0;

/**
 * A fresh server per request (as `createMcpHandler` builds them): `execute_sql` marks `region` as the header
 * `header()` names; with `textRows`, its `rows` are text (by its own outputSchema too), not the snapshot's integer.
 */
function markedServer(header: () => string, textRows = false) {
  return () => {
    const server = new McpServer({ name: "marked", version: "1.0.0" });
    const inputSchema = { ...SQL.inputSchema, properties: { ...SQL.inputSchema.properties, region: { type: "string", "x-mcp-header": header() } } };
    const outputSchema = textRows ? { ...SQL.outputSchema, properties: { ...SQL.outputSchema.properties, rows: { type: "string" } } } : SQL.outputSchema;
    server.registerTool(
      "execute_sql",
      { inputSchema: fromJsonSchema<{ region: string; query: string }>(inputSchema), outputSchema: fromJsonSchema(outputSchema) },
      (args) => {
        runs++;
        const value = { region: args.region, rows: textRows ? "many" : args.query.length };
        return { content: [{ type: "text" as const, text: JSON.stringify(value) }], structuredContent: value };
      },
    );
    return server;
  };
}

beforeAll(async () => {
  const project = await esmProject("header-mismatch");
  const manifest = join(project, "sql.tools.json");
  await writeFile(manifest, JSON.stringify({ tools: SNAPSHOT_TOOLS }));
  await generate({ manifest, outDir: join(project, "out"), format: false });
  generated = (await import(pathToFileURL(join(project, "out", "index.ts")).href)) as Generated;
}, 60_000);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * `factory` served over HTTP, an SDK v2 client pinned to 2026-07-28 on it, and what it sent from here on.
 * `onRequest` sees each request's JSON-RPC method as it arrives, before the server answers.
 */
async function served(factory: () => McpServer, onRequest?: (rpcMethod: string | undefined) => void) {
  const server: Sdk2HttpServer = await startSdk2HttpServer({ legacy: "reject", factory, ...(onRequest ? { onRequest } : {}) });
  const sdk = new Client({ name: "header-mismatch", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
  await sdk.connect(new StreamableHTTPClientTransport(server.url));
  cleanups.push(async () => {
    await sdk.close();
    await server.close();
  });
  expect(sdk.getProtocolEra()).toBe("modern");
  const start = server.requests.length;
  runs = 0;
  return {
    client: generated.createClient(sdk),
    /** Each tools request since the client connected: its JSON-RPC method, and its Mcp-Param-Region header on a call. */
    sent: () =>
      server.requests
        .slice(start)
        .filter((request) => request.rpcMethod?.startsWith("tools/"))
        .map((request) => (request.rpcMethod === "tools/call" ? `call ${String(request.headers["mcp-param-region"])}` : request.rpcMethod)),
  };
}

describe("a call refused with HeaderMismatch (-32020) on MCP 2026-07-28", () => {
  it("lists the tools and retries once with the listed x-mcp-header arguments; the tool runs once, later calls send the header", async () => {
    const { client, sent } = await served(markedServer(() => "Region"));
    expect((await client.executeSql({ region: "eu-west-1", query: "select 1" })).structuredContent).toEqual({ region: "eu-west-1", rows: 8 });
    expect(sent()).toEqual(["call undefined", "tools/list", "call eu-west-1"]);
    expect(runs).toBe(1);
    // The listed definition stays with this client: the next call sends the header at once.
    expect((await client.executeSql({ region: "us-east-2", query: "select" })).structuredContent).toEqual({ region: "us-east-2", rows: 6 });
    expect(sent().slice(3)).toEqual(["call us-east-2"]);
    expect(runs).toBe(2);
  }, 30_000);

  it("checks the retried call's structuredContent against the snapshot's outputSchema, as any result's", async () => {
    const { client, sent } = await served(markedServer(() => "Region", true));
    const error = await client.executeSql({ region: "eu-west-1", query: "select 1" }).catch((caught: unknown) => caught);
    expect(generated.isValidationError(error)).toBe(true);
    expect(error).toMatchObject({ phase: "output", issues: [{ path: "/rows" }] });
    expect(sent()).toEqual(["call undefined", "tools/list", "call eu-west-1"]);
  }, 30_000);

  it("throws the second HeaderMismatch: one retry, no loop", async () => {
    // A server that renames the header on every request: the listed name is stale again by the retry.
    let requests = 0;
    const { client, sent } = await served(markedServer(() => `Region${requests++}`));
    const error = await client.executeSql({ region: "eu-west-1", query: "select 1" }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32020 });
    expect(sent()).toEqual(["call undefined", "tools/list", "call undefined"]);
    expect(runs).toBe(0);
  }, 30_000);

  it("throws an abort during the listing as any aborted call throws it, not the HeaderMismatch, and does not retry", async () => {
    const controller = new AbortController();
    // The caller aborts while the server holds the listing (it has arrived and is not answered yet).
    const { client, sent } = await served(
      markedServer(() => "Region"),
      (rpcMethod) => {
        if (rpcMethod === "tools/list") controller.abort(new Error("stopped by the caller"));
      },
    );
    const error = await client.executeSql({ region: "eu-west-1", query: "select 1" }, { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(sent()).toEqual(["call undefined", "tools/list"]);
    expect(runs).toBe(0);
    // What the same abort throws on the call itself, outside the retry.
    const aborted = await client.executeSql({ region: "eu-west-1", query: "select 1" }, { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(aborted).toBeInstanceOf(Error);
    expect((aborted as Error).message).toContain("stopped by the caller");
    expect(error).toBeInstanceOf((aborted as Error).constructor);
    expect(error).toMatchObject({ code: (aborted as { code: unknown }).code, message: (aborted as Error).message });
    expect(error).not.toMatchObject({ code: -32020 });
  }, 30_000);

  it("does not retry another protocol error", async () => {
    const { client, sent } = await served(markedServer(() => "Region"));
    const error = await client.gone().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: -32602 });
    expect(sent()).toEqual(["call undefined"]);
  }, 30_000);
});
