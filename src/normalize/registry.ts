/**
 * Every normalisation rule, by family: the names diagnostics' documentation,
 * the docs and ARCHITECTURE.md cite. Keyword rules are also in the table
 * the keyword dispatch reads (`rules/index.ts`); structural rules are
 * declared beside the code that implements them. Each has table rows of its
 * own in `test/normalize/<family>.ts`, and a rule without one fails the test.
 */
import { EMPTY_REF_CYCLES } from "./empty-ref-cycles.js";
import { MCP_HEADER_ARGUMENTS } from "./mcp-headers.js";
import { META_SCHEMA_REFS } from "./meta-schemas.js";
import { DUPLICATE_RESOURCES, RESOURCE_METADATA, RESOURCE_SHAPE, URI_TEMPLATES } from "./mcp-resources.js";
import { DEF_TYPE_NAMES, FILE_NAMES, METHOD_NAMES, SURFACE_NAMES, TYPE_NAMES } from "./naming.js";
import { DUPLICATE_PROMPTS, PROMPT_METADATA, PROMPT_SHAPE } from "./prompts.js";
import { REF_RESOLUTION } from "./resources.js";
import type { Rule } from "./rule.js";
import { DIALECT, DIALECT_RULES, REF_SIBLINGS } from "./rules/dialects.js";
import { PATTERN_RULES } from "./rules/patterns.js";
import { EXTERNAL_REFS, REF_RULES, UNRESOLVED_REFS } from "./rules/refs.js";
import { LONE_SURROGATE_NAMES, SUBSCHEMA_RULES } from "./rules/subschemas.js";
import { TYPED_INSTANCES, VOCABULARY_RULES } from "./rules/vocabulary.js";
import { DYNAMIC_REFS, DYNAMIC_SCOPE_LIMIT, LENIENT_SUBSCHEMAS, REF_HOISTING } from "./schema.js";
import { SDK_SURFACE_COMPATIBILITY } from "./sdk-surface-schema.js";
import { SDK_ACCEPTED_FORM, SDK_COMPATIBILITY } from "./sdk-tool-schema.js";
import {
  DUPLICATE_KEYS,
  DUPLICATE_TOOLS,
  FINITE_NUMBERS,
  MISSING_INPUT_SCHEMA,
  OBJECT_ROOT,
  ONE_PAGE,
  OUTPUT_SCHEMA_SHAPE,
  TASK_REQUIRED,
  TOOL_METADATA,
  TOOL_SHAPE,
} from "./tools.js";

export const RULE_FAMILIES = {
  /** The dialect, and older dialects' keywords in their 2020-12 form (rules/dialects.ts). */
  dialects: [DIALECT, REF_SIBLINGS, ...DIALECT_RULES],
  /** Which keywords and values survive (rules/vocabulary.ts). */
  vocabulary: [...VOCABULARY_RULES, TYPED_INSTANCES],
  /** Keywords that hold subschemas, and values that are not schemas (rules/subschemas.ts, schema.ts). */
  subschemas: [LENIENT_SUBSCHEMAS, ...SUBSCHEMA_RULES, LONE_SURROGATE_NAMES],
  /** `pattern` and `patternProperties` (rules/patterns.ts, decided by patterns.ts). */
  patterns: PATTERN_RULES,
  /** Where refs lead and what they become (resources.ts, meta-schemas.ts, rules/refs.ts, schema.ts, empty-ref-cycles.ts). */
  refs: [REF_RESOLUTION, META_SCHEMA_REFS, ...REF_RULES, EXTERNAL_REFS, UNRESOLVED_REFS, REF_HOISTING, DYNAMIC_REFS, DYNAMIC_SCOPE_LIMIT, EMPTY_REF_CYCLES],
  /** A tool as a whole (tools.ts). */
  tools: [
    TOOL_SHAPE,
    DUPLICATE_KEYS,
    ONE_PAGE,
    DUPLICATE_TOOLS,
    MCP_HEADER_ARGUMENTS,
    FINITE_NUMBERS,
    MISSING_INPUT_SCHEMA,
    OBJECT_ROOT,
    OUTPUT_SCHEMA_SHAPE,
    TOOL_METADATA,
    TASK_REQUIRED,
  ],
  /** A prompt as a whole and its arguments (prompts.ts). */
  prompts: [PROMPT_SHAPE, DUPLICATE_PROMPTS, PROMPT_METADATA],
  /** A resource or a resource template as a whole, and a template's RFC 6570 variables (mcp-resources.ts). */
  resources: [RESOURCE_SHAPE, DUPLICATE_RESOURCES, URI_TEMPLATES, RESOURCE_METADATA],
  /** Names decided once for the whole output (naming.ts). */
  naming: [METHOD_NAMES, TYPE_NAMES, DEF_TYPE_NAMES, SURFACE_NAMES, FILE_NAMES],
  /** What the official MCP SDK client would reject (sdk-tool-schema.ts, sdk-surface-schema.ts). */
  sdk: [SDK_COMPATIBILITY, SDK_ACCEPTED_FORM, SDK_SURFACE_COMPATIBILITY],
} as const satisfies Record<string, readonly Rule[]>;

export type RuleFamily = keyof typeof RULE_FAMILIES;

export const NORMALIZATION_RULES: readonly Rule[] = Object.values(RULE_FAMILIES).flat();
