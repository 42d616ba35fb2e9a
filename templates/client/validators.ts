/**
 * Template of the generated `validators.ts`, the validators the typed client
 * runs: the `emitted` region is how every `validators.ts` ends. Above it,
 * what the emitter writes before it for the sample manifest of types.ts: each
 * tool's validator module (`validators/<file>.ts`), by wire name, imported
 * the first time the tool is called. A bundler makes each a chunk of its own,
 * so a program that calls one tool carries that tool's validators alone.
 */
import {
  runValidator,
  type AsyncValidators,
  type CompiledValidator,
} from "./runtime.js";

/** Each tool's validator module, by wire name. */
const tools: { readonly [name: string]: () => Promise<ToolValidators> } = {
  get_weather: () => import("./validators/get-weather.js"),
  ping: () => import("./validators/ping.js"),
};

// #region emitted
/** What a tool's validator module exports: `output` only for a tool with an outputSchema. */
interface ToolValidators {
  readonly input: CompiledValidator;
  readonly output?: CompiledValidator;
}

/** Each tool's module once imported (or being imported), by wire name. */
const loaded = new Map<string, Promise<ToolValidators>>();

/** A tool's validators, imported on first use; undefined for a name no tool has. */
function load(toolName: string): Promise<ToolValidators> | undefined {
  // Own properties only: a tool may be called `constructor`.
  if (!Object.prototype.hasOwnProperty.call(tools, toolName)) return undefined;
  let module = loaded.get(toolName);
  if (module === undefined) {
    module = tools[toolName]!();
    loaded.set(toolName, module);
  }
  return module;
}

async function check(
  toolName: string,
  value: unknown,
  role: "input" | "output",
) {
  const module = await load(toolName);
  // A computed key defines an own property, even `__proto__`.
  const table: { [name: string]: CompiledValidator | null } =
    module === undefined ? {} : { [toolName]: module[role] ?? null };
  return runValidator(table, toolName, value, role);
}

/** The validators the client runs, each tool's imported on its first call. */
export const validators: AsyncValidators = {
  validateInput: (toolName, value) => check(toolName, value, "input"),
  validateOutput: (toolName, value) => check(toolName, value, "output"),
};
// #endregion
