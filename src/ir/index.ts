/**
 * The one normalised model every emitter reads. Built by `normalize`; nothing
 * downstream looks at the raw input again. Beside it: `raw-manifest.ts`, what
 * acquire hands normalize, and `refs.ts`, how emitters read a ref.
 */
import type { Diagnostic } from "../shared/errors.js";

/**
 * A JSON Schema after normalisation: 2020-12 vocabulary, known keywords only,
 * and no identifiers: no `$id`, `$anchor`, `$dynamicAnchor`,
 * `$recursiveAnchor`, `$dynamicRef` or `$recursiveRef`. Every reference is a
 * plain `$ref` to `#` (the root) or `#/$defs/<key>` (`refTarget` reads one).
 * A `pattern` or `patternProperties` key that remains is one to validate, compiled as
 * `ManifestIR.patternModes` says.
 */
export type Schema = boolean | SchemaObject;

export interface SchemaObject {
  [keyword: string]: unknown;
}

/**
 * How a pattern compiles when not as `new RegExp(source, "u")`: `legacy` without the `u` flag
 * (valid only so: another regex dialect's escapes), `linear` by mcpgen's linear-time matcher
 * (a backtracking engine could stall on it), `linear-legacy` both. The validators' pattern
 * emitter (src/emit/validators/code.ts) reads it to compile each pattern.
 */
export type PatternMode = "legacy" | "linear" | "linear-legacy";

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
  /**
   * Type name for the root and for each `$defs` key, decided globally: a
   * definition that several schemas hold (the same key, canonical JSON and
   * refs) has the same name in each of them, and is one type.
   */
  typeNames: { root: string; defs: Map<string, string> };
  /** JSON pointer of this schema in the input document. */
  pointer: string;
}

export interface ToolIR {
  /** The name on the wire (`tools/call` `name`). */
  wireName: string;
  /** Client method name. */
  methodName: string;
  /** Base name of the tool's own file (a scaffold's handler: `src/handlers/<fileBase>.ts`), decided with the other names. */
  fileBase: string;
  title?: string | undefined;
  description?: string | undefined;
  annotations?: ToolAnnotations | undefined;
  input: NormalizedSchema;
  output?: NormalizedSchema | undefined;
  /** The tool exactly as the server listed it (for the snapshot and `tools/list` of a scaffold). */
  raw: Record<string, unknown>;
  /**
   * When an official SDK rejects `raw` (normalize/sdk-tool-schema.ts: v2's
   * `Tool` as declared, v1's as the 2025 revisions list it): the tool as both
   * accept it, changed only where rejected, which is how a scaffolded server
   * (on SDK v2) lists it.
   */
  acceptedBySdk?: Record<string, unknown> | undefined;
  /**
   * The arguments a client mirrors into `Mcp-Param-{header}` HTTP headers
   * (`x-mcp-header`, MCP 2026-07-28), in the order the schema lists them;
   * empty when none is marked. A tool whose marks break the revision's
   * constraints is not in a client's IR at all, and is in a server's with
   * none (`Audience`, normalize/mcp-headers.ts).
   */
  mcpHeaders: McpHeader[];
  /**
   * True when the server requires every call to be a task (`execution.taskSupport: "required"`,
   * MCP 2025-11-25), which the generated client never makes: its calls fail (normalize/tools.ts `task-required`).
   */
  taskRequired?: true | undefined;
  /** JSON pointer of the tool in the input document. */
  pointer: string;
}

/** One `x-mcp-header` argument: where it is in the arguments (a chain of property names), its header's name and its type. */
export interface McpHeader {
  path: string[];
  header: string;
  type: "string" | "integer" | "boolean";
}

/** MCP `ToolAnnotations` (hints, never guarantees). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** MCP `Annotations` of a resource or a resource template (hints for the client, never the contract). */
export interface ResourceAnnotations {
  audience?: unknown;
  priority?: unknown;
  lastModified?: unknown;
  [key: string]: unknown;
}

/** One argument of a prompt (MCP `PromptArgument`): its value is always a string. */
export interface PromptArgumentIR {
  /** The name on the wire (a key of `prompts/get` `arguments`). */
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  /** `required: true` as listed; any other value is optional. */
  required: boolean;
}

/** A prompt the server lists (MCP `Prompt`, `prompts/list`), fetched with `prompts/get`. */
export interface PromptIR {
  /** The name on the wire (`prompts/get` `name`). */
  wireName: string;
  /** Client method that gets it (`getArgsPrompt` for `args-prompt`), decided with every other name. */
  methodName: string;
  /** Client method that asks for completions of its arguments (`completeArgsPrompt`), emitted when the server declares `completions`. */
  completionMethodName: string;
  /** Type of its arguments (`ArgsPromptArguments`). */
  typeName: string;
  /** Base name of its own file (a scaffold's handler), decided with the other names. */
  fileBase: string;
  title?: string | undefined;
  description?: string | undefined;
  /** Its arguments in the order listed, first of each name only. */
  arguments: PromptArgumentIR[];
  /** The prompt exactly as the server listed it (for the snapshot and a scaffold's `prompts/list`). */
  raw: Record<string, unknown>;
  /** Set when an official SDK client rejects `raw`: the prompt as a scaffold and a mock list it (`sdk-surface-schema.ts`). */
  acceptedBySdk?: Record<string, unknown> | undefined;
  /** JSON pointer of the prompt in the input document. */
  pointer: string;
}

/** A fixed resource the server lists (MCP `Resource`, `resources/list`), read with `resources/read` by its URI. */
export interface ResourceIR {
  /** Its URI: what identifies it (`resources/read` `uri`). */
  uri: string;
  /** Its `name` as listed. */
  name: string;
  /** Client method that reads it (`readArchitectureMd` for `architecture.md`), decided with every other name. */
  methodName: string;
  /** Base name of its own file (a scaffold's handler). */
  fileBase: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  /** Its size in bytes as listed (a non-negative number), when given: its state, not the contract (ir/resource-state.ts); no generated code says it. */
  size?: number | undefined;
  annotations?: ResourceAnnotations | undefined;
  /** The resource exactly as listed. */
  raw: Record<string, unknown>;
  /** Set when an official SDK client rejects `raw`: the resource as a scaffold and a mock list it (`sdk-surface-schema.ts`). */
  acceptedBySdk?: Record<string, unknown> | undefined;
  pointer: string;
}

/** One variable of a resource template: its name as the template writes it (RFC 6570 `varname`). */
export interface TemplateVariableIR {
  name: string;
  /**
   * Whether a read must give it: true when every expression holding it holds
   * it alone as a simple or reserved expansion (`{id}`, `{+path}`), which
   * writes it left undefined as it writes `""` (a match gives it `""`); false
   * when some expression writes its absence apart (`{/seg}`, `{.ext}`, `{#frag}`,
   * `{;p}`, `{?q}`, `{&r}`, or beside another variable, `{x,y}`: RFC 6570
   * §3.2.1), so a URI may leave it out and a match leaves it undefined.
   */
  required: boolean;
  /** Expanded with the explode modifier (`{/path*}`) and never with a prefix: it may be a list or an associative array of strings. */
  composite: boolean;
}

/** A resource template the server lists (MCP `ResourceTemplate`, `resources/templates/list`): an RFC 6570 URI template, read with `resources/read` once expanded. */
export interface ResourceTemplateIR {
  /** Its `name` as listed: what identifies it. */
  wireName: string;
  /** The RFC 6570 template, as listed; it parses (a template that does not is left out of the IR). */
  uriTemplate: string;
  /** Client method that expands it and reads the resource (`readDynamicTextResource`). */
  methodName: string;
  /** Client method that asks for completions of its variables, emitted when the server declares `completions`. */
  completionMethodName: string;
  /** Type of its variables (`DynamicTextResourceVariables`). */
  typeName: string;
  /** Base name of its own file (a scaffold's handler). */
  fileBase: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  annotations?: ResourceAnnotations | undefined;
  /** Its variables, each once, in order of first use. */
  variables: TemplateVariableIR[];
  /** The template exactly as listed. */
  raw: Record<string, unknown>;
  /** Set when an official SDK client rejects `raw`: the template as a scaffold and a mock list it (`sdk-surface-schema.ts`). */
  acceptedBySdk?: Record<string, unknown> | undefined;
  pointer: string;
}

export interface ServerInfo {
  name?: string;
  version?: string;
  title?: string;
  [key: string]: unknown;
}

/** The list methods of the server surface beside `tools/list`. */
export type ListMethod = "prompts/list" | "resources/list" | "resources/templates/list";

/** `ttlMs` and `cacheScope` of a cacheable list result, by method (`tools/list`), as a 2026-07-28 server sent them. */
export type ListCacheHints = Record<string, { ttlMs?: number | undefined; cacheScope?: "public" | "private" | undefined }>;

/**
 * Who the output of a normalisation is for, where the two differ: a
 * `client` (generate, pull, diff, the in-process mock client) leaves out
 * what the protocol has clients leave out; a `server` (scaffold, the mock
 * server) serves what it declares as declared (normalize/mcp-headers.ts).
 */
export type Audience = "client" | "server";

export interface ManifestIR {
  /** Display name of the input (file path, `<stdin>`, or a server URL). */
  source: string;
  /** Who the IR was normalised for (`Audience`); absent: a client. */
  audience?: Audience | undefined;
  server?: ServerInfo | undefined;
  protocolVersion?: string | undefined;
  capabilities?: Record<string, unknown> | undefined;
  instructions?: string | undefined;
  /** The client capabilities the pull that wrote the snapshot declared (`--capability`), when it declared any. */
  clientCapabilities?: Record<string, unknown> | undefined;
  /** The list results' cache hints as the server sent them (MCP 2026-07-28 "Caching"), by method: `tools/list`, `prompts/list`, ... */
  cache?: ListCacheHints | undefined;
  /** Tools in the order the server listed them, first of each name only. */
  tools: ToolIR[];
  /** Prompts in the order listed, first of each name only; empty when the manifest has none (or the server was not asked). */
  prompts: PromptIR[];
  /** Fixed resources in the order listed, first of each URI only. */
  resources: ResourceIR[];
  /** Resource templates in the order listed, first of each name only; a template that does not parse is left out. */
  resourceTemplates: ResourceTemplateIR[];
  /** The client method that reads a fixed resource by its URI (`readResource`, unless a tool took the name), when there are fixed resources. */
  resourceReader?: string | undefined;
  /**
   * Which of the lists the manifest holds (`prompts/list`, `resources/list`,
   * `resources/templates/list`), as listed, even empty: the snapshot keeps
   * exactly these. A list absent was not asked for (the capability is not
   * declared) or could not be listed.
   */
  listed: ReadonlySet<ListMethod>;
  /**
   * How each `pattern` and `patternProperties` key kept in the tools' schemas compiles when not
   * as `new RegExp(source, "u")` (JSON Schema's ECMA-262 regexes, 2020-12 Validation §6.3.3):
   * decided by normalisation from the pattern's text alone (normalize/patterns.ts), by source.
   * A kept pattern absent here compiles with `u`.
   */
  patternModes: ReadonlyMap<string, PatternMode>;
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
