/**
 * The contract between acquire and normalize: a manifest as read (a file,
 * stdin, a live server's `tools/list`), recognised but not yet normalised.
 * Acquire produces it; normalize reads it; nothing else interprets `tools`.
 */

/** A manifest as read, before normalisation. */
export interface RawManifest {
  /** Display name: the path as given, or `<stdin>`. */
  source: string;
  /** JSON pointer of the `tools` array in the document (`/tools` or `/result/tools`). */
  toolsPointer: string;
  tools: unknown[];
  server?: Record<string, unknown> | undefined;
  /** The key `server` was read from: `server` (mcpgen's manifests) or `serverInfo` (default `server`). */
  serverKey?: "server" | "serverInfo" | undefined;
  protocolVersion?: string | undefined;
  capabilities?: Record<string, unknown> | undefined;
  instructions?: string | undefined;
  /**
   * The client capabilities the pull declared (`--capability`), when it declared any: a server may list
   * more to a client that declares more, so a later `pull --check` says when it declares other ones.
   */
  clientCapabilities?: Record<string, unknown> | undefined;
  /** The cursor a `tools/list` result names for its next page: the manifest is one page of a paginated list. */
  nextCursor?: string | undefined;
  /**
   * The server's prompts (`prompts/list`), resources (`resources/list`) and
   * resource templates (`resources/templates/list`) as listed, each at
   * `<base>/prompts`, `<base>/resources` and `<base>/resourceTemplates`
   * (`base`: where `tools` is, without `/tools`). Absent: not listed (the
   * capability is not declared, or the list failed); empty: listed, none.
   */
  prompts?: unknown[] | undefined;
  resources?: unknown[] | undefined;
  resourceTemplates?: unknown[] | undefined;
  /**
   * Cache hints of the list results, by method (`tools/list`): `ttlMs` and
   * `cacheScope` as a 2026-07-28 server sent them (MCP 2026-07-28 "Caching").
   */
  cache?: Record<string, { ttlMs?: number | undefined; cacheScope?: "public" | "private" | undefined }> | undefined;
  /**
   * The keys the manifest's text gives twice in one object (found in the text: the parsed document has
   * only the last of each). Absent for a manifest that was never text (a live server's lists, a document).
   */
  duplicateKeys?: ReadonlyArray<{ key: string; pointer: string; firstLine: number; line: number }> | undefined;
}
