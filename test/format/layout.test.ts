/**
 * The printer's layout (src/format/printer/) is Prettier's: with Prettier's
 * default options, a file printed (Prettier formatting only the statements
 * the printer does not vouch for) is byte for byte the file Prettier prints
 * whole. Checked on the goldens' manifests (client and scaffold files),
 * hostile rewrites of them, a manifest built to sit on every line-width
 * boundary, and every corpus server (skipped, saying so, where the corpus is
 * absent). test/format/printer.test.ts checks it node kind by node kind.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { emitClient } from "../../src/emit/client/index.js";
import { emitIndex } from "../../src/emit/client/index-module.js";
import { prettierNumber, prettierString } from "../../src/format/printer/literals.js";
import { emitRuntime } from "../../src/emit/client/runtime-module.js";
import { emitScaffold } from "../../src/emit/scaffold/index.js";
import { emitTypes } from "../../src/emit/types/index.js";
import { emitValidate } from "../../src/emit/validators/index.js";
import { formatFiles, isPrettierDefault } from "../../src/format/index.js";
import { printStatements } from "../../src/format/printer/index.js";
import { renderManifest } from "../../src/pipeline.js";
import type { SourceFile } from "../../src/ir/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { goldenCases } from "../helpers/golden-cases.js";
import { poisonTools } from "../helpers/hostile.js";
import { emptyHandlerPaths } from "../../src/emit/scaffold/handler-paths.js";
import { repoRoot } from "../helpers/typecheck.js";

type Tools = Array<Record<string, unknown>>;

/** Every TypeScript file of the client package and (with `scaffold`) of a scaffold. */
async function emitted(tools: Tools, source: string, scaffold: boolean): Promise<SourceFile[]> {
  const ir = normalizeManifest(recogniseManifest({ tools }, source));
  const client = [emitTypes(ir), emitClient(ir, "js"), emitValidate(ir, "js"), emitIndex(ir, "js"), emitRuntime(ir)];
  if (!scaffold) return client;
  const handlerPaths = { ...emptyHandlerPaths(), tool: new Map(ir.tools.map((tool, index) => [tool.wireName, `src/handlers/tool-${index}.ts`])) };
  const { generated, owned } = await emitScaffold(ir, { name: "layout", handlerPaths, generateCommand: "mcpgen scaffold manifest.json --out ." });
  const sources = [...generated, ...owned].filter((file): file is SourceFile => "statements" in file);
  return [...client, ...sources.filter((file) => !client.some((known) => `src/generated/${known.path}` === file.path))];
}

/** Formats with the printer's layout and whole with Prettier; expects the same files. Returns how many statements the printer vouched for. */
async function expectPrettiersLayout(tools: Tools, source: string, scaffold = false): Promise<{ known: number; statements: number }> {
  const files = await emitted(tools, source, scaffold);
  const outDir = await mkdtemp(join(tmpdir(), "mcpgen-layout-"));
  const [fast, whole] = await Promise.all([formatFiles(files, { outDir }), formatFiles(files, { outDir, knownLayout: false })]);
  for (const [index, file] of fast.entries()) expect(file.contents, `${source}: ${file.path}`).toBe(whole[index]!.contents);
  return vouchedFor(files);
}

/** How many of the files' statements the printer vouches for, of how many. */
function vouchedFor(files: SourceFile[]): { known: number; statements: number } {
  const printed = files.flatMap(printStatements);
  return { known: printed.filter((statement) => statement.vouched).length, statements: printed.length };
}

const toolsOf = (manifest: string): Tools => JSON.parse(readFileSync(manifest, "utf8")).tools;

describe("the printer's layout is Prettier's", () => {
  it.each(goldenCases.map((entry) => [entry.name, entry.manifest] as const))(
    "golden %s: the same files as Prettier formatting each file whole, client and scaffold (the bundled example's client without Prettier at all)",
    async (name, manifest) => {
      // The scaffold's files include the client's: one comparison with Prettier covers both.
      const client = vouchedFor(await emitted(toolsOf(manifest), name, false));
      // The goldens hold shapes left to Prettier on purpose (objects inside unions, `constructor` properties);
      // the bundled example holds none: formatting its client never loads Prettier's printer.
      if (name === "weather") expect(client.known).toBe(client.statements);
      expect(client.known).toBeGreaterThan(client.statements / 2);
      // A scaffold's tool table, server module and handler stubs go to Prettier; the rest is vouched for.
      const scaffold = await expectPrettiersLayout(toolsOf(manifest), name, true);
      expect(scaffold.known).toBeGreaterThan(scaffold.statements / 2);
    },
  );

  it("on hostile rewrites of the goldens' manifests (quotes, backticks, `*/`, line separators in every string)", async () => {
    for (const [index, entry] of goldenCases.entries()) {
      const tools = toolsOf(entry.manifest);
      if (tools.length > 0) await expectPrettiersLayout(poisonTools(tools, 100 + index), `${entry.name} (poisoned)`, true);
    }
  });

  it("on every line-width boundary and shape", async () => {
    const { known, statements } = await expectPrettiersLayout(boundaryTools(), "boundaries", true);
    // Part of it is vouched for, the rest goes to Prettier: both halves are exercised.
    expect(known).toBeGreaterThan(statements / 3);
    expect(known).toBeLessThan(statements);
  });

  const corpus = resolve(repoRoot, "../shared/corpus");
  const present = existsSync(corpus);
  if (!present) console.warn(`corpus layout test skipped: ${corpus} does not exist (CI places ../shared beside the checkout)`);
  it.skipIf(!present)(
    "on every corpus server",
    async () => {
      let known = 0;
      let statements = 0;
      for (const file of readdirSync(corpus)
        .filter((entry) => entry.endsWith(".json"))
        .sort()) {
        const counts = await expectPrettiersLayout(toolsOf(join(corpus, file)), file);
        known += counts.known;
        statements += counts.statements;
      }
      expect(known / statements).toBeGreaterThan(0.9);
    },
    120_000,
  );

  it("spells string and number literals as Prettier does", async () => {
    const prettier = await import("prettier");
    const literals = ['"plain"', '"it\'s"', '"say \\"hi\\""', '"\\"\'\\""', '"\\"\\"\'"', '"back\\\\slash \\"q\\""', '"\\u2028"'];
    for (const literal of literals) {
      const printed = await prettier.format(`type T = ${literal};\n`, { parser: "babel-ts" });
      expect(prettierString(literal), literal).toBe(printed.slice("type T = ".length, -2));
    }
    for (const number of ["1e+21", "1.5e-7", "0.5", "10", "1E5", "1.50", "5.", "0.0"]) {
      const printed = await prettier.format(`type T = ${number};\n`, { parser: "babel-ts" });
      expect(prettierNumber(number), number).toBe(printed.slice("type T = ".length, -2));
    }
  });
});

describe("when the printer's layout applies", () => {
  it("only with Prettier's defaults, as Prettier reports them: no plugins, no option that shapes TypeScript changed", async () => {
    expect(await isPrettierDefault({})).toBe(true);
    expect(await isPrettierDefault({ printWidth: 80, semi: true, plugins: [], objectWrap: "preserve", proseWrap: "always", endOfLine: "crlf" })).toBe(true);
    expect(await isPrettierDefault({ printWidth: 100 })).toBe(false);
    expect(await isPrettierDefault({ singleQuote: true })).toBe(false);
    expect(await isPrettierDefault({ objectWrap: "collapse" })).toBe(false);
    expect(await isPrettierDefault({ plugins: ["prettier-plugin-organize-imports"] })).toBe(false);
    expect(await isPrettierDefault({ someFutureOption: true } as never)).toBe(false);
  });

  it("a user's Prettier configuration formats every file whole, as configured", async () => {
    const outDir = await mkdtemp(join(tmpdir(), "mcpgen-layout-config-"));
    await writeFile(join(outDir, ".prettierrc"), JSON.stringify({ printWidth: 120, singleQuote: true }));
    const manifest = recogniseManifest({ tools: toolsOf(join(repoRoot, "examples/weather.tools.json")) }, "weather.tools.json");
    const { files } = await renderManifest(manifest, { outDir });
    const client = files.find((file) => file.path === "client.ts")!.contents;
    expect(client).toContain("export function createClient(client: McpClient, options: ClientOptions = {}): ToolsClient {");
    expect(client).toContain("from './runtime.js';");
  });
});

/**
 * Tools whose lines land on each side of the 80-column limit: enum unions,
 * tool names (ToolMap entries, method signatures, table entries), keys,
 * nested objects, arrays, tuples, intersections, nullable objects, string
 * and number literals Prettier respells, wide characters, and shapes left
 * to Prettier (objects inside unions, non-ASCII identifiers as keys).
 */
function boundaryTools(): Tools {
  const tools: Tools = [];
  for (let width = 40; width <= 100; width += 3) {
    const word = (seed: string) => seed.repeat(Math.ceil(width / seed.length)).slice(0, width);
    const values = [word("alpha"), word("beta").slice(0, width / 2), "x"];
    const short = values.map((value) => value.slice(0, width / 4));
    tools.push({
      name: `tool_${word("name_")}`,
      description: `Width ${width}.`,
      inputSchema: {
        type: "object",
        properties: {
          [`key_${word("k")}`]: { type: "string" },
          mode: { enum: values },
          short: { enum: short },
          nested: {
            type: "object",
            description: `A description of ${width} characters: ${word("d ")}`,
            properties: {
              deeper: { type: "object", properties: { tags: { type: "array", items: { enum: short } } }, required: ["tags"] },
              pair: { type: "array", prefixItems: [{ type: "string" }, { enum: short }], minItems: 1 },
            },
          },
          nullable: { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "null" }] },
          both: { allOf: [{ enum: short }, { type: "string" }] },
          list: { type: "array", items: { type: "object", properties: { [word("p")]: { type: "number" } } } },
          quoted: { enum: ['say "hi"', "it's", `"${word("q")}"`, 1e21, 1.5, -0.25] },
          wide: { enum: [`${"字".repeat(width / 4)}`, "é"] },
          [`dash-${word("d")}`]: { type: "boolean" },
          // Left to Prettier, in one tool of four: an object type among a union's members, a key Prettier may unquote.
          ...(width % 4 === 0
            ? { choice: { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] }, café: { type: "string" } }
            : {}),
        },
        required: ["mode"],
      },
      ...(width % 2 === 0 ? { outputSchema: { type: "object", properties: { result: { type: ["string", "null"] } } } } : {}),
    });
  }
  return tools;
}
