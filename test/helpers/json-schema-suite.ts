/**
 * The official JSON Schema Test Suite (../shared/json-schema-test-suite, see
 * its PROVENANCE.md): its required tests by draft, its remote documents, and
 * ajv's own result on the same schemas, the baseline mcpgen is held to.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import Ajv7 from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import Ajv2020 from "ajv/dist/2020.js";
import { repoRoot } from "./typecheck.js";

export const suiteRoot = resolve(repoRoot, "../shared/json-schema-test-suite");
export const suitePresent = existsSync(join(suiteRoot, "tests"));

export type Draft = "draft2020-12" | "draft2019-09" | "draft7";
export const DRAFTS: readonly Draft[] = ["draft2020-12", "draft2019-09", "draft7"];

/** The meta-schema URI each draft's schemas are read under (the suite's schemas may leave `$schema` out). */
export const DRAFT_URIS: Readonly<Record<Draft, string>> = {
  "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
  "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
  draft7: "http://json-schema.org/draft-07/schema#",
};

export interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}

export interface SuiteGroup {
  /** `<file>: <group description>`, unique within a draft. */
  id: string;
  file: string;
  description: string;
  schema: unknown;
  tests: SuiteTest[];
}

/** The required tests of a draft (not `optional/`), group by group, in file order. */
export function requiredGroups(draft: Draft): SuiteGroup[] {
  const directory = join(suiteRoot, "tests", draft);
  const groups: SuiteGroup[] = [];
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    const seen = new Map<string, number>();
    for (const group of JSON.parse(readFileSync(join(directory, file), "utf8")) as Array<Omit<SuiteGroup, "id" | "file">>) {
      const count = (seen.get(group.description) ?? 0) + 1;
      seen.set(group.description, count);
      groups.push({ ...group, file, id: `${file}: ${group.description}${count > 1 ? ` (${count})` : ""}` });
    }
  }
  return groups;
}

/** The remote documents by the URI the suite serves them at (`http://localhost:1234/...`): mapped, never fetched. */
export function remoteDocuments(): Map<string, unknown> {
  const base = join(suiteRoot, "remotes");
  const documents = new Map<string, unknown>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory).sort()) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json"))
        documents.set(`http://localhost:1234/${relative(base, path).split("\\").join("/")}`, JSON.parse(readFileSync(path, "utf8")));
    }
  };
  walk(base);
  return documents;
}

/** A draft's schema as a tool lists it: with the draft's `$schema` when the suite leaves it implicit. */
export function asDraft(schema: unknown, draft: Draft): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || "$schema" in schema) return schema;
  return { $schema: DRAFT_URIS[draft], ...schema };
}

/**
 * ajv on the same schemas, as its documentation sets it up for each draft
 * (`Ajv2020`, `Ajv2019`, `Ajv` for draft-07; `strict: false`, since the suite
 * uses keywords ajv's strict mode refuses), with the remotes added: for each
 * group, whether each test passed. A schema ajv cannot compile fails all its
 * tests. One instance per draft (a fresh one per group compiles the
 * meta-schema every time: half a minute per draft); what a group's schema
 * registers (its `$id`s) is removed before the next, so each compiles as in
 * an instance of its own.
 */
export function ajvResults(draft: Draft, groups: readonly SuiteGroup[], remotes: ReadonlyMap<string, unknown>): boolean[][] {
  const Ajv = draft === "draft2020-12" ? Ajv2020.default : draft === "draft2019-09" ? Ajv2019.default : Ajv7.default;
  const ajv = new Ajv({ strict: false, logger: false });
  for (const [uri, document] of remotes) {
    try {
      ajv.addSchema(document as object, uri);
    } catch {
      // A remote for another draft ajv will not take; the tests that need it fail.
    }
  }
  const registries = ajv as unknown as { schemas: Record<string, unknown>; refs: Record<string, unknown> };
  const before = { schemas: new Set(Object.keys(registries.schemas)), refs: new Set(Object.keys(registries.refs)) };
  return groups.map((group) => {
    let validate: ((data: unknown) => boolean) | undefined;
    try {
      validate = ajv.compile(group.schema as object);
    } catch {
      validate = undefined;
    }
    const results = group.tests.map((test) => {
      try {
        return validate !== undefined && validate(test.data) === test.valid;
      } catch {
        return false;
      }
    });
    for (const key of Object.keys(registries.schemas)) if (!before.schemas.has(key)) delete registries.schemas[key];
    for (const key of Object.keys(registries.refs)) if (!before.refs.has(key)) delete registries.refs[key];
    return results;
  });
}
