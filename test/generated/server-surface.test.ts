/**
 * The whole server surface, typed, against live servers: `pull` of
 * `@modelcontextprotocol/server-everything` (stdio, a 2025-era server) and of
 * the dual-era SDK v2 fixture (test/fixtures/sdk2, Streamable HTTP) types
 * every prompt, fixed resource and resource template; then one program,
 * compiled under the strict settings, gets each prompt, reads each template
 * and fixed resource and asks for completions through the generated clients:
 * the fixture through SDK v2 pinned to MCP 2026-07-28 and through SDK v1 on
 * the 2025 era, server-everything through SDK v2. Bad arguments are refused
 * with a `ValidationError` before anything is sent. docs/generated-api.md's
 * example of them runs in the same program, as written, and gets what its
 * comments say.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pull, type PullResult } from "../../src/commands/pull.js";
import { compileAndRun } from "../helpers/consumer-program.js";
import { npmServer } from "../helpers/pull.js";
import { startSdk2HttpServer, type Sdk2HttpServer } from "../helpers/sdk2-servers.js";
import { repoRoot } from "../helpers/typecheck.js";

/**
 * docs/generated-api.md's example of the prompts and resources, as written, in a function of the program: its imports
 * at the top, its code in the body (`sdkClient` the parameter), then what its comments say it gets, returned.
 */
const DOCS = await readFile(join(repoRoot, "docs/generated-api.md"), "utf8");
const DOCS_EXAMPLE = /^## Prompts, resources and resource templates\n[\s\S]*?^```ts\n([\s\S]*?)^```$/m.exec(DOCS)?.[1] ?? "";
const DOCS_IMPORTS = DOCS_EXAMPLE.split("\n").filter((line) => line.startsWith("import "));
const DOCS_CODE = DOCS_EXAMPLE.split("\n").filter((line) => !line.startsWith("import "));

/** The program: each result read through its type (a compile error if a method or a type is missing). */
const PROGRAM = `${DOCS_IMPORTS.join("\n")}
import { Client as ClientV2, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as fixture from "./mcp/fixture/index.js";
import * as everything from "./mcp/everything/index.js";

declare const process: { argv: string[]; execPath: string };

const text = (result: fixture.ReadResourceResult | fixture.GetPromptResult): string => {
  const first = "contents" in result ? result.contents[0] : result.messages[0]?.content;
  return first !== undefined && "text" in first ? String(first.text) : "";
};

async function refused(call: () => Promise<unknown>): Promise<string> {
  try {
    await call();
    return "sent";
  } catch (error) {
    return fixture.isValidationError(error) ? error.message : "other error";
  }
}

async function driveFixture(client: fixture.McpClient) {
  const server = fixture.createClient(client);
  const report = await server.getWeatherReportPrompt({ city: "Oslo", units: "metric" });
  const summary = await server.getSummaryPrompt();
  const variables: fixture.UserProfileVariables = { userId: "u-1" };
  const profile = await server.readUserProfile(variables);
  const search = await server.readDocSearch({ q: "a b", limit: "3" });
  const uri: fixture.ResourceUri = "docs://readme";
  const readme = await server.readResource(uri);
  const config = await server.readAppConfig();
  const cities = await server.completeWeatherReportPrompt("city", "O");
  const users = await server.completeUserProfile("userId", "u");
  return {
    report: text(report),
    description: report.description,
    summary: summary.messages.length,
    profile: text(profile),
    search: [search.contents[0]?.uri, text(search)],
    readme: readme.contents[0]?.mimeType,
    config: JSON.parse(text(config)) as unknown,
    cities: cities.completion.values,
    users: users.completion.values,
    refused: [
      await refused(() => server.getWeatherReportPrompt({ units: "metric" } as fixture.WeatherReportPromptArguments)),
      await refused(() => server.readUserProfile({ userId: 7 as unknown as string })),
    ],
  };
}

async function driveEverything(client: everything.McpClient) {
  const server = everything.createClient(client);
  const args = await server.getArgsPrompt({ city: "Oslo", state: "Viken" });
  const simple = await server.getSimplePrompt();
  const completable = await server.getCompletablePrompt({ department: "Engineering", name: "Alice" });
  const embedded = await server.getResourcePrompt({ resourceType: "Text", resourceId: "2" });
  const dynamicText = await server.readDynamicTextResource({ resourceId: "1" });
  const dynamicBlob = await server.readDynamicBlobResource({ resourceId: "1" });
  const architecture = await server.readArchitectureMd();
  const features = await server.readResource("demo://resource/static/document/features.md");
  const departments = await server.completeCompletablePrompt("department", "E");
  return {
    args: text(args),
    simple: simple.messages.length,
    completable: completable.messages.length,
    embedded: embedded.messages.map((message) => message.content.type),
    dynamicText: dynamicText.contents[0]?.uri,
    dynamicBlob: dynamicBlob.contents.map((contents) => ("blob" in contents ? "blob" : "text")),
    architecture: architecture.contents[0]?.mimeType,
    features: features.contents[0]?.uri,
    departments: departments.completion.values,
    refused: await refused(() => server.getArgsPrompt({ state: "Viken" } as everything.ArgsPromptArguments)),
  };
}

async function docsExample(sdkClient: everything.McpClient) {
${DOCS_CODE.join("\n")}
  return { prompt: prompt.messages[0]?.content, text: text.contents[0]?.uri, doc: doc.contents[0]?.mimeType, cities: cities.completion.values };
}

const url = new URL(process.argv[2]!);
const modern = new ClientV2({ name: "surface", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
await modern.connect(new StreamableHTTPClientTransport(url));
const legacy = new ClientV1({ name: "surface", version: "1.0.0" });
await legacy.connect(new StreamableHTTPClientTransportV1(url));
const stdio = new ClientV2({ name: "surface", version: "1.0.0" });
await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [process.argv[3]!, "stdio"], stderr: "ignore" }));
const observed = {
  eras: [modern.getProtocolEra(), stdio.getProtocolEra()],
  modern: await driveFixture(modern),
  legacy: await driveFixture(legacy),
  everything: await driveEverything(stdio),
  docs: await docsExample(stdio),
};
await Promise.all([modern.close(), legacy.close(), stdio.close()]);
console.log(JSON.stringify(observed));
`;

let server: Sdk2HttpServer;
let work = "";
const pulled: Record<"fixture" | "everything", PullResult> = {} as never;

beforeAll(async () => {
  server = await startSdk2HttpServer({ legacy: "stateless" });
  await mkdir(join(repoRoot, ".tmp"), { recursive: true });
  work = await mkdtemp(join(repoRoot, ".tmp", "surface-"));
  [pulled.fixture, pulled.everything] = await Promise.all([
    pull({ target: server.url.href, outDir: join(work, "mcp", "fixture"), timeoutMs: 20_000, format: false }),
    pull({ command: [process.execPath, npmServer("everything"), "stdio"], outDir: join(work, "mcp", "everything"), timeoutMs: 20_000, format: false }),
  ]);
  await writeFile(join(work, "main.ts"), PROGRAM);
}, 90_000);

afterAll(async () => {
  await server?.close();
  if (work !== "") await rm(work, { recursive: true, force: true });
});

describe("pull types every prompt, resource and resource template", () => {
  it.each([
    [
      "the SDK v2 fixture",
      "fixture",
      {
        prompts: ["weather-report", "summary"],
        resources: ["config://app", "docs://readme"],
        resourceTemplates: ["user-profile", "doc-search"],
        types: ["WeatherReportPromptArguments", "SummaryPromptArguments", "UserProfileVariables", "DocSearchVariables", "ResourceUri"],
      },
    ],
    [
      "server-everything",
      "everything",
      {
        prompts: ["simple-prompt", "args-prompt", "completable-prompt", "resource-prompt"],
        resources: [
          "demo://resource/static/document/architecture.md",
          "demo://resource/static/document/extension.md",
          "demo://resource/static/document/features.md",
          "demo://resource/static/document/how-it-works.md",
          "demo://resource/static/document/instructions.md",
          "demo://resource/static/document/startup.md",
          "demo://resource/static/document/structure.md",
        ],
        resourceTemplates: ["Dynamic Text Resource", "Dynamic Blob Resource"],
        types: [
          "SimplePromptArguments",
          "ArgsPromptArguments",
          "CompletablePromptArguments",
          "ResourcePromptArguments",
          "DynamicTextResourceVariables",
          "DynamicBlobResourceVariables",
          "ResourceUri",
        ],
      },
    ],
  ] as const)("%s: in the snapshot, the summary and the types", async (_name, key, want) => {
    const result = pulled[key];
    expect(result.server).toMatchObject({ prompts: want.prompts.length, resources: want.resources.length, resourceTemplates: want.resourceTemplates.length });
    const snapshot = JSON.parse(await readFile(join(work, "mcp", key, "manifest.json"), "utf8")) as Record<string, Array<Record<string, string>>>;
    expect(snapshot["prompts"]!.map((prompt) => prompt["name"])).toEqual(want.prompts);
    expect(snapshot["resources"]!.map((resource) => resource["uri"])).toEqual(want.resources);
    expect(snapshot["resourceTemplates"]!.map((template) => template["name"])).toEqual(want.resourceTemplates);
    const types = await readFile(join(work, "mcp", key, "types.ts"), "utf8");
    for (const type of want.types) expect(types).toContain(`export type ${type} =`);
    // Every prompt, resource and template was accepted (the fixture's tools have warnings of their own).
    expect(
      result.diagnostics.filter((diagnostic) => ["list-failed", "prompt-invalid", "resource-invalid", "entry-duplicate"].includes(diagnostic.code)),
    ).toEqual([]);
  });

  it("a program compiled under the strict settings gets each prompt and reads each template and resource, on both eras", async () => {
    const observed = (await compileAndRun(join(work, "main.ts"), [server.url.href, npmServer("everything")])) as Record<string, unknown>;
    const fixtureResults = (era: string) => ({
      report: `Report the weather in Oslo in metric units (${era} era).`,
      description: "Weather in Oslo",
      summary: 1,
      profile: '{"userId":"u-1"}',
      search: ["search://docs?q=a%20b&limit=3", "q=a%20b limit=3"],
      readme: "text/markdown",
      config: { theme: "dark", era },
      cities: ["Oslo", "Osaka", "Ottawa"],
      users: ["u-1", "u-2"],
      refused: [
        'invalid arguments for prompt "weather-report": /city is required',
        'invalid variables for resource template "user-profile": /userId must be string',
      ],
    });
    expect(observed).toEqual({
      eras: ["modern", "legacy"],
      modern: fixtureResults("modern"),
      legacy: fixtureResults("legacy"),
      everything: {
        args: "What's weather in Oslo, Viken?",
        simple: 1,
        completable: 1,
        embedded: ["text", "resource"],
        dynamicText: "demo://resource/dynamic/text/1",
        dynamicBlob: ["blob"],
        architecture: "text/markdown",
        features: "demo://resource/static/document/features.md",
        departments: ["Engineering"],
        refused: 'invalid arguments for prompt "args-prompt": /city is required',
      },
      docs: {
        prompt: { type: "text", text: "What's weather in Oslo, Viken?" },
        text: "demo://resource/dynamic/text/1",
        doc: "text/markdown",
        cities: ["Alice"],
      },
    });
    // Nothing refused reached the server: the fixture saw no prompts/get without a city, no read of a user 7.
    const gets = server.requests.filter((request) => request.rpcMethod === "prompts/get");
    expect(gets).toHaveLength(4);
  }, 90_000);
});
