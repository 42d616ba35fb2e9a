/**
 * `--capability`: the client capabilities a pull declares. Some servers list a
 * tool only to a client that declares what it needs: server-everything (2025
 * era, over stdio) lists get-roots-list, trigger-sampling-request and
 * trigger-elicitation-request only to a client that declares roots, sampling
 * and elicitation in `initialize`; an SDK v2 server on MCP 2026-07-28 sees the
 * capabilities in each request's `_meta` envelope. The snapshot records what
 * was declared, and a check that declares other ones says so.
 */
import { Server } from "@modelcontextprotocol/server";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pull, type PullResult } from "../../src/commands/pull.js";
import { loadConfig } from "../../src/commands/config.js";
import { pullProject } from "../../src/commands/project.js";
import { diff } from "../../src/commands/diff.js";
import { McpgenError } from "../../src/shared/errors.js";
import { connectLiveServer } from "../../src/acquire/live-server.js";
import { Secrets } from "../../src/acquire/sanitize.js";
import { npmServer, tempDir } from "../helpers/pull.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";
import { runCli } from "../helpers/cli.js";
import { ProcessGroupStdioTransport } from "../../src/acquire/stdio-transport.js";
import { ResponseBudget } from "../../src/acquire/bounded-fetch.js";
import { pullReport } from "../../src/cli/report.js";

const NEEDS_CAPABILITIES = ["get-roots-list", "trigger-elicitation-request", "trigger-sampling-request"];

describe("server-everything over stdio, the 2025 handshake", () => {
  let out: string;
  let declared: PullResult;
  let checked: PullResult;

  beforeAll(async () => {
    out = await tempDir("capabilities");
    const command = [process.execPath, npmServer("everything")];
    declared = await pull({ command, outDir: out, capabilities: ["sampling,roots", "elicitation"], format: false, timeoutMs: 20_000 });
    // The same server checked as a client that declares nothing: the tools it lists to such a client alone.
    checked = await pull({ command, outDir: out, check: true, format: false, timeoutMs: 20_000 });
  }, 60_000);

  it("lists the tools a client that declares sampling, roots and elicitation gets, and records the declared capabilities", async () => {
    expect(declared.server.protocolVersion).toBe("2025-11-25");
    expect(declared.server.tools).toBe(16);
    const snapshot = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as { tools: Array<{ name: string }>; clientCapabilities?: unknown };
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(NEEDS_CAPABILITIES));
    expect(snapshot.clientCapabilities).toEqual({ roots: {}, sampling: {}, elicitation: {} });
  });

  it("without them, lists 13 tools, and the check says it declared other capabilities than the snapshot's pull", () => {
    expect(checked.upToDate).toBe(false);
    expect(checked.server.tools).toBe(13);
    expect([...checked.drift!.removed].sort()).toEqual(NEEDS_CAPABILITIES);
    expect(checked.drift!.notes).toContainEqual(
      expect.stringMatching(/^client capabilities declared: roots, sampling, elicitation when the snapshot was pulled, none now/),
    );
    // Running the same pull again would record what this check saw: the command to run says to declare the capabilities.
    expect(pullReport(checked, { outDir: out, check: true, format: false }).fix).toMatch(
      /^declare the client capabilities your app's client declares \(--capability\)/,
    );
    expect(pullReport(declared, { outDir: out, check: true, format: false }).fix).toMatch(/^run the same mcpgen pull without --check/);
  });
});

describe("a server that asks for what was declared", () => {
  it("gets a sampling refused and an elicitation declined, and the session goes on", async () => {
    const session = await connectLiveServer(
      { transport: "stdio", command: process.execPath, args: [npmServer("everything")], env: {}, label: "everything" },
      { timeoutMs: 20_000, secrets: new Secrets(), clientCapabilities: { roots: {}, sampling: {}, elicitation: {} } },
    );
    try {
      const text = async (name: string, args: Record<string, unknown>) => {
        const outcome = await session.callTool(name, args);
        expect(outcome.kind).toBe("result");
        return JSON.stringify(outcome.kind === "result" ? outcome.result["content"] : undefined);
      };
      // server-everything turns the client's answer into the tool's result.
      expect(await text("trigger-sampling-request", { prompt: "hello" })).toContain("MCP error -1: mcpgen declares sampling");
      expect(await text("trigger-elicitation-request", {})).toContain("User declined to provide the requested information");
      expect(await text("get-roots-list", {})).toContain("no roots are currently configured");
    } finally {
      await session.close();
    }
  }, 60_000);
});

describe("closing a stdio server that asks for its roots as it is closed", () => {
  it("stops it once the request comes (its stdin closed, no answer can reach it), not after the wait for its exit", async () => {
    const { Client } = await import("@modelcontextprotocol/client");
    // A wait for its exit far longer than this test may take: only the request can end it.
    const transport = await ProcessGroupStdioTransport.create({
      command: process.execPath,
      args: [npmServer("everything")],
      env: { PATH: process.env["PATH"] ?? "" },
      budget: new ResponseBudget(10_000_000, () => undefined),
      graceMs: 600_000,
    });
    const client = new Client({ name: "test", version: "1.0.0" }, { capabilities: { roots: {} }, versionNegotiation: { mode: "legacy" } });
    client.setRequestHandler("roots/list", () => ({ roots: [] }));
    await client.connect(transport);
    // server-everything asks for the roots 350 ms after it is initialized: after this close has closed its stdin.
    // Unanswered, it waits for the answer (the SDK's 60 s) and then exits on its own, with code 0.
    await client.close();
    expect(transport.child!.signalCode).toBe("SIGTERM");
  }, 90_000);
});

/** Lists `ask_model` only when the request's envelope declares sampling (2026-07-28: no handshake, capabilities per request). */
function samplingGatedServer(): Server {
  const server = new Server({ name: "sampling-gated", version: "1.0.0" }, { capabilities: { tools: {} } });
  const tool = (name: string) => ({ name, inputSchema: { type: "object" as const, properties: {} } });
  server.setRequestHandler("tools/list", (_request, context) => {
    // The request's `_meta` envelope as sent, keyed as on the wire.
    const envelope = (context.mcpReq as { envelope?: Record<string, Record<string, unknown> | undefined> }).envelope;
    const declared = envelope?.["io.modelcontextprotocol/clientCapabilities"];
    return { tools: [tool("echo"), ...(declared?.["sampling"] === undefined ? [] : [tool("ask_model")])] };
  });
  return server;
}

describe("an SDK v2 server on MCP 2026-07-28 alone", () => {
  let server: Sdk2HttpServer;
  beforeAll(async () => {
    server = await startSdk2HttpServer({ legacy: "reject", factory: samplingGatedServer });
  });
  afterAll(() => server.close());

  it("sees the declared capabilities in each request's envelope", async () => {
    const names = async (capabilities: string[]) => {
      const out = await tempDir("capabilities-modern");
      const result = await pull({ target: server.url.href, outDir: out, capabilities, format: false, oauth: false });
      expect(result.server.protocolVersion).toBe("2026-07-28");
      return (JSON.parse(await readFile(join(out, "manifest.json"), "utf8")) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
    };
    expect(await names(["sampling.tools"])).toEqual(["echo", "ask_model"]);
    expect(await names([])).toEqual(["echo"]);
  });

  it("diff against the live server declares them too, and says when the sides declared other ones", async () => {
    const out = await tempDir("capabilities-diff");
    await pull({ target: server.url.href, outDir: out, capabilities: ["sampling"], format: false, oauth: false });
    const same = await diff({ operands: [out, server.url.href], capabilities: ["sampling"], oauth: false });
    expect(same.comparisons[0]!.diff.changes).toEqual([]);
    expect(same.comparisons[0]!.notes).toEqual([]);
    const other = await diff({ operands: [out, server.url.href], oauth: false });
    expect(other.comparisons[0]!.diff.changes.map((change) => change.subject.name)).toContain("ask_model");
    expect(other.comparisons[0]!.notes).toContainEqual(expect.stringMatching(/^client capabilities declared: sampling on the old side, none on the new/));
  });

  it("declares a configured target's capabilities", async () => {
    const dir = await tempDir("capabilities-config");
    const target = { name: "gated", server: server.url.href, out: "out", capabilities: ["sampling"] };
    const result = await pullProject({ config: { targets: [target] }, cwd: dir, format: false, oauth: false });
    expect(result.errors).toEqual([]);
    const snapshot = JSON.parse(await readFile(join(dir, "out", "manifest.json"), "utf8")) as { tools: Array<{ name: string }>; clientCapabilities?: unknown };
    expect(snapshot.tools.map((tool) => tool.name)).toEqual(["echo", "ask_model"]);
    expect(snapshot.clientCapabilities).toEqual({ sampling: {} });
  });
});

describe("naming the capabilities", () => {
  it("refuses an unknown name, with the nearest one, on the command line and in the library", async () => {
    const cli = await runCli(["pull", "--out", "unused", "--capability", "roots,samplng", "--", "node", "server.js"]);
    expect(cli.code).toBe(2);
    // Commander's "argument '…' is invalid." and mcpgen's message: two sentences, each with its capital; the hint on its own line.
    expect(cli.stderr).toMatch(
      /^error: option '--capability <name>' argument 'roots,samplng' is invalid\. Unknown client capability "samplng"\.\n {2}hint: did you mean "sampling"\?/,
    );
    const error = await pull({ command: ["node", "server.js"], outDir: "unused", capabilities: ["elicitation.urls"] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).diagnostic).toMatchObject({
      code: "usage",
      message: 'capabilities: unknown client capability "elicitation.urls"',
      hint: expect.stringContaining('did you mean "elicitation.url"?'),
    });
  });

  it.each([
    ["pull", ["pull", "--out", "unused"]],
    ["diff", ["diff", "unused.json"]],
    ["mock --record", ["mock", "--record", "unused"]],
  ])("refuses an empty name (%s): --capability '' and an empty part between commas are usage errors, not a pull that declares nothing", async (_, words) => {
    for (const value of ["", "roots,", " , "]) {
      const cli = await runCli([...words, "--capability", value, "--", "node", "server.js"]);
      expect(cli.code).toBe(2);
      expect(cli.stderr).toMatch(
        new RegExp(
          `^error: option '--capability <name>' argument '${value}' is invalid\\. Empty client capability name\\.\\n {2}hint: name one of the capabilities a pull can declare: roots, `,
        ),
      );
    }
  });

  it("refuses an empty name in the library and in a target's capabilities", async () => {
    const error = await pull({ command: ["node", "server.js"], outDir: "unused", capabilities: [""] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).diagnostic).toMatchObject({ code: "usage", message: "capabilities: empty client capability name" });
    const target = { name: "everything", server: "everything", out: "out", capabilities: ["roots", ""] };
    const configError = await loadConfig({ config: { targets: [target] }, cwd: await tempDir("capabilities-config") }).catch((caught: unknown) => caught);
    expect(configError).toBeInstanceOf(McpgenError);
    expect((configError as McpgenError).message).toMatch(/\/targets\/0\/capabilities\/1: empty client capability name/);
  });

  it("refuses an unknown name in a target's capabilities at its JSON pointer", async () => {
    const target = { name: "everything", server: "everything", out: "out", capabilities: ["sampling", "rootz"] };
    const error = await loadConfig({ config: { targets: [target] }, cwd: await tempDir("capabilities-config") }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpgenError);
    expect((error as McpgenError).message).toMatch(/\/targets\/0\/capabilities\/1: unknown client capability "rootz"[\s\S]*did you mean "roots"\?/);
  });
});
