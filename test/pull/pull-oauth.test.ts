/**
 * `mcpgen pull` against an OAuth-protected MCP server started here (the SDK's
 * authorization router and bearer middleware over a test provider, see
 * helpers/oauth-server.ts), with a script for a browser (`BROWSER`) that
 * follows the authorization redirect back to mcpgen's loopback callback.
 * The real CLI runs as a child process, without a terminal, with its own
 * config directory (`MCPGEN_CONFIG_DIR`): the user's files are never touched.
 */
import { execFile } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LoopbackCallback } from "../../src/acquire/oauth/callback.js";
import { McpgenError } from "../../src/shared/errors.js";
import { pullProject } from "../../src/commands/project.js";
import { pull } from "../../src/commands/pull.js";
import { startOAuthServer, type OAuthServerBehaviour, type OAuthTestServer } from "../helpers/oauth-server.js";
import { closedPort, sampleTool, streamableHttpServer, toolServer } from "../helpers/mcp-http-servers.js";
import { readTree, repoRoot, tempDir } from "../helpers/pull.js";

const bin = join(repoRoot, "bin", "mcpgen.js");
const browserScript = join(repoRoot, "test", "fixtures", "oauth", "browser.mjs");
/** BROWSER as a user would set it: the command, its arguments; mcpgen appends the URL. */
const browser = (...args: string[]) => [process.execPath, browserScript, ...args].map((word) => JSON.stringify(word)).join(" ");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI as a child process: no terminal, a clean environment but for `env`. */
function cli(args: string[], env: Record<string, string>): Promise<Run> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "BROWSER" && !name.startsWith("MCPGEN_")));
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...clean, NO_COLOR: "1", ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
  });
}

const servers: OAuthTestServer[] = [];
async function serve(behaviour: OAuthServerBehaviour = {}): Promise<OAuthTestServer> {
  const server = await startOAuthServer(behaviour);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Every file under `directory`, as path → contents (binary-safe enough for a scan). */
async function everyFile(directory: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files[join(entry.parentPath, entry.name)] = await readFile(join(entry.parentPath, entry.name), "utf8");
  }
  return files;
}

/** What a user does with a printed login address: opens it, and the browser follows the redirects back to mcpgen. */
async function openAddress(address: string): Promise<void> {
  let next = new URL(address);
  for (let hops = 0; hops < 10; hops++) {
    const response = await fetch(next, { redirect: "manual" });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (location === null) return;
    next = new URL(location, next);
  }
}

async function pullError(promise: Promise<unknown>): Promise<McpgenError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(McpgenError);
    return error as McpgenError;
  }
  throw new Error("expected the pull to fail");
}

describe("mcpgen pull with an OAuth login", () => {
  it("logs in through the browser once, reuses the cached token, refreshes an expired one, forgets it on logout, and never leaks a secret", async () => {
    // The server echoes the access token into its contract (a default): masked there too, unlike a header's value.
    const server = await serve({ scopes: { base: ["tools:read"] }, echoToken: true });
    const configDir = await tempDir("oauth-config");
    const env = { MCPGEN_CONFIG_DIR: configDir, BROWSER: browser() };
    const outputs: string[] = [];
    const run = async (args: string[], extra: Record<string, string> = env) => {
      const result = await cli(args, extra);
      outputs.push(result.stdout, result.stderr);
      return result;
    };

    // First pull: discovery, registration, consent in the "browser", token exchange.
    const out = await tempDir("oauth-out");
    const first = await run(["pull", server.url.href, "--out", out, "--no-format"]);
    expect(first.stderr, first.stderr).toMatch(
      new RegExp(`${server.url.href} needs a login: opening ${server.origin}/authorize\\?\\S+ in your browser \\(or open it yourself\\)`),
    );
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`pulled 2 tools from ${server.url.href}`);
    expect(server.record.registrations).toHaveLength(1);
    expect(server.record.registrations[0]).toMatchObject({
      client_name: "mcpgen",
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
    expect(server.record.registrations[0]!.redirect_uris[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(server.record.authorizations).toHaveLength(1);
    // PKCE S256 (checked by the provider against the verifier), the resource indicator, the scope from the challenge.
    expect(server.record.authorizations[0]).toMatchObject({ scopes: ["tools:read"], resource: new URL(server.url.href) });
    expect(server.record.grants).toEqual(["authorization_code"]);
    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8"));
    expect(snapshot.tools.map((tool: { name: string }) => tool.name)).toEqual(["list_issues", "create_issue"]);
    expect(snapshot.tools[0].inputSchema.properties.text.default).toBe("***");
    expect(first.stderr).toContain("at /tools/0/inputSchema/properties/text/default: the server's answer contains an OAuth credential of this pull");

    // The cached login: a private file in a private directory.
    const logins = join(configDir, "oauth");
    const [loginFile, ...others] = await readdir(logins);
    expect(others).toEqual([]);
    expect((await stat(logins)).mode & 0o777).toBe(0o700);
    expect((await stat(join(logins, loginFile!))).mode & 0o777).toBe(0o600);

    // Second pull, with --json: the cached token, no new login.
    const second = await run(["pull", server.url.href, "--out", await tempDir("oauth-out-2"), "--no-format", "--json"]);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ server: { tools: 2 } });
    expect(second.stderr).not.toContain("needs a login");
    expect(server.record.authorizations).toHaveLength(1);
    expect(server.record.grants).toEqual(["authorization_code"]);

    // The access token expires: the next pull refreshes it, without a browser.
    server.expireAccessTokens();
    const third = await run(["pull", server.url.href, "--out", out, "--no-format", "--verbose"], { MCPGEN_CONFIG_DIR: configDir });
    expect(third.code, third.stderr).toBe(0);
    expect(server.record.grants).toEqual(["authorization_code", "refresh_token"]);
    expect(server.record.authorizations).toHaveLength(1);

    // The refresh token is revoked too: the refresh is refused (the answer echoes the token, which the SDK warns
    // about, quoting it), and the pull logs in again in the browser; the warning reaches no output unmasked.
    server.expireAccessTokens();
    server.revokeRefreshTokens();
    const fourth = await run(["pull", server.url.href, "--out", out, "--no-format"]);
    expect(fourth.code, fourth.stderr).toBe(0);
    expect(fourth.stderr).not.toContain("[mcp-sdk]");
    expect(server.record.grants).toEqual(["authorization_code", "refresh_token", "refresh_token", "authorization_code"]);
    expect(server.record.authorizations).toHaveLength(2);

    // auth status lists it, without tokens.
    const status = await run(["auth", "status"]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(server.url.href);
    expect(status.stdout).toContain(`authorization server: ${server.origin}/`);
    expect(status.stdout).toMatch(/access token: valid until \S+ \(\d+ min\), refreshable/);
    const statusJson = await run(["auth", "status", "--json"]);
    expect(JSON.parse(statusJson.stdout)).toMatchObject({
      directory: logins,
      logins: [{ server: server.url.href, scopes: ["tools:read"], expired: false, refreshable: true }],
    });

    // The cached token file holds the token (it must); nothing else does.
    const stored = await readFile(join(logins, loginFile!), "utf8");
    const latestAccess = server.record.secrets.filter((secret) => secret.startsWith("access-")).at(-1)!;
    expect(stored).toContain(latestAccess);

    // logout forgets it (a pull then needs a new login: see "fails at once without a terminal" below).
    const logout = await run(["auth", "logout", server.url.href]);
    expect(logout.stdout).toBe(`forgot the login for ${server.url.href}\n`);
    expect(await readdir(logins)).toEqual([]);
    expect((await run(["auth", "status"])).stdout).toBe(`no cached logins (mcpgen pull keeps them in ${logins})\n`);

    // The scan: output directories, snapshot, every stdout and stderr (--json and --verbose among them), and the
    // config directory once the login is gone, hold none of the tokens, codes, verifiers or secrets issued.
    const written = { ...(await everyFile(out)), ...(await everyFile(configDir)) };
    const haystack = [...Object.values(written), ...outputs].join("\n");
    expect(server.record.secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of server.record.secrets) expect(haystack).not.toContain(secret);
    for (const bearer of server.record.bearerTokens) expect(haystack).not.toContain(bearer.slice("Bearer ".length));
  });

  it("uses a pre-registered client with its secret from the environment, and never prints the secret", async () => {
    const server = await serve();
    const configDir = await tempDir("oauth-prereg");
    // Registered beforehand: the test provider's store learns the client through registration, as an admin would add it.
    const registration = await fetch(`${server.origin}/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "ci", redirect_uris: ["http://127.0.0.1/callback"], token_endpoint_auth_method: "client_secret_post" }),
    });
    const client = (await registration.json()) as { client_id: string; client_secret: string };
    const out = await tempDir("oauth-prereg-out");
    const result = await cli(["pull", server.url.href, "--out", out, "--no-format", "--json"], {
      MCPGEN_CONFIG_DIR: configDir,
      BROWSER: browser(),
      MCPGEN_CLIENT_ID: client.client_id,
      MCPGEN_CLIENT_SECRET: client.client_secret,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(server.record.registrations).toHaveLength(1);
    expect(server.record.authorizations.map((authorization) => authorization.clientId)).toEqual([client.client_id]);
    const haystack = [result.stdout, result.stderr, ...Object.values(await everyFile(out)), ...Object.values(await everyFile(configDir))].join("\n");
    expect(haystack).not.toContain(client.client_secret);

    // The configured client reaches the SDK stamped with its authorization server (SEP-2352): no warning about "pre-upgrade storage".
    const events: string[] = [];
    await pull({
      target: server.url.href,
      outDir: await tempDir("oauth-prereg-out-2"),
      format: false,
      oauth: { interactive: true, configDir: await tempDir("oauth-prereg-2") },
      environment: { BROWSER: browser(), MCPGEN_CLIENT_ID: client.client_id, MCPGEN_CLIENT_SECRET: client.client_secret },
      onProgress: (event) => events.push(event.message),
    });
    expect(events.filter((message) => message.includes("MCP SDK"))).toEqual([]);
  });
});

describe("logging in", () => {
  it("with --no-browser prints the address, opens nothing, and waits for the user", async () => {
    const server = await serve();
    const lines: string[] = [];
    let opened: Promise<void> | undefined;
    const result = await pull({
      target: server.url.href,
      outDir: await tempDir("oauth-nobrowser"),
      format: false,
      timeoutMs: 20_000,
      oauth: { interactive: true, openBrowser: false, configDir: await tempDir("oauth-nobrowser-config") },
      // Would fail the login if it were run: it is not.
      environment: { BROWSER: "no-such-browser-mcpgen-test" },
      onProgress: (event) => {
        if (event.kind !== "login") return;
        lines.push(event.message);
        opened = openAddress(/ open (\S+) in your browser$/.exec(event.message)![1]!);
      },
    });
    await opened;
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${server.url.href} needs a login: open ${server.origin}/authorize\\?\\S+ in your browser$`))]);
    expect(result.server.tools).toBe(2);
  });

  it("listens for the browser only once a server asks for a login: a server that asks for none never has a port opened", async () => {
    const listen = vi.spyOn(LoopbackCallback, "listen");
    try {
      const open = await streamableHttpServer(() => toolServer([sampleTool("echo")]));
      try {
        const options = { format: false, timeoutMs: 20_000, environment: { BROWSER: browser() } } as const;
        const plain = await pull({
          ...options,
          target: open.url.href,
          outDir: await tempDir("oauth-none"),
          oauth: { interactive: true, configDir: await tempDir("oauth-none-config") },
        });
        expect(plain.server.tools).toBe(1);
        expect(listen).not.toHaveBeenCalled();
        const server = await serve();
        const protectedPull = await pull({
          ...options,
          target: server.url.href,
          outDir: await tempDir("oauth-once"),
          oauth: { interactive: true, configDir: await tempDir("oauth-once-config") },
        });
        expect(protectedPull.server.tools).toBe(2);
        expect(listen).toHaveBeenCalledTimes(1);
      } finally {
        await open.close();
      }
    } finally {
      listen.mockRestore();
    }
  });

  it("names a configured callback port another program holds, when the login needs it", async () => {
    const server = await serve();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const error = await pullError(
        pull({
          target: server.url.href,
          outDir: await tempDir("oauth-port"),
          format: false,
          timeoutMs: 20_000,
          oauth: { interactive: true, configDir: await tempDir("oauth-port-config"), settings: { callbackPort: port } },
          environment: { BROWSER: browser() },
        }),
      );
      expect(error.message).toContain(`cannot listen on 127.0.0.1:${port} for the login's redirect`);
      expect(error.diagnostic.hint).toMatch(/another program uses the configured oauth\.callbackPort/);
      // A server that asks for no login is pulled with the same settings: the held port never matters.
      const open = await streamableHttpServer(() => toolServer([sampleTool("echo")]));
      try {
        const plain = await pull({
          target: open.url.href,
          outDir: await tempDir("oauth-port-none"),
          format: false,
          timeoutMs: 20_000,
          oauth: { interactive: true, configDir: await tempDir("oauth-port-none-config"), settings: { callbackPort: port } },
          environment: { BROWSER: browser() },
        });
        expect(plain.server.tools).toBe(1);
      } finally {
        await open.close();
      }
    } finally {
      holder.close();
    }
  });

  it("takes a configured target's oauth settings, and names the target in the command to run", async () => {
    // No scope anywhere on the server's side: the configured scopes are requested.
    const server = await serve({ scopesSupported: [] });
    const root = await tempDir("oauth-project");
    const config = { targets: [{ name: "tracker", server: server.url.href, out: "gen/tracker", format: false, oauth: { scopes: "issues:read" } }] };
    const configDir = await tempDir("oauth-project-config");

    const refused = await pullProject({ config, cwd: root, oauth: { configDir } });
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]!.diagnostic).toMatchObject({
      code: "auth-required",
      hint: expect.stringContaining("log in once from a terminal: mcpgen pull tracker ("),
    });

    const result = await pullProject({ config, cwd: root, oauth: { interactive: true, configDir }, environment: { BROWSER: browser() } });
    expect(result.errors).toEqual([]);
    expect(result.written).toBe(true);
    expect(server.record.authorizations.map((authorization) => authorization.scopes)).toEqual([["issues:read"]]);
    expect(JSON.parse(await readFile(join(root, "gen/tracker/manifest.json"), "utf8")).tools).toHaveLength(2);
  });
});

describe("a login that fails", () => {
  const interactive = async (server: OAuthTestServer, browserCommand: string, extra: { loginTimeoutMs?: number } = {}) => {
    const out = await tempDir("oauth-fail");
    const error = await pullError(
      pull({
        target: server.url.href,
        outDir: out,
        format: false,
        timeoutMs: 20_000,
        oauth: { interactive: true, configDir: await tempDir("oauth-fail-config"), ...extra },
        environment: { BROWSER: browserCommand },
      }),
    );
    expect(await readTree(out)).toEqual({});
    return error;
  };

  it("says so when consent is denied, with the authorization server's error and description", async () => {
    const server = await serve({ consent: "deny" });
    const error = await interactive(server, browser());
    expect(error.diagnostic.code).toBe("auth-failed");
    expect(error.message).toContain(
      `logging in to ${server.url.href} failed at consent: the authorization server denied access: access_denied: The user declined to share the workspace`,
    );
    expect(error.diagnostic.hint).toContain("allow access");
    expect(server.record.grants).toEqual([]);
  });

  it("refuses a redirect whose state does not match the login", async () => {
    const server = await serve();
    const error = await interactive(server, browser("--forge-state"));
    expect(error.message).toContain(
      "failed at consent: the redirect back from the authorization server carried a state parameter that does not match the login mcpgen started",
    );
    expect(server.record.grants).toEqual([]);
  });

  it("names the token exchange and the server's error when the token endpoint refuses the code", async () => {
    const server = await serve({ tokenError: { error: "invalid_grant", description: "the code was already used" } });
    const error = await interactive(server, browser());
    expect(error.message).toContain(`failed at token exchange: ${server.origin} answered HTTP 400 invalid_grant: the code was already used`);
    expect(error.diagnostic.hint).toContain("run the pull again");
    for (const secret of server.record.secrets) expect(error.message + error.diagnostic.hint).not.toContain(secret);
  });

  it("names the registration and the server's error when it refuses to register mcpgen", async () => {
    const server = await serve({ registrationError: "redirect URIs on 127.0.0.1 are not allowed" });
    const error = await interactive(server, browser());
    expect(error.message).toContain(
      `failed at registration: ${server.origin} answered HTTP 400 invalid_client_metadata: redirect URIs on 127.0.0.1 are not allowed`,
    );
    // What it names exists: mcpgen has no --client-id option.
    expect(error.diagnostic.hint).toBe(
      "the authorization server refused to register mcpgen; if it only knows clients registered beforehand, give one as oauth.clientId (of the target in mcpgen.config.json, or of the server's .mcp.json entry) or MCPGEN_CLIENT_ID",
    );
    expect(server.record.authorizations).toEqual([]);
  });

  it("says that a cached login could not be refreshed when no new one can happen here", async () => {
    const server = await serve();
    const configDir = await tempDir("oauth-refresh-config");
    const options = { target: server.url.href, format: false, timeoutMs: 20_000 } as const;
    await pull({ ...options, outDir: await tempDir("oauth-refresh"), oauth: { interactive: true, configDir }, environment: { BROWSER: browser() } });
    server.expireAccessTokens();
    server.revokeRefreshTokens();
    const events: string[] = [];
    const error = await pullError(
      pull({ ...options, outDir: await tempDir("oauth-refresh-2"), oauth: { configDir }, environment: {}, onProgress: (event) => events.push(event.message) }),
    );
    expect(error.diagnostic.code).toBe("auth-required");
    // The SDK's warning about the refusal, which quotes the answer, is a progress line with the token masked.
    expect(events).toContainEqual(expect.stringMatching(/^the MCP SDK warns: OAuth "invalid_grant" .*unknown refresh token \*\*\*/));
    for (const secret of server.record.secrets) expect(events.join("\n")).not.toContain(secret);
    expect(error.message).toContain(
      `it needs a login, and there is no terminal here to log in from; the cached login could not be refreshed (${server.origin} answered HTTP 400 invalid_grant: unknown refresh token ***)`,
    );
    expect(server.record.grants).toEqual(["authorization_code", "refresh_token"]);
  });

  it("says which authorization server cannot be reached", async () => {
    const port = await closedPort();
    const server = await serve({ authorizationServer: `http://127.0.0.1:${port}/` });
    const error = await interactive(server, browser());
    expect(error.message).toContain(`failed at discovery: cannot reach the authorization server http://127.0.0.1:${port}: connection refused (ECONNREFUSED)`);
  });

  it("says so when the server names an authorization server that is no http(s) URL, and sends it nothing", async () => {
    const server = await serve({ authorizationServer: "file:///etc/passwd" });
    const error = await interactive(server, browser());
    expect(error.message).toContain(
      'failed at discovery: the server\'s protected resource metadata names the authorization server "file:///etc/passwd", which is no http(s) URL; mcpgen sent it nothing',
    );
  });

  it("gives up when the browser never comes back", async () => {
    const server = await serve();
    const error = await interactive(server, [process.execPath, "-e", ""].map((word) => JSON.stringify(word)).join(" "), { loginTimeoutMs: 1500 });
    expect(error.message).toContain("failed at consent: no answer from the browser within 1.5 s");
    expect(error.diagnostic.hint).toContain("--login-timeout");
  });

  it("stops waiting for the browser when the pull is interrupted", async () => {
    const server = await serve();
    const controller = new AbortController();
    const error = await pullError(
      pull({
        target: server.url.href,
        outDir: await tempDir("oauth-interrupted"),
        timeoutMs: 20_000,
        oauth: { interactive: true, openBrowser: false, configDir: await tempDir("oauth-interrupted-config") },
        // Ctrl-C a moment after the address is printed, while mcpgen waits for the browser.
        onProgress: (event) => {
          if (event.kind === "login") setTimeout(() => controller.abort(), 300);
        },
        signal: controller.signal,
      }),
    );
    expect(error.diagnostic.code).toBe("interrupted");
    // Whether the Ctrl-C lands while the transport hands over or once the wait has begun, the pull stops (the login timeout is 5 minutes).
    expect(error.message).toMatch(/^stopped during (initialize|login) of /);
  });

  it("fails at once without a terminal, a browser command or credentials, naming the command to run", async () => {
    const server = await serve({ scopes: { base: ["tools:read"] } });
    const out = await tempDir("oauth-noterminal");
    const result = await cli(["pull", server.url.href, "--out", out], { MCPGEN_CONFIG_DIR: await tempDir("oauth-noterminal-config") });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error: ${server.url.href} (Streamable HTTP) refused server/discover with HTTP 401 Unauthorized: it needs a login (scope "tools:read"), and there is no terminal here to log in from`,
    );
    expect(result.stderr).toContain(`hint: log in once from a terminal: mcpgen pull ${server.url.href} --out ${out}`);
    expect(result.stderr).toContain("MCPGEN_CLIENT_ID and MCPGEN_CLIENT_SECRET");
    // Nothing was asked of the authorization server: no discovery beyond the 401, no registration, no authorization.
    expect(server.record.registrations).toEqual([]);
    expect(server.record.authorizations).toEqual([]);
    expect(await readTree(out)).toEqual({});
  });
});

describe("the legacy HTTP+SSE transport", () => {
  it("logs in when the Streamable HTTP POST is refused with 401, then falls back to SSE with the token", async () => {
    const server = await serve({ scopes: { base: ["tools:read"] } });
    const events: string[] = [];
    const result = await pull({
      target: server.sseUrl.href,
      outDir: await tempDir("oauth-sse"),
      format: false,
      timeoutMs: 20_000,
      oauth: { interactive: true, configDir: await tempDir("oauth-sse-config") },
      environment: { BROWSER: browser() },
      onProgress: (event) => events.push(event.kind),
    });
    expect(result.server).toMatchObject({ transport: "sse", fellBack: true, tools: 2 });
    expect(events.filter((kind) => kind === "login")).toHaveLength(1);
    expect(server.record.authorizations[0]!.resource?.href).toBe(server.sseUrl.href);
  });
});

describe("step-up authorization", () => {
  it("logs in again for the scope a 403 insufficient_scope asks for, instead of refreshing the narrower token", async () => {
    const server = await serve({ scopes: { base: ["tools:read"], toolsList: ["issues:write"] }, scopesSupported: ["tools:read", "issues:write"] });
    const out = await tempDir("oauth-stepup");
    const events: string[] = [];
    const result = await pull({
      target: server.url.href,
      outDir: out,
      format: false,
      timeoutMs: 20_000,
      oauth: { interactive: true, configDir: await tempDir("oauth-stepup-config") },
      environment: { BROWSER: browser() },
      onProgress: (event) => events.push(`${event.kind}: ${event.message}`),
    });
    expect(result.server.tools).toBe(2);
    expect(server.record.authorizations.map((authorization) => authorization.scopes)).toEqual([["tools:read"], ["tools:read", "issues:write"]]);
    expect(server.record.grants).toEqual(["authorization_code", "authorization_code"]);
    expect(events.filter((event) => event.startsWith("login: "))).toHaveLength(2);
  });
});
