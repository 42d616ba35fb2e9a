/**
 * How a URL as written in a project file is shown in the trust question: what it would carry is
 * masked, the names of the variables it refers to are kept.
 */
import { describe, expect, it } from "vitest";
import { writtenUrlMasked } from "../../src/shared/display.js";

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
