import { tmpdir } from "node:os";
import { join } from "node:path";

/** What the name of a run's temporary directory starts with (vitest.config.ts matches the files in it). */
export const SUITE_TEMP_PREFIX = "mcpgen-test-run-";

/** The temporary directory of one run of the suite (the main process's id names it), made and removed by test/global-temp.ts. */
export const suiteTemp = join(tmpdir(), `${SUITE_TEMP_PREFIX}${process.pid}`);
