/** Template of a scaffold's `src/server.ts`, its entry point: the `emitted` region is the whole file. */
// #region emitted
/**
 * Entry point. `node dist/server.js` serves the tools over stdio;
 * `node dist/server.js --http` over Streamable HTTP on 127.0.0.1. Both speak
 * MCP 2026-07-28 and the 2025 revisions, whichever the client does. HTTP
 * reads PORT (default 3000), MCP_HOST (default 127.0.0.1),
 * MCP_ALLOWED_HOSTS=a.example,b.example (more Host/Origin names to accept;
 * all others are refused), MCP_MAX_REQUESTS (requests served at once,
 * default 1000), MCP_MAX_SESSIONS (2025 sessions open at once, default
 * 1000), MCP_SESSION_IDLE_TIMEOUT (seconds, default 1800) and --stateless
 * or MCP_STATELESS=1 (2025 clients without sessions). Over stdio, when the
 * client closes stdin, the calls in flight get up to 10 seconds to finish
 * (pass `{ drainMs }` to serveStdio below to change it), the rest are
 * aborted, and the process exits; on SIGTERM or Ctrl-C, at once, after
 * aborting the calls in flight (their `context.signal`).
 *
 * This file is yours: mcpgen created it and never changes it.
 */
import {
  createServer,
  httpOptionsFromEnvironment,
  serveHttp,
  serveStdio,
  type RuntimeOptions,
} from "./generated/server.js";

/**
 * How long clients may reuse the tool list (MCP 2026-07-28 `ttlMs`, in
 * milliseconds) and whether shared caches may keep it (`cacheScope`). The
 * tools change only when you regenerate and redeploy: raise `ttlMs` to save
 * clients a `tools/list` per connection. `cacheHints` does the same for
 * `prompts/list`, `resources/list`, `resources/templates/list` and
 * `resources/read`, by method.
 */
const options: RuntimeOptions = {
  toolsListCache: { ttlMs: 0, cacheScope: "private" },
};

const args = process.argv.slice(2);

/**
 * Serves HTTP as the environment says (empty variables count as unset). A PORT that is not a port
 * number, or a port in use, ends the process with a one-line error and exit code 1.
 */
async function startHttp() {
  try {
    return await serveHttp(
      () => createServer(options),
      httpOptionsFromEnvironment(process.env, args),
    );
  } catch (error) {
    console.error(
      `error: ${error instanceof Error ? error.message : String(error)}`,
    );
    return process.exit(1);
  }
}

if (args.includes("--http")) {
  const server = await startHttp();
  console.error(`MCP server listening on ${server.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
} else {
  await serveStdio(() => createServer(options));
}
// #endregion
