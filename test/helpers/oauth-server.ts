/**
 * An OAuth-protected MCP server for the login tests, on 127.0.0.1 with a
 * random port, built from the SDK's server-side auth support: its router
 * (authorization server metadata, protected resource metadata, dynamic
 * client registration, authorize and token endpoints) and its bearer
 * middleware, over a provider written here that keeps everything in memory,
 * approves (or denies) every authorization at once, and records what it saw.
 *
 * The SDK's router is an Express router; Express comes with the SDK but has
 * no type declarations installed, so it is loaded with `require` and typed
 * by the little this helper uses.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import { InvalidClientMetadataError, InvalidGrantError, InvalidTokenError, ServerError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import { mcpAuthRouter } from "@modelcontextprotocol/sdk/server/auth/router.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { OAuthClientInformationFull, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { sampleTool, toolServer } from "./mcp-http-servers.js";

type Handler = (
  request: IncomingMessage & { body?: unknown },
  response: ServerResponse & {
    status(code: number): { json(body: unknown): void };
    set(name: string, value: string): void;
    redirect(status: number, url: string): void;
  },
  next: (error?: unknown) => void,
) => void;
interface ExpressApp {
  (request: IncomingMessage, response: ServerResponse): void;
  use(...handlers: Array<Handler | string | unknown>): void;
  post(path: string, ...handlers: Handler[]): void;
  get(path: string, ...handlers: Handler[]): void;
}
interface Express {
  (): ExpressApp;
  json(): Handler;
}
const express = createRequire(import.meta.url)("express") as Express;

export interface OAuthServerBehaviour {
  /** What the user does in the browser (default `approve`). */
  consent?: "approve" | "deny";
  /** Dynamic client registration refuses every client with this description (`invalid_client_metadata`). */
  registrationError?: string;
  /** The token endpoint refuses the authorization code with this OAuth error. */
  tokenError?: { error: "invalid_grant" | "server_error"; description: string };
  /** Scopes every request needs (default none), and those `tools/list` needs on top (a step-up: 403 `insufficient_scope`). */
  scopes?: { base: string[]; toolsList?: string[] };
  /** `scopes_supported` of the metadata (default `["tools:read"]`). */
  scopesSupported?: string[];
  /** Issue refresh tokens (default true). */
  refreshTokens?: boolean;
  /** Makes the protected resource metadata name this authorization server instead of itself. */
  authorizationServer?: string;
  tools?: Tool[];
  /** The first tool's `text` property has the request's access token as its default: a server that echoes the login into its contract. */
  echoToken?: boolean;
}

/** What the authorization server saw and issued; `secrets` is everything that must never leak. */
export interface AuthRecord {
  registrations: OAuthClientInformationFull[];
  authorizations: Array<AuthorizationParams & { clientId: string }>;
  /** Token requests by grant. */
  grants: string[];
  /** Every access and refresh token issued, authorization code, client secret and PKCE verifier. */
  secrets: string[];
  /** Authorization headers the MCP endpoint received. */
  bearerTokens: string[];
}

export interface OAuthTestServer {
  /** The MCP endpoint (Streamable HTTP). */
  url: URL;
  /** The same tools over the legacy HTTP+SSE transport (GET `/sse`, POST `/messages`), behind the same login; POST `/sse` is 405. */
  sseUrl: URL;
  origin: string;
  record: AuthRecord;
  /** Every access token issued so far expires now (as time passing would). */
  expireAccessTokens(): void;
  /** Every refresh token issued so far is revoked (as an administrator or a password change would). */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

interface IssuedToken {
  clientId: string;
  scopes: string[];
  expiresAt: number;
  resource?: URL | undefined;
}

class TestProvider implements OAuthServerProvider {
  readonly skipLocalPkceValidation = true;
  readonly record: AuthRecord = { registrations: [], authorizations: [], grants: [], secrets: [], bearerTokens: [] };
  private readonly clients = new Map<string, OAuthClientInformationFull>();
  private readonly codes = new Map<string, { clientId: string; params: AuthorizationParams }>();
  readonly accessTokens = new Map<string, IssuedToken>();
  readonly refreshTokens = new Map<string, { clientId: string; scopes: string[] }>();

  constructor(private readonly behaviour: OAuthServerBehaviour) {}

  get clientsStore(): OAuthRegisteredClientsStore {
    return {
      getClient: (id) => this.clients.get(id),
      registerClient: (client) => {
        if (this.behaviour.registrationError !== undefined) throw new InvalidClientMetadataError(this.behaviour.registrationError);
        const full = {
          ...client,
          client_id: `client-${randomBytes(6).toString("hex")}`,
          client_id_issued_at: Math.floor(Date.now() / 1000),
        } as OAuthClientInformationFull;
        if (full.client_secret !== undefined) this.record.secrets.push(full.client_secret);
        this.clients.set(full.client_id, full);
        this.record.registrations.push(full);
        return full;
      },
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Parameters<OAuthServerProvider["authorize"]>[2]): Promise<void> {
    this.record.authorizations.push({ ...params, clientId: client.client_id });
    const target = new URL(params.redirectUri);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    if (this.behaviour.consent === "deny") {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "The user declined to share the workspace");
    } else {
      const code = `code-${randomBytes(16).toString("hex")}`;
      this.record.secrets.push(code);
      this.codes.set(code, { clientId: client.client_id, params });
      target.searchParams.set("code", code);
    }
    res.redirect(302, target.href);
  }

  async challengeForAuthorizationCode(_client: OAuthClientInformationFull, code: string): Promise<string> {
    const entry = this.codes.get(code);
    if (entry === undefined) throw new InvalidGrantError("unknown authorization code");
    return entry.params.codeChallenge;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    verifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    this.record.grants.push("authorization_code");
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (entry === undefined || entry.clientId !== client.client_id) throw new InvalidGrantError("unknown authorization code");
    if (verifier !== undefined) this.record.secrets.push(verifier);
    // PKCE S256 (RFC 7636 §4.6), checked here: the provider receives the verifier because it skips the SDK's local check.
    const challenge = createHash("sha256")
      .update(verifier ?? "")
      .digest("base64url");
    if (challenge !== entry.params.codeChallenge) throw new InvalidGrantError("code_verifier does not match the challenge");
    if (redirectUri !== entry.params.redirectUri) throw new InvalidGrantError("redirect_uri differs from the authorization request's");
    const error = this.behaviour.tokenError;
    if (error !== undefined) throw error.error === "server_error" ? new ServerError(error.description) : new InvalidGrantError(error.description);
    return this.issue(client.client_id, entry.params.scopes ?? [], resource);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, _scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    this.record.grants.push("refresh_token");
    const entry = this.refreshTokens.get(refreshToken);
    // The token echoed back, as some authorization servers do: what a client prints of this answer must mask it.
    if (entry === undefined || entry.clientId !== client.client_id) throw new InvalidGrantError(`unknown refresh token ${refreshToken}`);
    this.refreshTokens.delete(refreshToken);
    return this.issue(client.client_id, entry.scopes, resource);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const issued = this.accessTokens.get(token);
    if (issued === undefined) throw new InvalidTokenError("unknown access token");
    return {
      token,
      clientId: issued.clientId,
      scopes: issued.scopes,
      expiresAt: Math.floor(issued.expiresAt / 1000),
      ...(issued.resource === undefined ? {} : { resource: issued.resource }),
    };
  }

  private issue(clientId: string, scopes: string[], resource: URL | undefined): OAuthTokens {
    const access = `access-${randomBytes(24).toString("hex")}`;
    this.accessTokens.set(access, { clientId, scopes, expiresAt: Date.now() + 3600_000, resource });
    this.record.secrets.push(access);
    const tokens: OAuthTokens = { access_token: access, token_type: "Bearer", expires_in: 3600, scope: scopes.join(" ") };
    if (this.behaviour.refreshTokens !== false) {
      const refresh = `refresh-${randomBytes(24).toString("hex")}`;
      this.refreshTokens.set(refresh, { clientId, scopes });
      this.record.secrets.push(refresh);
      tokens.refresh_token = refresh;
    }
    return tokens;
  }
}

/** `tools` with the first one's `text` property defaulting to `token`. */
function echoing(tools: Tool[], token: string): Tool[] {
  return tools.map((tool, index) =>
    index === 0
      ? { ...tool, inputSchema: { ...tool.inputSchema, properties: { ...tool.inputSchema.properties, text: { type: "string", default: token } } } }
      : tool,
  );
}

/** Starts the server: authorization server and MCP server (`/mcp`) on one origin. */
export async function startOAuthServer(behaviour: OAuthServerBehaviour = {}): Promise<OAuthTestServer> {
  const provider = new TestProvider(behaviour);
  // Routes are added below, once the port (and with it every URL) is known.
  const app: ExpressApp = express();
  const http: HttpServer = createServer((request, response) => app(request, response));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const mcpUrl = new URL(`${origin}/mcp`);
  const resourceMetadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const scopesSupported = behaviour.scopesSupported ?? ["tools:read"];

  if (behaviour.authorizationServer !== undefined) {
    const authorizationServer = behaviour.authorizationServer;
    app.get("/.well-known/oauth-protected-resource/mcp", (_request, response) =>
      response.status(200).json({ resource: mcpUrl.href, authorization_servers: [authorizationServer] }),
    );
  }
  app.use(mcpAuthRouter({ provider, issuerUrl: new URL(origin), resourceServerUrl: mcpUrl, scopesSupported }));

  const base = behaviour.scopes?.base ?? [];
  const bearer = requireBearerAuth({ verifier: provider, requiredScopes: base, resourceMetadataUrl, expectedResource: mcpUrl });
  const stepUp = behaviour.scopes?.toolsList;
  const tools = behaviour.tools ?? [sampleTool("list_issues"), sampleTool("create_issue")];
  app.post(
    "/mcp",
    express.json(),
    (request, response, next) => {
      const authorization = request.headers.authorization;
      if (authorization !== undefined) provider.record.bearerTokens.push(authorization);
      bearer(request as never, response as never, next);
    },
    (request, response, next) => {
      // A step-up: tools/list needs more scope than the rest (MCP "Scope Challenge Handling").
      const method = (request.body as { method?: unknown } | undefined)?.method;
      const granted = (request as { auth?: AuthInfo }).auth?.scopes ?? [];
      if (stepUp !== undefined && method === "tools/list" && !stepUp.every((scope) => granted.includes(scope))) {
        const needed = [...new Set([...base, ...stepUp])].join(" ");
        response.set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="${needed}", resource_metadata="${resourceMetadataUrl}"`);
        response.status(403).json({ error: "insufficient_scope", error_description: "tools/list needs more scope" });
        return;
      }
      next();
    },
    (request, response) => {
      // Stateless: no session id, a server per request.
      const transport = new StreamableHTTPServerTransport({});
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      const server = toolServer(behaviour.echoToken === true && token !== undefined ? echoing(tools, token) : tools);
      response.on("close", () => {
        void transport.close();
        void server.close();
      });
      server
        .connect(transport)
        .then(() => transport.handleRequest(request, response, request.body))
        .catch((error: unknown) => {
          if (!response.headersSent) response.status(500).json({ error: String(error) });
        });
    },
  );

  // The legacy transport: a resource of its own (its metadata names /sse), the same bearer check.
  const sseUrl = new URL(`${origin}/sse`);
  const sseMetadataUrl = `${origin}/.well-known/oauth-protected-resource/sse`;
  app.get("/.well-known/oauth-protected-resource/sse", (_request, response) =>
    response.status(200).json({ resource: sseUrl.href, authorization_servers: [`${origin}/`], scopes_supported: scopesSupported }),
  );
  const sseBearer = requireBearerAuth({ verifier: provider, requiredScopes: base, resourceMetadataUrl: sseMetadataUrl, expectedResource: sseUrl });
  const sessions = new Map<string, SSEServerTransport>();
  const checked: Handler = (request, response, next) => sseBearer(request as never, response as never, next);
  app.get("/sse", checked, (_request, response) => {
    const transport = new SSEServerTransport("/messages", response);
    sessions.set(transport.sessionId, transport);
    transport.onclose = () => sessions.delete(transport.sessionId);
    void toolServer(tools).connect(transport);
  });
  app.post("/sse", checked, (_request, response) => response.status(405).json({ error: "method not allowed" }));
  app.post("/messages", checked, (request, response) => {
    const transport = sessions.get(new URL(request.url ?? "/", origin).searchParams.get("sessionId") ?? "");
    if (transport === undefined) response.status(404).json({ error: "unknown session" });
    else void transport.handlePostMessage(request, response);
  });

  return {
    url: mcpUrl,
    sseUrl,
    origin,
    record: provider.record,
    expireAccessTokens: () => {
      for (const token of provider.accessTokens.values()) token.expiresAt = Date.now() - 1000;
    },
    revokeRefreshTokens: () => provider.refreshTokens.clear(),
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
