import { join } from "node:path";
import { defineConfig } from "vitest/config";
import { SUITE_TEMP_PREFIX, suiteTemp } from "./test/helpers/suite-temp.js";
import { SlowestFirstSequencer } from "./test/sequencer.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
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
