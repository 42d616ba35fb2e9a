/**
 * Emits `src/server.ts`, the scaffold's entry point: stdio by default,
 * Streamable HTTP with `--http`. Written once; the user owns it.
 */
import type { EmittedFile } from "../ir.js";

export function emitEntry(): EmittedFile {
  const contents = `/**
 * Entry point. \`node dist/server.js\` serves the tools over stdio;
 * \`node dist/server.js --http\` over Streamable HTTP on 127.0.0.1, with
 * PORT (default 3000), MCP_HOST (default 127.0.0.1), --stateless or
 * MCP_STATELESS=1 (no sessions), and MCP_ALLOWED_HOSTS=a.example,b.example
 * (more Host/Origin names to accept; all others are refused).
 *
 * This file is yours: mcpgen created it and never changes it.
 */
import { createServer, serveHttp, serveStdio } from "./generated/server.js";

const args = process.argv.slice(2);
const env = process.env;

if (args.includes("--http")) {
  const server = await serveHttp(() => createServer(), {
    // An unset or empty PORT means 3000; anything that is not a port number is refused at start-up.
    port: env["PORT"] === undefined || env["PORT"] === "" ? 3000 : Number(env["PORT"]),
    host: env["MCP_HOST"] ?? "127.0.0.1",
    stateless: args.includes("--stateless") || env["MCP_STATELESS"] === "1",
    allowedHosts: (env["MCP_ALLOWED_HOSTS"] ?? "").split(",").filter((name) => name !== ""),
  });
  console.error(\`MCP server listening on \${server.url}\`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void server.close().then(() => process.exit(0)));
  }
} else {
  await serveStdio(() => createServer());
}
`;
  return { path: "src/server.ts", contents, format: "typescript" };
}
