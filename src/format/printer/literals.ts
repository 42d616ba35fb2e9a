/** Literals and keys as Prettier spells them (default options: double quotes, `quoteProps: "as-needed"`). */

/** Prettier's quotes for a double-quoted string literal: single quotes when the text holds more double quotes than single ones. */
export function prettierString(literal: string): string {
  const content = literal.slice(1, -1);
  let doubles = 0;
  let singles = 0;
  for (const char of content) {
    if (char === '"') doubles++;
    else if (char === "'") singles++;
  }
  if (doubles <= singles) return literal;
  // Prettier's makeString: an escaped double quote needs no escape any more, a bare single quote needs one.
  return `'${content.replace(/\\(["'\\])|(["'])/g, (match, escaped: string | undefined, bare: string | undefined) => (escaped !== undefined ? (escaped === '"' ? '"' : match) : bare === "'" ? "\\'" : bare!))}'`;
}

/** Prettier's spelling of a number literal (`1e+21` → `1e21`, `1.50` → `1.5`). */
export function prettierNumber(text: string): string {
  if (text.length === 1) return text;
  return text
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(?=\d)/, "$1$2")
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, "$1")
    .replace(/^([+-])?\./, "$10.")
    .replace(/(\.\d+?)0+(?=e|$)/, "$1")
    .replace(/\.(?=e|$)/, "");
}

/** A literal (type or expression) as Prettier prints it: strings requoted, numbers respelled, the rest as is. */
export function prettierLiteral(text: string): string {
  if (text.startsWith('"')) return prettierString(text);
  if (/^-?[\d.]/.test(text)) return text.startsWith("-") ? `-${prettierNumber(text.slice(1))}` : prettierNumber(text);
  return text;
}

/**
 * A property key as Prettier prints it: mcpgen quotes only what is not an
 * ASCII identifier, which Prettier leaves quoted, except a quoted name
 * Prettier may unquote (an identifier beyond ASCII): `undefined`, not
 * vouched for. Computed keys (`["__proto__"]`) stay as they are.
 */
export function prettierKey(key: string): string | undefined {
  if (!key.startsWith('"')) return key;
  if (/[\u0080-\uffff]/.test(key)) return undefined;
  return prettierString(key);
}
