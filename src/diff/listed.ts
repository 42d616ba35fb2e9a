/**
 * What tools, prompts, resources and resource templates share: a list
 * compared by key (a name, a URI), each entry of the old list gone (or
 * renamed, where the kind has renames) or still there, each entry of the new
 * list new or compared with its old self.
 */
import type { ChangeSink, ChangeSubject, SubjectKind } from "./change.js";
import { SUBJECT_NOUNS } from "./change.js";

export interface Listing<T> {
  kind: Exclude<SubjectKind, "server">;
  /** What identifies an entry on both sides (and names its subject). */
  key: (entry: T) => string;
  /** The rules of an entry gone, renamed (absent: the kind has no renames) and new. */
  rules: { removed: string; renamed?: string | undefined; added: string };
  /** Entries gone paired with new ones that are the same under another key (see `uniquePairs`). */
  renames?: ((removed: readonly T[], added: readonly T[]) => ReadonlyMap<T, T>) | undefined;
  /** An entry on both sides, compared. */
  compare: (old: T, next: T) => void;
}

/** The entries removed, renamed and added, then each entry of `next` that `old` has too, compared, in `next`'s order. */
export function compareListed<T>(old: readonly T[], next: readonly T[], listing: Listing<T>, add: ChangeSink): void {
  const { kind, key, rules } = listing;
  const noun = SUBJECT_NOUNS[kind];
  const before = new Map(old.map((entry) => [key(entry), entry]));
  const after = new Map(next.map((entry) => [key(entry), entry]));
  const removed = old.filter((entry) => !after.has(key(entry)));
  const added = next.filter((entry) => !before.has(key(entry)));
  const renamed = listing.renames?.(removed, added) ?? new Map<T, T>();
  for (const entry of removed) {
    const to = renamed.get(entry);
    if (to !== undefined && rules.renamed !== undefined) {
      add({ kind, name: key(to) }, rules.renamed, "", `renamed from ${JSON.stringify(key(entry))}`, { before: key(entry), after: key(to) });
    } else add({ kind, name: key(entry) }, rules.removed, "", `${noun} removed`);
  }
  const renamedTo = new Set(renamed.values());
  for (const entry of added) if (!renamedTo.has(entry)) add({ kind, name: key(entry) }, rules.added, "", `new ${noun}`);
  for (const entry of next) {
    const was = before.get(key(entry));
    if (was !== undefined) listing.compare(was, entry);
  }
}

/**
 * Removed entries paired with added ones: each removed entry with its one
 * candidate (`candidates`; undefined: it is never taken for another), where
 * no other removed entry has that candidate too.
 */
export function uniquePairs<T>(removed: readonly T[], candidates: (entry: T) => readonly T[] | undefined): Map<T, T> {
  const matches = new Map<T, readonly T[]>();
  for (const entry of removed) {
    const found = candidates(entry);
    if (found !== undefined) matches.set(entry, found);
  }
  const pairs = new Map<T, T>();
  for (const [entry, found] of matches) {
    if (found.length !== 1) continue;
    const [candidate] = found as [T];
    if ([...matches.values()].filter((list) => list.includes(candidate)).length === 1) pairs.set(entry, candidate);
  }
  return pairs;
}

/** How a text (a description) changed: added, removed or rewritten. */
export function howChanged(before: unknown, after: unknown): string {
  return before === undefined ? "added" : after === undefined ? "removed" : "rewritten";
}

/**
 * How a title changed, in the words the rest of the diff uses: `title
 * added: "Weather"`, `title removed: "Weather"`, `title "A" → "B"` (absent
 * is said so, never shown as a value). Shown whole: users read titles.
 */
export function titleChanged(what: string, before: string | undefined, after: string | undefined): string {
  if (before === undefined) return `${what} added: ${JSON.stringify(after)}`;
  if (after === undefined) return `${what} removed: ${JSON.stringify(before)}`;
  return `${what} ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
}

/**
 * The generated names of an entry on both sides (`["method", "getWeather",
 * "getWeather2"]`), said as one message when any differs: another entry took
 * a name (names are claimed in a fixed order and numbered when taken), so code
 * written against the old output no longer compiles, or calls another.
 */
export function namesChanged(names: ReadonlyArray<readonly [what: string, before: string | undefined, after: string | undefined]>): string | undefined {
  const changed = names.filter(([, before, after]) => before !== undefined && after !== undefined && before !== after);
  return changed.length === 0 ? undefined : changed.map(([what, before, after]) => `${what} ${before} → ${after}`).join(", ");
}

/** How `compareMembers` reports one kind of named member (a prompt's arguments, a template's variables). */
export interface Members<M> {
  /** The rules' common start: `<rule>-removed`, `-required-added`, `-optional-added`, `-made-required` and `-made-optional` (`prompt-argument-removed`, ...). */
  rule: string;
  /** How messages name one (`argument`). */
  noun: string;
  /** The pointer of a member on its side. */
  at: (side: "old" | "next", member: M) => string;
  /** The pointer of its `required` (absent: its own). */
  requiredAt?: (pointer: string) => string;
  /** A member on both sides, compared beyond whether it is required. */
  compare?: (was: M, member: M, pointer: string) => void;
}

/**
 * Named members that are required or optional, by name: one removed, one added (required or
 * optional), one made required or optional, each with its rule; then `compare` on each kept one.
 */
export function compareMembers<M extends { name: string; required: boolean }>(
  old: readonly M[],
  next: readonly M[],
  subject: ChangeSubject,
  members: Members<M>,
  add: ChangeSink,
): void {
  const { rule, noun } = members;
  for (const member of old) {
    if (!next.some((other) => other.name === member.name))
      add(subject, `${rule}-removed`, members.at("old", member), `${noun} ${JSON.stringify(member.name)} removed`);
  }
  for (const member of next) {
    const name = JSON.stringify(member.name);
    const was = old.find((other) => other.name === member.name);
    const pointer = members.at("next", member);
    const required = member.required ? "required" : "optional";
    if (was === undefined) {
      add(subject, `${rule}-${required}-added`, pointer, `${required} ${noun} ${name} added`);
      continue;
    }
    if (was.required !== member.required) {
      add(subject, `${rule}-made-${required}`, members.requiredAt?.(pointer) ?? pointer, `${noun} ${name} ${required} now`, {
        before: was.required,
        after: member.required,
      });
    }
    members.compare?.(was, member, pointer);
  }
}
