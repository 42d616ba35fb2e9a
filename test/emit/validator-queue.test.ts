/**
 * The validator compile on worker threads (src/emit/validators/queue.ts).
 * Workers run only from the compiled JavaScript, so this test drives the
 * build in dist/ (`npm test` builds it first) and compares with the
 * TypeScript sources compiling in-process: the same code, whichever thread
 * compiled which chunk.
 */
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { recogniseManifest } from "../../src/acquire/manifest-file.js";
import { compileValidatorChunk, type ChunkResult, type CompileContext, type ValidatorEntry } from "../../src/emit/validators/compiler.js";
import { emitValidators, validatorEntries } from "../../src/emit/validators/index.js";
import { normalizeManifest } from "../../src/normalize/index.js";
import { repoRoot } from "../helpers/typecheck.js";

type Queue = { done: Promise<ChunkResult[]>; workerCount: number; assist(): Promise<void> };
type Pool = { terminate(): void };
interface Built {
  ChunkQueue: new (chunks: ValidatorEntry[][], context: CompileContext, pool?: Pool) => Queue;
  WorkerPool: new (count: number) => Pool;
  startValidators: (ir: unknown) => { file: Promise<{ contents: string }>; assist(): Promise<void> };
}

const built = join(repoRoot, "dist/src/emit/validators/queue.js");

/** Tools with distinct schemas and a repeated part (so shared schemas travel to the workers too). */
function manifest(count: number) {
  const address = { type: "object", properties: { street: { type: "string" }, city: { type: "string", minLength: 1 } }, required: ["city"] };
  return {
    tools: Array.from({ length: count }, (_, index) => ({
      name: `tool_${index}`,
      inputSchema: { type: "object", properties: { id: { type: "string", maxLength: 10 + index }, at: address }, required: ["id"] },
      outputSchema: { type: "object", properties: { total: { type: "integer", maximum: index }, where: address } },
    })),
  };
}

/** Settles to "pending" when `promise` has not settled after a moment (nothing in it is running). */
const stillPending = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => "settled"), new Promise((resolve) => setTimeout(() => resolve("pending"), 200))]);

describe("validators compiled on worker threads", () => {
  let dist: Built;
  beforeAll(async () => {
    expect(existsSync(built), `${built} is missing: run npm run build (npm test does)`).toBe(true);
    dist = {
      ...((await import(pathToFileURL(built).href)) as Pick<Built, "ChunkQueue" | "WorkerPool">),
      ...((await import(pathToFileURL(join(repoRoot, "dist/src/emit/validators/index.js")).href)) as Pick<Built, "startValidators">),
    };
  });

  it("are the same code whether workers compile every chunk or the main thread helps", { timeout: 60_000 }, async () => {
    const ir = normalizeManifest(recogniseManifest(manifest(90), "threads.tools.json"));
    const plan = await validatorEntries(ir);
    expect(plan.context.shared.length).toBeGreaterThan(0);
    const chunks = [0, 45, 90, 135].map((start) => plan.unique.slice(start, start + 45));
    const expected: ChunkResult[] = [];
    for (const chunk of chunks) expected.push(await compileValidatorChunk(chunk, plan.context));
    expect(expected.every((result) => result.failures.length === 0)).toBe(true);

    // Workers alone: the main thread never assists.
    const alone = new dist.ChunkQueue(chunks, plan.context);
    expect(alone.workerCount).toBeGreaterThanOrEqual(1);
    expect(await alone.done).toEqual(expected);

    // The main thread joins in at once and takes what the workers have not.
    const helped = new dist.ChunkQueue(chunks, plan.context);
    await helped.assist();
    expect(await helped.done).toEqual(expected);
  });

  it("are the same code when compiled by workers started ahead of their chunks (a pool)", { timeout: 60_000 }, async () => {
    const ir = normalizeManifest(recogniseManifest(manifest(90), "threads.tools.json"));
    const plan = await validatorEntries(ir);
    const chunks = [0, 45, 90, 135].map((start) => plan.unique.slice(start, start + 45));
    const expected: ChunkResult[] = [];
    for (const chunk of chunks) expected.push(await compileValidatorChunk(chunk, plan.context));
    // Two workers waiting (loading ajv) before the chunks exist; the queue takes one and ends the other.
    const pool = new dist.WorkerPool(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queue = new dist.ChunkQueue(chunks, plan.context, pool);
    expect(queue.workerCount).toBe(Math.min(2, Math.max(1, availableParallelism() - 1)));
    expect(await queue.done).toEqual(expected);
  });

  it("leave a few schemas to the main thread even when given a pool", async () => {
    const queue = new dist.ChunkQueue(
      [[{ exportName: "input0", schema: { type: "string" } }]],
      { shared: [], tracksEvaluation: false },
      new dist.WorkerPool(1),
    );
    expect(queue.workerCount).toBe(0);
    await queue.assist();
    expect((await queue.done).map((result) => result.failures)).toEqual([[]]);
  });

  it("write the same validators.ts as the in-process compile", { timeout: 60_000 }, async () => {
    const raw = recogniseManifest(manifest(200), "threads.tools.json");
    const inProcess = await emitValidators(normalizeManifest(raw));
    const { normalizeManifest: normalizeBuilt } = (await import(pathToFileURL(join(repoRoot, "dist/src/normalize/index.js")).href)) as {
      normalizeManifest: (raw: unknown) => unknown;
    };
    const threaded = dist.startValidators(normalizeBuilt(raw));
    await threaded.assist();
    expect((await threaded.file).contents).toBe(inProcess.contents);
  });

  it("start no worker for a few schemas: the main thread compiles them when it assists", async () => {
    const ir = normalizeManifest(recogniseManifest(manifest(3), "small.tools.json"));
    const plan = await validatorEntries(ir);
    const queue = new dist.ChunkQueue([plan.unique], plan.context);
    expect(queue.workerCount).toBe(0);
    expect(await stillPending(queue.done)).toBe("pending");
    await queue.assist();
    expect((await queue.done).map((result) => result.failures)).toEqual([[]]);
  });

  it("stop their workers when cancelled: the process ends without compiling what was left", { timeout: 90_000 }, async () => {
    // Minutes of work for one worker; cancelled once a worker runs, the process must end at once. If the
    // workers ran on, the child would outlive the 15 s bound below by minutes. The bound counts from the
    // cancel, so a machine slow to build the chunks or start the worker does not decide it.
    const script = `
      const { ChunkQueue } = await import(${JSON.stringify(pathToFileURL(built).href)});
      const entry = (index) => ({ exportName: "input" + index, schema: { type: "object", properties: Object.fromEntries(Array.from({ length: 40 }, (_, key) => ["p" + key, { type: "string", maxLength: index + key }])) } });
      const chunks = Array.from({ length: 400 }, (_, chunk) => Array.from({ length: 150 }, (_, index) => entry(chunk * 150 + index)));
      const queue = new ChunkQueue(chunks, { shared: [], tracksEvaluation: true });
      if (queue.workerCount < 1) throw new Error("no worker started");
      await new Promise((resolve) => setTimeout(resolve, 500));
      queue.cancel();
      await queue.assist(); // nothing left to take
      console.log("cancelled");
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let cancelledAt: number | undefined;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (cancelledAt === undefined && stdout.includes("cancelled")) cancelledAt = performance.now();
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 80_000);
    const [status, signal] = (await once(child, "close")) as [number | null, NodeJS.Signals | null];
    clearTimeout(killer);
    const endedAt = performance.now();
    expect(stderr).toBe("");
    expect(signal, "the child was still running after 80 s").toBeNull();
    expect(status).toBe(0);
    expect(stdout.trim()).toBe("cancelled");
    expect(endedAt - cancelledAt!, "the process outlived its cancelled workers").toBeLessThan(15_000);
  });

  it("compile, or fail to compile, a deeply nested schema the same on a worker as on the main thread (same stack)", { timeout: 120_000 }, async () => {
    const compiler = pathToFileURL(join(repoRoot, "dist/src/emit/validators/compiler.js")).href;
    const deep = (depth: number): ValidatorEntry => {
      let schema: object = { type: "string" };
      for (let level = 0; level < depth; level++) schema = { not: schema };
      return { exportName: "input0", schema: { type: "object", properties: { deep: schema } } };
    };
    // The deepest schema the CLI's main thread compiles: a fresh process for each try (default flags,
    // and code as cold as in a CLI run: warmed-up code uses smaller stack frames).
    const script = `
      const { compileValidatorChunk } = await import(${JSON.stringify(compiler)});
      const deep = ${deep.toString().replace(/: number|: object|: ValidatorEntry/g, "")};
      console.log((await compileValidatorChunk([deep(Number(process.argv[1]))])).failures.length === 0);
    `;
    const compilesOnMain = (depth: number) => {
      const child = spawnSync(process.execPath, ["--input-type=module", "-e", script, String(depth)], { encoding: "utf8", timeout: 30_000 });
      expect(child.stderr).toBe("");
      return child.stdout.trim() === "true";
    };
    let deepestOnMain = 50;
    let failsOnMain = 4000;
    expect(compilesOnMain(deepestOnMain)).toBe(true);
    expect(compilesOnMain(failsOnMain)).toBe(false);
    while (failsOnMain - deepestOnMain > 8) {
      const middle = Math.floor((deepestOnMain + failsOnMain) / 2);
      if (compilesOnMain(middle)) deepestOnMain = middle;
      else failsOnMain = middle;
    }
    // A worker compiles what the main thread does, and fails on what it fails (a margin for frames that vary).
    const withFillers = (entry: ValidatorEntry) => [
      entry,
      ...Array.from({ length: 120 }, (_, index) => ({ exportName: `input${index + 1}`, schema: { type: "string", maxLength: index } })),
    ];
    for (const [depth, compiles] of [
      [deepestOnMain - 40, true],
      [deepestOnMain + 40, false],
    ] as const) {
      const queue = new dist.ChunkQueue([withFillers(deep(depth))], { shared: [], tracksEvaluation: true });
      expect(queue.workerCount).toBe(1);
      const [result] = await queue.done;
      // What fails to compile is compiled as `true` and reported; the fillers compile either way.
      expect(
        result!.failures.map((failure) => failure.exportName),
        `depth ${depth} (the main thread compiles up to ${deepestOnMain})`,
      ).toEqual(compiles ? [] : ["input0"]);
    }
  });
});
