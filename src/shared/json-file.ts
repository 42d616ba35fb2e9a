/**
 * Reading a JSON file the user gave (a manifest, a fixture, an MCP client's
 * configuration, mcpgen.config.json): the one place that reads it, strips a
 * byte order mark, parses it (as JSON with comments and trailing commas where
 * the format allows them) and says what went wrong as a user error: which
 * file, why it cannot be read in words (not Node's `EACCES: ..., open '...'`),
 * the line and column of a syntax error, and what to do.
 */
import { existsSync, readFileSync, statSync, type Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { userError, type McpgenError } from "./errors.js";
import { describeJsonSyntaxError, duplicateKeys, type DuplicateKey } from "./json-syntax.js";

/** What a JSON file is to its reader, for the messages about it. */
export interface JsonFileKind {
  /** How a message names it: `cannot read ${name}: ...` (`the manifest`, `the fixture file`). */
  name: string;
  /** What to do when it cannot be read. */
  unreadableHint?: string | undefined;
  /** What it must be, said under a syntax error. */
  syntaxHint: string;
  /** Comments and trailing commas are allowed (VS Code's `mcp.json`, `mcpgen.config.json`). */
  comments?: boolean | undefined;
  /** The offending line is quoted under a syntax error (default true); false for a file that may hold secrets. */
  quoteLine?: boolean | undefined;
  /**
   * A device or a pipe (a FIFO, `/dev/zero`, or a link to one) is refused before it is opened: reading one would
   * block until a writer came, or never end. Off by default: a manifest may come through a pipe (`<(curl ...)`).
   */
  filesOnly?: boolean | undefined;
  /** A file a directory given in its place may hold, suggested when there is one (`manifest.json`: an output directory given for its snapshot). */
  inDirectory?: string | undefined;
}

/** Why a path cannot be read, in words (Node's messages lead with the errno code and repeat the path). */
const UNREADABLE: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  ENOTDIR: "a part of the path is a file, not a directory",
  EISDIR: "it is a directory, not a file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  ELOOP: "too many symbolic links (a link that points to itself?)",
  ENAMETOOLONG: "the path is too long",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EIO: "an input/output error of the disk",
  ERR_FS_FILE_TOO_LARGE: "it is larger than 2 GiB",
  ERR_STRING_TOO_LONG: "it is larger than the longest text Node can hold (512 MiB)",
  // Not Node's: a kind with `filesOnly` refuses what is neither a file nor a directory (a directory's read says EISDIR).
  MCPGEN_NOT_A_FILE: "it is a device or a pipe (or a link to one), not a file",
};

/**
 * The user error for a file that cannot be read: `cannot read the manifest: no such file`,
 * naming the file as `label`, with the kind's hint. `path` is where it was looked for.
 */
export function unreadableFile(error: unknown, kind: JsonFileKind, label: string, path = label): McpgenError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  let reason = unreadableReason(error);
  if (code === "EISDIR" && kind.inDirectory !== undefined) {
    const inside = join(path, kind.inDirectory);
    if (existsSync(inside)) reason += `; did you mean ${inside}?`;
  }
  return userError("input-unreadable", `cannot read ${kind.name}: ${reason}`, { file: label, hint: kind.unreadableHint });
}

/** Why a path cannot be read (a file, a folder), in words: `permission denied`, not Node's `EACCES: permission denied, open '/x'`. */
export function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code === undefined ? undefined : UNREADABLE[code]) ?? withoutErrnoParts(error);
}

/** Node's message without its leading code and the path it repeats (`EXDEV: cross-device link not permitted, open '/x'`). */
function withoutErrnoParts(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z][A-Z0-9_]+: /, "").replace(/, \w+ '.*'$/s, "");
}

/**
 * The most bytes a file read as text may have: the longest string Node holds (2^29 - 24 UTF-16 units) is
 * about 512 MiB. A larger file is refused from its size, before any of it is read (reading a few GiB only to
 * fail took half a minute).
 */
const MAX_TEXT_BYTES = 512 * 1024 * 1024;

/**
 * From the file's stat, before it is opened: throws Node's own code for a file too large to hold as text (a
 * regular file: a pipe's size says nothing), and, for a kind with `filesOnly`, refuses a device or a pipe.
 */
function refuseByStat(info: Stats, kind: JsonFileKind): void {
  if (info.isFile() && info.size > MAX_TEXT_BYTES) throw Object.assign(new Error("file too large"), { code: "ERR_STRING_TOO_LONG" });
  if (kind.filesOnly === true && !info.isFile() && !info.isDirectory()) throw Object.assign(new Error("not a file"), { code: "MCPGEN_NOT_A_FILE" });
}

/** The file's text; a user error naming it when it cannot be read. */
export async function readTextFile(path: string, kind: JsonFileKind, label = path): Promise<string> {
  try {
    refuseByStat(await stat(path), kind);
    return await readFile(path, "utf8");
  } catch (error) {
    throw unreadableFile(error, kind, label, path);
  }
}

/** `readTextFile`, synchronous (the in-process mock reads its files as it is made). */
export function readTextFileSync(path: string, kind: JsonFileKind, label = path): string {
  try {
    refuseByStat(statSync(path), kind);
    return readFileSync(path, "utf8");
  } catch (error) {
    throw unreadableFile(error, kind, label, path);
  }
}

/** The file's text, or undefined when there is none (no such file, or a part of the path is a file). */
export async function readTextFileIfAny(path: string, kind: JsonFileKind, label = path): Promise<string | undefined> {
  try {
    refuseByStat(await stat(path), kind);
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw unreadableFile(error, kind, label, path);
  }
}

/** The JSON document `text` holds (a byte order mark ignored); a syntax error is a user error with the line and column. */
export function parseJsonFile(text: string, kind: JsonFileKind, label: string): unknown {
  try {
    return kind.comments === true ? parseJsonc(text, { quoteLine: kind.quoteLine !== false }) : parseJson(text, kind.quoteLine !== false);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    throw userError("input-not-json", error.message, { file: label, hint: kind.syntaxHint });
  }
}

/** Reads and parses a JSON file: its document and its text. */
export async function readJsonFile(path: string, kind: JsonFileKind, label = path): Promise<{ document: unknown; text: string }> {
  const text = await readTextFile(path, kind, label);
  return { document: parseJsonFile(text, kind, label), text };
}

/** `readJsonFile`, synchronous. */
export function readJsonFileSync(path: string, kind: JsonFileKind, label = path): { document: unknown; text: string } {
  const text = readTextFileSync(path, kind, label);
  return { document: parseJsonFile(text, kind, label), text };
}

/** Plain JSON; a `SyntaxError` that says where. */
function parseJson(text: string, quoteLine: boolean): unknown {
  const json = text.replace(/^\uFEFF/, "");
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new SyntaxError(describeJsonSyntaxError(json, error, quoteLine ? json : false), { cause: error });
  }
}

/**
 * JSON with comments and trailing commas, as VS Code writes `mcp.json`. They
 * are blanked, not removed, so that a syntax error's line and column are the
 * file's; its message (a `SyntaxError`'s) says where, and quotes the line
 * only with `quoteLine` (never for an MCP configuration, which holds secrets).
 */
export function parseJsonc(text: string, options: { quoteLine?: boolean } = {}): unknown {
  const source = text.replace(/^\uFEFF/, "");
  const json = withoutComments(source);
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new SyntaxError(describeJsonSyntaxError(json, error, options.quoteLine === true ? source : false), { cause: error });
  }
}

/** JSONC as JSON: comments and trailing commas blanked, so that every offset and line is the file's. */
const withoutComments = (source: string) => outsideStrings(outsideStrings(source, stripComment), stripTrailingComma);

/**
 * The keys `text` (a document `parseJsonFile` read with `kind`) gives twice in one object. `JSON.parse` keeps
 * the last without a word; in a file a person writes, two of one key are a mistake (a merge that kept both sides).
 */
export function findDuplicateKeys(text: string, kind: JsonFileKind): DuplicateKey[] {
  const source = text.replace(/^\uFEFF/, "");
  return duplicateKeys(kind.comments === true ? withoutComments(source) : source);
}

/** `text` with every character but line breaks turned into a space. */
const blank = (text: string) => text.replace(/[^\r\n]/g, " ");

type Rewrite = (text: string, index: number) => { skip: number; replacement: string } | undefined;

/** Applies `rewrite` at every position that is not inside a JSON string literal. */
function outsideStrings(text: string, rewrite: Rewrite): string {
  let out = "";
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      out += char;
      if (char === "\\") out += text[++index] ?? "";
      else if (char === '"') inString = false;
      continue;
    }
    const change = rewrite(text, index);
    if (change !== undefined) {
      out += change.replacement;
      index += change.skip - 1;
      continue;
    }
    if (char === '"') inString = true;
    out += char;
  }
  return out;
}

const stripComment: Rewrite = (text, index) => {
  if (text[index] !== "/") return undefined;
  if (text[index + 1] === "/") {
    const end = text.indexOf("\n", index);
    const skip = (end === -1 ? text.length : end) - index;
    return { skip, replacement: blank(text.slice(index, index + skip)) };
  }
  if (text[index + 1] === "*") {
    const end = text.indexOf("*/", index + 2);
    const skip = (end === -1 ? text.length : end + 2) - index;
    return { skip, replacement: blank(text.slice(index, index + skip)) };
  }
  return undefined;
};

const CLOSING_BRACKET = /\s*[}\]]/y;

const stripTrailingComma: Rewrite = (text, index) => {
  if (text[index] !== ",") return undefined;
  CLOSING_BRACKET.lastIndex = index + 1;
  return CLOSING_BRACKET.test(text) ? { skip: 1, replacement: " " } : undefined;
};

/** Whether `path` names a file (not a directory, not nothing): an operand that is a manifest, where a server or a directory was expected. */
export function isFile(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isFile() === true;
}
