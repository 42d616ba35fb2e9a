/**
 * Soundness of the generated types against the generated validators: every
 * JSON value a tool's validator accepts must type-check as that tool's input
 * (or output) type, so users never cast valid data. And where the README
 * promises the type is exact (wrong primitive, missing required property,
 * closed object, literal, tuple length), clearly invalid values must be
 * compile errors.
 *
 * The manifest (test/fixtures/soundness/soundness.tools.json) covers the tricky
 * parts of the type mapping; instances.json lists values per tool and role,
 * each labelled (see its `$comment`). The generated validator confirms every
 * label, then each value becomes a typed constant in a check file that tsc 7
 * compiles with the strictest settings, NodeNext and Bundler.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../src/commands/generate.js";
import { esmProject } from "../helpers/output-dir.js";
import { repoRoot, typecheck, type ModuleMode } from "../helpers/typecheck.js";

const fixtures = join(repoRoot, "test/fixtures/soundness");
const manifest = join(fixtures, "soundness.tools.json");

type Role = "input" | "output";
/** valid / excess: the validator accepts it; rejected / invalid: it does not (see instances.json). */
type Kind = "valid" | "excess" | "rejected" | "invalid";
type Validate = (tool: string, value: unknown) => { ok: boolean };

interface Instance {
  tool: string;
  role: Role;
  kind: Kind;
  value: unknown;
  note?: string | undefined;
}

interface KnownUnsound {
  bug: string;
  tool: string;
  role: Role;
  value: unknown;
}

// NARROWER THAN THE SCHEMA, on purpose (docs/type-mapping.md, "Where the types are narrower than the schema"):
// values the validator accepts, as the schema says, that the types refuse because they follow what
// servers mean rather than the letter of the schema. Excluded from the main assertion and asserted
// separately to still be type errors, so that a change in the mapping shows here.
const KNOWN_UNSOUND: KnownUnsound[] = [
  // An object keyword without `type` (`properties`, `required`) is typed as an object; the schema
  // also admits every non-object, since those keywords only constrain objects.
  { bug: "untyped-object-keywords", tool: "objects", role: "input", value: { untypedProps: "not an object" } },
  { bug: "untyped-object-keywords", tool: "objects", role: "input", value: { untypedProps: 5 } },
  { bug: "untyped-object-keywords", tool: "objects", role: "input", value: { untypedProps: ["a"] } },
  { bug: "untyped-object-keywords", tool: "objects", role: "input", value: { untypedProps: null } },
  { bug: "untyped-object-keywords", tool: "all_of_refs", role: "input", value: { entity: { id: "1", name: "n" }, allOfScalar: "ab" } },
  // The same for array keywords: `items`/`prefixItems` without `type` are typed as an array.
  { bug: "untyped-array-keywords", tool: "objects", role: "input", value: { untypedItems: "not an array" } },
  { bug: "untyped-array-keywords", tool: "objects", role: "input", value: { untypedItems: { a: 1 } } },
  { bug: "untyped-array-keywords", tool: "draft07", role: "input", value: { plainTupleUntyped: 1 } },
  // `patternProperties` without `additionalProperties` is typed closed, as declared properties are:
  // names no pattern matches may hold any value for the schema.
  { bug: "pattern-properties-open", tool: "objects", role: "input", value: { patternOpen: { other: 1 } } },
  { bug: "pattern-properties-open", tool: "objects", role: "input", value: { patternOpen: { "x-a": "s", other: true } } },
];

/** A TypeScript expression for a JSON value; `__proto__` keys are computed so they define a property. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => `${key === "__proto__" ? `["__proto__"]` : JSON.stringify(key)}: ${literal(item)}`);
    return `{ ${entries.join(", ")} }`;
  }
  const text = JSON.stringify(value);
  if (text === undefined || (typeof value === "number" && !Number.isFinite(value))) throw new Error(`not a JSON value: ${String(value)}`);
  return text.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

function describeInstance(instance: { tool: string; role: Role; value: unknown; note?: string | undefined }): string {
  return `${instance.tool} ${instance.role} ${JSON.stringify(instance.value)}${instance.note ? ` (${instance.note})` : ""}`;
}

async function loadInstances(): Promise<Instance[]> {
  const raw = JSON.parse(await readFile(join(fixtures, "instances.json"), "utf8")) as Record<string, unknown>;
  const instances: Instance[] = [];
  for (const [tool, roles] of Object.entries(raw)) {
    if (tool === "$comment") continue;
    for (const [role, rows] of Object.entries(roles as Record<string, unknown[]>)) {
      if (role !== "input" && role !== "output") throw new Error(`instances.json: ${tool}: unknown role ${role}`);
      for (const row of rows) {
        const [kind, value, note] = row as [Kind, unknown, string | undefined];
        if (!["valid", "excess", "rejected", "invalid"].includes(kind)) throw new Error(`instances.json: ${tool}: unknown kind ${kind}`);
        instances.push({ tool, role, kind, value, note });
      }
    }
  }
  return instances;
}

/** Source text built line by line, remembering which instance each line checks. */
class CheckFile {
  readonly lines: string[];
  readonly origin = new Map<number, string>();
  constructor(header: string[]) {
    this.lines = [...header];
  }
  add(text: string, origin?: string) {
    this.lines.push(text);
    if (origin !== undefined) this.origin.set(this.lines.length, origin);
  }
  get text() {
    return `${this.lines.join("\n")}\n`;
  }
}

function typeOf(tool: string, role: Role): string {
  return role === "input" ? `ToolInput<${JSON.stringify(tool)}>` : `ToolOutput<${JSON.stringify(tool)}>`;
}

interface TscError {
  file: string;
  line: number;
  text: string;
}

function tscErrors(output: string): TscError[] {
  const errors: TscError[] = [];
  for (const line of output.split("\n")) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+: .*)$/.exec(line);
    if (match) errors.push({ file: resolve(repoRoot, match[1]!), line: Number(match[2]), text: match[4]! });
    else if (/error TS\d+/.test(line)) errors.push({ file: "", line: 0, text: line });
  }
  return errors;
}

describe("generated types are sound for what the validators accept", () => {
  let directory: string;
  let validators: { input: Validate; output: Validate };
  let instances: Instance[];
  const checkPath = () => join(directory, "check.ts");
  const knownPath = () => join(directory, "known-unsound.ts");
  const header = ['import type { ToolInput, ToolOutput } from "./generated/index.js";', ""];
  const check = new CheckFile([
    ...header,
    // No excess-property check, literal types kept. (A value with no declared property at all still fails
    // against an all-optional type: TypeScript's weak-type check, TS2559. That follows from the closed
    // types docs/type-mapping.md documents, so "excess" instances keep at least one declared property.)
    "/** Checks a value against T structurally: no excess-property check, literal types kept. */",
    "declare function structurally<T>(): <V extends T>(value: V) => V;",
    "",
  ]);
  const known = new CheckFile(header);

  beforeAll(async () => {
    directory = await esmProject("soundness");
    const outDir = join(directory, "generated");
    await generate({ manifest, outDir, format: false });
    const module = (await import(pathToFileURL(join(outDir, "validate.ts")).href)) as { validateInput: Validate; validateOutput: Validate };
    validators = { input: module.validateInput, output: module.validateOutput };
    instances = await loadInstances();

    let counter = 0;
    for (const instance of instances) {
      if (!validators[instance.role](instance.tool, instance.value).ok !== (instance.kind === "rejected" || instance.kind === "invalid")) continue; // reported by the label test
      const n = counter++;
      const type = typeOf(instance.tool, instance.role);
      const origin = `${instance.kind}: ${describeInstance(instance)}`;
      const value = literal(instance.value);
      switch (instance.kind) {
        case "valid":
          check.add(`export const v${n}: ${type} = ${value};`, origin);
          break;
        case "excess":
          check.add("// @ts-expect-error documented: excess properties are a type error on a fresh object literal", origin);
          check.add(`export const v${n}: ${type} = ${value};`, origin);
          check.add(`export const s${n} = structurally<${type}>()(${value});`, origin);
          break;
        case "rejected":
          check.add(`// @ts-expect-error docs/type-mapping.md promises this is a type error${instance.note ? `: ${instance.note}` : ""}`, origin);
          check.add(`export const r${n}: ${type} = ${value};`, origin);
          break;
        case "invalid":
          break;
      }
    }
    // Proves tsc read this directory even if KNOWN_UNSOUND is ever empty.
    known.add('export const sentinel: number = "tsc checked this file";', "sentinel");
    for (const [index, entry] of KNOWN_UNSOUND.entries()) {
      known.add(`export const k${index}: ${typeOf(entry.tool, entry.role)} = ${literal(entry.value)};`, `${entry.bug}: ${describeInstance(entry)}`);
    }
    await writeFile(checkPath(), check.text);
    await writeFile(knownPath(), known.text);
  });

  it("labels every instance as the generated validator classifies it", () => {
    const mislabelled = instances
      .filter((instance) => validators[instance.role](instance.tool, instance.value).ok !== (instance.kind === "valid" || instance.kind === "excess"))
      .map(
        (instance) =>
          `${instance.kind}, but the validator ${instance.kind === "valid" || instance.kind === "excess" ? "rejects" : "accepts"} it: ${describeInstance(instance)}`,
      );
    expect(mislabelled).toEqual([]);
    const count = (kind: Kind) => instances.filter((instance) => instance.kind === kind).length;
    expect(count("valid")).toBeGreaterThanOrEqual(150);
    expect(count("excess")).toBeGreaterThanOrEqual(15);
    expect(count("rejected")).toBeGreaterThanOrEqual(100);
    // Every tool has instances, and every outputSchema too.
    expect(new Set(instances.map((instance) => `${instance.tool}:${instance.role}`)).size).toBe(17);
  });

  it("the known-unsound values are valid for the validator", () => {
    const notValid = KNOWN_UNSOUND.filter((entry) => !validators[entry.role](entry.tool, entry.value).ok).map(describeInstance);
    expect(notValid).toEqual([]);
  });

  it("the check file has a line per valid, excess and rejected instance", () => {
    const lines = check.lines.filter((line) => line.startsWith("export const "));
    expect(lines.length).toBe(
      instances.filter((instance) => instance.kind === "valid").length +
        2 * instances.filter((instance) => instance.kind === "excess").length +
        instances.filter((instance) => instance.kind === "rejected").length,
    );
    expect(lines.length).toBeGreaterThanOrEqual(300);
    expect(check.lines.filter((line) => line.startsWith("// @ts-expect-error")).length).toBeGreaterThanOrEqual(115);
  });

  for (const mode of ["NodeNext", "Bundler"] as const satisfies readonly ModuleMode[]) {
    it(`type-checks every valid value, and rejects the promised invalid ones (${mode})`, async () => {
      const result = await typecheck([directory], mode);
      const errors = tscErrors(result.output);
      const unexpected = errors
        .filter((error) => error.file !== knownPath())
        .map(
          (error) =>
            `${error.file === checkPath() ? `check.ts:${error.line} [${check.origin.get(error.line) ?? check.lines[error.line - 1]}]` : `${error.file}:${error.line}`} ${error.text}`,
        );
      expect(unexpected, `see ${directory}`).toEqual([]);
      expect(result.ok || errors.length > 0).toBe(true);

      // The deliberate narrowings: each still fails to type-check (one line each).
      const failing = new Set(errors.filter((error) => error.file === knownPath()).map((error) => error.line));
      const nowSound = [...known.origin].filter(([line]) => !failing.has(line)).map(([, origin]) => origin);
      expect(
        nowSound,
        "these type-check now (the mapping changed: move them to instances.json and update docs/type-mapping.md), or tsc did not read the file",
      ).toEqual([]);
    });
  }
});
