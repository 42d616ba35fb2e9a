/** Names are decided once, globally: deterministic, collision-free and safe. */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assignToolNames, camelCase, pascalCase, RESERVED_TYPE_NAMES, words } from "../src/normalize/naming.js";
import { repoRoot } from "./helpers/typecheck.js";

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
    expect(Object.fromEntries([...tools].map(([wire, names]) => [wire, names.method]))).toEqual({ getItem: "getItem", "get-item": "getItem2", get_item: "getItem3" });
    expect(new Set([...tools.values()].map((names) => names.typeBase)).size).toBe(3);
  });

  it("does not depend on the order the server listed its tools in", () => {
    const names = ["b_tool", "a-tool", "a_tool", "aTool", "then"];
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

  it("never hands out mcpgen's own type names", () => {
    const { tools, types } = assignToolNames(["tool_map", "tool_result", "promise"]);
    expect(tools.get("tool_map")?.typeBase).toBe("ToolMap2");
    expect(tools.get("tool_result")?.typeBase).toBe("ToolResult2");
    expect(tools.get("promise")?.typeBase).toBe("Promise2");
    expect(types.has("ToolMap2Input")).toBe(true);
  });

  it("no tool's type takes a name the generated entry point exports", async () => {
    const index = await readFile(join(repoRoot, "golden/empty/index.ts"), "utf8");
    const exported = [...index.matchAll(/export \{([^}]*)\}/g)].flatMap((match) => match[1]!.split(",").map((name) => name.trim().replace(/^type /, "")));
    expect(exported).toEqual(expect.arrayContaining(["ToolError", "StandardSchemaV1", "StandardSchemas", "ToolsClient"]));
    // A tool's type names are <Base>Input or <Base>Output, maybe followed by a definition's name: any other name is free.
    const takeable = exported.filter((name) => /^[A-Z]/.test(name) && /Input|Output/.test(name));
    expect(takeable.filter((name) => !RESERVED_TYPE_NAMES.has(name))).toEqual([]);
  });

  it("reserves the Input/Output variants with the base name", () => {
    const { tools } = assignToolNames(["thing", "thing_input"]);
    // "ThingInput" is taken by thing's input type, so thing_input's base cannot be "ThingInput".
    expect(tools.get("thing")?.typeBase).toBe("Thing");
    expect(tools.get("thing_input")?.typeBase).toBe("ThingInput2");
  });
});
