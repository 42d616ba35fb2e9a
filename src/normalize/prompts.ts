/**
 * The prompts a server lists (MCP 2025-11-25 and 2026-07-28, "Prompts":
 * `Prompt`, `PromptArgument`): which are accepted, and their arguments. A
 * prompt mcpgen cannot type costs that prompt, never the manifest.
 */
import type { PromptArgumentIR } from "../ir/index.js";
import { joinPointer, type Diagnostic } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import type { Rule } from "./rule.js";

export const PROMPT_SHAPE: Rule = {
  name: "prompt-shape",
  does: "A prompt must be an object with a non-empty string `name`, and its `arguments`, when given, a list of objects with a non-empty string `name` each; any other prompt is left out with a warning, and the others are generated.",
  spec: "MCP 2025-11-25, Prompt, PromptArgument",
  reports: ["prompt-invalid"],
};

export const DUPLICATE_PROMPTS: Rule = {
  name: "duplicate-prompts",
  does: "Of several prompts with one name, or several arguments of a prompt with one name, the first is kept; each repeat is reported.",
  reports: ["entry-duplicate"],
};

export const PROMPT_METADATA: Rule = {
  name: "prompt-metadata",
  does: "A prompt's and each argument's `title` and `description` are kept when strings; an argument is required when its `required` is `true`, optional otherwise; every value of a prompt's arguments is a string (MCP's `arguments` map); the prompt as listed is kept whole, for the snapshot and a scaffold's `prompts/list`.",
  spec: "MCP 2025-11-25, GetPromptRequest, PromptArgument.required",
  reports: [],
};

/** A prompt accepted, its arguments read, and where it is in the input. */
export interface AcceptedPrompt {
  prompt: Record<string, unknown>;
  name: string;
  title: string | undefined;
  description: string | undefined;
  arguments: PromptArgumentIR[];
  pointer: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** `prompt-shape`, `duplicate-prompts` and `prompt-metadata`: the prompts to generate, in the order listed. */
export function acceptPrompts(prompts: readonly unknown[], listPointer: string, file: string, diagnostics: Diagnostic[]): AcceptedPrompt[] {
  const accepted: AcceptedPrompt[] = [];
  const seen = new Map<string, string>();
  const warn = (code: "prompt-invalid" | "entry-duplicate", message: string, pointer: string, prompt?: string) =>
    diagnostics.push({ severity: "warning", code, message: prompt === undefined ? message : `prompt ${JSON.stringify(prompt)}: ${message}`, file, pointer });
  prompts.forEach((prompt, index) => {
    const pointer = joinPointer(listPointer, index);
    if (!isRecord(prompt)) return warn("prompt-invalid", "a prompt must be an object; it is left out", pointer);
    const name = prompt["name"];
    if (typeof name !== "string" || name === "") {
      return warn("prompt-invalid", "a prompt needs a non-empty string `name`; it is left out", joinPointer(pointer, "name"));
    }
    const first = seen.get(name);
    if (first !== undefined) return warn("entry-duplicate", `prompt listed twice; keeping the first (${first}), ignoring ${pointer}`, pointer, name);
    const args = promptArguments(prompt["arguments"], joinPointer(pointer, "arguments"), name, warn);
    if (args === undefined) return;
    seen.set(name, pointer);
    accepted.push({ prompt, name, title: text(prompt["title"]), description: text(prompt["description"]), arguments: args, pointer });
  });
  return accepted;
}

/** The arguments of one prompt, or undefined (with a warning) when they cannot be read. */
function promptArguments(
  value: unknown,
  pointer: string,
  prompt: string,
  warn: (code: "prompt-invalid" | "entry-duplicate", message: string, pointer: string, prompt?: string) => void,
): PromptArgumentIR[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warn("prompt-invalid", "`arguments` must be a list; the prompt is left out", pointer, prompt);
    return undefined;
  }
  const result: PromptArgumentIR[] = [];
  const seen = new Set<string>();
  for (const [index, argument] of value.entries()) {
    const at = joinPointer(pointer, index);
    const name = isRecord(argument) ? argument["name"] : undefined;
    if (!isRecord(argument) || typeof name !== "string" || name === "") {
      warn("prompt-invalid", "an argument needs a non-empty string `name`; the prompt is left out, since a call could not say it", at, prompt);
      return undefined;
    }
    if (seen.has(name)) {
      warn("entry-duplicate", `argument ${JSON.stringify(name)} listed twice; the repeat is ignored`, at, prompt);
      continue;
    }
    seen.add(name);
    result.push({ name, title: text(argument["title"]), description: text(argument["description"]), required: argument["required"] === true });
  }
  return result;
}
