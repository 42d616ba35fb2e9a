/**
 * `pull` against servers built on the official SDK v2 (test/fixtures/sdk2),
 * started here: one that speaks only MCP 2026-07-28 over Streamable HTTP, and
 * dual-era ones over Streamable HTTP and stdio. Each is reached on
 * 2026-07-28 (server/discover, no handshake), and the snapshot holds the
 * tools as the server declares them in that revision (a `number` output stays
 * a `number`), with the list's cache hints; a tool whose `x-mcp-header` mark
 * the revision forbids is left out with a warning.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pull, type PullEvent, type PullResult } from "../../src/commands/pull.js";
import { sdk2ServerScript, startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";
import { tempDir } from "../helpers/pull.js";

interface Snapshot {
  protocolVersion?: string;
  server?: { name?: string };
  cache?: unknown;
  instructions?: string;
  tools: Array<{ name: string; outputSchema?: unknown }>;
}

interface Pulled {
  /** What was pulled, as given to `pull`, and where to. */
  options: Parameters<typeof pull>[0];
  result: PullResult;
  events: PullEvent[];
  snapshot: Snapshot;
  client: string;
  /** calls.ts, each tool's traits (its x-mcp-header arguments among them). */
  calls: string;
}

const servers: Sdk2HttpServer[] = [];
const pulled = new Map<string, Pulled>();

async function pullInto(name: string, options: Parameters<typeof pull>[0] extends infer O ? Omit<O & object, "outDir"> : never): Promise<void> {
  const outDir = await tempDir(name);
  const events: PullEvent[] = [];
  const result = await pull({ ...options, outDir, timeoutMs: 20_000, onProgress: (event) => events.push(event) });
  pulled.set(name, {
    options: { ...options, outDir, timeoutMs: 20_000 },
    result,
    events,
    snapshot: JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as Snapshot,
    client: await readFile(join(outDir, "client.ts"), "utf8"),
    calls: await readFile(join(outDir, "calls.ts"), "utf8"),
  });
}

beforeAll(async () => {
  const modernOnly = await startSdk2HttpServer({ legacy: "reject" });
  const dual = await startSdk2HttpServer({ legacy: "stateless" });
  servers.push(modernOnly, dual);
  await Promise.all([
    pullInto("modern-http", { target: modernOnly.url.href }),
    pullInto("dual-http", { target: dual.url.href }),
    pullInto("dual-stdio", { command: [process.execPath, sdk2ServerScript, "--stdio"] }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

describe.each(["modern-http", "dual-http", "dual-stdio"])("pull of an SDK v2 server (%s)", (name) => {
  it("speaks 2026-07-28: server/discover, no initialize, and says so", () => {
    const { result, events } = pulled.get(name)!;
    expect(result.server).toMatchObject({ protocolVersion: "2026-07-28", transport: name.endsWith("stdio") ? "stdio" : "http", fellBack: false });
    expect(events.find((event) => event.kind === "initialized")?.message).toBe(
      "reached sdk2-fixture 2.4.0: protocol 2026-07-28 (server/discover, no handshake)",
    );
    expect(events.some((event) => event.kind === "fallback")).toBe(false);
  });

  it("snapshots the tools as declared in the revision: a number output stays a number, an array an array", () => {
    const { snapshot } = pulled.get(name)!;
    expect(snapshot.protocolVersion).toBe("2026-07-28");
    expect(snapshot.server?.name).toBe("sdk2-fixture");
    expect(snapshot.instructions).toBe("A fixture server of mcpgen's tests.");
    const byName = new Map(snapshot.tools.map((tool) => [tool.name, tool]));
    expect(byName.get("add")?.outputSchema).toEqual({ type: "number" });
    expect(byName.get("tags")?.outputSchema).toEqual({ type: "array", items: { type: "string" } });
    // The list's cache hints (MCP 2026-07-28 "Caching").
    // Each list's own (the SDK's default for prompts and resources: not to be reused).
    expect(snapshot.cache).toEqual({
      "tools/list": { ttlMs: 60000, cacheScope: "public" },
      "prompts/list": { ttlMs: 0, cacheScope: "private" },
      "resources/list": { ttlMs: 0, cacheScope: "private" },
      "resources/templates/list": { ttlMs: 0, cacheScope: "private" },
    });
  });

  it("leaves out the tool whose x-mcp-header mark the revision forbids, with a warning at the mark; the others are generated", () => {
    const { result, snapshot, client, calls } = pulled.get(name)!;
    expect(result.diagnostics.filter((diagnostic) => diagnostic.code === "tool-dropped")).toEqual([
      expect.objectContaining({
        severity: "warning",
        tool: "bad_header",
        pointer: expect.stringMatching(/^\/tools\/\d+\/inputSchema\/properties\/ids\/items\/x-mcp-header$/),
      }),
    ]);
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(["add", "get_weather", "tags", "execute_sql", "echo"]);
    expect(client + calls).not.toContain("bad_header");
    expect(calls).toContain('"x-mcp-header": "Region"');
  });

  it("finds no drift in a pull --check right after: the tool left out is no change of the server's", async () => {
    const { options } = pulled.get(name)!;
    const checked = await pull({ ...options, check: true });
    expect(checked.drift).toMatchObject({ added: [], removed: [], changed: [] });
    expect(checked.upToDate).toBe(true);
    expect(checked.diagnostics.filter((diagnostic) => diagnostic.code === "tool-dropped").map((diagnostic) => diagnostic.tool)).toEqual(["bad_header"]);
  });
});

describe("a server that declares prompts and resources but no tools", () => {
  it.each([false, true])("is pulled with no tools, its prompts and resources listed (modern only: %s)", async (modernOnly) => {
    const outDir = await tempDir("no-tools");
    const command = [process.execPath, sdk2ServerScript, "--stdio", "--no-tools", ...(modernOnly ? ["--modern-only"] : [])];
    const result = await pull({ command, outDir, timeoutMs: 20_000 });
    expect(result.server).toMatchObject({ tools: 0, prompts: 2, resources: 2, resourceTemplates: 2 });
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toEqual([]);
    const snapshot = JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as { tools: unknown[]; capabilities?: object };
    expect(snapshot.tools).toEqual([]);
    expect(snapshot.capabilities).not.toHaveProperty("tools");
    expect(await readFile(join(outDir, "client.ts"), "utf8")).toContain("getWeatherReportPrompt(");
  });
});

describe("the era of a server that speaks only the 2025 revisions", () => {
  it("is recorded as the revision it answered initialize with", async () => {
    // The SDK v2 fixture pinned to the 2025 handshake is no such server; an SDK v1 server is (test/pull/pull-http.test.ts
    // covers those over HTTP). Over stdio, server-memory (SDK v1) answers the probe with an error and is initialized.
    const { npmServer } = await import("../helpers/pull.js");
    const outDir = await tempDir("legacy-stdio");
    const events: PullEvent[] = [];
    const result = await pull({ command: [process.execPath, npmServer("memory")], outDir, timeoutMs: 20_000, onProgress: (event) => events.push(event) });
    expect(result.server.protocolVersion).toMatch(/^2025-/);
    expect(events.find((event) => event.kind === "initialized")?.message).toMatch(/: protocol 2025-\d\d-\d\d \(the 2025 initialize handshake\)$/);
  });
});

describe("a modern stdio server slow to start (npx -y fetching it on a first run)", () => {
  // Its first start reads nothing until the server/discover probe has been given up and initialize sent; the second is quick.
  it.each([false, true])(
    "answers the probe after the 2025 initialize went out: started again and pulled on 2026-07-28, as when it starts at once (modern only: %s)",
    async (modernOnly) => {
      const marker = join(await tempDir("slow-start"), "started");
      const command = [process.execPath, sdk2ServerScript, "--stdio", "--slow-first-start", marker, ...(modernOnly ? ["--modern-only"] : [])];
      const events: PullEvent[] = [];
      const outDir = await tempDir("slow-start-out");
      const result = await pull({ command, outDir, timeoutMs: 20_000, probeTimeoutMs: 300, onProgress: (event) => events.push(event) });
      expect(result.server.protocolVersion).toBe("2026-07-28");
      expect(events.filter((event) => event.kind === "fallback").map((event) => event.message)).toEqual([
        expect.stringContaining("answered the server/discover probe only after 0.3 s, once the 2025 initialize had been sent"),
      ]);
      const snapshot = JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as Snapshot;
      expect(snapshot.tools).toEqual(pulled.get("dual-stdio")!.snapshot.tools);
    },
  );
});
