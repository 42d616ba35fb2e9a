/**
 * The `${…}` references of an MCP configuration (src/acquire/config-variables.ts):
 * what each form expands to, and that the trust check of a project's file
 * (`sentVariables`) sees every value expansion takes, for each documented
 * form and its edge cases, and for strings made of the forms' pieces.
 */
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { expandVariables } from "../../src/acquire/config-variables.js";
import { Secrets } from "../../src/acquire/sanitize.js";
import { sentVariables } from "../../src/acquire/server-config.js";
import { McpgenError } from "../../src/shared/errors.js";

const cwd = join(sep, "work", "project");
const home = join(sep, "home", "someone");
/** `pathSeparator`, `userHome` and `workspaceFolder` are set as environment variables too: a form may read either. */
const ENV: Record<string, string | undefined> = { A: "a", B: "b", EMPTY: "", pathSeparator: "env-ps", userHome: "env-uh", workspaceFolder: "env-wf" };

/** `text` expanded, with every value it read: environment variables by name, `(cwd)` and `(home)` for the machine's. */
function expandRecording(text: string): { value?: string; error?: McpgenError; read: string[] } {
  const read: string[] = [];
  const env = new Proxy(ENV, {
    get: (target, key) => {
      if (typeof key === "string") read.push(key);
      return Reflect.get(target, key) as unknown;
    },
  });
  const context = {
    get cwd() {
      read.push("(cwd)");
      return cwd;
    },
    get home() {
      read.push("(home)");
      return home;
    },
    env,
  };
  try {
    return { value: expandVariables(text, { file: ".mcp.json", context, secrets: new Secrets() }, "/mcpServers/s/headers/X"), read };
  } catch (error) {
    if (!(error instanceof McpgenError)) throw error;
    return { error, read };
  }
}

/** What the trust check lists for a remote entry sending `text` in a header. */
const sent = (text: string) => sentVariables({ url: "https://example.test/mcp", headers: { X: text } });

/** Every value expansion read of `text` is one the trust check lists. */
function expectSeen(text: string): void {
  const { read } = expandRecording(text);
  const listed = sent(text);
  const missed = read.filter((name) =>
    name === "(cwd)"
      ? !listed.includes("workspaceFolder") && !listed.includes("workspaceFolderBasename")
      : !listed.includes(name === "(home)" ? "userHome" : name),
  );
  expect(missed, `${JSON.stringify(text)} reads ${read.join(", ")}; the trust check lists ${listed.join(", ") || "nothing"}`).toEqual([]);
}

describe("configuration variables: each form, expanded and seen by the trust check", () => {
  // [form, what the trust check lists, the expansion (or the start of its error)]
  it.each<[string, string[], string | { error: string }]>([
    ["${A}", ["A"], "a"],
    ["${env:A}", ["A"], "a"],
    ["${A:-default}", ["A"], "a"],
    ["${UNSET:-default}", ["UNSET"], "default"],
    ["${EMPTY:-default} (set but empty)", ["EMPTY"], "default (set but empty)"],
    ["${UNSET:-}", ["UNSET"], ""],
    ["${UNSET:-a:-b}", ["UNSET"], "a:-b"],
    ["${UNSET:-{x}}", ["UNSET"], "{x}"],
    ["${UNSET:-two\nlines}", ["UNSET"], "two\nlines"],
    ["${workspaceFolder}", ["workspaceFolder"], cwd],
    ["${workspaceFolderBasename}", ["workspaceFolderBasename"], "project"],
    ["${userHome}", ["userHome"], home],
    ["${pathSeparator}", [], sep],
    ["${/}", [], sep],
    // A machine variable's name with a default, or after env:, is the environment's.
    ["${pathSeparator:-x}", ["pathSeparator"], "env-ps"],
    ["${env:pathSeparator}", ["pathSeparator"], "env-ps"],
    ["${userHome:-x}", ["userHome"], "env-uh"],
    ["${env:workspaceFolder}", ["workspaceFolder"], "env-wf"],
    // No escape: `$$` is a dollar sign before a reference.
    ["$${A}", ["A"], "$a"],
    ["${B}-${A}${B}", ["B", "A"], "b-ab"],
    ["no references: $A {A} $ {", [], "no references: $A {A} $ {"],
    // Unterminated: text, then whatever follows is read as usual.
    ["${A", [], "${A"],
    ["${A:-${B}", [], { error: "${A:-${B} holds a reference inside another" }],
    ["x${A} ${B", ["A"], "xa ${B"],
    // Refused, reading nothing.
    ["${A:-${B}}", [], { error: "${A:-${B} holds a reference inside another" }],
    ["${${A}}", [], { error: "${${A} holds a reference inside another" }],
    ["${input:token}", [], { error: "${input:token} asks the editor to prompt for a value" }],
    ["${ A }", [], { error: "unknown variable ${ A }" }],
    ["${}", [], { error: "unknown variable ${}" }],
    ["${env:}", [], { error: "unknown variable ${env:}" }],
    ["${env:A:-x}", [], { error: "unknown variable ${env:A:-x}" }],
    ["${1A}", [], { error: "unknown variable ${1A}" }],
    // Read, then refused for want of a value: still listed (the trust check comes first).
    ["${UNSET}", ["UNSET"], { error: "${UNSET} is used here but the environment variable UNSET is not set" }],
    ["${EMPTY}", ["EMPTY"], { error: "${EMPTY} is used here but the environment variable EMPTY is not set" }],
  ])("%j", (form, listed, expanded) => {
    expect(sent(form)).toEqual(listed);
    const result = expandRecording(form);
    if (typeof expanded === "string") expect(result.value).toBe(expanded);
    else expect(result.error?.diagnostic.message.startsWith(expanded.error), result.error?.message ?? `expanded to ${result.value}`).toBe(true);
    expectSeen(form);
  });

  it("sees every value taken by strings made of the forms' pieces", () => {
    const names = ["A", "UNSET", "EMPTY", "pathSeparator", "userHome", "workspaceFolder", "workspaceFolderBasename", "/", "", " A"];
    const pieces = ["${", "}", "$", "{", ":-", "env:", "input:", ...names];
    let seed = 7;
    const pick = <T>(list: readonly T[]): T => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return list[Math.floor(seed / 65_536) % list.length]!;
    };
    for (let run = 0; run < 3000; run++) {
      let text = "";
      for (let count = pick([1, 2, 3, 4]); count > 0; count--) {
        // Half of the chunks are shaped like a reference, the others any piece (so also broken, nested and unterminated forms).
        text += pick([true, false]) ? `\${${pick(["", "env:", "input:", "${"])}${pick(names)}${pick(["", ":-", ":-x", ":-${A", ":-}"])}}` : pick(pieces);
      }
      expectSeen(text);
    }
  });
});
