/**
 * mcpgen's linear-time regular-expression matcher, shipped in a generated
 * `validator-runtime.ts` only when a tool's schema has a pattern that a backtracking
 * engine could take exponential or polynomial time on (`^(a+)+$`). It answers
 * `test` as an ECMAScript RegExp with the same source and flags (`u` or none)
 * would, in time linear in the text: a Thompson NFA simulated one character
 * at a time, its state sets cached as the states of a lazily built DFA
 * (Thompson 1968; Cox, "Regular Expression Matching Can Be Simple And Fast").
 * Lookarounds are answered in linear time too: before the match, each
 * lookaround's body runs once over the whole text (a lookahead from the end
 * backwards), which records where it holds (as in V8's experimental linear
 * engine; Barrière and Pit-Claudel, PLDI 2024). Backreferences cannot be
 * matched in linear time: a pattern with one is refused (`PatternNotLinear`).
 * With `u`, a match is tried at code point boundaries only, as the
 * specification says (V8 also tries the middle of a surrogate pair, where
 * `\B` holds: `/\B/u.test("a😀a")` is true in V8, false here).
 */

/** A parsed pattern (ECMAScript 2024 RegExp syntax, with Annex B's extensions when not `u`). */
export type PatternNode =
  | { type: "empty" }
  /** One literal character: a code point with `u`, a UTF-16 code unit without. */
  | { type: "char"; char: number; start: number; end: number }
  /** `.`, a class (`[a-z]`) or a class escape (`\d`, `\p{L}`), matching one character; `source` is its text. */
  | { type: "set"; source: string; start: number; end: number }
  | { type: "sequence"; items: PatternNode[] }
  | { type: "alternation"; items: PatternNode[] }
  | {
      type: "repeat";
      body: PatternNode;
      min: number;
      max: number;
      greedy: boolean;
      start: number;
      end: number;
    }
  | {
      type: "group";
      body: PatternNode;
      capture: number | undefined;
      name: string | undefined;
    }
  | { type: "assertion"; kind: "start" | "end" | "word" | "notWord" }
  | {
      type: "look";
      behind: boolean;
      negative: boolean;
      body: PatternNode;
      start: number;
      end: number;
    }
  | {
      type: "backreference";
      group: number | string;
      start: number;
      end: number;
    };

/** A pattern the linear matcher cannot run: a backreference, or a construct it does not know. */
export class PatternNotLinear extends Error {
  override readonly name = "PatternNotLinear";
}

/** Parses a pattern that is valid ECMAScript with these flags (`new RegExp(source, unicode ? "u" : "")` accepts it). */
export function parsePattern(source: string, unicode: boolean): PatternNode {
  return new PatternParser(source, unicode).parse();
}

class PatternParser {
  private position = 0;
  private captures = 0;
  private readonly source: string;
  private readonly unicode: boolean;
  private readonly totalCaptures: number;
  private readonly namedGroups: boolean;

  // Fields, not parameter properties, throughout: Node's type stripping (erasableSyntaxOnly) runs generated code.
  constructor(source: string, unicode: boolean) {
    this.source = source;
    this.unicode = unicode;
    const groups = countGroups(source);
    this.totalCaptures = groups.captures;
    this.namedGroups = groups.named;
  }

  parse(): PatternNode {
    const node = this.disjunction();
    if (this.position < this.source.length)
      throw new PatternNotLinear(
        `unexpected ${JSON.stringify(this.source[this.position])} at ${this.position}`,
      );
    return node;
  }

  private peek(offset = 0): string {
    return this.source.charAt(this.position + offset);
  }

  private eat(text: string): boolean {
    if (!this.source.startsWith(text, this.position)) return false;
    this.position += text.length;
    return true;
  }

  private disjunction(): PatternNode {
    const items = [this.alternative()];
    while (this.eat("|")) items.push(this.alternative());
    return items.length === 1 ? items[0]! : { type: "alternation", items };
  }

  private alternative(): PatternNode {
    const items: PatternNode[] = [];
    while (
      this.position < this.source.length &&
      this.peek() !== "|" &&
      this.peek() !== ")"
    )
      items.push(this.term());
    return items.length === 0
      ? { type: "empty" }
      : items.length === 1
        ? items[0]!
        : { type: "sequence", items };
  }

  private term(): PatternNode {
    const start = this.position;
    if (this.eat("^")) return { type: "assertion", kind: "start" };
    if (this.eat("$")) return { type: "assertion", kind: "end" };
    if (this.eat("\\b")) return { type: "assertion", kind: "word" };
    if (this.eat("\\B")) return { type: "assertion", kind: "notWord" };
    let atom: PatternNode;
    const look = /^\(\?(<?)([=!])/.exec(
      this.source.slice(this.position, this.position + 4),
    );
    if (look !== null) {
      this.position += look[0].length;
      const body = this.disjunction();
      if (!this.eat(")")) throw new PatternNotLinear("unclosed lookaround");
      atom = {
        type: "look",
        behind: look[1] === "<",
        negative: look[2] === "!",
        body,
        start,
        end: this.position,
      };
      // Only Annex B (no `u`) lets a lookahead be quantified.
      if (atom.behind || this.unicode) return atom;
    } else {
      atom = this.atom();
    }
    return this.quantified(atom, start);
  }

  private quantified(atom: PatternNode, start: number): PatternNode {
    let min: number;
    let max: number;
    if (this.eat("*")) [min, max] = [0, Infinity];
    else if (this.eat("+")) [min, max] = [1, Infinity];
    else if (this.eat("?")) [min, max] = [0, 1];
    else {
      const braced = /^\{(\d+)(,(\d*))?\}/.exec(
        this.source.slice(this.position),
      );
      // Without `u`, a `{` that starts no quantifier is a literal (Annex B), read as the next atom.
      if (braced === null) return atom;
      this.position += braced[0].length;
      min = Number(braced[1]);
      max =
        braced[2] === undefined
          ? min
          : braced[3] === ""
            ? Infinity
            : Number(braced[3]);
    }
    const greedy = !this.eat("?");
    return {
      type: "repeat",
      body: atom,
      min,
      max,
      greedy,
      start,
      end: this.position,
    };
  }

  private atom(): PatternNode {
    const start = this.position;
    const char = this.peek();
    if (char === "(") {
      this.position++;
      let capture: number | undefined;
      let name: string | undefined;
      if (this.eat("?:")) {
        capture = undefined;
      } else if (this.eat("?<")) {
        const close = this.source.indexOf(">", this.position);
        name = this.source.slice(this.position, close);
        this.position = close + 1;
        capture = ++this.captures;
      } else if (this.peek() === "?") {
        throw new PatternNotLinear(`group modifier at ${this.position}`);
      } else {
        capture = ++this.captures;
      }
      const body = this.disjunction();
      if (!this.eat(")")) throw new PatternNotLinear("unclosed group");
      return { type: "group", body, capture, name };
    }
    if (char === ".") {
      this.position++;
      return { type: "set", source: ".", start, end: this.position };
    }
    if (char === "[") {
      this.position = classEnd(this.source, this.position);
      return {
        type: "set",
        source: this.source.slice(start, this.position),
        start,
        end: this.position,
      };
    }
    if (char === "\\") return this.escape();
    return { type: "char", char: this.literal(), start, end: this.position };
  }

  /** The next character of the pattern itself: a code point with `u`, a code unit without. */
  private literal(): number {
    const code = this.unicode
      ? this.source.codePointAt(this.position)!
      : this.source.charCodeAt(this.position);
    this.position += code > 0xffff ? 2 : 1;
    return code;
  }

  private escape(): PatternNode {
    const start = this.position;
    this.position++;
    const char = this.peek();
    const done = (code: number): PatternNode => ({
      type: "char",
      char: code,
      start,
      end: this.position,
    });
    if ("dDwWsS".includes(char) && char !== "") {
      this.position++;
      return { type: "set", source: `\\${char}`, start, end: this.position };
    }
    if (this.unicode && (char === "p" || char === "P")) {
      this.position = this.source.indexOf("}", this.position) + 1;
      return {
        type: "set",
        source: this.source.slice(start, this.position),
        start,
        end: this.position,
      };
    }
    if (/[1-9]/.test(char)) {
      const digits = /^\d+/.exec(this.source.slice(this.position))![0];
      // Without `u`, `\8` or `\12` beyond the number of groups is a literal or an octal escape (Annex B).
      if (!this.unicode && Number(digits) > this.totalCaptures)
        throw new PatternNotLinear(`legacy octal escape at ${start}`);
      this.position += digits.length;
      return {
        type: "backreference",
        group: Number(digits),
        start,
        end: this.position,
      };
    }
    if (char === "k" && (this.unicode || this.namedGroups)) {
      const close = this.source.indexOf(">", this.position);
      const name = this.source.slice(this.position + 2, close);
      this.position = close + 1;
      return { type: "backreference", group: name, start, end: this.position };
    }
    if (char === "0") {
      this.position++;
      if (/\d/.test(this.peek()))
        throw new PatternNotLinear(`legacy octal escape at ${start}`);
      return done(0);
    }
    const controls: Record<string, number> = {
      f: 12,
      n: 10,
      r: 13,
      t: 9,
      v: 11,
    };
    if (Object.prototype.hasOwnProperty.call(controls, char)) {
      this.position++;
      return done(controls[char]!);
    }
    if (char === "c") {
      const letter = this.peek(1);
      if (!/[A-Za-z]/.test(letter))
        throw new PatternNotLinear(`legacy \\c at ${start}`);
      this.position += 2;
      return done(letter.charCodeAt(0) % 32);
    }
    if (char === "x") {
      const hex = /^[0-9A-Fa-f]{2}/.exec(this.source.slice(this.position + 1));
      if (hex !== null) {
        this.position += 3;
        return done(parseInt(hex[0], 16));
      }
    }
    if (char === "u") {
      const code = this.unicodeEscape();
      if (code !== undefined) return done(code);
    }
    // An identity escape: the character itself (`\.`, and without `u` any non-letter, Annex B).
    return done(this.literal());
  }

  /** `\uXXXX`, a surrogate pair of them with `u`, or `\u{X...}` with `u`; undefined (Annex B: a literal `u`) otherwise. */
  private unicodeEscape(): number | undefined {
    const rest = this.source.slice(this.position + 1);
    const braced = this.unicode ? /^\{([0-9A-Fa-f]+)\}/.exec(rest) : null;
    if (braced !== null) {
      this.position += 1 + braced[0].length;
      return parseInt(braced[1]!, 16);
    }
    const four = /^[0-9A-Fa-f]{4}/.exec(rest);
    if (four === null) return undefined;
    this.position += 5;
    const code = parseInt(four[0], 16);
    const low =
      this.unicode && code >= 0xd800 && code <= 0xdbff
        ? /^\\u(d[c-f][0-9a-f]{2})/i.exec(this.source.slice(this.position))
        : null;
    if (low === null) return code;
    this.position += 6;
    return 0x10000 + ((code - 0xd800) << 10) + (parseInt(low[1]!, 16) - 0xdc00);
  }
}

/** The index after the `]` closing the class that starts at `start`. */
function classEnd(source: string, start: number): number {
  let position = start + 1;
  while (position < source.length && source[position] !== "]")
    position += source[position] === "\\" ? 2 : 1;
  return position + 1;
}

/** How many capturing groups a pattern has, and whether any is named (Annex B reads `\k` and `\12` by them). */
function countGroups(source: string): { captures: number; named: boolean } {
  let captures = 0;
  let named = false;
  for (let position = 0; position < source.length; position++) {
    const char = source[position];
    if (char === "\\") position++;
    else if (char === "[") position = classEnd(source, position) - 1;
    else if (char === "(") {
      if (source[position + 1] !== "?") captures++;
      else if (
        source[position + 2] === "<" &&
        source[position + 3] !== "=" &&
        source[position + 3] !== "!"
      ) {
        captures++;
        named = true;
      }
    }
  }
  return { captures, named };
}

// Instructions of the compiled NFA.
const CHAR = 0;
const SPLIT = 1;
const JUMP = 2;
const ASSERT = 3;
const MATCH = 4;
// Assertions; a lookaround is LOOK + its index.
const AT_START = 0;
const AT_END = 1;
const AT_WORD_BOUNDARY = 2;
const NOT_AT_WORD_BOUNDARY = 3;
const LOOK = 4;

/** Instructions a pattern may compile to (counted repetitions are written out): past this, it is refused. */
const MAX_INSTRUCTIONS = 20_000;

/** A Thompson NFA: parallel arrays of opcode and two operands, entered at 0. */
interface Program {
  op: number[];
  x: number[];
  y: number[];
}

interface Lookaround {
  program: Program;
  behind: boolean;
  negative: boolean;
}

/** One character's test: a literal (its code), or a class (`.`, `[a-z]`, `\\d`) that native RegExps test. */
type Atom = number | { source: string; one: RegExp; index: number };

class Compiler {
  readonly atoms: Atom[] = [];
  readonly lookarounds: Lookaround[] = [];
  private readonly atomIndex = new Map<PatternNode, number>();
  private size = 0;

  private readonly flags: string;

  constructor(flags: string) {
    this.flags = flags;
  }

  /** `node` as a program; `backwards` for a lookahead's body, run from the end of the text. */
  program(node: PatternNode, backwards: boolean): Program {
    const program: Program = { op: [], x: [], y: [] };
    this.emit(program, node, backwards);
    this.push(program, MATCH, 0, 0);
    return program;
  }

  private push(program: Program, op: number, x: number, y: number): number {
    if (++this.size > MAX_INSTRUCTIONS)
      throw new PatternNotLinear(
        `the pattern compiles to more than ${MAX_INSTRUCTIONS} instructions`,
      );
    program.op.push(op);
    program.x.push(x);
    program.y.push(y);
    return program.op.length - 1;
  }

  private emit(program: Program, node: PatternNode, backwards: boolean): void {
    switch (node.type) {
      case "empty":
        return;
      case "char":
      case "set":
        this.push(program, CHAR, this.atom(node), 0);
        return;
      case "sequence":
        for (const item of backwards ? [...node.items].reverse() : node.items)
          this.emit(program, item, backwards);
        return;
      case "group":
        this.emit(program, node.body, backwards);
        return;
      case "alternation": {
        const jumps: number[] = [];
        node.items.forEach((item, index) => {
          const split =
            index < node.items.length - 1
              ? this.push(program, SPLIT, 0, 0)
              : -1;
          if (split >= 0) program.x[split] = split + 1;
          this.emit(program, item, backwards);
          if (split >= 0) {
            jumps.push(this.push(program, JUMP, 0, 0));
            program.y[split] = program.op.length;
          }
        });
        for (const jump of jumps) program.x[jump] = program.op.length;
        return;
      }
      case "repeat": {
        for (let count = 0; count < node.min; count++)
          this.emit(program, node.body, backwards);
        if (node.max === Infinity) {
          const loop = this.push(program, SPLIT, 0, 0);
          program.x[loop] = loop + 1;
          this.emit(program, node.body, backwards);
          this.push(program, JUMP, loop, 0);
          program.y[loop] = program.op.length;
        } else {
          const splits: number[] = [];
          for (let count = node.min; count < node.max; count++) {
            const split = this.push(program, SPLIT, 0, 0);
            program.x[split] = split + 1;
            splits.push(split);
            this.emit(program, node.body, backwards);
          }
          for (const split of splits) program.y[split] = program.op.length;
        }
        return;
      }
      case "assertion":
        this.push(
          program,
          ASSERT,
          node.kind === "start"
            ? AT_START
            : node.kind === "end"
              ? AT_END
              : node.kind === "word"
                ? AT_WORD_BOUNDARY
                : NOT_AT_WORD_BOUNDARY,
          0,
        );
        return;
      case "look": {
        // Inner lookarounds get lower indexes: their answers are computed first.
        const body = this.program(node.body, !node.behind);
        this.lookarounds.push({
          program: body,
          behind: node.behind,
          negative: node.negative,
        });
        this.push(program, ASSERT, LOOK + this.lookarounds.length - 1, 0);
        return;
      }
      case "backreference":
        throw new PatternNotLinear(
          "a backreference cannot be matched in linear time",
        );
    }
  }

  private atom(node: Extract<PatternNode, { type: "char" | "set" }>): number {
    let index = this.atomIndex.get(node);
    if (index === undefined) {
      index = this.atoms.length;
      this.atoms.push(
        node.type === "char"
          ? node.char
          : {
              source: node.source,
              one: new RegExp(`^(?:${node.source})$`, this.flags),
              index,
            },
      );
      this.atomIndex.set(node, index);
    }
    return index;
  }
}

const isWordCode = (code: number) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  (code >= 48 && code <= 57) ||
  code === 95;

/**
 * Every code unit of the Basic Multilingual Plane once, low surrogates before
 * high ones, so that no two form a pair: one native global match over it
 * tells which BMP characters a class matches.
 */
let bmpText: string | undefined;
function everyBmpCharacter(): string {
  if (bmpText === undefined) {
    const units: number[] = [];
    for (let code = 0; code < 0xd800; code++) units.push(code);
    for (let code = 0xdc00; code < 0xe000; code++) units.push(code);
    for (let code = 0xd800; code < 0xdc00; code++) units.push(code);
    for (let code = 0xe000; code < 0x10000; code++) units.push(code);
    const parts: string[] = [];
    for (let start = 0; start < units.length; start += 4096)
      parts.push(String.fromCharCode(...units.slice(start, start + 4096)));
    bmpText = parts.join("");
  }
  return bmpText;
}

/**
 * A DFA state: the NFA threads waiting for the next character, and the context
 * the next closure needs. Its transitions are keyed by the next character's
 * class and the lookarounds' answers at the position.
 */
interface DfaState {
  /** Instructions reached by consuming the last character (sorted), before their epsilon moves. */
  threads: Int32Array;
  /** Still at the first position of the run (the start, or the end running backwards). */
  atOrigin: boolean;
  /** The last character consumed is a word character (kept only when `\b` or `\B` is used). */
  lastWord: boolean;
  next: Array<DfaState | undefined>;
  /** By the same key: whether a match ends before that character. */
  matched: boolean[];
  /** By lookaround answers: whether a match ends at the last position. */
  matchedAtFinish: boolean[];
}

/** Cached DFA states per program, and NFA threads they hold in all; past either the cache starts again (each new state still costs one closure). */
const MAX_DFA_STATES = 2_000;
const MAX_CACHED_THREADS = 250_000;
/** Lookarounds one program may consult with its DFA; beyond, it is simulated as an NFA (linear as well). */
const MAX_DFA_LOOKAROUNDS = 8;
/** Non-ASCII characters classified one native test per atom each; past this many, BMP classes come from a bulk pass. */
const MAX_OTHER_CLASSES = 512;

/** One program's run over a text, through a lazily built DFA. */
class Automaton {
  private states = new Map<string, DfaState>();
  private cachedThreads = 0;
  /** The lookarounds this program consults, in the bit order of transition keys. */
  readonly lookarounds: number[];
  readonly usesWords: boolean;

  readonly program: Program;
  readonly forwards: boolean;

  constructor(program: Program, forwards: boolean) {
    this.program = program;
    this.forwards = forwards;
    const kinds = new Set<number>();
    program.op.forEach((op, pc) => {
      if (op === ASSERT) kinds.add(program.x[pc]!);
    });
    this.lookarounds = [...kinds]
      .filter((kind) => kind >= LOOK)
      .map((kind) => kind - LOOK)
      .sort((a, b) => a - b);
    this.usesWords =
      kinds.has(AT_WORD_BOUNDARY) || kinds.has(NOT_AT_WORD_BOUNDARY);
  }

  state(
    threads: ArrayLike<number>,
    atOrigin: boolean,
    lastWord: boolean,
  ): DfaState {
    const sorted = Int32Array.from(threads).sort();
    const key = `${atOrigin ? 1 : 0}${lastWord ? 1 : 0}:${sorted.join(",")}`;
    let state = this.states.get(key);
    if (state === undefined) {
      if (
        this.states.size >= MAX_DFA_STATES ||
        this.cachedThreads > MAX_CACHED_THREADS
      ) {
        this.states = new Map();
        this.cachedThreads = 0;
      }
      this.cachedThreads += sorted.length;
      state = {
        threads: sorted,
        atOrigin,
        lastWord,
        next: [],
        matched: [],
        matchedAtFinish: [],
      };
      this.states.set(key, state);
    }
    return state;
  }
}

/**
 * A pattern compiled for linear-time matching: `test` gives what `new
 * RegExp(source, flags).test` gives (flags: `"u"` or `""`), in time linear in
 * the length of the text. Throws `PatternNotLinear` for a backreference.
 */
export class LinearRegExp {
  readonly source: string;
  readonly flags: string;
  private readonly unicode: boolean;
  private readonly atoms: Atom[];
  private readonly main: Automaton;
  private readonly lookarounds: Array<{
    automaton: Automaton;
    negative: boolean;
  }>;
  private readonly marks: Uint32Array;
  private generation = 0;
  private readonly usesWords: boolean;
  /** Character classes: which atoms a character matches (and whether it is a word character, when that matters). */
  private readonly classIds = new Map<string, number>();
  private readonly asciiClasses = new Int32Array(128).fill(-1);
  private bmpClasses: Int32Array | undefined;
  private bmpMembers: Array<Uint32Array | undefined> | undefined;
  /** Classes of other characters, until there are many (then BMP ones go to `bmpClasses`). */
  private otherClasses = new Map<number, number>();

  constructor(source: string, flags = "u") {
    if (flags !== "u" && flags !== "")
      throw new PatternNotLinear(`unsupported flags ${JSON.stringify(flags)}`);
    // The native engine decides what is valid: the matcher reads only valid patterns.
    new RegExp(source, flags);
    this.source = source;
    this.flags = flags;
    this.unicode = flags === "u";
    const compiler = new Compiler(flags);
    const main = compiler.program(parsePattern(source, this.unicode), false);
    this.atoms = compiler.atoms;
    this.main = new Automaton(main, true);
    this.lookarounds = compiler.lookarounds.map((look) => ({
      automaton: new Automaton(look.program, look.behind),
      negative: look.negative,
    }));
    const automata = [
      this.main,
      ...this.lookarounds.map((look) => look.automaton),
    ];
    this.usesWords = automata.some((automaton) => automaton.usesWords);
    this.marks = new Uint32Array(
      Math.max(...automata.map((automaton) => automaton.program.op.length)),
    );
  }

  /** A key ajv can tell patterns apart by (a RegExp's is its `/source/flags` form, which this never is). */
  toString(): string {
    return `linear:${this.flags}:${this.source}`;
  }

  test(text: string): boolean {
    const answers: Uint8Array[] = [];
    for (const look of this.lookarounds) {
      // A lookahead holds at i when its body matches from i: its reversed body, run from the end, matches back to i.
      const found = this.run(
        look.automaton,
        text,
        answers,
        false,
      ) as Uint8Array;
      if (look.negative)
        for (let position = 0; position < found.length; position++)
          found[position] = 1 - found[position]!;
      answers.push(found);
    }
    return this.run(this.main, text, answers, true) === true;
  }

  /**
   * Runs a program over the text, a match allowed to begin at every position: forwards, or
   * backwards for a lookahead's reversed body. With `firstOnly`, whether anything matches;
   * otherwise the positions where matches end (begin, backwards).
   */
  private run(
    automaton: Automaton,
    text: string,
    answers: readonly Uint8Array[],
    firstOnly: boolean,
  ): boolean | Uint8Array {
    const length = text.length;
    const forwards = automaton.forwards;
    const found = firstOnly ? undefined : new Uint8Array(length + 1);
    const looks = automaton.lookarounds;
    const cached = looks.length <= MAX_DFA_LOOKAROUNDS;
    const stride = 1 << looks.length;
    let state = automaton.state([], true, false);
    let threads: ArrayLike<number> = [];
    for (let position = forwards ? 0 : length; ;) {
      let bits = 0;
      for (let index = 0; index < looks.length; index++)
        bits |= answers[looks[index]!]![position]! << index;
      let matched: boolean;
      if (forwards ? position >= length : position <= 0) {
        matched = cached
          ? (state.matchedAtFinish[bits] ??= this.closure(
              automaton,
              state.threads,
              state.atOrigin,
              true,
              state.lastWord,
              false,
              answers,
              position,
              undefined,
            ))
          : this.closure(
              automaton,
              threads,
              position === (forwards ? 0 : length),
              true,
              false,
              false,
              answers,
              position,
              undefined,
              text,
            );
        if (matched) {
          if (found === undefined) return true;
          found[position] = 1;
        }
        break;
      }
      let code = forwards
        ? text.charCodeAt(position)
        : text.charCodeAt(position - 1);
      let width = 1;
      if (
        this.unicode &&
        (forwards
          ? code >= 0xd800 && code <= 0xdbff
          : code >= 0xdc00 && code <= 0xdfff)
      )
        [code, width] = forwards
          ? this.codeAt(text, position)
          : this.codeBefore(text, position);
      if (cached) {
        const key = this.classOf(code) * stride + bits;
        let next = state.next[key];
        if (next === undefined) {
          const waiting: number[] = [];
          state.matched[key] = this.closure(
            automaton,
            state.threads,
            state.atOrigin,
            false,
            state.lastWord,
            isWordCode(code),
            answers,
            position,
            waiting,
          );
          next = automaton.state(
            this.advance(automaton.program, waiting, code),
            false,
            automaton.usesWords && isWordCode(code),
          );
          // After a cache reset `state` is no longer cached; filling it in is harmless.
          state.next[key] = next;
        }
        matched = state.matched[key]!;
        state = next;
      } else {
        const waiting: number[] = [];
        matched = this.closure(
          automaton,
          threads,
          position === (forwards ? 0 : length),
          false,
          false,
          false,
          answers,
          position,
          waiting,
          text,
        );
        threads = this.advance(automaton.program, waiting, code);
      }
      if (matched) {
        if (found === undefined) return true;
        found[position] = 1;
      }
      position += forwards ? width : -width;
    }
    return found ?? false;
  }

  private advance(
    program: Program,
    waiting: readonly number[],
    code: number,
  ): number[] {
    const threads: number[] = [];
    for (const pc of waiting)
      if (this.atomMatches(this.atoms[program.x[pc]!]!, code))
        threads.push(pc + 1);
    return threads;
  }

  /**
   * Follows the epsilon moves from `threads` and from the program's start (a match may begin
   * anywhere) at `position`; collects the CHAR instructions reached in `waiting` and says whether
   * MATCH was reached. The context of the position comes from the DFA state (`atOrigin`,
   * `atFinish`, the word flags) or, with `text`, from the text itself.
   */
  private closure(
    automaton: Automaton,
    threads: ArrayLike<number>,
    atOrigin: boolean,
    atFinish: boolean,
    lastWord: boolean,
    nextWord: boolean,
    answers: readonly Uint8Array[],
    position: number,
    waiting: number[] | undefined,
    text?: string,
  ): boolean {
    const { program, forwards } = automaton;
    if (text !== undefined && automaton.usesWords) {
      // Simulated without a DFA: the characters around the position are read from the text.
      const before = position > 0 && isWordCode(text.charCodeAt(position - 1));
      const after =
        position < text.length && isWordCode(text.charCodeAt(position));
      [lastWord, nextWord] = forwards ? [before, after] : [after, before];
    }
    const marks = this.marks;
    if (++this.generation === 0xffffffff) {
      marks.fill(0);
      this.generation = 1;
    }
    const generation = this.generation;
    const stack: number[] = [0];
    for (let index = threads.length - 1; index >= 0; index--)
      stack.push(threads[index]!);
    let matched = false;
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (marks[pc] === generation) continue;
      marks[pc] = generation;
      switch (program.op[pc]) {
        case CHAR:
          waiting?.push(pc);
          break;
        case SPLIT:
          stack.push(program.y[pc]!, program.x[pc]!);
          break;
        case JUMP:
          stack.push(program.x[pc]!);
          break;
        case ASSERT: {
          const kind = program.x[pc]!;
          const holds =
            kind === AT_START
              ? forwards
                ? atOrigin
                : atFinish
              : kind === AT_END
                ? forwards
                  ? atFinish
                  : atOrigin
                : kind === AT_WORD_BOUNDARY
                  ? lastWord !== nextWord
                  : kind === NOT_AT_WORD_BOUNDARY
                    ? lastWord === nextWord
                    : answers[kind - LOOK]![position] === 1;
          if (holds) stack.push(pc + 1);
          break;
        }
        case MATCH:
          matched = true;
          break;
      }
    }
    return matched;
  }

  private codeAt(text: string, position: number): [number, number] {
    const unit = text.charCodeAt(position);
    if (position + 1 < text.length) {
      const low = text.charCodeAt(position + 1);
      if (low >= 0xdc00 && low <= 0xdfff)
        return [0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00), 2];
    }
    return [unit, 1];
  }

  private codeBefore(text: string, position: number): [number, number] {
    const unit = text.charCodeAt(position - 1);
    if (position >= 2) {
      const high = text.charCodeAt(position - 2);
      if (high >= 0xd800 && high <= 0xdbff)
        return [0x10000 + ((high - 0xd800) << 10) + (unit - 0xdc00), 2];
    }
    return [unit, 1];
  }

  private atomMatches(atom: Atom, code: number): boolean {
    if (typeof atom === "number") return atom === code;
    if (code < 0x10000 && code >= 128 && this.bmpMembers !== undefined) {
      const members = this.bmpMembers[atom.index];
      if (members !== undefined)
        return (members[code >>> 5]! & (1 << (code & 31))) !== 0;
    }
    return atom.one.test(
      this.unicode ? String.fromCodePoint(code) : String.fromCharCode(code),
    );
  }

  /** The class of a character, numbered: characters of a class are alike to every atom (and to `\b`). */
  private classOf(code: number): number {
    if (code < 128) {
      const known = this.asciiClasses[code]!;
      return known >= 0
        ? known
        : (this.asciiClasses[code] = this.classify(code));
    }
    if (code < 0x10000 && this.bmpClasses !== undefined) {
      const known = this.bmpClasses[code]!;
      return known >= 0 ? known : (this.bmpClasses[code] = this.classify(code));
    }
    const known = this.otherClasses.get(code);
    if (known !== undefined) return known;
    if (this.otherClasses.size >= MAX_OTHER_CLASSES) {
      // Many distinct characters: from now on, one native pass over the BMP per class atom, then bit tests.
      this.otherClasses = new Map();
      if (this.bmpClasses === undefined) {
        this.bmpMembers = this.atoms.map((atom) =>
          typeof atom === "number" ? undefined : this.bmpMembersOf(atom.source),
        );
        this.bmpClasses = new Int32Array(0x10000).fill(-1);
      }
      if (code < 0x10000) return (this.bmpClasses[code] = this.classify(code));
    }
    const id = this.classify(code);
    this.otherClasses.set(code, id);
    return id;
  }

  private classify(code: number): number {
    let key = this.usesWords && isWordCode(code) ? "w" : "";
    for (let index = 0; index < this.atoms.length; index++)
      if (this.atomMatches(this.atoms[index]!, code)) key += `,${index}`;
    let id = this.classIds.get(key);
    if (id === undefined) {
      id = this.classIds.size;
      this.classIds.set(key, id);
    }
    return id;
  }

  private bmpMembersOf(source: string): Uint32Array {
    const members = new Uint32Array(0x10000 / 32);
    for (const match of everyBmpCharacter().matchAll(
      new RegExp(source, `${this.flags}g`),
    )) {
      const code = match[0].charCodeAt(0);
      members[code >>> 5]! |= 1 << (code & 31);
    }
    return members;
  }
}
