/** Template of a scaffold's `src/server.ts`, its entry point: the `emitted` region is the whole file. */
// #region emitted
/**
 * Entry point. `node dist/server.js` serves the tools over stdio;
 * `node dist/server.js --http` over Streamable HTTP on 127.0.0.1, with
 * PORT (default 3000), MCP_HOST (default 127.0.0.1), --stateless or
 * MCP_STATELESS=1 (no sessions), MCP_ALLOWED_HOSTS=a.example,b.example
 * (more Host/Origin names to accept; all others are refused), MCP_MAX_SESSIONS
 * (default 1000) and MCP_SESSION_IDLE_TIMEOUT (seconds, default 1800; 0: never).
 *
 * This file is yours: mcpgen created it and never changes it.
 */
import {
  createServer,
  httpOptionsFromEnvironment,
  serveHttp,
  serveStdio,
} from "./generated/server.js";

const args = process.argv.slice(2);

if (args.includes("--http")) {
  // Empty variables count as unset; a PORT that is not a port number is refused at start-up.
  const server = await serveHttp(
    () => createServer(),
    httpOptionsFromEnvironment(process.env, args),
  );
  console.error(`MCP server listening on ${server.url}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
} else {
  await serveStdio(() => createServer());
}
// #endregion
