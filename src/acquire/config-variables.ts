/**
 * The `${…}` references of an MCP configuration string, read by one parser
 * (`readReferences`) for both of its readers: expansion (`expandVariables`)
 * replaces each reference it reads, and the trust check (`variablesTaken`,
 * through `sentVariables` in server-config.ts) lists the values each one
 * would take, so that no form can be expanded without the trust check
 * seeing it.
 *
 * The forms, as Claude Code, VS Code and Cursor write them:
 *   - `${VAR}`, `${env:VAR}`: the environment variable VAR;
 *   - `${VAR:-default}`: VAR, or `default` when VAR is unset or empty (VAR is
 *     always the environment's, even `${userHome:-x}`);
 *   - `${workspaceFolder}`, `${workspaceFolderBasename}`, `${userHome}`: the machine's;
 *   - `${pathSeparator}`, `${/}`: the platform's path separator;
 *   - `${input:ID}`, an editor's prompt: refused.
 * A reference ends at the first `}`. A default is text: a reference inside
 * one (`${A:-${B}}`) is refused, as is any other body (`${ A }`, `${}`).
 * `${` without a `}` after it is text; there is no escape (`$${A}` is `$`
 * followed by A's value).
 */
import { basename, sep } from "node:path";
import { userError } from "../shared/errors.js";
import type { Secrets } from "./sanitize.js";

/** The variables whose values come from the machine mcpgen runs on (they say whose machine it is). */
const MACHINE_VARIABLES = ["workspaceFolder", "workspaceFolderBasename", "userHome"] as const;
type MachineVariable = (typeof MACHINE_VARIABLES)[number];

/** What one `${…}` stands for. */
export type Reference =
  | { kind: "environment"; name: string; fallback?: string | undefined }
  | { kind: "machine"; name: MachineVariable }
  | { kind: "separator" }
  | { kind: "refused"; why: "input" | "nested" | "unknown" };

/** A configuration string as read: its text, and each reference with the text it was written as. */
export type Segment = string | { whole: string; reference: Reference };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const WITH_DEFAULT = /^([A-Za-z_][A-Za-z0-9_]*):-(.*)$/s;

/** `text` cut into plain text and references, in order. */
export function readReferences(text: string): Segment[] {
  const segments: Segment[] = [];
  let from = 0;
  for (let start = text.indexOf("${"); start !== -1; start = text.indexOf("${", from)) {
    const end = text.indexOf("}", start + 2);
    if (end === -1) break;
    if (start > from) segments.push(text.slice(from, start));
    segments.push({ whole: text.slice(start, end + 1), reference: referenceOf(text.slice(start + 2, end)) });
    from = end + 1;
  }
  if (from < text.length) segments.push(text.slice(from));
  return segments;
}

function referenceOf(body: string): Reference {
  if (body.includes("${")) return { kind: "refused", why: "nested" };
  const withDefault = WITH_DEFAULT.exec(body);
  if (withDefault !== null) return { kind: "environment", name: withDefault[1]!, fallback: withDefault[2]! };
  if ((MACHINE_VARIABLES as readonly string[]).includes(body)) return { kind: "machine", name: body as MachineVariable };
  if (body === "pathSeparator" || body === "/") return { kind: "separator" };
  if (NAME.test(body)) return { kind: "environment", name: body };
  if (body.startsWith("env:") && NAME.test(body.slice(4))) return { kind: "environment", name: body.slice(4) };
  return { kind: "refused", why: body.startsWith("input:") ? "input" : "unknown" };
}

/**
 * The names of the values `text` takes from the environment or the machine
 * (`${userHome}` gives `userHome`), in the order first used: every one
 * expansion would read. Not the path separator, and nothing of a reference
 * expansion refuses.
 */
export function variablesTaken(text: string): string[] {
  const names: string[] = [];
  for (const segment of readReferences(text)) {
    if (typeof segment === "string") continue;
    const { reference } = segment;
    if ((reference.kind === "environment" || reference.kind === "machine") && !names.includes(reference.name)) names.push(reference.name);
  }
  return names;
}

/** Where a configuration string is, and what its references expand from. */
export interface ExpansionContext {
  file: string;
  context: {
    /** `${workspaceFolder}`. */
    cwd: string;
    /** `${userHome}`. */
    home: string;
    env: Readonly<Record<string, string | undefined>>;
  };
  /** Every value taken from the environment is registered here. */
  secrets: Secrets;
}

/** Expands the references of one configuration string; `pointer` is where it is in `where.file`. */
export function expandVariables(text: string, where: ExpansionContext, pointer: string): string {
  return readReferences(text)
    .map((segment) => (typeof segment === "string" ? segment : expandReference(segment.whole, segment.reference, where, pointer)))
    .join("");
}

function expandReference(whole: string, reference: Reference, where: ExpansionContext, pointer: string): string {
  const { context, secrets, file } = where;
  switch (reference.kind) {
    case "environment": {
      const { name, fallback } = reference;
      const value = context.env[name];
      if (value !== undefined && value !== "") {
        secrets.add(value);
        return value;
      }
      if (fallback !== undefined) return fallback;
      throw userError("input-unreadable", `${whole} is used here but the environment variable ${name} is not set`, {
        file,
        pointer,
        hint: `set ${name}, or write \${${name}:-default} to give a default`,
      });
    }
    case "machine":
      return reference.name === "workspaceFolder" ? context.cwd : reference.name === "workspaceFolderBasename" ? basename(context.cwd) : context.home;
    case "separator":
      return sep;
    case "refused":
      if (reference.why === "input") {
        throw userError("input-unreadable", `${whole} asks the editor to prompt for a value, which mcpgen cannot do`, {
          file,
          pointer,
          hint: "use ${env:NAME} in the configuration and set NAME in the environment",
        });
      }
      if (reference.why === "nested") {
        throw userError("input-shape", `${whole} holds a reference inside another, which mcpgen does not expand`, {
          file,
          pointer,
          hint: "a default is plain text: write ${VAR:-value}",
        });
      }
      throw userError("input-shape", `unknown variable ${whole}`, {
        file,
        pointer,
        hint: "supported: ${VAR}, ${VAR:-default}, ${env:VAR}, ${workspaceFolder}, ${userHome}, ${pathSeparator}",
      });
  }
}
