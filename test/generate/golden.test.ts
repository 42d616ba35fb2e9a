/**
 * Goldens: golden/<case>/ is exactly what `mcpgen generate` writes for the
 * case's manifest, compared byte for byte, and every golden type-checks
 * under the strict settings with NodeNext and with Bundler.
 * Regenerate with `npm run golden:update` and review the diff.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { readManifestFile } from "../../src/acquire/manifest-file.js";
import { renderManifest } from "../../src/pipeline.js";
import { goldenCases } from "../helpers/golden-cases.js";
import { repoRoot, typecheck } from "../helpers/typecheck.js";

const updating = process.env["GOLDEN_UPDATE"] === "1";

describe.each(goldenCases)("golden $name", ({ name, manifest }) => {
  const directory = join(repoRoot, "golden", name);

  it(updating ? "is rewritten" : "matches generate's output byte for byte", async () => {
    const { files } = await renderManifest(await readManifestFile(manifest), { outDir: directory });
    if (updating) {
      await rm(directory, { recursive: true, force: true });
      await mkdir(directory, { recursive: true });
      for (const file of files) {
        await mkdir(dirname(join(directory, file.path)), { recursive: true });
        await writeFile(join(directory, file.path), file.contents);
      }
    }
    const onDisk = (await readdir(directory, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split("\\").join("/"))
      .sort();
    expect(onDisk).toEqual(files.map((file) => file.path).sort());
    for (const file of files) {
      const golden = await readFile(join(directory, file.path), "utf8");
      expect(golden, `${name}/${file.path}`).toBe(file.contents);
    }
  });
});

describe("goldens hold no raw bidirectional-text control", () => {
  const RAW_BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
  it.each(goldenCases.map((entry) => entry.name))("%s", async (name) => {
    const directory = join(repoRoot, "golden", name);
    for (const file of await readdir(directory, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) expect(await readFile(join(file.parentPath, file.name), "utf8"), `${name}/${file.name}`).not.toMatch(RAW_BIDI);
    }
  });

  it("hazards writes the server's controls as escapes in every file: literals, comments, the validators and the snapshot", async () => {
    const read = (file: string) => readFile(join(repoRoot, "golden/hazards", file), "utf8");
    const types = await read("types.ts");
    expect(types).toContain('"access\\u2067Level": "user\\u202e \\u2066// admin\\u2069 \\u2066" | "admin";');
    expect(types).toContain(" * \\u2066*\\/ evil(); /*\\u2069\n");
    expect(types).toContain('granted: "no\\u200f\\u061c";');
    const client = await read("client.ts");
    expect(client).toContain(" * Is admin\\u202e \\u2066// check later\\u2069 \\u2066\n");
    expect(client).toContain('"bidi\\u202e_text": "bidiU202eText",');
    expect(await read("validate.ts")).toContain('"bidi\\u202e_text": input12,');
    const validators = await read("validators/bidi-u202e-text.ts");
    expect(validators).toContain('["user\\u202e \\u2066// admin\\u2069 \\u2066","admin"]');
    expect(validators).toContain('==="no\\u200f\\u061c"');
    const snapshot = await read("manifest.json");
    expect(snapshot).toContain('"name": "bidi\\u202e_text",');
    // The same values as the input: only their spelling changed.
    const bidiTool = (text: string) => (JSON.parse(text) as { tools: Array<{ name: string }> }).tools.find((tool) => tool.name === "bidi\u202e_text");
    expect(bidiTool(snapshot)).toEqual(bidiTool(await readFile(join(repoRoot, "test/fixtures/golden/hazards.tools.json"), "utf8")));
    expect(bidiTool(snapshot)).toBeDefined();
  });
});

describe("definitions repeated across tools (issue 22)", () => {
  // test/fixtures/golden/shared.tools.json: get_page, get_block and append_blocks (input and output) repeat the same $defs,
  // style_text has annotations of its own, and mention, filter and query are reached from no root. The golden type-checks below.
  it("shared declares one type per distinct definition, named after it, and none for a definition no schema reaches", async () => {
    const types = await readFile(join(repoRoot, "golden/shared/types.ts"), "utf8");
    const declared = [...types.matchAll(/^export type (\w+)/gm)].map((match) => match[1]!);
    const definitions = declared.filter(
      (name) => /RichText|Link|Annotations|Block\b|Mention|Filter|Query/.test(name) && !/^(Get|Append)\w*(Input|Output)$/.test(name),
    );
    expect(definitions).toEqual(["RichTextRequest", "Link", "Annotations", "Block", "StyleTextInputAnnotations"]);
    expect(types).toContain("export type AppendBlocksOutput = {\n  results: Block[];\n};");
    expect(types).toContain("export type StyleTextInput = {\n  style?: StyleTextInputAnnotations;\n};");
    // Validators stay per tool (each tool's module loads on its own), each with what its schemas reach only.
    for (const tool of ["get-page", "get-block", "append-blocks", "style-text"]) {
      const validators = await readFile(join(repoRoot, "golden/shared/validators", `${tool}.ts`), "utf8");
      expect(validators, tool).not.toContain("unreached");
      expect(validators, tool).toMatch(/"default","red"|italic/);
    }
  });
});

describe("goldens are stable under Prettier", () => {
  // Users run Prettier on their trees; a second pass must change nothing, with either TypeScript parser.
  it.each(goldenCases.map((entry) => entry.name))(
    "%s: re-formatting changes nothing (babel-ts and typescript parsers, as prettier --check sees the file)",
    async (name) => {
      const prettier = await import("prettier");
      const directory = join(repoRoot, "golden", name);
      for (const file of (await readdir(directory)).filter((entry) => entry.endsWith(".ts"))) {
        const text = await readFile(join(directory, file), "utf8");
        for (const parser of ["babel-ts", "typescript"]) {
          expect(await prettier.format(text, { parser, filepath: join(directory, file) }), `${name}/${file} with ${parser}`).toBe(text);
        }
      }
    },
  );
});

describe("goldens type-check", () => {
  it("with isolatedDeclarations, and their declarations show typed validators, not their internals", async () => {
    const declarations = await mkdtemp(join(tmpdir(), "mcpgen-declarations-"));
    const result = await typecheck([join(repoRoot, "golden")], "NodeNext", {
      compilerOptions: {
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        isolatedDeclarations: true,
        outDir: declarations,
        rootDir: join(repoRoot, "golden"),
      },
    });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
    const weather = await readFile(join(declarations, "weather", "validators", "get-weather.d.ts"), "utf8");
    // Each validator a constant of type Check, exported as input and output; no function body, no helper.
    expect(weather).toMatch(/^export \{ v\d+ as input, v\d+ as output \};$/m);
    const declared = [...weather.matchAll(/^declare const (\w+): (.*);$/gm)].map((match) => match[2]);
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(declared)).toEqual(new Set(["Check"]));
    expect(weather).not.toMatch(/=>/);
  });

  it("without strictNullChecks (strict: false), as older projects compile", async () => {
    const result = await typecheck([join(repoRoot, "golden")], "Bundler", {
      compilerOptions: { strict: false, exactOptionalPropertyTypes: false },
      lib: ["ES2022", "DOM"],
    });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("with the checks projects add to strict (noUnusedLocals, noUnusedParameters: Vite's templates turn them on)", async () => {
    const result = await typecheck([join(repoRoot, "golden")], "Bundler", {
      compilerOptions: {
        noUnusedLocals: true,
        noUnusedParameters: true,
        noImplicitReturns: true,
        noImplicitOverride: true,
        noPropertyAccessFromIndexSignature: true,
        noFallthroughCasesInSwitch: true,
      },
    });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it.each(["NodeNext", "Bundler"] as const)("under strict settings with module %s", async (mode) => {
    const result = await typecheck([join(repoRoot, "golden")], mode);
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });
});
