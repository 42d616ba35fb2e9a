/**
 * What in a scaffold has a handler of its own in `src/handlers/`: every tool,
 * prompt, resource template and fixed resource, in the order the namer named
 * them. `planHandlers` (src/commands/scaffold.ts) decides each one's file;
 * the emitters read those paths here.
 */
import type { ManifestIR } from "../../ir/index.js";

/** What a handler implements. */
export type HandlerKind = "tool" | "prompt" | "resource" | "resource-template";

/** The project-relative handler file of everything that has one: by kind, then by wire name (a fixed resource by its URI). */
export type HandlerPaths = { readonly [Kind in HandlerKind]: ReadonlyMap<string, string> };

/** One thing with a handler: its kind, its wire name (a resource's URI), its file's base name and its client method name. */
export interface HandlerSubject {
  kind: HandlerKind;
  name: string;
  fileBase: string;
  methodName: string;
}

/** Everything with a handler, tools first, then prompts, resource templates and fixed resources. */
export function handlerSubjects(ir: ManifestIR): HandlerSubject[] {
  return [
    ...ir.tools.map((tool) => ({ kind: "tool" as const, name: tool.wireName, fileBase: tool.fileBase, methodName: tool.methodName })),
    ...ir.prompts.map((prompt) => ({ kind: "prompt" as const, name: prompt.wireName, fileBase: prompt.fileBase, methodName: prompt.methodName })),
    ...ir.resourceTemplates.map((template) => ({
      kind: "resource-template" as const,
      name: template.wireName,
      fileBase: template.fileBase,
      methodName: template.methodName,
    })),
    ...ir.resources.map((resource) => ({ kind: "resource" as const, name: resource.uri, fileBase: resource.fileBase, methodName: resource.methodName })),
  ];
}

/** Paths with nothing in them. */
export function emptyHandlerPaths(): { [Kind in HandlerKind]: Map<string, string> } {
  return { tool: new Map(), prompt: new Map(), resource: new Map(), "resource-template": new Map() };
}
