/**
 * mcpgen server runtime, input requests: copied verbatim into every scaffold
 * as `src/generated/server-input.ts`. What a handler asks the client for
 * while it runs (`context.sample`, `context.elicit`, `context.listRoots`), the
 * same calls on both protocol eras:
 *
 * - on the 2025 revisions, requests from the server to the client
 *   (`sampling/createMessage`, `elicitation/create`, `roots/list`) over a
 *   connection that can carry them back (stdio, an HTTP session);
 * - on MCP 2026-07-28, multi round-trip requests ("mrtr"): an ask the client
 *   has not answered yet ends the round with an `input_required` result
 *   carrying it; the client answers and sends the call again, and the
 *   handler runs again from its start, every ask answered so far returning
 *   its answer at once. What earlier rounds learned travels in
 *   `requestState`, signed (HMAC-SHA256, the SDK's codec) and bound to the
 *   call.
 *
 * Imports only `@modelcontextprotocol/server` and Node built-ins.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  createRequestStateCodec,
  fromJsonSchema,
  inputRequired,
  inputResponse,
  MissingRequiredClientCapabilityError,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type ElicitRequestURLParams,
  type ElicitResult,
  type InputRequest,
  type InputRequiredResult,
  type InputResponseView,
  type ListRootsResult,
  type RequestStateCodec,
  type ServerContext,
} from "@modelcontextprotocol/server";

/** How one ask is made. */
export interface AskOptions {
  /**
   * The 2025 revisions: how long to wait for the client's answer, in milliseconds (the SDK's
   * default otherwise). On 2026-07-28 the client answers in a later round, in its own time.
   */
  timeout?: number;
  /**
   * MCP 2026-07-28: this request's key in the result's `inputRequests` (and in the client's
   * `inputResponses`). By default the ask's place in the call: `elicit-1`, `sample-2`, `roots-3`...
   */
  key?: string;
}

/** What a handler may ask the client for; each is undefined where no answer can come back. */
export interface InputAsks {
  /** `sampling/createMessage`: a completion from the client's model (clients with the `sampling` capability). */
  readonly sample:
    | ((
        params: CreateMessageRequestParams,
        options?: AskOptions,
      ) => Promise<CreateMessageResult | CreateMessageResultWithTools>)
    | undefined;
  /** `elicitation/create`: input from the user, in a form or at a URL (clients with the `elicitation` capability). */
  readonly elicit:
    | ((
        params: ElicitRequestFormParams | ElicitRequestURLParams,
        options?: AskOptions,
      ) => Promise<ElicitResult>)
    | undefined;
  /** `roots/list`: the directories and files the client exposes (clients with the `roots` capability). */
  readonly listRoots:
    ((options?: AskOptions) => Promise<ListRootsResult>) | undefined;
}

export const NO_ASKS: InputAsks = {
  sample: undefined,
  elicit: undefined,
  listRoots: undefined,
};

/**
 * The 2025 revisions: asks sent to the client as requests of their own, related to the call (so
 * an HTTP session carries them on the call's stream). `capabilities` are those the client declared
 * in `initialize` on this connection; undefined where there was none (a 2025 HTTP request served
 * without a session), where nothing can reach the client.
 */
export function pushedAsks(
  ctx: ServerContext,
  capabilities: ClientCapabilities | undefined,
): InputAsks {
  if (capabilities === undefined) return NO_ASKS;
  const related = (options: AskOptions | undefined) => ({
    signal: ctx.mcpReq.signal,
    ...(options?.timeout !== undefined ? { timeout: options.timeout } : {}),
  });
  return {
    sample: capabilities.sampling
      ? (params, options) =>
          ctx.mcpReq.requestSampling(params, related(options))
      : undefined,
    elicit: capabilities.elicitation
      ? (params, options) => ctx.mcpReq.elicitInput(params, related(options))
      : undefined,
    listRoots: capabilities.roots
      ? (options) => ctx.mcpReq.send({ method: "roots/list" }, related(options))
      : undefined,
  };
}

/** An answer learned in an earlier round: the fingerprint of the request it answers, and the client's answer. */
interface RecordedAnswer {
  asked: string;
  answer: unknown;
}

/** The `requestState` payload (signed, not encrypted: the client can read it). */
export interface RoundState {
  /** Digest of the call the rounds belong to (method, name, arguments). */
  call: string;
  /** Answers learned so far, by key. */
  answers: { [key: string]: RecordedAnswer };
  /** What the last round asked, by key: the fingerprint of each request. */
  asked: { [key: string]: string };
}

/** Minutes a `requestState` stays valid: the time a user has to answer before the call must start over. */
const REQUEST_STATE_TTL_SECONDS = 15 * 60;
const codecs = new Map<string, RequestStateCodec<RoundState>>();

/**
 * The codec that signs and checks `requestState`, one per key. Without `key`, a random key made once
 * per process: enough when one process serves every round of a call (stdio, one HTTP server); servers
 * behind a load balancer share a key of at least 32 bytes.
 */
export function requestStateCodec(
  key?: string | Uint8Array,
): RequestStateCodec<RoundState> {
  const bytes =
    key === undefined
      ? undefined
      : typeof key === "string"
        ? Buffer.from(key, "utf8")
        : Buffer.from(key);
  if (bytes !== undefined && bytes.length < 32)
    throw new Error(
      `invalid requestStateKey: ${bytes.length} bytes; use at least 32 (for example 64 hex digits from openssl rand -hex 32)`,
    );
  const id = bytes === undefined ? "" : digest(bytes.toString("base64"));
  let codec = codecs.get(id);
  if (codec === undefined) {
    codec = createRequestStateCodec<RoundState>({
      key: bytes ?? randomBytes(32),
      ttlSeconds: REQUEST_STATE_TTL_SECONDS,
    });
    codecs.set(id, codec);
  }
  return codec;
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/** JSON with object keys sorted, so the same value always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as { [key: string]: unknown })[key] !== undefined)
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson((value as { [key: string]: unknown })[key])}`,
      );
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The identity of one call, which its `requestState` is bound to: the method, the name and the arguments. */
export function callDigest(
  method: string,
  name: string,
  args: unknown,
): string {
  return digest(canonicalJson([method, name, args]));
}

const isRecord = (value: unknown): value is { [key: string]: unknown } =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function isRoundState(value: unknown): value is RoundState {
  if (!isRecord(value) || typeof value["call"] !== "string") return false;
  const { answers, asked } = value;
  return (
    isRecord(answers) &&
    Object.values(answers).every(
      (entry) => isRecord(entry) && typeof entry["asked"] === "string",
    ) &&
    isRecord(asked) &&
    Object.values(asked).every((entry) => typeof entry === "string")
  );
}

/** -32602, as the SDK answers a `requestState` that fails its check. */
function invalidRequestState(message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code: -32602 });
}

/**
 * An ask the request's declared capabilities cannot carry (a form for a client that declared URL
 * elicitation only, a URL for one that declared forms only, sampling with `tools` or `toolChoice`
 * for one that did not declare `sampling.tools`): refused inside the handler, before
 * anything is sent, as the 2025 revisions' asks are, so that a handler's `catch` can fall back on
 * both eras; uncaught, it is answered `-32021`, as MCP 2026-07-28 has a server say. The SDK would
 * otherwise refuse the round once the handler ended (`-32021`), out of the handler's reach.
 */
function unsupported(
  what: string,
  requiredCapabilities: ClientCapabilities,
): Promise<never> {
  return Promise.reject(
    new MissingRequiredClientCapabilityError(
      { requiredCapabilities },
      `the client does not support ${what}`,
    ),
  );
}

/**
 * MCP 2026-07-28: the asks of one round of a call, answered from the rounds before it and from the
 * client's `inputResponses`. An ask with no answer yet is recorded for the round's
 * `input_required` result and never settles: the handler stops there, and runs again from its
 * start in the next round.
 */
export class InputRounds {
  readonly asks: InputAsks;
  /** Settles when the round asked something it has no answer for. */
  readonly suspended: Promise<void>;
  private readonly ctx: ServerContext;
  private readonly identify: () => string;
  private identity: string | undefined;
  private readonly state: RoundState | undefined;
  private readonly pending = new Map<
    string,
    { fingerprint: string; request: InputRequest }
  >();
  private readonly used: { [key: string]: RecordedAnswer } = {};
  private readonly fingerprints = new Map<string, string>();
  private count = 0;
  private closed = false;
  private suspend: () => void = () => undefined;

  /**
   * `identify` gives the call's digest (`callDigest`), computed only when needed: to check a
   * client's `requestState` (checked by the codec before the handler runs, and which must have
   * been issued for this call) or to issue one. A call that carries no state and asks nothing never
   * hashes its arguments.
   */
  constructor(
    ctx: ServerContext,
    capabilities: ClientCapabilities | undefined,
    identify: () => string,
  ) {
    this.ctx = ctx;
    this.identify = identify;
    const state = ctx.mcpReq.requestState();
    if (
      state !== undefined &&
      (!isRoundState(state) || state.call !== this.call)
    )
      throw invalidRequestState(
        "Invalid requestState: it was issued for another call; send the call again without it",
      );
    // The cast is for projects without strictNullChecks, where `state !== undefined` does not narrow.
    this.state = state as RoundState | undefined;
    this.suspended = new Promise((resolve) => (this.suspend = resolve));
    const formOrUrl = capabilities?.elicitation;
    this.asks = {
      sample: capabilities?.sampling
        ? (params, options) => {
            // Tool use in sampling is a capability of its own (MCP 2025-11-25 on).
            if (
              (params.tools !== undefined || params.toolChoice !== undefined) &&
              capabilities.sampling?.tools === undefined
            )
              return unsupported("sampling tools", {
                sampling: { tools: {} },
              });
            return this.ask(
              "sample",
              inputRequired.createMessage(params),
              options,
              (view) => (view.kind === "sampling" ? view.result : undefined),
            );
          }
        : undefined,
      elicit: formOrUrl
        ? (params, options) => {
            if (params.mode === "url" && formOrUrl.url === undefined)
              return unsupported("URL elicitation", {
                elicitation: { url: {} },
              });
            // A bare `elicitation: {}` is form support (the capability before modes existed).
            if (
              params.mode !== "url" &&
              formOrUrl.form === undefined &&
              formOrUrl.url !== undefined
            )
              return unsupported("form elicitation", {
                elicitation: { form: {} },
              });
            return this.ask(
              "elicit",
              params.mode === "url"
                ? inputRequired.elicitUrl({
                    message: params.message,
                    url: params.url,
                    ...(params._meta !== undefined
                      ? { _meta: params._meta }
                      : {}),
                  })
                : inputRequired.elicit(params),
              options,
              (view) => elicitResult(view, params),
            );
          }
        : undefined,
      listRoots: capabilities?.roots
        ? (options) =>
            this.ask("roots", inputRequired.listRoots(), options, (view) =>
              view.kind === "roots" ? { roots: view.roots } : undefined,
            )
        : undefined,
    };
  }

  /** The call's digest, computed on first use. */
  private get call(): string {
    return (this.identity ??= this.identify());
  }

  /** Whether the round asked something it has no answer for. */
  get isSuspended(): boolean {
    return this.pending.size > 0;
  }

  /**
   * Ends the round: what it asked as an `input_required` result, with the answers it used, signed.
   * Asks made after this are not sent (the handler was told to stop through its signal).
   */
  async inputRequired(
    codec: RequestStateCodec<RoundState>,
  ): Promise<InputRequiredResult> {
    this.closed = true;
    const inputRequests: { [key: string]: InputRequest } = {};
    const asked: { [key: string]: string } = {};
    for (const [key, { fingerprint, request }] of this.pending) {
      inputRequests[key] = request;
      asked[key] = fingerprint;
    }
    const requestState = await codec.mint({
      call: this.call,
      answers: this.used,
      asked,
    });
    return inputRequired({ inputRequests, requestState });
  }

  private ask<T>(
    kind: "sample" | "elicit" | "roots",
    request: InputRequest,
    options: AskOptions | undefined,
    read: (view: InputResponseView) => T | undefined,
  ): Promise<T> {
    this.count++;
    const key = options?.key ?? `${kind}-${this.count}`;
    if (typeof key !== "string" || key === "")
      return Promise.reject(
        new TypeError("an input request's key must be a non-empty string"),
      );
    const fingerprint = digest(canonicalJson(request));
    const known = this.fingerprints.get(key);
    if (known !== undefined && known !== fingerprint)
      return Promise.reject(
        new Error(
          `the input request key ${JSON.stringify(key)} is used twice in one call, for different requests`,
        ),
      );
    this.fingerprints.set(key, fingerprint);
    const answered = (answer: unknown): T | undefined =>
      read(inputResponse({ [key]: answer }, key));

    // An answer from an earlier round, to this very request.
    const recorded = this.state?.answers[key];
    if (recorded !== undefined && recorded.asked === fingerprint) {
      const value = answered(recorded.answer);
      if (value !== undefined) {
        this.used[key] = recorded;
        return Promise.resolve(value);
      }
    }
    // The client's answer in this round: to what the last round asked (or, on a first call with no
    // requestState, to whatever the key names). Unknown keys are ignored; a missing, malformed or
    // unfitting answer is asked for again (MCP 2026-07-28, "Error Handling").
    const responses = this.ctx.mcpReq.inputResponses;
    if (
      responses !== undefined &&
      Object.prototype.hasOwnProperty.call(responses, key) &&
      (this.state === undefined || this.state.asked[key] === fingerprint)
    ) {
      const answer = responses[key];
      const value = answered(answer);
      if (value !== undefined) {
        this.used[key] = { asked: fingerprint, answer };
        return Promise.resolve(value);
      }
    }
    if (!this.closed) {
      this.pending.set(key, { fingerprint, request });
      this.suspend();
    }
    return new Promise<T>(() => undefined);
  }
}

/** An elicitation answer as the 2025 revisions give it: accepted content checked against the requested schema. */
function elicitResult(
  view: InputResponseView,
  params: ElicitRequestFormParams | ElicitRequestURLParams,
): ElicitResult | undefined {
  if (view.kind !== "elicit") return undefined;
  if (view.action !== "accept" || params.mode === "url")
    return { action: view.action };
  if (view.content === undefined) return { action: "accept" };
  const checked = fromJsonSchema<ElicitResult["content"]>(
    params.requestedSchema as Parameters<typeof fromJsonSchema>[0],
  )["~standard"].validate(view.content);
  if (checked instanceof Promise || checked.issues !== undefined)
    return undefined;
  // Read through a cast: without strictNullChecks, `issues !== undefined` does not narrow to the success.
  const content = (checked as { value?: ElicitResult["content"] }).value;
  return { action: "accept", content: content ?? {} };
}
