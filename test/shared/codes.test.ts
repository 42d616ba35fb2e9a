/**
 * The catalogue of codes (src/shared/codes.ts) is complete and alive: every
 * diagnostic code is raised somewhere in src/, every raised code is in the
 * catalogue (`DiagnosticCode` is its keys, so the type check refuses any
 * other), the CLI exits only with catalogued exit codes, and docs/errors.md
 * lists them as the catalogue writes them.
 *
 * "Raised" is read by the TypeScript checker, not by grep: a code counts where
 * a string literal stands in a place typed as a diagnostic code (a
 * `Diagnostic`'s `code`, `userError`'s first argument, a helper's parameter),
 * not where one is only compared with (`code === "usage"`).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES, EXIT_CODES, type DiagnosticCodeEntry } from "../../src/shared/codes.js";
import { repoRoot } from "../helpers/typecheck.js";

const src = join(repoRoot, "src");
const catalogueFile = join(src, "shared", "codes.ts");
const codes = new Set<string>(Object.keys(DIAGNOSTIC_CODES));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : entry.name.endsWith(".ts") ? [join(directory, entry.name)] : [],
  );
}

/** Where each code is raised: `file:line` of every string literal the checker types as a diagnostic code. */
function raisedCodes(): Map<string, string[]> {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, "tsconfig.json"),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  const program = ts.createProgram({ rootNames: sourceFiles(src), options: parsed.options });
  const checker = program.getTypeChecker();
  // A place typed as a code: every member of its contextual type is a catalogued code's literal.
  const typedAsCode = (type: ts.Type | undefined): boolean =>
    type !== undefined && (type.isUnion() ? type.types : [type]).every((member) => member.isStringLiteral() && codes.has(member.value));
  // A rule's `reports: [...]` says which codes it may raise; it raises none itself.
  const inRuleReports = (node: ts.Node): boolean =>
    ts.isArrayLiteralExpression(node.parent) &&
    ts.isPropertyAssignment(node.parent.parent) &&
    ts.isIdentifier(node.parent.parent.name) &&
    node.parent.parent.name.text === "reports";
  const raised = new Map<string, string[]>();
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(src) || file.fileName === catalogueFile) continue;
    const visit = (node: ts.Node): void => {
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        codes.has(node.text) &&
        typedAsCode(checker.getContextualType(node)) &&
        !inRuleReports(node)
      ) {
        const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        raised.set(node.text, [...(raised.get(node.text) ?? []), `${relative(repoRoot, file.fileName)}:${line}`]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return raised;
}

/** The catalogue as docs/errors.md lists it. */
function catalogueTables(): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const diagnostics = Object.entries(DIAGNOSTIC_CODES).map(
    ([code, entry]: [string, DiagnosticCodeEntry]) => `| \`${code}\` | ${cell(entry.doc)} | ${entry.note ? "stays a warning (a note)" : "an error"} |`,
  );
  const exits = Object.values(EXIT_CODES).map(({ code, doc }) => `| ${code} | ${cell(doc)} |`);
  return [
    "## Diagnostic codes",
    "",
    "| code | raised when | a warning under `--strict` is |",
    "|---|---|---|",
    ...diagnostics,
    "",
    "## Exit codes",
    "",
    "| exit code | when |",
    "|---|---|",
    ...exits,
  ].join("\n");
}

const START = "<!-- The tables below are the catalogue in src/shared/codes.ts; test/shared/codes.test.ts checks them (UPDATE_DOCS=1 rewrites them). -->";
const END = "<!-- End of the catalogue. -->";

describe("the catalogue of codes", () => {
  let raised: Map<string, string[]>;
  beforeAll(() => {
    raised = raisedCodes();
  });

  it("has no dead code: every diagnostic code is raised somewhere in src/", () => {
    expect([...codes].filter((code) => !raised.has(code))).toEqual([]);
  });

  it("sees a code where it is raised, not where it is compared", () => {
    // `userError("usage", ...)` in commands/project.ts raises it; `error.diagnostic.code === "interrupted"` in the CLI only reads it.
    expect(raised.get("usage")?.some((place) => place.startsWith("src/commands/project.ts:"))).toBe(true);
    expect(raised.get("interrupted")?.some((place) => place.startsWith("src/cli/"))).toBe(false);
  });

  it("documents every code in one line", () => {
    for (const [code, entry] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(entry.doc, code).toMatch(/^[A-Z`].{20,}[.)]$/s);
      expect(entry.doc, code).not.toContain("\n");
    }
  });

  it("the CLI exits only with the catalogue's exit codes", () => {
    const cli = sourceFiles(join(src, "cli")).map((file) => [relative(repoRoot, file), readFileSync(file, "utf8")] as const);
    for (const [file, text] of cli) {
      // Every exit code is named (`exitCode("usage")`), never written as a number.
      expect(text.match(/(?:exitCode\s*[=:]\s*|process\.exit\(\s*|return\s+)\d+\b/g) ?? [], file).toEqual([]);
    }
    expect(Object.values(EXIT_CODES).map(({ code }) => code)).toEqual([0, 1, 2, 70, 130, 143]);
  });

  it("docs/errors.md lists the catalogue as it is", () => {
    const path = join(repoRoot, "docs", "errors.md");
    const text = readFileSync(path, "utf8");
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, `docs/errors.md has no line ${START}`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const written = text.slice(start + START.length, end).trim();
    if (process.env["UPDATE_DOCS"] === "1" && written !== catalogueTables()) {
      writeFileSync(path, `${text.slice(0, start + START.length)}\n\n${catalogueTables()}\n\n${text.slice(end)}`);
      return;
    }
    expect(written).toBe(catalogueTables());
  });
});
