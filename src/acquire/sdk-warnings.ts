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
 * wrapped on the first connection, and again on a later one if something
 * has replaced it since; `AsyncLocalStorage` tells which connection (of
 * several pulled at once) a warning belongs to.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";

const SDK_PREFIX = "[mcp-sdk] ";

const connections = new AsyncLocalStorage<(warning: string) => void>();
/** The `console.warn` mcpgen put in place, if any: one replaced since (a host's logger, a test's spy) is wrapped again. */
let wrapper: typeof console.warn | undefined;

/** Runs `work` with the SDK's warnings handed to `report` (their `[mcp-sdk]` prefix dropped, otherwise as the SDK wrote them). */
export function withSdkWarnings<T>(report: (warning: string) => void, work: () => Promise<T>): Promise<T> {
  if (console.warn !== wrapper) {
    const original = console.warn;
    wrapper = (...args: unknown[]) => {
      const handler = connections.getStore();
      if (handler === undefined || typeof args[0] !== "string" || !args[0].startsWith(SDK_PREFIX)) return original.apply(console, args);
      handler(format(...args).slice(SDK_PREFIX.length));
    };
    console.warn = wrapper;
  }
  return connections.run(report, work);
}
