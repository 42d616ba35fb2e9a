/**
 * `uniqueItems` (JSON Schema validation, section 6.4.3) in time linear in the
 * array's size, shipped in a generated `validator-runtime.ts` only when one of
 * its schemas has `uniqueItems: true` (the validators call `duplicateItems`,
 * src/emit/validators/code.ts). ajv's own check
 * compares every pair of items with a deep equality: an array of 20,000 small
 * objects (230 KB) took it 17 s, and a scaffolded server takes request bodies
 * of up to 4 MB. Equality is `q`'s (templates/validator-runtime.ts, shipped
 * beside this): JSON Schema's, for which 1 and 1.0 are one number and key
 * order does not matter, of the values as JSON.stringify sends them: a
 * property whose value is undefined is absent, and an item that is undefined
 * (or a hole) is null.
 */

/**
 * The items `uniqueItems` finds equal: the pair ajv's own check names, `[i, j]`
 * (the last item equal to an earlier one, and the last such earlier one), or
 * undefined when the items are unique.
 *
 * One pass puts each item's 64-bit hash (`ItemHasher`, equal for items `q`
 * finds equal) in an open-addressed table and finds that pair as if equal
 * hashes meant equal items; the pair is then compared exactly. Only when they
 * differ (a collision, once in 2^64 pairs: the hash is seeded at random, so
 * input cannot aim at one) or the table is probed too often are the items
 * keyed by their canonical texts instead, which is exact and linear too, only
 * slower.
 */
export function duplicateItems(
  items: readonly unknown[],
): [i: number, j: number] | undefined {
  const count = items.length;
  const hasher = new ItemHasher();
  const mask = 2 ** Math.ceil(Math.log2(2 * count + 1)) - 1;
  /** Per slot: 1 + the index of the last item with the slot's hash, or 0. */
  const slots = new Int32Array(mask + 1);
  const first = new Int32Array(count);
  const second = new Int32Array(count);
  let probes = 0;
  let found: [number, number] | undefined;
  for (let index = 0; index < count; index++) {
    const hash = hasher.hash(items[index], 0);
    if (hash === undefined) return duplicatesByText(items);
    first[index] = hash;
    second[index] = hasher.second;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = slots[slot]! - 1;
      if (
        held === -1 ||
        (first[held] === hash && second[held] === hasher.second)
      ) {
        if (held !== -1) found = [index, held];
        slots[slot] = index + 1;
        break;
      }
      if (++probes > MAX_PROBES_PER_ITEM * count)
        return duplicatesByText(items);
    }
  }
  if (found === undefined) return undefined;
  return sameItems(items[found[0]], items[found[1]])
    ? found
    : duplicatesByText(items);
}

/**
 * `q(a, b)`, without recursion (a parsed body may nest deeper than the
 * stack). Values that nest themselves (which no JSON text makes) would be
 * compared forever: past `MAX_VISITED_VALUES` pairs, their canonical texts are.
 */
function sameItems(a: unknown, b: unknown): boolean {
  const pending: unknown[] = [a, b];
  for (let pairs = 0; pending.length > 0; pairs++) {
    if (pairs === MAX_VISITED_VALUES) {
      const writer = new CanonicalWriter();
      return writer.text(a) === writer.text(b);
    }
    // Only items and defined property values are pushed: an undefined one is an item, sent as null.
    const right = pending.pop() ?? null;
    const left = pending.pop() ?? null;
    if (left === right) continue;
    if (!(
      left &&
      right &&
      typeof left === "object" &&
      typeof right === "object"
    )) {
      if (left !== left && right !== right) continue;
      return false;
    }
    if (Array.isArray(left)) {
      if (!Array.isArray(right) || left.length !== right.length) return false;
      for (let index = 0; index < left.length; index++)
        pending.push(left[index], right[index]);
    } else {
      if (Array.isArray(right)) return false;
      // The properties whose value is not undefined (the others are absent), on both sides alike.
      let count = 0;
      for (const key of Object.keys(left)) {
        const value = (left as Record<string, unknown>)[key];
        if (value === undefined) continue;
        if (!Object.prototype.hasOwnProperty.call(right, key)) return false;
        const other = (right as Record<string, unknown>)[key];
        if (other === undefined) return false;
        pending.push(value, other);
        count++;
      }
      for (const key of Object.keys(right))
        if (
          (right as Record<string, unknown>)[key] !== undefined &&
          --count < 0
        )
          return false;
      if (count !== 0) return false;
    }
  }
  return true;
}

/**
 * `duplicateItems` by canonical texts: a `Map` of them, or for texts too long
 * for V8 to hash well, a sort. Exported for the tests, which compare it with
 * ajv's check too.
 */
export function duplicatesByText(
  items: readonly unknown[],
): [i: number, j: number] | undefined {
  const writer = new CanonicalWriter();
  const strings = new Map<string, number>();
  const texts = new Map<string, number>();
  const long: Array<{ key: string; string: boolean; index: number }> = [];
  let found: [number, number] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    // A string is its own key (among strings); anything else its text.
    const string = typeof item === "string";
    const key = string ? item : writer.text(item);
    if (key.length > HASHED_KEY_LENGTH) {
      long.push({ key, string, index });
      continue;
    }
    const seen = string ? strings : texts;
    const earlier = seen.get(key);
    if (earlier !== undefined) found = [index, earlier];
    seen.set(key, index);
  }
  long.sort((a, b) =>
    a.string !== b.string
      ? a.string
        ? -1
        : 1
      : a.key < b.key
        ? -1
        : a.key > b.key
          ? 1
          : a.index - b.index,
  );
  for (let position = 1; position < long.length; position++) {
    const { key, string, index } = long[position]!;
    const previous = long[position - 1]!;
    if (
      previous.string === string &&
      previous.key === key &&
      (found === undefined || index > found[0])
    )
      found = [index, previous.index];
  }
  return found;
}

/** Probes of the hash table allowed per item, on average, before `duplicateItems` keys items by text. */
const MAX_PROBES_PER_ITEM = 8;
/** Keys up to this length go in a `Map`; longer ones are sorted: V8 hashes a string of more than 16,383 characters by its length alone. */
const HASHED_KEY_LENGTH = 1024;
/** Nesting the hasher follows (by recursion); what is deeper, it leaves out. */
const HASHED_DEPTH = 200;
/**
 * Values (items, and what they hold) `ItemHasher` hashes, or pairs of them `sameItems` compares,
 * before they turn to canonical texts: past it, a value that holds itself (which no JSON text makes,
 * and which would be followed forever) is likelier than a large one. A 4 MB body holds 2^21 at most.
 */
const MAX_VISITED_VALUES = 2 ** 22;
/** What is left to write, in `CanonicalWriter`: a value, text as is, or the end of a container. */
const WRITE_VALUE = 0;
const WRITE_TEXT = 1;
const WRITE_CLOSE = 2;

/** MurmurHash3's finalizer: every bit of the result depends on every bit of `hash`. */
function mix(hash: number): number {
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

/**
 * Two 32-bit hashes of a value (the second in `second`), seeded at random and
 * equal for values `q` finds equal: numbers by their bits (-0 as 0, every
 * NaN alike), arrays in order (an undefined item as null), object properties
 * added up, so that key order does not matter (those whose value is undefined
 * left out). What is nested deeper than `HASHED_DEPTH` is left out,
 * and functions and symbols (equal only to themselves) hash alike: that makes
 * collisions likelier, never a wrong answer. Past `MAX_VISITED_VALUES`, `hash`
 * returns undefined.
 */
class ItemHasher {
  // Fields, not parameter properties: Node's type stripping (erasableSyntaxOnly) runs generated code.
  second = 0;
  private readonly seed = (Math.random() * 2 ** 32) | 0;
  private readonly seed2 = (Math.random() * 2 ** 32) | 0;
  private readonly number = new Float64Array(1);
  private readonly numberWords = new Int32Array(this.number.buffer);
  private values = 0;

  hash(value: unknown, depth: number): number | undefined {
    if (++this.values > MAX_VISITED_VALUES) return undefined;
    switch (typeof value) {
      case "string":
        return this.text(value, 1);
      case "number": {
        if (value !== value) return this.tag(2);
        this.number[0] = value === 0 ? 0 : value;
        const low = this.numberWords[0]!;
        const high = this.numberWords[1]!;
        this.second = mix(mix(high ^ this.seed2) + low);
        return mix(mix(low ^ this.seed) + high);
      }
      case "boolean":
        return this.tag(value ? 3 : 4);
      case "undefined":
        // An item (the only undefined value hashed): sent as null.
        return this.tag(8);
      case "bigint":
        return this.text(String(value), 6);
      case "object":
        break;
      default:
        return this.tag(7);
    }
    if (value === null) return this.tag(8);
    if (depth === HASHED_DEPTH) return this.tag(9);
    if (Array.isArray(value)) {
      let hash = this.seed ^ 10;
      let hash2 = this.seed2 ^ 10;
      for (let index = 0; index < value.length; index++) {
        const item = this.hash(value[index], depth + 1);
        if (item === undefined) return undefined;
        hash = mix(hash ^ item);
        hash2 = mix(hash2 ^ this.second);
      }
      this.second = mix(hash2 ^ value.length);
      return mix(hash ^ value.length);
    }
    const keys = Object.keys(value);
    let sum = 0;
    let sum2 = 0;
    let count = 0;
    for (let index = 0; index < keys.length; index++) {
      const key = keys[index]!;
      const property = (value as Record<string, unknown>)[key];
      if (property === undefined) continue;
      count++;
      const member = this.hash(property, depth + 1);
      if (member === undefined) return undefined;
      const member2 = this.second;
      const name = this.text(key, 11);
      sum = (sum + mix(name ^ Math.imul(member, 0x9e3779b1))) | 0;
      sum2 = (sum2 + mix(this.second ^ Math.imul(member2, 0x85ebca77))) | 0;
    }
    this.second = mix(sum2 ^ this.seed2 ^ count);
    return mix(sum ^ this.seed ^ count);
  }

  /** A string's hashes (FNV-1a's steps, with two primes), set apart by `tag`. */
  private text(text: string, tag: number): number {
    let hash = this.seed ^ tag;
    let hash2 = this.seed2 ^ tag;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      hash = Math.imul(hash ^ code, 0x01000193);
      hash2 = Math.imul(hash2 ^ code, 0x5bd1e995);
    }
    this.second = mix(hash2 ^ text.length);
    return mix(hash ^ text.length);
  }

  private tag(tag: number): number {
    this.second = mix(this.seed2 ^ tag);
    return mix(this.seed ^ tag);
  }
}

/**
 * Writes values as canonical texts, equal exactly when `q` finds the
 * values equal: JSON with object keys sorted and numbers as `String` writes
 * them (1 and 1.0 are one number once parsed; 0 and -0, which are `===`, one
 * text), an undefined item as `null` and a property whose value is undefined
 * left out, as JSON.stringify writes them. What JSON cannot hold is written so
 * that `q`'s answer stays the same: bigints by value; functions, symbols and a
 * container met again inside itself (a cycle, which no JSON text makes) by
 * identity.
 * Without recursion: a parsed body may nest deeper than the stack.
 */
class CanonicalWriter {
  // Fields, not parameter properties: Node's type stripping (erasableSyntaxOnly) runs generated code.
  private identities: Map<unknown, number> | undefined;

  text(root: unknown): string {
    if (typeof root !== "object" || root === null) return this.scalar(root);
    /** A stack of what is left to write, each entry a kind (`WRITE_VALUE`, ...) and its value. */
    const kinds: number[] = [WRITE_VALUE];
    const pending: unknown[] = [root];
    const open = new Set<object>();
    const parts: string[] = [];
    while (kinds.length > 0) {
      const kind = kinds.pop();
      const value = pending.pop();
      if (kind === WRITE_TEXT) {
        parts.push(value as string);
      } else if (kind === WRITE_CLOSE) {
        open.delete(value as object);
        parts.push(Array.isArray(value) ? "]" : "}");
      } else if (typeof value !== "object" || value === null) {
        parts.push(this.scalar(value));
      } else if (open.has(value)) {
        parts.push(this.identity(value));
      } else {
        open.add(value);
        kinds.push(WRITE_CLOSE);
        pending.push(value);
        if (Array.isArray(value)) {
          parts.push("[");
          for (let index = value.length - 1; index >= 0; index--) {
            kinds.push(WRITE_VALUE);
            pending.push(value[index]);
            if (index > 0) {
              kinds.push(WRITE_TEXT);
              pending.push(",");
            }
          }
        } else {
          parts.push("{");
          const keys = Object.keys(value)
            .filter(
              (key) => (value as Record<string, unknown>)[key] !== undefined,
            )
            .sort();
          for (let index = keys.length - 1; index >= 0; index--) {
            const key = keys[index]!;
            kinds.push(WRITE_VALUE);
            pending.push((value as Record<string, unknown>)[key]);
            kinds.push(WRITE_TEXT);
            pending.push(`${index === 0 ? "" : ","}${JSON.stringify(key)}:`);
          }
        }
      }
    }
    return parts.join("");
  }

  /** No two kinds of value share a text: strings are quoted, bigints end in `n`, identities begin with `#`. */
  private scalar(value: unknown): string {
    switch (typeof value) {
      case "string":
        return JSON.stringify(value);
      case "number":
        return String(value);
      case "boolean":
        return value ? "true" : "false";
      case "undefined":
        // An item (a property whose value is undefined is left out): sent as null.
        return "null";
      case "bigint":
        return `${value}n`;
      case "object":
        return "null";
      default:
        return this.identity(value);
    }
  }

  private identity(value: unknown): string {
    this.identities ??= new Map();
    let id = this.identities.get(value);
    if (id === undefined)
      this.identities.set(value, (id = this.identities.size));
    return `#${id}`;
  }
}
