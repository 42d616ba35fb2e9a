import { tmpdir } from "node:os";
import { join } from "node:path";

/** The temporary directory of one run of the suite (the main process's id names it), made and removed by test/global-temp.ts. */
export const suiteTemp = join(tmpdir(), `mcpgen-test-run-${process.pid}`);
