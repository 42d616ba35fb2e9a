/**
 * Scaffolds type-check: the weather example, two corpus manifests with
 * outputSchema and `$ref`s, and a manifest of hostile names, over the
 * dependencies a scaffold installs (test/scaffold/scaffold-install.test.ts installs
 * and builds one as its README says); the native TypeScript 7 compiler checks.
 *
 * The scaffolds are made first and type-checked together, one program for each set of flags
 * (helpers/scaffold-project.ts typecheckScaffolds: each scaffold's own tsconfig.json); the tests read their part.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import type { ScaffoldResult } from "../../src/commands/scaffold.js";
import {
  compile,
  corpusAvailable,
  corpusDir,
  corpusSkipReason,
  scaffoldProject,
  typecheckScaffolds,
  weatherManifest,
  writeHandler,
  type CompileResult,
} from "../helpers/scaffold-project.js";

const corpusManifests = [
  // Every tool has an outputSchema.
  "server-memory.json",
  // outputSchema on every tool, 213 `$ref`s into `$defs`.
  "xcodebuildmcp.json",
  // 27 tools, 24 with an outputSchema.
  "mongodb-mcp-server.json",
];

/** Options of projects without strictNullChecks (older ones, often keeping noImplicitAny). */
const LOOSE = [{ strict: false }, { strictNullChecks: false }] as const;

interface Scaffolded {
  project: string;
  result: ScaffoldResult;
  /** The type-check with the scaffold's own tsconfig.json. */
  checked: CompileResult;
  /** The type-checks with LOOSE's options, in its order (the scaffolds that have them). */
  loose: CompileResult[];
}

const scaffolds = new Map<string, Scaffolded>();

/** A scaffold made in beforeAll, with its type-checks. */
function made(name: string): Scaffolded {
  const made = scaffolds.get(name);
  expect(made, `${name} was not scaffolded`).toBeDefined();
  return made!;
}

beforeAll(async () => {
  const fixtures = join(import.meta.dirname, "../fixtures");
  const manifests: Array<[string, string]> = [
    ["weather-server", weatherManifest],
    ...(corpusAvailable ? corpusManifests.map((file): [string, string] => [file.replace(/\.json$/, ""), join(corpusDir, file)]) : []),
    ["hostile", join(fixtures, "scaffold/hostile.tools.json")],
    ["hazards", join(fixtures, "golden/hazards.tools.json")],
    ["inherited-names", join(fixtures, "golden/hazards.tools.json")],
    ["fidelity", join(fixtures, "golden/fidelity.tools.json")],
  ];
  const projects = new Map<string, { project: string; result: ScaffoldResult }>();
  for (const [name, manifest] of manifests) projects.set(name, await scaffoldProject(manifest, name));
  await writeInheritedNamesHandler(projects.get("inherited-names")!);
  await writeFidelityHandlers(projects.get("fidelity")!);

  const project = (name: string) => projects.get(name)!.project;
  const own = [...projects.keys()].filter((name) => name !== "hazards");
  const checked = await typecheckScaffolds(own.map(project));
  const loose: Array<Map<string, CompileResult>> = [];
  for (const options of LOOSE) loose.push(await typecheckScaffolds(["weather-server", "hazards"].map(project), options));
  for (const [name, { project: path, result }] of projects) {
    scaffolds.set(name, {
      project: path,
      result,
      checked: checked.get(path) ?? { ok: false, output: "not type-checked with its own tsconfig.json" },
      loose: loose.flatMap((results) => results.get(path) ?? []),
    });
  }
});

describe("the weather scaffold", () => {
  it("type-checks, and shares types.ts, validators and runtime.ts byte for byte with `generate`", async () => {
    const { project, checked, loose } = made("weather-server");
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
    const checkedStrictest = await compile(project, [...strictest, "--noEmit"]);
    expect(checkedStrictest.output).toBe("");
    expect(checkedStrictest.ok).toBe(true);

    // Projects without strictNullChecks (older ones, often keeping noImplicitAny) compile it too.
    expect(loose).toHaveLength(LOOSE.length);
    for (const [index, checkedLoose] of loose.entries()) expect(checkedLoose.output, JSON.stringify(LOOSE[index])).toBe("");

    const client = join(project, "client");
    await generate({ manifest: join(project, "manifest.json"), outDir: client });
    const validators = (await readdir(join(client, "validators"))).map((file) => `validators/${file}`);
    expect(validators).toHaveLength(JSON.parse(await readFile(join(project, "manifest.json"), "utf8")).tools.length);
    for (const file of ["types.ts", "validator-runtime.ts", ...validators, "validate.ts", "runtime.ts"]) {
      expect(await readFile(join(project, "src/generated", file), "utf8"), file).toBe(await readFile(join(client, file), "utf8"));
    }
  });
});

describe.skipIf(!corpusAvailable)(`corpus scaffolds${corpusAvailable ? "" : ` (skipped: ${corpusSkipReason})`}`, () => {
  it.each(corpusManifests)("%s scaffolds and type-checks", async (file) => {
    const source = join(corpusDir, file);
    const raw = JSON.parse(await readFile(source, "utf8")) as { tools: Array<{ outputSchema?: unknown }> };
    expect(raw.tools.some((tool) => tool.outputSchema !== undefined)).toBe(true);
    const { result, checked } = made(file.replace(/\.json$/, ""));
    expect(result.handlers.map((handler) => handler.tool)).toEqual(raw.tools.map((tool) => (tool as { name: string }).name));
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  });
});

describe("hostile names", () => {
  it("stay inside src/handlers/ and compile", async () => {
    const { result, checked } = made("hostile");
    for (const handler of result.handlers) expect(handler.path).toMatch(/^src\/handlers\/[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
    expect(new Set(result.handlers.map((handler) => handler.path)).size).toBe(result.handlers.length);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  });
});

describe("hostile prompts, resources and resource templates", () => {
  it("stay inside src/handlers/ and compile, their stubs too under the strictest flags", async () => {
    // test/fixtures/golden/hazards.tools.json: names, URIs and templates with */, quotes, backticks, ${, newlines, U+2028, __proto__.
    const { project, result, loose } = made("hazards");
    const kinds = new Set(result.handlers.map((handler) => handler.kind));
    expect([...kinds].sort()).toEqual(["prompt", "resource", "resource-template", "tool"]);
    for (const handler of result.handlers) expect(handler.path).toMatch(/^src\/handlers\/[a-z0-9]+(-[a-z0-9]+)*\.ts$/);
    expect(new Set(result.handlers.map((handler) => handler.path)).size).toBe(result.handlers.length);
    const checked = await compile(project, ["--noUnusedParameters", "--noUnusedLocals", "--noPropertyAccessFromIndexSignature"]);
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
    expect(loose).toHaveLength(LOOSE.length);
    for (const [index, checkedLoose] of loose.entries()) expect(checkedLoose.output, JSON.stringify(LOOSE[index])).toBe("");
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
    // Prompt "__proto__" of hazards.tools.json: a required __proto__, an optional constructor and toString (writeInheritedNamesHandler).
    const { checked } = made("inherited-names");
    expect(checked.output).toBe("");
    expect(checked.ok).toBe(true);
  });
});

describe("outputs that are not objects", () => {
  it("type their handlers' return values (an array, a number) and compile", async () => {
    // Handlers returning an array and a number, and src/wrong.ts returning a string where a number goes (writeFidelityHandlers).
    const { checked } = made("fidelity");
    expect(checked.output).toMatch(/src\/wrong\.ts\(3,\d+\): error TS2322/);
    expect(
      checked.output
        .trim()
        .split("\n")
        .filter((line) => !line.startsWith(" ")),
    ).toHaveLength(1);
  });
});

/** The handler of prompt "__proto__" of hazards.tools.json (a required __proto__, an optional constructor and toString), written as a user would. */
async function writeInheritedNamesHandler({ project, result }: { project: string; result: ScaffoldResult }): Promise<void> {
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
}

/** fidelity.tools.json's handlers returning an array (place_order) and a number (plot), and src/wrong.ts returning a string for plot. */
async function writeFidelityHandlers({ project, result }: { project: string; result: ScaffoldResult }): Promise<void> {
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
  await writeHandler(project, "src/wrong.ts", `import { defineHandler } from "./generated/define.js";\n\nexport default defineHandler("plot", () => "far");\n`);
}
