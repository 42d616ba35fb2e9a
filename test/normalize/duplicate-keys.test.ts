/**
 * `duplicate-keys` (the rows in tools.ts show the warnings' pointers and words): which tool a warning names, and that
 * a manifest given as a document (a live server's lists, the library's data) has no text to find such keys in.
 */
import { describe, expect, it } from "vitest";
import { parseManifest, recogniseManifest } from "../../src/acquire/manifest-file.js";
import { normalizeManifest } from "../../src/normalize/index.js";

const text = [
  '{ "jsonrpc": "2.0", "id": 1, "id": 2, "result": { "tools": [',
  '  { "name": "a", "inputSchema": { "type": "object" } },',
  '  { "name": "b", "inputSchema": { "type": "object", "type": "object" } },',
  '  { "name": 5, "name": "c", "inputSchema": { "type": "object" } }',
  "] } }",
].join("\n");

describe("duplicate-keys", () => {
  it("names the tool a key given twice is in (under /result/tools too), and no tool outside the tools", () => {
    const ir = normalizeManifest(parseManifest(text, "tools.json"));
    expect(ir.tools.map((tool) => tool.wireName)).toEqual(["a", "b", "c"]);
    expect(ir.diagnostics.map(({ tool, pointer, severity, file }) => ({ tool, pointer, severity, file }))).toEqual([
      { tool: undefined, pointer: "/id", severity: "warning", file: "tools.json" },
      { tool: "b", pointer: "/result/tools/1/inputSchema/type", severity: "warning", file: "tools.json" },
      // The tool's name as read: the last of the two.
      { tool: "c", pointer: "/result/tools/2/name", severity: "warning", file: "tools.json" },
    ]);
  });

  it("reports a key given twice inside a value a later key drops only as that key (its pointer would name the value kept)", () => {
    const dropped = [
      "{",
      '  "tools": [{ "name": "old", "inputSchema": { "type": "object", "type": "object" } }],',
      '  "tools": [{ "name": "new", "inputSchema": { "type": "object", "required": [], "required": [] } }]',
      "}",
    ].join("\n");
    const ir = normalizeManifest(parseManifest(dropped, "tools.json"));
    expect(ir.tools.map((tool) => tool.wireName)).toEqual(["new"]);
    expect(ir.diagnostics.map(({ tool, pointer }) => ({ tool, pointer }))).toEqual([
      { tool: undefined, pointer: "/tools" },
      { tool: "new", pointer: "/tools/0/inputSchema/required" },
    ]);
  });

  it("finds nothing in a manifest given as a document", () => {
    const ir = normalizeManifest(recogniseManifest(JSON.parse(text), "<document>"));
    expect(ir.diagnostics).toEqual([]);
  });
});
