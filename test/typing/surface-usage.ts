// Type-level contract of the prompts, resources and resource templates (type-checked by test/generated/typing.test.ts, never run).
// Each @ts-expect-error must be an error: if the generated types became looser, tsc reports the directive as unused.
import type { ContentBlock, PromptName, ResourceContents, ResourceTemplateName, ResourceUri, ToolsClient } from "../../golden/surface/index.js";

// The names of the prompts and templates, as ToolName is the tools': every one, and only those.
export const prompts: Record<PromptName, string> = {
  "simple-prompt": "getSimplePrompt",
  "args-prompt": "getArgsPrompt",
  "completable-prompt": "getCompletablePrompt",
  "resource-prompt": "getResourcePrompt",
};
export const templates: readonly ResourceTemplateName[] = ["Dynamic Text Resource", "Dynamic Blob Resource", "repo_file"];
// @ts-expect-error a tool is not a prompt
export const notPrompt: PromptName = "echo";
// @ts-expect-error a prompt is not a template
export const notTemplate: ResourceTemplateName = "args-prompt";

/** Text or base64, as an app shows a resource's contents: each member narrows by `in`. */
function shown(contents: ResourceContents): string {
  if ("blob" in contents) return `${contents.blob.length} base64 characters`;
  return contents.text;
}

/** A content block, narrowed by `type`; an embedded resource narrows to its text or its blob. */
function described(content: ContentBlock): string {
  switch (content.type) {
    case "text":
      return content.text;
    case "resource": {
      if ("text" in content.resource) return content.resource.text;
      const base64: string = content.resource.blob; // MCP: an embedded resource is text or blob, never neither
      return `${content.resource.mimeType ?? "binary"}: ${base64.length} base64 characters`;
    }
    default:
      return content.type;
  }
}

export async function usage(client: ToolsClient): Promise<string[]> {
  const prompt = await client.getArgsPrompt({ city: "Oslo" });
  await client.getSimplePrompt();
  await client.getSimplePrompt({});
  await client.getSimplePrompt(undefined, {});
  const fixed: ResourceUri = "demo://resource/static/document/features.md";
  const read = await client.readResource(fixed);
  const blob = await client.readDynamicBlobResource({ resourceId: "1" });
  const file = await client.readRepoFile({ owner: "o", repo: "r", path: ["a", "b"], ref: "main" });
  // {/path*} may be left out: RFC 6570 omits an undefined variable and its "/" (repo://o/r/contents).
  const root = await client.readRepoFile({ owner: "o", repo: "r" });
  const completed = await client.completeCompletablePrompt("name", "A", { context: { department: "Engineering" } });

  // @ts-expect-error city is required
  await client.getArgsPrompt({ state: "Viken" });
  // @ts-expect-error no such argument
  await client.getArgsPrompt({ city: "Oslo", country: "Norway" });
  // @ts-expect-error arguments are strings
  await client.getArgsPrompt({ city: 1 });
  // @ts-expect-error a prompt without arguments takes none
  await client.getSimplePrompt({ city: "Oslo" });
  // @ts-expect-error resourceId is required
  await client.readDynamicTextResource({});
  // @ts-expect-error {owner} is required: left out, it would expand as "" does (repo:///r/contents)
  await client.readRepoFile({ repo: "r" });
  // @ts-expect-error a variable that is not exploded is a string
  await client.readDynamicTextResource({ resourceId: ["1"] });
  // @ts-expect-error only the listed fixed resources
  await client.readResource("demo://resource/static/document/missing.md");
  // @ts-expect-error no such argument to complete
  await client.completeArgsPrompt("country", "N");
  // @ts-expect-error the context is the prompt's arguments
  await client.completeCompletablePrompt("name", "A", { context: { team: "x" } });
  // @ts-expect-error text or blob: read either after narrowing
  void read.contents[0]?.text;

  return [
    ...prompt.messages.map((message) => described(message.content)),
    ...[...read.contents, ...blob.contents, ...file.contents, ...root.contents].map(shown),
    ...completed.completion.values,
  ];
}
