/**
 * Stage 1 (acquire) for local input: read a manifest file or stdin and
 * recognise its shape. Three shapes are accepted, by content:
 *   - a `tools/list` result: `{ tools, nextCursor? }`
 *   - a JSON-RPC response carrying one: `{ jsonrpc, id, result: { tools } }`
 *   - an mcpgen manifest: `{ server?, protocolVersion?, capabilities?, instructions?, tools, prompts?, resources?, resourceTemplates? }`
 * Beside `tools`, any of these may carry `prompts`, `resources` and
 * `resourceTemplates` (the `prompts/list`, `resources/list` and
 * `resources/templates/list` results' lists).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { userError } from "../shared/errors.js";
import { isRecord, setOwn } from "../shared/json.js";
import { MANIFEST_FILE } from "../shared/output-names.js";
import { describeJsonSyntaxError } from "../shared/json-syntax.js";
import type { RawManifest } from "../ir/raw-manifest.js";

/**
 * Where `-` reads from: any async iterable of text or bytes, such as
 * `process.stdin` (a structural type, so the public API does not need \`@types/node\`).
 */
export type InputStream = AsyncIterable<string | Uint8Array>;

/**
 * Reads and recognises a manifest: `path`, or stdin for `-`. `label` is how
 * messages name it (default: the path as given).
 */
export async function readManifestFile(path: string, stdin: InputStream = process.stdin, label?: string): Promise<RawManifest> {
  const source = label ?? (path === "-" ? "<stdin>" : path);
  let text: string;
  try {
    text = path === "-" ? await readAll(stdin) : await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const hint = "pass the path of a tools/list JSON file, or - to read stdin";
    if (code === "EISDIR") {
      // An output directory given for its snapshot: name the file the user probably meant.
      const inside = join(path, MANIFEST_FILE);
      const meant = existsSync(inside) ? `; did you mean ${inside}?` : "";
      throw userError("input-unreadable", `cannot read the manifest: it is a directory, not a file${meant}`, { file: source, hint });
    }
    throw userError("input-unreadable", `cannot read the manifest: ${UNREADABLE[code ?? ""] ?? (error as Error).message}`, { file: source, hint });
  }
  return parseManifest(text, source);
}

/** Why a path cannot be read, in words (Node's messages lead with the errno code and repeat the path). */
const UNREADABLE: Record<string, string> = {
  ENOENT: "no such file",
  ENOTDIR: "a part of the path is a file, not a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ELOOP: "too many symbolic links (a link that points to itself?)",
  ENAMETOOLONG: "the path is too long",
  EMFILE: "too many open files",
};

async function readAll(stream: InputStream): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

export function parseManifest(text: string, source: string): RawManifest {
  const json = text.replace(/^\uFEFF/, "");
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch (error) {
    throw userError("input-not-json", describeJsonSyntaxError(json, error), {
      file: source,
      hint: "the manifest must be the JSON of a tools/list result, a JSON-RPC response, or an mcpgen manifest",
    });
  }
  return recogniseManifest(document, source);
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
