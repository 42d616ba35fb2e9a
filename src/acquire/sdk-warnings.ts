/**
 * The MCP SDK's own warnings (`console.warn("[mcp-sdk] …")`), caught while a
 * live server is connected. The SDK writes some of them with what an
 * authorization server answered (`Cause: "refresh token rt-… expired"`), and
 * `console.warn` would put that on stderr as it is: past the pull's secrets,
 * past `printable`, past `--quiet`. Within a connection (an async context
 * entered with `withSdkWarnings`) each such warning goes to the connection's
 * `report` instead, which masks and prints it as a progress line; any other
 * `console.warn`, and the SDK's outside a connection, is left as it was.
 *
 * The SDK offers no logger to hand its warnings to, so `console.warn` is
 * wrapped, once, on the first connection; `AsyncLocalStorage` tells which
 * connection (of several pulled at once) a warning belongs to.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";

const SDK_PREFIX = "[mcp-sdk] ";

const connections = new AsyncLocalStorage<(warning: string) => void>();
let wrapped = false;

/** Runs `work` with the SDK's warnings handed to `report` (their `[mcp-sdk]` prefix dropped, otherwise as the SDK wrote them). */
export function withSdkWarnings<T>(report: (warning: string) => void, work: () => Promise<T>): Promise<T> {
  if (!wrapped) {
    wrapped = true;
    const original = console.warn;
    console.warn = (...args: unknown[]) => {
      const handler = connections.getStore();
      if (handler === undefined || typeof args[0] !== "string" || !args[0].startsWith(SDK_PREFIX)) return original.apply(console, args);
      handler(format(...args).slice(SDK_PREFIX.length));
    };
  }
  return connections.run(report, work);
}
