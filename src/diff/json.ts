/**
 * `mcpgen diff --format json`: one document, version 1, whose shape
 * `schema/mcpgen.diff.schema.json` publishes. Fields are only ever added
 * within a version; a field renamed or removed, a meaning changed, is a new
 * version.
 */
import type { Diagnostic } from "../shared/errors.js";
import { countClasses, type ComparedManifest, type ContractChange, type ContractDiff } from "./change.js";
import type { FailOn } from "./fail-on.js";
import type { ChangeClass } from "./rules.js";

export const DIFF_DOCUMENT_VERSION = 1;

/** A comparison as the document carries it (`DiffComparison` of the command). */
export interface DiffComparisonLike {
  target?: string | undefined;
  diff: ContractDiff;
  failOn: FailOn;
  failed: boolean;
  diagnostics: readonly Diagnostic[];
  notes: readonly string[];
}

/** A comparison that could not be made (`DiffError` of the command). */
export interface DiffErrorLike {
  target?: string | undefined;
  operand?: string | undefined;
  diagnostic: Diagnostic;
}

export interface DiffDocument {
  version: typeof DIFF_DOCUMENT_VERSION;
  /** Whether any comparison failed, or could not be made (the exit code is 1). */
  failed: boolean;
  /** Changes of each class, over every comparison. */
  counts: Record<ChangeClass, number>;
  comparisons: Array<{
    target?: string;
    old: ComparedManifest;
    new: ComparedManifest;
    failOn: FailOn;
    failed: boolean;
    counts: Record<ChangeClass, number>;
    changes: ContractChange[];
    notes: string[];
    diagnostics: Diagnostic[];
  }>;
  /** Comparisons that could not be made (a target whose manifest cannot be read now or at the revision); absent when none. */
  errors?: Array<{ target?: string; operand?: string; diagnostic: Diagnostic }>;
}

export function diffDocument(comparisons: readonly DiffComparisonLike[], errors: readonly DiffErrorLike[] = []): DiffDocument {
  return {
    version: DIFF_DOCUMENT_VERSION,
    failed: errors.length > 0 || comparisons.some((comparison) => comparison.failed),
    counts: countClasses(comparisons.flatMap((comparison) => comparison.diff.changes)),
    comparisons: comparisons.map((comparison) => ({
      ...(comparison.target === undefined ? {} : { target: comparison.target }),
      old: comparison.diff.old,
      new: comparison.diff.new,
      failOn: comparison.failOn,
      failed: comparison.failed,
      counts: comparison.diff.counts,
      changes: comparison.diff.changes,
      notes: [...comparison.notes],
      diagnostics: [...comparison.diagnostics],
    })),
    ...(errors.length === 0
      ? {}
      : {
          errors: errors.map((error) => ({
            ...(error.target === undefined ? {} : { target: error.target }),
            ...(error.operand === undefined ? {} : { operand: error.operand }),
            diagnostic: error.diagnostic,
          })),
        }),
  };
}
