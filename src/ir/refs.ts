/**
 * The one form references take in the IR (see `Schema`): `#` for the root of
 * the tool's schema, `#/$defs/<key>` for everything else a ref reached,
 * hoisted there by normalisation (`ref-hoisting`). Emitters read refs with
 * this alone, never with URI resolution.
 */
import type { Schema } from "./index.js";
import { subschemasOf } from "./keywords.js";

/** `"#"` for the root, the `$defs` key otherwise. */
export function refTarget(ref: string): string {
  return ref === "#" ? "#" : decodeURIComponent(ref.slice("#/$defs/".length));
}

/**
 * The targets (`refTarget`) of every `$ref` in `schema`, in the order met,
 * each once: its own and its subschemas' (`SUBSCHEMA_KEYWORDS`), not those
 * of the `$defs` it holds, which apply only where a ref names them.
 */
export function refTargets(schema: Schema): string[] {
  const targets = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== "object" || node === null) return;
    const object = node as Record<string, unknown>;
    if (typeof object["$ref"] === "string") targets.add(refTarget(object["$ref"]));
    subschemasOf(object, (_, kind) => kind.position !== "definitions").forEach(walk);
  };
  walk(schema);
  return [...targets];
}

/**
 * The keys of `defs` (a schema's `$defs`) that `root` reaches through refs,
 * directly or through other definitions, in the order `defs` lists them.
 */
export function reachedDefinitions(root: Schema, defs: Readonly<Record<string, Schema>>): string[] {
  const reached = new Set<string>();
  const queue = refTargets(root);
  for (let target = queue.shift(); target !== undefined; target = queue.shift()) {
    if (target === "#" || reached.has(target) || !Object.hasOwn(defs, target)) continue;
    reached.add(target);
    queue.push(...refTargets(defs[target]!));
  }
  return Object.keys(defs).filter((key) => reached.has(key));
}
