/**
 * The official JSON Schema Test Suite (../shared/json-schema-test-suite):
 * every required test of draft 2020-12, 2019-09 and draft-07, run through
 * what mcpgen generates. One manifest per draft, each test group a tool whose
 * inputSchema and outputSchema are the group's schema; the remote documents
 * the suite refers to are mapped in from its `remotes/` (never fetched).
 *
 *   - validators: each test through the compiled input and output validator,
 *     counted next to ajv compiling the same schema directly; mcpgen must pass
 *     at least as many, and every test it fails must be a documented
 *     divergence (`DIVERGENCES`, also in docs/type-mapping.md);
 *   - resilience: every group generates, and `strict` refuses only the groups
 *     docs/type-mapping.md says it refuses;
 *   - types: every valid instance type-checks against the group's types,
 *     except where a documented exception of the type mapping applies
 *     (`TYPE_EXCEPTIONS`, named in docs/type-mapping.md).
 * Skipped, saying so, where the suite is not beside the checkout.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { emitRuntime } from "../../src/emit/client/runtime-module.js";
import { printFile } from "../../src/format/printer/index.js";
import { emitTypes } from "../../src/emit/types/index.js";
import { emitValidate, emitToolValidators, toolValidatorsPath } from "../../src/emit/validators/index.js";
import { failOnWarnings, StrictError, type Diagnostic } from "../../src/shared/errors.js";
import { jsonLiteral } from "../../src/shared/escape.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import {
  ajvResults,
  asDraft,
  DRAFTS,
  remoteDocuments,
  requiredGroups,
  suitePresent,
  suiteRoot,
  type Draft,
  type SuiteGroup,
  type SuiteTest,
} from "../helpers/json-schema-suite.js";
import { nativeImportUrl, transpileDirectory } from "../helpers/native-import.js";
import { esmProject } from "../helpers/output-dir.js";
import { repoRoot, typecheck } from "../helpers/typecheck.js";

if (!suitePresent) console.warn(`JSON Schema Test Suite tests skipped: ${suiteRoot} does not exist (CI places ../shared beside the checkout)`);

/** Tests mcpgen fails on purpose or inherits from ajv, each with its reason (docs/type-mapping.md, "JSON Schema Test Suite"). */
const DIVERGENCES: ReadonlyArray<{ name: string; applies: (group: SuiteGroup, test: SuiteTest, ajvPasses: boolean) => boolean }> = [
  // 2020-12 makes `format` an annotation by default; mcpgen's validators assert the formats they know.
  { name: "format asserted", applies: (group, test) => group.file === "format.json" && /is only an annotation by default$/.test(test.description) },
  // `$vocabulary` is not read: a schema's dialect is one of the five, with all its vocabularies.
  {
    name: "vocabularies not read",
    applies: (group) =>
      group.file === "vocabulary.json" && group.description.startsWith("schema that uses custom metaschema with with no validation vocabulary"),
  },
];

type TypeException = "untyped-object-keywords" | "untyped-array-keywords" | "closed-objects";

/**
 * Valid instances the types reject, by the documented exception that says why (`file: group / test`):
 * object keywords without `type` are typed as an object, array keywords without `type` as an array,
 * and an object without `additionalProperties` is closed (to what `properties`/`patternProperties` declare).
 */
const TYPE_EXCEPTIONS: Readonly<Record<TypeException, readonly string[]>> = {
  "untyped-object-keywords": [
    "additionalProperties.json: additionalProperties being false does not allow other properties / ignores arrays",
    "additionalProperties.json: additionalProperties being false does not allow other properties / ignores strings",
    "additionalProperties.json: additionalProperties being false does not allow other properties / ignores other non-objects",
    "patternProperties.json: patternProperties validates properties matching a regex / ignores arrays",
    "patternProperties.json: patternProperties validates properties matching a regex / ignores strings",
    "patternProperties.json: patternProperties validates properties matching a regex / ignores other non-objects",
    "properties.json: object properties validation / ignores arrays",
    "properties.json: object properties validation / ignores other non-objects",
    "required.json: required validation / ignores arrays",
    "required.json: required validation / ignores strings",
    "required.json: required validation / ignores other non-objects",
    "required.json: required validation / ignores null",
    "required.json: required validation / ignores boolean",
    "required.json: required properties whose names are Javascript object property names / ignores arrays",
    "required.json: required properties whose names are Javascript object property names / ignores other non-objects",
    // `foo` refers to the root, whose `properties` type it as an object; `false` and `37` are not objects.
    "ref.json: root pointer ref / match",
    "ref.json: root pointer ref / recursive match",
    "ref.json: simple URN base URI with $ref via the URN / valid under the URN IDed schema",
    "recursiveRef.json: $recursiveRef without $recursiveAnchor works like $ref / match",
    "recursiveRef.json: $recursiveRef without $recursiveAnchor works like $ref / recursive match",
  ],
  "untyped-array-keywords": [
    "items.json: a schema given for items / ignores non-arrays",
    "items.json: a schema given for items / JavaScript pseudo-array is valid",
    "items.json: an array of schemas for items / JavaScript pseudo-array is valid",
    "prefixItems.json: a schema given for prefixItems / JavaScript pseudo-array is valid",
  ],
  "closed-objects": [
    "additionalProperties.json: additionalProperties are allowed by default / additional properties are allowed",
    "properties.json: object properties validation / doesn't invalidate other properties",
    "patternProperties.json: regexes are not anchored by default and are case sensitive / regexes are case sensitive",
    "not.json: forbidden property / property absent",
    // Properties declared only in `dependentSchemas`/`dependencies`, `allOf` or a nested schema are not the root type's.
    "dependentSchemas.json: dependent subschema incompatible with root / matches dependency",
    "dependentSchemas.json: dependent subschema incompatible with root / no dependency",
    "dependencies.json: dependent subschema incompatible with root / matches dependency",
    "dependencies.json: dependent subschema incompatible with root / no dependency",
    "unevaluatedProperties.json: unevaluatedProperties with nested unevaluatedProperties / with nested unevaluated properties",
    "unevaluatedProperties.json: unevaluatedProperties with dependentSchemas / with no unevaluated properties",
    "unevaluatedProperties.json: nested unevaluatedProperties, outer false, inner true, properties outside / with nested unevaluated properties",
    "unevaluatedProperties.json: nested unevaluatedProperties, outer false, inner true, properties inside / with nested unevaluated properties",
    "unevaluatedProperties.json: dependentSchemas with unevaluatedProperties / unevaluatedProperties sees bar when foo2 is present",
    "dynamicRef.json: A $dynamicRef that initially resolves to a schema without a matching $dynamicAnchor behaves like a normal $ref to $anchor / The recursive part doesn't need to validate against the root",
  ],
};

type Validator = (data: unknown) => boolean;
type ValidateInput = (tool: string, value: unknown) => { ok: boolean };

interface DraftRun {
  groups: SuiteGroup[];
  /** Per group, per test: whether it passed. */
  ajv: boolean[][];
  input: boolean[][];
  output: boolean[][];
  /** Per group: the warnings about its schemas. */
  diagnostics: Diagnostic[][];
  tools: number;
  validateInput: ValidateInput;
  inputValidators: Validator[];
}

const runs = new Map<Draft, DraftRun>();
let project = "";
const remotes = suitePresent ? remoteDocuments() : new Map<string, unknown>();

async function runDraft(draft: Draft): Promise<DraftRun> {
  const groups = requiredGroups(draft);
  const ajv = ajvResults(draft, groups, remotes);
  const tools = groups.map((group, index) => ({ name: `g${index}`, inputSchema: asDraft(group.schema, draft), outputSchema: asDraft(group.schema, draft) }));
  const ir = normalizeManifest(recogniseManifest({ tools }, `${draft}.tools.json`), { documents: (uri) => remotes.get(uri) });
  const directory = join(project, draft);
  await mkdir(directory);
  const files = [...emitToolValidators(ir, "js"), emitValidate(ir, "js"), emitTypes(ir), emitRuntime(ir)];
  await mkdir(join(directory, "validators"));
  for (const file of files) await writeFile(join(directory, file.path), "statements" in file ? printFile(file) : file.contents);
  await transpileDirectory(directory);
  const modules = await Promise.all(
    ir.tools.map(async (tool) => (await import(nativeImportUrl(directory, toolValidatorsPath(tool)))) as { input: Validator; output: Validator }),
  );
  const { validateInput } = (await import(nativeImportUrl(directory, "validate.ts"))) as { validateInput: ValidateInput };
  const results = (role: "input" | "output") =>
    groups.map((group, index) => {
      const validate = modules[index]![role];
      return group.tests.map((test) => validate(test.data) === test.valid);
    });
  const diagnostics = groups.map((_, index) => ir.diagnostics.filter((diagnostic) => diagnostic.tool === `g${index}`));
  return {
    groups,
    ajv,
    input: results("input"),
    output: results("output"),
    diagnostics,
    tools: ir.tools.length,
    validateInput,
    inputValidators: modules.map((module) => module.input),
  };
}

const count = (results: boolean[][]) => results.flat().filter(Boolean).length;

/** The documented row for a draft (docs/type-mapping.md, "JSON Schema Test Suite"): `| 2020-12 | 1299 | 1273 | 1273 | 1237 |`. */
async function documentedCounts(draft: Draft): Promise<number[] | undefined> {
  const page = await readFile(join(repoRoot, "docs/type-mapping.md"), "utf8");
  const label = draft === "draft7" ? "draft-07" : draft.slice("draft".length);
  const row = page.split("\n").find((line) => line.startsWith(`| ${label} |`));
  return row
    ?.split("|")
    .slice(2, -1)
    .map((cell) => Number(cell.trim()));
}

describe.skipIf(!suitePresent)("the JSON Schema Test Suite", () => {
  beforeAll(async () => {
    project = await esmProject("json-schema-suite");
    for (const draft of DRAFTS) runs.set(draft, await runDraft(draft));
  }, 120_000);

  describe.each(DRAFTS)("%s, required tests", (draft) => {
    it("the validators pass at least as many as ajv on the same schemas, as inputSchema and as outputSchema, and docs/type-mapping.md says how many", async () => {
      const run = runs.get(draft)!;
      const total = run.groups.reduce((sum, group) => sum + group.tests.length, 0);
      const counts = [total, count(run.input), count(run.output), count(run.ajv)];
      console.log(`${draft}: ${total} required tests; mcpgen ${counts[1]} as inputSchema, ${counts[2]} as outputSchema; ajv ${counts[3]}`);
      expect(counts[1]).toBeGreaterThanOrEqual(counts[3]!);
      expect(counts[2]).toBeGreaterThanOrEqual(counts[3]!);
      expect(await documentedCounts(draft), "docs/type-mapping.md, JSON Schema Test Suite table").toEqual(counts);
    });

    it("every test the validators fail is a documented divergence", () => {
      const run = runs.get(draft)!;
      const unexplained: string[] = [];
      const used = new Set<string>();
      run.groups.forEach((group, g) =>
        group.tests.forEach((test, t) => {
          for (const role of ["input", "output"] as const) {
            if (run[role][g]![t]) continue;
            const divergence = DIVERGENCES.find((entry) => entry.applies(group, test, run.ajv[g]![t]!));
            if (divergence === undefined) unexplained.push(`${role}: ${group.id} / ${test.description}`);
            else used.add(divergence.name);
          }
        }),
      );
      expect(unexplained).toEqual([]);
      console.log(`${draft}: divergences that apply: ${[...used].join(", ") || "none"}`);
    });

    it("every group generates; strict refuses only those whose inputSchema admits no object or names a dialect mcpgen does not know", () => {
      const run = runs.get(draft)!;
      expect(run.tools).toBe(run.groups.length);
      const refused: string[] = [];
      run.groups.forEach((group, index) => {
        try {
          failOnWarnings(run.diagnostics[index]!, true);
        } catch (error) {
          if (!(error instanceof StrictError)) throw error;
          const allowed = error.diagnostics.every((diagnostic) =>
            /^inputSchema admits no object|names no JSON Schema dialect mcpgen knows/.test(diagnostic.message),
          );
          if (!allowed) refused.push(`${group.id}: ${error.diagnostics.map((diagnostic) => diagnostic.message).join("; ")}`);
        }
      });
      expect(refused).toEqual([]);
    });

    it("validateInput refuses every value that is not an object, and otherwise agrees with the inputSchema's validator", () => {
      const run = runs.get(draft)!;
      const disagreements: string[] = [];
      run.groups.forEach((group, g) =>
        group.tests.forEach((test) => {
          const isObject = typeof test.data === "object" && test.data !== null && !Array.isArray(test.data);
          const expected = isObject && run.inputValidators[g]!(test.data);
          if (run.validateInput(`g${g}`, test.data).ok !== expected) disagreements.push(`${group.id} / ${test.description}`);
        }),
      );
      expect(disagreements).toEqual([]);
    });
  });

  it("the types accept every valid instance, except under the documented exceptions (one tsc run over the three drafts)", async () => {
    const origin = new Map<string, string>();
    for (const draft of DRAFTS) {
      const run = runs.get(draft)!;
      const lines = [`import type { ToolInput, ToolOutput } from "./${draft}/types.js";`];
      run.groups.forEach((group, g) =>
        group.tests.forEach((test) => {
          if (!test.valid) return;
          for (const role of ["Input", "Output"]) {
            lines.push(`export const v${lines.length}: Tool${role}<"g${g}"> = ${jsonLiteral(test.data)};`);
            origin.set(`${draft}:${lines.length}`, `${group.id.replace(/ \(\d+\)$/, "")} / ${test.description}`);
          }
        }),
      );
      await writeFile(join(project, `${draft}.check.ts`), `${lines.join("\n")}\n`);
    }
    const result = await typecheck([project], "Bundler");
    const rejected = new Set<string>();
    for (const line of result.output.split("\n")) {
      const match = /([\w.-]+)\.check\.ts\((\d+),\d+\): error TS\d+/.exec(line);
      if (match !== null) rejected.add(origin.get(`${match[1]}:${match[2]}`) ?? line);
      else if (/error TS\d+/.test(line)) rejected.add(line);
    }
    const documented = new Set(Object.values(TYPE_EXCEPTIONS).flat());
    expect(
      [...rejected].filter((entry) => !documented.has(entry)),
      "valid instances the types reject, no documented exception applying",
    ).toEqual([]);
    expect(
      [...documented].filter((entry) => !rejected.has(entry)),
      "documented exceptions no draft shows any more (remove them)",
    ).toEqual([]);
  }, 60_000);
});
