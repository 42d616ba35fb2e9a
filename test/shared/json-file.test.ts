/**
 * src/shared/json-file.ts, the one reader of the JSON files a user gives,
 * through each reader that uses it: a file that cannot be read is named
 * with the reason in words (not Node's `EACCES: ..., open '...'`) and what
 * to do, and a file that is not JSON with its line and column, its line
 * quoted unless it may hold secrets; a byte order mark is no error.
 */
import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { readManifestFile } from "../../src/acquire/manifest-file.js";
import { Secrets } from "../../src/acquire/sanitize.js";
import { findServerConfig } from "../../src/acquire/server-config.js";
import { createMockClient, loadFixtures } from "../../src/commands/mock-client.js";
import { loadConfig } from "../../src/commands/config.js";
import { McpgenError, type Diagnostic } from "../../src/shared/errors.js";
import { findDuplicateKeys, readTextFile, readTextFileIfAny, readTextFileSync, unreadableFile } from "../../src/shared/json-file.js";
import { repoRoot } from "../helpers/typecheck.js";

const scratch = () => mkdtemp(join(tmpdir(), "mcpgen-json-file-"));

/** The diagnostic of the user error `run` fails with. */
async function failure(run: () => unknown): Promise<Diagnostic> {
  const error = await Promise.resolve()
    .then(run)
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  expect(error).toBeInstanceOf(McpgenError);
  return (error as McpgenError).diagnostic;
}

/**
 * `node <args>` as a process that file permissions bind: as it is, or, for
 * root (whom they do not bind), without the capabilities that override them.
 * Undefined where neither can be had.
 */
async function unprivilegedNode(probe: string): Promise<((args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>) | undefined> {
  const prefix = process.getuid?.() === 0 ? ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", process.execPath] : [process.execPath];
  const run = (args: string[]) =>
    promisify(execFile)(prefix[0]!, [...prefix.slice(1), ...args], { timeout: 60_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: unknown; stdout?: string; stderr?: string }) => ({
        code: typeof error.code === "number" ? error.code : -1,
        stdout: error.stdout ?? "",
        stderr: error.stderr ?? "",
      }),
    );
  const probed = await run(["-e", 'try { require("node:fs").readFileSync(process.argv[1]); } catch { process.exit(3); }', probe]);
  return probed.code === 3 ? run : undefined;
}

describe("a JSON file that cannot be read", () => {
  it("a fixture file without read permission: mcpgen mock names it and says why in words, no stack", async (context) => {
    const dir = await scratch();
    const fixtures = join(dir, "fixtures");
    await mkdir(fixtures);
    await writeFile(join(fixtures, "a.json"), '{ "fixtures": [] }');
    await chmod(join(fixtures, "a.json"), 0o000);
    const node = await unprivilegedNode(join(fixtures, "a.json"));
    if (node === undefined) return context.skip("no process here is bound by file permissions (root without setpriv)");
    const run = await node([join(repoRoot, "bin/mcpgen.js"), "mock", join(repoRoot, "golden/weather/manifest.json"), "--fixtures", fixtures]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `error: ${join(fixtures, "a.json")}: cannot read the fixture file: permission denied\n` +
        "  hint: every *.json file of the fixtures folder but manifest.json is read as fixtures: make it readable, or move it out of the folder\n",
    });
  });

  it("the in-process mock's manifest: the reason in words and what to do, as generate says it (but not - for stdin, which it cannot read)", async () => {
    const dir = await scratch();
    expect(await failure(() => createMockClient({ manifest: join(dir, "nope.json") }))).toEqual({
      severity: "error",
      code: "input-unreadable",
      message: "cannot read the manifest: no such file",
      file: join(dir, "nope.json"),
      hint: "pass the path of a tools/list JSON file",
    });
  });

  it("a mistake deep in a long file: V8's reason alone, without its quote of the text (cut with ... on both sides)", async () => {
    const dir = await scratch();
    const path = join(dir, "manifest.json");
    // Long enough that V8 quotes the text around the mistake as `..."…"...`, as in a hand-edited manifest.json.
    await writeFile(
      path,
      `{\n  "server": { "name": "${"n".repeat(40)}" },\n  "tools": [ ,\n    { "name": "a", "inputSchema": { "type": "object" } }\n  ]\n}\n`,
    );
    const { message } = await failure(() => readManifestFile(path));
    expect(message.split("\n")[0]).toBe("not valid JSON at line 3, column 14: Unexpected token ','");
  });

  it("refuses a file too large to hold as text from its size, before reading it (a sparse 3 GiB file), in both readers", async () => {
    const dir = await scratch();
    const huge = join(dir, "huge.json");
    await writeFile(huge, "");
    await truncate(huge, 3 * 1024 ** 3);
    const expected = { code: "input-unreadable", message: "cannot read the manifest: it is larger than the longest text Node can hold (512 MiB)", file: huge };
    expect(await failure(() => readManifestFile(huge))).toMatchObject(expected);
    const fixtures = join(dir, "fixtures");
    await mkdir(fixtures);
    await writeFile(join(fixtures, "t.json"), "");
    await truncate(join(fixtures, "t.json"), 600 * 1024 ** 2);
    expect(await failure(() => loadFixtures(fixtures))).toMatchObject({
      code: "input-unreadable",
      message: "cannot read the fixture file: it is larger than the longest text Node can hold (512 MiB)",
    });
  });

  it("a device or a pipe: read as a manifest (it may come through <(...)), refused unopened where the kind says filesOnly", async () => {
    // /dev/null reads as an empty text: not JSON, so it was read; a kind with filesOnly refuses it from its stat.
    expect(await failure(() => readManifestFile("/dev/null"))).toMatchObject({ code: "input-not-json", file: "/dev/null" });
    const kind = { name: "the fixture file", syntaxHint: "", filesOnly: true };
    const refused = { code: "input-unreadable", message: "cannot read the fixture file: it is a device or a pipe (or a link to one), not a file" };
    expect(await failure(() => readTextFile("/dev/null", kind))).toMatchObject(refused);
    expect(await failure(() => readTextFileSync("/dev/null", kind))).toMatchObject(refused);
    expect(await failure(() => readTextFileIfAny("/dev/null", kind))).toMatchObject(refused);
    // A directory is still the read's to say (EISDIR), as for any kind.
    expect(await failure(() => readTextFile(tmpdir(), kind))).toMatchObject({ message: "cannot read the fixture file: it is a directory, not a file" });
  });

  it.each([
    ["EACCES", "EACCES: permission denied, open '/p/a.json'", "permission denied"],
    ["EISDIR", "EISDIR: illegal operation on a directory, read", "it is a directory, not a file"],
    ["ELOOP", "ELOOP: too many symbolic links encountered, open '/p/a.json'", "too many symbolic links (a link that points to itself?)"],
    ["ERR_FS_FILE_TOO_LARGE", "File size (3221225472) is greater than 2 GiB", "it is larger than 2 GiB"],
    ["EXDEV", "EXDEV: cross-device link not permitted, open '/p/a.json'", "cross-device link not permitted"],
  ])("%s is said in words, without the code or the path Node repeats", (code, message, words) => {
    const error = unreadableFile(Object.assign(new Error(message), { code }), { name: "the fixture file", syntaxHint: "" }, "/p/a.json");
    expect(error.diagnostic.message).toBe(`cannot read the fixture file: ${words}`);
  });
});

describe("a JSON file that is not JSON: which file, the line and column, what to do", () => {
  interface Reader {
    file: string;
    read: (path: string) => Promise<unknown>;
    hint: string;
    /** Its offending line is quoted (not in a file that may hold secrets). */
    quoted: boolean;
    /** A document it reads, and what it reads it as. */
    valid: unknown;
    reads: (value: unknown) => void;
  }
  const readers: Array<[string, Reader]> = [
    [
      "a fixture file",
      {
        file: "a.json",
        read: async (path) => loadFixtures(join(path, "..")),
        hint: "a fixture file is JSON (docs/mock.md)",
        quoted: true,
        valid: { fixtures: [{ tool: "t", structuredContent: {} }] },
        reads: (fixtures) => expect(fixtures).toMatchObject([{ tool: "t" }]),
      },
    ],
    [
      "a manifest",
      {
        file: "tools.json",
        read: (path) => readManifestFile(path),
        hint: "the manifest must be the JSON of a tools/list result, a JSON-RPC response, or an mcpgen manifest",
        quoted: true,
        valid: { tools: [{ name: "t" }] },
        reads: (manifest) => expect(manifest).toMatchObject({ tools: [{ name: "t" }] }),
      },
    ],
    [
      "an MCP configuration (its lines hold tokens: none quoted)",
      {
        file: ".mcp.json",
        read: (path) => findServerConfig("s", { cwd: join(path, ".."), home: join(path, "..", "home"), env: {}, platform: "linux" }, new Secrets()),
        hint: "MCP configuration files are JSON (comments and trailing commas are allowed)",
        quoted: false,
        valid: { mcpServers: { s: { command: "server-command" } } },
        reads: (found) => expect(found).toMatchObject({ spec: { transport: "stdio", command: "server-command" } }),
      },
    ],
    [
      "mcpgen.config.json",
      {
        file: "mcpgen.config.json",
        read: (path) => loadConfig({ config: path }),
        hint: "mcpgen.config.json is JSON (comments and trailing commas are allowed)",
        quoted: true,
        valid: { targets: [{ name: "a", manifest: "a.json", out: "out" }] },
        reads: (config) => expect(config).toMatchObject({ targets: [{ name: "a" }] }),
      },
    ],
  ];

  it.each(readers)("%s", async (_name, reader) => {
    const path = join(await scratch(), reader.file);
    await writeFile(path, '\uFEFF{\n  "mcpServers": { "s": "token-123" }\n  "tools": []\n}\n');
    const diagnostic = await failure(() => reader.read(path));
    expect(diagnostic).toMatchObject({ code: "input-not-json", hint: reader.hint });
    expect(diagnostic.file!.endsWith(reader.file)).toBe(true);
    const where = "not valid JSON at line 3, column 3: Expected ',' or '}' after property value";
    expect(diagnostic.message).toBe(reader.quoted ? `${where}\n  3 |   "tools": []\n    |   ^` : where);
  });

  it.each(readers)("%s, with a byte order mark, is read", async (_name, reader) => {
    const path = join(await scratch(), reader.file);
    await writeFile(path, `\uFEFF${JSON.stringify(reader.valid)}`);
    reader.reads(await reader.read(path));
  });
});

describe("keys given twice in one object", () => {
  it.each<[string, string, boolean, Array<[string, number, number]>]>([
    ["none", '{ "a": 1, "b": { "a": 2 }, "c": [{ "a": 3 }, { "a": 4 }] }', false, []],
    ["at the top", '{\n"a": 1,\n"a": 2\n}', false, [["/a", 2, 3]]],
    ["in an array's object", '[1, { "x": 0 }, { "x": 1, "x": 2 }]', false, [["/2/x", 1, 1]]],
    ["under a key whose object closed before", '{ "a": { "b": 1 }, "c": { "b": 1, "b": 2 } }', false, [["/c/b", 1, 1]]],
    [
      "spelt with an escape",
      '{ "a/b": 1, "a\\u002fb": 2, "~": 3, "~": 4 }',
      false,
      [
        ["/a~1b", 1, 1],
        ["/~0", 1, 1],
      ],
    ],
    ["braces, colons and commas inside strings", '{ "k": "{\\"k\\": 1, ", "k2": "}", "k": 2 }', false, [["/k", 1, 1]]],
    [
      "three times: each repeat",
      '{ "a": 1, "a": 2, "a": 3 }',
      false,
      [
        ["/a", 1, 1],
        ["/a", 1, 1],
      ],
    ],
    ["not a key in a comment, lines kept (JSONC)", '{\n  // "a": 0,\n  "a": 1, /* "a": */\n  "a": 2,\n}', true, [["/a", 3, 4]]],
  ])("%s", (_, text, comments, expected) => {
    const found = findDuplicateKeys(text, { name: "the file", syntaxHint: "", comments });
    expect(found.map(({ pointer, firstLine, line }) => [pointer, firstLine, line])).toEqual(expected);
  });
});
