/**
 * `pull` of prompts, resources and resource templates from SDK servers
 * started here (Streamable HTTP, 127.0.0.1): each list asked for only where
 * the server declares its capability, paged like `tools/list` (cursors,
 * the page cap), kept as sent; a list that fails costs that list, with a
 * `list-failed` warning, never the tools; a manifest with a list that is
 * not an array is refused.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseManifest } from "../../src/acquire/manifest-file.js";
import { pull, type PullEvent } from "../../src/commands/pull.js";
import { McpgenError } from "../../src/shared/errors.js";
import { sampleTool, streamableHttpServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { tempDir } from "../helpers/pull.js";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

type Page = { items: unknown[]; nextCursor?: string };

interface Lists {
  capabilities: Record<string, unknown>;
  prompts?: (cursor: string | undefined) => Page;
  resources?: (cursor: string | undefined) => Page;
  resourceTemplates?: (cursor: string | undefined) => Page;
}

/** A 2025-era SDK server with one tool and the lists `lists` answers; `asked` counts each list's requests. */
async function serve(lists: Lists): Promise<{ server: RunningServer; asked: Record<string, number> }> {
  const asked: Record<string, number> = { prompts: 0, resources: 0, resourceTemplates: 0 };
  const make = () => {
    const server = new Server({ name: "surface-server", version: "1.0.0" }, { capabilities: { tools: {}, ...lists.capabilities } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [sampleTool("search")] }));
    const handle = (key: "prompts" | "resources" | "resourceTemplates") => (request: { params?: { cursor?: string | undefined } | undefined }) => {
      asked[key]!++;
      const page = lists[key]!(request.params?.cursor);
      return { [key]: page.items, ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }) } as never;
    };
    if (lists.prompts) server.setRequestHandler(ListPromptsRequestSchema, handle("prompts"));
    if (lists.resources) server.setRequestHandler(ListResourcesRequestSchema, handle("resources"));
    if (lists.resourceTemplates) server.setRequestHandler(ListResourceTemplatesRequestSchema, handle("resourceTemplates"));
    return server;
  };
  const server = await streamableHttpServer(make);
  running.push(server);
  return { server, asked };
}

/** Pages of one item each: the cursor is the next item's index. */
const onePerPage =
  (items: unknown[]) =>
  (cursor: string | undefined): Page => {
    const index = cursor === undefined ? 0 : Number(cursor);
    return { items: [items[index]], ...(index + 1 < items.length ? { nextCursor: String(index + 1) } : {}) };
  };

const failing = (): Page => {
  throw new Error("the prompt store is down");
};

async function snapshotOf(outDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as Record<string, unknown>;
}

describe("pull of prompts, resources and resource templates", () => {
  it("follows each list's cursors and keeps every page as sent, fields the SDK does not know included", async () => {
    const prompts = [
      { name: "triage", description: "Triage an issue.", arguments: [{ name: "issue", required: true }], "x-vendor": { rank: 1 } },
      { name: "summary" },
      { name: "standup", arguments: [{ name: "team" }] },
    ];
    const resources = [
      { uri: "file:///a.md", name: "a.md", mimeType: "text/markdown" },
      { uri: "file:///b.md", name: "b.md", size: 12 },
    ];
    const templates = [{ name: "issue", uriTemplate: "issues://{number}{?fields*}", description: "An issue." }];
    const { server } = await serve({
      capabilities: { prompts: {}, resources: {} },
      prompts: onePerPage(prompts),
      resources: onePerPage(resources),
      resourceTemplates: () => ({ items: templates }),
    });
    const outDir = await tempDir("surface-pages");
    const events: PullEvent[] = [];
    const result = await pull({ target: server.url.href, outDir, timeoutMs: 20_000, onProgress: (event) => events.push(event) });
    const snapshot = await snapshotOf(outDir);
    expect(snapshot["prompts"]).toEqual(prompts);
    // As sent, but for a resource's state (its size: ir/resource-state.ts), which is no part of the contract.
    expect(snapshot["resources"]).toEqual([resources[0], { uri: "file:///b.md", name: "b.md" }]);
    expect(snapshot["resourceTemplates"]).toEqual(templates);
    expect(result.server).toMatchObject({ tools: 1, pages: 1, prompts: 3, resources: 2, resourceTemplates: 1 });
    expect(events.find((event) => event.kind === "listed")?.message).toBe("listed 1 tool in 1 page, 3 prompts, 2 resources, 1 resource template");
    expect(result.diagnostics).toEqual([]);
    const client = await readFile(join(outDir, "client.ts"), "utf8");
    for (const method of ["getTriagePrompt", "getSummaryPrompt", "getStandupPrompt", "readAMd", "readBMd", "readIssue", "readResource"])
      expect(client).toContain(`  ${method}(`);
  });

  it("asks for no list the server does not declare, and writes none into the snapshot", async () => {
    // Asked, this server would answer "method not found": a list-failed warning.
    const { server } = await serve({ capabilities: {} });
    const outDir = await tempDir("surface-undeclared");
    const result = await pull({ target: server.url.href, outDir, timeoutMs: 20_000 });
    expect(result.diagnostics).toEqual([]);
    const snapshot = await snapshotOf(outDir);
    expect(Object.keys(snapshot)).not.toContain("prompts");
    expect(result.server).not.toHaveProperty("prompts");
    expect(result.files.map((file) => file.path)).not.toContain("uri-template.ts");
  });

  it("a list that fails costs that list, with a warning; the tools and the other lists are generated", async () => {
    const { server } = await serve({
      capabilities: { prompts: {}, resources: {} },
      prompts: failing,
      // A cursor that comes back: following it would loop forever.
      resources: () => ({ items: [{ uri: "file:///loop", name: "loop" }], nextCursor: "again" }),
      resourceTemplates: () => ({ items: [{ name: "issue", uriTemplate: "issues://{number}" }] }),
    });
    const outDir = await tempDir("surface-failing");
    const result = await pull({ target: server.url.href, outDir, timeoutMs: 20_000 });
    expect(result.diagnostics.map(({ code, message }) => ({ code, message }))).toEqual([
      {
        code: "list-failed",
        message: expect.stringMatching(
          /answered prompts\/list with an error: .*the prompt store is down.*; the prompts are left out of the snapshot and the output, the tools are not$/,
        ),
      },
      {
        code: "list-failed",
        message: expect.stringMatching(
          /resources\/list returned the cursor "again" a second time \(page 2\); following it would loop forever; the resources are left out/,
        ),
      },
    ]);
    const snapshot = await snapshotOf(outDir);
    expect(Object.keys(snapshot)).toEqual(expect.arrayContaining(["tools", "resourceTemplates"]));
    expect(snapshot).not.toHaveProperty("prompts");
    expect(snapshot).not.toHaveProperty("resources");
    expect(result.server).toMatchObject({ tools: 1, resourceTemplates: 1 });
    expect(await readFile(join(outDir, "client.ts"), "utf8")).toContain("  readIssue(");
    // --strict makes the warning an error: nothing is written.
    await expect(pull({ target: server.url.href, outDir: await tempDir("surface-strict"), timeoutMs: 20_000, strict: true })).rejects.toThrow(/strict/);
  });

  it("takes a server that declares resources but has no resources/templates/list method for one without templates", async () => {
    const { server } = await serve({ capabilities: { resources: {} }, resources: () => ({ items: [{ uri: "file:///a", name: "a" }] }) });
    const outDir = await tempDir("surface-no-templates");
    const result = await pull({ target: server.url.href, outDir, timeoutMs: 20_000 });
    expect(result.diagnostics).toEqual([]);
    expect(await snapshotOf(outDir)).toMatchObject({ resources: [{ uri: "file:///a", name: "a" }], resourceTemplates: [] });
  });

  it("stops a list at the page cap, as tools/list", async () => {
    const { server, asked } = await serve({
      capabilities: { prompts: {} },
      prompts: (cursor) => ({ items: [{ name: `p${cursor ?? 0}` }], nextCursor: String(Number(cursor ?? 0) + 1) }),
    });
    const result = await pull({ target: server.url.href, outDir: await tempDir("surface-cap"), timeoutMs: 20_000, maxPages: 3 });
    expect(asked["prompts"]).toBe(3);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "list-failed",
        message: expect.stringContaining("prompts/list was still paging after 3 pages (3 prompts so far); stopping"),
      }),
    ]);
  });
});

describe("a manifest file's lists", () => {
  it("must be arrays when given: the error names the list", () => {
    let error: unknown;
    try {
      parseManifest(JSON.stringify({ tools: [], prompts: { name: "p" } }), "m.json");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).diagnostic).toMatchObject({ code: "input-shape", pointer: "/prompts", message: "`prompts` is not an array" });
    expect(parseManifest(JSON.stringify({ result: { tools: [], resourceTemplates: [] }, jsonrpc: "2.0", id: 1 }), "r.json")).toMatchObject({
      resourceTemplates: [],
    });
  });
});
