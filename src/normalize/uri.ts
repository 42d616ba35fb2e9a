/**
 * URI references as JSON Schema resolves them (2020-12 Core §8.2.1, §8.2.3.1;
 * draft-07 Core §8.2): `$id` and `$ref` are RFC 3986 references resolved
 * against the base URI of the resource they sit in. Parsed with WHATWG URL,
 * which normalises the same way on both sides (an `$id` and a `$ref` that
 * name one resource compare equal).
 */

/**
 * The base URI of a tool's schema that declares no `$id` (RFC 3986 §5.1.4: an
 * application-defined default). Hierarchical, so that relative `$id`s and
 * `$ref`s inside it resolve against each other, and with an empty path, so
 * that no relative file name (`schema.json`) happens to name the schema
 * itself; never fetched.
 */
export const DEFAULT_BASE = "mcpgen-schema://tool/";

/** `reference` resolved against `base`; undefined when either is not a URI WHATWG can parse. */
export function resolveUri(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

/** An absolute URI split at its fragment: the part before `#` and the fragment, still percent-encoded, without the `#`. */
export function splitFragment(uri: string): { absolute: string; fragment: string } {
  const hash = uri.indexOf("#");
  return hash === -1 ? { absolute: uri, fragment: "" } : { absolute: uri.slice(0, hash), fragment: uri.slice(hash + 1) };
}

/** A fragment percent-decoded (2020-12 Core §8.2.3.1: a JSON Pointer fragment is URI-encoded); undefined when it is not valid UTF-8 percent-encoding. */
export function decodeFragment(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** The last path segment of a URI without its extension (`.../tree.json` → `tree`), to name what it identifies. */
export function uriStem(uri: string): string {
  const path = splitFragment(uri).absolute.replace(/[?].*$/, "");
  const segment = path.slice(path.search(/[^/:]*$/));
  return segment.replace(/\.[^.]*$/, "");
}
