#!/usr/bin/env node
import { setFlagsFromString } from "node:v8";

// A run lasts seconds. In that time V8's optimizing compiler, inlining, spends
// more CPU than the inlined code saves (measured first on ajv's code generator,
// which mcpgen no longer runs; on mcpgen's own emitters, 1,000 tools still take
// about a tenth less CPU without it, Node 20). This changes how fast code runs, never what it
// does; it is set here, by the command-line program that owns its process, and
// never by the library, which runs in other people's processes.
setFlagsFromString("--no-turbo-inlining");

// A reader that stops early (`mcpgen diff ... | head`) closes the pipe: the rest of the output is
// dropped, and the run still ends with its own exit code, not a stack trace of the write.
process.stdout.on("error", (error) => {
  if (error.code !== "EPIPE") throw error;
});

const { run } = await import("../dist/src/cli/index.js");
process.exitCode = await run(process.argv.slice(2));
