/**
 * A failed login, worded for the user: which step failed (discovery,
 * registration, consent, token exchange, refresh, client credentials), what
 * the authorization server said (its `error` and `error_description`), and
 * what to do. Every word passes through the pull's `Secrets` and is made
 * printable: a description is the authorization server's text.
 */
import { userError, type McpgenError } from "../../shared/errors.js";
import { isHttpUrl } from "../../shared/url.js";
import type { Secrets } from "../sanitize.js";
import { networkReason } from "../server-faults.js";
import { ConsentFailure } from "./callback.js";
import { LoginFailure, type AuthStep } from "./failure.js";
import type { LoginObserver, StepFailure } from "./observer.js";
import { CREDENTIAL_VARIABLES } from "./settings.js";

export interface ExplainContext {
  /** The server and transport, as other pull errors name them: `https://x/mcp (Streamable HTTP)`. */
  who: string;
  /** The request under way (`initialize`, `tools/list`). */
  phase: string;
  label: string;
  /** The server's URL for `mcpgen auth logout`. */
  server: string;
  observer: LoginObserver;
  secrets: Secrets;
  loginCommand: string;
  loginTimeoutMs: number;
  /** How long each answer may take (`--timeout`). */
  timeoutMs: number;
  /** Where logins are cached, for the hint. */
  storeDirectory: string;
}

const STATUS_TEXT: Record<number, string> = { 401: "Unauthorized", 403: "Forbidden" };

const seconds = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Number((ms / 1000).toFixed(3))} s`);

/** The error to report for `error`, when it belongs to a login; undefined otherwise. */
export function explainLogin(error: unknown, context: ExplainContext): McpgenError | undefined {
  if (error instanceof Error && error.name === "McpgenError") return error as McpgenError;
  const { observer, secrets } = context;
  // Server text comes in through `clip`, printable; formatting the diagnostic makes the rest so.
  const clean = (text: string) => secrets.redact(text);
  const clip = (text: string, max = 300) => secrets.excerpt(text, max);
  const fail = (code: "auth-required" | "auth-failed", message: string, hint?: string) =>
    userError(code, clean(message), { hint: hint === undefined ? undefined : clean(hint) });
  const stepFailed = (step: AuthStep, detail: string, hint?: string) =>
    fail("auth-failed", `logging in to ${context.label} failed at ${step}: ${detail}`, hint);

  if (error instanceof ConsentFailure) {
    observer.ended();
    const said =
      error.oauthError === undefined ? "" : `: ${clip(error.oauthError, 80)}${error.description === undefined ? "" : `: ${clip(error.description)}`}`;
    switch (error.kind) {
      case "denied":
        return stepFailed(
          "consent",
          `the authorization server denied access${said}`,
          "run the pull again and allow access in the browser, or check that your account may use this server",
        );
      case "error":
        return stepFailed(
          "consent",
          `the authorization server did not grant access${said}`,
          "run the pull again; if the error persists, it is the authorization server's to fix",
        );
      case "issuer-mismatch":
        return stepFailed("consent", error.message, "run the pull again; if it keeps failing, report it to the server's operators");
      case "state-mismatch":
        return stepFailed(
          "consent",
          error.message,
          "run the pull again; a redirect that does not match the login mcpgen started is refused, since it may come from another site",
        );
      case "timeout":
        return stepFailed(
          "consent",
          `no answer from the browser within ${seconds(context.loginTimeoutMs)}`,
          "run the pull again and complete the login in the browser (open the printed address yourself if no browser opened); --login-timeout waits longer",
        );
      default:
        return stepFailed("consent", error.message, "run the pull again");
    }
  }

  if (error instanceof LoginFailure) {
    observer.ended();
    if (error.kind === "no-terminal" || error.kind === "not-oauth") {
      const challenge = observer.challenge;
      const refusal =
        challenge === undefined
          ? `${context.who} asked for a login during ${context.phase}`
          : `${context.who} refused ${context.phase} with HTTP ${challenge.status}${STATUS_TEXT[challenge.status] === undefined ? "" : ` ${STATUS_TEXT[challenge.status]}`}`;
      if (error.kind === "not-oauth") {
        return fail("auth-failed", `${refusal}: ${error.message}`, 'pass the credentials the server expects, e.g. --header "Authorization: Bearer $TOKEN"');
      }
      const refresh = [...observer.failures].reverse().find((failure) => failure.step === "refresh");
      const why = refresh === undefined ? "" : `; the cached login could not be refreshed (${describe(refresh, clip)})`;
      const scope = challenge?.scope === undefined ? "" : ` (scope ${JSON.stringify(challenge.scope)})`;
      return fail(
        "auth-required",
        `${refusal}: it needs a login${scope}, and there is no terminal here to log in from${why}`,
        `log in once from a terminal: ${context.loginCommand} (the login is cached in ${context.storeDirectory} and refreshed by later runs); for unattended runs set ${CREDENTIAL_VARIABLES.clientId} and ${CREDENTIAL_VARIABLES.clientSecret} (client credentials); or pass the credentials the server expects, e.g. --header "Authorization: Bearer $TOKEN"`,
      );
    }
    if (error.kind === "futile") return fail("auth-failed", `${context.who} refused ${context.phase}: ${error.message}`, error.hint);
    return stepFailed(error.step ?? observer.lastStep ?? "discovery", error.message, error.hint);
  }

  const text = error instanceof Error ? error.message : String(error);
  const flowFailure = explainFlowFailure(error, stepFailed, clip);
  if (flowFailure !== undefined) {
    observer.ended();
    return flowFailure;
  }
  // The SDK's transport gives up when the server refuses a token a login of this run just obtained.
  if (/after successful authentication|after trying upscoping/.test(text)) {
    const status = /\b(40[13])\b/.exec(text)?.[1] ?? "401";
    return fail(
      "auth-failed",
      `${context.who} refused ${context.phase} with HTTP ${status} even with the access token it just issued`,
      `the server does not accept the authorization server's tokens; mcpgen auth logout ${context.server} forgets the login if you want to start over`,
    );
  }
  if (!observer.active && !isOAuthError(error)) return undefined;
  observer.ended();
  if (error instanceof Error && error.name === "DeadlineExceeded") {
    const step = observer.lastStep ?? "discovery";
    return stepFailed(
      step,
      `no answer within ${seconds(context.timeoutMs)}`,
      "raise --timeout if the authorization server is only slow; check that it is reachable from here",
    );
  }

  const failure = observer.failureToReport();
  const step = failure?.step ?? observer.lastStep ?? "discovery";
  if (failure?.network !== undefined) {
    const reason = networkReason(failure.network, clip) ?? clip(messageOf(failure.network));
    const what = failure.origin === new URL(context.server).origin ? "the server's OAuth metadata" : `the authorization server ${failure.origin}`;
    return stepFailed(
      failure.step,
      `cannot reach ${what}: ${reason}`,
      "check that the authorization server is up and reachable from here (its address comes from the server's protected resource metadata)",
    );
  }
  if (/^Protected resource .* does not match expected/.test(text)) {
    return stepFailed(
      "discovery",
      `${clip(text)}; mcpgen does not log in, since a token for that resource would be sent to this server`,
      "check the server URL; the server's protected resource metadata (RFC 9728) must name the server itself as its resource",
    );
  }
  // The SDK builds the metadata URL of the authorization server it was given: one that is no http(s) URL is "Invalid URL".
  const notWeb = observer.namedAuthorizationServers.find((server) => !isHttpUrl(server));
  if (notWeb !== undefined && /Invalid URL/.test(text)) {
    return stepFailed(
      "discovery",
      `the server's protected resource metadata names the authorization server ${JSON.stringify(clip(notWeb, 200))}, which is no http(s) URL; mcpgen sent it nothing`,
      "an authorization server is an https:// URL (RFC 9728, RFC 8414); the server's metadata is wrong: report it to its operators",
    );
  }
  if (/does not support dynamic client registration/.test(text)) {
    return stepFailed(
      "registration",
      "the authorization server offers no dynamic client registration, and mcpgen has no client id for it",
      `register a client with the authorization server (redirect URI http://127.0.0.1/callback, any port), then give its id as oauth.clientId (of the target in mcpgen.config.json, or of the server's .mcp.json entry) or ${CREDENTIAL_VARIABLES.clientId}; a client secret goes in ${CREDENTIAL_VARIABLES.clientSecret}`,
    );
  }
  const detail = failure !== undefined ? describe(failure, clip) : clip(text.replace(/^Error: /, ""));
  return stepFailed(step, detail, HINTS[step](context));
}

/**
 * The SDK's refusals of an authorization server that does not behave as the
 * specifications require (its `OAuthClientFlowError`s): nothing was sent to
 * it past the refusal.
 */
function explainFlowFailure(
  error: unknown,
  stepFailed: (step: AuthStep, detail: string, hint?: string) => McpgenError,
  clip: (text: string, max?: number) => string,
): McpgenError | undefined {
  if (!(error instanceof Error)) return undefined;
  const fields = error as Error & {
    kind?: unknown;
    expected?: unknown;
    received?: unknown;
    tokenEndpoint?: unknown;
    recordedIssuer?: unknown;
    currentIssuer?: unknown;
  };
  const quote = (value: unknown) => (typeof value === "string" ? JSON.stringify(clip(value, 200)) : "none");
  switch (error.name) {
    case "IssuerMismatchError":
      return fields.kind === "metadata"
        ? stepFailed(
            "discovery",
            `the authorization server metadata for ${quote(fields.expected)} names the issuer ${quote(fields.received)}; mcpgen does not log in with metadata that names another issuer than the one it was fetched for (RFC 8414 §3.3)`,
            "the authorization server's metadata must name the issuer it is published for; report it to the server's operators",
          )
        : stepFailed(
            "token exchange",
            `the authorization server's redirect named the issuer ${quote(fields.received)}, but the login was started with ${quote(fields.expected)}; mcpgen did not redeem the authorization code (RFC 9207: the redirect may come from another authorization server)`,
            "run the pull again; if it keeps failing, the authorization server's iss parameter is wrong, which its operators must fix",
          );
    case "InsecureTokenEndpointError":
      return stepFailed(
        "token exchange",
        `the token endpoint ${quote(fields.tokenEndpoint)} is neither https nor on this machine; mcpgen sends no credentials there`,
        "an authorization server must serve its endpoints over https (loopback addresses excepted)",
      );
    case "AuthorizationServerMismatchError":
      return stepFailed(
        "token exchange",
        `the server named another authorization server (${quote(fields.currentIssuer)}) than the one the login was started with (${quote(fields.recordedIssuer)}); mcpgen did not redeem the authorization code`,
        "run the pull again to log in with the server's current authorization server",
      );
    default:
      return undefined;
  }
}

const HINTS: Record<AuthStep, (context: ExplainContext) => string> = {
  discovery: () =>
    "the server must publish OAuth metadata: protected resource metadata (RFC 9728) naming its authorization server, and that server's metadata (RFC 8414 or OpenID Connect Discovery); check the URL",
  registration: () =>
    `the authorization server refused to register mcpgen; if it only knows clients registered beforehand, give one as oauth.clientId (of the target in mcpgen.config.json, or of the server's .mcp.json entry) or ${CREDENTIAL_VARIABLES.clientId}`,
  consent: () => "run the pull again",
  "token exchange": (context) => `run the pull again to start a new login; if it keeps failing, mcpgen auth logout ${context.server} forgets what is cached`,
  refresh: (context) => `run the pull again from a terminal to log in again; mcpgen auth logout ${context.server} forgets the cached login`,
  "client credentials": () =>
    `check ${CREDENTIAL_VARIABLES.clientId} and ${CREDENTIAL_VARIABLES.clientSecret} (or ${CREDENTIAL_VARIABLES.privateKey}) and that the client may use the client-credentials grant`,
};

/** `HTTP 400 invalid_grant: the code has expired`, or the network reason. */
function describe(failure: StepFailure, clip: (text: string, max?: number) => string): string {
  if (failure.network !== undefined) return networkReason(failure.network, clip) ?? clip(messageOf(failure.network));
  const said = failure.error === undefined ? "" : ` ${clip(failure.error, 80)}${failure.description === undefined ? "" : `: ${clip(failure.description)}`}`;
  return `${failure.origin} answered HTTP ${failure.status}${said}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The SDK's `OAuthError`: an authorization server's `error` answer (its string `code`). */
function isOAuthError(error: unknown): boolean {
  return error instanceof Error && error.name === "OAuthError";
}
