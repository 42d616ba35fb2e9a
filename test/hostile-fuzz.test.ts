/**
 * Hostile text everywhere: real manifests (the goldens' and, where present,
 * the corpus) with every server-supplied string (tool names, titles,
 * descriptions, property names, enum values, consts, defaults, _meta)
 * replaced by injection attempts. The output must type-check strictly, and
 * loading and running it must not execute any of the injected code.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../src/acquire/manifest-file.js";
import { generateFromManifest } from "../src/generate.js";
import { goldenCases } from "./helpers/golden-cases.js";
import { PAYLOADS, poisonTools } from "./helpers/hostile.js";
import { esmProject } from "./helpers/output-dir.js";
import { repoRoot, typecheck } from "./helpers/typecheck.js";

const corpus = resolve(repoRoot, "../shared/corpus");
const sources: Array<{ name: string; tools: Array<Record<string, unknown>> }> = goldenCases.map((entry) => ({
  name: entry.name,
  tools: JSON.parse(readFileSync(entry.manifest, "utf8")).tools,
})).filter((source) => source.tools.length > 0);
if (existsSync(corpus)) {
  for (const file of ["server-everything.json", "server-filesystem.json", "mongodb-mcp-server.json", "clarity-mcp.json", "github-mcp-server-go.json"]) {
    if (existsSync(join(corpus, file))) sources.push({ name: file.replace(/\.json$/, ""), tools: JSON.parse(readFileSync(join(corpus, file), "utf8")).tools });
  }
} else {
  console.warn(`hostile fuzz runs on the goldens only: ${corpus} does not exist`);
}

describe("hostile text in every server-supplied string", () => {
  it(`compiles strictly and executes nothing (${sources.length} manifests)`, async () => {
    const project = await esmProject("hostile");
    const outputs: string[] = [];
    for (const [index, source] of sources.entries()) {
      const outDir = join(project, source.name);
      const raw = recogniseManifest({ tools: poisonTools(source.tools, index + 1) }, `${source.name} (poisoned)`);
      const result = await generateFromManifest(raw, { outDir });
      expect(result.ir.tools.length).toBeGreaterThan(0);
      outputs.push(outDir);
    }
    for (const mode of ["NodeNext", "Bundler"] as const) {
      const checked = await typecheck([project], mode);
      expect(checked.output).toBe("");
    }

    const global = globalThis as { __mcpgenPwned?: unknown };
    delete global.__mcpgenPwned;
    for (const outDir of outputs) {
      const module = (await import(pathToFileURL(join(outDir, "index.ts")).href)) as {
        createClient: (client: unknown) => Record<string, (input?: unknown) => Promise<unknown>>;
        methodNames: Record<string, string>;
        validateInput: (tool: string, value: unknown) => { ok: boolean };
        validateOutput: (tool: string, value: unknown) => { ok: boolean };
      };
      const client = module.createClient({ callTool: async () => ({ content: [{ type: "text", text: "ok" }] }) });
      expect("then" in client).toBe(false);
      for (const [tool, method] of Object.entries(module.methodNames)) {
        expect(typeof client[method]).toBe("function");
        for (const value of [{}, { a: PAYLOADS[0] }, JSON.parse('{"__proto__": {"x": 1}}')]) {
          module.validateInput(tool, value);
          module.validateOutput(tool, value);
        }
      }
    }
    expect(global.__mcpgenPwned).toBeUndefined();
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});
