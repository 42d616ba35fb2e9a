import { createHash } from "node:crypto";
import { OBJECT_MEMBERS, RESERVED_WORDS } from "../shared/escape.js";
import type { Rule } from "./rule.js";

/**
 * Identifier rules. Names are decided once, for the whole output, before any
 * emitter runs (see `assignToolNames`), so every emitter agrees on them.
 */

export const METHOD_NAMES: Rule = {
  name: "method-names",
  does: "A tool has one stem, its client method: the camelCase of its wire name (`get_weather` → `getWeather`), each code point outside ASCII a word of its own, `u` and its hex, where it stands (`天気_forecast` → `u5929U6c17Forecast`, so that `晴れ_forecast` is not `forecast` too; past 8 such code points, the first 8 and a hash of the name); with no ASCII letter or digit left, `tool` and the name's code points (`天気` → `toolU5929U6c17`; past 8 code points, the first 8 and a hash of the name); a `tool` prefix before a digit; a `Tool` suffix for a reserved word, a name that would make the client a thenable or shadow an `Object.prototype` member, or whose file would be a Windows device name. Its types and files are the same stem (`type-names`, `file-names`), claimed together: a stem is numbered (`getItem2`, `GetItem2Input`, `get-item2.ts`) when any of its names is taken, a stem that already is the wire name first, then in code-point order of the wire names.",
  reports: [],
};

export const TYPE_NAMES: Rule = {
  name: "type-names",
  does: "A tool's types are its method name in PascalCase with `Input` and `Output` (`getWeather`: `GetWeatherInput`; `thenTool`: `ThenToolInput`), claimed with the method and the file, and with the bare stem (held, never declared: a tool `map` gets `MapInput`, though the global `Map` is reserved); never one of mcpgen's own exported names (`ToolMap`, `ToolInput`, ...) nor a global (`Promise`, `Record`, ...): a tool whose types would be one is numbered in every name (`tool` → `tool2`, `Tool2Input`).",
  reports: [],
};

export const DEF_TYPE_NAMES: Rule = {
  name: "def-type-names",
  does: "Each definition the schemas reach (a `$defs` key after `ref-hoisting`) is one type, however many schemas hold it: the same key with the same canonical JSON, whose refs lead to the same definitions again, is one definition. One that two or more schemas reach is named after its key in PascalCase (`RichTextRequest` for `rich_text_request`; `ref-hoisting` spells a key's code points outside ASCII: `天気_point` → `U5929U6c17Point`), the one most schemas share first; one that a single schema reaches, or whose name is taken, is `<Root><Key>` after the first schema reaching it, in code-point order of the tools (`GetWeatherInputGeoPoint`), numbered when taken. Claimed after the tools' own type names, from the same set, whatever the listed order; never a name the output declares or exports beside the schemas' types (`ResourceUri`, `Progress`, `GetPromptResult`, ...).",
  reports: [],
};

export const SURFACE_NAMES: Rule = {
  name: "surface-names",
  does: "Prompts, resource templates and resources are named by the same namers as tools, after them, so that a tool's names never change for them: a prompt gets `get<Name>Prompt` and `complete<Name>Prompt` and the type `<Name>PromptArguments` (`args-prompt` → `getArgsPrompt`, a trailing `Prompt` said once), a template `read<Name>` and `complete<Name>` and the type `<Name>Variables`, a fixed resource `read<Name>`, and the reader of fixed resources by URI `readResource`; `<Name>` is the PascalCase of its name (code points outside ASCII spelled as in a tool's name: `天気_report` → `U5929U6c17Report`), or its code points when no ASCII letter or digit is left (`U5929U6c17`); in that order, each kind in code-point order of its names (resources of their URIs); one `<Name>` for its methods, its type and its handler file, numbered in all of them when any is taken.",
  reports: [],
};

export const FILE_NAMES: Rule = {
  name: "file-names",
  does: "A tool's own file (its validators, a scaffold's handler, its mock fixture) is named after the kebab-case of its method name (`get-weather`): lower-case, with no separator or dot; past 80 characters cut and ended by a hash of the method name; never a Windows device name (`con`, `nul`, ...); unique among the tools, prompts, templates and resources, claimed with the method: a tool whose file another already has (`getAB` and `getAb` both give `get-ab`) is numbered in every name (`getAb2`, `get-ab2`), in naming order.",
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

/**
 * `text` with each code point outside ASCII written as a word of its own where it stands, `u` and
 * its hex (`天気_forecast` → ` u5929  u6c17 _forecast`), as `fallbackStem` spells a name with no
 * ASCII letter or digit: so that an identifier made of it depends on this text alone
 * (`晴れ_forecast` is not `forecast` too, numbered by the order of the names), and no server text
 * reaches it. Past `MAX_FALLBACK_CODE_POINTS` such code points, the first ones and `h` with a hash
 * of the text. Also `ref-hoisting`'s spelling of a `$defs` key. `separator` around each word.
 */
export function spellOutsideAscii(text: string, separator = " "): string {
  let spelled = 0;
  const marked = [...text].map((char) => {
    const point = char.codePointAt(0)!;
    if (point < 0x80) return char;
    spelled++;
    return spelled <= MAX_FALLBACK_CODE_POINTS ? `${separator}u${point.toString(16)}${separator}` : separator;
  });
  return spelled > MAX_FALLBACK_CODE_POINTS ? `${marked.join("")}${separator}h${nameHash(text)}` : marked.join("");
}

/**
 * The words of an identifier made of a name: those of `spellOutsideAscii`; none for a name with no
 * ASCII letter or digit, which each caller spells its own way (`fallbackStem`).
 */
function nameWords(text: string): string[] {
  return words(text).length === 0 ? [] : words(spellOutsideAscii(text));
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The PascalCase of a name (`nameWords`): `GetWeather`, `U5929U6c17Forecast`. */
export function pascalCase(text: string): string {
  return nameWords(text).map(capitalize).join("");
}

/** The camelCase of a name (`nameWords`): `getWeather`, `u5929U6c17Forecast`. */
export function camelCase(text: string): string {
  const [first = "", ...rest] = nameWords(text);
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
  "PendingResult",
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
  // Declared (not exported) beside a prompt without arguments, a template without variables.
  "PromptTakesNoArguments",
  "TemplateTakesNoVariables",
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

/**
 * `method-names`: the stem of the tool's every name when no ASCII letter or
 * digit is left of its wire name: `tool` and each code point in hex
 * (`天気` → `toolU5929U6c17`), so that it depends on this tool alone (adding
 * a tool renames no other) and says which name it was made from. ASCII only:
 * no server text reaches the identifier. Past 8 code points, the first 8 and
 * `H` with a hash of the whole name.
 */
export function fallbackStem(wireName: string, prefix = "tool"): string {
  const points = [...wireName].map((char) => `U${char.codePointAt(0)!.toString(16)}`);
  if (points.length <= MAX_FALLBACK_CODE_POINTS) return prefix + points.join("");
  return `${prefix}${points.slice(0, MAX_FALLBACK_CODE_POINTS).join("")}H${nameHash(wireName)}`;
}

/** The hash that ends a name's spelling past `MAX_FALLBACK_CODE_POINTS` code points. */
const nameHash = (name: string): string => createHash("sha256").update(name).digest("hex").slice(0, 8);

/** How many code points of a wire name `fallbackStem` spells out. */
const MAX_FALLBACK_CODE_POINTS = 8;

/** `method-names`: the stem every name of the tool is made of, before numbering. */
function toolStem(wireName: string): string {
  let name = camelCase(wireName);
  if (name === "") name = fallbackStem(wireName);
  if (/^[0-9]/.test(name)) name = `tool${capitalize(name)}`;
  if (FORBIDDEN_MEMBERS.has(name) || RESERVED_WORDS.has(name) || WINDOWS_DEVICE_NAMES.test(toolFileBase(name))) name = `${name}Tool`;
  return name;
}

export interface ToolNames {
  /** Method on the generated client, e.g. `getWeather`. */
  method: string;
  /** Stem of the tool's type names, e.g. `GetWeather` for `GetWeatherInput`. */
  typeBase: string;
  /** Base name of the tool's own file, e.g. `get-weather`: its method name's `toolFileBase`. */
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
 * The base name, without extension, of a file of the tool's own (its
 * validators, a scaffold's handler, `src/handlers/<base>.ts`): the
 * kebab-case of its method name (`getWeather` → `get-weather`). Method names
 * are identifiers made of ASCII letters and digits, so the result is
 * lower-case (no clash on case-insensitive file systems) and can never hold a
 * path separator or a dot: a tool called `../../x` gets `x`. It is not always
 * unique (`getAB` and `getAb` both give `get-ab`), nor always a name Windows
 * accepts (`con`): `OutputNames.claim` numbers a stem whose file is taken,
 * and refuses a device name (`toolStem` gives `con` a `Tool` suffix). Past
 * `MAX_FILE_BASE` characters it is cut, and ends in a hash of the method
 * name, so that two long names sharing their start still get different
 * files, and a tool always gets the same one.
 */
export function toolFileBase(methodName: string): string {
  let base = words(methodName).join("-") || "tool";
  if (base.length > MAX_FILE_BASE) {
    const hash = createHash("sha256").update(methodName).digest("hex").slice(0, 8);
    base = `${base.slice(0, MAX_FILE_BASE - hash.length - 1).replace(/-+$/, "")}-${hash}`;
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(base)) throw new Error(`internal: unsafe file name ${JSON.stringify(base)}`);
  return base;
}

/** Orders strings by UTF-16 code units (what `<` compares), the same in every locale. */
export const byCodePoints = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names for every tool, collision-free across the whole output, and one stem
 * per tool: its method, its types and its file are claimed together, so that
 * a tool numbered in one namespace is numbered alike in all of them
 * (`tool2`, `Tool2Input`, `validators/tool2.ts`). A tool whose wire name is
 * already the ideal identifier claims first; the others in wire-name order,
 * so the result does not depend on the order the server listed its tools in.
 * The returned namers hold every claimed name, for the schemas' own named
 * types and the prompts, templates and resources to claim from.
 */
export function assignToolNames(wireNames: readonly string[]): { tools: Map<string, ToolNames>; namers: OutputNames } {
  const namers = new OutputNames();
  const bases = wireNames.map((wireName) => ({ wireName, stem: toolStem(wireName) }));
  // Exact identifiers claim their name first, then plain code-point order.
  const exact = (entry: { wireName: string; stem: string }) => (entry.stem === entry.wireName ? 0 : 1);
  const ordered = bases.sort((a, b) => exact(a) - exact(b) || byCodePoints(a.wireName, b.wireName));
  const result = new Map<string, ToolNames>();
  for (const { wireName, stem: base } of ordered) {
    const method = namers.claim(base, "tool", (candidate) => ({
      methods: [candidate],
      types: [`${capitalize(candidate)}Input`, `${capitalize(candidate)}Output`],
      // The bare stem is held, not declared: a tool called `map` gets `MapInput`, though the global `Map` is reserved.
      heldTypes: [capitalize(candidate)],
      files: [toolFileBase(candidate)],
    }));
    result.set(wireName, { method, typeBase: capitalize(method), fileBase: toolFileBase(method) });
  }
  for (const name of ENTRY_POINT_TYPE_NAMES) namers.types.reserve(name);
  return { tools: result, namers };
}

/** The names one stem takes in each namespace (`OutputNames.claim`). */
export interface StemForms {
  /** Members of the client (and exports of calls.ts). */
  methods: readonly string[];
  /** Type names declared. */
  types?: readonly string[];
  /** Type names held, never declared: they need only be unclaimed, and may be reserved (a global's). */
  heldTypes?: readonly string[];
  /** Base names of files of its own (validators, a scaffold's handler, a mock's fixture). */
  files?: readonly string[];
}

/**
 * Every namespace the output names things in: the client's methods, the
 * types, and the files of the tools, prompts, templates and resources. A
 * stem is claimed in all of them at once (`claim`), so that one thing's names
 * share one stem and one number.
 */
export class OutputNames {
  readonly methods = new UniqueNames(new Set());
  readonly types = new UniqueNames(RESERVED_TYPE_NAMES);
  readonly files = new UniqueNames(new Set());
  /** Per base and kind, the number to try first (see `UniqueNames.nextNumber`). */
  private readonly nextNumber = new Map<string, number>();

  /**
   * Claims every name `forms` makes of `base`, or of the first numbered
   * variant (`base2`, `base3`, ...) whose names are all free in their
   * namespaces (no file a Windows device name), and returns that variant.
   * `kind` tells apart claims of one base whose forms differ.
   */
  claim(base: string, kind: string, forms: (candidate: string) => StemForms): string {
    const key = `${base}\0${kind}`;
    for (let n = this.nextNumber.get(key) ?? 1; ; n++) {
      const candidate = n === 1 ? base : `${base}${n}`;
      const { methods, types = [], heldTypes = [], files = [] } = forms(candidate);
      const free =
        methods.every((name) => !this.methods.has(name)) &&
        types.every((name) => !this.types.has(name)) &&
        heldTypes.every((name) => !this.types.isClaimed(name)) &&
        files.every((name) => !this.files.has(name) && !WINDOWS_DEVICE_NAMES.test(name));
      if (free) {
        for (const name of methods) this.methods.reserve(name);
        for (const name of [...types, ...heldTypes]) this.types.reserve(name);
        for (const name of files) this.files.reserve(name);
        this.nextNumber.set(key, n + 1);
        return candidate;
      }
    }
  }
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
 * `surface-names`: the `<Name>` of a prompt, template or resource: its name's
 * PascalCase (`stem`), or its code points when no ASCII letter or digit is
 * left (`U5929U6c17`, as a tool's `fallbackStem`).
 */
function surfaceStem(text: string, fallback: string, trailing?: string): string {
  return words(text).length === 0 ? fallbackStem(text, "") || fallback : stem(text, fallback, trailing);
}

/**
 * `surface-names`: the names of the prompts, resource templates and fixed
 * resources, claimed after the tools' (and their `$defs` types'), from the
 * same namers: each one's methods, type and handler file together. Keyed by
 * wire name (a resource: by URI).
 */
export function assignSurfaceNames(
  namers: OutputNames,
  surface: { prompts: readonly string[]; templates: readonly string[]; resources: ReadonlyArray<{ uri: string; name: string }> },
): { resourceReader: string | undefined; prompts: Map<string, SurfaceNames>; templates: Map<string, SurfaceNames>; resources: Map<string, SurfaceNames> } {
  const resourceReader = surface.resources.length > 0 ? `read${namers.methods.claimForms("Resource", "read", (candidate) => [`read${candidate}`])}` : undefined;
  const prompts = new Map<string, SurfaceNames>();
  for (const wireName of [...surface.prompts].sort(byCodePoints)) {
    const claimed = namers.claim(surfaceStem(wireName, "Prompt", "Prompt"), "prompt", (candidate) => ({
      methods: [`get${candidate}Prompt`, `complete${candidate}Prompt`],
      types: [`${candidate}PromptArguments`],
      files: [toolFileBase(`get${candidate}Prompt`)],
    }));
    const method = `get${claimed}Prompt`;
    prompts.set(wireName, { method, completion: `complete${claimed}Prompt`, typeName: `${claimed}PromptArguments`, fileBase: toolFileBase(method) });
  }
  const templates = new Map<string, SurfaceNames>();
  for (const wireName of [...surface.templates].sort(byCodePoints)) {
    const claimed = namers.claim(surfaceStem(wireName, "Template"), "template", (candidate) => ({
      methods: [`read${candidate}`, `complete${candidate}`],
      types: [`${candidate}Variables`],
      files: [toolFileBase(`read${candidate}`)],
    }));
    const method = `read${claimed}`;
    templates.set(wireName, { method, completion: `complete${claimed}`, typeName: `${claimed}Variables`, fileBase: toolFileBase(method) });
  }
  const resources = new Map<string, SurfaceNames>();
  for (const { uri, name } of [...surface.resources].sort((a, b) => byCodePoints(a.uri, b.uri))) {
    const claimed = namers.claim(surfaceStem(name, "Resource"), "read", (candidate) => ({
      methods: [`read${candidate}`],
      files: [toolFileBase(`read${candidate}`)],
    }));
    const method = `read${claimed}`;
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

  /** Whether a claim (or `reserve`) took `name`, the reserved names aside. */
  isClaimed(name: string): boolean {
    return this.taken.has(name);
  }

  /** Takes `name` from now on (if a claim has it already, it stays that claim's). */
  reserve(name: string): void {
    this.taken.add(name);
  }
}
