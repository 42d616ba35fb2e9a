/**
 * A server whose resources are files that change: their `size` and
 * `annotations.lastModified` move between two pulls while how they are read
 * stays the same. That is the resources' state, not the contract: the
 * snapshot leaves it out, a re-pull writes nothing, `pull --check` passes and
 * `mcpgen diff` sees no change; any other field that changes still counts.
 * A real SDK server over Streamable HTTP on 127.0.0.1, through the CLI.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { sampleTool, streamableHttpServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { readTree, tempDir } from "../helpers/pull.js";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** What the files on the server are now; a test changes it between pulls. */
interface Files {
  logSize: number;
  modified: string;
  priority: number;
}

/** A server listing a log file (size, audience, priority, lastModified), a notes file (lastModified only) and a template of day logs. */
async function fileServer(files: Files): Promise<RunningServer> {
  const make = () => {
    const server = new Server({ name: "files", version: "1.0.0" }, { capabilities: { tools: {}, resources: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [sampleTool("search")] }));
    server.setRequestHandler(ListResourcesRequestSchema, () => ({
      resources: [
        {
          uri: "file:///logs/app.log",
          name: "app.log",
          mimeType: "text/plain",
          size: files.logSize,
          annotations: { audience: ["user"], priority: files.priority, lastModified: files.modified },
        },
        { uri: "file:///notes.md", name: "notes.md", annotations: { lastModified: files.modified } },
      ],
    }));
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
      resourceTemplates: [{ name: "day", uriTemplate: "logs://{day}", annotations: { lastModified: files.modified } }],
    }));
    return server;
  };
  const server = await streamableHttpServer(make);
  running.push(server);
  return server;
}

describe("pull of resources whose size and lastModified change", () => {
  it("the snapshot leaves them out; grown files: a re-pull writes nothing, --check passes, diff sees no change; a new priority is drift", async () => {
    const files: Files = { logSize: 100, modified: "2026-01-01T00:00:00Z", priority: 0.2 };
    const server = await fileServer(files);
    const out = await tempDir("resource-state");
    const url = server.url.href;
    expect((await runCli(["pull", url, "--out", out, "--no-format"])).code).toBe(0);
    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as Record<string, unknown>;
    expect(snapshot["resources"]).toEqual([
      { uri: "file:///logs/app.log", name: "app.log", mimeType: "text/plain", annotations: { audience: ["user"], priority: 0.2 } },
      { uri: "file:///notes.md", name: "notes.md" },
    ]);
    expect(snapshot["resourceTemplates"]).toEqual([{ name: "day", uriTemplate: "logs://{day}" }]);
    const first = await readTree(out);
    // The generated client's docs say what the resource is, not how big it was when pulled.
    expect(first["client.ts"]).toContain('MIME type: text/plain. Annotations: {"audience":["user"],"priority":0.2}.');
    for (const file of ["client.ts", "types.ts", "manifest.json"]) expect(first[file], file).not.toMatch(/Size:|lastModified|2026-01-01|\b100\b/);

    // The log grew and both files were touched.
    files.logSize = 250;
    files.modified = "2026-02-01T09:30:00Z";
    const check = await runCli(["pull", "--check", url, "--out", out, "--no-format"]);
    const count = Object.keys(first).length;
    expect(check).toEqual({ code: 0, stdout: `${out} is up to date with ${url} (1 tool, 2 resources, 1 resource template, ${count} files)\n`, stderr: "" });
    const diff = await runCli(["diff", out, url, "--fail-on", "any"]);
    expect(diff).toEqual({ code: 0, stdout: `${join(out, "manifest.json")} → ${url}: no change of the contract\n`, stderr: "" });
    const again = await runCli(["pull", url, "--out", out, "--no-format"]);
    expect(again.stdout).toContain(`(0 files written, ${count} unchanged)`);
    expect(await readTree(out)).toEqual(first);

    // A priority is what the server says of the resource: drift, classified, and the client's docs are stale.
    files.priority = 0.9;
    const drifted = await runCli(["pull", "--check", url, "--out", out, "--no-format"]);
    expect(drifted.code).toBe(1);
    expect(drifted.stderr).toContain('  ~ resource "file:///logs/app.log": annotations changed at /priority\n');
    expect(drifted.stderr).toContain('    review: resource "file:///logs/app.log": annotations changed at /annotations (resource-metadata-changed)\n');
    expect(drifted.stderr).toContain("  stale: client.ts (+1 -1)\n");
  });

  it("a snapshot an earlier mcpgen wrote, holding the state: --check passes while only the state moved, and a pull writes it without", async () => {
    const files: Files = { logSize: 100, modified: "2026-01-01T00:00:00Z", priority: 0.2 };
    const server = await fileServer(files);
    const out = await tempDir("resource-state-old");
    const url = server.url.href;
    expect((await runCli(["pull", url, "--out", out, "--no-format"])).code).toBe(0);
    const path = join(out, "manifest.json");
    const written = await readFile(path, "utf8");
    // As an earlier pull wrote it: the resources exactly as listed then, state included.
    const old = JSON.parse(written) as { resources: Array<Record<string, unknown>>; resourceTemplates: Array<Record<string, unknown>> };
    old.resources[0] = { ...old.resources[0], size: 100, annotations: { audience: ["user"], priority: 0.2, lastModified: files.modified } };
    old.resources[1] = { ...old.resources[1], annotations: { lastModified: files.modified } };
    old.resourceTemplates[0] = { ...old.resourceTemplates[0], annotations: { lastModified: files.modified } };
    await writeFile(path, `${JSON.stringify(old, null, 2)}\n`);

    files.logSize = 4096;
    files.modified = "2026-03-01T12:00:00Z";
    const check = await runCli(["pull", "--check", url, "--out", out, "--no-format"]);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain("is up to date with");
    const pulled = await runCli(["pull", url, "--out", out, "--no-format"]);
    expect(pulled.stdout).toContain(`(1 file written, ${Object.keys(await readTree(out)).length - 1} unchanged)`);
    expect(await readFile(path, "utf8")).toBe(written);
  });
});
