/**
 * `mcpgen init`: a starter `mcpgen.config.json` with one target per server
 * found in the project's MCP configuration files (`.mcp.json`,
 * `.vscode/mcp.json`, `.cursor/mcp.json`; user-level files are left out, a
 * project's configuration should not depend on one person's setup). It never
 * overwrites a configuration: the file is created exclusively.
 */
import type { Stats } from "node:fs";
import { stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { listConfiguredServers } from "../acquire/server-config.js";
import { userError } from "../shared/errors.js";
import { unreadableReason } from "../shared/json-file.js";
import { CONFIG_FILE, displayPath, TARGET_NAME, type ConfigDocument } from "./config.js";

/** Where editors find the schema once mcpgen is installed in the project. */
export const SCHEMA_REFERENCE = "./node_modules/mcpgen/schema/mcpgen.config.schema.json";

/** The project-level MCP configuration files init reads (see `listConfiguredServers`). */
const PROJECT_FILES = [".mcp.json", ".vscode/mcp.json", ".cursor/mcp.json"];

/** Where a server's generated client goes, from the project root. */
const OUT_BASE = "src/mcp";

export interface InitOptions {
  /** The working directory `config` is relative to (default `process.cwd()`). */
  cwd?: string | undefined;
  /**
   * The file to write (default `<cwd>/mcpgen.config.json`). Its directory is the project's: the MCP
   * configuration files are read there, since that is where the configuration looks its servers up.
   */
  config?: string | undefined;
  /** Write nothing; `written` says whether a file would be written. */
  check?: boolean | undefined;
}

export interface InitResult {
  /** Absolute path of the configuration file. */
  file: string;
  /** True when the file was (with `check`: would be) written; false when it exists already. With no server found, nothing is written: `initConfig` throws. */
  written: boolean;
  /** The configuration written (with `check`: that would be); undefined when the file exists. */
  config: ConfigDocument | undefined;
  /**
   * The servers found, and the target made for each. `needsTrust`: a remote
   * entry whose URL, headers or `oauth` use these variables, which `pull`
   * expands only once the file is trusted (see docs/pull.md); nothing is expanded here.
   */
  servers: Array<{ name: string; target: string; file: string; needsTrust?: string[] | undefined }>;
  /**
   * With `check`, when there is no configuration and `init` would write none either (it found no
   * server): why, as the error `init` without `check` throws. The check fails, as it does when
   * there is a configuration to write: either way, there is none.
   */
  noServers?: { message: string; hint: string } | undefined;
}

/** Writes a starter configuration, unless one is there. Throws when a configuration exists (except with `check`). */
export async function initConfig(options: InitOptions = {}): Promise<InitResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const file = resolve(cwd, options.config ?? CONFIG_FILE);
  // A configuration's paths and server names are read from its own directory (see config.ts): the servers it can name are the ones there.
  const root = dirname(file);
  await requireDirectory(root, file);
  const found = await listConfiguredServers({ cwd: root, home: homedir(), env: {}, platform: process.platform });
  const used = new Set<string>();
  const servers = found.map((server) => {
    const target = uniqueName(targetName(server.name), used);
    return { name: server.name, target, file: server.file, ...(server.needsTrust === undefined ? {} : { needsTrust: server.needsTrust }) };
  });
  const config: ConfigDocument = {
    $schema: SCHEMA_REFERENCE,
    targets: servers.map((server) => ({ name: server.target, server: server.name, out: `${OUT_BASE}/${server.target}` })),
  };
  const text = `${JSON.stringify(config, null, 2)}\n`;
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  if (options.check && exists) return { file, written: false, config: undefined, servers };
  if (servers.length === 0 && !exists) {
    // A configuration without targets would only make `mcpgen generate` do nothing, quietly.
    const files = root === cwd ? PROJECT_FILES : PROJECT_FILES.map((name) => displayPath(join(root, name)));
    const message = `no MCP servers found in ${files.join(", ")}`;
    const hint = `add a server to .mcp.json, or write ${displayPath(file)} yourself, e.g. { "targets": [{ "name": "weather", "manifest": "weather.tools.json", "out": "src/mcp/weather" }] }`;
    if (options.check) return { file, written: false, config: undefined, servers, noServers: { message, hint } };
    throw userError("usage", `${message}; nothing written`, { hint });
  }
  if (options.check) return { file, written: true, config, servers };
  try {
    await writeFile(file, text, { encoding: "utf8", flag: "wx" });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No permission, a file where a directory should be, a full disk: the user's to fix, not a bug of mcpgen's.
    if (code !== "EEXIST") throw cannotWrite(file, error);
    throw userError("output-owned-by-user", `${displayPath(file)} already exists; mcpgen init never overwrites a configuration`, {
      file: displayPath(file),
      hint: "edit it, or move it away and run mcpgen init again",
    });
  }
  return { file, written: true, config, servers };
}

/** `file` cannot be written, and why, in words (its directory missing, no permission, a file in the way). */
function cannotWrite(file: string, error: unknown) {
  const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "its directory does not exist" : unreadableReason(error);
  return userError("output-unwritable", `cannot write ${displayPath(file)}: ${reason}`, { file: displayPath(file) });
}

/** The configuration's directory must be there before its servers are looked for in it: init creates one file, not a tree. */
async function requireDirectory(directory: string, file: string): Promise<void> {
  const info = await stat(directory).catch((error: unknown) => error);
  if (info instanceof Error) throw cannotWrite(file, info);
  if (!(info as Stats).isDirectory()) throw cannotWrite(file, { code: "ENOTDIR" });
}

/** A target name (a plain word, see `TARGET_NAME`) from a server name, which may be any text. */
export function targetName(server: string): string {
  const name = server
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .replace(/-+$/, "");
  return TARGET_NAME.test(name) ? name : "server";
}

function uniqueName(base: string, used: Set<string>): string {
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
  used.add(name.toLowerCase());
  return name;
}
