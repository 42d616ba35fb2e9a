/**
 * Per-tool loading: a program that calls one tool through the client, bundled
 * by esbuild with code splitting (as a browser app is), carries that tool's
 * validators alone in what it loads, and every other tool's in a chunk of its
 * own that it never imports; run, it validates through the chunk it loads.
 * A program that calls one tool through `calls.ts` and `callTool` carries
 * that tool alone: no other tool's name, nor the client's tables.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
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
    expect(atStart.some((input) => input.endsWith("golden/weather/calls.ts"))).toBe(true);
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

  it("a bundled program that calls one tool through calls.ts carries that tool alone, and calls it as the client does", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-bundle-"));
    const program = join(directory, "program.mjs");
    const golden = relative(directory, join(repoRoot, "golden/weather")).split("\\").join("/");
    const from = (file: string) => JSON.stringify(`${golden.startsWith(".") ? golden : `./${golden}`}/${file}`);
    await writeFile(
      program,
      `import { callTool, connect } from ${from("index.js")};\n` +
        `import { getWeather } from ${from("calls.js")};\n` +
        "const weather = connect({ callTool: async (params) => ({ content: [], structuredContent: { temperature: params.arguments.location.length, conditions: 'sun', humidity: 2 } }) });\n" +
        "export const valid = await callTool(weather, getWeather, { location: 'Oslo' });\n" +
        "export const invalid = await callTool(weather, getWeather, { location: 7 }).catch((error) => error.message);\n",
    );
    const result = await build({
      entryPoints: [program],
      bundle: true,
      splitting: true,
      format: "esm",
      minify: true,
      write: true,
      outdir: join(directory, "dist"),
      metafile: true,
      logLevel: "silent",
    });
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint?.endsWith("program.mjs"))!;
    // What the program loads: its entry, what that imports, and the chunks its code imports dynamically (esbuild
    // writes a chunk for every import() it saw, even in code it dropped; nothing loads those).
    const loaded = loadedAtStart(result.metafile, entry);
    for (const path of [...loaded]) {
      for (const imported of outputs[path]!.imports)
        if (imported.kind === "dynamic-import") for (const chunk of loadedAtStart(result.metafile, imported.path)) loaded.add(chunk);
    }
    const text = (await Promise.all([...loaded].map((path) => readFile(join(repoRoot, path), "utf8")))).join("\n");
    // Nothing of the other tools: not their names, not their validators, not the client's tables.
    expect(text).toContain("get_weather");
    expect(text).not.toMatch(/get_forecast|list_alerts|getForecast|listAlerts/);
    const inputs = [...loaded].flatMap((path) => Object.keys(outputs[path]!.inputs));
    expect(inputs.filter((input) => /validators\/|client\.ts$/.test(input))).toEqual([expect.stringMatching(/golden\/weather\/validators\/get-weather\.ts$/)]);
    const run = (await import(pathToFileURL(join(repoRoot, entry)).href)) as { valid: unknown; invalid: string };
    expect(run.valid).toEqual({ content: [], structuredContent: { temperature: 4, conditions: "sun", humidity: 2 } });
    expect(run.invalid).toBe('invalid arguments for tool "get_weather": /location must be string');
  });
});
