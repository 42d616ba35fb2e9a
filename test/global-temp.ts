/**
 * The suite's temporary files go to a directory of their own (TMPDIR in every worker and what it starts), removed
 * when the run ends: tests make several hundred temporary directories a run (outputs, projects, configurations),
 * which would otherwise pile up in the system's temporary directory, run after run.
 */
import { mkdirSync, rmSync } from "node:fs";
import { suiteTemp } from "./helpers/suite-temp.js";

export function setup(): () => void {
  mkdirSync(suiteTemp, { recursive: true });
  return () => rmSync(suiteTemp, { recursive: true, force: true });
}
