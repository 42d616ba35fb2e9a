/**
 * The write stage reads, writes and renames a bounded number of files at a
 * time. Unbounded, a server of a few hundred tools ran out of file
 * descriptors on regenerating (macOS allows a process 256 by default): the
 * plan opened every existing file at once. Run as a process under a limit of
 * 64 descriptors, with 300 tools (308 files).
 */
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/typecheck.js";

const run = promisify(execFile);

describe("generate under a low file descriptor limit", () => {
  it("creates, rewrites unchanged, and updates 300 tools with 64 descriptors", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mcpgen-fd-limit-"));
    const manifest = join(dir, "tools.json");
    const out = join(dir, "out");
    const tools = (suffix: string) =>
      Array.from({ length: 300 }, (_, index) => ({
        name: `tool_${index}${suffix}`,
        inputSchema: { type: "object", properties: { id: { type: "string" }, count: { type: "integer", minimum: index } }, required: ["id"] },
      }));
    // The limit is the shell's, set before Node starts, so it binds the whole process.
    const generate = () =>
      run("sh", ["-c", 'ulimit -n 64 && exec "$0" "$1" generate "$2" --out "$3"', process.execPath, join(repoRoot, "bin/mcpgen.js"), manifest, out]);
    await writeFile(manifest, JSON.stringify({ tools: tools("") }));
    expect((await generate()).stdout).toMatch(/^generated 300 tools into .* \(308 files written, 0 unchanged\)$/m);
    expect((await generate()).stdout).toMatch(/\(0 files written, 308 unchanged\)$/m);
    await writeFile(manifest, JSON.stringify({ tools: tools("_renamed") }));
    expect((await generate()).stdout).toMatch(/\(\d+ files written, \d+ unchanged, 300 obsolete deleted\)$/m);
  });
});
