/**
 * Template of the generated `validate.ts`: the `emitted` region is how
 * every `validate.ts` ends. Above it, what the emitter writes before it for
 * the sample manifest of types.ts: the tables of validators by wire name
 * (`null` for a tool without an outputSchema).
 */
import {
  input as input0,
  output as output0,
} from "./validators/get-weather.js";
import { input as input1 } from "./validators/ping.js";
import type { ToolMap, ToolName } from "./types.js";
import {
  createStandardSchemas,
  runValidator,
  type CompiledValidator,
  type StandardSchemas,
  type ValidateOptions,
  type ValidationResult,
  type Validators,
} from "./runtime.js";

const inputValidators: { readonly [name: string]: CompiledValidator | null } = {
  get_weather: input0,
  ping: input1,
};

const outputValidators: { readonly [name: string]: CompiledValidator | null } =
  {
    get_weather: output0,
    ping: null,
  };

// #region emitted
/** Untyped view for the client runtime. */
export const validators: Validators = {
  validateInput: (toolName, value) =>
    runValidator(inputValidators, toolName, value, "input"),
  validateOutput: (toolName, value) =>
    runValidator(outputValidators, toolName, value, "output"),
};

/**
 * Checks tool arguments against the tool's `inputSchema`. Issues carry JSON pointers into `value`:
 * every issue, or with `{ firstIssue: true }` the first alone.
 */
export function validateInput<N extends ToolName>(
  toolName: N,
  value: unknown,
  options?: ValidateOptions,
): ValidationResult<ToolMap[N]["input"]> {
  return runValidator(inputValidators, toolName, value, "input", options);
}

/**
 * Checks `structuredContent` against the tool's `outputSchema`; a tool without one accepts anything.
 * Every issue, or with `{ firstIssue: true }` the first alone.
 */
export function validateOutput<N extends ToolName>(
  toolName: N,
  value: unknown,
  options?: ValidateOptions,
): ValidationResult<ToolMap[N]["output"]> {
  return runValidator(outputValidators, toolName, value, "output", options);
}

/**
 * Every tool's validators as Standard Schema v1 objects (https://standardschema.dev),
 * by wire name: `standardSchemas[toolName].input` checks arguments, `.output`
 * `structuredContent` (anything, for a tool without an outputSchema). Any library
 * that takes a Standard Schema takes them; issue paths are arrays of keys.
 */
export const standardSchemas: StandardSchemas<ToolMap> =
  /* @__PURE__ */ createStandardSchemas<ToolMap>(
    inputValidators,
    outputValidators,
  );
// #endregion
