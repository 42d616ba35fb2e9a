/**
 * mcpgen server runtime, prompts and resources: copied verbatim into every
 * scaffold as `src/generated/server-surface.ts`. The dispatchers of the
 * server surface beside the tools, on the same SDK v2 low-level `Server`:
 * `prompts/list` and `prompts/get` (arguments checked before the handler
 * runs), `resources/list`, `resources/templates/list` and `resources/read`
 * (a fixed resource by its URI, any other URI matched against the templates
 * and routed with its variables parsed), and `completion/complete`. Each list
 * is the manifest's, as declared and in order. A handler runs as a tool's
 * does (`Dispatch.run` of `server-runtime.ts`): its context, and on MCP
 * 2026-07-28 an `input_required` round for what it asks the client. Imports
 * only `@modelcontextprotocol/server` and the runtime beside it (whose error
 * helpers it answers with, so both answer alike; used only while serving, so
 * the two files importing each other is harmless).
 */
import {
  ProtocolError,
  ResourceNotFoundError,
  type CompleteResult,
  type GetPromptResult,
  type PromptMessage,
  type ReadResourceResult,
  type Server,
} from "@modelcontextprotocol/server";
import {
  errorMessage,
  INVALID_PARAMS,
  isJsonObject,
  protocolError,
  specFault,
  thrownForLog,
  type Dispatch,
  type ProtocolEra,
  type RequestContext,
} from "./server-runtime.js";

/** A prompt as the manifest lists it; `prompts/list` returns these objects unchanged. */
export interface ListedPrompt {
  name: string;
  [key: string]: unknown;
}

/** A fixed resource as the manifest lists it; `resources/list` returns these objects unchanged. */
export interface ListedResource {
  uri: string;
  name: string;
  [key: string]: unknown;
}

/** A resource template as the manifest lists it; `resources/templates/list` returns these objects unchanged. */
export interface ListedResourceTemplate {
  name: string;
  uriTemplate: string;
  [key: string]: unknown;
}

/** What a prompt's handler gets besides its arguments. */
export interface PromptContext extends RequestContext {
  /** Name of the prompt being got. */
  readonly promptName: string;
}

/** What a resource's or a resource template's handler gets. */
export interface ResourceContext extends RequestContext {
  /** The URI being read. */
  readonly uri: string;
  /** The name of the resource template the URI matched; undefined for a fixed resource. */
  readonly resourceTemplate: string | undefined;
}

/**
 * What a prompt's handler returns: the messages (`PromptMessage[]`), a text, which is sent as one
 * user message, or a whole `GetPromptResult` (`description`, `messages`, `_meta`).
 */
export type PromptReturn = string | readonly PromptMessage[] | GetPromptResult;

/**
 * What a resource's handler returns: a text or bytes, sent as the resource's one content (its URI,
 * and its `mimeType` as listed); its contents (`ReadResourceResult["contents"]`); or a whole
 * `ReadResourceResult`.
 */
export type ResourceReturn =
  string | Uint8Array | ReadResourceResult["contents"] | ReadResourceResult;

/** The implementation of one prompt: typed arguments and a context in, messages out. */
export type PromptHandler<Arguments> = (
  args: Arguments,
  context: PromptContext,
) => PromptReturn | Promise<PromptReturn>;

/** The implementation of one fixed resource. */
export type ResourceHandler = (
  context: ResourceContext,
) => ResourceReturn | Promise<ResourceReturn>;

/** The implementation of one resource template: the variables its URI was read with, and a context. */
export type ResourceTemplateHandler<Variables> = (
  variables: Variables,
  context: ResourceContext,
) => ResourceReturn | Promise<ResourceReturn>;

/** Completions a completer gives: the values, or the values with their `total` and whether there are more. */
export type CompletionValues =
  | readonly string[]
  | { values: readonly string[]; total?: number; hasMore?: boolean };

/** What a completer gets besides the value typed so far. */
export interface CompletionContext<Values> {
  /** The argument or variable being completed. */
  readonly argument: string;
  /** The values already chosen for the others (the request's `context.arguments`). */
  readonly arguments: Partial<Values>;
  readonly era: ProtocolEra;
  /** Aborted when the client cancels the request or the connection closes. */
  readonly signal: AbortSignal;
}

/** Completions of one argument (or variable) of a prompt (or a resource template). */
export type Completer<Values> = (
  value: string,
  context: CompletionContext<Values>,
) => CompletionValues | Promise<CompletionValues>;

/**
 * The completions of a prompt's arguments or a template's variables: a completer per argument
 * (those left out complete to nothing), or one completer for all of them.
 */
export type Completions<Values> =
  | {
      // An argument named like a member every object inherits (`toString`, `constructor`) also
      // admits that member's type, so that an object literal leaving it out is still one of these.
      readonly [Name in keyof Values]?:
        | Completer<Values>
        // eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the members every object inherits are Object's
        | (Name extends keyof Object ? Object[Name] : never);
    }
  | ((
      argument: keyof Values & string,
      value: string,
      context: CompletionContext<Values>,
    ) => CompletionValues | Promise<CompletionValues>);

/** A prompt's handler bound to the prompt's name (what `definePrompt` returns). */
export interface RegisteredPromptHandler {
  readonly prompt: string;
  readonly handle: (args: never, context: PromptContext) => unknown;
  /** `Completions` of its arguments (typed by `definePrompt`). */
  readonly complete?: unknown;
}

/** A fixed resource's handler bound to its URI (what `defineResource` returns). */
export interface RegisteredResourceHandler {
  readonly resource: string;
  readonly handle: (context: ResourceContext) => unknown;
}

/** A resource template's handler bound to the template's name (what `defineResourceTemplate` returns). */
export interface RegisteredResourceTemplateHandler {
  readonly resourceTemplate: string;
  readonly handle: (variables: never, context: ResourceContext) => unknown;
  /** `Completions` of its variables (typed by `defineResourceTemplate`). */
  readonly complete?: unknown;
}

/** How a template reads URIs: the matcher `uriTemplateMatcher` of `uri-template-match.ts` makes. */
export interface TemplateMatcher {
  /** The template's variables, by name: what `completion/complete` may ask about. */
  readonly variables: ReadonlyArray<{ readonly name: string }>;
  match(uri: string): { [name: string]: unknown } | undefined;
}

/** The server surface beside the tools, as a scaffold's generated `surface.ts` and `handlers.ts` hold it. */
export interface SurfaceDefinition {
  /** The prompts as `prompts/list` returns them, in order; undefined: no prompts (and no `prompts` capability). */
  prompts?: readonly ListedPrompt[] | undefined;
  /** The fixed resources as `resources/list` returns them; with `resourceTemplates`, undefined for both: no `resources` capability. */
  resources?: readonly ListedResource[] | undefined;
  /** The resource templates as `resources/templates/list` returns them. */
  resourceTemplates?: readonly ListedResourceTemplate[] | undefined;
  /** Makes a template's matcher (`uriTemplateMatcher`); needed when there are resource templates. */
  uriTemplateMatcher?: ((uriTemplate: string) => TemplateMatcher) | undefined;
  /** Handlers by prompt name; every listed prompt needs one. */
  promptHandlers?: { readonly [name: string]: RegisteredPromptHandler };
  /** Handlers by URI; every listed resource needs one. */
  resourceHandlers?: { readonly [uri: string]: RegisteredResourceHandler };
  /** Handlers by template name; every listed template needs one. */
  resourceTemplateHandlers?: {
    readonly [name: string]: RegisteredResourceTemplateHandler;
  };
  /** Serve `completion/complete` (and declare `completions`). */
  completions?: boolean | undefined;
}

const own = (object: object, key: string) =>
  Object.prototype.hasOwnProperty.call(object, key);

/** Checks that everything listed has its handler, bound to it (the generated types already promise it). */
export function checkSurface(surface: SurfaceDefinition): void {
  const check = (
    kind: string,
    names: readonly string[],
    handlers: { readonly [name: string]: unknown } | undefined,
    bound: (handler: never) => string,
  ) => {
    for (const name of names) {
      if (
        handlers === undefined ||
        !own(handlers, name) ||
        typeof handlers[name] !== "object" ||
        handlers[name] === null
      )
        throw new Error(`no handler for ${kind} ${JSON.stringify(name)}`);
      const to = bound(handlers[name] as never);
      if (to !== name)
        throw new Error(
          `the handler registered for ${kind} ${JSON.stringify(name)} was defined for ${JSON.stringify(to)}`,
        );
    }
  };
  check(
    "prompt",
    (surface.prompts ?? []).map((prompt) => prompt.name),
    surface.promptHandlers,
    (handler: RegisteredPromptHandler) => handler.prompt,
  );
  check(
    "resource",
    (surface.resources ?? []).map((resource) => resource.uri),
    surface.resourceHandlers,
    (handler: RegisteredResourceHandler) => handler.resource,
  );
  check(
    "resource template",
    (surface.resourceTemplates ?? []).map((template) => template.name),
    surface.resourceTemplateHandlers,
    (handler: RegisteredResourceTemplateHandler) => handler.resourceTemplate,
  );
  if (
    (surface.resourceTemplates ?? []).length > 0 &&
    surface.uriTemplateMatcher === undefined
  )
    throw new Error("resource templates need a uriTemplateMatcher");
}

/** A prompt's arguments as the runtime checks them: its name, whether it is required. */
interface PromptArgumentShape {
  name: string;
  required: boolean;
}

/** What a surface needs at run time, computed once per surface, not once per server instance. */
interface PreparedSurface {
  prompts: Map<string, PromptArgumentShape[]>;
  resources: Map<string, ListedResource>;
  templates: Array<{
    listed: ListedResourceTemplate;
    matcher: TemplateMatcher;
  }>;
  /** The templates by `uriTemplate`, as `completion/complete` names them. */
  templatesByUri: Map<string, ListedResourceTemplate>;
}

const preparedSurfaces = new WeakMap<SurfaceDefinition, PreparedSurface>();

function prepare(surface: SurfaceDefinition): PreparedSurface {
  let prepared = preparedSurfaces.get(surface);
  if (prepared !== undefined) return prepared;
  const prompts = new Map<string, PromptArgumentShape[]>();
  for (const prompt of surface.prompts ?? []) {
    const listed = Array.isArray(prompt["arguments"])
      ? (prompt["arguments"] as unknown[])
      : [];
    const shapes: PromptArgumentShape[] = [];
    for (const argument of listed) {
      if (typeof argument !== "object" || argument === null) continue;
      const { name, required } = argument as {
        name?: unknown;
        required?: unknown;
      };
      if (typeof name !== "string" || shapes.some((s) => s.name === name))
        continue;
      shapes.push({ name, required: required === true });
    }
    prompts.set(prompt.name, shapes);
  }
  const templates = (surface.resourceTemplates ?? []).map((listed) => ({
    listed,
    matcher: surface.uriTemplateMatcher!(listed.uriTemplate),
  }));
  prepared = {
    prompts,
    resources: new Map(
      (surface.resources ?? []).map((resource) => [resource.uri, resource]),
    ),
    templates,
    templatesByUri: new Map(
      templates.map(({ listed }) => [listed.uriTemplate, listed]),
    ),
  };
  preparedSurfaces.set(surface, prepared);
  return prepared;
}

const INTERNAL_ERROR = -32603;

/** Most values a `completion/complete` result may carry (MCP "Completion"). */
const MAX_COMPLETIONS = 100;

/**
 * Registers the dispatchers of what `surface` lists: the prompts' when it has prompts, the
 * resources' and templates' when it has either (the other answered as an empty list), completions
 * when asked for.
 */
export function serveSurface(
  server: Server,
  surface: SurfaceDefinition,
  dispatch: Dispatch,
): void {
  const prepared = prepare(surface);
  if (surface.prompts !== undefined)
    servePrompts(server, surface, prepared, dispatch);
  if (
    surface.resources !== undefined ||
    surface.resourceTemplates !== undefined
  )
    serveResources(server, surface, prepared, dispatch);
  if (surface.completions === true)
    serveCompletions(server, surface, prepared, dispatch.log);
}

/** `prompts/list` and `prompts/get`: the manifest's prompts, each request's arguments checked, then its handler. */
function servePrompts(
  server: Server,
  surface: SurfaceDefinition,
  prepared: PreparedSurface,
  { log, run }: Dispatch,
): void {
  const listed = { prompts: surface.prompts as never };
  server.setRequestHandler("prompts/list", () => listed);
  server.setRequestHandler("prompts/get", async (request, ctx) => {
    const name = request.params.name;
    const shapes = prepared.prompts.get(name);
    // MCP "Prompts", Error Handling: an unknown prompt and missing arguments are -32602.
    if (shapes === undefined)
      throw protocolError(
        INVALID_PARAMS,
        `Unknown prompt: ${JSON.stringify(name)}`,
      );
    const given = request.params.arguments ?? {};
    const args: { [name: string]: string } = {};
    const problems: string[] = [];
    for (const shape of shapes) {
      const value = own(given, shape.name) ? given[shape.name] : undefined;
      if (value === undefined) {
        if (shape.required)
          problems.push(
            `missing required argument ${JSON.stringify(shape.name)}`,
          );
        continue;
      }
      if (typeof value !== "string") {
        problems.push(
          `argument ${JSON.stringify(shape.name)} must be a string`,
        );
        continue;
      }
      Object.defineProperty(args, shape.name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    if (problems.length > 0)
      throw protocolError(
        INVALID_PARAMS,
        `Invalid arguments for prompt ${JSON.stringify(name)}: ${problems.join("; ")}`,
      );
    const handler = surface.promptHandlers![name]!;
    const outcome = await run(
      ctx,
      { method: "prompts/get", name, args },
      (context) =>
        handler.handle(args as never, { ...context, promptName: name }),
    );
    if ("inputRequired" in outcome) return outcome.inputRequired;
    if ("thrown" in outcome)
      throw handlerFailure(
        log,
        `prompt ${JSON.stringify(name)}`,
        outcome.thrown,
      );
    const result = promptResult(outcome.returned);
    if (typeof result === "string") {
      log(`ERROR: prompt ${JSON.stringify(name)} ${result}`);
      throw protocolError(
        INTERNAL_ERROR,
        `Prompt ${JSON.stringify(name)} ${result}`,
      );
    }
    return result;
  });
}

/** What a prompt handler returned, as a `GetPromptResult` (as JSON sends it), or why it cannot be one. */
function promptResult(returned: unknown): GetPromptResult | string {
  const value = asJson(returned);
  if (typeof value === "string" && typeof returned !== "string") return value;
  if (typeof returned === "string")
    return {
      messages: [{ role: "user", content: { type: "text", text: returned } }],
    };
  const result = Array.isArray(value)
    ? { messages: value as PromptMessage[] }
    : isJsonObject(value) && Array.isArray(value["messages"])
      ? (value as GetPromptResult)
      : undefined;
  if (result === undefined)
    return "returned neither messages nor a GetPromptResult";
  return specFault("GetPromptResult", result) ?? result;
}

/** `value` as JSON sends it, or (a string) why it cannot be sent. */
function asJson(value: unknown): unknown {
  if (typeof value === "string") return value;
  try {
    return JSON.parse(JSON.stringify(value) ?? "null") as unknown;
  } catch (error) {
    return `returned a value that cannot be sent as JSON (${errorText(error)})`;
  }
}

/** What a client is told of a handler's (or a completer's) error. */
const errorText = (error: unknown) => errorMessage(error, "the handler failed");

/**
 * The error a client gets for a handler that threw: a protocol error it threw as it is (the SDK's
 * `ResourceNotFoundError`, `ProtocolError`, ...), any other as -32603 with its message (its stack
 * goes to the log).
 */
function handlerFailure(
  log: (message: string) => void,
  what: string,
  error: unknown,
): Error {
  if (ProtocolError.isInstance(error)) return error;
  log(`${what} failed: ${thrownForLog(error)}`);
  return protocolError(INTERNAL_ERROR, errorText(error));
}

/** `resources/list`, `resources/templates/list` and `resources/read`: a fixed resource by its URI, else the first template that matches. */
function serveResources(
  server: Server,
  surface: SurfaceDefinition,
  prepared: PreparedSurface,
  { log, run }: Dispatch,
): void {
  const resources = { resources: (surface.resources ?? []) as never };
  const templates = {
    resourceTemplates: (surface.resourceTemplates ?? []) as never,
  };
  server.setRequestHandler("resources/list", () => resources);
  server.setRequestHandler("resources/templates/list", () => templates);
  server.setRequestHandler("resources/read", async (request, ctx) => {
    const uri = request.params.uri;
    const resource = prepared.resources.get(uri);
    let read:
      | {
          what: string;
          mimeType: unknown;
          handle: (context: RequestContext) => unknown;
          template: string | undefined;
        }
      | undefined;
    if (resource !== undefined) {
      const handler = surface.resourceHandlers![uri]!;
      read = {
        what: `resource ${JSON.stringify(uri)}`,
        mimeType: resource["mimeType"],
        template: undefined,
        handle: (context) =>
          handler.handle({ ...context, uri, resourceTemplate: undefined }),
      };
    } else {
      for (const { listed, matcher } of prepared.templates) {
        const variables = matcher.match(uri);
        if (variables === undefined) continue;
        const handler = surface.resourceTemplateHandlers![listed.name]!;
        read = {
          what: `resource template ${JSON.stringify(listed.name)} (${JSON.stringify(uri)})`,
          mimeType: listed["mimeType"],
          template: listed.name,
          handle: (context) =>
            handler.handle(variables as never, {
              ...context,
              uri,
              resourceTemplate: listed.name,
            }),
        };
        break;
      }
    }
    // MCP 2026-07-28 "Resources", Error Handling: a resource that does not exist is -32602 with the
    // URI in `data` (the SDK answers the 2025 revisions' -32002 as -32602 too, as SDK v1 servers did).
    if (read === undefined)
      throw new ResourceNotFoundError(uri, "Resource not found");
    const outcome = await run(
      ctx,
      { method: "resources/read", name: uri, args: {} },
      read.handle,
    );
    if ("inputRequired" in outcome) return outcome.inputRequired;
    if ("thrown" in outcome)
      throw handlerFailure(log, read.what, outcome.thrown);
    const result = resourceResult(outcome.returned, uri, read.mimeType);
    if (typeof result === "string") {
      log(`ERROR: ${read.what} ${result}`);
      throw protocolError(
        INTERNAL_ERROR,
        `Reading ${JSON.stringify(uri)} failed: the handler ${result}`,
      );
    }
    return result;
  });
}

/** What a resource handler returned, as a `ReadResourceResult`, or why it cannot be one. */
function resourceResult(
  returned: unknown,
  uri: string,
  mimeType: unknown,
): ReadResourceResult | string {
  const typed = typeof mimeType === "string" ? { mimeType } : {};
  if (typeof returned === "string")
    return { contents: [{ uri, ...typed, text: returned }] };
  if (returned instanceof Uint8Array)
    return {
      contents: [
        { uri, ...typed, blob: Buffer.from(returned).toString("base64") },
      ],
    };
  const value = asJson(returned);
  if (typeof value === "string") return value;
  const result = Array.isArray(value)
    ? { contents: value }
    : isJsonObject(value) && Array.isArray(value["contents"])
      ? value
      : undefined;
  if (result === undefined)
    return "returned neither a text, bytes, contents nor a ReadResourceResult";
  // MCP 2026-07-28: a resource that exists has contents; an empty list would read as "not found".
  const contents = result["contents"] as unknown[];
  if (contents.length === 0)
    return "returned no contents (throw ResourceNotFoundError for a resource that does not exist)";
  const fault = specFault("ReadResourceResult", result);
  if (fault !== undefined) return fault;
  return result as ReadResourceResult;
}

/** `completion/complete`: the completer of the prompt's argument or the template's variable, none by default. */
function serveCompletions(
  server: Server,
  surface: SurfaceDefinition,
  prepared: PreparedSurface,
  log: (message: string) => void,
): void {
  server.setRequestHandler("completion/complete", async (request, ctx) => {
    const { ref, argument } = request.params;
    let names: readonly string[];
    let complete: unknown;
    let what: string;
    if (ref.type === "ref/prompt") {
      const shapes = prepared.prompts.get(ref.name);
      if (shapes === undefined)
        throw protocolError(
          INVALID_PARAMS,
          `Unknown prompt: ${JSON.stringify(ref.name)}`,
        );
      names = shapes.map((shape) => shape.name);
      complete = surface.promptHandlers![ref.name]!.complete;
      what = `prompt ${JSON.stringify(ref.name)}`;
    } else {
      const template = prepared.templatesByUri.get(ref.uri);
      if (template === undefined) {
        // A fixed resource has nothing to complete.
        if (prepared.resources.has(ref.uri)) return emptyCompletion();
        throw protocolError(
          INVALID_PARAMS,
          `Unknown resource template: ${JSON.stringify(ref.uri)}`,
        );
      }
      names = prepared.templates
        .find((served) => served.listed === template)!
        .matcher.variables.map((variable) => variable.name);
      complete = surface.resourceTemplateHandlers![template.name]!.complete;
      what = `resource template ${JSON.stringify(template.name)}`;
    }
    if (!names.includes(argument.name))
      throw protocolError(
        INVALID_PARAMS,
        `Unknown argument ${JSON.stringify(argument.name)} of ${what}`,
      );
    const chosen: { [name: string]: string } = {};
    const given = request.params.context?.arguments ?? {};
    for (const name of Object.keys(given))
      if (names.includes(name))
        Object.defineProperty(chosen, name, {
          value: given[name],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    const context: CompletionContext<never> = {
      argument: argument.name,
      arguments: chosen as never,
      era: ctx.mcpReq.envelope !== undefined ? "modern" : "legacy",
      signal: ctx.mcpReq.signal,
    };
    const completer = completerOf(complete, argument.name);
    if (completer === undefined) return emptyCompletion();
    let values: unknown;
    try {
      values = await completer(argument.value, context);
    } catch (error) {
      throw handlerFailure(log, `completion of ${what}`, error);
    }
    return completionResult(values, what);
  });
}

/** The completer of one argument in what `definePrompt` or `defineResourceTemplate` was given: a function for all, or one by name. */
function completerOf(
  complete: unknown,
  argument: string,
): Completer<never> | undefined {
  if (typeof complete === "function")
    return (value, context) =>
      (
        complete as (
          argument: string,
          value: string,
          context: CompletionContext<never>,
        ) => CompletionValues
      )(argument, value, context);
  if (
    typeof complete !== "object" ||
    complete === null ||
    !own(complete, argument)
  )
    return undefined;
  const completer = (complete as { [name: string]: unknown })[argument];
  return typeof completer === "function"
    ? (completer as Completer<never>)
    : undefined;
}

function emptyCompletion(): CompleteResult {
  return { completion: { values: [], total: 0, hasMore: false } };
}

/** A completer's answer as `completion/complete` sends it: strings only, at most 100 (`hasMore` says when there were more). */
function completionResult(returned: unknown, what: string): CompleteResult {
  const given = Array.isArray(returned)
    ? { values: returned as unknown[] }
    : isJsonObject(returned) && Array.isArray(returned["values"])
      ? (returned as { values: unknown[]; total?: unknown; hasMore?: unknown })
      : undefined;
  if (
    given === undefined ||
    !given.values.every((value) => typeof value === "string")
  )
    throw protocolError(
      INTERNAL_ERROR,
      `The completions of ${what} are not a list of strings`,
    );
  const values = given.values as string[];
  const more = values.length > MAX_COMPLETIONS;
  const total =
    typeof given.total === "number" &&
    Number.isInteger(given.total) &&
    given.total >= 0
      ? given.total
      : values.length;
  return {
    completion: {
      values: values.slice(0, MAX_COMPLETIONS),
      total,
      hasMore: more || given.hasMore === true,
    },
  };
}
