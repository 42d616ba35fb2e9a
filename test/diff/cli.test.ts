/**
 * `mcpgen diff` on the command line: the markdown comment and the JSON
 * document as goldens (golden/diff/, byte for byte; GOLDEN_UPDATE=1
 * rewrites them), the JSON against its published schema, the terminal view,
 * `--fail-on`'s exit codes, and what the command refuses.
 */
import ajv2020Module from "ajv/dist/2020.js";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diffManifests, diffMarkdown } from "../../src/commands/diff.js";
import { MARKDOWN_LIMIT } from "../../src/diff/markdown.js";
import { DIFF_RULES } from "../../src/diff/rules.js";
import { runCli } from "../helpers/cli.js";
import { repoRoot } from "../helpers/typecheck.js";

const Ajv2020 = ajv2020Module.default;
const updating = process.env["GOLDEN_UPDATE"] === "1";
const OLD = "test/fixtures/diff/weather-v1.json";
const NEW = "test/fixtures/diff/weather-v2.json";
const golden = (file: string) => join(repoRoot, "golden", "diff", file);

async function matchesGolden(file: string, text: string): Promise<void> {
  if (updating) {
    await mkdir(join(repoRoot, "golden", "diff"), { recursive: true });
    await writeFile(golden(file), text);
  }
  expect(text, `golden/diff/${file}`).toBe(await readFile(golden(file), "utf8"));
}

describe("mcpgen diff", () => {
  it("--format markdown: the pull-request comment, byte for byte; server text only inside code", async () => {
    const run = await runCli(["diff", OLD, NEW, "--format", "markdown"], repoRoot);
    expect(run.code).toBe(1);
    await matchesGolden("weather.md", run.stdout);
    // What a server wrote cannot mention, link, load an image or break out of its code.
    let fenced = false;
    for (const line of run.stdout.split("\n")) {
      if (/^~{3,}/.test(line)) fenced = !fenced;
      if (fenced) continue;
      const prose = line.replace(/(`+)[\s\S]*?\1/g, "");
      expect(prose, line).not.toMatch(/<img|@octocat|onerror|\u202e/);
    }
    expect(run.stdout).not.toContain("\u202e");
    // The subjects worst first, so that a reviewer meets the breaking changes before the rest.
    const headings = run.stdout.split("\n").filter((line) => line.startsWith("#### "));
    expect(headings.slice(0, 3)).toEqual(["#### Tool `get_forecast`", "#### Tool `legacy_lookup`", "#### Tool `set_alert`"]);
    expect(headings.at(-1)).toBe("#### Tool `` ping|`pong` ``");
  });

  it("--format markdown: a comment longer than GitHub takes (65,536 characters) leaves out the texts, then the least severe changes, and says so", () => {
    const manifest = (count: number, description: string) => ({
      source: "m.json",
      toolsPointer: "/tools",
      tools: Array.from({ length: count }, (_, index) => ({ name: `tool_${String(index).padStart(4, "0")}`, description, inputSchema: { type: "object" } })),
    });
    type Manifest = ReturnType<typeof manifest>;
    const comparison = (old: Manifest, next: Manifest, target?: string) => ({
      ...(target === undefined ? {} : { target }),
      diff: diffManifests(old, next),
      failOn: "breaking" as const,
      failed: true,
      diagnostics: [],
      notes: [],
    });
    // 400 descriptions of 200 characters rewritten: 160 KB with the texts, some 70 KB without.
    const texts = diffMarkdown([comparison(manifest(400, "a".repeat(200)), manifest(400, "b".repeat(200)))]);
    expect(texts.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    expect(texts).toContain("> The texts before and after are left out");
    expect(texts).not.toContain("<details>");
    // Two targets: 600 descriptions rewritten in the first, 100 tools removed in the second. The removals are the
    // worst, so they are all kept, and the rewrites cut; each target keeps its counts and says what it left out.
    const cut = diffMarkdown([comparison(manifest(600, "a"), manifest(600, "b"), "first"), comparison(manifest(200, "a"), manifest(100, "a"), "second")]);
    expect(cut.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    const [first, second] = cut.split("### `second`");
    expect(first).toContain("0 breaking for clients, 0 breaking for servers, 600 review");
    const kept = first!.split("\n").filter((line) => line.startsWith("#### ")).length;
    expect(kept).toBeGreaterThan(0);
    expect(first).toContain(`> ${600 - kept} more change(s), of ${600 - kept} tool(s), prompt(s) or resource(s), left out`);
    expect(second!.match(/`tool-removed`/g)).toHaveLength(100);
    expect(second).not.toContain("left out");
    // Small enough, it is whole.
    expect(diffMarkdown([comparison(manifest(3, "a"), manifest(3, "b"))])).toContain("<details>");
  });

  it("--format markdown: with more targets than their heads alone fit, the failing ones and those not compared come first, and a note counts the rest", () => {
    const manifest = (names: string[]) => ({
      source: "src/mcp/some-rather-long-target-directory/manifest.json",
      toolsPointer: "/tools",
      tools: names.map((name) => ({ name, inputSchema: { type: "object" } })),
    });
    // 400 targets: every tenth removed a tool (fails on breaking), the others only added one (passes); two more not compared.
    const comparisons = Array.from({ length: 400 }, (_, index) => {
      const failing = index % 10 === 9;
      return {
        target: `target-${String(index).padStart(3, "0")}`,
        diff: diffManifests(manifest(["a", "b"]), manifest(failing ? ["a"] : ["a", "b", "c"])),
        failOn: "breaking" as const,
        failed: failing,
        diagnostics: [],
        notes: [],
      };
    });
    const errors = [
      { target: "unread-1", diagnostic: { severity: "error" as const, code: "input-unreadable" as const, message: "cannot read the manifest: no such file" } },
      { target: "unread-2", diagnostic: { severity: "error" as const, code: "input-unreadable" as const, message: "x".repeat(2_000) } },
    ];
    const text = diffMarkdown(comparisons, errors);
    expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    const shown = text
      .split("\n")
      .filter((line) => line.startsWith("### "))
      .map((line) => line.replace(/^### `|`$/g, ""));
    // Every failing target and both that could not be compared are shown; passing ones fill what room is left, in order.
    for (let index = 9; index < 400; index += 10) expect(shown).toContain(`target-${String(index).padStart(3, "0")}`);
    expect(shown).toEqual(expect.arrayContaining(["unread-1", "unread-2"]));
    expect(shown.length).toBeLessThan(402);
    expect(shown).toEqual([...shown].sort());
    expect(text).toContain(`> ${402 - shown.length} more comparison(s) left out, and every comparison's changes`);
    expect(text).not.toContain("#### ");
  });

  it("--format markdown: a tool with 150,000 changes (an enum's values removed) is cut to GitHub's length, not a stack overflow", () => {
    // More rows than a call takes arguments (spread into Math.min or push, they threw RangeError), grouped without
    // copying the group per change (quadratic: hours at this size, past the test's timeout). No timing is asserted.
    const manifest = (values: string[]) => ({
      source: "m.json",
      toolsPointer: "/tools",
      tools: [{ name: "t", inputSchema: { type: "object", properties: { to: { enum: values } } } }],
    });
    const diff = diffManifests(manifest(Array.from({ length: 150_001 }, (_, index) => `v${index}`)), manifest(["v0"]));
    expect(diff.changes).toHaveLength(150_000);
    const text = diffMarkdown([{ diff, failOn: "breaking", failed: true, diagnostics: [], notes: [] }]);
    expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
    const rows = text.split("\n").filter((line) => line.includes("input-enum-value-removed")).length;
    expect(rows).toBeGreaterThan(0);
    expect(text).toContain(`> ${150_000 - rows} more change(s), of 1 tool(s), prompt(s) or resource(s), left out`);
  });

  it("--format markdown: a description of 150,000 lines or backtick runs is fenced, not a stack overflow", () => {
    // Its runs (for the fence's length) and its lines were spread into Math.max and push: RangeError past some 130,000.
    const manifest = (description: string, name = "t") => ({
      source: "m.json",
      toolsPointer: "/tools",
      tools: [{ name, description, inputSchema: { type: "object" } }],
    });
    for (const description of ["`a".repeat(150_000), "a\n".repeat(150_000)]) {
      const diff = diffManifests(manifest(description), manifest("short"));
      const text = diffMarkdown([{ diff, failOn: "breaking", failed: true, diagnostics: [], notes: [] }]);
      expect(text.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
      expect(text).toContain("> The texts before and after are left out");
    }
    // Small enough to keep, the texts are whole: a fence one longer than the longest run of backticks or tildes.
    const kept = diffMarkdown([
      { diff: diffManifests(manifest("a ``` b ~~~~ c"), manifest("short")), failOn: "breaking", failed: true, diagnostics: [], notes: [] },
    ]);
    expect(kept).toContain("~~~~~text\na ``` b ~~~~ c\n~~~~~");
  });

  it("--format markdown: a server value quoted in a change's words (an address, a name to mention) stays inside code", async () => {
    const work = await mkdtemp(join(tmpdir(), "mcpgen-diff-mention-"));
    const manifest = (values: string[]) => ({
      tools: [{ name: "notify", inputSchema: { type: "object", properties: { to: { enum: values } } } }],
    });
    await writeFile(join(work, "old.json"), JSON.stringify(manifest(["someone@example.com", "@octocat", "www.example.com", "keep"])));
    await writeFile(join(work, "new.json"), JSON.stringify(manifest(["keep"])));
    const run = await runCli(["diff", join(work, "old.json"), join(work, "new.json"), "--format", "markdown"], repoRoot);
    const rows = run.stdout.split("\n").filter((line) => line.includes("input-enum-value-removed"));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      // Outside code spans, GitHub links an address or a www. name and mentions an @name, escaped or not.
      const prose = row.replace(/(`+)[\s\S]*?\1/g, "");
      expect(prose, row).not.toMatch(/@|example|octocat/);
    }
  });

  it("--format markdown: a backslash before a `|` in a server's name does not end its table cell (GFM reads `\\\\|` as an escaped backslash)", () => {
    const name = "a\\| @octocat ![x](https:evil.example) \\\\| b\\\\\\| c|d";
    const manifest = (properties: Record<string, unknown>) => ({
      source: "m.json",
      toolsPointer: "/tools",
      tools: [{ name: "t", inputSchema: { type: "object", properties } }],
    });
    const diff = diffManifests(manifest({ [name]: { type: "string" } }), manifest({}));
    const rows = diffMarkdown([{ diff, failOn: "breaking", failed: true, diagnostics: [], notes: [] }])
      .split("\n")
      .filter((line) => line.includes("removed"));
    expect(rows).toHaveLength(1);
    // The cells as GitHub (cmark-gfm) splits a row: a backslash and an ASCII punctuation character are one escape, a bare `|` ends a cell.
    const cells = [""];
    for (let index = 0; index < rows[0]!.length; index++) {
      const char = rows[0]![index]!;
      if (char === "\\" && /[!-/:-@[-`{-~]/.test(rows[0]![index + 1] ?? "")) cells[cells.length - 1] += char + rows[0]![++index]!;
      else if (char === "|") cells.push("");
      else cells[cells.length - 1] += char;
    }
    const [where, change] = cells.slice(3, -1).map((cell) => cell.trim().replace(/\\\|/g, "|"));
    expect(cells).toHaveLength(6);
    expect(where).toBe("`/inputSchema/properties/a\\u005c| @octocat ![x](https:evil.example) \\\\| b\\\\\\u005c| c|d`");
    expect(change).toMatch(/^`argument ".*" removed`$/);
  });

  it("--format json: the document, byte for byte, valid against schema/mcpgen.diff.schema.json", async () => {
    const run = await runCli(["diff", OLD, NEW, "--format", "json"], repoRoot);
    expect(run.code).toBe(1);
    await matchesGolden("weather.json", run.stdout);
    const schema = JSON.parse(await readFile(join(repoRoot, "schema", "mcpgen.diff.schema.json"), "utf8")) as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const document = JSON.parse(run.stdout) as { comparisons: Array<{ changes: Array<{ rule: string; class: string }> }> };
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    const rules = new Map(DIFF_RULES.map((rule) => [rule.id, rule.class]));
    for (const change of document.comparisons[0]!.changes) expect(change.class).toBe(rules.get(change.rule));
    // --json is the same.
    expect((await runCli(["diff", OLD, NEW, "--json"], repoRoot)).stdout).toBe(run.stdout);
  });

  it("refuses a live server's settings where no side is a live server (two files, --base), naming them, where they were dropped without a word", async () => {
    const files = await runCli(["diff", OLD, NEW, "--capability", "sampling", "-H", "X-Key: k"], repoRoot);
    expect(files.code).toBe(2);
    expect(files.stderr).toMatch(/^error: --header, --capability go with a live server as the new side, and both sides are files here\n/);
    expect(files.stderr).not.toContain("X-Key");
    const base = await runCli(["diff", "--base", "HEAD", OLD, "-e", "TOKEN=t"], repoRoot);
    expect(base.code).toBe(2);
    expect(base.stderr).toMatch(/^error: --env goes with a live server as the new side, and --base compares files with themselves at a revision\n/);
    expect((await runCli(["diff", OLD, NEW], repoRoot)).code).not.toBe(2);
  });

  it("--json of a run that compares nothing (a usage error, a revision the repository lacks) is the failure every --json prints, told apart by ok (docs/diff.md)", async () => {
    const run = await runCli(["diff", OLD, "--json"], repoRoot);
    expect(run.code).toBe(2);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({ ok: false, errors: [{ diagnostic: { code: "usage" } }] });
    expect(printed).not.toHaveProperty("version");

    const unknown = await runCli(["diff", "--base", "no-such-revision", OLD, "--json"], repoRoot);
    expect(unknown.code).toBe(1);
    const failure = JSON.parse(unknown.stdout) as Record<string, unknown>;
    expect(failure).toMatchObject({ ok: false, errors: [{ diagnostic: { code: "base-unreadable", message: expect.stringMatching(/^no revision /) } }] });
    expect(failure).not.toHaveProperty("version");
  });

  it("--json of a --base run outside any git repository: the document, each manifest's error in it (docs/diff.md)", async () => {
    const outside = await mkdtemp(join(tmpdir(), "mcpgen-diff-outside-"));
    await writeFile(join(outside, "tools.json"), await readFile(join(repoRoot, OLD), "utf8"));
    const run = await runCli(["diff", "--base", "no-such-revision", "tools.json", "--json"], outside);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(document).toMatchObject({
      version: 1,
      failed: true,
      comparisons: [],
      errors: [{ operand: "tools.json", diagnostic: { code: "base-unreadable", file: "tools.json" } }],
    });
    expect(document).not.toHaveProperty("ok");
    const schema = JSON.parse(await readFile(join(repoRoot, "schema", "mcpgen.diff.schema.json"), "utf8")) as Record<string, unknown>;
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
  });

  it("on a terminal: grouped by tool, each change with its class, pointer and rule; the verdict on stderr", async () => {
    const run = await runCli(["diff", OLD, NEW], repoRoot);
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(`${OLD} → ${NEW}: 6 breaking for clients, 1 breaking for servers, 5 review, 4 compatible`);
    const forecast = lines.indexOf('tool "get_forecast":');
    expect(lines.slice(forecast, forecast + 5)).toEqual([
      'tool "get_forecast":',
      "  review: description changed",
      "    at /inputSchema/properties/city/description (input-description-changed)",
      '  breaking for clients: required argument "country" added',
      "    at /inputSchema/properties/country (input-required-property-added)",
    ]);
    expect(lines).toContain('tool "ping|`pong`":');
    // The rewritten description's controls are escaped, never printed raw.
    expect(run.stdout).not.toMatch(/[\u202e\u0000-\u0009\u000b-\u001f]/);
    expect(run.stderr).toBe("error: 6 breaking for clients, 1 breaking for servers (--fail-on breaking)\n");
  });

  it.each([
    ["breaking", 1],
    ["review", 1],
    ["any", 1],
    ["none", 0],
  ])("--fail-on %s exits with %i when there are breaking changes", async (failOn, code) => {
    expect((await runCli(["diff", OLD, NEW, "--fail-on", failOn, "-q"], repoRoot)).code).toBe(code);
  });

  it.each([
    ["review only", { description: "Other words." }, [0, 1, 1, 0]],
    ["compatible only", { inputSchema: { type: "object", properties: { q: { type: "string" }, extra: { type: "string" } } } }, [0, 0, 1, 0]],
    ["nothing", {}, [0, 0, 0, 0]],
  ] as const)("--fail-on breaking, review, any, none with %s", async (_, change, codes) => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-fail-on-"));
    const tool = { name: "t", description: "Words.", inputSchema: { type: "object", properties: { q: { type: "string" } } } };
    await writeFile(join(directory, "old.json"), JSON.stringify({ tools: [tool] }));
    await writeFile(join(directory, "new.json"), JSON.stringify({ tools: [{ ...tool, ...change }] }));
    const exits = [];
    for (const failOn of ["breaking", "review", "any", "none"])
      exits.push((await runCli(["diff", "old.json", "new.json", "--fail-on", failOn], directory)).code);
    expect(exits).toEqual(codes);
  });

  it("an x-mcp-header mark added to an argument fails --fail-on breaking (tool-header-added); removed, it breaks servers; recased, it is no change", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-header-"));
    const tool = (region: Record<string, unknown>) => ({
      tools: [
        {
          name: "run_query",
          inputSchema: { type: "object", properties: { region: { type: "string", ...region }, sql: { type: "string" } }, required: ["sql"] },
        },
      ],
    });
    await writeFile(join(directory, "plain.json"), JSON.stringify(tool({})));
    await writeFile(join(directory, "marked.json"), JSON.stringify(tool({ "x-mcp-header": "Region" })));
    await writeFile(join(directory, "recased.json"), JSON.stringify(tool({ "x-mcp-header": "region" })));
    const added = await runCli(["diff", "plain.json", "marked.json", "--fail-on", "breaking"], directory);
    expect(added.code).toBe(1);
    expect(added.stdout.split("\n")).toEqual([
      "plain.json → marked.json: 1 breaking for clients, 0 breaking for servers, 0 review, 0 compatible",
      "",
      'tool "run_query":',
      '  breaking for clients: argument "region" now sent in header Mcp-Param-Region',
      "    at /inputSchema/properties/region/x-mcp-header (tool-header-added)",
      "",
    ]);
    expect(added.stderr).toBe("error: 1 breaking for clients (--fail-on breaking)\n");
    const removed = await runCli(["diff", "marked.json", "plain.json", "--fail-on", "breaking", "--json"], directory);
    expect(removed.code).toBe(1);
    const document = JSON.parse(removed.stdout) as { comparisons: Array<{ changes: unknown[] }> };
    expect(document.comparisons[0]!.changes).toEqual([
      {
        subject: { kind: "tool", name: "run_query" },
        rule: "tool-header-removed",
        class: "breaking-for-servers",
        pointer: "/inputSchema/properties/region/x-mcp-header",
        message: 'argument "region" no longer sent in header Mcp-Param-Region',
        before: "Region",
      },
    ]);
    const recased = await runCli(["diff", "marked.json", "recased.json", "--fail-on", "any"], directory);
    expect(recased.code).toBe(0);
    expect(recased.stdout).toBe("marked.json → recased.json: no change of the contract\n");
  });

  it("a resource's state (size, annotations.lastModified) changed is no change, even --fail-on any; another annotation beside it still is", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-state-"));
    const log = (size: number, annotations: Record<string, unknown>) => ({
      tools: [{ name: "t", inputSchema: { type: "object" } }],
      resources: [{ uri: "file:///logs/app.log", name: "app.log", mimeType: "text/plain", size, annotations }],
      resourceTemplates: [{ name: "day", uriTemplate: "logs://{day}", annotations }],
    });
    await writeFile(join(directory, "old.json"), JSON.stringify(log(100, { audience: ["user"], lastModified: "2026-01-01T00:00:00Z" })));
    await writeFile(join(directory, "grown.json"), JSON.stringify(log(250, { audience: ["user"], lastModified: "2026-02-01T09:30:00Z" })));
    await writeFile(join(directory, "retargeted.json"), JSON.stringify(log(250, { audience: ["assistant"], lastModified: "2026-02-01T09:30:00Z" })));
    expect(await runCli(["diff", "old.json", "grown.json", "--fail-on", "any"], directory)).toEqual({
      code: 0,
      stdout: "old.json → grown.json: no change of the contract\n",
      stderr: "",
    });
    const retargeted = await runCli(["diff", "old.json", "retargeted.json", "--fail-on", "any", "--json"], directory);
    expect(retargeted.code).toBe(1);
    const document = JSON.parse(retargeted.stdout) as { comparisons: Array<{ changes: Array<Record<string, unknown>> }> };
    // The annotations as compared: their audience, not their lastModified (nor the resource's size).
    expect(document.comparisons[0]!.changes.map(({ rule, pointer, before, after }) => ({ rule, pointer, before, after }))).toEqual([
      { rule: "resource-template-metadata-changed", pointer: "/annotations", before: { audience: ["user"] }, after: { audience: ["assistant"] } },
      { rule: "resource-metadata-changed", pointer: "/annotations", before: { audience: ["user"] }, after: { audience: ["assistant"] } },
    ]);
  });

  it("a title added or removed is said in words, as a description is, never as null (text, markdown; --json leaves the absent side out)", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-title-"));
    const lists = (titled: boolean) => {
      const title = (text: string) => (titled ? { title: text } : {});
      return {
        tools: [{ name: "w", ...title("Weather"), inputSchema: { type: "object" } }],
        prompts: [{ name: "p", ...title("Plan"), arguments: [{ name: "a", ...title("Area") }] }],
        resources: [{ uri: "file:///x", name: "x", ...title("X marks") }],
        resourceTemplates: [{ name: "t", ...title("Tiles"), uriTemplate: "tiles://{id}" }],
      };
    };
    await writeFile(join(directory, "bare.json"), JSON.stringify(lists(false)));
    await writeFile(join(directory, "titled.json"), JSON.stringify(lists(true)));
    const added = await runCli(["diff", "bare.json", "titled.json"], directory);
    expect(added.stdout.split("\n").filter((line) => line.startsWith("  review: "))).toEqual([
      '  review: title added: "Weather"',
      '  review: title added: "Plan"',
      '  review: title of argument "a" added: "Area"',
      '  review: title added: "Tiles"',
      '  review: title added: "X marks"',
    ]);
    const removed = await runCli(["diff", "titled.json", "bare.json", "--format", "markdown"], directory);
    expect(removed.stdout).toContain('| review | `tool-title-changed` | `/title` | `title removed: "Weather"` |');
    expect(removed.stdout).toContain('| review | `prompt-argument-title-changed` | `/arguments/0/title` | `title of argument "a" removed: "Area"` |');
    expect(removed.stdout).toContain('| review | `resource-metadata-changed` | `/title` | `title removed: "X marks"` |');
    expect(`${added.stdout}${removed.stdout}`).not.toContain("null");
    const json = await runCli(["diff", "bare.json", "titled.json", "--json"], directory);
    const changes = (JSON.parse(json.stdout) as { comparisons: Array<{ changes: Array<Record<string, unknown>> }> }).comparisons[0]!.changes;
    expect(changes.map((change) => [change.rule, "before" in change, change.after])).toEqual([
      ["tool-title-changed", false, "Weather"],
      ["prompt-title-changed", false, "Plan"],
      ["prompt-argument-title-changed", false, "Area"],
      ["resource-template-metadata-changed", false, "Tiles"],
      ["resource-metadata-changed", false, "X marks"],
    ]);
  });

  it("a side that does not list the prompts (a bare tools/list result): they are not compared, and a note says so", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-unlisted-"));
    const tools = [{ name: "t", inputSchema: { type: "object" } }];
    await writeFile(join(directory, "old.json"), JSON.stringify({ tools, prompts: [{ name: "p" }] }));
    await writeFile(join(directory, "new.json"), JSON.stringify({ tools }));
    const run = await runCli(["diff", "old.json", "new.json"], directory);
    expect(run).toEqual({
      code: 0,
      stdout: "old.json → new.json: no change of the contract\n",
      stderr: "note: the prompts are not compared: new.json does not list them (a tools/list result, or a server whose prompts/list failed)\n",
    });
  });

  it("a directory stands for its snapshot; two equal manifests are no change", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-dir-"));
    await mkdir(join(directory, "out"));
    await writeFile(join(directory, "out", "manifest.json"), await readFile(join(repoRoot, OLD), "utf8"));
    const run = await runCli(["diff", "out", join(repoRoot, OLD)], directory);
    expect(run).toEqual({ code: 0, stdout: `out/manifest.json → ${join(repoRoot, OLD)}: no change of the contract\n`, stderr: "" });
  });

  it("a stdio server after --, straight after the old side: the new side (commander drops a `--` that follows an operand)", async () => {
    // mcpgen's own mock of the same manifest: a real stdio server with the same tools; it speaks the current revision.
    const run = await runCli(["diff", "--fail-on", "review", OLD, "--", process.execPath, join(repoRoot, "bin/mcpgen.js"), "mock", OLD, "-q"], repoRoot);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    // The manifest's 2025-06-18 against the mock's newer revision: compatible, so even --fail-on review passes.
    expect(run.stdout.split("\n")[0]).toBe(
      `${OLD} → ${process.execPath} ${join(repoRoot, "bin/mcpgen.js")} mock ${OLD} -q: 0 breaking for clients, 0 breaking for servers, 0 review, 1 compatible`,
    );
    expect(run.stdout).toContain("(protocol-version-upgraded)");
  });

  it.each([
    [["diff"], /nothing to compare/],
    [["diff", OLD], /compares two things/],
    [["diff", OLD, NEW, NEW], /compares two things/],
    [
      ["diff", "https://old.example/mcp?token=s3cret", NEW],
      /^(?![^]*s3cret)error: the old side is a manifest or a snapshot directory, not a server[^]*mcpgen pull <url>/,
    ],
    [["diff", "--base", "HEAD", OLD, "--", "node", "server.js"], /does not go with it/],
    [["diff", OLD, NEW, "--json", "--format", "markdown"], /--json and --format do not go together/],
    [["diff", OLD, NEW, "--fail-on", "sometimes"], /Allowed choices are breaking, review, any, none/],
  ])("refuses %j (exit 2)", async (args, message) => {
    const run = await runCli(args, repoRoot);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it("piped into a reader that stops early (| head), the binary ends with the verdict's exit code, no stack trace", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-pipe-"));
    // Some 600 KB of changes, more than a pipe holds.
    const properties = (maxLength: number) => Object.fromEntries(Array.from({ length: 6000 }, (_, index) => [`p${index}`, { maxLength }]));
    const manifest = (maxLength: number) => ({ tools: [{ name: "t", inputSchema: { type: "object", properties: properties(maxLength) } }] });
    await writeFile(join(directory, "old.json"), JSON.stringify(manifest(1)));
    await writeFile(join(directory, "new.json"), JSON.stringify(manifest(2)));
    const child = spawn(process.execPath, [join(repoRoot, "bin/mcpgen.js"), "diff", "old.json", "new.json"], { cwd: directory });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    const [code] = (await once(child, "close")) as [number];
    expect(stderr).not.toMatch(/EPIPE|at .*\(/);
    expect(stderr).toMatch(/^error: 6000 breaking for servers \(--fail-on breaking\)\n$/);
    expect(code).toBe(1);
  });

  it("a schema nested too deeply for the stack is a user error that points at its deepest value, not a crash", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-deep-"));
    const nested = (leaf: string) => {
      let text = JSON.stringify({ type: leaf });
      for (let level = 0; level < 1500; level++) text = `{"type":"object","properties":{"a":${text}}}`;
      return `{"tools":[{"name":"t","inputSchema":${text}}]}`;
    };
    await writeFile(join(directory, "old.json"), nested("string"));
    await writeFile(join(directory, "new.json"), nested("integer"));
    const run = await runCli(["diff", "old.json", "new.json"], directory);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: old\.json: tool "t" at \/tools\/0\/inputSchema\/properties\/a\/.*nested too deeply to process/);
  });

  it("a directory without a snapshot is named, with what to give instead (not another command's hint)", async () => {
    const directory = await mkdtemp(join(tmpdir(), "mcpgen-diff-empty-"));
    await mkdir(join(directory, "out"));
    const run = await runCli(["diff", "out", join(repoRoot, OLD)], directory);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "error: out: a directory stands for its snapshot, and it holds no manifest.json\n  hint: give a manifest file, or the directory mcpgen pull or generate wrote its manifest.json into\n",
    );
  });

  it("a missing file is named, with what diff takes (exit 1); with --json, the error is JSON too", async () => {
    const run = await runCli(["diff", OLD, "nowhere/new.json"], repoRoot);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: nowhere\/new\.json: no such file or directory\n {2}hint: mcpgen diff <old> <new>/);
    const json = await runCli(["diff", "missing.json", NEW, "--format", "json"], repoRoot);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, errors: [{ diagnostic: { code: "input-unreadable", file: "missing.json" } }] });
  });
});
