/**
 * Emits `handlers.ts`: the handler of every tool, prompt, fixed resource and
 * resource template, imported from the user's files in `src/handlers/`. Typed
 * by wire name (a resource by URI), so a missing handler or one bound to
 * something else is a compile error here.
 */
import { posix } from "node:path";
import type { Expression, ImportDeclaration, ManifestIR, SourceFile, TypeNode, VariableStatement } from "../../ir/index.js";
import { objectLiteralKey } from "../../shared/escape.js";
import { GENERATED_DIR } from "../../shared/output-names.js";
import { header, identifier, importDeclaration, reference } from "../nodes.js";
import { moduleSpecifier } from "../specifier.js";
import { handlerSubjects, type HandlerKind, type HandlerPaths } from "../scaffold/handler-paths.js";

/** The import specifier (a string literal) of a handler file (project-relative `src/handlers/x.ts`) from `src/generated/`. */
function handlerImport(path: string): string {
  const relative = posix.relative(GENERATED_DIR, path);
  return moduleSpecifier(relative.startsWith(".") ? relative : `./${relative}`, "js");
}

/** Each kind's table: its name, the type its keys range over and the definition type of an entry. */
const TABLES: ReadonlyArray<{ kind: HandlerKind; name: string; keys: string; definition: string; doc: string }> = [
  { kind: "tool", name: "handlers", keys: "ToolName", definition: "HandlerDefinition", doc: "The handler of every tool, by wire name." },
  { kind: "prompt", name: "promptHandlers", keys: "PromptName", definition: "PromptDefinition", doc: "The handler of every prompt, by name." },
  {
    kind: "resource",
    name: "resourceHandlers",
    keys: "FixedResourceUri",
    definition: "ResourceDefinition",
    doc: "The handler of every fixed resource, by URI.",
  },
  {
    kind: "resource-template",
    name: "resourceTemplateHandlers",
    keys: "ResourceTemplateName",
    definition: "ResourceTemplateDefinition",
    doc: "The handler of every resource template, by name.",
  },
];

/** `handlerPaths`: the project-relative handler file of everything that has one. */
export function emitServerHandlers(ir: ManifestIR, handlerPaths: HandlerPaths): SourceFile {
  const imports: ImportDeclaration[] = [];
  const entries = new Map<HandlerKind, Array<readonly [string, Expression]>>(TABLES.map((table) => [table.kind, []]));
  for (const subject of handlerSubjects(ir)) {
    const path = handlerPaths[subject.kind].get(subject.name);
    if (path === undefined) throw new Error(`internal: no handler file planned for the ${subject.kind} ${subject.name}`);
    // Method names are unique identifiers starting with a lower-case letter, so `<method>Handler` never collides.
    const binding = `${subject.methodName}Handler`;
    imports.push({ kind: "import", typeOnly: false, defaultName: binding, names: [], from: handlerImport(path) });
    entries.get(subject.kind)!.push([objectLiteralKey(subject.name), identifier(binding)]);
  }
  const tables = TABLES.map((table): VariableStatement => {
    const type: TypeNode = {
      kind: "mapped",
      readonly: true,
      parameter: "N",
      constraint: reference(table.keys),
      type: reference(table.definition, [reference("N")]),
    };
    return {
      kind: "const",
      doc: table.kind === "tool" ? [] : [table.doc],
      exported: true,
      name: table.name,
      type,
      value: { kind: "object", properties: entries.get(table.kind)!, multiLine: true },
    };
  });
  return {
    path: "handlers.ts",
    format: "typescript",
    statements: [
      header(ir, "The handler of every tool, prompt, resource and resource template. A missing or mismatched handler is a compile error."),
      importDeclaration(
        ["HandlerDefinition", "PromptDefinition", "PromptName", "ResourceDefinition", "ResourceTemplateDefinition", "ResourceTemplateName"],
        moduleSpecifier("./define.ts", "js"),
        true,
      ),
      importDeclaration(["FixedResourceUri"], moduleSpecifier("./surface.ts", "js"), true),
      importDeclaration(["ToolName"], moduleSpecifier("./types.ts", "js"), true),
      ...imports,
      ...tables,
    ],
  };
}
