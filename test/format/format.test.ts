/**
 * The format stage loads Prettier only when it has something to do: a
 * statement the printer does not vouch for, a JSON file, or a Prettier
 * configuration that may apply (found as Prettier finds one, without
 * Prettier). Otherwise the printer's layout is the file, unchanged.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { emitClient } from "../../src/emit/client/index.js";
import { emitTypes } from "../../src/emit/types/index.js";
import { formatFiles } from "../../src/format/index.js";
import { CONFIG_FILES } from "../../src/format/prettier-config-search.js";
import type { OutputFile } from "../../src/ir/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { McpgenError } from "../../src/shared/errors.js";
import { repoRoot } from "../helpers/typecheck.js";

const weather = JSON.parse(await readFile(join(repoRoot, "examples/weather.tools.json"), "utf8")) as { tools: unknown[] };
const ir = normalizeManifest(recogniseManifest(weather, "weather.tools.json"));
const files: OutputFile[] = [emitTypes(ir), emitClient(ir, "js")];

/** Formats `files` into `outDir`; returns the files and whether Prettier was loaded. */
async function format(outDir: string, input: readonly OutputFile[] = files): Promise<{ contents: string[]; loaded: boolean }> {
  let loaded = false;
  const formatted = await formatFiles(input, { outDir, loadPrettier: () => ((loaded = true), import("prettier")) });
  return { contents: formatted.map((file) => file.contents), loaded };
}

const directory = () => mkdtemp(join(tmpdir(), "mcpgen-format-"));

describe("Prettier in the format stage", () => {
  it("is not loaded when the printer vouches for everything and no configuration applies: the files are what Prettier prints", async () => {
    const outDir = join(await directory(), "out");
    const result = await format(outDir);
    expect(result.loaded).toBe(false);
    const whole = await formatFiles(files, { outDir, knownLayout: false });
    expect(result.contents).toEqual(whole.map((file) => file.contents));
  });

  it.each([
    [".prettierrc", "{}"],
    [".editorconfig", "root = true\n"],
    ["prettier.config.mjs", "export default {};\n"],
    ["package.json", '{ "prettier": { "semi": false } }'],
    [".Prettierrc.JSON", "{}"],
  ])("is loaded when %s may configure it, in the output directory or above", async (name, text) => {
    const root = await directory();
    await writeFile(join(root, name), text);
    expect((await format(join(root, "nested", "out"))).loaded).toBe(true);
  });

  it("is not loaded for a package.json without a `prettier` key; it is for one it cannot read", async () => {
    const root = await directory();
    await writeFile(join(root, "package.json"), '{ "name": "app" }');
    expect((await format(join(root, "out"))).loaded).toBe(false);
    await writeFile(join(root, "package.json"), "{ not json");
    expect((await format(join(root, "out"))).loaded).toBe(true);
  });

  it("is loaded for a configuration in a directory of the output (it applies to the files below it)", async () => {
    const outDir = await directory();
    await mkdir(join(outDir, "src"));
    await writeFile(join(outDir, "src", ".prettierrc"), JSON.stringify({ printWidth: 120 }));
    const nested = files.map((file) => ({ ...file, path: `src/${file.path}` }));
    const result = await format(outDir, nested);
    expect(result.loaded).toBe(true);
    expect(result.contents[1]).toContain("export function createClient(client: McpClient, options: ClientOptions = {}): ToolsClient {");
  });

  it("is loaded for a statement the printer does not vouch for, and for a JSON file", async () => {
    const outDir = await directory();
    expect((await format(outDir, [{ path: "code.ts", format: "typescript", statements: [{ kind: "code", text: "export const x={a:1}" }] }])).loaded).toBe(true);
    expect((await format(outDir, [{ path: "package.json", format: "json", contents: '{"a":1}' }])).loaded).toBe(true);
  });

  it("knows every configuration file Prettier looks for (its searcher's list, in the Prettier mcpgen pins)", async () => {
    const bundle = await readFile(join(repoRoot, "node_modules/prettier/index.mjs"), "utf8");
    const list = /var CONFIG_FILES = \[([\s\S]*?)\n\];/.exec(bundle)?.[1];
    expect(list, "Prettier's CONFIG_FILES moved: re-check src/format/prettier-config-search.ts").toBeDefined();
    const names = [...list!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!).filter((name) => name !== "package.json");
    expect(names.filter((name) => !CONFIG_FILES.has(name))).toEqual([]);
  });
});

describe("a Prettier configuration Prettier cannot use", () => {
  it.each<[string, string, string, RegExp]>([
    ["a .prettierrc that is not JSON or YAML", ".prettierrc", '{ "singleQuote": true,\n', /YAML Error in .*: Flow map must end with a \}/],
    [
      "a plugin that is not installed",
      ".prettierrc",
      JSON.stringify({ plugins: ["prettier-plugin-not-installed"] }),
      /Cannot find package 'prettier-plugin-not-installed'/,
    ],
    ["an option value Prettier refuses", ".prettierrc.json", JSON.stringify({ printWidth: "wide" }), /Invalid printWidth value/],
    ["a JavaScript configuration that does not load", "prettier.config.cjs", "module.exports = {", /Unexpected end of input/],
  ])("%s: a user error naming the file and the way around it, not an internal error", async (_, name, contents, reason) => {
    const root = await directory();
    await writeFile(join(root, name), contents);
    const failure = await formatFiles(files, { outDir: join(root, "out") }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(McpgenError);
    const { diagnostic } = failure as McpgenError;
    expect(diagnostic).toMatchObject({ code: "format-failed", file: join(root, name), hint: expect.stringContaining("--no-format") });
    expect(diagnostic.message).toMatch(reason);
    expect(diagnostic.message).not.toContain("\n");
  });
});

describe("Prettier's refusal where Prettier colours its words (CI as CI services set it, or FORCE_COLOR), through the real CLI", () => {
  // Prettier colours its messages where it thinks a terminal shows them; mcpgen's diagnostics are
  // plain text (its printer escapes control characters, so colours would show as \u001b[31m).
  const { NO_COLOR: _noColour, FORCE_COLOR: _forceColour, CI: _ci, ...uncoloured } = process.env;
  const node = (args: string[], env: Record<string, string>, cwd: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, args, { cwd, env: { ...uncoloured, ...env }, timeout: 60_000 }, (error, out, err) =>
        resolve({ code: typeof error?.code === "number" ? error.code : 0, stdout: out, stderr: err }),
      );
    });

  it.each<[string, Record<string, string>]>([
    ["CI=true", { CI: "true" }],
    ["FORCE_COLOR=1", { FORCE_COLOR: "1" }],
  ])("under %s: in plain words, in the terminal and in --json", async (_, env) => {
    const root = await directory();
    // First, that Prettier does colour its message here: else this test would prove nothing.
    const probe = "import('prettier').then((p) => p.format('x', { parser: 'babel', printWidth: 'wide' })).catch((e) => console.log(JSON.stringify(e.message)))";
    const coloured = await node(["--input-type=module", "-e", probe], env, repoRoot);
    expect(JSON.parse(coloured.stdout) as string).toMatch(/\u001b\[/);

    await writeFile(join(root, ".prettierrc.json"), JSON.stringify({ printWidth: "wide" }));
    const manifest = join(repoRoot, "examples/weather.tools.json");
    for (const json of [false, true]) {
      const args = [join(repoRoot, "bin", "mcpgen.js"), "generate", manifest, "--out", join(root, "out"), ...(json ? ["--json"] : [])];
      const { code, stdout, stderr } = await node(args, env, root);
      expect(code).toBe(1);
      const text = json ? (JSON.parse(stdout) as { errors: Array<{ diagnostic: { message: string } }> }).errors[0]!.diagnostic.message : stderr;
      expect(text).toContain('Invalid printWidth value. Expected an integer, but received "wide".');
      expect(text).not.toMatch(/\u001b|\\u001b/);
    }
  });
});
