/**
 * `mcpgen scaffold` on disk, without installing anything: the files it
 * writes, who owns which, what a re-run leaves alone, how handler files are
 * found, and the CLI's report.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/index.js";
import { GENERATED_MARKER, TOOLS_START } from "../../src/shared/output-names.js";
import { toolFileBase } from "../../src/normalize/naming.js";
import { packageName } from "../../src/emit/scaffold/package.js";
import { McpgenError } from "../../src/shared/errors.js";
import { displayPath } from "../../src/commands/config.js";
import type { ManifestIR } from "../../src/ir/index.js";
import { definedHandler, definedTool, planHandlers, regenerateCommand, scaffold, type ScannedFile } from "../../src/commands/scaffold.js";
import { isGeneratedByMcpgen } from "../../src/write/index.js";
import { ownPackage } from "../../src/shared/version.js";
import { cliIn } from "../helpers/project.js";
import { npmRun, repoRoot } from "../helpers/scaffold-project.js";

const weather = join(import.meta.dirname, "../../examples/weather.tools.json");

async function tempProject(name = "weather-server"): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), "mcpgen-scaffold-unit-")), name);
}

async function listFiles(directory: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of (await readdir(join(directory, prefix), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...(await listFiles(directory, path)));
    else out.push(path);
  }
  return out;
}

function captureIo() {
  const io = { out: "", err: "", stdout: (text: string) => void (io.out += text), stderr: (text: string) => void (io.err += text) };
  return io;
}

describe("a new scaffold", () => {
  it("writes the project, one stub per tool and src/generated/", async () => {
    const project = await tempProject();
    const result = await scaffold({ manifest: weather, outDir: project });
    expect(await listFiles(project)).toEqual([
      ".gitignore",
      "README.md",
      "manifest.json",
      "package.json",
      "src/generated/define.ts",
      "src/generated/handlers.ts",
      "src/generated/runtime.ts",
      "src/generated/server-http.ts",
      "src/generated/server-input.ts",
      "src/generated/server-runtime.ts",
      "src/generated/server-surface.ts",
      "src/generated/server.ts",
      "src/generated/surface.ts",
      "src/generated/tools.ts",
      "src/generated/types.ts",
      "src/generated/validate.ts",
      "src/generated/validator-runtime.ts",
      "src/generated/validators/get-forecast.ts",
      "src/generated/validators/get-weather.ts",
      "src/generated/validators/list-alerts.ts",
      "src/handlers/get-forecast.ts",
      "src/handlers/get-weather.ts",
      "src/handlers/list-alerts.ts",
      "src/server.ts",
      "tsconfig.json",
    ]);
    expect(result.handlers).toEqual([
      { kind: "tool", name: "get_weather", tool: "get_weather", path: "src/handlers/get-weather.ts", status: "created" },
      { kind: "tool", name: "get_forecast", tool: "get_forecast", path: "src/handlers/get-forecast.ts", status: "created" },
      { kind: "tool", name: "list_alerts", tool: "list_alerts", path: "src/handlers/list-alerts.ts", status: "created" },
    ]);
    expect(result.kept).toEqual([]);
    expect(result.orphanedHandlers).toEqual([]);
    expect(result.generated.every((file) => file.status === "created")).toBe(true);
  });

  it("formats src/generated/ with the Prettier overrides that match its files' paths", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    expect(await readFile(join(project, "src/generated/server.ts"), "utf8")).toContain('from "./handlers.js";');
    await writeFile(join(project, ".prettierrc.json"), JSON.stringify({ overrides: [{ files: "src/generated/**/*.ts", options: { singleQuote: true } }] }));
    const result = await scaffold({ manifest: weather, outDir: project });
    expect(result.generated.find((file) => file.path === "src/generated/server.ts")?.status).toBe("updated");
    expect(await readFile(join(project, "src/generated/server.ts"), "utf8")).toContain("from './handlers.js';");
  });

  it("marks generated files as mcpgen's and leaves the user's files unmarked", async () => {
    const project = await tempProject();
    const result = await scaffold({ manifest: weather, outDir: project });
    for (const file of result.generated) {
      expect(isGeneratedByMcpgen(file.path, await readFile(join(project, file.path), "utf8")), file.path).toBe(true);
    }
    for (const path of result.created) {
      const contents = await readFile(join(project, path), "utf8");
      // The README is the user's, but mcpgen may rewrite its tools table (and only that) while the table's markers are there.
      expect(isGeneratedByMcpgen(path, contents), path).toBe(path === "README.md");
      expect(isGeneratedByMcpgen(path, contents.replace(TOOLS_START, "")), path).toBe(false);
      expect(contents).not.toContain(GENERATED_MARKER);
    }
  });

  it('gives the stub a typed defineHandler that throws "not implemented: <tool>"', async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const stub = await readFile(join(project, "src/handlers/get-weather.ts"), "utf8");
    expect(stub).toContain('import {\n  defineHandler,\n  type GetWeatherOutput,\n  type HandlerReturn,\n} from "../generated/define.js";');
    // The declared return type: tsc checks each return where it is written, excess properties included.
    expect(stub).toContain('defineHandler(\n  "get_weather",\n  async (_input, _context): Promise<HandlerReturn<GetWeatherOutput>> => {');
    // A tool without an outputSchema: neither import nor return type.
    expect(await readFile(join(project, "src/handlers/list-alerts.ts"), "utf8")).toContain(
      'import { defineHandler } from "../generated/define.js";\n\nexport default defineHandler("list_alerts", async (_input, _context) => {',
    );
    expect(stub).toContain('throw new Error("not implemented: get_weather");');
    expect(stub).toContain("Return the tool's output, of type GetWeatherOutput");
    // Issue 22: "Return a AddNoteOutput" read as carelessness; no article is left before a type name.
    expect(stub).not.toMatch(/\ba [A-Z]\w*Output\b/);
    expect(definedTool(stub)).toBe("get_weather");
    // docs/scaffold.md shows this very stub.
    expect(await readFile(join(repoRoot, "docs/scaffold.md"), "utf8")).toContain(`\`\`\`ts\n${stub}\`\`\`\n`);
  });

  it("writes bidirectional-text controls of tool names and text as escapes in stubs and generated code, and still finds the handler", async () => {
    const project = await tempProject("hazards-server");
    await scaffold({ manifest: join(import.meta.dirname, "../fixtures/golden/hazards.tools.json"), outDir: project });
    for (const file of await listFiles(project)) {
      expect(await readFile(join(project, file), "utf8"), file).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
    const stub = await readFile(join(project, "src/handlers/bidi-u202e-text.ts"), "utf8");
    expect(stub).toContain(' * Handler of tool "bidi\\u202e_text".\n *\n * Is admin\\u202e \\u2066// check later\\u2069 \\u2066\n');
    expect(stub).toContain(
      'export default defineHandler(\n  "bidi\\u202e_text",\n  async (_input, _context): Promise<HandlerReturn<BidiU202eTextOutput>> => {',
    );
    expect(stub).toContain('throw new Error("not implemented: bidi\\u202e_text");');
    expect(definedTool(stub)).toBe("bidi\u202e_text");
    expect(await readFile(join(project, "src/generated/tools.ts"), "utf8")).toContain('name: "bidi\\u202e_text"');
  });

  it("lists the manifest's raw tools in tools.ts, exactly", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const { tools } = (await import(pathToFileURL(join(project, "src/generated/tools.ts")).href)) as { tools: unknown[] };
    const manifest = JSON.parse(await readFile(weather, "utf8")) as { tools: unknown[] };
    expect(JSON.stringify(tools)).toBe(JSON.stringify(manifest.tools));
  });

  it("lists a tool whose x-mcp-header marks break MCP 2026-07-28's constraints as declared, with a stub and no header check, and says so", async () => {
    const project = await tempProject();
    const input = join(await mkdtemp(join(tmpdir(), "mcpgen-scaffold-marks-")), "marks.tools.json");
    const marked = { name: "hdr", inputSchema: { type: "object", properties: { x: { type: "number", "x-mcp-header": "X" } } } };
    const region = { name: "sql", inputSchema: { type: "object", properties: { r: { type: "string", "x-mcp-header": "Region" } } } };
    await writeFile(input, JSON.stringify({ tools: [marked, region] }));
    const result = await scaffold({ manifest: input, outDir: project });
    expect(result.diagnostics.map(({ code, tool, pointer }) => [code, tool, pointer])).toEqual([
      ["mcp-header-invalid", "hdr", "/tools/0/inputSchema/properties/x/x-mcp-header"],
    ]);
    expect(result.created).toContain("src/handlers/hdr.ts");
    const generated = (await import(pathToFileURL(join(project, "src/generated/tools.ts")).href)) as { tools: unknown[]; headerArguments: unknown[] };
    expect(generated.tools).toEqual([marked, region]);
    expect(generated.headerArguments).toEqual([["sql", [{ header: "Region", path: ["r"], type: "string" }]]]);
    // Its handler is no orphan of a tool the project's own manifest.json lists.
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(again.orphanedHandlers).toEqual([]);
    expect(again.handlers.map((handler) => [handler.tool, handler.status])).toContainEqual(["hdr", "kept"]);
  });

  it("writes package.json with the SDK v2 server as the only dependency, no zod, and the four scripts", async () => {
    const project = await tempProject("My Weather Server!");
    await scaffold({ manifest: weather, outDir: project });
    const manifest = JSON.parse(await readFile(join(project, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    expect(manifest["name"]).toBe("my-weather-server");
    expect(manifest["type"]).toBe("module");
    expect(manifest["dependencies"]).toEqual({ "@modelcontextprotocol/server": ownPackage().dependencies!["@modelcontextprotocol/server"] });
    expect(Object.keys(manifest["devDependencies"]!).sort()).toEqual(["@types/node", "typescript"]);
    expect(manifest["scripts"]).toMatchObject({
      build: "tsc -p tsconfig.json",
      start: "node dist/server.js",
      "start:http": "node dist/server.js --http",
    });
  });

  it("makes npm run generate work at once outside any project with mcpgen: the script runs the mcpgen that wrote it, by its path", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const { scripts } = JSON.parse(await readFile(join(project, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts["generate"]).toBe(`node ${relative(project, join(repoRoot, "bin/mcpgen.js"))} scaffold manifest.json --out .`);
    expect(await readFile(join(project, "README.md"), "utf8")).toContain(`runs the mcpgen that wrote this project, by its path (\`${scripts["generate"]}\`)`);
    // Before, the script was `mcpgen ...`, and failed with "mcpgen: not found" until mcpgen was installed there.
    const regenerated = await npmRun(project, "generate", ["--check"]);
    expect(regenerated.stderr).toBe("");
    expect(regenerated.ok).toBe(true);
  });

  it("keeps the generate script `mcpgen ...` where npm finds an mcpgen (a project above with it installed)", async () => {
    const parent = await mkdtemp(join(tmpdir(), "mcpgen-scaffold-app-"));
    await mkdir(join(parent, "node_modules/.bin"), { recursive: true });
    await writeFile(join(parent, "node_modules/.bin/mcpgen"), "");
    const project = join(parent, "server");
    await scaffold({ manifest: weather, outDir: project });
    const { scripts } = JSON.parse(await readFile(join(project, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts["generate"]).toBe("mcpgen scaffold manifest.json --out .");
    expect(await readFile(join(project, "README.md"), "utf8")).toContain("runs the `mcpgen` command that npm finds");
  });

  it("counts no node_modules/.bin that npx or an npm script put on PATH for the run (npm run later will not have it), but a global bin directory", async () => {
    // `npx mcpgen scaffold ... --out ../weather-server2` from app/: PATH starts with app/node_modules/.bin, where mcpgen is.
    const root = await mkdtemp(join(tmpdir(), "mcpgen-scaffold-npx-"));
    const [appBin, cacheBin, globalBin] = ["app/node_modules/.bin", ".npm/_npx/1a2b/node_modules/.bin", "prefix/bin"].map((dir) => join(root, dir));
    for (const bin of [appBin!, cacheBin!, globalBin!]) {
      await mkdir(bin, { recursive: true });
      await writeFile(join(bin, "mcpgen"), "");
    }
    const sibling = join(root, "weather-server2");
    const node = `node ${relative(sibling, join(repoRoot, "bin/mcpgen.js"))} scaffold manifest.json --out .`;
    expect(regenerateCommand(sibling, [appBin, cacheBin].join(delimiter))).toBe(node);
    expect(regenerateCommand(sibling, [appBin, globalBin].join(delimiter))).toBe("mcpgen scaffold manifest.json --out .");
    // Inside app/, npm run finds app/node_modules/.bin itself.
    expect(regenerateCommand(join(root, "app", "server"), "")).toBe("mcpgen scaffold manifest.json --out .");
  });

  it("imports nothing but the SDK v2 server and node: built-ins from generated server code", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    for (const file of ["src/server.ts", ...(await listFiles(project, "src/generated"))]) {
      const source = await readFile(join(project, file), "utf8");
      for (const [, specifier] of source.matchAll(/from "([^"]+)"/g)) {
        expect(
          specifier!.startsWith(".") || specifier!.startsWith("node:") || /^@modelcontextprotocol\/server(\/stdio)?$/.test(specifier!),
          `${file}: ${specifier}`,
        ).toBe(true);
      }
    }
  });

  it("refuses to overwrite a file in src/generated/ that mcpgen did not write, and writes nothing", async () => {
    const project = await tempProject();
    await mkdir(join(project, "src/generated"), { recursive: true });
    await writeFile(join(project, "src/generated/types.ts"), "// mine\n");
    await expect(scaffold({ manifest: weather, outDir: project })).rejects.toBeInstanceOf(McpgenError);
    expect(await listFiles(project)).toEqual(["src/generated/types.ts"]);
  });
});

describe("scaffolding again", () => {
  it("changes nothing when nothing changed, from the project's own manifest", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(again.generated.filter((file) => file.status !== "unchanged")).toEqual([]);
    expect(again.created).toEqual([]);
    expect(again.handlers.every((handler) => handler.status === "kept")).toBe(true);
  });

  it("names a server the manifest does not name after package.json, so a clone in a directory of another name is up to date", async () => {
    const project = await tempProject("weather-server");
    const manifest = JSON.parse(await readFile(weather, "utf8")) as { server?: unknown; tools: unknown[] };
    delete manifest.server;
    const source = join(dirname(project), "unnamed.tools.json");
    await writeFile(source, JSON.stringify(manifest));
    await scaffold({ manifest: source, outDir: project });
    const serverModule = () => readFile(join(project, "src/generated/server.ts"), "utf8");
    expect(await serverModule()).toContain('serverInfo = { name: "weather-server", version: "0.1.0" }');

    // The same project checked out as `checkout` (a CI runner, a colleague's clone).
    const clone = join(dirname(project), "checkout");
    await rename(project, clone);
    expect(await run(["scaffold", join(clone, "manifest.json"), "--out", clone, "--check"], captureIo())).toBe(0);

    // The package renamed: the server is named after it, as documented.
    const packagePath = join(clone, "package.json");
    await writeFile(packagePath, (await readFile(packagePath, "utf8")).replace('"name": "weather-server"', '"name": "@acme/weather"'));
    await scaffold({ manifest: join(clone, "manifest.json"), outDir: clone });
    expect(await readFile(join(clone, "src/generated/server.ts"), "utf8")).toContain('serverInfo = { name: "@acme/weather", version: "0.1.0" }');
  });

  it("keeps the project's manifest.json as the user edited it, even without mcpgen's marker", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const manifest = JSON.parse(await readFile(weather, "utf8")) as { tools: unknown[] };
    const edited = `${JSON.stringify({ tools: manifest.tools.slice(0, 1) })}\n`;
    await writeFile(join(project, "manifest.json"), edited);
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(await readFile(join(project, "manifest.json"), "utf8")).toBe(edited);
    expect(again.orphanedHandlers.map((orphan) => orphan.tool).sort()).toEqual(["get_forecast", "list_alerts"]);
  });

  it("from another file: replaces a manifest.json mcpgen wrote, refuses (without --force) to undo an edit made to it", async () => {
    const project = await tempProject();
    const source = join(dirname(project), "weather.tools.json");
    const original = JSON.parse(await readFile(weather, "utf8")) as { tools: Array<{ name: string; description?: string }> };
    await writeFile(source, JSON.stringify(original));
    await scaffold({ manifest: source, outDir: project });
    // The contract changed upstream, manifest.json was not touched: a refresh replaces it.
    original.tools[0]!.description = "Current weather";
    await writeFile(source, JSON.stringify(original));
    await scaffold({ manifest: source, outDir: project });
    const own = join(project, "manifest.json");
    expect((JSON.parse(await readFile(own, "utf8")) as typeof original).tools[0]!.description).toBe("Current weather");

    // Now the user edits manifest.json (as its README says to) and regenerates from it.
    const edited = JSON.parse(await readFile(own, "utf8")) as typeof original;
    edited.tools = edited.tools.filter((tool) => tool.name !== "list_alerts");
    const editedText = `${JSON.stringify(edited, null, 2)}\n`;
    await writeFile(own, editedText);
    await scaffold({ manifest: own, outDir: project });
    const io = captureIo();
    expect(await run(["scaffold", source, "--out", project], io)).toBe(1);
    const shownProject = displayPath(project);
    expect(io.err).toBe(
      `error: ${join(shownProject, "manifest.json")}: edited since mcpgen wrote it, and scaffolding from ${source} would undo the edit; it would change:\n` +
        '  + "list_alerts" (new tool)\n' +
        `  hint: to keep the edits, run npm run generate in ${shownProject} (mcpgen scaffold manifest.json --out .); to replace them with ${source}, add --force\n`,
    );
    expect(await readFile(own, "utf8")).toBe(editedText);
    expect(await run(["scaffold", source, "--out", project, "--force", "-q"], captureIo())).toBe(0);
    expect((JSON.parse(await readFile(own, "utf8")) as typeof original).tools.map((tool) => tool.name)).toContain("list_alerts");
  });

  it("run in the project (--out .), the refusal to undo an edit names the project's manifest.json, not the input", async () => {
    const project = await tempProject();
    const source = join(dirname(project), "weather.tools.json");
    await writeFile(source, await readFile(weather, "utf8"));
    await scaffold({ manifest: source, outDir: project });
    const own = join(project, "manifest.json");
    const edited = JSON.parse(await readFile(own, "utf8")) as { tools: Array<{ name: string }> };
    edited.tools = edited.tools.filter((tool) => tool.name !== "list_alerts");
    await writeFile(own, `${JSON.stringify(edited, null, 2)}\n`);
    const refused = await cliIn(project, ["scaffold", source, "--out", "."]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: manifest\.json: edited since mcpgen wrote it, and scaffolding from /);
  });

  it("a file of src/generated/ edited past its marker: the refusal says what to do in a scaffold (not another --out), with and without --check", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const tools = join(project, "src/generated/tools.ts");
    const edited = (await readFile(tools, "utf8")).split("\n").slice(3).join("\n");
    await writeFile(tools, edited);
    for (const check of [[], ["--check"]]) {
      const refused = await cliIn(project, ["scaffold", "manifest.json", "--out", ".", ...check]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        "error: src/generated/tools.ts: refusing to overwrite this file: mcpgen did not generate it\n" +
          "  hint: src/generated/ is mcpgen's, rewritten by every run: keep your code in src/handlers/ or a file of your own, then delete this file or restore it (git checkout), and run npm run generate again\n",
      );
    }
    expect(await readFile(tools, "utf8")).toBe(edited);
  });

  it("finds a handler the user renamed, and never recreates its stub", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    await rename(join(project, "src/handlers/get-weather.ts"), join(project, "src/handlers/weather.ts"));
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(again.created).toEqual([]);
    expect(again.handlers[0]).toEqual({ kind: "tool", name: "get_weather", tool: "get_weather", path: "src/handlers/weather.ts", status: "kept" });
    expect(await readFile(join(project, "src/generated/handlers.ts"), "utf8")).toContain('import getWeatherHandler from "../handlers/weather.js";');
  });

  it("finds a handler the user moved into a subdirectory of src/handlers/ (not under node_modules or a dot-directory)", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const stub = (await readFile(join(project, "src/handlers/get-weather.ts"), "utf8")).replace('"../generated/define.js"', '"../../generated/define.js"');
    await rm(join(project, "src/handlers/get-weather.ts"));
    for (const directory of ["weather", ".drafts", "node_modules/old"]) {
      await mkdir(join(project, "src/handlers", directory), { recursive: true });
      await writeFile(join(project, "src/handlers", directory, "current.ts"), stub);
    }
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(again.created).toEqual([]);
    expect(again.orphanedHandlers).toEqual([]);
    expect(again.handlers[0]).toEqual({ kind: "tool", name: "get_weather", tool: "get_weather", path: "src/handlers/weather/current.ts", status: "kept" });
    expect(await readFile(join(project, "src/generated/handlers.ts"), "utf8")).toContain('import getWeatherHandler from "../handlers/weather/current.js";');
    expect(await readFile(join(project, "README.md"), "utf8")).toContain("| `src/handlers/weather/current.ts` | `GetWeatherInput` | `GetWeatherOutput` |");
  });

  it("its own manifest.json deleted: npm run generate's command says it is the project's contract and how to get it back", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    await rm(join(project, "manifest.json"));
    const io = captureIo();
    expect(await run(["scaffold", join(project, "manifest.json"), "--out", project], io)).toBe(1);
    expect(io.err).toBe(
      `error: ${join(project, "manifest.json")}: cannot read the manifest: no such file, and it is this project's contract\n  hint: restore it (git checkout manifest.json), or scaffold again from the manifest the project started from: mcpgen scaffold <manifest> --out ${project}\n`,
    );
    // Another manifest that is missing keeps the usual words.
    const other = captureIo();
    expect(await run(["scaffold", join(project, "other.json"), "--out", project], other)).toBe(1);
    expect(other.err).toContain("hint: pass the path of a tools/list JSON file, or - to read stdin");
  });

  it("a manifest without tools: the README's table says so, with no head of an empty table", async () => {
    const project = await tempProject();
    const manifest = join(project, "..", "prompts-only.json");
    await writeFile(manifest, JSON.stringify({ tools: [], prompts: [{ name: "greet", arguments: [{ name: "who", required: true }] }] }));
    await scaffold({ manifest, outDir: project });
    const readme = await readFile(join(project, "README.md"), "utf8");
    expect(readme).toContain(
      "No tools.\n\n| handler | serves | handed |\n|---|---|---|\n| `src/handlers/get-greet-prompt.ts` | prompt | `GreetPromptArguments` |",
    );
    expect(readme).not.toContain("| handler | input | output |");
  });

  it("never takes a test beside a handler for it (*.test.ts, *.spec.ts, __tests__/), though the test calls defineHandler", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const stub = await readFile(join(project, "src/handlers/get-weather.ts"), "utf8");
    // Each sorts before get-weather.ts, and would be the handler were it scanned.
    await writeFile(join(project, "src/handlers/get-weather.spec.ts"), stub);
    await writeFile(join(project, "src/handlers/get-weather.test.ts"), stub);
    await mkdir(join(project, "src/handlers/__tests__"));
    await writeFile(join(project, "src/handlers/__tests__/a.ts"), stub.replace('"../generated/define.js"', '"../../generated/define.js"'));
    await rm(join(project, "src/handlers/get-weather.ts"));
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    // No handler left for the tool: a new stub, and none of the tests imported by the server.
    expect(again.handlers[0]).toMatchObject({ tool: "get_weather", path: "src/handlers/get-weather.ts", status: "created" });
    const registry = await readFile(join(project, "src/generated/handlers.ts"), "utf8");
    expect(registry).toContain('from "../handlers/get-weather.js";');
    expect(registry).not.toMatch(/test|spec/);
  });

  it.each(["get#weather.ts", "get?weather.ts", "get%23weather.ts", "we#ather/get.ts"])(
    "refuses a handler named %j, which tsc compiles and Node cannot import, naming the file and what to do",
    async (name) => {
      const project = await tempProject();
      await scaffold({ manifest: weather, outDir: project });
      const target = join(project, "src/handlers", name);
      await mkdir(dirname(target), { recursive: true });
      await rename(join(project, "src/handlers/get-weather.ts"), target);
      const io = captureIo();
      expect(await run(["scaffold", join(project, "manifest.json"), "--out", project], io)).toBe(1);
      const character = /[#?%]/.exec(name)![0];
      expect(io.err).toBe(
        `error: ${target}: implements the tool "get_weather", but the server cannot import it: Node reads "${character}" in an import path as URL syntax\n` +
          "  hint: rename it (and its directory) without #, ?, % or \\; a handler is found by its define call, whatever its file is named\n",
      );
      // Nothing was written: the registry still imports the handler from where it was.
      expect(await readFile(join(project, "src/generated/handlers.ts"), "utf8")).toContain('from "../handlers/get-weather.js";');
    },
  );

  it("finds a renamed handler that names its tool through a constant", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const stub = await readFile(join(project, "src/handlers/get-weather.ts"), "utf8");
    const edited = `const TOOL = "get_weather";\n${stub.replace('defineHandler(\n  "get_weather",', "defineHandler(TOOL,")}`;
    expect(edited).toContain("defineHandler(TOOL,");
    await rm(join(project, "src/handlers/get-weather.ts"));
    await writeFile(join(project, "src/handlers/current.ts"), edited);
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(again.created).toEqual([]);
    expect(again.handlers[0]).toEqual({ kind: "tool", name: "get_weather", tool: "get_weather", path: "src/handlers/current.ts", status: "kept" });
  });

  it("keeps the handler at a tool's own name whose define call names the tool through an import it cannot read, and gives a helper there none", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const stub = await readFile(join(project, "src/handlers/get-weather.ts"), "utf8");
    const edited = `import { TOOL } from "./names.js";\n${stub.replace('defineHandler(\n  "get_weather",', "defineHandler(TOOL,")}`;
    expect(edited).toContain("defineHandler(TOOL,");
    await writeFile(join(project, "src/handlers/get-weather.ts"), edited);
    await writeFile(join(project, "src/handlers/get-forecast.ts"), "export const helper = 1;\n");
    const again = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(again.created).toEqual(["src/handlers/get-forecast-2.ts"]);
    expect(again.handlers.slice(0, 2)).toEqual([
      { kind: "tool", name: "get_weather", tool: "get_weather", path: "src/handlers/get-weather.ts", status: "kept" },
      { kind: "tool", name: "get_forecast", tool: "get_forecast", path: "src/handlers/get-forecast-2.ts", status: "created" },
    ]);
  });

  it("with --check reports stale files and missing stubs, writes nothing and exits 1", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const own = join(project, "manifest.json");
    let io = captureIo();
    expect(await run(["scaffold", own, "--out", project, "--check"], io)).toBe(0);
    expect(io.out).toBe(`${project} is up to date (3 tools, 16 files)\n`);

    const manifest = JSON.parse(await readFile(own, "utf8")) as { tools: Array<Record<string, unknown>> };
    manifest.tools.push({ name: "get_uv_index", inputSchema: { type: "object" } });
    await writeFile(own, JSON.stringify(manifest));
    const before = await listFiles(project);
    io = captureIo();
    expect(await run(["scaffold", own, "--out", project, "--check"], io)).toBe(1);
    expect(io.err).toContain("stale: src/generated/types.ts");
    expect(io.err).toContain("missing: src/handlers/get-uv-index.ts");
    // The project's own script: mcpgen need not be on PATH where its `npm run generate -- --check` runs.
    expect(io.err).toContain(`\nrun: npm run generate in ${project} (mcpgen scaffold manifest.json --out .)\n`);
    expect(await listFiles(project)).toEqual(before);
  });

  it("never recreates project files the user deleted, and --check does not ask for them; stubs for new tools still come", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const projectFiles = [".gitignore", "README.md", "package.json", "src/server.ts", "tsconfig.json"];
    for (const path of projectFiles) await rm(join(project, path));
    const own = join(project, "manifest.json");

    let io = captureIo();
    expect(await run(["scaffold", own, "--out", project, "--check"], io)).toBe(0);
    expect(io.err).toBe("");
    expect(io.out).toBe(`${project} is up to date (3 tools, 16 files)\n`);

    io = captureIo();
    expect(await run(["scaffold", own, "--out", project], io)).toBe(0);
    expect(io.out).not.toContain("created:");
    const files = await listFiles(project);
    for (const path of projectFiles) expect(files).not.toContain(path);

    const manifest = JSON.parse(await readFile(own, "utf8")) as { tools: Array<Record<string, unknown>> };
    manifest.tools.push({ name: "get_uv_index", inputSchema: { type: "object" } });
    await writeFile(own, JSON.stringify(manifest));
    const checked = await scaffold({ manifest: own, outDir: project, check: true });
    expect(checked.created).toEqual(["src/handlers/get-uv-index.ts"]);
    const again = await scaffold({ manifest: own, outDir: project });
    expect(again.created).toEqual(["src/handlers/get-uv-index.ts"]);
    for (const path of projectFiles) expect(await listFiles(project)).not.toContain(path);
  });

  it("creates the project files in a directory that holds neither package.json nor src/generated/, even with a manifest there", async () => {
    const project = await tempProject();
    await mkdir(project, { recursive: true });
    await writeFile(join(project, "manifest.json"), await readFile(weather, "utf8"));
    const result = await scaffold({ manifest: join(project, "manifest.json"), outDir: project });
    expect(result.created.filter((path) => !path.startsWith("src/handlers/"))).toEqual([
      ".gitignore",
      "README.md",
      "package.json",
      "src/server.ts",
      "tsconfig.json",
    ]);
  });

  it("refuses a directory that holds another project's package.json (a client app), and writes nothing there", async () => {
    const app = await tempProject("client-app");
    await mkdir(app, { recursive: true });
    await writeFile(join(app, "package.json"), '{ "name": "client-app", "dependencies": {} }\n');
    const io = captureIo();
    expect(await run(["scaffold", weather, "--out", app], io)).toBe(1);
    expect(io.err).toBe(
      `error: ${app}: holds another project's package.json, not a scaffold (no src/generated/, src/handlers/, manifest.json nor a src/server.ts that imports ./generated/server.js); a scaffold never edits a package.json it did not write, so it would not run there\n` +
        `  hint: a scaffold is a project of its own, with its own package.json: give --out a new or empty directory (${join(app, "mcp-server")}, say)\n`,
    );
    expect(await listFiles(app)).toEqual(["package.json"]);
  });

  it("an app with a src/server.ts of its own (not a scaffold's) is another project too, and gets nothing written", async () => {
    const app = await tempProject("express-app");
    await mkdir(join(app, "src"), { recursive: true });
    await writeFile(join(app, "package.json"), '{ "name": "express-app" }\n');
    await writeFile(join(app, "src/server.ts"), 'import express from "express";\nexpress().listen(3000);\n');
    const refused = await cliIn(app, ["scaffold", weather, "--out", "."]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: \.: holds another project's package\.json, not a scaffold/);
    expect(await listFiles(app)).toEqual(["package.json", "src/server.ts"]);
  });

  it("a configuration's scaffold target on a workspace package of its own: the hint names the target's out, not --out", async () => {
    const root = await tempProject("workspace");
    await mkdir(join(root, "packages", "server"), { recursive: true });
    await writeFile(join(root, "packages", "server", "package.json"), '{ "name": "@acme/server", "private": true }\n');
    await writeFile(
      join(root, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "server", manifest: weather, out: "packages/server", emit: "server" }] }),
    );
    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "  hint: a scaffold is a project of its own, with its own package.json: give the target's out in the configuration a new or empty directory (packages/server/mcp-server, say)\n",
    );
    expect(await listFiles(join(root, "packages", "server"))).toEqual(["package.json"]);
  });
});

describe("a configuration's scaffold target", () => {
  /** A monorepo: mcpgen.config.json at its root, the contract in contracts/, the scaffold a workspace package in packages/server. */
  async function workspace(): Promise<string> {
    const root = await tempProject("monorepo");
    await mkdir(join(root, "contracts"), { recursive: true });
    await writeFile(join(root, "contracts", "weather.tools.json"), await readFile(weather, "utf8"));
    await writeFile(join(root, "package.json"), JSON.stringify({ name: "monorepo", private: true, workspaces: ["packages/*"] }));
    await writeFile(
      join(root, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "server", manifest: "contracts/weather.tools.json", out: "packages/server", emit: "server" }] }),
    );
    return root;
  }

  it("gets a generate script that runs the target and a README that names the configuration's manifest as the contract, so following it keeps the target up to date", async () => {
    const root = await workspace();
    // mcpgen installed at the workspace's root, as a devDependency would put it: npm run in packages/server finds it there.
    await mkdir(join(root, "node_modules/.bin"), { recursive: true });
    await symlink(join(repoRoot, "bin/mcpgen.js"), join(root, "node_modules/.bin/mcpgen"));
    expect((await cliIn(root, ["generate"])).code).toBe(0);
    const project = join(root, "packages", "server");
    const { scripts } = JSON.parse(await readFile(join(project, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts["generate"]).toBe("mcpgen generate --config ../../mcpgen.config.json server");
    const readme = await readFile(join(project, "README.md"), "utf8");
    expect(readme).toContain("Edit `../../contracts/weather.tools.json`: it is the contract. Not `manifest.json`, which is mcpgen's copy of\n");
    expect(readme).toContain("| `../../contracts/weather.tools.json` | the contract (the manifest of target `server` in `../../mcpgen.config.json`): edit it");
    expect(readme).not.toContain("Edit `manifest.json`");

    // What the README says: edit the contract, then npm run generate in the package.
    const contract = join(root, "contracts", "weather.tools.json");
    await writeFile(contract, (await readFile(contract, "utf8")).replace("Get current weather information for a location", "Get the weather now"));
    const generated = await npmRun(project, "generate");
    expect(generated.stderr).toBe("");
    expect(generated.ok).toBe(true);
    expect(await readFile(join(project, "src/generated/tools.ts"), "utf8")).toContain("Get the weather now");
    expect(await readFile(join(project, "manifest.json"), "utf8")).toContain("Get the weather now");
    const checked = await cliIn(root, ["generate", "--check"]);
    expect(checked.stderr).toBe("");
    expect(checked.code).toBe(0);
  });

  it("with no mcpgen npm would find, runs the target through this mcpgen's path; from a configuration given as an object, scaffolds from the target's manifest", () => {
    const project = join(tmpdir(), "monorepo", "packages", "server");
    const configured = { target: "server", manifest: join(tmpdir(), "monorepo", "contracts", "weather.tools.json"), format: true, strict: false };
    const bin = relative(project, join(repoRoot, "bin/mcpgen.js"));
    expect(regenerateCommand(project, "", { ...configured, configFile: join(tmpdir(), "monorepo", "mcpgen.config.json") })).toBe(
      `node ${bin} generate --config ../../mcpgen.config.json server`,
    );
    expect(regenerateCommand(project, "", { ...configured, configFile: undefined, format: false, strict: true })).toBe(
      `node ${bin} scaffold ../../contracts/weather.tools.json --out . --no-format --strict`,
    );
    // npm runs scripts with cmd.exe on Windows, where single quotes do not group: a path with a space is double-quoted.
    expect(regenerateCommand(project, "", { ...configured, configFile: join(tmpdir(), "monorepo", "my config.json"), target: "it's" })).toBe(
      `node ${bin} generate --config "../../my config.json" "it's"`,
    );
  });

  it("of a server: the README names the target and mcpgen pull as the way the snapshot changes, never the server's URL", async () => {
    const root = await tempProject("app");
    await mkdir(join(root, "server"), { recursive: true });
    await writeFile(join(root, "server", "manifest.json"), await readFile(weather, "utf8"));
    await writeFile(
      join(root, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "weather", server: "https://mcp.example.com/mcp?key=s3cret", out: "server", emit: "server" }] }),
    );
    expect((await cliIn(root, ["generate"])).code).toBe(0);
    const readme = await readFile(join(root, "server", "README.md"), "utf8");
    expect(readme).toContain("`mcpgen pull --config ../mcpgen.config.json weather` refreshes the snapshot");
    expect(readme).toContain(
      "| `manifest.json` | mcpgen: the snapshot of the server of target `weather` in `../mcpgen.config.json`, rewritten by `mcpgen pull` |",
    );
    expect(readme).not.toContain("example.com");
    expect(readme).not.toContain("s3cret");
    const { scripts } = JSON.parse(await readFile(join(root, "server", "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts["generate"]).toMatch(/ generate --config \.\.\/mcpgen\.config\.json weather$/);
  });
});

describe("the CLI", () => {
  it("reports what it created, and on a re-run the stubs it added and the handlers of removed tools", async () => {
    const project = await tempProject();
    let io = captureIo();
    expect(await run(["scaffold", weather, "--out", project], io)).toBe(0);
    expect(io.out).toContain("scaffolded 3 tools into");
    expect(io.out).toContain("created: .gitignore, README.md, package.json, src/server.ts, tsconfig.json");
    expect(io.out).toContain("new handler stubs: src/handlers/get-weather.ts, src/handlers/get-forecast.ts, src/handlers/list-alerts.ts");
    expect(io.out).toContain("npm install && npm run build, then node dist/server.js serves stdio");
    // No note that npm would find no mcpgen: the generate script runs this one by its path.
    expect(io.err).toBe("");

    const own = join(project, "manifest.json");
    const manifest = JSON.parse(await readFile(own, "utf8")) as { tools: Array<Record<string, unknown>> };
    manifest.tools = [...manifest.tools.filter((tool) => tool["name"] !== "list_alerts"), { name: "get_uv_index", inputSchema: { type: "object" } }];
    await writeFile(own, JSON.stringify(manifest));
    io = captureIo();
    expect(await run(["scaffold", own, "--out", project], io)).toBe(0);
    expect(io.out).toContain("new handler stubs: src/handlers/get-uv-index.ts");
    expect(io.out).toContain("kept 2 existing handlers untouched");
    expect(io.out).not.toContain("created:");
    expect(io.err).toContain(
      'warning: src/handlers/list-alerts.ts implements tool "list_alerts", which is no longer in the manifest; an unimplemented stub, unused: delete it',
    );
    await writeFile(
      join(project, "src/handlers/list-alerts.ts"),
      'import { defineHandler } from "../generated/define.js";\nexport default defineHandler("list_alerts", async () => []);\n',
    );

    io = captureIo();
    expect(await run(["scaffold", own, "--out", project, "--json"], io)).toBe(0);
    const summary = JSON.parse(io.out) as { orphanedHandlers: unknown[]; created: unknown[] };
    expect(summary.orphanedHandlers).toEqual([
      { path: "src/handlers/list-alerts.ts", kind: "tool", name: "list_alerts", tool: "list_alerts", reason: "removed" },
    ]);
    expect(summary.created).toEqual([]);
  });

  it("a renamed tool: the user's handler, renamed too after the rename brought a stub, is used, and the stub is named for deletion", async () => {
    const project = await tempProject();
    await scaffold({ manifest: weather, outDir: project });
    const forecast = join(project, "src/handlers/get-forecast.ts");
    await writeFile(
      forecast,
      'import { defineHandler } from "../generated/define.js";\nexport default defineHandler("get_forecast", async (input) => ({ location: input.location, days: [] }));\n',
    );
    const own = join(project, "manifest.json");
    const manifest = JSON.parse(await readFile(own, "utf8")) as { tools: Array<{ name: string }> };
    manifest.tools.find((tool) => tool.name === "get_forecast")!.name = "get_daily_forecast";
    await writeFile(own, JSON.stringify(manifest));
    // npm run generate: a stub for the new name; then the build fails on the old name, which the user fixes.
    expect((await scaffold({ manifest: own, outDir: project })).created).toEqual(["src/handlers/get-daily-forecast.ts"]);
    await writeFile(forecast, (await readFile(forecast, "utf8")).replace('"get_forecast"', '"get_daily_forecast"'));
    const io = captureIo();
    expect(await run(["scaffold", own, "--out", project], io)).toBe(0);
    expect(await readFile(join(project, "src/generated/handlers.ts"), "utf8")).toContain('import getDailyForecastHandler from "../handlers/get-forecast.js";');
    expect(io.err).toBe(
      'warning: src/handlers/get-daily-forecast.ts implements tool "get_daily_forecast", which already has another handler file, src/handlers/get-forecast.ts, the one the server uses; an unimplemented stub, unused: delete it\n',
    );
    // Two implementations: the one at the tool's own name is used, the other is kept and named.
    await writeFile(join(project, "src/handlers/get-daily-forecast.ts"), (await readFile(forecast, "utf8")).replace("days: []", "days: [] as never[]"));
    const again = await scaffold({ manifest: own, outDir: project });
    expect(again.orphanedHandlers).toEqual([
      {
        path: "src/handlers/get-forecast.ts",
        kind: "tool",
        name: "get_daily_forecast",
        tool: "get_daily_forecast",
        reason: "duplicate",
        usedPath: "src/handlers/get-daily-forecast.ts",
      },
    ]);
  });

  it("-q prints nothing but errors: no input warnings, no orphaned handlers, no summary", async () => {
    const project = await tempProject();
    await mkdir(project, { recursive: true });
    const manifest = join(project, "tools.json");
    const tool = (name: string) => ({ name, inputSchema: { type: "object", patternProperties: { "[": { type: "string" } } } });
    await writeFile(manifest, JSON.stringify({ tools: [tool("alpha"), tool("beta")] }));
    let io = captureIo();
    expect(await run(["scaffold", manifest, "--out", project], io)).toBe(0);
    expect(io.err).toContain("warning: ");

    await writeFile(manifest, JSON.stringify({ tools: [tool("alpha")] }));
    io = captureIo();
    expect(await run(["scaffold", manifest, "--out", project, "-q"], io)).toBe(0);
    expect(io).toMatchObject({ out: "", err: "" });
    io = captureIo();
    expect(await run(["scaffold", manifest, "--out", project, "--check", "--quiet"], io)).toBe(0);
    expect(io).toMatchObject({ out: "", err: "" });

    io = captureIo();
    expect(await run(["scaffold", manifest, "--out", project], io)).toBe(0);
    expect(io.err).toContain("patternProperties");
    expect(io.err).toContain('warning: src/handlers/beta.ts implements tool "beta", which is no longer in the manifest');
  });
});

describe("handler files", () => {
  it.each([
    ["getWeather", "get-weather"],
    ["getWeather2", "get-weather2"],
    ["tool123start", "tool123start"],
    // A tool named con gets the method conTool (never a Windows device name), and so its file.
    ["conTool", "con-tool"],
    ["nulTool", "nul-tool"],
    ["thenTool", "then-tool"],
    ["toolU5929U6c17", "tool-u5929-u6c17"],
  ])("method %s lives in src/handlers/%s.ts", (methodName, base) => {
    expect(toolFileBase(methodName)).toBe(base);
  });

  it.each([
    ['defineHandler("get_weather", async () => 1)', "get_weather"],
    ["defineHandler('it\\'s', async () => 1)", "it's"],
    ['defineHandler(\n  "a \\"b\\"",\n  async () => 1)', 'a "b"'],
    ['defineHandler<"x">("x", h)', "x"],
    ['defineHandler("\\u00e9t\\u00e9", h)', "été"],
    ["defineHandler(NAME, h)", undefined],
    ['const NAME = "get_weather";\nexport default defineHandler(NAME, h);', "get_weather"],
    ["const TOOL: string = 'it\\'s' ;\ndefineHandler(TOOL)", "it's"],
    ['const $name = "x" as const;\ndefineHandler($name, h)', "x"],
    ['let NAME = "x";\ndefineHandler(NAME, h)', undefined],
    ["defineHandler(`list_alerts`, h)", "list_alerts"],
    ['defineHandler(`a\nb \\` "c"`, h)', 'a\nb ` "c"'],
    ["defineHandler(`get_${kind}`, h)", undefined],
    ['// defineHandler("old_tool", h)\n/* defineHandler("older", h) */\ndefineHandler("new_tool", h)', "new_tool"],
    ['const url = "http://x"; defineHandler("y", h)', "y"],
    ["export default {}", undefined],
  ])("definedTool(%j) is %j", (source, tool) => {
    expect(definedTool(source)).toBe(tool);
  });

  it.each([
    ['definePrompt("args-prompt", async () => "hi")', { kind: "prompt", name: "args-prompt" }],
    ['defineResource("file:///logs/app.log", () => "")', { kind: "resource", name: "file:///logs/app.log" }],
    ["defineResourceTemplate(\n  'repo_file',\n  async (_variables) => [])", { kind: "resource-template", name: "repo_file" }],
    ['const URI = "demo://x";\nexport default defineResource(URI, h);', { kind: "resource", name: "demo://x" }],
    ['// defineHandler("old", h)\ndefinePrompt("new", h)', { kind: "prompt", name: "new" }],
    ["definePrompt(`a${b}`, h)", undefined],
    // mcpgen's stub, even reformatted, implements nothing yet; a handler that does anything else does.
    [
      '/** doc */\nimport { defineHandler } from "../generated/define.js";\n\nexport default defineHandler("t", async (_input, _context) => {\n  throw new Error("not implemented: t");\n});\n',
      { kind: "tool", name: "t", stub: true },
    ],
    [
      "import {defineResourceTemplate} from '../../generated/define.js'\nexport default defineResourceTemplate(\n  'f',\n  async (_v) => { throw new Error('not implemented: f') },\n)",
      { kind: "resource-template", name: "f", stub: true },
    ],
    [
      'import { defineHandler } from "../generated/define.js";\nexport default defineHandler("t", async (input) => {\n  throw new Error("not implemented: t");\n});',
      { kind: "tool", name: "t" },
    ],
    [
      'import { defineHandler } from "../generated/define.js";\nexport default defineHandler("t", async () => {\n  throw new Error("not implemented: u");\n});',
      { kind: "tool", name: "t" },
    ],
    [
      'import { defineHandler } from "../generated/define.js";\nlog();\nexport default defineHandler("t", async () => {\n  throw new Error("not implemented: t");\n});',
      { kind: "tool", name: "t" },
    ],
  ])("definedHandler(%j) is %j", (source, found) => {
    expect(definedHandler(source)).toEqual(found);
  });

  // A file that starts like a stub and then holds a long blank run (a block of comments is blanked before the match)
  // is read at once, not after minutes of backtracking. No timing is asserted (speed is `npm run bench`'s): with
  // 200,000 blanks at any of these places, a quadratic match takes minutes, past the test's timeout.
  const blanks = " ".repeat(200_000);
  const opened =
    'import { defineHandler } from "../generated/define.js";\nexport default defineHandler("t", async (_input) => {\n  throw new Error("not implemented: t")';
  it.each([
    ["after the throw", `${opened}${blanks}return 1;\n});`],
    ["after the handler", `${opened};\n}${blanks}, x);`],
    ["after the call", `${opened};\n})${blanks}x`],
    ["after the import", `import { defineHandler } from "../generated/define.js"${blanks}x`],
    ["in the import", `import { defineHandler, type X${blanks}x`],
    ["after a define call's name", `import { defineHandler } from "../generated/define.js";\ndefineHandler${blanks}x`],
  ])("definedHandler reads a file with a long blank run %s", { timeout: 30_000 }, (_where, source) => {
    expect(definedHandler(source)).toEqual(source.includes('"t"') ? { kind: "tool", name: "t" } : undefined);
  });

  const ir = (names: string[], prompts: string[] = []) =>
    ({
      tools: names.map((wireName) => ({ wireName, fileBase: toolFileBase(wireName.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())) })),
      prompts: prompts.map((wireName) => ({ wireName, fileBase: `get-${wireName}-prompt`, methodName: "m" })),
      resourceTemplates: [],
      resources: [],
    }) as unknown as ManifestIR;
  const tool = (name: string) => ({ kind: "tool" as const, name });

  it("are planned: an implementing file wins, a foreign file at the tool's own name is stepped around", () => {
    // As scanHandlers returns it: sorted by path.
    const onDisk = new Map([
      ["src/handlers/copy.ts", tool("get_forecast")],
      ["src/handlers/get-weather.ts", tool("get_forecast")],
      ["src/handlers/helpers.ts", undefined],
      ["src/handlers/old.ts", tool("old_tool")],
    ]);
    const plan = planHandlers(ir(["get_weather", "get_forecast"]), onDisk);
    expect([...plan.paths.tool]).toEqual([
      ["get_weather", "src/handlers/get-weather-2.ts"],
      ["get_forecast", "src/handlers/copy.ts"],
    ]);
    expect(plan.orphans).toEqual([
      { path: "src/handlers/get-weather.ts", kind: "tool", name: "get_forecast", tool: "get_forecast", reason: "duplicate", usedPath: "src/handlers/copy.ts" },
      { path: "src/handlers/old.ts", kind: "tool", name: "old_tool", tool: "old_tool", reason: "removed" },
    ]);
  });

  it("prefers the tool's own file among several that implement it, and uses a file whose define call it cannot read as the user's", () => {
    const onDisk = new Map<string, ScannedFile>([
      ["src/handlers/a.ts", tool("get_weather")],
      ["src/handlers/get-weather.ts", tool("get_weather")],
      ["src/handlers/get-forecast.ts", "unreadable" as const],
    ]);
    expect([...planHandlers(ir(["get_weather", "get_forecast"]), onDisk).paths.tool.values()]).toEqual([
      "src/handlers/get-weather.ts",
      "src/handlers/get-forecast.ts",
    ]);
  });

  it("steps around a file that defines nothing (a user's helper) at a tool's or prompt's own name", () => {
    const onDisk = new Map([
      ["src/handlers/get-report-prompt.ts", undefined],
      ["src/handlers/get-weather.ts", undefined],
    ]);
    const plan = planHandlers(ir(["get_weather"], ["report"]), onDisk);
    expect([...plan.paths.tool]).toEqual([["get_weather", "src/handlers/get-weather-2.ts"]]);
    expect([...plan.paths.prompt]).toEqual([["report", "src/handlers/get-report-prompt-2.ts"]]);
    expect(plan.orphans).toEqual([]);
  });

  it("tells a prompt's handler from a tool's of the same name, and reports a removed prompt's handler", () => {
    const onDisk = new Map<string, { kind: "tool" | "prompt"; name: string }>([
      ["src/handlers/get-report-prompt.ts", tool("report")],
      ["src/handlers/report.ts", { kind: "prompt" as const, name: "report" }],
      ["src/handlers/summary.ts", { kind: "prompt" as const, name: "summary" }],
    ]);
    const plan = planHandlers(ir(["report"], ["report"]), onDisk);
    expect([...plan.paths.tool]).toEqual([["report", "src/handlers/get-report-prompt.ts"]]);
    expect([...plan.paths.prompt]).toEqual([["report", "src/handlers/report.ts"]]);
    expect(plan.orphans).toEqual([{ path: "src/handlers/summary.ts", kind: "prompt", name: "summary", reason: "removed" }]);
  });

  it.each([
    ["weather-server", "weather-server"],
    ["My Server", "my-server"],
    ["..", "mcp-server"],
    ["_x", "x"],
    ["node_modules", "mcp-server"],
  ])("package name from directory %j is %j", (directory, name) => {
    expect(packageName(directory)).toBe(name);
  });
});
