/**
 * How a URL as written in a project file is shown in the trust question: what it would carry is
 * masked, the names of the variables it refers to are kept.
 */
import { describe, expect, it } from "vitest";
import { sentText, writtenUrlMasked } from "../../src/shared/display.js";

describe("writtenUrlMasked", () => {
  it.each([
    ["a literal query value and password", "https://u:hunter2@h.example/mcp?key=sk-live-1&x=", "https://***:***@h.example/mcp?key=***&x="],
    ["references alone, kept as names", "https://${USER}:${PASS}@h.example/mcp?key=${env:KEY}", "https://${USER}:${PASS}@h.example/mcp?key=${env:KEY}"],
    [
      "a reference's written default, literal text like any other",
      "https://h.example/mcp?key=${KEY:-sk-live-1}${B:-}",
      "https://h.example/mcp?key=${KEY:-***}${B:-}",
    ],
    ["defaults in the user info (split at their colon: masked whole)", "https://${U:-admin}:${P:-hunter2}@h.example/", "https://***:***@h.example/"],
    ["a fragment", "https://h.example/mcp#token=sk-live-1", "https://h.example/mcp"],
  ])("%s", (_, url, shown) => {
    expect(writtenUrlMasked(url)).toBe(shown);
  });
});

describe("sentText", () => {
  it("names the server's host for the variables, and a login's secret where it goes instead", () => {
    expect(sentText(["A", "B"], "https://${HOST}.example/mcp?k=${A}")).toBe("A, B to ${HOST}.example");
    expect(sentText(["A", "MCPGEN_CLIENT_SECRET"], "https://mcp.example/mcp", { names: ["MCPGEN_CLIENT_SECRET"], to: "as.example (its oauth.issuer)" })).toBe(
      "A to mcp.example, and MCPGEN_CLIENT_SECRET to as.example (its oauth.issuer)",
    );
    expect(
      sentText(["MCPGEN_CLIENT_SECRET"], "https://mcp.example/mcp", { names: ["MCPGEN_CLIENT_SECRET"], to: "the authorization server its server names" }),
    ).toBe("MCPGEN_CLIENT_SECRET to the authorization server its server names");
  });
});
