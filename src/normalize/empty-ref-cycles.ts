/**
 * `empty-ref-cycles`: a structural rule over the hoisted schema (the root and
 * its `$defs`), run once every ref is resolved.
 */
import type { Schema, SchemaObject } from "../ir/index.js";
import { refTarget } from "../ir/refs.js";
import { appliesToSameInstance, subschemasOf } from "../ir/keywords.js";
import type { Rule } from "./rule.js";

export const EMPTY_REF_CYCLES: Rule = {
  name: "empty-ref-cycles",
  does: "A `$ref` cycle that never descends into a property or an item (`A = anyOf[B, string]`, `B = allOf[A]`) constrains nothing and would send validators into endless recursion: the refs of such a cycle are not applied (unconstrained, for the types and the validators alike), with a warning; a cycle among definitions the root never reaches is not reported (they are not kept).",
  reports: ["ref-unresolved"],
};

/**
 * Removes the refs of every empty cycle among `nodes` (the root `#` and each
 * `$defs` key, by target), calling `report` first for each target on one.
 * Returns whether any ref was removed (what the root reaches may then shrink).
 */
export function breakEmptyRefCycles(nodes: ReadonlyMap<string, Schema>, report: (target: string) => void): boolean {
  const edges = new Map([...nodes].map(([target, node]) => [target, sameInstanceRefs(node)]));
  const cyclic = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  for (const target of cyclic) {
    report(target);
    sameInstanceRefs(nodes.get(target)!, (node) => {
      if (cyclic.has(refTarget(node.$ref as string))) delete node.$ref;
    });
  }
  return cyclic.size > 0;
}

/**
 * The refs a schema applies to the same instance (through `$ref`, `anyOf`,
 * `oneOf`, `allOf`, `not`, `if`/`then`/`else`, `dependentSchemas`), not to a
 * property or an item; `visit` sees every schema object holding such a ref.
 */
function sameInstanceRefs(schema: Schema, visit?: (node: SchemaObject) => void): Set<string> {
  const targets = new Set<string>();
  const walk = (node: Schema) => {
    if (typeof node === "boolean") return;
    if (typeof node.$ref === "string") {
      targets.add(refTarget(node.$ref));
      visit?.(node);
    }
    subschemasOf(node, appliesToSameInstance).forEach(walk);
  };
  walk(schema);
  return targets;
}
