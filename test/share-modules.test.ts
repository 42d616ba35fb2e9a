/**
 * test/helpers/typecheck.ts shareIdenticalModules: the copies it keeps once are those that mean the same in every
 * output, and a type-check after it reports what one before it does.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { esmProject } from "./helpers/output-dir.js";
import { shareIdenticalModules, typecheck } from "./helpers/typecheck.js";

/** An ESM project with one directory per output, each holding `files` (relative path → contents). */
async function outputs(files: Record<string, Record<string, string>>): Promise<{ project: string; dirs: string[] }> {
  const project = await esmProject("share-modules");
  const dirs: string[] = [];
  for (const [output, contents] of Object.entries(files)) {
    for (const [path, text] of Object.entries(contents)) {
      await mkdir(dirname(join(project, output, path)), { recursive: true });
      await writeFile(join(project, output, path), text);
    }
    dirs.push(join(project, output));
  }
  return { project, dirs };
}

const runtime = "export function greet(name: string): string {\n  return `hi ${name}`;\n}\n";

describe("modules every output carries unchanged are type-checked once", () => {
  it("keeps the first copy of a module that imports nothing relative, the others re-exporting it; restore puts them back", async () => {
    const { dirs } = await outputs({
      a: { "runtime.ts": `// Generated from a.json\n${runtime}`, "index.ts": 'export { greet } from "./runtime.js";\n' },
      b: { "runtime.ts": `// Generated from b.json\n${runtime}`, "index.ts": 'export { greet } from "./runtime.js";\n' },
      c: { "runtime.ts": `// Generated from c.json\n${runtime}export const extra = 1;\n` },
      d: { "runtime.ts": `// Generated from d.json\n${runtime}export const extra = 1;\n` },
    });
    const shared = await shareIdenticalModules(dirs);
    expect(shared.replaced).toBe(2);
    expect(await readFile(join(dirs[1]!, "runtime.ts"), "utf8")).toBe('export * from "../a/runtime.js";\n');
    // Copies that differ from the first are kept once among themselves.
    expect(await readFile(join(dirs[3]!, "runtime.ts"), "utf8")).toBe('export * from "../c/runtime.js";\n');
    // The same in a and b, but importing a module not the same in every output: kept in each.
    expect(await readFile(join(dirs[1]!, "index.ts"), "utf8")).toBe('export { greet } from "./runtime.js";\n');
    await shared.restore();
    expect(await readFile(join(dirs[1]!, "runtime.ts"), "utf8")).toBe(`// Generated from b.json\n${runtime}`);
    expect(await readFile(join(dirs[3]!, "runtime.ts"), "utf8")).toBe(`// Generated from d.json\n${runtime}export const extra = 1;\n`);
  });

  it("keeps one copy of modules that import each other where all of them are the same in every output", async () => {
    const group = {
      "rt/server.ts": 'import { surface } from "./surface.js";\nexport const server = () => surface;\n',
      "rt/surface.ts": 'import type { server } from "./server.js";\nexport const surface = 1;\nexport type S = typeof server;\n',
    };
    const { dirs } = await outputs({ a: { ...group, "own.ts": "export const a = 1;\n" }, b: { ...group, "own.ts": "export const b = 2;\n" }, c: group });
    const shared = await shareIdenticalModules(dirs);
    expect(shared.replaced).toBe(4);
    expect(await readFile(join(dirs[2]!, "rt/surface.ts"), "utf8")).toBe('export * from "../../a/rt/surface.js";\n');
    expect(await readFile(join(dirs[1]!, "own.ts"), "utf8")).toBe("export const b = 2;\n");
  });

  it("keeps every copy of a module whose relative imports differ between outputs, or that is not the same in all of them", async () => {
    const user = 'import type { Name } from "./types.js";\nexport const who: Name = "x";\n';
    const { dirs } = await outputs({
      a: { "user.ts": user, "types.ts": 'export type Name = "x";\n', "odd.ts": 'import "./types.js";\n' },
      b: { "user.ts": user, "types.ts": "export type Name = number;\n", "odd.ts": 'import "./types.js";\n' },
      c: { "odd.ts": 'import "./types.js";\nexport {};\n' },
    });
    const shared = await shareIdenticalModules(dirs);
    expect(shared.replaced).toBe(0);
  });

  it("a type-check after it reports an output's own error, through a re-exported copy, as one before it does", async () => {
    const uses = (call: string) => `import { greet } from "./runtime.js";\nexport const out: number = ${call};\n`;
    const { project, dirs } = await outputs({
      a: { "runtime.ts": runtime, "use.ts": uses("greet.length") },
      b: { "runtime.ts": runtime, "use.ts": uses('greet("b")') },
    });
    const before = await typecheck([project], "NodeNext");
    const shared = await shareIdenticalModules(dirs);
    expect(shared.replaced).toBe(1);
    const after = await typecheck([project], "NodeNext");
    expect(before.output).toMatch(/b\/use\.ts\(2,14\): error TS2322: Type 'string' is not assignable to type 'number'/);
    expect(after.output).toBe(before.output);
  });
});
