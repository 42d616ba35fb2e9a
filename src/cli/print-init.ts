/** How `mcpgen init` reads: the configuration written (or, with `--check`, that would be) and the servers found. */
import { relative } from "node:path";
import type { InitResult } from "../commands/init.js";
import { configOption } from "../commands/config.js";
import { exitCode } from "../shared/codes.js";
import { counted } from "../shared/display.js";
import { printable } from "../shared/errors.js";
import { jsonText, type Io } from "./io.js";

/** Prints an init and returns its exit code: with `check`, 1 when there is no configuration yet (whether or not init would write one). */
export function printInit(
  result: InitResult,
  io: Io,
  options: {
    check?: boolean | undefined;
    quiet?: boolean | undefined;
    json?: boolean | undefined;
    /** The file is not the one a run from the working directory finds by itself: the commands to run next name it. */
    named?: boolean | undefined;
  },
): number {
  const where = relative(process.cwd(), result.file) || result.file;
  if (options.json) io.stdout(`${jsonText(result, 2)}\n`);
  if (options.check) {
    if (result.noServers !== undefined) {
      if (!options.json)
        io.stderr(`${where} does not exist, and mcpgen init would write none: ${result.noServers.message}\n  hint: ${result.noServers.hint}\n`);
      return exitCode("failure");
    }
    if (result.written) {
      if (!options.json) io.stderr(`${where} does not exist; mcpgen init would write:\n${jsonText(result.config, 2)}\n`);
      return exitCode("failure");
    }
    if (!options.json && !options.quiet) io.stdout(`${where} exists\n`);
    return exitCode("ok");
  }
  if (options.json || options.quiet) return exitCode("ok");
  const found = result.servers
    .map((server) => {
      const trust =
        server.needsTrust === undefined
          ? ""
          : ` (it sends ${server.needsTrust.join(", ")} to a remote server: mcpgen pull asks you to trust the file first, or pass --trust-project-config)`;
      return `  ${server.target}: server ${printable(JSON.stringify(server.name))} from ${relative(process.cwd(), server.file) || server.file}${trust}\n`;
    })
    .join("");
  io.stdout(`wrote ${where} with ${counted(result.servers.length, "target")}\n${found}`);
  // A file other than the one found by default is named in the commands to run next, or they would not find it.
  const named = configOption({ file: result.file, named: options.named });
  io.stdout(
    `next: mcpgen pull${named} (fetches each server's tools and generates), then commit the snapshots; mcpgen generate${named} works offline from them\n`,
  );
  return exitCode("ok");
}
