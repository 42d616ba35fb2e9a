/**
 * Prompts compared by name: a prompt removed, renamed or added; its
 * description, title and other fields; then its arguments by name, each one
 * added, removed, made required or optional, or described anew. A prompt's
 * arguments are strings, so there are no schemas to compare.
 */
import type { ManifestIR, PromptArgumentIR, PromptIR } from "../ir/index.js";
import { joinPointer } from "../shared/errors.js";
import type { ChangeSink } from "./change.js";
import { compareListed, compareMembers, howChanged, namesChanged, uniquePairs, titleChanged } from "./listed.js";
import { changedFields, own, sameJson } from "./values.js";

export function comparePrompts(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  compareListed(
    old.prompts,
    next.prompts,
    {
      kind: "prompt",
      key: (prompt) => prompt.wireName,
      rules: { removed: "prompt-removed", renamed: "prompt-renamed", added: "prompt-added" },
      renames,
      compare: (was, prompt) => comparePrompt(was, prompt, add),
    },
    add,
  );
}

function comparePrompt(old: PromptIR, next: PromptIR, add: ChangeSink): void {
  const subject = { kind: "prompt" as const, name: next.wireName };
  const renamed = namesChanged([
    ["client method", old.methodName, next.methodName],
    ["type", old.typeName, next.typeName],
  ]);
  if (renamed !== undefined) add(subject, "prompt-method-renamed", "", renamed, { before: old.methodName, after: next.methodName });
  if (old.description !== next.description) {
    add(subject, "prompt-description-changed", "/description", `description ${howChanged(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  if (old.title !== next.title) {
    add(subject, "prompt-title-changed", "/title", titleChanged("title", old.title, next.title), {
      before: old.title,
      after: next.title,
    });
  }
  for (const field of changedFields(old.raw, next.raw, ["name", "title", "description", "arguments"])) {
    add(subject, "prompt-metadata-changed", joinPointer("", field), `${field} changed`, { before: own(old.raw, field), after: own(next.raw, field) });
  }
  compareArguments(old, next, subject, add);
}

function compareArguments(old: PromptIR, next: PromptIR, subject: { kind: "prompt"; name: string }, add: ChangeSink): void {
  const sides = { old, next };
  compareMembers(
    old.arguments,
    next.arguments,
    subject,
    {
      rule: "prompt-argument",
      noun: "argument",
      at: (side, argument: PromptArgumentIR) => joinPointer("/arguments", sides[side].arguments.indexOf(argument)),
      requiredAt: (pointer) => joinPointer(pointer, "required"),
      compare: (was, argument, pointer) => {
        const name = JSON.stringify(argument.name);
        if (was.description !== argument.description) {
          add(
            subject,
            "prompt-argument-description-changed",
            joinPointer(pointer, "description"),
            `description of argument ${name} ${howChanged(was.description, argument.description)}`,
            { before: was.description, after: argument.description },
          );
        }
        if (was.title !== argument.title) {
          add(subject, "prompt-argument-title-changed", joinPointer(pointer, "title"), titleChanged(`title of argument ${name}`, was.title, argument.title), {
            before: was.title,
            after: argument.title,
          });
        }
      },
    },
    add,
  );
}

/**
 * Removed prompts paired with added ones that are the same prompt under a
 * new name: the same description and the same arguments (names and whether
 * each is required), and no other candidate on either side. A prompt without
 * arguments to tell it by is never taken for another.
 */
function renames(removed: readonly PromptIR[], added: readonly PromptIR[]): Map<PromptIR, PromptIR> {
  const shape = (prompt: PromptIR) => prompt.arguments.map((argument) => [argument.name, argument.required]);
  return uniquePairs(removed, (prompt) =>
    prompt.arguments.length === 0 ? undefined : added.filter((other) => other.description === prompt.description && sameJson(shape(other), shape(prompt))),
  );
}
