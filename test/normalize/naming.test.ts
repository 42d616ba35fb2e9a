/** Names are decided once, globally: deterministic, collision-free and safe; and in linear time. */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  assignSurfaceNames,
  assignToolNames,
  camelCase,
  ENTRY_POINT_TYPE_NAMES,
  pascalCase,
  RESERVED_TYPE_NAMES,
  UniqueNames,
  words,
} from "../../src/normalize/naming.js";
import { generate } from "../../src/commands/generate.js";
import { definedHandler, scaffold } from "../../src/commands/scaffold.js";
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
    ["💥", "toolU1f4a5"],
    ["天気", "toolU5929U6c17"],
    ["___", "toolU5fU5fU5f"],
    ["", "tool2"],
  ])("makes %j a safe method name (%s)", (wire, method) => {
    expect(assignToolNames([wire]).tools.get(wire)?.method).toBe(method);
  });

  it("never hands out mcpgen's own type names nor a global's, and keeps a tool named after one unnumbered", () => {
    const { tools, namers } = assignToolNames(["tool_map", "tool_result", "promise", "map", "error", "date", "tool_input"]);
    const { types } = namers;
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

  it("no schema's type takes a name the generated entry point exports or types.ts declares itself, exported or not", async () => {
    const index = await readFile(join(repoRoot, "golden/empty/index.ts"), "utf8");
    const exported = [...index.matchAll(/export \{([^}]*)\}/g)].flatMap((match) => match[1]!.split(",").map((name) => name.trim().replace(/^type /, "")));
    expect(exported).toEqual(expect.arrayContaining(["ToolError", "StandardSchemaV1", "StandardSchemas", "ToolsClient"]));
    // A definition's type may be named after its $defs key alone (`Progress` for `progress`): it must
    // not take any of these, which `export type *` would leave shadowed (or, in types.ts, declared twice).
    const own = ["ToolMap", "ToolName", "ToolInput", "ToolOutput", "ResourceUri"];
    // Nor what types.ts declares without exporting (beside a prompt without arguments, a template without variables).
    const types = await readFile(join(repoRoot, "golden/hazards/types.ts"), "utf8");
    const local = [...types.matchAll(/^(?:type|interface) ([A-Za-z]\w*)/gm)].map((match) => match[1]!);
    expect(local).toEqual(expect.arrayContaining(["PromptTakesNoArguments", "TemplateTakesNoVariables"]));
    const takeable = [...exported.filter((name) => /^[A-Z]/.test(name)), ...own, ...local];
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
    const { tools, namers } = assignToolNames(["progress", "resource_uri"]);
    const { types } = namers;
    expect(tools.get("progress")?.typeBase).toBe("Progress");
    expect(tools.get("resource_uri")?.typeBase).toBe("ResourceUri");
    expect(types.has("GetPromptResult")).toBe(true);
  });

  it("reserves the Input/Output variants with the base name", () => {
    const { tools } = assignToolNames(["thing", "thing_input"]);
    // "ThingInput" is taken by thing's input type, so thing_input's base cannot be "ThingInput": it is numbered in every name.
    expect(tools.get("thing")).toEqual({ method: "thing", typeBase: "Thing", fileBase: "thing" });
    expect(tools.get("thing_input")).toEqual({ method: "thingInput2", typeBase: "ThingInput2", fileBase: "thing-input2" });
  });
});

describe("one tool, one stem: its method, types and file agree", () => {
  /** Whether each tool's type stem and file base are its method name's, in their own case. */
  const agreeing = (tools: ReadonlyMap<string, { method: string; typeBase: string; fileBase: string }>) =>
    [...tools].filter(
      ([, { method, typeBase, fileBase }]) => typeBase !== method.charAt(0).toUpperCase() + method.slice(1) || fileBase !== words(method).join("-"),
    );

  it("numbers a tool alike in every namespace: 天気, tool and 晴れ", () => {
    const { tools } = assignToolNames(["天気", "tool", "晴れ"]);
    expect(Object.fromEntries(tools)).toEqual({
      // `ToolInput` is mcpgen's own type, so the tool `tool` is numbered, in its method too.
      tool: { method: "tool2", typeBase: "Tool2", fileBase: "tool2" },
      // No ASCII letter or digit: `tool` and the code points, which depend on this name alone.
      天気: { method: "toolU5929U6c17", typeBase: "ToolU5929U6c17", fileBase: "tool-u5929-u6c17" },
      晴れ: { method: "toolU6674U308c", typeBase: "ToolU6674U308c", fileBase: "tool-u6674-u308c" },
    });
  });

  it("a tool without ASCII keeps its names when another such tool is added", () => {
    const before = assignToolNames(["晴れ"]).tools.get("晴れ");
    expect(assignToolNames(["天気", "晴れ", "雨"]).tools.get("晴れ")).toEqual(before);
  });

  it("spells out 8 code points at most, then a hash of the whole name", () => {
    const long = "天気予報を取得する関数";
    const { method, typeBase, fileBase } = assignToolNames([long]).tools.get(long)!;
    expect(method).toMatch(/^toolU5929U6c17U4e88U5831U3092U53d6U5f97U3059H[0-9a-f]{8}$/);
    expect(typeBase).toBe(method.charAt(0).toUpperCase() + method.slice(1));
    expect(fileBase).toBe(words(method).join("-"));
    expect(assignToolNames([`${long}!`]).tools.get(`${long}!`)?.method).not.toBe(method);
  });

  it("spells a mixed name's code points outside ASCII where they stand: 天気_forecast and 晴れ_forecast are not forecast and forecast2, and a tool added renames neither", () => {
    const alone = assignToolNames(["天気_forecast", "晴れ_forecast"]).tools;
    expect(Object.fromEntries(alone)).toEqual({
      天気_forecast: { method: "u5929U6c17Forecast", typeBase: "U5929U6c17Forecast", fileBase: "u5929-u6c17-forecast" },
      晴れ_forecast: { method: "u6674U308cForecast", typeBase: "U6674U308cForecast", fileBase: "u6674-u308c-forecast" },
    });
    const more = assignToolNames(["forecast", "雨_forecast", "晴れ_forecast", "天気_forecast"]).tools;
    for (const [wire, names] of alone) expect(more.get(wire)).toEqual(names);
    expect(more.get("forecast")?.method).toBe("forecast");
    expect(assignToolNames(["get💥weather"]).tools.get("get💥weather")?.method).toBe("getU1f4a5Weather");
    // Past 8 such code points, the first 8 and a hash of the whole name, as for a name without ASCII.
    const long = "天気予報を取得する関数_v2";
    expect(assignToolNames([long]).tools.get(long)?.method).toMatch(/^u5929U6c17U4e88U5831U3092U53d6U5f97U3059V2H[0-9a-f]{8}$/);
  });

  it("spells a prompt's or template's code points outside ASCII alike", () => {
    const { namers } = assignToolNames([]);
    const surface = assignSurfaceNames(namers, { prompts: ["天気_report"], templates: ["晴れ_map"], resources: [] });
    expect(surface.prompts.get("天気_report")?.method).toBe("getU5929U6c17ReportPrompt");
    expect(surface.templates.get("晴れ_map")?.typeName).toBe("U6674U308cMapVariables");
  });

  it.each([
    ["mixed names, and ASCII names whose stems look like theirs", ["天気_forecast", "u5929U6c17Forecast", "晴れ_forecast", "forecast", "get💥weather"]],
    ["reserved words and members get Tool in their types too", ["then", "delete", "constructor", "export"]],
    ["a type-only collision numbers the method", ["get", "get_input", "tool", "Tool", "tool_output"]],
    ["a file-only collision numbers the method", ["get_a_b", "get_ab", "getAB", "con", "conTool", "com", "Com", "Com_"]],
    ["names with no ASCII, and names whose stems look like theirs", ["天気", "toolU5929U6c17", "💥", "-", "_", "tool"]],
  ])("%s", (_, names) => {
    const { tools } = assignToolNames(names);
    expect(agreeing(tools)).toEqual([]);
    expect(new Set([...tools.values()].map((names) => names.fileBase)).size).toBe(names.length);
  });

  it("com, numbered, skips the device names com2...com9", () => {
    const { tools } = assignToolNames(["com", "Com"]);
    expect(tools.get("com")?.method).toBe("com");
    expect(tools.get("Com")).toEqual({ method: "com10", typeBase: "Com10", fileBase: "com10" });
  });
});

describe("one tool, one stem, end to end: the client, types, validators and handler files of generate and scaffold", () => {
  it("天気, tool and 晴れ (and a prompt 天気): each file and declaration says the tool's one stem", { timeout: 30_000 }, async () => {
    const root = await mkdtemp(join(tmpdir(), "mcpgen-stems-"));
    const manifest = join(root, "m.tools.json");
    const object = { type: "object", properties: { a: { type: "string" } } };
    await writeFile(
      manifest,
      JSON.stringify({
        tools: [
          { name: "天気", inputSchema: object, outputSchema: object },
          { name: "tool", inputSchema: { type: "object" } },
          { name: "晴れ", inputSchema: { type: "object" } },
          { name: "then", inputSchema: { type: "object" } },
        ],
        prompts: [{ name: "天気" }],
      }),
    );
    const expected = {
      天気: "toolU5929U6c17",
      tool: "tool2",
      晴れ: "toolU6674U308c",
      then: "thenTool",
    };
    const out = join(root, "client");
    await generate({ manifest, outDir: out });
    const project = join(root, "server");
    await scaffold({ manifest, outDir: project });

    // The client: its methods by wire name, and each method's own call.
    const { methodNames } = (await import(join(out, "client.ts"))) as { methodNames: Record<string, string> };
    expect(methodNames).toEqual(expected);
    const client = await readFile(join(out, "client.ts"), "utf8");
    const calls = await readFile(join(out, "calls.ts"), "utf8");
    const types = await readFile(join(out, "types.ts"), "utf8");
    for (const [wire, method] of Object.entries(expected)) {
      const stem = method.charAt(0).toUpperCase() + method.slice(1);
      const file = words(method).join("-");
      expect(client).toMatch(new RegExp(`\\b${method}\\(\\s*input\\?: ${stem}Input,`));
      expect(calls).toContain(`export const ${method}: ToolCall<ToolsClient["${method}"]> = {`);
      expect(calls).toContain(`validators: () => import("./validators/${file}.js")`);
      expect(types).toContain(`export type ${stem}Input = `);
      expect(types).toMatch(new RegExp(`\\s${wire}: \\{\\s*input: ${stem}Input;`));
      // The validators file of the client and of the server, and the server's handler, are the tool's.
      for (const validators of [join(out, "validators"), join(project, "src/generated/validators")]) {
        expect(await readFile(join(validators, `${file}.ts`), "utf8")).toContain(`// Validators of tool ${JSON.stringify(wire)}, written by mcpgen`);
      }
      const handler = await readFile(join(project, "src/handlers", `${file}.ts`), "utf8");
      // A fresh scaffold's handler is mcpgen's stub, bound to the tool's wire name.
      expect(definedHandler(handler)).toEqual({ kind: "tool", name: wire, stub: true });
      expect(handler).toContain(` * Input: ${stem}Input, already checked`);
    }
    expect(types).toContain("export type ToolU5929U6c17Output = ");
    expect(client).toContain("Promise<StructuredToolResult<ToolU5929U6c17Output>>");
    // Nothing else was named: one validators file and one handler per tool (and the prompt's).
    expect((await readdir(join(out, "validators"))).sort()).toEqual(["then-tool.ts", "tool-u5929-u6c17.ts", "tool-u6674-u308c.ts", "tool2.ts"]);
    expect((await readdir(join(project, "src/handlers"))).sort()).toEqual([
      "get-u5929-u6c17-prompt.ts",
      "then-tool.ts",
      "tool-u5929-u6c17.ts",
      "tool-u6674-u308c.ts",
      "tool2.ts",
    ]);
    expect(definedHandler(await readFile(join(project, "src/handlers/get-u5929-u6c17-prompt.ts"), "utf8"))).toEqual({
      kind: "prompt",
      name: "天気",
      stub: true,
    });
    expect(types).toContain("export type U5929U6c17PromptArguments = ");
    expect(client).toMatch(/\bgetU5929U6c17Prompt\(/);
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
  it("names 30,000 tools that share one stem (it took minutes), each numbered alike in every name", { timeout: 30_000 }, () => {
    // Names that differ in their separators alone (`x_`, `x-`, `x._`, ...: the index in base 4) all have the stem `x`. (Names
    // without an ASCII letter or digit, and names with code points outside ASCII, have stems of their own.)
    const separated = (index: number): string => {
      let text = "";
      for (let rest = index; ; rest = Math.floor(rest / 4)) {
        text += "_-. ".charAt(rest % 4);
        if (rest < 4) return text;
      }
    };
    const names = Array.from({ length: 30_000 }, (_, index) => `x${separated(index)}`);
    const { tools } = assignToolNames(names);
    expect(new Set([...tools.values()].map((names) => names.method)).size).toBe(30_000);
    // Sorted by wire name, the first takes the plain stem and the rest count up from 2.
    expect(tools.get([...names].sort()[0]!)).toEqual({ method: "x", typeBase: "X", fileBase: "x" });
    expect(tools.get([...names].sort()[1]!)).toEqual({ method: "x2", typeBase: "X2", fileBase: "x2" });
    expect(tools.get([...names].sort()[29_999]!)).toEqual({ method: "x30000", typeBase: "X30000", fileBase: "x30000" });
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
