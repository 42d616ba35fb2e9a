/**
 * `mcpgen pull` over a configuration: server targets are the only ones that
 * reach a server (a real SDK server over Streamable HTTP on 127.0.0.1); the
 * snapshot they save is what `mcpgen generate` then works from, offline.
 */
import { describeFieldChanges, differences, type ToolChange } from "../../src/commands/drift.js";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pullProject } from "../../src/commands/project.js";
import { sampleTool, streamableHttpServer, toolServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { fixture } from "../helpers/pull.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListPromptsRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { agePast, changedPaths, cliIn, fixtureCopy, treeState } from "../helpers/project.js";

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(names: string[]): Promise<RunningServer> {
  const server = await streamableHttpServer(() => toolServer(names.map((name) => sampleTool(name))));
  running.push(server);
  return server;
}

/** Points the project's `github` server at `url` in .mcp.json. */
async function configure(root: string, url: string): Promise<void> {
  await writeFile(join(root, ".mcp.json"), JSON.stringify({ mcpServers: { github: { type: "http", url } } }, null, 2));
}

const snapshotTools = async (root: string) =>
  (JSON.parse(await readFile(join(root, "src/mcp/github/manifest.json"), "utf8")) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);

describe("mcpgen pull over a configuration", () => {
  it("a server target's prompts: pulled and counted; a prompt the server adds is drift for pull --check", async () => {
    const prompts: Array<{ name: string; description?: string }> = [{ name: "triage", description: "Triage an issue." }];
    const server = await streamableHttpServer(() => {
      const made = new Server({ name: "prompting", version: "1.0.0" }, { capabilities: { tools: {}, prompts: {} } });
      made.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [sampleTool("search_issues")] }));
      made.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts }));
      return made;
    });
    running.push(server);
    const root = await fixtureCopy("pull-surface");
    await configure(root, server.url.href);
    const pulled = await cliIn(root, ["pull", "github"]);
    expect(pulled).toMatchObject({ code: 0, stderr: "" });
    expect(pulled.stdout).toContain("github: pulled 1 tool, 1 prompt from github (.mcp.json) into src/mcp/github (9 files written");
    expect(await cliIn(root, ["pull", "--check", "github"])).toMatchObject({ code: 0 });

    prompts.push({ name: "summary" });
    const checked = await cliIn(root, ["pull", "--check", "github"]);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toContain('  + prompt "summary" (new prompt)\n');
    expect(checked.stderr).toContain('compatible: prompt "summary": new prompt (prompt-added)');
    // Below its failOn, the same drift passes, with a note.
    expect(await cliIn(root, ["pull", "--check", "github", "--fail-on", "breaking"])).toMatchObject({ code: 0 });
  });

  it("refreshes every server target's snapshot, then generates every target; generate is then current offline", async () => {
    const server = await serve(["search_issues", "create_issue"]);
    const root = await fixtureCopy("pull");
    await configure(root, server.url.href);

    const pulled = await cliIn(root, ["pull"]);
    expect(pulled.stderr).toBe("");
    expect(pulled.code).toBe(0);
    expect(pulled.stdout.split("\n").filter(Boolean)).toEqual([
      "weather: generated 3 tools into src/mcp/weather (11 files written, 0 unchanged)",
      "notes-types: generated 2 tools into src/mcp/notes (types only; 2 files written, 0 unchanged)",
      "notes: scaffolded 2 tools into server (23 files written: 16 generated, 7 created for you to edit; 0 unchanged)",
      "  created: .gitignore, README.md, package.json, src/server.ts, tsconfig.json",
      "  new handler stubs: src/handlers/add-note.ts, src/handlers/list-notes.ts",
      "  next: cd server && npm install && npm run build, then node dist/server.js serves stdio (server/README.md says how to add it to an MCP client)",
      "github: pulled 2 tools from github (.mcp.json) into src/mcp/github (10 files written, 0 unchanged)",
    ]);
    expect(await snapshotTools(root)).toEqual(["search_issues", "create_issue"]);
    expect(server.requests.length).toBeGreaterThan(0);

    const requests = server.requests.length;
    expect(await cliIn(root, ["generate", "--check"])).toMatchObject({
      code: 0,
      stdout: [
        "weather: src/mcp/weather is up to date (3 tools, 11 files)",
        "notes-types: src/mcp/notes is up to date (2 tools, 2 files)",
        "notes: server is up to date (2 tools, 16 files)",
        "github: src/mcp/github is up to date (2 tools, 10 files)",
        "",
      ].join("\n"),
    });
    expect(server.requests.length).toBe(requests);
  });

  it("pull --check: exit 0 while the server matches the snapshot, exit 1 with the drift when it does not; writes nothing", async () => {
    const root = await fixtureCopy("pull");
    const first = await serve(["search_issues", "create_issue"]);
    await configure(root, first.url.href);
    expect((await cliIn(root, ["pull", "-q"])).code).toBe(0);
    expect(await cliIn(root, ["pull", "--check", "github"])).toEqual({
      code: 0,
      stdout: "github: src/mcp/github is up to date with github (.mcp.json) (2 tools, 10 files)\n",
      stderr: "",
    });

    const changed = await serve(["search_issues", "close_issue"]);
    await configure(root, changed.url.href);
    await agePast(root);
    const before = await treeState(root);
    const drift = await cliIn(root, ["pull", "--check"]);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toContain(
      'github: github (.mcp.json) no longer matches src/mcp/github/manifest.json:\n  + "close_issue" (new tool)\n  - "create_issue" (tool removed)\n',
    );
    expect(drift.stderr).toMatch(/\n {2}stale: types\.ts \(\+\d+ -\d+\)\n/);
    expect(drift.stderr).toMatch(/run: mcpgen pull github\n$/);
    expect(changedPaths(before, await treeState(root)).written).toEqual([]);

    const result = await pullProject({ cwd: root, targets: ["github"], check: true, environment: {} });
    expect(result.targets[0]!.drift).toMatchObject({ added: ["close_issue"], removed: ["create_issue"] });
    expect(result.targets[0]!.server).toMatchObject({ transport: "http", tools: 2, configFile: join(root, ".mcp.json") });
  });

  it("trustProjectConfig counts in a configuration the program gives as an object, not in the project's own file", async () => {
    const server = await serve(["search_issues"]);
    const root = await mkdtemp(join(tmpdir(), "mcpgen-trust-claim-"));
    // A remote entry that sends a variable: it needs trust.
    await writeFile(join(root, ".mcp.json"), JSON.stringify({ mcpServers: { docs: { url: server.url.href, headers: { "X-Key": "${DOCS_KEY}" } } } }));
    const document = { trustProjectConfig: true, targets: [{ name: "docs", server: "docs", out: "gen/docs", format: false }] };
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify(document));
    const environment = { DOCS_KEY: "docs-key-5678", MCPGEN_CONFIG_DIR: join(root, "config") };
    const fromFile = await pullProject({ cwd: root, environment });
    expect(fromFile.errors.map((error) => error.diagnostic.code)).toEqual(["trust-required"]);
    expect(fromFile.errors[0]!.diagnostic.hint).toContain(`"trustProjectConfig": true in ${join(root, "mcpgen.config.json")} is not honoured`);
    const fromObject = await pullProject({ cwd: root, config: document, environment });
    expect(fromObject.errors).toEqual([]);
    expect(fromObject.targets[0]!.server).toMatchObject({ transport: "http", tools: 1 });
  });

  it("a server target's first pull writes its snapshot (there is none to keep yet)", async () => {
    const server = await serve(["search_issues"]);
    const root = await mkdtemp(join(tmpdir(), "mcpgen-first-pull-"));
    await writeFile(
      join(root, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "fresh", server: server.url.href, out: "gen/fresh", format: false }] }),
    );
    const result = await pullProject({ cwd: root });
    expect(result.errors).toEqual([]);
    expect(result.targets[0]!.files).toContainEqual({ path: "manifest.json", status: "created" });
    expect(JSON.parse(await readFile(join(root, "gen/fresh/manifest.json"), "utf8"))).toMatchObject({
      generatedBy: "mcpgen",
      tools: [{ name: "search_issues" }],
    });
    expect(await cliIn(root, ["generate", "--check"])).toMatchObject({ code: 0 });
  });

  it("pull --check prints commands that work: pull for the server targets, generate for the others", async () => {
    const root = await fixtureCopy("pull");
    const first = await serve(["search_issues", "create_issue"]);
    await configure(root, first.url.href);
    expect((await cliIn(root, ["pull", "-q"])).code).toBe(0);
    await configure(root, (await serve(["search_issues", "close_issue"])).url.href);
    const contract = join(root, "contracts/weather.tools.json");
    await writeFile(contract, (await readFile(contract, "utf8")).replace('"imperial"', '"kelvin"'));

    const stale = await cliIn(root, ["pull", "--check"]);
    expect(stale.code).toBe(1);
    const run = /\nrun: (.*)\n$/.exec(stale.stderr)?.[1];
    expect(run).toBe("mcpgen pull github && mcpgen generate weather");
    for (const command of run!.split(" && ")) expect((await cliIn(root, command.split(" ").slice(1))).code, command).toBe(0);
    expect((await cliIn(root, ["pull", "--check"])).code).toBe(0);
  });

  it("an unreachable server leaves its target as it was, named with its URL; every other target is refreshed; exit 1", async () => {
    const root = await fixtureCopy("pull");
    const first = await serve(["search_issues"]);
    await configure(root, first.url.href);
    expect((await cliIn(root, ["pull", "-q"])).code).toBe(0);
    // The server goes away; meanwhile the weather contract changes, and the snapshot gets a query token to mask.
    const url = new URL(first.url.href);
    url.searchParams.set("token", "sekrit-0123456789");
    await first.close();
    running.splice(running.indexOf(first), 1);
    await configure(root, url.href);
    const contract = join(root, "contracts/weather.tools.json");
    await writeFile(contract, (await readFile(contract, "utf8")).replace('"imperial"', '"kelvin"'));
    await agePast(root);
    const before = await treeState(root);

    const result = await cliIn(root, ["pull", "--timeout", "5"]);
    expect(result.code).toBe(1);
    const shown = `${first.url.href}?token=***`;
    expect(result.stderr).toContain(`error: github: cannot connect to github (.mcp.json) at ${shown} (Streamable HTTP): connection refused`);
    expect(result.stderr).toMatch(/\n1 of 4 targets failed and was left as it was \(github\); the other 3 were written\n$/);
    expect(result.stdout).toContain("weather: generated 3 tools into src/mcp/weather (3 files written, 8 unchanged)\n");
    expect(result.stdout + result.stderr).not.toContain("sekrit-0123456789");
    const changed = changedPaths(before, await treeState(root));
    expect(changed.written).toHaveLength(3);
    expect(changed.written.filter((path) => !path.startsWith("src/mcp/weather/"))).toEqual([]);
    expect(changed).toMatchObject({ added: [], removed: [] });

    const json = await cliIn(root, ["pull", "--timeout", "5", "--json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { ok: boolean; committed: string[]; errors: Array<{ target: string }> };
    expect(report).toMatchObject({ ok: false, committed: ["weather", "notes-types", "notes"], errors: [{ target: "github" }] });
  });

  it("generate stays all or nothing: one target that fails writes nothing anywhere", async () => {
    const root = await fixtureCopy("pull");
    await writeFile(join(root, "contracts/notes.tools.json"), "{ not json");
    const before = await treeState(root);
    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nothing written: 2 of 4 targets failed\n$/);
    expect(changedPaths(before, await treeState(root))).toEqual({ written: [], contentChanged: [], added: [], removed: [] });
  });

  it("a configured env value the server also uses in its schema: the contract is kept, the warnings and the drift never print it", async () => {
    const root = await fixtureCopy("pull");
    const secret = "tok_live_0123456789";
    await writeFile(
      join(root, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          github: { command: process.execPath, args: [fixture("scripted-server.mjs"), "enum-words"], env: { LOG_LEVEL: "info", SECRET_TOKEN: "${MY_TOKEN}" } },
        },
      }),
    );
    process.env["MY_TOKEN"] = secret;
    try {
      const pulled = await cliIn(root, ["pull", "github"]);
      expect(pulled.code).toBe(0);
      const snapshot = JSON.parse(await readFile(join(root, "src/mcp/github/manifest.json"), "utf8"));
      expect(snapshot.tools[0].inputSchema.properties.level).toMatchObject({ enum: ["debug", "info", "warn", secret], default: "info" });
      expect(Object.keys(snapshot.tools[0].inputSchema.properties)).toEqual(["level", "info", "message", secret]);
      expect(await readFile(join(root, "src/mcp/github/types.ts"), "utf8")).toMatch(/level: "debug" \| "info" \| "warn" \| "tok_live_0123456789"/);
      expect(pulled.stderr).toContain(
        'warning: github: github (.mcp.json): tool "log" at /tools/0/inputSchema/properties/level/enum/3: the server echoes the value of a header or environment variable given to it into its contract; kept as sent',
      );
      expect(pulled.stderr).toContain('tool "log" at /tools/0/inputSchema/properties/***: the server echoes');
      expect(pulled.stderr + pulled.stdout).not.toContain(secret);

      delete snapshot.tools[0].inputSchema.properties[secret];
      await writeFile(join(root, "src/mcp/github/manifest.json"), JSON.stringify(snapshot));
      const drift = await cliIn(root, ["pull", "--check", "github"]);
      expect(drift.code).toBe(1);
      expect(drift.stderr).toContain('\n  ~ "log": inputSchema changed at /properties/***\n');
      expect(drift.stderr + drift.stdout).not.toContain(secret);
    } finally {
      delete process.env["MY_TOKEN"];
    }
  });
});

describe("drift lines", () => {
  it("name a field changed at its root without a dangling 'at', and list the pointers of one changed inside", () => {
    const change: ToolChange = {
      name: "create_entities",
      fields: [
        { field: "description", change: "changed", pointers: [""] },
        { field: "inputSchema", change: "changed", pointers: ["", "/properties/a"] },
        { field: "title", change: "added", pointers: [] },
      ],
    };
    expect(describeFieldChanges(change, (text) => text)).toBe("description changed; inputSchema changed at /properties/a; title added");
  });

  it("point at a property whose name holds / or ~ with its RFC 6901 token", () => {
    const before = { properties: { "a/b": { type: "string" }, "~c": { type: "string" }, d: { type: "string" } } };
    const after = { properties: { "a/b": { type: "number" }, "~c": { type: "number" }, d: { type: "string" } } };
    expect(differences(before, after)).toEqual(["/properties/a~1b/type", "/properties/~0c/type"]);
  });
});
