/**
 * The command line: maps flags to the library API and prints its results.
 * Exit codes: 0 ok, 1 input or drift errors (and --check finding stale files), 2 usage.
 * Heavy modules (ajv, prettier, the SDK) load only inside the command that needs them.
 */
import { Command, CommanderError } from "commander";
import { relative } from "node:path";
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
            io.stderr(`${outName} is out of date:\n${stale.map((file) => `  ${file.status === "created" ? "missing" : "stale"}: ${file.path}\n`).join("")}${result.created.map((path) => `  missing: ${path}\n`).join("")}run: mcpgen scaffold ${manifest} --out ${options.out}\n`);
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
        io.stdout(`scaffolded ${result.ir.tools.length} tools into ${outName} (src/generated/: ${stale.length} file(s) written, ${result.generated.length - stale.length} unchanged)\n`);
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
