/**
 * The keyword rules, the table the keyword dispatch of `schema.ts` reads:
 * each keyword of a schema object is applied by the one rule that names it,
 * or dropped (`known-keywords-only`); then every rule's `finish` runs, in this
 * order (`plain-refs` first: its `$ref` precedes what later rules add).
 * Adding a keyword rule is adding it to its family's list.
 */
import type { KeywordRule } from "../rule.js";
import { DIALECT_RULES } from "./dialects.js";
import { PATTERN_RULES } from "./patterns.js";
import { REF_RULES } from "./refs.js";
import { SUBSCHEMA_RULES } from "./subschemas.js";
import { KNOWN_KEYWORDS_ONLY, TYPED_INSTANCES, VOCABULARY_RULES } from "./vocabulary.js";

// `typed-instances` last: its `finish` reads `type` as every other rule left it (`nullable` adds to it).
export const KEYWORD_RULES: readonly KeywordRule[] = [
  ...REF_RULES,
  ...VOCABULARY_RULES,
  ...SUBSCHEMA_RULES,
  ...DIALECT_RULES,
  ...PATTERN_RULES,
  TYPED_INSTANCES,
];

const BY_KEYWORD: ReadonlyMap<string, KeywordRule> = new Map(KEYWORD_RULES.flatMap((rule) => rule.keywords.map((keyword) => [keyword, rule] as const)));

/** The rule that reads `keyword`: `known-keywords-only` for a keyword no rule names. */
export function keywordRule(keyword: string): KeywordRule {
  return BY_KEYWORD.get(keyword) ?? KNOWN_KEYWORDS_ONLY;
}

/** The rules with a `finish`, in table order. */
export const FINISHING_RULES: readonly KeywordRule[] = KEYWORD_RULES.filter((rule) => rule.finish !== undefined);
