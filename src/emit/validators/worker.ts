/**
 * Worker-thread entry: takes validator chunks from the shared queue until
 * none is left (see validators/queue.ts), posting each result as it is done.
 * Started with its chunks as `workerData`, or ahead of them (a `WorkerPool`):
 * then it loads the compiler at once and waits for them in a message.
 */
import { parentPort, workerData } from "node:worker_threads";
import { compileValidatorChunk, loadCompiler } from "./compiler.js";
import { takeChunk, type ChunkReply, type ValidatorWorkerData } from "./queue.js";

async function compileChunks({ chunks, context, cursor }: ValidatorWorkerData): Promise<void> {
  const counter = new Int32Array(cursor);
  for (let index = takeChunk(counter, chunks.length); index !== undefined; index = takeChunk(counter, chunks.length)) {
    const reply: ChunkReply = { index, result: await compileValidatorChunk(chunks[index]!, context) };
    parentPort?.postMessage(reply);
  }
}

if (workerData !== undefined && workerData !== null) {
  await compileChunks(workerData as ValidatorWorkerData);
} else {
  parentPort?.once("message", (data: ValidatorWorkerData) => void compileChunks(data));
  loadCompiler();
}
