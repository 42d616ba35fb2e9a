/**
 * `mcpgen mock --era`: the mock serves one protocol era alone, so that a program can be tested
 * against a 2025 server (or a 2026-07-28 one) whatever its SDK would negotiate. The CLI as a child
 * process, over stdio and over Streamable HTTP, against the official SDK v2 client: the revision
 * it negotiates, and the refusal a client pinned to the other era gets.
 */
import { Client, StreamableHTTPClientTransport, type Transport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mock } from "../../src/commands/mock.js";
import { runCli } from "../helpers/cli.js";
import { repoRoot } from "../helpers/typecheck.js";

const manifestPath = join(repoRoot, "examples/weather.tools.json");
const bin = join(repoRoot, "bin/mcpgen.js");
const tools = (JSON.parse(await readFile(manifestPath, "utf8")) as { tools: unknown[] }).tools.length;

type Mode = "legacy" | "auto" | { pin: string };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `mcpgen mock <manifest> --era <era>` over stdio, as a client's transport. */
function overStdio(era: string): () => Transport {
  return () => new StdioClientTransport({ command: process.execPath, args: [bin, "mock", manifestPath, "--era", era], stderr: "pipe" });
}

/** `mcpgen mock <manifest> --http 0 --era <era>` as a child process, its URL read from stderr. */
async function overHttp(era: string): Promise<{ transport: () => Transport; stderr: () => string }> {
  const child = spawn(process.execPath, [bin, "mock", manifestPath, "--http", "0", "--era", era], { stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  cleanups.push(async () => {
    child.kill("SIGTERM");
    await exited;
  });
  let stderr = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
      if (found !== null) resolve(found[1]!);
    });
    void exited.then(() => reject(new Error(`the mock exited: ${stderr}`)));
  });
  return { transport: () => new StreamableHTTPClientTransport(new URL(url)), stderr: () => stderr };
}

/** An SDK v2 client in `mode`, connected through `transport` (closed after the test), or the error of its connect. */
async function connect(transport: () => Transport, mode: Mode): Promise<Client | Error> {
  const client = new Client({ name: "era-test", version: "1.0.0" }, { versionNegotiation: { mode } });
  try {
    await client.connect(transport());
  } catch (error) {
    await client.close().catch(() => undefined);
    return error as Error;
  }
  cleanups.push(() => client.close());
  return client;
}

/** The revision a client negotiated, once it has called a tool (so the era serves calls too). */
async function negotiated(client: Client | Error): Promise<string | undefined> {
  if (client instanceof Error) throw client;
  const result = await client.callTool({ name: "get_weather", arguments: { location: "Oslo" } });
  expect(result.isError).not.toBe(true);
  return client.getNegotiatedProtocolVersion();
}

describe.each([
  ["stdio", async (era: string) => ({ transport: overStdio(era), stderr: () => "" })],
  ["Streamable HTTP", overHttp],
] as const)("mcpgen mock --era over %s", (_transport, serve) => {
  it("legacy: a client that would speak MCP 2026-07-28 falls back to a 2025 revision; one pinned to 2026-07-28 is refused", async () => {
    const { transport } = await serve("legacy");
    expect(await negotiated(await connect(transport, "auto"))).toBe("2025-11-25");
    expect(await negotiated(await connect(transport, "legacy"))).toBe("2025-11-25");
    const pinned = await connect(transport, { pin: "2026-07-28" });
    expect(pinned).toBeInstanceOf(Error);
    expect((pinned as Error).message).toContain("2026-07-28");
  });

  it("modern: a probing client gets MCP 2026-07-28; a 2025 client is refused", async () => {
    const { transport } = await serve("modern");
    expect(await negotiated(await connect(transport, "auto"))).toBe("2026-07-28");
    const legacy = await connect(transport, "legacy");
    expect(legacy).toBeInstanceOf(Error);
    expect((legacy as Error).message).toMatch(/protocol version/i);
  });
});

describe("mcpgen mock --record --era", () => {
  it("records a live server (server-memory over stdio) while answering as a 2025 server: a probing client falls back, and its call is recorded", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-mock-era-record-"));
    const memoryServer = join(repoRoot, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
    const transport = () =>
      new StdioClientTransport({
        command: process.execPath,
        args: [
          bin,
          "mock",
          "--record",
          dir,
          "--era",
          "legacy",
          "-e",
          `MEMORY_FILE_PATH=${join(dir, "..", `${basename(dir)}.jsonl`)}`,
          "--",
          process.execPath,
          memoryServer,
        ],
        stderr: "pipe",
      });
    const client = await connect(transport, "auto");
    if (client instanceof Error) throw client;
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    const result = await client.callTool({ name: "read_graph", arguments: {} });
    expect(result.isError).not.toBe(true);
    await client.close();
    expect((await readdir(dir)).sort()).toEqual(["manifest.json", "read-graph.json"]);
    const fixture = JSON.parse(await readFile(join(dir, "read-graph.json"), "utf8")) as { fixtures: Array<{ arguments: unknown }> };
    expect(fixture.fixtures.map((recorded) => recorded.arguments)).toEqual([{}]);
  });
});

describe("mcpgen mock --era legacy: a 2026-07-28 request that skips server/discover", () => {
  it("is refused for its revision, as a 2025 server refuses it, not checked for Mcp-Param headers (a 2025 server knows none)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-mock-era-"));
    const manifest = join(dir, "marked.tools.json");
    const region = { type: "string", "x-mcp-header": "Region" };
    await writeFile(manifest, JSON.stringify({ tools: [{ name: "sql", inputSchema: { type: "object", properties: { region } } }] }));
    const running = await mock({ manifest, era: "legacy", http: { port: 0 }, log: () => undefined });
    cleanups.push(() => running.close());
    // A tools/call of 2026-07-28 (a client with a cached verdict sends one at once) without its Mcp-Param-Region header.
    const response = await fetch(running.url!, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2026-07-28",
        "mcp-method": "tools/call",
        "mcp-name": "sql",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "sql",
          arguments: { region: "eu" },
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "t", version: "1" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).not.toBe(-32020);
    expect(body.error.message).toContain("Unsupported protocol version: 2026-07-28");
  });
});

describe("mcpgen mock --era: what it says and refuses", () => {
  it("says which era it serves, after what it mocks", async () => {
    const { stderr } = await overHttp("legacy");
    expect(stderr()).toMatch(new RegExp(`^mcpgen mock: mocking ${tools} tools, on http://127\\.0\\.0\\.1:\\d+/mcp, the 2025 revisions alone\n$`, "m"));
  });

  it("takes legacy or modern, nothing else (the CLI's choices; the library names the option)", async () => {
    const result = await runCli(["mock", manifestPath, "--era", "2025"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("option '--era <era>' argument '2025' is invalid. Allowed choices are legacy, modern.");
    await expect(mock({ manifest: manifestPath, era: "both" as never, http: { port: 0 }, log: () => undefined })).rejects.toThrow(
      'the mock\'s era must be "modern" (MCP 2026-07-28 alone) or "legacy" (the 2025 revisions alone), not "both"',
    );
  });
});
