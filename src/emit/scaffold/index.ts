/**
 * Stage 3 (emit) for `mcpgen scaffold`: every file of a runnable server, from
 * the IR and the planned handler paths. `src/generated/` holds the same
 * `types.ts`, validator modules, `validate.ts` and `runtime.ts` that `generate`
 * emits, plus the server's tool table, its prompts, resources and templates
 * (`surface.ts`), the handler tables and the dispatcher.
 */
import type { ManifestIR, OutputFile } from "../../ir/index.js";
import { emitManifestSnapshot } from "../snapshot.js";
import { emitRuntime } from "../client/runtime-module.js";
import { emitEntry } from "./entry.js";
import { emitHandlerStub, emitPromptStub, emitResourceStub, emitResourceTemplateStub } from "./handler-stub.js";
import type { HandlerPaths } from "./handler-paths.js";
import { emitGitignore, emitPackageJson, emitTsconfig } from "./package.js";
import { emitReadme, type ScaffoldContract } from "./readme.js";
import { emitServerDefine } from "../server/define.js";
import { emitServerHandlers } from "../server/handlers.js";
import { GENERATED_DIR, MANIFEST_FILE } from "../../shared/output-names.js";
import { emitServerModule } from "../server/module.js";
import { emitServerRuntime } from "../server/runtime-module.js";
import { emitServerTools } from "../server/tools.js";
import { emitServerSurface, servesCompletions } from "../server/surface.js";
import { emitUriTemplate } from "../client/uri-template-module.js";
import { emitTypes } from "../types/index.js";
import { emitToolValidators, emitValidate } from "../validators/index.js";

export type { ScaffoldContract };

export interface ScaffoldEmitOptions {
  /** npm package name of the project (also the fallback `serverInfo.name`). */
  name: string;
  /** Project-relative handler file of every tool, prompt, resource and resource template. */
  handlerPaths: HandlerPaths;
  /** What `npm run generate` runs: `mcpgen scaffold manifest.json --out .` (for a configuration's target, `mcpgen generate --config <file> <target>`), or the same through the path of the mcpgen that wrote the project. */
  generateCommand: string;
  /** A configuration's target: its contract, which the README names (absent for a standalone scaffold, whose contract is its `manifest.json`). */
  contract?: ScaffoldContract | undefined;
}

export interface ScaffoldFiles {
  /** mcpgen's: `src/generated/*` and the manifest snapshot, rewritten on every run. */
  generated: OutputFile[];
  /** The user's: project files and handler stubs, written only when absent. */
  owned: OutputFile[];
}

const byPath = (a: OutputFile, b: OutputFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export async function emitScaffold(ir: ManifestIR, options: ScaffoldEmitOptions): Promise<ScaffoldFiles> {
  const inGenerated = [
    emitTypes(ir),
    // A scaffold imports with `.js`: its tsconfig and `npm run build` expect it (no `--import-extension` for it yet).
    ...emitToolValidators(ir, "js"),
    emitValidate(ir, "js"),
    emitRuntime(ir),
    ...(ir.resourceTemplates.length > 0 ? [emitUriTemplate(ir)] : []),
    ...emitServerRuntime(ir),
    emitServerTools(ir),
    emitServerSurface(ir),
    emitServerDefine(ir),
    emitServerHandlers(ir, options.handlerPaths),
    emitServerModule(ir, options.name),
  ].map((file) => ({ ...file, path: `${GENERATED_DIR}/${file.path}` }));
  const generated = [...inGenerated, { ...emitManifestSnapshot(ir, { fingerprint: true }), path: MANIFEST_FILE }];

  const paths = options.handlerPaths;
  const completions = servesCompletions(ir);
  const stubs = [
    ...ir.tools.map((tool) => emitHandlerStub(tool, paths.tool.get(tool.wireName)!)),
    ...ir.prompts.map((prompt) => emitPromptStub(prompt, paths.prompt.get(prompt.wireName)!, completions && prompt.arguments.length > 0)),
    ...ir.resourceTemplates.map((template) =>
      emitResourceTemplateStub(template, paths["resource-template"].get(template.wireName)!, completions && template.variables.length > 0),
    ),
    ...ir.resources.map((resource) => emitResourceStub(resource, paths.resource.get(resource.uri)!)),
  ];
  const owned = [
    emitPackageJson(options.name, options.generateCommand),
    emitTsconfig(),
    emitGitignore(),
    emitEntry(),
    emitReadme(ir, options.name, options.handlerPaths, options.generateCommand, options.contract),
    ...stubs,
  ];
  return { generated: generated.sort(byPath), owned: owned.sort(byPath) };
}
