/**
 * Emits `surface.ts`: the prompts, fixed resources and resource templates of
 * a scaffolded server, each the manifest's raw object as a literal (or, where
 * an SDK client rejects a field, the object without it: `listedEntry`), so
 * that `prompts/list`, `resources/list` and `resources/templates/list` return
 * what the manifest lists; a list the manifest does not have is
 * `undefined` (the server then declares no capability for it). Beside them:
 * whether the server serves `completion/complete`, the URI matcher when there
 * are templates, and the types `define.ts` binds handlers with (`PromptMap`,
 * `ResourceTemplateMap`, `FixedResourceUri`), by wire name.
 */
import type { ManifestIR, SourceFile, Statement, TypeNode } from "../../ir/index.js";
import { jsonLiteral, typePropertyKey } from "../../shared/escape.js";
import { header, importDeclaration, property, reference, typeLiteral } from "../nodes.js";
import { moduleSpecifier } from "../specifier.js";

/** Whether the scaffold serves prompts (even none): the manifest has the list, or has prompts. */
export function servesPrompts(ir: ManifestIR): boolean {
  return ir.listed.has("prompts/list") || ir.prompts.length > 0;
}

/** Whether the scaffold serves resources: the manifest has either list, or has resources or templates. */
export function servesResources(ir: ManifestIR): boolean {
  return ir.listed.has("resources/list") || ir.listed.has("resources/templates/list") || ir.resources.length > 0 || ir.resourceTemplates.length > 0;
}

/** Whether the scaffold serves `completion/complete`: the manifest's server declares `completions` and has something to complete. */
export function servesCompletions(ir: ManifestIR): boolean {
  const declared = ir.capabilities?.["completions"];
  return typeof declared === "object" && declared !== null && (ir.prompts.length > 0 || ir.resourceTemplates.length > 0);
}

function list(name: string, element: string, doc: string, items: readonly unknown[] | undefined): Statement {
  return {
    kind: "const",
    doc: [doc],
    exported: true,
    name,
    type: { kind: "union", types: [{ kind: "array", element: reference(element), readonly: true }, reference("undefined")] },
    value:
      items === undefined ? { kind: "code", text: "undefined" } : { kind: "array", elements: items.map((item) => ({ kind: "code", text: jsonLiteral(item) })) },
  };
}

function map(name: string, doc: string, entries: ReadonlyArray<readonly [key: string, type: string]>): Statement {
  const type: TypeNode = typeLiteral(
    entries.map(([key, typeName]) => property(typePropertyKey(key), reference(typeName))),
    entries.length > 0,
  );
  return { kind: "typeAlias", doc: [doc], exported: true, name, type };
}

/** A prompt, resource or resource template as a scaffold (and a mock) lists it: as declared, or as both SDKs accept it. */
export function listedEntry(entry: { raw: Record<string, unknown>; acceptedBySdk?: Record<string, unknown> | undefined }): Record<string, unknown> {
  return entry.acceptedBySdk ?? entry.raw;
}

export function emitServerSurface(ir: ManifestIR): SourceFile {
  const prompts = servesPrompts(ir) ? ir.prompts.map(listedEntry) : undefined;
  const resources = servesResources(ir);
  const typeNames = [
    ...ir.prompts.map((prompt) => prompt.typeName),
    ...ir.resourceTemplates.map((template) => template.typeName),
    ...(ir.resources.length > 0 ? ["ResourceUri"] : []),
  ];
  const matcher: Statement =
    ir.resourceTemplates.length > 0
      ? { kind: "code", text: `export { uriTemplateMatcher } from ${moduleSpecifier("./uri-template-match.ts", "js")};` }
      : {
          kind: "const",
          doc: ["No resource templates: no URI is matched against one."],
          exported: true,
          name: "uriTemplateMatcher",
          // Typed, so that a project without strictNullChecks does not widen it to an implicit any.
          type: reference("undefined"),
          value: { kind: "code", text: "undefined" },
        };
  return {
    path: "surface.ts",
    format: "typescript",
    statements: [
      header(
        ir,
        "The prompts, resources and resource templates as the manifest lists them (a field the SDK clients reject left out); each list returns these objects unchanged.",
      ),
      importDeclaration(["ListedPrompt", "ListedResource", "ListedResourceTemplate"], moduleSpecifier("./server-surface.ts", "js"), true),
      ...(typeNames.length > 0 ? [importDeclaration(typeNames, moduleSpecifier("./types.ts", "js"), true)] : []),
      matcher,
      list("prompts", "ListedPrompt", "The prompts as `prompts/list` returns them (undefined: the server serves no prompts).", prompts),
      list(
        "resources",
        "ListedResource",
        "The fixed resources as `resources/list` returns them (undefined: the server serves no resources).",
        resources ? ir.resources.map(listedEntry) : undefined,
      ),
      list(
        "resourceTemplates",
        "ListedResourceTemplate",
        "The resource templates as `resources/templates/list` returns them.",
        resources ? ir.resourceTemplates.map(listedEntry) : undefined,
      ),
      {
        kind: "const",
        doc: ["Whether the server answers `completion/complete` (the manifest's server declares `completions`)."],
        exported: true,
        name: "completions",
        type: reference("boolean"),
        value: { kind: "code", text: String(servesCompletions(ir)) },
      },
      map(
        "PromptMap",
        "Every prompt's arguments, by name.",
        ir.prompts.map((prompt) => [prompt.wireName, prompt.typeName]),
      ),
      map(
        "ResourceTemplateMap",
        "Every resource template's variables, by name.",
        ir.resourceTemplates.map((template) => [template.wireName, template.typeName]),
      ),
      {
        kind: "typeAlias",
        doc: ["The URI of every fixed resource."],
        exported: true,
        name: "FixedResourceUri",
        type: reference(ir.resources.length > 0 ? "ResourceUri" : "never"),
      },
    ],
  };
}
