/**
 * What MCP 2026-07-28 asks of a client's login, against authorization
 * servers made to measure (helpers/oauth-stub.ts) that record every request:
 * the `iss` of the authorization response checked before the code is
 * redeemed (RFC 9207), `application_type` in dynamic registration,
 * credentials bound to the authorization server that issued them (SEP-2352),
 * metadata whose `issuer` is not the one it was fetched for refused (RFC 8414
 * §3.3), and a browser never sent to a plain-http authorization endpoint.
 * The CLI runs as a child process, with a script for a browser that logs
 * each address it is asked to open.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startAuthorizationServer, startResourceServer, type StubAuthorizationServer, type StubResourceServer } from "../helpers/oauth-stub.js";
import { repoRoot, tempDir } from "../helpers/pull.js";

const bin = join(repoRoot, "bin", "mcpgen.js");
const browserScript = join(repoRoot, "test", "fixtures", "oauth", "browser.mjs");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** The addresses the browser was asked to open. */
  opened: string[];
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** `mcpgen pull <url>`, no terminal, BROWSER the logging script, a config directory of its own (or `configDir`, kept between runs). */
async function pull(url: URL, configDir?: string): Promise<Run> {
  const work = await tempDir("oauth-revision");
  const log = join(work, "browser.log");
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "BROWSER" && !name.startsWith("MCPGEN_")));
  const env = {
    ...clean,
    NO_COLOR: "1",
    BROWSER: `${JSON.stringify(process.execPath)} ${JSON.stringify(browserScript)}`,
    BROWSER_LOG: log,
    MCPGEN_CONFIG_DIR: configDir ?? join(work, "config"),
  };
  const run = await new Promise<Omit<Run, "opened">>((resolve) => {
    execFile(process.execPath, [bin, "pull", url.href, "--out", join(work, "out")], { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
  });
  const opened = (await readFile(log, "utf8").catch(() => "")).split("\n").filter((line) => line !== "");
  return { ...run, opened };
}

/** An MCP server whose metadata names `as` (which may change), accepting the tokens `as` issued. */
async function world(...servers: StubAuthorizationServer[]): Promise<{ resource: StubResourceServer; current: { as: StubAuthorizationServer } }> {
  const current = { as: servers[0]! };
  const resource = await startResourceServer(
    () => current.as.origin,
    (token) => current.as.issued.includes(token),
  );
  closers.push(() => resource.close(), ...servers.map((server) => () => server.close()));
  return { resource, current };
}

const posted = (server: StubAuthorizationServer, path: string) => server.requests.filter((request) => request.method === "POST" && request.path === path);

describe("the authorization response's iss (RFC 9207)", () => {
  it("is checked when present: the issuer itself is accepted", async () => {
    const as = await startAuthorizationServer({ metadata: () => ({ authorization_response_iss_parameter_supported: true }), iss: (origin) => origin });
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(posted(as, "/token")).toHaveLength(1);
  });

  it("accepts a response without one from a server that does not promise it", async () => {
    const as = await startAuthorizationServer();
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pulled 5 tools, 2 prompts, 2 resources, 2 resource templates from /);
  });

  it("refuses another issuer's name before the code is redeemed: the token endpoint sees nothing", async () => {
    const as = await startAuthorizationServer({
      metadata: () => ({ authorization_response_iss_parameter_supported: true }),
      iss: () => "https://evil.example",
    });
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `failed at token exchange: the authorization server's redirect named the issuer "https://evil.example", but the login was started with "${as.origin}"; mcpgen did not redeem the authorization code`,
    );
    expect(posted(as, "/token")).toEqual([]);
  });

  it("refuses a missing iss from a server that promised one", async () => {
    const as = await startAuthorizationServer({ metadata: () => ({ authorization_response_iss_parameter_supported: true }) });
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("the authorization server's redirect named the issuer none");
    expect(posted(as, "/token")).toEqual([]);
  });
});

describe("dynamic client registration (MCP 2026-07-28)", () => {
  it("says which application_type mcpgen is: a native app with a loopback redirect", async () => {
    const as = await startAuthorizationServer();
    const { resource } = await world(as);
    expect((await pull(resource.url)).code).toBe(0);
    const [registration] = posted(as, "/register");
    expect(JSON.parse(registration!.body)).toMatchObject({
      application_type: "native",
      redirect_uris: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)],
    });
  });
});

describe("credentials bound to their authorization server (SEP-2352)", () => {
  it("registers again when the server names another authorization server, and never shows it the first one's client", async () => {
    const first = await startAuthorizationServer({ clientId: "client-of-the-first-as" });
    const second = await startAuthorizationServer({ clientId: "client-of-the-second-as" });
    const { resource, current } = await world(first, second);
    const configDir = join(await tempDir("oauth-migration"), "config");
    expect((await pull(resource.url, configDir)).code).toBe(0);
    expect(posted(first, "/register")).toHaveLength(1);

    // The server moves to another authorization server: the cached token is refused there, and a new login follows.
    current.as = second;
    const again = await pull(resource.url, configDir);
    expect(again.stderr).not.toMatch(/error/);
    expect(again.code).toBe(0);
    expect(posted(second, "/register")).toHaveLength(1);
    const sentToSecond = second.requests.map((request) => `${request.path} ${request.body} ${JSON.stringify(request.headers)}`).join("\n");
    expect(sentToSecond).not.toContain("client-of-the-first-as");
    expect(again.opened.every((address) => address.startsWith(`${second.origin}/authorize?`) && address.includes("client_id=client-of-the-second-as"))).toBe(
      true,
    );
  });
});

describe("a cached login the server no longer knows", () => {
  it("is named in the error, with how to forget it, however the server fails (here HTTP 500)", async () => {
    const as = await startAuthorizationServer();
    const forgotten = new Set<string>();
    const resource = await startResourceServer(
      () => as.origin,
      (token) => as.issued.includes(token) && !forgotten.has(token),
      { status: 500 },
    );
    closers.push(
      () => resource.close(),
      () => as.close(),
    );
    const configDir = join(await tempDir("oauth-stale"), "config");
    expect((await pull(resource.url, configDir)).code).toBe(0);
    // The authorization server forgets every token it issued; the server answers a forgotten one with HTTP 500.
    for (const token of as.issued) forgotten.add(token);
    const stale = await pull(resource.url, configDir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("answered server/discover with HTTP 500");
    expect(stale.stderr).toContain(
      `the request carried the login mcpgen cached for this server in an earlier run; if the server (or its authorization server) no longer knows it, mcpgen auth logout ${resource.url.href} forgets it and the next pull logs in again`,
    );
  });
});

describe("authorization servers that break the rules", () => {
  it("metadata naming another issuer than the one it was fetched for is refused (RFC 8414 §3.3): no registration, no browser", async () => {
    const as = await startAuthorizationServer({ metadata: () => ({ issuer: "https://someone-else.example" }) });
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `failed at discovery: the authorization server metadata for "${as.origin}" names the issuer "https://someone-else.example"; mcpgen does not log in with metadata that names another issuer than the one it was fetched for (RFC 8414 §3.3)`,
    );
    expect(posted(as, "/register")).toEqual([]);
    expect(run.opened).toEqual([]);
  });

  it("metadata without code_challenge_methods_supported (no PKCE) is refused: the browser is never opened", async () => {
    const as = await startAuthorizationServer({ metadata: () => ({ code_challenge_methods_supported: undefined }) });
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `failed at discovery: the authorization server "${as.origin}" does not say that it supports PKCE (its metadata has no code_challenge_methods_supported), so mcpgen opens no browser there`,
    );
    expect(run.opened).toEqual([]);
    expect(posted(as, "/token")).toEqual([]);
  });

  it("a plain-http authorization endpoint elsewhere than this machine is refused: the browser is never opened", async () => {
    const as = await startAuthorizationServer({ metadata: () => ({ authorization_endpoint: "http://login.example.test/authorize" }) });
    const { resource } = await world(as);
    const run = await pull(resource.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'failed at consent: the authorization endpoint "http://login.example.test/authorize" is neither https nor on this machine; mcpgen opens no browser there',
    );
    expect(run.stderr).not.toContain("login.example.test/authorize?");
    expect(run.opened).toEqual([]);
  });
});
