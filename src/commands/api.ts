/**
 * The library's verbs, each for one manifest or for a whole project:
 * `generate`, `check` and `pull` take either the single-target options the
 * CLI's `--out` form maps to, or project options (an `mcpgen.config.json`,
 * found or named, or a configuration object). The overloads keep the
 * single-target calls exactly as they were.
 */
import { generate as generateManifest, type GenerateOptions, type GenerateResult } from "./generate.js";
import { checkProject, generateProject, pullProject, type ProjectOptions, type ProjectResult, type PullProjectOptions } from "./project.js";
import { pull as pullServer, type PullOptions, type PullResult } from "./pull.js";

/** Generates one manifest into `outDir`. */
export function generate(options: GenerateOptions): Promise<GenerateResult>;
/** Generates every target (or those named) of a configuration, offline. */
export function generate(options?: ProjectOptions): Promise<ProjectResult>;
export function generate(options: GenerateOptions | ProjectOptions = {}): Promise<GenerateResult | ProjectResult> {
  return "manifest" in options ? generateManifest(options) : generateProject(options);
}

/** What `generate` would change for one manifest; writes nothing. `upToDate` is the verdict. */
export function check(options: Omit<GenerateOptions, "check">): Promise<GenerateResult>;
/** What `generate` would change for a configuration's targets; writes nothing. `upToDate` is the verdict. */
export function check(options?: Omit<ProjectOptions, "check">): Promise<ProjectResult>;
export function check(options: Omit<GenerateOptions, "check"> | Omit<ProjectOptions, "check"> = {}): Promise<GenerateResult | ProjectResult> {
  return "manifest" in options ? generateManifest({ ...options, check: true }) : checkProject(options);
}

/** Pulls one live server into `outDir`. */
export function pull(options: PullOptions): Promise<PullResult>;
/** Pulls a configuration's server targets (default: all, then generates the other targets too). */
export function pull(options?: PullProjectOptions): Promise<ProjectResult>;
export function pull(options: PullOptions | PullProjectOptions = {}): Promise<PullResult | ProjectResult> {
  return "outDir" in options ? pullServer(options) : pullProject(options);
}
