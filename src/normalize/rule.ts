/**
 * What a normalisation rule is. Every rule has a name (what diagnostics'
 * documentation, the docs and ARCHITECTURE.md cite), one sentence of what
 * it does, and the diagnostic codes it may report; `registry.ts` lists them
 * all, and `test/normalize/` holds table rows for each.
 *
 * Most rules read one or more keywords of a schema object: those are
 * `KeywordRule`s, and the keyword dispatch of `schema.ts` reads their table
 * (`rules/index.ts`), so adding such a rule is adding an entry. The others
 * are structural (dialect detection, ref resolution over resources, dynamic
 * scopes, tool-level checks, names): each is declared beside the code that
 * implements it.
 */
import type { Dialect, Schema, SchemaObject } from "../ir/index.js";
import type { DiagnosticCode } from "../shared/errors.js";

export interface Rule {
  /** Kebab-case, unique among all rules. */
  readonly name: string;
  /** What the rule does: its documentation, in a sentence or two. */
  readonly does: string;
  /** The section of a specification it follows, when one does. */
  readonly spec?: string | undefined;
  /** Codes of the diagnostics it may report (empty: it never reports). */
  readonly reports: readonly DiagnosticCode[];
}

/** A rule applied to the keywords of each schema object (see `SchemaNode`). */
export interface KeywordRule extends Rule {
  /** The keywords it reads; no keyword is read by two rules. */
  readonly keywords: readonly string[];
  /** Reads `keyword` (one of `keywords`) of the object into `node.out`, in the order the object lists its keywords. */
  readonly apply?: (node: SchemaNode, keyword: string, value: unknown, at: string) => void;
  /** Runs once every keyword of an object is read, in table order, for what depends on several keywords. */
  readonly finish?: (node: SchemaNode) => void;
}

/** The ref keywords (`plain-refs`). */
export type RefKeyword = "$ref" | "$dynamicRef" | "$recursiveRef";

/** Where a ref leads: a `$ref` of the IR (`#` or `#/$defs/<key>`), or why it cannot be followed. */
export type RefResolution = { kind: "found"; target: string } | { kind: "external" } | { kind: "unresolved"; reason: string };

/** One schema object being normalised, as keyword rules see it. */
export interface SchemaNode {
  /** The object as written. */
  readonly input: Readonly<Record<string, unknown>>;
  /** The normalised object, built keyword by keyword. */
  readonly out: SchemaObject;
  /** JSON pointer of the object, relative to the tool's schema. */
  readonly pointer: string;
  /** Dialect of the schema resource the object is in. */
  readonly dialect: Dialect;
  /** The refs the object applies, resolved, in order (`plain-refs` writes them). */
  readonly refs: string[];
  /** The subschema `value` at `at`, normalised; undefined when it is not a schema (reported: `lenient-subschemas`). */
  subschema(value: unknown, at: string): Schema | undefined;
  /** Where a ref written in this object leads (`ref-resolution`, `dynamic-refs`, `ref-hoisting`). */
  resolve(keyword: RefKeyword, ref: string, at: string): RefResolution;
  /** Whether a pattern is validated (warning as `patterns` decides); records how a kept one compiles. */
  keepPattern(source: string, what: string, at: string): boolean;
  warn(code: DiagnosticCode, message: string, at: string, hint?: string): void;
  /** Drops `keyword`, with a `keyword-dropped` warning that says why. */
  drop(keyword: string, at: string, why: string): void;
  /** Ends the object: it normalises to `schema`, whatever its other keywords say. */
  replace(schema: SchemaObject): void;
}
