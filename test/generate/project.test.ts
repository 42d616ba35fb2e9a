/**
 * A multi-target project as a build script runs it (`mcpgen generate` in
 * prebuild, `mcpgen generate --check` in CI), offline: determinism, files
 * left alone when unchanged, one target changing alone, --check, pruning of
 * what mcpgen generated earlier (and nothing else), all-or-nothing errors.
 *
 * How a removed tool leaves stale files: the client layout has no per-tool
 * files, so staleness comes from (1) a target that switches `emit` (client →
 * types leaves client.ts, calls.ts...), (2) a file an earlier mcpgen
 * wrote that the current one does not (planted here as a marked per-tool
 * file in a scaffold's src/generated/), and (3) a scaffold tool removed from
 * the manifest, whose handler is the user's and stays.
 */
import { mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generate as generateManifest } from "../../src/commands/generate.js";
import { checkProject, generateProject } from "../../src/commands/project.js";
import { agePast, changedPaths, cliIn, fixtureCopy, PAST, treeState } from "../helpers/project.js";
import { repoRoot } from "../helpers/typecheck.js";

const WEATHER = "src/mcp/weather";

async function editJson(path: string, edit: (document: any) => void): Promise<void> {
  const document = JSON.parse(await readFile(path, "utf8")) as unknown;
  edit(document);
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`);
}

describe("mcpgen generate over a configuration", () => {
  it("generates every target; a second run writes nothing: byte-identical files, unchanged mtimes", async () => {
    const root = await fixtureCopy();
    const first = await cliIn(root, ["generate"]);
    expect(first.code).toBe(0);
    // A new scaffold's `npm run generate` needs an mcpgen npm finds from there, or a note says so.
    expect(first.stderr).toBe("");
    expect(first.stdout.split("\n").filter(Boolean)).toEqual([
      "weather: generated 3 tools into src/mcp/weather (11 files written, 0 unchanged)",
      "notes-types: generated 2 tools into src/mcp/notes (types only; 2 files written, 0 unchanged)",
      "notes: scaffolded 2 tools into server (23 files written: 16 generated, 7 created for you to edit; 0 unchanged)",
      "  created: .gitignore, README.md, package.json, src/server.ts, tsconfig.json",
      "  new handler stubs: src/handlers/add-note.ts, src/handlers/list-notes.ts",
      "  next: cd server && npm install && npm run build, then node dist/server.js serves stdio (server/README.md says how to add it to an MCP client)",
      // The snapshot is generated from itself: already current.
      "github: generated 1 tool into src/mcp/github (8 files written, 1 unchanged)",
    ]);
    // docs/cli.md shows `mcpgen generate weather notes` on this project: its lines are these (no run of its own).
    const cliDoc = await readFile(join(repoRoot, "docs/cli.md"), "utf8");
    const shown = /^\$ mcpgen generate weather notes\n((?:[^$`].*\n)+)/m.exec(cliDoc)?.[1];
    expect(shown?.split("\n").filter(Boolean)).toEqual(first.stdout.split("\n").filter((line) => line !== "" && !/^(notes-types|github):/.test(line)));
    await agePast(root);
    const before = await treeState(root);

    const second = await cliIn(root, ["generate"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^weather: generated 3 tools into src\/mcp\/weather \(0 files written, 11 unchanged\)\n/);
    expect(second.stdout).toContain("notes: scaffolded 2 tools into server (0 files written, 16 unchanged)\n  kept 2 existing handlers untouched\n");
    const after = await treeState(root);
    expect(changedPaths(before, after)).toEqual({ written: [], contentChanged: [], added: [], removed: [] });
    expect([...after.values()].every((file) => file.mtimeMs === PAST.getTime())).toBe(true);
  });

  it("is what the single-manifest command writes, byte for byte", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root, targets: ["weather", "github"] });
    const single = join(root, "single");
    await generateManifest({ manifest: join(root, "contracts/weather.tools.json"), outDir: single });
    const project = await treeState(join(root, WEATHER));
    expect(await treeState(single)).toEqual(new Map([...project].map(([path, file]) => [path, { ...file, mtimeMs: expect.any(Number) }])));
    // A server target is `mcpgen generate <out>/manifest.json --out <out>`: the snapshot reproduces itself.
    const fromSnapshot = join(root, "from-snapshot");
    await generateManifest({ manifest: join(root, "src/mcp/github/manifest.json"), outDir: fromSnapshot });
    const github = await treeState(join(root, "src/mcp/github"));
    expect([...(await treeState(fromSnapshot))].map(([path, file]) => [path, file.contents])).toEqual([...github].map(([path, file]) => [path, file.contents]));
  });

  it("a changed manifest changes only its target's files, and only those whose contents change", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root });
    await agePast(root);
    const before = await treeState(root);
    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      document.tools[0].inputSchema.properties.location.description = "City name, zip code or coordinates";
    });

    const result = await generateProject({ cwd: root });
    expect(result.ok).toBe(true);
    const changes = changedPaths(before, await treeState(root));
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(changes.contentChanged).toEqual(["contracts/weather.tools.json", `${WEATHER}/manifest.json`, `${WEATHER}/types.ts`]);
    expect(changes.written).toEqual(changes.contentChanged);
    expect(result.targets.map((target) => [target.name, target.upToDate])).toEqual([
      ["weather", false],
      ["notes-types", true],
      ["notes", true],
      ["github", true],
    ]);
  });

  it("--check: exit 1 with every file and its line counts before, 0 after, 1 again after an edit; never writes", async () => {
    const root = await fixtureCopy();
    const pristine = await treeState(root);
    const missing = await cliIn(root, ["generate", "--check"]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toMatch(
      /^weather: src\/mcp\/weather is out of date \(11 files\):\n {2}missing: calls\.ts \(\+\d+\)\n {2}missing: client\.ts \(\+\d+\)\n/,
    );
    expect(missing.stderr).toContain("\nnotes: server is out of date (23 files):\n");
    expect(missing.stderr).toContain("  missing: src/handlers/add-note.ts\n");
    expect(missing.stderr).toMatch(/\n4 of 4 targets out of date\nrun: mcpgen generate weather notes-types notes github\n$/);
    expect(changedPaths(pristine, await treeState(root))).toEqual({ written: [], contentChanged: [], added: [], removed: [] });

    expect((await cliIn(root, ["generate", "-q"])).code).toBe(0);
    const current = await cliIn(root, ["generate", "--check"]);
    expect(current).toEqual({
      code: 0,
      stdout: [
        "weather: src/mcp/weather is up to date (3 tools, 11 files)",
        "notes-types: src/mcp/notes is up to date (2 tools, 2 files)",
        "notes: server is up to date (2 tools, 16 files)",
        "github: src/mcp/github is up to date (1 tool, 9 files)",
        "",
      ].join("\n"),
      stderr: "",
    });

    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools[0].outputSchema.properties.createdAt = { type: "string" };
    });
    await agePast(root);
    const before = await treeState(root);
    const stale = await cliIn(root, ["generate", "--check"]);
    expect(stale.code).toBe(1);
    // The targets still current say so on stdout.
    expect(stale.stdout).toBe("weather: src/mcp/weather is up to date (3 tools, 11 files)\ngithub: src/mcp/github is up to date (1 tool, 9 files)\n");
    const lines = stale.stderr.split("\n");
    // Each target's contract change, classified, before its files.
    const change =
      '    compatible: tool "add_note": optional property "createdAt" added at /outputSchema/properties/createdAt (output-optional-property-added)';
    expect(lines.slice(0, 10)).toEqual([
      "notes-types: src/mcp/notes is out of date (2 files):",
      "  contract: 1 compatible",
      change,
      "  stale: manifest.json (+3)",
      "  stale: types.ts (+1)",
      "notes: server is out of date (4 files):",
      "  contract: 1 compatible",
      change,
      // The scaffold's snapshot: the same three lines, and its fingerprint.
      "  stale: manifest.json (+4 -1)",
      "  stale: src/generated/tools.ts (+1 -1)",
    ]);
    expect(lines.slice(10)).toEqual([
      "  stale: src/generated/types.ts (+1)",
      // An optional property's type issue is one helper whatever the type (fV): the shared helpers stay as they were.
      expect.stringMatching(/^ {2}stale: src\/generated\/validators\/add-note\.ts \(\+\d+ -\d+\)$/),
      "2 of 4 targets out of date",
      "run: mcpgen generate notes-types notes",
      "",
    ]);
    expect(changedPaths(before, await treeState(root)).written).toEqual([]);

    // The library call returns the same verdict, with the counts.
    const checked = await checkProject({ cwd: root, targets: ["notes-types"] });
    expect(checked.upToDate).toBe(false);
    expect(checked.targets[0]!.files.filter((file) => file.status !== "unchanged")).toEqual([
      {
        path: "manifest.json",
        status: "updated",
        lines: { added: 3, removed: 0 },
        diff: { text: expect.stringContaining('+          "createdAt": {\n'), omitted: 0 },
      },
      {
        path: "types.ts",
        status: "updated",
        lines: { added: 1, removed: 0 },
        diff: {
          text: '@@ -23,6 +23,7 @@\n  */\n export type AddNoteOutput = {\n   id: string;\n+  createdAt?: string;\n };\n \n /** Arguments of tool "list_notes". */\n',
          omitted: 0,
        },
      },
    ]);
  });

  it("a checkout with \\r\\n line breaks (git's core.autocrlf) is up to date: --check passes, generate rewrites nothing, a real edit counts its own lines", async () => {
    const root = await fixtureCopy();
    expect((await cliIn(root, ["generate", "-q"])).code).toBe(0);
    // What git for Windows checks out: every text file with \r\n, the scaffold's README (with its tools table) included.
    for (const [path, file] of await treeState(root)) await writeFile(join(root, path), file.contents.replace(/\n/g, "\r\n"));
    await agePast(root);
    const before = await treeState(root);

    const check = await cliIn(root, ["generate", "--check"]);
    expect(check).toMatchObject({ code: 0, stderr: "" });
    expect(check.stdout).toContain("notes: server is up to date (2 tools, 16 files)\n");
    const again = await cliIn(root, ["generate"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("weather: generated 3 tools into src/mcp/weather (0 files written, 11 unchanged)\n");
    expect(changedPaths(before, await treeState(root))).toEqual({ written: [], contentChanged: [], added: [], removed: [] });

    await writeFile(join(root, WEATHER, "types.ts"), `${before.get(`${WEATHER}/types.ts`)!.contents}// edited\r\n`);
    const edited = await cliIn(root, ["generate", "--check"]);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toMatch(/^weather: src\/mcp\/weather is out of date \(1 file\):\n {2}stale: types\.ts \(-1\)\n/);

    // A tool added: the scaffold's README, which keeps its \r\n, counts its new table row, not every line replaced.
    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools.push({ name: "delete_note", inputSchema: { type: "object" } });
    });
    const added = await cliIn(root, ["generate", "--check", "--diff", "notes"]);
    expect(added.code).toBe(1);
    expect(added.stderr).toMatch(/\n {2}stale: README\.md \(\+1\)\n/);
    const readmeDiff = added.stderr.slice(added.stderr.indexOf("--- server/README.md"));
    expect(readmeDiff).toMatch(/^@@ .* @@\n(?: .*\n)+\+\| `src\/handlers\/delete-note\.ts` \|.*\n(?: .*\n)+[^ @+-]/m);
    expect(readmeDiff).not.toMatch(/^-(?!-- )|\\u000d/m);
  });

  it("a README whose line breaks are mixed (\\r\\n, its tools table \\n: an earlier rewrite of a CRLF checkout, an editor) is up to date, not a change it cannot show", async () => {
    const root = await fixtureCopy();
    expect((await cliIn(root, ["generate", "-q"])).code).toBe(0);
    const readme = join(root, "server/README.md");
    const mixed = (await readFile(readme, "utf8"))
      .split("\n")
      .map((line) => (line.startsWith("|") ? line : `${line}\r`))
      .join("\n");
    expect(mixed).toMatch(/\r\n/);
    expect(mixed).toMatch(/\|\n/);
    await writeFile(readme, mixed);
    // Before, --check failed with "stale: README.md (+0)" and an empty diff.
    const check = await cliIn(root, ["generate", "--check", "notes"]);
    expect(check).toMatchObject({ code: 0, stderr: "" });
  });

  it("prunes what mcpgen generated earlier and nothing else: emit client → types; a user file in the same directory survives", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root });
    const mine = join(root, WEATHER, "helpers.ts");
    await writeFile(mine, "// my own helpers, next to the generated client\nexport const x = 1;\n");
    // A copy of a generated file the user keeps under another name is mcpgen's by its header, hence pruned;
    // a link to one is never followed or removed.
    await symlink(join(root, WEATHER, "client.ts"), join(root, WEATHER, "client-link.ts"));
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].emit = "types";
    });

    const check = await cliIn(root, ["generate", "--check", "weather"]);
    expect(check.code).toBe(1);
    for (const file of ["calls.ts", "client.ts", "index.ts", "runtime.ts", "validate.ts"]) {
      expect(check.stderr).toMatch(new RegExp(`\\n  obsolete: ${file.replace(".", "\\.")} \\(-\\d+\\)\\n`));
    }
    expect(check.stderr).not.toContain("helpers.ts");

    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("weather: generated 3 tools into src/mcp/weather (types only; 0 files written, 2 unchanged, 9 obsolete deleted)\n");
    const left = [...(await treeState(join(root, WEATHER))).keys()];
    expect(left).toEqual(["helpers.ts", "manifest.json", "types.ts"]);
    expect(await readFile(mine, "utf8")).toContain("my own helpers");
    // The directory the pruned validators were in goes with them (it held nothing else).
    expect((await readdir(join(root, WEATHER))).sort()).toEqual(["client-link.ts", "helpers.ts", "manifest.json", "types.ts"]);
  });

  it("pruning keeps a directory that holds a user's file beside the generated files it removes", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root });
    const mine = join(root, WEATHER, "validators", "NOTES.md");
    await writeFile(mine, "my notes on the validators\n");
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].emit = "types";
    });
    expect((await cliIn(root, ["generate", "weather"])).code).toBe(0);
    expect(await readdir(join(root, WEATHER, "validators"))).toEqual(["NOTES.md"]);
  });

  it("a scaffold target: an obsolete generated file goes; the user's files and the removed tool's handler stay", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root });
    const server = join(root, "server");
    // What an older mcpgen might have written per tool, and a file of the user's in src/generated/.
    await writeFile(join(server, "src/generated/list-notes.ts"), "// Generated by mcpgen from manifest.json. Do not edit: run mcpgen again.\nexport {};\n");
    await writeFile(join(server, "src/generated/notes.local.ts"), "// mine\nexport {};\n");
    const handler = join(server, "src/handlers/list-notes.ts");
    await writeFile(handler, `${await readFile(handler, "utf8")}export const byHand = "implemented by hand";\n`);
    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools = document.tools.filter((tool: { name: string }) => tool.name !== "list_notes");
    });

    const result = await cliIn(root, ["generate", "notes"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'warning: notes: src/handlers/list-notes.ts implements tool "list_notes", which is no longer in the manifest; kept, not deleted (move or delete it yourself)\n',
    );
    // Written: src/generated/ (5), manifest.json, and the README's tools table.
    expect(result.stdout).toBe(
      "notes: scaffolded 1 tool into server (7 files written, 9 unchanged, 2 obsolete deleted)\n  kept 1 existing handler untouched\n",
    );
    expect(await readFile(join(server, "README.md"), "utf8")).not.toContain("list-notes");
    const files = await treeState(server);
    expect(files.has("src/generated/list-notes.ts")).toBe(false);
    expect(files.get("src/generated/notes.local.ts")?.contents).toBe("// mine\nexport {};\n");
    expect(files.get("src/handlers/list-notes.ts")?.contents).toContain('"implemented by hand"');
    expect(files.has("src/server.ts") && files.has("package.json")).toBe(true);
  });

  it("a scaffold target: generate never undoes an edit made to the scaffold's manifest.json, and says where edits belong", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root });
    const snapshot = join(root, "server/manifest.json");
    await editJson(snapshot, (document) => {
      document.tools[0].description = "edited in the scaffold";
    });
    const edited = await readFile(snapshot, "utf8");
    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools[0].title = "Add one note";
    });
    const result = await cliIn(root, ["generate", "notes"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: notes: server/manifest.json: edited since mcpgen wrote it, and scaffolding from contracts/notes.tools.json would undo the edit; it would change:\n" +
        '  ~ "add_note": description changed; title changed\n' +
        "  hint: copy the edits into contracts/notes.tools.json, or delete server/manifest.json to have it written again from contracts/notes.tools.json\n" +
        "nothing written: 1 of 1 target failed\n",
    );
    expect(await readFile(snapshot, "utf8")).toBe(edited);
  });

  it("a scaffold target: project files the user deleted are not recreated, and --check does not ask for them", async () => {
    const root = await fixtureCopy();
    await generateProject({ cwd: root });
    const server = join(root, "server");
    for (const path of ["README.md", ".gitignore", "package.json", "tsconfig.json", "src/server.ts"]) await rm(join(server, path));

    expect(await cliIn(root, ["generate", "--check", "notes"])).toEqual({ code: 0, stdout: "notes: server is up to date (2 tools, 16 files)\n", stderr: "" });
    const result = await cliIn(root, ["generate", "notes"]);
    expect(result).toEqual({
      code: 0,
      stdout: "notes: scaffolded 2 tools into server (0 files written, 16 unchanged)\n  kept 2 existing handlers untouched\n",
      stderr: "",
    });
    expect([...(await treeState(server)).keys()].filter((path) => !path.startsWith("src/generated/"))).toEqual([
      "manifest.json",
      "src/handlers/add-note.ts",
      "src/handlers/list-notes.ts",
    ]);
  });

  it("a server target generates offline from its snapshot; without one, nothing is written anywhere", async () => {
    const root = await fixtureCopy();
    await rm(join(root, "src/mcp/github/manifest.json"));
    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        'error: github: src/mcp/github/manifest.json: no snapshot of server "github" yet: generate works offline from src/mcp/github/manifest.json, which mcpgen pull writes',
        "  hint: run mcpgen pull github",
        "nothing written: 1 of 4 targets failed",
        "",
      ].join("\n"),
    );
    const tree = [...(await treeState(root)).keys()];
    expect(tree.filter((path) => path.startsWith("src/") || path.startsWith("server/"))).toEqual([]);

    const library = await generateProject({ cwd: root });
    expect(library.ok).toBe(false);
    expect(library.written).toBe(false);
    expect(library.errors).toEqual([{ target: "github", diagnostic: expect.objectContaining({ code: "input-unreadable", hint: "run mcpgen pull github" }) }]);
    // A configuration named with --config is named in the hint too, or following it would find no configuration.
    await rename(join(root, "mcpgen.config.json"), join(root, "ci.config.json"));
    const named = await cliIn(root, ["generate", "--config", "ci.config.json", "github"]);
    expect(named.stderr).toContain("  hint: run mcpgen pull --config ci.config.json github\n");
    // The targets that did render say what would have happened.
    expect(library.targets.map((target) => target.name)).toEqual(["weather", "notes-types", "notes"]);
  });

  it("an invalid manifest names its target, file and pointer, and writes nothing", async () => {
    const root = await fixtureCopy();
    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      delete document.tools[1].name;
    });
    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: weather: contracts\/weather\.tools\.json: at \/tools\/1\/name: tool has no `name`/);
    expect([...(await treeState(root)).keys()].filter((path) => path.startsWith("server/") || path.startsWith("src/mcp/weather"))).toEqual([]);
  });

  it("--check with a target that fails still checks and reports every other target (it writes nothing either way)", async () => {
    const root = await fixtureCopy();
    expect((await cliIn(root, ["generate", "-q"])).code).toBe(0);
    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      delete document.tools[1].name;
    });
    await writeFile(join(root, "src/mcp/notes/types.ts"), `${await readFile(join(root, "src/mcp/notes/types.ts"), "utf8")}// edited\n`);
    const result = await cliIn(root, ["generate", "--check"]);
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toEqual([
      expect.stringMatching(/^error: weather: contracts\/weather\.tools\.json: at \/tools\/1\/name: tool has no `name`/),
      "  hint: every tool in tools/list needs a unique string name",
      "notes-types: src/mcp/notes is out of date (1 file):",
      "  stale: types.ts (-1)",
      "1 of 4 targets out of date; 1 could not be checked (weather)",
      "run: mcpgen generate notes-types",
      "",
    ]);
    expect(result.stdout).toBe("notes: server is up to date (2 tools, 16 files)\ngithub: src/mcp/github is up to date (1 tool, 9 files)\n");
  });

  it("a problem confined to one tool is a warning of its target; with --strict, an error, and nothing is written", async () => {
    const root = await fixtureCopy();
    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      document.tools[1].inputSchema.properties.days = { $ref: "#/$defs/Days" };
    });
    const strict = await cliIn(root, ["generate", "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(
      /^error: weather: contracts\/weather\.tools\.json: tool "get_forecast" at \/tools\/1\/inputSchema\/properties\/days\/\$ref: \$ref "#\/\$defs\/Days" points to nothing/m,
    );
    expect([...(await treeState(root)).keys()].filter((path) => path.startsWith("server/") || path.startsWith("src/mcp/weather"))).toEqual([]);
    const lenient = await cliIn(root, ["generate"]);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(
      /^warning: weather: contracts\/weather\.tools\.json: tool "get_forecast" at \/tools\/1\/inputSchema\/properties\/days\/\$ref: /m,
    );
  });

  it("a missing manifest: the hint names the target's entry in the configuration and where paths start", async () => {
    const root = await fixtureCopy();
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].manifest = "contracts/nope.json";
    });
    const result = await cliIn(root, ["generate", "weather"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: weather: contracts/nope.json: cannot read the manifest: no such file\n  hint: check the "manifest" of target "weather" in mcpgen.config.json (at /targets/0/manifest); paths are relative to .\nnothing written: 1 of 1 target failed\n',
    );
  });

  it("a user's file in a target's output: named once, from the working directory, with a hint for a configuration; nothing written", async () => {
    const root = await fixtureCopy();
    await mkdir(join(root, WEATHER), { recursive: true });
    await writeFile(join(root, WEATHER, "types.ts"), "export type Mine = 1;\n");
    const before = await treeState(root);
    const result = await cliIn(root, ["generate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: weather: ${WEATHER}/types.ts: refusing to overwrite this file: mcpgen did not generate it\n  hint: write to another directory (--out, or the target's out in the configuration), or move the file away\nnothing written: 1 of 4 targets failed\n`,
    );
    expect(await treeState(root)).toEqual(before);
  });

  it("a manifest file named - is a file, whatever the working directory (never stdin)", async () => {
    const root = await fixtureCopy();
    await writeFile(join(root, "contracts/-"), await readFile(join(root, "contracts/weather.tools.json"), "utf8"));
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].manifest = "contracts/-";
    });
    const fromRoot = await generateProject({ cwd: root, targets: ["weather"] });
    expect(fromRoot.targets[0]?.tools).toBe(3);
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].manifest = "-";
    });
    await writeFile(join(root, "-"), await readFile(join(root, "contracts/weather.tools.json"), "utf8"));
    const dash = await generateProject({ cwd: root, targets: ["weather"], check: true });
    expect(dash.errors).toEqual([]);
    expect(dash.targets[0]?.tools).toBe(3);
  });

  it("never prunes an input reached through a symbolic link into a target's output", async () => {
    const root = await fixtureCopy();
    // notes-types reads its manifest through inputs -> src/mcp/weather, where weather (switched to types) prunes.
    await generateProject({ cwd: root });
    await writeFile(join(root, WEATHER, "notes.json"), await readFile(join(root, "contracts/notes.tools.json"), "utf8"));
    await symlink(join(root, WEATHER), join(root, "inputs"));
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].emit = "types";
      document.targets[1].manifest = "inputs/notes.json";
      document.targets[2].manifest = "inputs/notes.json";
    });
    await writeFile(
      join(root, WEATHER, "notes.json"),
      JSON.stringify({ generatedBy: "mcpgen", ...JSON.parse(await readFile(join(root, "contracts/notes.tools.json"), "utf8")) }),
    );
    const result = await generateProject({ cwd: root });
    expect(result.errors).toEqual([]);
    expect(result.targets.find((target) => target.name === "weather")?.files.some((file) => file.path === "notes.json")).toBe(false);
    expect(await readFile(join(root, WEATHER, "notes.json"), "utf8")).toContain('"generatedBy":"mcpgen"');
  });

  it("a hand-written manifest kept as <out>/manifest.json is the input: generated from, never rewritten (as with --out)", async () => {
    const root = await fixtureCopy();
    const manifest = join(root, WEATHER, "manifest.json");
    const handWritten = await readFile(join(root, "contracts/weather.tools.json"), "utf8");
    await mkdir(join(root, WEATHER), { recursive: true });
    await writeFile(manifest, handWritten);
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[0].manifest = `${WEATHER}/manifest.json`;
    });
    const result = await generateProject({ cwd: root, targets: ["weather"] });
    expect(result.errors).toEqual([]);
    expect(result.targets[0]?.files.map((file) => file.path)).not.toContain("manifest.json");
    expect(await readFile(manifest, "utf8")).toBe(handWritten);
    // Byte for byte what the single-manifest command writes there.
    const single = await generateManifest({ manifest, outDir: join(root, WEATHER), check: true });
    expect(single.upToDate).toBe(true);
  });

  it("--json prints the whole result; --quiet prints nothing; --verbose prints every stage's time", async () => {
    const root = await fixtureCopy();
    const json = await cliIn(root, ["generate", "--json", "weather", "notes"]);
    expect(json.code).toBe(0);
    const summary = JSON.parse(json.stdout) as {
      ok: boolean;
      upToDate: boolean;
      written: boolean;
      configFile: string;
      targets: Array<{ name: string; emit: string; outDir: string; files: Array<{ path: string; status: string }>; created: string[] }>;
    };
    expect(summary).toMatchObject({ ok: true, upToDate: false, written: true, configFile: join(root, "mcpgen.config.json") });
    expect(summary.targets.map((target) => [target.name, target.emit, target.outDir])).toEqual([
      ["weather", "client", join(root, WEATHER)],
      ["notes", "server", join(root, "server")],
    ]);
    expect(summary.targets[0]!.files.map((file) => file.path)).toEqual([
      "calls.ts",
      "client.ts",
      "index.ts",
      "manifest.json",
      "runtime.ts",
      "types.ts",
      "validate.ts",
      "validator-runtime.ts",
      "validators/get-forecast.ts",
      "validators/get-weather.ts",
      "validators/list-alerts.ts",
    ]);
    expect(summary.targets[1]!.created).toContain("src/handlers/add-note.ts");

    const checked = await cliIn(root, ["generate", "--check", "--json", "weather"]);
    expect(checked.code).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ upToDate: true, written: false });

    expect(await cliIn(root, ["generate", "-q"])).toEqual({ code: 0, stdout: "", stderr: "" });
    const verbose = await cliIn(root, ["generate", "-v", "notes"]);
    for (const stage of ["acquire", "normalize", "plan", "emit", "format", "write"])
      expect(verbose.stdout).toMatch(new RegExp(`\\n {2}${stage} +\\d+\\.\\d ms\\n`));
  });

  it("--config names a configuration elsewhere; paths are relative to it; --no-format applies to every target", async () => {
    const root = await fixtureCopy();
    const elsewhere = join(root, "contracts");
    const result = await cliIn(elsewhere, ["generate", "--config", "../mcpgen.config.json", "--no-format", "notes-types"]);
    expect(result.code).toBe(0);
    // A directory outside the working directory is shown by its absolute path.
    expect(result.stdout).toBe(`notes-types: generated 2 tools into ${join(root, "src/mcp/notes")} (types only; 2 files written, 0 unchanged)\n`);
    // Unformatted output is not what the formatted run writes under a Prettier configuration (the printer's layout is Prettier's defaults).
    await writeFile(join(root, ".prettierrc"), JSON.stringify({ semi: false }));
    expect((await cliIn(root, ["generate", "--check", "notes-types"])).code).toBe(1);
  });
});
