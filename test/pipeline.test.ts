/**
 * src/pipeline.ts's stack-overflow report: the pointer it gives is the most
 * deeply nested value of every list the manifest holds (the snapshot keeps the
 * prompts and resources whole, so they can overflow the stack as a tool can).
 */
import { describe, expect, it } from "vitest";
import { renderManifest } from "../src/pipeline.js";
import type { RawManifest } from "../src/ir/raw-manifest.js";
import { McpgenError } from "../src/shared/errors.js";

/** `{ a: { a: ... 1 } }`, `depth` objects deep. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe("a manifest too deep for the stack", () => {
  it.each(["prompts", "resources", "resourceTemplates"] as const)("is located in its %s, not at a shallow tool", async (list) => {
    const entry = { name: "deep", uri: "file:///deep", uriTemplate: "file:///{deep}", _meta: nested(20_000) };
    const raw: RawManifest = {
      source: "deep.tools.json",
      toolsPointer: "/result/tools",
      tools: [{ name: "shallow", inputSchema: { type: "object" } }],
      [list]: [{ name: "first" }, entry],
    };
    const error: unknown = await renderManifest(raw, { outDir: ".", format: false }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(McpgenError);
    const { diagnostic } = error as McpgenError;
    expect(diagnostic.message).toBe("the manifest is nested too deeply to process (the stack overflowed); the deepest point, 20001 levels down, is here");
    expect(diagnostic.tool).toBeUndefined();
    expect(diagnostic.pointer).toBe(`/result/${list}/1/_meta${"/a".repeat(20_000)}`);
  });
});
