/**
 * The ref keywords as a schema object holds them. Where a ref leads is
 * decided structurally, over the whole schema and the documents it names
 * (`ref-resolution` in resources.ts; `dynamic-refs`, `ref-hoisting` in
 * schema.ts); here, what becomes of the keyword: a plain `$ref` of the IR, or
 * nothing when it cannot be followed.
 */
import type { SchemaObject } from "../../ir/index.js";
import type { KeywordRule, RefKeyword, Rule } from "../rule.js";
import { isLegacyDialect } from "./dialects.js";

export const EXTERNAL_REFS: Rule = {
  name: "external-refs",
  does: "A ref to a file or a URL (any absolute URI that is neither the schema's own nor a known meta-schema) is never read or fetched: it is not applied (that place is typed `unknown` and not validated), with a warning.",
  reports: ["ref-external"],
};

export const UNRESOLVED_REFS: Rule = {
  name: "unresolved-refs",
  does: "A ref that leads nowhere (no such pointer, anchor or resource, or not a URI reference) is not applied, with a warning; before 2019-09, where a `$ref` hides its siblings, the whole schema is then unconstrained, keeping only its description.",
  spec: "draft-07 Core §8.3",
  reports: ["ref-unresolved"],
};

export const PLAIN_REFS: KeywordRule = {
  name: "plain-refs",
  does: "`$ref`, `$dynamicRef` and `$recursiveRef` each become a plain `$ref` to `#` or `#/$defs/<key>` (one that cannot be followed: `external-refs`, `unresolved-refs`); a schema object with two applies the second as an `allOf` member; a ref that is not a string is dropped with a warning.",
  reports: ["keyword-dropped"],
  keywords: ["$ref", "$dynamicRef", "$recursiveRef"],
  apply(node, keyword, value, at) {
    if (typeof value !== "string") return node.drop(keyword, at, "is not a string");
    const resolved = node.resolve(keyword as RefKeyword, value, at);
    if (resolved.kind === "found") {
      node.refs.push(resolved.target);
      return;
    }
    if (resolved.kind === "external") {
      node.warn(
        "ref-external",
        `external ${keyword} ${JSON.stringify(value)} is never resolved; typed as unknown and not validated`,
        at,
        "inline the referenced schema into the manifest if you want it typed",
      );
    } else {
      node.warn(
        "ref-unresolved",
        `${keyword} ${JSON.stringify(value)} ${resolved.reason}; not applied (typed unknown, not validated)`,
        at,
        "refs resolve against the schema's own $id (or the tool's schema); fix the reference or add the definition",
      );
    }
    if (keyword === "$ref" && isLegacyDialect(node.dialect)) node.replace(describedOnly(node.input));
  },
  finish(node) {
    const [first, ...more] = node.refs;
    if (first === undefined) return;
    node.out.$ref = first;
    if (more.length > 0) node.out.allOf = [...((node.out.allOf as SchemaObject[] | undefined) ?? []), ...more.map((target) => ({ $ref: target }))];
  },
};

/** An unconstrained schema with `input`'s description. */
function describedOnly(input: Readonly<Record<string, unknown>>): SchemaObject {
  const out: SchemaObject = {};
  if (typeof input["description"] === "string") out.description = input["description"];
  return out;
}

export const REF_RULES: readonly KeywordRule[] = [PLAIN_REFS];
