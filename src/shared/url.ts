/**
 * What mcpgen takes for an address rather than a path, spelled once: an
 * operand, a configuration value or a name that starts with a URL scheme.
 */
import { lstatSync } from "node:fs";
import { userError } from "./errors.js";

/** Text that starts with a URL scheme and `//` (`https://`, `ws://`, `file://`...): an address, never a path or a name (RFC 3986 §3.1). */
export function isUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
}

/** An `http://` or `https://` URL: a server's address, whose query may carry a token, so never echoed in a message. */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/**
 * Refuses a manifest operand that is a server's URL (and no file of that
 * name) with a usage error that does not echo it: its query may carry a
 * token. Called on the operand as the user gave it, before any path
 * resolution turns the URL into a path that no longer looks like one.
 */
export function refuseServerUrlAsManifest(path: string): void {
  if (!isHttpUrl(path) || lstatSync(path, { throwIfNoEntry: false }) !== undefined) return;
  throw userError("usage", "a server's URL is not a manifest: this command reads a manifest file", {
    hint: "pull the server (mcpgen pull <url> --out <dir>): it writes the snapshot, <dir>/manifest.json, that generate, scaffold and mock read",
  });
}
