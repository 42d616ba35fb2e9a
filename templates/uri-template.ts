/**
 * URI Templates (RFC 6570), levels 1 to 4: parsing and expansion, exactly as
 * the RFC says, percent-encoding and the prefix (`:n`) and explode (`*`)
 * modifiers included. Copied into a generated client as `uri-template.ts`
 * when the server lists resource templates (MCP "Resource Templates"); mcpgen
 * parses every template with it while normalising. It imports nothing and
 * evaluates no code.
 */

/** An expression's operator (RFC 6570 §2.2): `""` for simple string expansion. */
export type UriTemplateOperator = "" | "+" | "#" | "." | "/" | ";" | "?" | "&";

/** One variable of an expression, with its modifier (RFC 6570 §2.3, §2.4). */
export interface UriTemplateVariable {
  /** The name as written (it may hold `.` and percent-encoded triplets). */
  name: string;
  /** `*`: a list or an associative array expands to one item per member. */
  explode: boolean;
  /** `:n`: at most this many characters (code points) of a string value. */
  prefix?: number;
}

/** `{op var,var}` (RFC 6570 §2.2). */
export interface UriTemplateExpression {
  operator: UriTemplateOperator;
  variables: UriTemplateVariable[];
}

/** A template as parsed: literal text (already as it expands) and expressions, in order. */
export type UriTemplatePart = { literal: string } | UriTemplateExpression;

/** A value a variable may have (RFC 6570 §2.3): a string (numbers and booleans as their text), a list or an associative array; absent is undefined. */
export type UriTemplateValue =
  | string
  | number
  | boolean
  | ReadonlyArray<string | number | boolean>
  | { readonly [key: string]: string | number | boolean }
  | null
  | undefined;

/** A template that does not parse, or a value an expression cannot take (a prefix on a list). */
export class UriTemplateError extends Error {
  override readonly name = "UriTemplateError";
  /** Where in the template the problem is (a UTF-16 index); -1 for a value an expression cannot take. */
  readonly index: number;
  constructor(message: string, index: number) {
    super(message);
    this.index = index;
  }
}

interface OperatorRules {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  /** U+R: reserved characters and percent-encoded triplets are kept (RFC 6570 §1.5). */
  reserved: boolean;
}

/** RFC 6570 Appendix A. */
const OPERATORS: { readonly [operator: string]: OperatorRules } = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", reserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", reserved: true },
  "#": {
    first: "#",
    separator: ",",
    named: false,
    ifEmpty: "",
    reserved: true,
  },
  ".": {
    first: ".",
    separator: ".",
    named: false,
    ifEmpty: "",
    reserved: false,
  },
  "/": {
    first: "/",
    separator: "/",
    named: false,
    ifEmpty: "",
    reserved: false,
  },
  ";": {
    first: ";",
    separator: ";",
    named: true,
    ifEmpty: "",
    reserved: false,
  },
  "?": {
    first: "?",
    separator: "&",
    named: true,
    ifEmpty: "=",
    reserved: false,
  },
  "&": {
    first: "&",
    separator: "&",
    named: true,
    ifEmpty: "=",
    reserved: false,
  },
};

/** Operators RFC 6570 reserves for future extensions (§2.2): an error here. */
const RESERVED_OPERATORS = "=,!@|";

const HEX = "0123456789ABCDEF";

function isHexDigit(char: string): boolean {
  return /^[0-9A-Fa-f]$/.test(char);
}

function isHexCode(code: number | undefined): boolean {
  return (
    code !== undefined &&
    ((code >= 0x30 && code <= 0x39) ||
      (code >= 0x41 && code <= 0x46) ||
      (code >= 0x61 && code <= 0x66))
  );
}

/** unreserved (RFC 3986 §2.3) */
function isUnreserved(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code === 0x7e
  );
}

/** reserved: gen-delims and sub-delims (RFC 3986 §2.2) */
function isReserved(code: number): boolean {
  return (
    code < 0x80 &&
    ":/?#[]@!$&'()*+,;=".indexOf(String.fromCharCode(code)) !== -1
  );
}

/** ucschar and iprivate (RFC 3987), which a literal may hold. */
function isUcsOrPrivate(code: number): boolean {
  return (
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfdcf) ||
    (code >= 0xfdf0 && code <= 0xffef) ||
    (code >= 0x10000 && code <= 0x10fffd && (code & 0xfffe) !== 0xfffe)
  );
}

/**
 * The ASCII characters a literal may hold as they are (RFC 6570 §2.1), `%`
 * aside. The apostrophe too, a sub-delimiter of RFC 3986 that the RFC's
 * grammar leaves out and its official test suite expects in a literal
 * (`'{var}'`).
 */
function isLiteralAscii(code: number): boolean {
  return (
    code === 0x21 ||
    code === 0x23 ||
    code === 0x24 ||
    (code >= 0x26 && code <= 0x3b) ||
    code === 0x3d ||
    (code >= 0x3f && code <= 0x5b) ||
    code === 0x5d ||
    code === 0x5f ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x7e
  );
}

/** The UTF-8 octets of a code point as percent-encoded triplets (a lone surrogate as U+FFFD, as a URL parser writes it). */
function percentEncode(code: number): string {
  const point = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
  const octets: number[] =
    point < 0x80
      ? [point]
      : point < 0x800
        ? [0xc0 | (point >> 6), 0x80 | (point & 0x3f)]
        : point < 0x10000
          ? [
              0xe0 | (point >> 12),
              0x80 | ((point >> 6) & 0x3f),
              0x80 | (point & 0x3f),
            ]
          : [
              0xf0 | (point >> 18),
              0x80 | ((point >> 12) & 0x3f),
              0x80 | ((point >> 6) & 0x3f),
              0x80 | (point & 0x3f),
            ];
  let text = "";
  for (const octet of octets)
    text += "%" + HEX.charAt(octet >> 4) + HEX.charAt(octet & 15);
  return text;
}

/** The code points of a text, a lone surrogate as itself. */
function codePoints(text: string): number[] {
  const points: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      points.push((code - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000);
      index++;
    } else points.push(code);
  }
  return points;
}

/** How many percent-encoded triplets the UTF-8 sequence a lead octet starts spans (1 for any other octet). */
function sequenceLength(octet: number): number {
  return octet >= 0xc2 && octet <= 0xdf
    ? 2
    : octet >= 0xe0 && octet <= 0xef
      ? 3
      : octet >= 0xf0 && octet <= 0xf4
        ? 4
        : 1;
}

/**
 * A value's characters as the prefix modifier counts them (RFC 6570 §2.4.1:
 * characters, not octets, "to avoid splitting between the octets of a
 * multi-octet-encoded character or within a pct-encoded triplet"): code
 * points; with `reserved` (`+`, `#`, which copy a value's triplets as they
 * are), a percent-encoded triplet is one character, and so are the triplets
 * of one UTF-8 character (`%C3%A9`) together.
 */
export function valueCharacters(text: string, reserved: boolean): string[] {
  const characters: string[] = [];
  const triplet = /^%[0-9A-Fa-f]{2}/;
  let index = 0;
  while (index < text.length) {
    if (reserved && triplet.test(text.slice(index, index + 3))) {
      const octet = parseInt(text.slice(index + 1, index + 3), 16);
      let end = index + 3;
      const length = sequenceLength(octet);
      let count = 1;
      while (
        count < length &&
        /^%[89ABab][0-9A-Fa-f]$/.test(text.slice(end, end + 3))
      ) {
        end += 3;
        count++;
      }
      if (count < length) end = index + 3;
      characters.push(text.slice(index, end));
      index = end;
      continue;
    }
    const code = text.codePointAt(index)!;
    const width = code > 0xffff ? 2 : 1;
    characters.push(text.slice(index, index + width));
    index += width;
  }
  return characters;
}

/**
 * A value's text as an expression writes it (RFC 6570 §3.2.1): unreserved
 * characters kept; with `reserved` (U+R: `+` and `#`), reserved characters
 * and percent-encoded triplets too; every other character percent-encoded
 * as UTF-8.
 */
function encodeValue(text: string, reserved: boolean): string {
  let result = "";
  const points = codePoints(text);
  for (let index = 0; index < points.length; index++) {
    const code = points[index]!;
    if (isUnreserved(code) || (reserved && isReserved(code)))
      result += String.fromCharCode(code);
    else if (
      reserved &&
      code === 0x25 &&
      isHexCode(points[index + 1]) &&
      isHexCode(points[index + 2])
    ) {
      result +=
        "%" + String.fromCharCode(points[index + 1]!, points[index + 2]!);
      index += 2;
    } else result += percentEncode(code);
  }
  return result;
}

/**
 * Parses a template (RFC 6570 §2). Literals are returned as they expand
 * (§3.1: a character allowed in a URI is copied, any other percent-encoded
 * as UTF-8); a character no literal may hold, an operator RFC 6570 reserves,
 * a malformed variable name or modifier, or an unclosed brace is a
 * `UriTemplateError` naming where.
 */
export function parseUriTemplate(template: string): UriTemplatePart[] {
  const parts: UriTemplatePart[] = [];
  let literal = "";
  let index = 0;
  while (index < template.length) {
    const char = template.charAt(index);
    if (char === "{") {
      const end = template.indexOf("}", index + 1);
      if (end === -1)
        throw new UriTemplateError(
          `the expression at ${index} is not closed with "}"`,
          index,
        );
      if (literal !== "") parts.push({ literal });
      literal = "";
      parts.push(parseExpression(template.slice(index + 1, end), index));
      index = end + 1;
      continue;
    }
    if (char === "}")
      throw new UriTemplateError(`"}" at ${index} closes no expression`, index);
    if (char === "%") {
      if (
        !isHexDigit(template.charAt(index + 1)) ||
        !isHexDigit(template.charAt(index + 2))
      )
        throw new UriTemplateError(
          `"%" at ${index} starts no percent-encoded triplet`,
          index,
        );
      literal += template.slice(index, index + 3);
      index += 3;
      continue;
    }
    const code = template.codePointAt(index)!;
    const width = code > 0xffff ? 2 : 1;
    if (isLiteralAscii(code)) literal += char;
    else if (isUcsOrPrivate(code)) literal += percentEncode(code);
    else
      throw new UriTemplateError(
        `the character ${JSON.stringify(template.slice(index, index + width))} at ${index} is not allowed in a URI template`,
        index,
      );
    index += width;
  }
  if (literal !== "") parts.push({ literal });
  return parts;
}

const VARNAME =
  /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const PREFIX = /^[1-9][0-9]{0,3}$/;

function parseExpression(body: string, start: number): UriTemplateExpression {
  let text = body;
  let operator: UriTemplateOperator = "";
  const first = text.charAt(0);
  if (RESERVED_OPERATORS.indexOf(first) !== -1 && first !== "")
    throw new UriTemplateError(
      `the operator "${first}" at ${start + 1} is reserved by RFC 6570`,
      start + 1,
    );
  if (first !== "" && Object.prototype.hasOwnProperty.call(OPERATORS, first)) {
    operator = first as UriTemplateOperator;
    text = text.slice(1);
  }
  const variables: UriTemplateVariable[] = [];
  let offset = start + 1 + (operator === "" ? 0 : 1);
  for (const spec of text.split(",")) {
    let name = spec;
    const variable: UriTemplateVariable = { name, explode: false };
    if (spec.endsWith("*")) {
      name = spec.slice(0, -1);
      variable.explode = true;
    } else {
      const colon = spec.indexOf(":");
      if (colon !== -1) {
        name = spec.slice(0, colon);
        const length = spec.slice(colon + 1);
        if (!PREFIX.test(length))
          throw new UriTemplateError(
            `the prefix ":${length}" at ${offset + colon} is not a length from 1 to 9999`,
            offset + colon,
          );
        variable.prefix = Number(length);
      }
    }
    if (VARNAME.test(name.replace(/:[0-9]*$|\*$/, "")) && !VARNAME.test(name))
      throw new UriTemplateError(
        `${JSON.stringify(spec)} at ${offset} has both a prefix (":n") and an explode ("*") modifier; a variable takes one of them (RFC 6570 §2.4)`,
        offset,
      );
    if (!VARNAME.test(name))
      throw new UriTemplateError(
        name === ""
          ? `a variable name is missing at ${offset}`
          : `${JSON.stringify(name)} at ${offset} is not a variable name (letters, digits, "_", percent-encoded triplets, and "." between them)`,
        offset,
      );
    variable.name = name;
    variables.push(variable);
    offset += spec.length + 1;
  }
  return { operator, variables };
}

function isList(
  value: UriTemplateValue,
): value is ReadonlyArray<string | number | boolean> {
  return Array.isArray(value);
}

/** The members of a list or an associative array as `[key, value]` pairs (a list's keys are absent). */
function members(
  value: UriTemplateValue,
): Array<[string | undefined, string]> | undefined {
  if (isList(value))
    return value.map((item): [undefined, string] => [undefined, String(item)]);
  if (typeof value === "object" && value !== null) {
    const pairs: Array<[string, string]> = [];
    for (const key of Object.keys(value))
      pairs.push([
        key,
        String((value as { readonly [key: string]: unknown })[key]),
      ]);
    return pairs;
  }
  return undefined;
}

/** One expression expanded (RFC 6570 §3.2.1, Appendix A); undefined variables are skipped. */
function expandExpression(
  expression: UriTemplateExpression,
  variables: { readonly [name: string]: unknown },
): string {
  const rules = OPERATORS[expression.operator]!;
  const items: string[] = [];
  for (const variable of expression.variables) {
    const value = Object.prototype.hasOwnProperty.call(variables, variable.name)
      ? (variables[variable.name] as UriTemplateValue)
      : undefined;
    if (value === undefined || value === null) continue;
    const name = variable.name;
    const composite = members(value);
    if (composite === undefined) {
      let text = String(value);
      if (variable.prefix !== undefined)
        text = valueCharacters(text, rules.reserved)
          .slice(0, variable.prefix)
          .join("");
      const encoded = encodeValue(text, rules.reserved);
      items.push(
        rules.named
          ? name + (encoded === "" ? rules.ifEmpty : "=" + encoded)
          : encoded,
      );
      continue;
    }
    if (variable.prefix !== undefined)
      throw new UriTemplateError(
        `the prefix modifier of ${JSON.stringify(name)} applies to strings only, and its value is a ${isList(value) ? "list" : "associative array"}`,
        -1,
      );
    // An empty list or associative array is undefined (RFC 6570 §2.3).
    if (composite.length === 0) continue;
    const encode = (text: string) => encodeValue(text, rules.reserved);
    if (!variable.explode) {
      const joined = composite
        .map(([key, item]) =>
          key === undefined ? encode(item) : encode(key) + "," + encode(item),
        )
        .join(",");
      items.push(
        rules.named
          ? name + (joined === "" ? rules.ifEmpty : "=" + joined)
          : joined,
      );
    } else if (rules.named) {
      items.push(
        composite
          .map(([key, item]) => {
            const label = key === undefined ? name : encode(key);
            return item === ""
              ? label + rules.ifEmpty
              : label + "=" + encode(item);
          })
          .join(rules.separator),
      );
    } else {
      items.push(
        composite
          .map(([key, item]) =>
            key === undefined ? encode(item) : encode(key) + "=" + encode(item),
          )
          .join(rules.separator),
      );
    }
  }
  return items.length === 0 ? "" : rules.first + items.join(rules.separator);
}

/**
 * Expands a template (a text, parsed here, or the parts `parseUriTemplate`
 * returned) with `variables`, by name (own properties only). A variable that
 * is absent, `null`, or an empty list or associative array is undefined, and
 * expands to nothing (RFC 6570 §2.3). Throws `UriTemplateError` for a
 * template that does not parse, and for a prefix modifier on a list or an
 * associative array.
 */
export function expandUriTemplate(
  template: string | readonly UriTemplatePart[],
  variables: { readonly [name: string]: unknown },
): string {
  const parts =
    typeof template === "string" ? parseUriTemplate(template) : template;
  let result = "";
  for (const part of parts)
    result +=
      "literal" in part ? part.literal : expandExpression(part, variables);
  return result;
}

/** The names of a template's variables, each once, in order of first use. */
export function uriTemplateVariables(
  template: string | readonly UriTemplatePart[],
): string[] {
  const parts =
    typeof template === "string" ? parseUriTemplate(template) : template;
  const names: string[] = [];
  for (const part of parts) {
    if ("literal" in part) continue;
    for (const variable of part.variables)
      if (names.indexOf(variable.name) === -1) names.push(variable.name);
  }
  return names;
}
