/**
 * `mcpgen.config.json`: finding it, validating it (every problem with the
 * file and its JSON pointer), the published JSON Schema agreeing with the
 * validator, and how the CLI reports configuration and usage mistakes.
 */
import { mkdir, mkdtemp, readFile, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ajvModule from "ajv";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { McpgenError } from "../../src/shared/errors.js";
import { ConfigError, findConfigFile, loadConfig, validateConfig } from "../../src/commands/config.js";
import { repoRoot } from "../helpers/typecheck.js";

// A CommonJS module seen from ESM: the class is the `default` of `module.exports`.
const Ajv = ajvModule.default;

const schemaPath = join(repoRoot, "schema", "mcpgen.config.schema.json");

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), "mcpgen-config-"));
}

const cli = runCli;

const good = { name: "weather", manifest: "weather.tools.json", out: "src/mcp/weather" };

/** Problems the validator must report: the configuration, then every `pointer: message` expected. */
const invalid: Array<[string, unknown, Array<[string, RegExp]>]> = [
  ["not an object", [], [["", /the configuration must be an object, not an array/]]],
  ["no targets", {}, [["", /missing `targets`/]]],
  [
    "a manifest",
    { server: { name: "s", version: "1" }, tools: [] },
    [["", /this is a manifest \(it lists tools\), not a configuration\n.*mcpgen generate .* --out <dir>/]],
  ],
  ["targets not an array", { targets: {} }, [["/targets", /`targets` must be an array, not an object/]]],
  ["an unknown top-level key", { targets: [good], target: [] }, [["/target", /unknown key "target".*\n.*did you mean "targets"\?/]]],
  ["a bad default format", { format: "yes", targets: [good] }, [["/format", /`format` must be true or false, not "yes"/]]],
  ["a bad default strict", { strict: "yes", targets: [good] }, [["/strict", /`strict` must be true or false, not "yes"/]]],
  ["a target that is not an object", { targets: ["weather"] }, [["/targets/0", /a target must be an object, not "weather"/]]],
  ["an unknown target key", { targets: [{ ...good, outDir: "x" }] }, [["/targets/0/outDir", /unknown key "outDir"/]]],
  ["a misspelt key", { targets: [{ ...good, emitt: "types" }] }, [["/targets/0/emitt", /did you mean "emit"\?/]]],
  [
    "keys in the wrong case",
    { targets: [{ name: "g", server: "github", Out: "o", OAuth: {}, MAXSIZE: 1 }] },
    [
      ["/targets/0/Out", /did you mean "out"\?/],
      ["/targets/0/OAuth", /did you mean "oauth"\?/],
      ["/targets/0/MAXSIZE", /did you mean "maxSize"\?/],
    ],
  ],
  ["no name", { targets: [{ manifest: "m.json", out: "o" }] }, [["/targets/0", /missing `name`/]]],
  ["no out", { targets: [{ name: "a", manifest: "m.json" }] }, [["/targets/0", /missing `out`/]]],
  ["a name that is not a word", { targets: [{ ...good, name: "--all" }] }, [["/targets/0/name", /is not a plain word/]]],
  ["an empty manifest", { targets: [{ ...good, manifest: "" }] }, [["/targets/0/manifest", /`manifest` must be a non-empty string/]]],
  ["neither manifest nor server", { targets: [{ name: "a", out: "o" }] }, [["/targets/0", /needs a `manifest` .* or a `server`/]]],
  ["both manifest and server", { targets: [{ ...good, server: "github" }] }, [["/targets/0", /a `manifest` or a `server`, not both/]]],
  ["an unknown emit", { targets: [{ ...good, emit: "sever" }] }, [["/targets/0/emit", /`emit` must be "client", "server", "types", not "sever"/]]],
  [
    "an unknown importExtension",
    { targets: [{ ...good, importExtension: ".ts" }] },
    [["/targets/0/importExtension", /`importExtension` must be "js" or "ts", not "\.ts"/]],
  ],
  [
    "importExtension ts on a server target",
    { targets: [{ ...good, emit: "server", importExtension: "ts" }] },
    [["/targets/0/importExtension", /applies to `client` and `types` targets only/]],
  ],
  ["a bad format", { targets: [{ ...good, format: 1 }] }, [["/targets/0/format", /`format` must be true or false, not 1/]]],
  ["a bad strict", { targets: [{ ...good, strict: null }] }, [["/targets/0/strict", /`strict` must be true or false, not null/]]],
  [
    "an unknown failOn",
    { targets: [{ ...good, failOn: "sometimes" }] },
    [["/targets/0/failOn", /`failOn` must be "breaking", "review", "any", "none", not "sometimes"/]],
  ],
  ["a bad default failOn", { failOn: true, targets: [good] }, [["/failOn", /`failOn` must be "breaking", "review", "any", "none", not true/]]],
  [
    "an unknown transport",
    { targets: [{ name: "g", server: "github", out: "o", transport: "ws" }] },
    [["/targets/0/transport", /`transport` must be "stdio", "http", "sse", not "ws"/]],
  ],
  [
    "a zero timeout",
    { targets: [{ name: "g", server: "github", out: "o", timeout: 0 }] },
    [["/targets/0/timeout", /`timeout` must be a number of seconds greater than 0/]],
  ],
  ["transport on a manifest target", { targets: [{ ...good, transport: "http" }] }, [["/targets/0/transport", /applies to `server` targets only/]]],
  [
    "a zero maxTime",
    { targets: [{ name: "g", server: "github", out: "o", maxTime: 0 }] },
    [["/targets/0/maxTime", /`maxTime` must be a number of seconds greater than 0/]],
  ],
  [
    "a maxSize that is no size",
    { targets: [{ name: "g", server: "github", out: "o", maxSize: "lots" }] },
    [["/targets/0/maxSize", /`maxSize` must be a number of bytes or a size such as "50MB", not "lots"/]],
  ],
  [
    "a fractional maxSize in bytes",
    { targets: [{ name: "g", server: "github", out: "o", maxSize: 1.5 }] },
    [["/targets/0/maxSize", /`maxSize` must be a number of bytes/]],
  ],
  ["maxSize on a manifest target", { targets: [{ ...good, maxSize: "1MB" }] }, [["/targets/0/maxSize", /applies to `server` targets only/]]],
  ["a null emit", { targets: [{ ...good, emit: null }] }, [["/targets/0/emit", /`emit` must be "client", "server", "types", not null/]]],
  ["a null format", { targets: [{ ...good, format: null }] }, [["/targets/0/format", /`format` must be true or false, not null/]]],
  ["oauth on a manifest target", { targets: [{ ...good, oauth: { scopes: "read" } }] }, [["/targets/0/oauth", /applies to `server` targets only/]]],
  [
    "oauth that is not an object",
    { targets: [{ name: "g", server: "github", out: "o", oauth: "client-1" }] },
    [["/targets/0/oauth", /`oauth` must be an object/]],
  ],
  [
    "an unknown oauth key",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { audience: "read" } }] },
    [["/targets/0/oauth/audience", /unknown key "audience" in `oauth`\n.*allowed here: clientId, clientMetadataUrl, scopes, callbackPort/]],
  ],
  [
    "a misspelt oauth key",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { scope: "read" } }] },
    [["/targets/0/oauth/scope", /unknown key "scope" in `oauth`\n.*did you mean "scopes"\?/]],
  ],
  [
    "an oauth key in the wrong case",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { ClientID: "mcpgen" } }] },
    [["/targets/0/oauth/ClientID", /unknown key "ClientID" in `oauth`\n.*did you mean "clientId"\?/]],
  ],
  [
    "a client secret in the file",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { clientId: "c", clientSecret: "s3cret" } }] },
    [["/targets/0/oauth/clientSecret", /secrets come from the environment only\n.*MCPGEN_CLIENT_SECRET/]],
  ],
  [
    "an http client metadata URL",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { clientMetadataUrl: "http://example.com/client.json" } }] },
    [["/targets/0/oauth/clientMetadataUrl", /must be an https:\/\/ URL with a path/]],
  ],
  [
    "a client metadata URL without a path",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { clientMetadataUrl: "https://example.com/" } }] },
    [["/targets/0/oauth/clientMetadataUrl", /must be an https:\/\/ URL with a path/]],
  ],
  [
    "blank scopes",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { scopes: "  " } }] },
    [["/targets/0/oauth/scopes", /`oauth.scopes` must be a non-empty string/]],
  ],
  [
    "a callback port out of range",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { callbackPort: 70000 } }] },
    [["/targets/0/oauth/callbackPort", /whole number from 1 to 65535/]],
  ],
  [
    "an empty client id",
    { targets: [{ name: "g", server: "github", out: "o", oauth: { clientId: "" } }] },
    [["/targets/0/oauth/clientId", /`oauth.clientId` must be a non-empty string/]],
  ],
  [
    "a URL as manifest (a server is a `server`)",
    { targets: [{ ...good, manifest: "https://example.com/tools.json" }] },
    [["/targets/0/manifest", /`manifest` is a file, not a URL[^]*give it as "server"/]],
  ],
  [
    "paths that start with ~ (no shell expands them in a file)",
    { targets: [{ ...good, manifest: "~/contracts/weather.json", out: "~\\gen" }] },
    [
      ["/targets/0/manifest", /`manifest` starts with ~, which is not expanded here/],
      ["/targets/0/out", /`out` starts with ~, which is not expanded here[^]*relative to the configuration's directory/],
    ],
  ],
];

/** Problems JSON Schema cannot express, reported by the validator alone. */
const invalidBeyondSchema: Array<[string, unknown, Array<[string, RegExp]>]> = [
  ["a duplicate name", { targets: [good, { ...good, out: "other" }] }, [["/targets/1/name", /target name "weather" is already used at \/targets\/0/]]],
  [
    "the same out",
    { targets: [good, { name: "b", manifest: "b.json", out: "src/mcp/weather/" }] },
    [["/targets/1/out", /has the same `out` as target "weather"/]],
  ],
  [
    "nested outs",
    { targets: [good, { name: "b", manifest: "b.json", out: "src/mcp" }] },
    [["/targets/1/out", /has an `out` nested with that of target "weather"/]],
  ],
  [
    "outs that differ only in case",
    { targets: [good, { name: "b", manifest: "b.json", out: "src/MCP/Weather" }] },
    [["/targets/1/out", /has an `out` that differs only in case from that of target "weather" \(the same directory on macOS and Windows/]],
  ],
  [
    "outs nested but for case",
    { targets: [good, { name: "b", manifest: "b.json", out: "Src" }] },
    [["/targets/1/out", /has an `out` nested, but for case, with that of target "weather"/]],
  ],
  ["a NUL character in out", { targets: [{ ...good, out: "gen\u0000x" }] }, [["/targets/0/out", /`out` must not contain a NUL character/]]],
];

const valid: Array<[string, unknown]> = [
  ["a manifest target", { targets: [good] }],
  ["no targets at all", { targets: [] }],
  ["$schema and a default format", { $schema: "./node_modules/mcpgen/schema/mcpgen.config.schema.json", format: false, targets: [good] }],
  ["a default failOn, and a target's own", { failOn: "review", targets: [good, { name: "g", server: "github", out: "o", failOn: "none" }] }],
  [
    "every option",
    {
      targets: [
        { ...good, emit: "types", format: true, strict: true, importExtension: "ts" },
        { name: "client", manifest: "client.json", out: "client", importExtension: "ts" },
        { name: "notes", manifest: "notes.json", out: "server", emit: "server", importExtension: "js" },
        { name: "github", server: "github", out: "src/mcp/github", emit: "client", transport: "stdio", timeout: 2.5, maxTime: 60, maxSize: "50MB" },
        { name: "bytes", server: "https://example.com/bytes", out: "src/mcp/bytes", maxSize: 1048576 },
        { name: "remote", server: "https://example.com/mcp", out: "src/mcp/remote" },
        {
          name: "linear",
          server: "https://mcp.example.com/mcp",
          out: "src/mcp/linear",
          oauth: { clientId: "mcpgen-ci", clientMetadataUrl: "https://example.com/oauth/mcpgen.json", scopes: "read write", callbackPort: 8976 },
        },
      ],
    },
  ],
];

function problemsOf(document: unknown): ConfigError {
  try {
    validateConfig(document, { file: "/project/mcpgen.config.json", root: "/project" });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected the configuration to be rejected");
}

describe("validation", () => {
  it.each([...invalid, ...invalidBeyondSchema])("rejects %s, naming the file and the JSON pointer", (_, document, expected) => {
    const error = problemsOf(document);
    for (const [pointer, message] of expected) {
      const found = error.diagnostics.find((diagnostic) => diagnostic.pointer === pointer && message.test(`${diagnostic.message}\n${diagnostic.hint ?? ""}`));
      expect(found, `${pointer} ${message} in ${JSON.stringify(error.diagnostics)}`).toBeDefined();
      expect(found!.file).toBe("/project/mcpgen.config.json");
      expect(found!.code).toBe("config-invalid");
    }
  });

  it("compares outs as real paths: a symbolic link to another target's directory is that directory", async () => {
    const root = await scratch();
    await mkdir(join(root, "real"));
    await symlink(join(root, "real"), join(root, "link"));
    const document = {
      targets: [
        { ...good, out: "real" },
        { name: "b", manifest: "b.json", out: "link/nested" },
      ],
    };
    let error: unknown;
    try {
      validateConfig(document, { file: join(root, "mcpgen.config.json"), root });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).diagnostics).toMatchObject([
      { pointer: "/targets/1/out", message: expect.stringMatching(/has an `out` nested with that of target "weather"/) },
    ]);
  });

  it("reports every problem at once", () => {
    const error = problemsOf({
      targets: [
        { name: "a", manifest: "a.json", out: "a", emit: "x" },
        { name: "b", out: "b", colour: true },
      ],
    });
    expect(error.diagnostics.map((diagnostic) => diagnostic.pointer)).toEqual(["/targets/0/emit", "/targets/1/colour", "/targets/1"]);
    expect(error.message.split("\nerror: ")).toHaveLength(3);
  });

  it("reports a name used twice beside the other problems, where a target with that name has problems of its own", () => {
    const error = problemsOf({
      targets: [
        { name: "a", manifest: "a.json", out: "a" },
        { name: "a", manifest: "b.json", out: "b", emit: "sever" },
        { name: "a", out: "c" },
      ],
    });
    expect(error.diagnostics.map((diagnostic) => [diagnostic.pointer, diagnostic.message])).toEqual([
      ["/targets/1/emit", '`emit` must be "client", "server", "types", not "sever"'],
      ["/targets/1/name", 'target name "a" is already used at /targets/0'],
      ["/targets/2", expect.stringMatching(/needs a `manifest`/)],
      ["/targets/2/name", 'target name "a" is already used at /targets/0'],
    ]);
  });

  it.each(valid)("accepts %s, resolving paths against the file's directory", (_, document) => {
    const config = validateConfig(document, { file: "/project/mcpgen.config.json", root: "/project" });
    expect(config.targets.length).toBe((document as { targets: unknown[] }).targets.length);
  });

  it("gives each target its failOn, or the file's, or none (each command's default)", () => {
    const failOns = (document: unknown) => validateConfig(document, { file: undefined, root: "/project" }).targets.map((target) => target.failOn);
    expect(failOns({ failOn: "review", targets: [good, { ...good, name: "b", out: "b", failOn: "none" }] })).toEqual(["review", "none"]);
    expect(failOns({ targets: [good] })).toEqual([undefined]);
  });

  it("keeps a server target's oauth settings", () => {
    const config = validateConfig(
      { targets: [{ name: "g", server: "github", out: "o", oauth: { clientId: "abc", scopes: " read  write " } }] },
      { file: undefined, root: "/project" },
    );
    expect(config.targets[0]!.source).toEqual({
      kind: "server",
      server: "github",
      transport: undefined,
      timeoutMs: undefined,
      oauth: { clientId: "abc", scopes: "read  write" },
    });
  });

  it("resolves defaults: emit client, format and strict from the file, importExtension js, paths from its directory", () => {
    const config = validateConfig(
      {
        format: false,
        strict: true,
        targets: [good, { name: "g", server: "github", out: "gen/g", format: true, strict: false, timeout: 2, maxTime: 9, maxSize: "1.5KB" }],
      },
      { file: undefined, root: "/project" },
    );
    expect(config.targets).toEqual([
      {
        name: "weather",
        emit: "client",
        format: false,
        importExtension: "js",
        strict: true,
        outDir: "/project/src/mcp/weather",
        source: { kind: "manifest", path: "/project/weather.tools.json" },
        pointer: "/targets/0",
      },
      {
        name: "g",
        emit: "client",
        format: true,
        importExtension: "js",
        strict: false,
        outDir: "/project/gen/g",
        source: { kind: "server", server: "github", transport: undefined, timeoutMs: 2000, maxTimeMs: 9000, maxResponseBytes: 1536 },
        pointer: "/targets/1",
      },
    ]);
    expect(validateConfig({ targets: [good] }, { file: undefined, root: "/project" }).targets[0]!.strict).toBe(false);
  });
});

describe("paths written on Windows", () => {
  it("read `\\` as a separator on every system: the same directories and manifest as with `/`", () => {
    const config = validateConfig(
      {
        targets: [
          { name: "w", manifest: "contracts\\weather.tools.json", out: "src\\mcp\\weather" },
          { name: "notes", manifest: "notes.tools.json", out: "server\\src\\generated", emit: "server" },
        ],
      },
      { file: undefined, root: "/project" },
    );
    expect(config.targets.map((target) => [target.outDir, target.source])).toEqual([
      ["/project/src/mcp/weather", { kind: "manifest", path: "/project/contracts/weather.tools.json" }],
      ["/project/server", { kind: "manifest", path: "/project/notes.tools.json" }],
    ]);
    // Nested with a target written with `/`, as the same directories are.
    expect(() =>
      validateConfig({ targets: [good, { name: "x", manifest: "m.json", out: "src\\mcp\\weather\\x" }] }, { file: undefined, root: "/project" }),
    ).toThrow(/target "x" has an `out` nested with that of target "weather"/);
  });
});

describe("server targets", () => {
  it.each([
    ["the project directory", "server"],
    ["its src/generated directory, as in the issue's example", "server/src/generated"],
  ])("take %s as out", (_, out) => {
    const config = validateConfig({ targets: [{ name: "notes", manifest: "notes.tools.json", out, emit: "server" }] }, { file: undefined, root: "/project" });
    expect(config.targets[0]!.outDir).toBe("/project/server");
  });

  it("leave a client target's src/generated alone", () => {
    const config = validateConfig({ targets: [{ name: "c", manifest: "c.json", out: "app/src/generated" }] }, { file: undefined, root: "/project" });
    expect(config.targets[0]!.outDir).toBe("/project/app/src/generated");
  });
});

describe("the published JSON Schema", () => {
  const compile = async () => {
    const schema = JSON.parse(await readFile(schemaPath, "utf8")) as Record<string, unknown>;
    // Strict, except for `required` naming properties declared one level up (in `oneOf` and `dependencies`).
    return new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(schema);
  };

  it("is a valid draft-07 schema that accepts every valid configuration", async () => {
    const validate = await compile();
    for (const [name, document] of valid) expect(validate(document), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it.each(invalid)("agrees with the validator: rejects %s", async (_, document) => {
    const validate = await compile();
    expect(validate(document)).toBe(false);
  });

  it("is the schema package.json publishes", async () => {
    const packageJson = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { files: string[] };
    expect(packageJson.files).toContain("schema");
  });
});

describe("finding the file", () => {
  it("looks in the working directory, then upward", async () => {
    const root = await scratch();
    const deep = join(root, "packages", "app", "src");
    await mkdir(deep, { recursive: true });
    expect(await findConfigFile(deep)).toBeUndefined();
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [good] }));
    expect(await findConfigFile(deep)).toBe(join(root, "mcpgen.config.json"));
    await writeFile(join(root, "packages", "mcpgen.config.json"), JSON.stringify({ targets: [] }));
    expect(await findConfigFile(deep)).toBe(join(root, "packages", "mcpgen.config.json"));
    const config = await loadConfig({ cwd: deep });
    expect(config.root).toBe(join(root, "packages"));
  });

  it("--config names one (relative to the working directory); comments and trailing commas are allowed", async () => {
    const root = await scratch();
    await writeFile(join(root, "other.json"), `{\n  // a comment\n  "targets": [${JSON.stringify(good)},],\n}\n`);
    const config = await loadConfig({ cwd: root, config: "other.json" });
    expect(config.file).toBe(join(root, "other.json"));
    expect(config.targets[0]!.outDir).toBe(join(root, "src/mcp/weather"));
  });

  it("a key given twice in one object is an error at the second, with both lines, beside the other problems", async () => {
    const root = await scratch();
    // What a merge that kept both sides leaves: JSON.parse would keep the last `out` and the last `targets` silently.
    const text = [
      "{",
      '  "targets": [',
      "    {",
      '      "name": "weather", // a comment',
      '      "manifest": "weather.tools.json",',
      '      "out": "src/mcp/weather",',
      '      "out": "src/mcp/forecast", "emit": "clients",',
      '      "oauth": { "scopes": ["a"], "scopes": ["b"] }',
      "    }",
      "  ],",
      '  "targets": [],',
      '  "a/b": 1, "a\\u002fb": 2',
      "}",
    ].join("\n");
    await writeFile(join(root, "mcpgen.config.json"), text);
    const error = await loadConfig({ cwd: root }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).diagnostics.map(({ pointer, message }) => [pointer, message])).toEqual([
      ["/targets/0/out", 'key "out" is given twice in one object (line 6, then line 7): JSON would keep the last and drop the first without a word'],
      ["/targets/0/oauth/scopes", 'key "scopes" is given twice in one object (both on line 8): JSON would keep the last and drop the first without a word'],
      ["/targets", 'key "targets" is given twice in one object (line 2, then line 11): JSON would keep the last and drop the first without a word'],
      ["/a~1b", 'key "a/b" is given twice in one object (both on line 12): JSON would keep the last and drop the first without a word'],
      ["/a~1b", 'unknown key "a/b"'],
    ]);
    expect((error as ConfigError).diagnostics[0]!.hint).toBe("keep the one you mean and delete the other (a merge that kept both sides?)");
  });

  it("keys that repeat in different objects are not duplicates", async () => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [good, { name: "notes", manifest: "n.json", out: "n" }] }, null, 2));
    expect((await loadConfig({ cwd: root })).targets.map((target) => target.name)).toEqual(["weather", "notes"]);
  });

  it("no configuration is a usage error", async () => {
    const root = await scratch();
    const error = await loadConfig({ cwd: root }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).diagnostic.code).toBe("usage");
  });
});

describe("the CLI", () => {
  it("--config given a manifest: one error that says so, with how to generate from it (not an error per key)", async () => {
    const root = await scratch();
    await writeFile(join(root, "weather.json"), JSON.stringify({ server: { name: "w", version: "1" }, protocolVersion: "2025-06-18", tools: [] }));
    const result = await cli(["generate", "--config", "weather.json"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: weather.json: at /: this is a manifest (it lists tools), not a configuration\n  hint: generate from it with mcpgen generate weather.json --out <dir>, or name it in a configuration\'s target: { "targets": [{ "name": "<name>", "manifest": "<its path>", "out": "<dir>" }] }\n',
    );
  });

  it("prints every problem with the file and pointer, exits 1 and writes nothing", async () => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [{ name: "a", manifest: "a.json", out: "out", emit: "clients" }], extra: 1 }));
    const result = await cli(["generate"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: mcpgen.config.json: at /extra: unknown key "extra"');
    expect(result.stderr).toContain('error: mcpgen.config.json: at /targets/0/emit: `emit` must be "client", "server", "types", not "clients"');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("names a configuration given with --config by its path", async () => {
    const root = await scratch();
    await mkdir(join(root, "config"));
    await writeFile(join(root, "config", "mcp.json"), '{ "targets": [ { "name": 1 } ] }');
    const result = await cli(["generate", "--config", "config/mcp.json"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: ${join("config", "mcp.json")}: at /targets/0/name: \`name\` must be a non-empty string, not 1`);
  });

  it("invalid JSON names the file", async () => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), "{ targets: [] }");
    const result = await cli(["generate"], root);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: mcpgen\.config\.json: not valid JSON/);
  });

  it.each([
    ["no configuration", [], /error: no mcpgen\.config\.json in .* or any directory above it\n {2}hint: run mcpgen init/],
    ["a manifest without --out and no configuration", ["weather.tools.json"], /error: required option '-o, --out <dir>' not specified/],
    ["--watch with --check", ["--watch", "--check"], /error: --watch and --check do not go together/],
    ["--emit without --out", ["--emit", "types"], /error: --emit goes with --out/],
    ["--config with --out", ["m.json", "--out", "o", "--config", "c.json"], /error: --config and --out do not go together/],
  ])("usage error, exit 2: %s", async (_, args, message) => {
    const root = await scratch();
    const result = await cli(["generate", ...args], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("an unknown target is a usage error that lists the targets", async () => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [good, { name: "notes", manifest: "n.json", out: "n" }] }));
    const result = await cli(["generate", "forecast"], root);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: no target named "forecast" in mcpgen.config.json\n  hint: targets: weather, notes\n');
  });

  it.each([
    ["in the wrong case", ["generate", "Weather"], 'no target named "Weather" in mcpgen.config.json\n  hint: did you mean "weather"? targets: weather, notes'],
    ["misspelt", ["pull", "--check", "wether"], 'no target named "wether" in mcpgen.config.json\n  hint: did you mean "weather"? targets: weather, notes'],
    [
      "among others",
      ["generate", "WEATHER", "note", "forecast"],
      'no target named "WEATHER", "note", "forecast" in mcpgen.config.json\n  hint: did you mean "weather" for "WEATHER", "notes" for "note"? targets: weather, notes',
    ],
  ])("a target name %s gets a did-you-mean", async (_, args, message) => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [good, { name: "notes", manifest: "n.json", out: "n" }] }));
    const result = await cli(args, root);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: ${message}\n`);
  });

  it("pull without a server target is a usage error", async () => {
    const root = await scratch();
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [good] }));
    const all = await cli(["pull"], root);
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(/no target in mcpgen\.config\.json has a `server`: there is nothing to pull/);
    const named = await cli(["pull", "weather"], root);
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/"weather" is not a server target/);
    const header = await cli(["pull", "--header", "A: b"], root);
    expect(header.code).toBe(2);
    expect(header.stderr).toMatch(/--header, --env and --transport go with --out/);
  });
});
