/**
 * `--fail-on` and a target's `failOn`: which classes of change fail a run.
 * Its own small module, so that reading a configuration loads no more of
 * the diff stage than this.
 */
import { CLASS_ORDER, type ChangeClass } from "./rules.js";

/** What fails a check: a breaking change (for clients or for servers), also one to review, any change, or nothing. */
export type FailOn = "breaking" | "review" | "any" | "none";

export const FAIL_ON: readonly FailOn[] = ["breaking", "review", "any", "none"];

/** The classes each `FailOn` fails on. */
const FAILING: Readonly<Record<FailOn, readonly ChangeClass[]>> = {
  breaking: ["breaking-for-clients", "breaking-for-servers"],
  review: ["breaking-for-clients", "breaking-for-servers", "review"],
  any: CLASS_ORDER,
  none: [],
};

/** The classes `failOn` fails on. */
export function failingClasses(failOn: FailOn): readonly ChangeClass[] {
  return FAILING[failOn];
}

/** Whether changes of these counts fail a check with `failOn`. */
export function failsOn(counts: Readonly<Record<ChangeClass, number>>, failOn: FailOn): boolean {
  return FAILING[failOn].some((name) => counts[name] > 0);
}
