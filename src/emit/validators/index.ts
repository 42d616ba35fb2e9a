/**
 * Emits `validators.ts`: standalone validation code compiled by ajv from every
 * tool's input and output schema, with ajv's runtime helpers and the format
 * checks inlined from `templates/validator-runtime.ts`, so the file imports
 * nothing. Also emits `validate.ts`, the typed `validateInput`/`validateOutput`
 * and `standardSchemas`.
 *
 * Speed: identical schemas compile once, and so do repeated subschemas
 * (shared-subschemas.ts); large manifests compile in chunks on worker threads,
 * one per core but the main thread's, which formats meanwhile and then takes
 * the chunks still waiting (validators/queue.ts).
 */
import type { EmittedFile, ManifestIR, Schema, SchemaObject, SourceFile, VariableStatement } from "../../ir/index.js";
import { LONE_SURROGATE, setOwn } from "../../shared/json.js";
import { objectLiteralKey, stringLiteral } from "../../shared/escape.js";
import type { PatternMode } from "../../../templates/pattern-engine.js";
import { fileHeader } from "../header.js";
import { header as headerComments, identifier, importDeclaration, literal, reference, typeLiteral } from "../nodes.js";
import { inlinedTemplateCode, template, templateCode } from "../template-code.js";
import { refTarget } from "../../ir/refs.js";
import { SUBSCHEMA_KEYWORDS } from "../../ir/keywords.js";
import { mapSubschemas, shareRepeatedSubschemas } from "./shared-subschemas.js";
import { PATTERN_ENGINE_NAME, validatorId, type ChunkResult, type CompileContext, type ValidatorEntry } from "./compiler.js";
import { ChunkQueue, startWorkerPool } from "./queue.js";

/** Keywords with no effect on validation: dropped from what ajv compiles, so the output does not embed descriptions. */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"]);
/** Schemas per ajv instance (ajv's multi-export code generation overflows the stack on thousands). */
const CHUNK_SIZE = 150;

/** The standalone validators, and how `validate.ts` imports them. */
const VALIDATORS_FILE = "validators.ts";
const VALIDATORS_IMPORT = `"./${VALIDATORS_FILE.replace(/\.ts$/, ".js")}"`;

export const validatorExportName = (role: "input" | "output", toolIndex: number) => `${role}${toolIndex}`;

/** `validators.ts` on its way: compiling on worker threads, with this thread's help when asked. */
export interface ValidatorsInProgress {
  /** The file, once every chunk is compiled (see `assist`). */
  file: Promise<EmittedFile>;
  /**
   * Compiles, on this thread, the chunks no worker has taken, until none is left. Call it once this
   * thread has nothing else to do: without workers (small manifests, TypeScript sources) nothing
   * compiles until it is called.
   */
  assist(): Promise<void>;
  /** Stops compiling (the file is not needed: a later stage failed); the workers are terminated. */
  cancel(): void;
  /** Settles once the chunks are planned and queued: from then on the workers compile. */
  queued: Promise<unknown>;
}

/** Compiles the validators now, with this thread's help. */
export async function emitValidators(ir: ManifestIR): Promise<EmittedFile> {
  const validators = startValidators(ir);
  await validators.assist();
  return validators.file;
}

/** Starts compiling the validators (see `ValidatorsInProgress`). */
export function startValidators(ir: ManifestIR): ValidatorsInProgress {
  // Workers start now, loading ajv while this thread plans the chunks.
  const pool = startWorkerPool(ir.tools.reduce((sum, tool) => sum + (tool.output === undefined ? 1 : 2), 0));
  const queue = (async () => {
    try {
      const plan = await validatorEntries(ir);
      const chunks: ValidatorEntry[][] = [];
      for (let start = 0; start < plan.unique.length; start += CHUNK_SIZE) chunks.push(plan.unique.slice(start, start + CHUNK_SIZE));
      return { plan, chunks, queue: new ChunkQueue(chunks, plan.context, pool) };
    } catch (error) {
      pool?.terminate();
      throw error;
    }
  })();
  // Attach a handler now: the caller awaits (and sees any error) later.
  queue.catch(() => undefined);
  const file = queue.then(async ({ plan, chunks, queue: compiling }) => assembleValidators(ir, plan, chunks, await compiling.done));
  file.catch(() => undefined);
  return {
    file,
    assist: async () => (await queue).queue.assist(),
    queued: queue,
    cancel: () => {
      pool?.terminate();
      void queue.then(
        ({ queue: compiling }) => compiling.cancel(),
        () => undefined,
      );
    },
  };
}

function assembleValidators(ir: ManifestIR, plan: ValidatorPlan, chunksOf: ValidatorEntry[][], results: ChunkResult[]): EmittedFile {
  const { unique, aliases } = plan;
  reportCompileFailures(ir, plan, results);

  const header = fileHeader(ir, "Standalone validators compiled by ajv from the tools' JSON Schemas. Imports nothing.");
  // Without tools there is nothing to compile, and the file is still a module (never a global script).
  if (unique.length === 0) return { path: VALIDATORS_FILE, contents: `${header}\nexport {};\n`, format: "none" };

  // Each chunk's internals live in a function scope; every export is a typed constant (what
  // isolatedDeclarations asks for, and what a declaration file of this module shows: no ajv internals).
  const home = new Map<string, string>();
  const chunks = results.map((result, index) => {
    const names = chunksOf[index]!.map((entry) => entry.exportName);
    for (const name of names) home.set(name, `validators${index}.${name}`);
    return `const validators${index} = (() => {\n${result.body}\nreturn { ${names.join(", ")} };\n})();\n`;
  });
  for (const [alias, target] of aliases) home.set(alias, home.get(target)!);
  const exported = ir.tools.flatMap((tool, index) => [validatorExportName("input", index), ...(tool.output ? [validatorExportName("output", index)] : [])]);
  const contents = [
    `${header}// @ts-nocheck`,
    "",
    templateCode("client/validators.ts").trimEnd(),
    "",
    inlinedTemplateCode("validator-runtime.ts"),
    "",
    ...(results.some((result) => result.uniqueItems === true) ? [inlinedTemplateCode("unique-items.ts"), ""] : []),
    ...patternEngineBlock(plan.context.patternModes ?? []),
    ...chunks,
    ...exported.map((name) => `export const ${name}: Validator = ${home.get(name)!};`),
    "",
  ].join("\n");
  return { path: VALIDATORS_FILE, contents, format: "none" };
}

/**
 * A schema ajv cannot compile is compiled as `true` (see `ChunkResult`): a
 * warning for each tool whose validator that is, naming what is lost.
 */
function reportCompileFailures(ir: ManifestIR, plan: ValidatorPlan, results: readonly ChunkResult[]): void {
  const failed = new Map(results.flatMap((result) => result.failures).map((failure) => [failure.exportName, failure.message]));
  if (failed.size === 0) return;
  const compiledAs = new Map<string, string>(plan.aliases);
  ir.tools.forEach((tool, index) => {
    for (const role of ["input", "output"] as const) {
      const normalized = tool[role];
      if (normalized === undefined) continue;
      const exportName = validatorExportName(role, index);
      const message = failed.get(compiledAs.get(exportName) ?? exportName);
      if (message === undefined) continue;
      ir.diagnostics.push({
        severity: "warning",
        code: "schema-invalid",
        message: `ajv cannot compile this schema (${message}); ${role === "input" ? "arguments are checked only for being an object" : "structuredContent is not validated"}`,
        file: ir.source,
        tool: tool.wireName,
        pointer: normalized.pointer,
        hint: "fix the schema on the server or in the manifest",
      });
    }
  });
}

/**
 * The pattern engine ajv's code calls (`code.regExp`), declared only when some pattern does not
 * compile as `new RegExp(source, "u")`: the table of those patterns, the engine
 * (templates/pattern-engine.ts) and, when a pattern needs it, the linear-time matcher
 * (templates/linear-regexp.ts). Otherwise nothing: the file is what it was without them.
 */
function patternEngineBlock(modes: ReadonlyArray<readonly [string, PatternMode]>): string[] {
  if (modes.length === 0) return [];
  const linear = modes.some(([, mode]) => mode !== "legacy");
  const table = modes.map(([source, mode]) => `  [${stringLiteral(source)}, ${stringLiteral(mode)}],`).join("\n");
  return [
    ...(linear ? [inlinedTemplateCode("linear-regexp.ts"), ""] : []),
    inlinedTemplateCode("pattern-engine.ts"),
    "",
    `/** How the patterns that do not compile as \`new RegExp(source, "u")\` compile (mcpgen's docs/type-mapping.md, "Patterns"). */`,
    `const ${PATTERN_ENGINE_NAME} = patternEngine(new Map([\n${table}\n]), ${linear ? "LinearRegExp" : "undefined"});`,
    "",
  ];
}

/** What there is to compile: each distinct validation schema once, and the exports that alias it. */
export interface ValidatorPlan {
  unique: ValidatorEntry[];
  /** What they compile against: the subschemas repeated across or within `unique`, which refer to them by `$ref` (see shared-subschemas.ts). */
  context: CompileContext;
  aliases: Array<[alias: string, target: string]>;
}

export async function validatorEntries(ir: ManifestIR): Promise<ValidatorPlan> {
  const { formats } = await import("../../../templates/validator-runtime.js");
  const knownFormats = new Set(Object.keys(formats));
  const unique: ValidatorEntry[] = [];
  const aliases: Array<[alias: string, target: string]> = [];
  const byContent = new Map<string, string>();
  ir.tools.forEach((tool, index) => {
    for (const role of ["input", "output"] as const) {
      const normalized = tool[role];
      if (normalized === undefined) continue;
      const exportName = validatorExportName(role, index);
      let schema = validationSchema(normalized.schema, knownFormats);
      let key = JSON.stringify(schema);
      // Only a schema with `propertyNames` has refs to inline (its JSON names the keyword; the converse need not hold).
      if (key.includes('"propertyNames":')) key = JSON.stringify((schema = withPropertyNameRefsInlined(schema)));
      if (key.includes('"unevaluatedProperties":') && key.includes('"if":')) key = JSON.stringify((schema = withIfAnnotationsVisible(schema)));
      const existing = byContent.get(key);
      if (existing !== undefined) {
        aliases.push([exportName, existing]);
        continue;
      }
      byContent.set(key, exportName);
      unique.push({ exportName, schema });
    }
  });
  const sharing = shareRepeatedSubschemas(
    unique.map((entry) => entry.schema as Schema),
    (index) => validatorId(sharedExportName(index)),
  );
  // A shared schema that ajv cannot compile fails inside the first export that refers to it, and is reported there.
  const shared = sharing.shared.map((subschema, index) => ({ exportName: sharedExportName(index), schema: subschema.schema }));
  const roots = sharing.roots;
  const patternModes = patternModesOf([...roots, ...shared.map((entry) => entry.schema as Schema)], ir.patternModes);
  return {
    unique: unique.map((entry, index) => ({ ...entry, schema: roots[index]! })),
    context: { shared, tracksEvaluation: sharing.readsEvaluation, ...(patternModes.length > 0 ? { patternModes } : {}) },
    aliases,
  };
}

/** The patterns (and patternProperties keys) of these schemas that do not compile as `new RegExp(source, "u")`, sorted. */
function patternModesOf(schemas: readonly Schema[], decided: ManifestIR["patternModes"]): Array<[string, PatternMode]> {
  const modes = new Map<string, PatternMode>();
  const note = (source: string) => {
    const mode = decided.get(source);
    if (mode !== undefined) modes.set(source, mode);
  };
  const visit = (schema: Schema): Schema => {
    if (typeof schema === "boolean") return schema;
    if (typeof schema["pattern"] === "string") note(schema["pattern"]);
    if (typeof schema["patternProperties"] === "object" && schema["patternProperties"] !== null) Object.keys(schema["patternProperties"]).forEach(note);
    return mapSubschemas(schema, visit);
  };
  schemas.forEach(visit);
  return [...modes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const sharedExportName = (index: number) => `shared${index}`;

/** Drops annotations and unknown formats; the rest is what ajv compiles. */
export function validationSchema(schema: Schema, knownFormats: ReadonlySet<string>): Schema {
  if (typeof schema === "boolean") return schema;
  // An empty enum admits no value (JSON Schema allows it; ajv refuses to compile it): the schema `false`.
  if (Array.isArray(schema["enum"]) && schema["enum"].length === 0) return false;
  const dropped = (key: string) => ANNOTATIONS.has(key) || (key === "format" && !knownFormats.has(schema[key] as string));
  // The schema itself where nothing is dropped (schemas are never modified in place).
  let kept = schema;
  if (Object.keys(schema).some(dropped)) {
    kept = {};
    for (const [key, value] of Object.entries(schema)) if (!dropped(key)) kept[key] = value;
  }
  return withNamesAjvCannotPlace(mapSubschemas(kept, (sub) => validationSchema(sub, knownFormats)));
}

/** Keywords whose subschemas apply to the instance itself, passing their annotations up (2020-12 Core §10.2). */
const IN_PLACE: ReadonlySet<string> = new Set([...SUBSCHEMA_KEYWORDS].filter(([, kind]) => kind.position === "in-place").map(([keyword]) => keyword));

/**
 * ajv passes the properties an `if` evaluated to no `unevaluatedProperties`,
 * though they count when the `if` passes (2020-12 Core §10.2.2.1). Where an
 * `unevaluatedProperties` reads them, `if: I, then: T, else: E` becomes
 * `anyOf: [{ allOf: [I, T] }, { allOf: [{ not: I }, E] }]`: the same
 * validation, and the annotations flow as the spec says. (Not for
 * `unevaluatedItems`: ajv counts the items of every `anyOf` branch there,
 * passing or not.)
 */
function withIfAnnotationsVisible(schema: Schema, reading = false): Schema {
  if (typeof schema === "boolean") return schema;
  const reads = reading || schema["unevaluatedProperties"] !== undefined;
  const out = mapSubschemas(schema, (sub, slot) => withIfAnnotationsVisible(sub, reads && IN_PLACE.has(slot.keyword)));
  if (!reads || out["if"] === undefined) return out;
  const { if: condition, then: yes = true, else: no = true, ...rest } = out;
  const branches = { anyOf: [{ allOf: [condition, yes] }, { allOf: [{ not: condition }, no] }] };
  return rest["anyOf"] === undefined ? { ...rest, ...branches } : { ...rest, allOf: [...((rest["allOf"] as Schema[] | undefined) ?? []), branches] };
}

/**
 * A `$ref` under `propertyNames` becomes a call, and ajv tells the called
 * schema nothing of the property name, so its issues could not name the
 * property: each local ref there is replaced by what it points to (the root's
 * `$defs` entry, or the root), except a ref that would repeat itself. Refs
 * that fan out (each copy holding more) could grow the schema exponentially:
 * past `PROPERTY_NAME_INLINING` copies, that `propertyNames` keeps its refs
 * (checked the same; its issues just cannot name the property).
 */
function withPropertyNameRefsInlined(root: Schema): Schema {
  if (typeof root === "boolean") return root;
  const definitions = (root["$defs"] ?? {}) as Record<string, Schema>;
  const inline = (schema: Schema, expanding: ReadonlySet<string>, budget: { copies: number }): Schema => {
    if (typeof schema === "boolean") return schema;
    const ref = schema["$ref"];
    const target =
      typeof ref !== "string" || expanding.has(ref)
        ? undefined
        : ref === "#"
          ? root
          : Object.prototype.hasOwnProperty.call(definitions, refTarget(ref))
            ? definitions[refTarget(ref)]
            : undefined;
    if (target === undefined) return mapSubschemas(schema, (sub) => inline(sub, expanding, budget));
    if (--budget.copies < 0) throw OVER_BUDGET;
    const expanded = inline(target, new Set([...expanding, ref as string]), budget);
    const { $ref: _inlined, ...siblings } = schema;
    return Object.keys(siblings).length > 0 ? { allOf: [expanded, inline(siblings, expanding, budget)] } : expanded;
  };
  const inlineOrKeep = (schema: Schema): Schema => {
    try {
      return inline(schema, new Set(), { copies: PROPERTY_NAME_INLINING });
    } catch (error) {
      if (error === OVER_BUDGET) return schema;
      throw error;
    }
  };
  const walk = (schema: Schema): Schema =>
    typeof schema === "boolean" ? schema : mapSubschemas(schema, (sub, slot) => (slot.keyword === "propertyNames" ? inlineOrKeep(sub) : walk(sub)));
  return walk(root);
}

/** Refs inlined under one `propertyNames` at most (a name's schema needs a handful). */
const PROPERTY_NAME_INLINING = 64;
const OVER_BUDGET = Symbol("over budget");

/** Lone surrogates: ajv writes schema paths with `encodeURIComponent`, which throws on one ("URI malformed"). */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** `text` with each lone surrogate written as a `\uXXXX` escape: the same regular expression under the `u` flag. */
const escapeLoneSurrogates = (text: string) => text.replace(LONE_SURROGATES, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** A Unicode regular expression that matches exactly `name`. */
const exactly = (name: string) => `^${escapeLoneSurrogates(name.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&"))}$`;

/**
 * Names ajv cannot place in a schema, checked the same way by other keywords:
 *   - a property named `__proto__` in `properties` ajv skips (it would not be
 *     checked, and `additionalProperties: false` would reject it); so is one
 *     whose name holds a lone surrogate (ajv cannot compile it at all). Either
 *     becomes a `patternProperties` entry matching exactly that name, checked
 *     like any other property (`required` needs no change);
 *   - a `patternProperties` key with a lone surrogate is the same expression
 *     with the surrogate escaped;
 *   - a `dependentSchemas` name with a lone surrogate becomes
 *     `if: { type: object, required: [name] }, then: <schema>` in `allOf`.
 */
function withNamesAjvCannotPlace(schema: SchemaObject): SchemaObject {
  const properties = schema["properties"] as Record<string, Schema> | undefined;
  const patterns = schema["patternProperties"] as Record<string, Schema> | undefined;
  const dependents = schema["dependentSchemas"] as Record<string, Schema> | undefined;
  const awkward = (name: string) => name === "__proto__" || LONE_SURROGATE.test(name);
  const moved = properties === undefined ? [] : Object.keys(properties).filter(awkward);
  const escaped = patterns === undefined ? [] : Object.keys(patterns).filter((pattern) => LONE_SURROGATE.test(pattern));
  const conditional = dependents === undefined ? [] : Object.keys(dependents).filter((name) => LONE_SURROGATE.test(name));
  if (moved.length === 0 && escaped.length === 0 && conditional.length === 0) return schema;
  const out: SchemaObject = { ...schema };
  if (moved.length > 0 || escaped.length > 0) {
    const rest: Record<string, Schema> = {};
    for (const [name, sub] of Object.entries(properties ?? {})) if (!awkward(name)) setOwn(rest, name, sub);
    const byPattern: Record<string, Schema> = {};
    const add = (pattern: string, sub: Schema) =>
      setOwn(byPattern, pattern, Object.prototype.hasOwnProperty.call(byPattern, pattern) ? { allOf: [byPattern[pattern]!, sub] } : sub);
    for (const [pattern, sub] of Object.entries(patterns ?? {})) add(escapeLoneSurrogates(pattern), sub);
    for (const name of moved) add(exactly(name), properties![name]!);
    if (properties !== undefined) out["properties"] = rest;
    out["patternProperties"] = byPattern;
  }
  if (conditional.length > 0) {
    const kept: Record<string, Schema> = {};
    for (const [name, sub] of Object.entries(dependents!)) if (!conditional.includes(name)) setOwn(kept, name, sub);
    if (Object.keys(kept).length > 0) out["dependentSchemas"] = kept;
    else delete out["dependentSchemas"];
    const members = conditional.map((name): Schema => ({ if: { type: "object", required: [name] }, then: dependents![name]! }));
    out["allOf"] = [...((schema["allOf"] as Schema[] | undefined) ?? []), ...members];
  }
  return out;
}

/** `validate.ts`: the typed entry points. Depends only on the IR (export names are fixed by tool position). */
export function emitValidate(ir: ManifestIR): SourceFile {
  const imports = ir.tools.flatMap((tool, index) => [validatorExportName("input", index), ...(tool.output ? [validatorExportName("output", index)] : [])]);
  const runtimeImports = [
    "createStandardSchemas",
    "runValidator",
    "type CompiledValidator",
    "type StandardSchemas",
    "type ValidationResult",
    "type Validators",
  ];
  // Every tool has an entry; `null` marks a tool without an outputSchema (anything goes).
  const table = (role: "input" | "output"): VariableStatement => ({
    kind: "const",
    doc: [],
    exported: false,
    name: `${role}Validators`,
    type: typeLiteral(
      [{ kind: "index", readonly: true, parameter: "name", type: { kind: "union", types: [reference("CompiledValidator"), literal("null")] } }],
      false,
    ),
    value: {
      kind: "object",
      properties: ir.tools.map(
        (tool, index) => [objectLiteralKey(tool.wireName), identifier(role === "input" || tool.output ? validatorExportName(role, index) : "null")] as const,
      ),
      multiLine: true,
    },
  });
  return {
    path: "validate.ts",
    format: "typescript",
    statements: [
      headerComments(ir, "Typed entry points to the compiled validators."),
      ...(imports.length > 0 ? [importDeclaration(imports, VALIDATORS_IMPORT)] : []),
      importDeclaration(["ToolMap", "ToolName"], `"./types.js"`, true),
      importDeclaration(runtimeImports, `"./runtime.js"`),
      table("input"),
      table("output"),
      template("client/validate.ts"),
    ],
  };
}
