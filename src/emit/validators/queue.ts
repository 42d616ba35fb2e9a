/**
 * Schedules the validator chunks: worker threads (one per core but one) take
 * chunks from a queue one at a time, and the main thread joins in through
 * `assist` once it has nothing else to do (after formatting the other files).
 * So the compile spreads over every core whichever part of the run is longer:
 * when formatting takes longer, the workers finish alone; when compiling
 * does, the main thread takes the chunks still waiting.
 *
 * The queue is a counter in shared memory, taken from with `Atomics.add`:
 * a worker never waits for the main thread, which may be busy formatting
 * for seconds without returning to its event loop.
 *
 * Workers can be started before their chunks exist (`startWorkerPool`), so
 * that their start-up (a thread, ajv's modules) overlaps the main thread
 * planning the chunks; they wait for the chunks in a message.
 */
import { availableParallelism } from "node:os";
import { setImmediate as yieldToEvents } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { compileValidatorChunk, type ChunkResult, type CompileContext, type ValidatorEntry } from "./compiler.js";

/** Below this many schemas, worker start-up costs more than it saves: the main thread compiles them all. */
const WORKER_THRESHOLD = 100;

/** What a validator worker is handed when it starts (validators/worker.ts). */
export interface ValidatorWorkerData {
  chunks: readonly ValidatorEntry[][];
  context: CompileContext;
  /** One 32-bit counter: the index of the next chunk to take (see `takeChunk`). */
  cursor: SharedArrayBuffer;
}

/** Whether worker threads can run the compiler: they run the compiled JavaScript; from TypeScript sources (tests) the main thread compiles everything. */
const canUseWorkers = !import.meta.url.endsWith(".ts");

/**
 * Worker threads started ahead of their chunks. A `ChunkQueue` takes them
 * over; `terminate` ends those it did not take (call it when no queue will).
 */
export class WorkerPool {
  private readonly workers: Worker[] = [];
  /** The first error of a worker not yet taken over (reported by the queue that takes it). */
  failure: unknown;

  constructor(count: number) {
    for (let index = 0; index < count; index++) {
      const worker = spawnWorker(undefined);
      worker.once("error", (error) => (this.failure ??= error));
      this.workers.push(worker);
    }
  }

  /** Up to `count` workers, now the caller's; the others are terminated. */
  take(count: number): Worker[] {
    const taken = this.workers.splice(0, count);
    this.terminate();
    return taken;
  }

  terminate(): void {
    for (const worker of this.workers.splice(0)) void worker.terminate();
  }
}

/** Workers for a manifest expected to hold about `schemas` schemas: none when it is small (see `WORKER_THRESHOLD`). */
export function startWorkerPool(schemas: number): WorkerPool | undefined {
  return canUseWorkers && schemas >= WORKER_THRESHOLD ? new WorkerPool(workersFor(Infinity)) : undefined;
}

const workersFor = (chunks: number) => Math.max(1, Math.min(availableParallelism() - 1, chunks));

/**
 * A validator worker. With `workerData` it starts on those chunks; without, it loads the
 * compiler and waits for them in a message.
 */
function spawnWorker(workerData: ValidatorWorkerData | undefined): Worker {
  // The main thread's usable stack (V8's default, 984 KB), not a worker's default 4 MB: a deeply
  // nested schema must compile, or fail, the same whichever thread takes its chunk. Node keeps
  // 192 KB of a worker's stackSizeMb as a guard, hence the sum.
  return new Worker(new URL("./worker.js", import.meta.url), { workerData, resourceLimits: { stackSizeMb: (984 + 192) / 1024 } });
}

/** Takes the next chunk's index from the shared counter; undefined when every chunk is taken. */
export function takeChunk(cursor: Int32Array, count: number): number | undefined {
  const index = Atomics.add(cursor, 0, 1);
  return index < count ? index : undefined;
}

/** A validator worker's answer. */
export interface ChunkReply {
  index: number;
  result: ChunkResult;
}

export class ChunkQueue {
  /** Every chunk's result, in order, once all are compiled. */
  readonly done: Promise<ChunkResult[]>;
  /** Worker threads started (none for small manifests and from TypeScript sources: then only `assist` compiles). */
  readonly workerCount: number = 0;
  private readonly results: ChunkResult[] = [];
  private readonly cursor = new SharedArrayBuffer(4);
  private readonly workers: Worker[] = [];
  private finished = 0;
  private settle!: { resolve: (results: ChunkResult[]) => void; reject: (error: unknown) => void };

  /** `pool`: workers started earlier, used instead of starting new ones (and terminated when not needed). */
  constructor(
    private readonly chunks: readonly ValidatorEntry[][],
    private readonly context: CompileContext,
    pool?: WorkerPool,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = {
        resolve,
        reject: (error) => {
          // Once the compile has failed, the chunks still running are of no use.
          this.cancel();
          reject(error);
        },
      };
    });
    // Attach a handler now: the caller awaits (and sees any error) later.
    this.done.catch(() => undefined);
    if (chunks.length === 0) this.settle.resolve([]);
    const schemas = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (!canUseWorkers || schemas < WORKER_THRESHOLD) {
      pool?.terminate();
      return;
    }
    const data: ValidatorWorkerData = { chunks: this.chunks, context: this.context, cursor: this.cursor };
    const count = workersFor(chunks.length);
    const started = pool?.take(count) ?? [];
    if (pool?.failure !== undefined) this.settle.reject(pool.failure);
    for (const worker of started) {
      this.watch(worker);
      worker.postMessage(data);
    }
    while (this.workers.length < count) this.watch(spawnWorker(data));
    this.workerCount = this.workers.length;
  }

  /** Compiles the chunks no worker has taken, on this thread, until none is left. */
  async assist(): Promise<void> {
    for (let index = this.take(); index !== undefined; index = this.take()) {
      try {
        this.complete(index, await compileValidatorChunk(this.chunks[index]!, this.context));
      } catch (error) {
        this.settle.reject(error);
        throw error;
      }
      // Let the workers' replies in between chunks.
      await yieldToEvents();
    }
  }

  /** Stops the workers (their chunks are dropped) and leaves the rest untaken; after this `done` settles only through a reply already on its way. */
  cancel(): void {
    Atomics.store(new Int32Array(this.cursor), 0, this.chunks.length);
    for (const worker of this.workers.splice(0)) void worker.terminate();
  }

  private take(): number | undefined {
    return takeChunk(new Int32Array(this.cursor), this.chunks.length);
  }

  private complete(index: number, result: ChunkResult): void {
    this.results[index] = result;
    if (++this.finished === this.chunks.length) this.settle.resolve(this.results);
  }

  private watch(worker: Worker): void {
    this.workers.push(worker);
    worker.on("message", (reply: ChunkReply) => this.complete(reply.index, reply.result));
    worker.once("error", (error) => this.settle.reject(error));
    worker.once("exit", (code) => {
      const cancelled = !this.workers.includes(worker);
      if (code !== 0 && !cancelled) this.settle.reject(new Error(`internal: validator worker exited with code ${code}`));
    });
  }
}
