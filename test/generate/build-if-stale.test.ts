/**
 * `npm run demo` and `npm run bench` build first only when a source is newer
 * than dist/ (scripts/build-if-stale.mjs), judged here on a small tree.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/typecheck.js";

const run = promisify(execFile);
const script = join(repoRoot, "scripts/build-if-stale.mjs");

/** Whether the script would build `root` (exit 1 of `--check`). */
async function due(root: string): Promise<boolean> {
  return run(process.execPath, [script, "--check", "--root", root]).then(
    () => false,
    (error: { code?: number }) => {
      if (error.code !== 1) throw error;
      return true;
    },
  );
}

describe("build-if-stale", () => {
  it("builds when dist/ is missing or older than a source, and not when it is newer than all of them", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-build-if-stale-"));
    await mkdir(join(root, "src"));
    await mkdir(join(root, "templates"));
    await writeFile(join(root, "src/a.ts"), "export {};\n");
    await writeFile(join(root, "templates/t.ts"), "export {};\n");
    await writeFile(join(root, "tsconfig.json"), "{}\n");
    expect(await due(root)).toBe(true);

    await mkdir(join(root, "dist/src"), { recursive: true });
    await writeFile(join(root, "dist/src/a.js"), "export {};\n");
    const past = new Date(Date.now() - 60_000);
    for (const path of ["src/a.ts", "templates/t.ts", "tsconfig.json"]) await utimes(join(root, path), past, past);
    expect(await due(root)).toBe(false);

    await utimes(join(root, "templates/t.ts"), new Date(), new Date(Date.now() + 1_000));
    expect(await due(root)).toBe(true);
  });
});
