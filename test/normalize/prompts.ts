/** Rows of the prompts family (src/normalize/prompts.ts), through `normalizeManifest`. */
import type { Rows } from "./rows.js";

/** The names every prompt of these rows gets when it is the only one. */
const argsNames = { methodName: "getArgsPrompt", completionMethodName: "completeArgsPrompt", typeName: "ArgsPromptArguments", fileBase: "get-args-prompt" };

export const rows: Rows = [
  [
    "prompt-shape",
    {
      stage: "manifest",
      says: "a prompt that is not an object, or has no name, is left out with a warning; the others stay",
      given: { tools: [], prompts: ["args-prompt", { title: "No name" }, { name: "args-prompt" }] },
      want: { prompts: [{ wireName: "args-prompt", ...argsNames, arguments: [] }] },
      warnings: [
        { code: "prompt-invalid", pointer: "/prompts/0", message: "a prompt must be an object; it is left out" },
        { code: "prompt-invalid", pointer: "/prompts/1/name", message: "a prompt needs a non-empty string `name`; it is left out" },
      ],
    },
  ],
  [
    "prompt-shape",
    {
      stage: "manifest",
      says: "arguments that are not a list, or an argument without a name, cost the prompt, at the pointer of the JSON-RPC response",
      given: {
        jsonrpc: "2.0",
        id: 1,
        result: {
          tools: [],
          prompts: [
            { name: "a", arguments: { city: {} } },
            { name: "b", arguments: [{ name: "ok" }, { description: "no name" }] },
          ],
        },
      },
      want: { prompts: [] },
      warnings: [
        { code: "prompt-invalid", pointer: "/result/prompts/0/arguments", message: 'prompt "a": `arguments` must be a list; the prompt is left out' },
        {
          code: "prompt-invalid",
          pointer: "/result/prompts/1/arguments/1",
          message: 'prompt "b": an argument needs a non-empty string `name`; the prompt is left out, since a call could not say it',
        },
      ],
    },
  ],
  [
    "duplicate-prompts",
    {
      stage: "manifest",
      says: "a prompt listed twice keeps the first, and an argument listed twice its first",
      given: {
        tools: [],
        prompts: [
          { name: "args-prompt", arguments: [{ name: "city", required: true }, { name: "city" }] },
          { name: "args-prompt", description: "again" },
        ],
      },
      want: { prompts: [{ wireName: "args-prompt", ...argsNames, arguments: [{ name: "city", required: true }] }] },
      warnings: [
        { code: "entry-duplicate", pointer: "/prompts/0/arguments/1", message: 'prompt "args-prompt": argument "city" listed twice; the repeat is ignored' },
        {
          code: "entry-duplicate",
          pointer: "/prompts/1",
          message: 'prompt "args-prompt": prompt listed twice; keeping the first (/prompts/0), ignoring /prompts/1',
        },
      ],
    },
  ],
  [
    "prompt-metadata",
    {
      stage: "manifest",
      says: "titles and descriptions kept when strings; required only when true",
      given: {
        tools: [],
        prompts: [
          {
            name: "args-prompt",
            title: "Arguments Prompt",
            description: 7,
            arguments: [
              { name: "city", description: "Name of the city", required: true },
              { name: "state", title: "State", required: "yes" },
            ],
          },
        ],
      },
      want: {
        prompts: [
          {
            wireName: "args-prompt",
            ...argsNames,
            title: "Arguments Prompt",
            arguments: [
              { name: "city", description: "Name of the city", required: true },
              { name: "state", title: "State", required: false },
            ],
          },
        ],
      },
    },
  ],
];
