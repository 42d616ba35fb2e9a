/**
 * Template of a scaffold's `src/generated/define.ts`, the typed API handler
 * files import: the `emitted` region is the whole file after its generated
 * header, the same for every manifest. The modules it imports stand beside
 * it, as in a scaffold (samples: the manifest of templates/client/types.ts,
 * and the prompt, resource and template of surface.ts).
 */
// #region emitted
import type { ToolHandler } from "./server-runtime.js";
import type {
  Completions,
  PromptHandler,
  ResourceHandler,
  ResourceTemplateHandler,
} from "./server-surface.js";
import type {
  FixedResourceUri,
  PromptMap,
  ResourceTemplateMap,
} from "./surface.js";
import type { ToolInput, ToolName, ToolOutput } from "./types.js";

export {
  toolError,
  toolResult,
  type FullToolResult,
  type HandlerReturn,
  type RequestContext,
  type ToolContext,
} from "./server-runtime.js";
export type {
  Completer,
  CompletionContext,
  CompletionValues,
  Completions,
  PromptContext,
  PromptReturn,
  ResourceContext,
  ResourceReturn,
} from "./server-surface.js";
export {
  ProtocolError,
  ResourceNotFoundError,
} from "@modelcontextprotocol/server";
export type * from "./types.js";

/** The implementation of tool `N`: typed arguments and a context in; typed `structuredContent` (or a full result) out. */
export type Handler<N extends ToolName> = ToolHandler<
  ToolInput<N>,
  ToolOutput<N>
>;

/** A handler bound to the wire name of its tool. */
export interface HandlerDefinition<N extends ToolName> {
  readonly tool: N;
  readonly handle: Handler<N>;
}

/** Binds a handler to the tool it implements; its input and output types follow from the tool's schemas. */
export function defineHandler<N extends ToolName>(
  tool: N,
  handle: Handler<N>,
): HandlerDefinition<N> {
  return { tool, handle };
}

/** The name of every prompt the server lists. */
export type PromptName = keyof PromptMap & string;

/** A prompt's handler bound to the prompt's name, with its completions. */
export interface PromptDefinition<N extends PromptName> {
  readonly prompt: N;
  readonly handle: PromptHandler<PromptMap[N]>;
  readonly complete: Completions<PromptMap[N]> | undefined;
}

/**
 * Binds a handler to the prompt it implements: its arguments (`<Name>PromptArguments`, checked:
 * the required ones given, every value a string) and a context in; messages out. `complete`:
 * the completions of its arguments (`completion/complete`, when the server declares it).
 */
export function definePrompt<N extends PromptName>(
  prompt: N,
  handle: PromptHandler<PromptMap[N]>,
  options: { complete?: Completions<PromptMap[N]> } = {},
): PromptDefinition<N> {
  return { prompt, handle, complete: options.complete };
}

/** A fixed resource's handler bound to its URI. */
export interface ResourceDefinition<U extends FixedResourceUri> {
  readonly resource: U;
  readonly handle: ResourceHandler;
}

/** Binds a handler to the fixed resource it reads, by its URI: a context in; a text, bytes or contents out. */
export function defineResource<U extends FixedResourceUri>(
  uri: U,
  handle: ResourceHandler,
): ResourceDefinition<U> {
  return { resource: uri, handle };
}

/** The name of every resource template the server lists. */
export type ResourceTemplateName = keyof ResourceTemplateMap & string;

/** A resource template's handler bound to the template's name, with its completions. */
export interface ResourceTemplateDefinition<N extends ResourceTemplateName> {
  readonly resourceTemplate: N;
  readonly handle: ResourceTemplateHandler<ResourceTemplateMap[N]>;
  readonly complete: Completions<ResourceTemplateMap[N]> | undefined;
}

/**
 * Binds a handler to the resource template it implements: the variables parsed from the URI read
 * (`<Name>Variables`) and a context in; a text, bytes or contents out. `complete`: the
 * completions of its variables.
 */
export function defineResourceTemplate<N extends ResourceTemplateName>(
  resourceTemplate: N,
  handle: ResourceTemplateHandler<ResourceTemplateMap[N]>,
  options: { complete?: Completions<ResourceTemplateMap[N]> } = {},
): ResourceTemplateDefinition<N> {
  return { resourceTemplate, handle, complete: options.complete };
}
// #endregion
