/**
 * Fixtures: answers a mock gives before it generates one. A fixture file is
 * a JSON document `{ "tool"?, "fixtures": [entry, ...] }`; each entry names
 * its tool (or takes the file's), may say which arguments it answers, and
 * says what it answers: a whole `result`, a `structuredContent` (sent with
 * its JSON as a text block), a protocol `error`, or a dropped connection
 * (`drop`), after an optional `delayMs`; an entry with none of these answers
 * with a generated value, after its delay. The first entry that matches a
 * call wins, in file-name order, then in the order of each file.
 *
 * Matching: an entry without `arguments` matches every call of its tool; with
 * `arguments`, every member it gives must be in the call, equal as JSON
 * values (key order aside); with `"match": "exact"`, the call must have no
 * other member. `--record` writes exact entries.
 */
import type { Diagnostic } from "../shared/errors.js";
import { joinPointer, userError } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { canonicalJson } from "../shared/json.js";

/** A protocol (JSON-RPC) error a fixture answers with. */
export interface FixtureError {
  code: number;
  message: string;
  data?: unknown;
}

/** One fixture: the tool it answers, which of its calls, and the answer. */
export interface Fixture {
  tool: string;
  /** The arguments it answers (see `match`); absent: every call. */
  arguments?: Record<string, unknown> | undefined;
  /** `partial` (the default): the call has at least these members; `exact`: exactly these. */
  match?: "partial" | "exact" | undefined;
  /** The whole `tools/call` result (`content`, `structuredContent`, `isError`, `_meta`). */
  result?: Record<string, unknown> | undefined;
  /** Shorthand for a result of this `structuredContent` and its JSON as a text block. */
  structuredContent?: unknown;
  /** Answer with this JSON-RPC error instead of a result. */
  error?: FixtureError | undefined;
  /** Drop the connection instead of answering (in process: the call rejects as the SDK's does when a connection closes). */
  drop?: boolean | undefined;
  /** Wait this long (milliseconds) before answering. */
  delayMs?: number | undefined;
  /** Where it was written, as `file#pointer` (stated in each answer's `_meta`). */
  origin?: string | undefined;
}

/** A fixture file's contents: its fixtures and what is wrong with it. */
export interface FixtureFile {
  path: string;
  fixtures: Fixture[];
}

/** The longest delay a fixture may ask for (10 minutes). */
export const MAX_DELAY_MS = 600_000;

const ENTRY_KEYS = new Set(["tool", "arguments", "match", "result", "structuredContent", "error", "drop", "delayMs", "comment"]);

/**
 * The fixtures of one file's JSON document (`path` names it in errors). A
 * malformed document or entry is a `fixture-invalid` error naming the file
 * and the JSON pointer: fixtures are hand-written or recorded on purpose, and
 * a silently ignored one would answer nothing anyone asked for.
 */
export function parseFixtureDocument(document: unknown, path: string): Fixture[] {
  const fail = (pointer: string, message: string, hint?: string): never => {
    throw userError("fixture-invalid", message, {
      file: path,
      pointer,
      hint: hint ?? 'a fixture file is { "tool": "<name>", "fixtures": [{ "arguments": {...}, "result": {...} }] } (docs/mock.md)',
    });
  };
  if (!isRecord(document)) return fail("", "a fixture file must be a JSON object with a `fixtures` array");
  const fileTool = document["tool"];
  if (fileTool !== undefined && typeof fileTool !== "string") fail("/tool", "`tool` must be the tool's name, a string");
  const entries = document["fixtures"];
  if (!Array.isArray(entries)) return fail("/fixtures", "a fixture file needs a `fixtures` array");
  return entries.map((entry, index) => parseEntry(entry, joinPointer("/fixtures", index), fileTool as string | undefined, path, fail));
}

function parseEntry(
  entry: unknown,
  pointer: string,
  fileTool: string | undefined,
  path: string,
  fail: (pointer: string, message: string, hint?: string) => never,
): Fixture {
  if (!isRecord(entry)) return fail(pointer, "a fixture must be an object");
  for (const key of Object.keys(entry)) {
    if (!ENTRY_KEYS.has(key)) fail(joinPointer(pointer, key), `unknown fixture member ${JSON.stringify(key)}`, `a fixture has ${[...ENTRY_KEYS].join(", ")}`);
  }
  const tool = entry["tool"] ?? fileTool;
  if (typeof tool !== "string") return fail(joinPointer(pointer, "tool"), "the fixture names no tool: give `tool` in it or in the file");
  const fixture: Fixture = { tool, origin: `${path}#${pointer}` };
  const args = entry["arguments"];
  if (args !== undefined) {
    if (!isRecord(args)) fail(joinPointer(pointer, "arguments"), "`arguments` must be an object (the tool's arguments)");
    fixture.arguments = args as Record<string, unknown>;
  }
  const match = entry["match"];
  if (match !== undefined) {
    if (match !== "partial" && match !== "exact") fail(joinPointer(pointer, "match"), '`match` must be "partial" or "exact"');
    fixture.match = match as "partial" | "exact";
  }
  const answers = ["result", "structuredContent", "error", "drop"].filter((key) => entry[key] !== undefined);
  if (answers.length > 1) fail(pointer, `a fixture answers one way, not with ${answers.map((key) => `\`${key}\``).join(" and ")}`);
  const result = entry["result"];
  if (result !== undefined) {
    if (!isRecord(result)) fail(joinPointer(pointer, "result"), "`result` must be a tools/call result object");
    const content = (result as Record<string, unknown>)["content"];
    if (content !== undefined && !Array.isArray(content)) fail(joinPointer(pointer, "result", "content"), "`content` must be an array of content blocks");
    fixture.result = result as Record<string, unknown>;
  }
  if ("structuredContent" in entry) fixture.structuredContent = entry["structuredContent"];
  const error = entry["error"];
  if (error !== undefined) {
    if (!isRecord(error) || !Number.isSafeInteger(error["code"]) || typeof error["message"] !== "string") {
      fail(joinPointer(pointer, "error"), "`error` must be a JSON-RPC error: an integer `code` and a string `message`");
    }
    const { code, message, data } = error as Record<string, unknown>;
    fixture.error = { code: code as number, message: message as string, ...(data === undefined ? {} : { data }) };
  }
  const drop = entry["drop"];
  if (drop !== undefined) {
    if (typeof drop !== "boolean") fail(joinPointer(pointer, "drop"), "`drop` must be true or false");
    fixture.drop = drop as boolean;
  }
  const delay = entry["delayMs"];
  if (delay !== undefined) {
    if (typeof delay !== "number" || !Number.isFinite(delay) || delay < 0 || delay > MAX_DELAY_MS) {
      fail(joinPointer(pointer, "delayMs"), `\`delayMs\` must be a number of milliseconds from 0 to ${MAX_DELAY_MS}`);
    }
    fixture.delayMs = delay as number;
  }
  return fixture;
}

/** Whether `fixture` answers a call of its tool with `args`. */
export function matches(fixture: Fixture, args: Record<string, unknown>): boolean {
  const wanted = fixture.arguments;
  if (wanted === undefined) return true;
  if (fixture.match === "exact") return canonicalJson(wanted) === canonicalJson(args);
  return Object.keys(wanted).every((key) => Object.prototype.hasOwnProperty.call(args, key) && canonicalJson(wanted[key]) === canonicalJson(args[key]));
}

/**
 * Warnings about fixtures that can never answer: for a tool the manifest
 * does not list, or with arguments the tool's inputSchema rejects (such a
 * call is refused before fixtures are looked at).
 */
export function checkFixtures(
  fixtures: readonly Fixture[],
  tools: ReadonlySet<string>,
  validateInput: (tool: string, value: unknown) => { ok: boolean },
): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  for (const fixture of fixtures) {
    const [file, pointer] = splitOrigin(fixture.origin);
    if (!tools.has(fixture.tool)) {
      warnings.push({
        severity: "warning",
        code: "fixture-invalid",
        message: "a fixture for a tool the manifest does not list: it never answers",
        file,
        pointer,
        tool: fixture.tool,
      });
    } else if (fixture.arguments !== undefined && fixture.match === "exact" && !validateInput(fixture.tool, fixture.arguments).ok) {
      warnings.push({
        severity: "warning",
        code: "fixture-invalid",
        message: "a fixture whose arguments the tool's inputSchema rejects: such a call is refused before fixtures are looked at, so it never answers",
        file,
        pointer: pointer === undefined ? undefined : joinPointer(pointer, "arguments"),
        tool: fixture.tool,
      });
    }
  }
  return warnings;
}

function splitOrigin(origin: string | undefined): [string | undefined, string | undefined] {
  if (origin === undefined) return [undefined, undefined];
  const hash = origin.lastIndexOf("#");
  return hash === -1 ? [origin, undefined] : [origin.slice(0, hash), origin.slice(hash + 1)];
}
