/**
 * The diff stage: two manifests' IR in, their contract's changes out, each
 * classified by a rule of `DIFF_RULES` (rules.ts). It compares the
 * normalised IR, so a subschema moved into `$defs`, keys in another order or
 * a draft-07 schema rewritten as 2020-12 is no change.
 *
 *   server.ts       the server as a whole (instructions, protocol)
 *   tools.ts        tools by name: removed, renamed, added, their metadata, their schemas
 *   mcp-headers.ts  a tool's `x-mcp-header` marks, argument by argument
 *   schema.ts       two schemas by the values they accept (schema-forms.ts: refs, allOf, types)
 *   prompts.ts      prompts by name: removed, renamed, added, their metadata, their arguments
 *   resources.ts    fixed resources by URI, resource templates by name
 *   listed.ts       what the four lists share: removed, renamed, added, compared
 *   legacy-wrap.ts  outputs in the 2025 form of SDK v2's non-object outputs on one side (a note)
 */
import type { ListMethod, ManifestIR } from "../ir/index.js";
import { isRecord, setOwn } from "../shared/json.js";
import { countClasses, type ChangeSubject, type ComparedManifest, type ContractChange, type ContractDiff } from "./change.js";
import { diffRule } from "./rules.js";
import { compareServer } from "./server.js";
import { compareTools } from "./tools.js";
import { comparePrompts } from "./prompts.js";
import { compareResources, compareResourceTemplates } from "./resources.js";
import { SUBJECT_NOUNS } from "./change.js";

export { countClasses, SUBJECT_NOUNS, type ChangeSubject, type ComparedManifest, type ContractChange, type ContractDiff, type SubjectKind } from "./change.js";
export { FAIL_ON, failingClasses, failsOn, type FailOn } from "./fail-on.js";
export { diffDocument, DIFF_DOCUMENT_VERSION, type DiffComparisonLike, type DiffDocument } from "./json.js";
export { diffMarkdown } from "./markdown.js";
export { legacyWrappedOutputs } from "./legacy-wrap.js";
export { CHANGE_CLASSES, CLASS_ORDER, DIFF_RULES, SCHEMA_CHANGES, diffRule, type ChangeClass, type DiffRule, type RuleSubject } from "./rules.js";

/**
 * Every change from `old` to `next`: the server's first, then each tool's in name order, then the prompts',
 * resource templates' and resources'. `mask` (a pull's secrets, which `maskDiff` hides afterwards) is applied
 * to a value a message shows before it is shortened, which would leave part of a secret to show.
 */
export function classifyChanges(old: ManifestIR, next: ManifestIR, mask?: (text: string) => string): ContractDiff {
  const changes: ContractChange[] = [];
  const add = (subject: ChangeSubject, rule: string, pointer: string, message: string, values: { before?: unknown; after?: unknown } = {}) => {
    const change: ContractChange = { subject, rule, class: diffRule(rule).class, pointer, message };
    if (values.before !== undefined) change.before = values.before;
    if (values.after !== undefined) change.after = values.after;
    changes.push(change);
  };
  compareServer(old, next, add);
  compareTools(old, next, add, mask);
  const unknown = new Set(uncomparedLists(old, next).map((list) => list.method));
  if (!unknown.has("prompts/list")) comparePrompts(old, next, add);
  if (!unknown.has("resources/templates/list")) compareResourceTemplates(old, next, add);
  if (!unknown.has("resources/list")) compareResources(old, next, add);
  // By kind (the server, tools, prompts, resource templates, resources), then by name.
  const kinds = Object.keys(SUBJECT_NOUNS);
  const order = (change: ContractChange) =>
    change.subject.kind === "server" ? "" : `${String.fromCharCode(kinds.indexOf(change.subject.kind))}\u0000${change.subject.name ?? ""}`;
  // A stable sort: within a subject, changes stay in the order they were met.
  changes.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { old: compared(old), new: compared(next), changes, counts: countClasses(changes) };
}

/** The capability that declares each list beside the tools. */
const LIST_CAPABILITIES: ReadonlyArray<[ListMethod, string]> = [
  ["prompts/list", "prompts"],
  ["resources/templates/list", "resources"],
  ["resources/list", "resources"],
];

/**
 * The lists beside the tools that one side does not say anything about (and
 * those sides), so that they are not compared: a side holds a list (even empty), or declares
 * capabilities without its capability (the server has none); any other side
 * did not list it (a bare `tools/list` result, or a pull whose `prompts/list`
 * failed, which warned), and its entries are not removed for that.
 */
export function uncomparedLists(old: ManifestIR, next: ManifestIR): Array<{ method: ListMethod; silent: ManifestIR[] }> {
  const known = (manifest: ManifestIR, method: ListMethod, capability: string) =>
    manifest.listed.has(method) || (manifest.capabilities !== undefined && manifest.capabilities[capability] === undefined);
  return LIST_CAPABILITIES.map(([method, capability]) => ({ method, silent: [old, next].filter((side) => !known(side, method, capability)) })).filter(
    (list) => list.silent.length > 0,
  );
}

function compared(manifest: ManifestIR): ComparedManifest {
  const name = typeof manifest.server?.name === "string" ? manifest.server.name : undefined;
  const version = typeof manifest.server?.version === "string" ? manifest.server.version : undefined;
  return { source: manifest.source, ...(name === undefined && version === undefined ? {} : { server: { name, version } }) };
}

/** The changes with `mask` applied to every text that came from a server (a pull's secrets hidden). */
export function maskDiff(diff: ContractDiff, mask: (text: string) => string): ContractDiff {
  const maskValue = (value: unknown): unknown => {
    if (typeof value === "string") return mask(value);
    if (Array.isArray(value)) return value.map(maskValue);
    if (isRecord(value)) {
      const masked: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) setOwn(masked, mask(key), maskValue(item));
      return masked;
    }
    return value;
  };
  return {
    ...diff,
    changes: diff.changes.map((change) => {
      const masked: ContractChange = {
        ...change,
        subject: change.subject.name === undefined ? change.subject : { ...change.subject, name: mask(change.subject.name) },
        pointer: mask(change.pointer),
        message: mask(change.message),
      };
      if (change.before !== undefined) masked.before = maskValue(change.before);
      if (change.after !== undefined) masked.after = maskValue(change.after);
      return masked;
    }),
  };
}
