/**
 * How each `pattern` (and `patternProperties` key) of a schema is validated.
 * JSON Schema's patterns are ECMA-262 regular expressions (2020-12 Validation
 * §6.3.3, Core §6.4), which mcpgen compiles with the `u` flag; servers write
 * them in other dialects too, and some are catastrophic for a backtracking
 * engine. The decision is a function of the pattern's text alone, made once
 * per text: normalisation warns by it, keeps or drops the pattern, and
 * records the mode of each kept one in the IR (`ManifestIR.patternModes`),
 * which the validators emitter compiles by.
 *
 *   - valid with `u`: compiled with `u`;
 *   - valid only without `u` (Python's `^[\w\-\_]+$`): compiled without, with a warning;
 *   - invalid either way: a warning, and not validated;
 *   - exponential or polynomial on a backtracking engine (pattern-safety.ts): matched by the
 *     linear-time matcher (templates/linear-regexp.ts), with a warning; if the matcher cannot
 *     run it (a backreference), a warning, and not validated.
 */
import type { Diagnostic, Location } from "../shared/errors.js";
import { LinearRegExp, PatternNotLinear } from "../../templates/linear-regexp.js";
import type { PatternMode } from "../ir/index.js";
import { backtrackingRisk, type BacktrackingRisk } from "./pattern-safety.js";

export interface PatternDecision {
  /** Whether the pattern is validated at all. */
  kept: boolean;
  /** How the validators compile it, when not as `new RegExp(source, "u")`. */
  mode: PatternMode | undefined;
  /** What the user is told (without the location), in order. */
  warnings: Array<Pick<Diagnostic, "code" | "message" | "hint">>;
}

const decisions = new Map<string, PatternDecision>();

/** The decision for a pattern's text (memoised: a manifest repeats its patterns). */
export function decidePattern(source: string): PatternDecision {
  let decision = decisions.get(source);
  if (decision === undefined) {
    decision = decide(source);
    // Manifests are bounded; the memo of one process need not be.
    if (decisions.size > 10_000) decisions.clear();
    decisions.set(source, decision);
  }
  return decision;
}

/**
 * Records the decision's warnings at `where` (what names the pattern: "pattern", "patternProperties
 * key"); whether the pattern is kept.
 */
export function checkPattern(source: string, what: string, where: Location, diagnostics: Diagnostic[]): boolean {
  const decision = decidePattern(source);
  for (const warning of decision.warnings) {
    diagnostics.push({ severity: "warning", ...warning, message: `${what} ${JSON.stringify(source)} ${warning.message}`, ...where });
  }
  return decision.kept;
}

/** Why `new RegExp` refuses a pattern, without the pattern (which the message quotes already). */
function refusal(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    return message.slice(message.lastIndexOf(": ") + 2) || message;
  }
}

function decide(source: string): PatternDecision {
  const unicodeRefusal = refusal(source, "u");
  const warnings: PatternDecision["warnings"] = [];
  if (unicodeRefusal !== undefined) {
    const legacyRefusal = refusal(source, "");
    if (legacyRefusal !== undefined) {
      return {
        kept: false,
        mode: undefined,
        warnings: [
          {
            code: "pattern-invalid",
            message: `is not a valid ECMAScript regular expression, with the u flag or without (${unicodeRefusal}); it is not validated`,
            hint: "JSON Schema patterns are ECMAScript regular expressions: fix it on the server or in the manifest",
          },
        ],
      };
    }
    warnings.push({
      code: "pattern-dialect",
      message: `is not a valid Unicode regular expression (${unicodeRefusal}), but is one without the u flag: validated without it`,
      hint: "other regex dialects (Python, PCRE) allow escapes such as \\- and \\_ outside a class, which the u flag refuses; write the pattern in ECMAScript's Unicode syntax to drop this warning",
    });
  }
  const unicode = unicodeRefusal === undefined;
  const risk = backtrackingRisk(source, unicode);
  if (risk === undefined) return { kept: true, mode: unicode ? undefined : "legacy", warnings };
  try {
    new LinearRegExp(source, unicode ? "u" : "");
  } catch (error) {
    if (!(error instanceof PatternNotLinear)) throw error;
    warnings.push({
      code: "pattern-invalid",
      message: `${riskText(risk)}; no linear-time matcher can run it (${error.message}), so it is not validated`,
      hint: REWRITE_HINT,
    });
    return { kept: false, mode: undefined, warnings };
  }
  warnings.push({
    code: "pattern-backtracking",
    message: `${riskText(risk)}; it is checked with mcpgen's linear-time matcher instead of RegExp`,
    hint: REWRITE_HINT,
  });
  return { kept: true, mode: unicode ? "linear" : "linear-legacy", warnings };
}

const REWRITE_HINT = "rewrite it so that no two quantifiers can match the same text (^a+$ for ^(a+)+$; anchor it with ^ when it must match from the start)";

function riskText(risk: BacktrackingRisk): string {
  const growth = risk.growth === "exponential" ? "exponential" : "polynomial (quadratic or worse)";
  return `can take a backtracking regex engine time ${growth} in the length of the text it checks, through ${risk.cause}`;
}
