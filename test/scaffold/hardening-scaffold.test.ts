/**
 * `scaffold` fails as cleanly as `generate` (issue 14, item 4): a manifest
 * nested deeper than the stack allows (properties, allOf, capabilities) is a
 * user error that names the input file and the deepest point, wherever it
 * is; and it goes as deep as `generate` (issue 22, S1): what generate takes,
 * scaffold takes too, its formatting included; a tool name of 300
 * characters or of a megabyte gets a handler file of bounded length.
 * Inputs are built here; each run writes nothing outside its --out.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_FILE_BASE } from "../../src/normalize/naming.js";
import { runCli } from "../helpers/cli.js";
import { treeOutside } from "../helpers/output-dir.js";

/** `open` repeated `depth` times around `inner`, then `close` as often: nesting no JSON.stringify could write. */
const nested = (depth: number, open: string, inner: string, close: string) => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

async function scratch(manifest: string): Promise<{ root: string; file: string; out: string }> {
  const root = await mkdtemp(join(tmpdir(), "mcpgen-hardening-scaffold-"));
  const file = join(root, "deep.tools.json");
  await writeFile(file, manifest);
  await writeFile(join(root, "mine.txt"), "the user's\n");
  return { root, file, out: join(root, "server") };
}

const tool = (fields: string) => `{"tools":[{"name":"deep",${fields}}]}`;
const objectSchema = '"inputSchema":{"type":"object"}';

/** [where, manifest, start of the pointer of the deepest point, its depth] */
const deepCases: Array<[string, string, string, number]> = [
  [
    "properties 1,000 deep",
    tool(`"inputSchema":${nested(1000, '{"type":"object","properties":{"a":', "{}", "}}")}`),
    "/tools/0/inputSchema/properties/a/properties/a/",
    2001,
  ],
  [
    "allOf 1,000 deep",
    tool(`"inputSchema":{"type":"object","properties":{"a":${nested(1000, '{"allOf":[', "{}", "]}")}}}`),
    "/tools/0/inputSchema/properties/a/allOf/0/allOf/0/",
    2003,
  ],
  ["capabilities 10,000 deep", `{"capabilities":${nested(10_000, '{"x":', "{}", "}")},"tools":[{"name":"t",${objectSchema}}]}`, "/capabilities/x/x/x/", 10_000],
];

describe("a manifest nested deeper than the stack allows", () => {
  it.each(deepCases)("%s: scaffold exits 1 naming the input and the deepest point, and writes nothing", async (_, manifest, pointer, depth) => {
    const { root, file, out } = await scratch(manifest);
    const before = await treeOutside(root, out);
    const result = await runCli(["scaffold", file, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain("internal error");
    const [first] = result.stderr.split("\n");
    expect(first).toContain(`error: ${file}: `);
    expect(first).toContain(` at ${pointer}`);
    expect(first).toContain(`: the manifest is nested too deeply to process (the stack overflowed); the deepest point, ${depth} levels down, is here`);
    expect(first).not.toContain("manifest.json");
    expect(existsSync(out)).toBe(false);
    expect(await treeOutside(root, out)).toEqual(before);
  });

  it("generate points at the same deepest point in capabilities, not two levels into a tool", async () => {
    const { root, file, out } = await scratch(deepCases.at(-1)![1]);
    const result = await runCli(["generate", file, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*deep\.tools\.json: at \/capabilities\/x\/x\/x\/.*the deepest point, 10000 levels down, is here/);
    expect(existsSync(out)).toBe(false);
    expect(await readdir(root)).toHaveLength(2);
  });
});

describe("a tool nested deeper than Prettier's stack (issue 22, S1)", () => {
  // Before, these refused the whole manifest ("nested too deeply ... 304 levels down") while generate and
  // scaffold --no-format took them: formatting the scaffold's tools.ts overflowed Prettier's stack.
  it.each([
    ["properties 140 deep", `"inputSchema":${nested(140, '{"type":"object","properties":{"a":', '{"type":"string"}', "}}")}`],
    ["allOf 250 deep", `"inputSchema":{"type":"object","properties":{"a":${nested(250, '{"allOf":[', '{"type":"string"}', "]}")}}}`],
    ["items 300 deep", `"inputSchema":{"type":"object","properties":{"a":${nested(300, '{"type":"array","items":', '{"type":"string"}', "}")}}}`],
    ["execution 300 deep", `"execution":${nested(300, '{"x":', "{}", "}")},${objectSchema}`],
    ["a default nested 1,000 arrays deep", `"inputSchema":{"type":"object","properties":{"a":{"type":"array","default":${nested(1000, "[", "1", "]")}}}}`],
    ["items 1,000 deep", `"inputSchema":{"type":"object","properties":{"a":${nested(1000, '{"items":', "{}", "}")}}}`],
    ["_meta 1,000 deep", `"_meta":${nested(1000, '{"x":', "{}", "}")},${objectSchema}`],
    ["annotations 1,000 deep", `"annotations":${nested(1000, '{"x":', "{}", "}")},${objectSchema}`],
  ])("%s: scaffolds, with the manifest's other tool, as generate does", async (_, fields) => {
    const { file, out } = await scratch(`{"tools":[{"name":"deep",${fields}},{"name":"plain",${objectSchema}}]}`);
    expect((await runCli(["generate", file, "--out", join(out, "client")])).code).toBe(0);
    const result = await runCli(["scaffold", file, "--out", out]);
    expect(result.stderr).not.toContain("nested too deeply");
    expect(result.code).toBe(0);
    expect((await readdir(join(out, "src/handlers"))).sort()).toEqual(["deep.ts", "plain.ts"]);
    expect(await readFile(join(out, "src/generated/tools.ts"), "utf8")).toContain('name: "plain"');
  });
});

describe("long tool names", () => {
  it("a tool name of a megabyte scaffolds (it crashed with ENAMETOOLONG), with a handler file name of bounded length", async () => {
    const name = "get_".repeat(256 * 1024);
    const { root, file, out } = await scratch(JSON.stringify({ tools: [{ name, inputSchema: { type: "object" } }] }));
    const before = await treeOutside(root, out);
    const result = await runCli(["scaffold", file, "--out", out, "--no-format", "-q"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const [handlerFile] = await readdir(join(out, "src/handlers"));
    expect(handlerFile).toMatch(/^(get-)+get-[0-9a-f]{8}\.ts$/);
    expect(handlerFile!.length).toBeLessThanOrEqual(MAX_FILE_BASE + 3);
    expect(await treeOutside(root, out)).toEqual(before);
  });

  it("two 300-character names with the same start (refused before, for want of permissions or space) get two stable files", async () => {
    const name = "a".repeat(300);
    const { root, file, out } = await scratch(
      JSON.stringify({
        tools: [
          { name, inputSchema: { type: "object" } },
          { name: `${name}_2`, inputSchema: { type: "object" } },
        ],
      }),
    );
    const before = await treeOutside(root, out);
    const result = await runCli(["scaffold", file, "--out", out, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const handlers = (JSON.parse(result.stdout) as { handlers: Array<{ tool: string; path: string }> }).handlers;
    expect(handlers.map((handler) => handler.tool)).toEqual([name, `${name}_2`]);
    const files = handlers.map((handler) => handler.path.replace(/^src\/handlers\//, ""));
    expect(new Set(files).size).toBe(2);
    for (const handlerFile of files) {
      expect(handlerFile).toMatch(/^a+-[0-9a-f]{8}\.ts$/);
      expect(handlerFile.length).toBeLessThanOrEqual(MAX_FILE_BASE + 3);
    }
    expect((await readdir(join(out, "src/handlers"))).sort()).toEqual([...files].sort());
    expect(await treeOutside(root, out)).toEqual(before);

    // The same tool gets the same file on every run: a second scaffold keeps both.
    const again = await runCli(["scaffold", file, "--out", out, "--json"]);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { handlers: Array<{ path: string; status: string }> }).handlers).toEqual(
      handlers.map((handler) => ({ ...handler, status: "kept" })),
    );
  });

  it("names within the limit keep their file names as before", async () => {
    const name = "x".repeat(MAX_FILE_BASE);
    const { file, out } = await scratch(JSON.stringify({ tools: [{ name, inputSchema: { type: "object" } }] }));
    const result = await runCli(["scaffold", file, "--out", out, "--no-format", "-q"]);
    expect(result.code).toBe(0);
    expect(await readdir(join(out, "src/handlers"))).toEqual([`${name}.ts`]);
  });
});
