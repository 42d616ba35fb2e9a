/**
 * The resources and resource templates a server lists (MCP 2025-11-25 and
 * 2026-07-28, "Resources": `Resource`, `ResourceTemplate`), not to be
 * confused with the schema resources of `resources.ts`. Which are accepted,
 * and each template's variables, read with the RFC 6570 parser the
 * generated client expands them with. One that cannot be typed costs that
 * one, never the manifest.
 */
import { parseUriTemplate, UriTemplateError } from "../../templates/uri-template.js";
import { uriTemplateVariableShapes } from "../../templates/uri-template-match.js";
import type { ResourceAnnotations, TemplateVariableIR } from "../ir/index.js";
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import type { Rule } from "./rule.js";

export const RESOURCE_SHAPE: Rule = {
  name: "resource-shape",
  does: "A resource must be an object with a non-empty string `uri` and a string `name`, a resource template an object with a non-empty string `name` and a string `uriTemplate`; any other is left out with a warning, and the others are generated.",
  spec: "MCP 2025-11-25, Resource, ResourceTemplate",
  reports: ["resource-invalid"],
};

export const DUPLICATE_RESOURCES: Rule = {
  name: "duplicate-resources",
  does: "Of several resources with one URI, or several resource templates with one name, the first is kept; each repeat is reported.",
  reports: ["entry-duplicate"],
};

export const URI_TEMPLATES: Rule = {
  name: "uri-templates",
  does: 'A template\'s `uriTemplate` is parsed as RFC 6570 (levels 1 to 4); one that does not parse (an unclosed brace, an operator the RFC reserves, a variable name with a space, `-` or `~`, a malformed prefix) is left out with a warning. Each variable is typed once: a string, or also a list or map of strings when only ever exploded (`{/path*}`); required when only ever held alone by `{var}` or `{+var}` (which write it undefined as they write `""`), else optional: `{/seg}`, `{.ext}`, `{#frag}`, `{;v}`, `{?q}`, `{&page}` and `{x,y}` write an undefined variable apart, and a URI may leave it out (RFC 6570 §3.2.1).',
  spec: "RFC 6570 §2, §3.2; MCP ResourceTemplate.uriTemplate",
  reports: ["resource-invalid"],
};

export const RESOURCE_METADATA: Rule = {
  name: "resource-metadata",
  does: "A resource's and template's `title`, `description` and `mimeType` are kept when strings, `annotations` when an object, a resource's `size` when a non-negative number; the generated JSDoc says them but the resource's state (`size`, `annotations.lastModified`), which is no part of the contract; each is kept whole as listed, for the snapshot and a scaffold's lists.",
  spec: "MCP 2025-11-25, Resource, ResourceTemplate, Annotations",
  reports: [],
};

interface Common {
  title: string | undefined;
  description: string | undefined;
  mimeType: string | undefined;
  annotations: ResourceAnnotations | undefined;
  raw: Record<string, unknown>;
  pointer: string;
}

export interface AcceptedResource extends Common {
  uri: string;
  name: string;
  size: number | undefined;
}

export interface AcceptedTemplate extends Common {
  name: string;
  uriTemplate: string;
  variables: TemplateVariableIR[];
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

function common(entry: Record<string, unknown>, pointer: string): Common {
  return {
    title: text(entry["title"]),
    description: text(entry["description"]),
    mimeType: text(entry["mimeType"]),
    annotations: isRecord(entry["annotations"]) ? entry["annotations"] : undefined,
    raw: entry,
    pointer,
  };
}

type Warn = (code: "resource-invalid" | "entry-duplicate", message: string, pointer: string, subject?: string) => void;

function warner(file: string, diagnostics: Diagnostic[]): Warn {
  return (code, message, pointer, subject) =>
    diagnostics.push({ severity: "warning", code, message: subject === undefined ? message : `${subject}: ${message}`, file, pointer });
}

/** `resource-shape`, `duplicate-resources` and `resource-metadata` for `resources/list`. */
export function acceptResources(resources: readonly unknown[], listPointer: string, file: string, diagnostics: Diagnostic[]): AcceptedResource[] {
  const warn = warner(file, diagnostics);
  const accepted: AcceptedResource[] = [];
  const seen = new Map<string, string>();
  resources.forEach((resource, index) => {
    const pointer = joinPointer(listPointer, index);
    if (!isRecord(resource)) return warn("resource-invalid", "a resource must be an object; it is left out", pointer);
    const uri = resource["uri"];
    const name = resource["name"];
    if (typeof uri !== "string" || uri === "")
      return warn("resource-invalid", "a resource needs a non-empty string `uri`; it is left out", joinPointer(pointer, "uri"));
    if (typeof name !== "string")
      return warn("resource-invalid", "a resource needs a string `name`; it is left out", joinPointer(pointer, "name"), `resource ${JSON.stringify(uri)}`);
    const first = seen.get(uri);
    if (first !== undefined)
      return warn("entry-duplicate", `resource listed twice; keeping the first (${first}), ignoring ${pointer}`, pointer, `resource ${JSON.stringify(uri)}`);
    seen.set(uri, pointer);
    const size = resource["size"];
    accepted.push({ uri, name, size: typeof size === "number" && Number.isFinite(size) && size >= 0 ? size : undefined, ...common(resource, pointer) });
  });
  return accepted;
}

/** `resource-shape`, `duplicate-resources`, `uri-templates` and `resource-metadata` for `resources/templates/list`. */
export function acceptTemplates(templates: readonly unknown[], listPointer: string, file: string, diagnostics: Diagnostic[]): AcceptedTemplate[] {
  const warn = warner(file, diagnostics);
  const accepted: AcceptedTemplate[] = [];
  const seen = new Map<string, string>();
  templates.forEach((template, index) => {
    const pointer = joinPointer(listPointer, index);
    if (!isRecord(template)) return warn("resource-invalid", "a resource template must be an object; it is left out", pointer);
    const name = template["name"];
    const uriTemplate = template["uriTemplate"];
    if (typeof name !== "string" || name === "") {
      return warn("resource-invalid", "a resource template needs a non-empty string `name`; it is left out", joinPointer(pointer, "name"));
    }
    if (typeof uriTemplate !== "string") {
      return warn(
        "resource-invalid",
        "a resource template needs a string `uriTemplate`; it is left out",
        joinPointer(pointer, "uriTemplate"),
        `resource template ${JSON.stringify(name)}`,
      );
    }
    const first = seen.get(name);
    if (first !== undefined)
      return warn(
        "entry-duplicate",
        `resource template listed twice; keeping the first (${first}), ignoring ${pointer}`,
        pointer,
        `resource template ${JSON.stringify(name)}`,
      );
    const variables = templateVariables(uriTemplate);
    if (typeof variables === "string") {
      return warn(
        "resource-invalid",
        `\`uriTemplate\` is not an RFC 6570 URI template: ${variables}; the template is left out`,
        joinPointer(pointer, "uriTemplate"),
        `resource template ${JSON.stringify(name)}`,
      );
    }
    seen.set(name, pointer);
    accepted.push({ name, uriTemplate, variables, ...common(template, pointer) });
  });
  return accepted;
}

/** `uri-templates`: a template's variables (their shapes are `templates/uri-template-match.ts`'s, which a scaffold matches URIs with), or why it does not parse. */
export function templateVariables(uriTemplate: string): TemplateVariableIR[] | string {
  try {
    return uriTemplateVariableShapes(parseUriTemplate(uriTemplate));
  } catch (error) {
    if (error instanceof UriTemplateError) return error.message;
    throw error;
  }
}
