/**
 * What a mock answers to one `tools/call`, whoever asked (the mock server or
 * the in-process client): arguments checked with the tool's validator (the
 * scaffold's wording when they fail), then the first fixture that matches,
 * then a value from the outputSchema (`values.ts`). Every result states where
 * it came from in `_meta["mcpgen/mock"]` (Prism states its choice per
 * response the same way): `fixture` (with the fixture's file and pointer),
 * `example`, `default`, `generated` (with the seed), or `text` for a tool
 * without outputSchema.
 */
import type { Schema, ToolIR } from "../ir/index.js";
import { type Fixture, matches } from "./fixtures.js";
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
export type MockAnswer =
  | { kind: "result"; result: MockResult; delayMs: number }
  | { kind: "error"; code: number; message: string; data?: unknown; delayMs: number }
  | { kind: "drop"; delayMs: number };

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
}

export interface Responder {
  /** The whole answer to a call: an unknown tool or arguments that are no object (-32602), invalid arguments (a tool error), then fixtures and values. */
  answer(toolName: string, args: unknown): MockAnswer;
  /** The answer to a call of a listed tool whose arguments were checked already (the mock server checks them as a scaffold does). */
  answerChecked(toolName: string, args: Record<string, unknown>): MockAnswer;
}

/** MCP "Error Handling": an unknown tool and malformed arguments are protocol errors, -32602. */
const INVALID_PARAMS = -32602;

export function mockTools(tools: readonly ToolIR[]): MockTool[] {
  return tools.map((tool) => ({ name: tool.wireName, output: tool.output?.schema }));
}

export function createResponder(options: ResponderOptions): Responder {
  const tools = new Map(options.tools.map((tool) => [tool.name, tool]));
  const fixtures = options.fixtures ?? [];
  const seed = options.seed ?? 1;
  const validators = options.validators;

  const answerChecked = (name: string, args: Record<string, unknown>): MockAnswer => {
    const tool = tools.get(name)!;
    const fixture = fixtures.find((candidate) => candidate.tool === name && matches(candidate, args));
    const delayMs = fixture?.delayMs ?? 0;
    if (fixture?.drop === true) return { kind: "drop", delayMs };
    if (fixture?.error !== undefined) return { kind: "error", ...fixture.error, delayMs };
    const fromFixture = fixture === undefined ? undefined : fixtureResult(fixture);
    if (fromFixture !== undefined) return { kind: "result", result: checkedFixture(tool, fromFixture, fixture!, validators), delayMs };
    return { kind: "result", result: generatedResult(tool, args, seed, validators), delayMs };
  };

  return {
    answerChecked,
    answer(name, args) {
      if (!tools.has(name)) return { kind: "error", code: INVALID_PARAMS, message: `Unknown tool: ${JSON.stringify(name)}`, delayMs: 0 };
      const given = args === undefined ? {} : args;
      if (typeof given !== "object" || given === null || Array.isArray(given)) {
        return {
          kind: "error",
          code: INVALID_PARAMS,
          message: `Invalid params: params.arguments must be an object of the tool's arguments, not ${Array.isArray(given) ? "an array" : given === null ? "null" : `a ${typeof given}`}`,
          delayMs: 0,
        };
      }
      // Servers MUST validate tool inputs; invalid arguments are a tool execution error the model can correct (SEP-1303).
      const input = validators.validateInput(name, given);
      if (input.ok === false)
        return { kind: "result", result: errorResult(`Invalid arguments for tool ${JSON.stringify(name)}:\n${describeIssues(input.issues)}`), delayMs: 0 };
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
    const meta = typeof result._meta === "object" && result._meta !== null && !Array.isArray(result._meta) ? result._meta : {};
    return { ...result, _meta: { ...meta, ...stated } };
  }
  if ("structuredContent" in fixture) {
    return { content: [textBlock(fixture.structuredContent)], structuredContent: structuredClone(fixture.structuredContent), _meta: stated };
  }
  return undefined;
}

/** A fixture's result, unless it breaks the tool's outputSchema: then the tool error a contract-keeping server answers, naming the fixture. */
function checkedFixture(tool: MockTool, result: MockResult, fixture: Fixture, validators: ToolValidators): MockResult {
  if (tool.output === undefined || result.isError === true) return result;
  const output =
    result.structuredContent === undefined
      ? { ok: false as const, issues: [{ path: "", message: "structuredContent is missing (the tool declares an outputSchema)" }] }
      : validators.validateOutput(tool.name, result.structuredContent);
  if (output.ok) return result;
  return errorResult(
    `The fixture ${fixture.origin ?? ""} of tool ${JSON.stringify(tool.name)} does not match its outputSchema:\n${describeIssues(output.issues)}`,
    { source: "fixture", fixture: fixture.origin ?? fixture.tool },
  );
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

function textBlock(value: unknown): Record<string, unknown> {
  return { type: "text", text: JSON.stringify(value) ?? "null" };
}

export function errorResult(message: string, statement?: Record<string, unknown>): MockResult {
  return { isError: true, content: [{ type: "text", text: message }], ...(statement === undefined ? {} : { _meta: { [MOCK_META_KEY]: statement } }) };
}

/** The scaffold runtime's wording of validation issues (templates/server-runtime.ts). */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `  ${issue.path === "" ? "(root)" : issue.path}: ${issue.message}`).join("\n");
}
