#!/usr/bin/env node
import { setFlagsFromString } from "node:v8";

// A run lasts seconds. In that time V8's optimizing compiler, inlining, spends
// more CPU compiling ajv's code generator (on a background thread that competes
// with the validator workers for the cores) than the inlined code saves: without
// inlining, 1,000 tools generate 10-14 % sooner on Node 20 and 6 % sooner on
// Node 24 (scripts/bench.mjs). This changes how fast code runs, never what it
// does; it is set here, by the command-line program that owns its process, and
// never by the library, which runs in other people's processes.
setFlagsFromString("--no-turbo-inlining");

const { run } = await import("../dist/src/cli/index.js");
process.exitCode = await run(process.argv.slice(2));
