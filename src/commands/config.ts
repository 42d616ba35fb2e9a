/**
 * `mcpgen.config.json`: the targets of a project, found from the working
 * directory upward (or named with `--config`). Its published JSON Schema is
 * `schema/mcpgen.config.schema.json`; this module is the same rules with
 * messages that name the file and the JSON pointer of every problem, and
 * the tests keep the two in agreement.
 *
 * Paths in the file are relative to the file's directory.
 */
import { stat } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { displayPath, shellWord } from "../shared/display.js";
import { parseOAuthSettings, type OAuthSettings } from "../acquire/oauth/settings.js";
import { parseSize } from "../shared/size.js";
import { findDuplicateKeys, parseJsonFile, readTextFileIfAny, type JsonFileKind } from "../shared/json-file.js";
import { duplicateKeyProblem, type DuplicateKey } from "../shared/json-syntax.js";
import type { TransportName } from "../acquire/server-spec.js";
import { formatDiagnostic, joinPointer, McpgenError, userError, type Diagnostic } from "../shared/errors.js";
import { realPathOf } from "../shared/real-path.js";
import { isRecord } from "../shared/json.js";
import { isUrl } from "../shared/url.js";
import { closest } from "../shared/closest.js";
import { CLIENT_CAPABILITY_NAMES, isClientCapabilityName, unknownCapability } from "../shared/client-capabilities.js";
import { startsWithUnexpandedHome } from "../shared/home-path.js";
import { FAIL_ON, type FailOn } from "../diff/fail-on.js";
import { IMPORT_EXTENSIONS, type ImportExtension } from "../emit/specifier.js";

export const CONFIG_FILE = "mcpgen.config.json";

/** mcpgen.config.json, to the messages about it. */
const CONFIG_FILE_KIND: JsonFileKind = {
  name: "the configuration",
  syntaxHint: `${CONFIG_FILE} is JSON (comments and trailing commas are allowed)`,
  comments: true,
  // It names files and servers, never credentials: the line may be quoted.
  quoteLine: true,
};

/** What a target emits: a typed client package, a server scaffold, or the shared types alone. */
export type Emit = "client" | "server" | "types";

/** One target as written in the file. */
export interface TargetDocument {
  /** How the command line and messages name the target. */
  name: string;
  /** A manifest file (a `tools/list` result, a JSON-RPC response or an mcpgen manifest). */
  manifest?: string;
  /** A server named in `.mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`..., or an http(s) URL. Pulled only by `mcpgen pull`. */
  server?: string;
  /** Output directory; for `emit: "server"`, the server project's directory. */
  out: string;
  /** Default `client`. */
  emit?: Emit;
  /** Run Prettier on the output (default: the file's `format`, else true). */
  format?: boolean;
  /** The extension of the relative imports between generated files: `js` (default) or `ts` (Node's type stripping, Deno, Bun); `client` and `types` targets. */
  importExtension?: ImportExtension;
  /** Every warning is an error (default: the file's `strict`, else false). */
  strict?: boolean;
  /** `server` targets: use this transport only. */
  transport?: TransportName;
  /** `server` targets: seconds to wait for the server (default 30). */
  timeout?: number;
  /** `server` targets: how to log in to a server that asks for OAuth (never a secret: those come from the environment). */
  oauth?: OAuthSettings;
  /** `server` targets: seconds a whole pull may take (default: four times `timeout`). */
  maxTime?: number;
  /** `server` targets: the most the server may send during a pull: bytes, or a size such as "50MB" (default 10 MB). */
  maxSize?: number | string;
  /**
   * The contract changes that fail `mcpgen diff` and `mcpgen pull --check` for this target:
   * `breaking`, `review`, `any` or `none` (default: the file's `failOn`, else `breaking` for a diff,
   * and any drift for `pull --check`).
   */
  failOn?: FailOn;
}

/** The file's contents. */
export interface ConfigDocument {
  $schema?: string;
  /** Default `format` of every target. */
  format?: boolean;
  /** Default `strict` of every target. */
  strict?: boolean;
  /**
   * Trust the project's MCP configuration files as they are (`.mcp.json` and the like): see `pull`'s `trustProjectConfig`.
   * Honoured in a configuration given as an object only: a file's is the project's word about itself.
   */
  trustProjectConfig?: boolean;
  /** Default `failOn` of every target. */
  failOn?: FailOn;
  targets: TargetDocument[];
}

/** A validated target, paths resolved. */
export interface Target {
  name: string;
  emit: Emit;
  format: boolean;
  /** The extension of the relative imports between generated files (`client` and `types` targets). */
  importExtension: ImportExtension;
  /** Every warning about the target's tools is an error. */
  strict: boolean;
  /** Absolute output directory. */
  outDir: string;
  /** `manifest`: a manifest file; `server`: a live server, generated offline from `<outDir>/manifest.json`. */
  source:
    | { kind: "manifest"; path: string }
    | {
        kind: "server";
        server: string;
        transport?: TransportName | undefined;
        timeoutMs?: number | undefined;
        maxTimeMs?: number | undefined;
        maxResponseBytes?: number | undefined;
        oauth?: OAuthSettings | undefined;
        /** The client capabilities the pull declares (`CLIENT_CAPABILITY_NAMES`), as the app's client does. */
        capabilities?: string[] | undefined;
      };
  /** The contract changes that fail a diff or a pull check of this target, when the configuration says. */
  failOn?: FailOn | undefined;
  /** JSON pointer of the target in the file. */
  pointer: string;
}

export interface ProjectConfig {
  /** Absolute path of the file; undefined for a configuration given as an object. */
  file: string | undefined;
  /** The directory paths are relative to. */
  root: string;
  /**
   * `trustProjectConfig`: server targets named in the project's MCP configuration files may send their variables
   * without the files being trusted first. Honoured only when the configuration is an object (`file` undefined).
   */
  trustProjectConfig: boolean;
  targets: Target[];
  /**
   * The file was named (`--config`) and is not the one a run from the working
   * directory finds by itself: every command mcpgen prints for the user to run
   * next names it too (see `configOption`).
   */
  named?: boolean | undefined;
  /** The file's text as read (undefined for a configuration given as an object): what trusting the file trusts. */
  text?: string | undefined;
}

/** Whether a command run from `cwd` must name `file` with --config: it is not the one found by default there. */
export async function mustBeNamed(file: string, cwd: string): Promise<boolean> {
  return file !== (await findConfigFile(cwd));
}

/** ` --config ci.config.json` for a configuration that was named and is not the one found by default; else empty. */
export function configOption(config: Pick<ProjectConfig, "file" | "named">): string {
  return config.file === undefined || config.named !== true ? "" : ` --config ${shellWord(displayPath(config.file))}`;
}

/** Invalid configuration: every problem found, each with its JSON pointer. */
export class ConfigError extends McpgenError {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    const [first] = diagnostics as [Diagnostic, ...Diagnostic[]];
    const { severity: _severity, ...firstWithoutSeverity } = first;
    super(firstWithoutSeverity);
    this.diagnostics = diagnostics;
    this.message = diagnostics.map(formatDiagnostic).join("\nerror: ");
  }
}

export const TARGET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const EMITS: readonly Emit[] = ["client", "server", "types"];
const TRANSPORTS: readonly TransportName[] = ["stdio", "http", "sse"];
const ROOT_KEYS = ["$schema", "format", "strict", "failOn", "trustProjectConfig", "targets"];
const TARGET_KEYS = [
  "name",
  "manifest",
  "server",
  "out",
  "emit",
  "format",
  "importExtension",
  "strict",
  "failOn",
  "transport",
  "timeout",
  "maxTime",
  "maxSize",
  "oauth",
  "capabilities",
];
const failOnText = FAIL_ON.map((value) => JSON.stringify(value)).join(", ");

export { displayPath };

/** The nearest `mcpgen.config.json` in `cwd` or above it; undefined when there is none. */
export async function findConfigFile(cwd: string): Promise<string | undefined> {
  let directory = resolve(cwd);
  for (;;) {
    const candidate = join(directory, CONFIG_FILE);
    const info = await stat(candidate).catch(() => undefined);
    if (info?.isFile()) return candidate;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

export interface LoadOptions {
  /** A path (relative to `cwd`), or the configuration itself; default: found from `cwd` upward. */
  config?: string | ConfigDocument | undefined;
  /** Default `process.cwd()`. Also the root of a configuration given as an object. */
  cwd?: string | undefined;
}

/**
 * Finds, reads and validates the configuration. Throws `usage` when there is
 * none (its hint ends with `alone`: how the command runs without one),
 * `ConfigError` when it is invalid.
 */
export async function loadConfig(options: LoadOptions = {}, alone = "give a manifest and --out"): Promise<ProjectConfig> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (options.config !== undefined && typeof options.config !== "string") return validateConfig(options.config, { file: undefined, root: cwd });
  const file = options.config === undefined ? await findConfigFile(cwd) : resolve(cwd, options.config);
  if (file === undefined) {
    throw userError("usage", `no ${CONFIG_FILE} in ${displayPath(cwd)} or any directory above it`, {
      hint: `run mcpgen init to write one, pass --config <file>, or ${alone}`,
    });
  }
  const text = await readTextFileIfAny(file, CONFIG_FILE_KIND, displayPath(file));
  if (text === undefined) throw userError("usage", "no such configuration file", { file: displayPath(file) });
  const document = parseJsonFile(text, CONFIG_FILE_KIND, displayPath(file));
  const named = options.config !== undefined && (await mustBeNamed(file, cwd));
  const duplicates = findDuplicateKeys(text, CONFIG_FILE_KIND);
  return { ...validateConfig(document, { file, root: dirname(file), duplicates }), named, text };
}

/**
 * The target named `name` in a configuration's text as it was elsewhere (at a
 * git revision, for `mcpgen diff --base`), its paths resolved from `root`:
 * undefined when the text is no valid configuration or has no valid target
 * of that name. The other targets are not looked at: a configuration of the
 * past may fail today's rules for reasons that do not matter here.
 */
export function targetInText(text: string, name: string, root: string): Target | undefined {
  let document: unknown;
  try {
    document = parseJsonFile(text, CONFIG_FILE_KIND, CONFIG_FILE);
  } catch (error) {
    if (error instanceof McpgenError) return undefined;
    throw error;
  }
  const list = isRecord(document) ? document["targets"] : undefined;
  const entry = Array.isArray(list) ? list.find((candidate: unknown) => isRecord(candidate) && candidate["name"] === name) : undefined;
  if (entry === undefined) return undefined;
  try {
    return validateConfig({ targets: [entry] }, { file: undefined, root }).targets[0];
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

type Report = (pointer: string, message: string, hint?: string) => void;

const show = (value: unknown) =>
  typeof value === "string"
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? "an array"
      : value === null
        ? "null"
        : typeof value === "object"
          ? "an object"
          : String(value);

/**
 * Validates a parsed configuration; `file` names it in messages. Reports every problem at once, the keys its
 * text gives twice (`duplicates`, found in the text: the parsed document has lost them) first.
 */
export function validateConfig(
  document: unknown,
  where: { file: string | undefined; root: string; duplicates?: readonly DuplicateKey[] | undefined },
): ProjectConfig {
  const problems: Diagnostic[] = [];
  const fileName = where.file === undefined ? "<config>" : displayPath(where.file);
  const problem: Report = (pointer, message, hint) => {
    problems.push({ severity: "error", code: "config-invalid", file: fileName, pointer, message, ...(hint === undefined ? {} : { hint }) });
  };
  for (const duplicate of where.duplicates ?? []) {
    const { message, hint } = duplicateKeyProblem(duplicate);
    problem(duplicate.pointer, message, hint);
  }
  const unknownKeys = (object: Record<string, unknown>, allowed: readonly string[], pointer: string, report: Report = problem) => {
    for (const key of Object.keys(object)) {
      if (allowed.includes(key)) continue;
      const near = closestKey(key, allowed);
      report(
        joinPointer(pointer, key),
        `unknown key ${JSON.stringify(key)}`,
        near === undefined ? `allowed here: ${allowed.join(", ")}` : `did you mean ${JSON.stringify(near)}?`,
      );
    }
  };

  const targets: Target[] = [];
  if (!isRecord(document)) {
    problem(
      "",
      `the configuration must be an object, not ${show(document)}`,
      `for example { "targets": [{ "name": "weather", "manifest": "weather.tools.json", "out": "src/mcp/weather" }] }`,
    );
    throw new ConfigError(problems);
  }
  if (document["targets"] === undefined && Array.isArray(document["tools"])) {
    // A manifest (or a snapshot) given where a configuration belongs: one error, not one per key.
    problem(
      "",
      "this is a manifest (it lists tools), not a configuration",
      `generate from it with mcpgen generate ${shellWord(fileName)} --out <dir>, or name it in a configuration's target: { "targets": [{ "name": "<name>", "manifest": "<its path>", "out": "<dir>" }] }`,
    );
    throw new ConfigError(problems);
  }
  unknownKeys(document, ROOT_KEYS, "");
  if (document["$schema"] !== undefined && typeof document["$schema"] !== "string") problem("/$schema", "`$schema` must be a string");
  const defaultFormat = document["format"];
  if (defaultFormat !== undefined && typeof defaultFormat !== "boolean") problem("/format", `\`format\` must be true or false, not ${show(defaultFormat)}`);
  const defaultStrict = document["strict"];
  if (defaultStrict !== undefined && typeof defaultStrict !== "boolean") problem("/strict", `\`strict\` must be true or false, not ${show(defaultStrict)}`);
  const trust = document["trustProjectConfig"];
  if (trust !== undefined && typeof trust !== "boolean") problem("/trustProjectConfig", `\`trustProjectConfig\` must be true or false, not ${show(trust)}`);
  const defaultFailOn = document["failOn"];
  if (defaultFailOn !== undefined && !FAIL_ON.includes(defaultFailOn as FailOn))
    problem("/failOn", `\`failOn\` must be ${failOnText}, not ${show(defaultFailOn)}`);
  const list = document["targets"];
  if (list === undefined) problem("", "missing `targets`", 'add "targets": [ ... ]');
  else if (!Array.isArray(list)) problem("/targets", `\`targets\` must be an array, not ${show(list)}`);
  else {
    const names = new Map<string, string>();
    list.forEach((entry: unknown, index) => {
      const pointer = joinPointer("/targets", index);
      const defaults = {
        format: typeof defaultFormat === "boolean" ? defaultFormat : true,
        strict: defaultStrict === true,
        failOn: FAIL_ON.includes(defaultFailOn as FailOn) ? (defaultFailOn as FailOn) : undefined,
      };
      const target = validateTarget(entry, pointer, where.root, defaults, problem, unknownKeys);
      // A name used twice is reported with the other problems, all at once, even where a target has problems of its own.
      const name = isRecord(entry) && typeof entry["name"] === "string" && TARGET_NAME.test(entry["name"]) ? entry["name"] : undefined;
      if (name !== undefined) {
        const previous = names.get(name);
        if (previous !== undefined) problem(joinPointer(pointer, "name"), `target name ${JSON.stringify(name)} is already used at ${previous}`);
        else names.set(name, pointer);
      }
      if (target !== undefined) targets.push(target);
    });
    checkOverlaps(targets, problem);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { file: where.file, root: where.root, trustProjectConfig: trust === true, targets };
}

function validateTarget(
  entry: unknown,
  pointer: string,
  root: string,
  defaults: { format: boolean; strict: boolean; failOn: FailOn | undefined },
  problem: Report,
  unknownKeys: (object: Record<string, unknown>, allowed: readonly string[], pointer: string, report: Report) => void,
): Target | undefined {
  if (!isRecord(entry)) {
    problem(pointer, `a target must be an object, not ${show(entry)}`);
    return undefined;
  }
  let failed = false;
  const fail = (at: string, message: string, hint?: string) => {
    failed = true;
    problem(at, message, hint);
  };
  unknownKeys(entry, TARGET_KEYS, pointer, fail);
  const text = (key: string, required: boolean): string | undefined => {
    const value = entry[key];
    if (value === undefined) {
      if (required) fail(pointer, `missing \`${key}\``);
      return undefined;
    }
    if (typeof value !== "string" || value === "") {
      fail(joinPointer(pointer, key), `\`${key}\` must be a non-empty string, not ${show(value)}`);
      return undefined;
    }
    if (value.includes("\0")) {
      fail(joinPointer(pointer, key), `\`${key}\` must not contain a NUL character`);
      return undefined;
    }
    return value;
  };
  // A path of the file: never a URL (mcpgen reads no manifest over the network) and never `~/...`, which no shell
  // expands here: it would name a directory called `~` beside the file, one a careless `rm -rf ~` confuses with home.
  const pathText = (key: "manifest" | "out", required: boolean): string | undefined => {
    const value = text(key, required);
    if (value === undefined) return undefined;
    if (key === "manifest" && isUrl(value)) {
      fail(
        joinPointer(pointer, key),
        "`manifest` is a file, not a URL: mcpgen reads no manifest over the network",
        'for a live server, give it as "server" (mcpgen pull then writes the snapshot generate reads); or save the tools/list result as a file',
      );
      return undefined;
    }
    if (startsWithUnexpandedHome(value)) {
      fail(
        joinPointer(pointer, key),
        `\`${key}\` starts with ~, which is not expanded here: it would name a directory called ~ beside the configuration`,
        "write the path relative to the configuration's directory, or in full",
      );
      return undefined;
    }
    return value;
  };
  const name = text("name", true);
  if (name !== undefined && !TARGET_NAME.test(name)) {
    fail(
      joinPointer(pointer, "name"),
      `target name ${JSON.stringify(name)} is not a plain word`,
      "use letters, digits, '.', '_' and '-', starting with a letter or digit",
    );
  }
  const manifest = pathText("manifest", false);
  const server = text("server", false);
  if (entry["manifest"] === undefined && entry["server"] === undefined)
    fail(pointer, "a target needs a `manifest` (a file) or a `server` (a name from .mcp.json, or a URL)");
  if (entry["manifest"] !== undefined && entry["server"] !== undefined) fail(pointer, "a target takes a `manifest` or a `server`, not both");
  const out = pathText("out", true);
  // Absent means the default; null is a value, and not one of the allowed ones (as the JSON Schema says).
  const emit = entry["emit"] === undefined ? "client" : entry["emit"];
  if (!EMITS.includes(emit as Emit))
    fail(joinPointer(pointer, "emit"), `\`emit\` must be ${EMITS.map((value) => JSON.stringify(value)).join(", ")}, not ${show(emit)}`);
  const format = entry["format"] === undefined ? defaults.format : entry["format"];
  if (typeof format !== "boolean") fail(joinPointer(pointer, "format"), `\`format\` must be true or false, not ${show(format)}`);
  const importExtension = entry["importExtension"] === undefined ? "js" : entry["importExtension"];
  if (!IMPORT_EXTENSIONS.includes(importExtension as ImportExtension)) {
    const allowed = IMPORT_EXTENSIONS.map((value) => JSON.stringify(value)).join(" or ");
    fail(joinPointer(pointer, "importExtension"), `\`importExtension\` must be ${allowed}, not ${show(importExtension)}`);
  } else if (importExtension !== "js" && emit === "server") {
    fail(
      joinPointer(pointer, "importExtension"),
      '`importExtension` applies to `client` and `types` targets only: a server project (`emit: "server"`) imports with ".js", as its tsconfig.json and build expect',
    );
  }
  const strict = entry["strict"] === undefined ? defaults.strict : entry["strict"];
  if (typeof strict !== "boolean") fail(joinPointer(pointer, "strict"), `\`strict\` must be true or false, not ${show(strict)}`);
  const failOn = entry["failOn"] === undefined ? defaults.failOn : entry["failOn"];
  if (failOn !== undefined && !FAIL_ON.includes(failOn as FailOn))
    fail(joinPointer(pointer, "failOn"), `\`failOn\` must be ${failOnText}, not ${show(failOn)}`);
  const transport = entry["transport"];
  if (transport !== undefined && !TRANSPORTS.includes(transport as TransportName)) {
    fail(joinPointer(pointer, "transport"), `\`transport\` must be ${TRANSPORTS.map((value) => JSON.stringify(value)).join(", ")}, not ${show(transport)}`);
  }
  const timeout = entry["timeout"];
  if (timeout !== undefined && (typeof timeout !== "number" || !(timeout > 0) || !Number.isFinite(timeout))) {
    fail(joinPointer(pointer, "timeout"), `\`timeout\` must be a number of seconds greater than 0, not ${show(timeout)}`);
  }
  const maxTime = entry["maxTime"];
  if (maxTime !== undefined && (typeof maxTime !== "number" || !(maxTime > 0) || !Number.isFinite(maxTime))) {
    fail(joinPointer(pointer, "maxTime"), `\`maxTime\` must be a number of seconds greater than 0, not ${show(maxTime)}`);
  }
  const maxSize = entry["maxSize"];
  const maxResponseBytes =
    typeof maxSize === "number"
      ? Number.isInteger(maxSize) && maxSize >= 1
        ? maxSize
        : undefined
      : typeof maxSize === "string"
        ? parseSize(maxSize)
        : undefined;
  if (maxSize !== undefined && maxResponseBytes === undefined) {
    fail(joinPointer(pointer, "maxSize"), `\`maxSize\` must be a number of bytes or a size such as "50MB", not ${show(maxSize)}`);
  }
  const oauth =
    entry["oauth"] === undefined
      ? undefined
      : parseOAuthSettings(
          entry["oauth"],
          (key, message, hint) => fail(key === undefined ? joinPointer(pointer, "oauth") : joinPointer(pointer, "oauth", key), message, hint),
          true,
        );
  const capabilities = entry["capabilities"];
  if (capabilities !== undefined) {
    if (!Array.isArray(capabilities) || !capabilities.every((name) => typeof name === "string")) {
      fail(
        joinPointer(pointer, "capabilities"),
        `\`capabilities\` must be a list of client capability names, not ${show(capabilities)}`,
        `for example ["sampling", "roots"]; the names: ${CLIENT_CAPABILITY_NAMES.join(", ")}`,
      );
    } else {
      capabilities.forEach((name: string, index) => {
        if (isClientCapabilityName(name)) return;
        const { message, hint } = unknownCapability(name);
        fail(joinPointer(pointer, "capabilities", String(index)), message, hint);
      });
    }
  }
  for (const key of ["transport", "timeout", "maxTime", "maxSize", "oauth", "capabilities"]) {
    if (entry[key] !== undefined && entry["manifest"] !== undefined) fail(joinPointer(pointer, key), `\`${key}\` applies to \`server\` targets only`);
  }
  if (failed || name === undefined || out === undefined) return undefined;
  const outDir = resolve(root, portablePath(out));
  return {
    name,
    emit: emit as Emit,
    format: format as boolean,
    importExtension: importExtension as ImportExtension,
    strict: strict as boolean,
    outDir: emit === "server" ? serverProjectDir(outDir) : outDir,
    source:
      manifest !== undefined
        ? { kind: "manifest", path: resolve(root, portablePath(manifest)) }
        : {
            kind: "server",
            server: server!,
            transport: transport as TransportName | undefined,
            timeoutMs: timeout === undefined ? undefined : (timeout as number) * 1000,
            maxTimeMs: maxTime === undefined ? undefined : (maxTime as number) * 1000,
            maxResponseBytes,
            ...(oauth === undefined ? {} : { oauth }),
            ...(Array.isArray(capabilities) && capabilities.length > 0 ? { capabilities: capabilities as string[] } : {}),
          },
    ...(failOn === undefined ? {} : { failOn: failOn as FailOn }),
    pointer,
  };
}

/**
 * A path of the file as every system reads it: `\` separates its parts, as on Windows, where `/` does too.
 * The file is shared by a team and its CI: `src\mcp\weather`, written on Windows, must not name one
 * directory called `src\mcp\weather` at the project's top on Linux and macOS (nor a manifest not found).
 */
function portablePath(path: string): string {
  return path.replaceAll("\\", "/");
}

/**
 * For `emit: "server"` the output is a server project. Its `src/generated`
 * directory names the project too (`"out": "server/src/generated"`), since
 * that is the part of the project mcpgen rewrites.
 */
function serverProjectDir(out: string): string {
  return basename(out) === "generated" && basename(dirname(out)) === "src" ? dirname(dirname(out)) : out;
}

/**
 * Two targets may not share an output directory, nor nest one inside the
 * other: each prunes its own directory of the files it no longer generates,
 * and would take the other's for stale.
 */
function checkOverlaps(targets: readonly Target[], problem: Report) {
  const inside = (child: string, parent: string) => child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
  // Compared as real paths: a symbolic link to another target's directory is that directory.
  const real = targets.map((target) => realPathOf(target.outDir));
  // And case-folded: on macOS and Windows, whose file systems ignore case, `src/MCP` is `src/mcp`, and a configuration
  // is shared across machines.
  const folded = real.map((path) => path.toLowerCase());
  const overlap = (paths: readonly string[], index: number) =>
    paths.slice(0, index).findIndex((other) => inside(paths[index]!, other) || inside(other, paths[index]!));
  targets.forEach((target, index) => {
    const earlier = overlap(real, index);
    const earlierFolded = earlier === -1 ? overlap(folded, index) : -1;
    if (earlier === -1 && earlierFolded === -1) return;
    const other = targets[earlier === -1 ? earlierFolded : earlier]!;
    const how =
      earlier === -1
        ? folded[earlierFolded] === folded[index]
          ? "an `out` that differs only in case from that of"
          : "an `out` nested, but for case, with that of"
        : real[earlier] === real[index]
          ? "the same `out` as"
          : "an `out` nested with that of";
    const why = earlier === -1 ? " (the same directory on macOS and Windows, whose file systems ignore case)" : "";
    problem(
      joinPointer(target.pointer, "out"),
      `target ${JSON.stringify(target.name)} has ${how} target ${JSON.stringify(other.name)}${why}`,
      "give every target a directory of its own",
    );
  });
}

/** The allowed key nearest to `key` (a case difference, or at most two edits); `out` for `outDir`, `output` and the like. */
function closestKey(key: string, allowed: readonly string[]): string | undefined {
  return closest(key, allowed) ?? (/^out/i.test(key) && allowed.includes("out") ? "out" : undefined);
}
