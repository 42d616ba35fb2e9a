/**
 * `mcpgen/mock`: the in-process mock for a program's tests, and the fixtures
 * it answers from. A module of its own (the package's `./mock` export), so
 * that `import "mcpgen"` loads neither the value generator nor the SDKs'
 * error classes, and synchronous, so a test makes its client in one line:
 *
 *   import { createMockClient } from "mcpgen/mock";
 *   import { createClient } from "./mcp/github/index.js";
 *   import * as validate from "./mcp/github/validate.js";
 *   const github = createClient(createMockClient({ manifest: "src/mcp/github/manifest.json", validators: validate, seed: 1, fixtures: "test/fixtures/github" }));
 */
import { fileURLToPath } from "node:url";
import { show } from "../diff/values.js";
import { readManifestFileSync, recogniseManifest } from "../acquire/manifest-file.js";
import { readFixtureFolder } from "../acquire/fixture-files.js";
import { normalizeManifest } from "../normalize/index.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import { withinStackSync } from "../pipeline.js";
import { userError } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { createMockClientFrom, type MockClient, type MockClientShape, type MockCall } from "../mock/client.js";
import { parseFixtureDocument, type Fixture } from "../mock/fixtures.js";
import { createResponder, mockSurface, mockTools } from "../mock/responder.js";
import { servesCompletions, servesPrompts, servesResources } from "../emit/server/surface.js";
import { compileValidators, type ToolValidators } from "../mock/validators.js";
import { toolValidatorsFunctionBody } from "../emit/validators/index.js";

export type { MockClient, MockCall, Fixture, ToolValidators };

export interface MockClientOptions extends MockClientShape {
  /**
   * The server's contract: the path (or `file:` URL) of a manifest file (the
   * `manifest.json` a generated output holds, a tools/list capture, ...) or
   * its parsed JSON.
   */
  manifest: string | URL | object;
  /**
   * What arguments and values are checked with: the generated output's own
   * (`import * as validate from "./mcp/github/validate.js"`; anything with
   * `validateInput` and `validateOutput`), or, when absent, the validators
   * mcpgen would generate from the manifest, compiled in memory.
   */
  validators?: ToolValidators | undefined;
  /** The seed of generated values (default 1): the same seed, tool and arguments give the same value. */
  seed?: number | undefined;
  /**
   * Answers given before values are generated, first match first: a fixtures
   * folder's path or `file:` URL (as `mcpgen mock --fixtures` reads it), or
   * fixtures as data.
   */
  fixtures?: string | URL | readonly Fixture[] | undefined;
}

/**
 * An object the generated `createClient` takes in place of a connected SDK
 * client: no process, no transport. See docs/mock.md.
 */
export function createMockClient(options: MockClientOptions): MockClient {
  checkOptions(options);
  const raw = rawManifest(options.manifest);
  // Normalizing and compiling recurse through the schemas: a manifest too deep for the stack is a user error, as in every command.
  return withinStackSync(raw, () => {
    const ir = normalizeManifest(raw);
    // The fixtures after the manifest, as `mcpgen mock` reads them: a manifest error is reported first.
    const given = options.fixtures instanceof URL ? filePath(options.fixtures, "fixtures") : options.fixtures;
    const fixtures = typeof given === "string" ? loadFixtures(given) : checkedFixtures(given ?? []);
    const validators = options.validators ?? compileValidators(ir, toolValidatorsFunctionBody(ir));
    const responder = createResponder({ tools: mockTools(ir.tools), validators, fixtures, seed: options.seed, surface: mockSurface(ir) });
    const outputSchemas = new Map(ir.tools.flatMap((tool) => (tool.output === undefined ? [] : [[tool.wireName, tool.output.schema] as const])));
    const surface = {
      prompts: servesPrompts(ir) ? ir.prompts.map((prompt) => prompt.raw) : undefined,
      resources: servesResources(ir) ? ir.resources.map((resource) => resource.raw) : undefined,
      resourceTemplates: servesResources(ir) ? ir.resourceTemplates.map((template) => template.raw) : undefined,
      completions: servesCompletions(ir),
    };
    return createMockClientFrom(
      { tools: ir.tools.map((tool) => tool.raw), outputSchemas, server: ir.server, instructions: ir.instructions, responder, surface },
      { sdk: options.sdk, era: options.era },
    );
  });
}

/** The fixtures of a folder (every `*.json` but `manifest.json`, in name order), as `mcpgen mock --fixtures` reads them. */
export function loadFixtures(dir: string): Fixture[] {
  return readFixtureFolder(dir).flatMap(({ path, document, duplicates }) => parseFixtureDocument(document, path, duplicates));
}

/**
 * Fixtures given as data, checked as a file's are. Their origin is
 * `fixtures#/fixtures/<index>`, or, for those `loadFixtures` read, the file
 * and pointer it gave (which the answers' `_meta` and errors name).
 */
function checkedFixtures(fixtures: readonly Fixture[]): Fixture[] {
  if (!Array.isArray(fixtures)) throw userError("usage", `createMockClient's fixtures must be a folder's path or an array of fixtures, not ${show(fixtures)}`);
  const origins = fixtures.map((fixture: unknown) => (isRecord(fixture) && typeof fixture["origin"] === "string" ? fixture["origin"] : undefined));
  const entries = fixtures.map((fixture: unknown) =>
    isRecord(fixture) ? Object.fromEntries(Object.entries(fixture).filter(([key]) => key !== "origin")) : fixture,
  );
  return parseFixtureDocument({ fixtures: entries }, "fixtures").map((fixture, index) => {
    const origin = origins[index];
    return origin === undefined ? fixture : { ...fixture, origin };
  });
}

/**
 * The options a program may give from plain JavaScript (or a test's loose object): a misspelt `sdk` or
 * `era` would otherwise play another shape without a word, and a `seed` that is no whole number would
 * give every call the same generator.
 */
function checkOptions(options: MockClientOptions): void {
  if (!isRecord(options)) throw userError("usage", "createMockClient needs options: { manifest, validators?, seed?, fixtures?, sdk?, era? }");
  const { sdk, era, seed } = options as { sdk?: unknown; era?: unknown; seed?: unknown };
  if (sdk !== undefined && sdk !== "v1" && sdk !== "v2") throw userError("usage", `createMockClient's sdk must be "v1" or "v2", not ${show(sdk)}`);
  if (era !== undefined && era !== "modern" && era !== "legacy")
    throw userError("usage", `createMockClient's era must be "modern" (MCP 2026-07-28) or "legacy" (a 2025 revision), not ${show(era)}`);
  if (sdk === "v1" && era === "modern")
    throw userError("usage", 'createMockClient: SDK v1 speaks only the 2025 revisions, so era "modern" cannot go with sdk "v1"', {
      hint: 'leave era out with sdk "v1", or use sdk "v2"',
    });
  if (seed !== undefined && !(Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= 0xffffffff))
    throw userError("usage", `createMockClient's seed must be a whole number from 0 to 4294967295, not ${show(seed)}`);
}

/** A `file:` URL's path (`new URL("./manifest.json", import.meta.url)` in a test), as Node's own file functions take it. */
function filePath(url: URL, option: string): string {
  if (url.protocol !== "file:") throw userError("usage", `createMockClient's ${option} must be a file's path or a file: URL, not a ${url.protocol} URL`);
  return fileURLToPath(url);
}

function rawManifest(manifest: string | URL | object): RawManifest {
  if (manifest instanceof URL) return readManifestFileSync(filePath(manifest, "manifest"));
  if (typeof manifest === "string") return readManifestFileSync(manifest);
  if (!isRecord(manifest)) throw userError("usage", "createMockClient needs a manifest: a file's path or its parsed JSON");
  return recogniseManifest(manifest, "<manifest>");
}
