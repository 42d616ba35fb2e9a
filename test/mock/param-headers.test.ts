/**
 * The `Mcp-Param-*` headers `mcpgen mock --record` sends with a call it
 * proxies (src/mock/param-headers.ts): each value encoded as MCP 2026-07-28
 * says ("Value Encoding", whose examples are the first rows), and which
 * arguments get a header at all ("Client Behavior"). The recording itself,
 * against a server that checks them, is in record.test.ts.
 */
import { describe, expect, it } from "vitest";
import { encodeHeaderValue, mcpParamHeaders } from "../../src/mock/param-headers.js";

describe("encodeHeaderValue", () => {
  it.each([
    ["plain ASCII", "us-west1", "us-west1"],
    ["non-ASCII", "Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    ["leading and trailing spaces", " padded ", "=?base64?IHBhZGRlZCA=?="],
    ["a newline", "line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
    ["the sentinel's pattern", "=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="],
    ["spaces and a tab inside", "a b\tc", "a b\tc"],
    ["an empty value", "", "=?base64??="],
    ["a control character", "a\u0001", "=?base64?YQE=?="],
  ])("%s: %j as %j", (_name, value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
  });
});

describe("mcpParamHeaders", () => {
  const declared = [
    { path: ["region"], header: "Region", type: "string" as const },
    { path: ["limit"], header: "Limit", type: "integer" as const },
    { path: ["dry"], header: "Dry-Run", type: "boolean" as const },
    { path: ["opts", "tenant"], header: "Tenant", type: "string" as const },
  ];

  it("gives one header per marked argument the call carries, nested ones included", () => {
    expect(mcpParamHeaders(declared, { region: "eu", limit: -7, dry: false, opts: { tenant: "Ö" } })).toEqual({
      "Mcp-Param-Region": "eu",
      "Mcp-Param-Limit": "-7",
      "Mcp-Param-Dry-Run": "false",
      "Mcp-Param-Tenant": "=?base64?w5Y=?=",
    });
  });

  it("leaves out an argument that is absent or null, and one no header carries (an object, an integer past 2^53)", () => {
    expect(mcpParamHeaders(declared, { region: null, limit: 2 ** 60, dry: { a: 1 }, opts: "x" })).toEqual({});
    expect(mcpParamHeaders(declared, undefined)).toEqual({});
    // An inherited member is no argument.
    expect(mcpParamHeaders([{ path: ["toString"], header: "T", type: "string" }], {})).toEqual({});
  });
});
