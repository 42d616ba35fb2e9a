/**
 * What a mock answers to one `tools/call`, whoever asked (the mock server or
 * the in-process client): arguments checked with the tool's validator (the
 * scaffold's wording when they fail), then the first fixture that matches,
 * then a value from the outputSchema (`values.ts`). Every result states where
 * it came from in `_meta["mcpgen/mock"]` (Prism states its choice per
 * response the same way): `fixture` (with the fixture's file and pointer),
 * `example`, `default`, `generated` (with the seed), or `text` for a tool
 * without outputSchema.
 *
 * The same for a `prompts/get` (arguments checked as a scaffold checks them,
 * then fixtures, then a user message of the prompt's description and
 * arguments) and a `resources/read` (fixtures of that URI, then a text naming
 * the resource: a fixed resource's URI, or a URI matched against the
 * templates as a scaffold matches it; anything else is resource not found),
 * each stated as `fixture` or `text`; and `completion/complete`, which
 * completes to nothing.
 */
import { specTypeSchemas } from "@modelcontextprotocol/client";
import type { ManifestIR, Schema, ToolIR } from "../ir/index.js";
import { uriTemplateMatcher, type UriTemplateMatcher } from "../../templates/uri-template-match.js";
import { isRecord, setOwn } from "../shared/json.js";
import type { Diagnostic } from "../shared/errors.js";
import { type Fixture, firstOfIssues, fixtureSubject, matches, splitOrigin } from "./fixtures.js";
import { callSeed, valueFor, type ValueSource } from "./values.js";
import type { ToolValidators, ValidationIssue } from "./validators.js";

/** The `_meta` key under which a mock states how it answered. */
export const MOCK_META_KEY = "mcpgen/mock";

/** A `tools/call` result as the mock builds it (MCP `CallToolResult`). */
export interface MockResult {
  content: Array<Record<string, unknown>>;
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What to do with one call: answer a result, answer a JSON-RPC error, or drop the connection; each after `delayMs`. */
export type MockAnswer<Result = MockResult> =
  | { kind: "result"; result: Result; delayMs: number }
  | {
      kind: "error";
      code: number;
      message: string;
      data?: unknown;
      delayMs: number;
      /**
       * Called once this answer is written (over HTTP, its response finished; over stdio, its
       * line written) or its connection is gone: what must wait for it (a recording's stop).
       */
      written?: (() => void) | undefined;
    }
  | { kind: "drop"; delayMs: number };

/** A `prompts/get`, `resources/read` or `completion/complete` result as the mock builds it. */
export type SurfaceResult = Record<string, unknown>;

/** The prompts, resources and templates a mock answers for, from the IR. */
export interface MockSurface {
  prompts: ReadonlyArray<{ name: string; description?: string | undefined; arguments: ReadonlyArray<{ name: string; required: boolean }> }>;
  resources: ReadonlyArray<{ uri: string; mimeType?: string | undefined }>;
  templates: ReadonlyArray<{ name: string; uriTemplate: string; mimeType?: string | undefined; matcher: UriTemplateMatcher }>;
}

/** The tool facts a responder needs, from the IR. */
export interface MockTool {
  name: string;
  output?: Schema | undefined;
}

export interface ResponderOptions {
  tools: readonly MockTool[];
  validators: ToolValidators;
  /** Checked in order; the first that matches a call answers it. */
  fixtures?: readonly Fixture[] | undefined;
  /** The seed generated values are derived from (default 1). */
  seed?: number | undefined;
  /** The prompts, resources and templates (none when absent). */
  surface?: MockSurface | undefined;
}

export interface Responder {
  /** The whole answer to a call: an unknown tool or arguments that are no object (-32602), invalid arguments (a tool error), then fixtures and values. */
  answer(toolName: string, args: unknown): MockAnswer;
  /** The answer to a call of a listed tool whose arguments were checked already (the mock server checks them as a scaffold does). */
  answerChecked(toolName: string, args: Record<string, unknown>): MockAnswer;
  /** `prompts/get`: an unknown prompt or arguments that do not fit it (-32602), then fixtures and a generated message. */
  answerPrompt(name: string, args: unknown): MockAnswer<SurfaceResult>;
  /** `resources/read`: fixtures of the URI, a fixed resource, a template that matches it; else resource not found (-32602, `data.uri`). */
  answerResource(uri: string): MockAnswer<SurfaceResult>;
  /** `completion/complete`: nothing to complete, or -32602 for a prompt, template or argument the manifest does not have. */
  answerCompletion(params: unknown): MockAnswer<SurfaceResult>;
}

/** MCP "Error Handling": an unknown tool and malformed arguments are protocol errors, -32602. */
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

export function mockTools(tools: readonly ToolIR[]): MockTool[] {
  return tools.map((tool) => ({ name: tool.wireName, output: tool.output?.schema }));
}

/** The IR's prompts, resources and templates as a responder answers for them (each template's matcher made once). */
export function mockSurface(ir: ManifestIR): MockSurface {
  return {
    prompts: ir.prompts.map((prompt) => ({
      name: prompt.wireName,
      description: prompt.description,
      arguments: prompt.arguments.map(({ name, required }) => ({ name, required })),
    })),
    resources: ir.resources.map((resource) => ({ uri: resource.uri, mimeType: resource.mimeType })),
    templates: ir.resourceTemplates.map((template) => ({
      name: template.wireName,
      uriTemplate: template.uriTemplate,
      mimeType: template.mimeType,
      matcher: uriTemplateMatcher(template.uriTemplate),
    })),
  };
}

export function createResponder(options: ResponderOptions): Responder {
  const tools = new Map(options.tools.map((tool) => [tool.name, tool]));
  const fixtures = options.fixtures ?? [];
  const seed = options.seed ?? 1;
  const validators = options.validators;
  /** The first fixture of this tool, prompt or resource that matches the arguments. */
  const fixtureFor = (kind: "tool" | "prompt" | "resource", name: string, args: Record<string, unknown>) =>
    fixtures.find((candidate) => {
      const subject = fixtureSubject(candidate);
      return subject.kind === kind && subject.name === name && matches(candidate, args);
    });

  const answerChecked = (name: string, args: Record<string, unknown>): MockAnswer => {
    const tool = tools.get(name)!;
    const fixture = fixtureFor("tool", name, args);
    const delayMs = fixture?.delayMs ?? 0;
    if (fixture?.drop === true) return { kind: "drop", delayMs };
    if (fixture?.error !== undefined) return { kind: "error", ...fixture.error, delayMs };
    const fromFixture = fixture === undefined ? undefined : fixtureResult(fixture);
    if (fromFixture !== undefined) return { kind: "result", result: checkedFixture(tool, fromFixture, fixture!, validators), delayMs };
    return { kind: "result", result: generatedResult(tool, args, seed, validators), delayMs };
  };

  const surface = options.surface ?? { prompts: [], resources: [], templates: [] };
  const prompts = new Map(surface.prompts.map((prompt) => [prompt.name, prompt]));
  const resources = new Map(surface.resources.map((resource) => [resource.uri, resource]));
  /**
   * A prompt's or a resource's fixture answer; a `result` the SDKs' schema of `type` refuses (a message without
   * `content`, a blob that is not Base64) is the internal error (-32603) a scaffold's server answers for such a handler.
   */
  const fromFixture = (
    fixture: Fixture,
    generated: () => SurfaceResult,
    type: "GetPromptResult" | "ReadResourceResult",
    subject: string,
  ): MockAnswer<SurfaceResult> => {
    const delayMs = fixture.delayMs ?? 0;
    if (fixture.drop === true) return { kind: "drop", delayMs };
    if (fixture.error !== undefined) return { kind: "error", ...fixture.error, delayMs };
    if (fixture.result === undefined) return { kind: "result", result: generated(), delayMs };
    const result = structuredClone(fixture.result);
    const fault = specFault(type, result);
    if (fault !== undefined)
      return { kind: "error", code: INTERNAL_ERROR, message: `The fixture ${fixture.origin ?? ""} of ${subject} is not a ${type}${fault}`, delayMs };
    const meta = isRecord(result["_meta"]) ? result["_meta"] : {};
    return { kind: "result", result: { ...result, _meta: { ...meta, [MOCK_META_KEY]: { source: "fixture", fixture: fixture.origin ?? "" } } }, delayMs };
  };
  const invalid = (message: string, data?: unknown): MockAnswer<SurfaceResult> => ({
    kind: "error",
    code: INVALID_PARAMS,
    message,
    ...(data === undefined ? {} : { data }),
    delayMs: 0,
  });

  return {
    answerChecked,
    answerPrompt(name, args) {
      const prompt = prompts.get(name);
      if (prompt === undefined) return invalid(`Unknown prompt: ${JSON.stringify(name)}`);
      const given = args === undefined ? {} : args;
      if (typeof given !== "object" || given === null || Array.isArray(given))
        return invalid(`Invalid params: params.arguments must be an object of the prompt's arguments, not ${describeValue(given)}`);
      // As a scaffold checks them (templates/server-surface.ts): the required ones given, every value a string.
      const problems: string[] = [];
      const checked: Record<string, string> = {};
      for (const argument of prompt.arguments) {
        const value = Object.prototype.hasOwnProperty.call(given, argument.name) ? (given as Record<string, unknown>)[argument.name] : undefined;
        if (value === undefined) {
          if (argument.required) problems.push(`missing required argument ${JSON.stringify(argument.name)}`);
        } else if (typeof value !== "string") problems.push(`argument ${JSON.stringify(argument.name)} must be a string`);
        else setOwn(checked, argument.name, value);
      }
      if (problems.length > 0) return invalid(`Invalid arguments for prompt ${JSON.stringify(name)}: ${problems.join("; ")}`);
      const generated = () => promptMessage(prompt, checked);
      const fixture = fixtureFor("prompt", name, given as Record<string, unknown>);
      return fixture === undefined
        ? { kind: "result", result: generated(), delayMs: 0 }
        : fromFixture(fixture, generated, "GetPromptResult", `prompt ${JSON.stringify(name)}`);
    },
    answerResource(uri) {
      const resource = resources.get(uri);
      const template = resource === undefined ? surface.templates.find((candidate) => candidate.matcher.match(uri) !== undefined) : undefined;
      const generated = () => resourceText(uri, resource, template);
      const fixture = fixtureFor("resource", uri, {});
      if (fixture !== undefined) return fromFixture(fixture, generated, "ReadResourceResult", `resource ${JSON.stringify(uri)}`);
      if (resource === undefined && template === undefined) return invalid("Resource not found", { uri });
      return { kind: "result", result: generated(), delayMs: 0 };
    },
    answerCompletion(params) {
      const { ref, argument } = (typeof params === "object" && params !== null ? params : {}) as {
        ref?: Record<string, unknown>;
        argument?: Record<string, unknown>;
      };
      let names: readonly string[] | undefined;
      let what = "";
      if (ref?.["type"] === "ref/prompt") {
        const prompt = prompts.get(String(ref["name"]));
        if (prompt === undefined) return invalid(`Unknown prompt: ${JSON.stringify(ref["name"])}`);
        names = prompt.arguments.map((item) => item.name);
        what = `prompt ${JSON.stringify(prompt.name)}`;
      } else if (ref?.["type"] === "ref/resource") {
        const template = surface.templates.find((candidate) => candidate.uriTemplate === ref["uri"]);
        if (template === undefined) {
          if (resources.has(String(ref["uri"]))) return { kind: "result", result: EMPTY_COMPLETION, delayMs: 0 };
          return invalid(`Unknown resource template: ${JSON.stringify(ref["uri"])}`);
        }
        names = template.matcher.variables.map((variable) => variable.name);
        what = `resource template ${JSON.stringify(template.name)}`;
      }
      if (names === undefined) return invalid("Invalid params: ref must be a ref/prompt or a ref/resource");
      if (!names.includes(String(argument?.["name"]))) return invalid(`Unknown argument ${JSON.stringify(argument?.["name"])} of ${what}`);
      return { kind: "result", result: EMPTY_COMPLETION, delayMs: 0 };
    },
    answer(name, args) {
      if (!tools.has(name)) return { kind: "error", code: INVALID_PARAMS, message: `Unknown tool: ${JSON.stringify(name)}`, delayMs: 0 };
      const given = args === undefined ? {} : args;
      if (typeof given !== "object" || given === null || Array.isArray(given)) {
        return {
          kind: "error",
          code: INVALID_PARAMS,
          message: `Invalid params: params.arguments must be an object of the tool's arguments, not ${describeValue(given)}`,
          delayMs: 0,
        };
      }
      // Servers MUST validate tool inputs; invalid arguments are a tool execution error the model can correct (SEP-1303).
      const input = validators.validateInput(name, given);
      if (input.ok === false) return { kind: "result", result: invalidArguments(name, input.issues), delayMs: 0 };
      return answerChecked(name, given as Record<string, unknown>);
    },
  };
}

/** The result a fixture answers with, or undefined when it answers with a generated value (a delay alone). */
function fixtureResult(fixture: Fixture): MockResult | undefined {
  const stated = { [MOCK_META_KEY]: { source: "fixture", fixture: fixture.origin ?? fixture.tool } };
  if (fixture.result !== undefined) {
    const result = structuredClone(fixture.result) as MockResult;
    if (!Array.isArray(result.content)) result.content = [];
    const meta = isRecord(result._meta) ? result._meta : {};
    return { ...result, _meta: { ...meta, ...stated } };
  }
  if ("structuredContent" in fixture) {
    return { content: [textBlock(fixture.structuredContent)], structuredContent: structuredClone(fixture.structuredContent), _meta: stated };
  }
  return undefined;
}

/**
 * A fixture's result, unless it is no `CallToolResult` as the clients' SDKs read one (image `data` that is not Base64, a
 * text block without `text`: they would reject the whole answer) or breaks the tool's outputSchema: then the tool error
 * a contract-keeping server answers (a scaffold's does the same), naming the fixture.
 */
function checkedFixture(tool: MockTool, result: MockResult, fixture: Fixture, validators: ToolValidators): MockResult {
  const fault = fixtureFault(tool, result, validators);
  if (fault === undefined) return result;
  const stated = { source: "fixture", fixture: fixture.origin ?? fixture.tool };
  if (fault.kind === "spec")
    return errorResult(`The fixture ${fixture.origin ?? ""} of tool ${JSON.stringify(tool.name)} is not a CallToolResult${fault.fault}`, stated);
  return errorResult(
    `The fixture ${fixture.origin ?? ""} of tool ${JSON.stringify(tool.name)} does not match its outputSchema:\n${describeIssues(fault.issues)}`,
    stated,
  );
}

type FixtureFault = { kind: "spec"; fault: string } | { kind: "output"; issues: readonly ValidationIssue[] };

/** Why a tool fixture's result is answered with a tool error in its place (see `checkedFixture`), or undefined. */
function fixtureFault(tool: MockTool, result: MockResult, validators: ToolValidators): FixtureFault | undefined {
  const fault = specFault("CallToolResult", result);
  if (fault !== undefined) return { kind: "spec", fault };
  if (tool.output === undefined || result.isError === true) return undefined;
  const output =
    result.structuredContent === undefined
      ? { ok: false as const, issues: [{ path: "", message: "structuredContent is missing (the tool declares an outputSchema)" }] }
      : validators.validateOutput(tool.name, result.structuredContent);
  return output.ok ? undefined : { kind: "output", issues: output.issues };
}

/**
 * Warnings for the tool fixtures every call would answer with a tool error in their place (a result that is no
 * `CallToolResult`, a `structuredContent` the outputSchema refuses): `mcpgen mock` names them as it starts, file and
 * pointer, where the first call that picked one was the first word of it.
 */
export function faultyFixtures(tools: readonly MockTool[], fixtures: readonly Fixture[], validators: ToolValidators): Diagnostic[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const warnings: Diagnostic[] = [];
  for (const fixture of fixtures) {
    const subject = fixtureSubject(fixture);
    const tool = subject.kind === "tool" ? byName.get(subject.name) : undefined;
    const result = tool === undefined ? undefined : fixtureResult(fixture);
    if (tool === undefined || result === undefined) continue;
    const fault = fixtureFault(tool, result, validators);
    if (fault === undefined) continue;
    const [file, at] = splitOrigin(fixture.origin);
    const [first] = fault.kind === "output" ? fault.issues : [];
    // The place in the file: the first issue's in the value (`/fixtures/0/structuredContent/temperature`), else the result.
    const place =
      fault.kind === "spec" || result.structuredContent === undefined
        ? "/result"
        : (fixture.result === undefined ? "/structuredContent" : "/result/structuredContent") + (first?.path ?? "");
    warnings.push({
      severity: "warning",
      code: "fixture-invalid",
      message:
        fault.kind === "spec"
          ? `a fixture whose result is not a CallToolResult${fault.fault}: every call it matches is answered with a tool error saying so`
          : `a fixture whose structuredContent the tool's outputSchema rejects (${firstOfIssues(fault.issues)}): every call it matches is answered with a tool error saying so`,
      file,
      pointer: at === undefined ? undefined : at + place,
      tool: tool.name,
      hint: fault.kind === "spec" ? "correct the result (docs/mock.md, Fixtures)" : "correct the value to one the tool's outputSchema takes",
    });
  }
  return warnings;
}

/**
 * Where and why the SDKs' schema of `type` refuses `result` (` at content[0].data: Invalid Base64 string`), or
 * undefined: the place worded as templates/server-runtime.ts `specFault` words it for a scaffold. Not imported from
 * there, as the scaffold runtime's wording of issues below is not: that module loads the server SDK, which the
 * in-process mock client (`createMockClient`) does not otherwise need (about 70 ms more at its import).
 */
function specFault(type: "CallToolResult" | "GetPromptResult" | "ReadResourceResult", result: unknown): string | undefined {
  const issue = specTypeSchemas[type]["~standard"].validate(result).issues?.[0];
  if (issue === undefined) return undefined;
  const at = (issue.path ?? [])
    .map((segment) => {
      const key = typeof segment === "object" ? segment.key : segment;
      return typeof key === "number" ? `[${key}]` : `.${String(key)}`;
    })
    .join("")
    .replace(/^\./, "");
  return `${at === "" ? "" : ` at ${at}`}: ${issue.message}`;
}

function generatedResult(tool: MockTool, args: Record<string, unknown>, seed: number, validators: ToolValidators): MockResult {
  if (tool.output === undefined) {
    return {
      content: [{ type: "text", text: `mock answer of tool ${JSON.stringify(tool.name)} (it declares no outputSchema)` }],
      _meta: { [MOCK_META_KEY]: { source: "text" } },
    };
  }
  const callValueSeed = callSeed(seed, tool.name, args);
  const value = valueFor(tool.output, (candidate) => validators.validateOutput(tool.name, candidate), callValueSeed);
  if (!value.ok) return errorResult(`mcpgen mock cannot answer tool ${JSON.stringify(tool.name)}: ${value.reason}`, { source: "none" });
  const statement: { source: ValueSource; seed?: number } = { source: value.source };
  if (value.source === "generated") statement.seed = seed;
  return { content: [textBlock(value.value)], structuredContent: value.value, _meta: { [MOCK_META_KEY]: statement } };
}

const EMPTY_COMPLETION: SurfaceResult = { completion: { values: [], total: 0, hasMore: false } };

function describeValue(value: unknown): string {
  return Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`;
}

/** A prompt's generated answer: one user message of its description and the arguments given. */
function promptMessage(prompt: MockSurface["prompts"][number], args: Record<string, string>): SurfaceResult {
  const lines = [`mock answer of prompt ${JSON.stringify(prompt.name)}${prompt.description === undefined ? "" : `: ${prompt.description}`}`];
  for (const name of Object.keys(args)) lines.push(`${name}: ${JSON.stringify(args[name])}`);
  return {
    ...(prompt.description === undefined ? {} : { description: prompt.description }),
    messages: [{ role: "user", content: { type: "text", text: lines.join("\n") } }],
    _meta: { [MOCK_META_KEY]: { source: "text" } },
  };
}

/** A resource's generated answer: one text content naming its URI, its mimeType and (read through a template) the variables. */
function resourceText(
  uri: string,
  resource: MockSurface["resources"][number] | undefined,
  template: MockSurface["templates"][number] | undefined,
): SurfaceResult {
  const mimeType = resource?.mimeType ?? template?.mimeType;
  const through =
    template === undefined ? "" : ` (resource template ${JSON.stringify(template.name)}, variables ${JSON.stringify(template.matcher.match(uri))})`;
  const text = `mock contents of ${JSON.stringify(uri)}${mimeType === undefined ? "" : `, ${mimeType}`}${through}`;
  return {
    contents: [{ uri, ...(mimeType === undefined ? {} : { mimeType }), text }],
    _meta: { [MOCK_META_KEY]: { source: "text" } },
  };
}

function textBlock(value: unknown): Record<string, unknown> {
  return { type: "text", text: JSON.stringify(value) ?? "null" };
}

export function errorResult(message: string, statement?: Record<string, unknown>): MockResult {
  return { isError: true, content: [{ type: "text", text: message }], ...(statement === undefined ? {} : { _meta: { [MOCK_META_KEY]: statement } }) };
}

/** The tool error of arguments its validator rejects, in the scaffold runtime's words (templates/server-runtime.ts `tools/call`). */
export function invalidArguments(name: string, issues: readonly ValidationIssue[]): MockResult {
  return errorResult(`Invalid arguments for tool ${JSON.stringify(name)}:\n${describeIssues(issues)}`);
}

/** The scaffold runtime's wording of validation issues (templates/server-runtime.ts). */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `  ${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`).join("\n");
}
