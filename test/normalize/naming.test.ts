/** Names are decided once, globally: deterministic, collision-free and safe; and in linear time. */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assignToolNames, camelCase, ENTRY_POINT_TYPE_NAMES, pascalCase, RESERVED_TYPE_NAMES, UniqueNames, words } from "../../src/normalize/naming.js";
import { runCli } from "../helpers/cli.js";
import { treeOutside } from "../helpers/output-dir.js";
import { repoRoot } from "../helpers/typecheck.js";

describe("words", () => {
  it.each([
    ["get_weather", ["get", "weather"]],
    ["get-weather", ["get", "weather"]],
    ["getWeather", ["get", "weather"]],
    ["GetHTTPResponse", ["get", "http", "response"]],
    ["tool.v2.list", ["tool", "v2", "list"]],
    ["__proto__", ["proto"]],
    ["💥", []],
  ])("%j → %j", (text, expected) => expect(words(text)).toEqual(expected));

  it("derives both cases", () => {
    expect(camelCase("list_open-issues")).toBe("listOpenIssues");
    expect(pascalCase("list_open-issues")).toBe("ListOpenIssues");
  });
});

describe("assignToolNames", () => {
  it("resolves get_item / get-item / getItem without collisions, the exact identifier first", () => {
    const { tools } = assignToolNames(["get_item", "get-item", "getItem"]);
    expect(Object.fromEntries([...tools].map(([wire, names]) => [wire, names.method]))).toEqual({
      getItem: "getItem",
      "get-item": "getItem2",
      get_item: "getItem3",
    });
    expect(new Set([...tools.values()].map((names) => names.typeBase)).size).toBe(3);
  });

  it("does not depend on the order the server listed its tools in", () => {
    const names = ["b_tool", "a-tool", "a_tool", "aTool", "then", "get_a_b", "get_ab", "con", "conTool"];
    const forward = assignToolNames(names).tools;
    const backward = assignToolNames([...names].reverse()).tools;
    for (const name of names) expect(backward.get(name)).toEqual(forward.get(name));
  });

  it.each([
    ["then", "thenTool"],
    ["constructor", "constructorTool"],
    ["toString", "toStringTool"],
    ["delete", "deleteTool"],
    ["class", "classTool"],
    ["123abc", "tool123abc"],
    ["__proto__", "proto"],
    ["💥", "tool"],
  ])("makes %j a safe method name (%s)", (wire, method) => {
    expect(assignToolNames([wire]).tools.get(wire)?.method).toBe(method);
  });

  it("never hands out mcpgen's own type names nor a global's, and keeps a tool named after one unnumbered", () => {
    const { tools, types } = assignToolNames(["tool_map", "tool_result", "promise", "map", "error", "date", "tool_input"]);
    // The stems are held, never declared: `ToolMap`, `Promise`, `Map`, `Error`, `Date` stay what they are.
    expect(["tool_map", "tool_result", "promise", "map", "error", "date"].map((name) => tools.get(name)?.typeBase)).toEqual([
      "ToolMap",
      "ToolResult",
      "Promise",
      "Map",
      "Error",
      "Date",
    ]);
    // `ToolInput` itself is an exported name: the tool `tool_input`'s forms (`ToolInputInput`) are free, and so is its stem.
    expect(tools.get("tool_input")?.typeBase).toBe("ToolInput");
    expect(types.has("ErrorInput") && types.has("ErrorOutput") && types.has("MapInput")).toBe(true);
  });

  it("no schema's type takes a name the generated entry point exports or types.ts declares itself", async () => {
    const index = await readFile(join(repoRoot, "golden/empty/index.ts"), "utf8");
    const exported = [...index.matchAll(/export \{([^}]*)\}/g)].flatMap((match) => match[1]!.split(",").map((name) => name.trim().replace(/^type /, "")));
    expect(exported).toEqual(expect.arrayContaining(["ToolError", "StandardSchemaV1", "StandardSchemas", "ToolsClient"]));
    // A definition's type may be named after its $defs key alone (`Progress` for `progress`): it must
    // not take any of these, which `export type *` would leave shadowed (or, in types.ts, declared twice).
    const own = ["ToolMap", "ToolName", "ToolInput", "ToolOutput", "ResourceUri"];
    const takeable = [...exported.filter((name) => /^[A-Z]/.test(name)), ...own];
    expect(takeable.filter((name) => !RESERVED_TYPE_NAMES.has(name) && !ENTRY_POINT_TYPE_NAMES.has(name))).toEqual([]);
  });

  it("no schema's type takes a name a scaffold's define.ts exports beside its export type * from types.ts", async () => {
    const define = await readFile(join(repoRoot, "templates/scaffold/src/generated/define.ts"), "utf8");
    const listed = [...define.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) =>
      match[1]!.split(",").map((name) => name.trim().replace(/^type /, "")),
    );
    const declared = [...define.matchAll(/^export (?:type|interface|function|class) ([A-Za-z]\w*)/gm)].map((match) => match[1]!);
    const exported = [...listed, ...declared].filter((name) => /^[A-Z]/.test(name));
    expect(exported).toEqual(expect.arrayContaining(["RequestContext", "Handler", "Completions", "ProtocolError"]));
    expect(exported.filter((name) => !RESERVED_TYPE_NAMES.has(name) && !ENTRY_POINT_TYPE_NAMES.has(name))).toEqual([]);
  });

  it("a tool named as a type the entry point exports keeps its types' names (ProgressInput is no such type); a definition does not get the name", () => {
    const { tools, types } = assignToolNames(["progress", "resource_uri"]);
    expect(tools.get("progress")?.typeBase).toBe("Progress");
    expect(tools.get("resource_uri")?.typeBase).toBe("ResourceUri");
    expect(types.has("GetPromptResult")).toBe(true);
  });

  it("reserves the Input/Output variants with the base name", () => {
    const { tools } = assignToolNames(["thing", "thing_input"]);
    // "ThingInput" is taken by thing's input type, so thing_input's base cannot be "ThingInput".
    expect(tools.get("thing")?.typeBase).toBe("Thing");
    expect(tools.get("thing_input")?.typeBase).toBe("ThingInput2");
  });
});

/** The numbering rule as docs/generated-api.md ("Names") states it, claim by claim from 1: what `UniqueNames` must still hand out. */
class ReferenceNames {
  private readonly taken = new Set<string>();
  constructor(private readonly reserved: ReadonlySet<string>) {}
  claim(base: string, suffixes: readonly string[] = []): string {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${n}`;
      const all = [candidate, ...suffixes.map((suffix) => candidate + suffix)];
      if (all.every((name) => !this.taken.has(name) && !this.reserved.has(name))) {
        for (const name of all) this.taken.add(name);
        return candidate;
      }
    }
  }
}

describe("naming is linear (issue 14, item 5)", () => {
  it("hands out exactly the names the numbering rule gives, claim after claim", () => {
    // Bases that collide with each other's numbered forms and suffixed forms, in a seeded order.
    const bases = ["Tool", "Tool2", "Tool2Input", "ToolInput", "Thing", "ThingInput", "ThingInput2", "Promise", "tool", "tool3"];
    const suffixSets = [[], ["Input", "Output"], ["Input"]];
    let seed = 14;
    const next = (modulo: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % modulo;
    };
    const reserved = new Set(["Promise", "ToolMap"]);
    const fast = new UniqueNames(reserved);
    const reference = new ReferenceNames(reserved);
    for (let claim = 0; claim < 2_000; claim++) {
      const base = bases[next(bases.length)]!;
      const suffixes = suffixSets[next(suffixSets.length)]!;
      expect(fast.claim(base, suffixes), `claim ${claim}: ${base} + [${suffixes.join(", ")}]`).toBe(reference.claim(base, suffixes));
    }
  });

  // No timing is asserted (speed is measured by `npm run bench`); it took minutes, past the test's timeout.
  it("names 30,000 tools without an ASCII letter or digit (it took minutes)", { timeout: 30_000 }, () => {
    const names = Array.from({ length: 30_000 }, (_, index) => `${"é".repeat(1 + (index % 5))}${String.fromCodePoint(0x4e00 + index)}`);
    const { tools } = assignToolNames(names);
    expect(new Set([...tools.values()].map((names) => names.method)).size).toBe(30_000);
    // Sorted by wire name, the first takes the plain fallback and the rest count up from 2.
    expect(tools.get([...names].sort()[0]!)?.method).toBe("tool");
    expect(tools.get([...names].sort()[1]!)?.method).toBe("tool2");
  });

  it("generate: 10,000 such tools, exit 0, nothing written outside --out", { timeout: 60_000 }, async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-naming-"));
    const manifest = join(root, "unicode.tools.json");
    await writeFile(
      manifest,
      JSON.stringify({
        tools: Array.from({ length: 10_000 }, (_, index) => ({ name: `ツール${String.fromCodePoint(0x4e00 + index)}`, inputSchema: { type: "object" } })),
      }),
    );
    const out = join(root, "out");
    const before = await treeOutside(root, out);
    const result = await runCli(["generate", manifest, "--out", out, "--emit", "types", "--no-format"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^generated 10000 tools into .* \(types only; 2 files written, 0 unchanged\)\n$/);
    expect((await readdir(out)).sort()).toEqual(["manifest.json", "types.ts"]);
    expect(existsSync(join(out, "client.ts"))).toBe(false);
    expect(await treeOutside(root, out)).toEqual(before);
  });
});
