/**
 * Writes the validation code of one tool from its normalised schemas: each
 * schema becomes straight-line checks, inlined into the function of the
 * nearest `$ref` target (the root, a `$defs` entry) or branch (`anyOf`,
 * `oneOf`, `not`, `if`, `contains`, `propertyNames`: a branch is tried
 * without reporting). The code calls the helpers of
 * templates/validator-runtime.ts by name; what each helper does, and the
 * contract of every function (`Check`: a fast path without issues, every
 * issue with its pointer and words with them), is said there.
 *
 * Annotations (2020-12 Core §11) are tracked only where an
 * `unevaluatedProperties` or `unevaluatedItems` reads them: such a schema
 * keeps a set of what its in-place subschemas evaluated, and the functions
 * it calls in place are written in a variant that fills the set.
 */
import type { PatternMode, Schema, SchemaObject } from "../../ir/index.js";
import { refTarget } from "../../ir/refs.js";
import { stringLiteral } from "../../shared/escape.js";
import { pointerToken } from "../../shared/errors.js";

/** What the code generator needs to know beyond the schema. */
export interface CodeContext {
  /** How the patterns that do not compile as `new RegExp(source, "u")` compile. */
  patternModes: ReadonlyMap<string, PatternMode>;
  /** The format checks there are, by format name: whether each checks numbers (`int32`, ...) or strings. */
  formats: ReadonlyMap<string, "number" | "string">;
  /** The export of validator-runtime.ts that checks a format. */
  formatCheck: (format: string) => string;
}

/** One tool's validator module, less its imports: the code, and the names it needs from validator-runtime.ts. */
export interface ModuleCode {
  /** Declarations (constants, functions), then `export const <name>: Check = ...;` for each root. */
  code: string;
  /** Names imported from validator-runtime.ts (`Check` and `Seen` are types). */
  helpers: Set<string>;
}

/**
 * The names every object inherits (ECMAScript's Object.prototype, and whatever this engine adds): a
 * property by such a name is read only when the object has it as its own.
 */
const PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  ...["constructor", "__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "hasOwnProperty"],
  ...["isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString", "valueOf"],
]);

/** Enum members written as a chain of `===` up to this many; a `Set` past it. */
const MAX_CHAINED_ENUM = 8;
/** Declared property names compared one by one (for `additionalProperties`) up to this many; a `Set` past it. */
const MAX_CHAINED_NAMES = 8;
/** Allowed values named in an issue; the rest are counted. */
const ALLOWED_VALUES_SHOWN = 10;
/** Characters of one allowed value's JSON shown before it is cut. */
const ALLOWED_VALUE_CHARS = 60;

/** The code of a module validating `roots` (each exported under its name), e.g. `{ input: schema, output: schema }`. */
export function moduleCode(roots: ReadonlyArray<readonly [exportName: string, schema: Schema]>, context: CodeContext): ModuleCode {
  const writer = new ModuleWriter(context);
  const exports = roots.map(([name, schema]) => `export const ${name}: Check = ${writer.root(schema)};`);
  writer.helpers.add("Check");
  return { code: [...writer.constants, ...writer.functions, ...writer.tables, ...exports].map(compact).join("\n") + "\n", helpers: writer.helpers };
}

class ModuleWriter {
  readonly helpers = new Set<string>();
  /** Module-level constants: regular expressions, JSON values, sets of names. */
  readonly constants: string[] = [];
  readonly functions: string[] = [];
  /** Branch tables (`const b0 = [v1, v2];`), after the functions they name. */
  readonly tables: string[] = [];
  private readonly constantNames = new Map<string, string>();
  private readonly functionNames = new Map<string, string>();
  private readonly rootNames = new Map<Schema, string>();
  private functionCount = 0;

  constructor(readonly context: CodeContext) {}

  use(name: string): string {
    this.helpers.add(name);
    return name;
  }

  /** A module-level constant for `code` (declared once, whatever asks for it again). */
  constant(prefix: string, code: string): string {
    let name = this.constantNames.get(code);
    if (name === undefined) {
      name = `${prefix}${this.constantNames.size}`;
      this.constantNames.set(code, name);
      // Pure, so that a bundler drops a module no code it keeps calls (and splits each tool's into a chunk of its own).
      (prefix === "b" ? this.tables : this.constants).push(`const ${name} = ${prefix === "b" ? "" : "/* @__PURE__ */ "}${code};`);
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
    const definitions = typeof root === "object" ? (root["$defs"] as Record<string, Schema> | undefined) : undefined;
    const key = refTarget(ref);
    if (definitions === undefined || !Object.prototype.hasOwnProperty.call(definitions, key)) return undefined;
    return this.function(root, definitions[key]!, tracked, `${ref}|${tracked}`);
  }

  /** The function for a branch schema (deduplicated by content within this root). */
  branchFunction(root: Schema, schema: Schema, tracked: boolean): string {
    return this.function(root, schema, tracked, `~${JSON.stringify(schema)}|${tracked}`);
  }

  private function(root: Schema, schema: Schema, tracked: boolean, key: string): string {
    let names = this.rootNames.get(root);
    if (names === undefined) {
      names = `r${this.rootNames.size}`;
      this.rootNames.set(root, names);
    }
    const fullKey = `${names}${key}`;
    let name = this.functionNames.get(fullKey);
    if (name !== undefined) return name;
    name = `v${this.functionCount++}`;
    this.functionNames.set(fullKey, name);
    const index = this.functions.length;
    this.functions.push("");
    const body = new FunctionWriter(this, root).schema(schema, "d", "p", tracked ? "a" : undefined);
    this.functions[index] = `const ${name}: Check = (d, p, e${tracked ? ", a" : ""}) => {${body}return !0;};`;
    return name;
  }
}

/** The guard of each JSON type, on a data expression. */
const TYPE_GUARDS: Readonly<Record<string, (data: string) => [helper: string | undefined, code: string]>> = {
  string: (data) => ["S", `S(${data})`],
  number: (data) => ["N", `N(${data})`],
  integer: (data) => ["I", `I(${data})`],
  boolean: (data) => ["B", `B(${data})`],
  null: (data) => ["Z", `Z(${data})`],
  object: (data) => ["O", `O(${data})`],
  array: (data) => ["A", `A(${data})`],
};

/** The code of one function: schemas inlined, with variables numbered within it. */
class FunctionWriter {
  private variables = 0;

  constructor(
    private readonly module: ModuleWriter,
    private readonly root: Schema,
  ) {}

  private variable(prefix: string): string {
    return `${prefix}${this.variables++}`;
  }

  private use(name: string): string {
    return this.module.use(name);
  }

  /** `if (<condition> && <failure>) return !1;`: fails, then stops in the fast path. */
  private fail(condition: string, failure: string): string {
    return `if (${condition} && ${failure}) return !1;`;
  }

  private f(path: string, message: string): string {
    return `${this.use("f")}(e, ${path}, ${stringLiteral(message)})`;
  }

  /**
   * Statements checking `schema` against the value in the variable `data`,
   * whose JSON pointer is the expression `path`; `seen`, the variable
   * collecting what is evaluated, where something reads it.
   */
  schema(schema: Schema, data: string, path: string, seen: string | undefined): string {
    if (schema === true) return "";
    if (schema === false) return `if (${this.f(path, "boolean schema is false")}) return !1;`;
    // Empty enum: no value is valid.
    if (Array.isArray(schema["enum"]) && schema["enum"].length === 0) return this.schema(false, data, path, seen);
    const readsEvaluation = schema["unevaluatedProperties"] !== undefined || schema["unevaluatedItems"] !== undefined;
    const own = readsEvaluation ? this.variable("a") : seen;
    let code = readsEvaluation ? `const ${own}: ${this.use("Seen")} = new Set();` : "";

    const types = schema["type"] === undefined ? undefined : Array.isArray(schema["type"]) ? (schema["type"] as string[]) : [schema["type"] as string];
    const single = types?.length === 1 ? types[0] : undefined;
    // Keywords of a type the schema already requires need no guard of their own.
    const group = (type: "string" | "number" | "object" | "array", body: string): string => {
      if (body === "") return "";
      const narrowed = single === type || (type === "number" && single === "integer");
      if (narrowed) return body;
      const [helper, guard] = TYPE_GUARDS[type]!(data);
      if (helper !== undefined) this.use(helper);
      return `if (${guard}) {${body}}`;
    };

    // An object's properties are read from its own-property view (`V`): the object itself when its prototype is
    // Object.prototype or null (then only the names Object.prototype has need an own-property check), else a copy.
    const view = this.variable("o");
    const objectCode = this.objects(schema, view, path, own);
    const lastView = this.variable("o");
    const unevaluatedCode = readsEvaluation ? this.unevaluatedProperties(schema, lastView, path, own!, seen) : "";
    const viewed = (body: string) => `const ${view} = ${this.use("V")}(${data});if (${view}) {${body}}`;

    let rest = "";
    if (typeof schema["$ref"] === "string") rest += this.ref(schema["$ref"], data, path, own);
    rest += this.values(schema, data, path, types !== undefined && !valuesOfTypes(schema, types));
    rest += group("string", this.strings(schema, data, path));
    rest += group("number", this.numbers(schema, data, path));
    if (single !== "object" && objectCode !== "") rest += `{${viewed(objectCode)}}`;
    rest += group("array", this.arrays(schema, data, path, own));
    rest += this.combinators(schema, data, path, own, types !== undefined);
    if (readsEvaluation) rest += group("array", this.unevaluatedItems(schema, data, path, own!, seen));
    // Last: what every other keyword evaluated is known.
    if (unevaluatedCode !== "") rest += `{const ${lastView} = ${this.use("V")}(${data});if (${lastView}) {${unevaluatedCode}}}`;

    if (single === "object" && objectCode !== "") {
      // The view is the type check.
      code += `const ${view} = ${this.use("V")}(${data});if (${view}) {${objectCode}${rest}} else if (${this.use("fT")}(e, ${path}, "object")) return !1;`;
    } else if (types !== undefined) {
      const guards = types.map((type) => {
        const [helper, guard] = TYPE_GUARDS[type]!(data);
        if (helper !== undefined) this.use(helper);
        return guard;
      });
      const failure = `${this.use("fT")}(e, ${path}, ${stringLiteral(types.join(","))})`;
      const test = guards.length === 1 ? `!${guards[0]}` : `!(${guards.join(" || ")})`;
      code += rest === "" ? this.fail(test, failure) : `if (${guards.join(" || ")}) {${rest}} else if (${failure}) return !1;`;
    } else {
      code += rest;
    }
    return code;
  }

  private ref(ref: string, data: string, path: string, seen: string | undefined): string {
    const target = this.module.refFunction(this.root, ref, seen !== undefined);
    // Normalisation leaves no ref it cannot resolve; one that is not there constrains nothing.
    if (target === undefined) return "";
    return `if (!${target}(${data}, e && ${path}, e${seen === undefined ? "" : `, ${seen}`}) && !e) return !1;`;
  }

  /**
   * `enum` and `const`, compared on the value as `unknown` where a type guard
   * narrowed it (TypeScript refuses to compare a `string` with a number).
   */
  private values(schema: SchemaObject, data: string, path: string, narrowed: boolean): string {
    const hasEnum = Array.isArray(schema["enum"]);
    const hasConst = Object.prototype.hasOwnProperty.call(schema, "const");
    if (!hasEnum && !hasConst) return "";
    if (narrowed) {
      const wide = this.variable("w");
      return `{const ${wide}: unknown = ${data};${this.values(schema, wide, path, false)}}`;
    }
    let code = "";
    if (Array.isArray(schema["enum"])) {
      const members = schema["enum"] as unknown[];
      const primitives = [...new Map(members.filter(isPrimitive).map((member) => [literal(member), member])).values()];
      const objects = members.filter((member) => !isPrimitive(member));
      const tests: string[] = [];
      if (primitives.length > MAX_CHAINED_ENUM)
        tests.push(`${this.module.constant("c", `new Set<unknown>([${primitives.map(literal).join(", ")}])`)}.has(${data})`);
      else tests.push(...primitives.map((member) => `${data} === ${literal(member)}`));
      for (const member of objects) tests.push(`${this.use("q")}(${data}, ${this.jsonConstant(member)})`);
      code += this.fail(`!(${tests.join(" || ")})`, this.f(path, allowedValuesMessage(members)));
    }
    if (Object.prototype.hasOwnProperty.call(schema, "const")) {
      const value = schema["const"];
      const test = isPrimitive(value) ? `${data} !== ${literal(value)}` : `!${this.use("q")}(${data}, ${this.jsonConstant(value)})`;
      code += this.fail(test, this.f(path, `must be ${shown(value)}`));
    }
    return code;
  }

  private jsonConstant(value: unknown): string {
    return this.module.constant("c", `JSON.parse(${stringLiteral(JSON.stringify(value))})`);
  }

  private strings(schema: SchemaObject, data: string, path: string): string {
    let code = "";
    const minLength = schema["minLength"];
    if (typeof minLength === "number" && minLength > 0) {
      // A string of 2n UTF-16 units or more has n code points or more.
      code += this.fail(
        `${data}.length < ${number(2 * minLength)} && ${this.use("l")}(${data}) < ${number(minLength)}`,
        this.f(path, `must NOT have fewer than ${minLength} characters`),
      );
    }
    const maxLength = schema["maxLength"];
    if (typeof maxLength === "number") {
      code += this.fail(
        `${data}.length > ${number(maxLength)} && ${this.use("l")}(${data}) > ${number(maxLength)}`,
        this.f(path, `must NOT have more than ${maxLength} characters`),
      );
    }
    if (typeof schema["pattern"] === "string") {
      code += this.fail(`!${this.pattern(schema["pattern"])}.test(${data})`, this.f(path, `must match pattern "${schema["pattern"]}"`));
    }
    code += this.format(schema, data, path, "string");
    return code;
  }

  private format(schema: SchemaObject, data: string, path: string, checks: "string" | "number"): string {
    const format = schema["format"];
    if (typeof format !== "string" || this.module.context.formats.get(format) !== checks) return "";
    return this.fail(`!${this.use(this.module.context.formatCheck(format))}(${data})`, this.f(path, `must match format "${format}"`));
  }

  /** A module-level constant testing a pattern, compiled as normalisation decided. */
  private pattern(source: string): string {
    const mode = this.module.context.patternModes.get(source);
    if (mode === "linear" || mode === "linear-legacy") {
      return this.module.constant("r", `new ${this.use("LinearRegExp")}(${stringLiteral(source)}, ${stringLiteral(mode === "linear" ? "u" : "")})`);
    }
    return this.module.constant("r", `new RegExp(${stringLiteral(source)}, ${stringLiteral(mode === "legacy" ? "" : "u")})`);
  }

  private numbers(schema: SchemaObject, data: string, path: string): string {
    let code = "";
    const bound = (keyword: string, failing: string, comparison: string) => {
      const limit = schema[keyword];
      if (typeof limit === "number") code += this.fail(`${data} ${failing} ${number(limit)}`, this.f(path, `must be ${comparison} ${limit}`));
    };
    bound("minimum", "<", ">=");
    bound("maximum", ">", "<=");
    bound("exclusiveMinimum", "<=", ">");
    bound("exclusiveMaximum", ">=", "<");
    const divisor = schema["multipleOf"];
    if (typeof divisor === "number") code += this.fail(`!${this.use("M")}(${data}, ${number(divisor)})`, this.f(path, `must be multiple of ${divisor}`));
    code += this.format(schema, data, path, "number");
    return code;
  }

  private objects(schema: SchemaObject, data: string, path: string, seen: string | undefined): string {
    let code = "";
    const properties = (schema["properties"] ?? {}) as Record<string, Schema>;
    const declared = Object.keys(properties);
    const required = Array.isArray(schema["required"]) ? [...new Set(schema["required"] as string[])] : [];
    const h = () => this.use("h");
    for (const name of required) {
      if (Object.prototype.hasOwnProperty.call(properties, name)) continue;
      code += this.fail(`!${h()}(${data}, ${stringLiteral(name)})`, `${this.use("fR")}(e, ${childPath(path, name)})`);
    }
    for (const name of declared) {
      const sub = properties[name]!;
      const value = this.variable("x");
      const check = this.schema(sub, value, childPath(path, name), undefined);
      const mark = seen === undefined ? "" : `${seen}?.add(${stringLiteral(name)});`;
      const isRequired = required.includes(name);
      if (check === "" && mark === "" && !isRequired) continue;
      const missing = isRequired ? ` else if (${this.use("fR")}(e, ${childPath(path, name)})) return !1;` : "";
      // A JSON value is never undefined: present means own and defined (the view leaves no other name inherited).
      const read = PROTOTYPE_MEMBERS.has(name)
        ? `${h()}(${data}, ${stringLiteral(name)}) ? ${data}[${stringLiteral(name)}] : void 0`
        : `${data}[${stringLiteral(name)}]`;
      code += `{const ${value} = ${read};if (${value} !== void 0) {${mark}${check}}${missing}}`;
    }
    const dependentRequired = schema["dependentRequired"] as Record<string, string[]> | undefined;
    for (const [name, names] of Object.entries(dependentRequired ?? {})) {
      if (names.length === 0) continue;
      code += this.fail(
        `${h()}(${data}, ${stringLiteral(name)})`,
        `${this.use("fD")}(${data}, ${stringLiteral(name)}, ${this.module.constant("c", `[${names.map(stringLiteral).join(", ")}]`)}, e, ${path})`,
      );
    }
    const count = (keyword: string, failing: string, words: string) => {
      const limit = schema[keyword];
      if (typeof limit === "number")
        code += this.fail(`${this.use("K")}(${data}) ${failing} ${number(limit)}`, this.f(path, `must NOT have ${words} than ${limit} properties`));
    };
    count("minProperties", "<", "fewer");
    count("maxProperties", ">", "more");
    const dependentSchemas = schema["dependentSchemas"] as Record<string, Schema> | undefined;
    for (const [name, sub] of Object.entries(dependentSchemas ?? {})) {
      const check = this.inPlace(sub, data, path, seen, true);
      if (check !== "") code += `if (${h()}(${data}, ${stringLiteral(name)})) {${check}}`;
    }
    code += this.propertyLoop(schema, data, path, seen, declared);
    return code;
  }

  /** `patternProperties`, `additionalProperties` and `propertyNames`: one pass over the own property names. */
  private propertyLoop(schema: SchemaObject, data: string, path: string, seen: string | undefined, declared: readonly string[]): string {
    const patterns = Object.entries((schema["patternProperties"] ?? {}) as Record<string, Schema>);
    const additional = schema["additionalProperties"] as Schema | undefined;
    const names = schema["propertyNames"] as Schema | undefined;
    const checksAdditional = additional !== undefined && additional !== true;
    if (patterns.length === 0 && !checksAdditional && (names === undefined || names === true)) {
      return additional === true && seen !== undefined ? `${seen}?.add(true);` : "";
    }
    const key = this.variable("k");
    const value = this.variable("x");
    const keyPath = dynamicChild(path, `${this.use("t")}(${key})`);
    let body = "";
    if (names !== undefined && names !== true) {
      const check = this.module.branchFunction(this.root, names, false);
      body += this.fail(`!${check}(${key})`, `${this.use("fN")}(e, ${path}, ${key}, ${check})`);
    }
    const matched = this.variable("m");
    if (checksAdditional && patterns.length > 0) body += `let ${matched} = 0;`;
    for (const [pattern, sub] of patterns) {
      const mark = seen === undefined ? "" : `${seen}?.add(${key});`;
      const flag = checksAdditional ? `${matched} = 1;` : "";
      body += `if (${this.pattern(pattern)}.test(${key})) {${flag}${mark}${this.schema(sub, value, keyPath, undefined)}}`;
    }
    if (checksAdditional) {
      const isDeclared =
        declared.length === 0
          ? "false"
          : declared.length > MAX_CHAINED_NAMES
            ? `${this.module.constant("c", `new Set<string>([${declared.map(stringLiteral).join(", ")}])`)}.has(${key})`
            : declared.map((name) => `${key} === ${stringLiteral(name)}`).join(" || ");
      const unmatched = patterns.length > 0 ? `!${matched} && ` : "";
      const check = additional === false ? `if (${this.use("fX")}(e, ${keyPath})) return !1;` : this.schema(additional, value, keyPath, undefined);
      if (check !== "") body += `if (${unmatched}!(${isDeclared})) {${check}}`;
    }
    const after = additional !== undefined && seen !== undefined ? `${seen}?.add(true);` : "";
    const binding = new RegExp(`\\b${value}\\b`).test(body) ? `const ${value} = ${data}[${key}];` : "";
    // for-in lists inherited enumerable names too (none, unless Object.prototype was polluted): each is checked to be
    // the object's own, after the cheap test of its name where that is all there is to do.
    if (patterns.length === 0 && (names === undefined || names === true) && body.startsWith("if (!(")) {
      const test = body.slice("if (".length, body.indexOf(")) {") + 1);
      return `for (const ${key} in ${data}) if (${test} && ${this.use("h")}(${data}, ${key})) {${binding}${body.slice(body.indexOf(")) {") + ")) {".length, -1)}}${after}`;
    }
    return `for (const ${key} in ${data}) {if (!${this.use("h")}(${data}, ${key})) continue;${binding}${body}}${after}`;
  }

  private arrays(schema: SchemaObject, data: string, path: string, seen: string | undefined): string {
    let code = "";
    const count = (keyword: string, failing: string, words: string) => {
      const limit = schema[keyword];
      if (typeof limit === "number")
        code += this.fail(`${data}.length ${failing} ${number(limit)}`, this.f(path, `must NOT have ${words} than ${limit} items`));
    };
    count("minItems", "<", "fewer");
    count("maxItems", ">", "more");
    const prefix = Array.isArray(schema["prefixItems"]) ? (schema["prefixItems"] as Schema[]) : [];
    prefix.forEach((sub, index) => {
      const value = this.variable("x");
      const check = this.schema(sub, value, childPath(path, String(index)), undefined);
      if (check !== "") code += `if (${data}.length > ${index}) {const ${value} = ${data}[${index}];${check}}`;
    });
    if (prefix.length > 0 && seen !== undefined) code += `${this.use("sI")}(${seen}, ${prefix.length});`;
    const items = schema["items"] as Schema | undefined;
    if (items === false) {
      code += this.fail(`${data}.length > ${prefix.length}`, this.f(path, `must NOT have more than ${prefix.length} items`));
    } else if (items !== undefined) {
      const index = this.variable("i");
      const value = this.variable("x");
      const check = this.schema(items, value, dynamicChild(path, index), undefined);
      if (check !== "") code += `for (let ${index} = ${prefix.length}; ${index} < ${data}.length; ${index}++) {const ${value} = ${data}[${index}];${check}}`;
      if (seen !== undefined) code += `${seen}?.add(true);`;
    }
    if (schema["contains"] !== undefined) code += this.contains(schema, data, path, seen);
    if (schema["uniqueItems"] === true) {
      const pair = this.variable("u");
      code += `if (${data}.length > 1) {const ${pair} = ${this.use("duplicateItems")}(${data}); if (${pair} && ${this.use("fU")}(e, ${path}, ${pair})) return !1;}`;
    }
    return code;
  }

  private contains(schema: SchemaObject, data: string, path: string, seen: string | undefined): string {
    const check = this.module.branchFunction(this.root, schema["contains"] as Schema, false);
    const min = typeof schema["minContains"] === "number" ? schema["minContains"] : 1;
    const max = typeof schema["maxContains"] === "number" ? schema["maxContains"] : undefined;
    const matches = this.variable("n");
    const index = this.variable("i");
    const mark = seen === undefined ? "" : `${seen}?.add(${index});`;
    const message = max === undefined ? `must contain at least ${min} valid item(s)` : `must contain at least ${min} and no more than ${max} valid item(s)`;
    const failing = [...(min > 0 ? [`${matches} < ${number(min)}`] : []), ...(max === undefined ? [] : [`${matches} > ${number(max)}`])];
    return (
      `let ${matches} = 0; for (let ${index} = 0; ${index} < ${data}.length; ${index}++) if (${check}(${data}[${index}])) {${matches}++;${mark}}` +
      (failing.length > 0 ? this.fail(`(${failing.join(" || ")})`, this.f(path, message)) : "")
    );
  }

  /** A subschema applied in place, on the value as `unknown` where a type guard narrowed it. */
  private inPlace(schema: Schema, data: string, path: string, seen: string | undefined, narrowed: boolean): string {
    if (!narrowed) return this.schema(schema, data, path, seen);
    const wide = this.variable("w");
    const code = this.schema(schema, wide, path, seen);
    return code === "" ? "" : `{const ${wide}: unknown = ${data};${code}}`;
  }

  private combinators(schema: SchemaObject, data: string, path: string, seen: string | undefined, narrowed: boolean): string {
    let code = "";
    for (const member of (schema["allOf"] ?? []) as Schema[]) code += this.inPlace(member, data, path, seen, narrowed);
    const tracked = seen !== undefined;
    const seenArgument = tracked ? `, ${seen}` : "";
    const table = (branches: Schema[]) =>
      this.module.constant("b", `[${branches.map((branch) => this.module.branchFunction(this.root, branch, tracked)).join(", ")}]`);
    // Each branch is called where it is named (a call site of its own, which the engine can inline), but where what
    // the branches evaluate is collected.
    const direct = (branches: Schema[]) => branches.map((branch) => `${this.module.branchFunction(this.root, branch, false)}(${data})`);
    if (Array.isArray(schema["anyOf"])) {
      const branches = schema["anyOf"] as Schema[];
      const table_ = table(branches);
      const passes = tracked ? `${this.use("any")}(${data}, ${table_}${seenArgument})` : `(${direct(branches).join(" || ")})`;
      code += this.fail(`!${passes}`, `${this.use("fB")}(e, ${path}, ${data}, ${table_}, "must match a schema in anyOf")`);
    }
    if (Array.isArray(schema["oneOf"])) {
      const branches = schema["oneOf"] as Schema[];
      const table_ = table(branches);
      const passed = this.variable("n");
      const message = `"must match exactly one schema in oneOf"`;
      const count = tracked
        ? `${this.use("one")}(${data}, ${table_}${seenArgument})`
        : direct(branches)
            .map((call) => `(+${call})`)
            .join(" + ");
      code += `{const ${passed} = ${count}; if (${passed} !== 1 && (${passed} ? ${this.use("f")}(e, ${path}, ${message}) : ${this.use("fB")}(e, ${path}, ${data}, ${table_}, ${message}))) return !1;}`;
    }
    if (schema["not"] !== undefined) {
      code += this.fail(`${this.module.branchFunction(this.root, schema["not"] as Schema, false)}(${data})`, this.f(path, "must NOT be valid"));
    }
    if (schema["if"] !== undefined) {
      const then = schema["then"] === undefined ? "" : this.inPlace(schema["then"] as Schema, data, path, seen, narrowed);
      const otherwise = schema["else"] === undefined ? "" : this.inPlace(schema["else"] as Schema, data, path, seen, narrowed);
      // A lone `if` checks nothing, but what it evaluates counts when it passes.
      if (then !== "" || otherwise !== "" || tracked) {
        const condition = tracked
          ? `${this.use("y")}(${data}, ${this.module.branchFunction(this.root, schema["if"] as Schema, tracked)}${seenArgument})`
          : `${this.module.branchFunction(this.root, schema["if"] as Schema, false)}(${data})`;
        code += `if (${condition}) {${then}}${otherwise === "" ? "" : ` else {${otherwise}}`}`;
      }
    }
    return code;
  }

  private unevaluatedProperties(schema: SchemaObject, data: string, path: string, own: string, outer: string | undefined): string {
    const unevaluated = schema["unevaluatedProperties"] as Schema | undefined;
    if (unevaluated === undefined) return "";
    const key = this.variable("k");
    const value = this.variable("x");
    const keyPath = dynamicChild(path, `${this.use("t")}(${key})`);
    const check =
      unevaluated === false
        ? `if (${this.use("fX")}(e, ${keyPath})) return !1;`
        : `const ${value} = ${data}[${key}];${this.schema(unevaluated, value, keyPath, undefined)}`;
    const loop = `for (const ${key} in ${data}) if (${this.use("h")}(${data}, ${key}) && !${this.use("s")}(${own}, ${key})) {${check}}`;
    return unevaluated === true ? (outer === undefined ? "" : `${outer}?.add(true);`) : `${loop}${outer === undefined ? "" : `${outer}?.add(true);`}`;
  }

  private unevaluatedItems(schema: SchemaObject, data: string, path: string, own: string, outer: string | undefined): string {
    const unevaluated = schema["unevaluatedItems"] as Schema | undefined;
    if (unevaluated === undefined) return "";
    const index = this.variable("i");
    const value = this.variable("x");
    const itemPath = dynamicChild(path, index);
    const check =
      unevaluated === false
        ? `if (${this.f(itemPath, "is not an allowed item")}) return !1;`
        : `const ${value} = ${data}[${index}];${this.schema(unevaluated, value, itemPath, undefined)}`;
    const loop = `for (let ${index} = 0; ${index} < ${data}.length; ${index}++) if (!${this.use("s")}(${own}, ${index})) {${check}}`;
    return unevaluated === true ? (outer === undefined ? "" : `${outer}?.add(true);`) : `${loop}${outer === undefined ? "" : `${outer}?.add(true);`}`;
  }
}

/** Whether every `enum` member and the `const` has one of `types` (so that comparing them with the narrowed value type-checks). */
function valuesOfTypes(schema: SchemaObject, types: readonly string[]): boolean {
  const values = [
    ...(Array.isArray(schema["enum"]) ? (schema["enum"] as unknown[]) : []),
    ...(Object.prototype.hasOwnProperty.call(schema, "const") ? [schema["const"]] : []),
  ];
  return values.every((value) => {
    if (!isPrimitive(value)) return true;
    const type = value === null ? "null" : typeof value;
    return types.includes(type) || (type === "number" && types.includes("integer"));
  });
}

/** Characters beside which a space in the written code is never needed. */
const TIGHT = new Set("{}()[];,=<>!&|?:+-*/.");

/** A string literal (the code writes them with double quotes only) or a comment, left as written; or a run of spaces. */
const LITERAL_OR_SPACES = /"(?:[^"\\]|\\.)*"|\/\*[\s\S]*?\*\/| +/g;

/**
 * `code` without the spaces it does not need (the validators are read by machines; a function is one
 * line): outside string literals and comments, a space goes where it stands between two characters of
 * which either is punctuation (but `a + +b` stays, and `a - -b`).
 */
export function compact(code: string): string {
  return code.replace(LITERAL_OR_SPACES, (match: string, offset: number) => {
    if (match[0] !== " ") return match;
    const before = code[offset - 1] ?? "";
    const after = code[offset + match.length] ?? "";
    const sameSign = (before === "+" || before === "-") && before === after;
    return (TIGHT.has(before) || TIGHT.has(after)) && !sameSign ? "" : " ";
  });
}

/** The path expression of `path` and a token computed at run time (`expression`, already a pointer token). */
function dynamicChild(path: string, expression: string): string {
  return path.endsWith('"') ? `${path.slice(0, -1)}/" + ${expression}` : `${path} + "/" + ${expression}`;
}

/** The path expression of a named child of `path` (one string literal where `path` ends in one). */
function childPath(path: string, name: string): string {
  const token = stringLiteral(`/${pointerToken(name)}`);
  return path.endsWith('"') ? `${path.slice(0, -1)}${token.slice(1)}` : `${path} + ${token}`;
}

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

/** One allowed value as an issue names it: its JSON, cut past `ALLOWED_VALUE_CHARS`. */
function shown(value: unknown): string {
  const json = JSON.stringify(value);
  const text = json === undefined ? String(value) : json;
  return text.length > ALLOWED_VALUE_CHARS ? `${text.slice(0, ALLOWED_VALUE_CHARS)}…` : text;
}

/**
 * `must be one of "metric", "imperial"` / `must be "fixed"`: the values an
 * `enum` allows, so that a person or a model can correct the call without the
 * schema at hand. Long lists and long values are cut, saying so.
 */
export function allowedValuesMessage(allowed: readonly unknown[]): string {
  if (allowed.length === 1) return `must be ${shown(allowed[0])}`;
  const list = allowed.slice(0, ALLOWED_VALUES_SHOWN).map(shown).join(", ");
  const more = allowed.length - ALLOWED_VALUES_SHOWN;
  return more > 0 ? `must be one of ${list}, … (${more} more)` : `must be one of ${list}`;
}
