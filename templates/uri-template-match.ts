/**
 * URI Templates (RFC 6570) read backwards: which values of a template's
 * variables expand to a given URI. Copied into a scaffold as
 * `src/generated/uri-template-match.ts` when the manifest lists resource
 * templates, where `resources/read` routes a URI to the template it matches;
 * normalisation reads each variable's shape here too. Built on the parser
 * the client expands with (`uri-template.ts`), so what a generated client
 * expands, a scaffold matches: every operator, percent-encoding, explode
 * (a list, or an associative array for `name=value` members), and variables
 * left undefined (`{?q}` matches a URI without a query, `{/path*}` one
 * without the path).
 * Bounded: the search for where each expression ends reads at most a fixed
 * multiple of the URI's length, so no URI, however crafted, holds the server
 * up (one that would need more matches nothing).
 */
import {
  expandUriTemplate,
  parseUriTemplate,
  type UriTemplateExpression,
  type UriTemplatePart,
  type UriTemplateVariable,
  valueCharacters,
} from "./uri-template.js";

/** A variable's value as a match gives it: a string, or a list or map of strings for an exploded one. */
export type MatchedValue =
  string | readonly string[] | { readonly [key: string]: string };

/** What a match found, by variable name (as the template writes it). */
export type MatchedVariables = { [name: string]: MatchedValue };

/** A variable of a template, as the typed variables of its client method and its handler see it. */
export interface UriTemplateVariableShape {
  name: string;
  /**
   * True when every expression that holds it holds it alone as a simple or reserved expansion
   * (`{id}`, `{+path}`, `{id:3}`), where leaving it undefined writes what its empty value writes:
   * a URI cannot tell them apart, so a match gives it `""` (or `[]`), and a client must give it.
   * False when some expression writes its absence apart (`{/x}`, `{.x}`, `{#x}`, `{;x}`, `{?x}`,
   * `{&x}`, or beside other variables, `{x,y}`): a URI may leave it out, a match then leaves it
   * undefined.
   */
  required: boolean;
  /** True when only ever exploded without a prefix (`{/path*}`): it may be a list or a map. */
  composite: boolean;
}

/**
 * Whether an undefined variable of `expression` expands as its empty value does (RFC 6570 §3.2.1,
 * Appendix A): only where the expression has no first character, does not name its values, and
 * has no other variable for a separator to stand between (`{x}`, `{+x}`); `{/x}` writes `/` for
 * `""` and nothing for undefined, `{x,y}` writes `a,` for `a` and `""`, `a` for `a` and undefined.
 */
function undefinedIsEmpty(expression: UriTemplateExpression): boolean {
  return (
    (expression.operator === "" || expression.operator === "+") &&
    expression.variables.length === 1
  );
}

/** Each variable of a template once, in order of first use, with its shape. */
export function uriTemplateVariableShapes(
  parts: readonly UriTemplatePart[],
): UriTemplateVariableShape[] {
  const shapes = new Map<string, UriTemplateVariableShape>();
  for (const part of parts) {
    if ("literal" in part) continue;
    for (const variable of part.variables) {
      const shape = shapes.get(variable.name) ?? {
        name: variable.name,
        required: true,
        composite: true,
      };
      if (!undefinedIsEmpty(part)) shape.required = false;
      if (!variable.explode || variable.prefix !== undefined)
        shape.composite = false;
      shapes.set(variable.name, shape);
    }
  }
  return [...shapes.values()];
}

interface OperatorShape {
  /** The character an expansion starts with, when it has one. */
  first: string;
  separator: string;
  named: boolean;
  /** Reserved characters are copied, not percent-encoded (`+`, `#`). */
  reserved: boolean;
}

const OPERATOR_SHAPES: { readonly [operator: string]: OperatorShape } = {
  "": { first: "", separator: ",", named: false, reserved: false },
  "+": { first: "", separator: ",", named: false, reserved: true },
  "#": { first: "#", separator: ",", named: false, reserved: true },
  ".": { first: ".", separator: ".", named: false, reserved: false },
  "/": { first: "/", separator: "/", named: false, reserved: false },
  ";": { first: ";", separator: ";", named: true, reserved: false },
  "?": { first: "?", separator: "&", named: true, reserved: false },
  "&": { first: "&", separator: "&", named: true, reserved: false },
};

/**
 * How many characters a match may read, beyond a fixed multiple of the URI's length, trying where
 * its expressions end before it gives up (no match).
 */
const MATCH_BUDGET = 100_000;
const MATCH_BUDGET_PER_CHARACTER = 16;

/** A template ready to match URIs: parsed once. */
export interface UriTemplateMatcher {
  readonly template: string;
  readonly variables: readonly UriTemplateVariableShape[];
  /**
   * The variables that expand the template to `uri`, or undefined when no values do. A variable
   * the URI leaves undefined is absent, unless it is required and `fillRequired` is not false:
   * then a string variable is `""` and a composite one `[]`, which its `{x}` or `{+x}` expands
   * as it expands undefined (what a handler typed by the variables' types expects).
   */
  match(
    uri: string,
    options?: { fillRequired?: boolean },
  ): MatchedVariables | undefined;
}

/** Parses `template` into a matcher (throws `UriTemplateError` as `parseUriTemplate` does). */
export function uriTemplateMatcher(template: string): UriTemplateMatcher {
  const parsed = parseUriTemplate(template);
  const variables = uriTemplateVariableShapes(parsed);
  const parts = asStrings(parsed, variables);
  const stops = parts.map((_, index) => stopCharacters(parts, index));
  const written = parts.map((part) =>
    "literal" in part ? undefined : expansionCharacters(part),
  );
  const repeated = variables.length !== countUses(parts);
  return {
    template,
    variables,
    match(uri, options) {
      const found = search(parts, stops, written, uri, repeated);
      if (found === undefined || options?.fillRequired === false) return found;
      for (const variable of variables) {
        if (!variable.required || own(found, variable.name)) continue;
        setOwn(found, variable.name, variable.composite ? [] : "");
      }
      return found;
    },
  };
}

/**
 * `parts` with the explode modifier dropped from every variable that is not composite (also used
 * without it, or with a prefix: typed `string`): on a string, explode changes nothing (RFC 6570
 * §2.4.2, `{/x*}` writes `a` as `{/x}` does), so such a variable is read as one string, never a list.
 */
function asStrings(
  parts: readonly UriTemplatePart[],
  variables: readonly UriTemplateVariableShape[],
): UriTemplatePart[] {
  const strings = new Set(
    variables
      .filter((variable) => !variable.composite)
      .map((variable) => variable.name),
  );
  return parts.map((part) =>
    "literal" in part
      ? part
      : {
          operator: part.operator,
          variables: part.variables.map((variable) =>
            variable.explode && strings.has(variable.name)
              ? { ...variable, explode: false }
              : variable,
          ),
        },
  );
}

function countUses(parts: readonly UriTemplatePart[]): number {
  let uses = 0;
  for (const part of parts)
    if (!("literal" in part)) uses += part.variables.length;
  return uses;
}

const own = (object: object, key: string) =>
  Object.prototype.hasOwnProperty.call(object, key);

/** Sets `key` as an own property, `__proto__` included. */
function setOwn(object: MatchedVariables, key: string, value: MatchedValue) {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * The characters the expansion of expression `index` cannot hold, beyond which it cannot reach:
 * its expansion is percent-encoded but for unreserved characters and its own separators, yet
 * clients write URIs by hand too, so only the characters that delimit a URI's parts (`/`, `?`,
 * `#`) stop it, where the operator would have encoded them. A reserved expansion (`{+path}`)
 * stops only where a later part of the template starts a query or a fragment.
 */
function stopCharacters(
  parts: readonly UriTemplatePart[],
  index: number,
): string {
  const part = parts[index]!;
  if ("literal" in part) return "";
  const operator = part.operator;
  const later = parts.slice(index + 1);
  const laterHas = (char: string, operators: readonly string[]) =>
    later.some((next) =>
      "literal" in next
        ? next.literal.indexOf(char) !== -1
        : operators.indexOf(next.operator) !== -1,
    );
  switch (operator) {
    case "#":
      return "";
    case "+":
      return (
        (laterHas("?", ["?", "&"]) ? "?" : "") +
        (laterHas("#", ["#"]) ? "#" : "")
      );
    case "?":
    case "&":
      return "#";
    case "/":
      // A `/` separates the members of an exploded list or several variables; a single value's is encoded.
      return part.variables.length > 1 || part.variables.some((v) => v.explode)
        ? "?#"
        : "/?#";
    default:
      return "/?#";
  }
}

/** The variables that expand `parts` to `uri`: a depth-first search over where each expression ends, longest first, within the budget. */
function search(
  parts: readonly UriTemplatePart[],
  stops: readonly string[],
  written: readonly (RegExp | undefined)[],
  uri: string,
  repeated: boolean,
): MatchedVariables | undefined {
  let budget = MATCH_BUDGET + MATCH_BUDGET_PER_CHARACTER * uri.length;
  // Positions from which the rest of the template cannot match, by part (sound only while no variable repeats).
  const failed = parts.map(() => new Set<number>());

  const from = (
    index: number,
    position: number,
    found: Found,
  ): MatchedVariables | undefined => {
    if (index === parts.length)
      return position === uri.length ? found.values : undefined;
    if (!repeated && failed[index]!.has(position)) return undefined;
    const part = parts[index]!;
    let result: MatchedVariables | undefined;
    if ("literal" in part) {
      if (uri.startsWith(part.literal, position))
        result = from(index + 1, position + part.literal.length, found);
    } else {
      for (const end of ends(part, index, position)) {
        budget -= end - position + 1;
        if (budget < 0) return undefined;
        const readings = readExpansion(part, uri.slice(position, end));
        const merged =
          readings && merge(found, readings, leftOut(part, readings));
        if (merged === undefined) continue;
        result = from(index + 1, end, merged);
        if (result !== undefined) break;
      }
    }
    if (result === undefined && !repeated) failed[index]!.add(position);
    return result;
  };

  /** Where expression `index`, starting at `position`, may end: the longest reach first; where the next literal follows, only there. */
  function* ends(
    part: UriTemplateExpression,
    index: number,
    position: number,
  ): Generator<number> {
    const shape = OPERATOR_SHAPES[part.operator]!;
    if (shape.first !== "" && uri.charAt(position) !== shape.first) {
      // Nothing of it in the URI: every variable undefined.
      yield position;
      return;
    }
    const stop = stops[index]!;
    let reach = position + shape.first.length;
    while (reach < uri.length && stop.indexOf(uri.charAt(reach)) === -1)
      reach++;
    const next = parts[index + 1];
    if (next === undefined) {
      if (reach === uri.length) yield reach;
      else if (shape.first !== "") yield position;
      return;
    }
    // What the operator itself writes first (a URI's own expansion), then what a hand-written URI may hold.
    let strict = position + shape.first.length;
    const allowed = written[index];
    if (shape.reserved || allowed === undefined) strict = reach;
    else while (strict < reach && allowed.test(uri.charAt(strict))) strict++;
    yield* down(next, strict, position);
    if (strict < reach) yield* down(next, reach, strict + 1);
  }

  /** From `high` down to `low`: every end, or where the next part is a literal, each place it starts. */
  function* down(
    next: UriTemplatePart,
    high: number,
    low: number,
  ): Generator<number> {
    for (let end = high; end >= low; end--) {
      if ("literal" in next) {
        const at = uri.lastIndexOf(next.literal, end);
        if (at < low) return;
        end = at;
      }
      yield end;
    }
  }

  return budget > 0
    ? from(0, 0, {
        values: Object.create(null),
        prefixes: new Map(),
        reserved: new Set(),
        absent: new Set(),
      })
    : undefined;
}

/**
 * The variables of `expression` its `readings` leave out, where the expression writes a variable's
 * absence apart from any value (`{/x}` writes nothing for undefined, `/` for `""`); none where it
 * writes undefined as `""` (`{x}`, `{+x}`), which a reading of `""` stands for.
 */
function leftOut(
  expression: UriTemplateExpression,
  readings: readonly Reading[],
): string[] {
  if (undefinedIsEmpty(expression)) return [];
  const read = new Set(readings.map(([variable]) => variable.name));
  return expression.variables
    .map((variable) => variable.name)
    .filter((name) => !read.has(name));
}

/** An empty list or map: RFC 6570 §2.3 expands it as it expands undefined. */
function isEmptyComposite(value: MatchedValue): boolean {
  return typeof value !== "string" && Object.keys(value).length === 0;
}

/**
 * The characters an expansion of `expression` holds (RFC 6570 §3.2.1, without U+R): unreserved
 * ones and percent-encoded triplets, its separator where it has several variables or explodes one,
 * and `=` where it names values or explodes a map.
 */
function expansionCharacters(expression: UriTemplateExpression): RegExp {
  const shape = OPERATOR_SHAPES[expression.operator]!;
  const exploded = expression.variables.some((variable) => variable.explode);
  const separator = expression.variables.length > 1 || exploded;
  return new RegExp(
    `^[A-Za-z0-9\\-._~%${separator ? "\\" + shape.separator : ""}${shape.named || exploded ? "=" : ""}]$`,
  );
}

/**
 * A prefix a value was read through: its length in characters, counted as the expression's
 * operator counts them (`reserved`: `{+x:2}`, `{#x:2}` count a percent-encoded triplet as one).
 */
interface Prefix {
  length: number;
  reserved: boolean;
}

/**
 * The values found so far; of those read through a prefix modifier alone (`{var:3}`), that
 * prefix: such a value is the start of the variable's value, as long as the prefix, unless it is
 * shorter (then it is the whole value); and the names whose value only reserved expansions gave
 * (`{+var}`, `{#var}`), which write `é` and `%C3%A9` alike: such a value is one of those it stands for.
 */
interface Found {
  values: MatchedVariables;
  prefixes: ReadonlyMap<string, Prefix>;
  reserved: ReadonlySet<string>;
  /**
   * Variables an expression that writes their absence apart (`{/x}`, `{?x}`, `{x,y}`: not
   * `undefinedIsEmpty`) read as left out: a value elsewhere would have written something there.
   */
  absent: ReadonlySet<string>;
}

/** A variable of an expression, the value one expansion of it gives it, and whether that expansion is reserved (`+`, `#`). */
type Reading = [
  variable: UriTemplateVariable,
  value: MatchedValue,
  reserved: boolean,
];

/** What `{v}`, or `{+v}` when `reserved`, with the prefix modifier `length` when given, writes for `value`. */
function expansionOf(
  value: MatchedValue,
  reserved: boolean,
  length?: number,
): string {
  const variable: UriTemplateVariable = { name: "v", explode: false };
  if (length !== undefined) variable.prefix = length;
  return typeof value === "string"
    ? expandUriTemplate(
        [{ operator: reserved ? "+" : "", variables: [variable] }],
        {
          v: value,
        },
      )
    : JSON.stringify(value);
}

/**
 * `found` with the values of `readings` added and the variables of `absent` left out, or undefined
 * when a variable used twice would get two values, or a value in one expression and none in
 * another that would have written it (`{x}{/x}`: `ab` is no expansion, `x` = `ab` writes `ab/ab`),
 * or a value read through a prefix modifier is longer than its prefix. Two values of
 * one variable agree when equal, when one was read through a prefix modifier and the other starts
 * with it (`{x:3}/{x}`: `abc/abcdef`; then the longer is the value), or when one only reserved
 * expansions gave and they write the other alike (`{+x}/{x}`: `%C3%A9/%25C3%25A9`; then the other
 * is the value).
 */
function merge(
  found: Found,
  readings: readonly Reading[],
  absent: readonly string[],
): Found | undefined {
  const merged: MatchedVariables = Object.create(null);
  const prefixes = new Map(found.prefixes);
  const reservedOnly = new Set(found.reserved);
  const leftOut = new Set(found.absent);
  for (const key of Object.keys(found.values))
    setOwn(merged, key, found.values[key]!);
  for (const key of absent) {
    if (own(merged, key) && !isEmptyComposite(merged[key]!)) return undefined;
    leftOut.add(key);
  }
  for (const [variable, value, reserved] of readings) {
    const key = variable.name;
    if (leftOut.has(key) && !isEmptyComposite(value)) return undefined;
    let prefix: Prefix | undefined;
    if (variable.prefix !== undefined && typeof value === "string") {
      const characters = valueCharacters(value, reserved).length;
      if (characters > variable.prefix) return undefined;
      // Shorter than its prefix: the whole value.
      if (characters === variable.prefix)
        prefix = { length: variable.prefix, reserved };
    }
    if (!own(merged, key)) {
      setOwn(merged, key, value);
      if (prefix !== undefined) prefixes.set(key, prefix);
      if (reserved) reservedOnly.add(key);
      continue;
    }
    const before = merged[key]!;
    const beforePrefix = prefixes.get(key);
    if (beforePrefix === undefined && prefix === undefined) {
      if (JSON.stringify(before) === JSON.stringify(value)) continue;
      const loose = reservedOnly.has(key) || reserved;
      if (!loose || expansionOf(before, true) !== expansionOf(value, true))
        return undefined;
      // The value a non-reserved expansion gave is exact.
      if (!reserved) {
        setOwn(merged, key, value);
        reservedOnly.delete(key);
      }
    } else if (
      beforePrefix === undefined ||
      (prefix !== undefined && prefix.length <= beforePrefix.length)
    ) {
      // The new value is the shorter prefix: the value before starts with it.
      if (
        expansionOf(before, prefix!.reserved, prefix!.length) !==
        expansionOf(value, prefix!.reserved)
      )
        return undefined;
    } else {
      // The value before is the shorter prefix: the new value starts with it, and replaces it.
      if (
        expansionOf(value, beforePrefix.reserved, beforePrefix.length) !==
        expansionOf(before, beforePrefix.reserved)
      )
        return undefined;
      setOwn(merged, key, value);
      if (prefix === undefined) prefixes.delete(key);
      else prefixes.set(key, prefix);
      if (reserved) reservedOnly.add(key);
      else reservedOnly.delete(key);
    }
  }
  return { values: merged, prefixes, reserved: reservedOnly, absent: leftOut };
}

/**
 * Decodes the percent-encoded UTF-8 in `text`; a triplet that is not UTF-8 is kept as written.
 * `reserved`: as a reserved expansion (`{+var}`, `{#var}`) reads, which copies a value's
 * triplets and the characters a URI may hold as they are: only what it would have encoded is
 * decoded (`%20`, but not `%2F` or `%41`).
 */
export function percentDecode(text: string, reserved = false): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(run);
    } catch {
      return run;
    }
    if (!reserved) return decoded;
    // Triplet by triplet (a character's UTF-8 octets together): keep those of URI characters.
    return run.replace(
      /%[0-7][0-9A-Fa-f]|%[C-Fc-f][0-9A-Fa-f](?:%[89ABab][0-9A-Fa-f])+/g,
      (triplets) => {
        let char: string;
        try {
          char = decodeURIComponent(triplets);
        } catch {
          return triplets;
        }
        return URI_CHARACTERS.test(char) ? triplets : char;
      },
    );
  });
}

/** The characters a reserved expansion copies as they are: unreserved and reserved (RFC 6570 §1.5). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]$/;

/**
 * The values one expression's expansion `text` gives its variables (RFC 6570 §3.2 in reverse), or
 * undefined when no values expand to it. Undefined variables are absent.
 */
function readExpansion(
  expression: UriTemplateExpression,
  text: string,
): Reading[] | undefined {
  const shape = OPERATOR_SHAPES[expression.operator]!;
  const readings: Reading[] = [];
  if (text === "") return readings;
  if (!text.startsWith(shape.first)) return undefined;
  const items = text.slice(shape.first.length).split(shape.separator);
  const variables = expression.variables;
  if (shape.named) return readNamed(expression, items);
  // Unnamed: items in order; an exploded variable takes what the variables after it leave.
  let item = 0;
  for (
    let index = 0;
    index < variables.length && item < items.length;
    index++
  ) {
    const variable = variables[index]!;
    const last = index === variables.length - 1;
    const take = last
      ? items.length - item
      : variable.explode
        ? Math.max(1, items.length - item - (variables.length - 1 - index))
        : 1;
    const taken = items.slice(item, item + take);
    item += take;
    readings.push([
      variable,
      variable.explode
        ? exploded(taken, shape)
        : percentDecode(taken.join(shape.separator), shape.reserved),
      shape.reserved,
    ]);
  }
  return readings;
}

/** An exploded unnamed variable's items: a map when every item is `key=value` (an encoded value holds no raw `=`), else a list. */
function exploded(
  items: readonly string[],
  shape: OperatorShape,
): MatchedValue {
  if (!shape.reserved && items.every((item) => item.indexOf("=") > 0)) {
    const map: { [key: string]: string } = Object.create(null);
    for (const item of items) {
      const equals = item.indexOf("=");
      Object.defineProperty(map, percentDecode(item.slice(0, equals)), {
        value: percentDecode(item.slice(equals + 1)),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return map;
  }
  return items.map((item) => percentDecode(item, shape.reserved));
}

/**
 * `;`, `?`, `&`: `name=value` items, matched to the variables by name (a variable the expression
 * names twice, to each in turn); a name the expression does not have only fits an exploded map.
 */
function readNamed(
  expression: UriTemplateExpression,
  items: readonly string[],
): Reading[] | undefined {
  const readings: Reading[] = [];
  const used = new Set<UriTemplateVariable>();
  const lists = new Map<UriTemplateVariable, string[]>();
  const map = expression.variables.find((variable) => variable.explode);
  const mapped: { [key: string]: string } = Object.create(null);
  for (const item of items) {
    const equals = item.indexOf("=");
    const name = equals === -1 ? item : item.slice(0, equals);
    const value = equals === -1 ? "" : percentDecode(item.slice(equals + 1));
    if (name === "") return undefined;
    const named = expression.variables.filter(
      (candidate) =>
        candidate.name === name || candidate.name === percentDecode(name),
    );
    const variable =
      named.find((candidate) => !candidate.explode && !used.has(candidate)) ??
      named.find((candidate) => candidate.explode);
    if (variable === undefined) {
      if (
        named.length > 0 ||
        map === undefined ||
        own(mapped, percentDecode(name))
      )
        return undefined;
      Object.defineProperty(mapped, percentDecode(name), {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    if (variable.explode) {
      const list = lists.get(variable) ?? [];
      list.push(value);
      lists.set(variable, list);
    } else {
      used.add(variable);
      readings.push([variable, value, false]);
    }
  }
  for (const [variable, list] of lists) readings.push([variable, list, false]);
  if (map !== undefined && Object.keys(mapped).length > 0) {
    if (readings.some(([variable]) => variable.name === map.name))
      return undefined;
    readings.push([map, mapped, false]);
  }
  return readings;
}
