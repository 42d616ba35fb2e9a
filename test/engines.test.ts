/**
 * A fresh `npm ci` prints no engine warning on the Node that runs the suite
 * (Node 20 in CI): every package the lock file installs here accepts it.
 * npm warns (EBADENGINE) for each one whose `engines.node` does not; a
 * package that needs a newer Node is pinned to an older version with an
 * `overrides` entry in package.json (as content-type under @octokit/request,
 * a dev-dependency chain through @modelcontextprotocol/conformance).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers/typecheck.js";

const semver = createRequire(import.meta.url)("semver") as { satisfies: (version: string, range: string) => boolean };

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  optional?: boolean;
}

/** Whether npm installs the package on this machine: an optional one for another platform is skipped, unchecked. */
function installedHere(entry: LockedPackage): boolean {
  const fits = (list: string[] | undefined, value: string) =>
    list === undefined || list.some((item) => (item.startsWith("!") ? item.slice(1) !== value : item === value));
  return fits(entry.os, process.platform) && fits(entry.cpu, process.arch);
}

describe("package-lock.json", () => {
  it(`installs no package whose engines exclude this Node (${process.version}): npm ci prints no EBADENGINE`, () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as { packages: Record<string, LockedPackage> };
    const refused = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && installedHere(entry))
      .map(([path, entry]) => ({ path, version: entry.version, node: Array.isArray(entry.engines) ? undefined : entry.engines?.node }))
      .filter((entry) => entry.node !== undefined && !semver.satisfies(process.version, entry.node));
    expect(refused).toEqual([]);
  });
});
