/**
 * Worker-thread entry: takes validator chunks from the shared queue until
 * none is left (see validator-queue.ts), posting each result as it is done.
 */
import { parentPort, workerData } from "node:worker_threads";
import { compileValidatorChunk } from "./validator-compiler.js";
import { takeChunk, type ChunkReply, type ValidatorWorkerData } from "./validator-queue.js";

const { chunks, shared, cursor } = workerData as ValidatorWorkerData;
const counter = new Int32Array(cursor);
for (let index = takeChunk(counter, chunks.length); index !== undefined; index = takeChunk(counter, chunks.length)) {
  const reply: ChunkReply = { index, result: await compileValidatorChunk(chunks[index]!, shared) };
  parentPort?.postMessage(reply);
}
