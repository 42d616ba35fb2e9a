/**
 * One pull's OAuth session with one remote server: the provider handed to
 * the SDK's transports, the `fetch` they use, the loopback listener a browser
 * login returns to, and the step that completes a login once the browser
 * comes back (the SDK's `auth()` with the authorization code, which exchanges
 * it). `live-server.ts` drives it: when a transport reports that it sent the
 * user off to log in (`UnauthorizedError`), it calls `finishLogin` and
 * connects again, now with a token.
 */
import { createPrivateKey } from "node:crypto";
import { auth, createPrivateKeyJwtAuth, UnauthorizedError, type FetchLike } from "@modelcontextprotocol/client";
import { McpgenError, userError } from "../../shared/errors.js";
import { displayUrl, type Secrets } from "../sanitize.js";
import type { RemoteServerSpec } from "../server-spec.js";
import { LoopbackCallback } from "./callback.js";
import { explainLogin } from "./explain.js";
import { LoginFailure } from "./failure.js";
import { LoginObserver } from "./observer.js";
import { McpgenOAuthProvider, registeredRedirect, type ClientCredentials } from "./provider.js";
import { CREDENTIAL_VARIABLES, isIssuer, mergeOAuthSettings, type OAuthOptions, type OAuthSettings } from "./settings.js";
import { configDirectory, LoginStore, serverKey } from "./store.js";

/** How long a login waits for the browser to come back by default. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 5 * 60_000;

export interface SessionContext {
  secrets: Secrets;
  /** `BROWSER`, `MCPGEN_CLIENT_*`, `MCPGEN_CONFIG_DIR`. */
  environment: Readonly<Record<string, string | undefined>>;
  progress: (kind: "login" | "auth", message: string) => void;
  /** The fetch under the session's own (default: the global one). */
  fetch?: FetchLike | undefined;
  version: string;
  /** How long each answer may take, for messages. */
  timeoutMs: number;
}

/** What a session holds besides the provider: for completing logins and wording their failures. */
interface SessionParts {
  observer: LoginObserver;
  serverUrl: URL;
  label: string;
  timeoutMs: number;
  loginCommand: string;
  storeDirectory: string;
  secrets: Secrets;
}

export class OAuthSession {
  private constructor(
    readonly provider: McpgenOAuthProvider,
    /** For the transports: the server's headers scoped to its origin, every login request observed. */
    readonly fetch: FetchLike,
    /** How long a login waits for the browser. */
    readonly loginTimeoutMs: number,
    private readonly parts: SessionParts,
  ) {}

  static async open(spec: RemoteServerSpec, options: OAuthOptions, context: SessionContext): Promise<OAuthSession> {
    const env = context.environment;
    const credentials = readCredentials(env, context.secrets);
    const settings = mergeOAuthSettings(spec.oauth, options.settings);
    const store = new LoginStore(options.configDir ?? configDirectory(env));
    const key = serverKey(spec.url);
    // As messages and the cached login name it: a value .mcp.json expanded into the URL (its path too) masked.
    const server = context.secrets.redact(displayUrl(spec.url));
    let stored;
    try {
      stored = await store.read(key);
    } catch (error) {
      throw userError("auth-failed", `cannot read the cached login for ${server}: ${(error as Error).message}`, { file: store.pathOf(key) });
    }
    const interactive = options.interactive ?? false;
    const storedPort = portOf(registeredRedirect(stored?.client));
    // Listening starts only once a login may be needed (the provider's discoveryState): a server
    // that asks for none never has mcpgen open a port.
    const openCallback = async (): Promise<LoopbackCallback> => {
      try {
        return await LoopbackCallback.listen(spec.label, settings.callbackPort ?? storedPort, settings.callbackPort !== undefined);
      } catch (error) {
        throw userError("auth-failed", `cannot listen on 127.0.0.1:${settings.callbackPort ?? 0} for the login's redirect: ${(error as Error).message}`, {
          hint:
            settings.callbackPort === undefined
              ? undefined
              : "another program uses the configured oauth.callbackPort; stop it, or configure another port (and register its redirect URI)",
        });
      }
    };
    const observer = new LoginObserver();
    const credentialIssuer = credentials.issuer ?? settings.issuer;
    const loginCommand = options.loginCommand ?? `mcpgen pull ${server}`;
    const provider = new McpgenOAuthProvider({
      label: spec.label,
      settings,
      credentials,
      interactive,
      openBrowser: options.openBrowser ?? true,
      env,
      store,
      key,
      server,
      stored,
      secrets: context.secrets,
      openCallback: interactive ? openCallback : undefined,
      observer,
      clientAuthentication: credentials.privateKey === undefined ? undefined : privateKeyJwt(credentials, settings),
      progress: context.progress,
      loginCommand,
      version: context.version,
      serverOrigin: spec.url.origin,
      credentialIssuer,
    });
    observer.guard = (url, step) => provider.checkRequest(url, step);
    observer.onChallenge = () => provider.prepareCallback();
    const base = context.fetch ?? ((url, init) => fetch(url, init));
    return new OAuthSession(provider, observer.fetch(base, spec.url, spec.headers), options.loginTimeoutMs ?? DEFAULT_LOGIN_TIMEOUT_MS, {
      observer,
      serverUrl: spec.url,
      label: spec.label,
      timeoutMs: context.timeoutMs,
      loginCommand,
      storeDirectory: store.directory,
      secrets: context.secrets,
    });
  }

  /** True when `error` means a transport sent the user off to log in, and the login is waiting for the browser. */
  isLoginPending(error: unknown): boolean {
    return this.provider.pending !== undefined && error instanceof UnauthorizedError;
  }

  /** Waits for the browser to come back with the authorization code, then exchanges it for tokens (stored). */
  async finishLogin(signal?: AbortSignal | undefined): Promise<void> {
    const { secrets, serverUrl } = this.parts;
    const callback = this.provider.callback;
    if (this.provider.pending === undefined || callback === undefined) throw new LoginFailure("step", "no login is waiting for the browser", "consent");
    this.provider.pending = undefined;
    const { code, iss } = await callback.code(this.loginTimeoutMs, signal);
    secrets.addCredential(code);
    // The SDK checks `iss` against the issuer this login was started with before it redeems the code (RFC 9207 §2.4).
    this.provider.redeeming = true;
    let result;
    try {
      result = await auth(this.provider, { serverUrl, authorizationCode: code, ...(iss === undefined ? {} : { iss }), fetchFn: this.fetch });
    } finally {
      this.provider.redeeming = false;
    }
    if (result !== "AUTHORIZED") throw new LoginFailure("step", "the authorization server did not issue tokens for the authorization code", "token exchange");
  }

  /** The login error `error` stands for (`who` and `phase` as other pull errors name them); undefined when it is not about a login. */
  explain(error: unknown, who: string, phase: string): McpgenError | undefined {
    const { serverUrl, ...parts } = this.parts;
    return explainLogin(error, { who, phase, server: displayUrl(serverUrl), loginTimeoutMs: this.loginTimeoutMs, ...parts });
  }

  /**
   * `error` with a word about the login when the failed request carried the
   * login cached by an earlier run: an authorization server that forgot it
   * may make a server fail in any way (HTTP 500 as much as 401), and the user
   * cannot see that a cached token was sent at all.
   */
  withCachedLoginHint(error: McpgenError): McpgenError {
    if (!this.provider.sentCachedToken) return error;
    const { serverUrl } = this.parts;
    const word = `the request carried the login mcpgen cached for this server in an earlier run; if the server (or its authorization server) no longer knows it, mcpgen auth logout ${displayUrl(serverUrl)} forgets it and the next pull logs in again`;
    const { severity: _severity, ...diagnostic } = error.diagnostic;
    return new McpgenError({ ...diagnostic, hint: diagnostic.hint === undefined ? word : `${diagnostic.hint}; ${word}` });
  }

  /** Stops listening for the browser. */
  async close(): Promise<void> {
    await this.provider.callback?.close();
  }
}

/** `MCPGEN_CLIENT_ID`, `MCPGEN_CLIENT_SECRET`, `MCPGEN_CLIENT_PRIVATE_KEY`, `MCPGEN_CLIENT_ISSUER`; the secret and the key are registered as secrets. */
function readCredentials(env: Readonly<Record<string, string | undefined>>, secrets: Secrets): ClientCredentials {
  const read = (name: string) => {
    const value = env[name];
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  const clientSecret = read(CREDENTIAL_VARIABLES.clientSecret);
  const privateKey = read(CREDENTIAL_VARIABLES.privateKey);
  if (clientSecret !== undefined) secrets.addCredential(clientSecret);
  if (privateKey !== undefined) secrets.addCredential(privateKey);
  const issuer = read(CREDENTIAL_VARIABLES.issuer);
  if (issuer !== undefined && !isIssuer(issuer)) {
    throw userError("usage", `${CREDENTIAL_VARIABLES.issuer} is not an authorization server's issuer`, {
      hint: "give the issuer of the authorization server your client belongs to: an https:// URL (http:// on this machine) without query or fragment",
    });
  }
  return { clientId: read(CREDENTIAL_VARIABLES.clientId), clientSecret, privateKey, issuer };
}

/**
 * `private_key_jwt` client authentication (RFC 7523 §2.2) with the SDK's
 * helper; the algorithm follows from the key: ES256/384/512 for the P-256,
 * P-384 and P-521 curves, EdDSA for Ed25519, RS256 for RSA.
 */
function privateKeyJwt(credentials: ClientCredentials, settings: OAuthSettings) {
  const clientId = credentials.clientId ?? settings.clientId;
  let alg: string;
  try {
    const key = createPrivateKey(credentials.privateKey!);
    const curve = key.asymmetricKeyDetails?.namedCurve;
    alg =
      key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss"
        ? "RS256"
        : key.asymmetricKeyType === "ed25519"
          ? "EdDSA"
          : curve === "prime256v1"
            ? "ES256"
            : curve === "secp384r1"
              ? "ES384"
              : curve === "secp521r1"
                ? "ES512"
                : "";
  } catch {
    throw userError("usage", `${CREDENTIAL_VARIABLES.privateKey} is not a PEM private key`, {
      hint: "give the PKCS #8 PEM text (-----BEGIN PRIVATE KEY----- ...) of the key registered for the client",
    });
  }
  if (alg === "")
    throw userError("usage", `${CREDENTIAL_VARIABLES.privateKey} holds a kind of key mcpgen cannot sign with`, {
      hint: "use an RSA, P-256, P-384, P-521 or Ed25519 key",
    });
  if (clientId === undefined)
    throw userError("usage", `${CREDENTIAL_VARIABLES.privateKey} is set, but no client id goes with it`, {
      hint: `set ${CREDENTIAL_VARIABLES.clientId} to the id of the client the key belongs to`,
    });
  return createPrivateKeyJwtAuth({ issuer: clientId, subject: clientId, privateKey: credentials.privateKey!, alg });
}

function portOf(uri: string | undefined): number | undefined {
  if (uri === undefined) return undefined;
  try {
    const url = new URL(uri);
    return url.hostname === "127.0.0.1" && url.port !== "" ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}
