import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { SUITE_TEMP_PREFIX, suiteTemp } from "./test/helpers/suite-temp.js";
import { SlowestFirstSequencer } from "./test/sequencer.js";

/**
 * Test files that leave the process as they found it (no environment, working directory, global, mock or module state
 * they do not restore; servers and children they start, they stop): they share their workers and the modules loaded
 * there (`isolate: false`), where every other file gets a fresh worker that loads mcpgen, the SDKs and their
 * dependencies again, about half a CPU-second a file. A file added here must stay so; the rest run isolated.
 * (One change stays, on purpose: a pull leaves `console.warn` wrapped by src/acquire/sdk-warnings.ts, which passes every
 * warning through outside a connection, and wraps again whatever replaced it since.)
 */
const SHARED_WORKER_FILES = [
  "test/shared/**/*.test.ts",
  "test/ir/**/*.test.ts",
  "test/emit/**/*.test.ts",
  "test/normalize/**/*.test.ts",
  // Not cli.test.ts, whose schema nested 1,500 deep overflows the stack or not depending on what the worker's earlier
  // files left compiled, and where.
  "test/diff/{check,docs,git-base,history,invariance,rules,schema}.test.ts",
  "test/format/**/*.test.ts",
  "test/generated/**/*.test.ts",
  // Not project-atomic.test.ts (it mocks node:fs/promises), interrupt-staged.test.ts (once interrupted, the write
  // module's writes stay stopped) nor watch.test.ts (watchers and a CLI stopped with SIGINT).
  "test/generate/{api,build-if-stale,check-diff,cli-generate,config-init,config,corpus,descriptor-limit,golden,messages,project-write,project,readme-example,result-printer,strict}.test.ts",
  "test/mock/**/*.test.ts",
  "test/{architecture,engines,install-order,pipeline,share-modules}.test.ts",
  // Not templates.test.ts, which stubs the environment and process.exit.
  "test/templates/{client-runtime,linear-regexp,surface-runtime,uri-template,uri-template-match}.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["test/**/*.test.ts"],
          exclude: SHARED_WORKER_FILES,
        },
      },
      {
        extends: true,
        test: {
          name: "shared-workers",
          include: SHARED_WORKER_FILES,
          isolate: false,
        },
      },
    ],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // expect.poll waits for something to happen (a server's log line, a status once requests are in flight), not for it to
    // happen fast: its default of 1 s is a timed assertion on a loaded machine. Bounded all the same, well within a test.
    expect: { poll: { timeout: 60_000 } },
    // Type-checks and real servers are CPU-heavy; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
    // The slowest files first where vitest has no durations of a last run (a fresh clone): test/sequencer.ts.
    sequence: { sequencer: SlowestFirstSequencer },
    // Every temporary file of the run in one directory, removed at its end (test/global-temp.ts).
    globalSetup: ["test/global-temp.ts"],
    // The JavaScript tests write beside generated TypeScript there is loaded by Node itself (test/helpers/native-import.ts).
    server: {
      deps: { external: [new RegExp(`/${SUITE_TEMP_PREFIX}\\d+/.*\\.js$`)] },
    },
    // Pulls look for cached OAuth logins: never in the user's own config directory.
    env: {
      MCPGEN_CONFIG_DIR: join(suiteTemp, "config"),
      TMPDIR: suiteTemp,
    },
  },
});
