/**
 * Every way talking to a live server can fail, turned into one readable
 * paragraph (an `McpgenError`): what happened, to which server, during which
 * request, and the tail of the server's stderr when it has one. All text goes
 * through the pull's secrets and is made printable.
 */
import { userError, type DiagnosticCode, type McpgenError } from "../shared/errors.js";
import { describeExit, type ExitStatus, type OutputTail, type StdoutWatch } from "./child-process.js";
import { counted, shellWord } from "../shared/display.js";
import { displayUrl, type Secrets } from "./sanitize.js";
import type { ServerSpec, TransportName } from "./server-spec.js";

/** What was being tried when something failed; filled in as the attempt goes. */
export interface Attempt {
  label: string;
  /** The server as given: its URL or command (for `describeServer`), and a stdio server's configuration entry. */
  server?: ServerSpec | undefined;
  transport: TransportName;
  /** The request in flight, e.g. `initialize` or `tools/list`. */
  phase: string;
  /** The requests sent before `phase`, in order (`server/discover` before a fallback's `initialize`). */
  sent?: string[] | undefined;
  /** Messages received from the server so far. */
  received?: number | undefined;
  /** Answers received since the request in flight was sent that carry an id mcpgen never sent (ignored, as JSON-RPC has it), with the error they carry. */
  unrequested?: Array<{ id: unknown; error?: string }> | undefined;
  timeoutMs: number;
  /** How long the whole pull may take (`--max-time`). */
  maxTimeMs?: number | undefined;
  secrets: Secrets;
  /** stdio only: the command, its stderr and stdout watchers, and its exit once it happened. */
  command?: string | undefined;
  stderr?: OutputTail | undefined;
  stdout?: StdoutWatch | undefined;
  exit?: ExitStatus | undefined;
  /** stdio only: the names of the environment variables the child was started with (never their values). */
  environment?: readonly string[] | undefined;
  /** Whether the request in flight carried the session the server began: Streamable HTTP's session id (2025 "Session Management"), legacy SSE's endpoint. */
  inSession?: boolean | undefined;
  /** Legacy HTTP+SSE only: the server's event stream is open (it named the endpoint to post to); an SSE error from then on is that stream ending. */
  eventStreamOpen?: boolean | undefined;
}

/** mcpgen's own deadline for one request passed (`--timeout`). */
export class DeadlineExceeded extends Error {
  override readonly name = "DeadlineExceeded";
}

/** The child process went away on its own. */
export class ServerExited extends Error {
  override readonly name = "ServerExited";
}

/** The child wrote a line to stdout that is not a JSON-RPC message. */
export class NonProtocolOutput extends Error {
  override readonly name = "NonProtocolOutput";
}

/**
 * An HTTP server's answer could not be read as JSON-RPC: an event stream
 * whose data is not a JSON-RPC message. Reported
 * at once, as what it is, rather than as the timeout that would follow (the
 * request it carried is never answered).
 */
export class BrokenStream extends Error {
  override readonly name = "BrokenStream";
  /** What to do, where the default (the answer is not MCP's JSON-RPC) does not fit. */
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

const CLOSED_STREAM_HINT = "the server (or a proxy between mcpgen and it) closed the response without answering: look at the server's logs, or try again";

/** An answer's event stream that ended before the answer (and that the SDK does not resume). */
export function streamEndedFault(): BrokenStream {
  return new BrokenStream("an event stream that ended before the answer", CLOSED_STREAM_HINT);
}

/** What an HTTP transport's error says of the event data it could not read as a JSON-RPC message, if that is what it is. */
export function eventDataFault(error: Error, secrets: Secrets): BrokenStream | undefined {
  if (error instanceof SyntaxError) return new BrokenStream(`event data that is not JSON (${secrets.excerpt(error.message, 120)})`);
  if (Array.isArray((error as { issues?: unknown }).issues)) return new BrokenStream("event data that is JSON but not a JSON-RPC message");
  return undefined;
}

/** The pull was stopped from outside (its `signal`: Ctrl-C, SIGTERM). */
export class Interrupted extends Error {
  override readonly name = "Interrupted";
}

/**
 * The server sent more than a pull reads from one server (`--max-size`):
 * response bodies after decompression and stdout together.
 */
export class ResponseTooLarge extends Error {
  override readonly name = "ResponseTooLarge";
  constructor(readonly limit: number) {
    super(`more than ${formatBytes(limit)}`);
  }
}

/** The pull as a whole took longer than it may (`--max-time`). */
export class PullDeadlineExceeded extends Error {
  override readonly name = "PullDeadlineExceeded";
}

/** "10 MB", "512 KB", "1.5 MB": binary units, as the limits are given. */
export function formatBytes(bytes: number): string {
  for (const [unit, size] of [
    ["GB", 2 ** 30],
    ["MB", 2 ** 20],
    ["KB", 2 ** 10],
  ] as const) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(2))} ${unit}`;
  }
  return counted(bytes, "byte");
}

/** A pagination fault, already worded. */
export class PagingFault extends Error {
  override readonly name = "PagingFault";
}

/** The SDK's (v2) error classes, loaded lazily with the SDK. */
export interface SdkErrors {
  /** An error the server answered with (a JSON-RPC error: numeric code). */
  ProtocolError: new (...args: never[]) => Error & { code: number; data?: unknown };
  /** A local error of the SDK's (string code: `REQUEST_TIMEOUT`, `CONNECTION_CLOSED`, `ERA_NEGOTIATION_FAILED`, ...). */
  SdkError: new (...args: never[]) => Error & { code: string; data?: unknown };
  /** An HTTP answer the transport could not use, with its status. */
  SdkHttpError: new (...args: never[]) => Error & { code: string; status: number };
  /** The legacy SSE transport's failure to open its event stream. */
  SseError: new (...args: never[]) => Error & { code?: number | undefined };
  UnauthorizedError: new (...args: never[]) => Error;
}

export const TRANSPORT_NAMES: Record<TransportName, string> = { stdio: "stdio", http: "Streamable HTTP", sse: "legacy HTTP+SSE" };

/** Network error codes worth a plain-words explanation. */
const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
  UND_ERR_SOCKET: "connection closed by the server",
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate cannot be verified",
};

/** A duration in seconds, as messages give it: "2 s", "2.5 s". */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * How errors name the server: its label and transport, and for a server
 * named in a configuration file (whose label is its name there) its URL or
 * command too: `github (.mcp.json) at https://host/mcp (Streamable HTTP)`.
 * Secrets are masked where the message is built.
 */
export function describeServer(attempt: Attempt): string {
  const { server, label } = attempt;
  const where =
    server?.configEntry === undefined
      ? ""
      : server.transport === "stdio"
        ? ` running ${[server.command, ...server.args].map(shellWord).join(" ")}`
        : ` at ${displayUrl(server.url)}`;
  return `${label}${where} (${TRANSPORT_NAMES[attempt.transport]})`;
}

/** The error to report for `error`, raised while `attempt` was under way. */
export function explainFault(error: unknown, attempt: Attempt, sdk: SdkErrors): McpgenError {
  if (isMcpgenError(error)) return error;
  if (error instanceof Interrupted) {
    return userError("interrupted", `stopped during ${attempt.phase} of ${attempt.label}; the server was shut down and nothing was written`);
  }
  // The SDK wraps what went wrong during the server/discover probe (a refused connection, an HTTP error): explain that.
  const probeCause =
    error instanceof sdk.SdkError && error.code === "ERA_NEGOTIATION_FAILED" ? (error.data as { cause?: unknown } | undefined)?.cause : undefined;
  if (probeCause !== undefined && probeCause !== error) return explainFault(probeCause, attempt, sdk);
  const who = describeServer(attempt);
  const fail = (code: DiagnosticCode, message: string, hint?: string) => withStderr(code, message, attempt, hint);
  const clip = (text: string, max: number) => attempt.secrets.excerpt(text, max);

  // The pull's own limits first: past them, whatever else went wrong was the cut-off.
  if (error instanceof ResponseTooLarge) {
    return fail(
      "input-unreadable",
      `${who} sent ${error.message} during ${attempt.phase}: that is more than mcpgen reads from one server (after decompression), so mcpgen stopped reading`,
      'if the server really lists that much, raise the limit with --max-size (e.g. --max-size 50MB, or "maxSize" in mcpgen.config.json)',
    );
  }
  if (error instanceof PullDeadlineExceeded) {
    return fail(
      "input-unreadable",
      `${who} had not finished after ${seconds(attempt.maxTimeMs ?? 0)}, the most mcpgen waits for one server; it was at ${attempt.phase}`,
      'raise --max-time (or "maxTime" in mcpgen.config.json) if the server is only slow; a server that pages forever never finishes',
    );
  }

  // On stdio, what the child did explains most other symptoms (a closed connection, a timeout): report that first.
  const badLine = attempt.stdout?.firstBadLine;
  if (badLine !== undefined || attempt.stdout?.sawBlankLine) {
    const what = badLine === undefined ? "an empty line" : `something that is not a JSON-RPC message`;
    const quoted = badLine === undefined ? "" : `: ${attempt.secrets.quote(badLine, 120)}`;
    const npm =
      badLine !== undefined && /^> \S+@\S* /.test(badLine)
        ? "; that is npm's banner: run the server with node (e.g. node dist/server.js), or npm run --silent"
        : "";
    return fail(
      "input-unreadable",
      `${who} wrote ${what} to stdout${quoted}${npm}. An MCP stdio server must write only protocol messages to stdout (logs belong on stderr)`,
      "if the server prints a banner or logs to stdout, look for a quiet/stdio option, or wrap it so that its logs go to stderr",
    );
  }

  if (error instanceof PagingFault) return fail("input-shape", `${who}: ${error.message}`);
  if (error instanceof BrokenStream) {
    return fail(
      "input-shape",
      `${who} answered ${attempt.phase} with ${error.message}`,
      error.hint ??
        "the server's answer is not MCP's JSON-RPC; report it to the server's authors (a proxy between mcpgen and the server can also cut a stream off)",
    );
  }
  // Legacy HTTP+SSE: an error of the open event stream is that stream ending (the SDK's EventSource then opens a new
  // session, in which no answer to what was sent comes); before, one with neither a status nor a message is too (the
  // SDK's words: "SSE error: undefined").
  if (error instanceof sdk.SseError && (attempt.eventStreamOpen === true || (error.code === undefined && eventMessage(error) === undefined))) {
    const before = attempt.eventStreamOpen === true ? "the answer" : "it named the endpoint to post to";
    return fail("input-shape", `${who} answered ${attempt.phase} with an event stream that ended before ${before}`, CLOSED_STREAM_HINT);
  }
  if (isZodError(error)) {
    const issues = error.issues.slice(0, 3).map((issue) => `${issue.path.length === 0 ? "/" : `/${issue.path.map(String).join("/")}`}: ${issue.message}`);
    const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : "";
    return fail(
      "input-shape",
      `${who} answered ${attempt.phase} with a malformed result: ${issues.join("; ")}${more}`,
      "the answer does not match the MCP schema for this request; report it to the server's authors",
    );
  }
  if (error instanceof sdk.ProtocolError) {
    const supported = supportedVersions(error);
    return fail(
      "input-unreadable",
      `${who} answered ${attempt.phase} with an error: ${clip(message(error).replace(/^MCP error -?\d+: /, ""), 300)} (code ${error.code})`,
      supported === undefined
        ? undefined
        : `the server speaks ${supported.map((version) => clip(version, 40)).join(", ")}; mcpgen speaks 2026-07-28 and the 2025 revisions: upgrade mcpgen if the server is newer`,
    );
  }
  if (error instanceof sdk.SdkError && error.code === "ERA_NEGOTIATION_FAILED" && !(error instanceof sdk.SdkHttpError)) {
    return fail(
      "input-unreadable",
      `${who}: cannot settle a protocol revision during ${attempt.phase}: ${clip(message(error), 300)}`,
      "mcpgen speaks 2026-07-28 (server/discover) and the 2025 revisions (initialize); check that this is an MCP server",
    );
  }
  const unsupported = /protocol version is not supported: (.*)$/.exec(message(error));
  if (unsupported !== null) {
    return fail(
      "input-unreadable",
      `${who} answered initialize with protocol version ${attempt.secrets.quote(unsupported[1]!, 40)}, which the MCP SDK mcpgen uses does not support`,
      "upgrade mcpgen, or configure the server to offer an older protocol version",
    );
  }
  // Any other symptom (closed connection, broken pipe) of a child that went away is explained by its exit.
  if (attempt.exit !== undefined) {
    // By hand, in the user's shell, the server sees every variable; here only those mcpgen passed (MCP hosts do the same).
    const environment =
      attempt.environment === undefined ? "" : `; mcpgen started it with these environment variables only: ${[...attempt.environment].sort().join(", ")}`;
    return fail("input-unreadable", `${who} ${describeExit(attempt.exit)} before answering ${attempt.phase}${environment}`, earlyExitHint(attempt));
  }
  const spawnCode = errorCode(error);
  if (attempt.transport === "stdio" && spawnCode !== undefined && /^spawn/.test(String((error as { syscall?: unknown }).syscall ?? ""))) {
    const reason = spawnCode === "ENOENT" ? "command not found" : spawnCode === "EACCES" ? "permission denied" : message(error);
    return fail(
      "input-unreadable",
      `cannot start ${JSON.stringify(attempt.command ?? attempt.label)}: ${reason}`,
      spawnCode === "ENOENT" ? "check the command's spelling and that it is on PATH" : undefined,
    );
  }
  if (error instanceof DeadlineExceeded || (error instanceof sdk.SdkError && error.code === "REQUEST_TIMEOUT")) {
    // A stdio server silent on the server/discover probe gets the 2025 handshake next: say that it ignored both.
    const ignored = attempt.received === 0 && attempt.sent !== undefined && attempt.sent.length > 1 ? `${attempt.sent.join(" or ")}` : attempt.phase;
    // A server that answered, but never with the request's id: that is why no answer came.
    const stray = attempt.unrequested?.[0];
    if (stray !== undefined) {
      const more = attempt.unrequested!.length > 1 ? ` (and ${counted(attempt.unrequested!.length - 1, "answer")} more with ids never sent)` : "";
      const error = stray.error === undefined ? "" : `, an error: ${clip(stray.error, 200)}`;
      return fail(
        "input-unreadable",
        `${who} did not answer ${attempt.phase} within ${seconds(attempt.timeoutMs)}: it answered with the id ${clip(JSON.stringify(stray.id) ?? String(stray.id), 60)}, which mcpgen never sent${error}${more}`,
        "a JSON-RPC answer carries the id of the request it answers, and an answer with another id answers nothing; report it to the server's authors",
      );
    }
    return fail(
      "input-unreadable",
      `${who} did not answer ${ignored} within ${seconds(attempt.timeoutMs)}`,
      attempt.transport === "stdio"
        ? "raise --timeout if the server is only slow to start; a stdio server that waits for something else (a login, a prompt) never answers"
        : "raise --timeout if the server is only slow to answer; a proxy or load balancer in front of it may also hold the request",
    );
  }
  const status = httpStatus(error, sdk);
  if (status !== undefined) {
    if (status === 401 || status === 403) {
      return fail(
        "input-unreadable",
        `${who} refused ${attempt.phase} with HTTP ${status} ${status === 401 ? "Unauthorized" : "Forbidden"}`,
        'pass the credentials the server expects, e.g. --header "Authorization: Bearer $TOKEN"',
      );
    }
    return fail(
      "input-unreadable",
      `${who} answered ${attempt.phase} with HTTP ${status}${detail(error, clip)}`,
      sessionLost(error, attempt, sdk)
        ? "the server answered initialize on this URL, then no longer knew the session it began (it ended or forgot it: a restart, another replica behind a load balancer); run the command again"
        : httpStatusHint(status),
    );
  }
  // A URL that serves something else (a web page, a JSON API) answers with a body MCP's transports never send.
  if (error instanceof sdk.SdkError && error.code === "CLIENT_HTTP_UNEXPECTED_CONTENT") {
    const type = (error.data as { contentType?: unknown } | undefined)?.contentType;
    const shown = typeof type === "string" && type !== "" ? clip(type, 80) : "no content type";
    return fail(
      "input-unreadable",
      `${who} answered ${attempt.phase} with ${shown}, where an MCP server answers with JSON or an event stream`,
      "check that the URL is the server's MCP endpoint (often ending in /mcp, or /sse for a legacy server), not a web page or another API",
    );
  }
  const broken = malformedHttp(error, clip);
  if (broken !== undefined) {
    return fail(
      "input-unreadable",
      `${who} answered ${attempt.phase} with ${broken}`,
      "the server, or a proxy in front of it, sent an answer HTTP clients cannot read; report it to the server's authors",
    );
  }
  const network = networkReason(error, clip);
  if (network !== undefined) {
    return fail("input-unreadable", `cannot connect to ${who}: ${network}`, "check the URL and that the server is running");
  }
  if ((error instanceof sdk.SdkError && error.code === "CONNECTION_CLOSED") || error instanceof ServerExited) {
    return fail("input-unreadable", `${who} closed the connection before answering ${attempt.phase}`);
  }
  return fail("input-unreadable", `${who}: ${attempt.phase} failed: ${clip(message(error), 300)}`);
}

/**
 * Whether `error` is an HTTP 404 to a request, past `initialize`, that carried
 * the session the server began: it no longer knows that session (MCP 2025
 * "Session Management": over Streamable HTTP the client must then start a new
 * one). The same URL answered `initialize`, so its path is right.
 */
export function sessionLost(error: unknown, attempt: Attempt, sdk: SdkErrors): boolean {
  return attempt.inSession === true && attempt.phase !== "initialize" && httpStatus(error, sdk) === 404;
}

/** What to do about an HTTP status other than 401 and 403. */
function httpStatusHint(status: number): string {
  if (status >= 300 && status < 400) {
    return "the server redirects elsewhere; mcpgen follows a redirect only when it keeps the origin and the method (307, 308): pull the URL it names, if that is the server you mean";
  }
  if (status === 404 || status === 405 || status === 410) {
    return "check the URL's path: it must be the server's MCP endpoint (often ending in /mcp, or /sse for a legacy server)";
  }
  if (status >= 500) return "the server failed to answer: look at its logs, or try again later";
  return "check the URL, the --header values the server expects, and that this is an MCP endpoint";
}

/**
 * What to do about a stdio server that stopped before answering, by what its
 * stderr (or exit code) shows: a file or command that is not there (check
 * the path, which is relative to the directory it runs in), a module its own
 * code imports that is not there (install, build), else a variable it may
 * miss, as `passVariableHint` says.
 */
function earlyExitHint(attempt: Attempt): string {
  const stderr = attempt.stderr?.held ?? "";
  const server = attempt.server?.transport === "stdio" ? attempt.server : undefined;
  const where =
    server?.configEntry === undefined ? "the command" : `"command" and "args" of ${JSON.stringify(server.configEntry.name)} in ${server.configEntry.file}`;
  const from = `a relative path is resolved from ${server?.cwd ?? process.cwd()}, where the server runs${server?.configEntry === undefined ? "" : ` (the entry's "cwd" sets it)`}`;
  // Node's entry point (`requireStack: []`, nothing importing it), Python's script, a shell's command (exit code 127).
  const entryMissing =
    (/\bCannot find module '[^'\n]*'(?![^\n]* imported from )/.test(stderr) && /^\s*requireStack: \[\]/m.test(stderr)) ||
    /can't open file '[^'\n]*': \[Errno 2\]/.test(stderr);
  if (entryMissing) return `the server's file was not found: check the path in ${where}; ${from}`;
  if (attempt.exit?.code === 127 && /\bnot found\b|No such file or directory/.test(stderr)) {
    return `a command was not found: check its spelling in ${where} and that it is installed; ${from}`;
  }
  if (/\b(?:MODULE_NOT_FOUND|ERR_MODULE_NOT_FOUND)\b|^ModuleNotFoundError: /m.test(stderr)) {
    return "the server's code imports a module that is not there: install its dependencies (e.g. npm install in its directory), and build it if it is built (a missing dist/ file)";
  }
  return passVariableHint(attempt);
}

/** What to do about a stdio server that stopped: pass it the variable it may miss, the way its origin allows, or run it by hand. */
function passVariableHint(attempt: Attempt): string {
  const entry = attempt.server?.transport === "stdio" ? attempt.server.configEntry : undefined;
  const pass =
    entry === undefined
      ? "pass it with -e NAME (its value from your environment) or -e NAME=value"
      : `add it to the "env" of ${JSON.stringify(entry.name)} in ${entry.file} ("NAME": "\${NAME}" takes its value from your environment), or with --out pass -e NAME`;
  return `a variable of your shell reaches the server only when passed: if it needs one (a token, a setting), ${pass}; otherwise run the command by hand to see why it stops`;
}

function withStderr(code: DiagnosticCode, text: string, attempt: Attempt, hint: string | undefined): McpgenError {
  const tail = attempt.stderr?.excerpt(8, (line) => attempt.secrets.redact(line)) ?? [];
  const quoted = tail.length > 0 ? `. Its stderr ended with:\n${tail.map((line) => `  | ${line}`).join("\n")}` : "";
  // Server text came in through `clip` and `OutputTail.excerpt`, already printable; formatting the diagnostic makes the rest so.
  const redact = (value: string) => attempt.secrets.redact(value);
  return userError(code, redact(text + quoted), { hint: hint === undefined ? undefined : redact(hint) });
}

/** MCP 2026-07-28's `UnsupportedProtocolVersionError`. */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** The versions an `UnsupportedProtocolVersionError` says the server supports. */
function supportedVersions(error: { code: number; data?: unknown }): string[] | undefined {
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  return error.code === UNSUPPORTED_PROTOCOL_VERSION && Array.isArray(supported) && supported.every((version) => typeof version === "string")
    ? supported
    : undefined;
}

function isMcpgenError(error: unknown): error is McpgenError {
  return error instanceof Error && error.name === "McpgenError";
}

interface ZodLikeError {
  issues: Array<{ path: PropertyKey[]; message: string }>;
}

function isZodError(error: unknown): error is ZodLikeError {
  return error instanceof Error && Array.isArray((error as Partial<ZodLikeError>).issues);
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

function httpStatus(error: unknown, sdk: SdkErrors): number | undefined {
  if (error instanceof sdk.SdkHttpError) return typeof error.status === "number" && error.status >= 100 ? error.status : undefined;
  if (error instanceof sdk.SseError) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "number" && code >= 100 ? code : undefined;
  }
  // The legacy SSE transport reports a failed POST as a plain Error.
  const posted = /Error POSTing to endpoint \(HTTP (\d{3})\)/.exec(message(error));
  return posted === null ? undefined : Number(posted[1]);
}

/** The body excerpt a failed HTTP request carried, if any. */
function detail(error: unknown, clip: (text: string, max: number) => string): string {
  const text = message(error)
    .replace(/^(Streamable HTTP error|SSE error): /, "")
    .replace(/^Error POSTing to endpoint( \(HTTP \d{3}\))?: ?/, "")
    // The SDK's option, which mcpgen sets, not the user.
    .replace(/ \(redirectPolicy: '[\w-]+'\)$/, "")
    // The SDK's words for a status alone say nothing the status does not.
    .replace(/^(Non-200 status code \(\d{3}\)|Version negotiation failed: the server answered the probe with HTTP \d{3})$/, "");
  const shown = clip(text, 200);
  return shown === "" || shown === "null" ? "" : `: ${shown}`;
}

/** The message of the EventSource event an `SseError` carries, if any. */
function eventMessage(error: Error): unknown {
  return (error as { event?: { message?: unknown } }).event?.message;
}

/** `error` and its causes (fetch failures hide the reason there), a few deep. */
function withCauses(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/**
 * What was wrong with an HTTP answer that fetch could not read (it says only "terminated" or
 * "fetch failed", the reason in `cause`): a body that does not decompress as its
 * `Content-Encoding` says, or bytes that are not HTTP/1.1 (a broken chunk size). Undefined for
 * anything else.
 */
function malformedHttp(error: unknown, clip: (text: string, max: number) => string): string | undefined {
  for (const current of withCauses(error)) {
    const code = errorCode(current) ?? "";
    if (/^Z_/.test(code)) return `a body that does not decompress as its Content-Encoding says (${clip(message(current), 100)})`;
    if (/^HPE_/.test(code))
      return `bytes that are not HTTP/1.1 (${clip(message(current).replace(/^Response does not match the HTTP\/1\.1 protocol \((.*)\)$/, "$1"), 100)})`;
  }
  return undefined;
}

/**
 * Whether `error` is a connection the server (or something between) dropped
 * under a request: reset, or closed before an answer. On a pooled keep-alive
 * connection that the server closed as idle just as the request went out, the
 * same request on a new connection succeeds.
 */
export function connectionDropped(error: unknown): boolean {
  // The SDK's failed era negotiation (the server/discover probe) keeps what failed in `data.cause`.
  const probeCause = (error as { data?: { cause?: unknown } } | null)?.data?.cause;
  return [...withCauses(error), ...withCauses(probeCause)].some((current) => {
    const code = errorCode(current);
    return code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE";
  });
}

/** Plain words for a failed connection (fetch failures hide the reason in `cause`). */
export function networkReason(error: unknown, clip: (text: string, max: number) => string): string | undefined {
  for (const current of withCauses(error)) {
    const code = errorCode(current);
    if (code !== undefined && NETWORK_ERRORS[code] !== undefined) return `${NETWORK_ERRORS[code]} (${code})`;
    const named = Object.keys(NETWORK_ERRORS).find((key) => message(current).includes(key));
    if (named !== undefined) return `${NETWORK_ERRORS[named]} (${named})`;
  }
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return clip(message((error as { cause?: unknown }).cause ?? error), 200);
  return undefined;
}
