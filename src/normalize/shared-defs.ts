/**
 * Which definitions of the tools' schemas are one definition (for
 * `def-type-names`): a `$defs` entry of one schema and one of another are the
 * same when they have the same key, the same canonical JSON, and every ref
 * in them leads to the same definition again (a ref to `#`, the schema's own
 * root, binds a definition to its schema). Decided by partition refinement,
 * so that recursive definitions compare as well as the others.
 */
import type { Schema } from "../ir/index.js";
import { refTargets } from "../ir/refs.js";
import { canonicalJson } from "../shared/json.js";

/**
 * For each schema's `$defs` (in the order given), the class of each key:
 * keys of one class are the same definition. Classes are numbered in the
 * order their first key is met, schema by schema, key by key.
 */
export function definitionClasses(schemas: ReadonlyArray<Readonly<Record<string, Schema>>>): Array<Map<string, number>> {
  const nodes = schemas.flatMap((defs, schema) =>
    Object.entries(defs).map(([key, body]) => {
      const refs = refTargets(body).sort();
      // A ref to the root means this schema's root: such a definition is its schema's alone.
      const own = refs.includes("#") ? `\0${schema}` : "";
      return { schema, key, refs, signature: `${JSON.stringify(key)}:${canonicalJson(body)}${own}` };
    }),
  );
  const index = schemas.map(() => new Map<string, number>());
  nodes.forEach((node, at) => index[node.schema]!.set(node.key, at));
  let classes = numbered(nodes.map((node) => node.signature));
  for (let count = new Set(classes).size; ;) {
    const refined = numbered(
      nodes.map((node, at) => `${classes[at]!}|${node.refs.map((target) => classes[index[node.schema]!.get(target) ?? -1] ?? "-").join(",")}`),
    );
    classes = refined;
    const next = new Set(classes).size;
    if (next === count) break;
    count = next;
  }
  const result = schemas.map(() => new Map<string, number>());
  nodes.forEach((node, at) => result[node.schema]!.set(node.key, classes[at]!));
  return result;
}

/** Each signature as a number, the same for equal signatures, in order of first appearance. */
function numbered(signatures: readonly string[]): number[] {
  const ids = new Map<string, number>();
  return signatures.map((signature) => {
    let id = ids.get(signature);
    if (id === undefined) ids.set(signature, (id = ids.size));
    return id;
  });
}
