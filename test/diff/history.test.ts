/**
 * Real history: two published versions of the same servers, both run from
 * npm (the older installed as the aliases `server-memory-2025` and
 * `server-filesystem-2025`), the older pulled into a snapshot as `pull`
 * acquires it, the newer read live by `mcpgen diff` itself. What changed
 * between the versions is written out below by hand, tool by tool, from
 * reading both tool lists; the classification must be exactly that.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { diff, type DiffResult } from "../../src/commands/diff.js";
import { pullSnapshot } from "../../src/commands/pull.js";
import { runCli } from "../helpers/cli.js";
import { repoRoot } from "../helpers/typecheck.js";

const entry = (pkg: string) => join(repoRoot, "node_modules", pkg, "dist", "index.js");
const version = async (pkg: string) => (JSON.parse(await readFile(join(repoRoot, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;

/** The older version's tools as a snapshot file, acquired as `mcpgen pull` acquires them. */
async function snapshotOf(command: string[], env: string[], file: string): Promise<string> {
  const pulled = await pullSnapshot({ command, env, outDir: tmpdir(), force: true });
  await writeFile(file, `${JSON.stringify(pulled.manifest, null, 2)}\n`);
  return file;
}

/** Each tool's rules, in the order reported. */
function rulesByTool(changes: ReadonlyArray<{ subject: { name?: string | undefined }; rule: string }>): Record<string, string[]> {
  const byTool: Record<string, string[]> = {};
  for (const change of changes) (byTool[change.subject.name ?? "(server)"] ??= []).push(change.rule);
  return byTool;
}

describe("real history: two published versions of a server", () => {
  let scratch = "";
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), "mcpgen-diff-history-"));
    // The pair this history is written for; a new release of either fails here, saying so.
    expect(await version("server-memory-2025")).toBe("2025.4.25");
    expect(await version("@modelcontextprotocol/server-memory")).toBe("2026.8.31");
    expect(await version("server-filesystem-2025")).toBe("2025.11.25");
    expect(await version("@modelcontextprotocol/server-filesystem")).toBe("2026.8.31");
  });

  it("@modelcontextprotocol/server-memory 2025.4.25 → 2026.8.31: results typed, titles, hints and task support added, a resource listed", async () => {
    const env = [`MEMORY_FILE_PATH=${join(scratch, "memory.jsonl")}`];
    const old = await snapshotOf([process.execPath, entry("server-memory-2025")], env, join(scratch, "memory-2025.json"));
    const result: DiffResult = await diff({ operands: [old], command: [process.execPath, entry("@modelcontextprotocol/server-memory")], env, cwd: scratch });
    const [comparison] = result.comparisons;
    // Every tool gains a title, `execution.taskSupport` and an outputSchema (which its server must now honour);
    // the hints, absent before (so: not read-only, destructive, not idempotent, open world), are now stated.
    const added = (...hints: string[]) => ["tool-title-changed", ...hints, "tool-metadata-changed", "output-schema-added"];
    const writes = added("destructive-hint-disabled", "open-world-hint-disabled");
    const deletes = added("idempotent-hint-added", "open-world-hint-disabled");
    const reads = added("read-only-hint-added", "open-world-hint-disabled");
    expect(rulesByTool(comparison!.diff.changes)).toEqual({
      // The old server's SDK (1.0.1) speaks only 2024-11-05.
      "(server)": ["protocol-version-upgraded"],
      add_observations: writes,
      create_entities: writes,
      create_relations: writes,
      delete_entities: deletes,
      delete_observations: deletes,
      delete_relations: deletes,
      open_nodes: reads,
      read_graph: reads,
      search_nodes: reads,
      // The new server also lists its knowledge graph as a fixed resource.
      "memory://knowledge-graph": ["resource-added"],
    });
    expect(comparison!.diff.changes[0]).toMatchObject({ rule: "protocol-version-upgraded", class: "compatible", before: "2024-11-05" });
    expect(comparison!.diff.changes.at(-1)).toMatchObject({ subject: { kind: "resource", name: "memory://knowledge-graph" }, class: "compatible" });
    expect(comparison!.diff.counts).toEqual({ "breaking-for-clients": 0, "breaking-for-servers": 9, review: 36, compatible: 2 });
    // The same input schemas, now with draft-07's $schema: read in 2020-12 form, no change.
    expect(comparison!.diff.changes.filter((change) => change.pointer.startsWith("/inputSchema"))).toEqual([]);
    expect(comparison!.failed).toBe(true);
    expect(comparison!.diff.new.server).toEqual({ name: "memory-server", version: "0.6.3" });
  });

  it("@modelcontextprotocol/server-filesystem 2025.11.25 → 2026.8.31, through the CLI: read_media_file's result changed both ways", async () => {
    const allowed = await mkdtemp(join(scratch, "allowed-"));
    const old = await snapshotOf([process.execPath, entry("server-filesystem-2025"), allowed], [], join(scratch, "filesystem-2025.json"));
    const run = await runCli(["diff", old, "--format", "json", "--", process.execPath, entry("@modelcontextprotocol/server-filesystem"), allowed], scratch);
    expect(run.code).toBe(1);
    const [comparison] = (
      JSON.parse(run.stdout) as {
        comparisons: Array<{ counts: unknown; changes: Array<{ subject: { name: string }; rule: string; pointer: string; class: string }> }>;
      }
    ).comparisons;
    const tools = [
      "create_directory",
      "directory_tree",
      "edit_file",
      "get_file_info",
      "list_allowed_directories",
      "list_directory",
      "list_directory_with_sizes",
      "move_file",
      "read_file",
      "read_media_file",
      "read_multiple_files",
      "read_text_file",
      "search_files",
      "write_file",
    ];
    // Every tool now says it stays in a closed world; move_file is destructive now; read_media_file is rewritten:
    // its items lose the type "blob" (a server that returned it breaks) and gain a resource branch (a caller that
    // switches on type breaks).
    const expected: Record<string, string[]> = Object.fromEntries(tools.map((tool) => [tool, ["open-world-hint-disabled"]]));
    expected["move_file"] = ["destructive-hint-enabled", "open-world-hint-disabled"];
    expected["read_media_file"] = ["tool-description-changed", "open-world-hint-disabled", "output-enum-value-removed", "output-any-of-branch-added"];
    expect(rulesByTool(comparison!.changes)).toEqual(expected);
    const media = comparison!.changes.filter((change) => change.subject.name === "read_media_file" && change.rule.startsWith("output-"));
    expect(media).toEqual([
      expect.objectContaining({
        class: "breaking-for-servers",
        pointer: "/outputSchema/properties/content/items/anyOf/0/properties/type/enum",
        before: "blob",
      }),
      expect.objectContaining({ class: "breaking-for-clients", pointer: "/outputSchema/properties/content/items/anyOf/1" }),
    ]);
    expect(comparison!.counts).toEqual({ "breaking-for-clients": 1, "breaking-for-servers": 1, review: 16, compatible: 0 });
  });
});
