/**
 * The client capabilities a pull declares (`--capability`, a target's
 * `capabilities`). Some servers list tools only to a client that declares the
 * capability the tool needs (a tool that asks the client for a sampling, an
 * elicitation or its roots), so a pull declares what the app's own client
 * declares. A name is the capability's path in the ClientCapabilities of MCP
 * 2025-11-25 and 2026-07-28 (`sampling.tools` is `{ sampling: { tools: {} } }`);
 * only the capabilities that say what the client can do for a server are
 * offered (`experimental`, `extensions` and the 2025-11-25 `tasks` are not).
 */
import { closest } from "./closest.js";

/** The names `--capability` takes, in the order they are listed. */
export const CLIENT_CAPABILITY_NAMES = [
  "roots",
  "sampling",
  "sampling.context",
  "sampling.tools",
  "elicitation",
  "elicitation.form",
  "elicitation.url",
] as const;

export type ClientCapabilityName = (typeof CLIENT_CAPABILITY_NAMES)[number];

/** ClientCapabilities as sent: `initialize`'s `capabilities` (2025), each request's `_meta` envelope (2026-07-28). */
export type ClientCapabilities = Record<string, Record<string, Record<string, never>>>;

/** Why a name is not one of `CLIENT_CAPABILITY_NAMES`: the message and a hint (the nearest name, or the list). */
export function unknownCapability(name: string): { message: string; hint: string } {
  const list = CLIENT_CAPABILITY_NAMES.join(", ");
  // `--capability ''`, `--capability "$UNSET"`, `roots,`: most likely a mistake, and it would declare nothing without a word.
  if (name === "") return { message: "empty client capability name", hint: `name one of the capabilities a pull can declare: ${list}` };
  const near = closest(name, CLIENT_CAPABILITY_NAMES);
  return {
    message: `unknown client capability ${JSON.stringify(name)}`,
    hint: near === undefined ? `the capabilities a pull can declare: ${list}` : `did you mean ${JSON.stringify(near)}? (the capabilities: ${list})`,
  };
}

/** The names of `values`, each value one name or several separated by commas (`sampling,roots`), trimmed; an empty part is an empty name (refused). */
export function splitCapabilityNames(values: readonly string[]): string[] {
  return values.flatMap((value) => value.split(",")).map((name) => name.trim());
}

export function isClientCapabilityName(name: string): name is ClientCapabilityName {
  return (CLIENT_CAPABILITY_NAMES as readonly string[]).includes(name);
}

/**
 * The ClientCapabilities object that declares `names` (known names; in any
 * order, repeats allowed), its keys in a fixed order so that the snapshot
 * that records it does not depend on the order given. A sub-capability
 * declares its parent (`sampling.tools` is sampling with tools). `elicitation`
 * alone is `{}`, which the spec reads as form mode; with `elicitation.url` it
 * is form and URL mode, as a client that declares both means.
 */
export function clientCapabilities(names: readonly ClientCapabilityName[]): ClientCapabilities {
  const given = new Set(names);
  const declared: ClientCapabilities = {};
  for (const name of CLIENT_CAPABILITY_NAMES) {
    if (!given.has(name)) continue;
    const [capability, sub] = name.split(".") as [string, string | undefined];
    const object = (declared[capability] ??= {});
    if (sub !== undefined) object[sub] = {};
  }
  if (given.has("elicitation") && declared["elicitation"] !== undefined && Object.keys(declared["elicitation"]).length > 0) {
    declared["elicitation"] = { form: {}, ...declared["elicitation"] };
  }
  return declared;
}

/** The names a ClientCapabilities object declares, as `--capability` takes them (`sampling.tools`; `elicitation` for `{}`); `none` for none. */
export function capabilityNamesText(declared: Record<string, unknown> | undefined): string {
  const names = Object.entries(declared ?? {}).flatMap(([capability, value]) => {
    const subs = value !== null && typeof value === "object" ? Object.keys(value) : [];
    return subs.length === 0 ? [capability] : subs.map((sub) => `${capability}.${sub}`);
  });
  return names.length === 0 ? "none" : names.join(", ");
}

/** JSON-RPC error code of a sampling request the client's user rejected (MCP "Sampling", error handling). */
export const SAMPLING_REJECTED = -1;

/** What mcpgen's refusal of a server's sampling request says (a recording tells its own refusal from a server's answer by it). */
export const SAMPLING_REFUSAL = "mcpgen declares sampling to list what the server offers such a client, and samples nothing";
