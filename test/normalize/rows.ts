/**
 * The shape of the normalisation rules' table rows (`[rule, { given, want,
 * warnings }]`), one file per family of `RULE_FAMILIES` beside this one, run
 * by `rules.test.ts` straight through the stage: `normalizeSchema` for a
 * schema, `normalizeManifest` for a manifest, `checkToolsAgainstSdk` for the
 * SDK's view of one.
 */
import type { Audience, Dialect, PatternMode, Schema } from "../../src/ir/index.js";
import type { DiagnosticCode } from "../../src/shared/errors.js";

/** A diagnostic as a row expects it. Pointers are relative to the schema in schema rows, absolute in manifest rows. */
export interface Warning {
  code: DiagnosticCode;
  pointer: string;
  message: string;
}

interface RowBase {
  /** What the row shows: the test's name. */
  says: string;
  /** Every warning, in order (none when absent). */
  warnings?: Warning[];
  /** Other rules whose warnings the row shows too (each row's warnings must be codes its rules report). */
  also?: string[];
}

/** One tool schema through `normalizeSchema`. */
export interface SchemaRow extends RowBase {
  given: unknown;
  /** The normalised schema, keys in order. */
  want: Schema;
  /** The dialect it was read in, when the row is about it. */
  dialect?: Dialect;
  /** How its kept patterns compile, when not with `u` (none when absent). */
  patternModes?: Record<string, PatternMode>;
}

/** What a row expects of a tool of the IR (only the fields it names). */
export interface ToolWant {
  wireName?: string;
  methodName?: string;
  fileBase?: string;
  title?: string | undefined;
  description?: string | undefined;
  annotations?: unknown;
  /** The normalised `inputSchema`. */
  input?: Schema;
  /** Type names of the input: the root's and each `$defs` key's. */
  inputTypes?: { root: string; defs: Record<string, string> };
  output?: Schema | undefined;
  outputTypes?: { root: string; defs: Record<string, string> } | undefined;
  /** The arguments mirrored into `Mcp-Param-*` headers. */
  mcpHeaders?: Array<{ path: string[]; header: string; type: string }>;
  /** Whether the server requires every call to be a task. */
  taskRequired?: true | undefined;
}

/** A manifest document through `recogniseManifest` and `normalizeManifest`. */
export interface ManifestRow extends RowBase {
  stage: "manifest";
  /** The manifest document; a string is the file's text, read as `mcpgen generate` reads a file. */
  given: unknown;
  /** Whom the IR is for (`NormalizeOptions.audience`); absent: a client. */
  audience?: Audience;
  /**
   * Every tool of the IR, in order, with the fields the row names; and, where
   * the row names them, every prompt, resource and resource template (each
   * compared whole, as `surfaceView` in rules.test.ts shows it).
   */
  want?: { tools?: ToolWant[]; prompts?: unknown[]; resources?: unknown[]; resourceTemplates?: unknown[]; resourceReader?: string };
  /** The error that refuses the whole manifest, instead of an IR. */
  error?: Warning;
}

/** A manifest through `normalizeManifest`, then `checkToolsAgainstSdk`. */
export interface SdkRow extends RowBase {
  stage: "sdk";
  given: unknown;
  /**
   * By wire name, each tool the SDK rejects, as a scaffold lists it; `surface`: by name (a resource by
   * URI), each prompt, resource and resource template the SDK rejects, as a scaffold lists it.
   */
  want: { accepted: Record<string, unknown>; surface?: Record<string, unknown> };
}

export type Row = SchemaRow | ManifestRow | SdkRow;

/** The rows of one family: each names its rule. */
export type Rows = ReadonlyArray<readonly [rule: string, row: Row]>;

export const DRAFT_04 = "http://json-schema.org/draft-04/schema#";
export const DRAFT_06 = "http://json-schema.org/draft-06/schema#";
export const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
export const DRAFT_2019_09 = "https://json-schema.org/draft/2019-09/schema";
export const DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
