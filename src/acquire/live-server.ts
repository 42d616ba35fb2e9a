/**
 * Stage 1 (acquire) for live servers: connect with the official SDK client
 * (v1), initialize, and page through `tools/list`. The result is a
 * `RawManifest`, the same thing a manifest file gives, carrying the server's
 * `serverInfo`, negotiated protocol version, capabilities and instructions.
 *
 * The SDK offers its latest protocol version and accepts every older one it
 * supports (MCP "Lifecycle", version negotiation). A remote server is tried
 * with Streamable HTTP first; when the initialize POST fails with 400, 404 or
 * 405 the legacy HTTP+SSE transport is used instead (MCP 2025-03-26
 * "Transports", backwards compatibility). The SDK is imported here, lazily,
 * so no other command pays for loading it.
 *
 * Whatever happens, the connection is closed and a child process is gone
 * (with whatever it started) before `acquireLiveServer` returns or throws;
 * and it returns or throws within the pull's deadline, having read no more
 * than the pull's budget from the server.
 */
import type { ChildProcess } from "node:child_process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { PaginatedResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { RawManifest } from "../ir/raw-manifest.js";
import type { OAuthSession } from "./oauth/session.js";
import type { OAuthOptions } from "./oauth/settings.js";
import { boundedFetch, DEFAULT_MAX_RESPONSE_BYTES, ResponseBudget } from "./bounded-fetch.js";
import type { FetchLike } from "./fetch-like.js";
import { OutputTail, StdoutWatch, stopChild } from "./child-process.js";
import { displayUrl, type Secrets } from "./sanitize.js";
import {
  DeadlineExceeded,
  describeServer,
  explainFault,
  Interrupted,
  NonProtocolOutput,
  PagingFault,
  PullDeadlineExceeded,
  ServerExited,
  type Attempt,
  type SdkErrors,
} from "./server-faults.js";
import type { RemoteServerSpec, ServerSpec, StdioServerSpec, TransportName } from "./server-spec.js";
import { counted } from "../shared/display.js";
import { mcpgenVersion } from "../shared/version.js";

export type { FetchLike };

/** Pages of `tools/list` followed before giving up on a server that never stops paging. */
export const DEFAULT_MAX_PAGES = 500;

export interface LiveServerOptions {
  /** How long to wait for each answer (and for the connection), in milliseconds. */
  timeoutMs: number;
  /** How long the whole pull may take, in milliseconds (default: four times `timeoutMs`). */
  maxTimeMs?: number | undefined;
  /** The most the server may send during the pull, in bytes, after decompression (default 10 MB). */
  maxResponseBytes?: number | undefined;
  /** Secret values to keep out of every message. */
  secrets: Secrets;
  maxPages?: number | undefined;
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  /** Stops the pull: the connection is closed and a child process stopped, then `interrupted` is thrown. */
  signal?: AbortSignal | undefined;
  /** How a remote server that asks for an OAuth login may get one (see `oauth/session.ts`); absent: a 401 is reported as it is. */
  oauth?: OAuthOptions | undefined;
  /** Environment for OAuth client credentials and `BROWSER` (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>> | undefined;
  /** The `fetch` of remote transports and their logins (default: the global one). */
  fetch?: FetchLike | undefined;
}

/**
 * A progress line. Messages are redacted and printable. `login` lines carry
 * what the user must act on (the authorization URL) and are always shown.
 */
export interface ProgressEvent {
  kind: "connecting" | "fallback" | "initialized" | "listed" | "login" | "auth";
  message: string;
}

export interface LiveServerResult {
  /** The tools and server metadata; `source` is the server's label. */
  manifest: RawManifest;
  /** The transport that worked. */
  transport: TransportName;
  /** True when Streamable HTTP was refused and legacy SSE worked. */
  fellBack: boolean;
  pages: number;
}

interface Sdk {
  Client: typeof Client;
  errors: SdkErrors;
  /** What a `tools/list` page is parsed with: a result with an optional `nextCursor`, every other field kept as sent (see `listAllTools`). */
  pageSchema: typeof PaginatedResultSchema;
}

/** One initialized client. */
interface Connection {
  client: Client;
  protocolVersion: string | undefined;
  /** The `tools` of the last `tools/list` answer as the server sent them (see `observeTransport`). */
  takeToolsPage: () => unknown[] | undefined;
}

/**
 * What must be undone when the pull ends, newest first. A closer gets `fault`
 * true after a failure: then there is no point in a polite goodbye and a child
 * is killed at once. Closers run after the failure has been explained, so a
 * kill is never mistaken for the server exiting on its own.
 */
type Closer = (fault: boolean) => Promise<void>;

/**
 * Runs work against the deadlines (each request's, and the whole pull's) and
 * against faults that arrive out of band (the child exits, writes garbage to
 * stdout, the server sends more than the pull reads). A fault raised between
 * two requests fails the next one. `fetch` is the one the HTTP transports
 * use: it reads the server's answers through the pull's budget.
 */
class Watch {
  private rejectCurrent: ((error: unknown) => void) | undefined;
  private pending: unknown;
  readonly budget: ResponseBudget;
  readonly fetch: FetchLike;

  /** `endsAt`: when the whole pull must be over (a `performance.now()` time). */
  constructor(
    private endsAt: number,
    maxResponseBytes: number,
    base?: FetchLike,
  ) {
    this.budget = new ResponseBudget(maxResponseBytes, (error) => this.fault(error));
    this.fetch = boundedFetch(this.budget, base);
  }

  fault(error: Error): void {
    if (this.rejectCurrent !== undefined) this.rejectCurrent(error);
    else this.pending ??= error;
  }

  /**
   * Runs work that waits for a person (a browser login): bounded by its own
   * timeout only, and the pull's deadline moves on by the time it took, so
   * `--max-time` measures the server, not how long the user took to log in.
   */
  async waitForPerson<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
    const started = performance.now();
    const endsAt = this.endsAt;
    this.endsAt = Infinity;
    try {
      return await this.run(work, timeoutMs);
    } finally {
      this.endsAt = endsAt + (performance.now() - started);
    }
  }

  async run<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
    work.catch(() => {}); // it may lose the race; its rejection is then of no interest
    if (this.pending !== undefined) throw this.pending;
    const left = this.endsAt - performance.now();
    if (left <= 0) throw new PullDeadlineExceeded("max time");
    let timer: NodeJS.Timeout | undefined;
    const stop = new Promise<never>((_, reject) => {
      this.rejectCurrent = reject;
      timer = setTimeout(() => reject(left < timeoutMs ? new PullDeadlineExceeded("max time") : new DeadlineExceeded("deadline")), Math.min(left, timeoutMs));
    });
    try {
      return await Promise.race([work, stop]);
    } finally {
      clearTimeout(timer);
      this.rejectCurrent = undefined;
    }
  }
}

/** Connects to `spec`, lists every tool, and disconnects. Throws `McpgenError` on any fault. */
export async function acquireLiveServer(spec: ServerSpec, options: LiveServerOptions): Promise<LiveServerResult> {
  const sdk = await loadSdk(spec.transport !== "stdio");
  const progress = (kind: ProgressEvent["kind"], message: string) => options.onProgress?.({ kind, message: options.secrets.redact(message) });
  const attempt: Attempt = {
    label: spec.label,
    server: spec,
    transport: spec.transport === "stdio" ? "stdio" : spec.transport === "sse" ? "sse" : "http",
    phase: "initialize",
    timeoutMs: options.timeoutMs,
    secrets: options.secrets,
  };
  attempt.maxTimeMs = options.maxTimeMs ?? 4 * options.timeoutMs;
  const watch = new Watch(performance.now() + attempt.maxTimeMs, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, options.fetch);
  const closers: Closer[] = [];
  let failed = false;
  let oauth: OAuthSession | undefined;
  const interrupt = () => watch.fault(new Interrupted("interrupted"));
  options.signal?.addEventListener("abort", interrupt, { once: true });
  try {
    if (options.signal?.aborted) throw new Interrupted("interrupted");
    if (spec.transport !== "stdio") oauth = await openOAuth(spec, options, progress, watch.fetch);
    for (;;) {
      try {
        return await listServer(spec, sdk, attempt, watch, closers, progress, options, oauth);
      } catch (error) {
        if (oauth?.isLoginPending(error) !== true) throw error;
        // The transport sent the user off to log in: end this attempt, wait for the browser, then connect again with the token.
        for (const close of closers.splice(0).reverse()) await close(true);
        attempt.phase = "login";
        await watch.waitForPerson(oauth.finishLogin(options.signal), oauth.loginTimeoutMs + attempt.timeoutMs);
        attempt.phase = "initialize";
      }
    }
  } catch (error) {
    failed = true;
    const who = describeServer(attempt);
    throw (error instanceof Interrupted ? undefined : oauth?.explain(error, who, attempt.phase)) ?? explainFault(error, attempt, sdk.errors);
  } finally {
    options.signal?.removeEventListener("abort", interrupt);
    for (const close of closers.reverse()) await close(failed);
    await oauth?.close();
  }
}

/** Connects, initializes and lists every tool: one attempt. */
async function listServer(
  spec: ServerSpec,
  sdk: Sdk,
  attempt: Attempt,
  watch: Watch,
  closers: Closer[],
  progress: (kind: ProgressEvent["kind"], message: string) => void,
  options: LiveServerOptions,
  oauth: OAuthSession | undefined,
): Promise<LiveServerResult> {
  const { connection, fellBack } =
    spec.transport === "stdio"
      ? { connection: await connectStdio(spec, sdk, attempt, watch, closers, progress), fellBack: false }
      : await connectRemote({ spec, sdk, attempt, watch, closers, progress, remote: remoteInit(spec, oauth, watch.fetch), where: displayUrl(spec.url) });
  const { client, protocolVersion } = connection;
  const server = client.getServerVersion() as Record<string, unknown> | undefined;
  const name = typeof server?.["name"] === "string" ? options.secrets.excerpt(server["name"], 80) : "(unnamed)";
  const version = typeof server?.["version"] === "string" ? ` ${options.secrets.excerpt(server["version"], 40)}` : "";
  progress("initialized", `initialized ${name}${version}, protocol ${protocolVersion ?? "unknown"}`);

  const { tools, pages } = await listAllTools(connection, sdk.pageSchema, attempt, watch, options);
  progress("listed", `listed ${counted(tools.length, "tool")} in ${counted(pages, "page")}`);
  const capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
  return {
    manifest: {
      source: spec.label,
      toolsPointer: "/tools",
      tools,
      server,
      protocolVersion,
      capabilities,
      instructions: client.getInstructions(),
    },
    transport: attempt.transport,
    fellBack,
    pages,
  };
}

/** What the remote transports are built with: the headers, or (with OAuth) the auth provider and the session's fetch, which adds them. */
type RemoteInit = { requestInit: RequestInit; fetch?: FetchLike } | { authProvider: OAuthSession["provider"]; fetch: FetchLike };

function remoteInit(spec: RemoteServerSpec, oauth: OAuthSession | undefined, fetch: FetchLike | undefined): RemoteInit {
  if (oauth !== undefined) return { authProvider: oauth.provider, fetch: oauth.fetch };
  return { requestInit: { headers: spec.headers }, ...(fetch === undefined ? {} : { fetch }) };
}

/**
 * The OAuth session of a remote server, loaded only then. None when the
 * pull has no OAuth options, or when an `Authorization` header is given:
 * static credentials are what the user chose.
 */
async function openOAuth(
  spec: RemoteServerSpec,
  options: LiveServerOptions,
  progress: (kind: ProgressEvent["kind"], message: string) => void,
  fetch: FetchLike,
): Promise<OAuthSession | undefined> {
  if (options.oauth === undefined || Object.keys(spec.headers).some((name) => name.toLowerCase() === "authorization")) return undefined;
  const { OAuthSession } = await import("./oauth/session.js");
  return OAuthSession.open(spec, options.oauth, {
    secrets: options.secrets,
    environment: options.environment ?? process.env,
    progress,
    fetch,
    version: mcpgenVersion(),
    timeoutMs: options.timeoutMs,
  });
}

async function loadSdk(remote: boolean): Promise<Sdk> {
  const [{ Client }, { McpError, ErrorCode, PaginatedResultSchema }, streamable, sse] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    remote ? import("@modelcontextprotocol/sdk/client/streamableHttp.js") : undefined,
    remote ? import("@modelcontextprotocol/sdk/client/sse.js") : undefined,
  ]);
  return {
    Client,
    errors: {
      McpError: McpError as SdkErrors["McpError"],
      StreamableHTTPError: streamable?.StreamableHTTPError as SdkErrors["StreamableHTTPError"],
      SseError: sse?.SseError as SdkErrors["SseError"],
      requestTimeoutCode: ErrorCode.RequestTimeout,
    },
    pageSchema: PaginatedResultSchema,
  };
}

/**
 * The client mcpgen connects with. It never calls a tool, so it needs no
 * output-schema validator: the default one would compile every
 * `outputSchema` with Ajv while listing, and fail on dialects it lacks.
 */
function newClient(sdk: Sdk): Client {
  return new sdk.Client(
    { name: "mcpgen", version: mcpgenVersion() },
    { capabilities: {}, jsonSchemaValidator: { getValidator: () => (input: unknown) => ({ valid: true, data: input as never, errorMessage: undefined }) } },
  );
}

/** The SDK keeps the negotiated version to itself; it hands it to the transport, so listen there. */
/**
 * What mcpgen reads off the transport itself, installed before the SDK
 * client connects (the client chains a handler it finds). The negotiated
 * protocol version (SDK 1.x has no getter for it), and each `tools/list`
 * answer's tools as sent: the SDK's parse drops fields it does not know
 * (a newer spec's, a server's own), and the snapshot keeps the server's words.
 */
function observeTransport(transport: Transport): { protocolVersion: () => string | undefined; takeToolsPage: () => unknown[] | undefined } {
  let version: string | undefined;
  let toolsPage: unknown[] | undefined;
  const original = transport.setProtocolVersion?.bind(transport);
  transport.setProtocolVersion = (value: string) => {
    version = value;
    original?.(value);
  };
  transport.onmessage = (message) => {
    const result = (message as { result?: unknown }).result;
    const tools = typeof result === "object" && result !== null ? (result as { tools?: unknown }).tools : undefined;
    if ("id" in message && Array.isArray(tools)) toolsPage = tools;
  };
  return {
    protocolVersion: () => version,
    takeToolsPage: () => {
      const page = toolsPage;
      toolsPage = undefined;
      return page;
    },
  };
}

/** Extra time the SDK's own request timeout gets, so that mcpgen's deadline (with its clearer message) fires first. */
const SDK_TIMEOUT_SLACK_MS = 1000;

async function connectStdio(
  spec: StdioServerSpec,
  sdk: Sdk,
  attempt: Attempt,
  watch: Watch,
  closers: Closer[],
  progress: (kind: ProgressEvent["kind"], message: string) => void,
): Promise<Connection> {
  attempt.command = [spec.command, ...spec.args].join(" ");
  attempt.stderr = new OutputTail();
  attempt.stdout = new StdoutWatch();
  progress("connecting", `starting ${spec.label} (stdio)`);
  const { transport, child, stop } = await stdioTransport(spec, watch.budget, attempt);
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    child()?.once("exit", (code, signal) => {
      attempt.exit = { code, signal };
    });
    // "close" comes after stdout and stderr are drained, so the quoted stderr is complete.
    child()?.once("close", () => watch.fault(new ServerExited("exited")));
  };
  transport.onerror = (error) => {
    // Past the budget the server is being stopped for that; its cut-off line is no protocol fault.
    if (watch.budget.exceeded) return;
    // The SDK reports each stdout line it cannot parse as a message and carries on; per the spec that is fatal.
    if (error instanceof SyntaxError || Array.isArray((error as { issues?: unknown }).issues) || /ReadBuffer exceeded/.test(error.message)) {
      // Our own stdout listener runs after the SDK's; let it see this chunk first so that it can quote the line.
      setImmediate(() => {
        // A line that looked like a message but is not one the SDK accepts: quote that line, not the SDK's
        // complaint. (A blank line the SDK could not parse is reported as such, unless a worse line follows.)
        if (!(error instanceof SyntaxError && attempt.stdout!.sawBlankLine)) attempt.stdout!.firstBadLine ??= attempt.stdout!.lastLine ?? error.message;
        watch.fault(new NonProtocolOutput("non-protocol output"));
      });
    }
  };
  const observed = observeTransport(transport);
  const client = newClient(sdk);
  closers.push(async (fault) => {
    if (fault) await stop();
    await client.close().catch(() => {});
    // After a clean close the child has been ended already; this makes sure of it (and of what it started).
    await stop();
  });
  await watch.run(client.connect(transport, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS }), attempt.timeoutMs);
  return { client, protocolVersion: observed.protocolVersion(), takeToolsPage: observed.takeToolsPage };
}

/** A stdio transport, the child it runs, and how to stop that child for good. */
interface StdioConnection {
  transport: Transport;
  child: () => ChildProcess | undefined;
  stop: () => Promise<void>;
}

/**
 * mcpgen's own transport, whose server leads a process group (see
 * `ProcessGroupStdioTransport`). On Windows, which has no process groups, the
 * SDK's: it resolves `npx`-style command shims the way a shell would, and its
 * child is only reachable through a private field, there.
 */
async function stdioTransport(spec: StdioServerSpec, budget: ResponseBudget, attempt: Attempt): Promise<StdioConnection> {
  const { getDefaultEnvironment, StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
  const env = { ...getDefaultEnvironment(), ...spec.env };
  attempt.environment = Object.keys(env);
  if (process.platform !== "win32") {
    const { ProcessGroupStdioTransport } = await import("./stdio-transport.js");
    const transport = await ProcessGroupStdioTransport.create({
      command: spec.command,
      args: spec.args,
      env,
      cwd: spec.cwd,
      budget,
      onStdout: (chunk) => attempt.stdout!.push(chunk),
      onStderr: (chunk) => attempt.stderr!.push(chunk),
    });
    return { transport, child: () => transport.child, stop: () => transport.stop() };
  }
  const transport = new StdioClientTransport({
    command: spec.command,
    args: spec.args,
    env,
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    stderr: "pipe",
    maxBufferSize: budget.limit,
  });
  transport.stderr?.on("data", (chunk: Buffer) => attempt.stderr!.push(chunk));
  const child = () => {
    const spawned = (transport as unknown as { _process?: unknown })._process;
    return typeof spawned === "object" && spawned !== null && typeof (spawned as ChildProcess).kill === "function" ? (spawned as ChildProcess) : undefined;
  };
  let running: ChildProcess | undefined;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    running = child();
    running?.stdout?.on("data", (chunk: Buffer) => {
      if (budget.take(chunk.length)) attempt.stdout!.push(chunk);
    });
  };
  return { transport, child: () => running, stop: () => stopChild(running) };
}

/** HTTP statuses that mean "no Streamable HTTP here" (MCP 2025-03-26, backwards compatibility). */
const FALLBACK_STATUSES = new Set([400, 404, 405]);

/** What connecting to a remote server takes, over either transport. */
interface RemoteConnect {
  spec: RemoteServerSpec;
  sdk: Sdk;
  attempt: Attempt;
  watch: Watch;
  closers: Closer[];
  progress: (kind: ProgressEvent["kind"], message: string) => void;
  remote: RemoteInit;
  /** The server's URL as shown (never a secret). */
  where: string;
}

async function connectRemote(connect: RemoteConnect): Promise<{ connection: Connection; fellBack: boolean }> {
  const { spec, sdk, attempt, watch, closers, progress, remote, where } = connect;
  if (spec.transport === "sse") return { connection: await connectSse(connect), fellBack: false };
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
  progress("connecting", `connecting to ${where} (Streamable HTTP)`);
  const transport = new StreamableHTTPClientTransport(spec.url, remote);
  const observed = observeTransport(transport);
  const client = newClient(sdk);
  try {
    await watch.run(client.connect(transport, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS }), attempt.timeoutMs);
  } catch (error) {
    await client.close().catch(() => {});
    const status = sdk.errors.StreamableHTTPError !== undefined && error instanceof sdk.errors.StreamableHTTPError ? error.code : undefined;
    if (spec.transport === "auto" && status !== undefined && FALLBACK_STATUSES.has(status)) {
      progress("fallback", `${where} refused the Streamable HTTP initialize request (HTTP ${status}); falling back to the legacy HTTP+SSE transport`);
      return { connection: await connectSse(connect), fellBack: true };
    }
    throw error;
  }
  closers.push(async (fault) => {
    // Ending the session is polite (MCP "Session Management"), but never worth a hang.
    if (!fault) {
      const grace = new Promise((resolve) => setTimeout(resolve, Math.min(attempt.timeoutMs, 2000)).unref());
      await Promise.race([transport.terminateSession().catch(() => {}), grace]);
    }
    await client.close().catch(() => {});
  });
  return { connection: { client, protocolVersion: observed.protocolVersion(), takeToolsPage: observed.takeToolsPage }, fellBack: false };
}

async function connectSse({ spec, sdk, attempt, watch, closers, progress, remote, where }: RemoteConnect): Promise<Connection> {
  const { SSEClientTransport } = await import("@modelcontextprotocol/sdk/client/sse.js");
  attempt.transport = "sse";
  progress("connecting", `connecting to ${where} (legacy HTTP+SSE)`);
  const transport = new SSEClientTransport(spec.url, remote);
  const observed = observeTransport(transport);
  const client = newClient(sdk);
  closers.push(async () => {
    await client.close().catch(() => {});
  });
  // Opening the event stream is not a request, so the SDK's timeout does not cover it; the watch's deadline does.
  await watch.run(client.connect(transport, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS }), attempt.timeoutMs);
  return { client, protocolVersion: observed.protocolVersion(), takeToolsPage: observed.takeToolsPage };
}

/**
 * Follows `nextCursor` to the end (MCP "Pagination"), refusing a cursor seen before and stopping at the page cap.
 * Each page is parsed as a paginated result, not with the SDK's `listTools` schema, which refuses the whole
 * list for one tool it rejects (an inputSchema without `type: "object"`): the tools are checked one by one
 * when the manifest is normalised, where a problem confined to one tool costs only that tool.
 */
async function listAllTools(
  { client, takeToolsPage }: Connection,
  pageSchema: Sdk["pageSchema"],
  attempt: Attempt,
  watch: Watch,
  options: LiveServerOptions,
): Promise<{ tools: unknown[]; pages: number }> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    if (pages >= maxPages) {
      throw new PagingFault(`tools/list was still paging after ${counted(maxPages, "page")} (${counted(tools.length, "tool")} so far); stopping`);
    }
    attempt.phase = pages === 0 ? "tools/list" : `tools/list (page ${pages + 1})`;
    const request = client.request({ method: "tools/list", ...(cursor === undefined ? {} : { params: { cursor } }) }, pageSchema, {
      timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS,
    });
    takeToolsPage();
    const page = await watch.run(request, attempt.timeoutMs);
    pages++;
    if (!Array.isArray(page["tools"])) throw new PagingFault(`answered ${attempt.phase} without a \`tools\` array`);
    // The tools as sent, once the SDK has checked them (its parse is a subset of them, in its own key order).
    const sent = takeToolsPage();
    const parsed = page["tools"] as unknown[];
    tools.push(...(sent !== undefined && sent.length === parsed.length ? sent : parsed));
    cursor = page.nextCursor;
    if (cursor !== undefined) {
      if (seen.has(cursor)) {
        throw new PagingFault(
          `tools/list returned the cursor ${attempt.secrets.quote(cursor, 60)} a second time (page ${pages}); following it would loop forever`,
        );
      }
      seen.add(cursor);
    }
  } while (cursor !== undefined);
  return { tools, pages };
}
