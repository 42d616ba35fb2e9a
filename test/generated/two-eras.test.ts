/**
 * One generated client, both protocol eras: `pull` of a dual-era server
 * built on the official SDK v2 (test/fixtures/sdk2), then a program compiled
 * under the strict settings that drives the same generated client through an
 * SDK v2 client pinned to MCP 2026-07-28 and through an SDK v1 client on the
 * 2025 era, against the same server. The typed results are the same on both,
 * a tool whose outputSchema is a `number` included (the 2025 era carries it as
 * `{ result }`), and the server sees the `x-mcp-header` argument as an
 * `Mcp-Param-Region` header on the 2026-07-28 connection.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pull } from "../../src/commands/pull.js";
import { compileAndRun } from "../helpers/consumer-program.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";
import { repoRoot } from "../helpers/typecheck.js";

/** The program: each call's typed result, read through the types (a `number` output is assigned to a `number`). */
const PROGRAM = `import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createClient, type McpClient } from "./mcp/fixture/index.js";

declare const process: { argv: string[] };

async function drive(client: McpClient) {
  const fixture = createClient(client);
  const sum: number = (await fixture.add({ a: 2, b: 3 })).structuredContent;
  const tags: string[] = (await fixture.tags({ word: "mcp" })).structuredContent;
  const weather = (await fixture.getWeather({ city: "Oslo" })).structuredContent;
  const temperature: number = weather.temperature;
  const sql = (await fixture.executeSql({ region: "eu-west-1", query: "select 1" })).structuredContent;
  const rows: number = sql.rows;
  const echo = await fixture.echo({ text: "hi" });
  return { sum, tags, temperature, city: weather.city, region: sql.region, rows, echoed: echo.content.length };
}

const url = new URL(process.argv[2]!);
const modern = new ClientV2({ name: "two-eras", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
await modern.connect(new StreamableHTTPClientTransport(url));
const legacy = new ClientV1({ name: "two-eras", version: "1.0.0" });
const legacyTransport = new StreamableHTTPClientTransportV1(url);
await legacy.connect(legacyTransport);
const observed = {
  // SDK v1 speaks the 2025 revisions only: the version its transport negotiated says which.
  eras: [modern.getProtocolEra(), /^2025-/.test(legacyTransport.protocolVersion ?? "") ? "legacy" : String(legacyTransport.protocolVersion)],
  modern: await drive(modern),
  legacy: await drive(legacy),
};
await modern.close();
await legacy.close();
console.log(JSON.stringify(observed));
`;

let server: Sdk2HttpServer;
let work = "";

beforeAll(async () => {
  server = await startSdk2HttpServer({ legacy: "stateless" });
  await mkdir(join(repoRoot, ".tmp"), { recursive: true });
  work = await mkdtemp(join(repoRoot, ".tmp", "two-eras-"));
  await pull({ target: server.url.href, outDir: join(work, "mcp", "fixture"), timeoutMs: 20_000, format: false });
  await writeFile(join(work, "main.ts"), PROGRAM);
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (work !== "") await rm(work, { recursive: true, force: true });
});

describe("a generated client on both protocol eras", () => {
  it("gives the same typed results through SDK v2 pinned to 2026-07-28 and SDK v1 on the 2025 era", async () => {
    const observed = (await compileAndRun(join(work, "main.ts"), [server.url.href])) as Record<string, unknown>;
    const expected = { sum: 5, tags: ["mcp", "MCP"], temperature: 4, city: "Oslo", region: "eu-west-1", rows: 8, echoed: 1 };
    expect(observed).toEqual({ eras: ["modern", "legacy"], modern: expected, legacy: expected });
  });

  it("mirrors the x-mcp-header argument into Mcp-Param-Region on the 2026-07-28 connection only", () => {
    const calls = server.requests.filter((request) => request.rpcMethod === "tools/call");
    const sqlCalls = calls.filter((request) => request.headers["mcp-name"] === "execute_sql");
    // The 2026-07-28 call names its tool in Mcp-Name and carries the header; the 2025-era call has neither.
    expect(sqlCalls.map((request) => request.headers["mcp-param-region"])).toEqual(["eu-west-1"]);
    expect(calls.filter((request) => request.headers["mcp-param-region"] !== undefined)).toHaveLength(1);
    expect(calls).toHaveLength(10);
  });
});
