/**
 * A project run is all or nothing even when the file system fails after
 * planning (no permission, a full disk): every target stages its files first,
 * and one failing to stage leaves every target's directory as it was. The
 * failure is injected into `writeFile` for one target's directory, since
 * tests may run as root, where permissions do not stop a write.
 */
import { vi } from "vitest";

const failUnder = vi.hoisted(() => ({ path: undefined as string | undefined }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (failUnder.path !== undefined && typeof file === "string" && file.startsWith(failUnder.path)) {
      throw Object.assign(new Error(`EACCES: permission denied, open '${file}'`), { code: "EACCES", path: file });
    }
    return actual.writeFile(file, data, options);
  };
  return { ...actual, default: { ...actual, writeFile }, writeFile };
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateProject } from "../src/project/run.js";
import { cliIn, fixtureCopy, treeState } from "./helpers/project.js";

describe("a project run whose write fails after planning", () => {
  it("writes nothing in any target, reports the failing target and its file, and recovers once writable", async () => {
    const root = await fixtureCopy("atomic");
    const before = await treeState(root);
    // `server` is the scaffold target (notes), staged after the client targets.
    failUnder.path = join(root, "server", "src", "generated");
    try {
      const run = await cliIn(root, ["generate", "--json"]);
      expect(run.code).toBe(1);
      const result = JSON.parse(run.stdout) as { written: boolean; errors: Array<{ target: string; diagnostic: { code: string; file: string; message: string } }>; targets: Array<{ name: string }> };
      expect(result.written).toBe(false);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatchObject({ target: "notes", diagnostic: { code: "output-unwritable", message: expect.stringMatching(/^cannot write the output: EACCES/) } });
      // The file the user knows, not its temporary sibling.
      expect(result.errors[0]!.diagnostic.file).toMatch(/server\/src\/generated\/[a-z-]+\.ts$/);
      expect(result.targets.map((target) => target.name)).not.toContain("notes");
      expect(await treeState(root)).toEqual(before);
    } finally {
      failUnder.path = undefined;
    }
    const again = await generateProject({ cwd: root });
    expect(again.ok).toBe(true);
    expect(again.written).toBe(true);
  });
});
