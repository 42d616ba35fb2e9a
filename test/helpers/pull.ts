/** Shared pieces of the `pull` tests: temporary directories, fixtures, child processes, an independent SDK listing. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Path of a script under `test/fixtures/pull/`. */
export const fixture = (name: string) => join(repoRoot, "test", "fixtures", "pull", name);

/** Path of an npm server's entry point (run with `process.execPath`, so no shell or shim is involved). */
export const npmServer = (name: "everything" | "memory" | "filesystem") =>
  join(repoRoot, "node_modules", "@modelcontextprotocol", `server-${name}`, "dist", "index.js");

export const tempDir = (prefix: string) => mkdtemp(join(tmpdir(), `mcpgen-pull-${prefix}-`));

/** Every file under `directory` (relative path → contents); `{}` when it does not exist. */
export async function readTree(directory: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  let entries;
  try {
    entries = await readdir(directory, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return tree;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    tree[path.slice(directory.length + 1)] = await readFile(path, "utf8");
  }
  return tree;
}

/** True when no process has this pid (it exited and was reaped). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export async function readPid(file: string): Promise<number> {
  return Number(await readFile(file, "utf8"));
}

/** What the SDK client itself lists, following every cursor: the reference a pulled snapshot must equal. */
export async function listWithSdk(transport: Transport): Promise<unknown[]> {
  return (await listToolsAndServer(transport)).tools;
}

/** Every page of tools/list through the SDK client, with the server's `serverInfo`. */
export async function listToolsAndServer(transport: Transport): Promise<{ tools: unknown[]; serverInfo: unknown }> {
  const client = new Client({ name: "mcpgen-test", version: "0.0.0" });
  await client.connect(transport, { timeout: 30_000 });
  try {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: 30_000 });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return { tools, serverInfo: client.getServerVersion() };
  } finally {
    await client.close();
  }
}
