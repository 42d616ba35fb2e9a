/**
 * The parts of pull's OAuth login that stand alone: the BROWSER command, the
 * parsing of a server's challenge, the login store (where, keyed how, file
 * modes), the loopback callback (state check, the page it shows), and the
 * `oauth` object of an `.mcp.json` entry.
 */
import { chmod, chown, mkdir, mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { withSdkWarnings } from "../../src/acquire/sdk-warnings.js";
import { browserCommands, openInBrowser, splitCommand } from "../../src/acquire/oauth/browser.js";
import { ConsentFailure, LoopbackCallback } from "../../src/acquire/oauth/callback.js";
import { parseChallenge } from "../../src/acquire/oauth/observer.js";
import { configDirectory, LoginStore, serverKey } from "../../src/acquire/oauth/store.js";
import { displayUrl, maskCredentials, Secrets } from "../../src/acquire/sanitize.js";
import { findServerConfig } from "../../src/acquire/server-config.js";
import { McpgenError } from "../../src/shared/errors.js";
import { runCli } from "../helpers/cli.js";

const scratch = () => mkdtemp(join(tmpdir(), "mcpgen-oauth-parts-"));
const url = "https://auth.example.com/authorize?client_id=a&state=b";

describe("the SDK's warnings during a connection", () => {
  it("go to the connection's report, even once something has replaced console.warn since the first connection", async () => {
    const saved = console.warn;
    try {
      console.warn = vi.fn();
      await withSdkWarnings(
        () => undefined,
        async () => undefined,
      );
      // A host's logger, put in place after mcpgen's first connection.
      const replaced = vi.fn();
      console.warn = replaced;
      const reported: string[] = [];
      await withSdkWarnings(
        (warning) => reported.push(warning),
        async () => {
          console.warn("[mcp-sdk] refresh failed: refresh token rt-5ecret expired");
          console.warn("the host's own warning");
        },
      );
      expect(reported).toEqual(["refresh failed: refresh token rt-5ecret expired"]);
      expect(replaced.mock.calls).toEqual([["the host's own warning"]]);
    } finally {
      console.warn = saved;
    }
  });
});

describe("the BROWSER command", () => {
  it("appends the URL as one argument, or puts it where %s stands; a list is tried in order", () => {
    expect(browserCommands(url, "firefox", "linux")).toEqual([["firefox", url]]);
    expect(browserCommands(url, "'/opt/my browser/bin/browser' --new-tab", "linux")).toEqual([["/opt/my browser/bin/browser", "--new-tab", url]]);
    expect(browserCommands(url, "w3m %s:firefox", "linux")).toEqual([
      ["w3m", url],
      ["firefox", url],
    ]);
    expect(browserCommands(url, "C:\\Tools\\browser.exe;edge", "win32")).toEqual([
      ["C:\\Tools\\browser.exe", url],
      ["edge", url],
    ]);
  });

  it("falls back to the platform's opener", () => {
    expect(browserCommands(url, undefined, "darwin")).toEqual([["open", url]]);
    expect(browserCommands(url, "", "win32")).toEqual([["rundll32", "url.dll,FileProtocolHandler", url]]);
    expect(browserCommands(url, "  ", "linux")).toEqual([["xdg-open", url]]);
  });

  it("splits words as a shell would, without expanding anything", () => {
    expect(splitCommand(`a "b c" 'd $e' f\\ g "h\\"i" ''`)).toEqual(["a", "b c", "d $e", "f g", 'h"i', ""]);
  });

  it("passes the URL to the first command that starts, never through a shell", async () => {
    const directory = await scratch();
    const record = join(directory, "opened.txt");
    const script = join(directory, "browser.mjs");
    await writeFile(script, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(record)}, process.argv.at(-1));\n`);
    const hostile = "https://auth.example.com/authorize?q=$(touch pwned)&x=`id`;echo";
    const result = await openInBrowser(hostile, { BROWSER: `no-such-browser-mcpgen-test:${JSON.stringify(process.execPath)} ${JSON.stringify(script)}` });
    expect(result).toEqual({ opened: true });
    // The browser runs on its own: wait until it has written the whole URL (the file exists, empty, before that), for as
    // long as a node process may take to start on a loaded machine (up to a minute, within the test's timeout).
    for (let tries = 0; tries < 1200 && ((await stat(record).catch(() => undefined))?.size ?? 0) === 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readFile(record, "utf8")).toBe(new URL(hostile).href);
  });

  it("refuses what is not an http(s) URL before running anything", async () => {
    expect(await openInBrowser("javascript:alert(1)", { BROWSER: "no-such-browser-mcpgen-test" })).toEqual({
      opened: false,
      reason: "the authorization URL is not an http(s) URL (javascript:)",
    });
    expect(await openInBrowser("file:///etc/passwd", {})).toMatchObject({ opened: false });
  });
});

describe("a server's challenge", () => {
  const challenge = (status: number, header?: string) =>
    parseChallenge(new Response(null, { status, headers: header === undefined ? {} : { "www-authenticate": header } }));

  it("reads the schemes and the scope and error parameters", () => {
    expect(
      challenge(403, `Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://x/.well-known/oauth-protected-resource"`),
    ).toMatchObject({
      status: 403,
      schemes: ["bearer"],
      scope: "files:read files:write",
      error: "insufficient_scope",
    });
    expect(challenge(401, `Basic realm="api, Bearer-ish", charset="UTF-8"`).schemes).toEqual(["basic"]);
    expect(challenge(401, "Negotiate, Bearer realm=x").schemes).toEqual(["negotiate", "bearer"]);
    expect(challenge(401)).toEqual({ status: 401, schemes: [] });
  });
});

describe("a login's credentials in a server's answer", () => {
  it("are masked wherever they are, keys and contract values included; a header's value in the contract is left to redactManifest", () => {
    const secrets = new Secrets();
    const token = "access-0123456789abcdef";
    secrets.addCredential(token);
    secrets.add("header-value-5678");
    const manifest = {
      tools: [
        {
          name: "t",
          inputSchema: { type: "object", properties: { a: { type: "string" }, [token]: { enum: [`x ${token}`, "header-value-5678"] }, z: { type: "string" } } },
        },
      ],
    };
    const masked = maskCredentials(manifest, secrets);
    expect(masked.pointers).toEqual([`/tools/0/inputSchema/properties/${token}`, `/tools/0/inputSchema/properties/${token}/enum/0`]);
    expect(masked.manifest.tools[0]!.inputSchema).toEqual({
      type: "object",
      properties: { a: { type: "string" }, "***": { enum: ["x ***", "header-value-5678"] }, z: { type: "string" } },
    });
    expect(Object.keys(masked.manifest.tools[0]!.inputSchema.properties)).toEqual(["a", "***", "z"]);
  });
});

describe("the login store", () => {
  it("lives in MCPGEN_CONFIG_DIR, else the platform's config directory", () => {
    expect(configDirectory({ MCPGEN_CONFIG_DIR: "/tmp/x" }, "linux", "/home/u")).toBe("/tmp/x");
    expect(configDirectory({ XDG_CONFIG_HOME: "/home/u/.xdg" }, "linux", "/home/u")).toBe("/home/u/.xdg/mcpgen");
    expect(configDirectory({}, "linux", "/home/u")).toBe("/home/u/.config/mcpgen");
    expect(configDirectory({}, "darwin", "/Users/u")).toBe("/Users/u/Library/Application Support/mcpgen");
    expect(configDirectory({ APPDATA: "C:\\Users\\u\\AppData\\Roaming" }, "win32", "C:\\Users\\u")).toBe(join("C:\\Users\\u\\AppData\\Roaming", "mcpgen"));
  });

  it("keys a server by its URL, without credentials or fragment", () => {
    const key = serverKey(new URL("https://mcp.example.com/mcp?tenant=a"));
    expect(serverKey(new URL("https://user:pw@mcp.example.com/mcp?tenant=a#x"))).toBe(key);
    expect(serverKey(new URL("https://mcp.example.com/mcp?tenant=b"))).not.toBe(key);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });

  it("writes private files atomically, lists them by server, and skips files it did not write", async () => {
    const store = new LoginStore(await scratch());
    await store.write("b".repeat(32), { version: 1, server: "https://b.example.com/mcp" });
    await store.write("a".repeat(32), { version: 1, server: "https://a.example.com/mcp", issuer: "https://auth.example.com/" });
    await writeFile(join(store.directory, `${"c".repeat(32)}.json`), "not json");
    // Damaged or edited by hand: no login (the SDK, the browser's address and auth status would each fail on it in its own way).
    const damaged = [
      { client: "c1" },
      { client: { client_id: 7 } },
      { client: { client_id: "c1", redirect_uris: "http://127.0.0.1/callback" } },
      { tokens: "t" },
      { tokens: { access_token: 5, token_type: "Bearer" } },
      { tokens: { access_token: "t", refresh_token: ["r"] } },
      { expiresAt: "soon" },
      { issuer: 1 },
    ];
    for (const [index, fields] of damaged.entries()) {
      const key = String(index).repeat(32);
      await writeFile(store.pathOf(key), JSON.stringify({ version: 1, server: "https://d.example.com/mcp", ...fields }));
      expect(await store.read(key), JSON.stringify(fields)).toBeUndefined();
    }
    expect((await store.list()).map(({ login }) => login.server)).toEqual(["https://a.example.com/mcp", "https://b.example.com/mcp"]);
    expect((await stat(store.pathOf("a".repeat(32)))).mode & 0o777).toBe(0o600);
    expect(await store.remove("a".repeat(32))).toBe(true);
    expect(await store.remove("a".repeat(32))).toBe(false);
  });

  it("tightens an existing login directory others may enter or write to (0777) to 0700, before reading it or writing to it", async () => {
    for (const use of ["write", "read"] as const) {
      const store = new LoginStore(await scratch());
      await mkdir(store.directory, { recursive: true });
      await chmod(store.directory, 0o777);
      if (use === "write") await store.write("a".repeat(32), { version: 1, server: "https://a.example.com/mcp" });
      else expect(await store.read("a".repeat(32))).toBeUndefined();
      expect((await stat(store.directory)).mode & 0o777, use).toBe(0o700);
    }
  });

  // Only root can give a directory to another user (root runs these tests in the project's CI containers).
  it.skipIf(process.getuid?.() !== 0)("refuses a login directory another user owns, with what to do; auth status says so as a user error", async () => {
    const configDir = await scratch();
    const store = new LoginStore(configDir);
    await mkdir(store.directory, { recursive: true, mode: 0o700 });
    await chown(store.directory, 65534, 65534);
    const refused = `the directory ${store.directory} belongs to another user (uid 65534), so mcpgen does not use it: remove it, or set MCPGEN_CONFIG_DIR to a directory of yours`;
    await expect(store.read("a".repeat(32))).rejects.toThrow(refused);
    await expect(new LoginStore(configDir).write("a".repeat(32), { version: 1, server: "https://a.example.com/mcp" })).rejects.toThrow(refused);
    expect((await stat(store.directory)).mode & 0o777).toBe(0o700);
    const previous = process.env["MCPGEN_CONFIG_DIR"];
    process.env["MCPGEN_CONFIG_DIR"] = configDir;
    try {
      expect(await runCli(["auth", "status"])).toEqual({
        code: 1,
        stdout: "",
        stderr: `error: cannot use the cached logins in ${store.directory}: ${refused}\n`,
      });
    } finally {
      if (previous === undefined) delete process.env["MCPGEN_CONFIG_DIR"];
      else process.env["MCPGEN_CONFIG_DIR"] = previous;
    }
  });
});

describe("the loopback callback", () => {
  it("listens on 127.0.0.1, answers only /callback, and takes the code of the login it expects", async () => {
    const callback = await LoopbackCallback.listen("https://mcp.example.com/mcp");
    try {
      expect(callback.redirectUrl).toBe(`http://127.0.0.1:${callback.port}/callback`);
      expect((await fetch(`http://127.0.0.1:${callback.port}/other`)).status).toBe(404);
      callback.expect("state-1");
      const done = await fetch(`${callback.redirectUrl}?code=the-code&state=state-1`);
      expect(done.status).toBe(200);
      expect(done.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(await done.text()).toContain("You can close this tab");
      expect(await callback.code(5000)).toEqual({ code: "the-code" });
      // The login is over: a second redirect is not taken.
      expect((await fetch(`${callback.redirectUrl}?code=again&state=state-1`)).status).toBe(400);
    } finally {
      await callback.close();
    }
  });

  it("hands on the issuer a redirect names (RFC 9207), for the SDK to check before the code is redeemed", async () => {
    const callback = await LoopbackCallback.listen("https://mcp.example.com/mcp");
    try {
      callback.expect("state-2");
      const issuer = "https://auth.example.com/tenant a";
      expect((await fetch(`${callback.redirectUrl}?code=c2&state=state-2&iss=${encodeURIComponent(issuer)}`)).status).toBe(200);
      expect(await callback.code(5000)).toEqual({ code: "c2", iss: issuer });
    } finally {
      await callback.close();
    }
  });

  it("neither uses nor shows an error redirect from another issuer, or without the iss its authorization server promises (RFC 9207)", async () => {
    const callback = await LoopbackCallback.listen("server");
    const expected = "https://auth.example.com";
    const lure = "Session expired: call +1-555-0100";
    const redirect = (state: string, iss?: string) =>
      fetch(
        `${callback.redirectUrl}?error=access_denied&error_description=${encodeURIComponent(lure)}&state=${state}${iss === undefined ? "" : `&iss=${encodeURIComponent(iss)}`}`,
      );
    try {
      for (const [state, iss, required] of [
        ["s-1", "https://evil.example", false],
        ["s-2", `${expected}/`, false],
        ["s-3", undefined, true],
      ] as const) {
        callback.expect(state, { issuer: expected, required });
        const answer = await redirect(state, iss);
        expect(answer.status).toBe(400);
        expect(await answer.text()).not.toContain("Session expired");
        const failure = await callback.code(5000).catch((error: unknown) => error);
        expect(failure, state).toMatchObject({ kind: "issuer-mismatch", oauthError: undefined, description: undefined });
        expect((failure as Error).message).not.toContain("Session expired");
      }
      // Its own issuer's error, or none from a server that promises none, is shown as sent.
      for (const [state, iss] of [
        ["s-4", expected],
        ["s-5", undefined],
      ] as const) {
        callback.expect(state, { issuer: expected, required: false });
        expect(await (await redirect(state, iss)).text()).toContain("Session expired");
        await expect(callback.code(5000)).rejects.toMatchObject({ kind: "denied", description: lure });
      }
    } finally {
      await callback.close();
    }
  });

  it("refuses a redirect with another state, and escapes the server's words in its page", async () => {
    const callback = await LoopbackCallback.listen("server");
    try {
      callback.expect("state-2");
      const forged = await fetch(`${callback.redirectUrl}?code=c&state=other`);
      expect(forged.status).toBe(400);
      await expect(callback.code(5000)).rejects.toMatchObject({ kind: "state-mismatch" });

      callback.expect("state-3");
      const denied = await fetch(
        `${callback.redirectUrl}?error=access_denied&error_description=${encodeURIComponent("<script>alert(1)</script>")}&state=state-3`,
      );
      const page = await denied.text();
      expect(page).not.toContain("<script>");
      expect(page).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
      const failure = await callback.code(5000).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ConsentFailure);
      expect(failure).toMatchObject({ kind: "denied", oauthError: "access_denied", description: "<script>alert(1)</script>" });
    } finally {
      await callback.close();
    }
  });

  it("uses the port asked for, or another when it is taken (unless it is required)", async () => {
    const first = await LoopbackCallback.listen("s");
    try {
      const second = await LoopbackCallback.listen("s", first.port);
      expect(second.port).not.toBe(first.port);
      await second.close();
      await expect(LoopbackCallback.listen("s", first.port, true)).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      await first.close();
    }
  });
});

describe("an .mcp.json entry's oauth", () => {
  const context = (cwd: string) => ({ cwd, home: cwd, env: {}, platform: "linux" });

  it("carries Claude Code's keys and mcpgen's, and ignores other tools' keys", async () => {
    const cwd = await scratch();
    await writeFile(
      join(cwd, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          linear: {
            type: "http",
            url: "https://mcp.example.com/mcp",
            oauth: {
              clientId: "abc",
              callbackPort: 8976,
              scopes: "read",
              clientMetadataUrl: "https://example.com/mcpgen.json",
              authServerMetadataUrl: "https://x",
            },
          },
        },
      }),
    );
    const found = await findServerConfig("linear", context(cwd), new Secrets());
    expect(found.spec).toMatchObject({
      transport: "http",
      oauth: { clientId: "abc", callbackPort: 8976, scopes: "read", clientMetadataUrl: "https://example.com/mcpgen.json" },
    });
  });

  it("takes its values as written, never expanded: a ${VAR} in them is sent as text, so the project file needs no trust for it", async () => {
    const cwd = await scratch();
    const oauth = { clientId: "${CLIENT_ID}", scopes: "${env:SCOPES}" };
    await writeFile(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { linear: { url: "https://mcp.example.com/mcp", oauth } } }));
    const env = { CLIENT_ID: "private-client-id", SCOPES: "admin" };
    // No trust given: a variable the entry sends (in its url or headers) would stop here.
    const found = await findServerConfig("linear", { ...context(cwd), env }, new Secrets());
    expect(found.spec).toMatchObject({ oauth: { clientId: "${CLIENT_ID}", scopes: "${env:SCOPES}" } });
    expect(JSON.stringify(found.spec)).not.toContain("private-client-id");
    // A header's variable still asks for trust.
    await writeFile(
      join(cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { linear: { url: "https://mcp.example.com/mcp", headers: { "X-Id": "${CLIENT_ID}" }, oauth } } }),
    );
    const error = await findServerConfig("linear", { ...context(cwd), env }, new Secrets()).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).message).toContain("CLIENT_ID");
    expect((error as McpgenError).message).not.toContain("SCOPES");
  });

  it("is refused with a pointer when a value is wrong or a secret", async () => {
    const cwd = await scratch();
    for (const [oauth, pointer, message] of [
      [{ callbackPort: "8976" }, "/mcpServers/linear/oauth/callbackPort", /whole number/],
      [{ clientSecret: "s3cret-value" }, "/mcpServers/linear/oauth/clientSecret", /secrets come from the environment only/],
      [[], "/mcpServers/linear/oauth", /must be an object/],
    ] as const) {
      await writeFile(join(cwd, ".mcp.json"), JSON.stringify({ mcpServers: { linear: { url: "https://mcp.example.com/mcp", oauth } } }));
      const error = await findServerConfig("linear", context(cwd), new Secrets()).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(McpgenError);
      expect((error as McpgenError).diagnostic).toMatchObject({ pointer, message: expect.stringMatching(message) });
      expect((error as McpgenError).message).not.toContain("s3cret-value");
    }
  });
});

describe("mcpgen auth", () => {
  it("status lists the cached logins without their secrets; logout names a server as pull does (URL, target, .mcp.json server)", async () => {
    const root = await scratch();
    const configDir = await scratch();
    const previous = process.env["MCPGEN_CONFIG_DIR"];
    process.env["MCPGEN_CONFIG_DIR"] = configDir;
    try {
      const store = new LoginStore(configDir);
      const servers = ["https://a.example.com/mcp", "https://b.example.com/mcp", "https://c.example.com/mcp?key=k3y-secret-value"];
      const secrets: string[] = [];
      for (const [index, server] of servers.entries()) {
        const tokens = {
          access_token: `access-token-${index}-0123456789`,
          refresh_token: `refresh-token-${index}-0123456789`,
          token_type: "Bearer",
          scope: "issues:read",
        };
        secrets.push(tokens.access_token, tokens.refresh_token, `client-secret-${index}-0123456789`);
        await store.write(serverKey(new URL(server)), {
          version: 1,
          server: displayUrl(new URL(server)),
          issuer: "https://auth.example.com/",
          client: { client_id: `client-${index}`, client_secret: `client-secret-${index}-0123456789`, redirect_uris: ["http://127.0.0.1:8976/callback"] },
          clientKind: "registered",
          tokens,
          tokensClientId: `client-${index}`,
          expiresAt: index === 2 ? Date.now() - 60_000 : Date.now() + 3600_000,
        });
      }
      await writeFile(
        join(root, "mcpgen.config.json"),
        JSON.stringify({
          targets: [
            { name: "tracker", server: servers[0], out: "gen/a" },
            { name: "docs", server: "docs", out: "gen/b" },
          ],
        }),
      );
      await writeFile(join(root, ".mcp.json"), JSON.stringify({ mcpServers: { docs: { type: "http", url: servers[1] } } }));

      const status = await runCli(["auth", "status"], root);
      expect(status.code).toBe(0);
      expect(status.stdout).toContain(
        "https://a.example.com/mcp\n  authorization server: https://auth.example.com/\n  client: client-0 (registered by mcpgen)\n  access token: valid until",
      );
      expect(status.stdout).toContain("https://c.example.com/mcp?key=***\n");
      expect(status.stdout).toMatch(/access token: expired at \S+ \(refreshed by the next pull\)/);
      expect(status.stdout).toContain(`3 logins cached in ${join(configDir, "oauth")}`);
      const json = JSON.parse((await runCli(["auth", "status", "--json"], root)).stdout) as { logins: Array<{ server: string; expired: boolean }> };
      expect(json.logins.map((login) => [login.server, login.expired])).toEqual([
        ["https://a.example.com/mcp", false],
        ["https://b.example.com/mcp", false],
        ["https://c.example.com/mcp?key=***", true],
      ]);

      expect((await runCli(["auth", "logout", "tracker"], root)).stdout).toBe("forgot the login for https://a.example.com/mcp\n");
      expect((await runCli(["auth", "logout", "docs"], root)).stdout).toBe("forgot the login for https://b.example.com/mcp\n");
      expect((await runCli(["auth", "logout", "docs"], root)).stdout).toBe("no login cached for https://b.example.com/mcp\n");
      expect((await runCli(["auth", "logout", servers[2]!], root)).stdout).toBe("forgot the login for https://c.example.com/mcp?key=***\n");
      expect((await runCli(["auth", "status"], root)).stdout).toBe(`no cached logins (mcpgen pull keeps them in ${join(configDir, "oauth")})\n`);
      for (const secret of [...secrets, "k3y-secret-value"]) expect(status.stdout + JSON.stringify(json)).not.toContain(secret);

      const stdio = await runCli(["auth", "logout", "local"], root);
      expect(stdio.code).toBe(1);
      // A name nothing knows: logout's words (no login cached for it), not pull's (a command after --).
      const unknown = await runCli(["auth", "logout", "nobody"], root);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(
        '\n  hint: mcpgen has no login cached for "nobody": name a server by its URL, a target of mcpgen.config.json or a server name from one of these files (mcpgen auth status lists the cached logins)\n',
      );
      expect(unknown.stderr).not.toContain("after --");
      // A target's name in the wrong case: the target meant, where no MCP configuration has a server of that name.
      const wrongCase = await runCli(["auth", "logout", "Tracker"], root);
      expect(wrongCase.code).toBe(1);
      expect(wrongCase.stderr).toContain('\n  hint: did you mean the target "tracker"? mcpgen has no login cached for "Tracker": ');
    } finally {
      if (previous === undefined) delete process.env["MCPGEN_CONFIG_DIR"];
      else process.env["MCPGEN_CONFIG_DIR"] = previous;
    }
  });

  it("logout masks a value .mcp.json expands into the server's URL, in its path as in its query, as pull does", async () => {
    const root = await scratch();
    const configDir = await scratch();
    const saved = { dir: process.env["MCPGEN_CONFIG_DIR"], key: process.env["MCPGEN_TEST_PATH_KEY"] };
    process.env["MCPGEN_CONFIG_DIR"] = configDir;
    // Services that put the key in the path: https://mcp.example.com/<key>/mcp.
    process.env["MCPGEN_TEST_PATH_KEY"] = "pathkey-s3cret-0123456789";
    try {
      await writeFile(
        join(root, ".mcp.json"),
        JSON.stringify({ mcpServers: { zap: { type: "http", url: "https://mcp.example.com/${MCPGEN_TEST_PATH_KEY}/mcp" } } }),
      );
      const url = new URL("https://mcp.example.com/pathkey-s3cret-0123456789/mcp");
      await new LoginStore(configDir).write(serverKey(url), { version: 1, server: "https://mcp.example.com/***/mcp" });
      const forgot = await runCli(["auth", "logout", "zap", "--json"], root);
      expect(forgot.code).toBe(0);
      expect(JSON.parse(forgot.stdout)).toEqual({ forgot: ["https://mcp.example.com/***/mcp"] });
      const none = await runCli(["auth", "logout", "zap"], root);
      expect(none).toEqual({ code: 0, stdout: "no login cached for https://mcp.example.com/***/mcp\n", stderr: "" });
    } finally {
      for (const [name, value] of [
        ["MCPGEN_CONFIG_DIR", saved.dir],
        ["MCPGEN_TEST_PATH_KEY", saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
