/**
 * Messages a person (or a model reading a tool result) acts on, each asserted
 * word for word: what a value may be, where a JSON file breaks, a directory
 * given as a manifest, the version, and the commands that have nothing to do.
 * (Elsewhere: a stdio server's stdout in test/pull/pull-faults.test.ts, the
 * scaffolded server's unknown tool in test/scaffold/scaffold-runtime.test.ts, `init`
 * without servers in test/generate/config-init.test.ts.)
 */
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as mapping from "../../golden/type-mapping/validate.js";
import * as weather from "../../golden/weather/validate.js";
import { generateValidators } from "../helpers/generated-validators.js";
import { cliIn } from "../helpers/project.js";
import { repoRoot } from "../helpers/typecheck.js";

const scratch = () => mkdtemp(join(tmpdir(), "mcpgen-messages-"));

describe("validation issues for enum and const", () => {
  it("name the allowed values", () => {
    expect(weather.validateInput("get_weather", { location: "Oslo", units: "kelvin" })).toEqual({
      ok: false,
      issues: [{ path: "/units", message: 'must be one of "metric", "imperial"' }],
    });
    const result = mapping.validateInput("literals", { kind: "other", answer: 41 });
    expect(result.ok === false && result.issues.filter((issue) => issue.path === "/kind" || issue.path === "/answer")).toEqual([
      { path: "/kind", message: 'must be "fixed"' },
      { path: "/answer", message: "must be 42" },
    ]);
  });

  it("name at most ten, and cut a long value", async () => {
    const { validateOutput } = await generateValidators(
      [
        { name: "many", inputSchema: { type: "object" }, outputSchema: { enum: Array.from({ length: 25 }, (_, index) => `v${index}`) } },
        { name: "long", inputSchema: { type: "object" }, outputSchema: { const: { text: "x".repeat(100) } } },
      ],
      "messages",
    );
    expect(validateOutput("many", "nope")).toEqual({
      ok: false,
      issues: [{ path: "", message: 'must be one of "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", … (15 more)' }],
    });
    expect(validateOutput("long", {})).toEqual({ ok: false, issues: [{ path: "", message: `must be {"text":"${"x".repeat(51)}…` }] });
  });
});

describe("a number beyond a double's range", () => {
  it("leaves its tool out, named at the number: neither the snapshot (as null) nor the code has it", async () => {
    const root = await scratch();
    const big = '{ "name": "big", "inputSchema": { "type": "object", "properties": { "x": { "enum": [1e400, 1] }, "y": { "const": 1e400 } } } }';
    const small = '{ "name": "small", "inputSchema": { "type": "object", "properties": { "x": { "enum": [1e300, 1] } } } }';
    await writeFile(join(root, "big.tools.json"), `{ "tools": [${big}, ${small}] }\n`);
    const result = await cliIn(root, ["generate", "big.tools.json", "--out", "out"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'warning: big.tools.json: tool "big" at /tools/0/inputSchema/properties/x/enum/0: left out: a number too large for JSON numbers in JavaScript (a literal such as 1e400 reads as Infinity, and would be written back as null)\n' +
        "  hint: write the number within ±1.7976931348623157e308, or leave the keyword out\n",
    );
    const snapshot = JSON.parse(await readFile(join(root, "out/manifest.json"), "utf8")) as { tools: unknown[] };
    expect(snapshot.tools).toEqual([JSON.parse(small)]);
    const written = await readdir(join(root, "out"), { recursive: true });
    for (const file of written.filter((name) => name.endsWith(".ts"))) expect(await readFile(join(root, "out", file), "utf8"), file).not.toContain('"big"');
  });
});

describe("a manifest that is not JSON", () => {
  it("is located by line and column, with its line and a caret", async () => {
    const root = await scratch();
    await writeFile(join(root, "bad.tools.json"), '{\n  "tools": [\n    { "name": "x", }\n  ]\n}\n');
    const result = await cliIn(root, ["generate", "bad.tools.json", "--out", "out"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: bad.tools.json: not valid JSON at line 3, column 20: Expected double-quoted property name\n" +
        '  3 |     { "name": "x", }\n' +
        "    |                    ^\n" +
        "  hint: the manifest must be the JSON of a tools/list result, a JSON-RPC response, or an mcpgen manifest\n",
    );
  });

  it("in mcpgen.config.json, with comments, is located in the file as written", async () => {
    const root = await scratch();
    await writeFile(
      join(root, "mcpgen.config.json"),
      '{\n  /* a comment\n     over two lines */\n  "targets": [\n    { "name": "a" "manifest": "a.json" }\n  ]\n}\n',
    );
    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: mcpgen.config.json: not valid JSON at line 5, column 19: Expected ',' or '}' after property value\n" +
        '  5 |     { "name": "a" "manifest": "a.json" }\n' +
        "    |                   ^\n" +
        "  hint: mcpgen.config.json is JSON (comments and trailing commas are allowed)\n",
    );
  });
});

describe("an MCP client's configuration that is not JSON", () => {
  it("is located by line and column, and none of its lines is quoted (they hold tokens)", async () => {
    const root = await scratch();
    const token = "sk-live-0123456789abcdef";
    await writeFile(
      join(root, ".mcp.json"),
      `{\n  "mcpServers": {\n    "api": { "url": "http://127.0.0.1:9/mcp", "headers": { "Authorization": "Bearer ${token}" } }\n    "next": {}\n  }\n}\n`,
    );
    const result = await cliIn(root, ["init"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: ${join(root, ".mcp.json")}: not valid JSON at line 4, column 5: Expected ',' or '}' after property value\n  hint: MCP configuration files are JSON (comments and trailing commas are allowed)\n`,
    );
    expect(result.stderr).not.toContain(token);
  });
});

describe("a manifest path that is not a readable file", () => {
  it("a directory is said in words, and its manifest.json suggested", async () => {
    const root = await scratch();
    await mkdir(join(root, "src/mcp/weather"), { recursive: true });
    const bare = await cliIn(root, ["generate", "src", "--out", "out"]);
    expect(bare.stderr).toBe(
      "error: src: cannot read the manifest: it is a directory, not a file\n  hint: pass the path of a tools/list JSON file, or - to read stdin\n",
    );
    await writeFile(join(root, "src/mcp/weather/manifest.json"), "{}");
    const output = await cliIn(root, ["scaffold", "src/mcp/weather", "--out", "server"]);
    expect(output.code).toBe(1);
    expect(output.stderr).toBe(
      "error: src/mcp/weather: cannot read the manifest: it is a directory, not a file; did you mean src/mcp/weather/manifest.json?\n  hint: pass the path of a tools/list JSON file, or - to read stdin\n",
    );
  });

  it("a path through a file is said in words", async () => {
    const root = await scratch();
    await writeFile(join(root, "file"), "");
    const result = await cliIn(root, ["generate", "file/tools.json", "--out", "out"]);
    expect(result.stderr).toMatch(/^error: file\/tools\.json: cannot read the manifest: a part of the path is a file, not a directory\n/);
  });
});

describe("the version", () => {
  const version = async () => (JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

  it.each([["-v"], ["-V"], ["--version"], ["version"]])("mcpgen %s prints it", async (flag) => {
    const result = await cliIn(repoRoot, [flag]);
    expect(result).toEqual({ code: 0, stdout: `${await version()}\n`, stderr: "" });
  });

  it("after a command, -v is still --verbose", async () => {
    const root = await scratch();
    const result = await cliIn(root, ["generate", join(repoRoot, "examples/weather.tools.json"), "--out", "out", "-v"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\n {2}normalize +\d+\.\d ms\n/);
  });
});

describe("commands with nothing to do", () => {
  it("generate with a configuration that has no targets says so", async () => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), '{ "targets": [] }\n');
    const result = await cliIn(root, ["generate"]);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'error: mcpgen.config.json has no targets: there is nothing to generate\n  hint: add one to "targets", e.g. { "name": "weather", "manifest": "weather.tools.json", "out": "src/mcp/weather" }\n',
    });
    expect(await readdir(root)).toEqual(["mcpgen.config.json"]);
  });
});
