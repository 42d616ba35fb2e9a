/**
 * Schema resources and their identifiers, as the JSON Schema drafts define
 * them, for one tool's schema and the known documents it refers to (the
 * meta-schemas). Built once before normalisation; normalisation asks it where
 * each `$ref` leads.
 *
 *   - `$id` (draft-04: `id`) starts a resource and changes the base URI of
 *     everything below it (2020-12 Core §8.2.1; draft-07 Core §8.2); a relative
 *     one resolves against the enclosing resource's URI. Before 2019-09 a
 *     `$ref` hides its siblings, `$id` included (draft-07 Core §8.3).
 *   - Plain-name fragments: `$anchor` (2019-09+), `$dynamicAnchor` (2020-12),
 *     and `$id: "#name"` (draft-06/07; `id` in draft-04) name a subschema
 *     within its resource.
 *   - `$dynamicAnchor` (2020-12 Core §8.2.3.2) and `$recursiveAnchor: true`
 *     (2019-09 Core §8.2.4.2) are kept per resource for dynamic resolution.
 *   - JSON Pointer fragments are relative to the resource's root.
 * Identifiers are searched wherever a subschema may stand (every keyword but
 * those whose values are instances: `enum`, `const`, `default`, `examples`).
 */
import type { Dialect } from "../ir/index.js";
import { isRecord } from "../shared/json.js";
import { OLDER_SUBSCHEMA_KEYWORDS, SUBSCHEMA_KEYWORDS } from "../ir/keywords.js";
import { joinPointer, pointerTokens } from "../shared/errors.js";
import { decodeFragment, resolveUri, splitFragment } from "./uri.js";
import type { Rule } from "./rule.js";
import { isLegacyDialect } from "./rules/dialects.js";

export const REF_RESOLUTION: Rule = {
  name: "ref-resolution",
  does: 'A ref resolves as its draft says: against the base URI the enclosing `$id`s set (draft-04: `id`; absolute, relative or a URN), to an embedded resource, a plain-name anchor (`$anchor`, `$dynamicAnchor`, draft-06/07 `$id: "#name"`) or a JSON pointer relative to its resource; before 2019-09 an `$id` beside a `$ref` is ignored.',
  spec: "2020-12 Core §8.2; draft-07 Core §8",
  reports: [],
};

/** The name `$recursiveAnchor: true` is kept under among a resource's dynamic anchors (no `$dynamicAnchor` name can be empty). */
export const RECURSIVE_ANCHOR = "";

/** A JSON document schemas are read from: the tool's own schema, or a known one (a meta-schema). */
export interface SchemaDocument {
  /** Distinguishes locations of different documents. */
  id: number;
  json: unknown;
  /** The URI the document was found by (for the tool's schema, `DEFAULT_BASE`). */
  uri: string;
  /** True for the tool's schema: its pointers are the input's. */
  own: boolean;
  /** Resources whose root is in this document, by the root's pointer. */
  resources: Map<string, SchemaResource>;
}

/** A schema resource: a subschema with its own URI, and everything below it up to the next one. */
export interface SchemaResource {
  /** Absolute, without fragment. */
  uri: string;
  document: SchemaDocument;
  /** Pointer of the resource's root in its document. */
  pointer: string;
  dialect: Dialect;
  /** Plain-name fragments → pointer in the document. */
  anchors: Map<string, string>;
  /** `$dynamicAnchor` names (and `RECURSIVE_ANCHOR`) → pointer in the document. */
  dynamicAnchors: Map<string, string>;
}

/** A place in a document. */
export interface Location {
  document: SchemaDocument;
  pointer: string;
}

export type Resolution =
  | { kind: "found"; location: Location; resource: SchemaResource; /** The plain-name fragment, when the ref used one. */ anchor?: string | undefined }
  | { kind: "external"; uri: string }
  | { kind: "unresolved"; reason: string };

/** Keywords whose values are instances, never schemas (so never searched for identifiers). */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);
/** Keywords whose values map names to schemas, whatever the names (a property may be called `default`). */
const NAME_MAP_KEYWORDS = new Set([...SUBSCHEMA_KEYWORDS, ...OLDER_SUBSCHEMA_KEYWORDS].filter(([, kind]) => kind.shape === "map").map(([keyword]) => keyword));

/**
 * The values below a schema object (any dialect, as written) that may be or
 * hold schemas, each with its path of keys: `[keyword, name]` in a map of
 * names to subschemas (`properties`, `$defs`, ...), `[keyword]` otherwise;
 * never an instance (`enum`, `const`, `default`, `examples`).
 */
export function subschemaValues(node: Record<string, unknown>): Array<[path: string[], value: unknown]> {
  const values: Array<[string[], unknown]> = [];
  for (const [key, item] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (NAME_MAP_KEYWORDS.has(key) && isRecord(item)) {
      for (const [name, sub] of Object.entries(item)) values.push([[key, name], sub]);
    } else {
      values.push([[key], item]);
    }
  }
  return values;
}

/** Resolves an RFC 6901 pointer (already URI-decoded) against a document. */
export function resolvePointer(document: unknown, pointer: string): { found: boolean; value: unknown } {
  let current = document;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < current.length) {
      current = current[Number(token)];
    } else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, token)) {
      current = current[token];
    } else {
      return { found: false, value: undefined };
    }
  }
  return { found: true, value: current };
}

export interface IndexOptions {
  /** The tool schema's dialect (also that of a known document without `$schema`). */
  dialect: Dialect;
  /** Reads `$schema` of a resource root: its dialect, when it names one. */
  dialectOf: (schema: unknown) => Dialect | undefined;
  /** A known document by absolute URI (a meta-schema), or undefined: never fetched. */
  document: (uri: string) => unknown;
}

/** Every resource of a tool's schema and of the known documents it refers to, directly or through them. */
export class SchemaIndex {
  readonly root: SchemaResource;
  /** Every `$ref`, `$dynamicRef` and `$recursiveRef` of the tool's own schema, in document order. */
  readonly refSites: Array<{ keyword: string; ref: string; pointer: string; resource: SchemaResource }> = [];
  private readonly byUri = new Map<string, SchemaResource>();
  private readonly documents: SchemaDocument[] = [];
  /** Absolute URIs refs name, still to look up among the known documents. */
  private readonly pending: string[] = [];

  constructor(
    json: unknown,
    uri: string,
    private readonly options: IndexOptions,
  ) {
    this.root = this.addDocument(json, uri, true, options.dialect);
    // Known documents a ref names, and those they name in turn.
    for (let next = this.pending.pop(); next !== undefined; next = this.pending.pop()) {
      if (this.byUri.has(next)) continue;
      const found = options.document(next);
      if (found !== undefined) this.addDocument(found, next, false, options.dialectOf(found) ?? options.dialect);
    }
  }

  /** The innermost resource holding `pointer` in `document`. */
  resourceAt(document: SchemaDocument, pointer: string): SchemaResource {
    let best: SchemaResource | undefined;
    for (const [root, resource] of document.resources) {
      if ((pointer === root || pointer.startsWith(`${root}/`) || root === "") && (best === undefined || root.length > best.pointer.length)) best = resource;
    }
    return best!;
  }

  /** How many resources declare each dynamic anchor name (`RECURSIVE_ANCHOR` for `$recursiveAnchor: true`). */
  dynamicAnchorCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const document of this.documents) {
      for (const resource of document.resources.values()) for (const name of resource.dynamicAnchors.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  }

  /** Where `ref`, written in `from`, leads. */
  resolve(ref: string, from: SchemaResource): Resolution {
    let absolute: string;
    let fragment: string;
    if (ref.startsWith("#")) {
      absolute = from.uri;
      fragment = ref.slice(1);
    } else {
      const full = resolveUri(ref, from.uri);
      if (full === undefined) return { kind: "unresolved", reason: "is not a URI reference" };
      ({ absolute, fragment } = splitFragment(full));
    }
    const resource = this.byUri.get(absolute);
    if (resource === undefined) return { kind: "external", uri: absolute };
    const decoded = decodeFragment(fragment);
    if (decoded === undefined) return { kind: "unresolved", reason: "has a fragment that is not valid percent-encoding" };
    const { document } = resource;
    if (decoded === "") return { kind: "found", location: { document, pointer: resource.pointer }, resource };
    if (decoded.startsWith("/")) {
      const pointer = resource.pointer + decoded;
      if (!resolvePointer(document.json, pointer).found) return { kind: "unresolved", reason: "points to nothing in this schema" };
      return { kind: "found", location: { document, pointer }, resource: this.resourceAt(document, pointer) };
    }
    const anchored = resource.anchors.get(decoded);
    if (anchored === undefined) return { kind: "unresolved", reason: "names no anchor in this schema" };
    return { kind: "found", location: { document, pointer: anchored }, resource: this.resourceAt(document, anchored), anchor: decoded };
  }

  private addDocument(json: unknown, uri: string, own: boolean, dialect: Dialect): SchemaResource {
    const document: SchemaDocument = { id: this.documents.length, json, uri, own, resources: new Map() };
    this.documents.push(document);
    const root = this.addResource(document, "", uri, dialect);
    this.visit(json, "", root);
    return root;
  }

  private addResource(document: SchemaDocument, pointer: string, uri: string, dialect: Dialect): SchemaResource {
    const resource: SchemaResource = { uri, document, pointer, dialect, anchors: new Map(), dynamicAnchors: new Map() };
    document.resources.set(pointer, resource);
    if (!this.byUri.has(uri)) this.byUri.set(uri, resource);
    return resource;
  }

  private visit(node: unknown, pointer: string, parent: SchemaResource): void {
    if (Array.isArray(node)) {
      node.forEach((item, index) => this.visit(item, joinPointer(pointer, index), parent));
      return;
    }
    if (!isRecord(node)) return;
    let resource = parent;
    const legacy = isLegacyDialect(parent.dialect);
    const id = node[parent.dialect === "draft-04" ? "id" : "$id"];
    // Before 2019-09 a `$ref` hides its siblings, `$id` included (draft-07 Core §8.3).
    if (typeof id === "string" && !(legacy && typeof node["$ref"] === "string")) {
      const full = resolveUri(id, parent.uri);
      if (full !== undefined) {
        const { absolute, fragment } = splitFragment(full);
        if (id.startsWith("#")) {
          // draft-06/07 `$id: "#name"` (and its like in any draft): a plain-name fragment.
          this.anchor(parent, decodeFragment(fragment), pointer);
        } else {
          if (pointer === "") {
            // The document's own `$id`: its root is known by both URIs.
            resource.uri = absolute;
            if (!this.byUri.has(absolute)) this.byUri.set(absolute, resource);
            const dialect = this.options.dialectOf(node);
            if (dialect !== undefined) resource.dialect = dialect;
          } else {
            resource = this.addResource(
              parent.document,
              pointer,
              absolute,
              (node["$schema"] !== undefined ? this.options.dialectOf(node) : undefined) ?? parent.dialect,
            );
          }
          this.anchor(resource, decodeFragment(fragment), pointer);
        }
      }
    }
    if (typeof node["$anchor"] === "string") this.anchor(resource, node["$anchor"], pointer);
    if (typeof node["$dynamicAnchor"] === "string") {
      this.anchor(resource, node["$dynamicAnchor"], pointer);
      if (node["$dynamicAnchor"] !== RECURSIVE_ANCHOR && !resource.dynamicAnchors.has(node["$dynamicAnchor"]))
        resource.dynamicAnchors.set(node["$dynamicAnchor"], pointer);
    }
    if (node["$recursiveAnchor"] === true && pointer === resource.pointer) resource.dynamicAnchors.set(RECURSIVE_ANCHOR, pointer);
    for (const keyword of ["$ref", "$dynamicRef", "$recursiveRef"]) {
      const ref = node[keyword];
      if (typeof ref !== "string") continue;
      if (resource.document.own) this.refSites.push({ keyword, ref, pointer, resource });
      if (ref.startsWith("#")) continue;
      const full = resolveUri(ref, resource.uri);
      if (full !== undefined) this.pending.push(splitFragment(full).absolute);
    }
    for (const [path, value] of subschemaValues(node)) this.visit(value, joinPointer(pointer, ...path), resource);
  }

  private anchor(resource: SchemaResource, name: string | undefined, pointer: string): void {
    if (name !== undefined && name !== "" && !name.startsWith("/") && !resource.anchors.has(name)) resource.anchors.set(name, pointer);
  }
}
