/**
 * A user's secrets reach only the hosts the user chose for them (issue 26),
 * against servers on loopback that record every request they receive:
 *
 * - client credentials (`MCPGEN_CLIENT_ID` with a secret or key) go only to
 *   the authorization server they are pinned to (`MCPGEN_CLIENT_ISSUER`,
 *   `oauth.issuer`), else one on the MCP server's own origin; an
 *   authorization server a server names elsewhere gets nothing at all, and no
 *   token endpoint that is neither https nor loopback is used;
 * - a project's `.mcp.json` (it arrives with a `git clone`) expands
 *   environment variables into a remote server's URL or headers only once the
 *   file is trusted: asked on a terminal and remembered for its contents,
 *   given with `--trust-project-config` (a project's own `trustProjectConfig` is not honoured), else refused
 *   with nothing sent.
 *
 * The CLI runs as a child process; the terminal, where one is needed, is a
 * pseudo-terminal made by util-linux `script`.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAuthorizationServer, startResourceServer, type StubAuthorizationServer } from "../helpers/oauth-stub.js";
import { fixture, repoRoot, tempDir } from "../helpers/pull.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";
import { pullProject } from "../../src/commands/project.js";

const bin = join(repoRoot, "bin", "mcpgen.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a run: this one's, without BROWSER, CI or mcpgen's own variables, plus `extra`. */
function environment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "BROWSER" && name !== "CI" && !name.startsWith("MCPGEN_")));
  return { ...clean, NO_COLOR: "1", ...extra };
}

/** `mcpgen <args>` in `cwd`, no terminal. */
function mcpgen(args: string[], env: Record<string, string>, cwd?: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: environment(env), cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
  });
}

/** `mcpgen <args>` on a pseudo-terminal (util-linux `script`), typing `answer` when asked. */
function mcpgenOnTerminal(args: string[], env: Record<string, string>, cwd: string, answer: string): Promise<Run> {
  const command = [process.execPath, bin, ...args].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(" ");
  return new Promise((resolve) => {
    const child = spawn("script", ["-qec", command, "/dev/null"], { env: environment(env), cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let answered = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (!answered && stdout.includes("[y/N]")) {
        answered = true;
        child.stdin.write(`${answer}\r`);
      }
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr: "" });
    });
  });
}

const terminalAvailable = existsSync("/usr/bin/script") || existsSync("/bin/script");

describe("client credentials go only to the authorization server they are for", () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  const secret = "cc-secret-4b1d-7e57";
  const credentials = { MCPGEN_CLIENT_ID: "ci-client", MCPGEN_CLIENT_SECRET: secret };

  /** An MCP server whose protected resource metadata names `as`, an authorization server on another port (another origin). */
  async function serverNaming(as: StubAuthorizationServer): Promise<URL> {
    const resource = await startResourceServer(
      () => as.origin,
      (token) => as.issued.includes(token),
    );
    closers.push(
      () => resource.close(),
      () => as.close(),
    );
    return resource.url;
  }

  async function pullInto(url: URL, env: Record<string, string>): Promise<Run> {
    const work = await tempDir("credentials");
    return mcpgen(["pull", url.href, "--out", join(work, "out")], { MCPGEN_CONFIG_DIR: join(work, "config"), ...env });
  }

  it("are refused to an authorization server on another origin, which gets no request at all", async () => {
    const as = await startAuthorizationServer();
    const url = await serverNaming(as);
    const run = await pullInto(url, credentials);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `failed at client credentials: the server names the authorization server "${as.origin}", and MCPGEN_CLIENT_SECRET is for an authorization server on the MCP server's own origin: mcpgen sent it nothing`,
    );
    expect(run.stderr).toContain(`MCPGEN_CLIENT_ISSUER=${as.origin}`);
    expect(as.requests).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it("go to the authorization server they are pinned to (MCPGEN_CLIENT_ISSUER)", async () => {
    const as = await startAuthorizationServer();
    const url = await serverNaming(as);
    const run = await pullInto(url, { ...credentials, MCPGEN_CLIENT_ISSUER: as.origin });
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const tokenRequests = as.requests.filter((request) => request.method === "POST" && request.path === "/token");
    expect(tokenRequests).toHaveLength(1);
    expect(new URLSearchParams(tokenRequests[0]!.body).get("grant_type")).toBe("client_credentials");
    const sent = `${tokenRequests[0]!.headers["authorization"] ?? ""} ${tokenRequests[0]!.body}`;
    const basic = `Basic ${Buffer.from(`ci-client:${secret}`).toString("base64")}`;
    expect(sent.includes(basic) || sent.includes(`client_secret=${secret}`)).toBe(true);
  });

  it("are refused, nothing sent, to an authorization server other than the one pinned", async () => {
    const as = await startAuthorizationServer();
    const url = await serverNaming(as);
    const run = await pullInto(url, { ...credentials, MCPGEN_CLIENT_ISSUER: "https://auth.example.com" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`MCPGEN_CLIENT_SECRET is for "https://auth.example.com": mcpgen sent it nothing`);
    expect(as.requests).toEqual([]);
  });

  it("are never sent to a token endpoint that is neither https nor on this machine", async () => {
    const as = await startAuthorizationServer({ metadata: () => ({ token_endpoint: "http://tokens.example.test/token" }) });
    const url = await serverNaming(as);
    const run = await pullInto(url, { ...credentials, MCPGEN_CLIENT_ISSUER: as.origin });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/token endpoint "http:\/\/tokens\.example\.test\/token" is neither https nor on this machine/);
    expect(as.requests.filter((request) => request.method === "POST")).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it("a key .mcp.json expands into the server URL's path stays out of the cached login and auth status", async () => {
    const as = await startAuthorizationServer();
    const key = "path-k3y-5e3c-0003";
    const resource = await startResourceServer(
      () => as.origin,
      (token) => as.issued.includes(token),
      { status: 401 },
      `/k/${key}/mcp`,
    );
    closers.push(
      () => resource.close(),
      () => as.close(),
    );
    const project = await tempDir("credentials-path-key");
    await writeFile(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { api: { url: `${resource.url.origin}/k/\${API_KEY}/mcp` } } }));
    // A login through the browser (a script that follows the redirects), which is cached, unlike client credentials'.
    const browser = [process.execPath, join(repoRoot, "test", "fixtures", "oauth", "browser.mjs")].map((word) => JSON.stringify(word)).join(" ");
    const env = { MCPGEN_CONFIG_DIR: join(project, "config"), BROWSER: browser, API_KEY: key };
    const run = await mcpgen(["pull", "api", "--out", "out", "--trust-project-config"], env, project);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    const status = await mcpgen(["auth", "status"], { MCPGEN_CONFIG_DIR: join(project, "config") }, project);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`${resource.url.origin}/k/***/mcp`);
    expect(status.stdout + status.stderr + run.stdout + run.stderr).not.toContain(key);
    for (const file of await readdir(join(project, "config"), { recursive: true, withFileTypes: true })) {
      if (file.isFile()) expect(await readFile(join(file.parentPath, file.name), "utf8"), file.name).not.toContain(key);
    }
  });

  it("go where a project's .mcp.json entry leads (its oauth.issuer, its server's origin) only once the file is trusted", async () => {
    const as = await startAuthorizationServer();
    const url = await serverNaming(as);
    const project = await tempDir("credentials-config");
    // A file that arrives with a clone: no variable of its own, but it names where a login's secret would go.
    await writeFile(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { api: { url: url.href, oauth: { issuer: as.origin } } } }));
    const env = { MCPGEN_CONFIG_DIR: join(project, "config"), ...credentials };
    const refused = await mcpgen(["pull", "api", "--out", "out"], env, project);
    expect(refused.code).toBe(1);
    // The secret goes to the authorization server the entry names, not to the MCP server's host.
    expect(new URL(as.origin).host).not.toBe(url.host);
    expect(refused.stderr).toContain(
      `.mcp.json in ${project} would send the values of MCPGEN_CLIENT_SECRET to ${new URL(as.origin).host} (its oauth.issuer) (server "api")`,
    );
    expect(refused.stderr).toContain(
      "or, for MCPGEN_CLIENT_SECRET, set MCPGEN_CLIENT_ISSUER to the issuer of the authorization server it is for, the only one it then goes to",
    );
    expect(as.requests).toEqual([]);
    const trusted = await mcpgen(["pull", "api", "--out", "out", "--trust-project-config"], env, project);
    expect(trusted.stderr).not.toMatch(/error/);
    expect(trusted.code).toBe(0);
    // Pinned by the user (MCPGEN_CLIENT_ISSUER), the secret goes there alone, whatever the file says: no trust needed.
    const pinned = await mcpgen(["pull", "api", "--out", "out"], { ...env, MCPGEN_CLIENT_ISSUER: as.origin }, project);
    expect(pinned.stderr).not.toMatch(/error/);
    expect(pinned.code).toBe(0);
  });

  it("go where a project's mcpgen.config.json target leads (its server URL, its oauth.issuer over an entry's) only once the file is trusted", async () => {
    const as = await startAuthorizationServer();
    const url = await serverNaming(as);
    const project = await tempDir("credentials-target");
    const configFile = join(project, "mcpgen.config.json");
    const environment = { MCPGEN_CONFIG_DIR: join(project, "config"), ...credentials };
    const trustRequired = (result: Awaited<ReturnType<typeof pullProject>>) => {
      expect(result.errors.map((error) => error.diagnostic.code)).toEqual(["trust-required"]);
      return `${result.errors[0]!.diagnostic.message}\n${result.errors[0]!.diagnostic.hint ?? ""}`;
    };
    // The target's own server URL: the secret would go to the authorization server that server names.
    await writeFile(configFile, JSON.stringify({ targets: [{ name: "api", server: url.href, out: "out", format: false }] }));
    const byUrl = trustRequired(await pullProject({ cwd: project, environment }));
    expect(byUrl).toContain(
      `mcpgen.config.json in ${project} would send the values of MCPGEN_CLIENT_SECRET to the authorization server its server names (server "api")`,
    );
    expect(byUrl).toContain("set MCPGEN_CLIENT_ISSUER to the issuer of the authorization server it is for");
    // A URL with credentials of its own gets no login: nothing of the secret's to ask about.
    const withCredentials = new URL(url.href);
    withCredentials.username = "ci";
    withCredentials.password = "basic-pass";
    await writeFile(configFile, JSON.stringify({ targets: [{ name: "api", server: withCredentials.href, out: "out", format: false }] }));
    const basic = await pullProject({ cwd: project, environment });
    expect(basic.errors.map((error) => error.diagnostic.code)).not.toContain("trust-required");
    // The target's oauth.issuer over a .mcp.json entry that names none: the configuration leads the secret there. The
    // entry's file asks first (it leads the login to its server); trusted, the configuration's is asked about.
    const entryFile = JSON.stringify({ mcpServers: { api: { url: url.href } } });
    await writeFile(join(project, ".mcp.json"), entryFile);
    await writeFile(configFile, JSON.stringify({ targets: [{ name: "api", server: "api", out: "out", format: false, oauth: { issuer: as.origin } }] }));
    const host = new URL(as.origin).host;
    expect(trustRequired(await pullProject({ cwd: project, environment }))).toContain(
      `.mcp.json in ${project} would send the values of MCPGEN_CLIENT_SECRET to ${host} (the target's oauth.issuer) (server "api")`,
    );
    const digest = `sha256:${createHash("sha256").update(entryFile).digest("hex")}`;
    await mkdir(join(project, "config"), { recursive: true });
    await writeFile(join(project, "config", "trusted-configs.json"), JSON.stringify({ version: 1, files: { [join(project, ".mcp.json")]: digest } }));
    const byIssuer = trustRequired(await pullProject({ cwd: project, environment }));
    expect(byIssuer).toContain(`mcpgen.config.json in ${project} would send the values of MCPGEN_CLIENT_SECRET to ${host} (its oauth.issuer) (server "api")`);
    expect(as.requests).toEqual([]);
    // An entry that gets no login (a stdio server) is not asked about, whatever the target's issuer.
    await writeFile(join(project, ".mcp.json"), JSON.stringify({ mcpServers: { api: { command: process.execPath, args: ["-e", ""] } } }));
    const stdio = await pullProject({ cwd: project, environment });
    expect(stdio.errors.map((error) => error.diagnostic.code)).not.toContain("trust-required");
    await writeFile(join(project, ".mcp.json"), entryFile);
    // Trusted on the command line, or pinned by the user: the pull goes on, and the secret goes to the issuer.
    expect((await pullProject({ cwd: project, environment, trustProjectConfig: true })).errors).toEqual([]);
    expect((await pullProject({ cwd: project, environment: { ...environment, MCPGEN_CLIENT_ISSUER: as.origin } })).errors).toEqual([]);
    expect(as.requests.filter((request) => request.method === "POST" && request.path === "/token")).toHaveLength(2);
  });
});

describe("a project's .mcp.json sends the user's environment only once trusted", () => {
  let server: Sdk2HttpServer;
  beforeAll(async () => {
    server = await startSdk2HttpServer({ legacy: "stateless" });
  });
  afterAll(async () => {
    await server.close();
  });

  const token = "ghp_s3cr3t-t0k3n-0001";
  const awsSecret = "aws-s3cr3t-k3y-0002";
  const secrets = { GITHUB_TOKEN: token, AWS_SECRET_ACCESS_KEY: awsSecret };
  /** A value written in the file's URL itself: masked where the URL is shown, as every query value is. */
  const literalKey = "l1teral-k3y-0003";

  /** A project whose .mcp.json names `docs`, a remote server with variables in its URL and a header. */
  async function project(extra: Record<string, unknown> = {}): Promise<{ directory: string; configDir: string }> {
    const directory = await tempDir("trust");
    await writeFile(
      join(directory, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          docs: {
            url: `${server.url.href}?ref=\${GITHUB_TOKEN:-none}&key=${literalKey}`,
            headers: { "X-Trace": "${AWS_SECRET_ACCESS_KEY:-none}" },
            ...extra,
          },
        },
      }),
    );
    return { directory, configDir: join(directory, ".mcpgen-config") };
  }

  const received = () => server.requests.map((request) => JSON.stringify(request.headers)).join("\n");

  it("refuses without a terminal: the message names the variables and the host, and nothing reaches the server", async () => {
    const { directory, configDir } = await project();
    const before = server.requests.length;
    const run = await mcpgen(["pull", "docs", "--out", "out"], { ...secrets, MCPGEN_CONFIG_DIR: configDir }, directory);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`would send the values of GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY to ${server.url.host} (server "docs")`);
    expect(run.stderr).toContain("--trust-project-config");
    expect(server.requests.length).toBe(before);
    expect(run.stdout + run.stderr).not.toContain(token);
    expect(run.stdout + run.stderr).not.toContain(awsSecret);
  });

  it("sends them with trust given explicitly (--trust-project-config), and still never prints them", async () => {
    const { directory, configDir } = await project();
    const run = await mcpgen(["pull", "docs", "--out", "out", "--trust-project-config"], { ...secrets, MCPGEN_CONFIG_DIR: configDir }, directory);
    expect(run.stderr).not.toMatch(/error/);
    expect(run.code).toBe(0);
    expect(received()).toContain(awsSecret);
    expect(run.stdout + run.stderr).not.toContain(awsSecret);
  });

  it('refuses them with "trustProjectConfig": true in the project\'s own mcpgen.config.json, and says why it did not count', async () => {
    const { directory, configDir } = await project();
    await writeFile(
      join(directory, "mcpgen.config.json"),
      JSON.stringify({ trustProjectConfig: true, targets: [{ name: "docs", server: "docs", out: "out" }] }),
    );
    const before = server.requests.length;
    const run = await mcpgen(["pull"], { ...secrets, MCPGEN_CONFIG_DIR: configDir }, directory);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("would send the values of GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY to");
    expect(run.stderr).toContain('"trustProjectConfig": true in mcpgen.config.json is not honoured: a project\'s own file cannot vouch for the project');
    expect(server.requests.length).toBe(before);
    expect(run.stdout + run.stderr).not.toContain(awsSecret);
    // The command line's trust still counts for the configuration's targets.
    const trusted = await mcpgen(["pull", "--trust-project-config"], { ...secrets, MCPGEN_CONFIG_DIR: configDir }, directory);
    expect(trusted.stderr).not.toMatch(/error/);
    expect(trusted.code).toBe(0);
  });

  it.skipIf(!terminalAvailable)(
    "asks on a terminal and remembers the answer for the file as it is; a changed file is asked about again",
    async () => {
      const { directory, configDir } = await project();
      const env = { ...secrets, MCPGEN_CONFIG_DIR: configDir };
      const first = await mcpgenOnTerminal(["pull", "docs", "--out", "out"], env, directory, "y");
      expect(first.stdout).toContain("would send the values of GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY to");
      expect(first.stdout).toContain("Trust this file as it is now (remembered until it changes)? [y/N]");
      expect(first.stdout).toContain(`(${server.url.href}?ref=\${GITHUB_TOKEN:-***}&key=***).`);
      expect(first.stdout).not.toContain(literalKey);
      expect(first.code).toBe(0);
      expect(JSON.parse(await readFile(join(configDir, "trusted-configs.json"), "utf8"))).toMatchObject({
        version: 1,
        files: { [join(directory, ".mcp.json")]: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      });

      // Remembered: no terminal needed now.
      expect((await mcpgen(["pull", "docs", "--out", "out"], env, directory)).code).toBe(0);

      // The file changes (a new header): trusted no more.
      await writeFile(
        join(directory, ".mcp.json"),
        JSON.stringify({ mcpServers: { docs: { url: server.url.href, headers: { "X-Trace": "${AWS_SECRET_ACCESS_KEY}", "X-More": "${HOME}" } } } }),
      );
      const changed = await mcpgen(["pull", "docs", "--out", "out"], env, directory);
      expect(changed.code).toBe(1);
      expect(changed.stderr).toContain("(it changed since you trusted it) would send the values of AWS_SECRET_ACCESS_KEY, HOME to");
      const declined = await mcpgenOnTerminal(["pull", "docs", "--out", "out"], env, directory, "n");
      expect(declined.code).toBe(1);
      expect(declined.stdout).toContain("not trusted: nothing was expanded or sent");
    },
    90_000,
  );

  it("leaves a stdio entry and a remote entry without variables alone", async () => {
    const directory = await tempDir("trust-none");
    await writeFile(
      join(directory, ".mcp.json"),
      JSON.stringify({
        mcpServers: {
          plain: { url: server.url.href },
          // Its command runs here already: its variables are expanded untrusted (the server exits without NEEDS_TOKEN).
          local: { command: process.execPath, args: [fixture("scripted-server.mjs"), "needs-env"], env: { NEEDS_TOKEN: "${GITHUB_TOKEN}" } },
        },
      }),
    );
    const run = await mcpgen(["pull", "plain", "--out", "out"], { ...secrets, MCPGEN_CONFIG_DIR: join(directory, "config") }, directory);
    expect(run.code).toBe(0);
    const local = await mcpgen(["pull", "local", "--out", "local"], { ...secrets, MCPGEN_CONFIG_DIR: join(directory, "config") }, directory);
    expect(local.stderr).toBe("");
    expect(local.code).toBe(0);
  });

  it("mcpgen init expands nothing and says which entry would need trust", async () => {
    const { directory } = await project();
    await mkdir(join(directory, ".vscode"));
    const run = await mcpgen(["init"], {}, directory);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'docs: server "docs" from .mcp.json (it sends GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY to a remote server: mcpgen pull asks you to trust the file first, or pass --trust-project-config)',
    );
  });
});
