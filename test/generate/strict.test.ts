/**
 * `strict`: a problem confined to one tool costs only that part of that tool
 * (a warning) unless the user asks for strictness, with `--strict` or
 * `"strict": true` in mcpgen.config.json (top level or per target); then the
 * warnings are errors and nothing is written. For generate's single-manifest
 * form and pull, see cli-generate.test.ts and pull-faults.test.ts.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateProject } from "../../src/commands/project.js";
import { scaffold } from "../../src/commands/scaffold.js";
import { StrictError } from "../../src/shared/errors.js";
import { cliIn } from "../helpers/project.js";

/** A manifest with one sound tool and one whose `$ref` leads nowhere. */
const manifest = JSON.stringify({
  tools: [
    { name: "sound", inputSchema: { type: "object", properties: { q: { type: "string" } } } },
    { name: "dangling", inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/gone" } } } },
    // Suspect, not lossy: an empty enum is typed never and validated as written, so strictness lets it be.
    { name: "suspect", inputSchema: { type: "object", properties: { e: { enum: [] } } } },
  ],
});
const DANGLING = /tool "dangling" at \/tools\/1\/inputSchema\/properties\/a\/\$ref: \$ref "#\/\$defs\/gone" points to nothing in this schema/;

async function project(config: unknown): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "mcpgen-strict-"));
  await writeFile(join(root, "tools.json"), manifest);
  await writeFile(join(root, "mcpgen.config.json"), JSON.stringify(config));
  return root;
}

describe("a configuration", () => {
  it("without strict: the tool keeps all but its dangling ref, with a warning", async () => {
    const root = await project({ targets: [{ name: "t", manifest: "tools.json", out: "out" }] });
    const result = await generateProject({ cwd: root });
    expect(result.ok).toBe(true);
    expect(result.targets[0]!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["ref-unresolved", "schema-suspect"]);
    expect(await readFile(join(root, "out", "types.ts"), "utf8")).toContain("a?: unknown;");
  });

  it('with "strict": true at the top: each lossy warning is an error of its target, and nothing is written', async () => {
    const root = await project({
      strict: true,
      targets: [
        { name: "t", manifest: "tools.json", out: "out" },
        { name: "other", manifest: "tools.json", out: "other", strict: false },
      ],
    });
    const result = await generateProject({ cwd: root });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      { target: "t", diagnostic: expect.objectContaining({ severity: "error", code: "ref-unresolved", message: expect.stringMatching(/points to nothing/) }) },
    ]);
    expect(existsSync(join(root, "out"))).toBe(false);
    // All or nothing: the target that is not strict is not written either.
    expect(existsSync(join(root, "other"))).toBe(false);
  });

  it("--strict overrides every target's setting", async () => {
    const root = await project({ targets: [{ name: "t", manifest: "tools.json", out: "out", strict: false }] });
    const result = await cliIn(root, ["generate", "--strict"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(DANGLING);
    expect(existsSync(join(root, "out"))).toBe(false);
    expect((await cliIn(root, ["generate"])).code).toBe(0);
  });
});

describe("scaffold", () => {
  it("--strict refuses the manifest and writes nothing; without it, the server is scaffolded with the warning", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-strict-scaffold-"));
    await writeFile(join(root, "tools.json"), manifest);
    const refused = await scaffold({ manifest: join(root, "tools.json"), outDir: join(root, "server"), strict: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StrictError);
    expect((refused as StrictError).diagnostics.map((diagnostic) => diagnostic.tool)).toEqual(["dangling"]);
    expect(existsSync(join(root, "server"))).toBe(false);

    const printed = await cliIn(root, ["scaffold", "tools.json", "--out", "server2", "--strict"]);
    expect(printed.code).toBe(1);
    expect(printed.stderr).toMatch(DANGLING);

    const result = await scaffold({ manifest: join(root, "tools.json"), outDir: join(root, "server") });
    expect(result.handlers.map((handler) => handler.tool)).toEqual(["sound", "dangling", "suspect"]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.tool)).toEqual(["dangling", "suspect"]);
  });
});
