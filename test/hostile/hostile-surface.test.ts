/**
 * Hostile text in prompts, prompt arguments, resources and resource
 * templates (the payloads of the tools' hostile test: comment closers,
 * quotes, backticks, `${`, line separators, `__proto__`): the output
 * type-checks strictly under both module settings, loading and calling every
 * method executes none of it, and every name and URI reaches the SDK client
 * exactly as the server wrote it.
 */
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { generateFromManifest } from "../../src/commands/generate.js";
import { PAYLOADS } from "../helpers/hostile.js";
import { esmProject } from "../helpers/output-dir.js";
import { typecheck } from "../helpers/typecheck.js";

/** Literal text every URI template may hold (RFC 6570 §2.1: `*`, `/`, `'`, `$`, U+2028 percent-encoded). */
const TEMPLATE_LITERAL = "demo://*/'$\u2028/";

function hostileManifest() {
  return {
    capabilities: { completions: {}, prompts: {}, resources: {} },
    tools: [{ name: "then", inputSchema: { type: "object" } }],
    prompts: PAYLOADS.map((payload, index) => ({
      name: payload,
      title: payload,
      description: payload,
      arguments: [
        { name: payload, description: payload, required: true },
        { name: `${payload}${index}`, title: payload },
      ],
    })),
    resources: PAYLOADS.map((payload) => ({
      uri: payload,
      name: payload,
      title: payload,
      description: payload,
      mimeType: payload,
      annotations: { [payload]: payload },
    })),
    resourceTemplates: PAYLOADS.map((payload, index) => ({
      name: payload,
      description: payload,
      uriTemplate: `${TEMPLATE_LITERAL}${index}{+path}{?q}`,
      annotations: { lastModified: payload },
    })),
  };
}

describe("hostile text in prompts, resources and resource templates", () => {
  it(`compiles strictly, executes nothing, and sends every name as written (${PAYLOADS.length} of each)`, async () => {
    const project = await esmProject("hostile-surface");
    const outDir = join(project, "surface");
    const manifest = hostileManifest();
    const result = await generateFromManifest(recogniseManifest(manifest, "hostile-surface.json"), { outDir });
    expect([result.ir.prompts.length, result.ir.resources.length, result.ir.resourceTemplates.length]).toEqual([
      PAYLOADS.length,
      PAYLOADS.length,
      PAYLOADS.length,
    ]);
    // A `lastModified` that is no ISO date: what the SDK clients reject (a scaffold lists the template without it), nothing else.
    expect(result.ir.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual(
      PAYLOADS.map((_, index) => ["sdk-incompatible", `/resourceTemplates/${index}/annotations/lastModified`]),
    );
    for (const mode of ["NodeNext", "Bundler"] as const) expect((await typecheck([project], mode)).output).toBe("");

    const global = globalThis as { __mcpgenPwned?: unknown };
    delete global.__mcpgenPwned;
    // Object.prototype as it was: whatever key a payload names, a write through `__proto__` would show here.
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const sent: Array<[string, unknown]> = [];
    const record = (method: string) => async (params: unknown) => (sent.push([method, params]), { messages: [], contents: [], completion: { values: [] } });
    const module = (await import(pathToFileURL(join(outDir, "index.ts")).href)) as {
      createClient: (client: unknown) => Record<string, (...args: unknown[]) => Promise<unknown>>;
    };
    const client = module.createClient({
      callTool: async () => ({ content: [] }),
      getPrompt: record("getPrompt"),
      readResource: record("readResource"),
      complete: record("complete"),
    });
    expect("then" in client).toBe(false);
    for (const [index, prompt] of result.ir.prompts.entries()) {
      const payload = PAYLOADS[index]!;
      // An object whose own property is the argument's name (JSON.parse keeps `__proto__` one).
      await client[prompt.methodName]!(JSON.parse(JSON.stringify({ [payload]: "v" })) as unknown);
      await client[prompt.completionMethodName]!(payload, "x");
    }
    for (const template of result.ir.resourceTemplates) await client[template.methodName]!({ path: "a/b", q: "c d" });
    for (const resource of result.ir.resources) await client[resource.methodName]!();
    expect(global.__mcpgenPwned).toBeUndefined();
    expect(({} as { x?: unknown }).x).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);

    const prompts = sent.filter(([method]) => method === "getPrompt").map(([, params]) => params as { name: string; arguments: object });
    expect(prompts.map((params) => params.name)).toEqual(PAYLOADS);
    expect(prompts.map((params) => Object.keys(params.arguments))).toEqual(PAYLOADS.map((payload) => [payload]));
    const completions = sent.filter(([method]) => method === "complete").map(([, params]) => params);
    expect(completions).toEqual(PAYLOADS.map((payload) => ({ ref: { type: "ref/prompt", name: payload }, argument: { name: payload, value: "x" } })));
    const reads = sent.filter(([method]) => method === "readResource").map(([, params]) => (params as { uri: string }).uri);
    expect(reads).toEqual([...PAYLOADS.map((_, index) => `demo://*/'$%E2%80%A8/${index}a/b?q=c%20d`), ...PAYLOADS]);
  }, 120_000);
});
