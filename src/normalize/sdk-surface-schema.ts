/**
 * What the official MCP SDK's clients would reject in a prompt, a resource or
 * a resource template. A client parses every `prompts/list`,
 * `resources/list` and `resources/templates/list` answer against the SDK's
 * `Prompt`, `Resource` and `ResourceTemplate` schemas, and one entry it
 * rejects (an argument's `required: "yes"`, a `title` that is a number)
 * fails the whole list: a client made with it sees none of the server's
 * prompts, or resources. mcpgen checks each entry the typed client accepts
 * against SDK v2's schemas (`specTypeSchemas` of `@modelcontextprotocol/client`)
 * and SDK v1's (`@modelcontextprotocol/sdk`); every field either rejects is a
 * warning at its pointer, and a scaffolded server (or a mock) lists the entry
 * without that field, so the problem costs that field, never the list. The
 * snapshot and the typed client keep the entry as the server listed it.
 *
 * The SDKs are loaded only for an entry that is not plainly acceptable, as
 * for the tools (`sdk-tool-schema.ts`).
 */
import type { ManifestIR } from "../ir/index.js";
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import type { Rule } from "./rule.js";
import {
  isString,
  loadSdkSchemas,
  optional,
  removeAt,
  repairedUntilAccepted,
  sdkRejections,
  type Rejection,
  type SdkListedType,
  type SdkSchemas,
  rejectingSdk,
} from "./sdk-tool-schema.js";

export const SDK_SURFACE_COMPATIBILITY: Rule = {
  name: "sdk-surface-compatibility",
  does: "Each prompt, resource and resource template is checked against the official MCP TypeScript SDK's `Prompt`, `Resource` and `ResourceTemplate` schemas (SDK v2's and SDK v1's), whose clients reject a whole list for one entry they refuse; every field either rejects is reported at its pointer, and a scaffolded server or a mock lists the entry with those fields left out; the typed client and the snapshot keep it as listed.",
  reports: ["sdk-incompatible"],
};

type Kind = "prompt" | "resource" | "resource template";

/** The SDKs' type of each kind. */
const SDK_TYPES: Readonly<Record<Kind, SdkListedType>> = { prompt: "Prompt", resource: "Resource", "resource template": "ResourceTemplate" };

/** An entry of the IR as this check sees it. */
interface Entry {
  kind: Kind;
  /** How messages name it: its name, a resource its URI. */
  label: string;
  raw: Record<string, unknown>;
  pointer: string;
  /** The fields no SDK may lose: the entry without them is not the entry. */
  identity: readonly string[];
  setAccepted(accepted: Record<string, unknown>): void;
}

/**
 * Checks every prompt, resource and resource template of `ir` against both SDKs' schemas: a
 * warning per rejected field (returned), and, on each entry an SDK rejects, `acceptedBySdk`: the
 * entry as both accept it.
 */
export async function checkSurfaceAgainstSdk(ir: Pick<ManifestIR, "prompts" | "resources" | "resourceTemplates" | "source">): Promise<Diagnostic[]> {
  const entries: Entry[] = [
    ...ir.prompts.map((prompt) => entryOf("prompt", prompt.wireName, prompt, ["name"])),
    ...ir.resources.map((resource) => entryOf("resource", resource.uri, resource, ["uri", "name"])),
    ...ir.resourceTemplates.map((template) => entryOf("resource template", template.wireName, template, ["name", "uriTemplate"])),
  ];
  const suspects = entries.filter((entry) => !plainlyAccepted(entry.kind, entry.raw));
  const diagnostics: Diagnostic[] = [];
  if (suspects.length === 0) return diagnostics;
  const schemas = await loadSdkSchemas();
  for (const entry of suspects) {
    const rejections = await sdkRejections(schemas[SDK_TYPES[entry.kind]], entry.raw);
    if (rejections.length === 0) continue;
    for (const rejection of rejections) diagnostics.push(warning(ir.source, entry, rejection));
    entry.setAccepted(await accepted(schemas[SDK_TYPES[entry.kind]], entry, rejections.length));
  }
  return diagnostics;
}

/** A prompt, resource or template of the IR as this check sees it; what the SDKs accept of it is set on it. */
function entryOf(
  kind: Kind,
  label: string,
  item: { raw: Record<string, unknown>; pointer: string; acceptedBySdk?: Record<string, unknown> | undefined },
  identity: readonly string[],
): Entry {
  return { kind, label, raw: item.raw, pointer: item.pointer, identity, setAccepted: (accepted) => (item.acceptedBySdk = accepted) };
}

function warning(file: string, entry: Entry, rejection: Rejection): Diagnostic {
  const sdk = rejectingSdk(rejection);
  return {
    severity: "warning",
    code: "sdk-incompatible",
    message: `${entry.kind} ${JSON.stringify(entry.label)}: ${sdk} rejects this (${rejection.message}): a client made with it cannot list any ${entry.kind} of a server that sends it`,
    file,
    pointer: joinPointer(entry.pointer, ...rejection.path),
    hint: `fix the ${entry.kind} in the manifest; a scaffolded server and a mock list it with this field left out`,
  };
}

/**
 * The entry as both SDKs accept it: each rejected field (or the member holding a missing one) left
 * out, one a round (`repairedUntilAccepted`); its identity alone when what is rejected is that.
 */
function accepted(schemas: SdkSchemas, entry: Entry, rejected: number): Promise<Record<string, unknown>> {
  const ownField = (path: ReadonlyArray<string | number>) => path.length === 0 || (path.length === 1 && entry.identity.includes(String(path[0])));
  return repairedUntilAccepted(
    entry.raw,
    (copy) => sdkRejections(schemas, copy),
    (copy, path) => !ownField(path) && removeAt(copy, path),
    rejected,
    () => Object.fromEntries(entry.identity.map((key) => [key, entry.raw[key]])),
  );
}

/**
 * True for an entry whose every field has a shape both SDKs accept: string `title`, `description`
 * (and `mimeType`), an object `_meta`; a prompt's arguments each with a string `name`, `title` and
 * `description` and a boolean `required`; a resource's numeric `size`; plain `annotations`. `icons`,
 * and anything else in `annotations`, are left to the SDKs.
 */
export function plainlyAccepted(kind: Kind, entry: Record<string, unknown>): boolean {
  if (!optional(entry["title"], isString) || !optional(entry["description"], isString) || !optional(entry["_meta"], isRecord)) return false;
  if (entry["icons"] !== undefined || (kind !== "prompt" && !optional(entry["annotations"], plainAnnotations))) return false;
  if (kind === "prompt") return optional(entry["arguments"], (list) => Array.isArray(list) && list.every(plainArgument));
  if (!optional(entry["mimeType"], isString)) return false;
  return kind === "resource" ? optional(entry["size"], (size) => typeof size === "number") : true;
}

/** A date both SDKs take as `lastModified` (a subset of what they take: UTC, days a month always has). */
const PLAIN_DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,3})?Z$/;

/** MCP `Annotations`: `audience` of `"user"` and `"assistant"`, a `priority` from 0 to 1, a `lastModified` date. */
function plainAnnotations(value: unknown): boolean {
  if (!isRecord(value) || Object.keys(value).some((key) => key !== "audience" && key !== "priority" && key !== "lastModified")) return false;
  const { audience, priority, lastModified } = value;
  if (!optional(audience, (list) => Array.isArray(list) && list.every((role) => role === "user" || role === "assistant"))) return false;
  if (!optional(priority, (number) => typeof number === "number" && number >= 0 && number <= 1)) return false;
  return optional(lastModified, (date) => typeof date === "string" && PLAIN_DATE.test(date));
}

function plainArgument(argument: unknown): boolean {
  if (!isRecord(argument) || !isString(argument["name"])) return false;
  return (
    optional(argument["title"], isString) &&
    optional(argument["description"], isString) &&
    optional(argument["required"], (value) => typeof value === "boolean")
  );
}
