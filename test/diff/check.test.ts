/**
 * The classification beside `--check`: `pull --check` prints the drift of
 * the live tools classified, and `--fail-on` (a target's `failOn`) decides
 * which drift fails (default: any, as ever); `generate --check --json`
 * carries the manifest's change since its snapshot.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { sampleTool, streamableHttpServer, toolServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { repoRoot } from "../helpers/typecheck.js";

describe("pull --check and failOn", () => {
  const servers: RunningServer[] = [];
  let before: RunningServer;
  let compatible: RunningServer;
  let breaking: RunningServer;
  let marked: RunningServer;
  let project = "";

  beforeAll(async () => {
    const markedTool = sampleTool("kept");
    const markedInput = {
      ...markedTool.inputSchema,
      properties: { ...markedTool.inputSchema.properties, count: { type: "integer", minimum: 0, "x-mcp-header": "Count" } },
    };
    [before, compatible, breaking, marked] = await Promise.all([
      streamableHttpServer(() => toolServer([sampleTool("kept")])),
      streamableHttpServer(() => toolServer([sampleTool("kept"), sampleTool("added")])),
      streamableHttpServer(() => toolServer([sampleTool("other")])),
      streamableHttpServer(() => toolServer([{ ...markedTool, inputSchema: markedInput }])),
    ]);
    servers.push(before, compatible, breaking, marked);
    project = await mkdtemp(join(tmpdir(), "mcpgen-diff-check-"));
    expect((await runCli(["pull", before.url.href, "--out", "out", "-q"], project)).code).toBe(0);
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it("drift below --fail-on passes, with the drift classified in a note; any drift fails by default", async () => {
    const tolerated = await runCli(["pull", compatible.url.href, "--out", "out", "--check", "--fail-on", "breaking"], project);
    expect(tolerated.code).toBe(0);
    expect(tolerated.stderr).toBe(
      [
        `note: ${compatible.url.href} drifted from out/manifest.json, by no change its failOn fails on:`,
        "  contract: 1 compatible",
        '    compatible: tool "added": new tool (tool-added)',
        "",
      ].join("\n"),
    );
    expect(tolerated.stdout).toBe(`out is up to date with ${compatible.url.href} (2 tools, 10 files)\n`);
    expect((await runCli(["pull", compatible.url.href, "--out", "out", "--check"], project)).code).toBe(1);
    expect((await runCli(["pull", compatible.url.href, "--out", "out", "--check", "--fail-on", "any"], project)).code).toBe(1);
  });

  it("drift at --fail-on fails, listing the breaking change", async () => {
    const run = await runCli(["pull", breaking.url.href, "--out", "out", "--check", "--fail-on", "breaking", "--no-diff"], project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('    breaking for clients: tool "kept": tool removed (tool-removed)\n');
    expect(run.stderr).toContain("  contract: 1 breaking for clients, 1 compatible\n");
  });

  it("an argument the server newly marks x-mcp-header is drift that breaks clients, not drift below --fail-on breaking", async () => {
    const run = await runCli(["pull", marked.url.href, "--out", "out", "--check", "--fail-on", "breaking", "--no-diff"], project);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("  contract: 1 breaking for clients\n");
    expect(run.stderr).toContain(
      '    breaking for clients: tool "kept": argument "count" now sent in header Mcp-Param-Count at /inputSchema/properties/count/x-mcp-header (tool-header-added)\n',
    );
  });

  it("a configuration's target sets its own failOn; --fail-on overrides it", async () => {
    await writeFile(
      join(project, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "remote", server: compatible.url.href, out: "out", failOn: "breaking" }] }),
    );
    const own = await runCli(["pull", "--check"], project);
    expect(own.code).toBe(0);
    expect(own.stderr).toMatch(/^note: remote: .* drifted from .*manifest\.json, by no change its failOn fails on:\n {2}contract: 1 compatible\n/);
    expect((await runCli(["pull", "--check", "--fail-on", "any"], project)).code).toBe(1);
    expect((await runCli(["pull", compatible.url.href, "--out", "out", "--fail-on", "any"], project)).code).toBe(2);
  });
});

describe("mcpgen diff against a live server", () => {
  it("masks a secret the server echoes into its contract, in every format", async () => {
    const secret = "s3cr3t-diff-token-1234";
    const server = await streamableHttpServer(() =>
      toolServer([sampleTool("kept", { inputSchema: { type: "object", properties: { mode: { type: "string", enum: ["plain", secret] } } } })]),
    );
    try {
      const project = await mkdtemp(join(tmpdir(), "mcpgen-diff-secret-"));
      await writeFile(
        join(project, "old.json"),
        JSON.stringify({ tools: [{ ...sampleTool("kept"), inputSchema: { type: "object", properties: { mode: { type: "string", enum: ["plain"] } } } }] }),
      );
      for (const format of ["text", "markdown", "json"]) {
        const run = await runCli(["diff", "old.json", server.url.href, "-H", `X-Key: ${secret}`, "--format", format, "--fail-on", "none"], project);
        expect(run.code, run.stderr).toBe(0);
        expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
        expect(run.stdout).toMatch(/\*\*\*|\\\*\\\*\\\*/);
        expect(run.stdout).toContain("input-enum-value-added");
      }
    } finally {
      await server.close();
    }
  });
});

describe("generate --check", () => {
  it("--json carries the manifest's change since its snapshot, classified", async () => {
    const project = await mkdtemp(join(tmpdir(), "mcpgen-diff-generate-"));
    const manifest = join(project, "weather.json");
    await writeFile(manifest, await readFile(join(repoRoot, "test", "fixtures", "diff", "weather-v1.json"), "utf8"));
    expect((await runCli(["generate", "weather.json", "--out", "out", "-q"], project)).code).toBe(0);
    await writeFile(manifest, await readFile(join(repoRoot, "test", "fixtures", "diff", "weather-v2.json"), "utf8"));
    const run = await runCli(["generate", "weather.json", "--out", "out", "--check", "--json"], project);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout) as { contract: { counts: unknown; changes: Array<{ rule: string }> } };
    expect(result.contract.counts).toEqual({ "breaking-for-clients": 6, "breaking-for-servers": 1, review: 5, compatible: 4 });
    expect(result.contract.changes.map((change) => change.rule)).toContain("tool-removed");
  });
});
