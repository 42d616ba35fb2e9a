/**
 * The one normalised model every emitter reads. Built by `normalize`; nothing
 * downstream looks at the raw input again.
 */
import type { Diagnostic } from "../shared/errors.js";

/**
 * A JSON Schema after normalisation: 2020-12 vocabulary, known keywords only,
 * and no identifiers: no `$id`, `$anchor`, `$dynamicAnchor`,
 * `$recursiveAnchor`, `$dynamicRef` or `$recursiveRef`. Every reference is a
 * plain `$ref` to `#` (the root) or `#/$defs/<key>`.
 * A `pattern` or `patternProperties` key that remains is one to validate; how it compiles (with
 * `u`, without, or by the linear-time matcher) is a function of its text, `patternMode` in
 * normalize/patterns.ts, so the IR carries no flag for it.
 */
export type Schema = boolean | SchemaObject;

export interface SchemaObject {
  [keyword: string]: unknown;
}

/** The JSON Schema dialect a schema was written in, as resolved from `$schema` (absent means 2020-12, per MCP 2025-11-25). */
export type Dialect = "2020-12" | "2019-09" | "draft-07" | "draft-06" | "draft-04";

export interface NormalizedSchema {
  /** Dialect the server wrote the schema in. */
  dialect: Dialect;
  /**
   * The schema in 2020-12 form (see `Schema`). `$defs` holds every ref target,
   * wherever it was: a definition, a subschema (`#/properties/..`), an embedded
   * resource (`$id`), an anchor, a meta-schema. A target reached through a
   * dynamic ref (`$dynamicRef`, `$recursiveRef`) is there once per dynamic scope
   * it is used in, so that each such ref is a plain `$ref`. Emitters need no URI
   * resolution: `#` and `#/$defs/<key>` are all there is. The root is the tool's
   * schema as written (never forced to `type: "object"`; for tool arguments,
   * `validateInput` requires an object beside it).
   */
  schema: Schema;
  /** Type name for the root and for each `$defs` key, decided globally. */
  typeNames: { root: string; defs: Map<string, string> };
  /** JSON pointer of this schema in the input document. */
  pointer: string;
}

export interface ToolIR {
  /** The name on the wire (`tools/call` `name`). */
  wireName: string;
  /** Client method name. */
  methodName: string;
  title?: string | undefined;
  description?: string | undefined;
  annotations?: ToolAnnotations | undefined;
  input: NormalizedSchema;
  output?: NormalizedSchema | undefined;
  /** The tool exactly as the server listed it (for the snapshot and `tools/list` of a scaffold). */
  raw: Record<string, unknown>;
  /** JSON pointer of the tool in the input document. */
  pointer: string;
}

/** MCP `ToolAnnotations` (hints, never guarantees). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ServerInfo {
  name?: string;
  version?: string;
  title?: string;
  [key: string]: unknown;
}

export interface ManifestIR {
  /** Display name of the input (file path, `<stdin>`, or a server URL). */
  source: string;
  server?: ServerInfo | undefined;
  protocolVersion?: string | undefined;
  capabilities?: Record<string, unknown> | undefined;
  instructions?: string | undefined;
  /** Tools in the order the server listed them, first of each name only. */
  tools: ToolIR[];
  diagnostics: Diagnostic[];
}

/** One output file as text: as emitted (TypeScript is emitted as a `SourceFile`), or as formatted. */
export interface EmittedFile {
  /** Path relative to the output directory, `/`-separated. */
  path: string;
  contents: string;
  /** Whether Prettier formats it whole (TypeScript or JSON) or the format stage leaves it as is. */
  format: "typescript" | "json" | "none";
}

/** One output file as an emitter returns it: TypeScript as statements (the format stage prints it), anything else as text. */
export type OutputFile = import("./code.js").SourceFile | EmittedFile;

export type * from "./code.js";
