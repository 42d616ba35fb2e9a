/**
 * `pull` over stdio against the real servers from npm: the snapshot holds
 * exactly what the SDK client lists, and the output is byte for byte what
 * `generate` makes from that snapshot. Then `--check` on the same server, and
 * on a snapshot edited to simulate drift.
 */
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { pull, type PullEvent } from "../../src/commands/pull.js";
import { listWithSdk, npmServer, readTree, tempDir } from "../helpers/pull.js";

interface NpmServerCase {
  name: "everything" | "memory" | "filesystem";
  args: (scratch: string) => string[];
  env: (scratch: string) => Record<string, string>;
  hasInstructions: boolean;
}

const cases: NpmServerCase[] = [
  { name: "everything", args: () => ["stdio"], env: () => ({}), hasInstructions: true },
  // MEMORY_FILE_PATH keeps the server's store out of node_modules, and is an env value that must stay secret.
  { name: "memory", args: () => [], env: (scratch) => ({ MEMORY_FILE_PATH: join(scratch, "memory-store.jsonl") }), hasInstructions: false },
  { name: "filesystem", args: (scratch) => [scratch], env: () => ({}), hasInstructions: false },
];

describe.each(cases)("pull from the npm server-$name over stdio", (server) => {
  it("snapshots what the SDK lists and generates exactly what generate makes from the snapshot", async () => {
    const scratch = await tempDir(`${server.name}-scratch`);
    const out = await tempDir(`${server.name}-out`);
    const command = [process.execPath, npmServer(server.name), ...server.args(scratch)];
    const env = server.env(scratch);

    const events: PullEvent[] = [];
    const result = await pull({
      command,
      env: Object.entries(env).map(([key, value]) => `${key}=${value}`),
      outDir: out,
      timeoutMs: 60_000,
      onProgress: (event) => events.push(event),
    });

    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as Record<string, unknown>;
    const reference = await listWithSdk(
      new StdioClientTransport({ command: process.execPath, args: command.slice(1), env: { PATH: process.env["PATH"] ?? "", ...env }, stderr: "ignore" }),
    );
    expect(reference.length).toBeGreaterThan(0);
    expect(snapshot["tools"]).toEqual(reference);
    expect(result.server).toMatchObject({ transport: "stdio", fellBack: false, tools: reference.length, pages: 1 });
    expect(snapshot["server"]).toMatchObject({ name: expect.any(String), version: expect.any(String) });
    expect(snapshot["protocolVersion"]).toBe("2025-11-25");
    expect(snapshot["capabilities"]).toMatchObject({ tools: expect.any(Object) });
    expect(typeof snapshot["instructions"] === "string").toBe(server.hasInstructions);
    expect(events.map((event) => event.kind)).toEqual(["connecting", "initialized", "listed", "written"]);

    const regenerated = await tempDir(`${server.name}-regenerated`);
    await generate({ manifest: join(out, "manifest.json"), outDir: regenerated });
    const pulled = await readTree(out);
    // uri-template.ts comes with resource templates (server-everything lists two).
    const templates = Array.isArray(snapshot["resourceTemplates"]) && snapshot["resourceTemplates"].length > 0 ? ["uri-template.ts"] : [];
    const files = Object.keys(pulled).sort();
    expect(files.filter((file) => !file.startsWith("validators/"))).toEqual([
      "calls.ts",
      "client.ts",
      "index.ts",
      "manifest.json",
      "runtime.ts",
      "types.ts",
      ...templates,
      "validate.ts",
      "validator-runtime.ts",
    ]);
    // One validator module per tool.
    expect(files.filter((file) => file.startsWith("validators/"))).toHaveLength((JSON.parse(pulled["manifest.json"]!) as { tools: unknown[] }).tools.length);
    expect(await readTree(regenerated)).toEqual(pulled);

    for (const value of Object.values(env)) {
      for (const contents of Object.values(pulled)) expect(contents).not.toContain(value);
      for (const event of events) expect(event.message).not.toContain(value);
    }
  });
});

describe("pull --check against server-everything", () => {
  const command = [process.execPath, npmServer("everything"), "stdio"];

  it("is up to date right after a pull, reports added, removed and changed tools (and a prompt) after drift, and writes nothing", async () => {
    const out = await tempDir("check");
    await pull({ command, outDir: out, timeoutMs: 60_000 });
    const clean = await pull({ command, outDir: out, check: true, timeoutMs: 60_000 });
    expect(clean.upToDate).toBe(true);
    const none = { added: [], removed: [], changed: [] };
    expect(clean.drift).toEqual({ ...none, prompts: none, resources: none, resourceTemplates: none, notes: [] });

    // Simulate a server that moved on: the snapshot has a tool it dropped, lacks one it added, and an older schema.
    const snapshotPath = join(out, "manifest.json");
    const snapshot = JSON.parse(await readFile(snapshotPath, "utf8")) as {
      tools: Array<Record<string, any>>;
      prompts: Array<Record<string, any>>;
      server: Record<string, unknown>;
    };
    // ... and a prompt added since: drift, as a tool added is.
    const promptAdded = snapshot.prompts.pop()!;
    const removedFromSnapshot = snapshot.tools.shift()!;
    const echo = snapshot.tools.find((tool) => tool["name"] === "get-sum") ?? snapshot.tools[0]!;
    echo["inputSchema"]["properties"]["legacy"] = { type: "boolean" };
    echo["description"] = "An older description.";
    snapshot.tools.push({ name: "retired_tool", inputSchema: { type: "object" } });
    snapshot.server["version"] = "0.0.1";
    await writeFile(snapshotPath, `${JSON.stringify(snapshot, null, 2)}\n`);
    const before = await readTree(out);

    const drifted = await pull({ command, outDir: out, check: true, timeoutMs: 60_000 });
    expect(drifted.upToDate).toBe(false);
    expect(drifted.drift).toEqual({
      added: [removedFromSnapshot["name"]],
      removed: ["retired_tool"],
      changed: [
        {
          name: echo["name"],
          fields: [
            { field: "description", change: "changed", pointers: [""] },
            { field: "inputSchema", change: "changed", pointers: ["/properties/legacy"] },
          ],
        },
      ],
      prompts: { added: [promptAdded["name"]], removed: [], changed: [] },
      resources: none,
      resourceTemplates: none,
      notes: [`server version: "0.0.1" → "2.0.0"`],
    });
    expect(drifted.contract?.changes.filter((change) => change.subject.kind === "prompt")).toEqual([
      { subject: { kind: "prompt", name: promptAdded["name"] }, rule: "prompt-added", class: "compatible", pointer: "", message: "new prompt" },
    ]);
    expect(await readTree(out)).toEqual(before);
  });
});
