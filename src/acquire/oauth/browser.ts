/**
 * Opens the authorization URL for the user. The `BROWSER` environment
 * variable names the command when set, as many command-line tools read it
 * (Python's `webbrowser`, git, xdg-utils): a list of commands separated by
 * the platform's path delimiter, each tried in turn; `%s` in a command stands
 * for the URL, which is appended otherwise. Without it, the platform's
 * opener: `open` (macOS), `rundll32 url.dll,FileProtocolHandler` (Windows),
 * `xdg-open` (elsewhere).
 *
 * The URL comes from the authorization server's metadata, so it is passed as
 * one argument, never through a shell, and only when it is http(s).
 */
import { spawn } from "node:child_process";

export interface OpenResult {
  /** True when a command started (whether a browser then shows the page is beyond mcpgen's sight). */
  opened: boolean;
  /** Why nothing started, for the message. */
  reason?: string | undefined;
}

/** The commands to try for `url`, as argument vectors. */
export function browserCommands(url: string, browser: string | undefined, platform: string = process.platform): string[][] {
  if (browser !== undefined && browser.trim() !== "") {
    const separator = platform === "win32" ? ";" : ":";
    return browser
      .split(separator)
      .map((entry) => splitCommand(entry, platform === "win32"))
      .filter((words) => words.length > 0)
      .map((words) => (words.some((word) => word.includes("%s")) ? words.map((word) => word.split("%s").join(url)) : [...words, url]));
  }
  if (platform === "darwin") return [["open", url]];
  if (platform === "win32") return [["rundll32", "url.dll,FileProtocolHandler", url]];
  return [["xdg-open", url]];
}

/**
 * Splits a command line into words as a POSIX shell would for plain words:
 * whitespace separates, single and double quotes group, a backslash escapes
 * the next character (outside single quotes; not on Windows, where it
 * separates directories). Nothing is expanded.
 */
export function splitCommand(line: string, windows = false): string[] {
  const words: string[] = [];
  let word = "";
  let started = false;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
    } else if (char === "\\" && !windows && index + 1 < line.length && (quote === undefined || /["\\$`]/.test(line[index + 1]!))) {
      word += line[++index];
      started = true;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}

/** Starts the first command that can be started for `url`; does not wait for it to finish. */
export async function openInBrowser(url: string, env: Readonly<Record<string, string | undefined>>, platform: string = process.platform): Promise<OpenResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { opened: false, reason: "the authorization URL is not a valid URL" };
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return { opened: false, reason: `the authorization URL is not an http(s) URL (${parsed.protocol})` };
  const reasons: string[] = [];
  for (const [program, ...args] of browserCommands(parsed.href, env["BROWSER"], platform)) {
    const failure = await start(program!, args);
    if (failure === undefined) return { opened: true };
    reasons.push(`${program}: ${failure}`);
  }
  return { opened: false, reason: reasons.join("; ") || "BROWSER names no command" };
}

/** Spawns `program` detached from mcpgen; resolves with why it could not start, or undefined once it has. */
function start(program: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(program, args, { stdio: "ignore", detached: process.platform !== "win32", windowsHide: true });
    } catch (error) {
      resolve((error as Error).message);
      return;
    }
    child.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ENOENT" ? "command not found" : error.message));
    child.once("spawn", () => {
      child.unref();
      resolve(undefined);
    });
  });
}
