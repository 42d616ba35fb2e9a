/**
 * The MCP Inspector's command line (`@modelcontextprotocol/inspector`, its
 * `--cli` mode), fetched from the npm registry into `.tmp/inspector` on first
 * use and run on the Node 24 binary (`node24.ts`). Not a devDependency: every
 * release of it needs Node >= 22.19 (2.x; >= 22.7.5 since 0.17), so the lock
 * file would install a package that refuses the Node 20 the suite proves
 * mcpgen on (test/engines.test.ts), and `npm ci` would warn (EBADENGINE).
 * Pinned, so that a run tests what the last one tested.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { ensureNode24 } from "./node24.js";
import { repoRoot } from "./typecheck.js";

const run = promisify(execFile);

export const INSPECTOR_VERSION = "2.12.0";

/** The Node 24 binary and the Inspector's launcher script. */
export async function ensureInspector(): Promise<{ node: string; launcher: string; home: string }> {
  const node = await ensureNode24();
  const prefix = join(repoRoot, ".tmp", `inspector-${INSPECTOR_VERSION}`);
  const launcher = join(prefix, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js");
  if (!existsSync(launcher)) {
    await run(
      "npm",
      [
        "install",
        "--prefix",
        prefix,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        `@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`,
      ],
      { timeout: 240_000 },
    );
  }
  // Its catalog and secrets go to a home of its own, never the user's.
  const home = join(prefix, "home");
  await mkdir(home, { recursive: true });
  return { node, launcher, home };
}
