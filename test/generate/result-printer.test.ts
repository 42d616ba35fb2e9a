/**
 * One result printer (src/cli/print.ts): a target reads the same whether it
 * is one output (`--out`, `scaffold`) or a target of a configuration, where
 * each of its lines starts with its name. End to end through the CLI for
 * generate and scaffold, and on reports made by hand for what needs a server
 * (a pull's drift) or a particular state (orphaned handlers, colours).
 * `--json` keeps each command's published shape.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { printRun } from "../../src/cli/print.js";
import type { RunReport, TargetReport } from "../../src/cli/report.js";
import { cliIn, fixtureCopy } from "../helpers/project.js";
import { repoRoot } from "../helpers/typecheck.js";

/** Each line of a target's output without its name (after `warning: `/`note: ` too). */
const withoutName = (text: string, name: string) => text.replaceAll(`${name}: `, "");

async function editContract(root: string, file: string): Promise<void> {
  const path = join(root, "contracts", file);
  await writeFile(path, (await readFile(path, "utf8")).replace('"imperial"', '"kelvin"').replace("Add a note", "Add one note"));
}

describe("a target reads the same alone and in a configuration", () => {
  it("generate: what it wrote, what --check finds out of date (with diffs), what is up to date", async () => {
    const [alone, configured] = await Promise.all([fixtureCopy("print-alone"), fixtureCopy("print-configured")]);
    const single = ["generate", "contracts/weather.tools.json", "--out", "src/mcp/weather"];
    const written = [await cliIn(alone, single), await cliIn(configured, ["generate", "weather"])];
    expect(written[0]).toEqual({ code: 0, stdout: "generated 3 tools into src/mcp/weather (11 files written, 0 unchanged)\n", stderr: "" });
    expect(written[0]).toEqual({ ...written[1], stdout: withoutName(written[1]!.stdout, "weather") });

    await Promise.all([editContract(alone, "weather.tools.json"), editContract(configured, "weather.tools.json")]);
    const stale = [await cliIn(alone, [...single, "--check", "--diff"]), await cliIn(configured, ["generate", "weather", "--check", "--diff"])];
    expect(stale.map((run) => run.code)).toEqual([1, 1]);
    const [aloneLines, configuredLines] = stale.map((run) => run.stderr.split("\n"));
    expect(aloneLines!.slice(0, 7)).toEqual([
      "src/mcp/weather is out of date (3 files):",
      // The manifest's change since the snapshot, classified (docs/diff.md), then the files.
      "  contract: 1 breaking for clients, 1 breaking for servers",
      '    breaking for clients: tool "get_weather": value "imperial" removed at /inputSchema/properties/units/enum (input-enum-value-removed)',
      '    breaking for servers: tool "get_weather": value "kelvin" added at /inputSchema/properties/units/enum (input-enum-value-added)',
      "  stale: manifest.json (+1 -1)",
      "  stale: types.ts (+1 -1)",
      "  stale: validators/get-weather.ts (+1 -1)",
    ]);
    expect(aloneLines).toContain("--- src/mcp/weather/types.ts");
    // The same lines, the diffs included; a configuration sums its targets up, and the command that brings it up to date differs.
    expect(aloneLines!.slice(0, -2)).toEqual(configuredLines!.slice(0, -3).map((line) => withoutName(line, "weather")));
    expect(aloneLines!.slice(-2)).toEqual(["run: mcpgen generate contracts/weather.tools.json --out src/mcp/weather", ""]);
    expect(configuredLines!.slice(-3)).toEqual(["1 of 1 target out of date", "run: mcpgen generate weather", ""]);

    // One at a time: the CLI runs in this process, from the fixture's directory.
    await cliIn(alone, [...single, "-q"]);
    await cliIn(configured, ["generate", "-q", "weather"]);
    const current = [await cliIn(alone, [...single, "--check"]), await cliIn(configured, ["generate", "weather", "--check"])];
    expect(current[0]).toEqual({ code: 0, stdout: "src/mcp/weather is up to date (3 tools, 11 files)\n", stderr: "" });
    expect(current[0]).toEqual({ ...current[1], stdout: withoutName(current[1]!.stdout, "weather") });
  });

  it("--check names the command that brings the output up to date, with the options that shape it", async () => {
    const root = await fixtureCopy("print-rerun");
    const check = ["generate", "contracts/weather.tools.json", "--out", "types", "--emit", "types", "--no-format", "--check"];
    const stale = await cliIn(root, check);
    expect(stale.code).toBe(1);
    const command = /\nrun: (.*)\n$/.exec(stale.stderr)?.[1];
    expect(command).toBe("mcpgen generate contracts/weather.tools.json --out types --emit types --no-format");
    expect((await cliIn(root, command!.split(" ").slice(1))).code).toBe(0);
    expect(await cliIn(root, check)).toEqual({ code: 0, stdout: "types is up to date (3 tools, 2 files)\n", stderr: "" });
  });

  it("--check quotes what a shell would split or expand, so that the printed command runs as pasted", async () => {
    const root = await fixtureCopy("print-rerun-quoted");
    await mkdir(join(root, "it's here"));
    await copyFile(join(root, "contracts/weather.tools.json"), join(root, "it's here/weather $HOME.tools.json"));
    const check = ["generate", "it's here/weather $HOME.tools.json", "--out", "my types", "--check"];
    const stale = await cliIn(root, check);
    const command = /\nrun: (.*)\n$/.exec(stale.stderr)?.[1];
    expect(command).toBe("mcpgen generate 'it'\\''s here/weather $HOME.tools.json' --out 'my types'");
    await promisify(execFile)("bash", ["-c", command!.replace(/^mcpgen /, `"${process.execPath}" "${join(repoRoot, "bin/mcpgen.js")}" `)], { cwd: root });
    expect(await cliIn(root, check)).toEqual({ code: 0, stdout: "my types is up to date (3 tools, 11 files)\n", stderr: "" });
  });

  it("scaffold into the working directory (--out .): the next step without a cd .", async () => {
    const root = await fixtureCopy("print-scaffold-here");
    await mkdir(join(root, "notes-server"));
    const created = await cliIn(join(root, "notes-server"), ["scaffold", "../contracts/notes.tools.json", "--out", "."]);
    expect(created.code).toBe(0);
    expect(created.stdout.split("\n").filter((line) => line.startsWith("  next: "))).toEqual([
      "  next: npm install && npm run build, then node dist/server.js serves stdio (README.md says how to add it to an MCP client)",
    ]);
  });

  it("scaffold: the project files and stubs it created, the next step, the note about npm", async () => {
    const [alone, configured] = await Promise.all([fixtureCopy("print-scaffold-alone"), fixtureCopy("print-scaffold-configured")]);
    const single = ["scaffold", "contracts/notes.tools.json", "--out", "server"];
    const created = [await cliIn(alone, single), await cliIn(configured, ["generate", "notes"])];
    expect(created[0]!.stdout).toBe(
      [
        "scaffolded 2 tools into server (23 files written: 16 generated, 7 created for you to edit; 0 unchanged)",
        "  created: .gitignore, README.md, package.json, src/server.ts, tsconfig.json",
        "  new handler stubs: src/handlers/add-note.ts, src/handlers/list-notes.ts",
        "  next: cd server && npm install && npm run build, then node dist/server.js serves stdio (server/README.md says how to add it to an MCP client)",
        "",
      ].join("\n"),
    );
    expect(created[0]).toEqual({ code: 0, stdout: withoutName(created[1]!.stdout, "notes"), stderr: withoutName(created[1]!.stderr, "notes") });
    // The counts agree with the lists and with the disk: every file written is counted, each created one listed.
    const listed = created[0]!.stdout
      .split("\n")
      .filter((line) => /^ {2}(created|new handler stubs): /.test(line))
      .flatMap((line) => line.replace(/^.*?: /, "").split(", "));
    expect(listed).toHaveLength(7);
    const onDisk = (await readdir(join(alone, "server"), { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
    expect(onDisk).toHaveLength(23);

    await Promise.all([editContract(alone, "notes.tools.json"), editContract(configured, "notes.tools.json")]);
    const again = [await cliIn(alone, single), await cliIn(configured, ["generate", "notes"])];
    expect(again[0]!.stdout).toMatch(/^scaffolded 2 tools into server \(\d+ files? written, \d+ unchanged\)\n {2}kept 2 existing handlers untouched\n$/);
    expect(again[0]).toEqual({ code: 0, stdout: withoutName(again[1]!.stdout, "notes"), stderr: withoutName(again[1]!.stderr, "notes") });
  });
});

/** A pulled target out of date: the server's tools drifted from the snapshot, a warning, a handler no tool uses. */
function driftedTarget(name?: string): TargetReport {
  return {
    name,
    emit: "client",
    outDir: "src/mcp/github",
    tools: 2,
    files: [
      { path: "manifest.json", status: "updated", lines: { added: 4, removed: 1 } },
      { path: "types.ts", status: "updated", lines: { added: 3, removed: 0 } },
      { path: "client.ts", status: "unchanged" },
    ],
    created: [],
    handlers: [],
    orphanedHandlers: [{ path: "src/handlers/gone.ts", kind: "tool", name: "gone", tool: "gone", reason: "removed" }],
    diagnostics: [
      {
        severity: "warning",
        code: "schema-suspect",
        message: "enum is empty, so no value is valid here (typed never)",
        file: "github (.mcp.json)",
        tool: "search",
        pointer: "/tools/0/inputSchema/properties/kind/enum",
      },
    ],
    upToDate: false,
    timings: {},
    server: "github (.mcp.json)",
    drift: {
      added: ["close_issue"],
      removed: [],
      changed: [{ name: "search", fields: [{ field: "inputSchema", change: "changed", pointers: ["/properties/kind"] }] }],
      prompts: { added: ["triage"], removed: [], changed: [] },
      resources: { added: [], removed: ["docs://old"], changed: [] },
      resourceTemplates: { added: [], removed: [], changed: [{ name: "issue", fields: [{ field: "uriTemplate", change: "changed", pointers: [""] }] }] },
      notes: ['server version: "1.0.0" → "1.1.0"'],
    },
  };
}

function report(target: TargetReport): RunReport {
  return {
    check: true,
    targets: [target],
    errors: [],
    committed: [],
    eachTargetAlone: false,
    ok: true,
    upToDate: false,
    fix: "run: mcpgen pull github",
    json: { named: target.name !== undefined },
  };
}

function printed(run: RunReport, options: Parameters<typeof printRun>[2] = {}, color = false) {
  let stdout = "";
  let stderr = "";
  const code = printRun(
    run,
    { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), color: { stdout: color, stderr: color } },
    options,
  );
  return { code, stdout, stderr };
}

describe("the printer", () => {
  it("prints a pull's drift, then the files it leaves stale (the snapshot's own change is the drift), the same alone and named", () => {
    const alone = printed(report(driftedTarget()));
    expect(alone).toEqual({
      code: 1,
      stdout: "",
      stderr: [
        'warning: github (.mcp.json): tool "search" at /tools/0/inputSchema/properties/kind/enum: enum is empty, so no value is valid here (typed never)',
        'warning: src/handlers/gone.ts implements tool "gone", which is no longer in the manifest; kept, not deleted (move or delete it yourself)',
        "github (.mcp.json) no longer matches src/mcp/github/manifest.json:",
        '  + "close_issue" (new tool)',
        '  ~ "search": inputSchema changed at /properties/kind',
        '  + prompt "triage" (new prompt)',
        '  ~ resource template "issue": uriTemplate changed',
        '  - resource "docs://old" (resource removed)',
        "  stale: types.ts (+3)",
        "run: mcpgen pull github",
        "",
      ].join("\n"),
    });
    const named = printed(report(driftedTarget("github")));
    expect(named.stderr).toMatch(/\n {2}stale: types\.ts \(\+3\)\n1 of 1 target out of date\nrun: mcpgen pull github\n$/);
    expect(named.stderr.split("\n").slice(0, 3)).toEqual([
      'warning: github: github (.mcp.json): tool "search" at /tools/0/inputSchema/properties/kind/enum: enum is empty, so no value is valid here (typed never)',
      'warning: github: src/handlers/gone.ts implements tool "gone", which is no longer in the manifest; kept, not deleted (move or delete it yourself)',
      "github: github (.mcp.json) no longer matches src/mcp/github/manifest.json:",
    ]);
    expect({ ...named, stderr: withoutName(named.stderr, "github").replace("1 of 1 target out of date\n", "") }).toEqual(alone);
  });

  it("a current pull names its server, after the notes that are not drift", () => {
    const drifted = driftedTarget("github");
    const current = {
      ...drifted,
      drift: {
        ...drifted.drift!,
        added: [],
        removed: [],
        changed: [],
        prompts: { added: [], removed: [], changed: [] },
        resources: { added: [], removed: [], changed: [] },
        resourceTemplates: { added: [], removed: [], changed: [] },
      },
      upToDate: true,
      files: [{ path: "manifest.json", status: "unchanged" as const }],
      orphanedHandlers: [],
      diagnostics: [],
    };
    expect(printed({ ...report(current), upToDate: true })).toEqual({
      code: 0,
      stdout: "github: src/mcp/github is up to date with github (.mcp.json) (2 tools, 1 file)\n",
      stderr: 'note: github: server version: "1.0.0" → "1.1.0"\n',
    });
  });

  it("--quiet leaves what is out of date and the command to run; --json prints the command's own result and nothing else", () => {
    const quiet = printed(report(driftedTarget()), { quiet: true });
    expect(quiet.code).toBe(1);
    expect(quiet.stderr).toMatch(/^github \(\.mcp\.json\) no longer matches /);
    expect(quiet.stderr).not.toContain("warning:");
    expect(printed(report(driftedTarget()), { json: true })).toEqual({ code: 1, stdout: '{\n  "named": false\n}\n', stderr: "" });
  });

  it("a scaffold of many tools names its first stubs and counts the rest, where --json lists every one", () => {
    const handler = (index: number) => ({
      kind: "tool" as const,
      name: `t${index}`,
      tool: `t${index}`,
      path: `src/handlers/t${index}.ts`,
      status: "created" as const,
    });
    const scaffolded = (count: number): TargetReport => ({
      ...driftedTarget(),
      emit: "server",
      outDir: "server",
      drift: undefined,
      server: undefined,
      files: [{ path: "src/server.ts", status: "created" }],
      handlers: Array.from({ length: count }, (_, index) => handler(index)),
      orphanedHandlers: [],
      diagnostics: [],
    });
    const stubsLine = (count: number) =>
      printed({ ...report(scaffolded(count)), check: false })
        .stdout.split("\n")
        .find((line) => line.includes("new handler stubs"));
    expect(stubsLine(353)).toBe(
      "  new handler stubs: 353 in src/handlers/: src/handlers/t0.ts, src/handlers/t1.ts, src/handlers/t2.ts and 350 more (--json lists them)",
    );
    expect(stubsLine(8)).toBe(`  new handler stubs: ${Array.from({ length: 8 }, (_, index) => `src/handlers/t${index}.ts`).join(", ")}`);
  });

  it("colours labels and line counts only where the stream is a terminal", () => {
    const coloured = printed(report(driftedTarget()), {}, true);
    expect(coloured.stderr).toContain("\u001b[33mwarning:\u001b[39m github (.mcp.json)");
    expect(coloured.stderr).toContain("  stale: types.ts (\u001b[32m+3\u001b[39m)\n");
    expect(printed(report(driftedTarget())).stderr).not.toContain("\u001b[");
  });

  it("a configuration's failure says what was written", () => {
    const failed: RunReport = {
      ...report({ ...driftedTarget("weather"), diagnostics: [], orphanedHandlers: [] }),
      check: false,
      ok: false,
      errors: [{ target: "github", diagnostic: { severity: "error", code: "input-unreadable", message: "cannot reach the server" } }],
    };
    expect(printed(failed)).toEqual({ code: 1, stdout: "", stderr: "error: github: cannot reach the server\nnothing written: 1 of 2 targets failed\n" });
  });
});

describe("--json keeps each command's shape", () => {
  it("generate --out, scaffold and a configuration's run", async () => {
    const root = await fixtureCopy("print-json");
    const generated = JSON.parse((await cliIn(root, ["generate", "contracts/weather.tools.json", "--out", "out", "--json"])).stdout) as Record<string, unknown>;
    expect(Object.keys(generated)).toEqual(["outDir", "upToDate", "files", "diagnostics", "timings"]);
    expect(generated["outDir"]).toBe("out");
    const scaffolded = JSON.parse((await cliIn(root, ["scaffold", "contracts/notes.tools.json", "--out", "srv", "--json"])).stdout) as Record<string, unknown>;
    expect(Object.keys(scaffolded)).toEqual(["outDir", "upToDate", "generated", "created", "kept", "handlers", "orphanedHandlers", "diagnostics", "timings"]);
    const project = JSON.parse((await cliIn(root, ["generate", "notes", "--json"])).stdout) as { targets: Array<Record<string, unknown>> };
    expect(Object.keys(project)).toEqual(["configFile", "root", "targets", "errors", "ok", "upToDate", "written", "committed"]);
    // A scaffold target now lists its handlers, as `scaffold --json` does.
    expect(project.targets[0]!["handlers"]).toEqual([
      { kind: "tool", name: "add_note", tool: "add_note", path: "src/handlers/add-note.ts", status: "created" },
      { kind: "tool", name: "list_notes", tool: "list_notes", path: "src/handlers/list-notes.ts", status: "created" },
    ]);
  });
});
