/**
 * The rules that read a tool as a whole (MCP 2025-11-25, "Tool"): which tools
 * are accepted, what stands in for a missing `inputSchema`, whether the
 * arguments' schema admits an object, and the tool's own fields.
 */
import type { RawManifest } from "../ir/raw-manifest.js";
import type { Audience, NormalizedSchema, ToolAnnotations } from "../ir/index.js";
import { joinPointer, userError, type Diagnostic } from "../shared/errors.js";
import { isRecord } from "../shared/json.js";
import { duplicateKeyProblem, outsideDroppedValues } from "../shared/json-syntax.js";
import type { Rule } from "./rule.js";

export const TOOL_SHAPE: Rule = {
  name: "tool-shape",
  does: "A tool must be an object with a non-empty string `name`; anything else is an error of the whole manifest (nothing is generated), at the tool's pointer.",
  spec: "MCP 2025-11-25, Tool",
  reports: ["tool-invalid"],
};

export const DUPLICATE_TOOLS: Rule = {
  name: "duplicate-tools",
  does: "Of several tools with one name, the first is kept; each repeat is reported, saying whether it is the same tool or a different one.",
  reports: ["tool-duplicate"],
};

/** A tool `tool-shape` accepted, and where it is in the input. */
export interface AcceptedTool {
  tool: Record<string, unknown>;
  pointer: string;
}

/** `tool-shape` and `duplicate-tools`: the tools to normalise, in the order listed. */
export function acceptTools(manifest: RawManifest, diagnostics: Diagnostic[]): AcceptedTool[] {
  const file = manifest.source;
  const accepted: AcceptedTool[] = [];
  const seen = new Map<string, string>();
  manifest.tools.forEach((tool, index) => {
    const pointer = joinPointer(manifest.toolsPointer, index);
    if (!isRecord(tool)) throw userError("tool-invalid", "a tool must be an object", { file, pointer });
    const name = tool["name"];
    if (typeof name !== "string" || name === "") {
      throw userError("tool-invalid", name === undefined ? "tool has no `name`" : "tool `name` must be a non-empty string", {
        file,
        pointer: joinPointer(pointer, "name"),
        hint: "every tool in tools/list needs a unique string name",
      });
    }
    const first = seen.get(name);
    if (first !== undefined) {
      const same = JSON.stringify(tool) === JSON.stringify(accepted.find((entry) => entry.pointer === first)?.tool);
      diagnostics.push({
        severity: "warning",
        code: "tool-duplicate",
        message: same
          ? `listed twice; the repeat at ${pointer} is ignored`
          : `listed twice with different definitions; keeping the first (${first}), ignoring ${pointer}`,
        file,
        tool: name,
        pointer,
      });
      return;
    }
    seen.set(name, pointer);
    accepted.push({ tool, pointer });
  });
  return accepted;
}

export const ONE_PAGE: Rule = {
  name: "one-page",
  does: "A `tools/list` result with a `nextCursor` is one page of a paginated list: generated as it is, with a warning at the cursor that the tools of later pages are not in it (`mcpgen pull` follows every page).",
  spec: 'MCP 2025-11-25, "Pagination"',
  reports: ["input-shape"],
};

/** `one-page`: a warning when the manifest names a next page. */
export function checkOnePage(manifest: RawManifest, diagnostics: Diagnostic[]): void {
  if (manifest.nextCursor === undefined) return;
  diagnostics.push({
    severity: "warning",
    code: "input-shape",
    message: "the manifest is one page of a paginated tools/list (it has a nextCursor): the tools of later pages are not in it",
    file: manifest.source,
    pointer: `${manifest.toolsPointer.slice(0, -"/tools".length)}/nextCursor`,
    hint: "pull the server instead (mcpgen pull follows every page), or join every page's tools into one list and drop nextCursor",
  });
}

export const DUPLICATE_KEYS: Rule = {
  name: "duplicate-keys",
  does: "A key a manifest file gives twice in one object (a merge that kept both sides) is read as `JSON.parse` reads it, the last one used, with a warning at the second naming both lines and, inside a tool, the tool.",
  spec: "RFC 8259 §4 (the names within an object SHOULD be unique)",
  reports: ["input-shape"],
};

/** `duplicate-keys`: a warning for each key the manifest's text gives twice in one object. */
export function checkDuplicateKeys(manifest: RawManifest, diagnostics: Diagnostic[]): void {
  const toolsPrefix = `${manifest.toolsPointer}/`;
  // A key given twice inside a value a later key drops is moot: only the key outside it is reported.
  for (const duplicate of outsideDroppedValues(manifest.duplicateKeys ?? [])) {
    const { message, hint } = duplicateKeyProblem(duplicate, "the last is used, as JSON.parse reads it, and the first is ignored");
    const { pointer } = duplicate;
    const index = pointer.startsWith(toolsPrefix) ? Number(pointer.slice(toolsPrefix.length).split("/")[0]) : Number.NaN;
    const tool = Number.isInteger(index) && isRecord(manifest.tools[index]) ? manifest.tools[index]["name"] : undefined;
    diagnostics.push({
      severity: "warning",
      code: "input-shape",
      message,
      file: manifest.source,
      ...(typeof tool === "string" && tool !== "" ? { tool } : {}),
      pointer,
      hint,
    });
  }
}

export const FINITE_NUMBERS: Rule = {
  name: "finite-numbers",
  does: "A number beyond what a JavaScript number holds (`1e400`, which `JSON.parse` reads as Infinity and every JSON writer writes back as `null`) anywhere in a tool (an `enum` value, a `const`, a bound, a default) would change the tool's contract in the snapshot, the types and the validators: the tool is left out, with a warning at the first such number; the other tools are generated as usual.",
  spec: "RFC 8259 §6 (numbers beyond IEEE 754 doubles are not interoperable)",
  reports: ["tool-dropped"],
};

/** `finite-numbers`: the tools whose every number is finite; each other one reported and left out. */
export function checkFiniteNumbers<T extends AcceptedTool>(accepted: readonly T[], file: string, diagnostics: Diagnostic[]): T[] {
  return accepted.filter((entry) => {
    const found = nonFiniteNumber(entry.tool, entry.pointer);
    if (found === undefined) return true;
    diagnostics.push({
      severity: "warning",
      code: "tool-dropped",
      message: `left out: a number too large for JSON numbers in JavaScript (a literal such as ${found.value < 0 ? "-1e400" : "1e400"} reads as ${found.value}, and would be written back as null)`,
      file,
      tool: entry.tool["name"] as string,
      pointer: found.pointer,
      hint: "write the number within ±1.7976931348623157e308, or leave the keyword out",
    });
    return false;
  });
}

/** The first number that is not finite in `value`, depth first in document order (without recursion: nesting may be deep). */
function nonFiniteNumber(value: unknown, pointer: string): { value: number; pointer: string } | undefined {
  const pending: Array<[unknown, string]> = [[value, pointer]];
  while (pending.length > 0) {
    const [item, at] = pending.pop()!;
    if (typeof item === "number") {
      if (!Number.isFinite(item)) return { value: item, pointer: at };
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) pending.push([item[index], joinPointer(at, index)]);
    } else if (isRecord(item)) {
      const keys = Object.keys(item);
      for (let index = keys.length - 1; index >= 0; index--) pending.push([item[keys[index]!], joinPointer(at, keys[index]!)]);
    }
  }
  return undefined;
}

export const MISSING_INPUT_SCHEMA: Rule = {
  name: "missing-input-schema",
  does: 'A tool without `inputSchema` (which MCP requires) takes any object as arguments, `{ "type": "object" }`, with a warning.',
  spec: "MCP 2025-11-25, Tool.inputSchema",
  reports: ["schema-invalid"],
};

/** `missing-input-schema`: the schema of the tool's arguments, as written or as assumed. */
export function inputSchemaOf({ tool, pointer }: AcceptedTool, file: string, diagnostics: Diagnostic[]): unknown {
  if (tool["inputSchema"] !== undefined) return tool["inputSchema"];
  diagnostics.push({
    severity: "warning",
    code: "schema-invalid",
    message: "tool has no inputSchema; assuming an object with any properties",
    file,
    tool: tool["name"] as string,
    pointer,
  });
  return { type: "object" };
}

export const OUTPUT_SCHEMA_SHAPE: Rule = {
  name: "output-schema-shape",
  does: "An `outputSchema` that is no schema (neither an object nor a boolean: `null`, as some servers write an absent one, a string, an array) declares no output: the tool is generated as one without `outputSchema` (its `structuredContent` neither required nor checked, as a scaffold lists it), with a warning.",
  spec: "MCP 2025-11-25, Tool.outputSchema",
  reports: ["schema-invalid"],
};

/** `output-schema-shape`: the tool's `outputSchema`, or undefined for none (absent, or no schema at all). */
export function outputSchemaOf({ tool, pointer }: AcceptedTool, file: string, diagnostics: Diagnostic[]): unknown {
  const schema = tool["outputSchema"];
  if (schema === undefined || isRecord(schema) || typeof schema === "boolean") return schema;
  diagnostics.push({
    severity: "warning",
    code: "schema-invalid",
    message: `outputSchema is not a schema (an object or a boolean), found ${schema === null ? "null" : Array.isArray(schema) ? "array" : typeof schema}: the tool is generated as one without outputSchema (structuredContent neither required nor checked)`,
    file,
    tool: tool["name"] as string,
    pointer: joinPointer(pointer, "outputSchema"),
  });
  return undefined;
}

export const OBJECT_ROOT: Rule = {
  name: "object-root",
  does: 'Tool arguments are a JSON object, checked beside the schema (`validateInput`), so the schema keeps its meaning (its `$ref: "#"` names it as written); an `inputSchema` that admits no object is reported, and its tool generated all the same.',
  spec: "MCP 2025-11-25, Tool.inputSchema",
  reports: ["schema-invalid"],
};

/** `object-root`, for a tool's normalised `inputSchema`. */
export function checkObjectRoot(input: NormalizedSchema, tool: string, file: string, diagnostics: Diagnostic[]): void {
  const schema = input.schema;
  const type = typeof schema === "boolean" ? undefined : schema.type;
  const admitsObject = schema !== false && (type === undefined || type === "object" || (Array.isArray(type) && type.includes("object")));
  if (admitsObject) return;
  diagnostics.push({
    severity: "warning",
    code: "schema-invalid",
    message: `inputSchema admits no object (${schema === false ? "it is false" : `type ${JSON.stringify(type)}`}), but tool arguments are always a JSON object: every call of this tool fails validation`,
    file,
    tool,
    pointer: schema === false ? input.pointer : joinPointer(input.pointer, "type"),
    hint: 'MCP requires inputSchema.type to be "object"',
  });
}

export const TASK_REQUIRED: Rule = {
  name: "task-required",
  does: 'A tool whose `execution.taskSupport` is `"required"` is answered by its server only when called as a task, which the generated client never does: it is generated all the same, its method\'s JSDoc saying that calls fail, with a note at the field. For a server (a scaffold, the mock), which implements no tasks and runs every call at once, the note says so instead, and that SDK v1 clients refuse to call such a tool on the 2025 revisions.',
  spec: "MCP 2025-11-25, ToolExecution.taskSupport",
  reports: ["task-required"],
};

/** `task-required`: whether the tool's server requires a task for every call (the value compared, never echoed). */
export function checkTaskRequired(
  tool: Record<string, unknown>,
  pointer: string,
  file: string,
  diagnostics: Diagnostic[],
  audience: Audience = "client",
): boolean {
  const execution = tool["execution"];
  if (!isRecord(execution) || execution["taskSupport"] !== "required") return false;
  const [message, hint] =
    audience === "client"
      ? [
          'the server requires every call of this tool to be a task (execution.taskSupport is "required"), and a client mcpgen generates calls tools without one: every call of its method fails',
          'call this tool with an MCP client that supports tasks (MCP 2025-11-25), or have the server accept calls without a task (taskSupport "optional")',
        ]
      : [
          'the manifest requires every call of this tool to be a task (execution.taskSupport is "required"), which this server does not implement: it runs every call at once, and lists the tool so on the 2025 revisions, where SDK v1 clients refuse to call it without a task',
          'drop the tool\'s execution (or make taskSupport "optional") in the manifest if 2025 clients must call it',
        ];
  diagnostics.push({
    severity: "warning",
    code: "task-required",
    message,
    file,
    tool: tool["name"] as string,
    pointer: joinPointer(pointer, "execution", "taskSupport"),
    hint,
  });
  return true;
}

export const TOOL_METADATA: Rule = {
  name: "tool-metadata",
  does: "A tool's `title` is its `title`, else `annotations.title`; `title` and `description` are kept when strings, `annotations` when an object (hints, never guarantees); the tool as listed is kept whole, for the snapshot and a scaffold's `tools/list`.",
  spec: "MCP 2025-11-25, Tool, ToolAnnotations",
  reports: [],
};

/** `tool-metadata`. */
export function toolMetadata(tool: Record<string, unknown>): {
  title: string | undefined;
  description: string | undefined;
  annotations: ToolAnnotations | undefined;
} {
  const annotations = isRecord(tool["annotations"]) ? (tool["annotations"] as ToolAnnotations) : undefined;
  const title = typeof tool["title"] === "string" ? tool["title"] : typeof annotations?.title === "string" ? annotations.title : undefined;
  return { title, description: typeof tool["description"] === "string" ? tool["description"] : undefined, annotations };
}
