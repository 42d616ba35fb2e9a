/**
 * The rules of `mcpgen diff`: every change it reports is one of these, by id.
 * Each rule has one class, the side of the contract it breaks (after oasdiff's
 * rules with a level each, buf's rules grouped by what they protect and
 * graphql-inspector's criticality), and one line of documentation, which
 * docs/diff.md lists as written here (test/diff/docs.test.ts).
 *
 * A schema change is judged by the values the schema accepts: narrowed (some
 * value accepted before is rejected now), widened (some value rejected before
 * is accepted now), undecidable, or an annotation. Arguments flow from caller
 * to server and results back, so the same change breaks opposite sides:
 * narrowed arguments break callers and widened ones break servers written
 * for the old contract; widened results break callers (the generated types
 * get wider, the old validators reject) and narrowed ones break servers.
 * Each kind of schema change is therefore two rules, `input-<kind>` and
 * `output-<kind>`, made here from one entry of `SCHEMA_CHANGES`.
 *
 * Prompts, resources and resource templates are subjects of their own, with
 * rules of their own (`SURFACE_RULES`): a prompt's arguments are strings, a
 * template's variables RFC 6570 values, so they have no schemas to compare.
 */

/** Whom a change breaks, if anyone: the four classes, from the worst. */
export type ChangeClass = "breaking-for-clients" | "breaking-for-servers" | "review" | "compatible";

export const CHANGE_CLASSES: Readonly<Record<ChangeClass, { readonly label: string; readonly doc: string }>> = {
  "breaking-for-clients": {
    label: "breaking for clients",
    doc: "A program that calls the server as the old contract says may now fail: a call rejected, a result its types and validators do not expect, a tool gone.",
  },
  "breaking-for-servers": {
    label: "breaking for servers",
    doc: "A server written for the old contract no longer satisfies the new one: it may receive arguments it never handled, or return results the contract no longer allows.",
  },
  review: {
    label: "review",
    doc: "A person must look: what a host may do without asking changed, text the model reads was rewritten, or whether values were narrowed or widened cannot be decided.",
  },
  compatible: {
    label: "compatible",
    doc: "Nothing written for the old contract breaks: a new tool, an optional argument, an output property added to an open object, a result property's description.",
  },
};

/** The classes, worst first (the order reports list counts in). */
export const CLASS_ORDER: readonly ChangeClass[] = ["breaking-for-clients", "breaking-for-servers", "review", "compatible"];

/**
 * What a rule compares: the server as a whole, a tool as a whole, a tool's
 * arguments (`inputSchema`) or its result (`outputSchema`), a prompt (with
 * its arguments), a fixed resource, or a resource template.
 */
export type RuleSubject = "server" | "tool" | "input" | "output" | "prompt" | "resource" | "resource-template";

export interface DiffRule {
  /** Kebab-case, unique; what reports and `--format json` name a change by. */
  readonly id: string;
  readonly class: ChangeClass;
  readonly subject: RuleSubject;
  /** One line: what changed and whom it breaks. */
  readonly doc: string;
}

/** How a schema change moves the set of values the schema accepts. */
export type SchemaEffect = "narrows" | "widens" | "undecidable" | "annotation";

/** A kind of schema change; `input-<kind>` and `output-<kind>` are its rules. */
export interface SchemaChangeKind {
  readonly kind: string;
  readonly effect: SchemaEffect;
  /** What changed, as the start of a sentence. */
  readonly what: string;
  /** The class in arguments, where it is not the effect's (see `classOf`). */
  readonly input?: ChangeClass;
  /** The class in results, where it is not the effect's. */
  readonly output?: ChangeClass;
}

/** Every kind of schema change `compareSchemas` reports. */
export const SCHEMA_CHANGES = [
  { kind: "type-removed", effect: "narrows", what: "A JSON type no longer accepted (a type name removed, or `type` added where any type was accepted)" },
  { kind: "type-added", effect: "widens", what: "A JSON type accepted now (a type name added, `integer` widened to `number`, or `type` removed)" },
  { kind: "nullable-removed", effect: "narrows", what: "`null` no longer accepted" },
  { kind: "nullable-added", effect: "widens", what: "`null` accepted now" },
  { kind: "enum-value-removed", effect: "narrows", what: "A value of `enum` or `const` removed" },
  { kind: "enum-value-added", effect: "widens", what: "A value added to `enum` (or `const` changed)" },
  { kind: "enum-added", effect: "narrows", what: "`enum` or `const` added: only the values listed are accepted now" },
  { kind: "enum-removed", effect: "widens", what: "`enum` or `const` removed: any value of the type is accepted now" },
  {
    kind: "bounds-tightened",
    effect: "narrows",
    what: "A bound tightened or added (`minimum`, `maximum`, their exclusive forms, `multipleOf`, `minLength`, `maxItems` or `items: false` after a tuple, `minProperties`, ...)",
  },
  { kind: "bounds-loosened", effect: "widens", what: "A bound loosened or removed" },
  { kind: "pattern-added", effect: "narrows", what: "`pattern` added" },
  { kind: "pattern-removed", effect: "widens", what: "`pattern` removed" },
  { kind: "pattern-changed", effect: "undecidable", what: "`pattern` rewritten (whether one regular expression accepts more than another is not decided)" },
  { kind: "format-added", effect: "narrows", what: "`format` added (mcpgen's validators check formats)" },
  { kind: "format-removed", effect: "widens", what: "`format` removed" },
  { kind: "format-changed", effect: "undecidable", what: "`format` changed to another format" },
  { kind: "required-property-added", effect: "narrows", what: "A required property (at the top of the arguments: a required argument) added" },
  {
    kind: "optional-property-added",
    effect: "annotation",
    what: "An optional property added to an object that allowed any other property",
    input: "compatible",
    output: "compatible",
  },
  {
    kind: "closed-object-property-added",
    effect: "widens",
    what: "A property added to an object that allowed no other (`additionalProperties: false`)",
  },
  {
    kind: "property-removed",
    effect: "widens",
    what: "A property (an argument) removed: the generated types lose it, so code that passes or reads it no longer compiles",
    input: "breaking-for-clients",
  },
  { kind: "property-made-required", effect: "narrows", what: "A property became required" },
  { kind: "property-made-optional", effect: "widens", what: "A required property became optional" },
  {
    kind: "additional-properties-forbidden",
    effect: "narrows",
    what: "`additionalProperties: false` (or `unevaluatedProperties: false`) added: properties the schema does not name are rejected",
  },
  { kind: "additional-properties-allowed", effect: "widens", what: "`additionalProperties: false` (or `unevaluatedProperties: false`) removed" },
  { kind: "any-of-branch-removed", effect: "narrows", what: "A branch of `anyOf` or `oneOf` removed (of an `anyOf`, one whose values no new branch accepts)" },
  { kind: "any-of-branch-added", effect: "widens", what: "A branch added to `anyOf` or `oneOf` (to an `anyOf`, one whose values no old branch accepts)" },
  { kind: "all-of-branch-added", effect: "narrows", what: "A branch added to `allOf`" },
  { kind: "all-of-branch-removed", effect: "widens", what: "A branch of `allOf` removed" },
  {
    kind: "constraint-added",
    effect: "narrows",
    what: "Another constraint added (`anyOf`, `not`, `if`, `contains`, `uniqueItems`, `propertyNames`, a dependency, a schema that accepts nothing, ...)",
  },
  { kind: "constraint-removed", effect: "widens", what: "Another constraint removed" },
  { kind: "not-changed", effect: "undecidable", what: "The schema of `not` changed (its values are those it rejects)" },
  { kind: "conditional-changed", effect: "undecidable", what: "`if`, `then` or `else` changed" },
  {
    kind: "pattern-properties-changed",
    effect: "undecidable",
    what: "A `patternProperties` pattern added, removed or rewritten, or a property whose name such a pattern might match",
  },
  { kind: "tuple-changed", effect: "undecidable", what: "The number of `prefixItems` changed" },
  { kind: "keyword-changed", effect: "undecidable", what: "A keyword changed in a way no other rule judges (`anyOf` became `oneOf` and back, ...)" },
  {
    kind: "description-changed",
    effect: "annotation",
    what: "A `description` or `title` inside the schema changed",
    input: "review",
  },
  {
    kind: "default-changed",
    effect: "annotation",
    what: "A `default` changed: what the server assumes when the value is left out",
    input: "review",
  },
  {
    kind: "annotation-changed",
    effect: "annotation",
    what: "Another annotation changed (`examples`, `deprecated`, `readOnly`, `writeOnly`, `contentMediaType`, ...)",
  },
] as const satisfies readonly SchemaChangeKind[];

export type SchemaChange = (typeof SCHEMA_CHANGES)[number]["kind"];

/** What each effect means for whom, in arguments and in results. */
const EFFECTS: Readonly<Record<SchemaEffect, Record<"input" | "output", { class: ChangeClass; why: string }>>> = {
  narrows: {
    input: { class: "breaking-for-clients", why: "callers that send what it no longer accepts are rejected" },
    output: { class: "breaking-for-servers", why: "a server written for the old contract may return what is no longer allowed" },
  },
  widens: {
    input: { class: "breaking-for-servers", why: "a server written for the old contract may receive what it never handled" },
    output: { class: "breaking-for-clients", why: "callers may receive what their code, types and validators do not expect" },
  },
  undecidable: {
    input: { class: "review", why: "whether the arguments accepted grow or shrink is not decided: read it" },
    output: { class: "review", why: "whether the results allowed grow or shrink is not decided: read it" },
  },
  annotation: {
    input: { class: "compatible", why: "no argument is accepted or rejected differently" },
    output: { class: "compatible", why: "no result is allowed or rejected differently" },
  },
};

/** Why a schema rule whose class is not its effect's has that class. */
const OVERRIDES: Readonly<Record<string, string>> = {
  "input-optional-property-added": "callers that do not send it are unaffected (it could be sent before, unchecked)",
  "output-optional-property-added": "callers that do not read it are unaffected (it could be returned before, unchecked)",
  "input-property-removed": "callers that pass it no longer compile, and the server ignores or rejects it",
  "output-property-removed": "callers that read it no longer compile, and may receive anything there",
  "input-default-changed": "callers that leave the value out now get other behaviour",
  "input-description-changed": "the model reads it to fill the argument in (tool poisoning hides there as in a tool's description), so a person reads it",
};

function schemaRules(change: SchemaChangeKind): DiffRule[] {
  return (["input", "output"] as const).map((subject) => {
    const id = `${subject}-${change.kind}`;
    const effect = EFFECTS[change.effect][subject];
    const ruleClass = change[subject] ?? effect.class;
    const why = OVERRIDES[id] ?? effect.why;
    const where = subject === "input" ? "in the arguments" : "in the result";
    return { id, class: ruleClass, subject, doc: `${change.what}, ${where}: ${why}.` };
  });
}

/** Rules about a tool as a whole, and about the server. */
const TOOL_RULES: readonly DiffRule[] = [
  {
    id: "tool-removed",
    class: "breaking-for-clients",
    subject: "tool",
    doc: "A tool is no longer listed: every call to it fails, and the generated client loses its method.",
  },
  {
    id: "tool-renamed",
    class: "breaking-for-clients",
    subject: "tool",
    doc: "A tool is listed under another name, its description and schemas unchanged: calls by the old name fail.",
  },
  {
    id: "tool-added",
    class: "compatible",
    subject: "tool",
    doc: "A new tool: nothing that calls the others changes (where it takes a name another's generated method had, that is `tool-method-renamed`, `prompt-method-renamed`, ...).",
  },
  {
    id: "tool-method-renamed",
    class: "breaking-for-clients",
    subject: "tool",
    doc: "A tool's generated method (or one of its types) got another name, its name on the wire the same: another tool took the old one (a name taken is numbered, in code-point order), or came to share a definition, which is then named after its key alone; code that calls the old method or imports the old type no longer compiles, or calls that tool.",
  },
  {
    id: "tool-description-changed",
    class: "review",
    subject: "tool",
    doc: "A tool's description was rewritten: the model reads it to decide what to call (tool poisoning hides here), so a person reads it.",
  },
  {
    id: "tool-title-changed",
    class: "review",
    subject: "tool",
    doc: "A tool's title (or `annotations.title`) changed: what users see when asked to approve a call.",
  },
  {
    id: "tool-metadata-changed",
    class: "review",
    subject: "tool",
    doc: "Another field of the tool changed (`icons`, `_meta`, `execution`, an annotation that is not a hint): mcpgen does not judge it, so a person does. An `execution` one side lacks because it speaks MCP 2026-07-28 or later, which has no tasks, is no change.",
  },
  {
    id: "read-only-hint-removed",
    class: "review",
    subject: "tool",
    doc: "`readOnlyHint` became false (absent is false): the tool may now change its environment, where hosts may have run it without asking.",
  },
  {
    id: "read-only-hint-added",
    class: "review",
    subject: "tool",
    doc: "`readOnlyHint` became true: hosts may now run the tool without asking, on the server's word.",
  },
  {
    id: "destructive-hint-enabled",
    class: "review",
    subject: "tool",
    doc: "`destructiveHint` became true (absent is true) for a tool that is not read-only: its updates may now be destructive.",
  },
  {
    id: "destructive-hint-disabled",
    class: "review",
    subject: "tool",
    doc: "`destructiveHint` became false: hosts may now ask less before running the tool, on the server's word.",
  },
  {
    id: "idempotent-hint-removed",
    class: "review",
    subject: "tool",
    doc: "`idempotentHint` became false (absent is false) for a tool that is not read-only: repeating a call may now have more effect.",
  },
  {
    id: "idempotent-hint-added",
    class: "review",
    subject: "tool",
    doc: "`idempotentHint` became true: hosts may now repeat calls, on the server's word.",
  },
  {
    id: "open-world-hint-enabled",
    class: "review",
    subject: "tool",
    doc: "`openWorldHint` became true (absent is true): the tool may now reach entities outside the server (the web, other systems).",
  },
  {
    id: "open-world-hint-disabled",
    class: "review",
    subject: "tool",
    doc: "`openWorldHint` became false: the tool now claims to stay within a closed domain, on the server's word.",
  },
  {
    id: "output-schema-added",
    class: "breaking-for-servers",
    subject: "tool",
    doc: "An `outputSchema` added: a server must now return `structuredContent` that conforms; callers gain a typed result.",
  },
  {
    id: "output-schema-removed",
    class: "breaking-for-clients",
    subject: "tool",
    doc: "The `outputSchema` removed: callers lose the typed, validated `structuredContent` they read.",
  },
  {
    id: "input-dialect-changed",
    class: "review",
    subject: "tool",
    doc: "The `$schema` dialect of `inputSchema` changed beside a change of what it accepts, which the dialect may explain (alone, read in 2020-12 form, it is no change).",
  },
  {
    id: "output-dialect-changed",
    class: "review",
    subject: "tool",
    doc: "The `$schema` dialect of `outputSchema` changed beside a change of what it accepts, which the dialect may explain (alone, read in 2020-12 form, it is no change).",
  },
  {
    id: "tool-header-added",
    class: "breaking-for-clients",
    subject: "tool",
    doc: "An argument the tool already had is now marked `x-mcp-header`: on MCP 2026-07-28 over HTTP the server rejects (-32020 `HeaderMismatch`) a call that passes it without its `Mcp-Param-<Name>` header, which a client working from the old definition (a snapshot, a cached `tools/list`) does not send.",
  },
  {
    id: "tool-header-renamed",
    class: "breaking-for-clients",
    subject: "tool",
    doc: "An argument's `x-mcp-header` names another header (more than its case: header names ignore case): on MCP 2026-07-28 over HTTP the server rejects (-32020) a call that passes the argument under the old header, as a server written for the old contract rejects one under the new.",
  },
  {
    id: "tool-header-removed",
    class: "breaking-for-servers",
    subject: "tool",
    doc: "An argument the tool still has is no longer marked `x-mcp-header`: clients of the new contract stop sending its `Mcp-Param-<Name>` header, which a server written for the old one still requires (-32020) and intermediaries may route on; old clients still send it, and a server ignores a header its tool does not declare.",
  },
  {
    id: "tool-header-argument-added",
    class: "compatible",
    subject: "tool",
    doc: "An argument added with an `x-mcp-header` mark: callers of the old contract do not pass it, so no header is expected of them (the argument's own `input-` rule judges the rest).",
  },
  {
    id: "tool-header-argument-removed",
    class: "compatible",
    subject: "tool",
    doc: "An argument marked `x-mcp-header` removed: the header callers of the old contract send with it is one the server no longer declares, and ignores (the argument's own `input-` rule judges the rest).",
  },
  {
    id: "server-instructions-changed",
    class: "review",
    subject: "server",
    doc: "The server's `instructions` were rewritten: the model reads them, so a person reads them.",
  },
  {
    id: "protocol-version-upgraded",
    class: "compatible",
    subject: "server",
    doc: "The server negotiated a newer protocol revision (2025-11-25 → 2026-07-28): mcpgen offers the newest it speaks, as `mcpgen mock` and scaffolds answer with the newest, so the server now speaks it too. No generated code reads the revision (the client adapts to each connection's), and what changed in the tools has rules of its own.",
  },
  {
    id: "protocol-version-downgraded",
    class: "review",
    subject: "server",
    doc: "The server negotiated an older protocol revision: it no longer speaks the newer one mcpgen offered, so what the generated client does only on such connections (on 2026-07-28: `x-mcp-header`, results that ask for more input, a `structuredContent` that is not an object) is gone.",
  },
  {
    id: "protocol-version-changed",
    class: "review",
    subject: "server",
    doc: "The negotiated protocol version changed to one that cannot be ordered with the old (either is not a `YYYY-MM-DD` revision): a person looks.",
  },
  {
    id: "resource-reader-renamed",
    class: "breaking-for-clients",
    subject: "server",
    doc: "The generated method that reads a fixed resource by its URI (`readResource`) got another name: a tool took the old one, so code that reads by URI no longer compiles, or calls that tool.",
  },
];

/** Rules about prompts, fixed resources and resource templates. */
const SURFACE_RULES: readonly DiffRule[] = [
  {
    id: "prompt-removed",
    class: "breaking-for-clients",
    subject: "prompt",
    doc: "A prompt is no longer listed: getting it fails, and the generated client loses its method.",
  },
  {
    id: "prompt-renamed",
    class: "breaking-for-clients",
    subject: "prompt",
    doc: "A prompt is listed under another name, its description and arguments unchanged: gets by the old name fail.",
  },
  { id: "prompt-added", class: "compatible", subject: "prompt", doc: "A new prompt: nothing that gets the others changes." },
  {
    id: "prompt-method-renamed",
    class: "breaking-for-clients",
    subject: "prompt",
    doc: "A prompt's generated method (or its type) got another name, its name on the wire the same: a tool or another prompt took the old one, so code that gets it by the old method no longer compiles, or calls that tool.",
  },
  {
    id: "prompt-description-changed",
    class: "review",
    subject: "prompt",
    doc: "A prompt's description was rewritten: users pick prompts by it, and its messages reach the model, so a person reads it.",
  },
  { id: "prompt-title-changed", class: "review", subject: "prompt", doc: "A prompt's title changed: what users see when they pick it." },
  {
    id: "prompt-metadata-changed",
    class: "review",
    subject: "prompt",
    doc: "Another field of the prompt changed (`icons`, `_meta`): mcpgen does not judge it, so a person does.",
  },
  {
    id: "prompt-argument-required-added",
    class: "breaking-for-clients",
    subject: "prompt",
    doc: "A required argument added to a prompt: gets without it are rejected, and code that leaves it out no longer compiles.",
  },
  {
    id: "prompt-argument-optional-added",
    class: "compatible",
    subject: "prompt",
    doc: "An optional argument added to a prompt: gets that leave it out are unaffected.",
  },
  {
    id: "prompt-argument-removed",
    class: "breaking-for-clients",
    subject: "prompt",
    doc: "An argument of a prompt removed: the generated type loses it, so code that passes it no longer compiles, and the server ignores or rejects it.",
  },
  {
    id: "prompt-argument-made-required",
    class: "breaking-for-clients",
    subject: "prompt",
    doc: "An optional argument of a prompt became required: gets without it are rejected.",
  },
  {
    id: "prompt-argument-made-optional",
    class: "breaking-for-servers",
    subject: "prompt",
    doc: "A required argument of a prompt became optional: a server written for the old contract may be asked for the prompt without it.",
  },
  {
    id: "prompt-argument-description-changed",
    class: "review",
    subject: "prompt",
    doc: "The description of a prompt's argument was rewritten: users fill the argument in by it, so a person reads it.",
  },
  {
    id: "prompt-argument-title-changed",
    class: "review",
    subject: "prompt",
    doc: "The title of a prompt's argument changed: what users see when they fill it in.",
  },
  {
    id: "resource-removed",
    class: "breaking-for-clients",
    subject: "resource",
    doc: "A fixed resource is no longer listed (by its URI): reading it may fail, and the generated client loses its method and its URI type.",
  },
  { id: "resource-added", class: "compatible", subject: "resource", doc: "A new fixed resource: nothing that reads the others changes." },
  {
    id: "resource-renamed",
    class: "breaking-for-clients",
    subject: "resource",
    doc: "A fixed resource's name changed, its URI the same: the generated method that reads it is renamed (reading it by its URI still works).",
  },
  {
    id: "resource-method-renamed",
    class: "breaking-for-clients",
    subject: "resource",
    doc: "A fixed resource's generated method got another name, its name and URI the same: a tool, prompt or template took the old one, so code that reads it by the old method no longer compiles, or calls that tool.",
  },
  {
    id: "resource-description-changed",
    class: "review",
    subject: "resource",
    doc: "A resource's description was rewritten: hosts and models read it to decide what to read, so a person reads it.",
  },
  {
    id: "resource-metadata-changed",
    class: "review",
    subject: "resource",
    doc: "Another field of a resource changed (`title`, `mimeType`, `annotations`, `icons`, `_meta`): code that reads its contents may expect the old ones, so a person looks. Its state, `size` and `annotations.lastModified`, is not the contract and is not compared.",
  },
  {
    id: "resource-template-removed",
    class: "breaking-for-clients",
    subject: "resource-template",
    doc: "A resource template is no longer listed: the generated client loses its method, and reads of URIs made from it may fail.",
  },
  {
    id: "resource-template-renamed",
    class: "breaking-for-clients",
    subject: "resource-template",
    doc: "A resource template is listed under another name, its URI template unchanged: the generated method that reads it is renamed.",
  },
  { id: "resource-template-added", class: "compatible", subject: "resource-template", doc: "A new resource template: nothing that reads the others changes." },
  {
    id: "resource-template-method-renamed",
    class: "breaking-for-clients",
    subject: "resource-template",
    doc: "A resource template's generated method (or its type) got another name, its name on the wire the same: a tool, prompt or another template took the old one, so code that reads it by the old method no longer compiles, or calls that tool.",
  },
  {
    id: "resource-template-uri-changed",
    class: "review",
    subject: "resource-template",
    doc: "A template's `uriTemplate` changed: its variables, and the URIs made from them, may no longer be what the server reads (whether old URIs still resolve is not decided).",
  },
  {
    id: "resource-template-variable-required-added",
    class: "breaking-for-clients",
    subject: "resource-template",
    doc: "A required variable (only ever held alone by a `{var}` or `{+var}` expression, which writes its absence as the empty string) added to a template: code that leaves it out no longer compiles, and URIs made without it are not what the server reads.",
  },
  {
    id: "resource-template-variable-optional-added",
    class: "compatible",
    subject: "resource-template",
    doc: "A variable that may be left out (`{?query}`, `{&more}`, `{;param}`, `{/seg}`, `{.ext}`, `{#frag}`) added to a template: reads that leave it out are unaffected.",
  },
  {
    id: "resource-template-variable-removed",
    class: "breaking-for-clients",
    subject: "resource-template",
    doc: "A variable of a template removed (or renamed): the generated type loses it, so code that passes it no longer compiles.",
  },
  {
    id: "resource-template-variable-made-required",
    class: "breaking-for-clients",
    subject: "resource-template",
    doc: "A variable that could be left out is now required (only ever held alone by a `{var}` or `{+var}`): code that leaves it out no longer compiles.",
  },
  {
    id: "resource-template-variable-made-optional",
    class: "breaking-for-servers",
    subject: "resource-template",
    doc: "A required variable may be left out now: a server written for the old contract may be asked for URIs without it.",
  },
  {
    id: "resource-template-description-changed",
    class: "review",
    subject: "resource-template",
    doc: "A resource template's description was rewritten: hosts and models read it to decide what to read, so a person reads it.",
  },
  {
    id: "resource-template-metadata-changed",
    class: "review",
    subject: "resource-template",
    doc: "Another field of a resource template changed (`title`, `mimeType`, `annotations`, `icons`, `_meta`): mcpgen does not judge it, so a person does. Its `annotations.lastModified` is its state, not the contract, and is not compared.",
  },
];

/** Every rule: tool and server rules first, then those of prompts, resources and templates, then two per kind of schema change. */
export const DIFF_RULES: readonly DiffRule[] = [...TOOL_RULES, ...SURFACE_RULES, ...SCHEMA_CHANGES.flatMap(schemaRules)];

const BY_ID = new Map(DIFF_RULES.map((rule) => [rule.id, rule]));

/** The rule of this id (an unknown id is a bug). */
export function diffRule(id: string): DiffRule {
  const rule = BY_ID.get(id);
  if (rule === undefined) throw new Error(`no diff rule ${id}`);
  return rule;
}
