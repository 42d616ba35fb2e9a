/**
 * Writes the validation code of one tool from its normalised schemas. Each
 * check is an expression, true to go on: `test || fail(e, ..., p, key)`, where
 * the fail helper answers false without an issue list (the fast path stops)
 * and pushes the issue with one (templates/validator-runtime.ts says the
 * contract, `Check`, and holds the words of every issue: a check names its
 * keyword by a code and passes its limit). A schema's checks are chained with
 * `&&` and inlined where its value is read (a property's inside the
 * expression that reads it, starting with its type test: `S(x=d.name)`), on
 * scratch variables that are the function's own parameters. The commonest
 * shapes are a helper's call (items of one type, a string of a format,
 * `additionalProperties: false` beside `properties`). What else needs a loop
 * (`items`, `additionalProperties`, `patternProperties`, `propertyNames`,
 * `contains`, `unevaluated*`) is written as statements, inline, or at the
 * top of a function of its own: each `$ref` target and branch (`anyOf`,
 * `oneOf`, `not`, `if`, `contains`, `propertyNames`: tried without
 * reporting) has one too. No path is built until an issue is pushed.
 *
 * Annotations (2020-12 Core §11) are tracked only where an
 * `unevaluatedProperties` or `unevaluatedItems` reads them: such a schema
 * keeps a set of what its in-place subschemas evaluated, and the functions
 * it calls in place are written in a variant that fills the set.
 */
import type { PatternMode, Schema, SchemaObject } from "../../ir/index.js";
import { SUBSCHEMA_KEYWORDS } from "../../ir/keywords.js";
import { refTarget, refTargets } from "../../ir/refs.js";
import { isPlainPropertyName, stringLiteral } from "../../shared/escape.js";
import { pointerToken } from "../../shared/errors.js";

/** What the code generator needs to know beyond the schema. */
export interface CodeContext {
  /** How the patterns that do not compile as `new RegExp(source, "u")` compile. */
  patternModes: ReadonlyMap<string, PatternMode>;
  /** The format checks there are, by format name: whether each checks numbers (`int32`, ...) or strings. */
  formats: ReadonlyMap<string, "number" | "string">;
  /** The export of validator-runtime.ts that checks a format. */
  formatCheck: (format: string) => string;
  /** The names validator-runtime.ts exports (those the code uses are imported). */
  helpers: ReadonlySet<string>;
}

/** One tool's validator module, less its imports: the code, and the names it needs from validator-runtime.ts. */
export interface ModuleCode {
  /** Declarations (constants, functions), then `export{v0 as input,v3 as output};`. */
  code: string;
  /** Names imported from validator-runtime.ts (`Check` is a type). */
  helpers: Set<string>;
}

/**
 * The names every object inherits: Object.prototype's own properties as ECMAScript defines them
 * (§20.1.3, Annex B.2.2), written out so that the output never depends on the Node that generates it
 * (the code runs on other engines anyway, and a library user's process may have added to
 * Object.prototype). A property by such a name is read only when the object has it as its own.
 */
export const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set([
  ...["constructor", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "hasOwnProperty"],
  ...["isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString", "valueOf"],
]);

/** The names of the scratch variables holding the value at depth 1, 2, ...: letters no helper of validator-runtime.ts has. */
const VALUE_LETTERS = ["x", "w", "v", "r", "o", "j", "c", "b", "z", "k", "n", "i"];

/** Enum members compared one by one up to this many; looked up in a `Set` past it. */
const MAX_COMPARED_ENUM = 8;
/** Declared property names compared one by one (for `additionalProperties`) up to this many; a `Set` past it. */
const MAX_CHAINED_NAMES = 8;

/** The codes `fT`, `fQ` and `fV` name a single type with (templates/validator-runtime.ts, `WRONG_TYPE`). */
const TYPE_CODES: Readonly<Record<string, number>> = { string: 0, number: 1, integer: 2, boolean: 3, null: 4, object: 5, array: 6 };
/** The guard of each JSON type (a helper of validator-runtime.ts). */
const TYPE_GUARDS: Readonly<Record<string, string>> = { string: "S", number: "N", integer: "I", boolean: "B", null: "Z", object: "O", array: "A" };
/** The test that `data` is of JSON type `type`. */
const guard = (type: string, data: string): string => `${TYPE_GUARDS[type]!}(${data})`;
/** The test that `data` is of one of `types`; the first test is given `first` (an assignment to `data`). */
function guards(types: readonly string[], data: string, first = data): string {
  const tests = types.map((type, index) => guard(type, index === 0 ? first : data));
  return tests.length === 1 ? tests[0]! : `(${tests.join("||")})`;
}
/**
 * The issue of a value `data` at `where` that is not of `types`: `TS(e,p,"/name")` ("must be string"), or `fT` naming
 * them; where a number is among them, `fTN(e,1,x,p,"/name")`, which reads the value to say why NaN and the infinities
 * are not numbers (only when the issue is pushed: the value passing costs nothing more).
 */
const typeFailure = (types: readonly string[], data: string, where: Where): string =>
  types.includes("number") || types.includes("integer")
    ? `fTN(e,${typeCode(types)},${data},${place(where)})`
    : types.length === 1
      ? `T${TYPE_GUARDS[types[0]!]!}(e,${place(where)})`
      : `fT(e,${stringLiteral(types.join(","))},${place(where)})`;
/** The issue of a required property `value` at `where` that is missing, or not of `types` (`fQ(e,0,x,p,"/name")`). */
const requiredFailure = (types: readonly string[], value: string, where: Where): string => `fQ(e,${typeCode(types)},${value},${place(where)})`;
/** The issue of an optional property `value` at `where` that is there but not of `types`; absent, none (`fV(e,0,x,p,"/name")`). */
const optionalFailure = (types: readonly string[], value: string, where: Where): string => `fV(e,${typeCode(types)},${value},${place(where)})`;
/** How `fQ` and `fV` are told `types`: a single type's code, else the types as written ("string,null"). */
const typeCode = (types: readonly string[]): string => (types.length === 1 ? String(TYPE_CODES[types[0]!]!) : stringLiteral(types.join(",")));
/** Whether the value of `expression` (an assignment, a read) is absent. */
const absent = (expression: string) => `u(${expression})`;
const presentValue = (expression: string) => `!u(${expression})`;
/** The codes `fK` words each limit with (templates/validator-runtime.ts, `LIMITS`). */
const LIMIT_CODES = {
  minLength: 0,
  maxLength: 1,
  minItems: 2,
  maxItems: 3,
  minProperties: 4,
  maxProperties: 5,
  minimum: 6,
  maximum: 7,
  exclusiveMinimum: 8,
  exclusiveMaximum: 9,
  multipleOf: 10,
} as const;

/** The code of a module validating `roots` (each exported under its name), e.g. `{ input: schema, output: schema }`. */
export function moduleCode(roots: ReadonlyArray<readonly [exportName: string, schema: Schema]>, context: CodeContext): ModuleCode {
  const { declarations, exported, helpers } = writeValidators(roots, context, ":Check");
  // The roots are functions declared `:Check` above: exported under their names, in one list.
  const exports = `export{${exported.map(([name, root]) => `${root} as ${name}`).join(",")}};`;
  return { code: [...declarations, exports].join("\n") + "\n", helpers: new Set(["Check", ...helpers]) };
}

/**
 * The same validators as plain JavaScript, as the body of a function that takes
 * validator-runtime.ts's exports as its one parameter `runtime` and returns the
 * roots by name: what `mcpgen mock` compiles in memory to check calls with
 * exactly the code a generated output runs.
 */
export function functionBodyCode(roots: ReadonlyArray<readonly [exportName: string, schema: Schema]>, context: CodeContext): string {
  const { declarations, exported, helpers } = writeValidators(roots, context, "");
  const imports = helpers.size === 0 ? [] : [`const{${[...helpers].sort().join(",")}}=runtime;`];
  const result = `return{${exported.map(([name, root]) => `${name}:${root}`).join(",")}};`;
  return [...imports, ...declarations, result].join("\n") + "\n";
}

function writeValidators(
  roots: ReadonlyArray<readonly [exportName: string, schema: Schema]>,
  context: CodeContext,
  annotation: string,
): { declarations: string[]; exported: Array<[name: string, root: string]>; helpers: Set<string> } {
  const writer = new ModuleWriter(context, annotation);
  const exported = roots.map(([name, schema]): [string, string] => [name, writer.root(schema)]);
  // The helpers the code names (a guard asked for may have had nothing to guard).
  for (const constant of writer.constants) for (const name of identifiers(constant)) writer.named.add(name);
  return {
    declarations: [...writer.constants, ...writer.functions, ...writer.tables],
    exported,
    helpers: new Set([...writer.named].filter((name) => context.helpers.has(name))),
  };
}

class ModuleWriter {
  /** The names the written functions and constants use. */
  readonly named = new Set<string>();
  /** Module-level constants: regular expressions, JSON values, sets of names. */
  readonly constants: string[] = [];
  readonly functions: string[] = [];
  /** Branch tables (`const b0=[v1,v2];`), after the functions they name. */
  readonly tables: string[] = [];
  private readonly constantNames = new Map<string, string>();
  private readonly functionNames = new Map<string, string>();
  private readonly rootNames = new Map<Schema, string>();
  private functionCount = 0;

  /** `annotation`: what follows a function's name in its declaration (`:Check` in TypeScript). */
  constructor(
    readonly context: CodeContext,
    private readonly annotation: string,
  ) {}

  /**
   * A module-level constant for `code` (declared once, whatever asks for it again). A call is
   * marked pure, so that a bundler drops a module no code it keeps calls.
   */
  constant(prefix: string, code: string): string {
    let name = this.constantNames.get(code);
    if (name === undefined) {
      name = `${prefix}${this.constantNames.size}`;
      this.constantNames.set(code, name);
      const pure = /^(?:new |JSON\.parse\()/.test(code) ? "/* @__PURE__ */" : "";
      (prefix === "b" ? this.tables : this.constants).push(`const ${name}=${pure}${code};`);
    }
    return name;
  }

  /**
   * A module-level function telling whether a property name is one of `names`: compared one by one, up to
   * `MAX_CHAINED_NAMES`, where the engine compares names by identity; past it, looked up in a `Set`.
   */
  declaredNames(names: readonly string[]): string {
    const list = names.map(stringLiteral);
    const test =
      names.length > MAX_CHAINED_NAMES ? `${this.constant("c", `new Set([${list.join(",")}])`)}.has(k)` : list.map((name) => `k===${name}`).join("||");
    // No names: a function without the parameter, which projects compiling with noUnusedParameters would refuse.
    const code = names.length === 0 ? "()=>!1" : `(k)=>${test}`;
    let name = this.constantNames.get(code);
    if (name === undefined) {
      name = `c${this.constantNames.size}`;
      this.constantNames.set(code, name);
      this.constants.push(`const ${name}${this.annotation}=${code};`);
    }
    return name;
  }

  /** The function checking a root schema (its `#`). */
  root(schema: Schema): string {
    return this.rootFunction(schema, false);
  }

  private rootFunction(root: Schema, tracked: boolean): string {
    return this.function(root, root, tracked, `#|${tracked}`);
  }

  /** The function for `ref` (`#` or `#/$defs/<key>`) of `root`. */
  refFunction(root: Schema, ref: string, tracked: boolean): string | undefined {
    if (ref === "#") return this.rootFunction(root, tracked);
    const target = this.refSchema(root, ref);
    return target === undefined ? undefined : this.function(root, target, tracked, `${ref}|${tracked}`);
  }

  /** The schema `ref` (`#` or `#/$defs/<key>`) of `root` names; undefined when there is none. */
  refSchema(root: Schema, ref: string): Schema | undefined {
    if (ref === "#") return root;
    const definitions = typeof root === "object" ? (root["$defs"] as Record<string, Schema> | undefined) : undefined;
    const key = refTarget(ref);
    if (definitions === undefined || !Object.prototype.hasOwnProperty.call(definitions, key)) return undefined;
    return definitions[key]!;
  }

  /**
   * The function for a subschema (a branch, or one that needs statements), deduplicated by content: within this
   * root, or in the whole module when it has no `$ref` (which would name a definition of its root).
   */
  branchFunction(root: Schema, schema: Schema, tracked: boolean): string {
    return this.function(root, schema, tracked, `~${JSON.stringify(schema)}|${tracked}`, !holdsRef(schema));
  }

  private function(root: Schema, schema: Schema, tracked: boolean, key: string, shared = false): string {
    let names = this.rootNames.get(root);
    if (names === undefined) {
      names = `r${this.rootNames.size}`;
      this.rootNames.set(root, names);
    }
    const fullKey = `${shared ? "*" : names}${key}`;
    let name = this.functionNames.get(fullKey);
    if (name !== undefined) return name;
    name = `v${this.functionCount++}`;
    this.functionNames.set(fullKey, name);
    const index = this.functions.length;
    this.functions.push("");
    this.functions[index] = `const ${name}${this.annotation}=${new FunctionWriter(this, root).write(schema, tracked)};`;
    return name;
  }
}

/** A piece of a function's body: a check (an expression, true to go on) or a statement (at the top only). */
type Step = { expression: string } | { statement: string };

const isExpression = (step: Step): step is { expression: string } => "expression" in step;

/** Checks chained: `a&&b`, or "" when there are none (nothing to check). */
const chain = (steps: readonly Step[]): string => steps.map((step) => (step as { expression: string }).expression).join("&&");

/** Whether the parenthesis opening `code` closes at its end (strings aside): `(a)||(b)` does not. */
function balanced(code: string): boolean {
  let depth = 0;
  const text = code.replace(STRING_LITERALS, '""');
  for (let index = 0; index < text.length; index++) {
    if (text[index] === "(") depth++;
    else if (text[index] === ")" && --depth === 0 && index < text.length - 1) return false;
  }
  return true;
}

/**
 * `code` without its outer parentheses where they are not needed: as an operand of `||` (when nothing looser
 * than `||` is at its top level: no `?:`, no comma) or after a comma (always).
 */
function operand(code: string, context: "||" | ","): string {
  if (!code.startsWith("(") || !balanced(code)) return code;
  const inner = code.slice(1, -1);
  if (context === ",") return inner;
  let depth = 0;
  const text = inner.replace(STRING_LITERALS, '""');
  for (const character of text) {
    if (character === "(" || character === "[" || character === "{") depth++;
    else if (character === ")" || character === "]" || character === "}") depth--;
    else if (depth === 0 && (character === "?" || character === ":" || character === ",")) return code;
  }
  return inner;
}

/** Statements for `steps`: each run of checks `if(!(...))return!1;` (the fast path stops there). */
function statements(steps: readonly Step[]): string {
  let code = "";
  let run: Step[] = [];
  const flush = () => {
    if (run.length > 0) code += `if(!${run.length === 1 && /^\(.*\)$/.test(chain(run)) && balanced(chain(run)) ? chain(run) : `(${chain(run)})`})return!1;`;
    run = [];
  };
  for (const step of steps) {
    if (isExpression(step)) run.push(step);
    else {
      flush();
      code += step.statement;
    }
  }
  flush();
  return code;
}

/** The string literals of written code (`stringLiteral` writes them with double quotes). */
const STRING_LITERALS = /"(?:[^"\\]|\\.)*"/g;

/** The names `code` uses (not the properties it reads, nor what its strings hold). */
function identifiers(code: string): Set<string> {
  const names = new Set<string>();
  for (const [token] of code.matchAll(IDENTIFIERS_OR_STRINGS)) if (token[0] !== '"') names.add(token);
  return names;
}

/** A string literal, or a name that is not a property read. */
const IDENTIFIERS_OR_STRINGS = /"(?:[^"\\]|\\.)*"|(?<![\w$.])[A-Za-z_$][\w$]*/g;

/**
 * Where a value is, below the value of the function checking it (whose JSON pointer is `p`, known only when issues
 * are collected): pointer tokens, each written as it is or an expression computing one (an index, `t(key)`).
 */
type Where = readonly Token[];
type Token = { literal: string } | { expression: string };

/**
 * `where` as the last arguments of a helper called whether the value passes or not (`aS`, `X`, `F`): as `place` where
 * it is written as it is; with an item's index in it, in parts (`p,"/items/",i1,"/tags"`), which the helper joins only
 * for an issue. Undefined where it has a token that would be computed for every call (`t(key)`), or two indices.
 */
function lazyPlace(where: Where): string | undefined {
  const computed = where.flatMap((token, index) => ("expression" in token ? [index] : []));
  if (computed.length === 0) return place(where);
  const at = computed[0]!;
  const index = (where[at] as { expression: string }).expression;
  if (computed.length > 1 || !/^i\d+$/.test(index)) return undefined;
  const text = (tokens: Where) => tokens.map((token) => `/${(token as { literal: string }).literal}`).join("");
  const rest = text(where.slice(at + 1));
  return `p,${stringLiteral(`${text(where.slice(0, at))}/`)},${index}${rest === "" ? "" : `,${stringLiteral(rest)}`}`;
}
/** A named child of `where` (a property, a `prefixItems` index). */
const child = (where: Where, name: string): Where => [...where, { literal: pointerToken(name) }];
/** A child of `where` named at run time by `expression` (an item's index, `t(key)`). */
const dynamicChild = (where: Where, expression: string): Where => [...where, { expression }];

/**
 * `where` as the last arguments of a fail helper: `p` and, below it, the rest of the pointer (`p,"/filter/tags/"+i2`),
 * which the helper joins to `p` only when it pushes an issue: the fast path builds no string.
 */
const place = (where: Where): string => (where.length === 0 ? "p" : `p,${relative(where)}`);

/** The path argument of a call checking the value at `where`: computed only when issues are collected. */
const pathArgument = (where: Where): string => (where.length === 0 ? "p" : `e&&p+${relative(where)}`);

/** Whether `schema` or a subschema of it holds a `$ref` (remembered: a definition is called from many places). */
function holdsRef(schema: Schema): boolean {
  if (typeof schema !== "object") return false;
  let holds = refHolders.get(schema);
  if (holds === undefined) {
    holds = refTargets(schema).length > 0;
    refHolders.set(schema, holds);
  }
  return holds;
}
const refHolders = new WeakMap<object, boolean>();

/**
 * A call of the validator function `target`, checking `schema`, on `data` at `where`. Below the function's own
 * value, where `schema` holds no `$ref` (so the calls under this one are as deep as the schema, never deeper), it
 * is called first without an issue list (no path built: a valid value costs no string), and only if that fails
 * again with the list and its path, to collect the issues: `(v1(w)||!!e&&v1(w,p+"/owner",e))` (a boolean either
 * way). A failure n such calls down is checked n + 1 times, n bounded by the schema. Where `schema` holds a `$ref`,
 * which may lead back to a function above (a tree of any depth), the call is made once, its path computed when
 * issues are collected (`v1(w,e&&p+"/owner",e)`): checking again at every level would take time quadratic in the
 * value's depth. Where `seen` is tracked the call marks what it evaluated, so it is made once too.
 */
function callOf(target: string, schema: Schema, data: string, where: Where, seen: string | undefined): string {
  if (seen !== undefined) return `${target}(${data},${pathArgument(where)},e,${seen})`;
  if (where.length === 0) return `${target}(${data},p,e)`;
  if (holdsRef(schema)) return `${target}(${data},${pathArgument(where)},e)`;
  return `(${target}(${data})||!!e&&${target}(${data},p+${relative(where)},e))`;
}

/** The pointer tokens of `where`, each after "/", as an expression: one literal where it can be (`"/items/"+i1+"/id"`). */
function relative(where: Where): string {
  const pieces: string[] = [];
  let text = "";
  for (const token of where) {
    text += "/";
    if ("literal" in token) text += token.literal;
    else {
      pieces.push(stringLiteral(text), token.expression);
      text = "";
    }
  }
  if (text !== "") pieces.push(stringLiteral(text));
  return pieces.join("+");
}

/**
 * Where checks are written: in an expression (a chain of checks), in a block of statements, or at the top of a
 * function (statements, where a wrong type ends the function).
 */
type Context = "expression" | "block" | "top";

class FunctionWriter {
  /** Scratch variables, in the order first used (the function's parameters past `seen`). */
  private readonly scratch: string[] = [];

  constructor(
    private readonly module: ModuleWriter,
    private readonly root: Schema,
  ) {}

  /** The arrow function checking `schema` (tracking what it evaluates in `a` when `tracked`). */
  write(schema: Schema, tracked: boolean): string {
    const steps = this.steps(schema, "d", [], tracked ? "a" : undefined, 0, "top");
    const last = steps.length > 0 && isExpression(steps[steps.length - 1]!) ? chain(steps.slice(-1)) : undefined;
    const body =
      last === undefined
        ? `{${statements(steps)}return!0}`
        : steps.length === 1
          ? last
          : `{${statements(steps.slice(0, -1))}return${last.startsWith("(") ? "" : " "}${last}}`;
    // The parameters the body uses: scratch variables are never passed (only those used are declared), and of the
    // others, one skipped before one used is named as unused.
    const names = identifiers(body);
    for (const name of names) this.module.named.add(name);
    const uses = (name: string) => names.has(name);
    const parameters = ["d", "p", "e", "a", ...this.scratch.filter(uses)];
    let count = parameters.length;
    while (count > 0 && !uses(parameters[count - 1]!)) count--;
    const list = parameters.slice(0, count).map((name) => (uses(name) ? name : `_${name}`));
    return `(${list.join(",")})=>${body}`;
  }

  private variable(prefix: string, depth: number): string {
    // The value at each depth, the commonest scratch variable, has a letter of its own (no helper has it).
    const name = prefix === "x" && depth <= VALUE_LETTERS.length ? VALUE_LETTERS[depth - 1]! : `${prefix}${depth}`;
    if (!this.scratch.includes(name)) this.scratch.push(name);
    return name;
  }

  /** A check that fails the fast path when `test` is false: `(test||fail)`. */
  private check(test: string, failure: string): Step {
    return { expression: `(${test}||${operand(failure, "||")})` };
  }

  /**
   * The checks of `schema` on the value in the variable `data` (at `where`),
   * as an expression; "" when it checks nothing. A schema that needs
   * statements is called as a function of its own.
   */
  private inline(schema: Schema, data: string, where: Where, seen: string | undefined, depth: number): string {
    if (needsStatements(schema, lazyPlace(where) === undefined)) {
      const target = this.module.branchFunction(this.root, schema, seen !== undefined);
      return callOf(target, schema, data, where, seen);
    }
    const steps = this.steps(schema, data, where, seen, depth, "expression");
    return steps.length === 1 ? chain(steps) : steps.length > 1 ? `(${chain(steps)})` : "";
  }

  /**
   * The checks of a subschema in `context`: inline statements where statements may be written and the subschema
   * (or one it holds) needs them, so that its loops run in this function; otherwise an expression.
   */
  private child(schema: Schema, data: string, where: Where, seen: string | undefined, depth: number, context: Context): Step[] {
    if (context === "expression" || !holdsStatements(schema)) {
      const check = this.inline(schema, data, where, seen, depth);
      return check === "" ? [] : [{ expression: check }];
    }
    return this.steps(schema, data, where, seen, depth, "block");
  }

  /**
   * The checks of `schema` on the value in `data` at `where`; `seen`, the
   * variable collecting what is evaluated, where something reads it.
   */
  private steps(schema: Schema, data: string, where: Where, seen: string | undefined, depth: number, context: Context): Step[] {
    if (schema === true) return [];
    if (schema === false) return [{ expression: `fF0(e,${place(where)})` }];
    // Empty enum: no value is valid.
    if (Array.isArray(schema["enum"]) && schema["enum"].length === 0) return this.steps(false, data, where, seen, depth, context);
    const { pre: steps, types, checks } = this.parts(schema, data, where, seen, depth, context);
    if (types === undefined) return [...steps, ...checks];
    const test = guards(types, data);
    const failure = typeFailure(types, data, where);
    if (checks.length === 0) return [...steps, this.check(test, failure)];
    if (checks.every(isExpression) && steps.length === 0) return [{ expression: `(${test}?${chain(checks)}:${failure})` }];
    if (context === "top") return [...steps, { statement: `if(!${test})return ${failure};` }, ...checks];
    return [...steps, { statement: `if(${test}){${statements(checks)}}else if(!${failure})return!1;` }];
  }

  /**
   * The checks of a property's value, read into `value` by `read`, where its schema requires a type: the type test
   * on the read first (`S(x1=d.name)`), then the other checks; else the value is absent, or (`required`) missing.
   * An expression, or where statements may be written and the checks need them, a statement. Undefined where the
   * schema does not fit.
   */
  private typedRead(schema: Schema, value: string, read: string, where: Where, required: boolean, depth: number, context: Context): Step | undefined {
    if (typeof schema !== "object" || schema["type"] === undefined) return undefined;
    if (context === "expression" && needsStatements(schema, lazyPlace(where) === undefined)) return undefined;
    if (Array.isArray(schema["enum"]) && schema["enum"].length === 0) return undefined;
    const { pre, types, checks } = this.parts(schema, value, where, undefined, depth, context === "expression" ? "expression" : "block");
    if (types === undefined || pre.length > 0) return undefined;
    const test = guards(types, value, `${value}=${read}`);
    const otherwise = (required ? requiredFailure : optionalFailure)(types, value, where);
    if (checks.every(isExpression)) return { expression: checks.length === 0 ? `(${test}||${otherwise})` : `(${test}?${chain(checks)}:${otherwise})` };
    return { statement: `if(${test}){${statements(checks)}}else if(!${otherwise})return!1;` };
  }

  /**
   * The checks of `schema` (neither `true`, `false` nor an empty `enum`) on the value in `data`: statements to write
   * first, the types it requires, and the checks that apply once the value is of those types.
   */
  private parts(
    schema: SchemaObject,
    data: string,
    where: Where,
    seen: string | undefined,
    depth: number,
    context: Context,
  ): { pre: Step[]; types: readonly string[] | undefined; checks: Step[] } {
    const readsEvaluation = schema["unevaluatedProperties"] !== undefined || schema["unevaluatedItems"] !== undefined;
    const own = readsEvaluation ? this.variable("z", depth) : seen;
    const steps: Step[] = readsEvaluation ? [{ statement: `${own}=new Set();` }] : [];
    const inner: Context = context === "expression" ? "expression" : "block";

    const types = schema["type"] === undefined ? undefined : Array.isArray(schema["type"]) ? (schema["type"] as string[]) : [schema["type"] as string];
    const single = types?.length === 1 ? types[0] : undefined;
    // Keywords of a type the schema already requires need no guard of their own.
    const group = (type: "string" | "number" | "array", guard: string, checks: Step[]): Step[] => {
      if (checks.length === 0) return [];
      if (single === type || (type === "number" && single === "integer")) return checks;
      if (checks.every(isExpression)) return [{ expression: `(!${guard}||${operand(chain(checks), "||")})` }];
      return [{ statement: `if(${guard}){${statements(checks)}}` }];
    };

    const objectSteps = this.objects(schema, data, where, own, depth, inner);
    const rest: Step[] = [];
    if (typeof schema["$ref"] === "string") rest.push(...this.ref(schema["$ref"], data, where, own));
    rest.push(...this.values(schema, data, where));
    rest.push(...group("string", guard("string", data), this.strings(schema, data, where)));
    rest.push(...group("number", `N(${data})`, this.numbers(schema, data, where)));
    if (single !== "object" && objectSteps.length > 0) {
      const guard = `O(${data})`;
      if (objectSteps.every(isExpression)) rest.push({ expression: `(!${guard}||${operand(chain(objectSteps), "||")})` });
      else rest.push({ statement: `if(${guard}){${statements(objectSteps)}}` });
    }
    rest.push(...group("array", `A(${data})`, this.arrays(schema, data, where, own, depth, inner)));
    rest.push(...this.combinators(schema, data, where, own, depth, inner));
    if (readsEvaluation) {
      rest.push(...group("array", `A(${data})`, this.unevaluatedItems(schema, data, where, own!, seen, depth)));
      // Last: what every other keyword evaluated is known.
      const unevaluated = this.unevaluatedProperties(schema, data, where, own!, seen, depth);
      if (unevaluated.length > 0 && single === "object") rest.push(...unevaluated);
      else if (unevaluated.length > 0) rest.push({ statement: `if(O(${data})){${statements(unevaluated)}}` });
    }
    return { pre: steps, types, checks: single === "object" ? [...objectSteps, ...rest] : rest };
  }

  private ref(ref: string, data: string, where: Where, seen: string | undefined): Step[] {
    const target = this.module.refFunction(this.root, ref, seen !== undefined);
    // Normalisation leaves no ref it cannot resolve; one that is not there constrains nothing.
    if (target === undefined) return [];
    return [{ expression: callOf(target, this.module.refSchema(this.root, ref)!, data, where, seen) }];
  }

  /** `enum` and `const`. */
  private values(schema: SchemaObject, data: string, where: Where): Step[] {
    const steps: Step[] = [];
    if (Array.isArray(schema["enum"])) {
      const members = schema["enum"] as unknown[];
      const primitives = [...new Map(members.filter(isPrimitive).map((member) => [literal(member), member])).values()];
      if (members.length === 1) steps.push(this.constant(members[0], data, where));
      else if (primitives.length < members.length) {
        const allowed = this.jsonConstant(members);
        steps.push(this.check(`H(${data},${allowed})`, `fE(e,${allowed},${place(where)})`));
      } else {
        const list = `[${primitives.map(literal).join(",")}]`;
        if (primitives.length > MAX_COMPARED_ENUM) {
          // Many members: looked up in a constant set.
          const allowed = this.module.constant("c", `new Set(${list})`);
          steps.push(this.check(`${allowed}.has(${data})`, `fE(e,${allowed},${place(where)})`));
        } else {
          // A few members: compared one by one (`data` is a variable, read once), each with a constant the engine
          // compares by identity first (a fifth to a third faster than a builtin's search on schemas with enums); the
          // list is built only for an issue.
          const test = primitives.map((member) => `${data}===${literal(member)}`).join("||");
          steps.push(this.check(test, `fE(e,${list},${place(where)})`));
        }
      }
    }
    if (Object.prototype.hasOwnProperty.call(schema, "const")) steps.push(this.constant(schema["const"], data, where));
    return steps;
  }

  private constant(value: unknown, data: string, where: Where): Step {
    if (isPrimitive(value)) return this.check(`${data}===${literal(value)}`, `fC(e,${literal(value)},${place(where)})`);
    const constant = this.jsonConstant(value);
    return this.check(`q(${data},${constant})`, `fC(e,${constant},${place(where)})`);
  }

  private jsonConstant(value: unknown): string {
    return this.module.constant("c", `JSON.parse(${stringLiteral(JSON.stringify(value))})`);
  }

  /** A limit: `test`, else the issue of keyword `keyword` with `limit`. */
  private limit(test: string, where: Where, keyword: keyof typeof LIMIT_CODES, limit: number): Step {
    return this.check(test, `fK(e,${LIMIT_CODES[keyword]},${number(limit)},${place(where)})`);
  }

  private strings(schema: SchemaObject, data: string, where: Where): Step[] {
    const steps: Step[] = [];
    const minLength = schema["minLength"];
    if (typeof minLength === "number" && minLength > 0) {
      // A string of 2n UTF-16 units or more has n code points or more; one of 1 has 1.
      const test = minLength <= 1 ? `${data}.length>=1` : `${data}.length>=${number(2 * minLength)}||l(${data})>=${number(minLength)}`;
      steps.push(this.limit(test, where, "minLength", minLength));
    }
    const maxLength = schema["maxLength"];
    if (typeof maxLength === "number") {
      steps.push(this.limit(`${data}.length<=${number(maxLength)}||l(${data})<=${number(maxLength)}`, where, "maxLength", maxLength));
    }
    if (typeof schema["pattern"] === "string") {
      const source = this.module.constant("c", stringLiteral(schema["pattern"]));
      steps.push(this.check(`${this.pattern(schema["pattern"], source)}.test(${data})`, `fP(e,${source},${place(where)})`));
    }
    steps.push(...this.format(schema, data, where, "string"));
    return steps;
  }

  private format(schema: SchemaObject, data: string, where: Where, checks: "string" | "number"): Step[] {
    const format = schema["format"];
    if (typeof format !== "string" || this.module.context.formats.get(format) !== checks) return [];
    return [this.check(`${this.module.context.formatCheck(format)}(${data})`, `fF(e,${stringLiteral(format)},${place(where)})`)];
  }

  /** A module-level constant testing a pattern, compiled as normalisation decided from `text`, the constant of its source. */
  private pattern(source: string, text = this.module.constant("c", stringLiteral(source))): string {
    const mode = this.module.context.patternModes.get(source);
    if (mode === "linear" || mode === "linear-legacy") {
      return this.module.constant("r", `new LinearRegExp(${text},${stringLiteral(mode === "linear" ? "u" : "")})`);
    }
    return this.module.constant("r", `new RegExp(${text},${stringLiteral(mode === "legacy" ? "" : "u")})`);
  }

  private numbers(schema: SchemaObject, data: string, where: Where): Step[] {
    const steps: Step[] = [];
    const bound = (keyword: "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum", passing: string) => {
      const limit = schema[keyword];
      if (typeof limit === "number") steps.push(this.limit(`${data}${passing}${number(limit)}`, where, keyword, limit));
    };
    bound("minimum", ">=");
    bound("maximum", "<=");
    bound("exclusiveMinimum", ">");
    bound("exclusiveMaximum", "<");
    const divisor = schema["multipleOf"];
    if (typeof divisor === "number") steps.push(this.limit(`M(${data},${number(divisor)})`, where, "multipleOf", divisor));
    steps.push(...this.format(schema, data, where, "number"));
    return steps;
  }

  /**
   * A property of the object `data` by name: read as it is (absent reads as undefined), but for a name
   * Object.prototype has, which is read only when own. Whatever else `data` could inherit, `P` rules out, around
   * the first such read (where it costs nothing): an object of another prototype throws, and `runValidator` checks
   * a copy of the value's own properties.
   */
  private read(data: string, name: string): string {
    if (PROTOTYPE_MEMBERS.has(name)) return `g(${data},${stringLiteral(name)})`;
    return isPlainPropertyName(name) ? `${data}.${name}` : `${data}[${stringLiteral(name)}]`;
  }

  private objects(schema: SchemaObject, data: string, where: Where, seen: string | undefined, depth: number, context: Context): Step[] {
    const steps: Step[] = [];
    const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
    const declared = Object.keys(properties);
    const required = Array.isArray(schema["required"]) ? [...new Set(schema["required"] as string[])] : [];
    let reads = false;
    for (const name of required) {
      if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
      // Present means defined, as for a declared property (`D`).
      steps.push(this.check(`D(${data},${stringLiteral(name)})`, `fR(e,${place(child(where, name))})`));
    }
    for (const name of declared) {
      const sub = properties[name]!;
      const at = child(where, name);
      const isRequired = required.includes(name);
      // A JSON value is never undefined: present means defined. The first read checks the prototype (see `read`).
      let read = this.read(data, name);
      if (!PROTOTYPE_MEMBERS.has(name) && !reads && (isRequired || !checksNothing(sub))) {
        read = `P(${data},${read})`;
        reads = true;
      }
      const format = seen === undefined && lazyPlace(at) !== undefined ? formatOnly(sub, this.module.context.formats) : undefined;
      if (format !== undefined) {
        // A string of a format and nothing else, the commonest after a type alone: `F(d.at,format_date,"date",e,p,"/at")`
        // (`FQ` where it is required).
        const check = this.module.context.formatCheck(format);
        steps.push({ expression: `F${isRequired ? "Q" : ""}(${read},${check},${stringLiteral(format)},e,${lazyPlace(at)!})` });
        continue;
      }
      const value = this.variable("x", depth + 1);
      const typed = seen === undefined ? this.typedRead(sub, value, read, at, isRequired, depth + 1, context) : undefined;
      if (typed !== undefined) {
        steps.push(typed);
        continue;
      }
      const mark = seen === undefined ? [] : [{ expression: `m(${seen},${stringLiteral(name)})` }];
      const checks = [...mark, ...this.child(sub, value, at, undefined, depth + 1, context)];
      const missing = `fR(e,${place(at)})`;
      if (checks.length === 0) {
        if (isRequired) steps.push(this.check(presentValue(read), missing));
      } else if (checks.every(isExpression)) {
        const present = chain(checks);
        const isAbsent = absent(`${value}=${read}`);
        steps.push({ expression: isRequired ? `(${isAbsent}?${missing}:${present})` : `(${isAbsent}||${operand(present, "||")})` });
      } else {
        const present = `{${statements(checks)}}`;
        steps.push({
          statement: isRequired
            ? `if(${absent(`${value}=${read}`)}){if(!${missing})return!1}else${present}`
            : `if(${presentValue(`${value}=${read}`)})${present}`,
        });
      }
    }
    const dependentRequired = schema["dependentRequired"] as Record<string, string[]> | undefined;
    for (const [name, names] of Object.entries(dependentRequired ?? {})) {
      if (names.length === 0) continue;
      const list = this.module.constant("c", `[${names.map(stringLiteral).join(",")}]`);
      steps.push({
        expression: `(!D(${data},${stringLiteral(name)})||fD(${data},${stringLiteral(name)},${list},e,${place(where)}))`,
      });
    }
    // Counted as `D` counts a property (its value defined): `K` stops at the least it needs, `KM` looks at the values
    // only where there are more names than the most.
    const count = (keyword: "minProperties" | "maxProperties", helper: string) => {
      const limit = schema[keyword];
      if (typeof limit === "number") steps.push(this.limit(`${helper}(${data},${number(limit)})`, where, keyword, limit));
    };
    count("minProperties", "K");
    count("maxProperties", "KM");
    const dependentSchemas = schema["dependentSchemas"] as Record<string, Schema> | undefined;
    for (const [name, sub] of Object.entries(dependentSchemas ?? {})) {
      const checks = this.child(sub, data, where, seen, depth, context);
      const present = `D(${data},${stringLiteral(name)})`;
      if (checks.length === 0) continue;
      if (checks.every(isExpression)) steps.push({ expression: `(!${present}||${operand(chain(checks), "||")})` });
      else steps.push({ statement: `if(${present}){${statements(checks)}}` });
    }
    steps.push(...this.propertyLoop(schema, data, where, seen, declared, depth));
    return steps;
  }

  /** `patternProperties`, `additionalProperties` and `propertyNames`: one pass over the own property names. */
  private propertyLoop(schema: SchemaObject, data: string, where: Where, seen: string | undefined, declared: readonly string[], depth: number): Step[] {
    const patterns = Object.entries((schema["patternProperties"] ?? {}) as Record<string, Schema>);
    const additional = schema["additionalProperties"] as Schema | undefined;
    const names = schema["propertyNames"] as Schema | undefined;
    const checksAdditional = additional !== undefined && !checksNothing(additional);
    if (patterns.length === 0 && !checksAdditional && checksNothing(names)) {
      return additional !== undefined && seen !== undefined ? [{ expression: `m(${seen},!0)` }] : [];
    }
    if (closedOnly(schema) && seen === undefined && lazyPlace(where) !== undefined) {
      // The commonest: the declared names and no other (`X(x,c1,e,p,"/filter")`, where `c1` tells the declared names),
      // an expression.
      return [{ expression: `X(${data},${this.module.declaredNames(declared)},e,${lazyPlace(where)!})` }];
    }
    const key = `k${depth}`;
    const value = this.variable("x", depth + 1);
    const keyPath = dynamicChild(where, `t(${key})`);
    let body = "";
    if (!checksNothing(names)) {
      const check = this.module.branchFunction(this.root, names!, false);
      body += `if(!${check}(${key})&&!fN(e,${key},${check},${place(where)}))return!1;`;
    }
    const matched = this.variable("n", depth);
    if (checksAdditional && patterns.length > 0) body += `${matched}=0;`;
    for (const [pattern, sub] of patterns) {
      const mark = seen === undefined ? "" : `m(${seen},${key});`;
      const flag = checksAdditional ? `${matched}=1;` : "";
      body += `if(${this.pattern(pattern)}.test(${key})){${flag}${mark}${statements(this.child(sub, value, keyPath, undefined, depth + 1, "block"))}}`;
    }
    let additionalOnly: [isDeclared: string, check: string] | undefined;
    // Values of one type and nothing else beside them, the commonest map: a value left undefined (absent, see `D`) is
    // told apart only where the type test fails, so that the valid path tests nothing more per property.
    const valuesType = patterns.length === 0 && checksNothing(names) && checksAdditional ? oneType(additional!) : undefined;
    if (checksAdditional) {
      const isDeclared =
        declared.length === 0
          ? ""
          : declared.length > MAX_CHAINED_NAMES
            ? `${this.module.constant("c", `new Set([${declared.map(stringLiteral).join(",")}])`)}.has(${key})`
            : declared.map((name) => `${key}===${stringLiteral(name)}`).join("||");
      const conditions = `${patterns.length > 0 ? `!${matched}&&` : ""}${isDeclared === "" ? "" : `!(${isDeclared})&&`}`;
      if (additional === false) {
        const check = `fX(e,${place(keyPath)})`;
        body += `if(${conditions}!${check})return!1;`;
        if (patterns.length === 0 && checksNothing(names)) additionalOnly = [isDeclared, check];
      } else if (valuesType !== undefined) {
        body += `if(${conditions}!(${guard(valuesType, value)}||u(${value})||${typeFailure([valuesType], value, keyPath)}))return!1;`;
      } else {
        const checks = this.child(additional!, value, keyPath, undefined, depth + 1, "block");
        if (checks.length > 0) body += conditions === "" ? statements(checks) : `if(${conditions.slice(0, -2)}){${statements(checks)}}`;
      }
    }
    const after: Step[] = additional !== undefined && seen !== undefined ? [{ expression: `m(${seen},!0)` }] : [];
    if (body === "") return after;
    // for-in lists inherited enumerable names too (none, unless Object.prototype was polluted): each is checked to be
    // the object's own, after the cheap test of its name where that is all there is to do. A property whose value is
    // undefined is absent (`D`): the value, where the body reads it, is read once with that test (but for `valuesType`).
    if (additionalOnly !== undefined) {
      const [isDeclared, check] = additionalOnly;
      const test = isDeclared === "" ? "" : `!(${isDeclared})&&`;
      return [{ statement: `for(const ${key} in ${data})if(${test}D(${data},${key})&&!${check})return!1;` }, ...after];
    }
    const skip =
      valuesType !== undefined
        ? `if(!h(${data},${key}))continue;${value}=${data}[${key}];`
        : `if(${new RegExp(`\\b${value}\\b`).test(body) ? `!h(${data},${key})||u(${value}=${data}[${key}])` : `!D(${data},${key})`})continue;`;
    return [{ statement: `for(const ${key} in ${data}){${skip}${body}}` }, ...after];
  }

  private arrays(schema: SchemaObject, data: string, where: Where, seen: string | undefined, depth: number, context: Context): Step[] {
    const steps: Step[] = [];
    const count = (keyword: "minItems" | "maxItems", passing: string) => {
      const limit = schema[keyword];
      if (typeof limit === "number") steps.push(this.limit(`${data}.length${passing}${number(limit)}`, where, keyword, limit));
    };
    count("minItems", ">=");
    count("maxItems", "<=");
    const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as Schema[]) : [];
    prefix.forEach((sub, index) => {
      const value = this.variable("x", depth + 1);
      const checks = this.child(sub, value, child(where, String(index)), undefined, depth + 1, context);
      if (checks.length === 0) return;
      if (checks.every(isExpression))
        steps.push({ expression: `(${data}.length<=${index}||(${value}=${this.item(sub, data, String(index))},${chain(checks)}))` });
      else steps.push({ statement: `if(${data}.length>${index}){${value}=${this.item(sub, data, String(index))};${statements(checks)}}` });
    });
    if (prefix.length > 0 && seen !== undefined) steps.push({ expression: `sI(${seen},${prefix.length})` });
    const items = schema["items"] as Schema | undefined;
    if (items === false) {
      steps.push(this.limit(`${data}.length<=${prefix.length}`, where, "maxItems", prefix.length));
    } else if (items !== undefined && typedItems(schema) && lazyPlace(where) !== undefined) {
      // Items of one type and nothing else, the commonest: a helper's loop (`aS(x,e,p,"/tags")`), an expression.
      steps.push({ expression: `a${TYPE_GUARDS[oneType(items)!]!}(${data},e,${lazyPlace(where)!})` });
    } else if (items !== undefined && !checksNothing(items)) {
      const index = `i${depth}`;
      const value = this.variable("x", depth + 1);
      const checks = this.child(items, value, dynamicChild(where, index), undefined, depth + 1, "block");
      const loop = `for(let ${index}=${prefix.length};${index}<${data}.length;${index}++)`;
      const read = `${value}=${this.item(items, data, index)}`;
      // Keywords may come to no check (`minLength: 0`, an unknown `format`, a lone `if`): then there is no loop.
      if (checks.length > 0 && checks.every(isExpression)) steps.push({ statement: `${loop}if(!(${read},${operand(chain(checks), ",")}))return!1;` });
      else if (checks.length > 0) steps.push({ statement: `${loop}{${read};${statements(checks)}}` });
    }
    if (items !== undefined && items !== false && seen !== undefined) steps.push({ expression: `m(${seen},!0)` });
    if (schema["contains"] !== undefined) steps.push(...this.contains(schema, data, where, seen, depth));
    if (schema["uniqueItems"] === true) {
      const pair = this.variable("u", depth);
      steps.push(this.check(`${data}.length<2||!(${pair}=duplicateItems(${data}))`, `fU(e,${pair},${place(where)})`));
    }
    return steps;
  }

  /**
   * The item `index` of the array `data`, to be checked against `schema`, as JSON.stringify sends it: an item that is
   * undefined (or a hole) is sent as `null`, and checked so (`d[i]??null`) by every keyword that reads items (`items`,
   * `prefixItems`, `contains`, `unevaluatedItems`; `uniqueItems` compares items so too). Read as it is where `schema`
   * (or the one its lone `$ref` names) requires a type other than null: then undefined and null fail its type test
   * alike, with the same issue, and a valid item costs nothing more.
   */
  private item(schema: Schema, data: string, index: string): string {
    const read = `${data}[${index}]`;
    const target =
      typeof schema === "object" && schema["type"] === undefined && typeof schema["$ref"] === "string" && onlyRef(schema)
        ? this.module.refSchema(this.root, schema["$ref"])
        : schema;
    return refusesNull(target) ? read : `${read}??null`;
  }

  private contains(schema: SchemaObject, data: string, where: Where, seen: string | undefined, depth: number): Step[] {
    const check = this.module.branchFunction(this.root, schema["contains"] as Schema, false);
    const min = typeof schema["minContains"] === "number" ? schema["minContains"] : 1;
    const max = typeof schema["maxContains"] === "number" ? schema["maxContains"] : undefined;
    const matches = this.variable("n", depth);
    const index = `i${depth}`;
    const mark = seen === undefined ? "" : `m(${seen},${index});`;
    return [
      {
        statement: `${matches}=0;for(let ${index}=0;${index}<${data}.length;${index}++)if(${check}(${this.item(schema["contains"] as Schema, data, index)})){${matches}++;${mark}}`,
      },
      { expression: `fS(e,${matches},${number(min)},${max === undefined ? "Infinity" : number(max)},${place(where)})` },
    ];
  }

  private combinators(schema: SchemaObject, data: string, where: Where, seen: string | undefined, depth: number, context: Context): Step[] {
    const steps: Step[] = [];
    for (const member of (schema["allOf"] ?? []) as Schema[]) steps.push(...this.child(member, data, where, seen, depth, context));
    const tracked = seen !== undefined;
    const table = (branches: Schema[]) =>
      this.module.constant("b", `[${branches.map((branch) => this.module.branchFunction(this.root, branch, tracked)).join(",")}]`);
    // Each branch is called where it is named (a call site of its own, which the engine can inline), but where what
    // the branches evaluate is collected.
    const direct = (branches: Schema[]) => branches.map((branch) => `${this.module.branchFunction(this.root, branch, false)}(${data})`);
    if (Array.isArray(schema["anyOf"])) {
      const branches = schema["anyOf"] as Schema[];
      const branchTable = table(branches);
      const passes = tracked ? `any(${data},${branchTable},${seen})` : direct(branches).join("||");
      steps.push(this.check(passes, `fB(e,${data},${branchTable},0,${place(where)})`));
    }
    if (Array.isArray(schema["oneOf"])) {
      const branches = schema["oneOf"] as Schema[];
      const branchTable = table(branches);
      const count = tracked
        ? `one(${data},${branchTable},${seen})`
        : direct(branches)
            .map((call) => `+${call}`)
            .join("+ ");
      steps.push({ expression: `fO(e,${data},${branchTable},${count},${place(where)})` });
    }
    if (schema["not"] !== undefined) {
      steps.push(this.check(`!${this.module.branchFunction(this.root, schema["not"] as Schema, false)}(${data})`, `fNot(e,${place(where)})`));
    }
    if (schema["if"] !== undefined) {
      const then = schema["then"] === undefined ? [] : this.child(schema["then"] as Schema, data, where, seen, depth, context);
      const otherwise = schema["else"] === undefined ? [] : this.child(schema["else"] as Schema, data, where, seen, depth, context);
      // A lone `if` checks nothing, but what it evaluates counts when it passes.
      if (then.length > 0 || otherwise.length > 0 || tracked) {
        const condition = tracked
          ? `y(${data},${this.module.branchFunction(this.root, schema["if"] as Schema, tracked)},${seen})`
          : `${this.module.branchFunction(this.root, schema["if"] as Schema, false)}(${data})`;
        if ([...then, ...otherwise].every(isExpression)) steps.push({ expression: `(${condition}?${chain(then) || "!0"}:${chain(otherwise) || "!0"})` });
        else steps.push({ statement: `if(${condition}){${statements(then)}}else{${statements(otherwise)}}` });
      }
    }
    return steps;
  }

  private unevaluatedProperties(schema: SchemaObject, data: string, where: Where, own: string, outer: string | undefined, depth: number): Step[] {
    const unevaluated = schema["unevaluatedProperties"] as Schema | undefined;
    const after: Step[] = outer === undefined ? [] : [{ expression: `m(${outer},!0)` }];
    if (unevaluated === undefined || unevaluated === true) return unevaluated === undefined ? [] : after;
    const key = `k${depth}`;
    const value = this.variable("x", depth + 1);
    const keyPath = dynamicChild(where, `t(${key})`);
    const unseen = `D(${data},${key})&&!s(${own},${key})`;
    const checks = unevaluated === false ? [] : this.child(unevaluated, value, keyPath, undefined, depth + 1, "block");
    const loop = `for(const ${key} in ${data})`;
    if (unevaluated === false) return [{ statement: `${loop}if(${unseen}&&!fX(e,${place(keyPath)}))return!1;` }, ...after];
    if (checks.length === 0) return after;
    return [{ statement: `${loop}if(${unseen}){${value}=${data}[${key}];${statements(checks)}}` }, ...after];
  }

  private unevaluatedItems(schema: SchemaObject, data: string, where: Where, own: string, outer: string | undefined, depth: number): Step[] {
    const unevaluated = schema["unevaluatedItems"] as Schema | undefined;
    const after: Step[] = outer === undefined ? [] : [{ expression: `m(${outer},!0)` }];
    if (unevaluated === undefined || unevaluated === true) return unevaluated === undefined ? [] : after;
    const index = `i${depth}`;
    const value = this.variable("x", depth + 1);
    const itemPath = dynamicChild(where, index);
    const unseen = `!s(${own},${index})`;
    const loop = `for(let ${index}=0;${index}<${data}.length;${index}++)`;
    if (unevaluated === false) return [{ statement: `${loop}if(${unseen}&&!fI(e,${place(itemPath)}))return!1;` }, ...after];
    const checks = this.child(unevaluated, value, itemPath, undefined, depth + 1, "block");
    if (checks.length === 0) return after;
    return [{ statement: `${loop}if(${unseen}){${value}=${this.item(unevaluated, data, index)};${statements(checks)}}` }, ...after];
  }
}

/**
 * The keywords the validators check (any other is an annotation, or unknown): those of values, and
 * every keyword that holds subschemas but `$defs` and `then`/`else` (which check nothing without `if`).
 */
const CHECKED_KEYWORDS: ReadonlySet<string> = new Set([
  ...["type", "enum", "const", "$ref", "minLength", "maxLength", "pattern", "format", "minimum", "maximum", "exclusiveMinimum"],
  ...["exclusiveMaximum", "multipleOf", "required", "dependentRequired", "minProperties", "maxProperties"],
  ...["uniqueItems", "minItems", "maxItems"],
  ...[...SUBSCHEMA_KEYWORDS]
    .filter(([keyword, { position }]) => position !== "definitions" && keyword !== "then" && keyword !== "else")
    .map(([keyword]) => keyword),
]);

/** Whether `schema` accepts every value: `true`, or a schema with no keyword the validators check. */
function checksNothing(schema: Schema | undefined): boolean {
  return schema === undefined || schema === true || (typeof schema === "object" && Object.keys(schema).every((keyword) => !CHECKED_KEYWORDS.has(keyword)));
}

/**
 * Whether checking `schema` needs statements (a loop over items or property names, or a set of what is evaluated):
 * then it is a function of its own wherever it is not one already.
 */
function needsStatements(schema: Schema, dynamic: boolean): boolean {
  if (typeof schema !== "object") return false;
  const loops = (keyword: string) => schema[keyword] !== undefined && !checksNothing(schema[keyword] as Schema);
  return (
    (loops("items") && schema["items"] !== false && (dynamic || !typedItems(schema))) ||
    schema["contains"] !== undefined ||
    (loops("additionalProperties") && (dynamic || !closedOnly(schema))) ||
    (schema["patternProperties"] !== undefined && Object.keys(schema["patternProperties"] as object).length > 0) ||
    loops("propertyNames") ||
    schema["unevaluatedProperties"] !== undefined ||
    schema["unevaluatedItems"] !== undefined
  );
}

/** The format of `schema` where it is a string of a format mcpgen checks, and that is all it checks. */
function formatOnly(schema: Schema, formats: ReadonlyMap<string, "number" | "string">): string | undefined {
  if (typeof schema !== "object" || schema["type"] !== "string" || typeof schema["format"] !== "string") return undefined;
  if (formats.get(schema["format"]) !== "string") return undefined;
  return Object.keys(schema).every((keyword) => keyword === "type" || keyword === "format" || !CHECKED_KEYWORDS.has(keyword)) ? schema["format"] : undefined;
}

/** Whether `schema` refuses properties it does not declare, with no `patternProperties` or `propertyNames`. */
const closedOnly = (schema: SchemaObject): boolean =>
  schema["additionalProperties"] === false &&
  (schema["patternProperties"] === undefined || Object.keys(schema["patternProperties"] as object).length === 0) &&
  checksNothing(schema["propertyNames"] as Schema | undefined);

/** Whether the `items` of `schema` require a type and nothing else, and it has no `prefixItems`. */
const typedItems = (schema: SchemaObject): boolean => oneType(schema["items"] as Schema) !== undefined && schema["prefixItems"] === undefined;

/** The type `schema` requires where that is all it checks (`{ "type": "string" }`, with annotations). */
function oneType(schema: Schema): string | undefined {
  if (typeof schema !== "object" || typeof schema["type"] !== "string" || TYPE_GUARDS[schema["type"]] === undefined) return undefined;
  return Object.keys(schema).every((keyword) => keyword === "type" || !CHECKED_KEYWORDS.has(keyword)) ? schema["type"] : undefined;
}

/** Whether `schema`, or a subschema it checks in this function (not a branch, not a `$ref`), needs statements. */
function holdsStatements(schema: Schema): boolean {
  if (typeof schema !== "object") return false;
  let holds = HOLDS_STATEMENTS.get(schema);
  if (holds === undefined) {
    holds = needsStatements(schema, true) || inlineSubschemas(schema).some(holdsStatements);
    HOLDS_STATEMENTS.set(schema, holds);
  }
  return holds;
}

const HOLDS_STATEMENTS = new WeakMap<SchemaObject, boolean>();

/** The subschemas of `schema` whose checks are written inside its own (children and in-place ones). */
function inlineSubschemas(schema: SchemaObject): Schema[] {
  const subschemas: Schema[] = [];
  for (const [keyword, { shape, position }] of SUBSCHEMA_KEYWORDS) {
    const sub = schema[keyword];
    if (sub === undefined || (position !== "child" && position !== "in-place") || Object.hasOwn(CHECKED_APART, keyword)) continue;
    if (shape === "map") {
      if (typeof sub === "object" && sub !== null) subschemas.push(...(Object.values(sub) as Schema[]));
    } else if (shape === "list") {
      if (Array.isArray(sub)) subschemas.push(...(sub as Schema[]));
    } else subschemas.push(sub as Schema);
  }
  return subschemas;
}

/** The children and in-place subschemas whose checks are not written inside their schema's, and why. */
const CHECKED_APART: Readonly<Record<string, string>> = {
  anyOf: "each branch a function of its own",
  oneOf: "each branch a function of its own",
  if: "a function of its own",
  propertyNames: "checked in a loop over the names",
};

const isPrimitive = (value: unknown): boolean => value === null || typeof value !== "object";

/** A JavaScript literal of a primitive JSON value. */
function literal(value: unknown): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return number(value);
  return String(value);
}

/** A number literal, the infinities included (a schema's `1e400`). */
function number(value: number): string {
  if (Number.isFinite(value)) return Object.is(value, -0) ? "0" : String(value);
  return Number.isNaN(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity";
}

/** Whether `schema` requires a type that null is not of (its type test refuses undefined and null alike). */
function refusesNull(schema: Schema | undefined): boolean {
  if (typeof schema !== "object") return false;
  const type = schema["type"];
  const types = typeof type === "string" ? [type] : Array.isArray(type) ? (type as string[]) : undefined;
  return types !== undefined && types.length > 0 && !types.includes("null") && types.every((name) => TYPE_GUARDS[name] !== undefined);
}

/** Whether `schema` checks nothing but its `$ref`. */
const onlyRef = (schema: SchemaObject): boolean => Object.keys(schema).every((keyword) => keyword === "$ref" || !CHECKED_KEYWORDS.has(keyword));
