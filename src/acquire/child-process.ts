/**
 * What mcpgen watches on a stdio server's child process: the tail of its
 * stderr (for error messages), the first line on stdout that is not a
 * JSON-RPC message, how it exited, and stopping it for good.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { quotedLine } from "./sanitize.js";

/** The last few kilobytes a stream wrote, for quoting in an error. */
export class OutputTail {
  private readonly decoder = new StringDecoder("utf8");
  private text = "";
  /** True while the rest of a line whose start was dropped is still arriving: it is dropped too. */
  private skippingLine = false;
  constructor(private readonly keep = 8192) {}

  push(chunk: Buffer | string): void {
    // One decoder for the stream: a character split between two chunks stays one character (and a secret stays recognisable).
    let text = typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    if (this.skippingLine) {
      const newline = text.indexOf("\n");
      if (newline === -1) return;
      text = text.slice(newline + 1);
      this.skippingLine = false;
    }
    this.text += text;
    if (this.text.length > this.keep * 2) {
      // Keep whole lines only: a line cut at its start could begin with the end of a secret, which masking would not recognise.
      const kept = this.text.slice(-this.keep);
      const newline = kept.indexOf("\n");
      if (newline === -1) {
        this.text = "";
        this.skippingLine = !kept.endsWith("\n");
      } else {
        this.text = kept.slice(newline + 1);
      }
    }
  }

  /**
   * What an error quotes of the stream: its last `count` non-blank lines and,
   * when it falls before them, the first line that heads an error
   * (`ERROR_HEADER`: Node prints `Error: Cannot find module ...` above its
   * stack, so the last lines alone miss it). Up to two lines more than
   * `count`: the lines from the header on when that is all, else the header,
   * `…`, then the last `count` lines. Each line is passed through `redact`
   * (before shortening), made printable (`quotedLine`) and shortened.
   */
  excerpt(count = 8, redact: (line: string) => string = (line) => line): string[] {
    const lines = this.lines();
    const header = errorHeaderIndex(lines);
    if (header === -1 || header >= lines.length - count) return this.excerptOf(lines.slice(-count), redact);
    if (lines.length - header <= count + 2) return this.excerptOf(lines.slice(header), redact);
    return [...this.excerptOf([lines[header]!], redact), "…", ...this.excerptOf(lines.slice(-count), redact)];
  }

  /** The stream as held (its last 8 to 16 KB, whole lines), for telling what kind of failure it shows; never quoted as it is. */
  get held(): string {
    return this.text;
  }

  private lines(): string[] {
    return this.text.split(/\r?\n/).filter((line) => line.trim() !== "");
  }

  private excerptOf(lines: readonly string[], redact: (line: string) => string): string[] {
    return lines.map((line) => quotedLine(redact(line), 300));
  }
}

/**
 * A line that heads an error report: `Error: ...`, `TypeError: ...`, Node's
 * `Error [ERR_MODULE_NOT_FOUND]: ...`, Python's `ModuleNotFoundError: ...`
 * (or, failing such a line, its `Traceback (most recent call last):`),
 * `error: ...`, `fatal: ...`, `panic: ...`, `Exception in thread ...`.
 */
const ERROR_HEADER = /^(?:[A-Za-z_$][\w$.]*)?(?:Error|Exception|error|ERROR|fatal|FATAL|panic)(?: ?\[[\w-]+\])?:|^Exception in thread /;
const TRACEBACK = /^Traceback \(most recent call last\):/;

function errorHeaderIndex(lines: readonly string[]): number {
  const header = lines.findIndex((line) => ERROR_HEADER.test(line));
  return header === -1 ? lines.findIndex((line) => TRACEBACK.test(line)) : header;
}

/** Lines up to this long are parsed in full; longer ones are judged by their first and last characters. */
const PARSED_LINE_LIMIT = 64 * 1024;

/**
 * Finds the first stdout line that is not a JSON-RPC 2.0 message. MCP stdio:
 * "The server MUST NOT write anything to its stdout that is not a valid MCP message."
 * Memory stays bounded whatever the server writes: of a line longer than
 * `PARSED_LINE_LIMIT` (a big but valid answer, or garbage without newlines)
 * only its start and its last characters are kept.
 */
export class StdoutWatch {
  private readonly decoder = new StringDecoder("utf8");
  /** The current line, up to `PARSED_LINE_LIMIT` characters. */
  private head = "";
  /** The current line's last characters, and its length so far. */
  private tail = "";
  private length = 0;
  /**
   * The first offending line that is not blank (its start, for long ones), if
   * any. A blank line is as wrong, but says nothing: `npm start` prints one
   * before its banner (`> server@1.0.0 start`), which is the line to quote.
   */
  firstBadLine: string | undefined;
  /** Whether the server wrote a blank line (also not a JSON-RPC message). */
  sawBlankLine = false;
  /** The start of the last complete line that is not blank, to quote when the SDK rejects a line that looked like a message. */
  lastLine: string | undefined;

  push(chunk: Buffer | string): void {
    if (this.firstBadLine !== undefined) return;
    let text = typeof chunk === "string" ? chunk : this.decoder.write(chunk);
    for (;;) {
      const newline = text.indexOf("\n");
      this.append(newline === -1 ? text : text.slice(0, newline));
      if (newline === -1) break;
      this.endLine();
      if (this.firstBadLine !== undefined) return;
      text = text.slice(newline + 1);
    }
    // A long "line" that cannot be a JSON object is garbage however it ends: no need to wait for the newline.
    if (this.length > PARSED_LINE_LIMIT && !this.head.trimStart().startsWith("{")) this.firstBadLine = this.head.slice(0, 1000);
  }

  private append(piece: string): void {
    if (piece === "") return;
    if (this.head.length < PARSED_LINE_LIMIT) this.head += piece.slice(0, PARSED_LINE_LIMIT - this.head.length);
    this.tail = (this.tail + piece).slice(-16);
    this.length += piece.length;
  }

  private endLine(): void {
    const long = this.length > PARSED_LINE_LIMIT;
    const line = long ? this.head : this.head.replace(/\r$/, "");
    const ok = long ? line.trimStart().startsWith("{") && this.tail.trimEnd().endsWith("}") : isJsonRpcLine(line);
    if (!long && line.trim() === "") this.sawBlankLine = true;
    else {
      this.lastLine = line.slice(0, 1000);
      if (!ok) this.firstBadLine = line.slice(0, 1000);
    }
    this.head = "";
    this.tail = "";
    this.length = 0;
  }
}

/** A JSON-RPC 2.0 request, notification or response (JSON-RPC 2.0 section 4 and 5). */
function isJsonRpcLine(line: string): boolean {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return false;
  }
  if (typeof message !== "object" || message === null || Array.isArray(message)) return false;
  const fields = message as { jsonrpc?: unknown; method?: unknown; id?: unknown; result?: unknown; error?: unknown };
  if (fields.jsonrpc !== "2.0") return false;
  return typeof fields.method === "string" || ("id" in fields && ("result" in fields || "error" in fields));
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

/** True once `child` has exited; waits at most `ms` for it. */
export function exitsWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return settlesWithin(new Promise<void>((resolve) => child.once("exit", () => resolve())), ms);
}

/**
 * Ends the process group `child` leads (it was spawned detached, POSIX) and
 * everything in it: SIGTERM to the group, then, for whatever still runs
 * after `graceMs` (a grandchild that ignores SIGTERM, or outlived its
 * parent), SIGKILL. Resolves once the group is empty (or after the last
 * wait). Without process groups (Windows), the child alone.
 */
export async function stopProcessGroup(child: ChildProcess | undefined, graceMs = 2000): Promise<void> {
  const pgid = child?.pid;
  if (child === undefined || pgid === undefined) return;
  if (process.platform === "win32") return stopChild(child, graceMs);
  if (!signalGroup(pgid, "SIGTERM")) return;
  // One grace period for the whole group: the child's exit first, then the rest.
  const graceEnds = performance.now() + graceMs;
  await exitsWithin(child, graceMs);
  if (await groupEmptiesWithin(pgid, graceEnds - performance.now())) return;
  signalGroup(pgid, "SIGKILL");
  await exitsWithin(child, graceMs);
  await groupEmptiesWithin(pgid, graceMs);
}

/** Sends `signal` to every process of group `pgid`; false when the group is gone. */
function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

async function groupEmptiesWithin(pgid: number, ms: number): Promise<boolean> {
  const until = performance.now() + ms;
  for (;;) {
    if (!groupRuns(pgid)) return true;
    if (performance.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Whether a process of group `pgid` still runs. A member that has exited
 * but is not reaped yet (a zombie, reparented to an init that reaps lazily)
 * still receives signals, so on Linux, where /proc tells, it does not count.
 */
export function groupRuns(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return false;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after the last ")".
    const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(group) === pgid && state !== "Z" && state !== "X") return true;
  }
  return false;
}
