/**
 * How a URL as written in a project file is shown in the trust question: what it would carry is
 * masked, the names of the variables it refers to are kept.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { scriptWord, sentText, writtenUrlMasked } from "../../src/shared/display.js";

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

describe("scriptWord: a word of an npm script (sh on POSIX, cmd.exe on Windows)", () => {
  const words = [
    "../../tools dir/mcpgen/bin/mcpgen.js",
    "my config.json",
    "it's",
    "a&b",
    "(x)",
    "a;b",
    "$HOME",
    "50%",
    'quote"d',
    "back\\slash",
    "plain/path.json",
  ];

  it("reads back as the same one word in sh", () => {
    for (const word of words) {
      expect(execFileSync("sh", ["-c", `printf '%s' ${scriptWord(word)}`], { encoding: "utf8" }), word).toBe(word);
    }
  });

  it("is double-quoted where cmd.exe would split or act on it (single quotes are no quotes there), left bare where no shell would", () => {
    expect(scriptWord("../../tools dir/mcpgen/bin/mcpgen.js")).toBe('"../../tools dir/mcpgen/bin/mcpgen.js"');
    expect(scriptWord("it's")).toBe(`"it's"`);
    expect(scriptWord("a&b")).toBe('"a&b"');
    expect(scriptWord("plain/path.json")).toBe("plain/path.json");
    // What either shell still reads inside double quotes is quoted for sh alone.
    expect(scriptWord("$HOME")).toBe("'$HOME'");
  });
});
