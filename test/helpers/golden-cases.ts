/** The golden cases: each is a manifest the project owns and a directory under golden/. */
import { join } from "node:path";
import { repoRoot } from "./typecheck.js";

export interface GoldenCase {
  name: string;
  manifest: string;
}

export const goldenCases: GoldenCase[] = [
  { name: "weather", manifest: join(repoRoot, "examples/weather.tools.json") },
  { name: "type-mapping", manifest: join(repoRoot, "test/fixtures/golden/type-mapping.tools.json") },
  { name: "hazards", manifest: join(repoRoot, "test/fixtures/golden/hazards.tools.json") },
  // Structure repeated across tools: validators compile each repeat once, and $defs repeated across tools are one type each.
  { name: "shared", manifest: join(repoRoot, "test/fixtures/golden/shared.tools.json") },
  // Identifiers as the JSON Schema drafts define them ($id, anchors, dynamic refs), and outputs that are not objects.
  { name: "fidelity", manifest: join(repoRoot, "test/fixtures/golden/fidelity.tools.json") },
  // Patterns a backtracking engine stalls on, and patterns of other dialects: the linear-time matcher and legacy RegExps.
  { name: "patterns", manifest: join(repoRoot, "test/fixtures/golden/patterns.tools.json") },
  // Prompts, fixed resources and resource templates beside a tool, with completions (server-everything's lists, and more).
  { name: "surface", manifest: join(repoRoot, "test/fixtures/golden/surface.tools.json") },
  // A server with no tools (yet): the package must still compile.
  { name: "empty", manifest: join(repoRoot, "test/fixtures/golden/empty.tools.json") },
];
