/**
 * Where a JSON text stops being JSON, for error messages a person can act on:
 * the line and column, and that line with a caret under the spot. V8 says
 * `at position 1234` for some mistakes and nothing at all for others
 * (`Unexpected token '}', "..." is not valid JSON`), so the position comes
 * from a scan of the text against the grammar of RFC 8259.
 */
import { joinPointer } from "./errors.js";

/** Characters of the offending line shown on each side of the column. */
const BEFORE = 60;
const AFTER = 40;

/**
 * `not valid JSON at line 3, column 21: Expected double-quoted property name`,
 * then the line and a caret. `text` is what was parsed, `error` what
 * `JSON.parse` threw, and `shown` the text to quote, when `text` was derived
 * from it character for character (comments blanked out), or `false` to quote
 * nothing: an MCP client's configuration holds tokens and passwords.
 */
export function describeJsonSyntaxError(text: string, error: unknown, shown: string | false = text): string {
  const reason = v8Reason(error);
  const offset = syntaxErrorOffset(text) ?? v8Position(error);
  if (offset === undefined) return `not valid JSON: ${reason}`;
  const { line, column, text: lineText } = locate(shown === false ? text : shown, offset);
  return `not valid JSON at line ${line}, column ${column}: ${reason}${shown === false ? "" : `\n${excerpt(line, column, lineText)}`}`;
}

/** V8's message without the parts said better here (the position, a quote of the input). */
function v8Reason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message
    // V8 quotes the text around the mistake, cut with `...` on either side in a long text.
    .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, "")
    .replace(/ in JSON at position \d+.*$/s, "")
    .replace(/ at position \d+.*$/s, "");
  return reason === "" ? "not JSON" : reason;
}

function v8Position(error: unknown): number | undefined {
  const match = /at position (\d+)/.exec(error instanceof Error ? error.message : "");
  return match === null ? undefined : Number(match[1]);
}

/** 1-based line and column of `offset`, and that line's text. */
function locate(text: string, offset: number): { line: number; column: number; text: string } {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf("\n"); index !== -1 && index < offset; index = text.indexOf("\n", index + 1)) {
    line++;
    start = index + 1;
  }
  const end = text.indexOf("\n", start);
  return { line, column: offset - start + 1, text: text.slice(start, end === -1 ? text.length : end).replace(/\r$/, "") };
}

/**
 * `   3 |     { "name": "x", }` and a caret line under it. A long line (a
 * minified capture) is cut around the column. Control characters become `?`
 * so that the caret stays under its character.
 */
function excerpt(line: number, column: number, lineText: string): string {
  const from = Math.max(0, column - 1 - BEFORE);
  const to = Math.min(lineText.length, column - 1 + AFTER);
  const visible = lineText.slice(from, to).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "?");
  const shown = `${from > 0 ? "…" : ""}${visible}${to < lineText.length ? "…" : ""}`;
  const gutter = String(line);
  const caret = " ".repeat(column - 1 - from + (from > 0 ? 1 : 0));
  return `  ${gutter} | ${shown}\n  ${" ".repeat(gutter.length)} | ${caret}^`;
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);

/**
 * The offset of the first character that cannot continue a JSON text (the
 * text's length when it ends too soon), or undefined when `text` is JSON.
 * Iterative, so that no nesting depth overflows the stack.
 */
export function syntaxErrorOffset(text: string): number | undefined {
  const length = text.length;
  const open: Array<"{" | "["> = [];
  type Expect = "value" | "value-or-close" | "key" | "key-or-close" | "after";
  let expect: Expect = "value";
  let index = 0;
  for (;;) {
    while (index < length && WHITESPACE.has(text[index]!)) index++;
    if (index >= length) return expect === "after" && open.length === 0 ? undefined : length;
    const char = text[index]!;
    switch (expect) {
      case "value-or-close":
      case "value": {
        if (expect === "value-or-close" && char === "]") {
          open.pop();
          index++;
          expect = "after";
        } else if (char === "{" || char === "[") {
          open.push(char);
          index++;
          expect = char === "{" ? "key-or-close" : "value-or-close";
        } else {
          const end = char === '"' ? stringEnd(text, index) : scalarEnd(text, index);
          if (end < 0) return faultOffset(end);
          index = end;
          expect = "after";
        }
        break;
      }
      case "key-or-close":
      case "key": {
        if (expect === "key-or-close" && char === "}") {
          open.pop();
          index++;
          expect = "after";
          break;
        }
        if (char !== '"') return index;
        const end = stringEnd(text, index);
        if (end < 0) return faultOffset(end);
        index = end;
        while (index < length && WHITESPACE.has(text[index]!)) index++;
        if (text[index] !== ":") return index;
        index++;
        expect = "value";
        break;
      }
      case "after": {
        const top = open[open.length - 1];
        if (top === undefined) return index;
        if (char === ",") {
          index++;
          expect = top === "{" ? "key" : "value";
        } else if ((char === "}" && top === "{") || (char === "]" && top === "[")) {
          open.pop();
          index++;
        } else {
          return index;
        }
        break;
      }
    }
  }
}

/** Scanners return the offset after what they read, or a fault: a negative number that encodes where the text went wrong. */
const fault = (offset: number) => -offset - 1;
const faultOffset = (scanned: number) => -scanned - 1;

const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX = /^[0-9a-fA-F]{4}$/;

/** The offset after the string starting at `start`, or a fault. */
function stringEnd(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') return index + 1;
    if (char < " ") return fault(index);
    if (char === "\\") {
      const escaped = text[index + 1];
      if (escaped === "u") {
        if (!HEX.test(text.slice(index + 2, index + 6))) return fault(index + 1);
        index += 5;
      } else if (escaped !== undefined && ESCAPES.has(escaped)) {
        index++;
      } else {
        return fault(index + 1);
      }
    }
  }
  return fault(text.length);
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERALS = ["true", "false", "null"];

/** The offset after the number or literal at `start`, or a fault. */
function scalarEnd(text: string, start: number): number {
  const char = text[start]!;
  const literal = LITERALS.find((word) => word[0] === char);
  if (literal !== undefined) {
    for (let index = 0; index < literal.length; index++) {
      if (text[start + index] !== literal[index]) return fault(start + index);
    }
    return start + literal.length;
  }
  if (char !== "-" && (char < "0" || char > "9")) return fault(start);
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  if (match === null) return fault(start + 1);
  const end = start + match[0].length;
  // `1.` or `1e`: the match stopped before a part it could not complete.
  const next = text[end];
  if (next === "." || next === "e" || next === "E") return fault(end + 1);
  // `01`: a number may not continue with a digit after a leading zero.
  if (next !== undefined && next >= "0" && next <= "9") return fault(end);
  return end;
}

/** A key given again in the same object: `JSON.parse` keeps the last and drops the first without a word. */
export interface DuplicateKey {
  /** The key as parsed (escapes decoded: `"a"` and `"\u0061"` are one key). */
  key: string;
  /** RFC 6901 pointer of the second occurrence. */
  pointer: string;
  /** 1-based lines of the first and the second occurrence. */
  firstLine: number;
  line: number;
}

/**
 * How a key given twice is reported, in any file a person writes (`mcpgen.config.json`, a mock's fixture file, a
 * manifest): both lines, what becomes of them (`consequence`: where the file is refused, that JSON would drop one), and
 * what to do.
 */
export function duplicateKeyProblem(
  { key, firstLine, line }: DuplicateKey,
  consequence = "JSON would keep the last and drop the first without a word",
): { message: string; hint: string } {
  const lines = firstLine === line ? `both on line ${line}` : `line ${firstLine}, then line ${line}`;
  return {
    message: `key ${JSON.stringify(key)} is given twice in one object (${lines}): ${consequence}`,
    hint: "keep the one you mean and delete the other (a merge that kept both sides?)",
  };
}

/**
 * An object or array being read by `duplicateKeys`: where it sits in its parent (`token`; none for the document), and
 * for an object the offsets of the keys it has given (made on its second key: most objects of a schema have one or
 * two), the current key, and whether a key comes next.
 */
interface Frame {
  object: boolean;
  token: string | number | undefined;
  firstKey: string | undefined;
  firstOffset: number;
  keys: Map<string, number> | undefined;
  key: string;
  index: number;
  expectKey: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The offset after the string starting at `start` in text `JSON.parse` accepted (so it is well formed), or -1. */
function knownStringEnd(text: string, start: number): number {
  for (let from = start + 1; ;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * Every key given twice in one object of `text`, which must be JSON (`JSON.parse` accepted it; comments
 * blanked out keep the lines). Iterative, as `syntaxErrorOffset` is, so that no nesting depth overflows. It runs on
 * every manifest read from a file, so it builds nothing on the way (a pointer only for a key found twice) and skips
 * strings with `indexOf`: a few milliseconds a megabyte, beside `JSON.parse`.
 */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  const open = (object: boolean) => {
    const top = stack[stack.length - 1];
    const token = top === undefined ? undefined : top.object ? top.key : top.index;
    stack.push({ object, token, firstKey: undefined, firstOffset: 0, keys: undefined, key: "", index: 0, expectKey: object });
  };
  const pointerOf = (key: string) => {
    let pointer = "";
    for (let depth = 1; depth < stack.length; depth++) pointer = joinPointer(pointer, stack[depth]!.token!);
    return joinPointer(pointer, key);
  };
  for (let index = 0; index < text.length;) {
    const code = text.charCodeAt(index);
    if (code === 0x7b /* { */) {
      open(true);
      index++;
    } else if (code === 0x5b /* [ */) {
      open(false);
      index++;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      stack.pop();
      index++;
    } else if (code === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top !== undefined) {
        if (top.object) top.expectKey = true;
        else top.index++;
      }
      index++;
    } else if (code === QUOTE) {
      const end = knownStringEnd(text, index);
      if (end < 0) return found;
      const top = stack[stack.length - 1];
      if (top !== undefined && top.object && top.expectKey) {
        const raw = text.slice(index + 1, end - 1);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(index, end)) as string) : raw;
        if (top.firstKey === undefined) {
          top.firstKey = key;
          top.firstOffset = index;
        } else {
          top.keys ??= new Map([[top.firstKey, top.firstOffset]]);
          const first = top.keys.get(key);
          if (first === undefined) top.keys.set(key, index);
          else found.push({ key, pointer: pointerOf(key), firstLine: locate(text, first).line, line: locate(text, index).line });
        }
        top.key = key;
        top.expectKey = false;
      }
      index = end;
    } else {
      // Whitespace, `:`, or a number or literal: nothing that holds a key.
      index++;
    }
  }
  return found;
}

/**
 * `found` (from `duplicateKeys`) but for the keys given twice inside a value a later key drops (`"tools"` twice: a
 * duplicate inside the first list): moot where the document is read as it is (a manifest), and their pointers name
 * places in the value kept. (A file refused until each is resolved, such as `mcpgen.config.json`, lists them all:
 * the value kept may be the one the user keeps.) `found` is in the order of the second occurrences, so one found
 * later is after it in the text.
 */
export function outsideDroppedValues(found: readonly DuplicateKey[]): DuplicateKey[] {
  return found.filter((duplicate, at) => !found.some((outer, outerAt) => outerAt > at && duplicate.pointer.startsWith(`${outer.pointer}/`)));
}
