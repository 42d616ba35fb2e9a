/**
 * The library API as a build script uses it, without the CLI: `generate`,
 * `check`, `pull` and `scaffold` from the package entry point, for one
 * manifest and for a configuration; and the package's typings as a consumer
 * sees them (`import ... from "mcpgen"` type-checked against dist/).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import {
  check,
  ConfigError,
  generate,
  initConfig,
  loadConfig,
  McpgenError,
  pull,
  readManifestFile,
  renderManifest,
  writeFiles,
  scaffold,
  watchProject,
  type ConfigDocument,
  type GenerateResult,
  type ProjectResult,
  type PullResult,
} from "../../src/index.js";
import { sampleTool, streamableHttpServer, toolServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { fixtureCopy, treeState } from "../helpers/project.js";
import { repoRoot, typecheck } from "../helpers/typecheck.js";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

describe("the library API", () => {
  it("the pipeline written out as src/index.ts shows it writes what generate writes", async () => {
    const root = await fixtureCopy("api-pipeline");
    const manifest = join(root, "contracts/weather.tools.json");
    const outDir = join(root, "by-stage");
    const raw = await readManifestFile(manifest);
    const { ir, files } = await renderManifest(raw, { outDir });
    const written = await writeFiles(files, outDir);
    expect(ir.tools.map((tool) => tool.wireName)).toEqual(["get_weather", "get_forecast", "list_alerts"]);
    expect(written.map((file) => [file.path, file.status])).toEqual(files.map((file) => [file.path, "created"]));
    const whole = await generate({ manifest, outDir: join(root, "whole") });
    expect(files.map((file) => file.path)).toEqual(whole.files.map((file) => file.path));
    expect(files.map((file) => file.path)).toContain("validators/get-weather.ts");
    for (const file of files) expect(await readFile(join(outDir, file.path), "utf8")).toBe(await readFile(join(root, "whole", file.path), "utf8"));
  });

  it("generate and check: one manifest, as before", async () => {
    const root = await fixtureCopy("api");
    const outDir = join(root, "one");
    const manifest = join(root, "contracts/weather.tools.json");
    const stale = await check({ manifest, outDir });
    expectTypeOf(stale).toEqualTypeOf<GenerateResult>();
    expect(stale.upToDate).toBe(false);
    expect(stale.files.every((file) => file.status === "created" && file.lines !== undefined && file.lines.added > 0)).toBe(true);

    const written = await generate({ manifest, outDir });
    expectTypeOf(written).toEqualTypeOf<GenerateResult>();
    expect(written.files.map((file) => file.status)).toEqual(Array(11).fill("created"));
    expect(written.diagnostics).toEqual([]);
    expect((await check({ manifest, outDir })).upToDate).toBe(true);
  });

  it("generate and check: a configuration, found from cwd, named, or given as an object", async () => {
    const root = await fixtureCopy("api");
    const before = await check({ cwd: root });
    expectTypeOf(before).toEqualTypeOf<ProjectResult>();
    expect(before).toMatchObject({ ok: true, upToDate: false, written: false, configFile: join(root, "mcpgen.config.json") });

    const result = await generate({ cwd: root });
    expectTypeOf(result).toEqualTypeOf<ProjectResult>();
    expect(result.written).toBe(true);
    expect(result.targets.map((target) => [target.name, target.emit, target.tools, target.files.length])).toEqual([
      ["weather", "client", 3, 11],
      ["notes-types", "types", 2, 2],
      ["notes", "server", 2, 16],
      ["github", "client", 1, 9],
    ]);
    expect((await check({ config: join(root, "mcpgen.config.json"), targets: ["notes"] })).upToDate).toBe(true);

    // A configuration object: paths relative to `cwd`.
    const inline = await generate({
      cwd: root,
      config: { targets: [{ name: "w", manifest: "contracts/weather.tools.json", out: "inline", emit: "types", format: false }] },
    });
    expect(inline.configFile).toBeUndefined();
    expect([...(await treeState(join(root, "inline"))).keys()]).toEqual(["manifest.json", "types.ts"]);
    expect((await loadConfig({ cwd: root })).targets).toHaveLength(4);
  });

  it("the project forms throw what stops a whole run: ConfigError with every problem, a usage error (docs/library.md)", async () => {
    const root = await fixtureCopy("api-errors");
    // As a program might build it from data: not what the type allows.
    const document = JSON.parse('{ "targets": [{ "name": "w", "manifest": "m.json", "out": "o", "emit": "sever" }, { "name": "x" }] }') as ConfigDocument;
    const invalid = await generate({ cwd: root, config: document }).catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(ConfigError);
    expect(invalid).toBeInstanceOf(McpgenError);
    expect((invalid as ConfigError).diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual([
      ["config-invalid", "/targets/0/emit"],
      ["config-invalid", "/targets/1"],
      ["config-invalid", "/targets/1"],
    ]);
    const unknown = await check({ cwd: root, targets: ["nope"] }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpgenError);
    expect((unknown as McpgenError).diagnostic.code).toBe("usage");
    // A target's own failure is not thrown: it is in the result's errors, and nothing was written.
    const failed = await generate({ cwd: root, config: { targets: [{ name: "w", manifest: "missing.json", out: "o" }] } });
    expect(failed).toMatchObject({ ok: false, written: false, errors: [{ target: "w", diagnostic: { code: "input-unreadable" } }] });
  });

  it("the single-run forms refuse an option a JavaScript caller got wrong with a usage error, before anything is read or written", async () => {
    const root = await fixtureCopy("api-options");
    const outDir = join(root, "out");
    const manifest = join(root, "m.json");
    await writeFile(manifest, JSON.stringify({ tools: [{ name: "t", inputSchema: { type: "object" } }] }));
    for (const importExtension of [".ts", "TS", "mts"]) {
      const refused = await generate({ manifest, outDir, importExtension: importExtension as never }).catch((error: unknown) => error);
      expect(refused, importExtension).toBeInstanceOf(McpgenError);
      expect((refused as McpgenError).diagnostic.code).toBe("usage");
      expect((refused as McpgenError).message).toContain(`importExtension must be "js" or "ts", not ${JSON.stringify(importExtension)}`);
    }
    const pulled = await pull({ command: [process.execPath, "-e", ""], outDir, capabilities: "sampling" as never }).catch((error: unknown) => error);
    expect(pulled).toBeInstanceOf(McpgenError);
    expect((pulled as McpgenError).diagnostic.code).toBe("usage");
    expect(existsSync(outDir)).toBe(false);
  });

  it("pull: one server into a directory, or the server targets of a configuration", async () => {
    const server = await streamableHttpServer(() => toolServer([sampleTool("search_issues")]));
    running.push(server);
    const root = await fixtureCopy("api");
    const single = await pull({ target: server.url.href, outDir: join(root, "pulled") });
    expectTypeOf(single).toEqualTypeOf<PullResult>();
    expect(single.server).toMatchObject({ transport: "http", tools: 1 });

    await writeFile(join(root, ".mcp.json"), JSON.stringify({ mcpServers: { github: { url: server.url.href } } }));
    const project = await pull({ cwd: root, targets: ["github"], environment: {} });
    expectTypeOf(project).toEqualTypeOf<ProjectResult>();
    expect(project.targets.map((target) => [target.name, target.server?.tools])).toEqual([["github", 1]]);
    expect(JSON.parse(await readFile(join(root, "src/mcp/github/manifest.json"), "utf8"))).toMatchObject({ tools: [{ name: "search_issues" }] });
  });

  it("scaffold, init and watchProject are exported too", async () => {
    const root = await fixtureCopy("api");
    const result = await scaffold({ manifest: join(root, "contracts/notes.tools.json"), outDir: join(root, "srv") });
    expect(result.handlers.map((handler) => handler.path)).toEqual(["src/handlers/add-note.ts", "src/handlers/list-notes.ts"]);
    const init = await initConfig({ cwd: root, check: true });
    expect(init.written).toBe(false);
    await watchProject({ cwd: root, signal: AbortSignal.abort(), onEvent: () => undefined });
  });
});

/** An ESM project with mcpgen installed as `npm install mcpgen` would: its package.json, "exports" and "types" (from dist/). */
async function consumerProject(prefix: string): Promise<string> {
  if (!existsSync(join(repoRoot, "dist", "src", "index.d.ts"))) throw new Error("dist/ has no index.d.ts: run `npm run build` before these tests");
  const consumer = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(consumer, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
  await mkdir(join(consumer, "node_modules"));
  await symlink(repoRoot, join(consumer, "node_modules", "mcpgen"), "dir");
  return consumer;
}

describe("the package's typings", () => {
  it('a consumer importing from "mcpgen" type-checks against dist/ (NodeNext and Bundler)', async () => {
    const consumer = await consumerProject("mcpgen-consumer-");
    await writeFile(
      join(consumer, "build.ts"),
      `import { check, generate, pull, scaffold, watchProject, McpgenError } from "mcpgen";
import type { GenerateResult, ProjectResult, PullResult, ScaffoldResult, TargetResult, WriteResult, WatchEvent } from "mcpgen";

const one: GenerateResult = await generate({ manifest: "weather.tools.json", outDir: "src/mcp/weather", emit: "types" });
const all: ProjectResult = await generate();
const some: ProjectResult = await generate({ config: "mcpgen.config.json", targets: ["weather"], format: false });
const stale: ProjectResult = await check({ cwd: "." });
const pulled: PullResult = await pull({ target: "https://example.com/mcp", outDir: "src/mcp/example" });
const servers: ProjectResult = await pull({ targets: ["github"], timeoutMs: 5000 });
const server: ScaffoldResult = await scaffold({ manifest: "notes.tools.json", outDir: "server" });
const files: WriteResult[] = all.targets.flatMap((target: TargetResult) => target.files);
const changed: number = files.filter((file) => file.status !== "unchanged").reduce((sum, file) => sum + (file.lines?.added ?? 0), 0);
const controller = new AbortController();
await watchProject({ signal: controller.signal, onEvent: (event: WatchEvent) => void (event.kind === "generated" ? event.result.files : event.kind) });
if (!stale.upToDate) process.exitCode = 1;
export { one, some, pulled, servers, server, changed, McpgenError };

// @ts-expect-error an output directory without a manifest is neither form
await generate({ outDir: "out" });
// @ts-expect-error emit is "client" or "types" for one manifest ("server" is scaffold)
await generate({ manifest: "m.json", outDir: "out", emit: "server" });
// @ts-expect-error check has no check option
await check({ manifest: "m.json", outDir: "out", check: false });
`,
    );
    for (const mode of ["NodeNext", "Bundler"] as const) {
      const result = await typecheck([], mode, {
        files: [join(consumer, "build.ts")],
        types: ["node"],
        compilerOptions: { typeRoots: [join(repoRoot, "node_modules", "@types")] },
      });
      expect(result.output, mode).toBe("");
      expect(result.ok).toBe(true);
    }
  });

  it("the declarations need no @types/node: a consumer with only the ES and DOM libs type-checks", async () => {
    const consumer = await consumerProject("mcpgen-consumer-nonode-");
    await writeFile(
      join(consumer, "build.ts"),
      `import { check, generate, pull, scaffold, type InputStream } from "mcpgen";

async function* text(): AsyncGenerator<string> {
  yield '{"tools": []}';
}
const stdin: InputStream = text();
await generate({ manifest: "-", outDir: "out", stdin });
await scaffold({ manifest: "-", outDir: "server", stdin: [new Uint8Array([123, 125])].values() as unknown as InputStream });
await pull({ target: "https://example.com/mcp", outDir: "out", platform: "darwin" });
await check({ cwd: "." });
// @ts-expect-error stdin yields text or bytes
await generate({ manifest: "-", outDir: "out", stdin: [1, 2] });
`,
    );
    const result = await typecheck([], "NodeNext", { files: [join(consumer, "build.ts")], types: [], lib: ["ES2022", "DOM"] });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("generate reads `-` from any async iterable of text or bytes", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-stdin-"));
    async function* chunks(): AsyncGenerator<string | Uint8Array> {
      yield '{"tools": [{"name": "ping", "inputSchema": {"type": "obj';
      yield new TextEncoder().encode('ect"}}]}');
    }
    const result = await generate({ manifest: "-", outDir: join(root, "out"), stdin: chunks(), format: false });
    expect(result.ir.tools.map((tool) => tool.wireName)).toEqual(["ping"]);
    expect(await readFile(join(root, "out", "types.ts"), "utf8")).toContain("ping");
  });

  it('package.json points "types" and "exports" at the emitted declarations', async () => {
    const manifest = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as {
      types: string;
      exports: { ".": { types: string; default: string } };
    };
    expect(manifest.exports["."].types).toBe(manifest.types);
    expect(existsSync(join(repoRoot, manifest.types))).toBe(true);
    expect(existsSync(join(repoRoot, manifest.exports["."].default))).toBe(true);
  });
});
