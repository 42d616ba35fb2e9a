/** The generated API's types hold: typed usage compiles, misuse does not (see test/typing/*.ts). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, typecheck } from "../helpers/typecheck.js";

describe("generated client types", () => {
  it.each(["NodeNext", "Bundler"] as const)("accept correct use and reject misuse under module %s", async (mode) => {
    const result = await typecheck([], mode, {
      files: [
        join(repoRoot, "test/typing/weather-usage.ts"),
        join(repoRoot, "test/typing/type-mapping-usage.ts"),
        join(repoRoot, "test/typing/hazards-usage.ts"),
        join(repoRoot, "test/typing/surface-usage.ts"),
      ],
      lib: ["ES2022", "DOM"],
    });
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
  });

  it("would fail if a contract line were wrong (the check can fail)", async () => {
    const result = await typecheck([], "NodeNext", {
      files: [join(repoRoot, "test/typing/weather-usage.ts"), join(repoRoot, "test/typing/misuse.fixture.ts")],
    });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/misuse\.fixture\.ts.*error TS2322/);
  });
});
