// Type-level contract of hostile names (type-checked by test/generated/typing.test.ts, never run).
import type { ObjectMemberPropertiesInput, ObjectMemberPropertiesOutput, ProtoPromptArguments, ToolsClient } from "../../golden/hazards/index.js";

// Optional properties named like Object.prototype members can be left out, as any optional property.
export const none: ObjectMemberPropertiesInput = {};
export const some: ObjectMemberPropertiesInput = { q: "x" };
export const all: ObjectMemberPropertiesInput = { constructor: 1, toString: "s", valueOf: { hasOwnProperty: true }, q: "x" };
// @ts-expect-error constructor is a number when present
export const wrongConstructor: ObjectMemberPropertiesInput = { constructor: "1" };
// @ts-expect-error toString is a string when present
export const wrongToString: ObjectMemberPropertiesInput = { toString: 1 };

export async function calls(client: ToolsClient): Promise<number | undefined> {
  await client.objectMemberProperties({ q: "x" });
  const { structuredContent } = await client.constructorTool();
  const ok: boolean = structuredContent.ok;
  const output: ObjectMemberPropertiesOutput = (await client.objectMemberProperties()).structuredContent;
  // An absent `constructor` reads as Object.prototype's, and the type says so.
  const constructor = output.constructor;
  return ok && typeof constructor === "number" ? constructor : undefined;
}

// A completion's context may leave out arguments named like Object.prototype members, as the arguments themselves may.
export async function completions(client: ToolsClient): Promise<string[]> {
  const given = { __proto__: "p" } as unknown as ProtoPromptArguments;
  const { completion } = await client.completeProtoPrompt("toString", "t", { context: { constructor: "c" } });
  await client.completeProtoPrompt("constructor", "c", { context: { toString: "t" } });
  await client.getProtoPrompt(given);
  // @ts-expect-error a context value is a string
  await client.completeProtoPrompt("toString", "t", { context: { constructor: 1 } });
  return completion.values;
}
