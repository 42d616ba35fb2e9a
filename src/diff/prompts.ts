/**
 * Prompts compared by name: a prompt removed, renamed or added; its
 * description, title and other fields; then its arguments by name, each one
 * added, removed, made required or optional, or described anew. A prompt's
 * arguments are strings, so there are no schemas to compare.
 */
import type { ManifestIR, PromptArgumentIR, PromptIR } from "../ir/index.js";
import { joinPointer } from "../shared/errors.js";
import type { ChangeSink } from "./change.js";
import { changedFields, own, sameJson } from "./values.js";

export function comparePrompts(old: ManifestIR, next: ManifestIR, add: ChangeSink): void {
  const before = new Map(old.prompts.map((prompt) => [prompt.wireName, prompt]));
  const after = new Map(next.prompts.map((prompt) => [prompt.wireName, prompt]));
  const removed = old.prompts.filter((prompt) => !after.has(prompt.wireName));
  const added = next.prompts.filter((prompt) => !before.has(prompt.wireName));
  const renamed = renames(removed, added);
  for (const prompt of removed) {
    const to = renamed.get(prompt);
    if (to !== undefined) {
      add({ kind: "prompt", name: to.wireName }, "prompt-renamed", "", `renamed from ${JSON.stringify(prompt.wireName)}`, {
        before: prompt.wireName,
        after: to.wireName,
      });
    } else add({ kind: "prompt", name: prompt.wireName }, "prompt-removed", "", "prompt removed");
  }
  const renamedTo = new Set(renamed.values());
  for (const prompt of added) if (!renamedTo.has(prompt)) add({ kind: "prompt", name: prompt.wireName }, "prompt-added", "", "new prompt");
  for (const prompt of next.prompts) {
    const was = before.get(prompt.wireName);
    if (was !== undefined) comparePrompt(was, prompt, add);
  }
}

const how = (before: unknown, after: unknown) => (before === undefined ? "added" : after === undefined ? "removed" : "rewritten");

function comparePrompt(old: PromptIR, next: PromptIR, add: ChangeSink): void {
  const subject = { kind: "prompt" as const, name: next.wireName };
  if (old.description !== next.description) {
    add(subject, "prompt-description-changed", "/description", `description ${how(old.description, next.description)}`, {
      before: old.description,
      after: next.description,
    });
  }
  if (old.title !== next.title) {
    add(subject, "prompt-title-changed", "/title", `title ${JSON.stringify(old.title ?? null)} → ${JSON.stringify(next.title ?? null)}`, {
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
  const before = new Map(old.arguments.map((argument, index) => [argument.name, { argument, index }]));
  const at = (prompt: PromptIR, argument: PromptArgumentIR) => joinPointer("/arguments", prompt.arguments.indexOf(argument));
  for (const argument of old.arguments) {
    if (!next.arguments.some((other) => other.name === argument.name)) {
      add(subject, "prompt-argument-removed", at(old, argument), `argument ${JSON.stringify(argument.name)} removed`);
    }
  }
  for (const argument of next.arguments) {
    const name = JSON.stringify(argument.name);
    const was = before.get(argument.name)?.argument;
    if (was === undefined) {
      add(
        subject,
        argument.required ? "prompt-argument-required-added" : "prompt-argument-optional-added",
        at(next, argument),
        `${argument.required ? "required" : "optional"} argument ${name} added`,
      );
      continue;
    }
    const pointer = at(next, argument);
    if (was.required !== argument.required) {
      add(
        subject,
        argument.required ? "prompt-argument-made-required" : "prompt-argument-made-optional",
        joinPointer(pointer, "required"),
        `argument ${name} ${argument.required ? "required" : "optional"} now`,
        { before: was.required, after: argument.required },
      );
    }
    if (was.description !== argument.description) {
      add(
        subject,
        "prompt-argument-description-changed",
        joinPointer(pointer, "description"),
        `description of argument ${name} ${how(was.description, argument.description)}`,
        {
          before: was.description,
          after: argument.description,
        },
      );
    }
    if (was.title !== argument.title) {
      add(
        subject,
        "prompt-argument-title-changed",
        joinPointer(pointer, "title"),
        `title of argument ${name} ${JSON.stringify(was.title ?? null)} → ${JSON.stringify(argument.title ?? null)}`,
        {
          before: was.title,
          after: argument.title,
        },
      );
    }
  }
}

/**
 * Removed prompts paired with added ones that are the same prompt under a
 * new name: the same description and the same arguments (names and whether
 * each is required), and no other candidate on either side. A prompt without
 * arguments to tell it by is never taken for another.
 */
function renames(removed: readonly PromptIR[], added: readonly PromptIR[]): Map<PromptIR, PromptIR> {
  const shape = (prompt: PromptIR) => prompt.arguments.map((argument) => [argument.name, argument.required]);
  const matches = new Map<PromptIR, PromptIR[]>();
  for (const prompt of removed) {
    if (prompt.arguments.length === 0) continue;
    matches.set(
      prompt,
      added.filter((other) => other.description === prompt.description && sameJson(shape(other), shape(prompt))),
    );
  }
  const pairs = new Map<PromptIR, PromptIR>();
  for (const [prompt, candidates] of matches) {
    if (candidates.length !== 1) continue;
    const [candidate] = candidates as [PromptIR];
    if ([...matches.values()].filter((list) => list.includes(candidate)).length === 1) pairs.set(prompt, candidate);
  }
  return pairs;
}
