/**
 * A scaffold that serves prompts, resources and resource templates beside
 * its tools (test/fixtures/golden/surface.tools.json: server-everything's
 * prompts, resources and templates, and an RFC 6570 template with a path and
 * a query), with handlers written as a user writes them, built with tsc and
 * run for real: over stdio and Streamable HTTP, to an SDK v2 client pinned to
 * 2026-07-28 and an SDK v1 client on the 2025 revisions; through the typed
 * client `generate` makes from the same manifest (what it expands, the
 * scaffold matches); `mcpgen pull` of the running server gives back the
 * manifest's lists. Then the manifest changes and the handlers stay.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as StdioTransportV2 } from "@modelcontextprotocol/client/stdio";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { pull } from "../../src/commands/pull.js";
import { scaffold } from "../../src/commands/scaffold.js";
import {
  compile,
  compileWithTypeScript6,
  scaffoldProject,
  startHttp,
  writeHandler,
  type CompileResult,
  type HttpServerProcess,
} from "../helpers/scaffold-project.js";

const manifestPath = join(import.meta.dirname, "../fixtures/golden/surface.tools.json");

interface Lists {
  prompts: unknown[];
  resources: unknown[];
  resourceTemplates: unknown[];
}

const define = 'import { definePrompt, defineResource, defineResourceTemplate } from "../generated/define.js";\n\n';

/** The user's handlers, by file. */
const HANDLERS: Record<string, string> = {
  "get-simple-prompt.ts": `${define}export default definePrompt("simple-prompt", () => "This is a simple prompt.");\n`,
  "get-args-prompt.ts": `${define}export default definePrompt("args-prompt", (args, context) => [
  { role: "user", content: { type: "text", text: \`Weather in \${args.city}\${args.state === undefined ? "" : \`, \${args.state}\`} (\${context.era})\` } },
]);\n`,
  "get-completable-prompt.ts": `${define}const teams: Record<string, string[]> = { Engineering: ["Alice", "Bob"], Sales: ["Carol"] };

export default definePrompt(
  "completable-prompt",
  (args) => ({ description: "team", messages: [{ role: "user", content: { type: "text", text: \`\${args.name} leads \${args.department}\` } }] }),
  {
    complete: {
      department: (value) => Object.keys(teams).filter((team) => team.startsWith(value)),
      name: (value, context) => (teams[context.arguments.department ?? ""] ?? []).filter((name) => name.startsWith(value)),
    },
  },
);\n`,
  "get-resource-prompt.ts": `${define}export default definePrompt("resource-prompt", (args) => [
  { role: "user", content: { type: "resource", resource: { uri: \`demo://resource/dynamic/\${args.resourceType}/\${args.resourceId}\`, mimeType: "text/plain", text: "embedded" } } },
]);\n`,
  "read-architecture-md.ts": `${define}export default defineResource("demo://resource/static/document/architecture.md", () => "# Architecture");\n`,
  "read-app-log.ts": `${define}export default defineResource("file:///logs/app.log", (context) => new TextEncoder().encode(\`log of \${context.uri}\`));\n`,
  "read-dynamic-text-resource.ts": `${define}import { ResourceNotFoundError } from "../generated/define.js";

export default defineResourceTemplate("Dynamic Text Resource", (variables, context) => {
  if (!/^\\d+$/.test(variables.resourceId)) throw new ResourceNotFoundError(context.uri);
  return \`Resource \${variables.resourceId}: text\`;
});\n`,
  "read-repo-file.ts": `${define}export default defineResourceTemplate("repo_file", (variables, context) => {
  // The build fails if the type says otherwise: a URI may leave {/path*} out (repo://o/r/contents), and then it is undefined.
  // @ts-expect-error path may be undefined
  variables.path satisfies string | readonly string[] | { readonly [key: string]: string };
  variables.owner satisfies string;
  return [{ uri: context.uri, mimeType: "application/json", text: JSON.stringify({ ...variables, template: context.resourceTemplate }) }];
});\n`,
};

interface GeneratedSurfaceClient {
  createClient(client: unknown): {
    getArgsPrompt(args: { city: string; state?: string }): Promise<{ messages: Array<{ content: { text?: string } }> }>;
    readRepoFile(variables: {
      owner: string;
      repo: string;
      path?: string | readonly string[];
      ref?: string;
    }): Promise<{ contents: Array<{ uri: string; text?: string }> }>;
    readResource(uri: string): Promise<{ contents: Array<{ text?: string }> }>;
    completeCompletablePrompt(argument: string, value: string, options?: { context?: Record<string, string> }): Promise<{ completion: { values: string[] } }>;
  };
}

let project: string;
let lists: Lists;
let generatedClient: GeneratedSurfaceClient;
/** What TypeScript 7 (the build) and TypeScript 6 said of the project with WRAPPERS and UNLISTED in it. */
let helperChecks: { typescript7: CompileResult; typescript6: CompileResult };

beforeAll(async () => {
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Lists;
  lists = { prompts: manifest.prompts, resources: manifest.resources, resourceTemplates: manifest.resourceTemplates };
  ({ project } = await scaffoldProject(manifestPath, "surface-server"));
  for (const [file, source] of Object.entries(HANDLERS)) await writeHandler(project, `src/handlers/${file}`, source);
  await generate({ manifest: join(project, "manifest.json"), outDir: join(project, "src/client") });
  // The build also compiles a user's helpers and a handler bound to a name the manifest lacks ("a user's helper generic
  // over the name it binds" reads what both compilers say of them); they are gone again before anything runs.
  await writeFile(join(project, "src/wrappers.ts"), WRAPPERS);
  await writeFile(join(project, "src/unlisted.ts"), UNLISTED);
  try {
    const built = await compile(project);
    helperChecks = { typescript7: built, typescript6: await compileWithTypeScript6(project) };
    // Nothing but the one error unlisted.ts is there for.
    expect(built.output.split("\n").filter((line) => line !== "")).toEqual([UNLISTED_ERROR]);
  } finally {
    for (const file of ["src/wrappers.ts", "src/unlisted.ts", "dist/wrappers.js", "dist/unlisted.js", "dist/wrappers.js.map", "dist/unlisted.js.map"]) {
      await rm(join(project, file), { force: true });
    }
  }
  generatedClient = (await import(pathToFileURL(join(project, "dist/client/index.js")).href)) as GeneratedSurfaceClient;
});

type Era = "2025" | "2026-07-28";
type AnyClient = Client | ClientV2;

function sdkClient(era: Era): AnyClient {
  return era === "2025"
    ? new Client({ name: "surface", version: "1.0.0" })
    : new ClientV2({ name: "surface", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
}

/** A result without the 2026-07-28 server stamp and cache fields. */
function bare(result: unknown): unknown {
  const { _meta: _identity, ttlMs: _ttl, cacheScope: _scope, resultType: _type, nextCursor: _cursor, ...rest } = result as Record<string, unknown>;
  return rest;
}

function sharedBehaviour(era: Era, connect: () => Promise<AnyClient>) {
  let client: AnyClient;
  beforeAll(async () => {
    client = await connect();
    if (client instanceof ClientV2) expect(client.getProtocolEra()).toBe("modern");
  });
  afterAll(async () => {
    await client.close();
  });

  it("declares prompts, resources and completions, and lists the manifest's prompts, resources and templates as declared", async () => {
    expect(client.getServerCapabilities()).toMatchObject({ prompts: {}, resources: {}, completions: {} });
    // The manifest's server declares subscriptions and list changes; the scaffold serves neither, so it does not declare them.
    expect(client.getServerCapabilities()?.resources).toEqual({});
    expect(client.getServerCapabilities()?.prompts).toEqual({});
    expect((await client.listPrompts()).prompts).toEqual(lists.prompts);
    expect((await client.listResources()).resources).toEqual(lists.resources);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual(lists.resourceTemplates);
  });

  it("gets prompts with their arguments checked", async () => {
    expect(bare(await client.getPrompt({ name: "simple-prompt" }))).toEqual({
      messages: [{ role: "user", content: { type: "text", text: "This is a simple prompt." } }],
    });
    const modern = era === "2026-07-28" ? "modern" : "legacy";
    expect(bare(await client.getPrompt({ name: "args-prompt", arguments: { city: "Oslo", state: "Viken" } }))).toEqual({
      messages: [{ role: "user", content: { type: "text", text: `Weather in Oslo, Viken (${modern})` } }],
    });
    await expect(client.getPrompt({ name: "args-prompt", arguments: { state: "Viken" } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('missing required argument "city"'),
    });
    await expect(client.getPrompt({ name: "no-such-prompt" })).rejects.toMatchObject({ code: -32602 });
    await expect(client.getPrompt({ name: "resource-prompt", arguments: { resourceType: "text", resourceId: "1" } })).resolves.toMatchObject({
      messages: [{ content: { type: "resource", resource: { uri: "demo://resource/dynamic/text/1" } } }],
    });
  });

  it("answers a stub with its not-implemented error", async () => {
    await expect(client.readResource({ uri: "demo://resource/static/document/features.md" })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringContaining("not implemented: demo://resource/static/document/features.md"),
    });
  });

  it("reads fixed resources by URI and template URIs with their variables parsed", async () => {
    expect(bare(await client.readResource({ uri: "demo://resource/static/document/architecture.md" }))).toEqual({
      contents: [{ uri: "demo://resource/static/document/architecture.md", mimeType: "text/markdown", text: "# Architecture" }],
    });
    expect(bare(await client.readResource({ uri: "file:///logs/app.log" }))).toEqual({
      contents: [{ uri: "file:///logs/app.log", mimeType: "text/plain", blob: Buffer.from("log of file:///logs/app.log").toString("base64") }],
    });
    expect(bare(await client.readResource({ uri: "demo://resource/dynamic/text/42" }))).toEqual({
      contents: [{ uri: "demo://resource/dynamic/text/42", mimeType: "text/plain", text: "Resource 42: text" }],
    });
    const file = await client.readResource({ uri: "repo://octo/hello/contents/src/a%20b.ts?ref=main" });
    expect(JSON.parse((file.contents[0] as { text: string }).text)).toEqual({
      owner: "octo",
      repo: "hello",
      path: ["src", "a b.ts"],
      ref: "main",
      template: "repo_file",
    });
    // RFC 6570 §3.2.6: {/path*} undefined writes no "/"; [""] writes one. The handler tells them apart.
    for (const [uri, path] of [
      ["repo://octo/hello/contents", undefined],
      ["repo://octo/hello/contents/", [""]],
    ] as const) {
      const read = await client.readResource({ uri });
      expect(JSON.parse((read.contents[0] as { text: string }).text), uri).toEqual({ owner: "octo", repo: "hello", path, template: "repo_file" });
    }
  });

  it("answers a URI no resource has with -32602 and the URI, also when a handler says so", async () => {
    for (const uri of ["demo://resource/nothing", "demo://resource/dynamic/text/abc"]) {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602, data: { uri } });
    }
  });

  it("completes with the user's completers, and with nothing where there is none", async () => {
    const complete = (params: unknown) => (client as Client).complete(params as never);
    expect(
      (await complete({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "E" } })).completion.values,
    ).toEqual(["Engineering"]);
    expect(
      (
        await complete({
          ref: { type: "ref/prompt", name: "completable-prompt" },
          argument: { name: "name", value: "A" },
          context: { arguments: { department: "Engineering" } },
        })
      ).completion.values,
    ).toEqual(["Alice"]);
    expect(
      (await complete({ ref: { type: "ref/resource", uri: "demo://resource/dynamic/text/{resourceId}" }, argument: { name: "resourceId", value: "1" } }))
        .completion,
    ).toEqual({ values: [], total: 0, hasMore: false });
  });

  it("serves the typed client generated from the same manifest: what it expands, the scaffold matches", async () => {
    const typed = generatedClient.createClient(client);
    expect((await typed.getArgsPrompt({ city: "Paris" })).messages[0]?.content.text).toContain("Weather in Paris");
    const read = await typed.readRepoFile({ owner: "o w", repo: "r", path: ["docs", "a/b.md"] });
    expect(JSON.parse(read.contents[0]!.text!)).toEqual({ owner: "o w", repo: "r", path: ["docs", "a/b.md"], template: "repo_file" });
    // The path left out (test/typing/surface-usage.ts compiles such a call): the URI has none, and the handler gets none.
    const root = await typed.readRepoFile({ owner: "o", repo: "r" });
    expect(root.contents[0]!.uri).toBe("repo://o/r/contents");
    expect(JSON.parse(root.contents[0]!.text!)).toEqual({ owner: "o", repo: "r", template: "repo_file" });
    expect((await typed.readResource("demo://resource/static/document/architecture.md")).contents[0]?.text).toBe("# Architecture");
    expect((await typed.completeCompletablePrompt("name", "", { context: { department: "Sales" } })).completion.values).toEqual(["Carol"]);
  });
}

/**
 * The lists as `mcpgen pull` records them: the resources' state (`size`, `annotations.lastModified`) is no part of a
 * snapshot. Written out here, not by src/ir/resource-state.ts, which pull itself runs.
 */
const pulledForm = (): Lists => ({ ...lists, resources: lists.resources.map(withoutState), resourceTemplates: lists.resourceTemplates.map(withoutState) });

function withoutState(listed: unknown): unknown {
  const { size: _size, annotations, ...rest } = listed as Record<string, unknown>;
  if (annotations === undefined) return rest;
  const { lastModified: _lastModified, ...kept } = annotations as Record<string, unknown>;
  return Object.keys(kept).length === 0 ? rest : { ...rest, annotations: kept };
}

/** `mcpgen pull` of the running server: the lists it records. */
async function pulledLists(target: { url: string } | { command: string[] }): Promise<Lists> {
  const outDir = await mkdtemp(join(tmpdir(), "mcpgen-surface-pull-"));
  await pull({
    ...("url" in target ? { target: target.url } : { command: target.command }),
    outDir,
    format: false,
    environment: { PATH: process.env["PATH"] ?? "" },
  });
  const pulled = JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8")) as Lists;
  return { prompts: pulled.prompts, resources: pulled.resources, resourceTemplates: pulled.resourceTemplates };
}

describe("over stdio", () => {
  it("gives `mcpgen pull` the manifest's prompts, resources and templates", async () => {
    expect(await pulledLists({ command: [process.execPath, join(project, "dist/server.js")] })).toEqual(pulledForm());
  });

  for (const era of ["2025", "2026-07-28"] as const) {
    describe(era === "2025" ? "to an SDK v1 client" : "to an SDK v2 client pinned to 2026-07-28", () => {
      sharedBehaviour(era, async () => {
        // The stubs' "not implemented" stacks go to the server's stderr, not the test's.
        const parameters = {
          command: process.execPath,
          args: [join(project, "dist/server.js")],
          cwd: project,
          env: { PATH: process.env["PATH"] ?? "" },
          stderr: "ignore" as const,
        };
        const client = sdkClient(era);
        await client.connect((era === "2025" ? new StdioClientTransport(parameters) : new StdioTransportV2(parameters)) as never);
        return client;
      });
    });
  }
});

describe("over Streamable HTTP", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await startHttp(project);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("gives `mcpgen pull` the manifest's prompts, resources and templates", async () => {
    expect(await pulledLists({ url: server.url })).toEqual(pulledForm());
  });

  for (const era of ["2025", "2026-07-28"] as const) {
    describe(era === "2025" ? "to an SDK v1 client" : "to an SDK v2 client pinned to 2026-07-28", () => {
      sharedBehaviour(era, async () => {
        const client = sdkClient(era);
        const url = new URL(server.url);
        await client.connect((era === "2025" ? new StreamableHTTPClientTransport(url) : new HttpTransportV2(url)) as never);
        return client;
      });
    });
  }
});

/** A user's helpers generic over the name they bind, as a project writes them to share code between handlers. */
const WRAPPERS = `import { defineHandler, definePrompt, defineResource, defineResourceTemplate } from "./generated/define.js";
import type { Completions, Handler, PromptName, ResourceTemplateName, ToolName } from "./generated/define.js";
import type { PromptHandler, ResourceHandler, ResourceTemplateHandler } from "./generated/server-surface.js";
import type { FixedResourceUri, PromptMap, ResourceTemplateMap } from "./generated/surface.js";

export function logged<N extends ToolName>(tool: N, handle: Handler<N>) {
  return defineHandler(tool, (input, context) => (console.log(tool), handle(input, context)));
}
export function prompt<N extends PromptName>(name: N, handle: PromptHandler<PromptMap[N]>, complete: Completions<PromptMap[N]>) {
  return definePrompt(name, (args, context) => handle(args, context), { complete });
}
export function resource<U extends FixedResourceUri>(uri: U, handle: ResourceHandler) {
  return defineResource(uri, (context) => handle(context));
}
export function template<N extends ResourceTemplateName>(name: N, handle: ResourceTemplateHandler<ResourceTemplateMap[N]>) {
  return defineResourceTemplate(name, (variables, context) => handle(variables, context));
}

export const echo = logged("echo", (input) => input.message);
export const args = prompt("args-prompt", (given) => \`Weather in \${given.city}\`, { city: () => ["Oslo"] });
`;

/** A handler bound to a resource template the manifest does not list. */
const UNLISTED =
  'import { defineResourceTemplate } from "./generated/define.js";\n\nexport default defineResourceTemplate("gone", (variables) => variables.id);\n';

/** The one error both compilers give for UNLISTED, on the name. */
const UNLISTED_ERROR =
  "src/unlisted.ts(3,39): error TS2345: Argument of type '\"gone\"' is not assignable to parameter of type " +
  `'"resource template \\"gone\\" is not in manifest.json: bind this handler to a name it lists (then npm run generate), or delete it"'.`;

describe("a user's helper generic over the name it binds", () => {
  it("compiles with TypeScript 7 and 6, and a name not in the manifest is still one error on the name", () => {
    // Compiled in beforeAll, by the build (TypeScript 7) and by TypeScript 6.
    for (const built of [helperChecks.typescript7, helperChecks.typescript6]) {
      expect(built.output.split("\n").filter((line) => line !== "")).toEqual([UNLISTED_ERROR]);
    }
  });
});

describe("when the manifest changes", () => {
  it("keeps every handler byte for byte, stubs what is new, reports what left, and the build names the handler that no longer fits", async () => {
    const before = new Map<string, string>();
    for (const file of Object.keys(HANDLERS)) before.set(file, await readFile(join(project, "src/handlers", file), "utf8"));
    const manifest = JSON.parse(await readFile(join(project, "manifest.json"), "utf8")) as Lists & Record<string, unknown>;
    const changed = {
      ...manifest,
      prompts: [
        ...(manifest.prompts as Array<{ name: string }>).filter((prompt) => prompt.name !== "args-prompt"),
        { name: "new-prompt", arguments: [{ name: "topic", required: true }] },
      ],
      resources: (manifest.resources as Array<{ uri: string }>).filter((resource) => resource.uri !== "file:///logs/app.log"),
    };
    const changedPath = join(await mkdtemp(join(tmpdir(), "mcpgen-surface-changed-")), "surface.tools.json");
    await writeFile(changedPath, JSON.stringify(changed));
    const result = await scaffold({ manifest: changedPath, outDir: project });
    for (const [file, text] of before) expect(await readFile(join(project, "src/handlers", file), "utf8"), file).toBe(text);
    expect(result.created).toEqual(["src/handlers/get-new-prompt.ts"]);
    expect(result.handlers.find((handler) => handler.name === "new-prompt")).toEqual({
      kind: "prompt",
      name: "new-prompt",
      path: "src/handlers/get-new-prompt.ts",
      status: "created",
    });
    expect(result.orphanedHandlers).toEqual([
      { path: "src/handlers/get-args-prompt.ts", kind: "prompt", name: "args-prompt", reason: "removed" },
      { path: "src/handlers/read-app-log.ts", kind: "resource", name: "file:///logs/app.log", reason: "removed" },
    ]);
    const built = await compile(project);
    expect(built.ok).toBe(false);
    const errors = built.output.split("\n").filter((line) => line.includes("error TS"));
    expect([...new Set(errors.map((line) => line.slice(0, line.indexOf("("))))].sort()).toEqual([
      "src/handlers/get-args-prompt.ts",
      "src/handlers/read-app-log.ts",
    ]);
    // One error each, on the name, saying what to do: the handlers' uses of their arguments are not errors too.
    expect(errors.map((line) => line.slice(line.indexOf("parameter of type")))).toEqual([
      `parameter of type '"prompt \\"args-prompt\\" is not in manifest.json: bind this handler to a name it lists (then npm run generate), or delete it"'.`,
      `parameter of type '"resource \\"file:///logs/app.log\\" is not in manifest.json: bind this handler to a name it lists (then npm run generate), or delete it"'.`,
    ]);
  });
});
