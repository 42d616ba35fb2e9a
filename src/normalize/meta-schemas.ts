/**
 * The JSON Schema meta-schemas a `$ref` may name, read from the copies ajv
 * ships (`ajv/dist/refs`), never fetched. 2020-12, 2019-09 (each with its
 * vocabulary meta-schemas), draft-07 and draft-06. ajv ships no draft-04
 * meta-schema: a ref to it stays external, like any other absolute URI.
 *
 * A server writing `https://` for a draft that named itself with `http://`
 * (or the reverse) means the same meta-schema: both schemes find it.
 */
import { createRequire } from "node:module";
import type { Rule } from "./rule.js";

export const META_SCHEMA_REFS: Rule = {
  name: "meta-schema-refs",
  does: "A ref to a draft's meta-schema (2020-12 and 2019-09 with their vocabularies, draft-07, draft-06; `http` or `https`) is that meta-schema, read from the copies ajv ships, never fetched; ajv ships none for draft-04, whose meta-schema stays external.",
  reports: [],
};

/** ajv's file for each meta-schema URI (as the file's own `$id` spells it, without the empty fragment). */
const FILES: ReadonlyMap<string, string> = new Map([
  ["http://json-schema.org/draft-07/schema", "json-schema-draft-07.json"],
  ["http://json-schema.org/draft-06/schema", "json-schema-draft-06.json"],
  ...["schema", "meta/core", "meta/applicator", "meta/validation", "meta/meta-data", "meta/format", "meta/content"].map(
    (name) => [`https://json-schema.org/draft/2019-09/${name}`, `json-schema-2019-09/${name}.json`] as const,
  ),
  ...["schema", "meta/core", "meta/applicator", "meta/unevaluated", "meta/validation", "meta/meta-data", "meta/format-annotation", "meta/content"].map(
    (name) => [`https://json-schema.org/draft/2020-12/${name}`, `json-schema-2020-12/${name}.json`] as const,
  ),
]);

/** The meta-schema `uri` (absolute, no fragment) names, parsed; undefined for any other URI. */
export function metaSchema(uri: string): unknown {
  const file = FILES.get(uri) ?? FILES.get(uri.replace(/^http(s?):/, (_, secure: string) => (secure === "" ? "https:" : "http:")));
  if (file === undefined) return undefined;
  const require = createRequire(import.meta.url);
  // A fresh copy per call: normalisation must never share (or be able to change) ajv's cached object.
  return structuredClone(require(`ajv/dist/refs/${file}`) as unknown);
}
