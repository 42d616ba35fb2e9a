/**
 * A snapshot taken on a 2025 revision of an SDK v2 server, compared with the
 * same server on MCP 2026-07-28: the server lists each output that is not an
 * object wrapped as `{ result }` to 2025 clients (SEP-2106), so every such
 * tool's output differs. The changes stand (the generated type does change),
 * and a note says where they come from. A real SDK v2 server over loopback
 * HTTP, listed by the real SDK v1 client for the old side, and by
 * `mcpgen diff` itself for the new.
 */
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diff } from "../../src/commands/diff.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";

let server: Sdk2HttpServer;
let work: string;
/** The fixture server's tools as an SDK v1 client lists them (MCP 2025-11-25), as an mcpgen manifest. */
let legacySnapshot: string;

beforeAll(async () => {
  server = await startSdk2HttpServer({ legacy: "stateless" });
  work = await mkdtemp(join(tmpdir(), "mcpgen-legacy-wrap-"));
  const client = new ClientV1({ name: "legacy", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransportV1(server.url);
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(transport.protocolVersion).toMatch(/^2025-/);
    legacySnapshot = join(work, "legacy.json");
    await writeFile(legacySnapshot, JSON.stringify({ protocolVersion: transport.protocolVersion, tools }));
    // What the note is about: the SDK's wrap of `add` (a number) and `tags` (an array).
    expect(tools.find((tool) => tool.name === "add")?.outputSchema).toMatchObject({
      type: "object",
      properties: { result: { type: "number" } },
      required: ["result"],
    });
  } finally {
    await client.close();
  }
}, 30_000);

afterAll(async () => {
  await server?.close();
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe("a 2025 snapshot of an SDK v2 server against the server on 2026-07-28", () => {
  it("keeps the changes of the generated type and says in a note that they come from the 2025 wrap, naming the tools", async () => {
    const result = await diff({ operands: [legacySnapshot, server.url.href], timeoutMs: 20_000 });
    const [comparison] = result.comparisons;
    expect(result.errors).toEqual([]);
    const wrapNotes = comparison!.notes.filter((note) => note.includes("the 2025 form"));
    expect(wrapNotes).toHaveLength(1);
    expect(wrapNotes[0]).toMatch(
      /^\d+ tools' outputSchemas \("add", "tags"(, "[^"]+")*\) are the 2025 form of a value that is not an object, \{ result: … \}, on the old side/,
    );
    expect(wrapNotes[0]).toContain("loses its .result");
    // get_weather's output is an object, which the SDK does not wrap: not named.
    expect(wrapNotes[0]).not.toContain("get_weather");
    // The changes themselves stand: the generated structuredContent type of `add` changes.
    expect(comparison!.diff.changes.some((change) => change.subject.name === "add" && change.pointer.startsWith("/outputSchema"))).toBe(true);
  }, 30_000);

  it("says the other way round when the old side is the 2026-07-28 one, and nothing when both sides are of one era", async () => {
    const modernSnapshot = join(work, "modern.json");
    const legacy = JSON.parse(await readFile(legacySnapshot, "utf8")) as { tools: Array<Record<string, unknown>> };
    // The natural form of the wrapped outputs, as 2026-07-28 lists them.
    const natural = legacy.tools.map((tool) => {
      const properties = (tool["outputSchema"] as { properties?: { result?: unknown } } | undefined)?.properties;
      const unwrap = properties?.result !== undefined && Object.keys(properties).length === 1;
      return unwrap ? { ...tool, outputSchema: properties.result } : tool;
    });
    await writeFile(modernSnapshot, JSON.stringify({ protocolVersion: "2026-07-28", tools: natural }));
    const back = await diff({ operands: [modernSnapshot, legacySnapshot] });
    expect(back.comparisons[0]!.notes.find((note) => note.includes("the 2025 form"))).toMatch(/on the new side .* gains its \.result/);
    const sameEra = join(work, "legacy-again.json");
    await writeFile(sameEra, JSON.stringify({ protocolVersion: "2025-06-18", tools: natural }));
    const noted = await diff({ operands: [legacySnapshot, sameEra] });
    expect(noted.comparisons[0]!.notes.filter((note) => note.includes("the 2025 form"))).toEqual([]);
  });
});
