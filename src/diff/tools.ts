/**
 * Tools compared by name: a tool removed, renamed or added; its description,
 * title and annotations (the hints a host acts on, with the defaults MCP
 * gives them); then its arguments, their `x-mcp-header` marks
 * (mcp-headers.ts) and its result, schema against schema (schema.ts), each
 * finding made the rule of its direction (`input-<kind>`, `output-<kind>`).
 */
import type { ManifestIR, NormalizedSchema, ToolIR } from "../ir/index.js";
import { joinPointer } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { own, sameJson } from "./values.js";
import { SCHEMA_CHANGES } from "./rules.js";
import { compareSchemas, type CompareOptions, type SchemaFinding } from "./schema.js";
import type { ChangeSink } from "./change.js";
import { compareListed, howChanged, namesChanged, uniquePairs, titleChanged } from "./listed.js";
import { compareMcpHeaders, sameMcpHeaders } from "./mcp-headers.js";

/** The hints of `ToolAnnotations` and their values when absent (MCP 2025-06-18 and later, "Tool Annotations"). */
const HINTS = [
  { hint: "readOnlyHint", absent: false, enabled: "read-only-hint-added", disabled: "read-only-hint-removed", always: true },
  { hint: "destructiveHint", absent: true, enabled: "destructive-hint-enabled", disabled: "destructive-hint-disabled", always: false },
  { hint: "idempotentHint", absent: false, enabled: "idempotent-hint-added", disabled: "idempotent-hint-removed", always: false },
  { hint: "openWorldHint", absent: true, enabled: "open-world-hint-enabled", disabled: "open-world-hint-disabled", always: true },
] as const;

const ANNOTATION_KINDS: ReadonlySet<string> = new Set(SCHEMA_CHANGES.filter((change) => change.effect === "annotation").map((change) => change.kind));

/** `mask` (a pull's secrets) is applied to a value a message shows before it is shortened. */
export function compareTools(old: ManifestIR, next: ManifestIR, add: ChangeSink, mask?: (text: string) => string): void {
  compareListed(
    old.tools,
    next.tools,
    {
      kind: "tool",
      key: (tool) => tool.wireName,
      rules: { removed: "tool-removed", renamed: "tool-renamed", added: "tool-added" },
      renames: (removed, added) => renames(removed, added, old, next),
      compare: (was, tool) => compareTool(was, tool, old, next, add, mask),
    },
    add,
  );
}

function compareTool(
  old: ToolIR,
  next: ToolIR,
  oldManifest: ManifestIR,
  newManifest: ManifestIR,
  add: ChangeSink,
  mask: ((text: string) => string) | undefined,
): void {
  const subject = { kind: "tool" as const, name: next.wireName };
  const renamed = namesChanged([
    ["client method", old.methodName, next.methodName],
    ...typeNames(old.input, next.input, newManifest),
    ...typeNames(old.output, next.output, newManifest),
  ]);
  if (renamed !== undefined) add(subject, "tool-method-renamed", "", renamed, { before: old.methodName, after: next.methodName });
  if (old.description !== next.description) {
    add(subject, "tool-description-changed", "/description", `description ${howChanged(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  const titleOf = (tool: ToolIR) => tool.title ?? tool.annotations?.title;
  if (titleOf(old) !== titleOf(next)) {
    const pointer = typeof next.raw["title"] === "string" || typeof old.raw["title"] === "string" ? "/title" : "/annotations/title";
    add(subject, "tool-title-changed", pointer, titleChanged("title", titleOf(old), titleOf(next)), {
      before: titleOf(old),
      after: titleOf(next),
    });
  }
  const readOnly = (tool: ToolIR) => tool.annotations?.readOnlyHint ?? false;
  for (const { hint, absent, enabled, disabled, always } of HINTS) {
    // destructiveHint and idempotentHint mean something only for a tool that is not read-only.
    if (!always && (readOnly(old) || readOnly(next))) continue;
    const was = old.annotations?.[hint] ?? absent;
    const is = next.annotations?.[hint] ?? absent;
    if (was !== is) add(subject, is ? enabled : disabled, `/annotations/${hint}`, `${hint} ${was} → ${is}`, { before: was, after: is });
  }
  for (const field of otherFields(old, next, oldManifest.protocolVersion, newManifest.protocolVersion)) {
    add(subject, "tool-metadata-changed", joinPointer("", ...field), `${field.join(".")} changed`, {
      before: fieldValue(old, field),
      after: fieldValue(next, field),
    });
  }
  compareSides("input", old.input, next.input, oldManifest, newManifest, subject, add, mask);
  compareMcpHeaders(old, next, subject, add);
  if (old.output !== undefined && next.output !== undefined) compareSides("output", old.output, next.output, oldManifest, newManifest, subject, add, mask);
  else if (next.output !== undefined) add(subject, "output-schema-added", "/outputSchema", "outputSchema added: structuredContent is typed and required now");
  else if (old.output !== undefined) add(subject, "output-schema-removed", "/outputSchema", "outputSchema removed");
}

function compareSides(
  side: "input" | "output",
  old: NormalizedSchema,
  next: NormalizedSchema,
  oldManifest: ManifestIR,
  newManifest: ManifestIR,
  subject: { kind: "tool"; name: string },
  add: ChangeSink,
  mask: ((text: string) => string) | undefined,
): void {
  const field = side === "input" ? "/inputSchema" : "/outputSchema";
  const options: CompareOptions = {
    rootNoun: side === "input" ? "argument" : "property",
    oldPatternModes: oldManifest.patternModes,
    newPatternModes: newManifest.patternModes,
    mask,
  };
  const findings = compareSchemas(old.schema, next.schema, options);
  // Read in 2020-12 form, schemas that accept the same values are the same contract, whatever their dialects:
  // a dialect change is worth a look only beside a change it may explain.
  if (old.dialect !== next.dialect && findings.some((finding) => !ANNOTATION_KINDS.has(finding.change))) {
    add(subject, `${side}-dialect-changed`, `${field}/$schema`, `dialect ${old.dialect} → ${next.dialect}`, { before: old.dialect, after: next.dialect });
  }
  for (const finding of findings) {
    const { change, pointer, message, ...values } = finding;
    add(subject, `${side}-${change}`, `${field}${pointer}`, message, values);
  }
}

/**
 * A schema's type names on both sides: its root's, and each definition's by
 * its `$defs` key whose old name the new output no longer has (a definition
 * another tool comes to share is named after its key alone:
 * `AToolInputGeoPoint` becomes `GeoPoint`, and code importing the old name
 * no longer compiles; a name still there, of another definition alike, is
 * no break: types are structural).
 */
function typeNames(
  old: NormalizedSchema | undefined,
  next: NormalizedSchema | undefined,
  newManifest: ManifestIR,
): Array<[string, string | undefined, string | undefined]> {
  if (old === undefined || next === undefined) return [];
  const exported = old.typeNames.defs.size === 0 ? new Set<string>() : definitionTypeNames(newManifest);
  const defs = [...old.typeNames.defs.keys()]
    .sort()
    .map((key): [string, string | undefined, string | undefined] => ["type", old.typeNames.defs.get(key), next.typeNames.defs.get(key)])
    .filter(([, before]) => before !== undefined && !exported.has(before));
  return [["type", old.typeNames.root, next.typeNames.root], ...defs];
}

/** Each output's definition type names, made once per manifest (every compared tool reads them). */
const definitionTypeNamesOf = new WeakMap<ManifestIR, ReadonlySet<string>>();

function definitionTypeNames(manifest: ManifestIR): ReadonlySet<string> {
  let names = definitionTypeNamesOf.get(manifest);
  if (names === undefined) {
    names = new Set(
      manifest.tools.flatMap((tool) => [tool.input, tool.output].flatMap((schema) => (schema === undefined ? [] : [...schema.typeNames.defs.values()]))),
    );
    definitionTypeNamesOf.set(manifest, names);
  }
  return names;
}

/** The fields of a tool the rules above read; an annotation other than these is another field. */
const READ_FIELDS = new Set(["name", "title", "description", "inputSchema", "outputSchema", "annotations"]);
const READ_ANNOTATIONS = new Set(["title", ...HINTS.map(({ hint }) => hint)]);

/**
 * A tool's fields that a revision does not have, by the first revision
 * without them: MCP 2026-07-28 has no tasks, so a server speaking it lists
 * no `execution` (`taskSupport`), whatever it lists on a 2025 revision.
 */
const FIELDS_DROPPED = new Map([["execution", "2026-07-28"]]);

/** Whether `field` is absent from `tool` because `revision` (a date, compared as text) has no such field. */
const droppedByRevision = (tool: ToolIR, field: string, revision: string | undefined) => {
  const since = FIELDS_DROPPED.get(field);
  return since !== undefined && revision !== undefined && revision >= since && tool.raw[field] === undefined;
};

/**
 * The other fields (as paths: `["icons"]`, `["annotations", "x"]`) whose values differ; a field one side lacks because
 * its protocol revision has no such field (`FIELDS_DROPPED`) is no change.
 */
function otherFields(old: ToolIR, next: ToolIR, oldRevision: string | undefined, newRevision: string | undefined): string[][] {
  const keys = (tool: ToolIR) => Object.keys(tool.raw).filter((key) => !READ_FIELDS.has(key));
  const annotationKeys = (tool: ToolIR) =>
    isRecord(tool.raw["annotations"]) ? Object.keys(tool.raw["annotations"]).filter((key) => !READ_ANNOTATIONS.has(key)) : [];
  const fields = [
    ...[...new Set([...keys(old), ...keys(next)])]
      .filter((key) => !droppedByRevision(old, key, oldRevision) && !droppedByRevision(next, key, newRevision))
      .sort()
      .map((key) => [key]),
    ...[...new Set([...annotationKeys(old), ...annotationKeys(next)])].sort().map((key) => ["annotations", key]),
  ];
  return fields.filter((field) => !sameJson(fieldValue(old, field), fieldValue(next, field)));
}

function fieldValue(tool: ToolIR, field: readonly string[]): unknown {
  let value: unknown = tool.raw;
  for (const key of field) value = isRecord(value) ? own(value, key) : undefined;
  return value;
}

/**
 * Removed tools paired with added ones that are the same tool under a new
 * name: the same description, arguments that accept the same values and
 * carry the same `x-mcp-header` marks, a result that accepts the same
 * values, and no other candidate on either side. A tool without arguments or result to tell it
 * by (an empty `inputSchema`, no `outputSchema`) is never taken for another.
 */
function renames(removed: readonly ToolIR[], added: readonly ToolIR[], old: ManifestIR, next: ManifestIR): Map<ToolIR, ToolIR> {
  const same = (a: NormalizedSchema | undefined, b: NormalizedSchema | undefined) => {
    if (a === undefined || b === undefined) return a === b;
    const findings: SchemaFinding[] = compareSchemas(a.schema, b.schema, { oldPatternModes: old.patternModes, newPatternModes: next.patternModes });
    return findings.every((finding) => ANNOTATION_KINDS.has(finding.change));
  };
  const telling = (tool: ToolIR) => {
    const properties = isRecord(tool.input.schema) ? tool.input.schema["properties"] : undefined;
    return tool.output !== undefined || (isRecord(properties) && Object.keys(properties).length > 0);
  };
  return uniquePairs(removed, (tool) =>
    telling(tool)
      ? added.filter(
          (other) =>
            telling(other) &&
            other.description === tool.description &&
            same(tool.input, other.input) &&
            sameMcpHeaders(tool.mcpHeaders, other.mcpHeaders) &&
            same(tool.output, other.output),
        )
      : undefined,
  );
}
