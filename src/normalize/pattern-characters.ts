/**
 * The characters a pattern's classes match, as sorted ranges of code points,
 * for the backtracking analysis (pattern-safety.ts): read from the pattern
 * where that is simple, asked of RegExp otherwise. Never fewer characters than
 * the class matches; more only beyond the BMP, where RegExp is not asked.
 */

/** Sorted disjoint inclusive ranges, flattened: [low0, high0, low1, high1, ...]. */
export type Ranges = readonly number[];
const MAX_CODE = 0x10ffff;
export const ANY: Ranges = [0, MAX_CODE];
const DIGITS: Ranges = [48, 57];
const WORD: Ranges = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE: Ranges = [9, 13, 32, 32, 160, 160, 5760, 5760, 8192, 8202, 8232, 8233, 8239, 8239, 8287, 8287, 12288, 12288, 65279, 65279];
const LINE_TERMINATORS: Ranges = [10, 10, 13, 13, 8232, 8233];

function normalized(pairs: number[]): Ranges {
  const sorted: Array<[number, number]> = [];
  for (let index = 0; index < pairs.length; index += 2) sorted.push([pairs[index]!, pairs[index + 1]!]);
  sorted.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [low, high] of sorted) {
    if (out.length > 0 && low <= out[out.length - 1]! + 1) out[out.length - 1] = Math.max(out[out.length - 1]!, high);
    else out.push(low, high);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: number[] = [];
  let next = 0;
  for (let index = 0; index < ranges.length; index += 2) {
    if (ranges[index]! > next) out.push(next, ranges[index]! - 1);
    next = ranges[index + 1]! + 1;
  }
  if (next <= MAX_CODE) out.push(next, MAX_CODE);
  return out;
}

export function intersection(a: Ranges, b: Ranges): Ranges {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const low = Math.max(a[i]!, b[j]!);
    const high = Math.min(a[i + 1]!, b[j + 1]!);
    if (low <= high) out.push(low, high);
    if (a[i + 1]! < b[j + 1]!) i += 2;
    else j += 2;
  }
  return out;
}

const ESCAPED_SETS: Readonly<Record<string, Ranges>> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

/**
 * The characters a `.`, class escape or class may match, or more (never fewer). What the
 * reader below does not take apart (`\p{L}`, Annex B oddities) is asked of RegExp itself, once
 * for every BMP character; every character beyond the BMP is then counted in.
 */
export function charactersOf(source: string, unicode = true): Ranges {
  const key = `${unicode ? "u" : ""}:${source}`;
  let ranges = characterSets.get(key);
  if (ranges === undefined) {
    ranges = readCharacters(source, unicode) ?? scannedCharacters(source, unicode);
    if (characterSets.size > 10_000) characterSets.clear();
    characterSets.set(key, ranges);
  }
  return ranges;
}

const characterSets = new Map<string, Ranges>();

let bmp: string | undefined;

/** The BMP characters RegExp says the set matches (found in one global match), and all beyond. */
function scannedCharacters(source: string, unicode: boolean): Ranges {
  if (bmp === undefined) {
    // Low surrogates before high ones: no two form a pair.
    const units: number[] = [];
    for (let code = 0; code < 0x10000; code++) if (code < 0xd800 || code >= 0xe000) units.push(code);
    for (let code = 0xdc00; code < 0xe000; code++) units.push(code);
    for (let code = 0xd800; code < 0xdc00; code++) units.push(code);
    const parts: string[] = [];
    for (let start = 0; start < units.length; start += 4096) parts.push(String.fromCharCode(...units.slice(start, start + 4096)));
    bmp = parts.join("");
  }
  const pairs: number[] = [];
  for (const match of bmp.matchAll(new RegExp(source, unicode ? "gu" : "g"))) pairs.push(match[0].charCodeAt(0), match[0].charCodeAt(0));
  pairs.push(0x10000, MAX_CODE);
  return normalized(pairs);
}

/** The characters of `.`, `\d`-like escapes and common classes, read from the source; undefined for anything else. */
function readCharacters(source: string, unicode: boolean): Ranges | undefined {
  if (source === ".") return complement(LINE_TERMINATORS);
  if (source.length === 2 && source[0] === "\\" && ESCAPED_SETS[source[1]!] !== undefined) return ESCAPED_SETS[source[1]!]!;
  if (!source.startsWith("[")) return undefined;
  const negated = source[1] === "^";
  const body = source.slice(negated ? 2 : 1, -1);
  const pairs: number[] = [];
  let position = 0;
  /** One class atom: a character code, a set, or undefined for what this does not read. */
  const atom = (): number | Ranges | undefined => {
    // A character of the class: a code point with `u`, a code unit (half of a pair) without.
    const char = unicode ? body.codePointAt(position)! : body.charCodeAt(position);
    if (char !== 92) {
      position += char > 0xffff ? 2 : 1;
      return char;
    }
    const next = body[position + 1] ?? "";
    position += 2;
    if (ESCAPED_SETS[next] !== undefined) return ESCAPED_SETS[next];
    const simple: Record<string, number> = { b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "0": 0 };
    if (simple[next] !== undefined && !/\d/.test(body[position] ?? "")) return simple[next];
    const hex = (length: number) => {
      const digits = body.slice(position, position + length);
      if (!new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(digits)) return undefined;
      position += length;
      return parseInt(digits, 16);
    };
    if (next === "x") return hex(2);
    if (next === "u") {
      const braced = /^\{([0-9A-Fa-f]+)\}/.exec(body.slice(position));
      if (braced !== null) {
        position += braced[0].length;
        return parseInt(braced[1]!, 16);
      }
      return hex(4);
    }
    if (next === "c" && /[A-Za-z]/.test(body[position] ?? "")) return body.charCodeAt(position++) % 32;
    if (/[A-Za-z0-9]/.test(next)) return undefined;
    return next.codePointAt(0);
  };
  while (position < body.length) {
    const low = atom();
    if (low === undefined) return undefined;
    if (typeof low !== "number") {
      pairs.push(...low);
      continue;
    }
    if (body[position] === "-" && position + 1 < body.length) {
      position++;
      const high = atom();
      if (high === undefined || typeof high !== "number") return undefined;
      pairs.push(low, high);
    } else {
      pairs.push(low, low);
    }
  }
  const set = normalized(pairs);
  return negated ? complement(set) : set;
}
