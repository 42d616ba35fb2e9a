import { createHash } from "node:crypto";
import { OBJECT_MEMBERS, RESERVED_WORDS } from "../shared/escape.js";
import type { Rule } from "./rule.js";

/**
 * Identifier rules. Names are decided once, for the whole output, before any
 * emitter runs (see `assignToolNames`), so every emitter agrees on them.
 */

export const METHOD_NAMES: Rule = {
  name: "method-names",
  does: "A tool's client method is the camelCase of its wire name (`get_weather` → `getWeather`); `tool` when no letter or digit is left, a `tool` prefix before a digit, a `Tool` suffix for a reserved word or a name that would make the client a thenable or shadow an `Object.prototype` member; collisions get numeric suffixes, a name that already is the ideal identifier first, then in code-point order of the wire names.",
  reports: [],
};

export const TYPE_NAMES: Rule = {
  name: "type-names",
  does: "A tool's types are the PascalCase of its wire name with `Input` and `Output` (`GetWeatherInput`), claimed together with the bare stem (held, never declared: a tool `map` gets `MapInput`, though the global `Map` is reserved); never one of mcpgen's own exported names (`ToolMap`, `ToolResult`, ...) nor a global (`Promise`, `Record`, ...); collisions get numeric suffixes.",
  reports: [],
};

export const DEF_TYPE_NAMES: Rule = {
  name: "def-type-names",
  does: "Each definition the schemas reach (a `$defs` key after `ref-hoisting`) is one type, however many schemas hold it: the same key with the same canonical JSON, whose refs lead to the same definitions again, is one definition. One that two or more schemas reach is named after its key in PascalCase (`RichTextRequest` for `rich_text_request`), the one most schemas share first; one that a single schema reaches, or whose name is taken, is `<Root><Key>` after the first schema reaching it, in code-point order of the tools (`GetWeatherInputGeoPoint`), numbered when taken. Claimed after the tools' own type names, from the same set, whatever the listed order; never a name the output declares or exports beside the schemas' types (`ResourceUri`, `Progress`, `GetPromptResult`, ...).",
  reports: [],
};

export const SURFACE_NAMES: Rule = {
  name: "surface-names",
  does: "Prompts, resource templates and resources are named by the same namers as tools, after them, so that a tool's names never change for them: a prompt gets `get<Name>Prompt` and `complete<Name>Prompt` and the type `<Name>PromptArguments` (`args-prompt` → `getArgsPrompt`, a trailing `Prompt` said once), a template `read<Name>` and `complete<Name>` and the type `<Name>Variables`, a fixed resource `read<Name>`, and the reader of fixed resources by URI `readResource`; in that order, each kind in code-point order of its names (resources of their URIs); a name taken is numbered, the forms of one prompt or template together.",
  reports: [],
};

export const FILE_NAMES: Rule = {
  name: "file-names",
  does: "A tool's own file (its validators, a scaffold's handler) is named after the kebab-case of its method name (`get-weather`): lower-case, with no separator or dot; past 80 characters cut and ended by a hash of the method name; Windows device names (`con`, `nul`, ...) get `-tool`; unique among the tools: a name another tool's file already has (`getAB` and `getAb` both give `get-ab`) is numbered (`get-ab-2`), in naming order.",
  reports: [],
};

/** Splits any text into ASCII words: `get_weather`, `get-weather`, `getWeather` and `GetWeather` all give `get`, `weather`. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "")
    .map((word) => word.toLowerCase());
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function pascalCase(text: string): string {
  return words(text).map(capitalize).join("");
}

export function camelCase(text: string): string {
  const [first = "", ...rest] = words(text);
  return first + rest.map(capitalize).join("");
}

/**
 * Method names that must never appear on the generated client object: a
 * `then` makes it a thenable (so `await createClient()` would call a tool), the
 * rest shadow `Object.prototype` members.
 */
const FORBIDDEN_MEMBERS: ReadonlySet<string> = new Set(["then", "catch", "finally", "prototype", "toJSON", ...OBJECT_MEMBERS]);

/** Type names the generated modules export themselves, and globals; a tool never takes one. */
export const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([
  "ToolMap",
  "ToolName",
  "ToolInput",
  "ToolOutput",
  "ToolResult",
  "StructuredToolResult",
  "ToolError",
  "ValidationError",
  "InputRequiredError",
  "ValidationIssue",
  "ValidationResult",
  "CallOptions",
  "ClientOptions",
  "McpClient",
  "ContentBlock",
  "TextContent",
  "ImageContent",
  "AudioContent",
  "ResourceLink",
  "EmbeddedResource",
  "ToolsClient",
  "Promise",
  "Array",
  "Record",
  "Partial",
  "Object",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "Error",
  "Date",
  "Map",
  "Set",
  "Function",
  "Readonly",
  "ReadonlyArray",
  "JSON",
]);

/**
 * The other type names an output declares or exports beside the schemas'
 * types: types.ts's `ResourceUri`, what index.ts re-exports from
 * runtime.ts beside its `export type *` from types.ts, and what a
 * scaffold's define.ts exports beside its own (a type of types.ts of the
 * same name would be shadowed there). A tool's own types
 * (`<Base>Input`, `<Base>Output`) never are one, so a tool keeps its names
 * (`progress`: `ProgressInput`); a definition, prompt or template type never
 * takes one (a shared `$defs` key `resource_uri` is not `ResourceUri`).
 * Reserved once the tools are named.
 */
export const ENTRY_POINT_TYPE_NAMES: ReadonlySet<string> = new Set([
  "ResourceUri",
  "ToolCall",
  "ToolMethod",
  "ToolConnection",
  "ValidateOptions",
  "ValidationSubject",
  "StandardSchemaV1",
  "StandardSchemas",
  "Progress",
  "GetPromptResult",
  "PromptMessage",
  "ReadResourceResult",
  "ResourceContents",
  "TextResourceContents",
  "BlobResourceContents",
  "CompleteResult",
  "CompletionOptions",
  // A scaffold's src/generated/define.ts.
  "FullToolResult",
  "HandlerReturn",
  "RequestContext",
  "ToolContext",
  "Completer",
  "CompletionContext",
  "CompletionValues",
  "Completions",
  "PromptContext",
  "PromptReturn",
  "ResourceContext",
  "ResourceReturn",
  "ProtocolError",
  "ResourceNotFoundError",
  "Handler",
  "HandlerDefinition",
  "PromptName",
  "PromptDefinition",
  "ResourceDefinition",
  "ResourceTemplateName",
  "ResourceTemplateDefinition",
]);

function safeMethodBase(wireName: string): string {
  let name = camelCase(wireName);
  if (name === "") name = "tool";
  if (/^[0-9]/.test(name)) name = `tool${capitalize(name)}`;
  if (FORBIDDEN_MEMBERS.has(name) || RESERVED_WORDS.has(name)) name = `${name}Tool`;
  return name;
}

function safeTypeBase(wireName: string): string {
  let name = pascalCase(wireName);
  if (name === "") name = "Tool";
  if (/^[0-9]/.test(name)) name = `Tool${name}`;
  return name;
}

export interface ToolNames {
  /** Method on the generated client, e.g. `getWeather`. */
  method: string;
  /** Stem of the tool's type names, e.g. `GetWeather` for `GetWeatherInput`. */
  typeBase: string;
  /** Base name of the tool's own file, e.g. `get-weather` (see `toolFileBase`). */
  fileBase: string;
}

/** Device names Windows will not create a file for, whatever the extension. */
const WINDOWS_DEVICE_NAMES = /^(con|prn|aux|nul|com\d|lpt\d)$/;

/**
 * Longest file base name. MCP asks for tool names of at most 128 characters
 * (2025-11-25, "Tool names"), but servers send longer ones, and a file name
 * past 255 bytes cannot be created at all (nor a path past 260 characters on
 * Windows): 80 leaves room for the project's path.
 */
export const MAX_FILE_BASE = 80;

/**
 * The base name, without extension, of a file of the tool's own (a scaffold's
 * handler, `src/handlers/<base>.ts`): the kebab-case of its method name
 * (`getWeather` → `get-weather`). Method names are identifiers made of ASCII
 * letters and digits, so the result is lower-case (no clash on
 * case-insensitive file systems) and can never hold a path separator or a
 * dot: a tool called `../../x` gets `x`. It is not always unique (`getAB` and
 * `getAb` both give `get-ab`): `assignToolNames` numbers the tools' files
 * apart. Past `MAX_FILE_BASE` characters it is cut, and ends in a hash of the
 * method name, so that two long names sharing their start still get different
 * files, and a tool always gets the same one.
 */
export function toolFileBase(methodName: string): string {
  let base = words(methodName).join("-") || "tool";
  if (base.length > MAX_FILE_BASE) {
    const hash = createHash("sha256").update(methodName).digest("hex").slice(0, 8);
    base = `${base.slice(0, MAX_FILE_BASE - hash.length - 1).replace(/-+$/, "")}-${hash}`;
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) throw new Error(`internal: unsafe file name ${JSON.stringify(base)}`);
  return WINDOWS_DEVICE_NAMES.test(base) ? `${base}-tool` : base;
}

/**
 * `base`, or, when another tool's file already has it, `base-2`, `base-3`,
 * ...: distinct method names can share a kebab-case (`getAB` and `getAb` both
 * give `get-ab`, and `con` gets `con-tool`, as `conTool` does), and the tools'
 * validators share one folder. Claimed in naming order, so the numbers do not
 * depend on the order the server listed its tools in.
 */
function claimFileBase(base: string, taken: Set<string>): string {
  let claimed = base;
  for (let n = 2; taken.has(claimed); n++) {
    const suffix = `-${n}`;
    claimed = `${base.slice(0, MAX_FILE_BASE - suffix.length).replace(/-+$/, "")}${suffix}`;
  }
  taken.add(claimed);
  return claimed;
}

/** Orders strings by UTF-16 code units (what `<` compares), the same in every locale. */
export const byCodePoints = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names for every tool, collision-free across the whole output. A tool whose
 * wire name is already the ideal identifier keeps it; the others get numeric
 * suffixes in wire-name order, so the result does not depend on the order the
 * server listed its tools in. The returned type namer holds every claimed
 * type name, for the schemas' own named types to claim from.
 */
export function assignToolNames(wireNames: readonly string[]): { tools: Map<string, ToolNames>; types: UniqueNames; methods: UniqueNames } {
  const methods = new UniqueNames(new Set());
  const types = new UniqueNames(RESERVED_TYPE_NAMES);
  const bases = wireNames.map((wireName) => ({ wireName, method: safeMethodBase(wireName) }));
  // Exact identifiers claim their name first, then plain code-point order.
  const exact = (entry: { wireName: string; method: string }) => (entry.method === entry.wireName ? 0 : 1);
  const ordered = bases.sort((a, b) => exact(a) - exact(b) || byCodePoints(a.wireName, b.wireName));
  const result = new Map<string, ToolNames>();
  const files = new Set<string>();
  for (const { wireName, method } of ordered) {
    const claimed = methods.claim(method);
    result.set(wireName, {
      method: claimed,
      // The bare stem is held, not declared: a tool called `map` gets `MapInput`, though the global `Map` is reserved.
      typeBase: types.claimForms(
        safeTypeBase(wireName),
        "Input\0Output",
        (candidate) => [`${candidate}Input`, `${candidate}Output`],
        (candidate) => [candidate],
      ),
      fileBase: claimFileBase(toolFileBase(claimed), files),
    });
  }
  for (const name of ENTRY_POINT_TYPE_NAMES) types.reserve(name);
  return { tools: result, types, methods };
}

/** A prompt's, template's or resource's names (`surface-names`); `completion` and `typeName` are absent for a resource. */
export interface SurfaceNames {
  method: string;
  completion: string;
  typeName: string;
  fileBase: string;
}

/** The PascalCase stem of a name, `fallback` when no letter or digit is left, with a leading digit kept from starting a type name. */
function stem(text: string, fallback: string, trailing?: string): string {
  let name = pascalCase(text);
  if (trailing !== undefined && name.endsWith(trailing) && name.length > trailing.length) name = name.slice(0, -trailing.length);
  if (name === "") name = fallback;
  return /^[0-9]/.test(name) ? `${fallback}${name}` : name;
}

/**
 * `surface-names`: the names of the prompts, resource templates and fixed
 * resources, claimed after the tools' (and their `$defs` types'), from the
 * same namers. Keyed by wire name (a resource: by URI).
 */
export function assignSurfaceNames(
  namers: { methods: UniqueNames; types: UniqueNames },
  surface: { prompts: readonly string[]; templates: readonly string[]; resources: ReadonlyArray<{ uri: string; name: string }> },
): { resourceReader: string | undefined; prompts: Map<string, SurfaceNames>; templates: Map<string, SurfaceNames>; resources: Map<string, SurfaceNames> } {
  const { methods, types } = namers;
  const resourceReader = surface.resources.length > 0 ? `read${methods.claimForms("Resource", "read", (candidate) => [`read${candidate}`])}` : undefined;
  const prompts = new Map<string, SurfaceNames>();
  for (const wireName of [...surface.prompts].sort(byCodePoints)) {
    const claimed = methods.claimForms(stem(wireName, "Prompt", "Prompt"), "prompt", (candidate) => [`get${candidate}Prompt`, `complete${candidate}Prompt`]);
    const typeStem = types.claimForms(stem(wireName, "Prompt", "Prompt"), "prompt", (candidate) => [`${candidate}PromptArguments`]);
    const method = `get${claimed}Prompt`;
    prompts.set(wireName, { method, completion: `complete${claimed}Prompt`, typeName: `${typeStem}PromptArguments`, fileBase: toolFileBase(method) });
  }
  const templates = new Map<string, SurfaceNames>();
  for (const wireName of [...surface.templates].sort(byCodePoints)) {
    const claimed = methods.claimForms(stem(wireName, "Template"), "template", (candidate) => [`read${candidate}`, `complete${candidate}`]);
    const typeStem = types.claimForms(stem(wireName, "Template"), "template", (candidate) => [`${candidate}Variables`]);
    const method = `read${claimed}`;
    templates.set(wireName, { method, completion: `complete${claimed}`, typeName: `${typeStem}Variables`, fileBase: toolFileBase(method) });
  }
  const resources = new Map<string, SurfaceNames>();
  for (const { uri, name } of [...surface.resources].sort((a, b) => byCodePoints(a.uri, b.uri))) {
    const method = `read${methods.claimForms(stem(name, "Resource"), "read", (candidate) => [`read${candidate}`])}`;
    resources.set(uri, { method, completion: "", typeName: "", fileBase: toolFileBase(method) });
  }
  return { resourceReader, prompts, templates, resources };
}

/** `def-type-names`: the type name to claim for the `$defs` key `key` of the schema whose type is `root`. */
export function defTypeName(root: string, key: string): string {
  return `${root}${pascalCase(key) || "Def"}`;
}

/** One schema's definitions, as `assignDefNames` names them. */
export interface DefinitionsToName {
  /** The schema's root type name. */
  root: string;
  /** The class of each `$defs` key (`definitionClasses`), in the order the keys are declared. */
  classes: ReadonlyMap<string, number>;
}

/**
 * `def-type-names`: a type name for each class of definitions, claimed from
 * `types`; `schemas` in the order they are named in (code-point order of the
 * tools, input before output). Returns each schema's names by key.
 */
export function assignDefNames(types: UniqueNames, schemas: readonly DefinitionsToName[]): Array<Map<string, string>> {
  const classes = new Map<number, { key: string; root: string; first: number; schemas: Set<number> }>();
  schemas.forEach(({ root, classes: keys }, schema) => {
    for (const [key, id] of keys) {
      const known = classes.get(id);
      if (known === undefined) classes.set(id, { key, root, first: classes.size, schemas: new Set([schema]) });
      else known.schemas.add(schema);
    }
  });
  const names = new Map<number, string>();
  // Shared definitions claim their own name first, the most shared first; then every other, after its first schema.
  const shared = [...classes].filter(([, entry]) => entry.schemas.size > 1);
  shared.sort(([, a], [, b]) => b.schemas.size - a.schemas.size || a.first - b.first);
  for (const [id, { key }] of shared) {
    // Its own type name: its key in PascalCase (`Def` when nothing is left, `Def` before a leading digit).
    const name = stem(key, "Def");
    if (!types.has(name)) names.set(id, types.claim(name));
  }
  for (const [id, { key, root }] of classes) if (!names.has(id)) names.set(id, types.claim(defTypeName(root, key)));
  return schemas.map(({ classes: keys }) => new Map([...keys].map(([key, id]) => [key, names.get(id)!])));
}

/** A set of claimed names handing out `name`, `name2`, `name3`… */
export class UniqueNames {
  private readonly taken = new Set<string>();
  /**
   * Per base (and suffixes), the number to try first: every smaller one was
   * found taken by an earlier claim, and names are never released, so it
   * still is. Without it, n tools that all fall back to `tool` would cost
   * n² lookups (10,000 such names took 28 s); with it, each claim is amortised
   * constant, and every claim returns what the first free number always was.
   */
  private readonly nextNumber = new Map<string, number>();
  constructor(private readonly reserved: ReadonlySet<string>) {}

  /** Claims `base` (or the first free numbered variant) together with `base + suffix` for every suffix. */
  claim(base: string, suffixes: readonly string[] = []): string {
    return this.claimForms(base, suffixes.join("\0"), (candidate) => [candidate, ...suffixes.map((suffix) => candidate + suffix)]);
  }

  /**
   * Claims every name `forms` makes of `base` (or of the first numbered
   * variant whose names are all free), and returns that variant. `kind` tells
   * apart claims of one base whose forms differ. `held` names are claimed too,
   * so that no later claim takes them, but are never declared: they need only
   * be unclaimed, and may be reserved (a global's name).
   */
  claimForms(base: string, kind: string, forms: (candidate: string) => readonly string[], held: (candidate: string) => readonly string[] = () => []): string {
    const key = `${base}\0${kind}`;
    for (let n = this.nextNumber.get(key) ?? 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${n}`;
      const all = forms(candidate);
      const kept = held(candidate);
      if (all.every((name) => !this.taken.has(name) && !this.reserved.has(name)) && kept.every((name) => !this.taken.has(name))) {
        for (const name of [...all, ...kept]) this.taken.add(name);
        this.nextNumber.set(key, n + 1);
        return candidate;
      }
    }
  }

  has(name: string): boolean {
    return this.taken.has(name) || this.reserved.has(name);
  }

  /** Takes `name` from now on (if a claim has it already, it stays that claim's). */
  reserve(name: string): void {
    this.taken.add(name);
  }
}
