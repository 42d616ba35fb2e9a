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

  it("say in words that a prompt without arguments (a template without variables) takes none, not 'never'", async () => {
    const result = await typecheck([], "NodeNext", { files: [join(repoRoot, "test/typing/nothing-to-give.fixture.ts")] });
    expect(result.output.split("\n").filter((line) => line !== "")).toEqual([
      "test/typing/nothing-to-give.fixture.ts(7,35): error TS2322: Type 'string' is not assignable to type 'PromptTakesNoArguments'.",
      "test/typing/nothing-to-give.fixture.ts(8,32): error TS2322: Type 'string' is not assignable to type 'TemplateTakesNoVariables'.",
    ]);
  });

  it("would fail if a contract line were wrong (the check can fail)", async () => {
    const result = await typecheck([], "NodeNext", {
      files: [join(repoRoot, "test/typing/weather-usage.ts"), join(repoRoot, "test/typing/misuse.fixture.ts")],
    });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/misuse\.fixture\.ts.*error TS2322/);
  });
});
