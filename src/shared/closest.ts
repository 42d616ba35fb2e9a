/**
 * "Did you mean": the word of a known list nearest to one the user typed, for a key of a file or a name on the
 * command line. A word that differs only in case is nearest of all (`"OAuth"` for `"oauth"`, `Weather` for a
 * target `weather`); otherwise one at most two edits away, and never one as far as the typed word is long
 * (`"b"` is no typo of `"a"`).
 */
export function closest(typed: string, known: readonly string[]): string | undefined {
  let best: { word: string; distance: number } | undefined;
  for (const word of known) {
    const distance = word.toLowerCase() === typed.toLowerCase() ? 0 : editDistance(typed, word);
    if (distance <= 2 && distance < typed.length && (best === undefined || distance < best.distance)) best = { word, distance };
  }
  return best?.word;
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
