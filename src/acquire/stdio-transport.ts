/**
 * The stdio transport `pull` talks to a local server with (MCP "Transports":
 * newline-delimited JSON-RPC on the child's stdin and stdout). It differs from
 * the SDK's `StdioClientTransport` in what a pull needs from a server it does
 * not trust:
 *
 * - the child leads a process group of its own (POSIX), so stopping it stops
 *   what it started too: a grandchild that ignores SIGTERM does not outlive
 *   the pull (MCP's shutdown order: close stdin, wait, SIGTERM, SIGKILL);
 * - every byte of stdout is counted against the pull's `ResponseBudget`, and
 *   reading stops past it, however long the line;
 * - the child, its raw stdout and its stderr are the caller's to watch, with
 *   no reaching into a private field.
 *
 * Messages are read and written with the SDK's own (de)serialisation.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { ResponseBudget } from "./bounded-fetch.js";
import { exitsWithin, stopProcessGroup } from "./child-process.js";

export interface StdioServerProcess {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string | undefined;
  budget: ResponseBudget;
  /** Every stdout chunk, as read (after the budget allowed it). */
  onStdout?: ((chunk: Buffer) => void) | undefined;
  onStderr?: ((chunk: Buffer) => void) | undefined;
  /** How long each step of the shutdown waits (stdin closed, then SIGTERM, then SIGKILL). */
  graceMs?: number | undefined;
}

type Codec = Pick<typeof import("@modelcontextprotocol/client"), "deserializeMessage" | "serializeMessage">;

export class ProcessGroupStdioTransport implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  /** The server's process, once started. */
  child: ChildProcess | undefined;
  private pending: Buffer[] = [];
  private closed = false;
  /** Set once `close` has closed the server's stdin: a request of the server's can no longer be answered. */
  private inputClosed = false;
  /** Ends `close`'s wait for the server to exit: it asked for something it can no longer be sent. */
  private stranded: (() => void) | undefined;

  private constructor(
    private readonly server: StdioServerProcess,
    private readonly codec: Codec,
  ) {}

  static async create(server: StdioServerProcess): Promise<ProcessGroupStdioTransport> {
    const { deserializeMessage, serializeMessage } = await import("@modelcontextprotocol/client");
    return new ProcessGroupStdioTransport(server, { deserializeMessage, serializeMessage });
  }

  /**
   * The child's pid and stderr, as the SDK's stdio transport has them: the SDK
   * knows a stdio transport by these two (a silent stdio server is a 2025-era
   * server, where silence over HTTP is an outage).
   */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  start(): Promise<void> {
    if (this.child !== undefined) throw new Error("the stdio transport is already started");
    return new Promise((resolve, reject) => {
      const child = spawn(this.server.command, [...this.server.args], {
        env: this.server.env,
        cwd: this.server.cwd,
        stdio: ["pipe", "pipe", "pipe"],
        // A process group of its own (setsid), so that it can be stopped whole.
        detached: process.platform !== "win32",
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      child.once("error", (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once("spawn", () => resolve());
      child.once("close", () => this.closeOnce());
      child.stdin?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("error", (error) => this.onerror?.(error));
      child.stdout?.on("data", (chunk: Buffer) => this.read(chunk));
      child.stderr?.on("data", (chunk: Buffer) => this.server.onStderr?.(chunk));
    });
  }

  private read(chunk: Buffer): void {
    if (!this.server.budget.take(chunk.length)) {
      // Past the limit: read nothing more (the budget has reported it; the pull stops the server).
      this.pending = [];
      this.child?.stdout?.destroy();
      return;
    }
    this.server.onStdout?.(chunk);
    let start = 0;
    for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.pending).toString("utf8").replace(/\r$/, "");
      this.pending = [];
      start = newline + 1;
      this.deliver(line);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  private deliver(line: string): void {
    let message: JSONRPCMessage;
    try {
      message = this.codec.deserializeMessage(line);
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    if (this.inputClosed && "method" in message && "id" in message) {
      // A request after its stdin was closed (server-everything asks for the roots 350 ms after initialized, often as a
      // quick pull closes): the answer cannot reach it, and it waits for one (the SDK's 60 s) instead of exiting.
      this.stranded?.();
      return;
    }
    this.onmessage?.(message);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (stdin === undefined || stdin === null || this.closed) return Promise.reject(new Error("Not connected"));
    return new Promise((resolve) => {
      if (stdin.write(this.codec.serializeMessage(message))) resolve();
      else stdin.once("drain", () => resolve());
    });
  }

  /**
   * Closes stdin and waits for the server to exit, then stops its whole process group. A server that sends a
   * request once its stdin is closed waits for an answer that cannot come: it is stopped then, not after the wait.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (child !== undefined) {
      const stranded = new Promise<boolean>((resolve) => (this.stranded = () => resolve(false)));
      this.inputClosed = true;
      try {
        child.stdin?.end();
      } catch {
        // Gone already.
      }
      await Promise.race([exitsWithin(child, this.server.graceMs ?? 2000), stranded]);
    }
    await this.stop();
    this.closeOnce();
  }

  /** Stops the server's process group at once (SIGTERM, then SIGKILL), whatever it is doing. */
  stop(): Promise<void> {
    return stopProcessGroup(this.child, this.server.graceMs ?? 2000);
  }

  private closeOnce(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.onclose?.();
  }
}
