/**
 * The generated types say what the schemas say, checked semantically with the
 * TypeScript checker (ts-morph, TypeScript 6): for every tool of every corpus
 * server and of the goldens, the input type has exactly the schema's
 * properties, optional exactly when not required.
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { Project, type Type } from "ts-morph";
import { describe, expect, it } from "vitest";
import { readManifestFile } from "../../src/acquire/manifest-file.js";
import { renderManifest } from "../../src/pipeline.js";
import { goldenCases } from "../helpers/golden-cases.js";
import { repoRoot } from "../helpers/typecheck.js";

const corpus = resolve(repoRoot, "../shared/corpus");
const corpusManifests = existsSync(corpus)
  ? readdirSync(corpus)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => join(corpus, file))
  : [];
if (corpusManifests.length === 0) console.warn(`type-shape tests use the goldens only: ${corpus} does not exist`);

interface Expectation {
  file: string;
  tool: string;
  typeName: string;
  properties: Array<[name: string, optional: boolean]>;
}

async function expectations(manifest: string, project: Project, index: number): Promise<Expectation[]> {
  const { ir, files } = await renderManifest(await readManifestFile(manifest), { outDir: repoRoot, format: false });
  const types = files.find((file) => file.path === "types.ts")!;
  const path = `/virtual/${index}/types.ts`;
  project.createSourceFile(path, types.contents);
  return ir.tools.flatMap((tool) => {
    const schema = tool.input.schema;
    if (typeof schema !== "object" || schema.type !== "object" || schema.anyOf || schema.oneOf || schema.allOf || schema.$ref) return [];
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required ?? []) as string[]);
    const names = [...new Set([...Object.keys(properties), ...required])];
    return [
      {
        file: path,
        tool: tool.wireName,
        typeName: tool.input.typeNames.root,
        properties: names.map((name) => [name, !required.has(name)] as [string, boolean]).sort(),
      },
    ];
  });
}

function declaredProperties(type: Type): Array<[string, boolean]> {
  return type
    .getProperties()
    .map((symbol) => [symbol.getName(), symbol.isOptional()] as [string, boolean])
    .sort();
}

describe("generated input types match their schemas", () => {
  it(`for the goldens${corpusManifests.length > 0 ? ` and ${corpusManifests.length} corpus servers` : ""}`, async () => {
    const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true, exactOptionalPropertyTypes: true } });
    const manifests = [...goldenCases.map((entry) => entry.manifest), ...corpusManifests];
    const all: Expectation[] = [];
    for (const [index, manifest] of manifests.entries()) all.push(...(await expectations(manifest, project, index)));
    expect(all.length).toBeGreaterThan(corpusManifests.length > 0 ? 1000 : 10);
    const mismatches: string[] = [];
    for (const expectation of all) {
      const alias = project.getSourceFileOrThrow(expectation.file).getTypeAliasOrThrow(expectation.typeName);
      const actual = declaredProperties(alias.getType());
      if (JSON.stringify(actual) !== JSON.stringify(expectation.properties)) {
        mismatches.push(`${expectation.tool}: ${JSON.stringify(actual)} != ${JSON.stringify(expectation.properties)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
