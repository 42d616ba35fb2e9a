/**
 * The keywords that hold subschemas are listed once, in src/ir/keywords.ts,
 * and every stage reads them from there: a list of its own in any other
 * source file (an array, a set or a regular expression naming three or more
 * of them) fails this test.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { OLDER_SUBSCHEMA_KEYWORDS, SUBSCHEMA_KEYWORDS } from "../../src/ir/keywords.js";
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from "../../src/normalize/rules/subschemas.js";
import { repoRoot } from "../helpers/typecheck.js";

const KEYWORDS = new Set([...SUBSCHEMA_KEYWORDS.keys(), ...OLDER_SUBSCHEMA_KEYWORDS.keys()]);

/**
 * The lists in `source` that name three or more subschema keywords and nothing else (a list of
 * other keywords that happens to name some is another list): array literals of strings, and
 * regular expressions' alternations of words.
 */
function ownLists(source: string): string[] {
  const found: string[] = [];
  const keywordsOnly = (words: readonly string[]) => words.length >= 3 && words.every((word) => KEYWORDS.has(word));
  for (const match of source.matchAll(/\[[^[\]]*\]/g)) {
    if (keywordsOnly([...match[0].matchAll(/"([^"]*)"/g)].map((string) => string[1]!))) found.push(match[0].slice(0, 80));
  }
  for (const match of source.matchAll(/\(([^()]*\|[^()]*)\)/g)) {
    const words = match[1]!.split("|").map((word) => word.replace(/\\/g, ""));
    if (keywordsOnly(words.filter((word) => /^[$\w]+$/.test(word) && !/^\d|^\\d/.test(word)))) found.push(match[0].slice(0, 80));
  }
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("the keywords that hold subschemas", () => {
  it("are listed in src/ir/keywords.ts alone: no other source file keeps a list of them", () => {
    const lists = [...sourceFiles(join(repoRoot, "src")), ...sourceFiles(join(repoRoot, "templates"))]
      .filter((file) => !file.endsWith(join("src", "ir", "keywords.ts")))
      .flatMap((file) => ownLists(readFileSync(file, "utf8")).map((list) => `${relative(repoRoot, file)}: ${list}`));
    expect(lists).toEqual([]);
  });

  it("the check finds the lists stages used to keep (an array, a set, a regular expression)", () => {
    expect(ownLists('for (const keyword of ["anyOf", "oneOf", "allOf"]) walk(keyword);')).toHaveLength(1);
    expect(ownLists('const IN_PLACE = new Set(["allOf", "anyOf", "oneOf", "if", "then", "else", "dependentSchemas"]);')).toHaveLength(1);
    expect(ownLists("/^(\\d+|items|properties|additionalProperties|anyOf|oneOf|allOf|prefixItems|\\$defs|definitions)$/")).toHaveLength(1);
    expect(ownLists('const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);')).toEqual([]);
  });

  it("normalisation's rules read every one of them: a map, one, a list, or a rule of its own", () => {
    expect(new Set([...SCHEMA_MAP_KEYWORDS, ...SCHEMA_KEYWORDS, ...SCHEMA_ARRAY_KEYWORDS, "items", "prefixItems", "$defs"])).toEqual(
      new Set(SUBSCHEMA_KEYWORDS.keys()),
    );
  });
});
