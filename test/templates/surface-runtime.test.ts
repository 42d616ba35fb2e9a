/**
 * The part of templates/client-runtime.ts behind the methods of prompts,
 * resource templates and fixed resources (`addSurfaceMethods`), where it
 * stands, over a fake SDK client: what each method sends, what it refuses
 * before sending (with the same `ValidationError` as a tool), `validate:
 * false`, completions and their context, an `input_required` result, and a
 * client without the SDK's methods.
 */
import { describe, expect, it } from "vitest";
import {
  addSurfaceMethods,
  InputRequiredError,
  isValidationError,
  ValidationError,
  type McpClient,
  type SurfaceTables,
} from "../../templates/client-runtime.js";
import { expandUriTemplate } from "../../templates/uri-template.js";

type Method = (...args: unknown[]) => Promise<unknown>;

/** A fake SDK client that records each call and answers with `answer`. */
function fakeClient(answer: (method: string, params: unknown) => unknown = () => ({ messages: [], contents: [], completion: { values: [] } })) {
  const sent: Array<[string, unknown, unknown]> = [];
  const record = (method: string) => async (params: unknown, options: unknown) => (sent.push([method, params, options]), answer(method, params));
  const client = {
    callTool: async () => ({ content: [] }),
    getPrompt: record("getPrompt"),
    readResource: record("readResource"),
    complete: record("complete"),
  };
  return { client: client as McpClient, sent };
}

const TABLES: SurfaceTables = {
  prompts: {
    "args-prompt": { method: "getArgsPrompt", complete: "completeArgsPrompt", arguments: ["city", "state"], required: ["city"] },
    ["__proto__"]: { method: "getProtoPrompt", arguments: ["__proto__"], required: ["__proto__"] },
  },
  resourceTemplates: {
    "repo file": {
      method: "readRepoFile",
      complete: "completeRepoFile",
      uriTemplate: "repo://{owner}/{repo}/contents{/path*}{?ref}",
      variables: ["owner", "repo", "path", "ref"],
      required: ["owner", "repo", "path"],
      composite: ["path"],
    },
  },
  resources: { "docs://readme": "readReadme" },
  resourceReader: "readResource",
  expand: expandUriTemplate,
};

function methods(client: McpClient, options: { validate?: boolean } = {}): Record<string, Method> {
  const table: Record<string, unknown> = {};
  addSurfaceMethods(table, client, options, TABLES);
  return table as Record<string, Method>;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("addSurfaceMethods", () => {
  it("adds one method per prompt, template and resource, the reader and the completions; nothing else", () => {
    expect(Object.keys(methods(fakeClient().client)).sort()).toEqual([
      "completeArgsPrompt",
      "completeRepoFile",
      "getArgsPrompt",
      "getProtoPrompt",
      "readReadme",
      "readRepoFile",
      "readResource",
    ]);
  });

  it("gets a prompt with its defined arguments, the request options without validate", async () => {
    const { client, sent } = fakeClient();
    const signal = { aborted: false };
    await methods(client).getArgsPrompt!({ city: "Oslo", state: undefined }, { timeout: 5, signal, validate: true });
    expect(sent).toEqual([["getPrompt", { name: "args-prompt", arguments: { city: "Oslo" } }, { timeout: 5, signal }]]);
  });

  it("refuses before sending: a missing required argument, one the prompt does not have, one that is not a string", async () => {
    const { client, sent } = fakeClient();
    const error = await rejection(methods(client).getArgsPrompt!({ state: 3, country: "NO" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(isValidationError(error)).toBe(true);
    expect(error).toMatchObject({
      toolName: "args-prompt",
      subject: { kind: "prompt", name: "args-prompt" },
      phase: "input",
      issues: [
        { path: "/city", message: "is required" },
        { path: "/state", message: "must be string" },
        { path: "/country", message: "is not an argument of the prompt" },
      ],
    });
    expect((error as Error).message).toBe(
      'invalid arguments for prompt "args-prompt": /city is required; /state must be string; /country is not an argument of the prompt',
    );
    expect(await rejection(methods(client).getArgsPrompt!(["Oslo"]))).toMatchObject({
      issues: [{ path: "", message: "must be object (the arguments by name)" }],
    });
    expect(sent).toEqual([]);
  });

  it("finds an argument named __proto__ only as an own property", async () => {
    const { client, sent } = fakeClient();
    expect(await rejection(methods(client).getProtoPrompt!({ __proto__: { x: 1 } }))).toMatchObject({
      issues: [{ path: "/__proto__", message: "is required" }],
    });
    await methods(client).getProtoPrompt!(JSON.parse('{"__proto__": "p"}'));
    expect(sent).toEqual([["getPrompt", { name: "__proto__", arguments: JSON.parse('{"__proto__": "p"}') }, {}]]);
    expect(Object.getPrototypeOf((sent[0]![1] as { arguments: object }).arguments)).toBe(Object.prototype);
  });

  it("sends what it is given with validate: false, per call or for the client", async () => {
    const { client, sent } = fakeClient();
    await methods(client).getArgsPrompt!({ city: 7 }, { validate: false });
    await methods(client, { validate: false }).getArgsPrompt!({});
    expect(sent.map(([, params]) => params)).toEqual([
      { name: "args-prompt", arguments: { city: 7 } },
      { name: "args-prompt", arguments: {} },
    ]);
  });

  it("expands a template (RFC 6570: an exploded list, an optional query left out) and reads the URI", async () => {
    const { client, sent } = fakeClient();
    await methods(client).readRepoFile!({ owner: "a b", repo: "r", path: ["docs", "read me.md"] });
    await methods(client).readRepoFile!({ owner: "o", repo: "r", path: "x/y", ref: "v1" });
    expect(sent.map(([, params]) => params)).toEqual([{ uri: "repo://a%20b/r/contents/docs/read%20me.md" }, { uri: "repo://o/r/contents/x%2Fy?ref=v1" }]);
  });

  it("refuses a template variable that is not a string (a list only where it is exploded) before sending", async () => {
    const { client, sent } = fakeClient();
    const error = await rejection(methods(client).readRepoFile!({ owner: ["o"], repo: "r", path: [1], ref: { a: "b" } }));
    expect(error).toMatchObject({
      toolName: "repo file",
      subject: { kind: "resourceTemplate", name: "repo file" },
      issues: [
        { path: "/owner", message: "must be string" },
        { path: "/path", message: "must be string, or a list or an associative array of strings" },
        { path: "/ref", message: "must be string" },
      ],
    });
    expect((error as Error).message).toMatch(/^invalid variables for resource template "repo file": /);
    expect(sent).toEqual([]);
  });

  it("reads a fixed resource by its method and by its URI", async () => {
    const { client, sent } = fakeClient();
    await methods(client).readReadme!();
    await methods(client).readResource!("docs://readme", { timeout: 1 });
    expect(sent).toEqual([
      ["readResource", { uri: "docs://readme" }, {}],
      ["readResource", { uri: "docs://readme" }, { timeout: 1 }],
    ]);
    expect(await rejection(methods(client).readResource!(42))).toMatchObject({
      subject: { kind: "resource", name: "42" },
      issues: [{ path: "", message: "must be string" }],
    });
  });

  it("asks for completions by reference, with the context's defined values, and checks the argument's name", async () => {
    const { client, sent } = fakeClient();
    await methods(client).completeArgsPrompt!("city", "Os", { context: { state: "NO", city: undefined } });
    await methods(client).completeRepoFile!("repo", "m", { context: { owner: "octo" } });
    expect(sent.map(([method, params]) => [method, params])).toEqual([
      ["complete", { ref: { type: "ref/prompt", name: "args-prompt" }, argument: { name: "city", value: "Os" }, context: { arguments: { state: "NO" } } }],
      [
        "complete",
        {
          ref: { type: "ref/resource", uri: "repo://{owner}/{repo}/contents{/path*}{?ref}" },
          argument: { name: "repo", value: "m" },
          context: { arguments: { owner: "octo" } },
        },
      ],
    ]);
    const error = await rejection(methods(client).completeArgsPrompt!("country", 1, { context: { zip: "0150" } }));
    expect(error).toMatchObject({
      subject: { kind: "prompt", name: "args-prompt" },
      issues: [
        { path: "/argument", message: 'must be one of "city", "state"' },
        { path: "/value", message: "must be string" },
        { path: "/context/zip", message: "is not an argument of the prompt" },
      ],
    });
    expect((error as Error).message).toMatch(/^invalid completion request for prompt "args-prompt": /);
  });

  it("turns a result that still needs input into an InputRequiredError naming the prompt or resource", async () => {
    const { client } = fakeClient(() => ({ resultType: "input_required", inputRequests: {} }));
    const error = await rejection(methods(client).getArgsPrompt!({ city: "Oslo" }));
    expect(error).toBeInstanceOf(InputRequiredError);
    expect((error as Error).message).toMatch(/^prompt "args-prompt" needs more input/);
    expect((await rejection(methods(client).readReadme!())) as Error).toMatchObject({
      message: expect.stringMatching(/^resource "docs:\/\/readme" needs more input/),
    });
  });

  it("says what is missing when the client has no getPrompt (not an SDK client)", async () => {
    const table: Record<string, unknown> = {};
    addSurfaceMethods(table, { callTool: async () => ({}) }, {}, TABLES);
    await expect((table["getArgsPrompt"] as Method)({ city: "Oslo" })).rejects.toThrow(/the MCP client has no getPrompt method/);
  });
});
