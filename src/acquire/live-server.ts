/**
 * Stage 1 (acquire) for live servers: connect with the official SDK v2
 * client, learn which protocol revision the server speaks, and page through
 * `tools/list`, then `prompts/list`, `resources/list` and
 * `resources/templates/list` where the server declares the capability. The
 * result is a `RawManifest`, the same thing a manifest file gives, carrying
 * the server's `serverInfo`, the revision spoken, capabilities, instructions
 * and the lists' cache hints. A list beside the tools that fails costs that
 * list (a `list-failed` warning), never the tools.
 *
 * The 2026-07-28 revision first (MCP 2026-07-28 "Versioning", backward
 * compatibility): the client probes with `server/discover`; a server that
 * answers is modern, and is listed statelessly with the per-request `_meta`.
 * One that answers as a 2025-era server (an error that is no modern error, an
 * HTTP 4xx without a modern error body, or silence on stdio) gets the 2025
 * `initialize` handshake instead. A stdio server that exits on the probe, as
 * some 2025-era servers do on any request before `initialize`, is started
 * again for the handshake. Over HTTP, when the 2025 `initialize` POST too is
 * refused with 400, 404 or 405, the legacy HTTP+SSE transport is tried (MCP
 * 2025-03-26 "Transports", backwards compatibility). The SDK is imported here,
 * lazily, so no other command pays for loading it.
 *
 * Whatever happens, the connection is closed and a child process is gone
 * (with whatever it started) before `acquireLiveServer` returns or throws;
 * and it returns or throws within the pull's deadline, having read no more
 * than the pull's budget from the server.
 */
import type { ChildProcess } from "node:child_process";
import type { Client, ProtocolError, Transport } from "@modelcontextprotocol/client";
import type { RawManifest } from "../ir/raw-manifest.js";
import type { Diagnostic } from "../shared/errors.js";
import type { OAuthSession } from "./oauth/session.js";
import type { OAuthOptions } from "./oauth/settings.js";
import { boundedFetch, DEFAULT_MAX_RESPONSE_BYTES, ResponseBudget } from "./bounded-fetch.js";
import type { FetchLike } from "./fetch-like.js";
import { OutputTail, StdoutWatch, stopChild } from "./child-process.js";
import { displayUrl, type Secrets } from "./sanitize.js";
import { withSdkWarnings } from "./sdk-warnings.js";
import { observeTransport, type Observed } from "./observe-transport.js";
import type { McpgenError } from "../shared/errors.js";
import {
  connectionDropped,
  DeadlineExceeded,
  describeServer,
  eventDataFault,
  sessionLost,
  explainFault,
  Interrupted,
  NonProtocolOutput,
  PagingFault,
  PullDeadlineExceeded,
  seconds,
  ServerExited,
  streamEndedFault,
  type Attempt,
  type SdkErrors,
} from "./server-faults.js";
import { getsLogin, type RemoteServerSpec, type ServerSpec, type StdioServerSpec, type TransportName } from "./server-spec.js";
import { counted } from "../shared/display.js";
import { isRecord } from "../shared/json.js";
import { mcpgenVersion } from "../shared/version.js";
import { SAMPLING_REFUSAL, SAMPLING_REJECTED, type ClientCapabilities } from "../shared/client-capabilities.js";

export type { FetchLike };

/** Pages of one list (`tools/list`, `prompts/list`, ...) followed before giving up on a server that never stops paging. */
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
  /** How long a stdio server may take to answer the `server/discover` probe before it is taken for a 2025-era server (default `STDIO_PROBE_TIMEOUT_MS`, or `timeoutMs` if shorter). */
  probeTimeoutMs?: number | undefined;
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  /** Stops the pull: the connection is closed and a child process stopped, then `interrupted` is thrown. */
  signal?: AbortSignal | undefined;
  /** How a remote server that asks for an OAuth login may get one (see `oauth/session.ts`); absent: a 401 is reported as it is. */
  oauth?: OAuthOptions | undefined;
  /** Environment for OAuth client credentials and `BROWSER` (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>> | undefined;
  /** The `fetch` of remote transports and their logins (default: the global one). */
  fetch?: FetchLike | undefined;
  /**
   * The client capabilities to declare (see `shared/client-capabilities.ts`; default none): in `initialize` on the
   * 2025 revisions, in each request's `_meta` envelope on 2026-07-28. A server's own requests for them are answered
   * as a client that only lists answers them (`answerServerRequests`).
   */
  clientCapabilities?: ClientCapabilities | undefined;
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
  /** `modern`: the 2026-07-28 revision or later, without a handshake; `legacy`: a 2025 revision, after `initialize`. */
  era: ProtocolEra;
  /** Pages of `tools/list`. */
  pages: number;
  /** Warnings about the conversation: a list beside the tools that failed (`list-failed`). */
  diagnostics: Diagnostic[];
}

/** The two families of protocol revisions (MCP 2026-07-28 "Versioning": modern and legacy). */
export type ProtocolEra = "modern" | "legacy";

/** How a connection settles its era: probe with `server/discover` and fall back (`auto`), or go straight to `initialize` (`legacy`). */
type Negotiation = "auto" | "legacy";

interface Sdk {
  Client: typeof Client;
  errors: SdkErrors;
  /** The capabilities every client of this pull declares. */
  clientCapabilities: ClientCapabilities;
  /** The SDK's own, to answer a server's request with an error. */
  ProtocolError: typeof ProtocolError;
}

/** One connected client. */
interface Connection {
  client: Client;
  /** The last answer as the server sent it (see `observeTransport`). */
  takeAnswer: () => Record<string, unknown> | undefined;
}

/**
 * What must be undone when the pull ends, newest first. A closer gets `fault`
 * true after a failure: then there is no point in a polite goodbye and a child
 * is killed at once. Closers run after the failure has been explained, so a
 * kill is never mistaken for the server exiting on its own.
 */
type Closer = (fault: boolean) => Promise<void>;

/**
 * Ends the connections opened since `closers[from]`, as after a fault (a
 * child is killed, not asked to leave), and forgets what they left behind:
 * a fault they raised, a child's exit. The attempt that follows starts clean.
 */
async function giveUp(closers: Closer[], from: number, watch: Watch, attempt: Attempt): Promise<void> {
  for (const close of closers.splice(from).reverse()) await close(true);
  watch.forgetFault();
  attempt.exit = undefined;
}

/**
 * Runs work against the deadlines (each request's, and the whole pull's) and
 * against faults that arrive out of band (the child exits, writes garbage to
 * stdout, the server sends more than the pull reads). A fault raised between
 * two requests fails the next one. `fetch` is the one the HTTP transports
 * use: it reads the server's answers through the pull's budget.
 */
class Watch {
  /** The work running now, each one's rejection: `mock --record` runs calls side by side, and a fault stops them all. */
  private readonly running = new Set<(error: unknown) => void>();
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

  /** Lifts the deadline of the whole pull: a session's calls are bounded each on its own. */
  endless(): void {
    this.endsAt = Infinity;
  }

  /** Forgets a fault raised by a connection that has been given up (a stdio server that exited on the era probe); an interruption stands. */
  forgetFault(): void {
    if (!(this.pending instanceof Interrupted)) this.pending = undefined;
  }

  fault(error: Error): void {
    if (this.running.size === 0) this.pending ??= error;
    for (const reject of this.running) reject(error);
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
    let rejectThis: ((error: unknown) => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      rejectThis = reject;
      this.running.add(reject);
      timer = setTimeout(
        () => reject(left < timeoutMs ? new PullDeadlineExceeded("max time") : new DeadlineExceeded("deadline")),
        Math.min(left, timeoutMs, LONGEST_TIMER_MS),
      );
    });
    try {
      return await Promise.race([work, stop]);
    } finally {
      clearTimeout(timer);
      this.running.delete(rejectThis!);
    }
  }
}

/**
 * The longest delay a timer takes (2^31 - 1 ms, almost 25 days): a longer one fires at once, with
 * a TimeoutOverflowWarning, so `--timeout 3000000` failed every pull at its first request.
 */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** `options` with the timeouts no longer than a timer takes (with the SDK's slack on top). */
export function withinTimerRange(options: LiveServerOptions): LiveServerOptions {
  const loginTimeoutMs = options.oauth?.loginTimeoutMs;
  return {
    ...options,
    timeoutMs: Math.min(options.timeoutMs, LONGEST_TIMER_MS - SDK_TIMEOUT_SLACK_MS),
    ...(options.oauth === undefined || loginTimeoutMs === undefined
      ? {}
      : { oauth: { ...options.oauth, loginTimeoutMs: Math.min(loginTimeoutMs, LONGEST_TIMER_MS) } }),
  };
}

/** Connects to `spec`, lists every tool, and disconnects. Throws `McpgenError` on any fault. */
export async function acquireLiveServer(spec: ServerSpec, options: LiveServerOptions): Promise<LiveServerResult> {
  const session = await connectLiveServer(spec, options);
  await session.close();
  return session.listed;
}

/** What a request on a live session gave (a tool call, a prompt, a resource read): the server's result as sent, or the JSON-RPC error it answered with. */
export type LiveCallOutcome = { kind: "result"; result: Record<string, unknown> } | { kind: "error"; code: number; message: string; data?: unknown };

/**
 * A live server that stays connected after its tools are listed (`mcpgen
 * mock --record` calls its tools, gets its prompts and reads its
 * resources). Each call is bounded by `timeoutMs` and
 * may read up to `maxResponseBytes`; the pull's `maxTimeMs` bounded only the
 * connection and the listing. A fault of the connection (the server exits,
 * writes garbage, a call times out) is thrown as the `McpgenError` a pull
 * would throw, and ends the session.
 */
export interface LiveSession {
  listed: LiveServerResult;
  /**
   * `tools/call`. `paramHeaders` are the call's `Mcp-Param-*` headers (its `x-mcp-header` arguments,
   * encoded): sent on a 2026-07-28 connection over HTTP, whose server checks them; never on the 2025 revisions.
   */
  callTool(name: string, args: Record<string, unknown>, paramHeaders?: Readonly<Record<string, string>>): Promise<LiveCallOutcome>;
  /** `prompts/get`, bounded as a tool call is. */
  getPrompt(name: string, args: Record<string, string>): Promise<LiveCallOutcome>;
  /** `resources/read`, bounded as a tool call is. */
  readResource(uri: string): Promise<LiveCallOutcome>;
  /** Closes the connection and stops a child process (with whatever it started). */
  close(): Promise<void>;
}

/**
 * Connects to `spec` and lists every tool, as `acquireLiveServer` does, and
 * keeps the connection for tool calls. Throws `McpgenError` on any fault,
 * having closed everything.
 */
export async function connectLiveServer(spec: ServerSpec, given: LiveServerOptions): Promise<LiveSession> {
  const options = withinTimerRange(given);
  const progress = (kind: ProgressEvent["kind"], message: string) => options.onProgress?.({ kind, message: options.secrets.redact(message) });
  // The SDK's warnings quote authorization servers' answers (a refused refresh token among them): masked, as progress.
  const sdkWarning = (warning: string) => progress("auth", `the MCP SDK warns: ${options.secrets.excerpt(warning, 500)}`);
  const session = await withSdkWarnings(sdkWarning, () => connectAndList(spec, options, progress));
  const inContext =
    <A extends unknown[]>(call: (...args: A) => Promise<LiveCallOutcome>) =>
    (...args: A) =>
      withSdkWarnings(sdkWarning, () => call(...args));
  return { ...session, callTool: inContext(session.callTool), getPrompt: inContext(session.getPrompt), readResource: inContext(session.readResource) };
}

async function connectAndList(
  spec: ServerSpec,
  options: LiveServerOptions,
  progress: (kind: ProgressEvent["kind"], message: string) => void,
): Promise<LiveSession> {
  const sdk = await loadSdk(options.clientCapabilities ?? {});
  const attempt: Attempt = {
    label: spec.label,
    server: spec,
    transport: spec.transport === "stdio" ? "stdio" : spec.transport === "sse" ? "sse" : "http",
    phase: spec.transport === "sse" ? "initialize" : "server/discover",
    timeoutMs: options.timeoutMs,
    secrets: options.secrets,
  };
  attempt.maxTimeMs = options.maxTimeMs ?? 4 * options.timeoutMs;
  const watch = new Watch(performance.now() + attempt.maxTimeMs, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, options.fetch);
  const closers: Closer[] = [];
  let oauth: OAuthSession | undefined;
  const interrupt = () => watch.fault(new Interrupted("interrupted"));
  options.signal?.addEventListener("abort", interrupt, { once: true });
  let closed = false;
  const closeAll = async (failed: boolean) => {
    if (closed) return;
    closed = true;
    options.signal?.removeEventListener("abort", interrupt);
    for (const close of closers.reverse()) await close(failed);
    await oauth?.close();
  };
  const explain = (error: unknown): McpgenError => {
    const who = describeServer(attempt);
    const login = error instanceof Interrupted ? undefined : oauth?.explain(error, who, attempt.phase);
    if (login !== undefined) return login;
    const fault = explainFault(error, attempt, sdk.errors);
    // Any other failure of a request that carried a cached login may be the server refusing that login in its own way.
    return oauth === undefined || error instanceof Interrupted ? fault : oauth.withCachedLoginHint(fault);
  };
  let listed: { result: LiveServerResult; client: Client };
  let listedAll = false;
  const probe: StdioProbe = {
    timeoutMs: Math.min(options.timeoutMs, options.probeTimeoutMs ?? STDIO_PROBE_TIMEOUT_MS),
    // A stdio server that shows itself a modern one once its probe was given up ends the attempt there and then (its
    // handshake, or the list under way), until it is listed: see ProbeAnsweredLate.
    onLateModern: () => {
      if (!listedAll) watch.fault(new ProbeAnsweredLate(probe.timeoutMs));
    },
  };
  let startedAgain = false;
  let newSession = false;
  let reconnected = false;
  const connect = () =>
    spec.transport === "stdio"
      ? connectStdio(spec, sdk, attempt, watch, closers, progress, probe).then((connection) => ({ connection, fellBack: false }))
      : connectRemote({
          spec,
          sdk,
          attempt,
          watch,
          closers,
          progress,
          remote: remoteInit(spec, oauth, watch.fetch),
          where: displayUrl(spec.url),
          negotiation: newSession ? "legacy" : "auto",
        });
  try {
    if (options.signal?.aborted) throw new Interrupted("interrupted");
    if (spec.transport !== "stdio") oauth = await openOAuth(spec, options, progress, watch.fetch);
    for (;;) {
      try {
        listed = await listServer(connect, spec, sdk, attempt, watch, progress, options);
        listedAll = true;
        break;
      } catch (error) {
        // MCP 2025 "Session Management": a 404 to a request that carried the session id means the server ended the
        // session, and the client MUST start a new one with a new initialize (no session id): once, listing from the start.
        if (!newSession && attempt.transport === "http" && sessionLost(error, attempt, sdk.errors)) {
          newSession = true;
          const phase = attempt.phase;
          await giveUp(closers, 0, watch, attempt);
          progress(
            "fallback",
            `${spec.label} no longer knew the session it began (HTTP 404 to ${phase}); starting a new session with the 2025 initialize, as the MCP spec has a client do`,
          );
          continue;
        }
        // A remote server's connection dropped under the listing (a pooled keep-alive connection the server closed as
        // idle just as it was reused: after a login's wait, or on a loaded machine): the listing is only reads, so once
        // more from the start, on a new connection.
        if (!reconnected && attempt.transport !== "stdio" && connectionDropped(error)) {
          reconnected = true;
          const phase = attempt.phase;
          await giveUp(closers, 0, watch, attempt);
          progress("fallback", `${spec.label} dropped the connection during ${phase}; connecting again, once`);
          continue;
        }
        if (error instanceof ProbeAnsweredLate) {
          // Slower than --timeout twice: say so, as for any server that does not answer in time.
          if (startedAgain) {
            attempt.phase = "server/discover";
            throw new DeadlineExceeded("deadline");
          }
          // A modern stdio server slow to start (the second start is often faster: npx has it now): once more, with the whole --timeout for the probe.
          startedAgain = true;
          await giveUp(closers, 0, watch, attempt);
          progress(
            "fallback",
            `${spec.label} answered the server/discover probe only after ${seconds(error.probeTimeoutMs)}, once the 2025 initialize had been sent (a modern server slow to start); starting it again, with ${seconds(options.timeoutMs)} (--timeout) for the probe`,
          );
          probe.timeoutMs = options.timeoutMs;
          continue;
        }
        if (oauth?.isLoginPending(error) !== true) throw error;
        // The transport sent the user off to log in: end this attempt, wait for the browser, then connect again with the token.
        await giveUp(closers, 0, watch, attempt);
        const phase = attempt.phase;
        attempt.phase = "login";
        await watch.waitForPerson(oauth.finishLogin(options.signal), oauth.loginTimeoutMs + attempt.timeoutMs);
        attempt.phase = phase;
      }
    }
  } catch (error) {
    const fault = explain(error);
    await closeAll(true);
    throw fault;
  }
  // From here on each call is bounded on its own: by the timeout, and by the budget, afresh for each call.
  watch.endless();
  let client = listed.client;
  let renewal: Promise<Client> | undefined;
  /**
   * MCP 2025 "Session Management": a 404 to a request that carried the session id means the server ended the session
   * (a restart, another replica); the client MUST start a new one with a new initialize (no session id). The calls that
   * found it lost wait for one new session, and go again on it.
   */
  const renewSession = (lost: Client, method: string): Promise<Client> => {
    if (client !== lost) return Promise.resolve(client);
    renewal ??= (async () => {
      newSession = true;
      await giveUp(closers, 0, watch, attempt);
      progress(
        "fallback",
        `${spec.label} no longer knew the session it began (HTTP 404 to ${method}); starting a new session with the 2025 initialize, as the MCP spec has a client do`,
      );
      client = (await connect()).connection.client;
      return client;
    })().finally(() => {
      renewal = undefined;
    });
    return renewal;
  };
  /** A fault of the session: explained, and everything closed. */
  const failed = async (error: unknown): Promise<McpgenError> => {
    const fault = explain(error);
    await closeAll(true);
    return fault;
  };
  const request = async (
    method: "tools/call" | "prompts/get" | "resources/read",
    params: Record<string, unknown>,
    paramHeaders: Readonly<Record<string, string>> = {},
  ): Promise<LiveCallOutcome> => {
    if (closed) throw explain(new ServerExited("closed"));
    // Once per call: a new session that forgets the call too is a fault, as in the listing.
    let renewed = false;
    for (;;) {
      let on = client;
      try {
        if (renewal !== undefined) on = await renewal;
        attempt.phase = method;
        watch.budget.renew();
        // The transport sends `headers` over HTTP alone (stdio has none).
        const headers = on.getProtocolEra() === "modern" && Object.keys(paramHeaders).length > 0 ? { headers: paramHeaders } : {};
        const result = await watch.run(
          on.request({ method, params } as Parameters<Client["request"]>[0], ANY_OBJECT, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS, ...headers }),
          attempt.timeoutMs,
        );
        return { kind: "result", result: result as Record<string, unknown> };
      } catch (error) {
        if (error instanceof sdk.errors.ProtocolError) {
          const { code, message, data } = error as unknown as { code: number; message: string; data?: unknown };
          return { kind: "error", code, message, ...(data === undefined ? {} : { data }) };
        }
        // The session lost; or, for a call in flight beside the one that found it lost, closed under it for the new one.
        const lost = sessionLost(error, attempt, sdk.errors) || on !== client || renewal !== undefined;
        if (renewed || closed || attempt.transport !== "http" || !lost) throw await failed(error);
        renewed = true;
        await renewSession(on, method).catch(async (failure: unknown) => {
          throw await failed(failure);
        });
      }
    }
  };
  return {
    listed: listed.result,
    close: () => closeAll(false),
    callTool: (name, args, paramHeaders) => request("tools/call", { name, arguments: args }, paramHeaders),
    getPrompt: (name, args) => request("prompts/get", { name, arguments: args }),
    readResource: (uri) => request("resources/read", { uri }),
  };
}

/**
 * Every tool. A server that declares no `tools` capability (prompts or
 * resources alone) need not have `tools/list` (MCP "Tools": servers that
 * support tools declare it): it is asked all the same, as some serve tools
 * without declaring them, and a protocol error from it means no tools.
 */
async function listTools(
  connection: Connection,
  declared: boolean,
  attempt: Attempt,
  watch: Watch,
  options: LiveServerOptions,
  sdk: Sdk,
): Promise<{ items: unknown[]; pages: number; cache: ListCacheHints | undefined }> {
  try {
    return await listAll(connection, LISTS.tools, attempt, watch, options);
  } catch (error) {
    if (declared || !(error instanceof sdk.errors.ProtocolError)) throw error;
    return { items: [], pages: 0, cache: undefined };
  }
}

/** Connects (`connect` settles the era), and lists every tool, prompt and resource: one attempt. */
async function listServer(
  connect: () => Promise<{ connection: Connection; fellBack: boolean }>,
  spec: ServerSpec,
  sdk: Sdk,
  attempt: Attempt,
  watch: Watch,
  progress: (kind: ProgressEvent["kind"], message: string) => void,
  options: LiveServerOptions,
): Promise<{ result: LiveServerResult; client: Client }> {
  const { connection, fellBack } = await connect();
  const { client } = connection;
  const era: ProtocolEra = client.getProtocolEra() === "modern" ? "modern" : "legacy";
  const protocolVersion = client.getNegotiatedProtocolVersion();
  const server = client.getServerVersion() as Record<string, unknown> | undefined;
  const name = typeof server?.["name"] === "string" ? options.secrets.excerpt(server["name"], 80) : "(unnamed)";
  const version = typeof server?.["version"] === "string" ? ` ${options.secrets.excerpt(server["version"], 40)}` : "";
  const how = era === "modern" ? "server/discover, no handshake" : "the 2025 initialize handshake";
  progress("initialized", `reached ${name}${version}: protocol ${protocolVersion ?? "unknown"} (${how})`);

  const capabilities = client.getServerCapabilities() as Record<string, unknown> | undefined;
  const declared = (capability: string) => capabilities !== undefined && capabilities[capability] !== undefined && capabilities[capability] !== null;
  const { items: tools, pages, cache } = await listTools(connection, declared("tools"), attempt, watch, options, sdk);
  const caches: NonNullable<RawManifest["cache"]> = cache === undefined ? {} : { "tools/list": cache };
  const diagnostics: Diagnostic[] = [];
  const surface: Pick<RawManifest, "prompts" | "resources" | "resourceTemplates"> = {};
  // MCP "Prompts", "Resources": a client lists them only from a server that declares the capability.
  for (const list of [LISTS.prompts, LISTS.resources, LISTS.resourceTemplates]) {
    if (!declared(list.capability)) continue;
    try {
      const listed = await listAll(connection, list, attempt, watch, options);
      surface[list.key] = listed.items;
      if (listed.cache !== undefined) caches[list.method] = listed.cache;
    } catch (error) {
      if (!costsOnlyTheList(error, sdk)) throw error;
      // The `resources` capability covers both lists; a server with no templates often has no such method (-32601 "method not found").
      if (list === LISTS.resourceTemplates && error instanceof sdk.errors.ProtocolError && error.code === METHOD_NOT_FOUND) {
        surface.resourceTemplates = [];
        continue;
      }
      diagnostics.push({
        severity: "warning",
        code: "list-failed",
        message: `${explainFault(error, attempt, sdk.errors).diagnostic.message}; the ${list.noun}s are left out of the snapshot and the output, the tools are not`,
        file: spec.label,
        hint: `run the pull again once the server lists its ${list.noun}s; --check then reports them as drift`,
      });
    }
  }
  const listedMore = [LISTS.prompts, LISTS.resources, LISTS.resourceTemplates]
    .filter((list) => surface[list.key] !== undefined)
    .map((list) => counted(surface[list.key]!.length, list.noun));
  progress("listed", `listed ${counted(tools.length, "tool")} in ${counted(pages, "page")}${listedMore.length === 0 ? "" : `, ${listedMore.join(", ")}`}`);
  const result: LiveServerResult = {
    manifest: {
      source: spec.label,
      toolsPointer: "/tools",
      tools,
      server,
      protocolVersion,
      capabilities,
      instructions: client.getInstructions(),
      ...(Object.keys(sdk.clientCapabilities).length === 0 ? {} : { clientCapabilities: sdk.clientCapabilities }),
      ...(Object.keys(caches).length === 0 ? {} : { cache: caches }),
      ...surface,
    },
    transport: attempt.transport,
    fellBack,
    era,
    pages,
    diagnostics,
  };
  return { result, client };
}

/** JSON-RPC's "method not found". */
const METHOD_NOT_FOUND = -32601;

/**
 * Whether a failure while listing prompts or resources costs only that list:
 * the server answered with an error or with a malformed page, or did not
 * answer in time. A fault of the conversation itself (the pull's limits, a
 * server that exited or wrote garbage, a closed connection, an interruption)
 * ends the pull, as it would during `tools/list`.
 */
function costsOnlyTheList(error: unknown, sdk: Sdk): boolean {
  if (error instanceof sdk.errors.ProtocolError || error instanceof PagingFault || error instanceof DeadlineExceeded) return true;
  if (error instanceof sdk.errors.SdkError && error.code === "REQUEST_TIMEOUT") return true;
  return error instanceof Error && Array.isArray((error as { issues?: unknown }).issues);
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
  if (options.oauth === undefined || !getsLogin(spec)) return undefined;
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

async function loadSdk(clientCapabilities: ClientCapabilities): Promise<Sdk> {
  const { Client, ProtocolError, SdkError, SdkHttpError, SseError, UnauthorizedError } = await import("@modelcontextprotocol/client");
  return {
    Client,
    clientCapabilities,
    ProtocolError,
    errors: {
      ProtocolError: ProtocolError as SdkErrors["ProtocolError"],
      SdkError: SdkError as SdkErrors["SdkError"],
      SdkHttpError: SdkHttpError as SdkErrors["SdkHttpError"],
      SseError: SseError as SdkErrors["SseError"],
      UnauthorizedError: UnauthorizedError as SdkErrors["UnauthorizedError"],
    },
  };
}

/** How long a stdio server may take to answer `server/discover` before it is taken for a 2025-era server that ignores it. */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

/**
 * The client mcpgen connects with, declaring the pull's client capabilities
 * (the SDK sends them in `initialize`, and in every request's `_meta` on
 * 2026-07-28). It never calls a tool, so it needs no
 * output-schema validator: the default one would compile every
 * `outputSchema` with Ajv while listing, and fail on dialects it lacks.
 * `auto` probes with `server/discover` first; `legacy` goes straight to
 * `initialize`.
 */
function newClient(sdk: Sdk, negotiation: Negotiation, probeTimeoutMs: number): Client {
  const client = new sdk.Client(
    { name: "mcpgen", version: mcpgenVersion() },
    {
      capabilities: sdk.clientCapabilities,
      jsonSchemaValidator: { getValidator: () => (input: unknown) => ({ valid: true, data: input as never, errorMessage: undefined }) },
      versionNegotiation: negotiation === "auto" ? { mode: "auto", probe: { timeoutMs: probeTimeoutMs } } : { mode: "legacy" },
    },
  );
  answerServerRequests(client, sdk);
  return client;
}

/**
 * A server may ask a client for what it declared: its roots once it is
 * initialized (server-everything does), a sampling or an elicitation while a
 * tool runs (`mock --record` calls tools). mcpgen has no roots, no model and
 * no user to ask, so it answers as such a client would: an empty list of
 * roots, a sampling refused as its user refusing it, an elicitation declined.
 * Only for the capabilities declared (the SDK refuses a handler for one that
 * is not; a request for it gets "method not found").
 */
function answerServerRequests(client: Client, sdk: Sdk): void {
  const declared = sdk.clientCapabilities;
  if (declared["roots"] !== undefined) client.setRequestHandler("roots/list", () => ({ roots: [] }));
  if (declared["sampling"] !== undefined) {
    client.setRequestHandler("sampling/createMessage", () => {
      throw new sdk.ProtocolError(SAMPLING_REJECTED, SAMPLING_REFUSAL);
    });
  }
  if (declared["elicitation"] !== undefined) client.setRequestHandler("elicitation/create", () => ({ action: "decline" as const }));
}

/**
 * Faults the watch when an HTTP transport cannot read the server's answer:
 * event data that is not a JSON-RPC message (the SDK reports it and goes on
 * waiting for an answer that never comes), or a request's event stream that
 * ends before its answer and that the SDK does not resume (it resumes one
 * whose events had ids, as the 2025 revisions allow; MCP 2026-07-28 has no
 * resuming at all): the SDK would wait for that answer until `--timeout`.
 */
function watchStream(transport: Transport, observed: Observed, watch: Watch, secrets: Secrets): void {
  transport.onerror = (error) => {
    const fault = eventDataFault(error, secrets);
    if (fault !== undefined && !watch.budget.exceeded) watch.fault(fault);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (!("method" in message) || !("id" in message)) return send(message, options);
    const { id } = message;
    const onRequestStreamEnd = () => {
      options?.onRequestStreamEnd?.();
      if (!observed.answered(id) && !watch.budget.exceeded) watch.fault(streamEndedFault());
    };
    return send(message, { ...options, onRequestStreamEnd });
  };
}

/** Extra time the SDK's own request timeout gets, so that mcpgen's deadline (with its clearer message) fires first. */
const SDK_TIMEOUT_SLACK_MS = 1000;

/** How a stdio server is probed for its era: how long the `server/discover` probe waits, and whom to tell when the server shows itself a modern one too late. */
interface StdioProbe {
  timeoutMs: number;
  onLateModern: () => void;
}

/**
 * A stdio server, on the 2026-07-28 revision when it answers the
 * `server/discover` probe, else after the 2025 handshake. A server that
 * exits on the probe (MCP 2026-07-28 "stdio", backward compatibility: some
 * 2025-era servers stop on any request before `initialize`) is started again
 * and initialized at once. One that refuses the 2025 handshake as a modern
 * server does, or answers the probe after all, only did not answer it in
 * time: `probe.onLateModern` is told (see `observeTransport`).
 */
async function connectStdio(
  spec: StdioServerSpec,
  sdk: Sdk,
  attempt: Attempt,
  watch: Watch,
  closers: Closer[],
  progress: (kind: ProgressEvent["kind"], message: string) => void,
  probe: StdioProbe,
): Promise<Connection> {
  progress("connecting", `starting ${spec.label} (stdio)`);
  const before = closers.length;
  try {
    return await startStdio(spec, sdk, attempt, watch, closers, probe);
  } catch (error) {
    if (error instanceof Interrupted || error instanceof PullDeadlineExceeded || watch.budget.exceeded) throw error;
    if (attempt.phase !== "server/discover" || attempt.exit === undefined) throw error;
    await giveUp(closers, before, watch, attempt);
    const connection = await startStdio(spec, sdk, attempt, watch, closers, "legacy");
    // Said once the handshake worked: a server that exits whatever it is sent is reported by its exit alone.
    progress("fallback", `${spec.label} exited on the server/discover probe (a 2025-era server); it was started again for the 2025 initialize handshake`);
    return connection;
  }
}

/**
 * A stdio server answered the `server/discover` probe only after it had been
 * given up for the 2025 handshake (it was slow to start: `npx -y` fetching it
 * on a first run), or refused that handshake as a modern server: it speaks
 * MCP 2026-07-28, and is started again with the whole `--timeout` for the
 * probe, so that the era it is pulled on does not depend on how fast it
 * started. Raised through the watch the moment the answer comes (during the
 * handshake, or a list if the server answers out of order), so that nothing
 * more is asked of the connection given up.
 */
class ProbeAnsweredLate extends Error {
  override readonly name = "ProbeAnsweredLate";
  constructor(readonly probeTimeoutMs: number) {
    super("the server answered server/discover after the probe was given up");
  }
}

async function startStdio(
  spec: StdioServerSpec,
  sdk: Sdk,
  attempt: Attempt,
  watch: Watch,
  closers: Closer[],
  probe: StdioProbe | "legacy",
): Promise<Connection> {
  const negotiation: Negotiation = probe === "legacy" ? "legacy" : "auto";
  const probeTimeoutMs = probe === "legacy" ? 0 : probe.timeoutMs;
  attempt.command = [spec.command, ...spec.args].join(" ");
  attempt.stderr = new OutputTail();
  attempt.stdout = new StdoutWatch();
  attempt.phase = negotiation === "auto" ? "server/discover" : "initialize";
  const { transport, child, stop } = await stdioTransport(spec, watch.budget, attempt);
  // Once this connection is being closed, its child's end is no fault (of a connection started after it, above all).
  let closing = false;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const started = child();
    started?.once("exit", (code, signal) => {
      if (!closing) attempt.exit = { code, signal };
    });
    // "close" comes after stdout and stderr are drained, so the quoted stderr is complete.
    started?.once("close", () => {
      if (!closing) watch.fault(new ServerExited("exited"));
    });
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
  const observed = observeTransport(transport, attempt, LIST_METHODS, probe === "legacy" ? undefined : probe.onLateModern);
  const client = newClient(sdk, negotiation, probeTimeoutMs);
  closers.push(async (fault) => {
    closing = true;
    if (fault) await stop();
    await client.close().catch(() => {});
    // After a clean close the child has been ended already; this makes sure of it (and of what it started).
    await stop();
  });
  // Silence on the probe means a 2025-era server (the handshake follows, with its own time): both fit in the deadline.
  await watch.run(client.connect(observed.transport, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS }), probeTimeoutMs + attempt.timeoutMs);
  return { client, takeAnswer: observed.takeAnswer };
}

/** A stdio transport, the child it runs, and how to stop that child for good. */
interface StdioChild {
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
async function stdioTransport(spec: StdioServerSpec, budget: ResponseBudget, attempt: Attempt): Promise<StdioChild> {
  const { getDefaultEnvironment, StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
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
  /** Streamable HTTP: probe with `server/discover` first (`auto`), or start a new 2025 session with `initialize` (`legacy`). */
  negotiation: Negotiation;
}

/**
 * Streamable HTTP, 2026-07-28 first: the SDK probes with `server/discover`
 * and falls back to the 2025 `initialize` when the server answers as a
 * 2025-era server. Legacy HTTP+SSE only when that `initialize` POST too is
 * refused with 400, 404 or 405: a server that answered `server/discover` as a
 * modern server never gets there, nor does a new session of a server that
 * answered `initialize` before (`negotiation` `legacy`).
 */
async function connectRemote(connect: RemoteConnect): Promise<{ connection: Connection; fellBack: boolean }> {
  const { spec, sdk, attempt, watch, closers, progress, remote, where, negotiation } = connect;
  if (spec.transport === "sse") return { connection: await connectSse(connect), fellBack: false };
  const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  progress("connecting", `connecting to ${where} (Streamable HTTP)`);
  attempt.phase = negotiation === "auto" ? "server/discover" : "initialize";
  const transport = new StreamableHTTPClientTransport(spec.url, remote);
  const observed = observeTransport(transport, attempt, LIST_METHODS);
  watchStream(transport, observed, watch, attempt.secrets);
  const client = newClient(sdk, negotiation, attempt.timeoutMs);
  try {
    await watch.run(client.connect(observed.transport, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS }), attempt.timeoutMs);
  } catch (error) {
    await client.close().catch(() => {});
    // During the server/discover probe the client holds no transport yet, so closing it leaves the probe (its timer, its
    // request) running until the probe's own timeout, and the process with it; closing the transport settles the probe.
    await transport.close().catch(() => {});
    const status = error instanceof sdk.errors.SdkHttpError ? (error as { status?: number }).status : undefined;
    if (spec.transport === "auto" && negotiation === "auto" && attempt.phase === "initialize" && status !== undefined && FALLBACK_STATUSES.has(status)) {
      progress(
        "fallback",
        `${where} answered server/discover and the 2025 initialize request as no Streamable HTTP server does (HTTP ${status}); trying the legacy HTTP+SSE transport`,
      );
      return { connection: await connectSse(connect), fellBack: true };
    }
    throw error;
  }
  closers.push(async (fault) => {
    // A 2025-era session is ended with DELETE (MCP "Session Management"): polite, never worth a hang. SDK v2's
    // close() only aborts; on 2026-07-28 there is no session and terminateSession sends nothing.
    if (!fault) {
      const grace = new Promise((resolve) => setTimeout(resolve, Math.min(attempt.timeoutMs, 2000)).unref());
      await Promise.race([transport.terminateSession().catch(() => {}), grace]);
    }
    await client.close().catch(() => {});
  });
  return { connection: { client, takeAnswer: observed.takeAnswer }, fellBack: false };
}

/** The legacy HTTP+SSE transport (MCP 2024-11-05): the 2025 handshake only, it has no other era. */
async function connectSse({ spec, sdk, attempt, watch, closers, progress, remote, where }: RemoteConnect): Promise<Connection> {
  const { SSEClientTransport } = await import("@modelcontextprotocol/client");
  attempt.transport = "sse";
  attempt.phase = "initialize";
  progress("connecting", `connecting to ${where} (legacy HTTP+SSE)`);
  const transport = new SSEClientTransport(spec.url, remote);
  const observed = observeTransport(transport, attempt, LIST_METHODS);
  // Open once the server has named the endpoint to post to; from then on its one event stream carries every answer.
  attempt.eventStreamOpen = false;
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    attempt.eventStreamOpen = true;
  };
  // The SDK reports event data it cannot read, and an error of the open stream (it ended), and goes on waiting: either is
  // the end of the conversation (explainFault says which). An error before it opened rejects the connection itself.
  transport.onerror = (error) => {
    if (watch.budget.exceeded) return;
    const fault = eventDataFault(error, attempt.secrets) ?? (attempt.eventStreamOpen && error instanceof sdk.errors.SseError ? error : undefined);
    if (fault !== undefined) watch.fault(fault);
  };
  const client = newClient(sdk, "legacy", attempt.timeoutMs);
  closers.push(async () => {
    await client.close().catch(() => {});
  });
  // Opening the event stream is not a request, so the SDK's timeout does not cover it; the watch's deadline does.
  await watch.run(client.connect(observed.transport, { timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS }), attempt.timeoutMs);
  return { client, takeAnswer: observed.takeAnswer };
}

/**
 * What a list's page, or a recorded `tools/call` answer, is read as: any
 * object, its fields kept as sent (a Standard Schema, which the SDK's
 * `request` takes in place of its own result schema). The SDK's
 * `ListToolsResult` schema refuses the whole list for one tool it rejects (an
 * inputSchema without `type: "object"`); the tools (and prompts, resources,
 * templates) are checked one by one when the manifest is normalised instead,
 * where a problem confined to one costs only that one. Its result schema
 * would drop fields a recording keeps.
 */
const ANY_OBJECT = {
  "~standard": {
    version: 1 as const,
    vendor: "mcpgen",
    validate: (value: unknown) => (isRecord(value) ? { value } : { issues: [{ message: "the result is not an object", path: [] }] }),
  },
};

/** The cache hints of a list's answer (MCP 2026-07-28 "Caching"), as the snapshot keeps them. */
export interface ListCacheHints {
  ttlMs?: number | undefined;
  cacheScope?: "public" | "private" | undefined;
}

/** A paged list of the server's: its method, the key of its items in a page, the capability it needs, and what an item is called. */
interface ListSpec {
  method: "tools/list" | "prompts/list" | "resources/list" | "resources/templates/list";
  key: "tools" | "prompts" | "resources" | "resourceTemplates";
  capability: string;
  noun: string;
}

const LISTS = {
  tools: { method: "tools/list", key: "tools", capability: "tools", noun: "tool" },
  prompts: { method: "prompts/list", key: "prompts", capability: "prompts", noun: "prompt" },
  resources: { method: "resources/list", key: "resources", capability: "resources", noun: "resource" },
  resourceTemplates: { method: "resources/templates/list", key: "resourceTemplates", capability: "resources", noun: "resource template" },
} as const satisfies Record<string, ListSpec>;

/** The list methods, which name their page in `attempt.phase` themselves. */
const LIST_METHODS: ReadonlySet<string> = new Set(Object.values(LISTS).map((list) => list.method));

/**
 * Follows `nextCursor` to the end (MCP "Pagination"), refusing a cursor seen
 * before and stopping at the page cap, each page within the pull's deadlines
 * and budget. Items are kept as sent; the first page's cache hints are kept.
 */
async function listAll(
  { client, takeAnswer }: Connection,
  list: ListSpec,
  attempt: Attempt,
  watch: Watch,
  options: LiveServerOptions,
): Promise<{ items: unknown[]; pages: number; cache: ListCacheHints | undefined }> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let cache: ListCacheHints | undefined;
  do {
    if (pages >= maxPages) {
      throw new PagingFault(`${list.method} was still paging after ${counted(maxPages, "page")} (${counted(items.length, list.noun)} so far); stopping`);
    }
    attempt.phase = pages === 0 ? list.method : `${list.method} (page ${pages + 1})`;
    const request = client.request({ method: list.method, params: cursor === undefined ? {} : { cursor } }, ANY_OBJECT, {
      timeout: attempt.timeoutMs + SDK_TIMEOUT_SLACK_MS,
    });
    takeAnswer();
    const page = (await watch.run(request, attempt.timeoutMs)) as Record<string, unknown>;
    pages++;
    const parsed = page[list.key];
    if (!Array.isArray(parsed)) throw new PagingFault(`answered ${attempt.phase} without a \`${list.key}\` array`);
    // The items as sent, once the SDK has read them (its reading may drop fields).
    const sent = takeAnswer();
    const sentItems = sent?.[list.key];
    items.push(...(Array.isArray(sentItems) && sentItems.length === parsed.length ? sentItems : parsed));
    if (pages === 1 && sent !== undefined) cache = cacheHints(sent);
    const next = page["nextCursor"];
    if (next !== undefined && typeof next !== "string") throw new PagingFault(`answered ${attempt.phase} with a nextCursor that is not a string`);
    cursor = next;
    if (cursor !== undefined) {
      if (seen.has(cursor)) {
        throw new PagingFault(
          `${list.method} returned the cursor ${attempt.secrets.quote(cursor, 60)} a second time (page ${pages}); following it would loop forever`,
        );
      }
      seen.add(cursor);
    }
  } while (cursor !== undefined);
  return { items, pages, cache };
}

/** `ttlMs` (a non-negative integer) and `cacheScope` (`public` or `private`) as sent; anything else is left out. */
function cacheHints(page: Record<string, unknown>): ListCacheHints | undefined {
  const ttl = page["ttlMs"];
  const scope = page["cacheScope"];
  const ttlMs = typeof ttl === "number" && Number.isSafeInteger(ttl) && ttl >= 0 ? ttl : undefined;
  const cacheScope = scope === "public" || scope === "private" ? scope : undefined;
  if (ttlMs === undefined && cacheScope === undefined) return undefined;
  return { ...(ttlMs === undefined ? {} : { ttlMs }), ...(cacheScope === undefined ? {} : { cacheScope }) };
}
