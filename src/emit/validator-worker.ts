/**
 * Worker-thread entry: compiles its share of validator chunks (see
 * validator-compiler.ts) and posts the results. The share is handed over up
 * front, so the worker never waits for the main thread, which is busy formatting.
 */
import { parentPort, workerData } from "node:worker_threads";
import { compileValidatorChunk, type ChunkResult, type ValidatorWork } from "./validator-compiler.js";

const { chunks, shared } = workerData as ValidatorWork;
const results: ChunkResult[] = [];
for (const chunk of chunks) results.push(await compileValidatorChunk(chunk, shared));
parentPort?.postMessage(results);
