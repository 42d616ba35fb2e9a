/**
 * Fixtures: answers a mock gives before it generates one. A fixture file is
 * a JSON document `{ "tool"? | "prompt"? | "resource"?, "fixtures": [entry, ...] }`;
 * each entry names what it answers (or takes the file's): a tool (`tools/call`),
 * a prompt (`prompts/get`) or a resource's URI (`resources/read` of exactly
 * that URI); a tool's or a prompt's may say which arguments it answers; and it
 * says what it answers: a whole `result` (a `CallToolResult`, a
 * `GetPromptResult`, a `ReadResourceResult`), a tool's `structuredContent`
 * (sent with its JSON as a text block), a protocol `error`, or a dropped
 * connection (`drop`), after an optional `delayMs`; an entry with none of
 * these answers with a generated value, after its delay. The first entry that
 * matches a call wins, in file-name order, then in the order of each file.
 *
 * Matching: an entry without `arguments` matches every call of its tool or
 * prompt; with `arguments`, every member it gives must be in the call, equal
 * as JSON values (key order aside); with `"match": "exact"`, the call must
 * have no other member. A resource's matches the URI read, exactly. `--record`
 * writes exact entries.
 */
import type { Diagnostic } from "../shared/errors.js";
import { isStackOverflow, joinPointer, userError } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { duplicateKeyProblem, type DuplicateKey } from "../shared/json-syntax.js";
import { canonicalJson, omittedByJson } from "../shared/json.js";
import { closest } from "../shared/closest.js";
import type { ValidationOutcome } from "./validators.js";

/** A protocol (JSON-RPC) error a fixture answers with. */
export interface FixtureError {
  code: number;
  message: string;
  data?: unknown;
}

/** One fixture: what it answers (a tool, a prompt or a resource), which of its calls, and the answer. */
export interface Fixture {
  /** The tool it answers (one of `tool`, `prompt` and `resource`). */
  tool?: string | undefined;
  /** The prompt it answers (`prompts/get`). */
  prompt?: string | undefined;
  /** The URI it answers (`resources/read` of exactly this URI: a fixed resource's, one a template matches, or any other). */
  resource?: string | undefined;
  /** The arguments it answers (see `match`); absent: every call. */
  arguments?: Record<string, unknown> | undefined;
  /** `partial` (the default): the call has at least these members; `exact`: exactly these. */
  match?: "partial" | "exact" | undefined;
  /** The whole result: a tool's (`content`, `structuredContent`, `isError`, `_meta`), a prompt's (`messages`, ...), a resource's (`contents`, ...). */
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

const ENTRY_KEYS = new Set(["tool", "prompt", "resource", "arguments", "match", "result", "structuredContent", "error", "drop", "delayMs", "comment"]);

/** What a fixture answers: its kind and name (a resource's URI). */
export type FixtureSubject = { kind: "tool" | "prompt" | "resource"; name: string };

/** The subject of a parsed fixture. */
export function fixtureSubject(fixture: Fixture): FixtureSubject {
  if (fixture.prompt !== undefined) return { kind: "prompt", name: fixture.prompt };
  if (fixture.resource !== undefined) return { kind: "resource", name: fixture.resource };
  return { kind: "tool", name: fixture.tool ?? "" };
}

const SUBJECT_KEYS = ["tool", "prompt", "resource"] as const;

/**
 * The fixtures of one file's JSON document (`path` names it in errors). A
 * malformed document or entry is a `fixture-invalid` error naming the file
 * and the JSON pointer: fixtures are hand-written or recorded on purpose, and
 * a silently ignored one would answer nothing anyone asked for. So is a key
 * the file's text gives twice in one object (`duplicates`, found in the text:
 * the document kept the last), as in `mcpgen.config.json`: a merge that kept
 * both sides would otherwise answer with one of them without a word.
 */
export function parseFixtureDocument(document: unknown, path: string, duplicates: readonly DuplicateKey[] = []): Fixture[] {
  const fail = (pointer: string, message: string, hint?: string): never => {
    throw userError("fixture-invalid", message, {
      file: path,
      pointer,
      hint: hint ?? 'a fixture file is { "tool": "<name>", "fixtures": [{ "arguments": {...}, "result": {...} }] } (docs/mock.md)',
    });
  };
  const [duplicate] = duplicates;
  if (duplicate !== undefined) {
    const { message, hint } = duplicateKeyProblem(duplicate);
    return fail(duplicate.pointer, message, hint);
  }
  if (!isRecord(document)) return fail("", "a fixture file must be a JSON object with a `fixtures` array");
  // The mock sends a fixture's values as JSON, and JSON.stringify recurses: a document JSON.parse read but nested
  // too deeply for that is refused here, naming its file, rather than failing each call that picks it.
  // Fixtures given as data may hold what JSON cannot (a cycle, a BigInt): refused here too, as a user error.
  try {
    JSON.stringify(document);
  } catch (error) {
    if (isStackOverflow(error)) return fail("", "the fixture file is nested too deeply to send (the stack overflowed)", "flatten the values it answers with");
    if (!(error instanceof TypeError)) throw error;
    return fail("", `the fixtures are not JSON data: ${error.message.split("\n")[0]!}`, "give fixtures as JSON values: no cycles, no BigInts");
  }
  const fileSubject = subjectOf(document, "", fail);
  const entries = document["fixtures"];
  if (!Array.isArray(entries)) return fail("/fixtures", "a fixture file needs a `fixtures` array");
  return entries.map((entry, index) => parseEntry(entry, joinPointer("/fixtures", index), fileSubject, path, fail));
}

/** The `tool`, `prompt` or `resource` an object (a file or an entry) names, if any: one, a string. */
function subjectOf(object: Record<string, unknown>, pointer: string, fail: (pointer: string, message: string) => never): FixtureSubject | undefined {
  const given = SUBJECT_KEYS.filter((key) => object[key] !== undefined);
  if (given.length > 1) fail(pointer, `a fixture answers one tool, prompt or resource, not ${given.map((key) => `a \`${key}\``).join(" and ")}`);
  const key = given[0];
  if (key === undefined) return undefined;
  const name = object[key];
  if (typeof name !== "string")
    fail(joinPointer(pointer, key), key === "resource" ? "`resource` must be the resource's URI, a string" : `\`${key}\` must be the ${key}'s name, a string`);
  return { kind: key, name: name as string };
}

function parseEntry(
  entry: unknown,
  pointer: string,
  fileSubject: FixtureSubject | undefined,
  path: string,
  fail: (pointer: string, message: string, hint?: string) => never,
): Fixture {
  if (!isRecord(entry)) return fail(pointer, "a fixture must be an object");
  for (const key of Object.keys(entry)) {
    if (!ENTRY_KEYS.has(key)) {
      const nearest = closest(key, [...ENTRY_KEYS]);
      const members = `a fixture has ${[...ENTRY_KEYS].join(", ")}`;
      fail(
        joinPointer(pointer, key),
        `unknown fixture member ${JSON.stringify(key)}`,
        nearest === undefined ? members : `did you mean ${JSON.stringify(nearest)}? (${members})`,
      );
    }
  }
  const subject = subjectOf(entry, pointer, fail) ?? fileSubject;
  if (subject === undefined)
    return fail(joinPointer(pointer, "tool"), "the fixture names no tool: give `tool` (or `prompt`, or `resource`) in it or in the file");
  const fixture: Fixture = { [subject.kind]: subject.name, origin: `${path}#${pointer}` };
  const args = entry["arguments"];
  if (args !== undefined) {
    if (subject.kind === "resource") fail(joinPointer(pointer, "arguments"), "a resource's fixture answers reads of its URI: it has no `arguments`");
    if (!isRecord(args)) fail(joinPointer(pointer, "arguments"), `\`arguments\` must be an object (the ${subject.kind}'s arguments)`);
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
    const what = { tool: "a tools/call", prompt: "a prompts/get", resource: "a resources/read" }[subject.kind];
    if (!isRecord(result)) fail(joinPointer(pointer, "result"), `\`result\` must be ${what} result object`);
    const members = result as Record<string, unknown>;
    if (subject.kind === "tool" && members["content"] !== undefined && !Array.isArray(members["content"]))
      fail(joinPointer(pointer, "result", "content"), "`content` must be an array of content blocks");
    if (subject.kind === "prompt" && !Array.isArray(members["messages"]))
      fail(joinPointer(pointer, "result", "messages"), "a prompt's `result` needs `messages`, an array of prompt messages");
    if (subject.kind === "resource" && !Array.isArray(members["contents"]))
      fail(joinPointer(pointer, "result", "contents"), "a resource's `result` needs `contents`, an array of resource contents");
    fixture.result = members;
  }
  if ("structuredContent" in entry) {
    if (subject.kind !== "tool")
      fail(joinPointer(pointer, "structuredContent"), "only a tool's fixture has `structuredContent`: give a prompt's or a resource's `result`");
    fixture.structuredContent = entry["structuredContent"];
  }
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

/** Whether `fixture` answers a call of its tool (or its prompt) with `args`. */
export function matches(fixture: Fixture, args: Record<string, unknown>): boolean {
  const wanted = fixture.arguments;
  if (wanted === undefined) return true;
  if (fixture.match === "exact") return canonicalJson(wanted) === canonicalJson(args);
  return Object.keys(wanted).every(
    (key) => Object.prototype.hasOwnProperty.call(args, key) && !omittedByJson(args[key]) && canonicalJson(wanted[key]) === canonicalJson(args[key]),
  );
}

/**
 * Warnings about fixtures that can never answer: for a tool or a prompt the
 * manifest does not list, with arguments the tool's inputSchema rejects
 * (such a call is refused before fixtures are looked at), or for a resource
 * where the mock serves no `resources/read` (`listed.resources` false: the
 * manifest lists no resources and no templates). Where it does, a resource's
 * fixture answers any URI, listed or not: a server may serve URIs it does not
 * list (and `--record` writes the reads of such URIs).
 */
export function checkFixtures(
  fixtures: readonly Fixture[],
  listed: { tools: ReadonlySet<string>; prompts?: ReadonlySet<string> | undefined; resources: boolean },
  validateInput: (tool: string, value: unknown) => ValidationOutcome,
): Diagnostic[] {
  const warnings: Diagnostic[] = [];
  for (const fixture of fixtures) {
    const [file, pointer] = splitOrigin(fixture.origin);
    const subject = fixtureSubject(fixture);
    if (subject.kind === "prompt") {
      if (listed.prompts?.has(subject.name) !== true) {
        const nearest = closest(subject.name, [...(listed.prompts ?? [])]);
        warnings.push({
          severity: "warning",
          code: "fixture-invalid",
          message: "a fixture for a prompt the manifest does not list: it never answers",
          file,
          pointer,
          hint: nearest === undefined ? "name a prompt the manifest lists" : `did you mean ${JSON.stringify(nearest)}?`,
        });
      }
      continue;
    }
    if (subject.kind === "resource") {
      if (!listed.resources)
        warnings.push({
          severity: "warning",
          code: "fixture-invalid",
          message:
            "a fixture for a resource, and the manifest lists no resources or resource templates: the mock serves no resources/read, so it never answers",
          file,
          pointer,
          hint: "pull the server's resources into the manifest (its resources/list), or delete the fixture",
        });
      continue;
    }
    const tool = subject.name;
    if (!listed.tools.has(tool)) {
      const nearest = closest(tool, [...listed.tools]);
      warnings.push({
        severity: "warning",
        code: "fixture-invalid",
        message: "a fixture for a tool the manifest does not list: it never answers",
        file,
        pointer,
        tool,
        hint: nearest === undefined ? "name a tool the manifest lists" : `did you mean ${JSON.stringify(nearest)}?`,
      });
      continue;
    }
    const checked = fixture.arguments !== undefined && fixture.match === "exact" ? validateInput(tool, fixture.arguments) : undefined;
    if (checked !== undefined && !checked.ok) {
      // The first issue, at its place in the file: `/fixtures/0/arguments/a: must be number`, so the mistake can be found.
      const [first] = checked.issues;
      warnings.push({
        severity: "warning",
        code: "fixture-invalid",
        message: `a fixture whose arguments the tool's inputSchema rejects${first === undefined ? "" : ` (${firstOfIssues(checked.issues)})`}: such a call is refused before fixtures are looked at, so it never answers`,
        file,
        pointer: pointer === undefined ? undefined : joinPointer(pointer, "arguments") + (first?.path ?? ""),
        tool,
        hint: "correct the arguments to a call the tool takes",
      });
    }
  }
  return warnings;
}

/** The first of a fixture's issues in a warning's words: `must be number`, or `must be number, and 2 more`. */
export function firstOfIssues(issues: readonly { message: string }[]): string {
  return `${issues[0]?.message ?? ""}${issues.length > 1 ? `, and ${issues.length - 1} more` : ""}`;
}

/** A fixture's `origin` (`file#pointer`) as its file and the pointer of the fixture in it. */
export function splitOrigin(origin: string | undefined): [string | undefined, string | undefined] {
  if (origin === undefined) return [undefined, undefined];
  const hash = origin.lastIndexOf("#");
  return hash === -1 ? [origin, undefined] : [origin.slice(0, hash), origin.slice(hash + 1)];
}
