/**
 * The drift `--check` finds, classified as `mcpgen diff` classifies it: the
 * changes from the saved snapshot to the manifest generated from now, which
 * `generate --check` and `pull --check` print beside the files out of date,
 * and which a target's `failOn` judges in `pull --check`. Apart from
 * drift.ts so that the printer, which reads drift reports, loads no stage.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseManifest } from "../acquire/manifest-file.js";
import { classifyChanges, failsOn, type ContractDiff, type FailOn } from "../diff/index.js";
import type { ManifestIR } from "../ir/index.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { normalizeManifest } from "../normalize/index.js";
import { McpgenError } from "../shared/errors.js";
import { MANIFEST_FILE } from "../shared/output-names.js";
import type { WriteResult } from "../write/index.js";
import { hasDrift, type DriftReport } from "./drift.js";

/** The changes from a saved manifest to the one now generated from (its IR), classified (`mask`: as `classifyChanges`). */
export function contractChanges(saved: RawManifest, current: ManifestIR, mask?: (text: string) => string): ContractDiff {
  return classifyChanges(normalizeManifest(saved, { audience: current.audience }), current, mask);
}

/**
 * With `--check` of `generate`: when the snapshot in the output directory
 * (`manifest.json`, what the files were generated from) would change, how
 * the manifest's contract changed since; undefined when it would not, or
 * cannot be read as a manifest.
 */
export async function snapshotChanges(
  outDir: string,
  files: readonly WriteResult[],
  current: ManifestIR,
  mask?: (text: string) => string,
): Promise<ContractDiff | undefined> {
  if (!files.some((file) => file.path === MANIFEST_FILE && file.status === "updated")) return undefined;
  const path = join(outDir, MANIFEST_FILE);
  try {
    return contractChanges(parseManifest(await readFile(path, "utf8"), path), current, mask);
  } catch (error) {
    if (error instanceof McpgenError || (error as NodeJS.ErrnoException).code !== undefined) return undefined;
    throw error;
  }
}

/**
 * Whether a check fails on the live tools' drift: any drift when no
 * `failOn` is set (as `pull --check` always did), else the changes `failOn`
 * names.
 */
export function driftFails(drift: DriftReport, contract: ContractDiff | undefined, failOn: FailOn | undefined): boolean {
  if (!hasDrift(drift)) return false;
  return failOn === undefined || contract === undefined || failsOn(contract.counts, failOn);
}
