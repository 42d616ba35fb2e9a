/**
 * The `fetch` a login's HTTP requests go through (the SDK's transports and
 * auth helpers take one). It does three things the SDK leaves to its caller:
 *
 * - sends the user's `--header`s (and configured headers) to the MCP server's
 *   own origin only, never to an authorization server elsewhere;
 * - records the server's last 401/403 challenge (`WWW-Authenticate`), so that
 *   mcpgen knows whether a login is asked for at all, and which scope a
 *   step-up (403 `insufficient_scope`, MCP "Scope Challenge Handling") needs;
 * - records which step of the login each request to an authorization server
 *   belongs to, and the server's `error` and `error_description` when one
 *   fails (RFC 6749 §5.2, RFC 7591 §3.2.2), so that errors can name the step.
 *
 * The base `fetch` is a parameter, so that a bounding wrapper can sit under it.
 */
import type { FetchLike } from "@modelcontextprotocol/client";
import type { AuthStep } from "./failure.js";

/** The server's last refusal of a request, as its `WWW-Authenticate` header put it. */
export interface Challenge {
  status: number;
  /** The `WWW-Authenticate` header, when there was one. */
  header?: string | undefined;
  /** Auth schemes the header names (lower case), e.g. `bearer`. */
  schemes: string[];
  /** The `scope` parameter (space-separated), when present. */
  scope?: string | undefined;
  /** The `error` parameter (RFC 6750 §3.1), e.g. `insufficient_scope`. */
  error?: string | undefined;
}

/** A request of a login that failed: by the answer's status and OAuth error, or because the host could not be reached. */
export interface StepFailure {
  step: AuthStep;
  /** The authorization server's origin (or the MCP server's, for its resource metadata). */
  origin: string;
  status?: number | undefined;
  error?: string | undefined;
  description?: string | undefined;
  /** The network error, when no answer came. */
  network?: unknown;
}

/** How much of a failed answer is read for its OAuth error. */
const ERROR_BODY_LIMIT = 16 * 1024;

export class LoginObserver {
  challenge: Challenge | undefined;
  /** Scopes a 403 `insufficient_scope` asked for and the current token lacks; cleared once new tokens arrive. */
  stepUp: string[] | undefined;
  /** Failed requests of logins, oldest first. */
  readonly failures: StepFailure[] = [];
  /** The step of the most recent request to an authorization server. */
  lastStep: AuthStep | undefined;
  /** The authorization servers the MCP server's protected resource metadata named (RFC 9728 `authorization_servers`), as written. */
  namedAuthorizationServers: string[] = [];
  /** True while the SDK's `auth()` runs (from its first call into the provider until tokens are saved or the browser is sent off). */
  active = false;
  /**
   * Called when the MCP server refuses a request with 401 or 403, before the
   * transport sees the answer: the SDK's `auth()` reads the client's metadata
   * (its redirect URI) before anything else, so what a login needs (the
   * loopback listener) is ready by then.
   */
  onChallenge: (() => Promise<void>) | undefined;
  /**
   * Called before each request to another origin than the MCP server's (an
   * authorization server), with the login step it belongs to: it throws to
   * keep the request from being sent at all.
   */
  guard: ((url: URL, step: AuthStep | undefined) => void) | undefined;

  /**
   * The failure that explains a login's end: the first network failure, else
   * the first failure of the last step that failed (the SDK retries some
   * requests, and the retry's answer says less: "unknown code" after "code expired").
   */
  failureToReport(): StepFailure | undefined {
    const last = this.failures.at(-1);
    return this.failures.find((failure) => failure.network !== undefined) ?? this.failures.find((failure) => failure.step === last?.step);
  }

  /** Called when `auth()` starts: failures of earlier, finished logins no longer explain anything. */
  started(): void {
    if (!this.active) this.failures.length = 0;
    this.active = true;
  }

  ended(): void {
    this.active = false;
  }

  /**
   * `base` with the server's headers added to requests for `server`'s origin,
   * and every request observed as described above.
   */
  fetch(base: FetchLike, server: URL, headers: Readonly<Record<string, string>>): FetchLike {
    return async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const sameOrigin = url.origin === server.origin;
      const step = classify(url, init);
      let request = init;
      if (sameOrigin && Object.keys(headers).length > 0) {
        const merged = new Headers(init?.headers);
        for (const [name, value] of Object.entries(headers)) if (!merged.has(name)) merged.set(name, value);
        request = { ...init, headers: merged };
      }
      if (step !== undefined) this.lastStep = step;
      if (!sameOrigin) this.guard?.(url, step);
      let response: Response;
      try {
        response = await base(url, request);
      } catch (error) {
        if (step !== undefined) this.failures.push({ step, origin: url.origin, network: error });
        throw error;
      }
      if (step === undefined && sameOrigin && (response.status === 401 || response.status === 403)) {
        this.challenge = parseChallenge(response);
        if (this.challenge.status === 403 && this.challenge.error === "insufficient_scope" && this.challenge.scope !== undefined) {
          this.stepUp = this.challenge.scope.split(/\s+/).filter((scope) => scope !== "");
        }
        await this.onChallenge?.();
      }
      if (step === "discovery" && sameOrigin && response.ok && url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
        this.namedAuthorizationServers = await namedAuthorizationServers(response);
      }
      if (step !== undefined && !response.ok && !(step === "discovery" && response.status < 500)) {
        // Discovery probes several well-known URLs and expects most to be missing; only a server error there is a failure.
        this.failures.push({ step, origin: url.origin, status: response.status, ...(await oauthError(response)) });
      }
      return response;
    };
  }
}

/** The login step a request belongs to, by what it asks for; undefined for requests to the MCP server itself. */
function classify(url: URL, init: RequestInit | undefined): AuthStep | undefined {
  if (/\/\.well-known\/(oauth-protected-resource|oauth-authorization-server|openid-configuration)(\/|$)/.test(url.pathname)) return "discovery";
  const method = (init?.method ?? "GET").toUpperCase();
  if (method !== "POST") return undefined;
  const body = init?.body;
  if (body instanceof URLSearchParams) {
    const grant = body.get("grant_type");
    if (grant === "refresh_token") return "refresh";
    if (grant === "client_credentials") return "client credentials";
    if (grant !== null) return "token exchange";
  }
  if (typeof body === "string" && body.includes('"redirect_uris"')) {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (typeof parsed === "object" && parsed !== null && "redirect_uris" in parsed && !("jsonrpc" in parsed)) return "registration";
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The challenge of a 401 or 403 (RFC 6750 §3, RFC 9728 §5.1). */
export function parseChallenge(response: Response): Challenge {
  const header = response.headers.get("www-authenticate") ?? undefined;
  if (header === undefined) return { status: response.status, schemes: [] };
  // A scheme is a token opening a comma-separated part and not followed by "=" (which would make it an auth-param); quoted strings cannot hold one.
  const unquoted = header.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const schemes = unquoted
    .split(",")
    .map((part) => /^\s*([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*)(?:\s+(?![\s=])|\s*$)/.exec(part)?.[1]?.toLowerCase())
    .filter((scheme): scheme is string => scheme !== undefined);
  const value = (name: string) => {
    const match = new RegExp(`(?:^|[\\s,])${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^\\s,]+))`, "i").exec(header);
    return match === null ? undefined : (match[1]?.replace(/\\(.)/g, "$1") ?? match[2]);
  };
  return { status: response.status, header, schemes, scope: value("scope"), error: value("error") };
}

async function oauthError(response: Response): Promise<{ error?: string | undefined; description?: string | undefined }> {
  try {
    const body = JSON.parse(await readLimited(response.clone(), ERROR_BODY_LIMIT)) as { error?: unknown; error_description?: unknown };
    return {
      error: typeof body.error === "string" ? body.error : undefined,
      description: typeof body.error_description === "string" ? body.error_description : undefined,
    };
  } catch {
    return {};
  }
}

/** At most `limit` bytes of a body, as text; the rest is not read. */
async function readLimited(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

/** The `authorization_servers` of protected resource metadata (RFC 9728), read from a copy of the answer, at most `ERROR_BODY_LIMIT` bytes of it. */
async function namedAuthorizationServers(response: Response): Promise<string[]> {
  try {
    // A document cut at the limit is no JSON: nothing named.
    const servers = (JSON.parse(await readLimited(response.clone(), ERROR_BODY_LIMIT)) as { authorization_servers?: unknown }).authorization_servers;
    return Array.isArray(servers) ? servers.filter((server): server is string => typeof server === "string") : [];
  } catch {
    return [];
  }
}
