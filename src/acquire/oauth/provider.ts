/**
 * mcpgen's `OAuthClientProvider`: what the SDK's `auth()` asks of a client
 * while it runs the MCP authorization flow (discovery, client identification,
 * PKCE, the `resource` parameter, scope selection, refresh). The SDK does the
 * protocol; this class decides what only the client can:
 *
 * - **who mcpgen is.** A configured client (pre-registration: a client id
 *   from the configuration (a target's or `.mcp.json` entry's `oauth.clientId`) or `MCPGEN_CLIENT_ID`, with
 *   `MCPGEN_CLIENT_SECRET` or `MCPGEN_CLIENT_PRIVATE_KEY` when it is a
 *   confidential one) comes first; then a client stored by an earlier login;
 *   then the SDK uses the Client ID Metadata Document URL when the
 *   authorization server accepts one, else Dynamic Client Registration. This
 *   is the order of preference of MCP 2025-11-25 "Client Registration
 *   Approaches" for a client that has a relationship with the server.
 * - **which grant.** With a client secret or key, the client-credentials
 *   grant (OAuth 2.1 §4.2, MCP's SEP-1046 extension) when the authorization
 *   server offers it and either offers no authorization code grant or nobody
 *   can complete a browser login here; otherwise the authorization code grant.
 * - **whether a person can take part.** Without one (no terminal, no
 *   `BROWSER`), a login that would need the browser fails at once, before
 *   any request to the authorization server, with the command to run.
 * - **where logins are kept**: the `LoginStore`, per server URL.
 * - **when to stop.** A new authorization for no more scope than the login
 *   this run just obtained would get the same refusal; and at most
 *   `MAX_AUTHORIZATIONS` per run (MCP "Scope Challenge Handling": clients
 *   SHOULD limit step-up retries).
 *
 * Every token, code verifier and client secret that passes through is
 * registered with the pull's `Secrets` as it appears.
 */
import { randomBytes } from "node:crypto";
import type {
  AddClientAuthentication,
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from "@modelcontextprotocol/client";
import { userError } from "../../shared/errors.js";
import type { Secrets } from "../sanitize.js";
import { openInBrowser } from "./browser.js";
import type { LoopbackCallback } from "./callback.js";
import { LoginFailure } from "./failure.js";
import type { LoginObserver } from "./observer.js";
import { CREDENTIAL_VARIABLES, type OAuthSettings } from "./settings.js";
import type { LoginStore, StoredLogin } from "./store.js";

/** Authorization requests one pull may make (the first login plus step-ups). */
export const MAX_AUTHORIZATIONS = 3;

/** A redirect URI for the metadata of a client that cannot open a browser here; never visited. */
const NO_CALLBACK = "http://127.0.0.1/callback";

/** Client credentials from the environment; the secret and the key are secrets. */
export interface ClientCredentials {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** A PEM private key for `private_key_jwt` client authentication (RFC 7523). */
  privateKey?: string | undefined;
  /** The issuer the credentials belong to, from `MCPGEN_CLIENT_ISSUER` (not a secret). */
  issuer?: string | undefined;
}

export interface ProviderContext {
  /** How messages and the browser page name the server. */
  label: string;
  settings: OAuthSettings;
  credentials: ClientCredentials;
  /** A person can complete a login in a browser. */
  interactive: boolean;
  openBrowser: boolean;
  env: Readonly<Record<string, string | undefined>>;
  store: LoginStore;
  key: string;
  /** The server as the store records it (query values masked). */
  server: string;
  stored: StoredLogin | undefined;
  secrets: Secrets;
  /**
   * Starts listening for the browser's redirect (interactive runs only).
   * Called when a login may be needed (an `auth()` run begins), never for a
   * server that asks for none.
   */
  openCallback: (() => Promise<LoopbackCallback>) | undefined;
  observer: LoginObserver;
  /** `private_key_jwt` client authentication, when a private key is configured. */
  clientAuthentication?: AddClientAuthentication | undefined;
  progress: (kind: "login" | "auth", message: string) => void;
  /** What the user runs to log in, for messages. */
  loginCommand: string;
  version: string;
  /** The MCP server's origin: an authorization server there may get the configured client's secret or key. */
  serverOrigin: string;
  /** The issuer the configured client's secret or key belongs to (`MCPGEN_CLIENT_ISSUER`, else `oauth.issuer`): the only one they go to when set. */
  credentialIssuer?: string | undefined;
}

export class McpgenOAuthProvider implements OAuthClientProvider {
  readonly addClientAuthentication?: AddClientAuthentication;
  /** Set only when configured: the SDK offers it as the client id where the authorization server accepts metadata documents. */
  readonly clientMetadataUrl?: string;
  private login: StoredLogin;
  private discovery: OAuthDiscoveryState | undefined;
  private verifier: string | undefined;
  private grant: "authorization_code" | "client_credentials" = "authorization_code";
  /** The scope of the last authorization request, and whether its login finished in this run. */
  private requested: { scope: string | undefined; issuer: string | undefined; completed: boolean } | undefined;
  /**
   * True while a login's authorization code is redeemed (`OAuthSession.finishLogin`): only then does the
   * SDK get the discovery of the login's start back, to check that the code goes to the authorization
   * server it was issued by. Every other `auth()` run discovers afresh, so a server that moved to another
   * authorization server is followed there (MCP 2026-07-28, SEP-2352).
   */
  redeeming = false;
  private authorizations = 0;
  /** Tokens were saved by this run (a login, a refresh, client credentials): what it sends is no cached login. */
  private obtainedThisRun = false;
  /** The authorization request waiting for the browser. */
  pending: URL | undefined;
  /** The access token handed to the transport last was the cached one (from an earlier run), not one this run obtained. */
  sentCachedToken = false;
  /** Where the browser comes back to, once a login may be needed (`discoveryState`). */
  callback: LoopbackCallback | undefined;
  private callbackOpening: Promise<LoopbackCallback> | undefined;

  constructor(private readonly context: ProviderContext) {
    this.login = context.stored ?? { version: 1, server: context.server };
    if (context.clientAuthentication !== undefined) this.addClientAuthentication = context.clientAuthentication;
    if (context.settings.clientMetadataUrl !== undefined) this.clientMetadataUrl = context.settings.clientMetadataUrl;
    const configured = this.configuredClientId;
    const current = configured ?? this.login.client?.client_id;
    // Tokens issued to another client than the one this run identifies as are of no use to it.
    if (this.login.tokens !== undefined && this.login.tokensClientId !== current)
      this.login = { ...this.login, tokens: undefined, tokensClientId: undefined, expiresAt: undefined };
    if (configured !== undefined && this.login.client !== undefined) this.login = { ...this.login, client: undefined, clientKind: undefined };
    this.registerSecrets(this.login.tokens);
    if (this.login.client !== undefined && "client_secret" in this.login.client && typeof this.login.client.client_secret === "string")
      context.secrets.addCredential(this.login.client.client_secret);
  }

  private get configuredClientId(): string | undefined {
    return this.context.credentials.clientId ?? this.context.settings.clientId;
  }

  /** True when a secret or a private key of the configured client is at hand: what only its own authorization server may get. */
  private get hasSecretCredentials(): boolean {
    return this.context.credentials.clientSecret !== undefined || this.context.credentials.privateKey !== undefined;
  }

  /**
   * Whether the configured client's secret or key may go to `issuer` (MCP
   * 2026-07-28, SEP-2352: credentials are bound to the authorization server
   * that issued them): the issuer they were pinned to, else an authorization
   * server on the MCP server's own origin. A server's metadata names any
   * authorization server it likes; only the user names the one a secret is for.
   */
  private credentialsMayGoTo(issuer: string): boolean {
    const pinned = this.context.credentialIssuer;
    if (pinned !== undefined) return sameIssuer(pinned, issuer);
    try {
      return new URL(issuer).origin === this.context.serverOrigin;
    } catch {
      return false;
    }
  }

  private foreignIssuer(issuer: string): LoginFailure {
    const pinned = this.context.credentialIssuer;
    const what = this.context.credentials.clientSecret !== undefined ? CREDENTIAL_VARIABLES.clientSecret : CREDENTIAL_VARIABLES.privateKey;
    return new LoginFailure(
      "step",
      `the server names the authorization server ${JSON.stringify(issuer)}, and ${what} is for ${pinned === undefined ? "an authorization server on the MCP server's own origin" : JSON.stringify(pinned)}: mcpgen sent it nothing`,
      "client credentials",
      `if the client is registered with that authorization server, say so: ${CREDENTIAL_VARIABLES.issuer}=${issuer} (or "oauth": { "issuer": ... } in the server's configuration); otherwise unset ${CREDENTIAL_VARIABLES.clientId} and ${what} to log in as mcpgen`,
    );
  }

  /**
   * Called before every request to an authorization server, before it is
   * sent: no registration or token request goes to an endpoint that is
   * neither https nor on this machine, for any grant; and with the configured
   * client's secret or key at hand, no request at all goes to an
   * authorization server they are not for (not even its metadata).
   */
  checkRequest(url: URL, step: string | undefined): void {
    if (step !== undefined && step !== "discovery" && !secureEndpoint(url)) {
      throw new LoginFailure(
        "step",
        `the ${step === "registration" ? "registration" : "token"} endpoint ${JSON.stringify(url.origin + url.pathname)} is neither https nor on this machine; mcpgen sends it nothing`,
        step === "registration" ? "registration" : step === "refresh" || step === "client credentials" ? step : "token exchange",
        "an authorization server must serve its endpoints over https (loopback addresses excepted); report it to the server's operators",
      );
    }
    if (!this.hasSecretCredentials || this.configuredClientId === undefined) return;
    const pinned = this.context.credentialIssuer;
    const allowedOrigin = pinned === undefined ? this.context.serverOrigin : originOf(pinned);
    if (url.origin !== allowedOrigin) throw this.foreignIssuer(url.origin);
  }

  /** True when the client-credentials grant is possible at all (a client id with a secret or key). */
  get hasClientCredentials(): boolean {
    const { clientSecret, privateKey } = this.context.credentials;
    return this.configuredClientId !== undefined && (clientSecret !== undefined || privateKey !== undefined);
  }

  get redirectUrl(): string | undefined {
    if (this.grant === "client_credentials") return undefined;
    return this.callback?.redirectUrl ?? registeredRedirect(this.login.client) ?? NO_CALLBACK;
  }

  /** What Dynamic Client Registration sends (RFC 7591 §2); the SDK overrides `scope` with the one it selected. */
  get clientMetadata(): OAuthClientMetadata {
    const cc = this.grant === "client_credentials";
    const scope = cc ? this.clientCredentialsScope() : this.context.settings.scopes;
    return {
      client_name: "mcpgen",
      redirect_uris: cc ? [] : [this.redirectUrl ?? NO_CALLBACK],
      grant_types: cc ? ["client_credentials"] : ["authorization_code", "refresh_token"],
      response_types: cc ? [] : ["code"],
      token_endpoint_auth_method: cc ? "client_secret_basic" : "none",
      software_id: "mcpgen",
      software_version: this.context.version,
      ...(scope === undefined ? {} : { scope }),
    };
  }

  /**
   * Called first by every `auth()` run: decides, before any request, whether
   * a login can happen here at all, and, where one can, listens for the
   * browser before the redirect URI is needed.
   */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const { observer } = this.context;
    observer.started();
    const challenge = observer.challenge;
    if (challenge?.header !== undefined && challenge.schemes.length > 0 && !challenge.schemes.includes("bearer")) {
      throw new LoginFailure(
        "not-oauth",
        `it asks for ${challenge.schemes.map((scheme) => JSON.stringify(scheme)).join(" or ")} credentials, not an OAuth bearer token`,
      );
    }
    if (this.context.credentials.clientSecret !== undefined && this.configuredClientId === undefined) {
      throw new LoginFailure(
        "step",
        "MCPGEN_CLIENT_SECRET is set, but no client id goes with it",
        "client credentials",
        "set MCPGEN_CLIENT_ID (or the server's oauth.clientId) to the id of the client the secret belongs to",
      );
    }
    if (!this.context.interactive && !this.hasClientCredentials && this.refreshToken() === undefined) {
      throw new LoginFailure("no-terminal", "it needs a login, and there is no terminal here to log in from");
    }
    await this.prepareCallback();
    return this.redeeming ? this.discovery : undefined;
  }

  /**
   * Listens for the browser's redirect, once a login may be needed (the server
   * refused a request, or `auth()` began), on interactive runs only; before
   * the SDK reads `clientMetadata`, whose redirect URI names the port.
   */
  async prepareCallback(): Promise<void> {
    if (this.context.openCallback === undefined) return;
    this.callbackOpening ??= this.context.openCallback();
    this.callback = await this.callbackOpening;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
    const grants = state.authorizationServerMetadata?.grant_types_supported;
    if (this.hasClientCredentials) {
      const offersCredentials = grants?.includes("client_credentials") ?? !this.context.interactive;
      const offersCode = grants === undefined || grants.includes("authorization_code");
      this.grant = offersCredentials && (!offersCode || !this.context.interactive) ? "client_credentials" : "authorization_code";
    }
  }

  clientInformation(ctx?: { issuer: string }): OAuthClientInformationMixed | undefined {
    const configured = this.configuredClientId;
    if (configured !== undefined) {
      const issuer = ctx?.issuer ?? this.currentIssuer();
      if (this.hasSecretCredentials && (issuer === undefined || !this.credentialsMayGoTo(issuer))) throw this.foreignIssuer(issuer ?? "(unknown)");
      const { clientSecret } = this.context.credentials;
      // Stamped with the authorization server it is handed to (SEP-2352), which was checked above: unstamped, the SDK warns about "pre-upgrade storage".
      return { client_id: configured, ...(clientSecret === undefined ? {} : { client_secret: clientSecret }), ...(issuer === undefined ? {} : { issuer }) };
    }
    if (this.login.client !== undefined) return this.login.client;
    if (!this.context.interactive) throw new LoginFailure("no-terminal", "it needs a login, and there is no terminal here to log in from");
    return undefined;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    if ("client_secret" in information && typeof information.client_secret === "string") this.context.secrets.addCredential(information.client_secret);
    // A configured client comes from the configuration each time, stamped with the issuer asking for it; it is never stored.
    if (information.client_id === this.configuredClientId) return;
    const kind = information.client_id === this.context.settings.clientMetadataUrl ? "metadata-document" : "registered";
    this.login = { ...this.login, client: information, clientKind: kind, issuer: information.issuer ?? this.currentIssuer() ?? this.login.issuer };
    if (kind === "registered")
      this.context.progress("auth", `registered mcpgen as an OAuth client of ${this.discovery?.authorizationServerUrl ?? "the authorization server"}`);
    await this.persist();
  }

  tokens(): OAuthTokens | undefined {
    const tokens = this.login.tokens;
    this.sentCachedToken = tokens !== undefined && !this.obtainedThisRun;
    // A refresh keeps the scope of the original grant (RFC 6749 §6), so a step-up to more scope needs a new authorization.
    if (tokens?.refresh_token !== undefined && this.context.observer.stepUp !== undefined && !covers(this.grantedScope(), this.context.observer.stepUp)) {
      const { refresh_token: _dropped, ...rest } = tokens;
      return rest;
    }
    return tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const { observer } = this.context;
    this.obtainedThisRun = true;
    this.registerSecrets(tokens);
    const refreshed = observer.lastStep === "refresh";
    this.login = {
      ...this.login,
      issuer: tokens.issuer ?? this.currentIssuer() ?? this.login.issuer,
      tokens,
      tokensClientId: this.configuredClientId ?? this.login.client?.client_id,
      expiresAt: tokens.expires_in === undefined ? undefined : Date.now() + tokens.expires_in * 1000,
    };
    if (this.requested !== undefined && !refreshed) this.requested.completed = true;
    observer.stepUp = undefined;
    observer.ended();
    if (this.grant === "client_credentials") {
      // Unattended runs fetch a token each time; nothing of theirs is left on the machine.
      this.context.progress("auth", `obtained an access token for ${this.context.label} with the client-credentials grant`);
      return;
    }
    this.context.progress("auth", refreshed ? `refreshed the access token for ${this.context.label}` : `logged in to ${this.context.label}`);
    await this.persist();
  }

  state(): string {
    const state = randomBytes(32).toString("base64url");
    const metadata = this.discovery?.authorizationServerMetadata;
    this.callback?.expect(state, { issuer: metadata?.issuer, required: metadata?.authorization_response_iss_parameter_supported === true });
    return state;
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    const { observer, label } = this.context;
    observer.ended();
    if (!this.context.interactive) throw new LoginFailure("no-terminal", "it needs a login, and there is no terminal here to log in from");
    // MCP authorization: every authorization server endpoint is served over HTTPS; a browser is never sent elsewhere.
    if (!secureEndpoint(url)) {
      throw new LoginFailure(
        "step",
        `the authorization endpoint ${JSON.stringify(url.origin + url.pathname)} is neither https nor on this machine; mcpgen opens no browser there (the login would travel in clear text)`,
        "consent",
        "an authorization server must serve its endpoints over https (loopback addresses excepted); report it to the server's operators",
      );
    }
    // MCP authorization (2025-11-25 and 2026-07-28): metadata without code_challenge_methods_supported means no PKCE, and clients must refuse.
    const metadata = this.discovery?.authorizationServerMetadata;
    if (metadata !== undefined && metadata.code_challenge_methods_supported === undefined) {
      throw new LoginFailure(
        "step",
        `the authorization server ${JSON.stringify(this.currentIssuer())} does not say that it supports PKCE (its metadata has no code_challenge_methods_supported), so mcpgen opens no browser there: the MCP authorization spec has clients refuse such a server, whose authorization code anyone who intercepts it could redeem`,
        "discovery",
        'report it to the server\'s operators: the authorization server\'s metadata must list "code_challenge_methods_supported": ["S256"]',
      );
    }
    const scope = url.searchParams.get("scope") ?? undefined;
    // Futile only at the same authorization server: one that replaced it (SEP-2352) gets its own login.
    if (this.requested?.completed === true && this.requested.issuer === this.currentIssuer() && covers(splitScope(this.requested.scope), splitScope(scope))) {
      throw new LoginFailure(
        "futile",
        `the server still refuses the access mcpgen obtained moments ago${scope === undefined ? "" : ` for scope ${JSON.stringify(scope)}`}, so logging in again would not help`,
        undefined,
        `check that your account may use this server${scope === undefined ? "" : " with that scope"}; mcpgen auth logout ${this.context.server} forgets the login if you want to start over`,
      );
    }
    if (this.authorizations >= MAX_AUTHORIZATIONS) {
      throw new LoginFailure(
        "futile",
        `the server asked for a new login ${this.authorizations + 1} times in one pull; stopping`,
        undefined,
        "check that your account may use this server with the scopes it asks for",
      );
    }
    this.authorizations++;
    this.addOfflineAccess(url);
    this.requested = { scope: url.searchParams.get("scope") ?? undefined, issuer: this.currentIssuer(), completed: false };
    this.pending = url;
    const { openBrowser } = this.context;
    this.context.progress(
      "login",
      openBrowser
        ? `${label} needs a login: opening ${url.href} in your browser (or open it yourself)`
        : `${label} needs a login: open ${url.href} in your browser`,
    );
    if (openBrowser) {
      const opened = await openInBrowser(url.href, this.context.env);
      if (!opened.opened) this.context.progress("login", `could not open a browser (${opened.reason}); open the address above yourself`);
    }
  }

  saveCodeVerifier(verifier: string): void {
    this.context.secrets.addCredential(verifier);
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined)
      throw new LoginFailure("step", "no PKCE code verifier: the authorization request was not made by this run", "token exchange");
    return this.verifier;
  }

  prepareTokenRequest(scope?: string): URLSearchParams | undefined {
    if (this.grant !== "client_credentials") return undefined;
    const params = new URLSearchParams({ grant_type: "client_credentials" });
    if (scope !== undefined && scope !== "") params.set("scope", scope);
    return params;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "all" || scope === "client") this.login = { ...this.login, client: undefined, clientKind: undefined };
    if (scope === "all" || scope === "tokens") this.login = { ...this.login, tokens: undefined, tokensClientId: undefined, expiresAt: undefined };
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
    if (scope !== "verifier" && scope !== "discovery") await this.persist();
  }

  /** The authorization server of the `auth()` run under way: its metadata's `issuer`, else its URL. */
  private currentIssuer(): string | undefined {
    return this.discovery?.authorizationServerMetadata?.issuer ?? this.discovery?.authorizationServerUrl;
  }

  /** The refresh token a run without a person could use, if any. */
  private refreshToken(): string | undefined {
    return this.tokens()?.refresh_token;
  }

  private grantedScope(): string[] {
    return splitScope(this.login.tokens?.scope ?? this.requested?.scope);
  }

  /** Client credentials ask for the configured scopes, else what the server's challenge or resource metadata names. */
  private clientCredentialsScope(): string | undefined {
    return this.context.settings.scopes ?? this.context.observer.challenge?.scope ?? this.discovery?.resourceMetadata?.scopes_supported?.join(" ");
  }

  /**
   * SEP-2207: a client that wants a refresh token may add `offline_access`
   * when the authorization server lists it in `scopes_supported` (never
   * otherwise), with `prompt=consent` as OpenID Connect requires for it. Only
   * added to a request that names scopes: alone, it would replace the default ones.
   */
  private addOfflineAccess(url: URL): void {
    const supported = this.discovery?.authorizationServerMetadata?.scopes_supported ?? [];
    const scope = url.searchParams.get("scope");
    if (!supported.includes("offline_access") || scope === null || scope.trim() === "" || splitScope(scope).includes("offline_access")) return;
    url.searchParams.set("scope", `${scope} offline_access`);
    if (!url.searchParams.getAll("prompt").includes("consent")) url.searchParams.append("prompt", "consent");
  }

  private registerSecrets(tokens: OAuthTokens | undefined): void {
    if (tokens === undefined) return;
    for (const value of [tokens.access_token, tokens.refresh_token, tokens.id_token]) if (typeof value === "string") this.context.secrets.addCredential(value);
  }

  private async persist(): Promise<void> {
    const { store, key } = this.context;
    const login = this.login;
    try {
      if (login.client === undefined && login.tokens === undefined) await store.remove(key);
      else await store.write(key, login);
    } catch (error) {
      throw userError("auth-failed", `cannot save the login for ${this.context.label} in ${store.pathOf(key)}: ${(error as Error).message}`, {
        hint: `check that you may write to ${store.directory}, or set MCPGEN_CONFIG_DIR to a directory you may write to`,
      });
    }
  }
}

/**
 * Whether an authorization server endpoint may be used: `https`, or `http` on
 * this machine (RFC 8252 §8.3's loopback, which the MCP authorization spec
 * exempts), never another scheme.
 */
export function secureEndpoint(url: URL): boolean {
  if (url.protocol === "https:") return true;
  if (url.protocol !== "http:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Issuer identifiers compared as RFC 8414 does, tolerating one trailing slash (as the SDK does). */
function sameIssuer(a: string, b: string): boolean {
  const trim = (issuer: string) => (issuer.endsWith("/") ? issuer.slice(0, -1) : issuer);
  return trim(a) === trim(b);
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The first redirect URI a stored client was registered with. */
export function registeredRedirect(client: OAuthClientInformationMixed | undefined): string | undefined {
  return client !== undefined && "redirect_uris" in client ? client.redirect_uris[0] : undefined;
}

function splitScope(scope: string | undefined): string[] {
  return (scope ?? "").split(/\s+/).filter((item) => item !== "");
}

/** True when `granted` includes every scope of `wanted`. */
function covers(granted: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((scope) => granted.includes(scope));
}
