/** Worker-thread entry: compiles one chunk of validators (see validator-compiler.ts). */
import { parentPort, workerData } from "node:worker_threads";
import { compileValidatorChunk, type ValidatorEntry } from "./validator-compiler.js";

const result = await compileValidatorChunk(workerData as ValidatorEntry[]);
parentPort?.postMessage(result);
