/**
 * Rows of the refs family: where refs lead (src/normalize/resources.ts,
 * meta-schemas.ts), what the ref keywords become (rules/refs.ts), hoisting and
 * dynamic scopes (schema.ts), and empty cycles (empty-ref-cycles.ts).
 */
import { DRAFT_04, DRAFT_07, DRAFT_2019_09, type Rows } from "./rows.js";

const UNRESOLVED_HINT = "not applied (typed unknown, not validated)";

/** `dynamic-scope-limit`: eleven levels, each a choice between two resources binding the same dynamic anchor, 2^11 scopes at the bottom. */
function scopeExplosion(): { given: unknown; want: Record<string, unknown> } {
  const levels = 11;
  const defs: Record<string, unknown> = {};
  const hoisted: Record<string, unknown> = {};
  for (let level = 1; level <= levels; level++) {
    for (const side of ["x", "y"]) {
      const next = level < levels ? { anyOf: [{ $ref: `x${level + 1}` }, { $ref: `y${level + 1}` }] } : { properties: { v: { $dynamicRef: "x1#a1" } } };
      defs[`${side}${level}`] = { $id: `${side}${level}`, $dynamicAnchor: `a${level}`, type: "object", ...next };
    }
  }
  // Statically, each resource once; the dynamic ref at the bottom leads to x1, where it points.
  for (let level = 1; level <= levels; level++) {
    for (const side of ["x", "y"]) {
      hoisted[`${side}${level}`] = {
        type: "object",
        ...(level < levels ? { anyOf: [{ $ref: `#/$defs/x${level + 1}` }, { $ref: `#/$defs/y${level + 1}` }] } : { properties: { v: { $ref: "#/$defs/x1" } } }),
      };
    }
  }
  return {
    given: { $id: "https://example.com/scopes", type: "object", anyOf: [{ $ref: "x1" }, { $ref: "y1" }], $defs: defs },
    want: { type: "object", anyOf: [{ $ref: "#/$defs/x1" }, { $ref: "#/$defs/y1" }], $defs: hoisted },
  };
}

const explosion = scopeExplosion();

/** A tree whose children are whatever `node` is bound to where the tree is used (2020-12 Core §8.2.3.2). */
const tree = {
  $id: "https://example.com/tree",
  $dynamicAnchor: "node",
  type: "object",
  properties: { data: true, children: { type: "array", items: { $dynamicRef: "#node" } } },
};

export const rows: Rows = [
  [
    "ref-resolution",
    {
      says: "a relative ref resolves against the base URI $id sets, to an embedded resource",
      given: { $id: "https://example.com/root.json", properties: { a: { $ref: "item.json" } }, $defs: { item: { $id: "item.json", type: "string" } } },
      want: { properties: { a: { $ref: "#/$defs/item" } }, $defs: { item: { type: "string" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "a JSON pointer is relative to the resource it is written in",
      given: {
        $ref: "https://example.com/r",
        $defs: { r: { $id: "https://example.com/r", properties: { x: { $ref: "#/$defs/y" } }, $defs: { y: { type: "string" } } }, y: { type: "number" } },
      },
      want: { $ref: "#/$defs/r", $defs: { r: { properties: { x: { $ref: "#/$defs/y" } } }, y: { type: "string" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "an $anchor names a subschema",
      given: { properties: { a: { $ref: "#thing" } }, $defs: { t: { $anchor: "thing", type: "number" } } },
      want: { properties: { a: { $ref: "#/$defs/t" } }, $defs: { t: { type: "number" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: 'draft-06/07: $id: "#name" names a subschema',
      given: { $schema: DRAFT_07, properties: { a: { $ref: "#name" } }, definitions: { n: { $id: "#name", type: "integer" } } },
      want: { properties: { a: { $ref: "#/$defs/n" } }, $defs: { n: { type: "integer" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "draft-04: id is the identifier",
      given: {
        $schema: DRAFT_04,
        id: "http://example.com/root.json",
        properties: { a: { $ref: "other.json" } },
        definitions: { o: { id: "other.json", type: "boolean" } },
      },
      want: { properties: { a: { $ref: "#/$defs/o" } }, $defs: { o: { type: "boolean" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "a URN base",
      given: { $id: "urn:example:root", properties: { a: { $ref: "urn:example:root#/$defs/s" } }, $defs: { s: { type: "string" } } },
      want: { properties: { a: { $ref: "#/$defs/s" } }, $defs: { s: { type: "string" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "before 2019-09 the $id beside a $ref changes nothing: item.json resolves against the root",
      given: {
        $schema: DRAFT_07,
        $id: "https://example.com/root/",
        properties: { v: { $id: "https://example.com/elsewhere/", $ref: "item.json" } },
        definitions: { root_item: { $id: "item.json", type: "number" }, other_item: { $id: "https://example.com/elsewhere/item.json", type: "string" } },
      },
      want: { properties: { v: { $ref: "#/$defs/root_item" } }, $defs: { root_item: { type: "number" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "a pointer fragment is percent-decoded, then ~1 and ~0 unescaped",
      given: { properties: { a: { $ref: "#/$defs/a%20b" }, b: { $ref: "#/$defs/c~1d" } }, $defs: { "a b": { type: "string" }, "c/d": { type: "number" } } },
      want: { properties: { a: { $ref: "#/$defs/a_b" }, b: { $ref: "#/$defs/c_d" } }, $defs: { a_b: { type: "string" }, c_d: { type: "number" } } },
    },
  ],
  [
    "ref-resolution",
    {
      says: "an anchor under a property named like a data keyword (default) is found",
      given: { properties: { default: { $anchor: "d", type: "string" }, other: { $ref: "#d" } } },
      want: { properties: { default: { $ref: "#/$defs/default" }, other: { $ref: "#/$defs/default" } }, $defs: { default: { type: "string" } } },
    },
  ],

  [
    "meta-schema-refs",
    {
      says: "a ref into draft-07's meta-schema is that meta-schema",
      given: { properties: { n: { $ref: "http://json-schema.org/draft-07/schema#/definitions/nonNegativeInteger" } } },
      want: { properties: { n: { $ref: "#/$defs/nonNegativeInteger" } }, $defs: { nonNegativeInteger: { type: "integer", minimum: 0 } } },
    },
  ],
  [
    "meta-schema-refs",
    {
      says: "https for a draft that named itself with http",
      given: { properties: { t: { $ref: "https://json-schema.org/draft-07/schema#/definitions/simpleTypes" } } },
      want: {
        properties: { t: { $ref: "#/$defs/simpleTypes" } },
        $defs: { simpleTypes: { enum: ["array", "boolean", "integer", "null", "number", "object", "string"] } },
      },
    },
  ],
  [
    "meta-schema-refs",
    {
      says: "a 2020-12 vocabulary meta-schema, hoisted under its URI's name",
      given: { $ref: "https://json-schema.org/draft/2020-12/meta/content" },
      want: {
        $ref: "#/$defs/content",
        $defs: {
          content: {
            title: "Content vocabulary meta-schema",
            type: ["object", "boolean"],
            properties: { contentEncoding: { type: "string" }, contentMediaType: { type: "string" }, contentSchema: { $ref: "#/$defs/content" } },
          },
        },
      },
    },
  ],
  [
    "meta-schema-refs",
    {
      says: "draft-04's meta-schema is not shipped: external",
      given: { properties: { s: { $ref: "http://json-schema.org/draft-04/schema#" } } },
      want: { properties: { s: {} } },
      warnings: [
        {
          code: "ref-external",
          pointer: "/properties/s/$ref",
          message: 'external $ref "http://json-schema.org/draft-04/schema#" is never resolved; typed as unknown and not validated',
        },
      ],
      also: ["external-refs"],
    },
  ],

  [
    "plain-refs",
    {
      says: "a $ref becomes #/$defs/<key>, after the object's other keywords",
      given: { $ref: "#/$defs/a", description: "d", $defs: { a: { type: "string" } } },
      want: { description: "d", $ref: "#/$defs/a", $defs: { a: { type: "string" } } },
    },
  ],
  [
    "plain-refs",
    {
      says: "the $ref precedes what rules add once every keyword is read (draft-04's boolean bound, in a 2020-12 schema)",
      given: { minimum: 0, exclusiveMinimum: true, $ref: "#/$defs/a", $defs: { a: { type: "number" } } },
      want: { $ref: "#/$defs/a", exclusiveMinimum: 0, $defs: { a: { type: "number" } } },
    },
  ],
  [
    "plain-refs",
    {
      says: "a ref to the root is #",
      given: { type: "object", properties: { child: { $ref: "#" } } },
      want: { type: "object", properties: { child: { $ref: "#" } } },
    },
  ],
  [
    "plain-refs",
    {
      says: "a $ref beside a $dynamicRef: the second applies as an allOf member",
      given: { $ref: "#/$defs/a", $dynamicRef: "#/$defs/b", $defs: { a: { minLength: 1 }, b: { maxLength: 3 } } },
      want: { $ref: "#/$defs/a", allOf: [{ $ref: "#/$defs/b" }], $defs: { a: { minLength: 1 }, b: { maxLength: 3 } } },
    },
  ],
  [
    "plain-refs",
    {
      says: "a $recursiveRef beside a $ref and an allOf joins the allOf",
      given: {
        $schema: DRAFT_2019_09,
        allOf: [{ minLength: 1 }],
        $ref: "#/$defs/a",
        $recursiveRef: "#/$defs/b",
        $defs: { a: { type: "string" }, b: { maxLength: 3 } },
      },
      want: { allOf: [{ minLength: 1 }, { $ref: "#/$defs/b" }], $ref: "#/$defs/a", $defs: { a: { type: "string" }, b: { maxLength: 3 } } },
    },
  ],
  [
    "plain-refs",
    {
      says: "a ref that is not a string is dropped",
      given: { $ref: 5, type: "string" },
      want: { type: "string" },
      warnings: [{ code: "keyword-dropped", pointer: "/$ref", message: "`$ref` is not a string; ignored" }],
    },
  ],
  [
    "plain-refs",
    {
      says: "an unresolved ref beside another is left out, the other applies",
      given: { $ref: "#/$defs/missing", $dynamicRef: "#/$defs/b", $defs: { b: { type: "string" } } },
      want: { $ref: "#/$defs/b", $defs: { b: { type: "string" } } },
      warnings: [{ code: "ref-unresolved", pointer: "/$ref", message: `$ref "#/$defs/missing" points to nothing in this schema; ${UNRESOLVED_HINT}` }],
      also: ["unresolved-refs"],
    },
  ],

  [
    "external-refs",
    {
      says: "a URL is never fetched: the ref is not applied, its siblings are",
      given: { properties: { a: { $ref: "https://example.com/thing.json", type: "string" } } },
      want: { properties: { a: { type: "string" } } },
      warnings: [
        {
          code: "ref-external",
          pointer: "/properties/a/$ref",
          message: 'external $ref "https://example.com/thing.json" is never resolved; typed as unknown and not validated',
        },
      ],
    },
  ],
  [
    "external-refs",
    {
      says: "a file beside the schema is never read",
      given: { properties: { a: { $ref: "definitions.json#/thing" } } },
      want: { properties: { a: {} } },
      warnings: [
        {
          code: "ref-external",
          pointer: "/properties/a/$ref",
          message: 'external $ref "definitions.json#/thing" is never resolved; typed as unknown and not validated',
        },
      ],
    },
  ],
  [
    "external-refs",
    {
      says: "before 2019-09, the whole schema is then unconstrained but for its description",
      given: { $schema: DRAFT_07, properties: { a: { $ref: "https://example.com/x", description: "d", type: "string" } } },
      want: { properties: { a: { description: "d" } } },
      warnings: [
        {
          code: "ref-external",
          pointer: "/properties/a/$ref",
          message: 'external $ref "https://example.com/x" is never resolved; typed as unknown and not validated',
        },
      ],
    },
  ],

  [
    "unresolved-refs",
    {
      says: "a pointer to nothing: not applied, its siblings are",
      given: { properties: { a: { $ref: "#/$defs/missing", type: "string" } } },
      want: { properties: { a: { type: "string" } } },
      warnings: [
        { code: "ref-unresolved", pointer: "/properties/a/$ref", message: `$ref "#/$defs/missing" points to nothing in this schema; ${UNRESOLVED_HINT}` },
      ],
    },
  ],
  [
    "unresolved-refs",
    {
      says: "an anchor no subschema declares (identifiers in enum, const or default are data)",
      given: { properties: { a: { $ref: "#nope" }, b: { const: { $anchor: "nope" } } } },
      want: { properties: { a: {}, b: { const: { $anchor: "nope" } } } },
      warnings: [{ code: "ref-unresolved", pointer: "/properties/a/$ref", message: `$ref "#nope" names no anchor in this schema; ${UNRESOLVED_HINT}` }],
    },
  ],
  [
    "unresolved-refs",
    {
      says: "a fragment that is not valid percent-encoding, a ref that is not a URI reference",
      given: { properties: { a: { $ref: "#/%E0%A4%A" }, b: { $ref: "http://[" } } },
      want: { properties: { a: {}, b: {} } },
      warnings: [
        {
          code: "ref-unresolved",
          pointer: "/properties/a/$ref",
          message: `$ref "#/%E0%A4%A" has a fragment that is not valid percent-encoding; ${UNRESOLVED_HINT}`,
        },
        { code: "ref-unresolved", pointer: "/properties/b/$ref", message: `$ref "http://[" is not a URI reference; ${UNRESOLVED_HINT}` },
      ],
    },
  ],
  [
    "unresolved-refs",
    {
      says: "before 2019-09, the whole schema is then unconstrained but for its description",
      given: { $schema: DRAFT_07, properties: { a: { $ref: "#/definitions/missing", description: "d", type: "string" } } },
      want: { properties: { a: { description: "d" } } },
      warnings: [
        { code: "ref-unresolved", pointer: "/properties/a/$ref", message: `$ref "#/definitions/missing" points to nothing in this schema; ${UNRESOLVED_HINT}` },
      ],
    },
  ],

  [
    "ref-hoisting",
    {
      says: "only what the root reaches is kept: a definition referred to only from an unreferenced one is dropped",
      given: {
        properties: { a: { $ref: "#/$defs/used" } },
        $defs: { used: { type: "string" }, unused: { properties: { r: { $ref: "#/$defs/only_from_unused" } } }, only_from_unused: { type: "number" } },
      },
      want: { properties: { a: { $ref: "#/$defs/used" } }, $defs: { used: { type: "string" } } },
    },
  ],
  [
    "ref-hoisting",
    {
      says: "a subschema that is also a ref target is written once, referred to from both places",
      given: { properties: { primary: { type: "string" }, secondary: { $ref: "#/properties/primary" } } },
      want: { properties: { primary: { $ref: "#/$defs/primary" }, secondary: { $ref: "#/$defs/primary" } }, $defs: { primary: { type: "string" } } },
    },
  ],
  [
    "ref-hoisting",
    {
      says: "keys are named after the last meaningful pointer token, numbered when taken, in the order refs are met",
      given: {
        properties: { a: { type: "array", items: { type: "string" } }, b: { $ref: "#/properties/a/items" }, c: { $ref: "#/$defs/a" } },
        $defs: { a: { type: "number" } },
      },
      want: {
        properties: { a: { type: "array", items: { $ref: "#/$defs/a" } }, b: { $ref: "#/$defs/a" }, c: { $ref: "#/$defs/a2" } },
        $defs: { a: { type: "string" }, a2: { type: "number" } },
      },
    },
  ],
  [
    "ref-hoisting",
    {
      says: "a key is letters, digits and _ of its token",
      given: { properties: { a: { $ref: "#/$defs/x-y.z" }, b: { $ref: "#/$defs/%24%24" } }, $defs: { "x-y.z": { type: "string" }, $$: { type: "number" } } },
      want: { properties: { a: { $ref: "#/$defs/x_y_z" }, b: { $ref: "#/$defs/def" } }, $defs: { x_y_z: { type: "string" }, def: { type: "number" } } },
    },
  ],
  [
    "ref-hoisting",
    {
      says: "chains of refs are each hoisted once",
      given: { $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/c" }, c: { type: "string" } } },
      want: { $ref: "#/$defs/a", $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/c" }, c: { type: "string" } } },
    },
  ],

  [
    "dynamic-refs",
    {
      says: "a $dynamicRef whose anchor one resource declares resolves statically",
      given: tree,
      want: { type: "object", properties: { data: true, children: { type: "array", items: { $ref: "#" } } } },
    },
  ],
  [
    "dynamic-refs",
    {
      says: "an extension binds the anchor first: the tree's children are the extension",
      given: { $id: "https://example.com/strict-tree", $dynamicAnchor: "node", $ref: "tree", unevaluatedProperties: false, $defs: { tree } },
      want: {
        unevaluatedProperties: false,
        $ref: "#/$defs/tree",
        $defs: { tree: { type: "object", properties: { data: true, children: { type: "array", items: { $ref: "#" } } } } },
      },
    },
  ],
  [
    "dynamic-refs",
    {
      says: "a target used in two dynamic scopes is hoisted once for each",
      given: {
        $id: "https://example.com/root",
        properties: { loose: { $ref: "tree" }, strict: { $ref: "strict" } },
        $defs: { tree, strict: { $id: "https://example.com/strict", $dynamicAnchor: "node", $ref: "tree", unevaluatedProperties: false } },
      },
      want: {
        properties: { loose: { $ref: "#/$defs/tree" }, strict: { $ref: "#/$defs/strict" } },
        $defs: {
          tree: { type: "object", properties: { data: true, children: { type: "array", items: { $ref: "#/$defs/tree" } } } },
          strict: { unevaluatedProperties: false, $ref: "#/$defs/tree2" },
          tree2: { type: "object", properties: { data: true, children: { type: "array", items: { $ref: "#/$defs/strict" } } } },
        },
      },
    },
  ],
  [
    "dynamic-refs",
    {
      says: "2019-09: $recursiveRef defers to the outermost resource with $recursiveAnchor: true",
      given: {
        $schema: DRAFT_2019_09,
        $id: "https://example.com/strict-tree",
        $recursiveAnchor: true,
        $ref: "tree",
        unevaluatedProperties: false,
        $defs: {
          tree: {
            $id: "https://example.com/tree",
            $recursiveAnchor: true,
            type: "object",
            properties: { children: { type: "array", items: { $recursiveRef: "#" } } },
          },
        },
      },
      want: {
        unevaluatedProperties: false,
        $ref: "#/$defs/tree",
        $defs: { tree: { type: "object", properties: { children: { type: "array", items: { $ref: "#" } } } } },
      },
    },
  ],

  [
    "dynamic-scope-limit",
    {
      says: "past 2,000 copies for dynamic scopes, every dynamic ref resolves statically",
      given: explosion.given,
      want: explosion.want,
      warnings: [
        {
          code: "keyword-dropped",
          pointer: "",
          message:
            "$dynamicRef/$recursiveRef here would need over 2000 copies of subschemas to resolve through every dynamic scope; each resolves to where it points statically instead, as a $ref does",
        },
      ],
    },
  ],

  [
    "empty-ref-cycles",
    {
      says: "a cycle among definitions the root never reaches is not reported: they are not kept",
      given: { properties: { a: { type: "string" } }, $defs: { x: { allOf: [{ $ref: "#/$defs/y" }] }, y: { allOf: [{ $ref: "#/$defs/x" }] } } },
      want: { properties: { a: { type: "string" } } },
    },
  ],
  [
    "empty-ref-cycles",
    {
      says: "a cycle through anyOf and allOf alone constrains nothing: its refs are not applied",
      given: { $ref: "#/$defs/a", $defs: { a: { anyOf: [{ $ref: "#/$defs/b" }, { type: "string" }] }, b: { allOf: [{ $ref: "#/$defs/a" }] } } },
      // `b` is reached only through the ref not applied, so it is not kept.
      want: { $ref: "#/$defs/a", $defs: { a: { anyOf: [{}, { type: "string" }] } } },
      warnings: [
        {
          code: "ref-unresolved",
          pointer: "/$defs/a",
          message: "this schema refers to itself without descending into any property or item, which constrains nothing; that $ref is not applied",
        },
        {
          code: "ref-unresolved",
          pointer: "/$defs/b",
          message: "this schema refers to itself without descending into any property or item, which constrains nothing; that $ref is not applied",
        },
      ],
    },
  ],
  [
    "empty-ref-cycles",
    {
      says: "the root referring to itself through allOf",
      given: { type: "object", allOf: [{ $ref: "#" }] },
      want: { type: "object", allOf: [{}] },
      warnings: [
        {
          code: "ref-unresolved",
          pointer: "",
          message: "this schema refers to itself without descending into any property or item, which constrains nothing; that $ref is not applied",
        },
      ],
    },
  ],
  [
    "empty-ref-cycles",
    {
      says: "recursion through a property or an item is a tree, not a cycle",
      given: { properties: { next: { $ref: "#" } }, items: { $ref: "#" } },
      want: { properties: { next: { $ref: "#" } }, items: { $ref: "#" } },
    },
  ],
];
