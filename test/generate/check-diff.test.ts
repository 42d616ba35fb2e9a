/**
 * `--check` shows what would change: each updated file's unified diff on a
 * terminal (or with `--diff`; never with `--no-diff`), in `--json` always,
 * cut with a note when long. The generated machine code (validators,
 * runtimes) is summarised by its line counts unless `--full-diff`.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { cliIn, fixtureCopy } from "../helpers/project.js";
import { repoRoot } from "../helpers/typecheck.js";

/** A generated weather client, then its manifest changed: `units` allows "kelvin" instead of "imperial". */
async function staleWeather(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "mcpgen-check-diff-"));
  const manifest = join(root, "weather.tools.json");
  const text = await readFile(join(repoRoot, "examples/weather.tools.json"), "utf8");
  await writeFile(manifest, text);
  await generate({ manifest, outDir: join(root, "out") });
  await writeFile(manifest, text.replace('"imperial"', '"kelvin"'));
  return root;
}

const TYPES_DIFF = [
  "--- out/types.ts",
  "+++ out/types.ts (regenerated)",
  "@@ -14,7 +14,7 @@",
  "    * Unit system for the temperature",
  '    * @default "metric"',
  "    */",
  '-  units?: "metric" | "imperial";',
  '+  units?: "metric" | "kelvin";',
  " };",
  " ",
  " /**",
].join("\n");

describe("generate --check", () => {
  it("on a terminal: the file list, then each file's diff, then the command to run", async () => {
    const root = await staleWeather();
    const result = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check"], { terminal: true });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^out is out of date \(3 files\):\n {2}contract: 1 breaking for clients, 1 breaking for servers\n {4}breaking for clients: tool "get_weather": value "imperial" removed at \/inputSchema\/properties\/units\/enum \(input-enum-value-removed\)\n {4}breaking for servers: tool "get_weather": value "kelvin" added at \/inputSchema\/properties\/units\/enum \(input-enum-value-added\)\n {2}stale: manifest\.json \(\+1 -1\)\n {2}stale: types\.ts \(\+1 -1\)\n {2}stale: validators\/get-weather\.ts \(\+1 -1\)\n--- out\/manifest\.json\n/,
    );
    // The validator's change is counted in the list above, its diff left out.
    expect(result.stderr).toContain(
      `\n${TYPES_DIFF}\nthe diff of 1 file of generated validator and runtime code not shown (their line counts are above; --full-diff shows them)\nrun: `,
    );
    expect(result.stderr).not.toContain("--- out/validators/get-weather.ts");
    expect(result.stderr).toMatch(/\nrun: mcpgen generate weather\.tools\.json --out out\n$/);
  });

  it("names the options that shape the output in the command to run: --import-extension ts, --no-format", async () => {
    const root = await staleWeather();
    expect((await cliIn(root, ["generate", "weather.tools.json", "--out", "ts-out", "--import-extension", "ts", "--no-format", "-q"])).code).toBe(0);
    await writeFile(join(root, "weather.tools.json"), (await readFile(join(root, "weather.tools.json"), "utf8")).replace('"kelvin"', '"rankine"'));
    const result = await cliIn(root, ["generate", "weather.tools.json", "--out", "ts-out", "--import-extension", "ts", "--no-format", "--check"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\nrun: mcpgen generate weather\.tools\.json --out ts-out --import-extension ts --no-format\n$/);
  });

  it("--full-diff: the machine code's diffs too, even off a terminal; only with --check, never with --no-diff", async () => {
    const root = await staleWeather();
    const full = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check", "--full-diff"]);
    expect(full.code).toBe(1);
    expect(full.stderr).toContain(`\n${TYPES_DIFF}\n--- out/validators/get-weather.ts\n+++ out/validators/get-weather.ts (regenerated)\n@@ `);
    expect(full.stderr).toMatch(/\n--- out\/validators\/get-weather\.ts\n[^\n]*\n@@ [^\n]*\n(?:[ -][^\n]*\n)*\+[^\n]*kelvin/);
    expect(full.stderr).not.toContain("not shown");
    const misplaced = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--full-diff"]);
    expect(misplaced).toMatchObject({ code: 2, stderr: "error: --full-diff goes with --check\n(mcpgen generate --help lists the options)\n" });
    const contradictory = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check", "--full-diff", "--no-diff"]);
    expect(contradictory).toMatchObject({
      code: 2,
      stderr: "error: --full-diff and --no-diff do not go together\n(mcpgen generate --help lists the options)\n",
    });
  });

  it("elsewhere (CI): the list alone, unless --diff; on a terminal, --no-diff leaves the diffs out", async () => {
    const root = await staleWeather();
    const plain = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check"]);
    expect(plain.stderr).not.toContain("@@");
    const asked = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check", "--diff"]);
    expect(asked.stderr).toContain(TYPES_DIFF);
    const declined = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check", "--no-diff"], { terminal: true });
    expect(declined.stderr).toBe(plain.stderr);
    const misplaced = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--diff"]);
    expect(misplaced).toMatchObject({ code: 2, stderr: "error: --diff and --no-diff go with --check\n(mcpgen generate --help lists the options)\n" });
  });

  it("--json carries each updated file's diff", async () => {
    const root = await staleWeather();
    const result = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check", "--json"]);
    const files = (JSON.parse(result.stdout) as { files: Array<{ path: string; diff?: { text: string; omitted: number } }> }).files;
    expect(files.find((file) => file.path === "types.ts")?.diff).toEqual({ text: `${TYPES_DIFF.split("\n").slice(2).join("\n")}\n`, omitted: 0 });
    expect(files.find((file) => file.path === "index.ts")?.diff).toBeUndefined();
  });

  it("cuts a long diff and says how much it left out", async () => {
    const root = await staleWeather();
    const manifest = join(root, "weather.tools.json");
    const document = JSON.parse(await readFile(manifest, "utf8")) as { tools: Array<{ description?: string }> };
    for (const tool of document.tools) tool.description = Array.from({ length: 150 }, (_, index) => `line ${index} of a long description`).join("\n");
    await writeFile(manifest, JSON.stringify(document));
    const result = await cliIn(root, ["generate", "weather.tools.json", "--out", "out", "--check", "--diff"]);
    expect(result.stderr).toMatch(/\n… \d{2,} more lines of this diff not shown\n--- /);
  });
});

describe("a project's --check", () => {
  it("shows the diffs of every stale target under the list", async () => {
    const root = await fixtureCopy();
    await cliIn(root, ["generate", "-q"]);
    const contract = join(root, "contracts/weather.tools.json");
    await writeFile(contract, (await readFile(contract, "utf8")).replace('"imperial"', '"kelvin"'));
    const result = await cliIn(root, ["generate", "--check", "weather"], { terminal: true });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("\n--- src/mcp/weather/types.ts\n+++ src/mcp/weather/types.ts (regenerated)\n@@ -14,7 +14,7 @@\n");
    expect(result.stderr).toMatch(/\nrun: mcpgen generate weather\n$/);
  });

  it("with --no-format, the command it says to run keeps --no-format, and running it brings the check to 0", async () => {
    const root = await fixtureCopy();
    // Under this Prettier configuration the formatted and the unformatted output differ.
    await writeFile(join(root, ".prettierrc"), JSON.stringify({ semi: false }));
    await cliIn(root, ["generate", "-q", "--no-format"]);
    const contract = join(root, "contracts/weather.tools.json");
    await writeFile(contract, (await readFile(contract, "utf8")).replace('"imperial"', '"kelvin"'));
    const stale = await cliIn(root, ["generate", "--check", "--no-format", "--config", "mcpgen.config.json"]);
    expect(stale.code).toBe(1);
    const fix = /\nrun: (.*)\n$/.exec(stale.stderr)?.[1];
    expect(fix).toBe("mcpgen generate --config mcpgen.config.json --no-format weather");
    expect((await cliIn(root, fix!.split(" ").slice(1))).code).toBe(0);
    expect(await cliIn(root, ["generate", "--check", "--no-format", "-q"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});
