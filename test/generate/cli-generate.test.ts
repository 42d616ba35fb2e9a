/**
 * `mcpgen generate` as a user meets it: input shapes, errors that name the
 * file, tool and JSON pointer (exit 1, no stack trace, nothing written),
 * --check, and refusing to overwrite files mcpgen did not write.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { generate } from "../../src/commands/generate.js";
import { McpgenError } from "../../src/shared/errors.js";
import { repoRoot } from "../helpers/typecheck.js";

const weatherManifest = join(repoRoot, "examples/weather.tools.json");

const cli = runCli;

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), "mcpgen-cli-"));
}

async function manifestFile(contents: string): Promise<string> {
  const path = join(await scratch(), "bad.tools.json");
  await writeFile(path, contents);
  return path;
}

/** The generated `validateInput` of an output directory, loaded as a user's program would. */
async function loadValidateInput(out: string): Promise<(tool: string, value: unknown) => { ok: boolean; issues?: unknown }> {
  return ((await import(join(out, "validate.ts"))) as { validateInput: (tool: string, value: unknown) => { ok: boolean; issues?: unknown } }).validateInput;
}

const tool = (extra: Record<string, unknown>) => JSON.stringify({ tools: [{ name: "ok_tool", inputSchema: { type: "object" } }, extra] });

describe("input shapes", () => {
  const tools = [{ name: "echo", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } }];
  it.each([
    // Its last page: one with a nextCursor is warned about (below).
    ["a tools/list result", { tools }],
    ["a JSON-RPC response", { jsonrpc: "2.0", id: 1, result: { tools } }],
    ["an mcpgen manifest with unknown keys", { server: { name: "s", version: "1" }, protocolVersion: "2025-06-18", somethingElse: true, tools }],
  ])("accepts %s", async (_, document) => {
    const out = join(await scratch(), "out");
    const result = await cli(["generate", await manifestFile(JSON.stringify(document)), "--out", out]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain("export type EchoInput = {\n  text: string;\n};");
  });

  it("says that stdin was empty, and what to pipe, rather than where the JSON ended", async () => {
    const out = join(await scratch(), "out");
    for (const piped of [[], ["\n  "]]) {
      const error = await generate({ manifest: "-", outDir: out, stdin: Readable.from(piped) }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(McpgenError);
      expect((error as McpgenError).message).toBe(
        "<stdin>: standard input was empty: - reads the manifest from it\n  hint: pipe the manifest in (a tools/list result, a JSON-RPC response carrying one, or an mcpgen manifest), e.g. - < tools.json, or give the file's path instead of -",
      );
    }
    expect(existsSync(out)).toBe(false);
  });

  it("reads stdin with -", async () => {
    const out = join(await scratch(), "out");
    const result = await generate({ manifest: "-", outDir: out, stdin: Readable.from([JSON.stringify({ tools })]) });
    expect(result.ir.source).toBe("<stdin>");
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain("from <stdin>");
  });
});

describe("errors name the file, the tool and the JSON pointer, and write nothing", () => {
  it.each([
    ["not JSON", "{ tools: [", /bad\.tools\.json: not valid JSON/],
    ["no tools", JSON.stringify({ server: {} }), /bad\.tools\.json: at \/tools: no `tools` array/],
    ["tools not an array", JSON.stringify({ tools: {} }), /at \/tools: `tools` is not an array/],
    [
      "a JSON-RPC error",
      JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }),
      /at \/error: this JSON-RPC response is an error: "Method not found"/,
    ],
    ["a tool without a name", JSON.stringify({ tools: [{ inputSchema: { type: "object" } }] }), /at \/tools\/0\/name: tool has no `name`/],
  ])("%s", async (_, contents, message) => {
    const out = join(await scratch(), "out");
    const result = await cli(["generate", await manifestFile(contents), "--out", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/^error: /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
  });

  it("never prints control characters from server text (no terminal escape sequences)", async () => {
    const contents = tool({ name: "bad\u001b[2J", inputSchema: { type: "object", properties: { "x\u001b[31m\nred": { $ref: "#/nowhere" } } } });
    const result = await cli(["generate", await manifestFile(contents), "--out", join(await scratch(), "out"), "--strict"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("x\\u001b[31m\\u000ared/$ref");
    expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });

  it("prints bidirectional-text controls of server text as \\u escapes, in errors and warnings", async () => {
    const RAW_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const failing = tool({ name: "admin\u202e\u2066", inputSchema: { type: "object", properties: { "x\u2067": { $ref: "#/nowhere\u200f" } } } });
    // An unresolved $ref costs only its tool: --strict makes it the error this prints.
    const failed = await cli(["generate", await manifestFile(failing), "--out", join(await scratch(), "out"), "--strict"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('tool "admin\\u202e\\u2066" at /tools/1/inputSchema/properties/x\\u2067/$ref: $ref "#/nowhere\\u200f"');
    expect(failed.stderr).not.toMatch(RAW_BIDI);
    const warning = tool({ name: "admin\u202e", inputSchema: { type: "object", properties: { a: { $ref: "https://example.invalid/\u2066x\u2069" } } } });
    const warned = await cli(["generate", await manifestFile(warning), "--out", join(await scratch(), "out")]);
    expect(warned.code).toBe(0);
    expect(warned.stderr).toContain(
      'tool "admin\\u202e" at /tools/1/inputSchema/properties/a/$ref: external $ref "https://example.invalid/\\u2066x\\u2069" is never resolved',
    );
    expect(warned.stderr).not.toMatch(RAW_BIDI);

    // --json: the same \u escapes, which parse back to the tool's name as listed.
    const json = await cli(["generate", await manifestFile(warning), "--out", join(await scratch(), "out"), "--json"]);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toMatch(RAW_BIDI);
    expect(json.stdout).toContain('"tool": "admin\\u202e"');
    expect((JSON.parse(json.stdout) as { diagnostics: Array<{ tool: string }> }).diagnostics[0]!.tool).toBe("admin\u202e");
  });

  it("never prints a server's JSON-RPC error text raw (no forged lines, no escape sequences)", async () => {
    const contents = JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: 1, message: "\u001b[31mRED\u0007\nfake: ok\u009b2J\u2028" } });
    const result = await cli(["generate", await manifestFile(contents), "--out", join(await scratch(), "out")]);
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n").filter((line) => line.startsWith("fake"))).toEqual([]);
    expect(result.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u0080-\u009f\u2028]/);
  });

  it("a missing manifest file", async () => {
    const result = await cli(["generate", join(await scratch(), "nope.json"), "--out", join(await scratch(), "out")]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/nope\.json: cannot read the manifest: no such file/);
  });

  it.each([["generate"], ["scaffold"], ["mock"]])(
    "%s given a server's URL for the manifest: says to pull it, and never echoes the URL (its token)",
    async (command) => {
      const url = "https://mcp.example.com/mcp?token=s3cret-token";
      const result = await cli(command === "mock" ? ["mock", url] : [command, url, "--out", join(await scratch(), "out")]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^error: a server's URL is not a manifest: this command reads a manifest file\n {2}hint: pull the server \(mcpgen pull <url> --out <dir>\)/,
      );
      expect(result.stderr + result.stdout).not.toContain("s3cret-token");
    },
  );

  it("an --out that is a file: a user error, not an internal one", async () => {
    const file = join(await scratch(), "afile");
    await writeFile(file, "mine\n");
    const result = await cli(["generate", weatherManifest, "--out", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .*afile: cannot write the output: ENOTDIR/);
    expect(result.stderr).toMatch(/hint: the output must be a directory/);
    expect(await readFile(file, "utf8")).toBe("mine\n");
  });

  it("an empty --out (an unset variable in a script) is refused, not taken for the current directory", async () => {
    const cwd = await scratch();
    for (const args of [
      ["generate", weatherManifest, "--out", ""],
      ["scaffold", weatherManifest, "--out", " "],
      ["pull", "--out", "", "--", "x"],
    ]) {
      const result = await cli(args, cwd);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/argument '\s*' is invalid\. expected a directory, got an empty string/);
    }
    expect(await readdir(cwd)).toEqual([]);
  });

  it('a tool whose server requires a task (execution.taskSupport "required") is generated, with a note at the field and a JSDoc saying its calls fail; --strict keeps it a note', async () => {
    const manifest = await manifestFile(
      JSON.stringify({
        tools: [
          { name: "echo", inputSchema: { type: "object" }, execution: { taskSupport: "optional" } },
          { name: "simulate-research-query", inputSchema: { type: "object" }, execution: { taskSupport: "required" } },
        ],
      }),
    );
    const out = join(await scratch(), "client");
    const result = await cli(["generate", manifest, "--out", out, "--strict", "--json"]);
    expect(result.code).toBe(0);
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Array<{ severity: string; code: string; tool: string; pointer: string }> };
    expect(diagnostics.map(({ severity, code, tool, pointer }) => ({ severity, code, tool, pointer }))).toEqual([
      { severity: "warning", code: "task-required", tool: "simulate-research-query", pointer: "/tools/1/execution/taskSupport" },
    ]);
    const client = await readFile(join(out, "client.ts"), "utf8");
    const doc = (method: string) => new RegExp(String.raw`/\*\*((?:(?!\*/)[^])*)\*/\s*${method}\(`).exec(client)?.[1];
    expect(doc("simulateResearchQuery")).toContain("The server requires task augmentation for this tool");
    expect(doc("echo")).toBeDefined();
    expect(doc("echo")).not.toContain("task augmentation");
  });

  it("a path option starting with a ~ the shell left as it is (after =, in quotes) is refused, naming the option and home's path", async () => {
    const cwd = await scratch();
    const home = homedir();
    for (const [args, option, fromHome, full] of [
      [["generate", weatherManifest, "--out=~/src/mcp/weather"], "-o, --out <dir>", "$HOME/src/mcp/weather", join(home, "src/mcp/weather")],
      [["scaffold", weatherManifest, "--out", "~/srv"], "-o, --out <dir>", "$HOME/srv", join(home, "srv")],
      [["pull", "--out=~", "--", "x"], "-o, --out <dir>", "$HOME", home],
      [["mock", "--record", "~/my rec", "--", "x"], "--record <dir>", '"$HOME/my rec"', `'${join(home, "my rec")}'`],
      [["mock", weatherManifest, "--fixtures=~/fixtures"], "--fixtures <dir>", "$HOME/fixtures", join(home, "fixtures")],
      [["generate", "--config=~/mcpgen.config.json"], "-c, --config <file>", "$HOME/mcpgen.config.json", join(home, "mcpgen.config.json")],
      [["init", "--config", "~/mcpgen.config.json"], "-c, --config <file>", "$HOME/mcpgen.config.json", join(home, "mcpgen.config.json")],
    ] as const) {
      const result = await cli([...args], cwd);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr, args.join(" ")).toContain(
        `error: option '${option}' argument '${args.find((arg) => arg.includes("~"))!.replace(/^--\w+=/, "")}' is invalid. ~ is not expanded here`,
      );
      expect(result.stderr, args.join(" ")).toContain(`hint: write ${fromHome} or the full path, ${full}\n`);
    }
    expect(await readdir(cwd)).toEqual([]);
  });

  it("--json: a usage error on stdout too, with its hint apart; --help and --version stay text", async () => {
    const missing = await cli(["generate", weatherManifest, "--json"]);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toEqual({
      ok: false,
      errors: [
        {
          diagnostic: {
            severity: "error",
            code: "usage",
            message: "required option '-o, --out <dir>' not specified",
            hint: "give the output directory of the manifest, or write an mcpgen.config.json (mcpgen init)",
          },
        },
      ],
    });
    expect(missing.stderr).toContain("error: required option '-o, --out <dir>' not specified");
    const unknown = await cli(["generate", weatherManifest, "--out", "x", "--json", "--bogus"]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toEqual({
      ok: false,
      errors: [{ diagnostic: { severity: "error", code: "usage", message: "unknown option '--bogus'" } }],
    });
    const help = await cli(["generate", "--json", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcpgen generate/);
  });

  it('help: a repeatable option shows no "(default: [])"; a default that is one still shows', async () => {
    for (const command of ["pull", "diff", "mock"]) {
      const help = await cli([command, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/-H, --header <header>/);
      expect(help.stdout.replace(/\s+/g, " ")).not.toContain("(default: [])");
    }
    const init = await cli(["init", "--help"]);
    expect(init.stdout.replace(/\s+/g, " ")).toContain('the file to write (default: "mcpgen.config.json")');
  });

  it("a usage error with a hint of its own ends with the hint; one without still points to --help", async () => {
    const header = await cli(["pull", "https://x.example/mcp", "--out", "o", "--header", "X-Key: hidden-value-1\nb"]);
    expect(header.code).toBe(2);
    expect(header.stderr).toBe(
      "error: --header X-Key: its value has a line break (the value is not shown: it may be a credential)\n" +
        "  hint: an HTTP header value is one line of Latin-1 text (bytes): check the variable or the text that builds it, and encode other characters (e.g. percent-encoding)\n",
    );
    const misplaced = await cli(["generate", weatherManifest, "--out", "o", "--full-diff"]);
    expect(misplaced.stderr).toBe("error: --full-diff goes with --check\n(mcpgen generate --help lists the options)\n");
  });

  it("--json: errors on stdout too, and no raw C1 control or line separator from server text", async () => {
    const bad = await cli(["generate", await manifestFile("{"), "--out", join(await scratch(), "out"), "--json"]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, errors: [{ diagnostic: { code: "input-not-json" } }] });
    const hostile = await manifestFile(
      JSON.stringify({
        tools: [{ name: "csi\u009b31m\u2028x", inputSchema: { type: "object", properties: { a: { $ref: "http://example.invalid/\u009b" } } } }],
      }),
    );
    const result = await cli(["generate", hostile, "--out", join(await scratch(), "out"), "--json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[\u007f-\u009f\u2028\u2029]/);
    expect(result.stdout).toContain("\\u009b");
    const parsed = JSON.parse(result.stdout) as { diagnostics: Array<{ tool: string }> };
    expect(parsed.diagnostics[0]?.tool).toBe("csi\u009b31m\u2028x");
  });

  it("usage errors exit 2", async () => {
    const result = await cli(["generate", weatherManifest]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/required option '-o, --out <dir>'/);
  });

  it("a directory given as a second operand, without --out: the hint names it (generate and scaffold), and only that one", async () => {
    const cwd = await scratch();
    for (const [command, hint] of [
      [["generate", weatherManifest, "src/mcp/weather"], "did you mean --out src/mcp/weather?"],
      [["scaffold", weatherManifest, "weather server"], "did you mean --out 'weather server'?"],
      [["generate", weatherManifest, "other.json"], "give the output directory of the manifest, or write an mcpgen.config.json (mcpgen init)"],
      [["scaffold", weatherManifest], "give the project directory: mcpgen scaffold <manifest> --out <dir>"],
    ] as const) {
      const result = await cli([...command], cwd);
      expect(result.code, command.join(" ")).toBe(2);
      expect(result.stderr.startsWith(`error: required option '-o, --out <dir>' not specified\n  hint: ${hint}\n`), result.stderr).toBe(true);
    }
    expect((await cli(["scaffold", weatherManifest, "x", "--out", "y"], cwd)).stderr).toMatch(/^error: too many arguments for 'scaffold'/);
    // --emit server is scaffold's business: the error says so.
    expect((await cli(["generate", weatherManifest, "--emit", "server", "--out", "o"], cwd)).stderr).toMatch(
      /^error: option '--emit <kind>' argument 'server' is invalid\. Allowed choices are client, types\.\n {2}hint: for a server skeleton: mcpgen scaffold <manifest> --out <dir>\n/,
    );
    expect(await readdir(cwd)).toEqual([]);
  });

  it.each([
    [
      "an unknown option says where the options are",
      ["generate", "--frobnicate"],
      "error: unknown option '--frobnicate'\n(mcpgen generate --help lists the options)\n",
    ],
    [
      "with the closest option when there is one",
      ["pull", "--chek"],
      "error: unknown option '--chek'\n(Did you mean --check?)\n(mcpgen pull --help lists the options)\n",
    ],
    [
      "a long option with one dash is not read as short options: -out o7 is not -o ut",
      ["generate", weatherManifest, "-out", "o7"],
      "error: '-out' has one dash, so it would be read as -o with the value \"ut\"\n(Did you mean --out?)\n(mcpgen generate --help lists the options)\n",
    ],
    [
      "without repeating the value given with = (it may be a secret)",
      ["pull", "-env=TOKEN=sk-live-5ecret", "--out", "o7", "--", "node"],
      "error: '-env=…' has one dash, so it would be read as -e with the value \"nv=…\"\n(Did you mean --env?)\n(mcpgen pull --help lists the options)\n",
    ],
    [
      "nor one without a short option of its first letter, its value left out too",
      ["pull", "-header=Authorization: Bearer sk-live-5ecret", "--out", "o7"],
      "error: unknown option '-header=…'\n(Did you mean --header?)\n(mcpgen pull --help lists the options)\n",
    ],
    [
      "an unknown long option given a value with =, without repeating the value",
      ["pull", "--headr=Authorization: Bearer sk-live-5ecret", "--out", "o7"],
      "error: unknown option '--headr=…'\n(mcpgen pull --help lists the options)\n",
    ],
    [
      "nor one without a short option of its first letter",
      ["auth", "logout", "-json"],
      "error: unknown option '-json'\n(Did you mean --json?)\n(mcpgen auth logout --help lists the options)\n",
    ],
    ["an unknown command", ["generat"], "error: unknown command 'generat'\n(Did you mean generate?)\n(mcpgen --help lists the commands and options)\n"],
  ])("usage: %s", async (_, args, stderr) => {
    expect(await cli(args)).toEqual({ code: 2, stdout: "", stderr });
  });

  it("one dash is fine where it belongs: short options together, a value that starts with a dash, words after --", async () => {
    const out = join(await scratch(), "-out");
    expect(await cli(["generate", weatherManifest, "-qv", "--out", out])).toMatchObject({ code: 0, stderr: "" });
    expect(await cli(["generate", weatherManifest, "-o", "-out", "-q"], await scratch())).toMatchObject({ code: 0, stderr: "" });
  });

  it("pull without a configuration says how to pull one server, not to give a manifest", async () => {
    const result = await cli(["pull"], await scratch());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: no mcpgen\.config\.json in \S+ or any directory above it\n/);
    expect(result.stderr).toContain(
      "hint: run mcpgen init to write one, pass --config <file>, or pull one server: mcpgen pull <url | name> --out <dir>, or mcpgen pull --out <dir> -- <command>",
    );
    expect(result.stderr).not.toContain("manifest");
  });

  it("the installed binary prints no stack trace either", async () => {
    const bad = await manifestFile("[1, 2]");
    const failure = await promisify(execFile)(process.execPath, [join(repoRoot, "bin/mcpgen.js"), "generate", bad, "--out", join(await scratch(), "out")]).then(
      () => ({ code: 0, stderr: "" }),
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toBe(
      `error: ${bad}: at /: the manifest is not a JSON object\n  hint: expected { tools: [...] }, a JSON-RPC response { jsonrpc, id, result: { tools } }, or an mcpgen manifest\n`,
    );
  });
});

describe("review regressions", () => {
  it("a hand-written <out>/manifest.json is the input, never rewritten as a snapshot", async () => {
    const out = join(await scratch(), "out");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(out);
    const input = join(out, "manifest.json");
    const original = await readFile(weatherManifest, "utf8");
    await writeFile(input, original);
    const result = await cli(["generate", input, "--out", out]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(input, "utf8")).toBe(original);
    expect((await readdir(out)).sort()).toEqual([
      "calls.ts",
      "client.ts",
      "index.ts",
      "manifest.json",
      "runtime.ts",
      "types.ts",
      "validate.ts",
      "validator-runtime.ts",
      "validators",
    ]);
    expect((await cli(["generate", input, "--out", out, "--check"])).code).toBe(0);
  });

  it("a hand-written <out>/manifest.json named through a symbolic link is still the input", async () => {
    const root = await scratch();
    const { mkdir, symlink } = await import("node:fs/promises");
    await mkdir(join(root, "real"));
    await symlink(join(root, "real"), join(root, "link"));
    const original = await readFile(weatherManifest, "utf8");
    await writeFile(join(root, "real", "manifest.json"), original);
    const result = await cli(["generate", join(root, "link", "manifest.json"), "--out", join(root, "real")]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await readFile(join(root, "real", "manifest.json"), "utf8")).toBe(original);
  });

  it("a schema nested too deeply for the stack: a located user error, nothing written", async () => {
    const depth = 5000;
    const schema = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${"}}".repeat(depth)}`;
    const out = join(await scratch(), "out");
    const result = await cli(["generate", await manifestFile(`{"tools":[{"name":"deep","inputSchema":${schema}}]}`), "--out", out]);
    expect(result.code).toBe(1);
    // The pointer, 10,004 tokens long, is shown by its start and end (--json reports it whole).
    expect(result.stderr).toMatch(
      /bad\.tools\.json: tool "deep" at \/tools\/0\/inputSchema(\/properties\/a){7}\/properties\/…\(9980 more\)…\/a\/properties\/a\/properties\/a\/type: the manifest is nested too deeply to process \(the stack overflowed\); the deepest point, 10002 levels down, is here/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("a patternProperties key that is no regex at all does not leave additionalProperties: false rejecting valid data", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({
      tools: [
        {
          name: "pp",
          inputSchema: {
            type: "object",
            properties: { labels: { type: "object", patternProperties: { "^[\\w-.+$": { type: "string" } }, additionalProperties: false } },
          },
        },
      ],
    });
    const generated = await generate({ manifest: await manifestFile(contents), outDir: out });
    expect(generated.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["pattern-invalid", "pattern-invalid"]);
    const validateInput = await loadValidateInput(out);
    expect(validateInput("pp", { labels: { "a.b": "x" } }).ok).toBe(true);
  });

  it("a patternProperties key valid only without the u flag is validated without it, additionalProperties too", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({
      tools: [
        {
          name: "pp",
          inputSchema: {
            type: "object",
            properties: { labels: { type: "object", patternProperties: { "^[\\w-.]+$": { type: "string" } }, additionalProperties: false } },
          },
        },
      ],
    });
    const generated = await generate({ manifest: await manifestFile(contents), outDir: out });
    expect(generated.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual([
      ["pattern-dialect", "/tools/0/inputSchema/properties/labels/patternProperties/^[\\w-.]+$"],
    ]);
    const validateInput = await loadValidateInput(out);
    expect(validateInput("pp", { labels: { "a.b": "x" } }).ok).toBe(true);
    expect(validateInput("pp", { labels: { "a.b": 1 } }).ok).toBe(false);
    expect(validateInput("pp", { labels: { "a b": "x" } }).ok).toBe(false);
  });

  it("a 2019-09 $recursiveRef to the root stays recursive", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({
      tools: [
        {
          name: "tree",
          inputSchema: {
            $schema: "https://json-schema.org/draft/2019-09/schema",
            type: "object",
            properties: { value: { type: "string" }, children: { type: "array", items: { $recursiveRef: "#" } } },
          },
        },
      ],
    });
    await generate({ manifest: await manifestFile(contents), outDir: out });
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain("children?: TreeInput[];");
    const validateInput = await loadValidateInput(out);
    expect(validateInput("tree", { children: [{ children: [{ value: 5 }] }] }).ok).toBe(false);
  });

  it("a malformed dependentRequired entry is dropped with a warning, not an internal error", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({ tools: [{ name: "deps", inputSchema: { type: "object", dependentRequired: { a: "b", c: ["d"] } } }] });
    const generated = await generate({ manifest: await manifestFile(contents), outDir: out });
    expect(generated.diagnostics.map((diagnostic) => diagnostic.pointer)).toEqual(["/tools/0/inputSchema/dependentRequired/a"]);
  });

  it("a root that only refers to a definition with no required property takes no argument", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({
      tools: [
        { name: "zod_style", inputSchema: { $ref: "#/definitions/args", definitions: { args: { type: "object", properties: { q: { type: "string" } } } } } },
      ],
    });
    await generate({ manifest: await manifestFile(contents), outDir: out });
    expect(await readFile(join(out, "client.ts"), "utf8")).toMatch(/zodStyle\(\s*input\?: ZodStyleInput/);
  });
});

describe("warnings", () => {
  it("keeps the first of a tool listed twice and says so", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({
      tools: [
        { name: "twice", inputSchema: { type: "object", properties: { a: { type: "string" } } } },
        { name: "twice", inputSchema: { type: "object", properties: { b: { type: "number" } } } },
      ],
    });
    const result = await cli(["generate", await manifestFile(contents), "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: .*tool "twice" at \/tools\/1: listed twice with different definitions; keeping the first \(\/tools\/0\)/);
    const types = await readFile(join(out, "types.ts"), "utf8");
    expect(types).toContain("a?: string;");
    expect(types).not.toContain("b?: number;");
  });

  it("a manifest that is one page of a paginated tools/list (a nextCursor) is generated with a warning at the cursor: later pages' tools are missing", async () => {
    const page = { tools: [{ name: "a", inputSchema: { type: "object" } }], nextCursor: "page-2" };
    const bare = await cli(["generate", await manifestFile(JSON.stringify(page)), "--out", await scratch()]);
    expect(bare.code).toBe(0);
    expect(bare.stderr).toMatch(
      /^warning: \S+: at \/nextCursor: the manifest is one page of a paginated tools\/list \(it has a nextCursor\): the tools of later pages are not in it\n  hint: pull the server instead/m,
    );
    const response = await manifestFile(JSON.stringify({ jsonrpc: "2.0", id: 1, result: page }));
    const strict = await cli(["generate", response, "--out", await scratch(), "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^error: \S+: at \/result\/nextCursor: the manifest is one page/m);
    // The last page names no cursor: nothing to say.
    const last = await cli(["generate", await manifestFile(JSON.stringify({ tools: page.tools })), "--out", await scratch()]);
    expect(last.stderr).toBe("");
  });
});

describe("warnings at the input's own pointers", () => {
  it("a $ref into #/properties that refers to itself is reported where the input has it", async () => {
    const contents = JSON.stringify({ tools: [{ name: "a", inputSchema: { type: "object", properties: { x: { $ref: "#/properties/x" } } } }] });
    const result = await cli(["generate", await manifestFile(contents), "--out", join(await scratch(), "out")]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: .*tool "a" at \/tools\/0\/inputSchema\/properties\/x: this schema refers to itself/);
  });

  it("keyword values JSON Schema forbids (multipleOf 0, a negative or fractional length) are dropped with a warning", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({
      tools: [
        {
          name: "a",
          inputSchema: { type: "object", properties: { n: { type: "number", multipleOf: 0 }, s: { type: "string", minLength: -1, maxLength: 2.5 } } },
        },
      ],
    });
    const result = await generate({ manifest: await manifestFile(contents), outDir: out });
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual([
      ["keyword-dropped", "/tools/0/inputSchema/properties/n/multipleOf"],
      ["keyword-dropped", "/tools/0/inputSchema/properties/s/minLength"],
      ["keyword-dropped", "/tools/0/inputSchema/properties/s/maxLength"],
    ]);
    const validateInput = await loadValidateInput(out);
    expect(validateInput("a", { n: 1.5, s: "long enough" }).ok).toBe(true);
  });

  it("an empty enum admits nothing: a warning, the type never, and a validator that rejects every value", async () => {
    const out = join(await scratch(), "out");
    const contents = JSON.stringify({ tools: [{ name: "a", inputSchema: { type: "object", properties: { x: { enum: [] }, y: { type: "string" } } } }] });
    const result = await cli(["generate", await manifestFile(contents), "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: .*tool "a" at \/tools\/0\/inputSchema\/properties\/x\/enum: enum is empty, so no value is valid here/);
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain("x?: never;");
    const validateInput = await loadValidateInput(out);
    expect(validateInput("a", { y: "s" }).ok).toBe(true);
    expect(validateInput("a", { x: "anything" }).ok).toBe(false);
  });
});

describe("a problem confined to one tool costs only that part of that tool; --strict makes it an error", () => {
  it.each([
    [
      "an unresolvable $ref",
      { name: "bad_ref", inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/missing" } } } },
      /tool "bad_ref" at \/tools\/1\/inputSchema\/properties\/a\/\$ref: \$ref "#\/\$defs\/missing" points to nothing in this schema; not applied \(typed unknown, not validated\)/,
      "a?: unknown;",
    ],
    [
      "a schema that is not a schema",
      { name: "bad_schema", inputSchema: { type: "object", properties: { a: "string" } } },
      /tool "bad_schema" at \/tools\/1\/inputSchema\/properties\/a: a schema must be an object or a boolean, found string; ignored \(typed unknown, not validated\)/,
      "a?: unknown;",
    ],
    [
      "an inputSchema that is not a schema",
      { name: "bad_root", inputSchema: "object" },
      /tool "bad_root" at \/tools\/1\/inputSchema: a schema must be an object or a boolean, found string; the whole schema is typed unknown and not validated/,
      "export type BadRootInput = unknown;",
    ],
    [
      "a non-object inputSchema",
      { name: "scalar", inputSchema: { type: "string" } },
      /tool "scalar" at \/tools\/1\/inputSchema\/type: inputSchema admits no object \(type "string"\), but tool arguments are always a JSON object: every call of this tool fails validation/,
      "export type ScalarInput = string;",
    ],
    [
      "an invalid keyword value",
      { name: "bad_keyword", inputSchema: { type: "object", properties: { a: { type: "string", minLength: -1, not: 7 } } } },
      /tool "bad_keyword" at \/tools\/1\/inputSchema\/properties\/a\/minLength: `minLength` must be a non-negative integer; ignored/,
      "a?: string;",
    ],
  ])("%s", async (_, broken, message, type) => {
    const manifest = await manifestFile(tool(broken));
    const out = join(await scratch(), "out");
    const lenient = await cli(["generate", manifest, "--out", out]);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(new RegExp(`^warning: .*${message.source}`, "m"));
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain(type);
    const validateInput = await loadValidateInput(out);
    // The other tool is whole, and the broken one is validated as far as it can be: arguments are still an object.
    expect(validateInput("ok_tool", {}).ok).toBe(true);
    expect(validateInput(broken.name, "not an object").ok).toBe(false);

    const strictOut = join(await scratch(), "out");
    const strict = await cli(["generate", manifest, "--out", strictOut, "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(new RegExp(`^error: .*${message.source}`, "m"));
    expect(strict.stderr).toMatch(/\(strict: these warnings are errors, and nothing was written\)\n$/);
    expect(strict.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(strictOut)).toBe(false);
  });

  it('the schema keeps its own meaning: `$ref: "#"` is the root as written, and the object requirement is checked beside it', async () => {
    const out = join(await scratch(), "out");
    // `children` items refer to the root, which has no `type`: a child may be a string, though arguments may not.
    const contents = JSON.stringify({
      tools: [
        {
          name: "tree",
          inputSchema: {
            properties: { children: { type: "array", items: { $ref: "#" } } },
            anyOf: [{ type: "object", required: ["children"] }, { type: "string" }],
          },
        },
      ],
    });
    const result = await cli(["generate", await manifestFile(contents), "--out", out]);
    // The one note: a root without `type: "object"` is what SDK 1.32 clients refuse a whole tools/list for.
    expect(result.stderr).toMatch(
      /^warning: \S+: tool "tree" at \/tools\/0\/inputSchema\/type: the official MCP TypeScript SDK rejects this \(Invalid input: expected "object"\)[^\n]*\n  hint: [^\n]*\n$/,
    );
    const validateInput = await loadValidateInput(out);
    expect(validateInput("tree", { children: ["leaf", { children: [] }] }).ok).toBe(true);
    expect(validateInput("tree", { children: [1] }).ok).toBe(false);
    expect(validateInput("tree", "leaf")).toEqual({ ok: false, issues: [{ path: "", message: "must be object (tool arguments are a JSON object)" }] });
  });

  it("a lone surrogate in a property name: reported at the key, typed and validated as written, and the other tools generated (issue 14, item 7)", async () => {
    const out = join(await scratch(), "out");
    const schema = {
      type: "object",
      properties: { "a\ud800": { type: "string" }, b: { type: "number" }, "c\ud800": {} },
      patternProperties: { "^x\udc00": { type: "integer" } },
      dependentSchemas: { "c\ud800": { required: ["b"] } },
      additionalProperties: false,
    };
    const result = await cli(["generate", await manifestFile(tool({ name: "odd_names", inputSchema: schema })), "--out", out]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain("warning: ");
    expect(result.stderr).toContain('tool "odd_names" at /tools/1/inputSchema/properties/a\\ud800: the name "a\\ud800" holds a lone UTF-16 surrogate');
    expect(result.stderr).toContain("at /tools/1/inputSchema/patternProperties/^x\\udc00:");
    expect(result.stderr).toContain("at /tools/1/inputSchema/dependentSchemas/c\\ud800:");
    expect(result.stderr).not.toMatch(/[\ud800-\udfff\ufffd]/);
    expect(await readFile(join(out, "types.ts"), "utf8")).toContain('"a\\ud800"?: string;');
    const validateInput = await loadValidateInput(out);
    expect(validateInput("ok_tool", {}).ok).toBe(true);
    expect(validateInput("odd_names", { "a\ud800": "s", b: 1 }).ok).toBe(true);
    expect(validateInput("odd_names", { "a\ud800": 1 })).toEqual({ ok: false, issues: [{ path: "/a\ud800", message: "must be string" }] });
    expect(validateInput("odd_names", { "x\udc00": 1.5 }).ok).toBe(false);
    expect(validateInput("odd_names", { "x\udc00": 2 }).ok).toBe(true);
    expect(validateInput("odd_names", { "c\ud800": true }).ok).toBe(false);
    expect(validateInput("odd_names", { "c\ud800": true, b: 2 }).ok).toBe(true);
    expect(validateInput("odd_names", { z: 1 }).ok).toBe(false);
    // Nothing is lost, so --strict does not refuse it.
    expect(
      (await cli(["generate", await manifestFile(tool({ name: "odd_names", inputSchema: schema })), "--out", join(await scratch(), "out"), "--strict"])).code,
    ).toBe(0);
  });
});

describe("what a run says it generated", () => {
  const surface = JSON.stringify({
    capabilities: { prompts: {}, resources: {} },
    tools: [{ name: "echo", inputSchema: { type: "object" } }],
    prompts: [{ name: "greet" }],
    resources: [{ uri: "demo://readme", name: "readme" }],
  });

  it("counts the prompts and resources of a scaffold, whose server serves them, as it does a client's", async () => {
    const manifest = await manifestFile(surface);
    const root = await scratch();
    const client = await cli(["generate", manifest, "--out", join(root, "client")]);
    expect(client.stdout).toMatch(/^generated 1 tool, 1 prompt, 1 resource into /);
    const server = await cli(["scaffold", manifest, "--out", join(root, "server")]);
    expect(server.code).toBe(0);
    expect(server.stdout).toMatch(/^scaffolded 1 tool, 1 prompt, 1 resource into /);
    expect(server.stdout).toContain("new handler stubs: src/handlers/echo.ts, src/handlers/get-greet-prompt.ts, src/handlers/read-readme.ts\n");
  });

  it("in a configuration's scaffold target too", async () => {
    const root = await scratch();
    await writeFile(join(root, "surface.json"), surface);
    await writeFile(
      join(root, "mcpgen.config.json"),
      JSON.stringify({ targets: [{ name: "server", manifest: "surface.json", out: "server", emit: "server" }] }),
    );
    const run = await cli(["generate"], root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^server: scaffolded 1 tool, 1 prompt, 1 resource into server /);
  });
});

describe("writing", () => {
  it("is deterministic and leaves unchanged files alone", async () => {
    const out = join(await scratch(), "out");
    await cli(["generate", weatherManifest, "--out", out]);
    const before = await Promise.all(
      (await readdir(out, { recursive: true }))
        .filter((file) => file.includes("."))
        .map(async (file) => [file, await readFile(join(out, file), "utf8"), (await stat(join(out, file))).mtimeMs] as const),
    );
    const second = await cli(["generate", weatherManifest, "--out", out]);
    expect(second.stdout).toMatch(/0 files written, 11 unchanged/);
    expect(before).toHaveLength(11);
    for (const [file, contents, mtime] of before) {
      expect(await readFile(join(out, file), "utf8")).toBe(contents);
      expect((await stat(join(out, file))).mtimeMs).toBe(mtime);
    }
    expect(before.every(([, contents]) => !contents.includes("\r"))).toBe(true);
  });

  it("refuses to overwrite a file it did not generate, and writes nothing", async () => {
    const out = join(await scratch(), "out");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(out);
    await writeFile(join(out, "client.ts"), "// my own code\n");
    const result = await cli(["generate", weatherManifest, "--out", out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: ${join(out, "client.ts")}: refusing to overwrite this file: mcpgen did not generate it\n`);
    expect(await readdir(out)).toEqual(["client.ts"]);
    expect(await readFile(join(out, "client.ts"), "utf8")).toBe("// my own code\n");
  });

  it("--check exits 1 on stale or missing files and 0 when up to date, writing nothing", async () => {
    const out = join(await scratch(), "out");
    const missing = await cli(["generate", weatherManifest, "--out", out, "--check"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/missing: client\.ts/);
    expect(existsSync(out)).toBe(false);

    await cli(["generate", weatherManifest, "--out", out]);
    expect((await cli(["generate", weatherManifest, "--out", out, "--check"])).code).toBe(0);

    const types = join(out, "types.ts");
    const edited = (await readFile(types, "utf8")).replace("temperature: number;", "temperature: string;");
    await writeFile(types, edited);
    const stale = await cli(["generate", weatherManifest, "--out", out, "--check"]);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(/stale: types\.ts/);
    expect(await readFile(types, "utf8")).toBe(edited);
  });

  it("formats with the user's Prettier configuration found from --out", async () => {
    const project = await scratch();
    await writeFile(join(project, ".prettierrc"), JSON.stringify({ singleQuote: true, semi: false, printWidth: 120 }));
    const out = join(project, "src", "mcp");
    expect((await cli(["generate", weatherManifest, "--out", out])).code).toBe(0);
    const client = await readFile(join(out, "client.ts"), "utf8");
    expect(client).toContain("import * as tools from './calls.js'\n");
    expect(client).not.toContain('"./calls.js"');
  });

  it("applies Prettier overrides by each output file's path", async () => {
    const project = await scratch();
    await writeFile(join(project, ".prettierrc.json"), JSON.stringify({ overrides: [{ files: "src/mcp/client.ts", options: { semi: false } }] }));
    const out = join(project, "src", "mcp");
    expect((await cli(["generate", weatherManifest, "--out", out])).code).toBe(0);
    expect(await readFile(join(out, "client.ts"), "utf8")).toContain('import * as tools from "./calls.js"\n');
    expect(await readFile(join(out, "validate.ts"), "utf8")).toMatch(/from "\.\/validators\/get-weather\.js";\n/);
  });

  it("keeps its header on the first line whatever the Prettier configuration (insertPragma)", async () => {
    const project = await scratch();
    await writeFile(join(project, ".prettierrc"), JSON.stringify({ insertPragma: true }));
    const out = join(project, "out");
    expect((await cli(["generate", weatherManifest, "--out", out])).code).toBe(0);
    const changed = join(project, "changed.tools.json");
    await writeFile(changed, (await readFile(weatherManifest, "utf8")).replace("City name or zip code", "City name"));
    const second = await cli(["generate", changed, "--out", out]);
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    expect(await readFile(join(out, "types.ts"), "utf8")).toMatch(/^\/\/ Generated by mcpgen from changed\.tools\.json\./);
  });

  it("takes no other tool's 'Generated by mcpgen…' file for its own", async () => {
    const out = join(await scratch(), "out");
    await cli(["generate", weatherManifest, "--out", out]);
    const foreign = "// Generated by mcpgen-openapi v2. Do not edit.\nexport {};\n";
    await writeFile(join(out, "api.ts"), foreign);
    expect((await cli(["generate", weatherManifest, "--out", out])).code).toBe(0);
    expect(await readFile(join(out, "api.ts"), "utf8")).toBe(foreign);
  });

  it("--json prints a parseable summary", async () => {
    const out = join(await scratch(), "out");
    const result = await cli(["generate", weatherManifest, "--out", out, "--json"]);
    const summary = JSON.parse(result.stdout) as { files: Array<{ path: string; status: string }>; upToDate: boolean };
    expect(summary.files.map((file) => file.path)).toEqual([
      "calls.ts",
      "client.ts",
      "index.ts",
      "manifest.json",
      "runtime.ts",
      "types.ts",
      "validate.ts",
      "validator-runtime.ts",
      "validators/get-forecast.ts",
      "validators/get-weather.ts",
      "validators/list-alerts.ts",
    ]);
    expect(summary.files.every((file) => file.status === "created")).toBe(true);
  });
});
