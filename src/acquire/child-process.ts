/**
 * What mcpgen watches on a stdio server's child process: the tail of its
 * stderr (for error messages), the first line on stdout that is not a
 * JSON-RPC message, how it exited, and stopping it for good.
 */
import type { ChildProcess } from "node:child_process";
import { excerpt } from "./sanitize.js";

/** The last few kilobytes a stream wrote, for quoting in an error. */
export class OutputTail {
  private text = "";
  constructor(private readonly keep = 8192) {}

  push(chunk: Buffer | string): void {
    this.text += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    if (this.text.length > this.keep * 2) this.text = this.text.slice(-this.keep);
  }

  /** The last `count` non-blank lines, each made printable and shortened. */
  lastLines(count = 8): string[] {
    return this.text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== "")
      .slice(-count)
      .map((line) => excerpt(line, 300));
  }
}

/**
 * Finds the first stdout line that is not a JSON-RPC 2.0 message. MCP stdio:
 * "The server MUST NOT write anything to its stdout that is not a valid MCP message."
 */
export class StdoutWatch {
  private partial = "";
  /** The first offending line, if any. */
  firstBadLine: string | undefined;

  push(chunk: Buffer | string): void {
    if (this.firstBadLine !== undefined) return;
    this.partial += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    let newline: number;
    while ((newline = this.partial.indexOf("\n")) !== -1) {
      const line = this.partial.slice(0, newline).replace(/\r$/, "");
      this.partial = this.partial.slice(newline + 1);
      if (!isJsonRpcLine(line)) {
        this.firstBadLine = line;
        return;
      }
    }
    // A single "line" this long without a newline is not a message we can ever parse.
    if (this.partial.length > 1 << 20) this.firstBadLine = this.partial.slice(0, 200);
  }
}

function isJsonRpcLine(line: string): boolean {
  try {
    const message: unknown = JSON.parse(line);
    return typeof message === "object" && message !== null && (message as { jsonrpc?: unknown }).jsonrpc === "2.0";
  } catch {
    return false;
  }
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** "exited with code 3", "was killed by SIGKILL". */
export function describeExit(status: ExitStatus): string {
  if (status.signal !== null) return `was killed by ${status.signal}`;
  return status.code === 0 ? "exited (code 0)" : `exited with code ${String(status.code)}`;
}

const settlesWithin = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Ends `child` if it still runs: SIGTERM, then SIGKILL; resolves once it has exited (or after the last wait). */
export async function stopChild(child: ChildProcess | undefined, graceMs = 2000): Promise<void> {
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  if (await settlesWithin(exited, graceMs)) return;
  child.kill("SIGKILL");
  await settlesWithin(exited, graceMs);
}
