/**
 * templates/client-runtime.ts where it stands (every client's `runtime.ts`
 * is a copy of it): running a generated validator (the fast path, then the
 * issues), the error classes and their brand, the tool caller over a fake SDK
 * client of either generation, and the Standard Schemas. (The words of each
 * keyword's issues are checked in test/generated/validators.test.ts.)
 */
import { describe, expect, it } from "vitest";
import * as otherCopy from "../../golden/weather/runtime.js";
import {
  callTool,
  connect,
  createStandardSchemas,
  InputRequiredError,
  isInputRequiredError,
  isToolError,
  isValidationError,
  otherMembers,
  runValidator,
  ToolError,
  ValidationError,
  type CallOptions,
  type CompiledValidator,
  type McpClient,
  type StructuredToolResult,
  type ToolCall,
  type ToolResult,
  type ValidationIssue,
} from "../../templates/client-runtime.js";

/** Every call of the validators `failing` makes: with the path it is given, and whether with a list to push issues to. */
const calls: Array<{ path: string | undefined; collecting: boolean }> = [];

/** A generated validator's contract: valid when the value is `"ok"` or has `ok: true`; otherwise `issues`, below the path it is given. */
function failing(...issues: ValidationIssue[]): CompiledValidator {
  return (data, path, collected) => {
    calls.push({ path, collecting: collected !== undefined });
    const valid = data === "ok" || (typeof data === "object" && data !== null && (data as { ok?: unknown }).ok === true);
    if (!valid) collected?.push(...issues.map((issue) => ({ path: `${path ?? ""}${issue.path}`, message: issue.message })));
    return valid;
  };
}

describe("runValidator", () => {
  const table = {
    strict: failing({ path: "/a~1b/c~1d", message: "is required" }, { path: "/n", message: "must be >= 2" }),
    silent: failing(),
    anything: null,
  };

  it("asks the validator for a value's issues in one pass, from the root's pointer", () => {
    calls.length = 0;
    expect(runValidator(table, "strict", {}, "input")).toEqual({
      ok: false,
      issues: [
        { path: "/a~1b/c~1d", message: "is required" },
        { path: "/n", message: "must be >= 2" },
      ],
    });
    expect(calls).toEqual([{ path: "", collecting: true }]);
    calls.length = 0;
    runValidator(table, "strict", { ok: true }, "input");
    expect(calls).toEqual([{ path: "", collecting: true }]);
  });

  it("with firstIssue, reports the first issue alone", () => {
    expect(runValidator(table, "strict", {}, "input", { firstIssue: true })).toEqual({
      ok: false,
      issues: [{ path: "/a~1b/c~1d", message: "is required" }],
    });
    expect(runValidator(table, "strict", { ok: true }, "input", { firstIssue: true })).toEqual({ ok: true, value: { ok: true } });
  });

  it("passes a valid value through, and anything where a tool has no validator", () => {
    expect(runValidator(table, "strict", { ok: true }, "input")).toEqual({ ok: true, value: { ok: true } });
    expect(runValidator(table, "anything", [1], "output")).toEqual({ ok: true, value: [1] });
  });

  it("says `invalid <role>` when the validator gives no reason", () => {
    expect(runValidator(table, "silent", {}, "input")).toEqual({ ok: false, issues: [{ path: "", message: "invalid input" }] });
  });

  it("requires tool arguments to be an object, outside the schema", () => {
    for (const value of [null, [], "ok", 1]) {
      expect(runValidator(table, "anything", value, "input")).toEqual({
        ok: false,
        issues: [{ path: "", message: "must be object (tool arguments are a JSON object)" }],
      });
    }
  });

  it("finds a tool named `__proto__` only where the table has it as its own", () => {
    const own: { [name: string]: CompiledValidator | null } = { ["__proto__"]: null, ["toString"]: failing() };
    expect(runValidator(own, "__proto__", 1, "output")).toEqual({ ok: true, value: 1 });
    expect(runValidator(own, "toString", "ok", "output")).toEqual({ ok: true, value: "ok" });
    expect(runValidator({}, "__proto__", {}, "input")).toEqual({ ok: false, issues: [{ path: "", message: 'unknown tool "__proto__"' }] });
    expect(runValidator(Object.create(null) as typeof own, "toString", {}, "input").ok).toBe(false);
  });

  it("knows only the table's own tools (not `toString` or `constructor`)", () => {
    for (const name of ["toString", "constructor", "nope"]) {
      expect(runValidator(table, name, {}, "input")).toEqual({ ok: false, issues: [{ path: "", message: `unknown tool ${JSON.stringify(name)}` }] });
    }
  });
});

describe("ValidationError and ToolError", () => {
  const issues = [
    { path: "/a", message: "must be string" },
    { path: "", message: "must have required property 'b'" },
  ];

  it("name the first ten issues in their message and count the rest, keeping every issue in `issues`", () => {
    const many = Array.from({ length: 50_000 }, (_, index) => ({ path: `/users/${index}/email`, message: "is required" }));
    const error = new ValidationError("list_users", "output", many);
    expect(error.issues).toHaveLength(50_000);
    const named = many.slice(0, 10).map((issue) => `${issue.path} is required`);
    expect(error.message).toBe(`tool "list_users" returned structuredContent that does not match its outputSchema: ${named.join("; ")}; … (49990 more)`);
    // Ten exactly: all named, nothing counted.
    expect(new ValidationError("get", "input", many.slice(0, 10)).message).toBe(`invalid arguments for tool "get": ${named.join("; ")}`);
  });

  it("say what went wrong, for which tool", () => {
    expect(new ValidationError("get", "input", issues).message).toBe(
      `invalid arguments for tool "get": /a must be string; (root) must have required property 'b'`,
    );
    expect(new ValidationError("get", "output", issues.slice(0, 1)).message).toBe(
      `tool "get" returned structuredContent that does not match its outputSchema: /a must be string`,
    );
    const result: ToolResult = {
      isError: true,
      content: [
        { type: "text", text: "first" },
        { type: "image", data: "", mimeType: "image/png" },
        { type: "text", text: "second" },
      ],
    };
    const error = new ToolError("get", result);
    expect([error.name, error.message, error.toolName, error.result]).toEqual(["ToolError", 'tool "get" reported an error: first\nsecond', "get", result]);
    expect(new ToolError("get", { content: [] }).message).toBe('tool "get" reported an error');
  });

  it("keep the result and the cause", () => {
    const result: ToolResult = { content: [], structuredContent: { a: 1 } };
    const cause = new Error("from the SDK");
    const error = new ValidationError("get", "output", issues, result, cause);
    expect([error.name, error.toolName, error.subject, error.phase, error.issues, error.result, error.cause]).toEqual([
      "ValidationError",
      "get",
      { kind: "tool", name: "get" },
      "output",
      issues,
      result,
      cause,
    ]);
    expect(Object.keys(error)).not.toContain("cause");
  });

  it("are recognised across copies of the runtime (every generated client has its own)", () => {
    const theirs = new otherCopy.ToolError("get", { content: [] });
    expect(theirs instanceof ToolError).toBe(true);
    expect(isToolError(theirs)).toBe(true);
    expect(new otherCopy.ValidationError("get", "input", issues) instanceof ValidationError).toBe(true);
    expect(isValidationError(new otherCopy.ValidationError("get", "input", issues))).toBe(true);
    expect(isToolError(new ValidationError("get", "input", issues))).toBe(false);
  });

  it("are not faked by a copy of their fields, and a subclass checks its own prototype", () => {
    const error = new ToolError("get", { content: [] });
    expect(isToolError({ ...error })).toBe(false);
    expect(isToolError(JSON.parse(JSON.stringify(error)))).toBe(false);
    class MyError extends ToolError {}
    expect(new MyError("get", { content: [] }) instanceof MyError).toBe(true);
    expect(error instanceof MyError).toBe(false);
    expect(new otherCopy.ToolError("get", { content: [] }) instanceof MyError).toBe(false);
  });
});

/** A fake SDK client: records each `callTool` and answers with `answer`; a v2 client's connection is on `era` (default legacy). */
function fakeClient(generation: "v1" | "v2", answer: (name: string) => unknown, era: "modern" | "legacy" = "legacy"): McpClient & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const client = {
    calls,
    callTool: async (...args: unknown[]) => {
      calls.push(args);
      const outcome = answer((args[0] as { name: string }).name);
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },
    ...(generation === "v2" ? { getNegotiatedProtocolVersion: () => (era === "modern" ? "2026-07-28" : "2025-11-25"), getProtocolEra: () => era } : {}),
  };
  return client as McpClient & { calls: unknown[][] };
}

/**
 * A tool as calls.ts exports it, named `name`, with `traits`: arguments of `get` need a `city`, every other tool's
 * anything; outputs need a number `t` (`passAll`: anything goes).
 */
function tool(
  name: string,
  traits: Pick<ToolCall, "structured" | "nonObjectOutput" | "headerArguments"> = {},
  passAll = false,
): ToolCall<(input?: unknown, options?: CallOptions) => Promise<ToolResult>> {
  const any: CompiledValidator = () => true;
  return {
    name,
    validators: async () => ({
      input: name === "get" && !passAll ? failing({ path: "/city", message: "is required" }) : any,
      output: passAll ? any : failing({ path: "/t", message: "must be number" }),
    }),
    ...traits,
  };
}

describe("callTool's call path (every createClient method's too)", () => {
  it.each(["v1", "v2"] as const)("calls the tool through an SDK %s client with its request options, and validates both ways", async (generation) => {
    const client = fakeClient(generation, () => ({ content: [], structuredContent: { ok: true } }));
    const result = await callTool(connect(client), tool("get", { structured: true }), { ok: true }, { timeout: 5 });
    expect(result).toEqual({ content: [], structuredContent: { ok: true } });
    // v1 takes (params, resultSchema, options), v2 (params, options), with the tool's definition for its header mirroring.
    const params = { name: "get", arguments: { ok: true } };
    expect(client.calls).toEqual([
      generation === "v1" ? [params, undefined, { timeout: 5 }] : [params, { timeout: 5, toolDefinition: { name: "get", inputSchema: { type: "object" } } }],
    ]);
  });

  it("hands SDK v2 each tool's x-mcp-header arguments as its definition (MCP 2026-07-28), and no outputSchema", async () => {
    const client = fakeClient("v2", () => ({ content: [] }), "modern");
    const region = { type: "object" as const, properties: { region: { type: "string", "x-mcp-header": "Region" } } };
    const connected = connect(client);
    await callTool(connected, tool("sql", { headerArguments: region }), { region: "eu" });
    await callTool(connected, tool("constructor"), {});
    expect(client.calls).toEqual([
      [{ name: "sql", arguments: { region: "eu" } }, { toolDefinition: { name: "sql", inputSchema: region } }],
      [{ name: "constructor", arguments: {} }, { toolDefinition: { name: "constructor", inputSchema: { type: "object" } } }],
    ]);
  });

  it("refuses arguments before sending anything, and sends `{}` for none", async () => {
    const client = fakeClient("v1", () => ({ content: [] }));
    const connected = connect(client);
    const refused = await callTool(connected, tool("get"), { city: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).issues).toEqual([{ path: "/city", message: "is required" }]);
    expect(client.calls).toEqual([]);
    await callTool(connected, tool("ping"));
    expect(client.calls).toEqual([[{ name: "ping", arguments: {} }, undefined, {}]]);
  });

  it("throws ToolError for `isError`, and ValidationError for missing or wrong structuredContent, with the result", async () => {
    const answers: Record<string, unknown> = {
      failing: { isError: true, content: [{ type: "text", text: "no such city" }] },
      missing: { content: [] },
      wrong: { content: [], structuredContent: { t: "warm" } },
    };
    const connected = connect(fakeClient("v2", (name) => answers[name]));
    const call = (name: string) => callTool(connected, tool(name, { structured: true }), {});
    await expect(call("failing")).rejects.toThrow(new ToolError("failing", answers["failing"] as ToolResult));
    const missing = (await call("missing").catch((error: unknown) => error)) as ValidationError;
    expect([missing.phase, missing.issues, missing.result]).toEqual([
      "output",
      [{ path: "", message: "structuredContent is missing (the tool declares an outputSchema)" }],
      answers["missing"],
    ]);
    const wrong = (await call("wrong").catch((error: unknown) => error)) as ValidationError;
    expect([wrong.phase, wrong.issues]).toEqual(["output", [{ path: "/t", message: "must be number" }]]);
  });

  it("validates nothing with `validate: false`, per client or per call", async () => {
    const answer = () => ({ content: [], structuredContent: { t: "warm" } });
    await expect(callTool(connect(fakeClient("v1", answer), { validate: false }), tool("get", { structured: true }), { city: 1 })).resolves.toEqual(answer());
    await expect(callTool(connect(fakeClient("v1", answer)), tool("get", { structured: true }), { city: 1 }, { validate: false })).resolves.toEqual(answer());
  });

  it("reads an output that is not an object from its JSON text block, for the tools that may send one so", async () => {
    const connected = connect(fakeClient("v1", () => ({ content: [{ type: "text", text: "[1,2]" }] })));
    expect(await callTool(connected, tool("list", { nonObjectOutput: true }), {})).toEqual({
      content: [{ type: "text", text: "[1,2]" }],
      structuredContent: [1, 2],
    });
    expect(await callTool(connected, tool("other"), {})).toEqual({ content: [{ type: "text", text: "[1,2]" }] });
  });

  it.each([
    ["v1", "legacy", { result: 5 }, 5],
    ["v2", "legacy", { result: 5 }, 5],
    ["v2", "legacy", { result: { result: 1 } }, { result: 1 }],
    // On a 2026-07-28 connection structuredContent is the value as declared: never unwrapped.
    ["v2", "modern", 5, 5],
    ["v2", "modern", { result: 5 }, { result: 5 }],
    // Not the wrap: another member beside `result`.
    ["v2", "legacy", { result: 5, other: 1 }, { result: 5, other: 1 }],
  ] as const)("reads a non-object output back as declared: SDK %s on a %s connection, %j gives %j", async (generation, era, sent, read) => {
    const connected = connect(fakeClient(generation, () => ({ content: [], structuredContent: sent }), era));
    expect((await callTool(connected, tool("add", { structured: true, nonObjectOutput: true }, true), {})).structuredContent).toEqual(read);
  });

  it("throws InputRequiredError for a result that still needs input (MCP 2026-07-28), never passing it as a result", async () => {
    const pending = { resultType: "input_required", inputRequests: { ask: { method: "elicitation/create" } }, requestState: "s1" };
    const error = await callTool(connect(fakeClient("v2", () => pending, "modern")), tool("book"), {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputRequiredError);
    expect(isInputRequiredError(error)).toBe(true);
    expect([(error as InputRequiredError).toolName, (error as InputRequiredError).result]).toEqual(["book", pending]);
    // Typed as the spec's InputRequiredResult (npm run typecheck checks these reads, as under noPropertyAccessFromIndexSignature).
    const { requestState, inputRequests } = (error as InputRequiredError).result;
    const state: string | undefined = requestState;
    const method: string | undefined = inputRequests?.["ask"]?.method;
    expect([state, method]).toEqual(["s1", "elicitation/create"]);
    expect((error as Error).message).toMatch(/^tool "book" needs more input \(resultType "input_required"\)/);
    // A result type this client does not know (an SDK v1 client passes one through): not final, and not called input_required.
    const later = { resultType: "input_required_v2\u2028", content: [] };
    const unknown = await callTool(connect(fakeClient("v1", () => later)), tool("book"), {}).catch((caught: unknown) => caught);
    expect(unknown).toBeInstanceOf(InputRequiredError);
    expect((unknown as Error).message).toBe(
      'tool "book" answered with a resultType "input_required_v2\u2028" that this client does not know, so not with a final result; result holds what the server sent',
    );
    // A final result of the revision says so, and is a result.
    const complete = { resultType: "complete", content: [] };
    expect(await callTool(connect(fakeClient("v2", () => complete, "modern")), tool("book"), {})).toBe(complete);
  });

  it("leaves a result's other members reachable through otherMembers, not its type", () => {
    const result = { content: [], isError: false, resultType: "complete", vendorTrace: "t-1", __proto__: null } as unknown as ToolResult;
    expect({ ...otherMembers(result) }).toEqual({ vendorTrace: "t-1" });
  });

  it("reports the SDK's own check of structuredContent as the ValidationError it is, with the SDK's error as cause", async () => {
    const sdkErrors = [
      Object.assign(new Error("MCP error -32602: Structured content does not match the tool's output schema: data/t must be number"), { code: -32602 }),
      Object.assign(new Error("MCP error -32600: Tool get has an output schema but did not return structured content"), { code: -32600 }),
    ];
    const messages = [
      "does not match the outputSchema (reported by the MCP SDK: data/t must be number)",
      "structuredContent is missing (the tool declares an outputSchema; reported by the MCP SDK)",
    ];
    for (const [index, sdkError] of sdkErrors.entries()) {
      const error = (await callTool(connect(fakeClient("v1", () => sdkError)), tool("get", { structured: true }), { ok: true }).catch(
        (caught: unknown) => caught,
      )) as ValidationError;
      expect([error.phase, error.issues, error.cause]).toEqual(["output", [{ path: "", message: messages[index] }], sdkError]);
    }
    const other = Object.assign(new Error("MCP error -32603: internal"), { code: -32603 });
    await expect(callTool(connect(fakeClient("v1", () => other)), tool("get", { structured: true }), { ok: true })).rejects.toBe(other);
  });
});

/**
 * A fake SDK v2 client on `era` over `transport` whose first call of each tool is refused with `code`: it lists
 * `sql` marking `region` as the header `Region` (`listTools` records its options), and answers every later call.
 */
function refusingClient(code: number, era: "modern" | "legacy", transport: object = {}) {
  const error = Object.assign(new Error(`MCP error ${code}: refused`), { code });
  const refused = new Set<string>();
  const listings: unknown[] = [];
  const client = fakeClient(
    "v2",
    (name) => {
      if (refused.has(name)) return { content: [] };
      refused.add(name);
      return error;
    },
    era,
  );
  const inputSchema = { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } };
  return Object.assign(client, {
    error,
    listings,
    transport,
    listTools: async (_params: unknown, options: unknown) => {
      listings.push(options);
      return { tools: [{ name: "sql", inputSchema }] };
    },
    listed: { toolDefinition: { name: "sql", inputSchema } },
  });
}

describe("a call refused with HeaderMismatch (-32020)", () => {
  it("is retried once, with the tool's listed definition, on a 2026-07-28 connection over HTTP; the definition stays", async () => {
    const client = refusingClient(-32020, "modern");
    const connected = connect(client);
    const signal = new AbortController().signal;
    await callTool(connected, tool("sql"), { region: "eu" }, { signal, timeout: 5 });
    const params = { name: "sql", arguments: { region: "eu" } };
    const snapshot = { toolDefinition: { name: "sql", inputSchema: { type: "object" } } };
    expect(client.calls).toEqual([
      [params, { signal, timeout: 5, ...snapshot }],
      [params, { signal, timeout: 5, ...client.listed }],
    ]);
    // A fresh listing (the SDK's cache may hold the stale one), bounded like the call.
    expect(client.listings).toEqual([{ signal, timeout: 5, cacheMode: "refresh" }]);
    await callTool(connected, tool("sql"), { region: "us" });
    expect(client.calls.slice(2)).toEqual([[{ name: "sql", arguments: { region: "us" } }, client.listed]]);
  });

  it.each([
    ["another code", refusingClient(-32602, "modern")],
    ["a 2025-era connection", refusingClient(-32020, "legacy")],
    ["stdio (the SDK's StdioClientTransport has stderr and pid)", refusingClient(-32020, "modern", { stderr: null, pid: 1 })],
    ["a client without a transport", Object.assign(refusingClient(-32020, "modern"), { transport: undefined })],
  ])("is thrown as it is on %s", async (_case, client) => {
    await expect(callTool(connect(client), tool("sql"), {})).rejects.toBe(client.error);
    expect([client.calls.length, client.listings]).toEqual([1, []]);
  });

  it("is thrown as it is by an SDK v1 client, and when the listing lacks the tool", async () => {
    const v1 = refusingClient(-32020, "modern");
    await expect(callTool(connect(v1, { sdk: "v1" }), tool("sql"), {})).rejects.toBe(v1.error);
    expect([v1.calls.length, v1.listings]).toEqual([1, []]);
    const other = refusingClient(-32020, "modern");
    await expect(callTool(connect(other), tool("other"), {})).rejects.toBe(other.error);
    expect([other.calls.length, other.listings.length]).toEqual([1, 1]);
  });
});

describe("callTool", () => {
  it("calls one tool of calls.ts: validators imported on its first call, once; its definition for SDK v2; its output read back and checked", async () => {
    const client = fakeClient("v2", () => ({ content: [], structuredContent: { result: 3 } }));
    const region = { type: "object" as const, properties: { region: { type: "string", "x-mcp-header": "Region" } } };
    let imports = 0;
    // Named `__proto__`: its validators are still found as its own.
    const tool: ToolCall<(input?: { ok?: boolean }, options?: CallOptions) => Promise<StructuredToolResult<number>>> = {
      name: "__proto__",
      validators: async () => {
        imports++;
        return { input: failing({ path: "/region", message: "is required" }), output: (data) => typeof data === "number" };
      },
      structured: true,
      nonObjectOutput: true,
      headerArguments: region,
    };
    const connected = connect(client);
    expect(imports).toBe(0);
    const refused = await callTool(connected, tool, {}).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ValidationError);
    expect([(refused as ValidationError).phase, (refused as ValidationError).issues]).toEqual(["input", [{ path: "/region", message: "is required" }]]);
    expect(client.calls).toEqual([]);
    // A 2025-era connection carries the number as `{ result }`: read back, then checked against the output validator.
    expect((await callTool(connected, tool, { ok: true })).structuredContent).toBe(3);
    expect(client.calls).toEqual([[{ name: "__proto__", arguments: { ok: true } }, { toolDefinition: { name: "__proto__", inputSchema: region } }]]);
    expect(imports).toBe(1);
  });
});

describe("createStandardSchemas", () => {
  const schemas = createStandardSchemas<{ get: { input: { city: string }; output: unknown } }>(
    { get: failing({ path: "/items/0/a~1b", message: "must be string" }) },
    { get: null },
  );

  it("validates through the tables, with issue paths as keys (array indices as numbers)", () => {
    const value = { items: [{ "a/b": 1 }] };
    expect(schemas.get.input["~standard"].validate(value)).toEqual({ issues: [{ message: "must be string", path: ["items", 0, "a/b"] }] });
    expect(schemas.get.input["~standard"].validate({ ok: true })).toEqual({ value: { ok: true } });
    expect(schemas.get.output["~standard"].validate(42)).toEqual({ value: 42 });
    expect([schemas.get.input["~standard"].vendor, schemas.get.input["~standard"].version]).toEqual(["mcpgen", 1]);
  });

  it("is frozen and has no prototype: a name no tool has finds nothing", () => {
    expect(Object.isFrozen(schemas) && Object.isFrozen(schemas.get) && Object.isFrozen(schemas.get.input["~standard"])).toBe(true);
    expect((schemas as Record<string, unknown>)["toString"]).toBeUndefined();
  });
});
