/**
 * The command line: maps flags to the library API and prints its results.
 * Exit codes: 0 ok, 1 input or drift errors (and --check finding stale files), 2 usage.
 * Heavy modules (ajv, prettier, the SDK) load only inside the command that needs them.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { join, relative } from "node:path";
import { formatDiagnostic, McpgenError, type Diagnostic } from "./errors.js";

interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const defaultIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

function printDiagnostics(diagnostics: readonly Diagnostic[], io: Io, quiet: boolean) {
  if (quiet) return;
  for (const diagnostic of diagnostics) io.stderr(`warning: ${formatDiagnostic(diagnostic)}\n`);
}

export function buildProgram(io: Io = defaultIo): Command {
  const program = new Command("mcpgen")
    .description("Typed MCP clients, server skeletons and zod-free validators from tools/list")
    .version("0.1.0")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  program
    .command("generate")
    .description("generate shared types, a typed client and validators from a manifest (tools/list JSON, or - for stdin)")
    .argument("<manifest>", "tools/list result, JSON-RPC response or mcpgen manifest; - reads stdin")
    .requiredOption("-o, --out <dir>", "output directory")
    .option("--check", "exit 1 if the files on disk differ from what would be generated; write nothing")
    .option("--no-format", "skip Prettier")
    .option("-q, --quiet", "print nothing but errors")
    .option("-v, --verbose", "print per-stage timings")
    .option("--json", "print a machine-readable summary")
    .action(async (manifest: string, options: { out: string; check?: boolean; format: boolean; quiet?: boolean; verbose?: boolean; json?: boolean }) => {
      const { generate } = await import("./generate.js");
      const result = await generate({ manifest, outDir: options.out, check: options.check ?? false, format: options.format });
      if (options.json) {
        io.stdout(`${JSON.stringify({ outDir: options.out, upToDate: result.upToDate, files: result.files, diagnostics: result.diagnostics, timings: result.timings }, null, 2)}\n`);
      } else {
        printDiagnostics(result.diagnostics, io, options.quiet ?? false);
      }
      const outName = relative(process.cwd(), options.out) || ".";
      if (options.check) {
        const stale = result.files.filter((file) => file.status !== "unchanged");
        if (stale.length > 0) {
          if (!options.json) {
            io.stderr(`${stale.length} generated file(s) in ${outName} are out of date:\n${stale.map((file) => `  ${file.status === "created" ? "missing" : "stale"}: ${file.path}\n`).join("")}run: mcpgen generate ${manifest} --out ${options.out}\n`);
          }
          process.exitCode = 1;
        } else if (!options.json && !options.quiet) {
          io.stdout(`${outName} is up to date (${result.ir.tools.length} tools)\n`);
        }
        return;
      }
      if (!options.json && !options.quiet) {
        const changed = result.files.filter((file) => file.status !== "unchanged").length;
        io.stdout(`generated ${result.ir.tools.length} tools into ${outName} (${changed} file(s) written, ${result.files.length - changed} unchanged)\n`);
        if (options.verbose) {
          for (const [stage, ms] of Object.entries(result.timings)) io.stdout(`  ${stage.padEnd(9)} ${ms.toFixed(1)} ms\n`);
        }
      }
    });

  program
    .command("pull")
    .description("connect to a live MCP server, save its tools/list as <out>/manifest.json and generate from it")
    .argument("[server...]", "http(s):// URL, or a server name from .mcp.json, .vscode/mcp.json, .cursor/mcp.json or Claude Desktop's config; or, after --, a command that runs a stdio server")
    .requiredOption("-o, --out <dir>", "output directory")
    .addOption(new Option("--transport <transport>", "use this transport only (no fallback from http to sse)").choices(["stdio", "http", "sse"]))
    .option("-H, --header <header>", "HTTP header \"Name: value\" (repeatable; values are never printed)", collectPullValue, [])
    .option("-e, --env <variable>", "KEY=value for a stdio server; KEY alone passes the current value on (repeatable; values are never printed)", collectPullValue, [])
    .option("--timeout <seconds>", "how long to wait for the server to answer (e.g. 30, 2.5, 500ms)", parsePullTimeout, 30_000)
    .option("--check", "exit 1 if the live tools differ from <out>/manifest.json or the generated files are stale; write nothing")
    .option("--no-format", "skip Prettier")
    .option("-q, --quiet", "print nothing but errors")
    .option("-v, --verbose", "print per-stage timings")
    .option("--json", "print a machine-readable summary")
    .action(async (servers: string[], options: PullCliOptions, command: Command) => {
      const { pull } = await import("./pull.js");
      // Operands after `--` are a stdio command; before it, a URL or a configured server name.
      const words = command.parent?.args ?? [];
      const dash = words.indexOf("--");
      const commandLength = dash === -1 ? 0 : Math.min(servers.length, words.length - dash - 1);
      const targets = servers.slice(0, servers.length - commandLength);
      if (targets.length > 1) command.error(`error: one server at a time (got ${targets.length}); put a stdio command after --`, { exitCode: 2 });
      const quiet = options.quiet ?? false;
      const showProgress = !quiet && !options.json && process.stderr.isTTY === true;
      let result: Awaited<ReturnType<typeof pull>>;
      try {
        result = await pull({
          target: targets[0],
          command: servers.slice(servers.length - commandLength),
          outDir: options.out,
          check: options.check ?? false,
          format: options.format,
          transport: options.transport,
          headers: options.header,
          env: options.env,
          timeoutMs: options.timeout,
          onProgress: (event) => {
            if (event.kind === "fallback" && !quiet) io.stderr(`note: ${event.message}\n`);
            else if (showProgress) io.stderr(`${event.message}\n`);
          },
        });
      } catch (error) {
        if (error instanceof McpgenError && error.diagnostic.code === "usage") command.error(`error: ${error.message}`, { exitCode: 2 });
        throw error;
      }
      const outName = relative(process.cwd(), options.out) || ".";
      const { server, drift } = result;
      if (options.json) {
        io.stdout(`${JSON.stringify({ outDir: options.out, server, upToDate: result.upToDate, drift, files: result.files, diagnostics: result.diagnostics, timings: result.timings }, null, 2)}\n`);
      } else {
        printDiagnostics(result.diagnostics, io, quiet);
      }
      if (options.check) {
        if (!result.upToDate) {
          if (!options.json) {
            const { formatDrift } = await import("./drift.js");
            const { printable } = await import("./acquire/sanitize.js");
            const lines = drift === undefined ? [] : formatDrift(drift, printable);
            const stale = result.files.filter((file) => file.status !== "unchanged" && file.path !== "manifest.json");
            if (lines.length > 0) io.stderr(`${server.label} no longer matches ${join(outName, "manifest.json")}:\n${lines.join("\n")}\n`);
            else if (stale.length > 0) io.stderr(`${stale.length} generated file(s) in ${outName} are out of date: ${stale.map((file) => file.path).join(", ")}\n`);
            io.stderr("run the same mcpgen pull without --check to update the snapshot and the generated files\n");
          }
          process.exitCode = 1;
        } else if (!options.json && !quiet) {
          for (const note of drift?.notes ?? []) io.stderr(`note: ${note}\n`);
          io.stdout(`${outName} is up to date with ${server.label} (${server.tools} tools)\n`);
        }
        return;
      }
      if (!options.json && !quiet) {
        const changed = result.files.filter((file) => file.status !== "unchanged").length;
        io.stdout(`pulled ${server.tools} tools from ${server.label} into ${outName} (${changed} file(s) written, ${result.files.length - changed} unchanged)\n`);
        if (options.verbose) {
          for (const [stage, ms] of Object.entries(result.timings)) io.stdout(`  ${stage.padEnd(9)} ${ms.toFixed(1)} ms\n`);
        }
      }
    });

  program
    .command("scaffold")
    .description("create or refresh a runnable MCP server from a manifest; rewrites src/generated/ only, never your handlers")
    .argument("<manifest>", "tools/list result, JSON-RPC response or mcpgen manifest; - reads stdin")
    .requiredOption("-o, --out <dir>", "project directory")
    .option("--check", "exit 1 if src/generated/ is out of date or a handler stub is missing; write nothing")
    .option("--no-format", "skip Prettier")
    .option("-q, --quiet", "print nothing but errors and warnings")
    .option("--json", "print a machine-readable summary")
    .action(async (manifest: string, options: { out: string; check?: boolean; format: boolean; quiet?: boolean; json?: boolean }) => {
      const { scaffold } = await import("./scaffold.js");
      const result = await scaffold({ manifest, outDir: options.out, check: options.check ?? false, format: options.format });
      const outName = relative(process.cwd(), options.out) || ".";
      const stale = result.generated.filter((file) => file.status !== "unchanged");
      if (options.json) {
        const { generated, created, kept, handlers, orphanedHandlers, diagnostics, timings, upToDate } = result;
        io.stdout(`${JSON.stringify({ outDir: options.out, upToDate, generated, created, kept, handlers, orphanedHandlers, diagnostics, timings }, null, 2)}\n`);
      } else {
        printDiagnostics(result.diagnostics, io, false);
        for (const orphan of result.orphanedHandlers) {
          const why = orphan.reason === "removed" ? "is no longer in the manifest" : "already has another handler file";
          io.stderr(`warning: ${orphan.path} implements tool ${JSON.stringify(orphan.tool)}, which ${why}; kept, not deleted (move or delete it yourself)\n`);
        }
      }
      if (options.check) {
        if (!result.upToDate) {
          if (!options.json) {
            io.stderr(`${outName} is out of date:\n${stale.map((file) => `  ${file.status === "created" ? "missing" : file.status === "deleted" ? "obsolete" : "stale"}: ${file.path}\n`).join("")}${result.created.map((path) => `  missing: ${path}\n`).join("")}run: mcpgen scaffold ${manifest} --out ${options.out}\n`);
          }
          process.exitCode = 1;
        } else if (!options.json && !options.quiet) {
          io.stdout(`${outName} is up to date (${result.ir.tools.length} tools)\n`);
        }
        return;
      }
      if (!options.json && !options.quiet) {
        const stubs = result.handlers.filter((handler) => handler.status === "created").map((handler) => handler.path);
        const project = result.created.filter((path) => !stubs.includes(path));
        io.stdout(`scaffolded ${result.ir.tools.length} tools into ${outName} (src/generated/: ${stale.length} file(s) changed, ${result.generated.length - stale.length} unchanged)\n`);
        if (project.length > 0) io.stdout(`  created: ${project.join(", ")}\n`);
        if (stubs.length > 0) io.stdout(`  new handler stubs: ${stubs.join(", ")}\n`);
        const keptHandlers = result.handlers.length - stubs.length;
        if (keptHandlers > 0) io.stdout(`  kept ${keptHandlers} existing handler(s) untouched\n`);
        if (project.includes("package.json")) io.stdout(`next: cd ${outName} && npm install && npm run build && npm start\n`);
      }
    });

  return program;
}

/** Runs the CLI; returns the exit code instead of exiting. */
export async function run(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const program = buildProgram(io);
  process.exitCode = undefined;
  try {
    await program.parseAsync([...argv], { from: "user" });
    return typeof process.exitCode === "number" ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof McpgenError) {
      io.stderr(`error: ${error.message}\n`);
      return 1;
    }
    io.stderr(`mcpgen: internal error (please report it): ${(error as Error)?.stack ?? String(error)}\n`);
    return 70;
  }
}

interface PullCliOptions {
  out: string;
  transport?: "stdio" | "http" | "sse";
  header: string[];
  env: string[];
  timeout: number;
  check?: boolean;
  format: boolean;
  quiet?: boolean;
  verbose?: boolean;
  json?: boolean;
}

function collectPullValue(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `--timeout`: seconds (`30`, `2.5`) or milliseconds (`500ms`); returns milliseconds. */
function parsePullTimeout(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
  const ms = match === null ? NaN : Number(match[1]) * (match[2] === "ms" ? 1 : 1000);
  if (!(ms > 0)) throw new InvalidArgumentError("expected a duration in seconds (30, 2.5) or milliseconds (500ms)");
  return ms;
}
