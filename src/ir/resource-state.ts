/**
 * What a listed resource says of its present state rather than of the
 * contract (MCP 2025-11-25 and 2026-07-28, "Resources": `Resource.size`, the
 * size of its content in bytes; `Annotations.lastModified`, when it was last
 * modified). A file that grows, a record that is edited, changes them while
 * how the resource is read stays the same, so they are no part of what mcpgen
 * keeps or compares: a pull's snapshot leaves them out (a re-pull of a
 * server whose files changed writes nothing), drift and `mcpgen diff` do not
 * see them, and no generated code says them (a stated size would soon be
 * wrong). One list, read by every stage that needs it.
 */
import type { RawManifest } from "./raw-manifest.js";
import { isRecord, setOwn } from "../shared/json.js";

/** The fields of a resource (or a resource template) that are its state. */
export const RESOURCE_STATE_FIELDS: readonly string[] = ["size"];
/** The keys of its `annotations` that are its state. */
export const RESOURCE_STATE_ANNOTATIONS: readonly string[] = ["lastModified"];

const has = (object: Record<string, unknown>, key: string) => Object.hasOwn(object, key);

/** `annotations` without its state (undefined when nothing else is left of annotations that had some); the same object when it has none. */
export function annotationsWithoutState<T>(annotations: T): T | undefined {
  if (!isRecord(annotations) || !RESOURCE_STATE_ANNOTATIONS.some((key) => has(annotations, key))) return annotations;
  const kept = Object.fromEntries(Object.entries(annotations).filter(([key]) => !RESOURCE_STATE_ANNOTATIONS.includes(key)));
  return Object.keys(kept).length === 0 ? undefined : (kept as T);
}

/**
 * A listed resource or resource template without its state: the same
 * object when it has none; otherwise a copy, its other keys in their order
 * (`annotations` left out when its state was all it held).
 */
export function withoutResourceState(entry: unknown): unknown {
  if (!isRecord(entry)) return entry;
  const annotations = entry["annotations"];
  const trimmed = annotationsWithoutState(annotations);
  if (trimmed === annotations && !RESOURCE_STATE_FIELDS.some((field) => has(entry, field))) return entry;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (RESOURCE_STATE_FIELDS.includes(key)) continue;
    if (key !== "annotations") setOwn(copy, key, value);
    else if (trimmed !== undefined) copy[key] = trimmed;
  }
  return copy;
}

/** A manifest whose resources and resource templates are without their state. */
export function manifestWithoutResourceState<T extends Pick<RawManifest, "resources" | "resourceTemplates">>(manifest: T): T {
  return {
    ...manifest,
    ...(manifest.resources === undefined ? {} : { resources: manifest.resources.map(withoutResourceState) }),
    ...(manifest.resourceTemplates === undefined ? {} : { resourceTemplates: manifest.resourceTemplates.map(withoutResourceState) }),
  };
}
