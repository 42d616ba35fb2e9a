/**
 * Stage 1 (acquire) for local input: read a manifest file or stdin and
 * recognise its shape. Three shapes are accepted, by content:
 *   - a `tools/list` result: `{ tools, nextCursor? }`
 *   - a JSON-RPC response carrying one: `{ jsonrpc, id, result: { tools } }`
 *   - an mcpgen manifest: `{ server?, protocolVersion?, capabilities?, instructions?, clientCapabilities?, tools, prompts?, resources?, resourceTemplates? }`
 * Beside `tools`, any of these may carry `prompts`, `resources` and
 * `resourceTemplates` (the `prompts/list`, `resources/list` and
 * `resources/templates/list` results' lists).
 */
import { userError } from "../shared/errors.js";
import { isRecord, setOwn } from "../shared/json.js";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { refuseServerUrlAsManifest } from "../shared/url.js";
import { findDuplicateKeys, parseJsonFile, readTextFile, readTextFileSync, unreadableFile, type JsonFileKind } from "../shared/json-file.js";
import type { RawManifest } from "../ir/raw-manifest.js";

/**
 * Where `-` reads from: any async iterable of text or bytes, such as
 * `process.stdin` (a structural type, so the public API does not need \`@types/node\`).
 */
export type InputStream = AsyncIterable<string | Uint8Array>;

/** A manifest, to the messages about it. */
const MANIFEST: JsonFileKind = {
  name: "the manifest",
  unreadableHint: "pass the path of a tools/list JSON file, or - to read stdin",
  syntaxHint: "the manifest must be the JSON of a tools/list result, a JSON-RPC response, or an mcpgen manifest",
  // An output directory given for its snapshot: name the file the user probably meant.
  inDirectory: MANIFEST_FILE,
};
/** The manifest of a command whose stdin is taken (a mock served over stdio): `-` is not offered. */
const MANIFEST_NOT_FROM_STDIN: JsonFileKind = { ...MANIFEST, unreadableHint: "pass the path of a tools/list JSON file" };

/**
 * Reads and recognises a manifest: `path`, or stdin for `-`. `label` is how
 * messages name it (default: the path as given).
 */
export async function readManifestFile(path: string, stdin: InputStream = process.stdin, label?: string): Promise<RawManifest> {
  const source = label ?? (path === "-" ? "<stdin>" : path);
  let text: string;
  if (path === "-") {
    try {
      text = await readAll(stdin);
    } catch (error) {
      throw unreadableFile(error, MANIFEST, source);
    }
    // Nothing piped in (`< /dev/null`, a command that printed nothing): say so, not "Unexpected end of JSON input".
    if (text.replace(/^\uFEFF/, "").trim() === "") {
      throw userError("input-not-json", "standard input was empty: - reads the manifest from it", {
        file: source,
        hint: "pipe the manifest in (a tools/list result, a JSON-RPC response carrying one, or an mcpgen manifest), e.g. - < tools.json, or give the file's path instead of -",
      });
    }
  } else {
    text = await readManifestText(path, MANIFEST, source);
  }
  return parseManifest(text, source);
}

/** The text of a manifest file; a server's URL given for one is said so, without echoing it. */
async function readManifestText(path: string, kind: JsonFileKind, source: string): Promise<string> {
  refuseServerUrlAsManifest(path);
  return readTextFile(path, kind, source);
}

/** `readManifestFile` of a path, for a command whose stdin carries something else: its hints do not offer `-`. */
export async function readManifestPath(path: string): Promise<RawManifest> {
  return parseManifest(await readManifestText(path, MANIFEST_NOT_FROM_STDIN, path), path);
}

/** `readManifestFile` of a path, synchronous (the in-process mock client is made in one call). */
export function readManifestFileSync(path: string): RawManifest {
  refuseServerUrlAsManifest(path);
  return parseManifest(readTextFileSync(path, MANIFEST_NOT_FROM_STDIN), path);
}

async function readAll(stream: InputStream): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Recognises the manifest `text` holds (`source` names it in messages). */
export function parseManifest(text: string, source: string): RawManifest {
  const manifest = recogniseManifest(parseJsonFile(text, MANIFEST, source), source);
  const duplicateKeys = findDuplicateKeys(text, MANIFEST);
  return duplicateKeys.length === 0 ? manifest : { ...manifest, duplicateKeys };
}

export function recogniseManifest(document: unknown, source: string): RawManifest {
  const shapeHint = "expected { tools: [...] }, a JSON-RPC response { jsonrpc, id, result: { tools } }, or an mcpgen manifest";
  if (!isRecord(document)) {
    throw userError("input-shape", "the manifest is not a JSON object", { file: source, pointer: "", hint: shapeHint });
  }
  let body = document;
  let base = "";
  if ("jsonrpc" in document && !("tools" in document)) {
    if (isRecord(document["error"])) {
      const error = document["error"];
      throw userError("input-shape", `this JSON-RPC response is an error: ${JSON.stringify(String(error["message"] ?? "(no message)"))}`, {
        file: source,
        pointer: "/error",
        hint: "capture a successful tools/list response",
      });
    }
    if (!isRecord(document["result"])) {
      throw userError("input-shape", "JSON-RPC response without a result object", { file: source, pointer: "/result", hint: shapeHint });
    }
    body = document["result"];
    base = "/result";
  }
  const tools = body["tools"];
  if (!Array.isArray(tools)) {
    throw userError("input-shape", tools === undefined ? "no `tools` array" : "`tools` is not an array", {
      file: source,
      pointer: `${base}/tools`,
      hint: shapeHint,
    });
  }
  const list = (key: "prompts" | "resources" | "resourceTemplates"): Partial<Pick<RawManifest, typeof key>> => {
    const value = body[key];
    if (value === undefined) return {};
    if (!Array.isArray(value)) {
      throw userError("input-shape", `\`${key}\` is not an array`, {
        file: source,
        pointer: `${base}/${key}`,
        hint: `${key}, when given, is the list a ${LIST_METHODS[key]} result has`,
      });
    }
    return { [key]: value };
  };
  const optionalString = (value: unknown) => (typeof value === "string" ? value : undefined);
  const optionalRecord = (value: unknown) => (isRecord(value) ? value : undefined);
  return {
    source,
    toolsPointer: `${base}/tools`,
    tools,
    server: optionalRecord(body["server"] ?? body["serverInfo"]),
    ...(body["server"] === undefined && body["serverInfo"] !== undefined ? { serverKey: "serverInfo" as const } : {}),
    protocolVersion: optionalString(body["protocolVersion"]),
    capabilities: optionalRecord(body["capabilities"]),
    instructions: optionalString(body["instructions"]),
    ...(isRecord(body["clientCapabilities"]) ? { clientCapabilities: body["clientCapabilities"] } : {}),
    ...(typeof body["nextCursor"] === "string" ? { nextCursor: body["nextCursor"] } : {}),
    ...optionalCache(body["cache"]),
    ...list("prompts"),
    ...list("resources"),
    ...list("resourceTemplates"),
  };
}

/** The list method whose result holds each list beside `tools`. */
const LIST_METHODS = { prompts: "prompts/list", resources: "resources/list", resourceTemplates: "resources/templates/list" } as const;

/**
 * A snapshot's `cache`: each list method's `ttlMs` (a non-negative integer)
 * and `cacheScope` (`public` or `private`), as a 2026-07-28 server sent them.
 * Anything else is left out: the hints are informative, never part of the contract.
 */
function optionalCache(value: unknown): Pick<RawManifest, "cache"> {
  if (!isRecord(value)) return {};
  const cache: NonNullable<RawManifest["cache"]> = {};
  for (const [method, hints] of Object.entries(value)) {
    if (!isRecord(hints)) continue;
    const ttlMs = hints["ttlMs"];
    const scope = hints["cacheScope"];
    const kept: { ttlMs?: number; cacheScope?: "public" | "private" } = {};
    if (typeof ttlMs === "number" && Number.isSafeInteger(ttlMs) && ttlMs >= 0) kept.ttlMs = ttlMs;
    if (scope === "public" || scope === "private") kept.cacheScope = scope;
    if (Object.keys(kept).length > 0) setOwn(cache, method, kept);
  }
  return Object.keys(cache).length === 0 ? {} : { cache };
}
