/**
 * Worker-thread entry: compiles its share of validator chunks (see
 * validator-compiler.ts) and posts the results. The share is handed over up
 * front, so the worker never waits for the main thread, which is busy formatting.
 */
import { parentPort, workerData } from "node:worker_threads";
import { compileValidatorChunk, type ChunkResult, type ValidatorEntry } from "./validator-compiler.js";

const chunks = workerData as ValidatorEntry[][];
const results: ChunkResult[] = [];
for (const chunk of chunks) results.push(await compileValidatorChunk(chunk));
parentPort?.postMessage(results);
