/**
 * Finding a server by name in the configuration files users already have:
 * one test per file format, variable expansion, precedence, errors, and two
 * whole pulls through a configured name (stdio and Streamable HTTP).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Secrets } from "../../src/acquire/sanitize.js";
import { parseJsonc } from "../../src/shared/json-file.js";
import { McpgenError } from "../../src/shared/errors.js";
import { pull, resolveServer, type PullOptions } from "../../src/commands/pull.js";
import { sampleTool, streamableHttpServer, toolServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { fixture, readTree, tempDir } from "../helpers/pull.js";
import { runCli } from "../helpers/cli.js";

async function writeJson(path: string, text: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** A project directory and a home directory, both empty. */
async function dirs() {
  return { cwd: await tempDir("project"), home: await tempDir("home") };
}

async function resolve(options: Partial<PullOptions> & { cwd: string; home: string }, platform: NodeJS.Platform = "linux") {
  const secrets = new Secrets();
  const resolved = await resolveServer({ outDir: "unused", environment: {}, platform, ...options }, secrets);
  return { ...resolved, secrets };
}

async function resolveError(options: Partial<PullOptions> & { cwd: string; home: string }): Promise<McpgenError> {
  const error = await resolve(options).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(McpgenError);
  return error as McpgenError;
}

describe("configuration file formats", () => {
  it(".mcp.json (mcpServers): a stdio server with ${VAR} and ${VAR:-default} expansion", async () => {
    const { cwd, home } = await dirs();
    await writeJson(
      join(cwd, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          github: {
            command: "npx",
            args: ["-y", "@example/github-mcp", "--org", "${GITHUB_ORG:-acme}"],
            env: { GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG_LEVEL: "debug" },
            cwd: "tools",
          },
        },
      }),
    );
    const { spec, configFile, secrets } = await resolve({ target: "github", cwd, home, environment: { GITHUB_TOKEN: "ghp_abcdefghijklmnop" } });
    expect(configFile).toBe(join(cwd, ".mcp.json"));
    expect(spec).toEqual({
      transport: "stdio",
      command: "npx",
      args: ["-y", "@example/github-mcp", "--org", "acme"],
      env: { GITHUB_TOKEN: "ghp_abcdefghijklmnop", LOG_LEVEL: "debug" },
      cwd: join(cwd, "tools"),
      label: "github (.mcp.json)",
      configEntry: { name: "github", file: ".mcp.json" },
    });
    expect(secrets.redact("token ghp_abcdefghijklmnop at debug level")).toBe("token *** at *** level");
    // A short value (a setting more than a credential) is masked only as a word of its own; a long one anywhere.
    expect(secrets.redact("debugging at level debug, debug_mode, (debug)")).toBe("debugging at level ***, debug_mode, (***)");
    expect(secrets.redact("x-ghp_abcdefghijklmnopz")).toBe("x-***z");
    expect(secrets.contains("debugger")).toBe(false);
    expect(secrets.contains("level=debug")).toBe(true);
  });

  it(".vscode/mcp.json (servers, with comments and trailing commas): an http server with ${env:VAR} in a header", async () => {
    const { cwd, home } = await dirs();
    await writeJson(
      join(cwd, ".vscode", "mcp.json"),
      `{
      // Servers for this workspace
      "inputs": [],
      "servers": {
        /* the remote one */
        "remote": {
          "type": "http",
          "url": "https://mcp.example.com/mcp?team=\${env:TEAM}",
          "headers": { "Authorization": "Bearer \${env:API_TOKEN}", },
        },
        "local": { "type": "stdio", "command": "node", "args": ["\${workspaceFolder}/server.js", "// not a comment"], },
      },
    }`,
    );
    const environment = { API_TOKEN: "vscode-token-1234", TEAM: "blue" };
    // A project file's remote entry sends these variables: trusted here (test/pull/secrets-destinations.test.ts tests the trust).
    const remote = await resolve({ target: "remote", cwd, home, environment, trustProjectConfig: true });
    expect(remote.spec).toEqual({
      transport: "http",
      url: new URL("https://mcp.example.com/mcp?team=blue"),
      headers: { Authorization: "Bearer vscode-token-1234" },
      label: "remote (.vscode/mcp.json)",
      configEntry: { name: "remote", file: ".vscode/mcp.json" },
    });
    expect(remote.secrets.redact("Bearer vscode-token-1234")).toBe("***");
    const local = await resolve({ target: "local", cwd, home, environment });
    expect(local.spec).toMatchObject({ transport: "stdio", command: "node", args: [`${cwd}/server.js`, "// not a comment"] });
  });

  it(".cursor/mcp.json (mcpServers): a url server without a type is tried with fallback", async () => {
    const { cwd, home } = await dirs();
    await writeJson(
      join(cwd, ".cursor", "mcp.json"),
      JSON.stringify({ mcpServers: { docs: { url: "http://127.0.0.1:9/sse", headers: { "X-Key": "cursor-key-000" } } } }),
    );
    const { spec, configFile } = await resolve({ target: "docs", cwd, home });
    expect(configFile).toBe(join(cwd, ".cursor", "mcp.json"));
    expect(spec).toMatchObject({ transport: "auto", headers: { "X-Key": "cursor-key-000" }, label: "docs (.cursor/mcp.json)" });
  });

  it("~/.cursor/mcp.json: the user-level Cursor file, with ${userHome}", async () => {
    const { cwd, home } = await dirs();
    await writeJson(join(home, ".cursor", "mcp.json"), JSON.stringify({ mcpServers: { notes: { command: "${userHome}/bin/notes-mcp" } } }));
    const { spec } = await resolve({ target: "notes", cwd, home });
    expect(spec).toMatchObject({ transport: "stdio", command: `${home}/bin/notes-mcp`, args: [], label: "notes (~/.cursor/mcp.json)" });
  });

  it.each([
    ["linux", (home: string) => join(home, ".config", "Claude", "claude_desktop_config.json"), {}],
    ["linux with XDG_CONFIG_HOME", (home: string) => join(home, "xdg", "Claude", "claude_desktop_config.json"), { XDG_CONFIG_HOME: "<home>/xdg" }],
    ["darwin", (home: string) => join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json"), {}],
    ["win32", (home: string) => join(home, "Roaming", "Claude", "claude_desktop_config.json"), { APPDATA: "<home>/Roaming" }],
  ] as const)("Claude Desktop's claude_desktop_config.json on %s", async (platform, path, env) => {
    const { cwd, home } = await dirs();
    const environment = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value.replace("<home>", home)]));
    await writeJson(
      path(home),
      JSON.stringify({
        mcpServers: { memory: { command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"], env: { MEMORY_FILE_PATH: "/data/memory.jsonl" } } },
      }),
    );
    const secrets = new Secrets();
    const { spec, configFile } = await resolveServer(
      { outDir: "unused", target: "memory", cwd, home, environment, platform: platform.split(" ")[0] as NodeJS.Platform },
      secrets,
    );
    expect(configFile).toBe(path(home));
    expect(spec).toMatchObject({
      transport: "stdio",
      command: "npx",
      env: { MEMORY_FILE_PATH: "/data/memory.jsonl" },
      label: "memory (Claude Desktop config)",
    });
  });

  it("reads an envFile, with the entry's env taking precedence", async () => {
    const { cwd, home } = await dirs();
    await writeFile(
      join(cwd, ".env.mcp"),
      '# secrets\nexport API_KEY="file-key-123"\nREGION=eu-west-1 # comment\nOVERRIDDEN=from-file\nQUOTED="a \\"b\\" # c" # a comment\nSINGLE=\'x # y\' # another\n',
    );
    await writeJson(
      join(cwd, ".vscode", "mcp.json"),
      JSON.stringify({ servers: { api: { command: "api-mcp", envFile: "${workspaceFolder}/.env.mcp", env: { OVERRIDDEN: "from-entry" } } } }),
    );
    const { spec } = await resolve({ target: "api", cwd, home });
    expect(spec).toMatchObject({ env: { API_KEY: "file-key-123", REGION: "eu-west-1", OVERRIDDEN: "from-entry", QUOTED: 'a "b" # c', SINGLE: "x # y" } });
  });

  it("says in words why an envFile cannot be read, naming it and the configuration", async () => {
    const { cwd, home } = await dirs();
    await mkdir(join(cwd, "env-dir"));
    for (const [envFile, reason] of [
      ["missing.env", "no such file"],
      ["env-dir", "it is a directory, not a file"],
    ] as const) {
      await writeJson(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { api: { command: "api-mcp", envFile } } }));
      const error = await resolveError({ target: "api", cwd, home });
      expect(error.message).toBe(`${join(cwd, ".mcp.json")}: cannot read the envFile ${join(cwd, envFile)}: ${reason}`);
    }
  });
});

describe("configuration lookup rules", () => {
  it("takes the first file naming the server: .mcp.json before .vscode, .cursor and user files", async () => {
    const { cwd, home } = await dirs();
    await writeJson(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { shared: { command: "from-mcp-json" } } }));
    await writeJson(join(cwd, ".vscode", "mcp.json"), JSON.stringify({ servers: { shared: { command: "from-vscode" }, other: { command: "x" } } }));
    await writeJson(join(cwd, ".cursor", "mcp.json"), JSON.stringify({ mcpServers: { shared: { command: "from-cursor" } } }));
    expect((await resolve({ target: "shared", cwd, home })).spec).toMatchObject({ command: "from-mcp-json" });
    expect((await resolve({ target: "other", cwd, home })).spec).toMatchObject({ command: "x", label: "other (.vscode/mcp.json)" });
  });

  it("lists the servers it did find when the name is unknown", async () => {
    const { cwd, home } = await dirs();
    await writeJson(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { alpha: { command: "a" } } }));
    await writeJson(join(cwd, ".vscode", "mcp.json"), JSON.stringify({ servers: { beta: { url: "https://b.example/mcp" } } }));
    const error = await resolveError({ target: "gamma", cwd, home });
    expect(error.message).toBe(
      'no MCP server named "gamma" in .mcp.json, .vscode/mcp.json, .cursor/mcp.json, ~/.cursor/mcp.json, Claude Desktop config; servers found: alpha (.mcp.json), beta (.vscode/mcp.json)\n  hint: pass an http(s):// URL, a command after -- (mcpgen pull --out dir -- npx -y some-server), or a server name from one of these files',
    );
  });

  it("a manifest file given as the server: pull points to generate, mock --record to mock; no server at all, in each one's words", async () => {
    const { cwd, home } = await dirs();
    await writeJson(join(cwd, "weather.tools.json"), '{ "tools": [] }');
    const file = await resolveError({ target: "./weather.tools.json", outDir: "x", cwd, home });
    expect(file.diagnostic).toMatchObject({
      code: "usage",
      message: '"./weather.tools.json" is a file, not an MCP server (an http(s):// URL, a server name from .mcp.json and the like, or a command after --)',
      hint: "a manifest is generated from with mcpgen generate ./weather.tools.json --out x",
    });
    const missing = await resolveError({ target: "gone.json", outDir: "x", cwd, home });
    expect(missing.diagnostic.message).toMatch(/^no MCP server named "gone\.json" in /);
    expect(missing.diagnostic.hint).toBe("there is no file gone.json either; a manifest is generated from with mcpgen generate gone.json --out x");
    expect((await resolveError({ outDir: "x", cwd, home })).diagnostic).toMatchObject({ code: "usage", message: "nothing to pull from" });
    const recordNothing = await runCli(["mock", "--record", "recx"], cwd);
    expect(recordNothing.stderr).toMatch(/^error: --record needs a live server to record\n {2}hint: .* \(mcpgen mock --record recx -- npx -y some-server\)\n$/);
    const recordFile = await runCli(["mock", "--record", "recx", "weather.tools.json"], cwd);
    expect(recordFile.stderr).toContain("hint: a manifest is mocked without --record: mcpgen mock weather.tools.json\n");
    expect(recordFile.code).toBe(2);
  });

  it.each([
    [
      "an unset variable",
      { command: "x", env: { TOKEN: "${NOT_SET}" } },
      ".mcp.json: at /mcpServers/s/env/TOKEN: ${NOT_SET} is used here but the environment variable NOT_SET is not set",
    ],
    [
      "an editor input prompt",
      { command: "x", args: ["${input:token}"] },
      ".mcp.json: at /mcpServers/s/args/0: ${input:token} asks the editor to prompt for a value, which mcpgen cannot do",
    ],
    ["an unknown variable", { command: "${command:pickFile}" }, ".mcp.json: at /mcpServers/s/command: unknown variable ${command:pickFile}"],
    ["neither command nor url", { env: {} }, ".mcp.json: at /mcpServers/s: a server entry needs a `command` (stdio) or a `url` (HTTP)"],
    ["an unknown type", { type: "websocket", url: "ws://x" }, '.mcp.json: at /mcpServers/s/type: unknown server `type` "websocket"'],
    ["args that are not strings", { command: "x", args: [1] }, ".mcp.json: at /mcpServers/s/args: `args` must be an array of strings"],
    [
      "a header value past Latin-1 (fetch would refuse it only once connecting, naming neither the header nor why)",
      { url: "http://127.0.0.1:9/mcp", headers: { "X-Key": "hidden-value-1 日本" } },
      ".mcp.json: at /mcpServers/s/headers/X-Key: the value of header X-Key has a character past U+00FF (the value is not shown: it may be a credential)",
    ],
    [
      "a header value with a line break inside it",
      { url: "http://127.0.0.1:9/mcp", headers: { "X-Key": "hidden-value-1\r\nX-Other: b\n" } },
      ".mcp.json: at /mcpServers/s/headers/X-Key: the value of header X-Key has a line break (the value is not shown: it may be a credential)",
    ],
    [
      "a header name that is no HTTP token",
      { url: "http://127.0.0.1:9/mcp", headers: { "X Key": "v" } },
      '.mcp.json: at /mcpServers/s/headers/X Key: header name "X Key" is not a valid HTTP header name',
    ],
  ])("rejects %s with the file and the place in it", async (_, entry, message) => {
    const { cwd, home } = await dirs();
    await writeJson(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { s: entry } }));
    const error = await resolveError({ target: "s", cwd, home });
    expect(error.message.split("\n")[0]!.replace(`${cwd}${sep}`, "")).toBe(message);
    expect(error.message).not.toContain("hidden-value-1");
  });

  it("rejects a file that is not JSON, naming it", async () => {
    const { cwd, home } = await dirs();
    await writeJson(join(cwd, ".mcp.json"), "{ mcpServers: ");
    const error = await resolveError({ target: "s", cwd, home });
    expect(error.diagnostic).toMatchObject({ code: "input-not-json", file: join(cwd, ".mcp.json") });
  });

  it("applies command-line overrides: --transport and --header on a url server, --env on a stdio server", async () => {
    const { cwd, home } = await dirs();
    await writeJson(
      join(cwd, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          web: { type: "http", url: "https://w.example/mcp", headers: { authorization: "Bearer old-token-000", "X-Keep": "kept-value" } },
          proc: { command: "proc-mcp", env: { A: "1" } },
        },
      }),
    );
    const web = await resolve({ target: "web", cwd, home, transport: "sse", headers: ["Authorization: Bearer new-token-111"] });
    expect(web.spec).toMatchObject({ transport: "sse", headers: { "X-Keep": "kept-value", Authorization: "Bearer new-token-111" } });
    expect((await resolve({ target: "proc", cwd, home, env: ["B=2"] })).spec).toMatchObject({ env: { A: "1", B: "2" } });
    expect((await resolveError({ target: "proc", cwd, home, headers: ["X: y"] })).diagnostic.code).toBe("usage");
    expect((await resolveError({ target: "web", cwd, home, transport: "stdio" })).diagnostic.code).toBe("usage");
  });

  it("parses JSONC without touching comment-like text inside strings", () => {
    expect(parseJsonc('{"a": "http://x//y", /* c */ "b": [1, 2,], // end\n "c": "/* no */",}')).toEqual({ a: "http://x//y", b: [1, 2], c: "/* no */" });
  });
});

describe("pulling a configured server", () => {
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  it("stdio from .mcp.json, with an env secret from ${VAR} kept out of the output", async () => {
    const { cwd, home } = await dirs();
    await writeJson(
      join(cwd, ".mcp.json"),
      JSON.stringify({
        mcpServers: { scripted: { command: process.execPath, args: [fixture("scripted-server.mjs"), "echo-secret"], env: { SECRET_TOKEN: "${MY_TOKEN}" } } },
      }),
    );
    const out = join(cwd, "generated");
    const result = await pull({ target: "scripted", outDir: out, cwd, home, environment: { MY_TOKEN: "sk-config-secret-42" }, timeoutMs: 5_000 });
    expect(result.server).toMatchObject({ label: "scripted (.mcp.json)", configFile: join(cwd, ".mcp.json"), transport: "stdio", tools: 1 });
    expect(JSON.stringify(await readTree(out))).not.toContain("sk-config-secret-42");
  });

  it("stdio from .mcp.json with a file that is not there: Node's error line, and where to fix the path", async () => {
    const { cwd, home } = await dirs();
    await writeJson(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: ["dist/srever.js"] } } }));
    const error = await pull({ target: "weather", outDir: join(cwd, "generated"), cwd, home, environment: {}, timeoutMs: 5_000 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).message).toContain(`Its stderr ended with:\n  | Error: Cannot find module '${join(cwd, "dist", "srever.js")}'\n`);
    expect((error as McpgenError).diagnostic.hint).toBe(
      `the server's file was not found: check the path in "command" and "args" of "weather" in .mcp.json; a relative path is resolved from ${cwd}, where the server runs (the entry's "cwd" sets it)`,
    );
  });

  it("Streamable HTTP from .vscode/mcp.json, with the header the server requires", async () => {
    const server = await streamableHttpServer(() => toolServer([sampleTool("configured")]), { requireHeader: ["Authorization", "Bearer cfg-token-777"] });
    running.push(server);
    const { cwd, home } = await dirs();
    await writeJson(
      join(cwd, ".vscode", "mcp.json"),
      JSON.stringify({ servers: { remote: { type: "http", url: server.url.href, headers: { Authorization: "Bearer ${env:CFG_TOKEN}" } } } }),
    );
    const out = join(cwd, "generated");
    const result = await pull({
      target: "remote",
      outDir: out,
      cwd,
      home,
      environment: { CFG_TOKEN: "cfg-token-777" },
      timeoutMs: 10_000,
      trustProjectConfig: true,
    });
    expect(result.server).toMatchObject({ label: "remote (.vscode/mcp.json)", transport: "http", tools: 1 });
    expect(JSON.stringify([await readTree(out), result.server])).not.toContain("cfg-token-777");
  });
});
