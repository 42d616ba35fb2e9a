/**
 * The one form references take in the IR (see `Schema`): `#` for the root of
 * the tool's schema, `#/$defs/<key>` for everything else a ref reached,
 * hoisted there by normalisation (`ref-hoisting`). Emitters read refs with
 * this alone, never with URI resolution.
 */

/** `"#"` for the root, the `$defs` key otherwise. */
export function refTarget(ref: string): string {
  return ref === "#" ? "#" : decodeURIComponent(ref.slice("#/$defs/".length));
}
