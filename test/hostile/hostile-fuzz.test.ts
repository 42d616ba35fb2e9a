/**
 * Hostile text everywhere: real manifests (the goldens' and, where present,
 * the corpus) with every server-supplied string (tool names, titles,
 * descriptions, property names, enum values, consts, defaults, _meta)
 * replaced by injection attempts. The output must type-check strictly, and
 * loading and running it must not execute any of the injected code.
 *
 * And hostile shapes (issue 14): a few hundred seeded manifests, random
 * schema-shaped JSON and corpus tools bent at random places, each through
 * `generate` and `scaffold`. Every run either type-checks or fails cleanly:
 * exit 1 with a diagnostic, never an internal error (exit 70), never a hang.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { generateFromManifest } from "../../src/commands/generate.js";
import { goldenCases } from "../helpers/golden-cases.js";
import { runCli } from "../helpers/cli.js";
import { bendTool, Chooser, PAYLOADS, poisonTools, random, randomTool } from "../helpers/hostile.js";
import { nativeImportUrl, transpileDirectory } from "../helpers/native-import.js";
import { esmProject } from "../helpers/output-dir.js";
import { repoRoot, shareIdenticalModules, typecheck } from "../helpers/typecheck.js";

const corpus = resolve(repoRoot, "../shared/corpus");
const sources: Array<{ name: string; tools: Array<Record<string, unknown>> }> = goldenCases
  .map((entry) => ({
    name: entry.name,
    tools: JSON.parse(readFileSync(entry.manifest, "utf8")).tools,
  }))
  .filter((source) => source.tools.length > 0);
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
    // The runtimes every output carries unchanged checked once, then put back: each output runs its own below.
    const shared = await shareIdenticalModules(outputs);
    for (const mode of ["NodeNext", "Bundler"] as const) {
      const checked = await typecheck([project], mode);
      expect(checked.output).toBe("");
    }
    await shared.restore();

    const global = globalThis as { __mcpgenPwned?: unknown };
    delete global.__mcpgenPwned;
    // Object.prototype as it was: whatever key a payload names, a write through `__proto__` would show here.
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    for (const outDir of outputs) {
      await transpileDirectory(outDir);
      const module = {
        ...((await import(nativeImportUrl(outDir, "index.ts"))) as object),
        ...((await import(nativeImportUrl(outDir, "validate.ts"))) as object),
      } as {
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
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});

/** How many cases of each kind: enough to find what a probe finds, few enough to stay well under a minute. */
const RANDOM_CASES = 80;
const CORPUS_CASES = 60;
/** One scaffold in this many is formatted (Prettier costs a scaffold ~200 ms; the rest run with --no-format). */
const FORMATTED_SCAFFOLD_EVERY = 20;

const corpusTools: unknown[][] = existsSync(corpus)
  ? readdirSync(corpus)
      .filter((file) => file.endsWith(".json"))
      .sort()
      .map((file) => {
        const document = JSON.parse(readFileSync(join(corpus, file), "utf8")) as { tools?: unknown[]; result?: { tools?: unknown[] } };
        return document.tools ?? document.result?.tools ?? [];
      })
      .filter((tools) => tools.length > 0)
  : [];

/** Where a manifest is now and then nested past any stack, and how: `{"x":…}` or `[…]` around the value there. */
const DEEP_PLACES = ["_meta", "annotations", "inputSchema/properties/q/default", "inputSchema/properties/q/items", "capabilities"] as const;
/** One random case in this many is nested 5,000 deep somewhere (what crashed scaffold, issue 14). */
const DEEP_EVERY = 20;

/**
 * The seeded manifests, as JSON text: random ones (a few nested deeper than
 * any stack, and with names hundreds of characters long), then, when the
 * corpus is there, corpus tools bent at random places, some also poisoned.
 */
function fuzzCases(): Array<{ name: string; text: string }> {
  const choose = new Chooser(random(1414));
  const cases: Array<{ name: string; text: string }> = [];
  for (let index = 0; index < RANDOM_CASES; index++) {
    const tools = Array.from({ length: 1 + choose.int(3) }, (_, tool) => randomTool(choose, tool));
    if (choose.chance(0.05)) tools[0]!["name"] = `${choose.pick(["get_", "💥", "a"])}`.repeat(100 + choose.int(300));
    const manifest = choose.chance(0.1)
      ? { capabilities: { tools: {}, extra: tools[0] }, server: { name: choose.pick(PAYLOADS), version: "1" }, tools }
      : { tools };
    cases.push({ name: `random-${index}`, text: index % DEEP_EVERY === DEEP_EVERY - 1 ? nestedDeep(choose, manifest) : JSON.stringify(manifest) });
  }
  for (let index = 0; index < (corpusTools.length === 0 ? 0 : CORPUS_CASES); index++) {
    const server = choose.pick(corpusTools);
    const picked = Array.from({ length: 1 + choose.int(3) }, () => bendTool(choose, choose.pick(server)));
    const tools = choose.chance(0.3) ? poisonTools(picked as Array<Record<string, unknown>>, index) : picked;
    cases.push({ name: `corpus-${index}`, text: JSON.stringify({ tools }) });
  }
  return cases;
}

/** `manifest` as text with a value 5,000 levels deep at one of `DEEP_PLACES` (built as text: JSON.stringify would overflow). */
function nestedDeep(choose: Chooser, manifest: { tools: Array<Record<string, unknown>>; capabilities?: unknown }): string {
  const place = choose.pick(DEEP_PLACES);
  const [open, close] = choose.chance(0.5) ? ['{"x":', "}"] : ["[", "]"];
  const marker = "__deep__";
  const target = manifest.tools[0]!;
  if (place === "capabilities") (manifest as Record<string, unknown>)["capabilities"] = marker;
  else if (place.startsWith("inputSchema"))
    target["inputSchema"] = { type: "object", properties: { q: place.endsWith("items") ? { type: "array", items: marker } : { default: marker } } };
  else target[place] = marker;
  return JSON.stringify(manifest).replace(JSON.stringify(marker), `${open.repeat(5000)}${place.endsWith("items") ? "{}" : "1"}${close.repeat(5000)}`);
}

interface Outcome {
  name: string;
  command: "generate" | "scaffold";
  code: number;
  stderr: string;
}

describe("hostile shapes: fuzzed manifests through generate and scaffold", () => {
  if (corpusTools.length === 0) console.warn(`the shape fuzz runs on random manifests only: ${corpus} does not exist`);

  it(`every case type-checks or fails cleanly (${RANDOM_CASES} random${corpusTools.length === 0 ? "" : `, ${CORPUS_CASES} from the corpus`}; generate and scaffold each)`, async () => {
    // Under the repository, so that scaffolds resolve the SDK and @types/node from its node_modules.
    await mkdir(join(repoRoot, ".tmp"), { recursive: true });
    const root = await mkdtemp(join(repoRoot, ".tmp", "fuzz-"));
    await writeFile(join(root, "package.json"), '{ "type": "module", "private": true }\n');
    await symlink(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
    const outcomes: Outcome[] = [];
    for (const [index, { name, text }] of fuzzCases().entries()) {
      const file = join(root, "cases", name, "tools.json");
      await mkdir(join(root, "cases", name), { recursive: true });
      await writeFile(file, text);
      for (const command of ["generate", "scaffold"] as const) {
        const format = command === "generate" || index % FORMATTED_SCAFFOLD_EVERY === 0 ? [] : ["--no-format"];
        const result = await runCli([command, file, "--out", join(root, command, name), "-q", ...format]);
        outcomes.push({ name, command, code: result.code, stderr: result.stderr });
      }
    }

    // Clean failures only: exit 0, or exit 1 with one located error and no stack trace.
    const unclean = outcomes.filter(
      (outcome) => !(outcome.code === 0 || (outcome.code === 1 && /^error: \S/.test(outcome.stderr) && !/internal error|\n\s+at /.test(outcome.stderr))),
    );
    expect(unclean.map((outcome) => `${outcome.command} ${outcome.name}: exit ${outcome.code}\n${outcome.stderr.slice(0, 2000)}`)).toEqual([]);
    // The fuzz exercises both sides: many cases generate, and some are refused.
    const succeeded = outcomes.filter((outcome) => outcome.code === 0).length;
    expect(succeeded).toBeGreaterThan(outcomes.length / 3);
    expect(outcomes.length - succeeded).toBeGreaterThan(5);
    // The deeply nested cases reach the clean failure they are there for, in both commands.
    for (const command of ["generate", "scaffold"]) {
      expect(
        outcomes.filter((outcome) => outcome.command === command && outcome.stderr.includes("nested too deeply to process")).length,
        command,
      ).toBeGreaterThan(0);
    }

    // One type-check for every client, one for every server (which needs the SDK's and Node's types), each checking
    // the runtimes every output carries unchanged once.
    for (const command of ["generate", "scaffold"]) {
      await shareIdenticalModules(readdirSync(join(root, command)).map((name) => join(root, command, name)));
    }
    const clients = await typecheck([join(root, "generate")], "NodeNext");
    expect(clients.output).toBe("");
    // As a scaffold's own tsconfig.json has it: Node's types, and the SDK's declarations taken as they are.
    const servers = await typecheck([join(root, "scaffold")], "NodeNext", {
      types: ["node"],
      compilerOptions: { typeRoots: [join(repoRoot, "node_modules", "@types")], skipLibCheck: true },
    });
    expect(servers.output).toBe("");
    await rm(root, { recursive: true, force: true });
  }, 240_000);
});
