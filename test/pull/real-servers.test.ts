/**
 * Real MCP servers from npm, over stdio with the real SDK client: capture each
 * one's tools/list at test time, generate, and type-check the result strictly.
 */
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { generateFromManifest } from "../../src/commands/generate.js";
import { esmProject } from "../helpers/output-dir.js";
import { listToolsAndServer } from "../helpers/pull.js";
import { repoRoot, typecheck } from "../helpers/typecheck.js";

interface RealServer {
  name: string;
  entry: string;
  args: (scratch: string) => string[];
  env?: (scratch: string) => Record<string, string>;
  /** Something the captured list must contain, proving the hazard is exercised. */
  expectText?: string;
}

const servers: RealServer[] = [
  { name: "server-everything", entry: "@modelcontextprotocol/server-everything/dist/index.js", args: () => ["stdio"] },
  { name: "server-filesystem", entry: "@modelcontextprotocol/server-filesystem/dist/index.js", args: (scratch) => [scratch], expectText: "*/" },
  {
    name: "server-memory",
    entry: "@modelcontextprotocol/server-memory/dist/index.js",
    args: () => [],
    env: (scratch) => ({ MEMORY_FILE_PATH: join(scratch, "memory.jsonl") }),
  },
];

async function captureTools(server: RealServer) {
  const scratch = await mkdtemp(join(tmpdir(), "mcpgen-real-"));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(repoRoot, "node_modules", server.entry), ...server.args(scratch)],
    env: { PATH: process.env["PATH"] ?? "", ...(server.env?.(scratch) ?? {}) },
    stderr: "ignore",
  });
  return listToolsAndServer(transport);
}

describe.each(servers)("$name from npm", (server) => {
  it("generates a client that type-checks strictly (NodeNext and Bundler)", async () => {
    const captured = await captureTools(server);
    expect(captured.tools.length).toBeGreaterThan(0);
    if (server.expectText) expect(JSON.stringify(captured.tools)).toContain(server.expectText);

    const project = await esmProject(server.name);
    const outDir = join(project, "generated");
    const raw = recogniseManifest({ server: captured.serverInfo, tools: captured.tools }, `${server.name} (stdio)`);
    const result = await generateFromManifest(raw, { outDir });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(captured.tools.map((tool) => (tool as { name: string }).name));

    const snapshot = JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as { tools: unknown[] };
    expect(snapshot.tools).toEqual(captured.tools);
    for (const mode of ["NodeNext", "Bundler"] as const) {
      const checked = await typecheck([outDir], mode);
      expect(checked.output).toBe("");
      expect(checked.ok).toBe(true);
    }
  });
});
