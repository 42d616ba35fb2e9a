/**
 * The state of printing one statement: the width lines must fit in, and
 * whether everything printed so far is laid out exactly as Prettier (the
 * version mcpgen pins, default options) prints it.
 */

/** Prettier's default `printWidth`. */
export const PRINT_WIDTH = 80;

export class Layout {
  /** False once anything printed is not vouched for: the statement then goes to Prettier. */
  vouched = true;

  /** `Infinity` prints the source Prettier is given: nothing breaks but what must (`multiLine` objects). */
  constructor(readonly width: number) {}

  /** Whether `line` fits the width. Where Prettier may measure it otherwise, the answer is not vouched for. */
  fits(line: string): boolean {
    // No character takes more than two columns.
    if (line.length * 2 <= this.width) return true;
    const { min, max } = columns(line);
    if (max <= this.width) return true;
    if (min > this.width) return false;
    this.vouched = false;
    return false;
  }

  /** Marks what is being printed as a shape Prettier may lay out otherwise. */
  unsure(): void {
    this.vouched = false;
  }
}

/**
 * The columns Prettier gives a line (its `getStringWidth`), as bounds: exact
 * for printable ASCII, Latin letters (one column) and the common CJK blocks
 * (two); anything else (combining marks, emoji, controls) may take 0 to 2.
 */
export function columns(line: string): { min: number; max: number } {
  if (/^[\x20-\x7e]*$/.test(line)) return { min: line.length, max: line.length };
  let min = 0;
  let max = 0;
  for (const char of line) {
    const code = char.codePointAt(0)!;
    const width = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0x2ff) ? 1 : isWide(code) ? 2 : undefined;
    min += width ?? 0;
    max += width ?? 2;
  }
  return { min, max };
}

/** CJK ideographs, kana and Hangul syllables: East Asian Wide. */
function isWide(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3041 && code <= 0x3096) || (code >= 0x30a1 && code <= 0x30fa) || (code >= 0xac00 && code <= 0xd7a3);
}
