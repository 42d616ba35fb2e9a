/** The CLI run in-process (its `run()`), with stdout and stderr captured; `cwd` switches the working directory for the run. */
import { run } from "../../src/cli/index.js";

export async function runCli(args: string[], cwd?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const previous = process.cwd();
  if (cwd !== undefined) process.chdir(cwd);
  try {
    const code = await run(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
    return { code, stdout, stderr };
  } finally {
    if (cwd !== undefined) process.chdir(previous);
  }
}
