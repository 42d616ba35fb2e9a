/**
 * Patterns (2020-12 Validation §6.3.3, Core §10.3.2.2): ECMA-262 regular
 * expressions, which servers also write in other dialects, and some of which
 * stall a backtracking engine. What happens to each is a function of its text
 * alone, decided by `../patterns.ts`.
 */
import { isRecord } from "../../shared/json.js";
import { joinPointer } from "../../shared/errors.js";
import type { KeywordRule } from "../rule.js";
import { subschemaMap } from "./subschemas.js";

export const PATTERNS: KeywordRule = {
  name: "patterns",
  does: "Each `pattern` and `patternProperties` key is validated: with the `u` flag when it is a valid Unicode regular expression, else without it (another dialect's escapes); by the linear-time matcher when a backtracking engine could stall on it; not at all, and dropped, when no engine can run it. Each way but the first is reported; a `pattern` that is not a string is dropped.",
  spec: "2020-12 Validation §6.3.3, Core §6.4, §10.3.2.2",
  reports: ["keyword-dropped", "pattern-invalid", "pattern-dialect", "pattern-backtracking"],
  keywords: ["pattern", "patternProperties"],
  apply(node, keyword, value, at) {
    if (keyword === "pattern") {
      if (typeof value !== "string") return node.drop(keyword, at, "is not a string");
      if (node.keepPattern(value, "pattern", at)) node.out.pattern = value;
      return;
    }
    const map = subschemaMap(node, keyword, value, at, (name, where) => node.keepPattern(name, "patternProperties key", where));
    if (map !== undefined) node.out[keyword] = map;
  },
};

export const DROPPED_PATTERN_OPENS_OBJECT: KeywordRule = {
  name: "dropped-pattern-opens-object",
  does: "When a `patternProperties` key is dropped, `additionalProperties` and `unevaluatedProperties` (unless `true`) are dropped too, with a warning: they would reject exactly the properties the pattern matched.",
  reports: ["pattern-invalid"],
  keywords: [],
  finish(node) {
    const patterns = node.out.patternProperties;
    const written = node.input["patternProperties"];
    if (!isRecord(patterns) || !isRecord(written) || Object.keys(patterns).length >= Object.keys(written).length) return;
    for (const keyword of ["additionalProperties", "unevaluatedProperties"]) {
      if (node.out[keyword] !== undefined && node.out[keyword] !== true) {
        delete node.out[keyword];
        node.warn("pattern-invalid", `\`${keyword}\` is not applied either, since a patternProperties key was ignored`, joinPointer(node.pointer, keyword));
      }
    }
  },
};

export const PATTERN_RULES: readonly KeywordRule[] = [PATTERNS, DROPPED_PATTERN_OPENS_OBJECT];
