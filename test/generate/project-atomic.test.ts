/**
 * A project run is all or nothing even when the file system fails after
 * planning (no permission, a full disk): every target stages its files first,
 * and one failing to stage leaves every target's directory as it was. The
 * failure is injected into `writeFile` for one target's directory, since
 * tests may run as root, where permissions do not stop a write.
 */
import { vi } from "vitest";

const failUnder = vi.hoisted(() => ({
  path: undefined as string | undefined,
  code: "EACCES",
  renameTo: undefined as string | undefined,
  linkTo: undefined as string | undefined,
}));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const writeFile: typeof actual.writeFile = async (file, data, options) => {
    if (failUnder.path !== undefined && typeof file === "string" && file.startsWith(failUnder.path)) {
      throw Object.assign(new Error(`${failUnder.code}: permission denied, open '${file}'`), { code: failUnder.code, path: file });
    }
    return actual.writeFile(file, data, options);
  };
  const rename: typeof actual.rename = async (from, to) => {
    if (failUnder.renameTo !== undefined && typeof to === "string" && to.startsWith(failUnder.renameTo)) {
      throw Object.assign(new Error(`EIO: i/o error, rename '${String(from)}' -> '${to}'`), { code: "EIO", path: String(from) });
    }
    return actual.rename(from, to);
  };
  const link: typeof actual.link = async (from, to) => {
    if (failUnder.linkTo !== undefined && typeof to === "string" && to.startsWith(failUnder.linkTo)) {
      throw Object.assign(new Error(`EIO: i/o error, link '${String(from)}' -> '${to}'`), { code: "EIO", path: String(from) });
    }
    return actual.link(from, to);
  };
  return { ...actual, default: { ...actual, writeFile, rename, link }, writeFile, rename, link };
});

import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateProject } from "../../src/commands/project.js";
import { cliIn, fixtureCopy, treeState } from "../helpers/project.js";

describe("a project run whose write fails after planning", () => {
  it("writes nothing in any target, reports the failing target and its file, and recovers once writable", async () => {
    const root = await fixtureCopy("atomic");
    const before = await treeState(root);
    // `server` is the scaffold target (notes), staged after the client targets.
    failUnder.path = join(root, "server", "src", "generated");
    try {
      const run = await cliIn(root, ["generate", "--json"]);
      expect(run.code).toBe(1);
      const result = JSON.parse(run.stdout) as {
        written: boolean;
        errors: Array<{ target: string; diagnostic: { code: string; file: string; message: string } }>;
        targets: Array<{ name: string }>;
      };
      expect(result.written).toBe(false);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toMatchObject({
        target: "notes",
        diagnostic: { code: "output-unwritable", message: expect.stringMatching(/^cannot write the output: EACCES/) },
      });
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

  it("an error that is not a user error (a file system code mcpgen does not know) leaves no target staged, and propagates", async () => {
    const root = await fixtureCopy("atomic");
    const before = await treeState(root);
    // The client targets stage before `server` (notes): without the discard their temporaries stayed behind.
    failUnder.path = join(root, "server", "src", "generated");
    failUnder.code = "EWEIRD";
    try {
      await expect(generateProject({ cwd: root })).rejects.toMatchObject({ code: "EWEIRD" });
    } finally {
      failUnder.path = undefined;
      failUnder.code = "EACCES";
    }
    expect(await treeState(root)).toEqual(before);
  });

  it("a commit that still fails: the targets after it are discarded (no temporary files), the run reports the error and what was written", async () => {
    const root = await fixtureCopy("atomic-commit");
    // Targets commit in order: weather, notes-types (src/mcp/notes), notes (server/), github. Fail notes-types.
    failUnder.renameTo = join(root, "src/mcp/notes/");
    let result;
    let printed;
    try {
      result = await generateProject({ cwd: root });
      await rm(join(root, "src/mcp/weather"), { recursive: true });
      printed = await cliIn(root, ["generate"]);
    } finally {
      failUnder.renameTo = undefined;
    }
    expect(result.written).toBe(false);
    expect(result.committed).toEqual(["weather"]);
    expect(result.errors).toMatchObject([{ target: "notes-types", diagnostic: { message: expect.stringMatching(/EIO/) } }]);
    expect(result.targets.map((target) => target.name)).toEqual(["weather"]);
    const tree = await treeState(root);
    expect([...tree.keys()].filter((path) => path.includes(".mcpgen-"))).toEqual([]);
    expect([...tree.keys()].filter((path) => path.startsWith("server/") || path.startsWith("src/mcp/notes/"))).toEqual([]);
    // Nor a directory staging made for them, left empty.
    expect(existsSync(join(root, "server"))).toBe(false);
    expect(existsSync(join(root, "src/mcp/notes"))).toBe(false);
    expect(printed.code).toBe(1);
    expect(printed.stderr).toMatch(
      /written before the failure: weather; notes-types failed while its files were put in place; the other targets were not written\n$/,
    );
    // And the next run puts everything in place.
    expect((await generateProject({ cwd: root })).ok).toBe(true);
  });

  it("a scaffold's new user files that fail to be created midway leave no temporary file, nor the directory made for them", async () => {
    const root = await fixtureCopy("atomic-creations");
    // notes (server/) creates its handlers in server/src/handlers/, which staging made: each link there fails.
    failUnder.linkTo = join(root, "server/src/handlers/");
    let result;
    try {
      result = await generateProject({ cwd: root });
    } finally {
      failUnder.linkTo = undefined;
    }
    expect(result.written).toBe(false);
    expect(result.errors).toMatchObject([{ target: "notes", diagnostic: { message: expect.stringMatching(/EIO/) } }]);
    const tree = await treeState(root);
    expect([...tree.keys()].filter((path) => path.includes(".mcpgen-"))).toEqual([]);
    expect(existsSync(join(root, "server/src/handlers"))).toBe(false);
    expect((await generateProject({ cwd: root })).ok).toBe(true);
    expect(existsSync(join(root, "server/src/handlers"))).toBe(true);
  });
});
