/**
 * `mcpgen generate --watch`: the library watcher driven by real file edits
 * (in place and by an editor's rename), and the built CLI run as a user runs
 * it, stopped with SIGINT. Every wait is bounded: a missing event fails the
 * test after `WAIT_MS`, nothing asserts how fast anything happens.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/index.js";
import { watchProject, type WatchEvent } from "../../src/commands/watch.js";
import { fixtureCopy } from "../helpers/project.js";
import { repoRoot } from "../helpers/typecheck.js";

/** How long to wait for something that should happen well within a second. */
const WAIT_MS = 60_000;

/** Resolves once `condition` holds, checking whenever `subscribe` signals news; rejects after WAIT_MS with `what`. */
function waitUntil(what: string, condition: () => boolean, subscribe: (notify: () => void) => () => void, context: () => string = () => ""): Promise<void> {
  return new Promise((resolve, reject) => {
    if (condition()) return resolve();
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`gave up waiting for ${what}${context()}`));
    }, WAIT_MS);
    const unsubscribe = subscribe(() => {
      if (!condition()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Saves like most editors do: a new file renamed over the old one, so the
 * watcher never reads half a file. (A write in place can be seen half done:
 * the watcher then reports the half file's error and regenerates once the
 * write is complete. The first edit below is in place, and asserts only that.)
 */
async function saveByRename(path: string, contents: string): Promise<void> {
  await writeFile(`${path}.swp`, contents);
  await rename(`${path}.swp`, path);
}

async function editJson(path: string, edit: (document: any) => void, inPlace = false): Promise<void> {
  const document = JSON.parse(await readFile(path, "utf8")) as unknown;
  edit(document);
  const text = `${JSON.stringify(document, null, 2)}\n`;
  await (inPlace ? writeFile(path, text) : saveByRename(path, text));
}

/** Captured stdout and stderr, with a `subscribe` that `waitUntil` uses to hear of new output. */
function capturedOutput() {
  const captured = { stdout: "", stderr: "" };
  const listeners = new Set<() => void>();
  const append = (stream: "stdout" | "stderr", text: string) => {
    captured[stream] += text;
    for (const listener of [...listeners]) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const output = () => `\n--- stdout\n${captured.stdout}--- stderr\n${captured.stderr}`;
  return { captured, append, subscribe, output };
}

/** The library watcher with its events recorded. */
function startWatch(root: string, targets?: string[]) {
  const events: WatchEvent[] = [];
  const listeners = new Set<() => void>();
  const controller = new AbortController();
  const done = watchProject({
    cwd: root,
    ...(targets === undefined ? {} : { targets }),
    signal: controller.signal,
    debounceMs: 50,
    onEvent: (event) => {
      events.push(event);
      for (const listener of [...listeners]) listener();
    },
  });
  const subscribe = (notify: () => void) => {
    listeners.add(notify);
    return () => void listeners.delete(notify);
  };
  /** Waits until `count` events after `from` match. */
  const waitFor = (what: string, match: (event: WatchEvent) => boolean, from = 0, count = 1) =>
    waitUntil(what, () => events.slice(from).filter(match).length >= count, subscribe);
  return { events, waitFor, stop: () => controller.abort(), done };
}

const generated = (target: string, reason?: string) => (event: WatchEvent) =>
  event.kind === "generated" && event.target === target && (reason === undefined || event.reason === reason);

describe("watchProject", () => {
  it("regenerates the target whose manifest changed (a prompt added too), survives invalid input and configuration, stops on abort", async () => {
    const root = await fixtureCopy("watch");
    const watch = startWatch(root);
    await watch.waitFor("the watch to start", (event) => event.kind === "watching");
    expect(watch.events.filter((event) => event.kind === "generated").map((event) => [event.target, event.reason])).toEqual([
      ["weather", "start"],
      ["notes-types", "start"],
      ["notes", "start"],
      ["github", "start"],
    ]);
    const watching = watch.events.find((event) => event.kind === "watching");
    expect(watching).toEqual({
      kind: "watching",
      configFile: join(root, "mcpgen.config.json"),
      inputs: [join(root, "contracts/weather.tools.json"), join(root, "contracts/notes.tools.json"), join(root, "src/mcp/github/manifest.json")],
    });

    // An edit in place regenerates weather alone.
    let mark = watch.events.length;
    await editJson(
      join(root, "contracts/weather.tools.json"),
      (document) => {
        document.tools[0].description = "Current weather for a place";
      },
      true,
    );
    await watch.waitFor("weather to regenerate", generated("weather", "input"), mark);
    const weather = watch.events.slice(mark).find(generated("weather"));
    expect(weather?.kind === "generated" && weather.result.files.filter((file) => file.status !== "unchanged").map((file) => file.path)).toEqual([
      "calls.ts",
      "client.ts",
      "manifest.json",
    ]);

    // A prompt added to the manifest regenerates weather with the prompt's method and arguments type.
    mark = watch.events.length;
    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      document.prompts = [{ name: "forecast", arguments: [{ name: "city", required: true }] }];
    });
    await watch.waitFor("weather to regenerate with a prompt", generated("weather", "input"), mark);
    const withPrompt = watch.events.slice(mark).find(generated("weather"));
    expect(withPrompt?.kind === "generated" && withPrompt.result.files.filter((file) => file.status !== "unchanged").map((file) => file.path)).toEqual([
      "client.ts",
      "manifest.json",
      "types.ts",
    ]);
    expect(await readFile(join(root, "src/mcp/weather/client.ts"), "utf8")).toContain("getForecastPrompt(");

    // An invalid manifest is an error for both targets that read it; the watch goes on.
    mark = watch.events.length;
    await saveByRename(join(root, "contracts/notes.tools.json"), '{ "tools": [ ');
    await watch.waitFor("errors for both notes targets", (event) => event.kind === "error" && event.target !== undefined, mark, 2);
    expect(
      watch.events
        .slice(mark)
        .filter((event) => event.kind === "error")
        .map((event) => event.kind === "error" && [event.target, event.diagnostic.code])
        .sort(),
    ).toEqual([
      ["notes", "input-not-json"],
      ["notes-types", "input-not-json"],
    ]);

    // Still alive: weather regenerates.
    mark = watch.events.length;
    const weatherText = await readFile(join(root, "contracts/weather.tools.json"), "utf8");
    await saveByRename(join(root, "contracts/weather.tools.json"), weatherText.replace("Current weather for a place", "Current weather"));
    await watch.waitFor("weather to regenerate after a rename", generated("weather", "input"), mark);

    // Fixing the manifest brings both notes targets back.
    mark = watch.events.length;
    await saveByRename(join(root, "contracts/notes.tools.json"), await readFile(join(repoRoot, "test/fixtures/project/contracts/notes.tools.json"), "utf8"));
    await watch.waitFor("both notes targets to regenerate", (event) => event.kind === "generated" && event.target.startsWith("notes"), mark, 2);

    // A configuration change regenerates the targets whose entry changed, and only them.
    mark = watch.events.length;
    await editJson(join(root, "mcpgen.config.json"), (document) => {
      document.targets[1].emit = "client";
    });
    await watch.waitFor("notes-types to regenerate as a client", generated("notes-types", "config"), mark);
    expect(existsSync(join(root, "src/mcp/notes/client.ts"))).toBe(true);

    // An invalid configuration is reported; the last valid one stays in force.
    mark = watch.events.length;
    await saveByRename(join(root, "mcpgen.config.json"), '{ "targets": [ { "name": "weather" } ] }');
    await watch.waitFor("the configuration error", (event) => event.kind === "error" && event.target === undefined, mark);
    expect(watch.events.slice(mark).find((event) => event.kind === "error")).toMatchObject({
      reason: "config",
      diagnostic: { code: "config-invalid", pointer: "/targets/0" },
    });
    mark = watch.events.length;
    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      document.tools[0].description = "Weather, now";
    });
    await watch.waitFor("weather to regenerate under the last valid configuration", generated("weather", "input"), mark);

    // Nothing but the edited targets ever regenerated after the start (github's snapshot never changed).
    const regenerated = watch.events
      .filter((event) => event.kind === "generated" && event.reason !== "start")
      .map((event) => event.kind === "generated" && event.target);
    expect(regenerated.slice(-5)).toEqual(["weather", "notes-types", "notes", "notes-types", "weather"]);
    expect(regenerated.slice(0, -5)).toEqual(["weather", "weather"]);
    watch.stop();
    await watch.done;
  });

  it("retries a target whose output was blocked once the directory where it failed changes", async () => {
    const root = await fixtureCopy("watch-blocked");
    const out = join(root, "src/mcp/weather");
    await mkdir(out, { recursive: true });
    await writeFile(join(out, "types.ts"), "export const mine = 1;\n");
    const watch = startWatch(root);
    await watch.waitFor("the watch to start", (event) => event.kind === "watching");
    const weatherErrors = () => watch.events.filter((event) => event.kind === "error" && event.target === "weather");
    expect(weatherErrors()).toMatchObject([{ reason: "start", diagnostic: { code: "output-owned-by-user", file: join(out, "types.ts") } }]);
    expect(watch.events.some(generated("weather"))).toBe(false);

    // The user moves their file away but leaves another in the way: a new failure, reported.
    let mark = watch.events.length;
    await writeFile(join(out, "client.ts"), "export const alsoMine = 2;\n");
    await rename(join(out, "types.ts"), join(root, "types.mine.ts"));
    await watch.waitFor("the retry's failure", (event) => event.kind === "error" && event.target === "weather", mark);
    expect(watch.events.slice(mark).find((event) => event.kind === "error")).toMatchObject({ reason: "output", diagnostic: { file: join(out, "client.ts") } });

    // And that one too: now weather generates, and its files are mcpgen's.
    mark = watch.events.length;
    await rename(join(out, "client.ts"), join(root, "client.mine.ts"));
    await watch.waitFor("weather to generate", generated("weather", "output"), mark);
    expect(await readFile(join(out, "types.ts"), "utf8")).toMatch(/^\/\/ Generated by mcpgen from /);
    expect(weatherErrors()).toHaveLength(2);
    watch.stop();
    await watch.done;
  });

  it("regenerates a target that left the configuration and came back, and nothing else when a target is inserted above others", async () => {
    const root = await fixtureCopy("watch-entries");
    const config = join(root, "mcpgen.config.json");
    const original = await readFile(config, "utf8");
    const watch = startWatch(root);
    await watch.waitFor("the watch to start", (event) => event.kind === "watching");

    // weather leaves; its output goes; weather comes back: regenerated, although its entry is as before.
    await editJson(config, (document) => {
      document.targets = document.targets.filter((target: { name: string }) => target.name !== "weather");
    });
    let mark = watch.events.length;
    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools[0].description = "Notes, edited";
    });
    await watch.waitFor("both notes targets to regenerate", (event) => event.kind === "generated" && event.target.startsWith("notes"), mark, 2);
    await rm(join(root, "src/mcp/weather"), { recursive: true });
    mark = watch.events.length;
    await saveByRename(config, original);
    await watch.waitFor("weather to come back", generated("weather", "config"), mark);
    expect(existsSync(join(root, "src/mcp/weather/client.ts"))).toBe(true);

    // A target inserted at the top shifts every other target's position, not its definition.
    mark = watch.events.length;
    await editJson(config, (document) => {
      document.targets.unshift({ name: "first", manifest: "contracts/weather.tools.json", out: "src/mcp/first", emit: "types" });
    });
    await watch.waitFor("the new target", generated("first", "config"), mark);
    // A later edit proves the check after the insertion is over: only what changed regenerated.
    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools[0].description = "Notes, edited again";
    });
    await watch.waitFor("the notes targets", (event) => event.kind === "generated" && event.target.startsWith("notes"), mark, 2);
    expect(
      watch.events
        .slice(mark)
        .filter((event) => event.kind === "generated")
        .map((event) => event.kind === "generated" && event.target)
        .sort(),
    ).toEqual(["first", "notes", "notes-types"]);
    watch.stop();
    await watch.done;
  });

  it("a named target that leaves the configuration: one error, as an edit of the configuration; the other named targets are still watched", async () => {
    const root = await fixtureCopy("watch-named");
    const config = join(root, "mcpgen.config.json");
    const original = await readFile(config, "utf8");
    const watch = startWatch(root, ["weather", "notes-types"]);
    await watch.waitFor("the watch to start", (event) => event.kind === "watching");
    let mark = watch.events.length;
    await editJson(config, (document) => {
      document.targets = document.targets.filter((target: { name: string }) => target.name !== "weather");
    });
    await watch.waitFor("the missing target's error", (event) => event.kind === "error", mark);
    // Edits after it regenerate what is still there, and do not repeat the error.
    for (const description of ["Notes, edited", "Notes, edited again"]) {
      const before = watch.events.length;
      await editJson(join(root, "contracts/notes.tools.json"), (document) => {
        document.tools[0].description = description;
      });
      await watch.waitFor("notes-types to regenerate", generated("notes-types", "input"), before);
    }
    const errors = watch.events.slice(mark).filter((event) => event.kind === "error");
    expect(errors).toMatchObject([{ reason: "config", diagnostic: { code: "usage", message: expect.stringMatching(/^no target named "weather" in /) } }]);
    mark = watch.events.length;
    await saveByRename(config, original);
    await watch.waitFor("weather to come back", generated("weather", "config"), mark);
    watch.stop();
    await watch.done;
  });

  it("regenerates a server target once when its snapshot is edited (mcpgen's rewrite of the snapshot is not an edit)", async () => {
    const root = await fixtureCopy("watch-snapshot");
    const watch = startWatch(root);
    await watch.waitFor("the watch to start", (event) => event.kind === "watching");
    const mark = watch.events.length;
    // Compact JSON: the regeneration rewrites the snapshot in mcpgen's own layout.
    const snapshot = join(root, "src/mcp/github/manifest.json");
    const document = JSON.parse(await readFile(snapshot, "utf8")) as { tools: Array<{ description?: string }> };
    document.tools[0]!.description = "edited by hand";
    await saveByRename(snapshot, JSON.stringify(document));
    await watch.waitFor("github to regenerate", generated("github", "input"), mark);
    await editJson(join(root, "contracts/weather.tools.json"), (weather) => {
      weather.tools[0].description = "later edit";
    });
    await watch.waitFor("weather", generated("weather", "input"), mark);
    expect(watch.events.slice(mark).filter(generated("github"))).toHaveLength(1);
    watch.stop();
    await watch.done;
  });

  it("resolves, not rejects, when stopped while its first generation runs (a Ctrl-C right after starting)", async () => {
    const root = await fixtureCopy("watch-early-stop");
    const controller = new AbortController();
    const events: WatchEvent[] = [];
    // Stopped once the first target is generated: the second one's run sees the abort.
    const watching = watchProject({ cwd: root, signal: controller.signal, onEvent: (event) => void (events.push(event), controller.abort()) });
    await expect(watching).resolves.toBeUndefined();
    expect(events.map((event) => event.kind)).toEqual(["generated"]);
  });

  it("resolves at once when the signal is already aborted, and throws without a configuration", async () => {
    const root = await fixtureCopy("watch");
    await expect(watchProject({ cwd: root, signal: AbortSignal.abort(), onEvent: () => undefined })).resolves.toBeUndefined();
    await expect(
      watchProject({ cwd: join(root, ".."), config: join(root, "missing.json"), signal: AbortSignal.abort(), onEvent: () => undefined }),
    ).resolves.toBeUndefined();
    const error = await watchProject({ cwd: "/", onEvent: () => undefined }).catch((reason: unknown) => reason);
    expect(String(error)).toMatch(/no mcpgen\.config\.json in \/ or any directory above it/);
    // A --config that names no file: a usage error at once, as without watching (it used to watch nothing, forever: the
    // signal ends that, after a minute, so that it fails here rather than at the test's timeout; not a bound on "at once").
    const missing = await watchProject({ cwd: root, config: "missing.json", signal: AbortSignal.timeout(60_000), onEvent: () => undefined }).catch(
      (reason: unknown) => reason,
    );
    expect(missing).toMatchObject({ diagnostic: { code: "usage", message: "no such configuration file", file: expect.stringMatching(/missing\.json$/) } });
    // A target the configuration does not have: a usage error at once, as without watching.
    const unknown = await watchProject({ cwd: root, targets: ["nope"], onEvent: () => undefined }).catch((reason: unknown) => reason);
    expect(unknown).toMatchObject({ diagnostic: { code: "usage", message: expect.stringMatching(/no target named "nope"/) } });
  });
});

describe("generate <manifest> --out <dir> --watch (in process, stopped through io.signal)", () => {
  /** `generate <manifest> --out <out> --watch` in process, once it says it watches; aborting `controller` stops it. */
  async function startWatch(manifest: string, out: string) {
    const { captured, append, subscribe, output } = capturedOutput();
    const controller = new AbortController();
    const exit = run(["generate", manifest, "--out", out, "--watch"], {
      stdout: (text) => append("stdout", text),
      stderr: (text) => append("stderr", text),
      signal: controller.signal,
    });
    await waitUntil("the watch to start", () => captured.stderr.includes("watching 1 input"), subscribe, output);
    return { captured, subscribe, output, controller, exit };
  }

  it("watches the one manifest", async () => {
    const root = await fixtureCopy("watch-single");
    const manifest = join(root, "contracts/notes.tools.json");
    const out = join(root, "gen");
    const { captured, subscribe, output, controller, exit } = await startWatch(manifest, out);
    // One output, as `generate --out` prints it: no target name.
    expect(captured.stdout).toBe(`generated 2 tools into ${out} (10 files written, 0 unchanged)\n`);
    await editJson(manifest, (document) => {
      document.tools[1].description = "Lists notes.";
    });
    await waitUntil("a regeneration", () => captured.stdout.includes(`regenerated 2 tools into ${out} (input changed; `), subscribe, output);
    // The manifest gone: a manifest run's words, not those of a configuration the user never wrote.
    await rm(manifest);
    await waitUntil("the error", () => captured.stderr.includes("error: "), subscribe, output);
    expect(captured.stderr).toContain(
      `error: ${manifest}: cannot read the manifest: no such file\n  hint: check the manifest's path; the watch goes on and regenerates once ${manifest} is there again (Ctrl-C to stop)\n`,
    );
    controller.abort();
    expect(await exit).toBe(0);
  });

  it("keeps the import extension the output was generated with, as generate --out does without --import-extension", async () => {
    const root = await fixtureCopy("watch-single");
    const manifest = join(root, "contracts/notes.tools.json");
    const out = join(root, "gen");
    const quiet = { stdout: () => undefined, stderr: () => undefined };
    expect(await run(["generate", manifest, "--out", out, "--import-extension", "ts"], quiet)).toBe(0);
    const relativeSpecifiers = async () => {
      const text = (await readFile(join(out, "index.ts"), "utf8")) + (await readFile(join(out, "client.ts"), "utf8"));
      return [...text.matchAll(/(?:from |import\()"(\.\.?\/[^"]+)"/g)].map((match) => match[1]!);
    };
    expect(await relativeSpecifiers()).not.toEqual([]);
    const { captured, subscribe, output, controller, exit } = await startWatch(manifest, out);
    // The output is what the watch would generate: nothing rewritten.
    expect(captured.stdout).toBe(`generated 2 tools into ${out} (0 files written, 10 unchanged)\n`);
    await editJson(manifest, (document) => {
      document.tools[1].description = "Lists notes.";
    });
    await waitUntil("a regeneration", () => captured.stdout.includes(`regenerated 2 tools into ${out} (input changed; `), subscribe, output);
    controller.abort();
    expect(await exit).toBe(0);
    const specifiers = await relativeSpecifiers();
    expect(specifiers.filter((specifier) => !specifier.endsWith(".ts"))).toEqual([]);
    expect(specifiers.length).toBeGreaterThan(0);
  });

  it.each([
    ["text", []],
    ["--json", ["--json"]],
  ])("refuses a server's URL for the manifest (%s), as generate does without --watch: exit 2, its token never printed", async (_, flags) => {
    const root = await fixtureCopy("watch-single");
    const { captured, append } = capturedOutput();
    // Should it watch (it must not), its first word stops it.
    const controller = new AbortController();
    const stop = (stream: "stdout" | "stderr") => (text: string) => {
      append(stream, text);
      controller.abort();
    };
    const exit = await run(["generate", "https://mcp.example.com/tools.json?token=s3cret-token", "--out", join(root, "gen"), "--watch", ...flags], {
      stdout: stop("stdout"),
      stderr: stop("stderr"),
      signal: controller.signal,
    });
    expect(exit).toBe(2);
    expect(captured.stderr).toMatch(/^error: a server's URL is not a manifest: this command reads a manifest file\n {2}hint: pull the server /);
    expect(captured.stdout + captured.stderr).not.toContain("s3cret-token");
    if (flags.length > 0) {
      expect(JSON.parse(captured.stdout)).toMatchObject({ ok: false, errors: [{ diagnostic: { code: "usage" } }] });
    }
  });
});

describe("mcpgen generate --watch over a configuration (in process, stopped through io.signal)", () => {
  it("reports the handler of a renamed tool as orphaned, as a one-shot run does", async () => {
    const root = await fixtureCopy("watch-orphan");
    const { captured, append, subscribe, output } = capturedOutput();
    const controller = new AbortController();
    const exit = run(["generate", "--watch", "--config", join(root, "mcpgen.config.json"), "notes"], {
      stdout: (text) => append("stdout", text),
      stderr: (text) => append("stderr", text),
      signal: controller.signal,
    });
    await waitUntil("the watch to start", () => captured.stderr.includes("watching "), subscribe, output);
    expect(captured.stderr).not.toContain("warning:");

    await editJson(join(root, "contracts/notes.tools.json"), (document) => {
      document.tools[1].name = "list_all_notes";
    });
    await waitUntil("the regeneration", () => captured.stdout.includes("notes: regenerated 2 tools into "), subscribe, output);
    expect(captured.stdout).toContain("\n  new handler stubs: src/handlers/list-all-notes.ts\n  kept 1 existing handler untouched\n");
    expect(captured.stderr).toContain(
      'warning: notes: src/handlers/list-notes.ts implements tool "list_notes", which is no longer in the manifest; an unimplemented stub, unused: delete it\n',
    );
    controller.abort();
    expect(await exit).toBe(0);
  });
});

describe("mcpgen generate --watch (the built CLI)", () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child !== undefined && child.exitCode === null) child.kill("SIGKILL");
    child = undefined;
  });
  beforeAll(() => {
    if (!existsSync(join(repoRoot, "dist", "src", "commands", "watch.js")))
      throw new Error("dist/ has no commands/watch.js: run `npm run build` before these tests");
  });

  it("prints one line per regeneration, an error for an invalid manifest, keeps watching, exits 0 on SIGINT", async () => {
    const root = await fixtureCopy("watch-cli");
    const process_ = spawn(process.execPath, [join(repoRoot, "bin", "mcpgen.js"), "generate", "--watch", "weather", "notes-types"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
    });
    child = process_;
    const { captured, append, subscribe, output } = capturedOutput();
    process_.stdout.on("data", (chunk: Buffer) => append("stdout", chunk.toString()));
    process_.stderr.on("data", (chunk: Buffer) => append("stderr", chunk.toString()));
    const exited = new Promise<number | null>((resolve) => process_.on("exit", (code) => resolve(code)));

    await waitUntil("the watch to start", () => captured.stderr.includes("watching mcpgen.config.json and 2 inputs for changes"), subscribe, output);
    expect(captured.stdout).toBe(
      "weather: generated 3 tools into src/mcp/weather (11 files written, 0 unchanged)\nnotes-types: generated 2 tools into src/mcp/notes (types only; 2 files written, 0 unchanged)\n",
    );

    await editJson(join(root, "contracts/weather.tools.json"), (document) => {
      document.tools[0].outputSchema.properties.windSpeed = { type: "number" };
    });
    await waitUntil("weather's regeneration line", () => captured.stdout.includes("weather: regenerated"), subscribe, output);
    // manifest.json, types.ts and the tool's validators (an optional property's type issue is one shared helper, fV,
    // whatever its type: validator-runtime.ts stays as it was).
    expect(captured.stdout.split("\n")[2]).toBe("weather: regenerated 3 tools into src/mcp/weather (input changed; 3 files written, 8 unchanged)");

    await saveByRename(join(root, "contracts/weather.tools.json"), "not json");
    await waitUntil("the error", () => captured.stderr.includes("error: weather:"), subscribe, output);
    expect(captured.stderr).toMatch(/error: weather: contracts\/weather\.tools\.json: not valid JSON/);

    await saveByRename(
      join(root, "contracts/weather.tools.json"),
      await readFile(join(repoRoot, "test/fixtures/project/contracts/weather.tools.json"), "utf8"),
    );
    await waitUntil(
      "weather's regeneration after the fix",
      () => captured.stdout.split("\n").filter((line) => line.startsWith("weather: regenerated")).length === 2,
      subscribe,
      output,
    );
    expect(captured.stdout.split("\n").filter(Boolean)).toHaveLength(4);
    expect(process_.exitCode).toBeNull();

    process_.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});
