/**
 * Scaffolds type-check: the weather example, two corpus manifests with
 * outputSchema and `$ref`s, and a manifest of hostile names, over the
 * dependencies a scaffold installs (test/scaffold/scaffold-install.test.ts installs
 * and builds one as its README says); the native TypeScript 7 compiler checks.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { compile, corpusAvailable, corpusDir, corpusSkipReason, scaffoldProject, weatherManifest, writeHandler } from "../helpers/scaffold-project.js";

describe("the weather scaffold", () => {
  it("type-checks, and shares types.ts, validators and runtime.ts byte for byte with `generate`", async () => {
    const { project } = await scaffoldProject(weatherManifest, "weather-server");
    const checked = await compile(project);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);

    // Projects often turn on the unused checks; a stub nobody has written yet must not trip them.
    const strictest = [
      "--noUnusedParameters",
      "--noUnusedLocals",
      "--exactOptionalPropertyTypes",
      "--noUncheckedIndexedAccess",
      "--noImplicitReturns",
      "--noPropertyAccessFromIndexSignature",
      "--noImplicitOverride",
    ];
    const checkedStrictest = await compile(project, strictest);
    expect(checkedStrictest.output).toBe("");
    expect(checkedStrictest.ok).toBe(true);

    // Projects without strictNullChecks (older ones, often keeping noImplicitAny) compile it too.
    for (const flags of [
      ["--strict", "false"],
      ["--strictNullChecks", "false"],
    ]) {
      const checkedLoose = await compile(project, [...flags, "--noEmit"]);
      expect(checkedLoose.output, flags.join(" ")).toBe("");
    }

    const client = join(project, "client");
    await generate({ manifest: join(project, "manifest.json"), outDir: client });
    const validators = (await readdir(join(client, "validators"))).map((file) => `validators/${file}`);
    expect(validators).toHaveLength(JSON.parse(await readFile(join(project, "manifest.json"), "utf8")).tools.length);
    for (const file of ["types.ts", "validator-runtime.ts", ...validators, "validate.ts", "runtime.ts"]) {
      expect(await readFile(join(project, "src/generated", file), "utf8"), file).toBe(await readFile(join(client, file), "utf8"));
    }
  });
});

const corpusManifests = [
  // Every tool has an outputSchema.
  "server-memory.json",
  // outputSchema on every tool, 213 `$ref`s into `$defs`.
  "xcodebuildmcp.json",
  // 27 tools, 24 with an outputSchema.
  "mongodb-mcp-server.json",
];

describe.skipIf(!corpusAvailable)(`corpus scaffolds${corpusAvailable ? "" : ` (skipped: ${corpusSkipReason})`}`, () => {
  it.each(corpusManifests)("%s scaffolds and type-checks", async (file) => {
    const source = join(corpusDir, file);
    const raw = JSON.parse(await readFile(source, "utf8")) as { tools: Array<{ outputSchema?: unknown }> };
    expect(raw.tools.some((tool) => tool.outputSchema !== undefined)).toBe(true);
    const { project, result } = await scaffoldProject(source, file.replace(/\.json$/, ""));
    expect(result.handlers.map((handler) => handler.tool)).toEqual(raw.tools.map((tool) => (tool as { name: string }).name));
    const checked = await compile(project);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  });
});

describe("hostile names", () => {
  it("stay inside src/handlers/ and compile", async () => {
    const { project, result } = await scaffoldProject(join(import.meta.dirname, "../fixtures/scaffold/hostile.tools.json"), "hostile");
    for (const handler of result.handlers) expect(handler.path).toMatch(/^src\/handlers\/[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
    expect(new Set(result.handlers.map((handler) => handler.path)).size).toBe(result.handlers.length);
    const checked = await compile(project);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  });
});

describe("hostile prompts, resources and resource templates", () => {
  it("stay inside src/handlers/ and compile, their stubs too under the strictest flags", async () => {
    // test/fixtures/golden/hazards.tools.json: names, URIs and templates with */, quotes, backticks, ${, newlines, U+2028, __proto__.
    const { project, result } = await scaffoldProject(join(import.meta.dirname, "../fixtures/golden/hazards.tools.json"), "hazards");
    const kinds = new Set(result.handlers.map((handler) => handler.kind));
    expect([...kinds].sort()).toEqual(["prompt", "resource", "resource-template", "tool"]);
    for (const handler of result.handlers) expect(handler.path).toMatch(/^src\/handlers\/[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
    expect(new Set(result.handlers.map((handler) => handler.path)).size).toBe(result.handlers.length);
    const checked = await compile(project, ["--noUnusedParameters", "--noUnusedLocals", "--noPropertyAccessFromIndexSignature"]);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
    for (const flags of [
      ["--strict", "false"],
      ["--strictNullChecks", "false"],
    ]) {
      const checkedLoose = await compile(project, [...flags, "--noEmit"]);
      expect(checkedLoose.output, flags.join(" ")).toBe("");
    }
    // The lists the server answers are the manifest's text exactly, hostile characters and all, but for the one field the SDK
    // clients reject: a template's annotations.lastModified that is no date.
    const served = (await import(pathToFileURL(join(project, "dist/generated/surface.js")).href)) as Record<string, unknown>;
    expect(served["prompts"]).toEqual(result.ir.prompts.map((prompt) => prompt.raw));
    expect(served["resources"]).toEqual(result.ir.resources.map((resource) => resource.raw));
    const [first, ...others] = result.ir.resourceTemplates;
    const { lastModified: _dropped, ...annotations } = first!.raw["annotations"] as Record<string, unknown>;
    expect(served["resourceTemplates"]).toEqual([{ ...first!.raw, annotations }, ...others.map((template) => template.raw)]);
    expect(JSON.stringify(served["prompts"])).toContain("${process.exit(1)}");
  });

  it("type arguments named like members every object inherits (toString, constructor) so that literals and completers may leave them out", async () => {
    // Prompt "__proto__" of hazards.tools.json: a required __proto__, an optional constructor and toString.
    const { project, result } = await scaffoldProject(join(import.meta.dirname, "../fixtures/golden/hazards.tools.json"), "inherited-names");
    const path = result.handlers.find((handler) => handler.kind === "prompt" && handler.name === "__proto__")!.path;
    await writeHandler(
      project,
      path,
      [
        'import { definePrompt, type ProtoPromptArguments } from "../generated/define.js";',
        "",
        "// A value a client would send: toString left out, as it may be.",
        'export const example: ProtoPromptArguments = { ["__proto__"]: "p", constructor: "c" };',
        "",
        "export default definePrompt(",
        '  "__proto__",',
        '  (args) => (typeof args.toString === "string" ? args.toString : "no toString"),',
        "  { complete: { constructor: (value, context) => [value, String(context.arguments.toString)] } },",
        ");",
        "",
      ].join("\n"),
    );
    const checked = await compile(project, ["--noEmit"]);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  });
});

describe("outputs that are not objects", () => {
  it("type their handlers' return values (an array, a number) and compile", async () => {
    const { project, result } = await scaffoldProject(join(import.meta.dirname, "../fixtures/golden/fidelity.tools.json"), "fidelity");
    const paths = new Map(result.handlers.map((handler) => [handler.tool, handler.path]));
    await writeHandler(
      project,
      paths.get("place_order")!,
      `import { defineHandler } from "../generated/define.js";\n\nexport default defineHandler("place_order", (input) => input.lines.map((line) => \`\${input.customer.name}-\${line.sku}\`));\n`,
    );
    await writeHandler(
      project,
      paths.get("plot")!,
      `import { defineHandler } from "../generated/define.js";\n\nexport default defineHandler("plot", (input) => Math.hypot((input.to?.x ?? 0) - (input.from?.x ?? 0), (input.to?.y ?? 0) - (input.from?.y ?? 0)));\n`,
    );
    // A string is no number: the handler's return type is the output type.
    await writeHandler(
      project,
      "src/wrong.ts",
      `import { defineHandler } from "./generated/define.js";\n\nexport default defineHandler("plot", () => "far");\n`,
    );
    const checked = await compile(project);
    expect(checked.output).toMatch(/src\/wrong\.ts\(3,\d+\): error TS2322/);
    expect(
      checked.output
        .trim()
        .split("\n")
        .filter((line) => !line.startsWith(" ")),
    ).toHaveLength(1);
  });
});
