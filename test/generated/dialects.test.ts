/**
 * Schema dialects and keyword semantics the validators must get right, as a
 * review against ajv's own dialect classes found them: fractional
 * multipleOf, OpenAPI nullable with a type array, draft-07 dependencies
 * next to dependentRequired, anchors under a property named like a data
 * keyword, and `$schema` URIs matched exactly (an unknown one is 2020-12,
 * with a warning). Identifiers (`$id`, anchors, dynamic refs) as the drafts
 * define them are measured against the official suite in
 * json-schema-suite.test.ts; here, what the suite does not show: which refs
 * stay external, and where dynamic resolution gives up.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import type { Diagnostic } from "../../src/shared/errors.js";
import { generate } from "../../src/commands/generate.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { esmProject } from "../helpers/output-dir.js";

type Validate = (tool: string, value: unknown) => { ok: boolean };

const tools = [
  { name: "price", inputSchema: { type: "object", properties: { amount: { type: "number", multipleOf: 0.01 } } } },
  { name: "overflow", inputSchema: { type: "object", properties: { n: { multipleOf: 0.123456789 }, whole: { multipleOf: 1 } } } },
  {
    name: "external",
    inputSchema: {
      type: "object",
      properties: {
        url: { $ref: "https://example.com/schemas/thing.json", type: "string" },
        file: { $ref: "definitions.json#/thing" },
        // The suite's remote documents are served to its test alone: for a user, the URI is as external as any other.
        remote: { $ref: "http://localhost:1234/draft2020-12/integer.json" },
        // ajv ships no draft-04 meta-schema.
        draft04: { $ref: "http://json-schema.org/draft-04/schema#" },
      },
    },
  },
  {
    name: "meta_schemas",
    inputSchema: {
      type: "object",
      properties: {
        // https for a draft that named itself http: the same meta-schema.
        draft07: { $ref: "https://json-schema.org/draft-07/schema" },
        draft2019: { $ref: "https://json-schema.org/draft/2019-09/schema" },
      },
    },
  },
  {
    name: "legacy_ref_id",
    // draft-07 §8.3: the $id beside a $ref is ignored with everything else there, so "item.json" resolves against the root.
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      $id: "https://example.com/root/",
      type: "object",
      properties: { v: { $id: "https://example.com/elsewhere/", $ref: "item.json" } },
      definitions: { root_item: { $id: "item.json", type: "number" }, other_item: { $id: "https://example.com/elsewhere/item.json", type: "string" } },
    },
  },
  {
    name: "unresolved_keeps_siblings",
    inputSchema: { type: "object", properties: { s: { $ref: "#nowhere", type: "string", maxLength: 3 } } },
  },
  { name: "nullable_types", inputSchema: { type: "object", properties: { v: { type: ["string", "number"], nullable: true } } } },
  {
    name: "both_dependencies",
    inputSchema: {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      type: "object",
      dependencies: { a: ["b"], c: { required: ["d"] } },
      dependentRequired: { a: ["e"] },
      dependentSchemas: { c: { required: ["f"] } },
    },
  },
  {
    name: "anchor_under_default",
    inputSchema: { type: "object", properties: { default: { $anchor: "word", type: "string" }, other: { $ref: "#word" } } },
  },
  {
    name: "anchor_under_dependency",
    inputSchema: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      dependencies: { default: { properties: { x: { $anchor: "inner", type: "string" } } } },
      properties: { y: { $ref: "#inner" } },
    },
  },
  {
    name: "custom_dialect",
    // Not draft-07 for all its name: 2020-12, where a $ref's siblings apply.
    inputSchema: {
      $schema: "https://example.com/schemas/draft-07-extended",
      type: "object",
      properties: { n: { $ref: "#/$defs/num", maximum: 5 } },
      $defs: { num: { type: "number" } },
    },
  },
  {
    name: "draft04_ids",
    // draft-04 spells the identifier `id`: a base URI, or with a bare fragment, a plain-name anchor.
    inputSchema: {
      $schema: "http://json-schema.org/draft-04/schema#",
      id: "http://example.com/root.json",
      type: "object",
      properties: { item: { $ref: "item.json" }, position: { $ref: "#pos" } },
      definitions: { item: { id: "item.json", type: "integer" }, pos: { id: "#pos", type: "number", minimum: 0 } },
    },
  },
  {
    name: "draft06_ids",
    inputSchema: {
      $schema: "http://json-schema.org/draft-06/schema#",
      $id: "http://example.com/root.json",
      type: "object",
      properties: { item: { $ref: "item.json" }, position: { $ref: "#pos" }, meta: { $ref: "http://json-schema.org/draft-06/schema#" } },
      definitions: { item: { $id: "item.json", type: "integer" }, pos: { $id: "#pos", type: "number", minimum: 0 } },
    },
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
    ({ validateInput } = (await import(pathToFileURL(join(directory, "out", "validate.ts")).href)) as { validateInput: Validate });
  });

  it("multipleOf rejects a value whose quotient overflows (1e308 / 0.123456789), as ajv's own default does, and accepts a large multiple of 1", () => {
    expect(validateInput("overflow", { n: 1e308 }).ok).toBe(false);
    expect(validateInput("overflow", { n: 0.123456789 * 3 }).ok).toBe(true);
    expect(validateInput("overflow", { whole: 1e308 }).ok).toBe(true);
    expect(validateInput("overflow", { whole: 1.5 }).ok).toBe(false);
  });

  it("refs to files, URLs, the suite's remotes and the draft-04 meta-schema stay external: never read, a warning each, not validated", () => {
    const external = diagnostics.filter((diagnostic) => diagnostic.tool === "external");
    expect(external.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual([
      ["ref-external", "/tools/2/inputSchema/properties/url/$ref"],
      ["ref-external", "/tools/2/inputSchema/properties/file/$ref"],
      ["ref-external", "/tools/2/inputSchema/properties/remote/$ref"],
      ["ref-external", "/tools/2/inputSchema/properties/draft04/$ref"],
    ]);
    expect(validateInput("external", { file: 1, remote: "x", draft04: 1 }).ok).toBe(true);
    // The siblings of a 2020-12 $ref still apply.
    expect(validateInput("external", { url: 1 }).ok).toBe(false);
  });

  it("refs to the drafts' meta-schemas are the meta-schemas", () => {
    expect(diagnostics.filter((diagnostic) => diagnostic.tool === "meta_schemas")).toEqual([]);
    expect(validateInput("meta_schemas", { draft07: { type: "string", minLength: 1 }, draft2019: { $defs: { a: { type: "number" } } } }).ok).toBe(true);
    expect(validateInput("meta_schemas", { draft07: { minLength: -1 } }).ok).toBe(false);
    expect(validateInput("meta_schemas", { draft2019: { $defs: { a: { type: 1 } } } }).ok).toBe(false);
  });

  it.each(["draft04_ids", "draft06_ids"])("%s: the draft's identifiers name embedded resources and anchors", (tool) => {
    expect(diagnostics.filter((diagnostic) => diagnostic.tool === tool)).toEqual([]);
    expect(validateInput(tool, { item: 3, position: 1.5 }).ok).toBe(true);
    expect(validateInput(tool, { item: 3.5 }).ok).toBe(false);
    expect(validateInput(tool, { position: -1 }).ok).toBe(false);
  });

  it("before 2019-09, the $id beside a $ref changes nothing", () => {
    expect(validateInput("legacy_ref_id", { v: 1 }).ok).toBe(true);
    expect(validateInput("legacy_ref_id", { v: "one" }).ok).toBe(false);
  });

  it("an anchor no subschema declares: a warning, and the ref's siblings still apply", () => {
    expect(diagnostics.filter((diagnostic) => diagnostic.tool === "unresolved_keeps_siblings")).toEqual([
      expect.objectContaining({
        code: "ref-unresolved",
        pointer: "/tools/5/inputSchema/properties/s/$ref",
        message: '$ref "#nowhere" names no anchor in this schema; not applied (typed unknown, not validated)',
      }),
    ]);
    expect(validateInput("unresolved_keeps_siblings", { s: "abc" }).ok).toBe(true);
    expect(validateInput("unresolved_keeps_siblings", { s: "abcd" }).ok).toBe(false);
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
    expect(diagnostics.filter((diagnostic) => diagnostic.tool === "custom_dialect")).toEqual([
      expect.objectContaining({
        severity: "warning",
        tool: "custom_dialect",
        pointer: "/tools/10/inputSchema/$schema",
        message: expect.stringMatching(/names no JSON Schema dialect mcpgen knows; read as 2020-12/),
      }),
    ]);
  });
});

describe("dynamic scopes", () => {
  it("past 2,000 copies of subschemas (one per dynamic scope), dynamic refs resolve statically, with a warning", () => {
    // Eleven levels, each a choice between two resources that bind the same dynamic anchor: 2^11 scopes at the bottom.
    const levels = 11;
    const defs: Record<string, unknown> = {};
    for (let level = 1; level <= levels; level++) {
      const next = level < levels ? { anyOf: [{ $ref: `x${level + 1}` }, { $ref: `y${level + 1}` }] } : { properties: { v: { $dynamicRef: "x1#a1" } } };
      for (const side of ["x", "y"]) defs[`${side}${level}`] = { $id: `${side}${level}`, $dynamicAnchor: `a${level}`, type: "object", ...next };
    }
    const schema = { $id: "https://example.com/scopes", type: "object", anyOf: [{ $ref: "x1" }, { $ref: "y1" }], $defs: defs };
    const ir = normalizeManifest(recogniseManifest({ tools: [{ name: "scopes", inputSchema: schema }] }, "scopes.tools.json"));
    expect(ir.diagnostics).toEqual([
      expect.objectContaining({
        code: "keyword-dropped",
        tool: "scopes",
        pointer: "/tools/0/inputSchema",
        message: expect.stringMatching(
          /would need over 2000 copies of subschemas to resolve through every dynamic scope; each resolves to where it points statically instead/,
        ),
      }),
    ]);
    // Statically, each resource is hoisted once.
    expect(ir.tools[0]!.input.typeNames.defs.size).toBe(2 * levels);
  });
});
