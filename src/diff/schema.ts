/**
 * Two normalised schemas compared by the values they accept: each difference
 * is a `SchemaFinding` of a kind in `SCHEMA_CHANGES` (rules.ts), which says
 * whether the set of accepted values narrowed, widened, or cannot be told.
 * Whom that breaks depends on which way the values flow; tools.ts decides.
 *
 * Refs are followed as if written in place (schema-forms.ts), and pointers
 * are spelled that way: `/properties/user/properties/name`, whichever
 * `$defs` key the schema keeps `user` under, so that hoisting a subschema
 * changes nothing. A change inside a subschema reached from several places
 * is reported once, where it is first met (properties in name order).
 *
 * What is decided exactly: types, `enum`/`const`, bounds, `multipleOf`,
 * `required`, `properties`, `additionalProperties` (and
 * `unevaluatedProperties` where it means the same), `items` and
 * `prefixItems` position by position, branches of `anyOf`, `oneOf` and
 * `allOf` (matched to their nearest counterpart). What is not, and is
 * reported as such (`undecidable`): a `pattern` or `format` rewritten,
 * `not`, `if`/`then`/`else`, `patternProperties`, tuples that change length
 * (but for what `listForm` reads as a list), `unevaluatedItems` and
 * `unevaluatedProperties` where what the keywords beside them evaluate
 * moved, and any keyword no rule reads.
 */
import type { PatternMode, Schema, SchemaObject } from "../ir/index.js";
import { EVALUATED_BESIDE, SUBSCHEMA_KEYWORDS, subschemaKeywords } from "../ir/keywords.js";
import { joinPointer } from "../shared/errors.js";
import { isRecord, typeCovered, type JsonType } from "../shared/json.js";
import { SCHEMA_CHANGES, type SchemaChange } from "./rules.js";
import {
  ANNOTATIONS,
  acceptsAnything,
  acceptsType,
  arrayForm,
  declaredTypes,
  effectiveTypes,
  flattenAllOf,
  isPassive,
  listedValues,
  listForm,
  mergeSchemas,
  propertyForm,
  resolveRef,
  typesDisjoint,
  valueTyped,
  wholeMultipleOf,
  type ArrayForm,
  type Held,
  type PropertyForm,
} from "./schema-forms.js";
import { own, sameJson, show } from "./values.js";

export interface SchemaFinding {
  change: SchemaChange;
  /**
   * Where, relative to the schema's root, with refs followed as if written in
   * place: in the new schema, or in the old one for what is gone.
   */
  pointer: string;
  message: string;
  /** The value before and after, where one value says it (a bound, a removed enum value, a description). */
  before?: unknown;
  after?: unknown;
}

export interface CompareOptions {
  /** What the root's properties are called in messages: a tool's `argument`s, or `property` (default). */
  rootNoun?: "argument" | "property" | undefined;
  /** How each side's kept patterns compile (`ManifestIR.patternModes`): a pattern listed there is never run here. */
  oldPatternModes?: ReadonlyMap<string, PatternMode> | undefined;
  newPatternModes?: ReadonlyMap<string, PatternMode> | undefined;
  /** Applied to a value a message shows before it is shortened (`show`): a pull's secrets hidden. */
  mask?: ((text: string) => string) | undefined;
}

/** Every difference between two schemas (each the root of its own `$defs`), in the order met. */
export function compareSchemas(oldRoot: Schema, newRoot: Schema, options: CompareOptions = {}): SchemaFinding[] {
  const findings: SchemaFinding[] = [];
  const comparison = new Comparison(oldRoot, newRoot, options, { steps: PAIRING_STEPS, active: new Map() }, (finding) => findings.push(finding));
  comparison.compare(oldRoot, newRoot, { old: "", new: "" }, options.rootNoun ?? "property");
  return findings;
}

/** The kinds whose findings say nothing about accepted values (a description, a default). */
const ANNOTATION_CHANGES: ReadonlySet<string> = new Set(SCHEMA_CHANGES.filter((change) => change.effect === "annotation").map((change) => change.kind));

/** The kinds whose findings say a value may be rejected that was accepted: a narrowing, one not decided, or an optional property added (strictly, it narrows). */
const NARROWING_CHANGES: ReadonlySet<string> = new Set([
  ...SCHEMA_CHANGES.filter((change) => change.effect === "narrows" || change.effect === "undecidable").map((change) => change.kind),
  "optional-property-added",
]);

/**
 * Schema nodes visited, over a whole comparison, by the trial comparisons
 * that match branches of `anyOf`/`oneOf`/`allOf` to each other. Past it,
 * branches pair by position: the comparison stays linear on hostile input.
 */
const PAIRING_STEPS = 50_000;

/**
 * What a comparison shares with the trial comparisons it starts: the steps
 * they may still take, and the pairs of schema objects being compared, by
 * any of them, on the way to where it is. A trial has pairs of its own (it
 * reports nothing, so nothing it saw is "reported once"), but a pair one of
 * its callers is comparing is a recursive schema come round again: it ends
 * there, as it does within one comparison. Else matching the branches of an
 * `allOf` that refers back to the root starts a trial that meets the same
 * `allOf` and starts another, until the stack overflows.
 */
interface Shared {
  steps: number;
  active: Map<object, Set<object>>;
}

/** A place in both schemas at once. */
interface Place {
  old: string;
  new: string;
}

type Noun = "argument" | "property";

const at = (place: Place, ...tokens: Array<string | number>): Place => ({ old: joinPointer(place.old, ...tokens), new: joinPointer(place.new, ...tokens) });

/** Keywords this file reads; any other that differs is `keyword-changed`. */
const READ = new Set([
  ...ANNOTATIONS,
  "$defs",
  "$ref",
  "type",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "items",
  "prefixItems",
  "contains",
  "minContains",
  "maxContains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "unevaluatedItems",
  "properties",
  "required",
  "additionalProperties",
  "unevaluatedProperties",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "minProperties",
  "maxProperties",
]);

/**
 * A bound as the comparison reads it: a number, inclusive or not; absent is
 * unbounded. `value` and `keyword` are what the schema says (shown in the
 * message); `at` and `open` are what it means, compared (the same, except on
 * a schema that admits only integers: see `numberBound`).
 */
interface Bound {
  value: number;
  exclusive: boolean;
  keyword: string;
  at: number;
  open: boolean;
  /** How the message shows it, where not `<keyword> <value>` (a count bound left out, a closed tuple). */
  label?: string;
}

/** What a message says where a subschema comes to accept no value, or some where it accepted none. */
interface Wording {
  none: string;
  some: string;
}

class Comparison {
  /** Pairs of schema objects already compared (or being compared: a recursive schema ends there). */
  private readonly pairs = new Map<object, Set<object>>();

  constructor(
    private readonly oldRoot: Schema,
    private readonly newRoot: Schema,
    private readonly options: CompareOptions,
    /** Shared with the trial comparisons this one starts. */
    private readonly budget: Shared,
    private readonly emit: (finding: SchemaFinding) => void,
    /** A trial comparison (branch matching): it spends the budget and stops when it is gone. */
    private readonly trial = false,
    /** A trial that counts the properties subschemas name too (an optional property added): what `unevaluatedProperties` reads. */
    private readonly strict = false,
  ) {}

  /** A value in a message (`show`), masked before it is shortened (`CompareOptions.mask`). */
  private show(value: unknown): string {
    return show(value, this.options.mask);
  }

  compare(a: Schema, b: Schema, place: Place, noun: Noun, wording?: Wording): void {
    if (this.trial && --this.budget.steps < 0) return;
    const resolvedA = resolveRef(a, this.oldRoot);
    const resolvedB = resolveRef(b, this.newRoot);
    if (this.seen(a, b) || ((resolvedA !== a || resolvedB !== b) && this.seen(resolvedA, resolvedB))) return;
    if (!isRecord(resolvedA) || !isRecord(resolvedB)) return this.compareResolved(resolvedA, resolvedB, place, noun, wording);
    const active = this.budget.active;
    let partners = active.get(resolvedA);
    if (partners?.has(resolvedB) === true) return;
    if (partners === undefined) active.set(resolvedA, (partners = new Set()));
    partners.add(resolvedB);
    try {
      this.compareResolved(resolvedA, resolvedB, place, noun, wording);
    } finally {
      partners.delete(resolvedB);
    }
  }

  /** Two schemas, their refs followed, compared. */
  private compareResolved(resolvedA: Schema, resolvedB: Schema, place: Place, noun: Noun, wording: Wording = ANY_VALUE): void {
    const flatA = isRecord(resolvedA) ? flattenAllOf(resolvedA, this.oldRoot) : resolvedA;
    const flatB = isRecord(resolvedB) ? flattenAllOf(resolvedB, this.newRoot) : resolvedB;
    if (flatA === false || flatB === false) {
      if (flatA !== false) this.report("constraint-added", place.new, wording.none);
      else if (flatB !== false) this.report("constraint-removed", place.new, wording.some);
      return;
    }
    this.compareObjects(flatA === true ? {} : flatA, flatB === true ? {} : flatB, place, noun);
  }

  /** Records the pair; true when it was there already. */
  private seen(a: Schema, b: Schema): boolean {
    if (!isRecord(a) || !isRecord(b)) return false;
    let partners = this.pairs.get(a);
    if (partners === undefined) this.pairs.set(a, (partners = new Set()));
    if (partners.has(b)) return true;
    partners.add(b);
    return false;
  }

  private report(change: SchemaChange, pointer: string, message: string, values: { before?: unknown; after?: unknown } = {}): void {
    this.emit({ change, pointer, message, ...values });
  }

  private compareObjects(a: SchemaObject, b: SchemaObject, place: Place, noun: Noun): void {
    this.annotations(a, b, place);
    const bases = this.unions(a, b, place, noun);
    if (bases === undefined) return;
    const [baseA, baseB] = bases;
    this.branches("allOf", listOf(baseA, "allOf", place.old), listOf(baseB, "allOf", place.new), noun);
    this.secondUnion(baseA, baseB, place, noun);
    this.negation(baseA, baseB, place);
    this.conditional(baseA, baseB, place);
    const typesA = effectiveTypes(baseA);
    const typesB = effectiveTypes(baseB);
    this.values(baseA, baseB, place);
    const both = (type: JsonType) => acceptsType(typesA, type) && acceptsType(typesB, type);
    this.presence("format", baseA, baseB, place);
    if (both("string")) this.strings(baseA, baseB, place);
    if (both("number")) this.numbers(baseA, baseB, place, typesA, typesB);
    // The forms read the whole objects: `anyOf` and `oneOf`, compared apart, still apply in place beside `unevaluated*`.
    if (both("array")) this.arrays(baseA, baseB, place, [a, b]);
    if (both("object")) this.objects(baseA, baseB, place, noun, [a, b]);
    for (const keyword of new Set([...Object.keys(baseA), ...Object.keys(baseB)])) {
      if (READ.has(keyword) || sameJson(own(baseA, keyword), own(baseB, keyword))) continue;
      this.report("keyword-changed", joinPointer(place.new, keyword), `\`${keyword}\` changed`, { before: own(baseA, keyword), after: own(baseB, keyword) });
    }
  }

  private annotations(a: SchemaObject, b: SchemaObject, place: Place): void {
    for (const keyword of ANNOTATIONS) {
      const before = own(a, keyword);
      const after = own(b, keyword);
      if (sameJson(before, after)) continue;
      const change: SchemaChange =
        keyword === "title" || keyword === "description" ? "description-changed" : keyword === "default" ? "default-changed" : "annotation-changed";
      const how = before === undefined ? "added" : after === undefined ? "removed" : "changed";
      const values = keyword === "description" || keyword === "title" || keyword === "default" ? { before, after } : {};
      const pointer = joinPointer(after === undefined ? place.old : place.new, keyword);
      this.report(
        change,
        pointer,
        keyword === "default" && how === "changed" ? `default ${this.show(before)} → ${this.show(after)}` : `${keyword} ${how}`,
        values,
      );
    }
  }

  /**
   * `anyOf` and `oneOf`: each side's branches, one side's whole schema taken
   * as its only branch where the other side's union has nothing beside it
   * (`{ type: "string" }` against `{ anyOf: [{ type: "string" }, { type:
   * "null" }] }` is a branch added). Returns what is left to compare beside
   * the unions, or undefined when nothing is.
   */
  private unions(a: SchemaObject, b: SchemaObject, place: Place, noun: Noun): [SchemaObject, SchemaObject] | undefined {
    const keyA = unionKeyword(a);
    const keyB = unionKeyword(b);
    if (keyA === undefined && keyB === undefined) return [a, b];
    const baseA = without(a, keyA);
    const baseB = without(b, keyB);
    if (keyA !== undefined && keyB !== undefined) {
      if (keyA !== keyB) {
        const message =
          keyB === "oneOf"
            ? "anyOf became oneOf: a value matching several branches is rejected now"
            : "oneOf became anyOf: a value may match several branches now";
        this.report("keyword-changed", joinPointer(place.new, keyB), message);
      }
      this.branches(
        "anyOf",
        this.byType(listOf(a, keyA, place.old), this.oldRoot),
        this.byType(listOf(b, keyB, place.new), this.newRoot),
        noun,
        keyA === "anyOf" && keyB === "anyOf",
      );
      return [baseA, baseB];
    }
    if (keyB !== undefined) {
      if (acceptsAnything(baseB) && !acceptsAnything(a)) {
        this.branches(
          "anyOf",
          this.byType([{ schema: assertions(a), pointer: place.old }], this.oldRoot),
          this.byType(listOf(b, keyB, place.new), this.newRoot),
          noun,
          keyB === "anyOf",
        );
        return undefined;
      }
      const unproven = keyB === "anyOf" ? this.unionUnproven(baseB, listOf(b, keyB, place.new), "new") : undefined;
      if (unproven === undefined && keyB === "anyOf") return [a, baseB];
      const why = unproven === undefined ? "" : ` (${unproven})`;
      this.report("constraint-added", joinPointer(place.new, keyB), `${keyB} added: a value that matches none of its branches is rejected now${why}`);
      return [a, baseB];
    }
    if (acceptsAnything(baseA) && !acceptsAnything(b)) {
      this.branches(
        "anyOf",
        this.byType(listOf(a, keyA!, place.old), this.oldRoot),
        this.byType([{ schema: assertions(b), pointer: place.new }], this.newRoot),
        noun,
        keyA === "anyOf",
      );
      return undefined;
    }
    const unproven = keyA === "anyOf" ? this.unionUnproven(baseA, listOf(a, keyA, place.old), "old") : undefined;
    if (unproven === undefined && keyA === "anyOf") return [baseA, b];
    const why = unproven === undefined ? "" : ` (${unproven})`;
    this.report("constraint-removed", joinPointer(place.old, keyA!), `${keyA} removed: a value that matches none of its branches is accepted now${why}`);
    return [baseA, b];
  }

  /**
   * Why an `anyOf` beside `base` (on one side) may change which values are
   * accepted; undefined when it is shown not to: for each type `base`
   * admits, some branch accepts every value of that type `base` accepts
   * (`base` and the branch together compare equal to `base` alone).
   * Beside `unevaluated*` anywhere in the schema, what its branches
   * evaluate counts too, and nothing is shown.
   */
  private unionUnproven(base: SchemaObject, branches: readonly Branch[], side: "old" | "new"): string | undefined {
    const root = side === "old" ? this.oldRoot : this.newRoot;
    if (mentionsUnevaluated(root)) return "not decided beside unevaluatedProperties or unevaluatedItems: what its branches evaluate counts too";
    const types = declaredTypes(base);
    const each: JsonType[] = types === undefined ? ["null", "boolean", "object", "array", "number", "string"] : [...types];
    const covered = each.every((type) =>
      branches.some((branch) => {
        const typed = { ...base, type };
        const both = conjoinTyped(typed, resolveRef(branch.schema, root), type);
        return both !== undefined && this.sameOn(typed, both, side);
      }),
    );
    return covered ? undefined : "whether the other keywords reject every such value is not decided";
  }

  /** Whether two schemas of one side accept the same values, strictly (an optional property added counts), as far as a trial comparison shows. */
  private sameOn(a: Schema, b: Schema, side: "old" | "new"): boolean {
    if (this.budget.steps <= 0) return false;
    const root = side === "old" ? this.oldRoot : this.newRoot;
    const modes = side === "old" ? this.options.oldPatternModes : this.options.newPatternModes;
    let moved = 0;
    const trial = new Comparison(
      root,
      root,
      { ...this.options, oldPatternModes: modes, newPatternModes: modes },
      this.budget,
      (finding) => {
        if (!ANNOTATION_CHANGES.has(finding.change) || finding.change === "optional-property-added") moved++;
      },
      true,
    );
    trial.compare(a, b, { old: "", new: "" }, "property");
    return this.budget.steps >= 0 && moved === 0;
  }

  /**
   * Whether every value a branch of one side (`side`) accepts, a branch of
   * the other side accepts too, as far as a trial comparison of the one
   * with the other shows: it finds nothing that narrows (nor anything not
   * decided, nor an optional property added). Its pairs are its own: it
   * compares the sides the other way round, for a branch added.
   */
  private within(inner: Schema, outer: Schema, side: "old" | "new"): boolean {
    if (this.budget.steps <= 0) return false;
    const [innerRoot, outerRoot] = side === "old" ? [this.oldRoot, this.newRoot] : [this.newRoot, this.oldRoot];
    const { oldPatternModes, newPatternModes } = this.options;
    const modes = side === "old" ? { oldPatternModes, newPatternModes } : { oldPatternModes: newPatternModes, newPatternModes: oldPatternModes };
    const budget: Shared = { steps: this.budget.steps, active: new Map() };
    let narrowed = 0;
    const trial = new Comparison(
      innerRoot,
      outerRoot,
      { ...this.options, ...modes },
      budget,
      (finding) => {
        if (NARROWING_CHANGES.has(finding.change)) narrowed++;
      },
      true,
    );
    trial.compare(inner, outer, { old: "", new: "" }, "property");
    this.budget.steps = budget.steps;
    return budget.steps >= 0 && narrowed === 0;
  }

  /** A `oneOf` beside an `anyOf` in the same object (both apply): its branches, or the whole of it added or removed. */
  private secondUnion(a: SchemaObject, b: SchemaObject, place: Place, noun: Noun): void {
    const before = listOf(a, "oneOf", place.old);
    const after = listOf(b, "oneOf", place.new);
    if (before.length > 0 && after.length > 0) this.branches("anyOf", this.byType(before, this.oldRoot), this.byType(after, this.newRoot), noun);
    else if (after.length > 0) this.report("constraint-added", joinPointer(place.new, "oneOf"), "oneOf added");
    else if (before.length > 0) this.report("constraint-removed", joinPointer(place.old, "oneOf"), "oneOf removed");
  }

  /**
   * Branches of a union (`anyOf`) or an intersection (`allOf`) matched to
   * each other: equal ones first, then each to its nearest counterpart of
   * types in common (the fewest findings when compared). A matched pair is
   * compared; a branch left over was removed or added, but where `covers`
   * (a union that is an `anyOf` on both sides, not a `oneOf`, where a value
   * two branches accept is rejected) a branch added whose values a branch of
   * the old side accepts too (`within`), or a branch removed whose values a
   * branch of the new side accepts, changes nothing and is not reported.
   */
  private branches(kind: "anyOf" | "allOf", olds: readonly Branch[], news: readonly Branch[], noun: Noun, covers = false): void {
    if (olds.length === 0 && news.length === 0) return;
    const candidates: Array<{ i: number; j: number; score: number }> = [];
    const typesOf = (branch: Branch, root: Schema) => {
      const resolved = resolveRef(branch.schema, root);
      return isRecord(resolved) && unionKeyword(resolved) === undefined ? effectiveTypes(resolved) : undefined;
    };
    const oldTypes = olds.map((branch) => typesOf(branch, this.oldRoot));
    const newTypes = news.map((branch) => typesOf(branch, this.newRoot));
    for (const [i, oldBranch] of olds.entries()) {
      for (const [j, newBranch] of news.entries()) {
        // Branches of no type in common are not the same branch; but two that admit no value at all (`{ type: "string", const: null }`) are.
        if (typesDisjoint(oldTypes[i], newTypes[j]) && !(oldTypes[i]?.size === 0 && newTypes[j]?.size === 0)) continue;
        const score = this.budget.steps > 0 ? this.distance(oldBranch.schema, newBranch.schema, noun) : undefined;
        candidates.push({ i, j, score: score ?? Math.abs(i - j) });
      }
    }
    candidates.sort((x, y) => x.score - y.score || x.i - y.i || x.j - y.j);
    const pairedOld = new Set<number>();
    const pairedNew = new Set<number>();
    const pairs: Array<[number, number]> = [];
    for (const { i, j } of candidates) {
      if (pairedOld.has(i) || pairedNew.has(j)) continue;
      pairedOld.add(i);
      pairedNew.add(j);
      pairs.push([i, j]);
    }
    for (const [i, j] of pairs.sort((x, y) => x[1] - y[1]))
      this.compare(olds[i]!.schema, news[j]!.schema, { old: olds[i]!.pointer, new: news[j]!.pointer }, noun);
    const union = kind === "anyOf";
    const onlyNull = (types: Set<JsonType> | undefined) => types?.size === 1 && types.has("null");
    // Not in a trial, which would start more; nor where a branch's properties and items count as evaluated (`unevaluated*`).
    const covered = (branch: Branch, side: "old" | "new") =>
      union &&
      covers &&
      !this.trial &&
      !mentionsUnevaluated(this.oldRoot) &&
      !mentionsUnevaluated(this.newRoot) &&
      (side === "old" ? news : olds).some((other) =>
        side === "old" ? this.within(branch.schema, other.schema, "old") : this.within(branch.schema, other.schema, "new"),
      );
    olds.forEach((branch, i) => {
      if (pairedOld.has(i) || covered(branch, "old")) return;
      if (union && onlyNull(oldTypes[i])) this.report("nullable-removed", branch.pointer, "null no longer accepted");
      else this.report(union ? "any-of-branch-removed" : "all-of-branch-removed", branch.pointer, `${union ? "a branch" : "an allOf branch"} removed`);
    });
    news.forEach((branch, j) => {
      if (pairedNew.has(j) || covered(branch, "new")) return;
      if (union && onlyNull(newTypes[j])) this.report("nullable-added", branch.pointer, "null accepted now");
      else this.report(union ? "any-of-branch-added" : "all-of-branch-added", branch.pointer, `${union ? "a branch" : "an allOf branch"} added`);
    });
  }

  /**
   * Branches with their type lists split: `{ type: ["string", "null"], ... }`
   * means `anyOf` of one branch per type (the other keywords the same), so
   * that it matches unions written either way.
   */
  private byType(branches: readonly Branch[], root: Schema): Branch[] {
    return branches.flatMap((branch) => {
      const resolved = resolveRef(branch.schema, root);
      const types = isRecord(resolved) ? declaredTypes(resolved) : undefined;
      if (!isRecord(resolved) || types === undefined || types.size < 2) return [branch];
      return [...types].map((type) => ({ schema: { ...resolved, type }, pointer: branch.pointer }));
    });
  }

  /** How many findings that move accepted values a trial comparison makes; undefined once the budget is spent. */
  private distance(a: Schema, b: Schema, noun: Noun, strict = this.strict): number | undefined {
    let count = 0;
    const trial = new Comparison(
      this.oldRoot,
      this.newRoot,
      this.options,
      this.budget,
      (finding) => {
        if (!ANNOTATION_CHANGES.has(finding.change) || (strict && finding.change === "optional-property-added")) count++;
      },
      true,
      strict,
    );
    trial.compare(a, b, { old: "", new: "" }, noun);
    return this.budget.steps < 0 ? undefined : count;
  }

  /**
   * Whether two subschemas (old, new) differ in the values they accept or
   * the properties they name, at any depth (an optional property added
   * counts), as `differ` does otherwise.
   */
  private differStrictly(a: Schema, b: Schema): boolean {
    const distance = this.distance(a, b, "property", true);
    return distance === undefined ? !sameJson(a, b) : distance > 0;
  }

  /** Whether two subschemas differ in the values they accept (a trial comparison; spent budget: they differ unless equal as written). */
  private differ(a: Schema, b: Schema): boolean {
    const distance = this.distance(a, b, "property");
    return distance === undefined ? !sameJson(a, b) : distance > 0;
  }

  private negation(a: SchemaObject, b: SchemaObject, place: Place): void {
    const before = own(a, "not");
    const after = own(b, "not");
    if (before === undefined && after === undefined) return;
    if (before === undefined) this.report("constraint-added", joinPointer(place.new, "not"), "not added");
    else if (after === undefined) this.report("constraint-removed", joinPointer(place.old, "not"), "not removed");
    else if (this.differStrictly(before as Schema, after as Schema)) this.report("not-changed", joinPointer(place.new, "not"), "the schema of not changed");
  }

  private conditional(a: SchemaObject, b: SchemaObject, place: Place): void {
    // The conditional: the in-place keywords that hold one subschema (if, then, else). Compared strictly, as `not` is: an optional
    // property added there (`then: { properties: { a: { type: "integer" } } }`) holds a property the object names, or changes which branch applies.
    const keywords = subschemaKeywords("one", "in-place");
    const hasA = keywords.some((keyword) => own(a, keyword) !== undefined);
    const hasB = keywords.some((keyword) => own(b, keyword) !== undefined);
    if (!hasA && !hasB) return;
    if (!hasA) return this.report("constraint-added", joinPointer(place.new, "if"), "if/then/else added");
    if (!hasB) return this.report("constraint-removed", joinPointer(place.old, "if"), "if/then/else removed");
    const changed = keywords.find((keyword) => {
      const before = own(a, keyword);
      const after = own(b, keyword);
      return before === undefined || after === undefined ? before !== after : this.differStrictly(before as Schema, after as Schema);
    });
    if (changed !== undefined) this.report("conditional-changed", joinPointer(place.new, changed), `${changed} changed`);
  }

  /** `enum`, `const` and `type`: the values and types accepted. */
  private values(a: SchemaObject, b: SchemaObject, place: Place): void {
    const valuesA = listedValues(a);
    const valuesB = listedValues(b);
    const typesA = declaredTypes(a);
    const typesB = declaredTypes(b);
    const where = (object: SchemaObject, pointer: string) => joinPointer(pointer, own(object, "const") !== undefined ? "const" : "enum");
    const contains = (list: readonly unknown[], value: unknown) => list.some((item) => sameJson(item, value));
    if (valuesA !== undefined && valuesB !== undefined) {
      for (const value of valuesA) {
        if (!contains(valuesB, value)) this.report("enum-value-removed", where(b, place.new), `value ${this.show(value)} removed`, { before: value });
      }
      for (const value of valuesB) {
        if (!contains(valuesA, value)) this.report("enum-value-added", where(b, place.new), `value ${this.show(value)} added`, { after: value });
      }
      return;
    }
    if (valuesB !== undefined) {
      this.report("enum-added", where(b, place.new), `only ${valuesB.map((value) => this.show(value)).join(", ")} accepted now`, { after: valuesB });
      for (const value of valuesB) {
        if (!valueTyped(value, typesA)) this.report("enum-value-added", where(b, place.new), `value ${this.show(value)} added`, { after: value });
      }
      return;
    }
    if (valuesA !== undefined) {
      this.report("enum-removed", where(a, place.old), "any value of the type accepted now (was a list of values)", { before: valuesA });
      for (const value of valuesA) {
        if (!valueTyped(value, typesB))
          this.report("enum-value-removed", joinPointer(place.new, "type"), `value ${this.show(value)} removed`, { before: value });
      }
      return;
    }
    this.types(typesA, typesB, own(b, "type") === undefined ? place.new : joinPointer(place.new, "type"));
  }

  private types(a: Set<JsonType> | undefined, b: Set<JsonType> | undefined, pointer: string): void {
    if (a === undefined && b === undefined) return;
    const names = (types: ReadonlySet<JsonType>) => [...types].map((type) => JSON.stringify(type)).join(", ");
    if (a === undefined) return this.report("type-removed", pointer, `only ${names(b!)} accepted now (any type was)`, { after: [...b!] });
    if (b === undefined) return this.report("type-added", pointer, `any type accepted now (was ${names(a)})`, { before: [...a] });
    for (const type of a) {
      if (typeCovered(type, b)) continue;
      if (type === "null") this.report("nullable-removed", pointer, "null no longer accepted");
      else if (type === "number" && b.has("integer"))
        this.report("type-removed", pointer, "only integers accepted now (any number was)", { before: "number", after: "integer" });
      else this.report("type-removed", pointer, `type ${JSON.stringify(type)} no longer accepted`, { before: type });
    }
    for (const type of b) {
      if (typeCovered(type, a)) continue;
      if (type === "null") this.report("nullable-added", pointer, "null accepted now");
      else if (type === "number" && a.has("integer"))
        this.report("type-added", pointer, "any number accepted now (only integers were)", { before: "integer", after: "number" });
      else this.report("type-added", pointer, `type ${JSON.stringify(type)} accepted now`, { after: type });
    }
  }

  /** A keyword whose presence is the constraint (`format`, `pattern`): added, removed, or changed (undecidable). */
  private presence(keyword: "format" | "pattern", a: SchemaObject, b: SchemaObject, place: Place): void {
    const before = own(a, keyword);
    const after = own(b, keyword);
    if (sameJson(before, after)) return;
    if (before === undefined) this.report(`${keyword}-added`, joinPointer(place.new, keyword), `${keyword} ${this.show(after)} added`, { after });
    else if (after === undefined) this.report(`${keyword}-removed`, joinPointer(place.old, keyword), `${keyword} ${this.show(before)} removed`, { before });
    else this.report(`${keyword}-changed`, joinPointer(place.new, keyword), `${keyword} ${this.show(before)} → ${this.show(after)}`, { before, after });
  }

  private strings(a: SchemaObject, b: SchemaObject, place: Place): void {
    this.presence("pattern", a, b, place);
    this.counts(a, b, place, "minLength", "maxLength");
  }

  private numbers(a: SchemaObject, b: SchemaObject, place: Place, typesA: Set<JsonType> | undefined, typesB: Set<JsonType> | undefined): void {
    const stepA = integerStep(a, typesA);
    const stepB = integerStep(b, typesB);
    this.bound(place, numberBound(a, "lower", stepA), numberBound(b, "lower", stepB), "lower", "minimum");
    this.bound(place, numberBound(a, "upper", stepA), numberBound(b, "upper", stepB), "upper", "maximum");
    const before = numberValue(a, "multipleOf");
    const after = numberValue(b, "multipleOf");
    if (before === after) return;
    // Where `type` says integers became any number (or back), that is reported there, once; the multiples are then compared among the integers alone.
    const typeSaysIt = listedValues(a) === undefined && listedValues(b) === undefined && integersByType(a) !== integersByType(b);
    const latticeA = numberLattice(before, typeSaysIt || stepA !== undefined);
    const latticeB = numberLattice(after, typeSaysIt || stepB !== undefined);
    if (latticeA === null || latticeB === null) return this.multipleOf(place, before, after, true, true);
    const narrowed = latticeB !== undefined && (latticeA === undefined || !isMultiple(latticeA, latticeB));
    const widened = latticeA !== undefined && (latticeB === undefined || !isMultiple(latticeB, latticeA));
    this.multipleOf(place, before, after, narrowed, widened);
  }

  /** A `multipleOf` change, reported as it narrows, widens, or both (neither: nothing). */
  private multipleOf(place: Place, before: number | undefined, after: number | undefined, narrowed: boolean, widened: boolean): void {
    const pointer = joinPointer(after === undefined ? place.old : place.new, "multipleOf");
    const shown = (value: number | undefined) => (value === undefined ? "no multipleOf" : `multipleOf ${value}`);
    const message = `${shown(before)} → ${shown(after)}`;
    const values = { before, after };
    if (narrowed) this.report("bounds-tightened", pointer, message, values);
    if (widened) this.report("bounds-loosened", pointer, message, values);
  }

  /** A pair of count keywords (`minLength` and `maxLength`, ...): absent is `minDefault` and unbounded. */
  private counts(a: SchemaObject, b: SchemaObject, place: Place, min: string, max: string, minDefault = 0): void {
    this.bound(place, lowerCount(a, min, minDefault), lowerCount(b, min, minDefault), "lower", min);
    this.bound(place, upperCount(a, max), upperCount(b, max), "upper", max);
  }

  /** Two bounds of one side of a range; `absent` names a bound left out in the message (`no maxItems`). */
  private bound(place: Place, before: Bound | undefined, after: Bound | undefined, side: "lower" | "upper", absent: string): void {
    if (before?.at === after?.at && before?.open === after?.open) return;
    // The bound as written is the same, and reads otherwise only since one side admits integers alone: that is a change of `type`, reported there.
    if (before !== undefined && after !== undefined && before.keyword === after.keyword && before.value === after.value) return;
    const tighter = (x: Bound | undefined, y: Bound | undefined) => {
      if (y === undefined) return false;
      if (x === undefined) return true;
      if (x.at !== y.at) return side === "lower" ? y.at > x.at : y.at < x.at;
      return y.open && !x.open;
    };
    const shown = (bound: Bound | undefined) => (bound === undefined ? `no ${absent}` : (bound.label ?? `${bound.keyword} ${bound.value}`));
    const pointer = after === undefined ? joinPointer(place.old, before!.keyword) : joinPointer(place.new, after.keyword);
    const message = `${shown(before)} → ${shown(after)}`;
    this.report(tighter(before, after) ? "bounds-tightened" : "bounds-loosened", pointer, message, { before: before?.value, after: after?.value });
  }

  /**
   * Arrays position by position (`alignArrays`): each of the first items,
   * then what follows them, where both sides allow an item there; and how
   * many items each allows (`maxItems`, or a closed tuple: `items: false`).
   */
  private arrays(a: SchemaObject, b: SchemaObject, place: Place, whole: [SchemaObject, SchemaObject]): void {
    const readA = arrayForm(whole[0], this.oldRoot);
    const readB = arrayForm(whole[1], this.newRoot);
    const [writtenA, writtenB] = apartAlike(readA, readB);
    const {
      forms: [formA, formB],
      caps: [capA, capB],
      reach,
    } = alignArrays(writtenA, writtenB, a, b);
    const pair = (x: Held, y: Held): Place => ({ old: joinPointer(place.old, ...x.path), new: joinPointer(place.new, ...y.path) });
    if (formA.prefix.length === formB.prefix.length)
      formA.prefix.forEach((item, index) => this.compare(item.schema, formB.prefix[index]!.schema, pair(item, formB.prefix[index]!), "property"));
    else this.report("tuple-changed", joinPointer(place.new, "prefixItems"), `${writtenA.prefix.length} → ${writtenB.prefix.length} prefixItems`);
    // A rest that accepts no value allows no item past the tuple: the caps say so, and `reach` ends before it.
    const { rest: restA } = formA;
    const { rest: restB } = formB;
    const past = Math.max(formA.prefix.length, formB.prefix.length);
    if (past < reach && (restA.path.length > 0 || restB.path.length > 0))
      this.compare(restA.schema, restB.schema, pair(restA.path.length > 0 ? restA : restB, restB.path.length > 0 ? restB : restA), "property");
    this.held(formA.unevaluated, formB.unevaluated, place, UNEVALUATED_ITEMS);
    this.unevaluatedMoved("unevaluatedItems", formA.unevaluated, formB.unevaluated, whole, place);
    if (writtenA !== readA || writtenB !== readB) this.evaluatedHeld("unevaluatedItems", writtenA === readA ? "new" : "old", whole, place);
    const containsA = own(a, "contains");
    const containsB = own(b, "contains");
    if (containsA !== undefined && containsB !== undefined) {
      // Under a `maxContains`, an item `contains` counts now may take an array past it: a wider `contains` narrows too.
      const capped = upperCount(a, "maxContains") !== undefined || upperCount(b, "maxContains") !== undefined;
      if (!capped) this.compare(containsA as Schema, containsB as Schema, at(place, "contains"), "property");
      else if (this.differ(containsA as Schema, containsB as Schema))
        this.report(
          "keyword-changed",
          joinPointer(place.new, "contains"),
          "the schema of contains changed beside maxContains: an item it counts now, or no longer, may take an array past maxContains or below minContains",
        );
      this.counts(a, b, place, "minContains", "maxContains", 1);
    } else if (containsB !== undefined) {
      if (constrains(b)) this.report("constraint-added", joinPointer(place.new, "contains"), "contains added");
    } else if (containsA !== undefined && constrains(a)) this.report("constraint-removed", joinPointer(place.old, "contains"), "contains removed");
    this.bound(place, lowerCount(a, "minItems"), lowerCount(b, "minItems"), "lower", "minItems");
    this.bound(place, capA, capB, "upper", "maxItems");
    const uniqueA = own(a, "uniqueItems") === true;
    const uniqueB = own(b, "uniqueItems") === true;
    if (!uniqueA && uniqueB) this.report("constraint-added", joinPointer(place.new, "uniqueItems"), "uniqueItems added");
    if (uniqueA && !uniqueB) this.report("constraint-removed", joinPointer(place.old, "uniqueItems"), "uniqueItems removed");
  }

  /** A keyword holding one subschema, absent meaning any value. */
  private subschema(keyword: string, a: SchemaObject, b: SchemaObject, place: Place): void {
    const before = own(a, keyword);
    const after = own(b, keyword);
    if (before === undefined && after === undefined) return;
    this.compare((before ?? true) as Schema, (after ?? true) as Schema, at(place, keyword), "property");
  }

  private objects(a: SchemaObject, b: SchemaObject, place: Place, noun: Noun, whole: [SchemaObject, SchemaObject]): void {
    const propertiesA = record(a, "properties");
    const propertiesB = record(b, "properties");
    const requiredA = names(a, "required");
    const requiredB = names(b, "required");
    const all = [...new Set([...Object.keys(propertiesA), ...Object.keys(propertiesB), ...requiredA, ...requiredB])].sort();
    for (const name of all) {
      const before = own(propertiesA, name) as Schema | undefined;
      const after = own(propertiesB, name) as Schema | undefined;
      const place2 = at(place, "properties", name);
      const label = `${noun} ${JSON.stringify(name)}`;
      const wasRequired = requiredA.has(name);
      const isRequired = requiredB.has(name);
      if (before !== undefined && after !== undefined) this.compare(before, after, place2, "property");
      else if (after !== undefined) {
        if (isRequired && !wasRequired) {
          this.report("required-property-added", place2.new, `required ${label} added`);
          continue;
        }
        this.propertyAdded(a, name, after, place, label, wasRequired);
      } else if (before !== undefined) {
        this.report("property-removed", place2.old, `${label} removed`);
        this.propertyRemoved(b, name, before, place, label);
        // `required` still reads the name: one required now (or no longer) is that too.
      }
      if (isRequired && !wasRequired) this.report("property-made-required", place2.new, `${label} is required now`);
      if (wasRequired && !isRequired) this.report("property-made-optional", place2.new, `${label} is optional now`);
    }
    const readA = propertyForm(whole[0]);
    const readB = propertyForm(whole[1]);
    const [formA, formB] = closersAlike(readA, readB);
    this.closer(formA.others, formB.others, place, OTHER_PROPERTIES);
    this.closer(formA.unevaluated, formB.unevaluated, place, UNEVALUATED_PROPERTIES);
    this.unevaluatedMoved("unevaluatedProperties", formA.unevaluated, formB.unevaluated, whole, place);
    if (formA !== readA || formB !== readB) this.evaluatedHeld("unevaluatedProperties", formA === readA ? "new" : "old", whole, place);
    this.patternProperties(a, b, place);
    this.subschema("propertyNames", a, b, place);
    this.dependencies(a, b, place);
    this.counts(a, b, place, "minProperties", "maxProperties");
  }

  /**
   * `unevaluatedItems` or `unevaluatedProperties` read on its own (beside
   * `contains`, the keywords over properties, or one that applies in place)
   * holds what no other keyword evaluated: where those keywords changed (an
   * item `contains` no longer matches, a property added to an `allOf` branch
   * or removed from a `dependentSchemas` entry, an `if` that names another),
   * what it holds moved, either way, so the change is not decided. For
   * properties, an optional property added there counts: it is evaluated;
   * but where the names those keywords evaluate are shown the same
   * (`evaluatedNames`: a property's schema changed in an `allOf` branch),
   * nothing moved, and the change itself is reported where it is.
   */
  private unevaluatedMoved(
    keyword: "unevaluatedItems" | "unevaluatedProperties",
    before: Held | undefined,
    after: Held | undefined,
    whole: [SchemaObject, SchemaObject],
    place: Place,
  ): void {
    const holds = (held: Held | undefined, root: Schema) => held !== undefined && !acceptsAnything(resolveRef(held.schema, root));
    if (!holds(before, this.oldRoot) && !holds(after, this.newRoot)) return;
    const evaluating = EVALUATORS[keyword];
    const evaluators = (object: SchemaObject) =>
      Object.fromEntries(evaluating.filter((name) => own(object, name) !== undefined).map((name) => [name, own(object, name)]));
    const items = keyword === "unevaluatedItems";
    if (!items) {
      const namesA = evaluatedNames(evaluators(whole[0]), this.oldRoot);
      if (namesA !== undefined && namesA === evaluatedNames(evaluators(whole[1]), this.newRoot)) return;
    }
    if (!(items ? this.differ(evaluators(whole[0]), evaluators(whole[1])) : this.differStrictly(evaluators(whole[0]), evaluators(whole[1])))) return;
    const pointer = joinPointer(after !== undefined ? place.new : place.old, keyword);
    const noun = items ? "items" : "properties";
    this.report("keyword-changed", pointer, `the ${noun} other keywords evaluate changed, so those ${keyword} holds moved (either way)`);
  }

  /**
   * Where one side (`plain`) reads `unevaluated*` as `items` or
   * `additionalProperties`, since nothing beside it evaluates what it holds,
   * and the other reads it on its own (`apartAlike`, `closersAlike`): what
   * the other side's `contains` or in-place keywords evaluate is held to it
   * on the plain side alone. So a value may be rejected there that was not:
   * a narrowing where the plain side is the new one (`contains` removed
   * beside `unevaluatedItems: false` rejects `["a"]`), a widening where it is
   * the old one. Not reported where it is shown to hold nothing more: a
   * `contains` alone whose values the keyword accepts, or properties where
   * the same names are evaluated (`evaluatedNames`).
   */
  private evaluatedHeld(keyword: "unevaluatedItems" | "unevaluatedProperties", plain: "old" | "new", whole: [SchemaObject, SchemaObject], place: Place): void {
    const [plainObject, otherObject] = plain === "new" ? [whole[1], whole[0]] : [whole[0], whole[1]];
    const [plainRoot, otherRoot] = plain === "new" ? [this.newRoot, this.oldRoot] : [this.oldRoot, this.newRoot];
    const held = own(plainObject, keyword) as Schema;
    if (acceptsAnything(resolveRef(held, plainRoot))) return;
    const items = keyword === "unevaluatedItems";
    const evaluating = EVALUATORS[keyword];
    const evaluators = (object: SchemaObject) =>
      Object.fromEntries(evaluating.filter((name) => own(object, name) !== undefined).map((name) => [name, own(object, name)]));
    const beside = Object.keys(evaluators(otherObject)).filter((name) => !EVALUATED_BESIDE.get(keyword)!.includes(name));
    const contains = own(otherObject, "contains") as Schema | undefined;
    const other = plain === "new" ? "old" : "new";
    if (items && beside.length === 0 && contains !== undefined && !this.trial && this.within(contains, held, other)) return;
    if (!items) {
      const names = evaluatedNames(evaluators(otherObject), otherRoot);
      if (names !== undefined && names === evaluatedNames(evaluators(plainObject), plainRoot)) return;
    }
    const noun = items ? "items" : "properties";
    const what = items && beside.length === 0 ? "contains" : "the keywords beside it";
    if (plain === "new") this.report("constraint-added", joinPointer(place.new, keyword), `the ${noun} ${what} evaluated are held to ${keyword} now`);
    else
      this.report(
        "constraint-removed",
        joinPointer(place.new, keyword),
        `the ${noun} ${what} ${what === "contains" ? "evaluates" : "evaluate"} are no longer held to ${keyword}`,
      );
  }

  /** A property the old schema did not name: what governed it then (`additionalProperties`, a pattern) is compared with it. */
  private propertyAdded(a: SchemaObject, name: string, after: Schema, objectPlace: Place, label: string, wasRequired: boolean): void {
    const pointer = joinPointer(objectPlace.new, "properties", name);
    const governing = this.governing(a, name);
    if (typeof governing === "string") {
      const why =
        governing === "not-run"
          ? "a pattern of patternProperties is not run here (it needs another regex engine than JavaScript's)"
          : "several patterns of patternProperties match its name, and what they held it to together is not compared";
      this.report("pattern-properties-changed", pointer, `${label} added; whether it accepts what was accepted there before is not decided: ${why}`);
      return;
    }
    const resolved = resolveRef(governing.schema, this.oldRoot);
    if (acceptsAnything(resolved) && !wasRequired) this.report("optional-property-added", pointer, `optional ${label} added`);
    else if (resolved === false) this.report("closed-object-property-added", pointer, `${label} added to an object that allowed no other`);
    else {
      // What `unevaluatedProperties` reads (a strict trial) moved even where the values did not: the name is evaluated now.
      if (this.strict) this.report("optional-property-added", pointer, `${label} added`);
      this.compare(governing.schema, after, { old: joinPointer(objectPlace.old, ...governing.path), new: pointer }, "property");
    }
  }

  /**
   * A property the new schema no longer names: what governs it now
   * (`additionalProperties`, a pattern) is compared with what it accepted,
   * so that a property held to a narrower schema now (an
   * `additionalProperties` of another type, or `false`) is a narrowing too,
   * not only `property-removed`.
   */
  private propertyRemoved(b: SchemaObject, name: string, before: Schema, objectPlace: Place, label: string): void {
    const governing = this.governing(b, name, "new");
    const pointer = joinPointer(objectPlace.old, "properties", name);
    if (typeof governing === "string") {
      const why =
        governing === "not-run"
          ? "a pattern of patternProperties is not run here (it needs another regex engine than JavaScript's)"
          : "several patterns of patternProperties match its name, and what they hold it to together is not compared";
      this.report("pattern-properties-changed", pointer, `${label} removed; whether what governs it now accepts what it did is not decided: ${why}`);
      return;
    }
    if (acceptsAnything(resolveRef(governing.schema, this.newRoot))) return;
    const keyword = governing.path.join("/");
    const wording: Wording = { none: `${label} removed, and ${keyword}, which holds it now, accepts no value`, some: ANY_VALUE.some };
    this.compare(before, governing.schema, { old: pointer, new: joinPointer(objectPlace.new, ...governing.path) }, "property", wording);
  }

  /** What a schema (the old one, unless said) applied to a property `name` it did not name: the patterns that match it, or `additionalProperties`. */
  private governing(object: SchemaObject, name: string, side: "old" | "new" = "old"): { schema: Schema; path: string[] } | "not-run" | "several" {
    const patterns = record(object, "patternProperties");
    const matched: string[] = [];
    for (const source of Object.keys(patterns)) {
      const matches = this.patternMatches(source, name, side);
      if (matches === undefined) return "not-run";
      if (matches) matched.push(source);
    }
    if (matched.length === 1) return { schema: own(patterns, matched[0]!) as Schema, path: ["patternProperties", matched[0]!] };
    if (matched.length > 1) return "several";
    for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
      const schema = own(object, keyword);
      if (schema !== undefined) return { schema: schema as Schema, path: [keyword] };
    }
    return { schema: true, path: [] };
  }

  /** Whether a pattern (an old one, unless said) matches a name; undefined when it is not run here (it needs another engine, or does not compile). */
  private patternMatches(source: string, name: string, side: "old" | "new" = "old"): boolean | undefined {
    if ((side === "old" ? this.options.oldPatternModes : this.options.newPatternModes)?.has(source)) return undefined;
    try {
      return new RegExp(source, "u").test(name);
    } catch {
      return undefined;
    }
  }

  /**
   * What applies to the properties an object does not name (`propertyForm`),
   * on each side under the keyword it is written as: `additionalProperties:
   * false` and `unevaluatedProperties: false` are the same closer there.
   */
  private closer(before: Held | undefined, after: Held | undefined, place: Place, wording: Wording): void {
    if (before === undefined && after === undefined) return;
    const resolvedA = resolveRef(before?.schema ?? true, this.oldRoot);
    const resolvedB = resolveRef(after?.schema ?? true, this.newRoot);
    const keywordA = String((before ?? after)!.path[0]);
    const keywordB = String((after ?? before)!.path[0]);
    if (acceptsAnything(resolvedA) && resolvedB === false)
      this.report("additional-properties-forbidden", joinPointer(place.new, keywordB), `${keywordB}: false added`);
    else if (resolvedA === false && acceptsAnything(resolvedB))
      this.report("additional-properties-allowed", joinPointer(place.old, keywordA), `${keywordA}: false removed`);
    else this.held(before, after, place, wording);
  }

  /** A subschema held on either side (absent: any value), compared where each side holds it. */
  private held(before: Held | undefined, after: Held | undefined, place: Place, wording: Wording): void {
    if (before === undefined && after === undefined) return;
    const pathA = (before ?? after)!.path;
    const pathB = (after ?? before)!.path;
    this.compare(
      before?.schema ?? true,
      after?.schema ?? true,
      { old: joinPointer(place.old, ...pathA), new: joinPointer(place.new, ...pathB) },
      "property",
      wording,
    );
  }

  private patternProperties(a: SchemaObject, b: SchemaObject, place: Place): void {
    const patternsA = record(a, "patternProperties");
    const patternsB = record(b, "patternProperties");
    for (const source of [...new Set([...Object.keys(patternsA), ...Object.keys(patternsB)])].sort()) {
      const before = own(patternsA, source) as Schema | undefined;
      const after = own(patternsB, source) as Schema | undefined;
      if (before !== undefined && after !== undefined) {
        this.compare(before, after, at(place, "patternProperties", source), "property");
        continue;
      }
      const [object, side, how] = after !== undefined ? ([b, "new", "added"] as const) : ([a, "old", "removed"] as const);
      const unproven = this.patternUnproven(object, source, side);
      if (unproven === undefined) continue;
      const pointer = joinPointer(side === "new" ? place.new : place.old, "patternProperties", source);
      this.report(
        "pattern-properties-changed",
        pointer,
        `pattern ${this.show(source)} ${how}; whether it changes which properties are accepted is not decided: ${unproven}`,
      );
    }
  }

  /**
   * Why a pattern of `patternProperties` (on one side) may change which
   * objects are accepted; undefined when it is shown not to: every name it
   * matches that the object allows (the names `propertyNames` lists, where
   * it lists them; else any) is held to what held it without the pattern,
   * no more: a named property to a schema its pattern's schema accepts
   * whole, another to a pattern's schema equal to `additionalProperties`.
   */
  private patternUnproven(object: SchemaObject, source: string, side: "old" | "new"): string | undefined {
    const root = side === "old" ? this.oldRoot : this.newRoot;
    if (mentionsUnevaluated(root)) return "beside unevaluatedProperties or unevaluatedItems, the properties it matches are evaluated";
    const patterns = record(object, "patternProperties");
    const schema = own(patterns, source) as Schema;
    const others = Object.keys(patterns).filter((other) => other !== source);
    const properties = record(object, "properties");
    const additional = (own(object, "additionalProperties") ?? true) as Schema;
    const allowed = allowedNames(object, root);
    if (acceptsAnything(resolveRef(schema, root)) && acceptsAnything(resolveRef(additional, root))) return undefined;
    const notRun = "the pattern is not run here (it needs another regex engine than JavaScript's)";
    const several = "another pattern may match the same names";
    const unnamed = "a name it matches that no property has was held to additionalProperties, and is held to its schema instead";
    // The names it matches, where they are known: those `propertyNames` allows, or the few it spells out (`^(?:a|b)$`).
    const spelled = this.spelledNames(source, side);
    const known = allowed === undefined ? spelled : spelled === undefined ? allowed : allowed.filter((name) => spelled.includes(name));
    for (const name of known ?? Object.keys(properties)) {
      const matches = this.patternMatches(source, name, side);
      if (matches === undefined) return notRun;
      if (!matches) continue;
      if (others.some((other) => this.patternMatches(other, name, side) !== false)) return several;
      const named = own(properties, name) as Schema | undefined;
      if (named !== undefined && !this.holdsWhole(named, schema, side))
        return `property ${JSON.stringify(name)} is held to its schema too, which is not shown to accept all it did`;
      if (named === undefined && !this.sameOn(additional, schema, side))
        return spelled === undefined
          ? unnamed
          : `the name ${JSON.stringify(name)}, which no property has, was held to additionalProperties, and is held to its schema instead`;
    }
    if (known !== undefined) return undefined;
    // Names no property has: held to additionalProperties before, to the pattern's schema now.
    if (others.length > 0) return several;
    return this.sameOn(additional, schema, side) ? undefined : unnamed;
  }

  /**
   * The names a pattern matches, where it spells them out: `^name$`,
   * `^(name|other)$` or `^(?:name|other)$`, each name plain characters or
   * escaped ones (ECMA-262: `^` and `$` match at the ends of the name alone).
   * Undefined for any other pattern, or one not run here.
   */
  private spelledNames(source: string, side: "old" | "new"): string[] | undefined {
    const body = /^\^(?:\((?:\?:)?(.*)\)|(.*))\$$/su.exec(source);
    if (body === null) return undefined;
    const names: string[] = [];
    let name = "";
    const text = body[1] ?? body[2] ?? "";
    for (let index = 0; index < text.length; index++) {
      const char = text[index]!;
      if (char === "\\") {
        const next = text[index + 1];
        if (next === undefined || !REGEX_SYNTAX.includes(next)) return undefined;
        name += next;
        index++;
      } else if (char === "|") {
        // Outside a group, `^a|b$` is `^a` or `b$`: no list of names.
        if (body[1] === undefined) return undefined;
        names.push(name);
        name = "";
      } else if (REGEX_SYNTAX.includes(char)) return undefined;
      else name += char;
    }
    names.push(name);
    // What the pattern matches, as it is run here, is the judge: a name it does not match means it was misread.
    return names.every((each) => this.patternMatches(source, each, side) === true) ? [...new Set(names)] : undefined;
  }

  /** Whether every value `inner` accepts, `outer` accepts too (both of one side), as far as a trial comparison of `inner` with both at once shows. */
  private holdsWhole(inner: Schema, outer: Schema, side: "old" | "new"): boolean {
    const root = side === "old" ? this.oldRoot : this.newRoot;
    const resolvedOuter = resolveRef(outer, root);
    const resolvedInner = resolveRef(inner, root);
    if (acceptsAnything(resolvedOuter) || resolvedInner === false) return true;
    if (!isRecord(resolvedInner) || !isRecord(resolvedOuter)) return false;
    // An outer `type` that admits every type of the inner one says nothing more beside it.
    const innerTypes = declaredTypes(resolvedInner);
    const outerTypes = declaredTypes(resolvedOuter);
    const wider = innerTypes !== undefined && outerTypes !== undefined && [...innerTypes].every((type) => typeCovered(type, outerTypes));
    const both = mergeSchemas(resolvedInner, wider ? without(resolvedOuter, "type") : resolvedOuter);
    return both !== undefined && this.sameOn(resolvedInner, both, side);
  }

  /** `dependentRequired` and `dependentSchemas`: a dependency added narrows, one removed widens. */
  private dependencies(a: SchemaObject, b: SchemaObject, place: Place): void {
    const requiredA = record(a, "dependentRequired");
    const requiredB = record(b, "dependentRequired");
    for (const name of [...new Set([...Object.keys(requiredA), ...Object.keys(requiredB)])].sort()) {
      const before = new Set(Array.isArray(own(requiredA, name)) ? (own(requiredA, name) as string[]) : []);
      const after = new Set(Array.isArray(own(requiredB, name)) ? (own(requiredB, name) as string[]) : []);
      const pointer = joinPointer(place.new, "dependentRequired", name);
      for (const other of after) {
        if (!before.has(other)) this.report("constraint-added", pointer, `${JSON.stringify(other)} is required with ${JSON.stringify(name)} now`);
      }
      for (const other of before) {
        if (!after.has(other)) this.report("constraint-removed", pointer, `${JSON.stringify(other)} is no longer required with ${JSON.stringify(name)}`);
      }
    }
    const schemasA = record(a, "dependentSchemas");
    const schemasB = record(b, "dependentSchemas");
    for (const name of [...new Set([...Object.keys(schemasA), ...Object.keys(schemasB)])].sort()) {
      const before = own(schemasA, name) as Schema | undefined;
      const after = own(schemasB, name) as Schema | undefined;
      if (before !== undefined && after !== undefined) this.compare(before, after, at(place, "dependentSchemas", name), "property");
      else if (after !== undefined)
        this.report("constraint-added", joinPointer(place.new, "dependentSchemas", name), `a schema dependent on ${JSON.stringify(name)} added`);
      else this.report("constraint-removed", joinPointer(place.old, "dependentSchemas", name), `the schema dependent on ${JSON.stringify(name)} removed`);
    }
  }
}

/**
 * `typed` (whose `type` is `type`) and `branch` as one object, where
 * `mergeSchemas` makes one: the branch's `type` must admit `type`, and is
 * then dropped. Undefined where there is no such object.
 */
function conjoinTyped(typed: SchemaObject, branch: Schema, type: JsonType): SchemaObject | undefined {
  if (branch === true) return typed;
  if (!isRecord(branch)) return undefined;
  const types = declaredTypes(branch);
  if (types !== undefined && !typeCovered(type, types)) return undefined;
  return mergeSchemas(typed, without(branch, "type"));
}

/** The property names an object allows, where it allows only some: those `propertyNames` lists (`enum`, `const`), none with `maxProperties: 0`; else undefined. */
function allowedNames(object: SchemaObject, root: Schema): string[] | undefined {
  if (numberValue(object, "maxProperties") === 0) return [];
  const names = own(object, "propertyNames");
  if (names === undefined) return undefined;
  const resolved = resolveRef(names as Schema, root);
  if (resolved === false) return [];
  const listed = isRecord(resolved) ? listedValues(resolved) : undefined;
  return listed?.filter((name): name is string => typeof name === "string");
}

/** The characters that mean something in a regular expression (ECMA-262 SyntaxCharacter, and `/`): escaped, each stands for itself. */
const REGEX_SYNTAX = "^$\\.*+?()[]{}|/";

const UNEVALUATED_MENTIONS = new WeakMap<object, boolean>();

/** Whether `unevaluatedProperties` or `unevaluatedItems` appears anywhere in a root (its `$defs` too). */
function mentionsUnevaluated(root: Schema): boolean {
  if (!isRecord(root)) return false;
  let known = UNEVALUATED_MENTIONS.get(root);
  if (known === undefined) UNEVALUATED_MENTIONS.set(root, (known = /"unevaluated(Properties|Items)"\s*:/.test(JSON.stringify(root))));
  return known;
}

/** A branch of `anyOf`, `oneOf` or `allOf`, or a whole schema taken as one. */
interface Branch {
  schema: Schema;
  pointer: string;
}

function unionKeyword(object: SchemaObject): "anyOf" | "oneOf" | undefined {
  if (Array.isArray(own(object, "anyOf"))) return "anyOf";
  if (Array.isArray(own(object, "oneOf"))) return "oneOf";
  return undefined;
}

function listOf(object: SchemaObject, keyword: string, pointer: string): Branch[] {
  const list = own(object, keyword);
  return Array.isArray(list) ? (list as Schema[]).map((schema, index) => ({ schema, pointer: joinPointer(pointer, keyword, index) })) : [];
}

function without(object: SchemaObject, keyword: string | undefined): SchemaObject {
  if (keyword === undefined) return object;
  const { [keyword]: _dropped, ...rest } = object;
  return rest;
}

/** An object without its annotations (compared once, beside the union). */
function assertions(object: SchemaObject): SchemaObject {
  return Object.fromEntries(Object.entries(object).filter(([keyword]) => !isPassive(keyword) || keyword === "$defs"));
}

function record(object: SchemaObject, keyword: string): Record<string, unknown> {
  const value = own(object, keyword);
  return isRecord(value) ? value : {};
}

function names(object: SchemaObject, keyword: string): Set<string> {
  const value = own(object, keyword);
  return new Set(Array.isArray(value) ? value.filter((name): name is string => typeof name === "string") : []);
}

function numberValue(object: SchemaObject, keyword: string): number | undefined {
  const value = own(object, keyword);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function plainBound(value: number, exclusive: boolean, keyword: string): Bound {
  return { value, exclusive, keyword, at: value, open: exclusive };
}

/** Whether an object's `contains` refuses any array: not with `minContains: 0` and no `maxContains` (it needs no match). */
function constrains(object: SchemaObject): boolean {
  return numberValue(object, "minContains") !== 0 || upperCount(object, "maxContains") !== undefined;
}

/** A lower count bound: absent is `minDefault` (0; 1 for `minContains`), and says so. */
function lowerCount(object: SchemaObject, keyword: string, minDefault = 0): Bound {
  const value = numberValue(object, keyword);
  return value === undefined ? { ...plainBound(minDefault, false, keyword), label: `no ${keyword}` } : plainBound(value, false, keyword);
}

function upperCount(object: SchemaObject, keyword: string): Bound | undefined {
  const value = numberValue(object, keyword);
  return value === undefined ? undefined : plainBound(value, false, keyword);
}

/** How many items an array allows: the tighter of `maxItems` and a closed tuple's length (`items: false` after it). */
function itemCap(form: ArrayForm, object: SchemaObject): Bound | undefined {
  const written = upperCount(object, "maxItems");
  if (form.closed === undefined) return written;
  const { at, path } = form.closed;
  const keyword = String(path[0]);
  const label = at === 0 ? `${keyword}: false` : `no items past the first ${at} (${keyword}: false)`;
  const closed: Bound = { ...plainBound(at, false, keyword), label };
  return written !== undefined && written.at <= at ? written : closed;
}

/** The names (and patterns) the keywords beside `unevaluatedProperties` evaluate (`evaluatedNames`), merged over `allOf` branches. */
interface Evaluated {
  /** Every name: an `additionalProperties` or `unevaluatedProperties` evaluates whatever the rest did not. */
  all: boolean;
  names: Set<string>;
  patterns: Set<string>;
  /** What `dependentSchemas` entries evaluate where their property is present. */
  dependent: Map<string, Evaluated>;
  /** A subschema that accepts no value: no instance is evaluated at all. */
  none: boolean;
}

/**
 * The property names `schema`'s keywords evaluate on an instance they all
 * accept, written as one string, where that depends on the instance's names
 * alone (2020-12 Core §11.3: `properties` and `patternProperties` evaluate
 * the names they match; `additionalProperties` and a nested
 * `unevaluatedProperties` every other; `allOf` branches, refs and
 * `dependentSchemas` entries what theirs do, since an instance they accept
 * passes them all). Two sides with the same string evaluate the same names
 * on every instance both accept, whatever the property schemas say. Undefined
 * where whether a subschema accepts the instance decides what is evaluated
 * (`anyOf`, `oneOf`, `if`/`then`/`else`, `not`) or a keyword is not read here.
 */
function evaluatedNames(schema: Schema, root: Schema): string | undefined {
  const evaluated = collectEvaluated(schema, root, 0);
  return evaluated === undefined ? undefined : showEvaluated(evaluated);
}

function collectEvaluated(schema: Schema, root: Schema, depth: number): Evaluated | undefined {
  const found: Evaluated = { all: false, names: new Set(), patterns: new Set(), dependent: new Map(), none: false };
  const resolved = resolveRef(schema, root);
  if (resolved === true) return found;
  if (resolved === false) return { ...found, none: true };
  if (!isRecord(resolved) || depth > MAX_EVALUATED_DEPTH) return undefined;
  for (const keyword of Object.keys(resolved)) {
    const value = own(resolved, keyword);
    if (keyword === "properties") for (const name of Object.keys(record(resolved, keyword))) found.names.add(name);
    else if (keyword === "patternProperties") for (const source of Object.keys(record(resolved, keyword))) found.patterns.add(source);
    else if (keyword === "additionalProperties" || keyword === "unevaluatedProperties") found.all = true;
    else if (keyword === "allOf" && Array.isArray(value)) {
      for (const branch of value as Schema[]) {
        const inner = collectEvaluated(branch, root, depth + 1);
        if (inner === undefined) return undefined;
        mergeEvaluated(found, inner);
      }
    } else if (keyword === "dependentSchemas") {
      for (const [name, entry] of Object.entries(record(resolved, keyword))) {
        const inner = collectEvaluated(entry as Schema, root, depth + 1);
        if (inner === undefined) return undefined;
        const known = found.dependent.get(name);
        if (known === undefined) found.dependent.set(name, inner);
        else mergeEvaluated(known, inner);
      }
    } else if (SUBSCHEMA_KEYWORDS.get(keyword)?.position === "in-place" || keyword === "not" || keyword === "$dynamicRef" || keyword === "dependencies")
      return undefined;
  }
  return found;
}

const MAX_EVALUATED_DEPTH = 16;

function mergeEvaluated(into: Evaluated, from: Evaluated): void {
  into.all ||= from.all;
  into.none ||= from.none;
  for (const name of from.names) into.names.add(name);
  for (const source of from.patterns) into.patterns.add(source);
  for (const [name, inner] of from.dependent) {
    const known = into.dependent.get(name);
    if (known === undefined) into.dependent.set(name, inner);
    else mergeEvaluated(known, inner);
  }
}

function showEvaluated(evaluated: Evaluated): string {
  if (evaluated.none) return "none";
  if (evaluated.all) return "all";
  const dependent = [...evaluated.dependent].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([name, inner]) => [name, showEvaluated(inner)]);
  return JSON.stringify([[...evaluated.names].sort(), [...evaluated.patterns].sort(), dependent]);
}

/**
 * Two property forms with `unevaluatedProperties` read alike, as
 * `apartAlike` reads `unevaluatedItems`: where one side reads it on its own
 * (beside a keyword that applies in place) and the other as
 * `additionalProperties`, the other reads it on its own too, so that an
 * `allOf` removed beside an unchanged `unevaluatedProperties: false` is not
 * also that keyword removed and added.
 */
function closersAlike(a: PropertyForm, b: PropertyForm): [PropertyForm, PropertyForm] {
  const apart = (form: PropertyForm): PropertyForm =>
    form.others?.path[0] === "unevaluatedProperties" && form.unevaluated === undefined ? { unevaluated: form.others } : form;
  if (a.unevaluated !== undefined && b.unevaluated === undefined) return [a, apart(b)];
  if (b.unevaluated !== undefined && a.unevaluated === undefined) return [apart(a), b];
  return [a, b];
}

/**
 * Two array forms with `unevaluatedItems` read alike: where one side reads
 * it on its own (beside `contains` or a keyword that applies in place) and
 * the other as `items` (nothing evaluates items there but `prefixItems`),
 * the other reads it on its own too. The keyword is then compared with
 * itself, and what moved is what the keywords beside it evaluate
 * (`unevaluatedMoved`), not an `unevaluatedItems` added or removed, nor a
 * cap that neither side changed.
 */
function apartAlike(a: ArrayForm, b: ArrayForm): [ArrayForm, ArrayForm] {
  const apart = (form: ArrayForm): ArrayForm => {
    if (form.rest.path[0] !== "unevaluatedItems") return form;
    const { closed: _closed, ...rest } = form;
    return { ...rest, rest: { schema: true, path: [] }, unevaluated: form.rest };
  };
  if (a.unevaluated !== undefined && b.unevaluated === undefined) return [a, apart(b)];
  if (b.unevaluated !== undefined && a.unevaluated === undefined) return [apart(a), b];
  return [a, b];
}

/**
 * Two array forms whose positions line up, with the caps they read (the
 * fewer items either allows is `reach`): each tuple cut at `reach`, since
 * past it the caps say the change, as written or else with as short a tuple
 * as means the same (`listForm`); as written when neither lines up (the
 * tuple changed length: undecidable).
 */
function alignArrays(
  a: ArrayForm,
  b: ArrayForm,
  objectA: SchemaObject,
  objectB: SchemaObject,
): { forms: [ArrayForm, ArrayForm]; caps: [Bound | undefined, Bound | undefined]; reach: number } {
  const attempt = (x: ArrayForm, y: ArrayForm) => {
    const caps: [Bound | undefined, Bound | undefined] = [itemCap(x, objectA), itemCap(y, objectB)];
    const reach = Math.min(caps[0]?.at ?? Infinity, caps[1]?.at ?? Infinity);
    const cut = (form: ArrayForm): ArrayForm => (form.prefix.length > reach ? { ...form, prefix: form.prefix.slice(0, reach) } : form);
    return { forms: [cut(x), cut(y)] as [ArrayForm, ArrayForm], caps, reach };
  };
  const lined = (attempted: ReturnType<typeof attempt>) => attempted.forms[0].prefix.length === attempted.forms[1].prefix.length;
  const written = attempt(a, b);
  if (lined(written)) return written;
  const lists = attempt(listForm(a), listForm(b));
  return lined(lists) ? lists : written;
}

/**
 * The keywords whose evaluated items or properties `unevaluatedItems` and `unevaluatedProperties` leave alone (2020-12
 * Core §11.2, §11.3): those beside them (`EVALUATED_BESIDE`), the applicators in place, and the references.
 */
const IN_PLACE = [...SUBSCHEMA_KEYWORDS.keys()].filter((name) => SUBSCHEMA_KEYWORDS.get(name)!.position === "in-place");
const EVALUATORS: Record<"unevaluatedItems" | "unevaluatedProperties", readonly string[]> = {
  unevaluatedItems: [...EVALUATED_BESIDE.get("unevaluatedItems")!, ...IN_PLACE.filter((name) => name !== "dependentSchemas"), "$ref", "$dynamicRef"],
  unevaluatedProperties: [...EVALUATED_BESIDE.get("unevaluatedProperties")!, ...IN_PLACE, "$ref", "$dynamicRef"],
};

/** What a message says of a subschema that accepts no value, or some again, where no keyword says more. */
const ANY_VALUE: Wording = { none: "accepts no value any more", some: "accepts values now (accepted none)" };
const OTHER_PROPERTIES: Wording = { none: "no other property accepted any more", some: "other properties accepted now, where its schema allows (none were)" };
const UNEVALUATED_PROPERTIES: Wording = {
  none: "no unevaluated property accepted any more",
  some: "unevaluated properties accepted now, where its schema allows (none were)",
};
const UNEVALUATED_ITEMS: Wording = {
  none: "no unevaluated item accepted any more",
  some: "unevaluated items accepted now, where its schema allows (none were)",
};

/**
 * The step between the numbers a schema admits when it admits integers only,
 * undefined when it admits other numbers too: a `type` with `integer` and
 * without `number`, or a `multipleOf` that is a whole number (its multiples
 * are integers, whatever the `type`). The step is the least whole multiple
 * of `multipleOf` (`wholeStep`: 2 for 2, 1 for 0.5, 3 for 1.5), or 1 without
 * one (or where that multiple is not found: reading bounds at step 1 then
 * only leaves some no-op changes reported).
 */
function integerStep(object: SchemaObject, types: ReadonlySet<JsonType> | undefined): number | undefined {
  const multipleOf = wholeMultipleOf(object);
  if (multipleOf !== undefined) return multipleOf;
  if (types === undefined || !types.has("integer") || types.has("number")) return undefined;
  const written = numberValue(object, "multipleOf");
  return (written === undefined ? undefined : wholeStep(written)) ?? 1;
}

/** Whether `type` itself admits integers alone among numbers (the change `types` reports as `integer` ↔ `number`). */
function integersByType(object: SchemaObject): boolean {
  const types = declaredTypes(object);
  return types !== undefined && types.has("integer") && !types.has("number");
}

/**
 * The numbers `type` and `multipleOf` admit, bounds aside, as the step
 * between them: undefined for every number, null where it is not found.
 * Among integers alone, that is the least whole multiple of `multipleOf`
 * (1 without one), so no `multipleOf`, 1 and 0.5 are one step there.
 */
function numberLattice(multipleOf: number | undefined, integersOnly: boolean): number | undefined | null {
  if (!integersOnly) return multipleOf !== undefined && multipleOf > 0 ? multipleOf : undefined;
  return wholeStep(multipleOf ?? 1) ?? null;
}

/**
 * The least whole number that is a multiple of `step` (positive), read from
 * its decimal form as JSON writes it (0.3 is 3/10, so 3); undefined where
 * that is no safe integer.
 */
function wholeStep(step: number): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(step));
  if (match === null || !(step > 0)) return undefined;
  const [, whole = "", fraction = "", exponent = "0"] = match;
  const scale = Number(exponent) - fraction.length;
  let numerator = BigInt(whole + fraction);
  if (scale >= 0) numerator *= 10n ** BigInt(scale);
  else numerator /= gcd(numerator, 10n ** BigInt(-scale));
  const least = Number(numerator);
  return Number.isSafeInteger(least) ? least : undefined;
}

function gcd(x: bigint, y: bigint): bigint {
  return y === 0n ? x : gcd(y, x % y);
}

/**
 * The tighter of `minimum` and `exclusiveMinimum` (or of the maxima);
 * undefined when neither bounds it. Where only integers are admitted, each
 * bound is read as the first admitted value it lets through (JSON Schema
 * 2020-12 validation §6.2: the bounds and `multipleOf` apply together), so
 * `exclusiveMinimum` 0, `minimum` 0.5 and `minimum` 1 are one bound; a bound
 * beyond the integers a double holds exactly is read as written.
 */
function numberBound(object: SchemaObject, side: "lower" | "upper", step?: number): Bound | undefined {
  const [inclusive, exclusive] = side === "lower" ? ["minimum", "exclusiveMinimum"] : ["maximum", "exclusiveMaximum"];
  const plain = numberValue(object, inclusive);
  const strict = numberValue(object, exclusive);
  const bounds: Bound[] = [];
  if (plain !== undefined) bounds.push(onLattice(plainBound(plain, false, inclusive), side, step));
  if (strict !== undefined) bounds.push(onLattice(plainBound(strict, true, exclusive), side, step));
  if (bounds.length < 2) return bounds[0];
  const [first, second] = bounds as [Bound, Bound];
  if (first.at === second.at && first.open === second.open) return second;
  const tighter = first.at !== second.at ? (side === "lower" ? second.at > first.at : second.at < first.at) : second.open;
  return tighter ? second : first;
}

/** A bound read as the first multiple of `step` it admits (inclusive), when `step` is given and the arithmetic is exact. */
function onLattice(bound: Bound, side: "lower" | "upper", step: number | undefined): Bound {
  if (step === undefined) return bound;
  const { value, exclusive } = bound;
  let at = side === "lower" ? (exclusive ? Math.floor(value) + 1 : Math.ceil(value)) : exclusive ? Math.ceil(value) - 1 : Math.floor(value);
  const rest = ((at % step) + step) % step;
  if (rest !== 0) at = side === "lower" ? at + (step - rest) : at - rest;
  return Number.isSafeInteger(at) && Number.isSafeInteger(Math.abs(at) + step) ? { ...bound, at, open: false } : bound;
}

/** Whether `x` is a whole multiple of `y` (both positive), up to floating-point rounding. */
function isMultiple(x: number, y: number): boolean {
  const ratio = x / y;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 * Math.max(1, Math.abs(ratio));
}
