/**
 * What the official MCP SDK's clients would reject in a tool. A client parses
 * every `tools/list` answer against the SDK's `Tool` schema, and one tool it
 * rejects fails the whole list: a client made with it sees none of the
 * server's tools. mcpgen checks each tool against those very schemas, as a
 * server on SDK v2 (a scaffold) lists the tool on each protocol era:
 *
 * - as declared, to SDK v2's `Tool` (`specTypeSchemas.Tool` of
 *   `@modelcontextprotocol/client`), which takes an `outputSchema` of any
 *   root, as MCP 2026-07-28 does;
 * - as the 2025 revisions have it, to SDK v1's `ToolSchema`
 *   (`@modelcontextprotocol/sdk`, still what many 2025 clients run): an
 *   `outputSchema` whose root is not an object is listed there as
 *   `{ type: "object", properties: { result: <schema> }, required: ["result"] }`
 *   (the SDK v2 server does that), which SDK v1 accepts, so such a root is no
 *   rejection.
 *
 * Every field either rejects is a warning naming the tool and the JSON
 * pointer; a scaffolded server lists such a tool as both accept it (see
 * `acceptedBySdk`), so the problem costs that field, never the server.
 *
 * The SDKs (zod included) take a while to load, so they are loaded only for a
 * tool that is not plainly acceptable: every shape `plainlyAccepted` passes,
 * both accept too (a test holds the three to that over random tools).
 */
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import type { ManifestIR, ToolIR } from "../ir/index.js";
import { isRecord, setOwn } from "../shared/json.js";
import type { Rule } from "./rule.js";

export const SDK_COMPATIBILITY: Rule = {
  name: "sdk-compatibility",
  does: "Each tool is checked against the official MCP TypeScript SDK's `Tool` schemas, whose clients reject a whole `tools/list` for one tool they refuse: SDK v2's as declared (an `outputSchema` of any root, MCP 2026-07-28), SDK v1's as the 2025 revisions list it (an `outputSchema` whose root is not an object wrapped as `{ result }`, as SDK v2 servers do); every field either rejects is reported at its pointer; the tool is typed and validated as written.",
  reports: ["sdk-incompatible"],
};

export const SDK_ACCEPTED_FORM: Rule = {
  name: "sdk-accepted-form",
  does: 'A tool an SDK rejects is listed by a scaffolded server as both SDKs accept it, changed only where rejected: an `inputSchema` gets `type: "object"`, a boolean schema its object form (`true` as `{}`, `false` as `{ "not": {} }`; an `inputSchema` with `type: "object"`), and anything else rejected is left out; an `outputSchema` of any root is kept.',
  reports: [],
};

/** One field an SDK rejects, with its reason; `v1Only` when SDK v2 takes it. */
export interface Rejection {
  path: Array<string | number>;
  message: string;
  v1Only: boolean;
}

/** An SDK v1 schema (zod 3/4 `safeParse`). */
export interface ZodSchemaLike {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/** An SDK v2 schema of `specTypeSchemas` (a Standard Schema). */
export interface StandardSchemaLike {
  "~standard": {
    validate(value: unknown): StandardResult | Promise<StandardResult>;
  };
}

type StandardResult = { issues?: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string }> };

/** Both SDKs' schemas of one MCP type (`Tool`, `Prompt`, ...). */
export interface SdkSchemas {
  v1: ZodSchemaLike;
  v2: StandardSchemaLike;
}

/** The two schemas a tool is checked against. */
export type SdkToolSchemas = SdkSchemas;

/** The MCP types both SDKs' clients parse each entry of a list with. */
export type SdkListedType = "Tool" | "Prompt" | "Resource" | "ResourceTemplate";

/** Both SDKs' schemas of every listed type (the SDKs loaded when first needed). */
export async function loadSdkSchemas(): Promise<Record<SdkListedType, SdkSchemas>> {
  const [v1, { specTypeSchemas }] = await Promise.all([
    import("@modelcontextprotocol/sdk/types.js") as Promise<unknown> as Promise<Record<`${SdkListedType}Schema`, ZodSchemaLike>>,
    import("@modelcontextprotocol/client") as Promise<unknown> as Promise<{ specTypeSchemas: Record<SdkListedType, StandardSchemaLike> }>,
  ]);
  const both = (type: SdkListedType): SdkSchemas => ({ v1: v1[`${type}Schema`], v2: specTypeSchemas[type] });
  return { Tool: both("Tool"), Prompt: both("Prompt"), Resource: both("Resource"), ResourceTemplate: both("ResourceTemplate") };
}

/** Both SDKs' `Tool` schemas. */
export async function loadSdkToolSchemas(): Promise<SdkToolSchemas> {
  return (await loadSdkSchemas()).Tool;
}

export interface SdkToolCheck {
  /** A warning for every field an SDK rejects, tool by tool in manifest order. */
  diagnostics: Diagnostic[];
  /** By wire name, for the tools an SDK rejects: the tool as a scaffolded server lists it. */
  accepted: Map<string, Record<string, unknown>>;
}

/** Checks every tool of `ir` against both SDKs' `Tool` schemas. */
export async function checkToolsAgainstSdk(ir: Pick<ManifestIR, "tools" | "source">): Promise<SdkToolCheck> {
  const suspects = ir.tools.filter((tool) => !plainlyAccepted(tool.raw));
  const result: SdkToolCheck = { diagnostics: [], accepted: new Map() };
  if (suspects.length === 0) return result;
  const schemas = await loadSdkToolSchemas();
  for (const tool of suspects) {
    const rejections = await rejectionsOf(schemas, tool.raw);
    if (rejections.length === 0) continue;
    for (const rejection of rejections) {
      // An outputSchema that is no schema (null) was reported by output-schema-shape, at this pointer, as dropped.
      const reported = tool.output === undefined && rejection.path.length === 1 && rejection.path[0] === "outputSchema";
      if (!reported) result.diagnostics.push(warning(ir.source, tool, rejection));
    }
    result.accepted.set(tool.wireName, await acceptedBySdk(schemas, tool.raw, rejections.length));
  }
  return result;
}

/** Which SDK a warning says rejects a field: v1 alone, or both. */
export function rejectingSdk(rejection: Rejection): string {
  return rejection.v1Only ? "the official MCP TypeScript SDK v1 (@modelcontextprotocol/sdk; v2 takes it)" : "the official MCP TypeScript SDK";
}

function warning(file: string, tool: ToolIR, rejection: Rejection): Diagnostic {
  const sdk = rejectingSdk(rejection);
  return {
    severity: "warning",
    code: "sdk-incompatible",
    message: `${sdk} rejects this (${rejection.message}): a client made with it cannot list any tool of a server that sends it`,
    file,
    tool: tool.wireName,
    pointer: joinPointer(tool.pointer, ...rejection.path),
    hint: "fix the tool in the manifest; a scaffolded server lists it with this field left out (or, in a schema, written as the SDK requires)",
  };
}

/**
 * The tool as the 2025 revisions list it from an SDK v2 server: an `outputSchema` whose root is not
 * an object wrapped as `{ result }` (MCP 2026-07-28 allows any root; the 2025 revisions require an object).
 */
function as2025Lists(tool: unknown): unknown {
  if (!isRecord(tool)) return tool;
  const output = tool["outputSchema"];
  if (!isRecord(output) || output["type"] === "object") return tool;
  return { ...tool, outputSchema: { type: "object", properties: { result: output }, required: ["result"] } };
}

/** What SDK v2 rejects in the tool as declared, then what SDK v1 alone rejects in it as the 2025 revisions list it. */
function rejectionsOf(schemas: SdkToolSchemas, tool: unknown): Promise<Rejection[]> {
  return sdkRejections(schemas, tool, as2025Lists(tool));
}

/**
 * What SDK v2 rejects in `value`, then what SDK v1 alone rejects in `asV1Sees` (the same value, or
 * it as the 2025 revisions list it), each by its path in the value.
 */
export async function sdkRejections(schemas: SdkSchemas, value: unknown, asV1Sees: unknown = value): Promise<Rejection[]> {
  const found: Rejection[] = [];
  // Synchronous but for a schema too deep for the stack, whose overflow then comes as a rejection (withinStack reports it).
  const checked = await schemas.v2["~standard"].validate(value);
  for (const issue of checked.issues ?? [])
    found.push({
      path: (issue.path ?? []).map((segment) => pathKey(typeof segment === "object" ? segment.key : segment)),
      message: issue.message,
      v1Only: false,
    });
  const parsed = schemas.v1.safeParse(asV1Sees);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(pathKey);
      const pointer = joinPointer("", ...path);
      if (!found.some((known) => joinPointer("", ...known.path) === pointer)) found.push({ path, message: issue.message, v1Only: true });
    }
  }
  return found;
}

const pathKey = (key: PropertyKey): string | number => (typeof key === "number" ? key : String(key));

/**
 * True for a tool whose every field has a shape both SDKs accept: a string
 * `name`, `title` and `description`, an `inputSchema` of `type: "object"` with
 * object-valued `properties` and a string `required` list, an `outputSchema`
 * like it or of another root (a JSON object whose `type` is not `"object"`),
 * a string `$schema` in either, boolean hints, an object `_meta`. `icons` and
 * `execution` are left to the SDKs.
 */
export function plainlyAccepted(tool: unknown): boolean {
  if (!isRecord(tool) || typeof tool["name"] !== "string") return false;
  if (!optional(tool["title"], isString) || !optional(tool["description"], isString)) return false;
  if (!objectSchema(tool["inputSchema"]) || !optional(tool["outputSchema"], outputSchema)) return false;
  if (!optional(tool["annotations"], annotations) || !optional(tool["_meta"], isRecord)) return false;
  return tool["icons"] === undefined && tool["execution"] === undefined;
}

export const isString = (value: unknown): boolean => typeof value === "string";
const isBoolean = (value: unknown): boolean => typeof value === "boolean";
/** True for an absent value, or one `check` passes. */
export const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

function objectSchema(schema: unknown): boolean {
  if (!isRecord(schema) || schema["type"] !== "object" || !optional(schema["$schema"], isString)) return false;
  const { properties, required } = schema;
  if (properties !== undefined && !(isRecord(properties) && Object.values(properties).every((value) => typeof value === "object" && value !== null)))
    return false;
  return required === undefined || (Array.isArray(required) && required.every(isString));
}

/** An object schema as above, or any JSON object whose root is not an object (listed as `{ result }` to the 2025 revisions). */
function outputSchema(schema: unknown): boolean {
  if (isRecord(schema) && schema["type"] !== "object") return optional(schema["$schema"], isString);
  return objectSchema(schema);
}

function annotations(value: unknown): boolean {
  if (!isRecord(value) || !optional(value["title"], isString)) return false;
  return ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"].every((hint) => optional(value[hint], isBoolean));
}

/**
 * Rounds of repair before falling back to the bare tool, beyond two for each field rejected at
 * first (each round fixes one field, and may uncover one more; real tools need a few).
 */
const MAX_REPAIRS = 64;

/**
 * `tool` as both SDKs accept it, changed only where one rejects it. A schema
 * keeps its meaning: an `inputSchema` without `type: "object"` gets it (tool
 * arguments are an object, and mcpgen validates them as one), a boolean
 * schema becomes its object form (`true` → `{}`, `false` → `{ "not": {} }`,
 * an `inputSchema` with `type: "object"`), and an `outputSchema` of another
 * root stays (SDK v2 servers list it as `{ result }` to the 2025 revisions).
 * Anything else rejected is left out: the field, or the array element or
 * object member holding a missing required field.
 */
export function acceptedBySdk(schemas: SdkToolSchemas, tool: Record<string, unknown>, rejected = 0): Promise<Record<string, unknown>> {
  return repairedUntilAccepted(
    tool,
    (copy) => rejectionsOf(schemas, copy),
    repair,
    rejected,
    () => ({ name: tool["name"], inputSchema: { type: "object" } }),
  );
}

/**
 * A copy of `value` repaired at the first rejection of each round (`repair`: false when it cannot
 * be) until both SDKs accept it; `fallback()` when they still do not. The rounds are bounded by
 * `MAX_REPAIRS` and two for each of the fields `rejected` at first, so many bad fields are all
 * repaired and no input loops.
 */
export async function repairedUntilAccepted(
  value: Record<string, unknown>,
  rejections: (value: Record<string, unknown>) => Promise<Rejection[]>,
  repair: (value: Record<string, unknown>, path: ReadonlyArray<string | number>) => boolean,
  rejected: number,
  fallback: () => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const copy = structuredClone(value);
  for (let round = 0; round < MAX_REPAIRS + 2 * rejected; round++) {
    const [first] = await rejections(copy);
    if (first === undefined) return copy;
    if (!repair(copy, first.path)) break;
  }
  return fallback();
}

const isSchemaRoot = (key: unknown) => key === "inputSchema" || key === "outputSchema";

/** Changes `tool` at `path` so that the SDK's complaint there goes away; false when it cannot. */
function repair(tool: Record<string, unknown>, path: ReadonlyArray<string | number>): boolean {
  const [root, second, third] = path;
  if (path.length === 1 && isSchemaRoot(root)) {
    const value = tool[root as string];
    if (root === "outputSchema") {
      if (typeof value !== "boolean") return removeAt(tool, path);
      tool[root] = value ? {} : { not: {} };
      return true;
    }
    tool[root as string] = isRecord(value) ? objectTyped(value) : value === false ? { type: "object", not: {} } : { type: "object" };
    return true;
  }
  if (path.length === 2 && isSchemaRoot(root) && second === "type") {
    tool[root as string] = objectTyped(tool[root as string] as Record<string, unknown>);
    return true;
  }
  if (path.length === 3 && isSchemaRoot(root) && second === "properties") {
    const properties = (tool[root as string] as Record<string, unknown>)["properties"] as Record<string, unknown>;
    const value = properties[third as string];
    if (typeof value === "boolean") {
      // Property names are the server's: `__proto__` among them.
      setOwn(properties, third as string, value ? {} : { not: {} });
      return true;
    }
  }
  if (path.length === 0 || root === "name") return false;
  return removeAt(tool, path);
}

/** `schema` with `type: "object"`, first, as schemas usually start. */
function objectTyped(schema: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = schema;
  return { type: "object", ...rest };
}

/** Removes the value at `path`, or, when nothing is there (a required field is missing), what holds it (a prompt's, resource's or template's too: `sdk-surface-schema.ts`). */
export function removeAt(tool: Record<string, unknown>, path: ReadonlyArray<string | number>): boolean {
  let parent: unknown = tool;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[key];
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, unknown> | unknown[];
  if (typeof container !== "object" || container === null) return false;
  if ((container as Record<string | number, unknown>)[last] === undefined) return path.length > 1 && removeAt(tool, path.slice(0, -1));
  if (Array.isArray(container) && typeof last === "number") container.splice(last, 1);
  else delete (container as Record<string | number, unknown>)[last];
  return true;
}
