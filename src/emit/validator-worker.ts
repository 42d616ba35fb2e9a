/** Worker-thread entry: compiles chunks of validators (see validator-compiler.ts) until told to stop. */
import { parentPort } from "node:worker_threads";
import { compileValidatorChunk, type ValidatorEntry } from "./validator-compiler.js";

parentPort?.on("message", async (message: { index: number; chunk: ValidatorEntry[] } | null) => {
  if (message === null) {
    parentPort?.close();
    return;
  }
  parentPort?.postMessage({ index: message.index, result: await compileValidatorChunk(message.chunk) });
});
