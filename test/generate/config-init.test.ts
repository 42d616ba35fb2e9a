/**
 * `mcpgen init`: a starter configuration from the servers in the project's
 * `.mcp.json`, `.vscode/mcp.json` and `.cursor/mcp.json`, valid by both the
 * validator and the published schema, never overwriting a configuration.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ajvModule from "ajv";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { McpgenError } from "../../src/shared/errors.js";
import { loadConfig } from "../../src/commands/config.js";
import { initConfig, targetName } from "../../src/commands/init.js";
import { repoRoot } from "../helpers/typecheck.js";

// A CommonJS module seen from ESM: the class is the `default` of `module.exports`.
const Ajv = ajvModule.default;

const fixtureProject = join(repoRoot, "test", "fixtures", "project");

/** The fixture's MCP configuration files (and nothing else) in a fresh directory. */
async function projectWithMcpFiles(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "mcpgen-init-"));
  await cp(join(fixtureProject, ".mcp.json"), join(root, ".mcp.json"));
  await cp(join(fixtureProject, ".vscode"), join(root, ".vscode"), { recursive: true });
  return root;
}

const cli = runCli;

describe("mcpgen init", () => {
  it("writes one server target per server in .mcp.json and .vscode/mcp.json, the first file winning a name", async () => {
    const root = await projectWithMcpFiles();
    const result = await initConfig({ cwd: root });
    expect(result.written).toBe(true);
    expect(result.servers).toEqual([
      { name: "github", target: "github", file: join(root, ".mcp.json") },
      { name: "linear", target: "linear", file: join(root, ".mcp.json") },
      { name: "my files", target: "my-files", file: join(root, ".vscode", "mcp.json") },
    ]);
    const text = await readFile(join(root, "mcpgen.config.json"), "utf8");
    expect(JSON.parse(text)).toEqual({
      $schema: "./node_modules/mcpgen/schema/mcpgen.config.schema.json",
      targets: [
        { name: "github", server: "github", out: "src/mcp/github" },
        { name: "linear", server: "linear", out: "src/mcp/linear" },
        { name: "my-files", server: "my files", out: "src/mcp/my-files" },
      ],
    });
    // Nothing from the entries themselves (commands, variables, secrets) is copied.
    expect(text).not.toContain("GITHUB_TOKEN");
    const config = await loadConfig({ cwd: root });
    expect(config.targets.map((target) => target.source)).toEqual([
      { kind: "server", server: "github", transport: undefined, timeoutMs: undefined },
      { kind: "server", server: "linear", transport: undefined, timeoutMs: undefined },
      { kind: "server", server: "my files", transport: undefined, timeoutMs: undefined },
    ]);
    const schema = JSON.parse(await readFile(join(repoRoot, "schema", "mcpgen.config.schema.json"), "utf8")) as object;
    expect(new Ajv({ strictRequired: false }).validate(schema, JSON.parse(text))).toBe(true);
  });

  it("reads .cursor/mcp.json too, and leaves user-level files out", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-init-"));
    await mkdir(join(root, ".cursor"));
    await writeFile(join(root, ".cursor", "mcp.json"), JSON.stringify({ mcpServers: { "@acme/db": { url: "http://127.0.0.1:9/mcp" } } }));
    const result = await initConfig({ cwd: root, check: true });
    expect(result.config?.targets).toEqual([{ name: "acme-db", server: "@acme/db", out: "src/mcp/acme-db" }]);
  });

  it("never overwrites a configuration", async () => {
    const root = await projectWithMcpFiles();
    await writeFile(join(root, "mcpgen.config.json"), '{ "targets": [] }\n');
    const error = await initConfig({ cwd: root }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).message).toMatch(/mcpgen\.config\.json already exists; mcpgen init never overwrites a configuration/);
    expect(await readFile(join(root, "mcpgen.config.json"), "utf8")).toBe('{ "targets": [] }\n');

    const viaCli = await cli(["init"], root);
    expect(viaCli.code).toBe(1);
    expect(viaCli.stderr).toMatch(/^error: mcpgen\.config\.json: mcpgen\.config\.json already exists/);
    expect(await readFile(join(root, "mcpgen.config.json"), "utf8")).toBe('{ "targets": [] }\n');
  });

  it("through the CLI: --check exits 1 while there is none and writes nothing; init writes; --check then exits 0", async () => {
    const root = await projectWithMcpFiles();
    const before = await cli(["init", "--check"], root);
    expect(before.code).toBe(1);
    expect(before.stderr).toMatch(/^mcpgen\.config\.json does not exist; mcpgen init would write:\n\{/);
    await expect(readFile(join(root, "mcpgen.config.json"))).rejects.toThrow();

    const written = await cli(["init"], root);
    expect(written.code).toBe(0);
    expect(written.stdout).toContain('wrote mcpgen.config.json with 3 targets\n  github: server "github" from .mcp.json\n');
    expect(written.stdout).toContain("next: mcpgen pull (fetches");
    // Another file: the commands to run next name it, or they would not find it.
    const named = await cli(["init", "--config", "ci.config.json"], root);
    expect(named.stdout).toContain(
      "next: mcpgen pull --config ci.config.json (fetches each server's tools and generates), then commit the snapshots; mcpgen generate --config ci.config.json works",
    );

    // Named, but the one a run from here finds by itself (it walks up): the commands need no --config.
    const fresh = await projectWithMcpFiles();
    await mkdir(join(fresh, "sub"));
    const above = await cli(["init", "--config", "../mcpgen.config.json"], join(fresh, "sub"));
    expect(above.stdout).toContain("next: mcpgen pull (fetches");

    const after = await cli(["init", "--check", "--json"], root);
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ file: join(root, "mcpgen.config.json"), written: false });
  });

  it("without any MCP configuration: says so, writes nothing, and exits 2 (--check: 1, there is no configuration)", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-init-"));
    const result = await cli(["init"], root);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      'error: no MCP servers found in .mcp.json, .vscode/mcp.json, .cursor/mcp.json; nothing written\n  hint: add a server to .mcp.json, or write mcpgen.config.json yourself, e.g. { "targets": [{ "name": "weather", "manifest": "weather.tools.json", "out": "src/mcp/weather" }] }\n',
    );
    expect(await readdir(root)).toEqual([]);
    // A check that finds no configuration fails (1), as documented, server or not; it never says "nothing written": it writes nothing.
    const checked = await cli(["init", "--check"], root);
    expect(checked.code).toBe(1);
    expect(checked.stderr).toBe(
      'mcpgen.config.json does not exist, and mcpgen init would write none: no MCP servers found in .mcp.json, .vscode/mcp.json, .cursor/mcp.json\n  hint: add a server to .mcp.json, or write mcpgen.config.json yourself, e.g. { "targets": [{ "name": "weather", "manifest": "weather.tools.json", "out": "src/mcp/weather" }] }\n',
    );
  });

  it("writes the configuration where --config says, into a directory that exists", async () => {
    const root = await projectWithMcpFiles();
    const result = await cli(["init", "--config", "tools/mcpgen.config.json"], root);
    // The directory of --config must exist: init creates one file, not a tree.
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot write .*mcpgen\.config\.json: its directory does not exist/);
    await mkdir(join(root, "tools"));
    const again = await cli(["init", "--config", "tools/mcpgen.config.json"], root);
    // A configuration looks its servers up beside itself: those of the working directory's .mcp.json could not be pulled from tools/.
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /^error: no MCP servers found in tools\/\.mcp\.json, tools\/\.vscode\/mcp\.json, tools\/\.cursor\/mcp\.json; nothing written\n/,
    );
    await cp(join(root, ".mcp.json"), join(root, "tools", ".mcp.json"));
    const beside = await cli(["init", "--config", "tools/mcpgen.config.json"], root);
    expect(beside.code).toBe(0);
    expect(JSON.parse(await readFile(join(root, "tools", "mcpgen.config.json"), "utf8"))).toMatchObject({
      $schema: "./node_modules/mcpgen/schema/mcpgen.config.schema.json",
      targets: [
        { name: "github", server: "github", out: "src/mcp/github" },
        { name: "linear", server: "linear", out: "src/mcp/linear" },
      ],
    });
    // What init wrote names servers the configuration finds (as pull and auth look them up: from its directory).
    const { findServerConfig } = await import("../../src/acquire/server-config.js");
    const { Secrets } = await import("../../src/acquire/sanitize.js");
    const config = await loadConfig({ config: "tools/mcpgen.config.json", cwd: root });
    const context = { cwd: config.root, home: root, env: { GITHUB_TOKEN: "t0ken-value" }, platform: "linux", trust: { trusted: true } };
    for (const target of config.targets) {
      if (target.source.kind !== "server") throw new Error("a server target expected");
      await expect(findServerConfig(target.source.server, context, new Secrets())).resolves.toMatchObject({ file: join(root, "tools", ".mcp.json") });
    }
  });

  it("a write the file system refuses is an error naming the file, not a crash", async () => {
    const root = await projectWithMcpFiles();
    await writeFile(join(root, "notes"), "a file, not a directory\n");
    const result = await cli(["init", "--config", "notes/mcpgen.config.json"], root);
    // ENOTDIR: exit 1 with the file and the reason in words, where it was an internal error (70) with a stack.
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("error: notes/mcpgen.config.json: cannot write notes/mcpgen.config.json: a part of the path is a file, not a directory\n");
  });

  it.each([
    ["github", "github"],
    ["my files", "my-files"],
    ["@scope/server", "scope-server"],
    ["--flag", "flag"],
    ["日本", "server"],
  ])("target names are plain words: %s → %s", (server, name) => {
    expect(targetName(server)).toBe(name);
  });
});
