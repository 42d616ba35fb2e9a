// An app with two servers: two generated clients in one program, each output with its own runtime.ts and so
// its own error classes. test/generated/multi-client.test.ts type-checks this file under the strict settings (the
// narrowing below is part of the test: a guard that were no type predicate would not compile), compiles it,
// runs it and reads what it prints.
import * as shared from "../../golden/shared/index.js";
import { validateInput } from "../../golden/shared/validate.js";
import * as weather from "../../golden/weather/index.js";

/** A connected SDK client, seen structurally: every call fails as the tool reporting `isError`. */
const failingServer: weather.McpClient = {
  callTool: async (params: { name: string }) => ({ content: [{ type: "text", text: `${params.name} failed` }], isError: true }),
};
const weatherClient = weather.createClient(failingServer);
const sharedClient = shared.createClient(failingServer);

async function rejection(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw");
}

/** A subclass a user might write: `instanceof` it admits its own instances only. */
class RetryableToolError extends weather.ToolError {
  readonly retryAfter = 5;
}

const errors = {
  weatherToolError: await rejection(() => weatherClient.getWeather({ location: "Atlantis" })),
  sharedToolError: await rejection(() => sharedClient.listStores()),
  // Invalid arguments: rejected before anything is sent.
  weatherValidationError: await rejection(() => weatherClient.getForecast({ location: "Oslo", days: "three" } as never)),
  sharedValidationError: await rejection(() => sharedClient.listCustomers({ near: { city: "Oslo" } } as never)),
  subclassed: new RetryableToolError("get_weather", { content: [] }),
};
const weatherToolError = errors.weatherToolError;

/** What each copy's classes and guards say of a value. */
function identity(value: unknown) {
  return {
    weather: [value instanceof weather.ToolError, weather.isToolError(value), value instanceof weather.ValidationError, weather.isValidationError(value)],
    shared: [value instanceof shared.ToolError, shared.isToolError(value), value instanceof shared.ValidationError, shared.isValidationError(value)],
    error: value instanceof Error,
    retryable: value instanceof RetryableToolError,
  };
}

/** What an app's error handler does: the guards of one copy narrow the errors of every copy. */
function describeError(error: unknown): string {
  // @ts-expect-error an unknown value has no toolName before it is narrowed
  void error.toolName;
  if (error instanceof RetryableToolError) return `retry ${error.toolName} in ${error.retryAfter}s`;
  if (shared.isToolError(error)) {
    const result: weather.ToolResult = error.result;
    return `${error.name} from ${error.toolName}: ${error.message} (${result.content.length} block)`;
  }
  if (weather.isValidationError(error)) {
    const issues: readonly shared.ValidationIssue[] = error.issues;
    const phase: "input" | "output" = error.phase;
    // The subject's type comes from the entry point, as a user's handler would name it.
    const subject: weather.ValidationSubject = error.subject;
    return `${error.name} (${phase}) for ${subject.kind} ${error.toolName}: ${issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}`;
  }
  if (error instanceof shared.ValidationError) {
    // instanceof narrows as the guard does: unreachable here, and still typed.
    const phase: "input" | "output" = error.phase;
    return phase;
  }
  return "not mcpgen's";
}

// The first issue alone, with the options' type from the entry point.
const firstIssueOnly: shared.ValidateOptions = { firstIssue: true };
const firstIssue = validateInput("list_customers", { page: { size: 0 }, near: { city: "Oslo" } }, firstIssueOnly);
const everyIssue = validateInput("list_customers", { page: { size: 0 }, near: { city: "Oslo" } });

// Copies of an error that lose what makes it one: what a server could send (JSON has no symbol keys), a
// spread, and a structured clone (what crosses a worker boundary).
const lookalikes = {
  json: JSON.parse(
    JSON.stringify({ ...(weatherToolError as object), name: "ToolError", toolName: "get_weather", result: { content: [], isError: true } }),
  ) as unknown,
  spread: { ...(weatherToolError as object) },
  structuredClone: structuredClone(weatherToolError),
};

console.log(
  JSON.stringify({
    identity: Object.fromEntries(Object.entries(errors).map(([name, value]) => [name, identity(value)])),
    lookalikes: Object.fromEntries(Object.entries(lookalikes).map(([name, value]) => [name, identity(value)])),
    issues: { first: firstIssue.ok ? [] : firstIssue.issues, every: everyIssue.ok ? [] : everyIssue.issues },
    described: Object.fromEntries(Object.entries({ ...errors, ...lookalikes }).map(([name, value]) => [name, describeError(value)])),
  }),
);
