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

/**
 * What the build says of a handler bound to a name the manifest does not list (its tool, prompt,
 * resource or resource template was removed or renamed): the name, and what to do.
 */
type NotInManifest<
  Kind extends string,
  Name extends string,
> = `${Kind} "${Name}" is not in manifest.json: bind this handler to a name it lists (then npm run generate), or delete it`;

/**
 * The type of the name a handler is bound to: `N` where it is one of `Names`, else the sentence
 * above for those of `N` that are not. A generic `N` (a user's wrapper, `<N extends ToolName>(name:
 * N, …) => defineHandler(name, …)`) leaves the conditional unresolved, and TypeScript accepts a
 * value for it when the value fits both branches: the false branch holds `N & Names`, which such an
 * `N` fits by its constraint. `N` alone in the true branch is what `N` is inferred from (not from
 * `N & Names`: when `Names` is the one name given, TypeScript infers nothing there).
 */
type ListedName<Kind extends string, N extends string, Names extends string> = [
  N,
] extends [Names]
  ? N
  : (N & Names) | NotInManifest<Kind, Exclude<N, Names>>;

/** The parameters of a handler bound to a name not in the manifest: unchecked, so its name is its one error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- on purpose, see above
type Unchecked = any;

/*
 * What a handler bound to `N` takes and gives: a name not in the manifest, unchecked. The
 * conditional is inside the handler's type, not around it, so that a handler written inline in a
 * wrapper generic over `N` still has a signature to type its parameters by (an unresolved
 * conditional has none: they would be implicit `any`).
 */
/** Tool `N`'s arguments. */
type InputOf<N extends string> = [N] extends [ToolName]
  ? ToolInput<N>
  : Unchecked;
/** Tool `N`'s `structuredContent`. */
type OutputOf<N extends string> = [N] extends [ToolName]
  ? ToolOutput<N>
  : unknown;
/** Prompt `N`'s arguments. */
type ArgumentsOf<N extends string> = [N] extends [PromptName]
  ? PromptMap[N]
  : Unchecked;
/** Resource template `N`'s variables. */
type VariablesOf<N extends string> = [N] extends [ResourceTemplateName]
  ? ResourceTemplateMap[N]
  : Unchecked;

/** Binds a handler to the tool it implements; its input and output types follow from the tool's schemas. */
export function defineHandler<N extends string>(
  tool: ListedName<"tool", N, ToolName>,
  handle: ToolHandler<InputOf<N>, OutputOf<N>>,
): HandlerDefinition<N & ToolName> {
  return { tool, handle } as unknown as HandlerDefinition<N & ToolName>;
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
export function definePrompt<N extends string>(
  prompt: ListedName<"prompt", N, PromptName>,
  handle: PromptHandler<ArgumentsOf<N>>,
  options: {
    complete?: Completions<ArgumentsOf<N>>;
  } = {},
): PromptDefinition<N & PromptName> {
  return {
    prompt,
    handle,
    complete: options.complete,
  } as unknown as PromptDefinition<N & PromptName>;
}

/** A fixed resource's handler bound to its URI. */
export interface ResourceDefinition<U extends FixedResourceUri> {
  readonly resource: U;
  readonly handle: ResourceHandler;
}

/** Binds a handler to the fixed resource it reads, by its URI: a context in; a text, bytes or contents out. */
export function defineResource<U extends string>(
  uri: ListedName<"resource", U, FixedResourceUri>,
  handle: ResourceHandler,
): ResourceDefinition<U & FixedResourceUri> {
  return { resource: uri, handle } as unknown as ResourceDefinition<
    U & FixedResourceUri
  >;
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
export function defineResourceTemplate<N extends string>(
  resourceTemplate: ListedName<"resource template", N, ResourceTemplateName>,
  handle: ResourceTemplateHandler<VariablesOf<N>>,
  options: {
    complete?: Completions<VariablesOf<N>>;
  } = {},
): ResourceTemplateDefinition<N & ResourceTemplateName> {
  return {
    resourceTemplate,
    handle,
    complete: options.complete,
  } as unknown as ResourceTemplateDefinition<N & ResourceTemplateName>;
}
// #endregion
