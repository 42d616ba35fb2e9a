/**
 * docs/diff.md lists the classes and every rule of `mcpgen diff` as
 * src/diff/rules.ts writes them (UPDATE_DOCS=1 rewrites the tables), and
 * the commands it shows are ones the CLI takes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGE_CLASSES, CLASS_ORDER, DIFF_RULES, SCHEMA_CHANGES } from "../../src/diff/rules.js";
import { repoRoot } from "../helpers/typecheck.js";

const START = "<!-- The tables below are the rules in src/diff/rules.ts; test/diff/docs.test.ts checks them (UPDATE_DOCS=1 rewrites them). -->";
const END = "<!-- End of the rules. -->";

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The classes, then the rules of tools and the server, of prompts, resources and resource templates, then the schema changes with their two rules. */
function ruleTables(): string {
  const classes = CLASS_ORDER.map((name) => `| \`${name}\` | ${cell(CHANGE_CLASSES[name].doc)} |`);
  const whole = DIFF_RULES.filter((rule) => rule.subject === "tool" || rule.subject === "server").map(
    (rule) => `| \`${rule.id}\` | ${rule.subject} | ${rule.class} | ${cell(rule.doc)} |`,
  );
  const surface = DIFF_RULES.filter((rule) => rule.subject === "prompt" || rule.subject === "resource" || rule.subject === "resource-template").map(
    (rule) => `| \`${rule.id}\` | ${rule.subject} | ${rule.class} | ${cell(rule.doc)} |`,
  );
  const byId = new Map(DIFF_RULES.map((rule) => [rule.id, rule]));
  const schema = SCHEMA_CHANGES.map(
    (change) =>
      `| \`${change.kind}\` | ${change.effect} | ${byId.get(`input-${change.kind}`)!.class} | ${byId.get(`output-${change.kind}`)!.class} | ${cell(change.what)} |`,
  );
  return [
    "### Classes",
    "",
    "| class | meaning |",
    "|---|---|",
    ...classes,
    "",
    "### Tools and the server",
    "",
    "| rule | subject | class | what it means |",
    "|---|---|---|---|",
    ...whole,
    "",
    "### Prompts, resources and resource templates",
    "",
    "Prompts and resource templates are matched by name, fixed resources by URI.",
    "",
    "| rule | subject | class | what it means |",
    "|---|---|---|---|",
    ...surface,
    "",
    "### Schemas",
    "",
    "Each kind of schema change is two rules: `input-<kind>` (in a tool's `inputSchema`) and `output-<kind>` (in its `outputSchema`).",
    "",
    "| kind | effect | `input-` rule | `output-` rule | what changed |",
    "|---|---|---|---|---|",
    ...schema,
  ].join("\n");
}

describe("docs/diff.md", () => {
  const path = join(repoRoot, "docs", "diff.md");

  it("lists every class and rule as src/diff/rules.ts writes them", () => {
    const text = readFileSync(path, "utf8");
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, "the start marker").toBeGreaterThan(-1);
    expect(end, "the end marker").toBeGreaterThan(start);
    const expected = `${START}\n\n${ruleTables()}\n\n${END}`;
    if (process.env["UPDATE_DOCS"] === "1") writeFileSync(path, text.slice(0, start) + expected + text.slice(end + END.length));
    expect(readFileSync(path, "utf8").slice(start, start + expected.length)).toBe(expected);
  });

  it("is linked from the docs' index, the README and the CLI's page", () => {
    for (const file of ["docs/README.md", "README.md", "docs/cli.md", "docs/library.md"])
      expect(readFileSync(join(repoRoot, file), "utf8"), file).toMatch(/diff\.md/);
  });
});
