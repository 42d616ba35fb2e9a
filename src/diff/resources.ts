/**
 * Fixed resources compared by URI (removed, added; their name, which names
 * the generated method that reads them; description; other fields), and
 * resource templates by name (removed, renamed, added; the URI template;
 * description; other fields).
 */
import type { ManifestIR, ResourceIR, ResourceTemplateIR } from "../ir/index.js";
import { joinPointer } from "../shared/errors.js";
import type { ChangeSink } from "./change.js";
import { changedFields, own } from "./values.js";

const how = (before: unknown, after: unknown) => (before === undefined ? "added" : after === undefined ? "removed" : "rewritten");

export function compareResources(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  const before = new Map(old.resources.map((resource) => [resource.uri, resource]));
  const after = new Map(next.resources.map((resource) => [resource.uri, resource]));
  for (const resource of old.resources) {
    if (!after.has(resource.uri)) add({ kind: "resource", name: resource.uri }, "resource-removed", "", "resource removed");
  }
  for (const resource of next.resources) {
    const was = before.get(resource.uri);
    if (was === undefined) add({ kind: "resource", name: resource.uri }, "resource-added", "", "new resource");
    else compareResource(was, resource, add);
  }
}

function compareResource(old: ResourceIR, next: ResourceIR, add: ChangeSink): void {
  const subject = { kind: "resource" as const, name: next.uri };
  if (old.name !== next.name) {
    add(subject, "resource-renamed", "/name", `name ${JSON.stringify(old.name)} → ${JSON.stringify(next.name)}`, { before: old.name, after: next.name });
  }
  if (old.description !== next.description) {
    add(subject, "resource-description-changed", "/description", `description ${how(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  for (const field of changedFields(old.raw, next.raw, ["uri", "name", "description"])) {
    add(subject, "resource-metadata-changed", joinPointer("", field), `${field} changed`, { before: own(old.raw, field), after: own(next.raw, field) });
  }
}

export function compareResourceTemplates(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  const before = new Map(old.resourceTemplates.map((template) => [template.wireName, template]));
  const after = new Map(next.resourceTemplates.map((template) => [template.wireName, template]));
  const removed = old.resourceTemplates.filter((template) => !after.has(template.wireName));
  const added = next.resourceTemplates.filter((template) => !before.has(template.wireName));
  // The same URI template under a new name, one on each side: a rename (the generated method that reads it is renamed).
  const renamed = new Map<ResourceTemplateIR, ResourceTemplateIR>();
  for (const template of removed) {
    const candidates = added.filter((other) => other.uriTemplate === template.uriTemplate);
    const rivals = removed.filter((other) => other.uriTemplate === template.uriTemplate);
    if (candidates.length === 1 && rivals.length === 1) renamed.set(template, candidates[0]!);
  }
  for (const template of removed) {
    const to = renamed.get(template);
    if (to !== undefined) {
      add({ kind: "resource-template", name: to.wireName }, "resource-template-renamed", "", `renamed from ${JSON.stringify(template.wireName)}`, {
        before: template.wireName,
        after: to.wireName,
      });
    } else add({ kind: "resource-template", name: template.wireName }, "resource-template-removed", "", "resource template removed");
  }
  const renamedTo = new Set(renamed.values());
  for (const template of added) {
    if (!renamedTo.has(template)) add({ kind: "resource-template", name: template.wireName }, "resource-template-added", "", "new resource template");
  }
  for (const template of next.resourceTemplates) {
    const was = before.get(template.wireName);
    if (was !== undefined) compareTemplate(was, template, add);
  }
}

function compareTemplate(old: ResourceTemplateIR, next: ResourceTemplateIR, add: ChangeSink): void {
  const subject = { kind: "resource-template" as const, name: next.wireName };
  if (old.uriTemplate !== next.uriTemplate) {
    add(subject, "resource-template-uri-changed", "/uriTemplate", `URI template ${JSON.stringify(old.uriTemplate)} → ${JSON.stringify(next.uriTemplate)}`, {
      before: old.uriTemplate,
      after: next.uriTemplate,
    });
  }
  if (old.description !== next.description) {
    add(subject, "resource-template-description-changed", "/description", `description ${how(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  for (const field of changedFields(old.raw, next.raw, ["name", "uriTemplate", "description"])) {
    add(subject, "resource-template-metadata-changed", joinPointer("", field), `${field} changed`, {
      before: own(old.raw, field),
      after: own(next.raw, field),
    });
  }
}
