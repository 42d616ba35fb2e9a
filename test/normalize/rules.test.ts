/**
 * Every normalisation rule of the registry, row by row, through the stage
 * itself (no emitter, no file): the schema or manifest a row gives, the
 * normalised form it wants, and every warning (code, pointer, message).
 * A rule without a row fails, and so does a keyword a rule reads that no row
 * of it writes, or a diagnostic code a rule says it reports and no row shows.
 */
import { describe, expect, it } from "vitest";
import { parseManifest, recogniseManifest } from "../../src/acquire/manifest-file.js";
import type { ManifestIR } from "../../src/ir/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { NORMALIZATION_RULES, RULE_FAMILIES, type RuleFamily } from "../../src/normalize/registry.js";
import type { KeywordRule } from "../../src/normalize/rule.js";
import { KEYWORD_RULES } from "../../src/normalize/rules/index.js";
import { normalizeSchema } from "../../src/normalize/schema.js";
import { checkSurfaceAgainstSdk } from "../../src/normalize/sdk-surface-schema.js";
import { checkToolsAgainstSdk } from "../../src/normalize/sdk-tool-schema.js";
import { McpgenError, type Diagnostic } from "../../src/shared/errors.js";
import { rows as dialects } from "./dialects.js";
import { rows as naming } from "./naming.js";
import { rows as patterns } from "./patterns.js";
import { rows as prompts } from "./prompts.js";
import { rows as refs } from "./refs.js";
import { rows as resources } from "./resources.js";
import type { ManifestRow, Row, Rows, SchemaRow, SdkRow, ToolWant, Warning } from "./rows.js";
import { rows as sdk } from "./sdk.js";
import { rows as subschemas } from "./subschemas.js";
import { rows as tools } from "./tools.js";
import { rows as vocabulary } from "./vocabulary.js";

/** One table per family: a family without one does not compile. */
const TABLES: Record<RuleFamily, Rows> = { dialects, vocabulary, subschemas, patterns, refs, tools, prompts, resources, naming, sdk };

const byName = new Map(NORMALIZATION_RULES.map((rule) => [rule.name, rule]));
const FILE = "rows.json";

const warningsOf = (diagnostics: readonly Diagnostic[]): Warning[] =>
  diagnostics.map(({ code, pointer, message }) => ({ code, pointer: pointer ?? "", message }));

function runSchemaRow(row: SchemaRow) {
  const diagnostics: Diagnostic[] = [];
  const result = normalizeSchema(row.given, { file: FILE, tool: "t", pointer: "", diagnostics });
  expect(result.schema).toStrictEqual(row.want);
  // Key order is output order (type members, `$defs` declarations).
  expect(JSON.stringify(result.schema, null, 1)).toBe(JSON.stringify(row.want, null, 1));
  expect(warningsOf(diagnostics)).toStrictEqual(row.warnings ?? []);
  expect(Object.fromEntries(result.patternModes)).toStrictEqual(row.patternModes ?? {});
  if (row.dialect !== undefined) expect(result.dialect).toBe(row.dialect);
}

/** The fields of a tool a row may expect. */
function toolView(tool: ManifestIR["tools"][number]): Required<ToolWant> {
  const types = (schema: ManifestIR["tools"][number]["input"]) => ({ root: schema.typeNames.root, defs: Object.fromEntries(schema.typeNames.defs) });
  return {
    wireName: tool.wireName,
    methodName: tool.methodName,
    fileBase: tool.fileBase,
    title: tool.title,
    description: tool.description,
    annotations: tool.annotations,
    input: tool.input.schema,
    inputTypes: types(tool.input),
    output: tool.output?.schema,
    outputTypes: tool.output === undefined ? undefined : types(tool.output),
    mcpHeaders: tool.mcpHeaders,
    taskRequired: tool.taskRequired,
  };
}

function runManifestRow(row: ManifestRow) {
  // A string is the manifest file's text (read as a file is: some rules see the text, not only the document).
  const read = () => (typeof row.given === "string" ? parseManifest(row.given, FILE) : recogniseManifest(row.given, FILE));
  const normalize = () => normalizeManifest(read(), { audience: row.audience });
  if (row.error !== undefined) {
    let error: unknown;
    try {
      normalize();
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(McpgenError);
    expect(warningsOf([(error as McpgenError).diagnostic])).toStrictEqual([row.error]);
    return;
  }
  const ir = normalize();
  if (row.want?.tools !== undefined) {
    expect(ir.tools).toHaveLength(row.want.tools.length);
    row.want.tools.forEach((want, index) => {
      const view = toolView(ir.tools[index]!);
      const expected = Object.fromEntries(Object.keys(want).map((key) => [key, view[key as keyof ToolWant]]));
      expect(expected).toStrictEqual(want);
    });
  }
  for (const list of ["prompts", "resources", "resourceTemplates"] as const) {
    if (row.want?.[list] !== undefined) expect(ir[list].map(surfaceView)).toStrictEqual(row.want[list]);
  }
  if (row.want?.resourceReader !== undefined) expect(ir.resourceReader).toBe(row.want.resourceReader);
  expect(warningsOf(ir.diagnostics)).toStrictEqual(row.warnings ?? []);
}

/** A prompt, resource or resource template of the IR as a row writes it: without what it was read from (`raw`, `pointer`) and without fields that are undefined. */
function surfaceView(entry: object): unknown {
  return JSON.parse(JSON.stringify(entry, (key, value: unknown) => (key === "raw" || key === "pointer" ? undefined : value))) as unknown;
}

async function runSdkRow(row: SdkRow) {
  const ir = normalizeManifest(recogniseManifest(row.given, FILE));
  const check = await checkToolsAgainstSdk(ir);
  const surface = await checkSurfaceAgainstSdk(ir);
  expect(Object.fromEntries(check.accepted)).toStrictEqual(row.want.accepted);
  const listed = [
    ...ir.prompts.map((prompt) => [prompt.wireName, prompt.acceptedBySdk] as const),
    ...ir.resources.map((resource) => [resource.uri, resource.acceptedBySdk] as const),
    ...ir.resourceTemplates.map((template) => [template.wireName, template.acceptedBySdk] as const),
  ].filter(([, accepted]) => accepted !== undefined);
  expect(Object.fromEntries(listed)).toStrictEqual(row.want.surface ?? {});
  expect(warningsOf([...check.diagnostics, ...surface])).toStrictEqual(row.warnings ?? []);
}

const isSchemaRow = (row: Row): row is SchemaRow => !("stage" in row);

for (const [family, table] of Object.entries(TABLES) as Array<[RuleFamily, Rows]>) {
  describe(`${family} (test/normalize/${family}.ts)`, () => {
    it.each(table.map(([rule, row]) => [`${rule}: ${row.says}`, rule, row] as const))("%s", async (_name, _rule, row) => {
      if (isSchemaRow(row)) runSchemaRow(row);
      else if (row.stage === "manifest") runManifestRow(row);
      else await runSdkRow(row);
    });
  });
}

describe("the rule registry", () => {
  const allRows = Object.entries(TABLES).flatMap(([family, table]) => table.map(([rule, row]) => ({ family: family as RuleFamily, rule, row })));

  it("names every rule once, in kebab-case, with a sentence of what it does", () => {
    const names = NORMALIZATION_RULES.map((rule) => rule.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    for (const rule of NORMALIZATION_RULES) {
      expect(rule.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule.does, rule.name).toMatch(/^\S.{20,}\.$/s);
    }
  });

  it("lists every keyword rule of the dispatch table, and no keyword is read by two rules", () => {
    expect(KEYWORD_RULES.filter((rule) => !NORMALIZATION_RULES.includes(rule)).map((rule) => rule.name)).toEqual([]);
    const keywords = KEYWORD_RULES.flatMap((rule) => rule.keywords);
    expect(keywords.filter((keyword, index) => keywords.indexOf(keyword) !== index)).toEqual([]);
  });

  it("every rule has rows, in its family's table", () => {
    const familyOf = new Map(Object.entries(RULE_FAMILIES).flatMap(([family, rules]) => rules.map((rule) => [rule.name, family])));
    expect(allRows.filter(({ family, rule }) => familyOf.get(rule) !== family).map(({ family, rule }) => `${family}: ${rule}`)).toEqual([]);
    const tested = new Set(allRows.map(({ rule }) => rule));
    expect(NORMALIZATION_RULES.filter((rule) => !tested.has(rule.name)).map((rule) => rule.name)).toEqual([]);
  });

  it("a row's warnings are codes its rules report, and every code a rule reports is shown by a row of it", () => {
    const shown = new Map<string, Set<string>>();
    for (const { rule, row } of allRows) {
      const reporting = [rule, ...(row.also ?? [])].map((name) => byName.get(name));
      expect(reporting.includes(undefined), `${rule}: ${row.says}`).toBe(false);
      const codes = new Set(reporting.flatMap((entry) => entry!.reports));
      const warnings = [...(row.warnings ?? []), ...("error" in row && row.error !== undefined ? [row.error] : [])];
      expect(
        warnings.filter((warning) => !codes.has(warning.code)),
        `${rule}: ${row.says}`,
      ).toEqual([]);
      const own = new Set(byName.get(rule)!.reports);
      for (const warning of warnings) if (own.has(warning.code)) shown.set(rule, (shown.get(rule) ?? new Set()).add(warning.code));
    }
    const unshown = NORMALIZATION_RULES.flatMap((rule) =>
      rule.reports.filter((code) => !shown.get(rule.name)?.has(code)).map((code) => `${rule.name}: ${code}`),
    );
    expect(unshown).toEqual([]);
  });

  it("every keyword a keyword rule reads is written in a row of that rule", () => {
    const written = (value: unknown, keyword: string): boolean =>
      Array.isArray(value)
        ? value.some((item) => written(item, keyword))
        : typeof value === "object" && value !== null && Object.entries(value).some(([key, item]) => key === keyword || written(item, keyword));
    const missing = (KEYWORD_RULES as readonly KeywordRule[]).flatMap((rule) =>
      rule.keywords
        .filter((keyword) => !allRows.some(({ rule: name, row }) => name === rule.name && isSchemaRow(row) && written(row.given, keyword)))
        .map((keyword) => `${rule.name}: ${keyword}`),
    );
    expect(missing).toEqual([]);
  });
});
