/**
 * Per-tool loading: a program that calls one tool through the client, bundled
 * by esbuild with code splitting (as a browser app is), carries that tool's
 * validators alone in what it loads, and every other tool's in a chunk of its
 * own that it never imports; run, it validates through the chunk it loads.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/typecheck.js";

/** The outputs a program loads before any dynamic import: its entry and what that imports statically. */
function loadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (path: string) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of metafile.outputs[path]!.imports) if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  return loaded;
}

describe("per-tool loading", () => {
  it("a bundled program that calls one tool loads that tool's validators alone, on the call", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-bundle-"));
    const program = join(directory, "program.mjs");
    const weather = relative(directory, join(repoRoot, "golden/weather/index.js")).split("\\").join("/");
    await writeFile(
      program,
      `import { createClient } from "${weather.startsWith(".") ? weather : `./${weather}`}";\n` +
        "const client = createClient({ callTool: async () => ({ content: [], structuredContent: { temperature: 1, conditions: 'sun', humidity: 2 } }) });\n" +
        "export const valid = await client.getWeather({ location: 'Oslo' });\n" +
        "export const invalid = await client.getWeather({ location: 7 }).catch((error) => error.message);\n",
    );
    const result = await build({
      entryPoints: [program],
      bundle: true,
      splitting: true,
      format: "esm",
      outdir: join(directory, "dist"),
      metafile: true,
      logLevel: "silent",
    });
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith("program.mjs"))!;
    const inputsOf = (paths: Iterable<string>) => [...paths].flatMap((path) => Object.keys(outputs[path]!.inputs));
    const atStart = inputsOf(loadedAtStart(result.metafile, entry));
    // No validator module is loaded with the program, nor is validate.ts (which imports them all).
    expect(atStart.filter((input) => /validators\/|validate\.ts|validator-runtime/.test(input))).toEqual([]);
    expect(atStart.some((input) => input.endsWith("golden/weather/validators.ts"))).toBe(true);
    // Each tool's validators are a chunk the program imports only when it calls the tool.
    const dynamic = outputs[entry]!.imports.filter((imported) => imported.kind === "dynamic-import").map((imported) => imported.path);
    const byTool = dynamic.map((path) => inputsOf(loadedAtStart(result.metafile, path)).filter((input) => input.includes("golden/weather/validators/")));
    expect(byTool.map((inputs) => inputs.map((input) => input.replace(/^.*validators\//, "")))).toEqual([
      ["get-weather.ts"],
      ["get-forecast.ts"],
      ["list-alerts.ts"],
    ]);

    const run = (await import(pathToFileURL(join(repoRoot, entry)).href)) as { valid: unknown; invalid: string };
    expect(run.valid).toEqual({ content: [], structuredContent: { temperature: 1, conditions: "sun", humidity: 2 } });
    expect(run.invalid).toBe('invalid arguments for tool "get_weather": /location must be string');
  });
});
