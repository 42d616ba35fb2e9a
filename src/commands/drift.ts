/**
 * Drift: how a live server's tool list (and its prompts, resources and
 * resource templates) differs from a saved snapshot. Tools, prompts and
 * templates are matched by name, resources by URI; key order never counts as
 * a change (the SDK and a hand-written manifest order keys differently).
 * contract-drift.ts classifies it as `mcpgen diff` does.
 */
import type { RawManifest } from "../ir/raw-manifest.js";
import { pointerToken } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { capabilityNamesText } from "../shared/client-capabilities.js";

/** How the note begins that says a check declared other client capabilities than the pull that wrote the snapshot. */
export const CLIENT_CAPABILITIES_NOTE = "client capabilities declared:";

export interface ToolChange {
  /** The tool's name (a prompt's or a template's name, a resource's URI). */
  name: string;
  /** Each top-level field that differs, with the JSON pointers (relative to the field) where it does. */
  fields: Array<{ field: string; change: "added" | "removed" | "changed"; pointers: string[] }>;
}

/** How one list differs: what is new, what is gone, and what changed, by name (resources: by URI). */
export interface ListDrift {
  added: string[];
  removed: string[];
  changed: ToolChange[];
}

export interface DriftReport {
  /** Tools, by name. */
  added: string[];
  removed: string[];
  changed: ToolChange[];
  /** Prompts by name, resources by URI, resource templates by name (a list the snapshot or the server lacks is taken as empty). */
  prompts: ListDrift;
  resources: ListDrift;
  resourceTemplates: ListDrift;
  /** Differences outside the lists (server version, protocol version, ...): reported, not drift. */
  notes: string[];
}

/** The lists beside the tools, in the order reports list them, with the key that identifies an item and what one is called. */
export const SURFACE_LISTS = [
  { list: "prompts", key: "name", noun: "prompt" },
  { list: "resourceTemplates", key: "name", noun: "resource template" },
  { list: "resources", key: "uri", noun: "resource" },
] as const;

/** Pointers reported per field before "and N more". */
const MAX_POINTERS = 5;

/** True when the live server differs from the snapshot in its tools, prompts, resources or resource templates. */
export function hasDrift(report: DriftReport): boolean {
  return [report, report.prompts, report.resources, report.resourceTemplates].some((list) => list.added.length + list.removed.length + list.changed.length > 0);
}

/** How one list differs, its items matched by `key` (the first of each). */
function compareLists(saved: readonly unknown[], live: readonly unknown[], key: "name" | "uri"): ListDrift {
  const byKey = (items: readonly unknown[]) => {
    const map = new Map<string, Record<string, unknown>>();
    for (const item of items) {
      if (isRecord(item) && typeof item[key] === "string" && !map.has(item[key])) map.set(item[key], item);
    }
    return map;
  };
  const before = byKey(saved);
  const after = byKey(live);
  const added = [...after.keys()].filter((name) => !before.has(name));
  const removed = [...before.keys()].filter((name) => !after.has(name));
  const changed: ToolChange[] = [];
  for (const [name, item] of after) {
    const old = before.get(name);
    if (old === undefined) continue;
    const fields = [...new Set([...Object.keys(old), ...Object.keys(item)])]
      .sort()
      .map((field) => ({
        field,
        change: old[field] === undefined ? ("added" as const) : item[field] === undefined ? ("removed" as const) : ("changed" as const),
        pointers: differences(old[field], item[field]),
      }))
      .filter((entry) => entry.pointers.length > 0);
    if (fields.length > 0) changed.push({ name, fields });
  }
  return { added, removed, changed };
}

export function compareManifests(saved: RawManifest, live: RawManifest): DriftReport {
  const tools = compareLists(saved.tools, live.tools, "name");
  const prompts = compareLists(saved.prompts ?? [], live.prompts ?? [], "name");
  const resources = compareLists(saved.resources ?? [], live.resources ?? [], "uri");
  const resourceTemplates = compareLists(saved.resourceTemplates ?? [], live.resourceTemplates ?? [], "name");

  const notes: string[] = [];
  const show = (value: unknown) => (value === undefined ? "(none)" : JSON.stringify(value));
  const serverField = (manifest: RawManifest, key: string) => manifest.server?.[key];
  for (const key of ["name", "version"]) {
    if (differences(serverField(saved, key), serverField(live, key)).length > 0) {
      notes.push(`server ${key}: ${show(serverField(saved, key))} → ${show(serverField(live, key))}`);
    }
  }
  if (saved.protocolVersion !== live.protocolVersion) notes.push(`protocol version: ${show(saved.protocolVersion)} → ${show(live.protocolVersion)}`);
  if (differences(saved.capabilities, live.capabilities).length > 0) notes.push("server capabilities changed");
  if (saved.instructions !== live.instructions) notes.push("server instructions changed");
  const declared = clientCapabilitiesNote(saved, live);
  if (declared !== undefined) notes.push(declared);
  return { ...tools, prompts, resources, resourceTemplates, notes };
}

/** JSON pointers where `a` and `b` differ (`""` for the value itself), at most `MAX_POINTERS` plus a count of the rest. */
/**
 * A server may list more to a client that declares more: two lists pulled declaring different client capabilities
 * are unlike, and this note says so (`undefined` when they declared the same).
 */
export function clientCapabilitiesNote(
  old: RawManifest,
  next: RawManifest,
  sides: [string, string] = ["when the snapshot was pulled", "now"],
): string | undefined {
  if (differences(old.clientCapabilities ?? {}, next.clientCapabilities ?? {}).length === 0) return undefined;
  return `${CLIENT_CAPABILITIES_NOTE} ${capabilityNamesText(old.clientCapabilities)} ${sides[0]}, ${capabilityNamesText(next.clientCapabilities)} ${sides[1]} (a server may list other tools to a client that declares other capabilities: declare what your app's client declares, with --capability or a target's "capabilities")`;
}

export function differences(a: unknown, b: unknown): string[] {
  const found: string[] = [];
  let more = 0;
  const visit = (x: unknown, y: unknown, pointer: string) => {
    if (isRecord(x) && isRecord(y)) {
      for (const key of [...new Set([...Object.keys(x), ...Object.keys(y)])].sort()) {
        visit(x[key], y[key], `${pointer}/${pointerToken(key)}`);
      }
    } else if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      x.forEach((item, index) => visit(item, y[index], `${pointer}/${index}`));
    } else if (!sameJson(x, y)) {
      if (found.length < MAX_POINTERS) found.push(pointer);
      else more++;
    }
  };
  visit(a, b, "");
  if (more > 0) found.push(`(and ${more} more)`);
  return found;
}

function sameJson(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((item, index) => sameJson(item, y[index]));
  if (isRecord(x) && isRecord(y)) {
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length && keys.every((key) => Object.prototype.hasOwnProperty.call(y, key) && sameJson(x[key], y[key]));
  }
  return false;
}

/**
 * The report as lines for a terminal: `+ added`, `- removed`, `~ changed:
 * field at /pointer`, tools first, then prompts, resource templates and
 * resources (named as such). `printable` makes the server's text printable;
 * `toolName` shows a name (default: as `printable` does).
 */
export function formatDrift(report: DriftReport, printable: (text: string) => string, toolName: (name: string) => string = printable): string[] {
  const lines: string[] = [];
  for (const name of report.added) lines.push(`  + ${toolName(name)} (new tool)`);
  for (const name of report.removed) lines.push(`  - ${toolName(name)} (tool removed)`);
  for (const change of report.changed) lines.push(`  ~ ${toolName(change.name)}: ${describeFieldChanges(change, printable)}`);
  for (const { list, noun } of SURFACE_LISTS) {
    const drift = report[list];
    const name = (text: string) => `${noun} ${printable(JSON.stringify(text))}`;
    for (const added of drift.added) lines.push(`  + ${name(added)} (new ${noun})`);
    for (const removed of drift.removed) lines.push(`  - ${name(removed)} (${noun} removed)`);
    for (const change of drift.changed) lines.push(`  ~ ${name(change.name)}: ${describeFieldChanges(change, printable)}`);
  }
  return lines;
}

/** `description changed; inputSchema changed at /properties/a` (a change at the field's root names no pointer). */
export function describeFieldChanges(change: ToolChange, printable: (text: string) => string): string {
  return change.fields
    .map(({ field, change: kind, pointers }) => {
      const where = pointers.filter((pointer) => pointer !== "");
      return where.length === 0 || kind !== "changed" ? `${printable(field)} ${kind}` : `${printable(field)} changed at ${where.map(printable).join(", ")}`;
    })
    .join("; ");
}
