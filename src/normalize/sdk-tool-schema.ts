/**
 * What the official MCP SDK client would reject in a tool. The SDK parses
 * every `tools/list` answer against its `ToolSchema` (the MCP schema's
 * `Tool`), and one tool it rejects fails the whole list: a client made with
 * it sees none of the server's tools. mcpgen checks each tool against that
 * very schema and warns, naming the tool and the JSON pointer of every field
 * it rejects; a scaffolded server lists such a tool as the SDK accepts it
 * (see `acceptedBySdk`), so the problem costs that field, never the server.
 *
 * The SDK (zod included) takes a while to load, so it is loaded only for a
 * tool that is not plainly acceptable: every shape `plainlyAccepted` passes,
 * the SDK accepts too (a test holds the two to that over random tools).
 */
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import type { ManifestIR, ToolIR } from "../ir/index.js";
import { isRecord, setOwn } from "../shared/json.js";
import type { Rule } from "./rule.js";

export const SDK_COMPATIBILITY: Rule = {
  name: "sdk-compatibility",
  does: "Each tool is checked against the official MCP TypeScript SDK's `Tool` schema, which rejects a whole `tools/list` for one tool it refuses: every field it rejects is reported at its pointer; the tool is typed and validated as written.",
  reports: ["sdk-incompatible"],
};

export const SDK_ACCEPTED_FORM: Rule = {
  name: "sdk-accepted-form",
  does: 'A tool the SDK rejects is listed by a scaffolded server as the SDK accepts it, changed only where rejected: an `inputSchema` gets `type: "object"`, a boolean schema its object form, and anything else rejected is left out.',
  reports: [],
};

/** One field the SDK rejects, with the SDK's reason. */
interface Rejection {
  path: Array<string | number>;
  message: string;
}

interface ToolSchemaLike {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

export interface SdkToolCheck {
  /** A warning for every field the SDK rejects, tool by tool in manifest order. */
  diagnostics: Diagnostic[];
  /** By wire name, for the tools the SDK rejects: the tool as a scaffolded server lists it. */
  accepted: Map<string, Record<string, unknown>>;
}

/** Checks every tool of `ir` against the SDK's `ToolSchema`. */
export async function checkToolsAgainstSdk(ir: Pick<ManifestIR, "tools" | "source">): Promise<SdkToolCheck> {
  const suspects = ir.tools.filter((tool) => !plainlyAccepted(tool.raw));
  const result: SdkToolCheck = { diagnostics: [], accepted: new Map() };
  if (suspects.length === 0) return result;
  const { ToolSchema } = (await import("@modelcontextprotocol/sdk/types.js")) as unknown as { ToolSchema: ToolSchemaLike };
  for (const tool of suspects) {
    const rejections = rejectionsOf(ToolSchema, tool.raw);
    if (rejections.length === 0) continue;
    for (const rejection of rejections) result.diagnostics.push(warning(ir.source, tool, rejection));
    result.accepted.set(tool.wireName, acceptedBySdk(ToolSchema, tool.raw));
  }
  return result;
}

function warning(file: string, tool: ToolIR, rejection: Rejection): Diagnostic {
  return {
    severity: "warning",
    code: "sdk-incompatible",
    message: `the official MCP TypeScript SDK rejects this (${rejection.message}): a client made with it cannot list any tool of a server that sends it`,
    file,
    tool: tool.wireName,
    pointer: joinPointer(tool.pointer, ...rejection.path),
    hint: "fix the tool in the manifest; a scaffolded server lists it with this field left out (or, in a schema, written as the SDK requires)",
  };
}

function rejectionsOf(schema: ToolSchemaLike, tool: unknown): Rejection[] {
  const parsed = schema.safeParse(tool);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === "number" ? key : String(key))),
    message: issue.message,
  }));
}

/**
 * True for a tool whose every field has a shape the SDK accepts (MCP
 * 2025-11-25 `Tool`): a string `name`, `title` and `description`, object
 * schemas of `type: "object"` with object-valued `properties` and a string
 * `required` list, boolean hints, an object `_meta`. `icons` and `execution`
 * are left to the SDK.
 */
export function plainlyAccepted(tool: unknown): boolean {
  if (!isRecord(tool) || typeof tool["name"] !== "string") return false;
  if (!optional(tool["title"], isString) || !optional(tool["description"], isString)) return false;
  if (!objectSchema(tool["inputSchema"]) || !optional(tool["outputSchema"], objectSchema)) return false;
  if (!optional(tool["annotations"], annotations) || !optional(tool["_meta"], isRecord)) return false;
  return tool["icons"] === undefined && tool["execution"] === undefined;
}

const isString = (value: unknown): boolean => typeof value === "string";
const isBoolean = (value: unknown): boolean => typeof value === "boolean";
const optional = (value: unknown, check: (value: unknown) => boolean): boolean => value === undefined || check(value);

function objectSchema(schema: unknown): boolean {
  if (!isRecord(schema) || schema["type"] !== "object") return false;
  const { properties, required } = schema;
  if (properties !== undefined && !(isRecord(properties) && Object.values(properties).every((value) => typeof value === "object" && value !== null)))
    return false;
  return required === undefined || (Array.isArray(required) && required.every(isString));
}

function annotations(value: unknown): boolean {
  if (!isRecord(value) || !optional(value["title"], isString)) return false;
  return ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"].every((hint) => optional(value[hint], isBoolean));
}

/** Rounds of repair before falling back to the bare tool (each fixes at least one field; real tools need a few). */
const MAX_REPAIRS = 64;

/**
 * `tool` as the SDK accepts it, changed only where the SDK rejects it. A
 * schema keeps its meaning: an `inputSchema` without `type: "object"` gets
 * it (tool arguments are an object, and mcpgen validates them as one), a
 * boolean schema becomes its object form (`true` → `{}`, `false` →
 * `{ "not": {} }`). Anything else the SDK rejects is left out: the field, or
 * the array element or object member holding a missing required field.
 */
export function acceptedBySdk(schema: ToolSchemaLike, tool: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(tool);
  for (let round = 0; round < MAX_REPAIRS; round++) {
    const [first] = rejectionsOf(schema, copy);
    if (first === undefined) return copy;
    if (!repair(copy, first.path)) break;
  }
  return { name: tool["name"], inputSchema: { type: "object" } };
}

const isSchemaRoot = (key: unknown) => key === "inputSchema" || key === "outputSchema";

/** Changes `tool` at `path` so that the SDK's complaint there goes away; false when it cannot. */
function repair(tool: Record<string, unknown>, path: ReadonlyArray<string | number>): boolean {
  const [root, second, third] = path;
  if (path.length === 1 && isSchemaRoot(root)) {
    const value = tool[root as string];
    if (root === "outputSchema" && typeof value !== "boolean") return remove(tool, path);
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
  return remove(tool, path);
}

/** `schema` with `type: "object"`, first, as schemas usually start. */
function objectTyped(schema: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...rest } = schema;
  return { type: "object", ...rest };
}

/** Removes the value at `path`, or, when nothing is there (a required field is missing), what holds it. */
function remove(tool: Record<string, unknown>, path: ReadonlyArray<string | number>): boolean {
  let parent: unknown = tool;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[key];
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, unknown> | unknown[];
  if (typeof container !== "object" || container === null) return false;
  if ((container as Record<string | number, unknown>)[last] === undefined) return path.length > 1 && remove(tool, path.slice(0, -1));
  if (Array.isArray(container) && typeof last === "number") container.splice(last, 1);
  else delete (container as Record<string | number, unknown>)[last];
  return true;
}
