/**
 * Schema dialects and keyword semantics the validators must get right, as a
 * review against ajv's own dialect classes found them: fractional
 * multipleOf, OpenAPI nullable with a type array, draft-07 dependencies
 * next to dependentRequired, anchors under a property named like a data
 * keyword, and `$schema` URIs matched exactly (an unknown one is 2020-12,
 * with a warning).
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "../src/errors.js";
import { generate } from "../src/generate.js";
import { esmProject } from "./helpers/output-dir.js";

type Validate = (tool: string, value: unknown) => { ok: boolean };

const tools = [
  { name: "price", inputSchema: { type: "object", properties: { amount: { type: "number", multipleOf: 0.01 } } } },
  { name: "nullable_types", inputSchema: { type: "object", properties: { v: { type: ["string", "number"], nullable: true } } } },
  {
    name: "both_dependencies",
    inputSchema: { $schema: "https://json-schema.org/draft/2019-09/schema", type: "object", dependencies: { a: ["b"], c: { required: ["d"] } }, dependentRequired: { a: ["e"] }, dependentSchemas: { c: { required: ["f"] } } },
  },
  {
    name: "anchor_under_default",
    inputSchema: { type: "object", properties: { default: { $anchor: "word", type: "string" }, other: { $ref: "#word" } } },
  },
  {
    name: "anchor_under_dependency",
    inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", dependencies: { default: { properties: { x: { $anchor: "inner", type: "string" } } } }, properties: { y: { $ref: "#inner" } } },
  },
  {
    name: "custom_dialect",
    // Not draft-07 for all its name: 2020-12, where a $ref's siblings apply.
    inputSchema: { $schema: "https://example.com/schemas/draft-07-extended", type: "object", properties: { n: { $ref: "#/$defs/num", maximum: 5 } }, $defs: { num: { type: "number" } } },
  },
];

describe("dialects and keyword semantics", () => {
  let validateInput: Validate;
  let diagnostics: Diagnostic[];
  beforeAll(async () => {
    const directory = await esmProject("dialects");
    const manifest = join(directory, "dialects.tools.json");
    await writeFile(manifest, JSON.stringify({ tools }));
    const result = await generate({ manifest, outDir: join(directory, "out"), format: false });
    diagnostics = result.diagnostics;
    ({ validateInput } = (await import(pathToFileURL(join(directory, "out", "index.ts")).href)) as { validateInput: Validate });
  });

  it("multipleOf 0.01 accepts prices that are multiples despite floating point, and rejects the others", () => {
    for (const amount of [19.99, 0.07, 4.35, 100, 0]) expect(validateInput("price", { amount }).ok, String(amount)).toBe(true);
    for (const amount of [19.995, 0.001, 4.351]) expect(validateInput("price", { amount }).ok, String(amount)).toBe(false);
  });

  it("nullable: true adds null to a type array", () => {
    expect(validateInput("nullable_types", { v: null }).ok).toBe(true);
    expect(validateInput("nullable_types", { v: 1 }).ok).toBe(true);
    expect(validateInput("nullable_types", { v: true }).ok).toBe(false);
  });

  it("dependencies and dependentRequired/dependentSchemas for the same property all apply", () => {
    expect(validateInput("both_dependencies", { a: 1, b: 1, e: 1 }).ok).toBe(true);
    expect(validateInput("both_dependencies", { a: 1, b: 1 }).ok).toBe(false);
    expect(validateInput("both_dependencies", { a: 1, e: 1 }).ok).toBe(false);
    expect(validateInput("both_dependencies", { c: 1, d: 1, f: 1 }).ok).toBe(true);
    expect(validateInput("both_dependencies", { c: 1, d: 1 }).ok).toBe(false);
    expect(validateInput("both_dependencies", { c: 1, f: 1 }).ok).toBe(false);
  });

  it("finds an $anchor under a property named default", () => {
    expect(validateInput("anchor_under_default", { other: "x" }).ok).toBe(true);
    expect(validateInput("anchor_under_default", { other: 1 }).ok).toBe(false);
  });

  it("finds an $anchor under a draft-07 dependency keyed by a property named default", () => {
    expect(validateInput("anchor_under_dependency", { y: "s" }).ok).toBe(true);
    expect(validateInput("anchor_under_dependency", { y: 1 }).ok).toBe(false);
  });

  it("reads a $schema that names no known dialect as 2020-12, and says so", () => {
    expect(validateInput("custom_dialect", { n: 3 }).ok).toBe(true);
    expect(validateInput("custom_dialect", { n: 7 }).ok).toBe(false);
    expect(diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", tool: "custom_dialect", pointer: "/tools/5/inputSchema/$schema", message: expect.stringMatching(/names no JSON Schema dialect mcpgen knows; read as 2020-12/) }),
    ]);
  });
});
