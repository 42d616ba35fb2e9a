/**
 * Fixed resources compared by URI (removed, added; their name, which names
 * the generated method that reads them; description; other fields), and
 * resource templates by name (removed, renamed, added; the URI template;
 * description; other fields). A resource's state (`size`,
 * `annotations.lastModified`: ir/resource-state.ts) is not the contract, and
 * is not compared.
 */
import type { ManifestIR, ResourceIR, ResourceTemplateIR } from "../ir/index.js";
import { withoutResourceState } from "../ir/resource-state.js";
import { joinPointer } from "../shared/errors.js";
import type { ChangeSink } from "./change.js";
import { compareListed, compareMembers, howChanged, namesChanged, titleChanged, uniquePairs } from "./listed.js";
import { changedFields, own } from "./values.js";

/** The fields of a listed resource or template as compared: without its state. */
const compared = (raw: Record<string, unknown>) => withoutResourceState(raw) as Record<string, unknown>;

/** What a field's change says: a title's values, as a tool's and a prompt's (absent said in words). */
function fieldChanged(field: string, was: Record<string, unknown>, now: Record<string, unknown>): string {
  const [before, after] = [own(was, field), own(now, field)];
  const text = (value: unknown): value is string | undefined => value === undefined || typeof value === "string";
  return field === "title" && text(before) && text(after) ? titleChanged("title", before, after) : `${field} changed`;
}

export function compareResources(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  compareListed(
    old.resources,
    next.resources,
    {
      kind: "resource",
      key: (resource) => resource.uri,
      rules: { removed: "resource-removed", added: "resource-added" },
      compare: (was, resource) => compareResource(was, resource, add),
    },
    add,
  );
}

function compareResource(old: ResourceIR, next: ResourceIR, add: ChangeSink): void {
  const subject = { kind: "resource" as const, name: next.uri };
  if (old.name !== next.name) {
    add(subject, "resource-renamed", "/name", `name ${JSON.stringify(old.name)} → ${JSON.stringify(next.name)}`, { before: old.name, after: next.name });
  } else {
    const renamed = namesChanged([["client method", old.methodName, next.methodName]]);
    if (renamed !== undefined) add(subject, "resource-method-renamed", "", renamed, { before: old.methodName, after: next.methodName });
  }
  if (old.description !== next.description) {
    add(subject, "resource-description-changed", "/description", `description ${howChanged(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  const [was, now] = [compared(old.raw), compared(next.raw)];
  for (const field of changedFields(was, now, ["uri", "name", "description"])) {
    add(subject, "resource-metadata-changed", joinPointer("", field), fieldChanged(field, was, now), { before: own(was, field), after: own(now, field) });
  }
}

export function compareResourceTemplates(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  compareListed(
    old.resourceTemplates,
    next.resourceTemplates,
    {
      kind: "resource-template",
      key: (template) => template.wireName,
      rules: { removed: "resource-template-removed", renamed: "resource-template-renamed", added: "resource-template-added" },
      // The same URI template under a new name, one on each side: a rename (the generated method that reads it is renamed).
      renames: (removed, added) => uniquePairs(removed, (template) => added.filter((other) => other.uriTemplate === template.uriTemplate)),
      compare: (was, template) => compareTemplate(was, template, add),
    },
    add,
  );
}

function compareTemplate(old: ResourceTemplateIR, next: ResourceTemplateIR, add: ChangeSink): void {
  const subject = { kind: "resource-template" as const, name: next.wireName };
  const renamed = namesChanged([
    ["client method", old.methodName, next.methodName],
    ["type", old.typeName, next.typeName],
  ]);
  if (renamed !== undefined) add(subject, "resource-template-method-renamed", "", renamed, { before: old.methodName, after: next.methodName });
  if (old.uriTemplate !== next.uriTemplate) {
    add(subject, "resource-template-uri-changed", "/uriTemplate", `URI template ${JSON.stringify(old.uriTemplate)} → ${JSON.stringify(next.uriTemplate)}`, {
      before: old.uriTemplate,
      after: next.uriTemplate,
    });
  }
  compareVariables(old, next, subject, add);
  if (old.description !== next.description) {
    add(subject, "resource-template-description-changed", "/description", `description ${howChanged(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  const [was, now] = [compared(old.raw), compared(next.raw)];
  for (const field of changedFields(was, now, ["name", "uriTemplate", "description"])) {
    add(subject, "resource-template-metadata-changed", joinPointer("", field), fieldChanged(field, was, now), {
      before: own(was, field),
      after: own(now, field),
    });
  }
}

/**
 * A template's variables by name, as the generated client types them (one
 * only ever held alone by a `{var}` or `{+var}` is required, any other optional): one
 * added, removed, made required or optional, as a prompt's arguments are.
 */
function compareVariables(old: ResourceTemplateIR, next: ResourceTemplateIR, subject: { kind: "resource-template"; name: string }, add: ChangeSink): void {
  compareMembers(old.variables, next.variables, subject, { rule: "resource-template-variable", noun: "variable", at: () => "/uriTemplate" }, add);
}
