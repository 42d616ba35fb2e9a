/**
 * What `mcpgen diff` reports: each change of a contract, classified by its
 * rule, and the comparison they make up. `--format json` prints these shapes
 * (schema/mcpgen.diff.schema.json).
 */
import { CLASS_ORDER, type ChangeClass } from "./rules.js";

/** What a change is about: the server, a tool or a prompt by name, a fixed resource by URI, a resource template by name. */
export type SubjectKind = "server" | "tool" | "prompt" | "resource" | "resource-template";

/** How a report names each kind of subject, in the order reports list them. */
export const SUBJECT_NOUNS: Readonly<Record<SubjectKind, string>> = {
  server: "the server",
  tool: "tool",
  prompt: "prompt",
  "resource-template": "resource template",
  resource: "resource",
};

export interface ChangeSubject {
  kind: SubjectKind;
  /** The tool's, prompt's or template's name, the resource's URI (absent for the server). */
  name?: string | undefined;
}

/** One change of the contract, classified. */
export interface ContractChange {
  subject: ChangeSubject;
  /** The id of the rule (`DIFF_RULES`). */
  rule: string;
  class: ChangeClass;
  /**
   * JSON pointer into the subject: a tool's `/inputSchema/properties/path`, with refs followed as
   * if written in place (the same wherever a subschema is kept under `$defs`); in the new manifest,
   * or in the old one for what is gone. `""`: the subject itself.
   */
  pointer: string;
  /** What changed, in a few words. Server text in it is as the server wrote it (a printer makes it safe). */
  message: string;
  /** The value before and after, where one value says it (a removed enum value, a bound, a description). */
  before?: unknown;
  after?: unknown;
}

/** Records a change under its rule. */
export type ChangeSink = (subject: ChangeSubject, rule: string, pointer: string, message: string, values?: { before?: unknown; after?: unknown }) => void;

/** A manifest as a comparison names it. */
export interface ComparedManifest {
  /** The file, revision or server it was read from. */
  source: string;
  /** The server's `serverInfo` name and version, when it gave them. */
  server?: { name?: string | undefined; version?: string | undefined } | undefined;
}

/** Two manifests compared: every change, server first, then tool by tool in name order, then prompts, resource templates and resources. */
export interface ContractDiff {
  old: ComparedManifest;
  new: ComparedManifest;
  changes: ContractChange[];
  /** How many changes of each class. */
  counts: Record<ChangeClass, number>;
}

/** How many changes of each class, every class present. */
export function countClasses(changes: readonly ContractChange[]): Record<ChangeClass, number> {
  const counts = Object.fromEntries(CLASS_ORDER.map((name) => [name, 0])) as Record<ChangeClass, number>;
  for (const change of changes) counts[change.class]++;
  return counts;
}
