/**
 * Ctrl-C and SIGTERM: a watch or a pull stops cleanly (a server shut down,
 * nothing written), a write finishes or is undone, and mcpgen exits with
 * 130 or 143, what a shell expects of a process stopped by that signal.
 * Except `generate --watch`, which runs until it is stopped: a signal is its
 * normal end, and it exits 0 (`watchCli` sets no exit code).
 */
import { McpgenError } from "../shared/errors.js";
import { exitCode } from "../shared/codes.js";
import type { Io } from "./io.js";
import { errorText } from "./print.js";

/**
 * Installs SIGINT/SIGTERM handlers that abort a watch or a pull; `io.signal`
 * (tests) aborts it too. `exitCode` is what a shell expects of a process
 * stopped by that signal (128 + its number).
 */
export function watchSignal(io: Io): { signal: AbortSignal; exitCode: () => number; dispose: () => void } {
  const controller = new AbortController();
  let received: "SIGINT" | "SIGTERM" = "SIGINT";
  const stop = (signal?: unknown) => {
    if (signal === "SIGTERM") received = "SIGTERM";
    controller.abort();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  io.signal?.addEventListener("abort", () => stop(), { once: true });
  return {
    signal: controller.signal,
    exitCode: () => exitCode(received === "SIGTERM" ? "sigterm" : "sigint"),
    dispose: () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    },
  };
}

/**
 * Runs a command that writes (generate, scaffold) so that Ctrl-C or SIGTERM
 * never leaves temporary files: writes under way finish or are undone (see
 * `interruptWrites`), then mcpgen exits with 130 or 143. A second signal
 * exits at once.
 */
export async function cleanOnSignal<T>(io: Io, run: () => Promise<T>): Promise<T> {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    const code = exitCode(signal === "SIGTERM" ? "sigterm" : "sigint");
    if (stopping) process.exit(code);
    stopping = true;
    // Loaded already if anything is being written (the module cache hands back the same instance).
    void import("../commands/writes.js")
      .then(({ interruptWrites }) => interruptWrites())
      .then(
        (finished) =>
          io.stderr(
            errorText(
              `interrupted by ${signal}; ${finished ? "the files being put in place were completed, nothing after them was written" : "nothing was written"}`,
              io,
            ),
          ),
        () => undefined,
      )
      .finally(() => process.exit(code));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    return await run();
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

/** Runs a pull with Ctrl-C and SIGTERM stopping it cleanly (server shut down, nothing written) instead of killing mcpgen mid-way. */
export async function interruptible<T>(io: Io, run: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  const stop = watchSignal(io);
  try {
    return await run(stop.signal);
  } catch (error) {
    if (!(error instanceof McpgenError && error.diagnostic.code === "interrupted")) throw error;
    io.stderr(errorText(error.message, io));
    process.exitCode = stop.exitCode();
    return undefined;
  } finally {
    stop.dispose();
  }
}
