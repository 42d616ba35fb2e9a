/**
 * The tree is the pipeline (ARCHITECTURE.md): each stage (acquire,
 * normalize, emit, format, write) imports only `ir/`, `shared/` and code of
 * its own folder (normalize and emit also `templates/`); `ir/` and `shared/`
 * import only `shared/`; `pipeline.ts` runs normalize, emit and format; only
 * `commands/` combines stages, and the CLI sits on top of the commands.
 * Every relative import counts, static, type-only or dynamic.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/typecheck.js";

const src = join(repoRoot, "src");

/** What each top-level folder of `src/` may import, besides itself. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  ir: ["shared"],
  acquire: ["ir", "shared"],
  normalize: ["ir", "shared", "templates"],
  emit: ["ir", "shared", "templates"],
  format: ["ir", "shared"],
  write: ["ir", "shared"],
  diff: ["ir", "shared"],
  mock: ["ir", "shared", "templates"],
  commands: ["acquire", "normalize", "emit", "format", "write", "diff", "mock", "ir", "shared", "pipeline"],
  pipeline: ["normalize", "emit", "format", "ir", "shared"],
  cli: ["commands", "ir", "shared"],
  index: ["commands", "pipeline", "acquire", "normalize", "write", "diff", "ir", "shared"],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : entry.name.endsWith(".ts") ? [join(directory, entry.name)] : [],
  );
}

/** The top-level folder (or file, without `.ts`) of `src/` a path is in; `templates` for the templates. */
function areaOf(path: string): string {
  const fromSrc = relative(src, path);
  if (!fromSrc.startsWith("..")) return fromSrc.split("/")[0]!.replace(/\.ts$/, "");
  return relative(repoRoot, path).split("/")[0]!;
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire(?:\.resolve)?\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Every import that crosses an area boundary the rule does not allow, as `file -> target`. */
function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = areaOf(file);
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1]!.replace(/\.js$/, ".ts"));
      const to = areaOf(target);
      if (to === from || ALLOWED[from]?.includes(to)) continue;
      found.push(`${relative(src, file)} -> ${relative(src, target)}`);
    }
  }
  return found.sort();
}

describe("the tree is the pipeline", () => {
  it("every folder of src/ has a rule", () => {
    const areas = new Set(sourceFiles(src).map(areaOf));
    expect([...areas].filter((area) => ALLOWED[area] === undefined)).toEqual([]);
  });

  it("a stage imports only ir/, shared/, its own folder and templates/; only commands/ combines stages", () => {
    expect(violations()).toEqual([]);
  });
});
