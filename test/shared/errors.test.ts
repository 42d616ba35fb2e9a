/** How diagnostics read on a terminal (src/shared/errors.ts). */
import { describe, expect, it } from "vitest";
import { formatDiagnostic, joinPointer, pointerTokens, printable } from "../../src/shared/errors.js";

describe("formatDiagnostic", () => {
  it("names the file, the tool and the pointer, then the message and the hint", () => {
    expect(
      formatDiagnostic({
        severity: "error",
        code: "schema-invalid",
        message: "bad",
        file: "m.json",
        tool: "t",
        pointer: "/tools/0/inputSchema",
        hint: "fix it",
      }),
    ).toBe('m.json: tool "t" at /tools/0/inputSchema: bad\n  hint: fix it');
  });

  it("shortens a pointer thousands of tokens deep to its start and end, saying how much is left out", () => {
    const pointer = `/tools/0/inputSchema/properties/deep${"/not".repeat(2000)}`;
    const text = formatDiagnostic({ severity: "error", code: "schema-invalid", message: "too deep", file: "m.json", tool: "t", pointer });
    expect(text).toBe(`m.json: tool "t" at /tools/0/inputSchema/properties/deep${"/not".repeat(13)}/…(1981 more)…${"/not".repeat(6)}: too deep`);
    // A pointer of ordinary depth is shown whole.
    const ordinary = `/tools/1/inputSchema${"/properties/a".repeat(10)}`;
    expect(formatDiagnostic({ severity: "error", code: "schema-invalid", message: "m", pointer: ordinary })).toBe(`at ${ordinary}: m`);
  });
});

describe("printable", () => {
  it("shows control characters and bidirectional-text controls as \\uXXXX, so server text cannot reorder or restyle a terminal line", () => {
    expect(printable("tool\u202e \u2066x\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u2067\u2068 \u001b[31mred")).toBe(
      "tool\\u202e \\u2066x\\u2069\\u200e\\u200f\\u061c\\u202a\\u202b\\u202c\\u202d\\u2067\\u2068 \\u001b[31mred",
    );
    expect(
      formatDiagnostic({
        severity: "warning",
        code: "schema-invalid",
        message: "in tool\u202e text",
        tool: "t\u2066",
        pointer: "/tools/0/inputSchema/properties/a\u202e",
      }),
    ).toBe('tool "t\\u2066" at /tools/0/inputSchema/properties/a\\u202e: in tool\\u202e text');
  });
});

describe("JSON pointers", () => {
  it("split into the tokens they were joined from, ~ and / included (RFC 6901)", () => {
    const tokens = ["a/b", "~1", "~0/~", "", "0", "__proto__"];
    const pointer = joinPointer("", ...tokens);
    expect(pointer).toBe("/a~1b/~01/~00~1~0//0/__proto__");
    expect(pointerTokens(pointer)).toEqual(tokens);
    expect(pointerTokens("")).toEqual([]);
  });
});
