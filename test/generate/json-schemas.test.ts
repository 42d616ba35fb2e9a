/**
 * The published schemas of what `--json` prints (schema/mcpgen.{output,project,init,auth,watch,failure,diff}.schema.json):
 * the real CLI's output of each form validates against its schema, and since every object in them is closed
 * (`additionalProperties: false`), a field added to an output and not to its schema fails here.
 */
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ajv2020Module, { type ValidateFunction } from "ajv/dist/2020.js";
import ajvModule from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { cliIn, fixtureCopy } from "../helpers/project.js";
import { sampleTool, streamableHttpServer, toolServer, type RunningServer } from "../helpers/mcp-http-servers.js";
import { repoRoot } from "../helpers/typecheck.js";
import { DIAGNOSTIC_CODES } from "../../src/shared/codes.js";
import { CONFIG_DIR_VARIABLE, LoginStore, serverKey } from "../../src/acquire/oauth/store.js";

// CommonJS modules seen from ESM: the class is the `default` of `module.exports`.
const Ajv2020 = ajv2020Module.default;
const Ajv = ajvModule.default;

const SCHEMAS = ["output", "project", "init", "auth", "watch", "failure", "diff"] as const;
type SchemaName = (typeof SCHEMAS)[number];

const readSchema = async (name: string) =>
  JSON.parse(await readFile(join(repoRoot, "schema", `mcpgen.${name}.schema.json`), "utf8")) as Record<string, unknown>;

const ajv = new Ajv2020({ allErrors: true, strict: true });
for (const name of SCHEMAS) ajv.addSchema(await readSchema(name));
const idOf = (name: SchemaName) => `https://unpkg.com/mcpgen/schema/mcpgen.${name}.schema.json`;

/** The compiled schema (or one of its `$defs`: `output#generate`). */
function validator(name: SchemaName, def?: string): ValidateFunction {
  const validate = ajv.getSchema(def === undefined ? idOf(name) : `${idOf(name)}#/$defs/${def}`);
  if (validate === undefined) throw new Error(`no schema ${name} ${def ?? ""}`);
  return validate;
}

/** Parses a `--json` stdout and checks it against `name` (and, for the output schema, the command's own shape). */
function expectValid(stdout: string, name: SchemaName, def?: string): Record<string, any> {
  const document = JSON.parse(stdout) as Record<string, any>;
  for (const validate of [validator(name), ...(def === undefined ? [] : [validator(name, def)])]) {
    const valid = validate(document);
    expect(valid, ajv.errorsText(validate.errors, { separator: "\n" })).toBe(true);
  }
  return document;
}

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A copy of a manifest of the fixture with its first tool's description changed and a tool added. */
async function editManifest(root: string, file: string): Promise<void> {
  const manifest = JSON.parse(await readFile(join(root, file), "utf8")) as { tools: Array<Record<string, unknown>> };
  manifest.tools[0]!["description"] = "Changed since the output was generated.";
  manifest.tools.push({ name: "added_tool", inputSchema: { type: "object", properties: { n: { type: "integer" } } } });
  await writeFile(join(root, file), JSON.stringify(manifest, null, 2));
}

describe("the schemas themselves", () => {
  it("are draft 2020-12 with an $id in the package's schema folder; every property has a description; objects are closed but serverInfo and config", async () => {
    const open: string[] = [];
    const undescribed: string[] = [];
    const walk = (node: unknown, path: string): void => {
      if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}/${index}`));
      if (typeof node !== "object" || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema["type"] === "object" && schema["properties"] !== undefined && schema["additionalProperties"] !== false) open.push(path);
      if (schema["type"] === "object" && schema["properties"] === undefined) open.push(path);
      if (typeof schema["properties"] === "object" && schema["properties"] !== null) {
        for (const [key, property] of Object.entries(schema["properties"])) {
          const described = property as Record<string, unknown>;
          // A property that only refers to a definition takes that definition's description.
          if (typeof described["description"] !== "string" && typeof described["$ref"] !== "string") undescribed.push(`${path}/properties/${key}`);
        }
      }
      for (const [key, value] of Object.entries(schema)) walk(value, `${path}/${key}`);
    };
    for (const name of SCHEMAS) {
      const schema = await readSchema(name);
      expect(schema["$schema"]).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(schema["$id"]).toBe(idOf(name));
      walk(schema, name);
      for (const [def, body] of Object.entries(schema["$defs"] as Record<string, Record<string, unknown>>))
        expect(typeof body["description"] === "string" || def === "generate" || def === "pull" || def === "scaffold", `${name}#/$defs/${def}`).toBe(true);
    }
    // No field of the logins' documents can hold a token, a secret or a key (their objects are closed, above).
    const authKeys: string[] = [];
    const keysOf = (node: unknown): void => {
      if (typeof node !== "object" || node === null) return;
      const properties = (node as Record<string, unknown>)["properties"];
      if (typeof properties === "object" && properties !== null) authKeys.push(...Object.keys(properties));
      for (const value of Object.values(node)) keysOf(value);
    };
    keysOf(await readSchema("auth"));
    expect(authKeys.length).toBeGreaterThan(0);
    expect(authKeys.filter((key) => /token|secret|key|password|verifier|code/i.test(key))).toEqual([]);
    expect(undescribed).toEqual([]);
    expect(open.sort()).toEqual([
      "init/properties/config",
      "output/$defs/server/properties/serverInfo",
      "project/$defs/server/properties/serverInfo",
      "watch/$defs/server/properties/serverInfo",
    ]);
  });

  it("every diagnostic code fits the diagnostic's pattern", async () => {
    const code = (await readSchema("failure")) as { $defs: { diagnostic: { properties: { code: { pattern: string } } } } };
    const pattern = new RegExp(code.$defs.diagnostic.properties.code.pattern);
    expect(Object.keys(DIAGNOSTIC_CODES).filter((name) => !pattern.test(name))).toEqual([]);
  });

  it("a definition shared by several schemas is the same in each", async () => {
    const seen = new Map<string, { from: string; body: unknown }>();
    let compared = 0;
    for (const name of SCHEMAS) {
      for (const [def, body] of Object.entries((await readSchema(name))["$defs"] as Record<string, unknown>)) {
        const earlier = seen.get(def);
        if (earlier === undefined) seen.set(def, { from: name, body });
        else {
          expect(body, `${name}#/$defs/${def} differs from ${earlier.from}'s`).toEqual(earlier.body);
          compared++;
        }
      }
    }
    // The schemas do share definitions (diagnostic, server, target...): else this test would check nothing.
    expect(compared).toBeGreaterThan(0);
  });

  it("a field the schema does not name fails, at the top and inside", async () => {
    const root = await fixtureCopy("json-schema-closed");
    const run = await cliIn(root, ["generate", "contracts/weather.tools.json", "--out", "out", "--json"]);
    const document = expectValid(run.stdout, "output", "generate");
    expect(validator("output")({ ...document, extra: 1 })).toBe(false);
    expect(validator("output")({ ...document, files: [{ ...document["files"][0], extra: 1 }] })).toBe(false);
    expect(validator("failure")({ ok: false, errors: [{ diagnostic: { severity: "error", code: "usage", message: "m", extra: 1 } }] })).toBe(false);
  });
});

describe("generate, scaffold and pull --out --json", () => {
  it("generate --out, --emit types, then --check current and stale (with its files' diffs and the contract classified)", async () => {
    const root = await fixtureCopy("json-schema-generate");
    const written = await cliIn(root, ["generate", "contracts/weather.tools.json", "--out", "out", "--json"]);
    expect(written.code).toBe(0);
    expect(expectValid(written.stdout, "output", "generate")["files"].length).toBeGreaterThan(0);
    const types = await cliIn(root, ["generate", "contracts/notes.tools.json", "--out", "types", "--emit", "types", "--json"]);
    expectValid(types.stdout, "output", "generate");

    const current = await cliIn(root, ["generate", "contracts/weather.tools.json", "--out", "out", "--check", "--json"]);
    expect(current.code).toBe(0);
    expect(expectValid(current.stdout, "output", "generate")["upToDate"]).toBe(true);

    await editManifest(root, "contracts/weather.tools.json");
    const stale = await cliIn(root, ["generate", "contracts/weather.tools.json", "--out", "out", "--check", "--diff", "--json"]);
    expect(stale.code).toBe(1);
    const document = expectValid(stale.stdout, "output", "generate");
    expect(document["upToDate"]).toBe(false);
    expect(document["contract"]["changes"].length).toBeGreaterThan(0);
    const updated = (document["files"] as Array<Record<string, any>>).find((file) => file["status"] === "updated");
    expect(updated?.["lines"]).toMatchObject({ added: expect.any(Number), removed: expect.any(Number) });
    expect(updated?.["diff"]).toMatchObject({ text: expect.stringContaining("@@"), omitted: expect.any(Number) });
  });

  it("scaffold --out, then --check after a tool was added and one removed (a stub to create, an orphaned one)", async () => {
    const root = await fixtureCopy("json-schema-scaffold");
    const written = await cliIn(root, ["scaffold", "contracts/notes.tools.json", "--out", "srv", "--json"]);
    expect(written.code).toBe(0);
    expect(expectValid(written.stdout, "output", "scaffold")["handlers"].length).toBeGreaterThan(0);

    await editManifest(root, "contracts/notes.tools.json");
    const manifest = JSON.parse(await readFile(join(root, "contracts/notes.tools.json"), "utf8")) as { tools: unknown[] };
    manifest.tools.shift();
    await writeFile(join(root, "contracts/notes.tools.json"), JSON.stringify(manifest));
    const stale = await cliIn(root, ["scaffold", "contracts/notes.tools.json", "--out", "srv", "--check", "--json"]);
    expect(stale.code).toBe(1);
    const document = expectValid(stale.stdout, "output", "scaffold");
    expect(document["created"]).toContain("src/handlers/added-tool.ts");
    expect(document["orphanedHandlers"]).toEqual([expect.objectContaining({ reason: "removed", stub: true })]);
    // The snapshot would change: the contract's change classified, as generate --check and a configuration's scaffold target report it.
    expect(document["contract"]["counts"]).toMatchObject({ "breaking-for-clients": 1 });
    const text = await cliIn(root, ["scaffold", "contracts/notes.tools.json", "--out", "srv", "--check"]);
    expect(text.stderr).toMatch(/^srv is out of date \(\d+ files\):\n {2}contract: 1 breaking for clients, /m);
  });

  it("pull --out from a loopback server, then --check after its tools changed (drift and contract)", async () => {
    let tools = [sampleTool("alpha"), sampleTool("beta")];
    const server = await streamableHttpServer(() => toolServer(tools));
    running.push(server);
    const root = await fixtureCopy("json-schema-pull");
    const pulled = await cliIn(root, [
      "pull",
      server.url.href,
      "--out",
      "pulled",
      "--capability",
      "sampling.tools,roots",
      "--capability",
      "elicitation.url",
      "--json",
    ]);
    expect(pulled.code).toBe(0);
    const pulledServer = expectValid(pulled.stdout, "output", "pull")["server"];
    expect(pulledServer["tools"]).toBe(2);
    // What the pull declared, as the snapshot records it.
    expect(pulledServer["clientCapabilities"]).toEqual({ roots: {}, sampling: { tools: {} }, elicitation: { url: {} } });
    const snapshot = JSON.parse(await readFile(join(root, "pulled", "manifest.json"), "utf8")) as Record<string, unknown>;
    expect(pulledServer["clientCapabilities"]).toEqual(snapshot["clientCapabilities"]);

    tools = [sampleTool("alpha"), sampleTool("gamma")];
    const checked = await cliIn(root, ["pull", server.url.href, "--out", "pulled", "--check", "--fail-on", "any", "--json"]);
    expect(checked.code).toBe(1);
    const document = expectValid(checked.stdout, "output", "pull");
    // None declared: no key, as before.
    expect(Object.keys(document["server"])).not.toContain("clientCapabilities");
    expect(document["drift"]).toMatchObject({ added: ["gamma"], removed: ["beta"] });
    expect(document["contract"]["changes"].length).toBeGreaterThan(0);
  });
});

describe("a configuration's run --json", () => {
  it("generate of every target, --check current and stale, and a run with a failing target", async () => {
    const root = await fixtureCopy("json-schema-project");
    const written = await cliIn(root, ["generate", "--json"]);
    expect(written.code).toBe(0);
    const first = expectValid(written.stdout, "project");
    expect((first["targets"] as Array<{ emit: string }>).map((target) => target.emit).sort()).toEqual(["client", "client", "server", "types"]);

    expect(expectValid((await cliIn(root, ["generate", "--check", "--json"])).stdout, "project")["upToDate"]).toBe(true);
    await editManifest(root, "contracts/notes.tools.json");
    const stale = await cliIn(root, ["generate", "--check", "--json"]);
    expect(stale.code).toBe(1);
    const document = expectValid(stale.stdout, "project");
    expect((document["targets"] as Array<Record<string, unknown>>).some((target) => target["contract"] !== undefined)).toBe(true);

    await writeFile(join(root, "contracts/weather.tools.json"), "{ not json");
    const failed = await cliIn(root, ["generate", "--json"]);
    expect(failed.code).toBe(1);
    const report = expectValid(failed.stdout, "project");
    expect(report).toMatchObject({ ok: false, errors: [{ target: "weather" }] });
  });
});

describe("a configuration's pull --json", () => {
  it("pulls a server target from a loopback server named in .mcp.json, then --check after its tools changed", async () => {
    let tools = [sampleTool("alpha"), sampleTool("beta")];
    const server = await streamableHttpServer(() => toolServer(tools));
    running.push(server);
    const root = await mkdtemp(join(tmpdir(), "mcpgen-json-schema-config-pull-"));
    await writeFile(join(root, ".mcp.json"), JSON.stringify({ mcpServers: { loop: { type: "http", url: server.url.href } } }));
    await writeFile(join(root, "mcpgen.config.json"), JSON.stringify({ targets: [{ name: "loop", server: "loop", out: "out", capabilities: ["roots"] }] }));
    const pulled = await cliIn(root, ["pull", "--trust-project-config", "--json"]);
    expect(pulled.code, pulled.stderr).toBe(0);
    const pulledServer = expectValid(pulled.stdout, "project")["targets"][0]["server"];
    expect(pulledServer["tools"]).toBe(2);
    expect(pulledServer["clientCapabilities"]).toEqual({ roots: {} });

    tools = [sampleTool("alpha"), sampleTool("gamma")];
    const checked = await cliIn(root, ["pull", "--check", "--trust-project-config", "--json"]);
    expect(checked.code).toBe(1);
    const document = expectValid(checked.stdout, "project");
    expect(document["targets"][0]["drift"]).toMatchObject({ added: ["gamma"], removed: ["beta"] });
  });
});

describe("init --json", () => {
  it("writes a configuration from .mcp.json (valid against the configuration's schema too), then --check finds it; --check with no server says why", async () => {
    const root = await fixtureCopy("json-schema-init");
    await rm(join(root, "mcpgen.config.json"));
    const written = await cliIn(root, ["init", "--json"]);
    expect(written.code).toBe(0);
    const document = expectValid(written.stdout, "init");
    expect(document["written"]).toBe(true);
    // Its oneOf names properties its branches define (as config.test.ts compiles it).
    const config = new Ajv({ allErrors: true, strict: true, strictRequired: false }).compile(await readSchema("config"));
    expect(config(document["config"]), JSON.stringify(config.errors)).toBe(true);
    expect(expectValid((await cliIn(root, ["init", "--check", "--json"])).stdout, "init")["written"]).toBe(false);

    const empty = join(root, "empty");
    await mkdir(empty);
    const none = await cliIn(empty, ["init", "--check", "--json"]);
    expect(none.code).toBe(1);
    expect(expectValid(none.stdout, "init")["noServers"]).toEqual(expect.any(Object));
  });
});

/** Two tools whose `$ref` leads nowhere: two warnings, each an error under --strict. */
const DANGLING = JSON.stringify({
  tools: ["one", "two"].map((name) => ({ name, inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/gone" } } } })),
});

describe("the failure document", () => {
  it.each<[string, string[], ((root: string) => Promise<void>)?]>([
    ["a usage error", ["generate", "contracts/weather.tools.json", "--out", "out", "--bogus", "--json"]],
    ["a manifest that cannot be read", ["generate", "contracts/missing.tools.json", "--out", "out", "--json"]],
    ["a configuration that exists, to init", ["init", "--json"]],
    [
      "a write refused over a file of the user's",
      ["generate", "contracts/weather.tools.json", "--out", "out", "--json"],
      async (root) => {
        await mkdir(join(root, "out"));
        await writeFile(join(root, "out", "types.ts"), "export const mine = 1;\n");
      },
    ],
    [
      "a --strict run's warnings, each an error",
      ["scaffold", "dangling.json", "--out", "srv", "--strict", "--json"],
      (root) => writeFile(join(root, "dangling.json"), DANGLING),
    ],
  ])("%s", async (_name, args, setup) => {
    const root = await fixtureCopy("json-schema-failure");
    await setup?.(root);
    const run = await cliIn(root, args);
    expect(run.code).not.toBe(0);
    expect(expectValid(run.stdout, "failure")["errors"].length).toBeGreaterThan(args.includes("--strict") ? 1 : 0);
  });
});

/** Values a cached login holds that no output may show. */
const SECRETS = {
  access: "access-7d1e-secret-token",
  refresh: "refresh-93b0-secret-token",
  clientSecret: "client-secret-4f2a",
  expiredAccess: "access-expired-0c55",
};

describe("auth status and auth logout --json", () => {
  it("with logins cached (tokens, a client secret, one expired, one without tokens), after logging out of one, and with none", async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-json-schema-auth-"));
    const configDir = join(root, "config");
    const previous = process.env[CONFIG_DIR_VARIABLE];
    process.env[CONFIG_DIR_VARIABLE] = configDir;
    try {
      const store = new LoginStore(configDir);
      const hour = 60 * 60 * 1000;
      await store.write(serverKey(new URL("https://a.example.com/mcp")), {
        version: 1,
        server: "https://a.example.com/mcp",
        issuer: "https://auth.example.com/",
        client: { client_id: "mcpgen-a", client_secret: SECRETS.clientSecret },
        clientKind: "registered",
        tokens: { access_token: SECRETS.access, token_type: "Bearer", refresh_token: SECRETS.refresh, scope: "tools:read tools:call" },
        tokensClientId: "mcpgen-a",
        expiresAt: Date.now() + hour,
      });
      await store.write(serverKey(new URL("https://b.example.com/mcp")), {
        version: 1,
        server: "https://b.example.com/mcp",
        client: { client_id: "https://mcpgen.example.com/client.json" },
        clientKind: "metadata-document",
        tokens: { access_token: SECRETS.expiredAccess, token_type: "Bearer" },
        expiresAt: Date.now() - hour,
      });
      await store.write(serverKey(new URL("https://c.example.com/mcp")), { version: 1, server: "https://c.example.com/mcp" });

      const outputs: string[] = [];
      const run = async (args: string[]) => {
        const result = await cliIn(root, [...args, "--json"]);
        outputs.push(result.stdout, result.stderr);
        expect(result.code, result.stderr).toBe(0);
        return expectValid(result.stdout, "auth");
      };
      const status = await run(["auth", "status"]);
      expect(validator("auth", "status")(status)).toBe(true);
      expect(status).toMatchObject({
        directory: store.directory,
        logins: [
          {
            server: "https://a.example.com/mcp",
            client: { id: "mcpgen-a", kind: "registered" },
            scopes: ["tools:read", "tools:call"],
            expired: false,
            refreshable: true,
          },
          { server: "https://b.example.com/mcp", client: { kind: "metadata-document" }, expired: true, refreshable: false },
          { server: "https://c.example.com/mcp", scopes: [], expired: true, refreshable: false },
        ],
      });
      // A token beside the summary would fail the schema, at the top and in a login.
      expect(validator("auth")({ ...status, tokens: {} })).toBe(false);
      expect(validator("auth")({ ...status, logins: [{ ...status["logins"][0], accessToken: "x" }] })).toBe(false);

      const one = await run(["auth", "logout", "https://b.example.com/mcp"]);
      expect(validator("auth", "logout")(one)).toBe(true);
      expect(one).toEqual({ forgot: ["https://b.example.com/mcp"] });
      expect(await run(["auth", "logout", "https://b.example.com/mcp"])).toEqual({ forgot: [] });
      expect(await run(["auth", "logout"])).toEqual({ forgot: ["https://a.example.com/mcp", "https://c.example.com/mcp"] });
      expect(await run(["auth", "logout"])).toEqual({ forgot: [] });
      expect(await run(["auth", "status"])).toEqual({ directory: store.directory, logins: [] });

      const printed = outputs.join("\n");
      for (const secret of Object.values(SECRETS)) expect(printed).not.toContain(secret);
    } finally {
      if (previous === undefined) delete process.env[CONFIG_DIR_VARIABLE];
      else process.env[CONFIG_DIR_VARIABLE] = previous;
    }
  });
});

/** How long to wait for a watch event that should come well within a second. */
const WAIT_MS = 60_000;

describe("generate --watch --json", () => {
  it("every line validates: the start (each target generated, then watching), an invalid manifest's error, its regeneration", async () => {
    const root = await fixtureCopy("json-schema-watch");
    const lines: string[] = [];
    let notify = () => undefined as void;
    const stdout = (text: string) => {
      lines.push(...text.split("\n").filter((line) => line !== ""));
      notify();
    };
    /** Resolves once a line after the first `from` matches; rejects after WAIT_MS. */
    const waitFor = (what: string, match: (event: Record<string, any>) => boolean, from: number) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`gave up waiting for ${what}: ${lines.join("\n")}`)), WAIT_MS);
        notify = () => {
          const index = lines.slice(from).findIndex((line) => match(JSON.parse(line) as Record<string, any>));
          if (index === -1) return;
          clearTimeout(timer);
          resolve(from + index + 1);
        };
        notify();
      });
    const controller = new AbortController();
    const running = cliIn(root, ["generate", "--watch", "--json"], { stdout, signal: controller.signal });
    try {
      const started = await waitFor("the watch to start", (event) => event["kind"] === "watching", 0);
      const manifest = join(root, "contracts/weather.tools.json");
      const text = await readFile(manifest, "utf8");
      await writeFile(`${manifest}.swp`, "{ not json");
      await rename(`${manifest}.swp`, manifest);
      const failed = await waitFor("the error", (event) => event["kind"] === "error" && event["target"] === "weather", started);
      await writeFile(`${manifest}.swp`, text);
      await rename(`${manifest}.swp`, manifest);
      await waitFor("the regeneration", (event) => event["kind"] === "generated" && event["target"] === "weather" && event["reason"] === "input", failed);
    } finally {
      controller.abort();
    }
    expect((await running).code).toBe(0);
    const events = lines.map((line) => expectValid(line, "watch"));
    // The start in this order; then the error and the regeneration waited for above (a file system may report a save twice).
    expect(events.slice(0, 5).map((event) => [event["kind"], event["target"], event["reason"]])).toEqual([
      ["generated", "weather", "start"],
      ["generated", "notes-types", "start"],
      ["generated", "notes", "start"],
      ["generated", "github", "start"],
      ["watching", undefined, undefined],
    ]);
    for (const def of ["generated", "error", "watching"]) expect(events.some((event) => validator("watch", def)(event))).toBe(true);
    expect(validator("watch")({ ...events[0], extra: 1 })).toBe(false);
  });
});
