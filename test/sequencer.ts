/**
 * The order test files start in. Two workers take the files in this order; the run ends when the last file does, so
 * a long file left for the end runs alone while the other worker idles. vitest puts the slowest files first from the
 * durations of its last run, where it has them (`node_modules/.vite/vitest/`); a fresh clone (CI) has none, and vitest
 * then starts the biggest files first, which are not the slowest: the conformance suites, the fuzz and the layout
 * comparison are short files that run for tens of seconds. Without those durations, the files below (the slowest,
 * measured one by one on the 2-core machine, slowest first) start first, and the rest in vitest's order. Either way,
 * two files that need the shared scaffold install do not start side by side (helpers/install-order.ts).
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { needsSharedInstall, staggerSharedInstall } from "./helpers/install-order.js";

export const SLOWEST_FILES = [
  "test/pull/pull-oauth-conformance.test.ts",
  "test/format/layout.test.ts",
  "test/hostile/hostile-fuzz.test.ts",
  "test/pull/pull-oauth-revision.test.ts",
  "test/generated/corpus-validators.test.ts",
  "test/scaffold/scaffold-typecheck.test.ts",
  "test/scaffold/scaffold-hardening.test.ts",
  "test/pull/secrets-destinations.test.ts",
  "test/hostile/hardening-output.test.ts",
  "test/pull/pull-faults.test.ts",
  "test/pull/pull-oauth.test.ts",
  "test/pull/hardening-pull.test.ts",
];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return staggerSharedInstall(await this.slowestFirst(files), (file) => needsSharedInstall(file.moduleId));
  }

  private async slowestFirst(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId).replaceAll("\\", "/");
    const measured = sorted.some((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`) !== undefined);
    if (measured) return sorted;
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.indexOf(path(file));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: the files not listed keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
