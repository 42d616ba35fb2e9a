/**
 * `mcpgen diff --base <rev>` in a temporary git repository: a manifest and
 * a snapshot directory against themselves at a revision, every target of a
 * configuration (each with its own `failOn`), a manifest new since the
 * revision, a manifest moved since (the configuration at the revision,
 * git's rename), and the errors: no repository, no such revision, no git, no
 * configuration without operands.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ajv2020Module from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { diff } from "../../src/commands/diff.js";
import { McpgenError } from "../../src/shared/errors.js";
import { runCli } from "../helpers/cli.js";
import { repoRoot } from "../helpers/typecheck.js";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", args, {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" },
    stdio: "pipe",
  });

const Ajv2020 = ajv2020Module.default;
const validateDocument = new Ajv2020({ allErrors: true, strict: true }).compile(
  JSON.parse(readFileSync(join(repoRoot, "schema", "mcpgen.diff.schema.json"), "utf8")) as Record<string, unknown>,
);

const fixture = (name: string) => readFile(join(repoRoot, "test", "fixtures", "diff", name), "utf8");

describe("mcpgen diff --base", () => {
  let repository = "";

  beforeAll(async () => {
    repository = await mkdtemp(join(tmpdir(), "mcpgen-diff-git-"));
    git(repository, "init", "-q", "-b", "main");
    await mkdir(join(repository, "src", "mcp", "weather"), { recursive: true });
    await mkdir(join(repository, "contracts"));
    await writeFile(join(repository, "src", "mcp", "weather", "manifest.json"), await fixture("weather-v1.json"));
    await writeFile(join(repository, "contracts", "notes.json"), JSON.stringify({ tools: [{ name: "add_note", inputSchema: { type: "object" } }] }));
    // Not JSON at the revision, repaired since.
    await writeFile(join(repository, "contracts", "repaired.json"), "{ broken");
    await writeFile(
      join(repository, "mcpgen.config.json"),
      JSON.stringify({
        targets: [
          { name: "weather", server: "https://example.com/mcp", out: "src/mcp/weather", failOn: "none" },
          { name: "notes", manifest: "contracts/notes.json", out: "src/mcp/notes", failOn: "any" },
        ],
      }),
    );
    git(repository, "add", ".");
    git(repository, "commit", "-q", "-m", "v1");
    // The working tree moves on: weather to v2, a tool added to notes, and a server new since main.
    await writeFile(join(repository, "src", "mcp", "weather", "manifest.json"), await fixture("weather-v2.json"));
    await writeFile(
      join(repository, "contracts", "notes.json"),
      JSON.stringify({
        tools: [
          { name: "add_note", inputSchema: { type: "object" } },
          { name: "list_notes", inputSchema: { type: "object" } },
        ],
      }),
    );
    await writeFile(join(repository, "contracts", "new.json"), JSON.stringify({ tools: [{ name: "fresh", inputSchema: { type: "object" } }] }));
    await writeFile(join(repository, "contracts", "repaired.json"), JSON.stringify({ tools: [] }));
  });

  it("compares a snapshot directory and a manifest with themselves at the revision", async () => {
    const run = await runCli(["diff", "--base", "main", "src/mcp/weather", "--format", "json"], repository);
    expect(run.code).toBe(1);
    const [comparison] = (JSON.parse(run.stdout) as { comparisons: Array<{ old: { source: string }; new: { source: string }; counts: unknown }> }).comparisons;
    expect(comparison!.old.source).toBe("main:src/mcp/weather/manifest.json");
    expect(comparison!.new.source).toBe("src/mcp/weather/manifest.json");
    expect(comparison!.counts).toEqual({ "breaking-for-clients": 6, "breaking-for-servers": 1, review: 5, compatible: 4 });
    // From a subdirectory, by the file's path: git reads it relative to the file, and names it as git does, from the repository's root.
    const nested = await runCli(["diff", "--base", "HEAD", "notes.json", "--fail-on", "any"], join(repository, "contracts"));
    expect(nested.code).toBe(1);
    expect(nested.stdout).toBe(
      'HEAD:contracts/notes.json → notes.json: 0 breaking for clients, 0 breaking for servers, 0 review, 1 compatible\n\ntool "list_notes":\n  compatible: new tool\n    (tool-added)\n',
    );
  });

  it("names a file outside the working directory at the revision as git does (<rev>:<path from the root>), never <rev>:../x or <rev>:/abs", async () => {
    const sources = async (cwd: string, ...operands: string[]) => {
      const run = await runCli(["diff", "--base", "main", ...operands, "--format", "json"], cwd);
      return (JSON.parse(run.stdout) as { comparisons: Array<{ old: { source: string } }> }).comparisons.map((comparison) => comparison.old.source);
    };
    // Up and out of the working directory, and by an absolute path from a directory outside the repository.
    expect(await sources(join(repository, "contracts"), "../src/mcp/weather", "../contracts/new.json")).toEqual([
      "main:src/mcp/weather/manifest.json",
      "main:contracts/new.json",
    ]);
    const elsewhere = await mkdtemp(join(tmpdir(), "mcpgen-diff-elsewhere-"));
    expect(await sources(elsewhere, join(repository, "contracts", "notes.json"))).toEqual(["main:contracts/notes.json"]);
    // The note of a file new since the revision names it as given.
    const fresh = await runCli(["diff", "--base", "main", join(repository, "contracts", "new.json")], elsewhere);
    expect(fresh.stderr).toBe(`note: ${join(repository, "contracts", "new.json")} is not in main: every tool is new\n`);
    expect(fresh.stdout).toMatch(/^main:contracts\/new\.json → \//);
  });

  it("without operands, every target of the configuration, each failing on its own failOn", async () => {
    const run = await runCli(["diff", "--base", "main", "--format", "json"], repository);
    const document = JSON.parse(run.stdout) as { failed: boolean; comparisons: Array<{ target: string; failOn: string; failed: boolean }> };
    expect(document.comparisons.map(({ target, failOn, failed }) => ({ target, failOn, failed }))).toEqual([
      { target: "weather", failOn: "none", failed: false },
      { target: "notes", failOn: "any", failed: true },
    ]);
    expect(run.code).toBe(1);
    // A target by its name: its own failOn.
    const named = await runCli(["diff", "--base", "main", "notes", "--format", "json"], repository);
    expect((JSON.parse(named.stdout) as { comparisons: Array<{ target: string; failOn: string }> }).comparisons).toMatchObject([
      { target: "notes", failOn: "any" },
    ]);
    expect(named.code).toBe(1);
    // A name no target has is a path that is not there; a configuration that cannot be read says so, not that.
    const neither = await runCli(["diff", "--base", "main", "nothing"], repository);
    expect(neither.stderr).toMatch(/^error: nothing: no such file or directory\n/);
    // A target's name in another case, or misspelt, gets the name it is nearest.
    for (const typed of ["Notes", "ntoes"]) {
      const near = await runCli(["diff", "--base", "main", typed], repository);
      expect(near.code).toBe(1);
      expect(near.stderr).toBe(
        `error: ${typed}: no such file or directory, and no target of that name\n  hint: did you mean the target "notes" of mcpgen.config.json?\n`,
      );
    }
    const missing = await runCli(["diff", "--base", "main", "--config", "missing.json", "notes"], repository);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: missing\.json: no such configuration file\n/);
    // --fail-on overrides every target's.
    expect((await runCli(["diff", "--base", "main", "--fail-on", "none"], repository)).code).toBe(0);
    const text = await runCli(["diff", "--base", "main"], repository);
    expect(text.stderr).toBe("error: notes: 1 compatible (--fail-on any)\n");
    expect(text.stdout).toMatch(/^weather: main:src\/mcp\/weather\/manifest\.json → src\/mcp\/weather\/manifest\.json: 6 breaking for clients,/);
  });

  it("a server target not pulled yet: diff's words (pull it), not the manifest reader's advice of stdin", async () => {
    await writeFile(
      join(repository, "unpulled.config.json"),
      JSON.stringify({ targets: [{ name: "github", server: "https://example.com/mcp", out: "src/mcp/github" }] }),
    );
    const run = await runCli(["diff", "--base", "main", "--config", "unpulled.config.json"], repository);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "error: github: src/mcp/github/manifest.json: no snapshot yet: --base compares the manifest.json that mcpgen pull writes with itself at main\n" +
        "  hint: run mcpgen pull --config unpulled.config.json github, or name the targets to compare: mcpgen diff --base main --config unpulled.config.json <target>...\n",
    );
  });

  it("a target that cannot be read (now or at the revision) costs that target only: the others are compared and printed, exit 1", async () => {
    await writeFile(join(repository, "contracts", "invalid.json"), "{ not json");
    const server = "https://example.com/mcp?key=sekrit-token";
    await writeFile(
      join(repository, "partial.config.json"),
      JSON.stringify({
        targets: [
          { name: "weather", server, out: "src/mcp/weather", failOn: "none" },
          { name: "github", server, out: "src/mcp/github" },
          { name: "invalid", manifest: "contracts/invalid.json", out: "out/invalid" },
          { name: "gone", manifest: "contracts/gone.json", out: "out/gone" },
          { name: "repaired", manifest: "contracts/repaired.json", out: "out/repaired" },
          { name: "notes", manifest: "contracts/notes.json", out: "src/mcp/notes", failOn: "none" },
        ],
      }),
    );
    const text = await runCli(["diff", "--base", "main", "--config", "partial.config.json"], repository);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(
      /^weather: main:src\/mcp\/weather\/manifest\.json → .*: 6 breaking for clients,[^]*\nnotes: main:contracts\/notes\.json → contracts\/notes\.json: 0 breaking/,
    );
    const errors = text.stderr.split("\n").filter((line) => line.startsWith("error: "));
    expect(errors).toEqual([
      expect.stringMatching(/^error: github: src\/mcp\/github\/manifest\.json: no snapshot yet: --base compares/),
      expect.stringMatching(/^error: invalid: contracts\/invalid\.json: .*JSON/),
      expect.stringMatching(/^error: gone: contracts\/gone\.json: cannot read the manifest: no such file\n?$/),
      expect.stringMatching(/^error: repaired: main:contracts\/repaired\.json: not valid JSON/),
    ]);
    expect(text.stderr).toMatch(/\n4 of 6 targets could not be compared \(github, invalid, gone, repaired\); the other 2 were\n$/);
    expect(text.stderr).not.toMatch(/sekrit|\n\s+at /);

    const json = await runCli(["diff", "--base", "main", "--config", "partial.config.json", "--json"], repository);
    expect(json.code).toBe(1);
    const document = JSON.parse(json.stdout) as {
      failed: boolean;
      comparisons: Array<{ target: string }>;
      errors: Array<{ target: string; diagnostic: { code: string; file: string } }>;
    };
    expect(validateDocument(document), JSON.stringify(validateDocument.errors)).toBe(true);
    expect(document.failed).toBe(true);
    expect(document.comparisons.map((comparison) => comparison.target)).toEqual(["weather", "notes"]);
    expect(document.errors.map(({ target, diagnostic }) => [target, diagnostic.code, diagnostic.file])).toEqual([
      ["github", "input-unreadable", "src/mcp/github/manifest.json"],
      ["invalid", "input-not-json", "contracts/invalid.json"],
      ["gone", "input-unreadable", "contracts/gone.json"],
      ["repaired", "input-not-json", "main:contracts/repaired.json"],
    ]);
    expect(json.stdout).not.toContain("sekrit");

    const markdown = await runCli(["diff", "--base", "main", "--config", "partial.config.json", "--format", "markdown"], repository);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain("### `weather`");
    expect(markdown.stdout).toContain("### `notes`");
    expect(markdown.stdout).toContain(
      "### `github`\n\nNot compared: its manifest cannot be read.\n\n~~~text\nsrc/mcp/github/manifest.json: no snapshot yet: --base compares the manifest.json that mcpgen pull writes with itself at main\nhint: run mcpgen pull",
    );
    expect(markdown.stdout).toContain("### `repaired`\n\nNot compared: its manifest cannot be read.\n\n~~~text\nmain:contracts/repaired.json: not valid JSON");

    // Named targets and paths stand alone too; a revision that does not exist is still the run's one error.
    const named = await runCli(["diff", "--base", "main", "--config", "partial.config.json", "notes", "github", "contracts/invalid.json"], repository);
    expect(named.code).toBe(1);
    expect(named.stdout).toMatch(/^notes: main:contracts\/notes\.json → /);
    expect(named.stderr).toMatch(
      /\nerror: contracts\/invalid\.json: .*\n[^]*2 of 3 could not be compared \(github, contracts\/invalid\.json\); the other one was\n$/,
    );
    const unknown = await runCli(["diff", "--base", "no-such-branch", "--config", "partial.config.json"], repository);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toBe("");
    expect(unknown.stderr).toMatch(/^error: no revision "no-such-branch" in this repository\n {2}hint: [^\n]*\n$/);
  });

  it("a manifest that is not at the revision is new: every tool added, and a note says so", async () => {
    const run = await runCli(["diff", "--base", "main", "contracts/new.json"], repository);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("note: contracts/new.json is not in main: every tool is new\n");
    expect(run.stdout).toMatch(/^main:contracts\/new\.json → contracts\/new\.json: 0 breaking for clients, 0 breaking for servers, 0 review, 1 compatible\n/);
    // Its prompts (resources, templates) are new too: the empty manifest it is compared with lists none, not nothing.
    await writeFile(join(repository, "contracts", "surface.json"), JSON.stringify({ tools: [], prompts: [{ name: "p" }] }));
    const surface = await runCli(["diff", "--base", "main", "contracts/surface.json", "-q"], repository);
    expect(surface.stdout).toBe(
      'main:contracts/surface.json → contracts/surface.json: 0 breaking for clients, 0 breaking for servers, 0 review, 1 compatible\n\nprompt "p":\n  compatible: new prompt\n    (prompt-added)\n',
    );
  });

  it("a manifest moved since the revision is compared with where it was then: the configuration's path at the revision, or git's rename", async () => {
    const moved = await mkdtemp(join(tmpdir(), "mcpgen-diff-moved-"));
    git(moved, "init", "-q", "-b", "main");
    // Manifests of a few tools, so that git finds a file renamed with one of them changed.
    const manifest = (type: string) =>
      JSON.stringify(
        {
          tools: ["get_forecast", "list_alerts", "get_station"].map((name) => ({
            name,
            description: `The ${name} tool of the weather service, as its server lists it.`,
            inputSchema: { type: "object", properties: { place: { type: name === "get_forecast" ? type : "string" }, days: { type: "integer" } } },
          })),
        },
        null,
        2,
      );
    await mkdir(join(moved, "contracts"));
    await mkdir(join(moved, "gen", "pulled"), { recursive: true });
    await writeFile(join(moved, "contracts", "a.tools.json"), manifest("string"));
    await writeFile(join(moved, "gen", "pulled", "manifest.json"), manifest("string"));
    await writeFile(join(moved, "contracts", "v1.json"), manifest("string"));
    const config = (manifestPath: string, out: string, version: string) =>
      JSON.stringify({
        targets: [
          { name: "a", manifest: manifestPath, out: "src/a" },
          { name: "versioned", manifest: `contracts/${version}.json`, out: "src/versioned" },
          { name: "pulled", server: "https://example.com/mcp", out },
          { name: "fresh", manifest: "contracts/fresh.json", out: "src/fresh" },
        ],
      });
    await writeFile(join(moved, "mcpgen.config.json"), config("contracts/a.tools.json", "gen/pulled", "v1"));
    git(moved, "add", ".");
    git(moved, "commit", "-q", "-m", "v1");
    // One commit moves a's manifest and changes a tool of it (breaking), and moves the server's snapshot out of a directory now gone.
    git(moved, "mv", "contracts/a.tools.json", "contracts/b.tools.json");
    await writeFile(join(moved, "contracts", "b.tools.json"), manifest("integer"));
    await mkdir(join(moved, "api"));
    git(moved, "mv", "gen/pulled", "api/pulled");
    await writeFile(join(moved, "api", "pulled", "manifest.json"), manifest("integer"));
    await writeFile(join(moved, "contracts", "fresh.json"), JSON.stringify({ tools: [{ name: "fresh", inputSchema: { type: "object" } }] }));
    // v1.json stays (no rename for git to find): the configuration at the revision says where the target's was.
    await writeFile(join(moved, "contracts", "v2.json"), manifest("integer"));
    await writeFile(join(moved, "mcpgen.config.json"), config("contracts/b.tools.json", "api/pulled", "v2"));
    git(moved, "add", ".");
    git(moved, "commit", "-q", "-m", "v2: moved");

    const run = await runCli(["diff", "--base", "HEAD~1", "--json"], moved);
    expect(run.code).toBe(1);
    const document = JSON.parse(run.stdout) as {
      comparisons: Array<{ target: string; old: { source: string }; counts: Record<string, number>; notes?: string[] }>;
    };
    expect(validateDocument(document), JSON.stringify(validateDocument.errors)).toBe(true);
    expect(document.comparisons.map(({ target, old, counts }) => ({ target, old: old.source, breaking: counts["breaking-for-clients"] }))).toEqual([
      { target: "a", old: "HEAD~1:contracts/a.tools.json", breaking: 1 },
      { target: "versioned", old: "HEAD~1:contracts/v1.json", breaking: 1 },
      { target: "pulled", old: "HEAD~1:gen/pulled/manifest.json", breaking: 1 },
      // Neither in the configuration nor on disk then: new, as documented.
      { target: "fresh", old: "HEAD~1:contracts/fresh.json", breaking: 0 },
    ]);
    const text = await runCli(["diff", "--base", "HEAD~1"], moved);
    expect(text.stderr).toContain("note: fresh: contracts/fresh.json is not in HEAD~1: every tool is new\n");
    expect(text.stderr).not.toMatch(/note: (a|versioned|pulled):/);

    // A manifest named by its path: git's rename, which a note names.
    const byPath = await runCli(["diff", "--base", "HEAD~1", "contracts/b.tools.json"], moved);
    expect(byPath.code).toBe(1);
    expect(byPath.stdout).toMatch(/^HEAD~1:contracts\/a\.tools\.json → contracts\/b\.tools\.json: 1 breaking for clients,/);
    expect(byPath.stderr).toContain(
      "note: contracts/b.tools.json is not in HEAD~1: git finds it renamed since from contracts/a.tools.json, which it is compared with\n",
    );
    // A configuration that is not at the revision names today's path, and git's rename is followed there too; so is one not committed yet.
    git(moved, "mv", "contracts/b.tools.json", "contracts/c.tools.json");
    await writeFile(join(moved, "other.config.json"), JSON.stringify({ targets: [{ name: "b", manifest: "contracts/c.tools.json", out: "src/b" }] }));
    const followed = await runCli(["diff", "--base", "HEAD~1", "--config", "other.config.json", "--format", "json"], moved);
    expect(followed.code).toBe(1);
    expect((JSON.parse(followed.stdout) as { comparisons: Array<{ old: { source: string } }> }).comparisons.map((comparison) => comparison.old.source)).toEqual(
      ["HEAD~1:contracts/a.tools.json"],
    );
  });

  it("an unknown revision, a directory outside any repository, and no git are clear errors", async () => {
    const unknown = await runCli(["diff", "--base", "no-such-branch", "src/mcp/weather"], repository);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^error: no revision "no-such-branch" in this repository\n {2}hint: .*git fetch/);
    // A server's URL is no manifest to compare at a revision: said without echoing it (its query may carry a token).
    const url = diff({ base: "main", operands: ["https://example.com/mcp?key=sekrit-token"], cwd: repository });
    const refused = (await url.then(
      () => undefined,
      (error: unknown) => error,
    )) as McpgenError;
    expect(refused).toBeInstanceOf(McpgenError);
    expect(refused.diagnostic).toMatchObject({ code: "usage", message: expect.stringMatching(/^--base compares manifests .*a server's URL is not one$/) });
    expect(JSON.stringify(refused.diagnostic)).not.toContain("sekrit");

    const outside = await mkdtemp(join(tmpdir(), "mcpgen-diff-nogit-"));
    await writeFile(join(outside, "manifest.json"), await fixture("weather-v1.json"));
    const notRepository = await runCli(["diff", "--base", "main", "manifest.json"], outside);
    expect(notRepository.code).toBe(1);
    expect(notRepository.stderr).toMatch(/^error: manifest\.json: --base reads the snapshot from git, and .* is not in a git repository\n/);

    // No operand and no configuration: what --base needs, not the loader's advice of --out (diff has none).
    const noConfig = await runCli(["diff", "--base", "main"], outside);
    expect(noConfig.code).toBe(2);
    expect(noConfig.stderr).toMatch(
      /^error: --base without operands compares the targets of mcpgen\.config\.json, and there is none in .* or any directory above it\n/,
    );
    expect(noConfig.stderr).toMatch(
      /hint: name the manifests .*: mcpgen diff --base <rev> <manifest>\.\.\., or pass --config <file> whose targets have manifests\n/,
    );
    expect(noConfig.stderr).not.toContain("--out");

    const path = process.env["PATH"];
    process.env["PATH"] = join(outside, "no-bin");
    try {
      const noGit = await runCli(["diff", "--base", "main", "src/mcp/weather"], repository);
      expect(noGit.code).toBe(1);
      expect(noGit.stderr).toMatch(
        /--base reads the snapshot from git, and git is not installed \(or not on PATH\)\n {2}hint: install git, or compare two files/,
      );
    } finally {
      process.env["PATH"] = path;
    }

    const option = await runCli(["diff", "--base", "--output=x", "src/mcp/weather"], repository);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/is not a revision/);
  });
});
