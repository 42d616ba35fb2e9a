/**
 * mcpgen server runtime, Streamable HTTP: copied verbatim into every scaffold
 * as `src/generated/server-http.ts`. A `node:http` front that checks `Host`
 * and `Origin`, bounds bodies and requests in flight, answers a malformed
 * `tools/call`, `prompts/get` or `resources/read` in words and checks
 * `Mcp-Param-*` headers, then hands each
 * request to its era: MCP 2026-07-28 to the SDK's `createMcpHandler` (no
 * sessions), the 2025 revisions to sessions of the SDK's Streamable HTTP
 * transport (bounded in number and idle time), through which a handler's
 * requests to the client travel. Imports only `@modelcontextprotocol/server`,
 * the runtime beside it and Node built-ins.
 */
import { randomUUID } from "node:crypto";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  legacyStatelessFallback,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import {
  errorMessage,
  firstLine,
  headerArgumentsOf,
  isJsonObject,
  malformedRequest,
  stderrLog,
  type HeaderArgument,
  type ProtocolEra,
  type RunningServer,
  type ServerFactory,
} from "./server-runtime.js";

export interface HttpOptions {
  /** Port to listen on (0 picks a free one). Default 3000. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1: reachable from this machine only. */
  host?: string;
  /** Endpoint path. Default `/mcp`. */
  path?: string;
  /**
   * Host names (without port) accepted in the `Host` and `Origin` headers, in
   * addition to localhost, 127.0.0.1 and [::1] (and the bound host, unless it
   * is a wildcard address). Everything else is refused: DNS-rebinding protection.
   */
  allowedHosts?: readonly string[];
  /**
   * Most requests served at once (default 1000). Each holds a server instance until it is
   * answered (a `subscriptions/listen` stream, until it closes); one more gets 503. The GET
   * stream of a 2025 session does not count: sessions have their own bound.
   */
  maxRequests?: number;
  /**
   * Most 2025 sessions open at once (default 1000; each holds an SDK `Server` and its
   * transport). At the limit, an `initialize` closes the least recently used idle session (no
   * request or stream open) to make room, or is refused with 503 when every session is in use.
   */
  maxSessions?: number;
  /** Seconds a 2025 session may stay idle (no request or stream open) before it is closed (default 1800; 0: never). */
  sessionIdleTimeout?: number;
  /**
   * No 2025 sessions: every 2025 request gets a server of its own, GET and DELETE get 405, and a
   * handler cannot ask a 2025 client anything over HTTP (for servers behind a load balancer
   * without session affinity). MCP 2026-07-28 has no sessions either way.
   */
  stateless?: boolean;
  /**
   * Serve this era alone (default: both, each request routed by its own). `"modern"`: every
   * request goes to the SDK's `createMcpHandler`, which refuses a 2025 one as a
   * 2026-07-28-only server does. `"legacy"`: every request goes to the 2025 sessions, which
   * answer a 2026-07-28 one as a 2025 server does (its `MCP-Protocol-Version` is not one
   * they support: 400); a client that probes (`server/discover`) falls back to `initialize`.
   */
  era?: ProtocolEra;
  /** Largest request body accepted, in bytes (default 4 MiB); a larger one gets 413. */
  maxBodyBytes?: number;
  /** Where the server's own diagnostics go (default: stderr). */
  log?: (message: string) => void;
}

export const DEFAULT_MAX_REQUESTS = 1000;
export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_SESSION_IDLE_TIMEOUT = 1800;
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * `serveHttp` options from the environment and the command line, as the
 * scaffold's `src/server.ts` documents them: PORT (default 3000), MCP_HOST
 * (default 127.0.0.1), MCP_ALLOWED_HOSTS (comma-separated), MCP_MAX_REQUESTS
 * (default 1000), MCP_MAX_SESSIONS (default 1000), MCP_SESSION_IDLE_TIMEOUT
 * (seconds, default 1800; 0 never closes idle sessions), MCP_STATELESS=1 or
 * --stateless. Empty values count as unset; a value that is not a number of
 * the expected kind throws.
 */
export function httpOptionsFromEnvironment(
  env: { readonly [name: string]: string | undefined },
  args: readonly string[] = [],
): HttpOptions {
  const port = (env["PORT"] ?? "").trim();
  if (port !== "" && !(/^\d{1,5}$/.test(port) && Number(port) <= 65535))
    throw new Error(
      `invalid PORT ${JSON.stringify(port)}: expected an integer from 0 to 65535`,
    );
  const host = (env["MCP_HOST"] ?? "").trim();
  const maxRequests = (env["MCP_MAX_REQUESTS"] ?? "").trim();
  if (maxRequests !== "" && !/^[1-9]\d{0,8}$/.test(maxRequests)) {
    throw new Error(
      `invalid MCP_MAX_REQUESTS ${JSON.stringify(maxRequests)}: expected a whole number of requests, at least 1`,
    );
  }
  const maxSessions = (env["MCP_MAX_SESSIONS"] ?? "").trim();
  if (maxSessions !== "" && !/^[1-9]\d{0,8}$/.test(maxSessions)) {
    throw new Error(
      `invalid MCP_MAX_SESSIONS ${JSON.stringify(maxSessions)}: expected a whole number of sessions, at least 1`,
    );
  }
  const idle = (env["MCP_SESSION_IDLE_TIMEOUT"] ?? "").trim();
  if (idle !== "" && !/^\d{1,9}(\.\d{1,3})?$/.test(idle)) {
    throw new Error(
      `invalid MCP_SESSION_IDLE_TIMEOUT ${JSON.stringify(idle)}: expected a number of seconds (0 never closes idle sessions)`,
    );
  }
  return {
    port: port === "" ? 3000 : Number(port),
    host: host === "" ? "127.0.0.1" : host,
    allowedHosts: (env["MCP_ALLOWED_HOSTS"] ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
    maxRequests:
      maxRequests === "" ? DEFAULT_MAX_REQUESTS : Number(maxRequests),
    maxSessions:
      maxSessions === "" ? DEFAULT_MAX_SESSIONS : Number(maxSessions),
    sessionIdleTimeout:
      idle === "" ? DEFAULT_SESSION_IDLE_TIMEOUT : Number(idle),
    stateless: args.includes("--stateless") || env["MCP_STATELESS"] === "1",
  };
}

export interface RunningHttpServer extends RunningServer {
  /** The endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  url: string;
  port: number;
}

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
/** The generic server error code for transport-level refusals. */
const FORBIDDEN = -32000;
/** MCP 2026-07-28 `HeaderMismatch`: the HTTP headers disagree with the body, or one is missing or malformed. */
const HEADER_MISMATCH = -32020;
const SESSION_NOT_FOUND = -32001;
/**
 * MCP 2025-11-25 "Session Management": a server MAY terminate a session at any time, and then
 * MUST answer requests carrying its ID with 404; the client MUST then start a new session.
 */
const SESSION_GONE =
  "Session not found: it was closed or expired; send initialize without an Mcp-Session-Id to start a new session";
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

const own = (object: object, key: string) =>
  Object.prototype.hasOwnProperty.call(object, key);

/** A 2025 session: the SDK transport it runs on and how to end it. */
interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  close(): Promise<void>;
  /** Requests and streams of this session still open (a GET stream stays open as long as the client listens). */
  active: number;
  /** When its last request or stream ended (or began, while one is open). */
  lastUsed: number;
}

/**
 * The open 2025 sessions, least recently used first, bounded in number and
 * idle time so that no client can make the server hold more than `limit` of
 * them. A session is idle while none of its requests or streams is open; only
 * idle sessions are closed, by age (`idleMs`) or to make room for a new one.
 */
class SessionTable {
  private readonly sessions = new Map<string, Session>();
  /** Sessions being initialized: counted against the limit before they have an ID. */
  private opening = 0;
  private readonly sweeper: ReturnType<typeof setInterval> | undefined;
  // Fields are declared, not constructor parameter properties, so Node's type stripping (erasableSyntaxOnly) can run this file.
  private readonly limit: number;
  private readonly idleMs: number;

  constructor(limit: number, idleMs: number) {
    this.limit = limit;
    this.idleMs = idleMs;
    if (idleMs > 0) {
      this.sweeper = setInterval(
        () => this.sweep(),
        Math.min(Math.max(idleMs / 2, 50), 30_000),
      );
      // The sweep alone never keeps the process alive.
      this.sweeper.unref();
    }
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  /** The session, marked in use until `res` closes; undefined when unknown or expired (then closed). */
  use(id: string, res: ServerResponse): Session | undefined {
    const session = this.sessions.get(id);
    if (session === undefined) return undefined;
    if (this.expired(session, Date.now())) {
      this.close(id, session);
      return undefined;
    }
    this.track(id, session, res);
    return session;
  }

  /** Registers a session once its `initialize` gave it an ID; `res` is that initialize's response. */
  add(
    id: string,
    session: Omit<Session, "active" | "lastUsed">,
    res: ServerResponse,
  ): void {
    this.track(id, { ...session, active: 0, lastUsed: Date.now() }, res);
  }

  /**
   * Reserves a place for a session about to initialize (`release` it once the initialize is
   * answered), closing the least recently used idle session when the table is full; false when
   * every session is in use.
   */
  reserve(): boolean {
    if (this.sessions.size + this.opening >= this.limit) {
      let evicted = false;
      for (const [id, session] of this.sessions) {
        if (session.active > 0) continue;
        this.close(id, session);
        evicted = true;
        break;
      }
      if (!evicted) return false;
    }
    this.opening++;
    return true;
  }

  release(): void {
    this.opening--;
  }

  /** Called when a transport closes (DELETE, eviction, server shutdown). */
  forget(
    id: string,
    transport: WebStandardStreamableHTTPServerTransport,
  ): void {
    if (this.sessions.get(id)?.transport === transport)
      this.sessions.delete(id);
  }

  /** Stops the sweep and closes every session. */
  async closeAll(): Promise<void> {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(
      open.map((session) => session.close().catch((): void => undefined)),
    );
  }

  private track(id: string, session: Session, res: ServerResponse): void {
    // Most recently used last: Map keeps insertion order.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    session.active++;
    session.lastUsed = Date.now();
    res.once("close", () => {
      session.active--;
      session.lastUsed = Date.now();
    });
  }

  private expired(session: Session, now: number): boolean {
    return (
      this.idleMs > 0 &&
      session.active === 0 &&
      now - session.lastUsed > this.idleMs
    );
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions)
      if (this.expired(session, now)) this.close(id, session);
  }

  private close(id: string, session: Session): void {
    this.sessions.delete(id);
    void session.close().catch((): void => undefined);
  }
}

function initializes(body: unknown): boolean {
  return Array.isArray(body)
    ? body.some((message) => isInitializeRequest(message))
    : isInitializeRequest(body);
}

/**
 * Serves MCP over Streamable HTTP at one endpoint, both eras: MCP 2026-07-28 through the SDK's
 * `createMcpHandler` (no sessions), the 2025 revisions in sessions (`initialize` opens one; its
 * requests, GET stream and DELETE carry its `Mcp-Session-Id`), so a handler can ask a 2025 client
 * for input. A 2025 request without a session, other than `initialize`, is served on its own
 * (statelessly). Binds to 127.0.0.1 by default and refuses requests whose `Host` or `Origin`
 * names another host (servers MUST validate `Origin`, SHOULD bind to localhost), so a web page
 * cannot reach it through DNS rebinding. Bodies are bounded (`maxBodyBytes`), so are requests in
 * flight (`maxRequests`) and sessions (`maxSessions`, `sessionIdleTimeout`). `era` serves one era alone.
 */
export async function serveHttp(
  create: ServerFactory,
  options: HttpOptions = {},
): Promise<RunningHttpServer> {
  const requestedPort = options.port ?? 3000;
  if (
    !Number.isInteger(requestedPort) ||
    requestedPort < 0 ||
    requestedPort > 65535
  ) {
    throw new Error(
      `invalid port ${JSON.stringify(String(options.port))}: expected an integer from 0 to 65535`,
    );
  }
  const host = options.host ?? "127.0.0.1";
  // An empty host would bind every interface, which nobody asks for by leaving a variable empty.
  if (host.trim() === "")
    throw new Error(
      'invalid host "": name an interface (127.0.0.1, ::1, 0.0.0.0 for every interface)',
    );
  const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
  if (!Number.isInteger(maxRequests) || maxRequests < 1)
    throw new Error(
      `invalid maxRequests ${JSON.stringify(String(options.maxRequests))}: expected a whole number, at least 1`,
    );
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  if (!Number.isInteger(maxSessions) || maxSessions < 1)
    throw new Error(
      `invalid maxSessions ${JSON.stringify(String(options.maxSessions))}: expected a whole number, at least 1`,
    );
  const idleSeconds =
    options.sessionIdleTimeout ?? DEFAULT_SESSION_IDLE_TIMEOUT;
  if (!(idleSeconds >= 0) || !Number.isFinite(idleSeconds))
    throw new Error(
      `invalid sessionIdleTimeout ${JSON.stringify(String(options.sessionIdleTimeout))}: expected a number of seconds, 0 or more`,
    );
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new Error(
      `invalid maxBodyBytes ${JSON.stringify(String(options.maxBodyBytes))}: expected a whole number of bytes, at least 1`,
    );
  const path = options.path ?? "/mcp";
  const log = options.log ?? stderrLog;
  const allowed = new Set([
    "localhost",
    "127.0.0.1",
    "[::1]",
    ...(options.allowedHosts ?? []).map((name) =>
      bracketed(name.toLowerCase()),
    ),
  ]);
  if (!WILDCARD_HOSTS.has(host)) allowed.add(bracketed(host.toLowerCase()));

  // One server made up front: a definition without a handler for every tool fails at start-up,
  // and its x-mcp-header arguments are known before any request reaches the SDK.
  const headerArguments = headerArgumentsOf(create());
  const onerror = (error: Error) => log(`MCP: ${firstLine(error.message)}`);
  const modern = createMcpHandler(() => create(), {
    legacy: "reject",
    maxRequestBodySize: maxBodyBytes,
    onerror,
  });
  const legacyStateless = legacyStatelessFallback(() => create(), onerror, {
    maxRequestBodySize: maxBodyBytes,
  });
  const sessions = new SessionTable(maxSessions, idleSeconds * 1000);
  let inFlight = 0;

  /** A 2025 request: to its session, to a new one (`initialize`), or served on its own. */
  const legacy = async (
    req: IncomingMessage,
    res: ServerResponse,
    request: Request,
    parsed: unknown,
  ): Promise<Response | undefined> => {
    const parsedBody = parsed !== undefined ? { parsedBody: parsed } : {};
    const sessionId = req.headers["mcp-session-id"];
    if (options.stateless || (sessionId === undefined && !initializes(parsed)))
      return legacyStateless(request, parsedBody);
    if (typeof sessionId === "string") {
      const session = sessions.use(sessionId, res);
      if (session === undefined) {
        sendJsonError(res, 404, SESSION_NOT_FOUND, SESSION_GONE);
        return undefined;
      }
      return session.transport.handleRequest(request, parsedBody);
    }
    if (!sessions.reserve()) {
      res.setHeader("retry-after", "5");
      sendJsonError(
        res,
        503,
        FORBIDDEN,
        `Service Unavailable: all ${maxSessions} sessions are in use; try again later`,
      );
      return undefined;
    }
    try {
      const server = create();
      const transport: WebStandardStreamableHTTPServerTransport =
        new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) =>
            sessions.add(id, { transport, close: closeSession }, res),
          onsessionclosed: (id) => sessions.forget(id, transport),
          maxRequestBodySize: maxBodyBytes,
        });
      const closeSession = async () => {
        await transport.close();
        await server.close();
      };
      transport.onclose = () => {
        if (transport.sessionId !== undefined)
          sessions.forget(transport.sessionId, transport);
      };
      await server.connect(transport);
      const response = await transport.handleRequest(request, parsedBody);
      // An initialize that failed leaves no session behind to hold on to.
      if (transport.sessionId === undefined) await closeSession();
      return response;
    } finally {
      sessions.release();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const hostHeader = req.headers.host;
    const hostName =
      hostHeader === undefined ? undefined : hostnameOf(hostHeader, false);
    if (hostName === undefined || !allowed.has(hostName)) {
      return sendJsonError(
        res,
        403,
        FORBIDDEN,
        `Forbidden: Host ${JSON.stringify(hostHeader ?? "")} is not allowed`,
      );
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const originName = hostnameOf(origin, true);
      if (originName === undefined || !allowed.has(originName)) {
        return sendJsonError(
          res,
          403,
          FORBIDDEN,
          `Forbidden: Origin ${JSON.stringify(origin)} is not allowed`,
        );
      }
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== path)
      return sendJsonError(res, 404, FORBIDDEN, "Not found");
    // A 2025 session's GET stream is bounded by the sessions, not by the requests in flight.
    const sessionId = req.headers["mcp-session-id"];
    const sessionStream =
      req.method === "GET" &&
      typeof sessionId === "string" &&
      sessions.has(sessionId);
    if (!sessionStream) {
      if (inFlight >= maxRequests) {
        res.setHeader("retry-after", "5");
        return sendJsonError(
          res,
          503,
          FORBIDDEN,
          `Service Unavailable: ${maxRequests} requests are in progress; try again later`,
        );
      }
      inFlight++;
      res.once("close", () => inFlight--);
    }

    let body: Buffer | undefined;
    let parsed: unknown;
    if (req.method === "POST") {
      const read = await readJson(req, maxBodyBytes);
      if (read.ok === false) {
        if ("aborted" in read) return void res.destroy();
        if (read.status === 413) res.setHeader("connection", "close");
        return sendJsonError(res, read.status, read.code, read.message);
      }
      body = read.bytes;
      parsed = read.value;
      const refusal = malformedRequest(parsed);
      if (refusal !== undefined) return sendJson(res, 200, refusal);
      // A 2025-only server knows no Mcp-Param headers: it refuses the request's revision instead.
      const mismatch =
        options.era === "legacy"
          ? undefined
          : toolCallHeaderMismatch(parsed, req, headerArguments);
      if (mismatch !== undefined)
        return sendJsonError(
          res,
          400,
          HEADER_MISMATCH,
          `Header mismatch: ${mismatch.message}`,
          mismatch.id,
        );
    }
    const aborted = new AbortController();
    res.once("close", () => aborted.abort());
    const request = webRequest(
      req,
      `http://${hostHeader}`,
      body,
      aborted.signal,
    );
    const legacyRequest =
      options.era === undefined
        ? await isLegacyRequest(request, parsed, {
            maxRequestBodySize: maxBodyBytes,
          })
        : options.era === "legacy";
    const response = legacyRequest
      ? await legacy(req, res, request, parsed)
      : await modern.fetch(
          request,
          body !== undefined ? { parsedBody: parsed } : {},
        );
    if (response !== undefined) await writeResponse(response, res);
  };

  const httpServer = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.destroyed) return;
      log(`HTTP request failed: ${firstLine(errorMessage(error))}`);
      sendJsonError(res, 500, INTERNAL_ERROR, "Internal server error");
    });
  });
  httpServer.on("clientError", answerClientError);
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error): void =>
      reject(listenFailure(error, host, requestedPort));
    httpServer.once("error", failed);
    httpServer.listen(requestedPort, host, () => {
      httpServer.off("error", failed);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const urlHost = WILDCARD_HOSTS.has(host) ? "127.0.0.1" : bracketed(host);
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    close: async () => {
      await sessions.closeAll();
      await modern.close().catch((): void => undefined);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** What to change where a port or host cannot be listened on. */
export type ListenRemedy =
  "another port" | "a port above 1023" | "a host address" | "a host name";

/** Why a port or host cannot be listened on, by the error's code (Node's `listen` and `getaddrinfo`), and what to change. */
const LISTEN_FAILURES: Readonly<
  Record<string, { why: string; remedy: ListenRemedy }>
> = {
  EADDRINUSE: {
    why: "the port is in use (by another server, or this one already running)",
    remedy: "another port",
  },
  EACCES: {
    why: "this user may not listen on that port",
    remedy: "a port above 1023",
  },
  EADDRNOTAVAIL: {
    why: "the address is not one of this machine's",
    remedy: "a host address",
  },
  ENOTFOUND: { why: "no such host", remedy: "a host name" },
};

/** What the scaffold's entry point tells to change, in its environment variables. */
const REMEDIES: Readonly<Record<ListenRemedy, string>> = {
  "another port": "give another port, e.g. PORT=3001, or PORT=0 for a free one",
  "a port above 1023":
    "give a port above 1023, e.g. PORT=3000, or PORT=0 for a free one",
  "a host address":
    "give MCP_HOST an address of this machine (default 127.0.0.1)",
  "a host name":
    "give MCP_HOST an address or name of this machine (default 127.0.0.1)",
};

/** Why `error` (of `listen`) means the port or host cannot be listened on, and what to change; undefined for any other error. */
export function listenFailureReason(
  error: unknown,
): { why: string; remedy: ListenRemedy } | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" &&
    Object.prototype.hasOwnProperty.call(LISTEN_FAILURES, code)
    ? LISTEN_FAILURES[code]
    : undefined;
}

/** `host:port` as a message names it, an IPv6 address in brackets. */
export function listenAddress(host: string, port: number): string {
  return `${bracketed(host)}:${port}`;
}

/**
 * A listen error in words, naming the host and port (Node's own says `listen EADDRINUSE: address
 * already in use 127.0.0.1:3000`); it keeps the error's `code`. Other errors as they are.
 */
export function listenFailure(error: Error, host: string, port: number): Error {
  const reason = listenFailureReason(error);
  if (reason === undefined) return error;
  return Object.assign(
    new Error(
      `cannot listen on ${listenAddress(host, port)}: ${reason.why}: ${REMEDIES[reason.remedy]}`,
      { cause: error },
    ),
    { code: (error as { code?: unknown }).code },
  );
}

function bracketed(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

/** The host name of a `Host` header or an origin, lower-cased, IPv6 in brackets; undefined when unparseable. */
function hostnameOf(value: string, isOrigin: boolean): string | undefined {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify(body));
}

/** How long a connection answered for a request Node could not parse may stay open for its client to read the answer. */
const CLIENT_ERROR_LINGER_MS = 5_000;

/**
 * A request Node cannot parse is answered as Node would answer it without a
 * listener (431 for headers past its limit, 408 for a request too slow to
 * arrive, else 400), with a JSON-RPC error saying why, and nothing printed: a
 * client that resets its connection is its own business. Headers past the
 * limit are what a long `x-mcp-header` argument makes (MCP 2026-07-28 mirrors
 * it into an `Mcp-Param-*` header); destroyed unanswered, its client saw only
 * a connection closed ("fetch failed").
 */
function answerClientError(
  error: Error & { code?: string },
  socket: Duplex,
): void {
  // As Node does: an answer only where no answer in flight on the connection has begun (keep-alive
  // connections carry earlier requests' answers).
  const inFlight = (
    socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null }
  )._httpMessage;
  if (
    error.code !== "ECONNRESET" &&
    socket.writable &&
    inFlight?.headersSent !== true
  ) {
    const [status, reason, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [
            431,
            "Request Header Fields Too Large",
            "Request header fields too large: the request's headers are more than this server reads (16 KiB unless it runs with node --max-http-header-size); a long value of an x-mcp-header argument, which travels in its Mcp-Param-* header too, is the usual cause",
          ]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout", "Request timeout"]
          : [400, "Bad Request", "Bad Request: the request is not valid HTTP"];
    const body = JSON.stringify({
      jsonrpc: "2.0",
      error: { code: INVALID_REQUEST, message },
      id: null,
    });
    // end(), not destroy(): closing with the rest of the request unread resets the connection, and
    // the client, still sending, would miss the answer. The client closes its side once answered.
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
    return;
  }
  socket.destroy();
}

function sendJsonError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
): void {
  sendJson(res, status, { jsonrpc: "2.0", error: { code, message }, id });
}

type BodyOutcome =
  | { ok: true; bytes: Buffer; value: unknown }
  | { ok: false; status: number; code: number; message: string }
  | { ok: false; aborted: true };

/** Reads a JSON body of at most `limit` bytes; `aborted` when the client went away before it ended. */
function readJson(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  return new Promise((resolveBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      resolveBody(outcome);
    };
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.pause();
        settle({
          ok: false,
          status: 413,
          code: INVALID_REQUEST,
          message: "Request body too large",
        });
        return;
      }
      chunks.push(chunk);
    });
    // A client that aborts mid-body is its own business: no error, no stack trace.
    req.on("error", () => settle({ ok: false, aborted: true }));
    req.on("aborted", () => settle({ ok: false, aborted: true }));
    req.on("close", () => {
      if (!req.complete) settle({ ok: false, aborted: true });
    });
    req.on("end", () => {
      const bytes = Buffer.concat(chunks);
      try {
        settle({ ok: true, bytes, value: JSON.parse(bytes.toString("utf8")) });
      } catch {
        settle({
          ok: false,
          status: 400,
          code: PARSE_ERROR,
          message: "Parse error: the body is not JSON",
        });
      }
    });
  });
}

/** A web-standard `Request` for `req`, with `body` already read; aborted when the client goes away. */
function webRequest(
  req: IncomingMessage,
  origin: string,
  body: Buffer | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      // A header the fetch API cannot carry (a forbidden character): the MCP layer never needs it.
    }
  }
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method ?? "GET",
    headers,
    signal,
    ...(body !== undefined ? { body: new Uint8Array(body) } : {}),
  });
}

/** Writes a web-standard `Response` to `res`, streaming its body; stops when the client goes away. */
async function writeResponse(
  response: Response,
  res: ServerResponse,
): Promise<void> {
  const headers: { [name: string]: string } = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // An event stream may wait long for its first event (a session's GET stream): its headers go now.
  if (headers["content-type"]?.startsWith("text/event-stream"))
    res.flushHeaders();
  const reader = response.body.getReader();
  const cancel = (): void => void reader.cancel().catch((): void => undefined);
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value))
        await new Promise<void>((resolveDrain) => {
          const resume = () => {
            res.off("drain", resume);
            res.off("close", resume);
            resolveDrain();
          };
          res.once("drain", resume);
          res.once("close", resume);
        });
      if (res.destroyed) break;
    }
  } catch {
    // The client went away mid-stream: nothing to answer.
  } finally {
    res.off("close", cancel);
    res.end();
  }
}

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A `Mcp-Param-*` header value as the client meant it; undefined when malformed. */
function decodeHeaderValue(value: string): string | undefined {
  const encoded = SENTINEL.exec(value);
  // A plain value that looks encoded is malformed: clients encode such a value too.
  if (encoded === null && value.startsWith("=?base64?") && value.endsWith("?="))
    return undefined;
  if (encoded === null) {
    // Visible ASCII, space and tab only (RFC 9110 field values), without leading or trailing space;
    // empty for an empty string (RFC 9110 allows an empty field value, and the SDK's server takes it).
    return /^([\x21-\x7e]([\x20\x21-\x7e\t]*[\x21-\x7e])?)?$/.test(value)
      ? value
      : undefined;
  }
  // Strict Base64 (RFC 4648, padded): Node's decoder would take missing padding and stray characters.
  const bytes = Buffer.from(encoded[1]!, "base64");
  if (bytes.toString("base64") !== encoded[1]) return undefined;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return Buffer.from(text, "utf8").equals(bytes) ? text : undefined;
}

/**
 * Why the `Mcp-Param-*` headers of a 2026-07-28 `tools/call` disagree with its arguments (MCP
 * "Server Behavior for Custom Headers": a present value needs its header, matching after decoding;
 * integers compare as numbers); undefined when they agree.
 */
function headerMismatch(
  declared: readonly HeaderArgument[],
  args: unknown,
  header: (name: string) => string | undefined,
): string | undefined {
  for (const argument of declared) {
    let value: unknown = args;
    for (const key of argument.path)
      value = isJsonObject(value) && own(value, key) ? value[key] : undefined;
    const name = `Mcp-Param-${argument.header}`;
    const sent = header(name);
    // A header with invalid characters is refused whatever the arguments carry, even where no header
    // is expected ("Servers MUST reject requests with a recognized Mcp-Param-{Name} header that
    // contains invalid characters").
    const decoded = sent === undefined ? undefined : decodeHeaderValue(sent);
    if (sent !== undefined && decoded === undefined)
      return `the ${name} header is not a valid header value`;
    if (value === undefined || value === null) continue;
    // A value no header carries (an object, an integer past 2^53, which clients leave out as the
    // SDK's does): the arguments' own fault, for their validation to answer (-32602).
    const carried =
      typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" &&
        Number.isFinite(value) &&
        (!Number.isInteger(value) || Number.isSafeInteger(value)));
    if (!carried) continue;
    // No header (one that does not decode was refused above).
    if (decoded === undefined)
      return `the ${name} header is missing, but the arguments carry ${argument.path.join(".")}`;
    // A number compares as a number from a plain decimal (42.0 is 42), else as the text clients send,
    // String(value) (5e-7), as the SDK's server does: Number() would also read 0x2a, 4.2e1, +42 and
    // " 42" as 42, so an intermediary that routes on the header would see another value.
    const matches =
      typeof value === "number"
        ? /^-?\d+(\.\d+)?$/.test(decoded)
          ? Number(decoded) === value
          : decoded === String(value)
        : decoded === String(value);
    if (!matches)
      return `the ${name} header does not match the argument ${argument.path.join(".")}`;
  }
  return undefined;
}

/**
 * For a 2026-07-28 `tools/call` of a tool with `x-mcp-header` arguments (MCP "Server Validation"):
 * why its `Mcp-Param-*` headers disagree with its arguments, with the request's id; undefined when
 * they agree or there is nothing to check. 2025-era requests carry no such headers.
 */
function toolCallHeaderMismatch(
  message: unknown,
  req: IncomingMessage,
  headerArguments: ReadonlyMap<string, readonly HeaderArgument[]>,
): { message: string; id: string | number | null } | undefined {
  if (!isJsonObject(message) || message["method"] !== "tools/call")
    return undefined;
  const params = message["params"];
  if (!isJsonObject(params) || typeof params["name"] !== "string")
    return undefined;
  const meta = params["_meta"];
  const modern =
    isJsonObject(meta) && own(meta, "io.modelcontextprotocol/protocolVersion");
  const declared = headerArguments.get(params["name"]);
  if (!modern || declared === undefined) return undefined;
  const mismatch = headerMismatch(declared, params["arguments"], (name) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : value;
  });
  if (mismatch === undefined) return undefined;
  const id = message["id"];
  return {
    message: mismatch,
    id: typeof id === "string" || typeof id === "number" ? id : null,
  };
}
