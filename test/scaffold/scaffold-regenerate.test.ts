/**
 * Nothing lost: the user writes handlers, the manifest changes (a tool added,
 * one removed, two schemas changed), and the scaffold's own `npm run
 * generate` (the installed, packed mcpgen) refreshes src/generated/. The
 * handlers stay byte for byte, the new tool gets a stub, the removed tool's
 * handler is reported, and the compiler points at exactly the handlers that
 * no longer fit.
 *
 * The two projects of this file (the weather server with the user's handlers, and one whose stubs are left as
 * written) go through their steps in beforeAll, type-checked together at each step (helpers/scaffold-project.ts
 * typecheckScaffolds: one program, each project's own tsconfig.json); the tests read what each step gave.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { scaffold } from "../../src/commands/scaffold.js";
import { compile, npmRun, scaffoldProject, typecheckScaffolds, weatherManifest, writeHandler, type CompileResult } from "../helpers/scaffold-project.js";

const GET_WEATHER = `import { defineHandler } from "../generated/define.js";

// The user's code: this exact text must survive every regeneration.
const readings = new Map([["Paris", 22]]);

export default defineHandler("get_weather", async (input) => {
  const temperature = readings.get(input.location) ?? 15;
  return { temperature, conditions: "sunny", humidity: 40 };
});
`;

const GET_FORECAST = `import { defineHandler } from "../generated/define.js";

export default defineHandler("get_forecast", (input) => ({
  location: input.location,
  days: Array.from({ length: input.days ?? 3 }, (_, day) => ({ date: \`2025-06-0\${day + 1}\`, high: 25, low: 15 })),
}));
`;

const LIST_ALERTS = `import { defineHandler } from "../generated/define.js";

export default defineHandler("list_alerts", () => "no alerts");
`;

interface Manifest {
  tools: Array<{
    name: string;
    inputSchema: { type: "object"; properties?: Record<string, unknown> };
    outputSchema?: { type: "object"; properties: Record<string, unknown>; required: string[] };
  }>;
}

const handlerPaths = ["src/handlers/get-weather.ts", "src/handlers/get-forecast.ts", "src/handlers/list-alerts.ts"];

/** The weather server with the user's handlers. */
let project: string;
/** The handlers as the user wrote them, and as they were after `npm run generate`. */
const before = new Map<string, string>();
const afterGenerate = new Map<string, string>();
/** The weather server's `npm run generate` after the manifest changed. */
let generated: Awaited<ReturnType<typeof npmRun>>;
/** What tsc said of the weather server after that generate, and once the user fixed the handlers. */
const weatherChecks: { changed?: CompileResult; fixed?: CompileResult } = {};

/** A weather server whose stubs are left as written, after one tool is removed and one renamed: its generate and each tsc step. */
const stubs: { generated?: Awaited<ReturnType<typeof npmRun>>; changed?: CompileResult; halfway?: CompileResult; fixed?: CompileResult } = {};

/** Each project's result of a type-check of both. */
async function checkBoth(stubsProject: string): Promise<[CompileResult, CompileResult]> {
  const results = await typecheckScaffolds([project, stubsProject]);
  return [results.get(project)!, results.get(stubsProject)!];
}

beforeAll(async () => {
  ({ project } = await scaffoldProject(weatherManifest, "weather-server"));
  await writeHandler(project, "src/handlers/get-weather.ts", GET_WEATHER);
  await writeHandler(project, "src/handlers/get-forecast.ts", GET_FORECAST);
  await writeHandler(project, "src/handlers/list-alerts.ts", LIST_ALERTS);
  for (const path of handlerPaths) before.set(path, await readFile(join(project, path), "utf8"));

  // The stubs' project: get_forecast removed, get_weather renamed, then `npm run generate`.
  const { project: stubsProject } = await scaffoldProject(weatherManifest, "stubs-server");
  const stubsManifestPath = join(stubsProject, "manifest.json");
  const stubsManifest = JSON.parse(await readFile(stubsManifestPath, "utf8")) as Manifest;
  stubsManifest.tools = stubsManifest.tools.filter((tool) => tool.name !== "get_forecast");
  stubsManifest.tools.find((tool) => tool.name === "get_weather")!.name = "get_current_weather";
  await writeFile(stubsManifestPath, `${JSON.stringify(stubsManifest, null, 2)}\n`);
  stubs.generated = await npmRun(stubsProject, "generate");

  // The user's handlers compile; the stubs, left as written, do not.
  const [written, stubsChanged] = await checkBoth(stubsProject);
  expect(written.output).toBe("");
  stubs.changed = stubsChanged;

  // The weather server's manifest changes: get_weather's output gains windSpeed, get_forecast's days becomes a string,
  // list_alerts goes, get_uv_index comes; then `npm run generate`.
  const path = join(project, "manifest.json");
  const manifest = JSON.parse(await readFile(path, "utf8")) as Manifest;
  const weather = manifest.tools.find((tool) => tool.name === "get_weather")!;
  weather.outputSchema!.properties["windSpeed"] = { type: "number" };
  weather.outputSchema!.required.push("windSpeed");
  const forecast = manifest.tools.find((tool) => tool.name === "get_forecast")!;
  forecast.inputSchema.properties!["days"] = { type: "string", description: "now a string" };
  manifest.tools = manifest.tools.filter((tool) => tool.name !== "list_alerts");
  manifest.tools.push({
    name: "get_uv_index",
    inputSchema: { type: "object", properties: { location: { type: "string" } } },
    outputSchema: { type: "object", properties: { index: { type: "number" } }, required: ["index"] },
  });
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`);
  generated = await npmRun(project, "generate");
  for (const handler of handlerPaths) afterGenerate.set(handler, await readFile(join(project, handler), "utf8"));

  // The stubs' rename, as the docs say: first the new name in the call only.
  const renamed = join(stubsProject, "src/handlers/get-weather.ts");
  await writeHandler(stubsProject, "src/handlers/get-weather.ts", (await readFile(renamed, "utf8")).replaceAll('"get_weather"', '"get_current_weather"'));
  [weatherChecks.changed, stubs.halfway] = await checkBoth(stubsProject);

  // The user updates the handlers and removes the old one; the stubs get the new type names in the import too, and the
  // removed tool's stub goes.
  await writeHandler(project, "src/handlers/get-weather.ts", GET_WEATHER.replace("humidity: 40 }", "humidity: 40, windSpeed: 3 }"));
  await writeHandler(project, "src/handlers/get-forecast.ts", GET_FORECAST.replace("input.days ?? 3", "Number(input.days ?? 3)"));
  await rm(join(project, "src/handlers/list-alerts.ts"));
  await writeHandler(stubsProject, "src/handlers/get-weather.ts", (await readFile(renamed, "utf8")).replaceAll("GetWeatherOutput", "GetCurrentWeatherOutput"));
  await rm(join(stubsProject, "src/handlers/get-forecast.ts"));
  [weatherChecks.fixed, stubs.fixed] = await checkBoth(stubsProject);
});

describe("npm run generate after the manifest changed", () => {
  it("succeeds, names the new stub and warns about the removed tool's handler", () => {
    expect(generated.ok).toBe(true);
    expect(generated.stdout).toContain("new handler stubs: src/handlers/get-uv-index.ts");
    expect(generated.stderr).toContain(
      'warning: src/handlers/list-alerts.ts implements tool "list_alerts", which is no longer in the manifest; kept, not deleted',
    );
  });

  it("leaves every handler byte for byte, including the removed tool's", () => {
    for (const path of handlerPaths) expect(afterGenerate.get(path), path).toBe(before.get(path));
  });

  it("adds a stub for the new tool", async () => {
    const stub = await readFile(join(project, "src/handlers/get-uv-index.ts"), "utf8");
    expect(stub).toContain('defineHandler(\n  "get_uv_index",\n  async (_input, _context): Promise<HandlerReturn<GetUvIndexOutput>> => {');
    expect(stub).toContain('throw new Error("not implemented: get_uv_index");');
    expect(await readFile(join(project, "src/generated/handlers.ts"), "utf8")).not.toContain("list-alerts");
  });

  it("makes tsc flag exactly the handlers that no longer fit", () => {
    const checked = weatherChecks.changed!;
    expect(checked.ok).toBe(false);
    const errors = checked.output.split("\n").filter((line) => /error TS\d+/.test(line));
    const files = [...new Set(errors.map((line) => line.slice(0, line.indexOf("("))))].sort();
    expect(files).toEqual(["src/handlers/get-forecast.ts", "src/handlers/get-weather.ts", "src/handlers/list-alerts.ts"]);
    expect(checked.output).toMatch(/Property 'windSpeed' is missing in type '\{ temperature: number; conditions: string; humidity: number; \}'/);
    // The removed tool's handler: one error, on its name, saying what to do.
    expect(errors.filter((line) => line.startsWith("src/handlers/list-alerts.ts"))).toEqual([
      'src/handlers/list-alerts.ts(3,30): error TS2345: Argument of type \'"list_alerts"\' is not assignable to parameter of type \'"tool \\"list_alerts\\" is not in manifest.json: bind this handler to a name it lists (then npm run generate), or delete it"\'.',
    ]);
  });

  it("compiles again once the user updates the handlers and removes the old one; a second generate changes nothing", async () => {
    const checked = weatherChecks.fixed!;
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);

    const again = await npmRun(project, "generate");
    expect(again.ok).toBe(true);
    expect(again.stdout).toContain("scaffolded 3 tools into . (0 files written, 16 unchanged)\n  kept 3 existing handlers untouched\n");
    expect(again.stderr).toBe("");
    const check = await npmRun(project, "generate", ["--check"]);
    expect(check.ok).toBe(true);
  });
});

describe("stubs of tools with an outputSchema, left as written, after one tool is removed and one renamed", () => {
  it("fail on their defineHandler line and on their import of the output type, nowhere else; the new names in both make it compile", () => {
    expect(stubs.generated?.ok).toBe(true);
    const checked = stubs.changed!;
    expect(checked.ok).toBe(false);
    // What docs/scaffold.md says a removed tool's handler gets: the not-in-manifest error, and for a stub the import's.
    const errors = checked.output
      .split("\n")
      .filter((line) => /error TS\d+/.test(line))
      .map((line) => line.replace(/\(\d+,\d+\)/, ""));
    const notListed = (tool: string) =>
      `error TS2345: Argument of type '"${tool}"' is not assignable to parameter of type '"tool \\"${tool}\\" is not in manifest.json: bind this handler to a name it lists (then npm run generate), or delete it"'.`;
    expect(errors).toEqual([
      `src/handlers/get-forecast.ts: error TS2305: Module '"../generated/define.js"' has no exported member 'GetForecastOutput'.`,
      `src/handlers/get-forecast.ts: ${notListed("get_forecast")}`,
      `src/handlers/get-weather.ts: error TS2305: Module '"../generated/define.js"' has no exported member 'GetWeatherOutput'.`,
      `src/handlers/get-weather.ts: ${notListed("get_weather")}`,
    ]);

    // The rename, as the docs say: the new name in the call, the new type names in the import.
    const halfway = stubs.halfway!;
    expect(halfway.output).toContain("src/handlers/get-weather.ts(");
    expect(halfway.output).toContain("has no exported member 'GetWeatherOutput'");
    const fixed = stubs.fixed!;
    expect(fixed.output).toBe("");
    expect(fixed.ok).toBe(true);
  });
});

describe("a user's helper at the own name of a new tool, prompt, resource or resource template", () => {
  // The helpers define no handler: each new subject must get a stub beside them, never be bound to them.
  const subjects = {
    tools: [{ name: "get_weather", inputSchema: { type: "object" } }],
    prompts: [{ name: "summary" }],
    resources: [{ uri: "file:///notes.txt", name: "notes" }],
    resourceTemplates: [{ uriTemplate: "file:///logs/{day}", name: "logs" }],
  };
  const added = { ...subjects, tools: [...subjects.tools, { name: "utils", inputSchema: { type: "object" } }] };
  const HELPER = "export const helper = 1;\n";

  it("gets a stub at the next free name, the helper left untouched, and the project compiles", { timeout: 180_000 }, async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-helper-at-own-name-"));
    const [full, first] = [join(directory, "full.json"), join(directory, "first.json")];
    await writeFile(full, JSON.stringify(added));
    await writeFile(first, JSON.stringify({ tools: subjects.tools }));
    // Each new subject's own file, as a fresh scaffold of the whole manifest names it.
    const fresh = await scaffold({ manifest: full, outDir: join(directory, "fresh") });
    const own = new Map<string, string>();
    for (const handler of fresh.handlers) if (handler.name !== "get_weather") own.set(`${handler.kind} ${handler.name}`, handler.path);
    expect(own.size).toBe(4);

    const { project } = await scaffoldProject(first, "helpers-server");
    for (const path of own.values()) await writeHandler(project, path, HELPER);
    const check = await scaffold({ manifest: full, outDir: project, check: true });
    expect(check.upToDate).toBe(false);
    const result = await scaffold({ manifest: full, outDir: project });
    for (const [which, path] of own) {
      const handler = result.handlers.find((found) => `${found.kind} ${found.name}` === which)!;
      expect(handler).toMatchObject({ path: path.replace(/\.ts$/, "-2.ts"), status: "created" });
      expect(check.created).toContain(handler.path);
      expect(await readFile(join(project, path), "utf8")).toBe(HELPER);
    }
    const built = await compile(project, ["--noEmit"]);
    expect(built.output).toBe("");
    expect(built.ok).toBe(true);
  });
});
