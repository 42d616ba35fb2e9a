/**
 * What mcpgen takes for an address rather than a path: one rule for every operand and configuration value.
 */
import { describe, expect, it } from "vitest";
import { isHttpUrl, isUrl } from "../../src/shared/url.js";

describe("isUrl and isHttpUrl", () => {
  it.each([
    ["an https URL with a token", "https://mcp.example/mcp?token=t", { url: true, http: true }],
    ["http, in capitals", "HTTP://mcp.example", { url: true, http: true }],
    ["another scheme", "ws://mcp.example", { url: true, http: false }],
    ["a scheme with + . -", "svn+ssh.x-y://host", { url: true, http: false }],
    ["a relative path", "tools.json", { url: false, http: false }],
    ["a path that a resolved URL becomes", "/tmp/https:/mcp.example/mcp", { url: false, http: false }],
    ["a scheme without //", "mailto:someone@example.com", { url: false, http: false }],
    ["a scheme that starts with a digit", "1http://x", { url: false, http: false }],
  ])("%s", (_, text, want) => {
    expect({ url: isUrl(text), http: isHttpUrl(text) }).toEqual(want);
  });
});
