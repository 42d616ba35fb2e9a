/**
 * The catalogue of every code mcpgen reports: the diagnostic codes of its
 * errors and warnings (`Diagnostic.code`, in `--json` too) and the exit codes
 * of the CLI, each with when it is raised. `DiagnosticCode` is this
 * catalogue's keys, so a code raised anywhere is one documented here;
 * `test/shared/codes.test.ts` proves each one is raised somewhere and that
 * `docs/errors.md` lists them as written here.
 */

export interface DiagnosticCodeEntry {
  /** When the code is raised. */
  readonly doc: string;
  /**
   * A note: as a warning, nothing of what the input says is lost (it is typed
   * and validated as written), so `--strict` leaves it a warning.
   */
  readonly note?: true;
  /** What the CLI exits with when it is the error that stops a run (default `failure`). */
  readonly exit?: ExitName;
}

export const DIAGNOSTIC_CODES = {
  "input-unreadable": {
    doc: "The input cannot be read: a manifest file or stdin, a server target's snapshot, a fixtures folder, or a live server that cannot be started or reached, fails, stops answering, or sends more than a pull (or a recording mock) reads.",
  },
  "input-not-json": {
    doc: "A manifest, a fixture file of `mcpgen mock`, mcpgen.config.json or an MCP client's configuration file (.mcp.json and the like) is not valid JSON, or `-` read an empty standard input.",
  },
  "input-shape": {
    doc: "The input is JSON but not what it should be: a manifest without a `tools` array, a JSON-RPC error, a malformed server answer, an MCP configuration entry mcpgen cannot use. As a warning: a pulled server echoed a secret it was given, or a manifest is one page of a paginated `tools/list` (it has a `nextCursor`), so the tools of later pages are not in it.",
  },
  "tool-invalid": {
    doc: "A tool is not an object or has no non-empty string `name`.",
  },
  "schema-invalid": {
    doc: "A schema is malformed or cannot be processed (not an object or boolean, a combinator with a branch that is not a schema, an inputSchema that admits no object, nesting too deep for the stack). As a warning: the part affected is typed unknown or not validated.",
  },
  "schema-suspect": {
    doc: "A valid schema that looks unintended (an empty `enum`, a name that is not Unicode text, an `enum` member its own `type` refuses, a property only `allOf` declares beside `additionalProperties: false`): validated as written, and typed as the validator decides.",
    note: true,
  },
  "sdk-incompatible": {
    doc: "A tool the official MCP SDK's `Tool` schema rejects, v2's as declared or v1's as the 2025 revisions list it (a client made with it cannot list the server), or a prompt, resource or resource template its `Prompt`, `Resource` or `ResourceTemplate` schema rejects (a client cannot list any of them): typed and validated as written; a scaffold and a mock list it as both accept.",
    note: true,
  },
  "task-required": {
    doc: 'A tool whose `execution.taskSupport` is `"required"` (MCP 2025-11-25 tasks): its server runs it only as a task, which the generated client never asks for, so every call of its method fails; the method is generated all the same, its JSDoc saying so. For `scaffold` and `mock`, which implement no tasks and run every call at once, the note says that instead, and that SDK v1 clients refuse to call such a tool on the 2025 revisions.',
    note: true,
  },
  "ref-unresolved": {
    doc: "A `$ref` or `$dynamicRef` points to nothing in its document, or a schema refers to itself without constraining anything: not applied (typed unknown, not validated, there).",
  },
  "ref-external": {
    doc: "A `$ref` names another document (a file or a URL), which mcpgen never fetches: typed unknown and not validated there.",
  },
  "pattern-invalid": {
    doc: "A pattern that is not validated: no ECMAScript engine accepts it, or it is catastrophic and beyond the linear-time matcher (a backreference).",
  },
  "pattern-dialect": {
    doc: "A pattern valid only without the `u` flag (another dialect's escapes): validated without it.",
    note: true,
  },
  "pattern-backtracking": {
    doc: "A pattern a backtracking engine could stall on: validated by the linear-time matcher, exactly.",
    note: true,
  },
  "tool-duplicate": {
    doc: "Two tools share a name: the first is kept, the repeat ignored.",
  },
  "tool-dropped": {
    doc: "A tool left out of the output, the others generated as usual: its `x-mcp-header` marks break the constraints of MCP 2026-07-28 (which has clients reject such a tool), or it holds a number beyond a JavaScript number's range (`1e400` reads as Infinity, and would be written back as `null`).",
  },
  "mcp-header-invalid": {
    doc: "A tool whose `x-mcp-header` marks break the constraints of MCP 2026-07-28, in a scaffold or a mock server: listed and served as declared (clients of the 2025 revisions call it; 2026-07-28 clients leave it out), its `Mcp-Param-*` headers not checked. `generate` and `pull` leave such a tool out (`tool-dropped`).",
  },
  "prompt-invalid": {
    doc: "A prompt mcpgen cannot type (not an object, no string `name`, `arguments` that is not a list of objects with a string `name` each): that prompt is left out, the rest generated as usual.",
  },
  "resource-invalid": {
    doc: "A resource or resource template mcpgen cannot type (not an object, no string `uri` or `name`; a `uriTemplate` that is not an RFC 6570 template, or whose variables are not valid names): that one is left out, the rest generated as usual.",
  },
  "entry-duplicate": {
    doc: "Two prompts share a name, two resources a URI, two resource templates a name, or two arguments of a prompt a name: the first is kept, the repeat ignored.",
  },
  "list-failed": {
    doc: "A server declares prompts or resources, but listing them (`prompts/list`, `resources/list`, `resources/templates/list`) failed: that list is left out of the snapshot and the output, and the tools are generated as usual.",
  },
  "keyword-dropped": {
    doc: "A keyword mcpgen cannot honour is ignored: an unknown `$schema` dialect (read as 2020-12), an unknown type name, a keyword whose value is malformed, dynamic references beyond what can be resolved in every scope.",
  },
  "output-owned-by-user": {
    doc: "What is in the way is the user's, and mcpgen leaves it: a file it did not generate, something that is not a regular file, an edited scaffold manifest the run would undo (`--force` replaces it), an existing mcpgen.config.json (init), an output directory that is the root or the home directory (`--force` writes there), a scaffold's directory that holds another project's package.json, a scaffold handler whose file name Node cannot import (`#`, `?`, `%` or `\\`).",
  },
  "output-unwritable": {
    doc: "The file system refuses the output or the project cannot be read: no permission, no space, a file where a directory should be, a dangling symbolic link, a path too long.",
  },
  "format-failed": {
    doc: 'Prettier cannot format the output under the user\'s configuration for it (a `.prettierrc` it cannot parse, a plugin it cannot load, an option value it refuses): nothing is written. Fix the configuration, or pass --no-format (`"format": false`).',
  },
  interrupted: {
    doc: "The run was stopped (Ctrl-C, SIGTERM, or the library's `signal`) before or while writing: nothing more was written, a pulled server was shut down. The CLI then exits with 130 or 143.",
  },
  "config-invalid": {
    doc: "The configuration (mcpgen.config.json) does not match its schema (schema/mcpgen.config.schema.json), or gives a key twice in one object: each problem is reported at its pointer.",
  },
  "trust-required": {
    doc: "A project's MCP configuration file (.mcp.json, .vscode/mcp.json, .cursor/mcp.json) would send environment variables to a remote server, or a target of its mcpgen.config.json would lead a client secret to an authorization server, and the file is not trusted: nothing was expanded or sent. Trust it on a terminal (remembered for its contents), or with --trust-project-config (a project's own `trustProjectConfig` is not honoured).",
  },
  "base-unreadable": {
    doc: "`mcpgen diff --base` cannot read the snapshot from git: git is not installed, the directory is not in a git repository, the revision does not exist there, or git cannot show the file.",
  },
  "auth-required": {
    doc: "A server needs an OAuth login that cannot happen here (no terminal, no credentials).",
  },
  "auth-failed": {
    doc: "A step of an OAuth login failed, or the logins mcpgen keeps cannot be read or saved (among them: a login directory another user owns, which mcpgen refuses).",
  },
  "fixture-invalid": {
    doc: "A fixture of `mcpgen mock` (a file of its `--fixtures` folder, or one handed to `createMockClient`) is not what a fixture is: named in the error with its file and JSON pointer. As a warning: a fixture that can never answer (a tool the manifest does not list, arguments its inputSchema rejects), or whose answer every call would get as a tool error (a `structuredContent` its outputSchema rejects, a result that is no `CallToolResult`).",
  },
  usage: {
    doc: "The command line or the library call asks for what cannot be done: an unknown option or target, options that do not go together, no configuration found, nothing to do. The CLI then exits with 2.",
    exit: "usage",
  },
} as const satisfies Readonly<Record<string, DiagnosticCodeEntry>>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export type ExitName = keyof typeof EXIT_CODES;

/** The CLI's exit codes (`process.exitCode`). */
export const EXIT_CODES = {
  ok: { code: 0, doc: "Success; with `--check`, nothing to change." },
  failure: {
    code: 1,
    doc: "An input or configuration error, a refused write, drift, `--check` finding anything to change, or `mcpgen diff` finding a change its `--fail-on` (a target's `failOn`) fails on.",
  },
  usage: {
    code: 2,
    doc: "A usage error: an unknown option or target, no configuration found, nothing to do (a configuration without targets, `init` without any server).",
  },
  internal: { code: 70, doc: "An internal error: a bug in mcpgen, printed with its stack (please report it)." },
  sigint: {
    code: 130,
    doc: "Stopped by Ctrl-C (SIGINT): writes under way finished or were undone, a pulled server was shut down. Not `generate --watch`, which runs until stopped: Ctrl-C ends it with 0.",
  },
  sigterm: { code: 143, doc: "Stopped by SIGTERM, as by SIGINT." },
} as const satisfies Readonly<Record<string, { code: number; doc: string }>>;

/** The exit code named `name`. */
export function exitCode(name: ExitName): number {
  return EXIT_CODES[name].code;
}

/** What the CLI exits with when `code` is the error that stops a run. */
export function exitCodeOf(code: DiagnosticCode): number {
  const entry: DiagnosticCodeEntry = DIAGNOSTIC_CODES[code];
  return exitCode(entry.exit ?? "failure");
}

/** Whether a warning of this code is a note, which `--strict` leaves a warning. */
export function isNote(code: DiagnosticCode): boolean {
  const entry: DiagnosticCodeEntry = DIAGNOSTIC_CODES[code];
  return entry.note === true;
}
