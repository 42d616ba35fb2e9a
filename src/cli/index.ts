/**
 * The command line: maps flags to the library API and hands each result to
 * the one printer (`print.ts`). Exit codes: `EXIT_CODES` in shared/codes.ts.
 * Heavy modules (prettier, the SDK) load only inside the command that needs them.
 */
import { Command, CommanderError, Help, InvalidArgumentError, Option } from "commander";
import { isFile } from "../shared/json-file.js";
import { basename, resolve } from "node:path";
import { defaultIo, jsonText, type Io } from "./io.js";
// print.ts and report.ts are small and load with the CLI; commands and what they pull in load per command.
import { diagnosticLine, printFailure, printRun, printWatchEvent, progressPrinter, surfaceText } from "./print.js";
import { generateReport, projectReport, pullReport, scaffoldReport } from "./report.js";
import { cleanOnSignal, interruptible, watchSignal } from "./signals.js";
import { trustPrompt } from "./trust-prompt.js";
import { exitCode } from "../shared/codes.js";
import { counted, shellWord } from "../shared/display.js";
import { parseSize } from "../shared/size.js";
import { expandedHome, startsWithUnexpandedHome } from "../shared/home-path.js";
import { refuseServerUrlAsManifest } from "../shared/url.js";
import { McpgenError, printable } from "../shared/errors.js";
import { mcpgenVersion } from "../shared/version.js";
import { CLIENT_CAPABILITY_NAMES, isClientCapabilityName, splitCapabilityNames, unknownCapability } from "../shared/client-capabilities.js";
import type { ProjectOptions } from "../commands/project.js";
import type { FailOn } from "../commands/diff.js";

export type { Io };

/** Stops the command with a usage error (exit 2), as commander reports its own. */
function usageError(command: Command, message: string): never {
  return command.error(`error: ${message}`, { exitCode: exitCode("usage") });
}

/**
 * A usage error the library raised (a bad `--header` value, an `MCPGEN_CLIENT_*` variable): one
 * with a hint of its own, which says what to do, ends there, without the pointer to `--help`
 * (which lists no environment variable).
 */
function libraryUsageError(command: Command, error: McpgenError): never {
  if (error.diagnostic.hint !== undefined) command.showHelpAfterError(false);
  return usageError(command, error.message);
}

/** Whether `--check` prints diffs (as `--diff`/`--no-diff` say, else on a terminal), and whether the machine code's too (`--full-diff`). */
function diffOptions(options: CheckDiffCliOptions, io: Io): { diff: boolean; fullDiff: boolean } {
  const full = options.fullDiff === true;
  return { diff: full || (options.diff ?? io.terminal === true), fullDiff: full };
}

/** `--diff`, `--no-diff` and `--full-diff` go with `--check`, and `--full-diff` not with `--no-diff`. */
function checkDiffFlags(options: CheckDiffCliOptions & { check?: boolean | undefined }, usage: (message: string) => never): void {
  if (options.diff !== undefined && !options.check) usage("--diff and --no-diff go with --check");
  if (options.fullDiff === true && !options.check) usage("--full-diff goes with --check");
  if (options.fullDiff === true && options.diff === false) usage("--full-diff and --no-diff do not go together");
}

interface CheckDiffCliOptions {
  diff?: boolean | undefined;
  fullDiff?: boolean | undefined;
}

/** The flags `generate` and `pull` share: where, how strictly, and how the result is shown. */
interface OutputCliOptions extends CheckDiffCliOptions {
  out?: string;
  config?: string;
  check?: boolean;
  format: boolean;
  strict?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  json?: boolean;
  force?: boolean;
  importExtension?: "js" | "ts";
}

interface GenerateCliOptions extends OutputCliOptions {
  emit?: "client" | "types";
  watch?: boolean;
}

/** `--diff` and `--no-diff`, for the commands that take `--check`. */
const DIFF_HELP = "with --check: print a unified diff of each changed file (the default on a terminal)";
const NO_DIFF_HELP = "with --check: list the changed files without their diffs";
const FULL_DIFF_HELP =
  "with --check: the diffs of the generated machine code too (validators, runtimes), which --diff summarises as the lines each file changes";

/** What the flags generate, pull and scaffold share say in their help. */
const NO_FORMAT_HELP = "never load Prettier: mcpgen's own layout (Prettier's default style), even where a Prettier configuration applies";
const STRICT_HELP =
  "every warning about the tools' schemas is an error (nothing is written); without it, a problem in one tool costs only that part of that tool";
const QUIET_HELP = "print nothing but errors";
const VERBOSE_HELP = "print per-stage timings";
const JSON_HELP = "print a machine-readable summary";

/** `--fail-on`'s values (`FAIL_ON` in src/diff/fail-on.ts, spelled here so that the CLI loads no stage to print its help). */
const FAIL_ON_CHOICES = ["breaking", "review", "any", "none"];
const FAIL_ON_PULL_HELP =
  "with --check: which changes of the live tools fail the check (breaking, review, any, none; default: any drift, or a target's failOn); see docs/diff.md";

/**
 * Commander's error about an unknown option quotes the word whole: given as
 * `--headr=Authorization: Bearer ...`, that is a value (of `--header` or
 * `--env`, maybe a secret) on stderr. Shown up to its `=`, as
 * `refuseSingleDashLongOptions` shows one.
 */
function withoutOptionValue(text: string): string {
  return text.replace(/^(error: unknown option '[^'=\n]*)=.*'$/m, "$1=…'");
}

/**
 * The usage error of a run without `--out`. A second operand after a manifest is most likely the directory meant
 * (`mcpgen generate weather.tools.json src/mcp/weather`): the hint says so; otherwise `otherwise` is the hint.
 */
function missingOut(operands: readonly string[], otherwise: string): string {
  const [manifest, directory, ...more] = operands;
  const looksLikeManifest = (word: string) => word === "-" || /\.json$/i.test(word) || isFile(word);
  const meant =
    manifest !== undefined && directory !== undefined && more.length === 0 && looksLikeManifest(manifest) && !looksLikeManifest(directory)
      ? directory
      : undefined;
  return `required option '-o, --out <dir>' not specified\n  hint: ${meant === undefined ? otherwise : `did you mean --out ${shellWord(meant)}?`}`;
}

const EMIT_CHOICES = ["client", "types"] as const;

/** `generate --emit`: commander's check of the choices, and a pointer to `scaffold` for a server. */
function parseEmit(value: string): (typeof EMIT_CHOICES)[number] {
  const choice = EMIT_CHOICES.find((each) => each === value);
  if (choice !== undefined) return choice;
  const allowed = `Allowed choices are ${EMIT_CHOICES.join(", ")}.`;
  throw new InvalidArgumentError(value === "server" ? `${allowed}\n  hint: for a server skeleton: mcpgen scaffold <manifest> --out <dir>` : allowed);
}

/** `--import-extension`, on `generate --out` and `pull --out` (a configuration's target sets its "importExtension"). */
const importExtensionOption = () =>
  new Option(
    "--import-extension <ext>",
    "with --out: the extension of the relative imports between generated files: js (default), or ts to run under Node's type stripping, Deno or Bun (in a configuration, each target's \"importExtension\")",
  ).choices(["js", "ts"]);
const IMPORT_EXTENSION_WITH_CONFIG = '--import-extension goes with --out; in mcpgen.config.json, set the target\'s "importExtension"';

/** `--force`: the one safety check it turns off. */
const FORCE_DESCRIPTION = "write even into the root directory or your home directory (refused otherwise)";

/**
 * How many of a command's last `operands` came after `--` (a stdio server's command line). Read from the words as
 * given: commander's `args` loses a `--` that no option precedes (`mcpgen pull -- node server.js`,
 * `mcpgen diff old.json -- node server.js`).
 */
function commandAfterDash(command: Command, operands: readonly string[]): number {
  const words = (command.parent as (Command & { rawArgs?: string[] }) | null)?.rawArgs ?? [];
  const dash = words.indexOf("--");
  return dash === -1 ? 0 : Math.min(operands.length, words.length - dash - 1);
}

export function buildProgram(io: Io = defaultIo): Command {
  const program = new Command("mcpgen")
    .description("Typed MCP clients, server skeletons and zod-free validators from tools/list")
    .version(mcpgenVersion(), "-V, --version", "print mcpgen's version (so does -v alone, and mcpgen version)")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(withoutOptionValue(text)) })
    .configureHelp({ optionDescription: withoutEmptyListDefault });

  program
    .command("generate")
    .description("generate every target of mcpgen.config.json (or those named), offline; or, with --out, one manifest (tools/list JSON, or - for stdin)")
    .argument(
      "[target...]",
      "target names from mcpgen.config.json (default: all); with --out, the manifest: a tools/list result, JSON-RPC response or mcpgen manifest, - reads stdin",
    )
    .option("-o, --out <dir>", "generate one manifest into this directory, without a configuration file", parseDirectory)
    .option("-c, --config <file>", "the configuration file (default: mcpgen.config.json in the current directory or the nearest above it)", parsePath)
    .addOption(new Option("--emit <kind>", 'with --out: what to emit (in a configuration, each target\'s "emit")').choices(EMIT_CHOICES).argParser(parseEmit))
    .addOption(importExtensionOption())
    .option("--check", "write nothing; exit 1 and list every file that would change (with lines added and removed)")
    .option("--diff", DIFF_HELP)
    .option("--no-diff", NO_DIFF_HELP)
    .option("--full-diff", FULL_DIFF_HELP)
    .option("-w, --watch", "generate, then regenerate a target whenever its manifest or the configuration changes (Ctrl-C to stop)")
    .option("--no-format", NO_FORMAT_HELP)
    .option("--strict", STRICT_HELP)
    .option("-q, --quiet", QUIET_HELP)
    .option("-v, --verbose", VERBOSE_HELP)
    .option("--json", "print a machine-readable summary (with --watch: one JSON object per line)")
    .option("--force", FORCE_DESCRIPTION)
    .action(async (operands: string[], options: GenerateCliOptions, command: Command) => {
      const usage = (message: string): never => usageError(command, message);
      if (options.watch && options.check) usage("--watch and --check do not go together");
      checkDiffFlags(options, usage);
      const formatGiven = command.getOptionValueSource("format") === "cli";
      if (options.out === undefined) {
        if (options.emit !== undefined) usage('--emit goes with --out; in mcpgen.config.json, set the target\'s "emit"');
        if (options.importExtension !== undefined) usage(IMPORT_EXTENSION_WITH_CONFIG);
        if (options.config === undefined && operands.length > 0) {
          const { findConfigFile } = await import("../commands/config.js");
          if ((await findConfigFile(process.cwd())) === undefined) {
            usage(missingOut(operands, "give the output directory of the manifest, or write an mcpgen.config.json (mcpgen init)"));
          }
        }
        const projectOptions = {
          config: options.config,
          targets: operands,
          format: formatGiven ? options.format : undefined,
          strict: options.strict,
          force: options.force,
        };
        if (options.watch) {
          await watchCli(projectOptions, options, io);
          return;
        }
        const check = options.check ?? false;
        const { generateProject } = await import("../commands/project.js");
        const result = await cleanOnSignal(io, () => generateProject({ ...projectOptions, check }));
        process.exitCode = printRun(projectReport(result, "generate", { check, config: options.config, format: projectOptions.format }), io, {
          ...options,
          ...diffOptions(options, io),
        });
        return;
      }
      if (options.config !== undefined) usage("--config and --out do not go together: --out generates one manifest, without a configuration");
      if (operands.length !== 1)
        usage(
          operands.length === 0
            ? "missing the manifest to generate from (a file, or - for stdin)"
            : `one manifest at a time with --out (got ${operands.length})`,
        );
      const manifest = operands[0]!;
      if (options.watch) {
        if (manifest === "-") usage("--watch needs a manifest file, not stdin");
        // Before resolve(), which makes of the URL a path that no longer looks like one (and would print its token).
        refuseServerUrlAsManifest(manifest);
        const [{ targetName }, { existingImportExtension }] = await Promise.all([import("../commands/init.js"), import("../commands/generate.js")]);
        // As generate --out: without the flag, the output keeps the extension it was generated with (a target's default is js).
        const importExtension = options.importExtension ?? (await existingImportExtension(resolve(options.out)));
        const target = {
          name: targetName(basename(resolve(options.out))),
          manifest: resolve(manifest),
          out: resolve(options.out),
          emit: options.emit ?? "client",
          ...(importExtension === undefined ? {} : { importExtension }),
          format: options.format,
          strict: options.strict ?? false,
        };
        await watchCli({ config: { targets: [target] }, force: options.force }, { ...options, single: true }, io);
        return;
      }
      const run = {
        manifest,
        outDir: options.out,
        check: options.check ?? false,
        emit: options.emit,
        format: options.format,
        importExtension: options.importExtension,
      };
      const { generate } = await import("../commands/generate.js");
      const result = await cleanOnSignal(io, () => generate({ ...run, strict: options.strict, force: options.force }));
      process.exitCode = printRun(generateReport(result, run), io, { ...options, ...diffOptions(options, io) });
    });

  program
    .command("init")
    .description("write a starter mcpgen.config.json with a target for every server in .mcp.json, .vscode/mcp.json and .cursor/mcp.json; never overwrites one")
    .option("-c, --config <file>", "the file to write", parsePath, "mcpgen.config.json")
    .option("--check", "write nothing; exit 1 if there is no configuration yet (and print the one init would write)")
    .option("-q, --quiet", QUIET_HELP)
    .option("--json", JSON_HELP)
    .action(async (options: { config: string; check?: boolean; quiet?: boolean; json?: boolean }) => {
      const [{ initConfig }, { printInit }, { mustBeNamed }] = await Promise.all([
        import("../commands/init.js"),
        import("./print-init.js"),
        import("../commands/config.js"),
      ]);
      const result = await initConfig({ config: options.config, check: options.check ?? false });
      const named = await mustBeNamed(result.file, process.cwd());
      process.exitCode = printInit(result, io, { ...options, named });
    });

  program
    .command("pull")
    .description(
      "connect to a live MCP server, save its tools/list as <out>/manifest.json and generate from it; without --out, do so for the server targets of mcpgen.config.json",
    )
    .argument(
      "[server...]",
      "with --out: an http(s):// URL, or a server name from .mcp.json, .vscode/mcp.json, .cursor/mcp.json or Claude Desktop's config; or, after --, a command that runs a stdio server. Without --out: target names (default: every server target, then every other target is generated too)",
    )
    .option("-o, --out <dir>", "output directory for one server, without a configuration file", parseDirectory)
    .option("-c, --config <file>", "the configuration file (default: mcpgen.config.json in the current directory or the nearest above it)", parsePath)
    .addOption(new Option("--transport <transport>", "use this transport only (no fallback from http to sse)").choices(["stdio", "http", "sse"]))
    .option("-H, --header <header>", 'HTTP header "Name: value" (repeatable; values are never printed)', collectPullValue, [])
    .option(
      "-e, --env <variable>",
      "KEY=value for a stdio server; KEY alone passes the current value on (repeatable; values are never printed)",
      collectPullValue,
      [],
    )
    .option("--capability <name>", `with --out: ${CAPABILITY_HELP}`, collectCapability, [])
    .addOption(
      new Option("--timeout <seconds>", "how long to wait for the server to answer (e.g. 30, 2.5, 500ms)").argParser(parsePullTimeout).default(30_000, "30"),
    )
    .addOption(new Option("--max-time <seconds>", "how long the whole pull may take (default: four times --timeout)").argParser(parsePullTimeout))
    .addOption(new Option("--max-size <size>", "the most the server may send, after decompression (e.g. 50MB; default 10MB)").argParser(parsePullSize))
    .option("--check", "exit 1 if the live tools differ from <out>/manifest.json or the generated files are stale; write nothing")
    .addOption(new Option("--fail-on <level>", FAIL_ON_PULL_HELP).choices(FAIL_ON_CHOICES))
    .option("--no-browser", "for a server that asks for an OAuth login: print the login address instead of opening a browser")
    .addOption(new Option("--login-timeout <seconds>", "how long to wait for a browser login to come back").argParser(parsePullTimeout).default(300_000, "300"))
    .option(
      "--trust-project-config",
      "trust this project's .mcp.json (and .vscode/, .cursor/ mcp.json) and mcpgen.config.json as they are: expand their variables into a remote server's URL and headers, and let them lead a client secret, without asking",
    )
    .option("--client-metadata-url <url>", "with --out: the https URL of a Client ID Metadata Document to identify mcpgen by (OAuth)", parseClientMetadataUrl)
    .option("--scope <scopes>", "with --out: OAuth scopes to request when the server names none (space-separated)")
    .option("--callback-port <port>", "with --out: the port of the OAuth redirect URI http://127.0.0.1:<port>/callback (default: a free one)", parsePort)
    .option("--diff", DIFF_HELP)
    .option("--no-diff", NO_DIFF_HELP)
    .option("--full-diff", FULL_DIFF_HELP)
    .addOption(importExtensionOption())
    .option("--no-format", NO_FORMAT_HELP)
    .option("--strict", STRICT_HELP)
    .option("-q, --quiet", QUIET_HELP)
    .option("-v, --verbose", VERBOSE_HELP)
    .option("--json", JSON_HELP)
    .option("--force", FORCE_DESCRIPTION)
    .action(async (servers: string[], options: PullCliOptions, command: Command) => {
      // Operands after `--` are a stdio command; before it, a URL or a configured server name.
      const commandLength = commandAfterDash(command, servers);
      const targets = servers.slice(0, servers.length - commandLength);
      const usage = (message: string): never => usageError(command, message);
      const oauth = oauthRun(options, command);
      const check = options.check ?? false;
      const onProgress = progressPrinter(io, options);
      checkDiffFlags(options, usage);
      if (options.failOn !== undefined && !options.check) usage("--fail-on goes with --check");
      if (options.out === undefined) {
        if (commandLength > 0) usage("a command after -- needs --out: without it, pull refreshes the server targets of mcpgen.config.json");
        if (options.header.length > 0 || options.env.length > 0 || options.transport !== undefined) {
          usage('--header, --env and --transport go with --out; a configured target takes its server\'s settings from .mcp.json (and its "transport")');
        }
        if (options.capability.length > 0) usage('--capability goes with --out; a configured target declares the capabilities its "capabilities" names');
        if (options.clientMetadataUrl !== undefined || options.scope !== undefined || options.callbackPort !== undefined) {
          usage('--client-metadata-url, --scope and --callback-port go with --out; a configured target takes them from its "oauth" settings');
        }
        if (options.importExtension !== undefined) usage(IMPORT_EXTENSION_WITH_CONFIG);
        const { pullProject } = await import("../commands/project.js");
        const format = command.getOptionValueSource("format") === "cli" ? options.format : undefined;
        const result = await interruptible(io, (signal) =>
          pullProject({
            config: options.config,
            targets,
            check,
            format,
            strict: options.strict,
            timeoutMs: command.getOptionValueSource("timeout") === "cli" ? options.timeout : undefined,
            oauth,
            maxTimeMs: options.maxTime,
            maxResponseBytes: options.maxSize,
            force: options.force,
            trustProjectConfig: options.trustProjectConfig,
            confirmTrust: trustPrompt(),
            failOn: options.failOn,
            onProgress,
            signal,
          }),
        );
        if (result === undefined) return;
        process.exitCode = printRun(projectReport(result, "pull", { check, config: options.config, format }), io, {
          ...options,
          ...diffOptions(options, io),
        });
        return;
      }
      if (options.config !== undefined) usage("--config and --out do not go together: --out pulls one server, without a configuration");
      if (targets.length > 1) usage(`one server at a time (got ${targets.length}); put a stdio command after --`);
      const { pull } = await import("../commands/pull.js");
      const outDir = options.out;
      let result: Awaited<ReturnType<typeof pull>> | undefined;
      try {
        result = await interruptible(io, (signal) =>
          pull({
            target: targets[0],
            command: servers.slice(servers.length - commandLength),
            outDir,
            check,
            format: options.format,
            importExtension: options.importExtension,
            strict: options.strict,
            transport: options.transport,
            headers: options.header,
            env: options.env,
            capabilities: options.capability,
            timeoutMs: options.timeout,
            oauth: { ...oauth, settings: { clientMetadataUrl: options.clientMetadataUrl, scopes: options.scope, callbackPort: options.callbackPort } },
            maxTimeMs: options.maxTime,
            maxResponseBytes: options.maxSize,
            force: options.force,
            trustProjectConfig: options.trustProjectConfig,
            confirmTrust: trustPrompt(),
            failOn: options.failOn,
            onProgress,
            signal,
          }),
        );
      } catch (error) {
        if (error instanceof McpgenError && error.diagnostic.code === "usage") libraryUsageError(command, error);
        throw error;
      }
      if (result === undefined) return;
      process.exitCode = printRun(pullReport(result, { outDir, check, format: options.format }), io, { ...options, ...diffOptions(options, io) });
    });

  program
    .command("diff")
    .description(
      "classify how a server's contract changed: which changes break clients, which break servers, which a person should review; exit 1 on what --fail-on names",
    )
    .argument(
      "[operand...]",
      "the old manifest (or a directory holding its snapshot), then the new one: a manifest, a directory, an http(s):// URL or a server name from .mcp.json and friends, or, after --, a command that runs a stdio server. With --base: manifests, directories or target names of mcpgen.config.json (default: every target)",
    )
    .option("--base <revision>", "compare each manifest as it was at this git revision (the old) with the working tree (the new)")
    .option(
      "-c, --config <file>",
      "with --base and no operand: the configuration whose targets to compare (default: mcpgen.config.json, found upward)",
      parsePath,
    )
    .addOption(
      new Option("--format <format>", "terminal text, a markdown pull-request comment, or JSON (schema/mcpgen.diff.schema.json)").choices([
        "text",
        "markdown",
        "json",
      ]),
    )
    .option("--json", "the same as --format json")
    .addOption(
      new Option(
        "--fail-on <level>",
        "exit 1 on a breaking change (default), also on one to review, on any change, or never (a target's failOn otherwise)",
      ).choices(FAIL_ON_CHOICES),
    )
    .addOption(new Option("--transport <transport>", "a live server: use this transport only").choices(["stdio", "http", "sse"]))
    .option("-H, --header <header>", 'a live server: HTTP header "Name: value" (repeatable; values are never printed)', collectPullValue, [])
    .option("-e, --env <variable>", "a live stdio server: KEY=value, or KEY to pass the current value on (repeatable; never printed)", collectPullValue, [])
    .option("--capability <name>", `a live server: ${CAPABILITY_HELP}`, collectCapability, [])
    .addOption(new Option("--timeout <seconds>", "a live server: how long to wait for it to answer").argParser(parsePullTimeout).default(30_000, "30"))
    .addOption(new Option("--max-time <seconds>", "a live server: how long reading it may take (default: four times --timeout)").argParser(parsePullTimeout))
    .addOption(new Option("--max-size <size>", "a live server: the most it may send, after decompression (default 10MB)").argParser(parsePullSize))
    .option("--no-browser", "a live server that asks for an OAuth login: print the login address instead of opening a browser")
    .addOption(new Option("--login-timeout <seconds>", "how long to wait for a browser login to come back").argParser(parsePullTimeout).default(300_000, "300"))
    .option(
      "--client-metadata-url <url>",
      "a live server: the https URL of a Client ID Metadata Document to identify mcpgen by (OAuth)",
      parseClientMetadataUrl,
    )
    .option("--scope <scopes>", "a live server: OAuth scopes to request when it names none")
    .option("--callback-port <port>", "a live server: the port of the OAuth redirect URI http://127.0.0.1:<port>/callback", parsePort)
    .option("-q, --quiet", "print nothing but the changes and errors (no warnings, no notes)")
    .action(async (operands: string[], options: DiffCliOptions, command: Command) => {
      const commandLength = commandAfterDash(command, operands);
      const usage = (message: string): never => usageError(command, message);
      if (options.json && options.format !== undefined && options.format !== "json") usage("--json and --format do not go together");
      const format = options.json ? "json" : (options.format ?? "text");
      const { diff } = await import("../commands/diff.js");
      const oauth = oauthRun(options, command);
      let result: Awaited<ReturnType<typeof diff>> | undefined;
      try {
        result = await interruptible(io, (signal) =>
          diff({
            operands: operands.slice(0, operands.length - commandLength),
            command: operands.slice(operands.length - commandLength),
            base: options.base,
            config: options.config,
            failOn: options.failOn,
            transport: options.transport,
            headers: options.header,
            env: options.env,
            capabilities: options.capability,
            timeoutMs: options.timeout,
            maxTimeMs: options.maxTime,
            maxResponseBytes: options.maxSize,
            oauth: { ...oauth, settings: { clientMetadataUrl: options.clientMetadataUrl, scopes: options.scope, callbackPort: options.callbackPort } },
            onProgress: progressPrinter(io, { quiet: options.quiet, json: format !== "text" }),
            signal,
          }),
        );
      } catch (error) {
        if (error instanceof McpgenError && error.diagnostic.code === "usage") libraryUsageError(command, error);
        throw error;
      }
      if (result === undefined) return;
      const { printDiff } = await import("./print-diff.js");
      process.exitCode = printDiff(result, io, { format, quiet: options.quiet });
    });

  const authCommand = program.command("auth").description("the OAuth logins mcpgen pull keeps for servers that ask for one (see docs/pull.md)");
  authCommand
    .command("status")
    .description("list the cached logins: server, authorization server, client, token expiry and scopes (never the tokens)")
    .option("--json", "print a machine-readable list")
    .action(async (options: { json?: boolean }) => {
      const [{ authStatus }, { printAuthStatus }] = await Promise.all([import("../commands/auth.js"), import("./print-auth.js")]);
      printAuthStatus(await authStatus(), io, options);
    });
  authCommand
    .command("logout")
    .description("forget the cached login of a server (a URL, a target of mcpgen.config.json or a server name from .mcp.json), or of every server")
    .argument("[server]", "the server to forget (default: every cached login)")
    .option(
      "-c, --config <file>",
      "the configuration file that names the target (default: mcpgen.config.json in the current directory or the nearest above it)",
      parsePath,
    )
    .option("--json", JSON_HELP)
    .action(async (server: string | undefined, options: { config?: string; json?: boolean }) => {
      const [{ authLogout }, { printAuthLogout }] = await Promise.all([import("../commands/auth.js"), import("./print-auth.js")]);
      printAuthLogout(await authLogout({ server, config: options.config }), io, options);
    });

  program
    .command("scaffold")
    .description("create or refresh a runnable MCP server from a manifest; rewrites src/generated/ only, never your handlers")
    .argument("<manifest>", "tools/list result, JSON-RPC response or mcpgen manifest; - reads stdin")
    // Required, checked in the action: commander's own check comes before the operands are read, so its error could
    // not point to a directory given as a second operand.
    .option("-o, --out <dir>", "project directory (required)", parseDirectory)
    .allowExcessArguments()
    .option("--check", "exit 1 if src/generated/ is out of date or a handler stub is missing; write nothing")
    .option("--diff", DIFF_HELP)
    .option("--no-diff", NO_DIFF_HELP)
    .option("--full-diff", FULL_DIFF_HELP)
    .option(
      "--force",
      "replace the project's manifest.json even when it was edited since mcpgen wrote it (the edits are lost); write even into the root directory or your home directory",
    )
    .option("--no-format", NO_FORMAT_HELP)
    .option("--strict", STRICT_HELP)
    .option("-q, --quiet", QUIET_HELP)
    .option("-v, --verbose", VERBOSE_HELP)
    .option("--json", JSON_HELP)
    .action(
      async (
        manifest: string,
        options: {
          out: string | undefined;
          check?: boolean;
          diff?: boolean;
          fullDiff?: boolean;
          force?: boolean;
          format: boolean;
          strict?: boolean;
          quiet?: boolean;
          verbose?: boolean;
          json?: boolean;
        },
        command: Command,
      ) => {
        const usage = (message: string): never => usageError(command, message);
        const outDir = options.out ?? usage(missingOut(command.args, "give the project directory: mcpgen scaffold <manifest> --out <dir>"));
        if (command.args.length > 1) usage(`too many arguments for 'scaffold'. Expected 1 argument but got ${command.args.length}.`);
        checkDiffFlags(options, usage);
        const run = { manifest, outDir, check: options.check ?? false, format: options.format };
        const { scaffold } = await import("../commands/scaffold.js");
        const result = await cleanOnSignal(io, () => scaffold({ ...run, force: options.force ?? false, strict: options.strict }));
        process.exitCode = printRun(scaffoldReport(result, run), io, { ...options, ...diffOptions(options, io) });
      },
    );

  program
    .command("mock")
    .description(
      "serve a mock of a manifest's server (its tools/list, arguments validated, answers from fixtures, then from the outputSchemas) over stdio or Streamable HTTP; with --record, proxy a live server and record its answers as fixtures",
    )
    .argument(
      "[manifest...]",
      "the manifest to mock (a tools/list result, JSON-RPC response or mcpgen manifest); with --record: an http(s):// URL or a configured server name, or, after --, a command that runs a stdio server",
    )
    .addOption(new Option("--http <port>", "serve Streamable HTTP on 127.0.0.1:<port>/mcp (0: a free port) instead of stdio").argParser(parseMockPort))
    .option("--host <host>", "with --http: the interface to bind (default 127.0.0.1)")
    .option("--allowed-host <name>", "with --http: another host name to accept in Host and Origin (repeatable)", collectPullValue, [])
    .option("--fixtures <dir>", "answer from the fixture files (*.json) of this folder first (see docs/mock.md)", parseDirectory)
    .addOption(new Option("--seed <n>", "the seed of generated values (default 1)").argParser(parseSeed))
    .addOption(
      new Option(
        "--era <era>",
        "serve one protocol era alone: legacy (the 2025 revisions) or modern (MCP 2026-07-28); default both, whichever the client opens with",
      ).choices(["legacy", "modern"]),
    )
    .option("--record <dir>", "proxy a live server and write its answers as fixtures (and its tools as manifest.json) into this folder", parseDirectory)
    .addOption(new Option("--transport <transport>", "with --record: use this transport only, as for pull").choices(["stdio", "http", "sse"]))
    .option("-H, --header <header>", 'with --record: HTTP header "Name: value" (repeatable; values are never printed nor recorded)', collectPullValue, [])
    .option("-e, --env <variable>", "with --record: KEY=value for a stdio server (repeatable; values are never printed nor recorded)", collectPullValue, [])
    .option("--capability <name>", `with --record: ${CAPABILITY_HELP}`, collectCapability, [])
    .addOption(
      new Option("--timeout <seconds>", "with --record: how long to wait for each answer of the live server").argParser(parsePullTimeout).default(30_000, "30"),
    )
    .addOption(
      new Option("--max-size <size>", "with --record: the most the live server may send in one answer, after decompression (default 10MB)").argParser(
        parsePullSize,
      ),
    )
    .option("--no-browser", "with --record: for a server that asks for an OAuth login, print the login address instead of opening a browser")
    .addOption(
      new Option("--login-timeout <seconds>", "with --record: how long to wait for a browser login to come back")
        .argParser(parsePullTimeout)
        .default(300_000, "300"),
    )
    .option("--trust-project-config", "with --record: expand the variables of this project's .mcp.json into a remote server's URL and headers without asking")
    .option("-q, --quiet", "print nothing but errors (warnings too are left out)")
    .option("--force", "with --record: write even into the root directory or your home directory (refused otherwise)")
    .action(async (operands: string[], options: MockCliOptions, command: Command) => {
      const usage = (message: string): never => usageError(command, message);
      const commandLength = commandAfterDash(command, operands);
      const targets = operands.slice(0, operands.length - commandLength);
      const http = options.http === undefined ? undefined : { port: options.http, host: options.host, allowedHosts: options.allowedHost };
      if (options.http === undefined && (options.host !== undefined || options.allowedHost.length > 0)) usage("--host and --allowed-host go with --http");
      const log = (message: string) => io.stderr(`${message}\n`);
      const onDrop = () => log("mcpgen mock: dropped the connection, as a fixture asks; the mock has stopped");
      const stopping = watchSignal(io);
      let running: Awaited<ReturnType<typeof import("../commands/mock.js").mock>>;
      try {
        const mockCommand = await import("../commands/mock.js");
        if (options.record !== undefined) {
          if (options.fixtures !== undefined || options.seed !== undefined)
            usage("--fixtures and --seed go with a manifest, not with --record (which proxies a live server)");
          if (targets.length > 1) usage(`one server at a time (got ${targets.length}); put a stdio command after --`);
          const oauth = oauthRun(options, command);
          try {
            running = await mockCommand.record({
              dir: options.record,
              target: targets[0],
              command: operands.slice(operands.length - commandLength),
              transport: options.transport,
              headers: options.header,
              env: options.env,
              capabilities: options.capability,
              timeoutMs: options.timeout,
              maxResponseBytes: options.maxSize,
              oauth,
              trustProjectConfig: options.trustProjectConfig,
              confirmTrust: trustPrompt(),
              force: options.force,
              onProgress: progressPrinter(io, options),
              signal: stopping.signal,
              http,
              era: options.era,
              log,
              onDrop,
              onRecorded: options.quiet
                ? undefined
                : (event) =>
                    log(
                      event.kind === "resource"
                        ? `recorded a read of ${printable(JSON.stringify(event.name))} in ${event.file}`
                        : `recorded a call of ${event.kind === "prompt" ? "prompt " : ""}${printable(JSON.stringify(event.name))} in ${event.file}`,
                    ),
            });
          } catch (error) {
            if (error instanceof McpgenError && error.diagnostic.code === "usage") libraryUsageError(command, error);
            throw error;
          }
        } else {
          if (commandLength > 0) usage("a command after -- goes with --record; to mock a manifest, give its path");
          if (options.header.length > 0 || options.env.length > 0 || options.transport !== undefined || options.force !== undefined) {
            usage("--header, --env, --transport and --force go with --record");
          }
          if (options.capability.length > 0) usage("--capability goes with --record: a mock serves every tool of its manifest, whatever a client declares");
          if (targets.length !== 1)
            usage(
              targets.length === 0
                ? "missing the manifest to mock (or --record <dir> to record a live server)"
                : `one manifest at a time (got ${targets.length})`,
            );
          running = await mockCommand.mock({ manifest: targets[0]!, fixtures: options.fixtures, seed: options.seed, http, era: options.era, log, onDrop });
        }
      } catch (error) {
        stopping.dispose();
        throw error;
      }
      // Labelled as every command labels them (`warning: ...`), on stderr: stdout may carry the protocol.
      if (!options.quiet) for (const diagnostic of running.diagnostics) io.stderr(diagnosticLine(diagnostic, io));
      const what =
        options.record !== undefined
          ? `recording into ${options.record}`
          : `mocking ${surfaceText(running.tools, running.surface)}${running.fixtures > 0 ? ` with ${counted(running.fixtures, "fixture")}` : ""}`;
      const era = options.era === undefined ? "" : options.era === "legacy" ? ", the 2025 revisions alone" : ", MCP 2026-07-28 alone";
      if (!options.quiet) log(`mcpgen mock: ${what}, ${running.url === undefined ? "over stdio" : `on ${running.url}`}${era}`);
      const interrupted = new Promise<"signal">((resolve) => stopping.signal.addEventListener("abort", () => resolve("signal"), { once: true }));
      try {
        const ended = await Promise.race([running.done.then(() => "done" as const), interrupted]);
        if (ended === "signal") {
          await running.close();
          process.exitCode = stopping.exitCode();
        }
      } finally {
        stopping.dispose();
        // Over stdio, the client has gone (or the connection was dropped): let the process end.
        if (running.url === undefined) process.stdin.destroy();
      }
    });

  program
    .command("version")
    .description("print mcpgen's version")
    .action(() => io.stdout(`${mcpgenVersion()}\n`));

  // After a usage error (commander's own, with its "Did you mean" where an option is close, or mcpgen's): where the options are.
  for (const command of [program, ...allCommands(program)])
    command.showHelpAfterError(`(${commandPath(command)} --help lists the ${command.commands.length > 0 ? "commands and options" : "options"})`);
  return program;
}

/** Every command under `command`, depth first. */
function allCommands(command: Command): Command[] {
  return command.commands.flatMap((sub) => [sub, ...allCommands(sub)]);
}

/** `mcpgen auth logout`: the words that run `command`. */
function commandPath(command: Command): string {
  return command.parent === null ? command.name() : `${commandPath(command.parent)} ${command.name()}`;
}

/**
 * A word with one dash that spells a long option of the command it is given
 * to (`-out` for `--out`, `-json`): commander reads `-out o7` as `-o ut` and
 * an operand `o7`, and would go on with that. Refused before parsing, with
 * the option meant. Words after `--` and values of options are left alone.
 */
function refuseSingleDashLongOptions(program: Command, argv: readonly string[]): void {
  let command = program;
  const own = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  const options = () => [command, ...ancestors(command)].flatMap((each) => each.options);
  for (let index = 0; index < own.length; index++) {
    const word = own[index]!;
    if (!word.startsWith("-")) {
      command = command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word)) ?? command;
      continue;
    }
    // An option that takes a value, given without `=`: the next word is its value, whatever it looks like.
    const exact = options().find((option) => option.short === word || option.long === word);
    if (exact !== undefined && (exact.required || exact.optional)) {
      index++;
      continue;
    }
    const spelled = /^-([A-Za-z][A-Za-z-]+)(?:=.*)?$/.exec(word)?.[1];
    const meant = spelled === undefined ? undefined : options().find((option) => option.long === `--${spelled}`);
    if (meant === undefined) continue;
    const short = options().find((option) => option.short === word.slice(0, 2));
    // What follows `=` is a value, maybe a secret (`-env=TOKEN=...`, `-header=Authorization: ...`): never repeated.
    const shown = word.includes("=") ? `${word.slice(0, word.indexOf("="))}=…` : word;
    const reading =
      short === undefined
        ? `unknown option '${shown}'`
        : `'${shown}' has one dash, so it would be read as ${short.short}${short.required || short.optional ? ` with the value "${shown.slice(2)}"` : ` and more short options`}`;
    usageError(command, `${reading}\n(Did you mean ${meant.long}?)`);
  }
}

function ancestors(command: Command): Command[] {
  return command.parent === null ? [] : [command.parent, ...ancestors(command.parent)];
}

/** Runs the CLI; returns the exit code instead of exiting. */
export async function run(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const program = buildProgram(io);
  process.exitCode = undefined;
  try {
    refuseSingleDashLongOptions(program, argv);
    // `-v` means --verbose after a command; alone, it asks for the version, as in most CLIs.
    await program.parseAsync(argv.length === 1 && argv[0] === "-v" ? ["--version"] : [...argv], { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : exitCode("ok");
  } catch (error) {
    const ownArguments = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
    const json =
      ownArguments.includes("--json") ||
      ownArguments.includes("--format=json") ||
      ownArguments.some((word, index) => word === "--format" && ownArguments[index + 1] === "json");
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return exitCode("ok");
      // commander has written the message to stderr; a --json run gets it on stdout too, as every other error.
      if (json) {
        const [message, hint] = error.message.replace(/^error: /, "").split("\n  hint: ");
        const diagnostic = { severity: "error", code: "usage", message, ...(hint === undefined ? {} : { hint }) };
        io.stdout(`${jsonText({ ok: false, errors: [{ diagnostic }] }, 2)}\n`);
      }
      return exitCode("usage");
    }
    return printFailure(error, io, { json });
  }
}

/** `generate --watch`: runs until SIGINT/SIGTERM (or `io.signal`), one line per regeneration. */
async function watchCli(
  projectOptions: ProjectOptions,
  options: { quiet?: boolean | undefined; verbose?: boolean | undefined; json?: boolean | undefined; single?: boolean | undefined },
  io: Io,
): Promise<void> {
  const { watchProject } = await import("../commands/watch.js");
  const { signal, dispose } = watchSignal(io);
  try {
    await watchProject({ ...projectOptions, signal, onEvent: (event) => printWatchEvent(event, io, options) });
  } finally {
    dispose();
  }
}

interface MockCliOptions {
  http?: number;
  host?: string;
  allowedHost: string[];
  fixtures?: string;
  seed?: number;
  era?: "legacy" | "modern";
  record?: string;
  transport?: "stdio" | "http" | "sse";
  header: string[];
  env: string[];
  capability: string[];
  timeout: number;
  maxSize?: number;
  browser: boolean;
  loginTimeout: number;
  trustProjectConfig?: boolean;
  quiet?: boolean;
  force?: boolean;
}

function parseMockPort(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError("expected a port, from 0 (any free one) to 65535");
  return Number(value);
}

function parseSeed(value: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > 0xffffffff) throw new InvalidArgumentError("expected a whole number from 0 to 4294967295");
  return Number(value);
}

interface DiffCliOptions {
  base?: string;
  config?: string;
  format?: "text" | "markdown" | "json";
  json?: boolean;
  failOn?: FailOn;
  transport?: "stdio" | "http" | "sse";
  header: string[];
  env: string[];
  capability: string[];
  timeout: number;
  maxTime?: number;
  maxSize?: number;
  browser: boolean;
  loginTimeout: number;
  clientMetadataUrl?: string;
  scope?: string;
  callbackPort?: number;
  quiet?: boolean;
}

interface PullCliOptions extends OutputCliOptions {
  transport?: "stdio" | "http" | "sse";
  header: string[];
  env: string[];
  capability: string[];
  timeout: number;
  browser: boolean;
  loginTimeout: number;
  clientMetadataUrl?: string;
  scope?: string;
  callbackPort?: number;
  maxTime?: number;
  maxSize?: number;
  trustProjectConfig?: boolean;
  failOn?: FailOn;
}

/**
 * How this run may log in to a server that asks for OAuth. A person can
 * take part when stdin or stderr is a terminal, or when `BROWSER` names a
 * command (CI jobs and test harnesses set it on purpose, to complete the
 * login by a script); with neither, a login that needs the browser fails at
 * once with the command to run, and cached logins, refresh and client
 * credentials still work. `--no-browser` only prints the address, so it
 * needs a terminal.
 */
function oauthRun(options: Pick<PullCliOptions, "browser" | "loginTimeout">, command: Command) {
  const terminal = process.stdin.isTTY === true || process.stderr.isTTY === true;
  const browserCommand = (process.env["BROWSER"] ?? "").trim() !== "";
  return {
    interactive: terminal || (options.browser && browserCommand),
    openBrowser: options.browser,
    loginTimeoutMs: command.getOptionValueSource("loginTimeout") === "cli" ? options.loginTimeout : undefined,
  };
}

function parseClientMetadataUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError("expected an https:// URL");
  }
  if (url.protocol !== "https:" || url.pathname === "/" || url.hash !== "")
    throw new InvalidArgumentError("expected an https:// URL with a path (the address of a Client ID Metadata Document)");
  return value;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !(port >= 1 && port <= 65535)) throw new InvalidArgumentError("expected a port number from 1 to 65535");
  return port;
}

/** An option's help text, without the "(default: [])" commander adds to a repeatable option, whose empty start is no default. */
function withoutEmptyListDefault(this: Help, option: Option): string {
  if (!Array.isArray(option.defaultValue) || option.defaultValue.length > 0) return Help.prototype.optionDescription.call(this, option);
  return Help.prototype.optionDescription.call(
    this,
    Object.assign(Object.create(Object.getPrototypeOf(option) as object) as Option, option, { defaultValue: undefined }),
  );
}

function collectPullValue(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const CAPABILITY_HELP = `a client capability to declare, as your app's client declares it: some servers list a tool only to a client that can do what it needs (repeatable, or comma-separated: ${CLIENT_CAPABILITY_NAMES.join(", ")})`;

/** `--capability`: names checked as they are given, so that a typo is a usage error naming the nearest one. */
function collectCapability(value: string, previous: string[]): string[] {
  for (const name of splitCapabilityNames([value])) {
    if (isClientCapabilityName(name)) continue;
    const { message, hint } = unknownCapability(name);
    // Commander prints it after "argument '…' is invalid.": a sentence of its own.
    throw new InvalidArgumentError(`${message.charAt(0).toUpperCase()}${message.slice(1)}.\n  hint: ${hint}`);
  }
  return [...previous, value];
}

/**
 * A directory option (`--out`, `--record`, `--fixtures`): an empty value (an unset variable in a script) would
 * write into the current directory, and a `~` the shell left as it is (`--out=~/srv`, `--out "~/srv"`) into a
 * directory called `~` there.
 */
function parseDirectory(value: string): string {
  if (value.trim() === "") throw new InvalidArgumentError("expected a directory, got an empty string (write . for the current directory)");
  return parsePath(value);
}

/** A path option (`--config` too): never one starting with a `~` the shell left as it is. */
function parsePath(value: string): string {
  if (startsWithUnexpandedHome(value)) {
    const rest = value.slice(1);
    const fromHome = /^[\w./-]*$/.test(rest) ? `$HOME${rest}` : `"$HOME${rest.replace(/["\\$\x60]/g, "\\$&")}"`;
    throw new InvalidArgumentError(
      `~ is not expanded here (a shell expands it only at the start of a word, not after = nor in quotes): it would name a directory called ~ in the current directory\n  hint: write ${fromHome} or the full path, ${shellWord(expandedHome(value))}`,
    );
  }
  return value;
}

/** `--max-size`: `50MB`, `512KB`, or bytes; returns bytes. */
function parsePullSize(value: string): number {
  const bytes = parseSize(value);
  if (bytes === undefined) throw new InvalidArgumentError("expected a size such as 50MB, 512KB or a number of bytes");
  return bytes;
}

/** `--timeout`: seconds (`30`, `2.5`) or milliseconds (`500ms`); returns milliseconds. */
function parsePullTimeout(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
  const ms = match === null ? NaN : Number(match[1]) * (match[2] === "ms" ? 1 : 1000);
  if (!(ms > 0)) throw new InvalidArgumentError("expected a duration in seconds (30, 2.5) or milliseconds (500ms)");
  return ms;
}
