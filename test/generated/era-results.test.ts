/**
 * What the generated client makes of a tool's result on each protocol era,
 * against a real SDK v2 server (the low-level `Server`, which sends what its
 * handler returns) over Streamable HTTP on 127.0.0.1, both eras at one URL.
 * `pull` of the server, then the generated client over an SDK v2 client
 * pinned to MCP 2026-07-28 and over an SDK v1 client (the 2025 revisions).
 *
 * A tool whose outputSchema is not an object, answered with its value as JSON
 * text alone: on the 2025 revisions that is how SDK 1.x servers send such a
 * value, and the client reads it back; on 2026-07-28 every server sends the
 * value as `structuredContent`, so the result is missing it
 * (docs/generated-api.md, "Errors").
 */
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pull } from "../../src/commands/pull.js";
import { esmProject } from "../helpers/output-dir.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";

const TOOLS = [
  {
    name: "tags",
    description: "Tags of a word, as JSON text alone.",
    inputSchema: { type: "object" as const, properties: { word: { type: "string" } }, required: ["word"] },
    outputSchema: { type: "array", items: { type: "string" } },
  },
];

/** A fresh server per request: `tags` answers its value as a JSON text block, without structuredContent. */
function textOnlyServer(): Server {
  const server = new Server({ name: "text-only", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: TOOLS }));
  server.setRequestHandler("tools/call", (request) => {
    const word = String(request.params.arguments?.["word"]);
    return { content: [{ type: "text", text: JSON.stringify([word, word.toUpperCase()]) }] };
  });
  return server;
}

interface Generated {
  createClient(client: unknown): { tags(input: { word: string }): Promise<{ structuredContent: string[] }> };
  isValidationError(error: unknown): error is Error & { phase: string; issues: Array<{ path: string; message: string }> };
}

let server: Sdk2HttpServer;
let generated: Generated;

beforeAll(async () => {
  server = await startSdk2HttpServer({ legacy: "stateless", factory: textOnlyServer });
  const out = join(await esmProject("era-results"), "mcp");
  const pulled = await pull({ target: server.url.href, outDir: out, timeoutMs: 20_000, format: false });
  expect(pulled.server.protocolVersion).toBe("2026-07-28");
  generated = (await import(pathToFileURL(join(out, "index.ts")).href)) as Generated;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe("a non-object output sent as JSON text alone", () => {
  it("is read back from the text on a 2025 revision (SDK v1), as SDK 1.x servers send it", async () => {
    const sdk = new ClientV1({ name: "era-results", version: "1.0.0" });
    await sdk.connect(new StreamableHTTPClientTransportV1(server.url));
    try {
      expect((await generated.createClient(sdk).tags({ word: "mcp" })).structuredContent).toEqual(["mcp", "MCP"]);
    } finally {
      await sdk.close();
    }
  }, 30_000);

  it("is a ValidationError on MCP 2026-07-28 (SDK v2): structuredContent is missing", async () => {
    const sdk = new ClientV2({ name: "era-results", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await sdk.connect(new StreamableHTTPClientTransport(server.url));
    try {
      expect(sdk.getProtocolEra()).toBe("modern");
      const error = await generated
        .createClient(sdk)
        .tags({ word: "mcp" })
        .catch((caught: unknown) => caught);
      expect(generated.isValidationError(error)).toBe(true);
      const { phase, issues } = error as { phase: string; issues: unknown };
      expect({ phase, issues }).toEqual({
        phase: "output",
        issues: [{ path: "", message: "structuredContent is missing (the tool declares an outputSchema)" }],
      });
    } finally {
      await sdk.close();
    }
  }, 30_000);
});
