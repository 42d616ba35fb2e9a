/**
 * How many prompts, resources and resource templates an output has, as a run
 * reports it. Apart from `generate.ts` so that the CLI's report (loaded at
 * start-up) counts them without loading the pipeline.
 */
import type { ManifestIR } from "../ir/index.js";

/** How many prompts, resources and resource templates an output has; undefined when none (a run reports tools alone then). */
export interface SurfaceCounts {
  prompts: number;
  resources: number;
  resourceTemplates: number;
}

export function surfaceCounts(ir: Pick<ManifestIR, "prompts" | "resources" | "resourceTemplates">): SurfaceCounts | undefined {
  const counts = { prompts: ir.prompts.length, resources: ir.resources.length, resourceTemplates: ir.resourceTemplates.length };
  return counts.prompts + counts.resources + counts.resourceTemplates === 0 ? undefined : counts;
}
