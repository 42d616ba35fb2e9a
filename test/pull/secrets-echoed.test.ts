/**
 * A secret the user gives a pull (an `--env` value, a `--header` value) that
 * the server echoes back is masked as `***` wherever mcpgen prints it: in
 * every form the output escapes it into (a JSON pointer's `~1`, a quoted
 * string's `\"`, a control character's `\u0007`), whole however long it is,
 * in the generated files' diffs, and as the parts of a header value HTTP
 * separates (a cookie's value, the password of Basic credentials).
 *
 * The CLI runs as a child process (`node bin/mcpgen.js`, which runs dist/:
 * `npm run build` first) against real servers: a scripted stdio server and
 * a Streamable HTTP server on loopback.
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { sampleTool, streamableHttpServer, toolServer } from "../helpers/mcp-http-servers.js";
import { fixture, readTree, repoRoot, tempDir } from "../helpers/pull.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function mcpgen(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(repoRoot, "bin", "mcpgen.js"), ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
      },
    );
  });
}

/** The scripted server echoing each secret (as $SECRET_TOKEN, $SECRET_TOKEN_2...) as a property name, an enum value, a pattern and in its description. */
const echoing = (...secrets: string[]) => [
  ...secrets.flatMap((secret, index) => ["-e", `SECRET_TOKEN${index === 0 ? "" : `_${index + 1}`}=${secret}`]),
  "--",
  process.execPath,
  fixture("scripted-server.mjs"),
  "echo-escaped",
];

/** A manifest of the same tool before the server echoed anything: a diff against it reports every echo as a change. */
async function oldManifest(directory: string): Promise<string> {
  const file = join(directory, "old.json");
  await writeFile(
    file,
    JSON.stringify({ tools: [{ name: "search", inputSchema: { type: "object", properties: { level: { type: "string", enum: ["debug"] } } } }] }),
  );
  return file;
}

describe("an echoed secret is masked in the forms the output escapes it into", () => {
  // An AWS secret key holds "/" (a pointer's ~1), and a token may hold '"' or "\" (escaped when quoted) or a control character.
  // The three secrets go to one server in one run (each its own variable), so each output is checked for every form at once.
  const cases = [
    { name: "a / (JSON pointers)", secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", part: "K7MDENG" },
    { name: 'a " and a \\ (quoted values)', secret: 's3cr3t-T0KEN-abc"QUOTED\\x', part: "QUOTED" },
    { name: "a ~ and a control character (printable escapes)", secret: "tok~en\u0007CONTROLLED-0123", part: "CONTROLLED" },
  ];

  it(`with ${cases.map(({ name }) => name).join(", with ")}: pull, pull --json, diff in every format`, async () => {
    const directory = await tempDir("escaped");
    const old = await oldManifest(directory);
    const secrets = cases.map(({ secret }) => secret);
    const runs = await Promise.all([
      mcpgen(["pull", "--out", join(directory, "out"), ...echoing(...secrets)]),
      mcpgen(["pull", "--json", "--out", join(directory, "json"), ...echoing(...secrets)]),
      ...["text", "json", "markdown"].map((format) => mcpgen(["diff", old, "--format", format, ...echoing(...secrets)])),
    ]);
    for (const run of runs) expect(run.code, run.stderr).not.toBe(-1);
    // The runs did print the places the server echoed each secret at, masked: three enum values, three properties.
    const textDiff = runs[2]!.stdout;
    expect(textDiff.match(/value "\*\*\*" added/g)).toHaveLength(3);
    expect(textDiff.match(/at \/inputSchema\/properties\/\*\*\* /g)).toHaveLength(3);
    for (const [index, run] of runs.entries()) {
      const printed = run.stdout + run.stderr;
      expect(printed, `run ${index}`).toContain("/properties/***");
      for (const { name, part } of cases) expect(printed, `run ${index}, the secret with ${name}`).not.toContain(part);
    }
  });
});

describe("the parts of a header value are secrets of their own", () => {
  const session = "sess-9f8e7d6c5b4a3210";
  const password = "pa55-w0rd-of-basic";
  const headers = ["-H", `Cookie: session=${session}; theme=dark`, "-H", `Authorization: Basic ${Buffer.from(`ci-user:${password}`).toString("base64")}`];
  const echoed = `Reads as session ${session} with password ${password}, in the dark theme.`;

  /** A server that echoes the bare cookie value and the decoded Basic password in its tool's description and its call's answer. */
  function echoingServer(): Server {
    const server = toolServer([sampleTool("whoami", { description: echoed })]);
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: "text", text: echoed }], structuredContent: { [session]: password } }));
    return server;
  }

  it("a cookie's value and a Basic password the server echoes are masked in the files written and the output", async () => {
    const server = await streamableHttpServer(echoingServer, { requireHeader: ["Cookie", `session=${session}; theme=dark`] });
    try {
      const out = join(await tempDir("cookie"), "out");
      const run = await mcpgen(["pull", server.url.href, "--out", out, ...headers]);
      expect(run.code, run.stderr).toBe(0);
      const files = await readTree(out);
      expect(files["manifest.json"]).toContain("Reads as session *** with password ***, in the dark theme.");
      const everything = JSON.stringify(files) + run.stdout + run.stderr;
      expect(everything).not.toContain(session);
      expect(everything).not.toContain(password);
    } finally {
      await server.close();
    }
  });

  it("the password and query values of a connection string given as an --env value are secrets of their own; its user name and scheme are words", async () => {
    const password = "Tr0ub4dor&3-horse";
    const certificate = "Cert-Pass-0042";
    const url = `postgres://postgres:${encodeURIComponent(password)}@db.internal:5432/app?sslpassword=${certificate}`;
    const out = join(await tempDir("env-url"), "out");
    const run = await mcpgen(["pull", "--out", out, "-e", `DATABASE_URL=${url}`, "--", process.execPath, fixture("scripted-server.mjs"), "echo-url-password"]);
    expect(run.code, run.stderr).toBe(0);
    const files = await readTree(out);
    expect(files["manifest.json"]).toContain("Queries the postgres database as postgres, password ***, certificate password ***.");
    const everything = JSON.stringify(files) + run.stdout + run.stderr;
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(JSON.stringify(password).slice(1, -1));
    expect(everything).not.toContain(certificate);
  });

  it("mock --record writes neither into a fixture", async () => {
    const server = await streamableHttpServer(echoingServer);
    const fixtures = join(await tempDir("cookie-record"), "fixtures");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(repoRoot, "bin", "mcpgen.js"), "mock", "--record", fixtures, server.url.href, ...headers],
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
    const client = new Client({ name: "test", version: "1.0.0" });
    try {
      await client.connect(transport);
      await client.callTool({ name: "whoami", arguments: { text: "hi" } });
    } finally {
      await client.close();
      await server.close();
    }
    const written = await readTree(fixtures);
    expect(Object.keys(written)).toContain("whoami.json");
    const everything = JSON.stringify(written) + stderr;
    expect(everything).toContain("Reads as session *** with password ***");
    expect(everything).not.toContain(session);
    expect(everything).not.toContain(password);
  });
});

describe("pull --check shows the generated files' diffs with an echoed secret masked", () => {
  const secret = "ghp_0123456789abcdefghijklmnopqrstuvwxyzAB";

  /** An output directory generated from the manifest before the server echoed the secret into its contract. */
  async function staleOutput(directory: string, emit: "generate" | "scaffold"): Promise<string> {
    const out = join(directory, emit === "generate" ? "client" : "server");
    const run = await mcpgen([emit, await oldManifest(directory), "--out", out, "-q"]);
    expect(run.code, run.stderr).toBe(0);
    return out;
  }

  it("pull --check --diff and --check --json", async () => {
    const directory = await tempDir("check-diff");
    const out = await staleOutput(directory, "generate");
    const runs = [
      await mcpgen(["pull", "--check", "--diff", "--out", out, ...echoing(secret)]),
      await mcpgen(["pull", "--check", "--json", "--out", out, ...echoing(secret)]),
    ];
    expect(runs[0]!.stdout + runs[0]!.stderr).toMatch(/^\+.*\*\*\*/m);
    const report = JSON.parse(runs[1]!.stdout) as { files: Array<{ path: string; diff?: { text: string } }> };
    expect(report.files.some((file) => file.diff?.text.includes("***"))).toBe(true);
    for (const run of runs) expect(run.stdout + run.stderr).not.toContain(secret);
  });

  it("pull --check --diff: the method, types and files named after a tool the secret is echoed into are masked too", async () => {
    const directory = await tempDir("check-diff-names");
    const out = await staleOutput(directory, "generate");
    const command = ["-e", `SECRET_TOKEN=${secret}`, "--", process.execPath, fixture("scripted-server.mjs"), "echo-name"];
    const runs = [await mcpgen(["pull", "--check", "--diff", "--out", out, ...command]), await mcpgen(["pull", "--check", "--json", "--out", out, ...command])];
    const printed = runs.map((run) => run.stdout + run.stderr).join("\n");
    // The client's method (toolGhp0123…), its types (ToolGhp0123…Input) and its validator's file (tool-ghp0123….ts), each masked.
    expect(printed).toMatch(/^\+.*\*\*\*\(/m);
    expect(printed).toContain("validators/***.ts");
    expect(printed.toLowerCase()).not.toContain(secret.slice(4, 24).toLowerCase());
  });

  it("pull --check --diff --json of a configuration's targets, a client and a scaffold", async () => {
    const directory = await tempDir("check-diff-config");
    await staleOutput(directory, "generate");
    await staleOutput(directory, "scaffold");
    const server = { command: process.execPath, args: [fixture("scripted-server.mjs"), "echo-escaped"], env: { SECRET_TOKEN: secret } };
    await writeFile(join(directory, ".mcp.json"), JSON.stringify({ mcpServers: { echo: server } }));
    const targets = [
      { name: "client", server: "echo", out: "client" },
      { name: "server", server: "echo", out: "server", emit: "server" },
    ];
    await writeFile(join(directory, "mcpgen.config.json"), JSON.stringify({ targets }));
    const runs = [
      await mcpgen(["pull", "--check", "--diff", "--config", join(directory, "mcpgen.config.json")]),
      await mcpgen(["pull", "--check", "--json", "--config", join(directory, "mcpgen.config.json")]),
    ];
    expect(runs[0]!.stdout + runs[0]!.stderr).toMatch(/^\+.*\*\*\*/m);
    for (const run of runs) expect(run.stdout + run.stderr).not.toContain(secret);
  });
});

describe("a long echoed secret is masked before a message shortens it", () => {
  // A GitHub fine-grained token: 93 characters, more than a message shows of a value (80).
  const secret = `github_pat_11ABCDEFG0_${"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".repeat(2).slice(0, 71)}`;

  it("in diff, every format, and in pull --check's contract changes", async () => {
    expect(secret.length).toBe(93);
    const directory = await tempDir("long");
    const old = await oldManifest(directory);
    const out = join(directory, "out");
    expect((await mcpgen(["generate", old, "--out", out, "-q"])).code).toBe(0);
    const runs = [
      ...(await Promise.all(["text", "json", "markdown"].map((format) => mcpgen(["diff", old, "--format", format, ...echoing(secret)])))),
      await mcpgen(["pull", "--check", "--out", out, ...echoing(secret)]),
      await mcpgen(["pull", "--check", "--json", "--out", out, ...echoing(secret)]),
    ];
    const printed = runs.map((run) => run.stdout + run.stderr).join("\n");
    expect(printed).toContain(`value "***" added`);
    expect(printed).not.toContain(secret.slice(0, 20));
  });
});
