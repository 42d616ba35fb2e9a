/**
 * Every manifest in ../shared/corpus (real tools/list captures from published
 * servers) generates, and all outputs type-check strictly with NodeNext and
 * with Bundler. Skipped, saying so, where the corpus is not beside the checkout.
 */
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import type { ManifestIR } from "../../src/ir/index.js";
import { canonicalJson } from "../../src/shared/json.js";
import { esmProject } from "../helpers/output-dir.js";
import { repoRoot, shareIdenticalModules, typecheck } from "../helpers/typecheck.js";

const corpus = resolve(repoRoot, "../shared/corpus");
const present = existsSync(corpus);
const manifests = present
  ? readdirSync(corpus)
      .filter((file) => file.endsWith(".json"))
      .sort()
  : [];

if (!present) console.warn(`corpus tests skipped: ${corpus} does not exist (CI places ../shared beside the checkout)`);

/**
 * Definitions (a `$defs` key and its canonical JSON, with no ref whose target could differ) that several
 * schemas hold but that have more than one type name: each should be one type (`def-type-names`).
 */
function namedTwice(ir: ManifestIR): string[] {
  const names = new Map<string, Set<string>>();
  for (const schema of ir.tools.flatMap((tool) => (tool.output === undefined ? [tool.input] : [tool.input, tool.output]))) {
    const defs = typeof schema.schema === "object" ? ((schema.schema["$defs"] ?? {}) as Record<string, unknown>) : {};
    for (const [key, definition] of Object.entries(defs)) {
      const json = canonicalJson(definition);
      if (json.includes('"$ref"')) continue;
      const id = `${key}: ${json}`;
      names.set(id, (names.get(id) ?? new Set()).add(schema.typeNames.defs.get(key)!));
    }
  }
  return [...names].filter(([, named]) => named.size > 1).map(([id, named]) => `${[...named].join(", ")} for ${id}`);
}

describe.skipIf(!present)("corpus ../shared/corpus", () => {
  let project = "";

  it(`generates every manifest (${manifests.length} servers)`, async () => {
    project = await esmProject("corpus");
    let tools = 0;
    for (const file of manifests) {
      const manifest = join(corpus, file);
      const result = await generate({ manifest, outDir: join(project, file.replace(/\.json$/, "")) });
      tools += result.ir.tools.length;
      // Every distinct tool of the capture is generated (a repeated name keeps its first definition).
      const names = (JSON.parse(await readFile(manifest, "utf8")) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
      expect(
        result.ir.tools.map((tool) => tool.wireName),
        file,
      ).toEqual([...new Set(names)]);
      expect(namedTwice(result.ir), file).toEqual([]);
    }
    expect(manifests.length).toBeGreaterThanOrEqual(60);
    expect(tools).toBeGreaterThanOrEqual(1300);
    // xcodebuildmcp repeats its $defs in 24 tools' outputSchemas (as Notion's server does in every inputSchema): one type each.
    const types = await readFile(join(project, "xcodebuildmcp", "types.ts"), "utf8");
    expect(types.match(/^export type \w*ErrorConsistency\b/gm)).toEqual(["export type ErrorConsistency"]);
    expect(types.match(/\bErrorConsistency\b/g)!.length).toBeGreaterThan(20);
  });

  it.each(["NodeNext", "Bundler"] as const)("type-checks all outputs with module %s", async (mode) => {
    expect(project, "generation must run first").not.toBe("");
    // The runtimes the outputs carry unchanged checked once.
    const shared = await shareIdenticalModules(manifests.map((file) => join(project, file.replace(/\.json$/, ""))));
    const result = await typecheck([project], mode);
    await shared.restore();
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
