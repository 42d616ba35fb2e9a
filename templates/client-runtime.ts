/**
 * mcpgen client runtime: copied verbatim into every generated output as
 * `runtime.ts`. It imports nothing: the SDK client is used through the
 * structural `McpClient` type, so both `@modelcontextprotocol/sdk` (v1) and
 * `@modelcontextprotocol/client` (v2) clients fit.
 */

/** MCP content blocks (MCP 2025-11-25 and 2026-07-28, "Tool Result"). */
export interface TextContent {
  type: "text";
  text: string;
  annotations?: Annotations;
  _meta?: { [key: string]: unknown };
}
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: { [key: string]: unknown };
}
export interface AudioContent {
  type: "audio";
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: { [key: string]: unknown };
}
export interface ResourceLink {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  _meta?: { [key: string]: unknown };
}
export interface EmbeddedResource {
  type: "resource";
  /** Text or base64, as a `resources/read` result's contents: `"text" in resource` tells which. */
  resource: TextResourceContents | BlobResourceContents;
  annotations?: Annotations;
  _meta?: { [key: string]: unknown };
}
export interface Annotations {
  audience?: Array<"user" | "assistant">;
  priority?: number;
  lastModified?: string;
}
export type ContentBlock =
  TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/**
 * A `tools/call` result (MCP 2025-11-25 and 2026-07-28, `CallToolResult`):
 * the members MCP defines. The object is the one the SDK returned, so
 * members a server adds beyond these are there too: `otherMembers(result)`
 * reads them (the type has no index signature, so that a misspelt member
 * such as `result.strucuredContent` does not compile).
 */
export interface ToolResult {
  content: ContentBlock[];
  /** Any JSON value (MCP 2026-07-28); an object on 2025-era connections. */
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: { [key: string]: unknown };
  /** MCP 2026-07-28: `"complete"` for a final result (the SDK v2 client drops it; 2025-era results never have it). */
  resultType?: "complete";
}

/** The members MCP defines in a `tools/call` result; `otherMembers` reads the rest. */
const RESULT_MEMBERS: ReadonlySet<string> = new Set([
  "content",
  "structuredContent",
  "isError",
  "_meta",
  "resultType",
]);

/**
 * The members of a result that MCP does not define (a server's own, or a
 * newer revision's), as the server sent them.
 */
export function otherMembers(result: ToolResult): {
  readonly [key: string]: unknown;
} {
  const others: { [key: string]: unknown } = Object.create(null);
  for (const key of Object.keys(result)) {
    if (!RESULT_MEMBERS.has(key))
      others[key] = (result as unknown as { [key: string]: unknown })[key];
  }
  return others;
}

/** A successful result of a tool with an `outputSchema`: `structuredContent` is present and was validated. */
export interface StructuredToolResult<Output> extends ToolResult {
  structuredContent: Output;
  isError?: false;
}

/** One problem found by a validator. */
export interface ValidationIssue {
  /** RFC 6901 JSON pointer into the validated value ("" is the value itself). */
  path: string;
  message: string;
}

export type ValidationResult<T> =
  { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * A generated validator (`validators/<file>.ts`): called with the value
 * alone, whether it is valid (stopping at the first failure); called with a
 * path and an array, it pushes every issue it finds there (only the first,
 * when the array is marked `first`).
 */
export type CompiledValidator = (
  data: unknown,
  path?: string,
  issues?: ValidationIssue[],
) => boolean;

/** How `validateInput` and `validateOutput` report an invalid value. */
export interface ValidateOptions {
  /**
   * Stop at the first issue and report it alone, in one pass (faster on
   * invalid values). By default every issue is reported, each with its
   * JSON pointer and words.
   */
  firstIssue?: boolean;
}

/** Runs the validator registered for `toolName` (own properties only: a tool may be called `constructor`). */
export function runValidator<T>(
  table: { readonly [name: string]: CompiledValidator | null },
  toolName: string,
  value: unknown,
  role: "input" | "output",
  options?: ValidateOptions,
): ValidationResult<T> {
  const validator = table[toolName];
  // Own entries only (a tool may be called `constructor`), found without hasOwnProperty, which
  // costs more than most validations: a function the table inherits is Object.prototype's own.
  const own =
    typeof validator === "function"
      ? validator !==
        (Object.prototype as { [name: string]: unknown })[toolName]
      : validator === null &&
        Object.prototype.hasOwnProperty.call(table, toolName);
  if (!own) {
    return {
      ok: false,
      issues: [
        { path: "", message: `unknown tool ${JSON.stringify(toolName)}` },
      ],
    };
  }
  // MCP: tool arguments are a JSON object. Checked here, outside the schema, so that the schema
  // keeps its meaning (a `$ref: "#"` in it names the schema as written).
  if (
    role === "input" &&
    (typeof value !== "object" || value === null || Array.isArray(value))
  ) {
    return {
      ok: false,
      issues: [
        {
          path: "",
          message: "must be object (tool arguments are a JSON object)",
        },
      ],
    };
  }
  if (validator === null || validator === undefined)
    return { ok: true, value: value as T };
  // The validators read properties by name, and throw for an object whose prototype is not
  // Object.prototype or null (it could inherit what it lacks): such a value is checked as the own
  // properties JSON.stringify would send.
  const first = options?.firstIssue === true;
  try {
    try {
      return checkValue(validator, value, value, role, first);
    } catch (error) {
      if (!(error instanceof Error && Symbol.for("mcpgen.notPlain") in error))
        throw error;
      return checkValue(
        validator,
        ownCopy(value, new Map()),
        value,
        role,
        first,
      );
    }
  } catch (error) {
    // The validators recurse as the value nests: a value deeper than the stack holds (a tree of
    // 10,000 levels, which JSON.parse reads) is refused, not a RangeError. Caught here, not
    // counted at each level, which would cost every valid value; `checkValue` left no state.
    if (!isStackOverflow(error)) throw error;
    return { ok: false, issues: [{ path: "", message: TOO_DEEP }] };
  }
}

/** The issue of a value nested more deeply than the validators can follow. */
const TOO_DEEP =
  "is nested too deeply to check (the validator ran out of stack)";

/**
 * Whether `error` is the engine's when the call stack is full: a RangeError
 * "Maximum call stack size exceeded" (V8, JavaScriptCore), an InternalError
 * "too much recursion" (SpiderMonkey). Any other error (a RangeError a getter
 * of the value throws) is the caller's, and goes on up as it is.
 */
function isStackOverflow(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error instanceof RangeError
      ? /call stack/i.test(error.message)
      : error.name === "InternalError" && /recursion/i.test(error.message))
  );
}

/**
 * `validator`'s verdict on `checked` (`value` or its copy): one pass with a
 * list, which a valid value leaves empty (no path is built while values
 * pass) and an invalid one fills with every issue, or (`first`) with the
 * first alone, where the validator stops.
 */
function checkValue<T>(
  validator: CompiledValidator,
  checked: unknown,
  value: unknown,
  role: "input" | "output",
  first: boolean,
): ValidationResult<T> {
  // The list is kept for the next call while it stays empty; a validation that starts another (a
  // getter) finds none and makes its own, and one that throws drops it.
  let issues = first ? firstIssueList : issueList;
  if (first) firstIssueList = undefined;
  else issueList = undefined;
  if (issues === undefined) {
    issues = [];
    if (first) issues.first = true;
  }
  if (validator(checked, "", issues) && issues.length === 0) {
    if (first) firstIssueList = issues;
    else issueList = issues;
    return { ok: true, value: value as T };
  }
  if (issues.length === 0)
    return { ok: false, issues: [{ path: "", message: `invalid ${role}` }] };
  if (!first) return { ok: false, issues: distinct(issues) };
  const issue = issues[0]!;
  while (issues.length > 0) issues.pop();
  firstIssueList = issues;
  return { ok: false, issues: [issue] };
}

/**
 * `issues` without the repeats of an issue (the same path and words), in the
 * order first found: the branches of a failed `oneOf` or `anyOf` each report
 * what they share (a property of the wrong type, once per branch). A short
 * list, the commonest, is compared pair by pair, with nothing allocated.
 */
function distinct(issues: IssueList): IssueList {
  const count = issues.length;
  if (count < 2) return issues;
  const found = count > PAIRWISE_ISSUES ? new Set<string>() : undefined;
  let kept = 0;
  for (let index = 0; index < count; index++) {
    const issue = issues[index]!;
    if (
      found === undefined
        ? repeats(issues, kept, issue)
        : seenBefore(found, issue)
    )
      continue;
    issues[kept++] = issue;
  }
  if (kept < count) issues.length = kept;
  return issues;
}

/** Lists of issues up to this long are made distinct pair by pair; longer ones with a set. */
const PAIRWISE_ISSUES = 16;

/** Whether one of the first `kept` of `issues` is `issue` again. */
function repeats(
  issues: IssueList,
  kept: number,
  issue: ValidationIssue,
): boolean {
  for (let index = 0; index < kept; index++) {
    const other = issues[index]!;
    // The words first: most differ, and those of one kind are one string (paths are built apart).
    if (other.message === issue.message && other.path === issue.path)
      return true;
  }
  return false;
}

/** Whether `found` holds `issue` already (then true), else adds it. */
function seenBefore(found: Set<string>, issue: ValidationIssue): boolean {
  // A path may hold any character (a key is any string): its length keeps path and words apart.
  const key = `${issue.path.length}:${issue.path}${issue.message}`;
  if (found.has(key)) return true;
  found.add(key);
  return false;
}

/** The empty lists a validation starts with, kept from the last (see `checkValue`). */
let issueList: IssueList | undefined;
let firstIssueList: IssueList | undefined;
/** A list of issues; marked `first`, the validator stops at the first it pushes. */
type IssueList = ValidationIssue[] & { first?: boolean };

/** `value` with each object a copy of its own enumerable properties, without a prototype (`copies`: those made, for cycles). */
function ownCopy(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const made = copies.get(value);
  if (made !== undefined) return made;
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    copies.set(value, items);
    for (const item of value) items.push(ownCopy(item, copies));
    return items;
  }
  const own: { [key: string]: unknown } = Object.create(null);
  copies.set(value, own);
  for (const key of Object.keys(value))
    own[key] = ownCopy((value as { [key: string]: unknown })[key], copies);
  return own;
}

/** Issues a `ValidationError`'s message names; the rest are counted (all of them are in its `issues`). */
const ISSUES_SHOWN = 10;

/** The issues of an error's message: the first `ISSUES_SHOWN`, then how many more `issues` holds. */
function describeIssues(issues: readonly ValidationIssue[]): string {
  const shown = issues
    .slice(0, ISSUES_SHOWN)
    .map(
      (issue) =>
        `${issue.path === "" ? "(root)" : issue.path} ${issue.message}`,
    )
    .join("; ");
  const more = issues.length - ISSUES_SHOWN;
  return more > 0 ? `${shown}; … (${more} more)` : shown;
}

/**
 * The brands that identify mcpgen's errors across copies of this file: every
 * generated output has its own `runtime.ts`, so a program with two clients has
 * two `ToolError` classes. The keys are in the global symbol registry, shared
 * by every copy and every realm (iframes, `vm` contexts); a result or error
 * from a server is JSON, which cannot carry a symbol-keyed property. A brand
 * names the error's shape: were that ever to change incompatibly, so would
 * the key.
 */
const VALIDATION_ERROR_BRAND = Symbol.for("mcpgen.ValidationError");
const TOOL_ERROR_BRAND = Symbol.for("mcpgen.ToolError");
const INPUT_REQUIRED_ERROR_BRAND = Symbol.for("mcpgen.InputRequiredError");

function hasBrand(value: unknown, brand: symbol): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { [key: symbol]: unknown })[brand] === true
  );
}

/**
 * `instanceof` for a branded class: on the class itself, any error of the
 * brand (from any copy of this file); on a subclass, the ordinary prototype
 * check, so `instanceof MyError` never admits a plain error of another copy.
 */
/** A class, abstract or not, whatever its constructor takes. */
type AnyClass = abstract new (...args: never[]) => unknown;

function isBrandedInstance(
  target: AnyClass,
  brandedClass: AnyClass,
  value: unknown,
  brand: symbol,
): boolean {
  return target === brandedClass
    ? hasBrand(value, brand)
    : Function.prototype[Symbol.hasInstance].call(target, value);
}

/** What a `ValidationError` is about: a tool, a prompt or a resource template by its name, or a resource by its URI. */
export interface ValidationSubject {
  readonly kind: "tool" | "prompt" | "resourceTemplate" | "resource";
  /** The name as the server lists it; a resource's URI. */
  readonly name: string;
}

/**
 * Arguments or structured output that do not match the tool's schema (or what
 * a prompt, a resource template or a completion was given). Nothing was sent
 * when `phase` is `"input"`.
 */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  /** The tool's name, for a tool; for anything else, `subject.name` (kept as it was: read `subject` to tell them apart). */
  readonly toolName: string;
  /** What was validated: its kind and its name. */
  readonly subject: ValidationSubject;
  readonly phase: "input" | "output";
  readonly issues: ValidationIssue[];
  /** The server's result, for output problems. */
  readonly result?: ToolResult;
  // Fields are declared, not constructor parameter properties, so Node's type stripping (erasableSyntaxOnly) can run this file.
  constructor(
    toolName: string,
    phase: "input" | "output",
    issues: ValidationIssue[],
    result?: ToolResult,
    cause?: unknown,
    subject: ValidationSubject = { kind: "tool", name: toolName },
  ) {
    super(
      phase === "input"
        ? `invalid arguments for tool ${JSON.stringify(toolName)}: ${describeIssues(issues)}`
        : `tool ${JSON.stringify(toolName)} returned structuredContent that does not match its outputSchema: ${describeIssues(issues)}`,
    );
    // As `new Error(message, { cause })` sets it, without needing the ES2022 library's types to compile.
    if (cause !== undefined)
      Object.defineProperty(this, "cause", {
        value: cause,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    this.toolName = toolName;
    this.subject = subject;
    this.phase = phase;
    this.issues = issues;
    if (result !== undefined) this.result = result;
  }

  static {
    // On the prototype, not enumerable: a spread or JSON copy of an error is not branded.
    Object.defineProperty(this.prototype, VALIDATION_ERROR_BRAND, {
      value: true,
    });
  }

  /** True for a `ValidationError` of any mcpgen-generated client (see `isValidationError`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBrandedInstance(
      this,
      ValidationError,
      value,
      VALIDATION_ERROR_BRAND,
    );
  }
}

/**
 * Whether `value` is a `ValidationError` thrown by any mcpgen-generated client
 * (each output has its own runtime; `instanceof` answers the same).
 */
export function isValidationError(value: unknown): value is ValidationError {
  return hasBrand(value, VALIDATION_ERROR_BRAND);
}

/**
 * The tool ran and reported failure (`isError: true`). The message names the
 * tool, then gives the text of its content.
 */
export class ToolError extends Error {
  override readonly name = "ToolError";
  readonly toolName: string;
  readonly result: ToolResult;
  constructor(toolName: string, result: ToolResult) {
    const text = (Array.isArray(result.content) ? result.content : [])
      .filter(
        (block): block is TextContent =>
          block?.type === "text" && typeof block.text === "string",
      )
      .map((block) => block.text)
      .join("\n");
    super(
      `tool ${JSON.stringify(toolName)} reported an error${text === "" ? "" : `: ${text}`}`,
    );
    this.toolName = toolName;
    this.result = result;
  }

  static {
    Object.defineProperty(this.prototype, TOOL_ERROR_BRAND, { value: true });
  }

  /** True for a `ToolError` of any mcpgen-generated client (see `isToolError`). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBrandedInstance(this, ToolError, value, TOOL_ERROR_BRAND);
  }
}

/**
 * Whether `value` is a `ToolError` thrown by any mcpgen-generated client
 * (each output has its own runtime; `instanceof` answers the same).
 */
export function isToolError(value: unknown): value is ToolError {
  return hasBrand(value, TOOL_ERROR_BRAND);
}

/**
 * The server needs more input before it can answer (MCP 2026-07-28,
 * "Multi Round-Trip Requests": a result with `resultType: "input_required"`).
 * An SDK v2 client answers such rounds itself with the handlers the
 * application registered (`elicitation/create`, `sampling/createMessage`,
 * `roots/list`) unless its `inputRequired.autoFulfill` is off, and then
 * throws its own error; this one is thrown when such a result reaches the
 * typed client anyway (a call with the SDK's `allowInputRequired`), instead
 * of it passing as a result it is not. `result` holds `inputRequests` and
 * `requestState` for an application that answers the rounds itself.
 */
export class InputRequiredError extends Error {
  override readonly name = "InputRequiredError";
  readonly toolName: string;
  readonly result: PendingResult;
  constructor(toolName: string, result: PendingResult) {
    super(inputRequiredMessage("tool", toolName));
    this.toolName = toolName;
    this.result = result;
  }

  static {
    Object.defineProperty(this.prototype, INPUT_REQUIRED_ERROR_BRAND, {
      value: true,
    });
  }

  /** True for an `InputRequiredError` of any mcpgen-generated client. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBrandedInstance(
      this,
      InputRequiredError,
      value,
      INPUT_REQUIRED_ERROR_BRAND,
    );
  }
}

/** What an `InputRequiredError` says: which tool, prompt or resource needs more input, and what to do. */
function inputRequiredMessage(subject: string, name: string): string {
  return `${subject} ${JSON.stringify(name)} needs more input (resultType "input_required"); enable the SDK client's inputRequired.autoFulfill and register its request handlers, or answer result.inputRequests yourself`;
}

/** A `resultType` of a revision this client does not know: not a final result either, but no `input_required` round. */
function unknownResultMessage(
  subject: string,
  name: string,
  resultType: unknown,
): string {
  const shown =
    typeof resultType === "string"
      ? JSON.stringify(resultType.slice(0, 64))
      : `of type ${resultType === null ? "null" : typeof resultType}`;
  return `${subject} ${JSON.stringify(name)} answered with a resultType ${shown} that this client does not know, so not with a final result; result holds what the server sent`;
}

/** Whether `value` is an `InputRequiredError` thrown by any mcpgen-generated client. */
export function isInputRequiredError(
  value: unknown,
): value is InputRequiredError {
  return hasBrand(value, INPUT_REQUIRED_ERROR_BRAND);
}

/**
 * A Standard Schema v1 (https://standardschema.dev), declared structurally so
 * the generated code depends on no package. It is the spec's interface
 * narrowed to what mcpgen's schemas guarantee (a synchronous `validate`, a
 * path on every issue), so whatever takes the spec's interface takes them.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardSchemaV1Result<Output>;
    /** Types only: absent at run time. */
    readonly types?:
      { readonly input: Input; readonly output: Output } | undefined;
  };
}

export type StandardSchemaV1Result<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaV1Issue> };

export interface StandardSchemaV1Issue {
  readonly message: string;
  /** Keys from the validated value down to the problem: array indices as numbers, property names as strings. */
  readonly path: ReadonlyArray<string | number>;
}

/** Every tool's `input` and `output` as Standard Schemas, by wire name. */
export type StandardSchemas<Tools extends { [name: string]: ToolTypes }> = {
  readonly [Name in keyof Tools]: {
    readonly input: StandardSchemaV1<Tools[Name]["input"]>;
    readonly output: StandardSchemaV1<Tools[Name]["output"]>;
  };
};

interface ToolTypes {
  input: unknown;
  output: unknown;
}

/**
 * The Standard Schemas of every tool in `inputValidators` (the same names
 * as `outputValidators`). The table has no prototype, so looking up a name
 * no tool has (`toString`) finds nothing.
 */
export function createStandardSchemas<
  Tools extends { [name: string]: ToolTypes },
>(
  inputValidators: { readonly [name: string]: CompiledValidator | null },
  outputValidators: { readonly [name: string]: CompiledValidator | null },
): StandardSchemas<Tools> {
  const table: {
    [name: string]: { input: StandardSchemaV1; output: StandardSchemaV1 };
  } = Object.create(null);
  for (const toolName of Object.keys(inputValidators)) {
    table[toolName] = Object.freeze({
      input: standardSchema(inputValidators, toolName, "input"),
      output: standardSchema(outputValidators, toolName, "output"),
    });
  }
  return Object.freeze(table) as unknown as StandardSchemas<Tools>;
}

function standardSchema(
  table: { readonly [name: string]: CompiledValidator | null },
  toolName: string,
  role: "input" | "output",
): StandardSchemaV1 {
  return Object.freeze({
    "~standard": Object.freeze({
      version: 1 as const,
      vendor: "mcpgen",
      validate: (value: unknown): StandardSchemaV1Result<unknown> => {
        const checked = runValidator(table, toolName, value, role);
        return checked.ok === false
          ? {
              issues: checked.issues.map((issue) => ({
                message: issue.message,
                path: pathSegments(issue.path, value),
              })),
            }
          : { value: checked.value };
      },
    }),
  });
}

/**
 * A JSON pointer into `value` as Standard Schema path segments: the tokens
 * unescaped (RFC 6901), an index into an array as a number.
 */
function pathSegments(pointer: string, value: unknown): Array<string | number> {
  if (pointer === "") return [];
  const segments: Array<string | number> = [];
  let node: unknown = value;
  for (const token of pointer.slice(1).split("/")) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node) && /^(?:0|[1-9][0-9]*)$/.test(key)) {
      segments.push(Number(key));
      node = node[Number(key)];
    } else {
      segments.push(key);
      node =
        typeof node === "object" &&
        node !== null &&
        Object.prototype.hasOwnProperty.call(node, key)
          ? (node as { [key: string]: unknown })[key]
          : undefined;
    }
  }
  return segments;
}

/** Progress notification payload (MCP "Progress"). */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** An `AbortSignal`, structurally (so the generated code needs neither DOM nor Node type libraries). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/** Per-call options; all but `validate` are handed to the SDK's request options. */
export interface CallOptions {
  signal?: AbortSignalLike;
  /** Request timeout in milliseconds (the SDK's default applies otherwise). */
  timeout?: number;
  onprogress?: (progress: Progress) => void;
  resetTimeoutOnProgress?: boolean;
  maxTotalTimeout?: number;
  /** Validate arguments before sending and `structuredContent` after receiving (default: the client's setting, true). */
  validate?: boolean;
}

export interface ClientOptions {
  /** Default for every call's `validate` (default true). */
  validate?: boolean;
  /**
   * The SDK generation `client` comes from. Detected when absent: v2 clients
   * (`@modelcontextprotocol/client`) take `callTool(params, options)`, v1
   * (`@modelcontextprotocol/sdk`) `callTool(params, resultSchema, options)`.
   */
  sdk?: "v1" | "v2";
}

/** A connected MCP SDK client, v1 or v2, seen structurally. */
export interface McpClient {
  callTool(
    params: { name: string; arguments?: { [key: string]: unknown } },
    ...rest: never[]
  ): Promise<unknown>;
}

/**
 * What SDK v2's `callTool` takes as `toolDefinition` (the SDK's `Tool`, of
 * which this is the part mcpgen passes): the tool's name and its
 * `x-mcp-header` arguments, so that a 2026-07-28 connection over HTTP mirrors
 * them into `Mcp-Param-*` headers without a prior `tools/list`. It carries no
 * outputSchema: the typed client validates `structuredContent` itself.
 */
export interface ToolDefinition {
  name: string;
  inputSchema: { type: "object"; properties?: { [name: string]: unknown } };
}

export interface Validators {
  validateInput(toolName: string, value: unknown): ValidationResult<unknown>;
  validateOutput(toolName: string, value: unknown): ValidationResult<unknown>;
}

/**
 * An SDK client that has listed the server's tools checks `structuredContent`
 * against their outputSchemas itself, before mcpgen sees the result, and
 * throws a protocol error (-32600 or -32602) without the result. That check is
 * reported as the `ValidationError` it is (with the SDK's error as `cause`).
 */
function sdkOutputCheckIssue(error: unknown): ValidationIssue | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if ((code !== -32600 && code !== -32602) || typeof message !== "string")
    return undefined;
  const text = message.replace(/^MCP error -?\d+: /, "");
  // [\s\S], not the s flag: the generated code compiles for targets before ES2018 too.
  if (
    /^Tool [\s\S]* has an output schema but did not return structured content$/.test(
      text,
    )
  ) {
    return {
      path: "",
      message:
        "structuredContent is missing (the tool declares an outputSchema; reported by the MCP SDK)",
    };
  }
  const mismatch =
    /^(?:Structured content does not match the tool's output schema|Failed to validate structured content): ([\s\S]*)$/.exec(
      text,
    );
  return mismatch === null
    ? undefined
    : {
        path: "",
        message: `does not match the outputSchema (reported by the MCP SDK: ${mismatch[1]})`,
      };
}

function detectSdk(client: McpClient): "v1" | "v2" {
  // v2's Client negotiates protocol eras; v1's has no such method.
  return typeof (
    client as unknown as { getNegotiatedProtocolVersion?: unknown }
  ).getNegotiatedProtocolVersion === "function"
    ? "v2"
    : "v1";
}

/**
 * The era of the client's connection: `modern` (MCP 2026-07-28 or later) or
 * `legacy` (a 2025 revision). A v1 client speaks only the 2025 revisions.
 */
function protocolEra(client: McpClient): "modern" | "legacy" {
  const getEra = (client as unknown as { getProtocolEra?: () => unknown })
    .getProtocolEra;
  return typeof getEra === "function" && getEra.call(client) === "modern"
    ? "modern"
    : "legacy";
}

/**
 * The output a result without `structuredContent` carries as the JSON text of
 * its only content block: how a server on SDK 1.x (an mcpgen scaffold of
 * before 2026-07-28 among them) sends a value that is not an object, which
 * that SDK refuses as `structuredContent`.
 */
function outputFromText(result: ToolResult): { value: unknown } | undefined {
  const blocks = Array.isArray(result.content) ? result.content : [];
  const only = blocks[0];
  if (
    blocks.length !== 1 ||
    only?.type !== "text" ||
    typeof only.text !== "string"
  )
    return undefined;
  try {
    return { value: JSON.parse(only.text) as unknown };
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/**
 * The value of a tool whose outputSchema is not `type: "object"` as a
 * 2025-era connection carries it: `{ result: value }` (SEP-2106's wrap; its
 * only member), else the JSON text of the content when there is no
 * `structuredContent`. On a 2026-07-28 connection the value is as sent: a
 * server of that revision sends any value as `structuredContent` (and no
 * SDK 1.x server speaks it), so a result without one is missing it.
 */
function declaredOutput(
  result: ToolResult,
  era: "modern" | "legacy",
): ToolResult {
  if (era === "modern") return result;
  const content = result.structuredContent;
  if (content === undefined) {
    const output = outputFromText(result);
    return output === undefined
      ? result
      : { ...result, structuredContent: output.value };
  }
  if (
    isPlainObject(content) &&
    Object.keys(content).length === 1 &&
    hasOwn(content, "result")
  ) {
    return { ...result, structuredContent: content["result"] };
  }
  return result;
}

/**
 * What the call path needs of one tool: its validators (loaded on its first
 * call), its traits, and its definition for SDK v2's
 * `callTool(params, { toolDefinition })`.
 */
interface ResolvedTool {
  validate(
    value: unknown,
    role: "input" | "output",
  ): Promise<ValidationResult<unknown>>;
  hasOutputSchema: boolean;
  nonObjectOutput: boolean;
  definition: ToolDefinition;
}

/** A tool as the call path needs it, made once per tool by `callTool`. */
function resolvedTool(
  name: string,
  validate: ResolvedTool["validate"],
  traits: {
    hasOutputSchema: boolean;
    nonObjectOutput: boolean;
    headerArguments: ToolDefinition["inputSchema"] | undefined;
  },
): ResolvedTool {
  return {
    validate,
    hasOutputSchema: traits.hasOutputSchema,
    nonObjectOutput: traits.nonObjectOutput,
    definition: {
      name,
      inputSchema: traits.headerArguments ?? { type: "object" },
    },
  };
}

/** A connected SDK client as the call path uses it (`connect` makes one). */
interface Connection {
  client: McpClient;
  options: ClientOptions;
  sdk: "v1" | "v2";
  call: (...args: unknown[]) => Promise<unknown>;
  /** Definitions listed after a HeaderMismatch, by tool name: used instead of the snapshot's. */
  listed: Map<string, ToolDefinition>;
}

function connection(client: McpClient, options: ClientOptions): Connection {
  return {
    client,
    options,
    sdk: options.sdk ?? detectSdk(client),
    call: client.callTool.bind(client) as (
      ...args: unknown[]
    ) => Promise<unknown>,
    listed: new Map(),
  };
}

/**
 * After a HeaderMismatch (-32020) on an SDK v2 connection of MCP 2026-07-28
 * over HTTP, the tool's definition as the server lists it now (undefined: no
 * retry). The revision's Streamable HTTP transport ("Client Behavior"): the
 * client "SHOULD call `tools/list` to check for changes to the tool's
 * `inputSchema`, then retry the original request with the appropriate
 * headers". The SDK does so itself only for a call without `toolDefinition`
 * (first sending the headers of its cached list, or none).
 */
async function listedDefinition(
  connected: Connection,
  name: string,
  error: unknown,
  options: CallOptions,
): Promise<ToolDefinition | undefined> {
  const client = connected.client as unknown as {
    transport?: object;
    listTools(
      params: undefined,
      options: object,
    ): Promise<{ tools: ToolDefinition[] }>;
  };
  const transport = client.transport;
  if (
    connected.sdk !== "v2" ||
    (error as { code?: unknown } | null)?.code !== -32020 ||
    protocolEra(connected.client) !== "modern" ||
    transport === undefined ||
    // The SDK's own test for stdio, which carries no headers.
    ("stderr" in transport && "pid" in transport)
  )
    return undefined;
  // Typed in full: without strictNullChecks, a bare `() => undefined` would make the listing `any`.
  const listed: { tools: ToolDefinition[] } | undefined = await client
    .listTools(undefined, {
      signal: options.signal,
      timeout: options.timeout,
      cacheMode: "refresh",
    })
    .catch((listing: unknown): undefined => {
      // The caller's abort is the abort the SDK throws on any call, not the HeaderMismatch it interrupted.
      if (options.signal?.aborted === true) throw listing;
      return undefined;
    });
  const tool = listed?.tools.find((each) => each.name === name);
  if (tool === undefined) return undefined;
  const definition = { name, inputSchema: tool.inputSchema };
  connected.listed.set(name, definition);
  return definition;
}

/**
 * A result that is not final (MCP 2026-07-28): `resultType` is
 * `"input_required"` (what the spec's `InputRequiredResult` holds, as the SDK
 * passed it on: the requests to answer, by the server's keys, and the state
 * to send back verbatim with the answers), or one this client does not know.
 */
export interface PendingResult {
  readonly resultType: string;
  readonly inputRequests?: {
    readonly [key: string]: {
      readonly method: string;
      readonly params?: { readonly [key: string]: unknown };
    };
  };
  readonly requestState?: string;
  readonly [key: string]: unknown;
}

/**
 * A result that still needs input (MCP 2026-07-28 `input_required`) is an
 * `InputRequiredError` naming what was asked (a tool, a prompt, a resource).
 */
function finalResult<Result>(
  result: unknown,
  what: string,
  name: string,
): Result {
  const resultType = (result as { resultType?: unknown } | null)?.resultType;
  if (resultType !== undefined && resultType !== "complete") {
    const error = new InputRequiredError(name, result as PendingResult);
    error.message =
      resultType === "input_required"
        ? inputRequiredMessage(what, name)
        : unknownResultMessage(what, name, resultType);
    throw error;
  }
  return result as Result;
}

/**
 * The one code path behind every generated method: validate arguments, call,
 * turn `isError` into `ToolError` (and an unanswered `input_required` round
 * into `InputRequiredError`), read a non-object output back as the tool
 * declares it, validate `structuredContent`.
 */
async function callResolved<Result>(
  connected: Connection,
  toolName: string,
  tool: ResolvedTool,
  input: unknown,
  options: CallOptions = {},
): Promise<Result> {
  const { validate = connected.options.validate ?? true, ...requestOptions } =
    options;
  const args = input === undefined ? {} : input;
  if (validate) {
    const checked = await tool.validate(args, "input");
    // `=== false` narrows without strictNullChecks too (users compile this file with their settings).
    if (checked.ok === false)
      throw new ValidationError(toolName, "input", checked.issues);
  }
  const params = {
    name: toolName,
    arguments: args as { [key: string]: unknown },
  };
  // SDK v2 gets the tool's definition: its x-mcp-header arguments are mirrored without a tools/list, and
  // the SDK leaves structuredContent to the checks below (the definition carries no outputSchema).
  const send = (definition: ToolDefinition) =>
    (connected.sdk === "v2"
      ? connected.call(params, {
          ...requestOptions,
          toolDefinition: definition,
        })
      : connected.call(
          params,
          undefined,
          requestOptions,
        )) as Promise<ToolResult>;
  let result: ToolResult;
  try {
    try {
      result = await send(connected.listed.get(toolName) ?? tool.definition);
    } catch (error) {
      const listed = await listedDefinition(
        connected,
        toolName,
        error,
        requestOptions,
      );
      if (listed === undefined) throw error;
      // Once (a second HeaderMismatch is thrown). The tool has not run: a server MUST reject a request
      // whose Mcp-Param headers fail validation (400, -32020; "Server Behavior for Custom Headers").
      result = await send(listed);
    }
  } catch (error) {
    const issue = sdkOutputCheckIssue(error);
    if (issue !== undefined)
      throw new ValidationError(toolName, "output", [issue], undefined, error);
    throw error;
  }
  result = finalResult<ToolResult>(result, "tool", toolName);
  if (result.isError === true) throw new ToolError(toolName, result);
  if (tool.nonObjectOutput)
    result = declaredOutput(result, protocolEra(connected.client));
  if (validate && tool.hasOutputSchema) {
    if (result.structuredContent === undefined) {
      throw new ValidationError(
        toolName,
        "output",
        [
          {
            path: "",
            message:
              "structuredContent is missing (the tool declares an outputSchema)",
          },
        ],
        result,
      );
    }
    const checked = await tool.validate(result.structuredContent, "output");
    if (checked.ok === false)
      throw new ValidationError(toolName, "output", checked.issues, result);
  }
  return result as Result;
}

/**
 * A tool as `calls.ts` exports it, for `callTool`: its wire name, its
 * validators (imported on its first call) and its traits. `Method` is the
 * tool's `createClient` method (`ToolsClient["getWeather"]`), which types the
 * call: its input, whether the input may be left out, and its result.
 */
export interface ToolCall<Method = ToolMethod> {
  readonly name: string;
  readonly validators: () => Promise<{
    readonly input: CompiledValidator;
    readonly output?: CompiledValidator;
  }>;
  /** The tool declares an outputSchema. */
  readonly structured?: true;
  /**
   * Its outputSchema is not `type: "object"` (MCP 2026-07-28 allows any
   * root). On a 2025-era connection, where `structuredContent` must be an
   * object, its value comes as `{ result: value }` (SDK v2 servers, SEP-2106)
   * or only as the JSON text of the content (SDK 1.x servers): the caller
   * reads the value back.
   */
  readonly nonObjectOutput?: true;
  /** Its `x-mcp-header` arguments, as the `inputSchema` of its definition. */
  readonly headerArguments?: ToolDefinition["inputSchema"];
  /** Never present: carries the method's type. */
  readonly method?: Method;
}

/** A `createClient` method: what `ToolCall` is typed by. */
export type ToolMethod = (
  input: never,
  options?: CallOptions,
) => Promise<unknown>;

declare const connectionBrand: unique symbol;

/** A connected SDK client for `callTool` (`connect` makes one). */
export interface ToolConnection {
  readonly [connectionBrand]: true;
}

/**
 * Wraps a connected MCP SDK client (v1 or v2) for `callTool`: the per-tool
 * path, where a program imports the tools it calls from `calls.ts` and a
 * bundler keeps those alone (`createClient` holds every tool, and calls each
 * through `callTool` too).
 */
export function connect(
  client: McpClient,
  options: ClientOptions = {},
): ToolConnection {
  return connection(client, options) as unknown as ToolConnection;
}

const resolvedCalls = /* @__PURE__ */ new WeakMap<object, ResolvedTool>();

/**
 * Calls one tool of `calls.ts`, as every `createClient` method does: checks
 * the arguments (the tool's validators imported on its first call), calls
 * the tool, and checks its result.
 */
export function callTool<Method extends ToolMethod>(
  connected: ToolConnection,
  tool: ToolCall<Method>,
  ...[input, options]: Parameters<Method>
): ReturnType<Method> {
  let resolved = resolvedCalls.get(tool);
  if (resolved === undefined) {
    let loaded:
      | Promise<{
          readonly input: CompiledValidator;
          readonly output?: CompiledValidator;
        }>
      | undefined;
    resolved = resolvedTool(
      tool.name,
      async (value, role) => {
        loaded ??= tool.validators();
        const module = await loaded;
        // A computed key defines an own property, even `__proto__`.
        const table: { [name: string]: CompiledValidator | null } = {
          [tool.name]: module[role] ?? null,
        };
        return runValidator(table, tool.name, value, role);
      },
      {
        hasOutputSchema: tool.structured === true,
        nonObjectOutput: tool.nonObjectOutput === true,
        headerArguments: tool.headerArguments,
      },
    );
    resolvedCalls.set(tool, resolved);
  }
  return callResolved(
    connected as unknown as Connection,
    tool.name,
    resolved,
    input,
    options,
  ) as ReturnType<Method>;
}

/*
 * Prompts, resources and resource templates (MCP "Prompts", "Resources",
 * "Completion"): the call path behind every generated method that is not a
 * tool's. Arguments are checked before anything is sent (no schema
 * validator: prompt arguments and template variables are strings by
 * definition), with the same `ValidationError` as a tool's.
 */

/** A message of a prompt (MCP `PromptMessage`). */
export interface PromptMessage {
  role: "user" | "assistant";
  content: ContentBlock;
}

/** A `prompts/get` result (MCP 2025-11-25 and 2026-07-28, `GetPromptResult`), as the SDK returns it. */
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: { [key: string]: unknown };
  /** MCP 2026-07-28: `"complete"` for a final result. */
  resultType?: "complete";
}

/** The contents of a resource as text (MCP `TextResourceContents`). */
export interface TextResourceContents {
  uri: string;
  mimeType?: string;
  text: string;
  _meta?: { [key: string]: unknown };
}

/** The contents of a resource as base64 (MCP `BlobResourceContents`). */
export interface BlobResourceContents {
  uri: string;
  mimeType?: string;
  blob: string;
  _meta?: { [key: string]: unknown };
}

export type ResourceContents = TextResourceContents | BlobResourceContents;

/** A `resources/read` result (MCP `ReadResourceResult`), as the SDK returns it. */
export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: { [key: string]: unknown };
  /** MCP 2026-07-28 "Caching": how long the result may be reused, and by whom. */
  ttlMs?: number;
  cacheScope?: "public" | "private";
  resultType?: "complete";
}

/** A `completion/complete` result (MCP `CompleteResult`): at most 100 values. */
export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
  _meta?: { [key: string]: unknown };
}

/**
 * Options of a completion method: the request's, and the values already
 * chosen for the other arguments (`context.arguments`). A name of
 * `Object.prototype` (`toString`) also takes what every object has there, as
 * in the arguments' own type, so that the context may leave it out.
 */
export interface CompletionOptions<Arguments> extends CallOptions {
  context?: {
    readonly [Name in keyof Arguments]?:
      string | (Name extends keyof ObjectMembers ? ObjectMembers[Name] : never);
  };
}

/** What every object has (`Object.prototype`'s members, as TypeScript types them). */
type ObjectMembers = typeof Object.prototype;

/** What the call path needs to know of a prompt: its methods and its arguments. */
export interface PromptTraits {
  method: string;
  /** The completion method, when the server declares `completions`. */
  complete?: string;
  arguments: readonly string[];
  required: readonly string[];
}

/** What the call path needs to know of a resource template: its methods, the template and its variables. */
export interface TemplateTraits {
  method: string;
  complete?: string;
  uriTemplate: string;
  variables: readonly string[];
  required: readonly string[];
  /** The variables that may also be a list or an associative array of strings (only ever exploded). */
  composite: readonly string[];
}

/** The prompts, resource templates and resources of a generated client, by wire name (a resource: by URI). */
export interface SurfaceTables {
  prompts?: { readonly [name: string]: PromptTraits };
  resourceTemplates?: { readonly [name: string]: TemplateTraits };
  /** Each fixed resource's method, by URI. */
  resources?: { readonly [uri: string]: string };
  /** The method that reads a fixed resource by its URI. */
  resourceReader?: string;
  /** RFC 6570 expansion (the generated `uri-template.ts`), for the templates. */
  expand?: (
    template: string,
    variables: { readonly [name: string]: unknown },
  ) => string;
}

/** The methods of an SDK client (v1 or v2) this part calls, seen structurally. */
interface SurfaceClient {
  getPrompt(params: unknown, options?: unknown): Promise<unknown>;
  readResource(params: unknown, options?: unknown): Promise<unknown>;
  complete(params: unknown, options?: unknown): Promise<unknown>;
}

/**
 * A `ValidationError` about what a prompt, a resource template or a
 * completion was given: `subject` is the prompt, template or resource
 * (`toolName` its name or URI), and the message says what was given
 * (`invalid arguments for prompt "args-prompt": /city is required`).
 */
function invalid(
  given: string,
  subject: ValidationSubject,
  issues: ValidationIssue[],
): ValidationError {
  const error = new ValidationError(
    subject.name,
    "input",
    issues,
    undefined,
    undefined,
    subject,
  );
  error.message = `invalid ${given}: ${describeIssues(issues)}`;
  return error;
}

/** A name as one JSON Pointer token (RFC 6901: `~` as `~0`, `/` as `~1`). */
function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * The issues of a prompt's arguments or a template's variables: an object
 * whose own properties are among `names`, each a string (or, for a
 * `composite` variable, a list or an associative array of strings), with
 * every one of `required`.
 */
function argumentIssues(
  value: unknown,
  names: readonly string[],
  required: readonly string[],
  composite: readonly string[],
  what: { one: string; many: string },
): ValidationIssue[] {
  if (!isPlainObject(value))
    return [{ path: "", message: `must be object (the ${what.many} by name)` }];
  const issues: ValidationIssue[] = [];
  for (const name of required)
    if (!hasOwn(value, name) || value[name] === undefined)
      issues.push({ path: `/${escapeToken(name)}`, message: "is required" });
  for (const key of Object.keys(value)) {
    const path = `/${escapeToken(key)}`;
    const item = value[key];
    if (names.indexOf(key) === -1)
      issues.push({ path, message: `is not ${what.one}` });
    else if (item === undefined || typeof item === "string") continue;
    else if (composite.indexOf(key) === -1)
      issues.push({ path, message: "must be string" });
    else if (
      !(Array.isArray(item)
        ? item.every((member) => typeof member === "string")
        : isPlainObject(item) &&
          Object.keys(item).every((member) => typeof item[member] === "string"))
    )
      issues.push({
        path,
        message: "must be string, or a list or an associative array of strings",
      });
  }
  return issues;
}

const PROMPT_ARGUMENTS = {
  one: "an argument of the prompt",
  many: "arguments",
};
const TEMPLATE_VARIABLES = {
  one: "a variable of the template",
  many: "variables",
};

/** The own properties of `value` that are defined (an optional argument left `undefined` is not sent). */
function definedMembers(value: unknown): { [key: string]: unknown } {
  const members: { [key: string]: unknown } = {};
  if (!isPlainObject(value)) return members;
  for (const key of Object.keys(value))
    if (value[key] !== undefined)
      // Defined, not assigned: an argument named `__proto__` stays an own property.
      Object.defineProperty(members, key, {
        value: value[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return members;
}

/** The SDK client's method `name`, bound (both SDK generations have `getPrompt`, `readResource` and `complete`). */
function sdkMethod(
  client: McpClient,
  name: keyof SurfaceClient,
): (params: unknown, options?: unknown) => Promise<unknown> {
  const method = (client as unknown as Partial<SurfaceClient>)[name];
  if (typeof method !== "function")
    throw new TypeError(
      `the MCP client has no ${name} method: pass a Client of @modelcontextprotocol/client (v2) or @modelcontextprotocol/sdk (v1)`,
    );
  return method.bind(client);
}

/**
 * Adds the methods of the prompts, resource templates and resources to a
 * generated client's `methods`: a prompt's gets it (`prompts/get`), a
 * template's expands its URI (RFC 6570) and reads it, a resource's reads it
 * (`resources/read`), a completion method asks `completion/complete`. Each
 * checks what it is given first (unless `validate` is off), with a
 * `ValidationError`.
 */
export function addSurfaceMethods(
  methods: { [method: string]: unknown },
  client: McpClient,
  clientOptions: ClientOptions,
  tables: SurfaceTables,
): void {
  const validating = (options: CallOptions) =>
    options.validate ?? clientOptions.validate ?? true;
  const requestOptions = (options: CallOptions): { [key: string]: unknown } => {
    const { validate: _validate, ...rest } = options;
    return rest;
  };
  const read = async (
    uri: string,
    what: string,
    name: string,
    options: CallOptions,
  ): Promise<ReadResourceResult> =>
    finalResult<ReadResourceResult>(
      await sdkMethod(client, "readResource")({ uri }, requestOptions(options)),
      what,
      name,
    );
  const complete = async (
    ref:
      | { type: "ref/prompt"; name: string }
      | { type: "ref/resource"; uri: string },
    what: {
      subject: string;
      kind: "prompt" | "resourceTemplate";
      noun: { one: string; many: string };
      name: string;
    },
    names: readonly string[],
    argument: unknown,
    value: unknown,
    options: CompletionOptions<unknown>,
  ): Promise<CompleteResult> => {
    const context = definedMembers(options.context);
    if (validating(options)) {
      const issues: ValidationIssue[] = [];
      if (typeof argument !== "string" || names.indexOf(argument) === -1)
        issues.push({
          path: "/argument",
          message: `must be one of ${names.map((item) => JSON.stringify(item)).join(", ")}`,
        });
      if (typeof value !== "string")
        issues.push({ path: "/value", message: "must be string" });
      for (const issue of argumentIssues(context, names, [], [], what.noun))
        issues.push({ path: `/context${issue.path}`, message: issue.message });
      if (issues.length > 0)
        throw invalid(
          `completion request for ${what.subject} ${JSON.stringify(what.name)}`,
          { kind: what.kind, name: what.name },
          issues,
        );
    }
    const { context: _context, ...rest } = options;
    return (await sdkMethod(client, "complete")(
      {
        ref,
        argument: { name: argument, value },
        ...(Object.keys(context).length === 0
          ? {}
          : { context: { arguments: context } }),
      },
      requestOptions(rest),
    )) as CompleteResult;
  };

  for (const name of Object.keys(tables.prompts ?? {})) {
    const prompt = tables.prompts![name]!;
    methods[prompt.method] = async (
      args?: unknown,
      options: CallOptions = {},
    ): Promise<GetPromptResult> => {
      const given = args === undefined ? {} : args;
      if (validating(options)) {
        const issues = argumentIssues(
          given,
          prompt.arguments,
          prompt.required,
          [],
          PROMPT_ARGUMENTS,
        );
        if (issues.length > 0)
          throw invalid(
            `arguments for prompt ${JSON.stringify(name)}`,
            { kind: "prompt", name },
            issues,
          );
      }
      const result = await sdkMethod(client, "getPrompt")(
        { name, arguments: definedMembers(given) },
        requestOptions(options),
      );
      return finalResult<GetPromptResult>(result, "prompt", name);
    };
    if (prompt.complete !== undefined)
      methods[prompt.complete] = (
        argument: unknown,
        value: unknown,
        options: CompletionOptions<unknown> = {},
      ) =>
        complete(
          { type: "ref/prompt", name },
          { subject: "prompt", kind: "prompt", noun: PROMPT_ARGUMENTS, name },
          prompt.arguments,
          argument,
          value,
          options,
        );
  }

  for (const name of Object.keys(tables.resourceTemplates ?? {})) {
    const template = tables.resourceTemplates![name]!;
    methods[template.method] = async (
      variables?: unknown,
      options: CallOptions = {},
    ): Promise<ReadResourceResult> => {
      const given = variables === undefined ? {} : variables;
      if (validating(options)) {
        const issues = argumentIssues(
          given,
          template.variables,
          template.required,
          template.composite,
          TEMPLATE_VARIABLES,
        );
        if (issues.length > 0)
          throw invalid(
            `variables for resource template ${JSON.stringify(name)}`,
            { kind: "resourceTemplate", name },
            issues,
          );
      }
      const expand = tables.expand;
      if (expand === undefined)
        throw new TypeError("internal: no URI template expansion");
      const uri = expand(template.uriTemplate, definedMembers(given));
      return read(uri, "resource template", name, options);
    };
    if (template.complete !== undefined)
      methods[template.complete] = (
        argument: unknown,
        value: unknown,
        options: CompletionOptions<unknown> = {},
      ) =>
        complete(
          { type: "ref/resource", uri: template.uriTemplate },
          {
            subject: "resource template",
            kind: "resourceTemplate",
            noun: TEMPLATE_VARIABLES,
            name,
          },
          template.variables,
          argument,
          value,
          options,
        );
  }

  for (const uri of Object.keys(tables.resources ?? {})) {
    methods[tables.resources![uri]!] = (options: CallOptions = {}) =>
      read(uri, "resource", uri, options);
  }
  if (tables.resourceReader !== undefined)
    methods[tables.resourceReader] = async (
      uri: unknown,
      options: CallOptions = {},
    ): Promise<ReadResourceResult> => {
      if (validating(options) && typeof uri !== "string")
        throw invalid("resource URI", { kind: "resource", name: String(uri) }, [
          { path: "", message: "must be string" },
        ]);
      return read(String(uri), "resource", String(uri), options);
    };
}
