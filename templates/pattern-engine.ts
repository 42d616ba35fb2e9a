/**
 * The regular-expression engine of a generated `validators.ts` whose schemas
 * have patterns that are not plain Unicode RegExps. ajv's code calls it for
 * every `pattern` and `patternProperties` key (`code.regExp` names it); it is
 * inlined only into such files, with the table mcpgen decided at generate time.
 */

/**
 * How a pattern is compiled when not as `new RegExp(source, "u")`: `legacy`
 * without the `u` flag (valid only so, as other dialects write patterns),
 * `linear` with mcpgen's linear-time matcher (a backtracking engine could
 * take exponential or polynomial time on it), `linear-legacy` both.
 */
export type PatternMode = "legacy" | "linear" | "linear-legacy";

/** What ajv's code needs of a pattern. */
export interface PatternTester {
  test(text: string): boolean;
}

/**
 * ajv's `regExp` engine: patterns not in `modes` compile as ajv asks
 * (`new RegExp(source, "u")`), the others as their mode says. `linear` is the
 * linear-time matcher, needed when some mode is `linear` or `linear-legacy`.
 */
export function patternEngine(
  modes: ReadonlyMap<string, PatternMode>,
  linear?: new (source: string, flags: string) => PatternTester,
): (source: string, flags: string) => PatternTester {
  return (source, flags) => {
    const mode = modes.get(source);
    if (mode === undefined) return new RegExp(source, flags);
    if (mode === "legacy") return new RegExp(source, "");
    if (linear === undefined) throw new Error(`internal: pattern ${JSON.stringify(source)} needs the linear-time matcher, which is not included`);
    return new linear(source, mode === "linear" ? "u" : "");
  };
}
