/**
 * An OAuth world made to measure, on 127.0.0.1 with random ports, for the
 * login's refusals: an MCP server (the SDK v2 fixture behind a bearer check)
 * whose protected resource metadata names an authorization server, and
 * authorization servers whose metadata says what a test wants (another
 * `issuer`, a plain-http authorization endpoint, an `iss` in the redirect).
 * Every request each of them receives is recorded, bodies included, so a
 * test can show what was, and what was not, sent where.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { sdk2ServerScript } from "./sdk2-servers.js";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

interface Listening {
  origin: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

async function listen(handle: (request: RecordedRequest, response: ServerResponse, origin: string) => unknown): Promise<Listening> {
  const requests: RecordedRequest[] = [];
  let origin = "";
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const recorded = { method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(recorded);
      Promise.resolve(handle(recorded, response, origin)).catch(() => response.destroy());
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));

export interface StubAuthorizationServerOptions {
  /** Fields of the metadata to set or replace (`issuer`, `authorization_endpoint`, `grant_types_supported`...). */
  metadata?: (origin: string) => Record<string, unknown>;
  /** The `iss` the authorization redirect carries (absent: none). */
  iss?: (origin: string) => string | undefined;
  /** The client id dynamic registration hands out. */
  clientId?: string;
}

export interface StubAuthorizationServer extends Listening {
  /** The access tokens it issued. */
  issued: string[];
}

/**
 * An authorization server: RFC 8414 metadata at `/.well-known/oauth-authorization-server`,
 * `/register`, `/authorize` (approves at once, redirecting to the client's redirect URI)
 * and `/token` (any grant, any client).
 */
export async function startAuthorizationServer(options: StubAuthorizationServerOptions = {}): Promise<StubAuthorizationServer> {
  const issued: string[] = [];
  const listening = await listen((request, response, origin) => {
    const url = new URL(request.path, origin);
    if (url.pathname === "/.well-known/oauth-authorization-server" || url.pathname === "/.well-known/openid-configuration") {
      return json(response, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token", "client_credentials"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
        ...options.metadata?.(origin),
      });
    }
    if (url.pathname === "/register" && request.method === "POST") {
      const metadata = JSON.parse(request.body) as Record<string, unknown>;
      return json(response, 201, { ...metadata, client_id: options.clientId ?? `client-${randomBytes(4).toString("hex")}` });
    }
    if (url.pathname === "/authorize") {
      const redirect = new URL(url.searchParams.get("redirect_uri") ?? "");
      redirect.searchParams.set("code", `code-${randomBytes(6).toString("hex")}`);
      redirect.searchParams.set("state", url.searchParams.get("state") ?? "");
      const iss = options.iss?.(origin);
      if (iss !== undefined) redirect.searchParams.set("iss", iss);
      response.writeHead(302, { location: redirect.href }).end();
      return;
    }
    if (url.pathname === "/token" && request.method === "POST") {
      const token = `token-${randomBytes(8).toString("hex")}`;
      issued.push(token);
      return json(response, 200, { access_token: token, token_type: "Bearer", expires_in: 3600 });
    }
    json(response, 404, { error: "not_found" });
  });
  return { ...listening, issued };
}

export interface StubResourceServer extends Listening {
  url: URL;
}

/**
 * An MCP server (the SDK v2 fixture, test/fixtures/sdk2) that answers 401 to
 * any request without a token `accepts`, with protected resource metadata
 * (RFC 9728) naming `authorizationServer`.
 */
export async function startResourceServer(
  authorizationServer: () => string,
  accepts: (token: string) => boolean,
  /** The status a request with a token it does not accept gets (default 401 with a challenge; a server may as well answer 500). */
  refusal: { status: number } = { status: 401 },
  /** Where it serves MCP (default `/mcp`). */
  path = "/mcp",
): Promise<StubResourceServer> {
  const { createFixtureServer } = (await import(sdk2ServerScript)) as { createFixtureServer: (context: { era?: string }) => unknown };
  const handler = createMcpHandler(createFixtureServer as never, { legacy: "stateless" });
  const listening = await listen(async (request, response, origin) => {
    const url = new URL(request.path, origin);
    if (url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
      return json(response, 200, { resource: `${origin}${path}`, authorization_servers: [authorizationServer()], bearer_methods_supported: ["header"] });
    }
    if (url.pathname !== path) return json(response, 404, { error: "not_found" });
    const bearer = /^Bearer (.+)$/.exec(String(request.headers["authorization"] ?? ""))?.[1];
    if (bearer !== undefined && !accepts(bearer) && refusal.status !== 401) return json(response, refusal.status, { error: "internal" });
    if (bearer === undefined || !accepts(bearer)) {
      return json(
        response,
        401,
        { error: "invalid_token" },
        { "www-authenticate": `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource${path}"` },
      );
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await handler.fetch(
      new Request(url, { method: request.method, headers, ...(request.method === "GET" || request.method === "DELETE" ? {} : { body: request.body }) }),
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  return {
    ...listening,
    url: new URL(`${listening.origin}${path}`),
    close: async () => {
      await handler.close();
      await listening.close();
    },
  };
}
