/**
 * The loopback redirect of a native app's login (RFC 8252 §7.3, which the
 * MCP authorization spec follows): an HTTP listener on 127.0.0.1 at a port
 * of its own, receiving the authorization server's redirect at `/callback`.
 * It accepts only the `state` of the login under way (RFC 6749 §10.12): a
 * redirect carrying any other is refused and ends the login, since it did
 * not come from the authorization request mcpgen made. The browser gets a
 * short page saying whether it worked and that the tab can be closed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Why no authorization code came back. */
export class ConsentFailure extends Error {
  override readonly name = "ConsentFailure";
  constructor(
    readonly kind: "denied" | "error" | "state-mismatch" | "issuer-mismatch" | "timeout" | "malformed",
    message: string,
    /** The authorization server's `error` and `error_description` (RFC 6749 §4.1.2.1), as received. */
    readonly oauthError?: string | undefined,
    readonly description?: string | undefined,
  ) {
    super(message);
  }
}

export const CALLBACK_PATH = "/callback";

/** What a successful redirect carried: the code, and the issuer when the authorization server names itself (RFC 9207). */
export interface AuthorizationResponse {
  code: string;
  iss?: string | undefined;
}

/** The authorization server a login was sent to (RFC 9207): its issuer, and whether it promises `iss` in its redirects. */
export interface ExpectedIssuer {
  issuer: string | undefined;
  required: boolean;
}

interface Waiting {
  state: string;
  issuer?: ExpectedIssuer | undefined;
  settled?: AuthorizationResponse | { failure: ConsentFailure } | undefined;
  notify?: (() => void) | undefined;
}

export class LoopbackCallback {
  private waiting: Waiting | undefined;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    /** Names the server in the page the browser shows. */
    private readonly label: string,
  ) {}

  /**
   * Listens on 127.0.0.1. `port` is tried first; when it is taken, a free
   * port is used instead, unless `required` (a port an authorization server
   * has registered exactly), in which case the error says so.
   */
  static async listen(label: string, port?: number | undefined, required = false): Promise<LoopbackCallback> {
    const server = createServer();
    const bind = (at: number) =>
      new Promise<number>((resolve, reject) => {
        const fail = (error: Error) => reject(error);
        server.once("error", fail);
        server.listen(at, "127.0.0.1", () => {
          server.off("error", fail);
          resolve((server.address() as AddressInfo).port);
        });
      });
    let bound: number;
    try {
      bound = await bind(port ?? 0);
    } catch (error) {
      if (port === undefined || required || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      bound = await bind(0);
    }
    const callback = new LoopbackCallback(server, bound, label);
    server.on("request", (request, response) => callback.handle(request, response));
    return callback;
  }

  /** The redirect URI: the loopback IP literal, never `localhost` (RFC 8252 §8.3). */
  get redirectUrl(): string {
    return `http://127.0.0.1:${this.port}${CALLBACK_PATH}`;
  }

  /**
   * Starts waiting for the redirect of a login whose authorization request carries `state`, sent to
   * the authorization server `issuer` (checked here for an error redirect; the SDK checks a code's).
   */
  expect(state: string, issuer?: ExpectedIssuer | undefined): void {
    this.waiting = { state, issuer };
  }

  /** The authorization response of the login `expect` started; rejects with a `ConsentFailure`. */
  async code(timeoutMs: number, signal?: AbortSignal | undefined): Promise<AuthorizationResponse> {
    const waiting = this.waiting;
    if (waiting === undefined) throw new ConsentFailure("malformed", "no login is under way");
    if (waiting.settled === undefined) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiting.settled ??= { failure: new ConsentFailure("timeout", "no answer from the browser") };
          resolve();
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          resolve();
        };
        waiting.notify = done;
        signal?.addEventListener("abort", done, { once: true });
      });
    }
    const settled = waiting.settled;
    if (settled === undefined) throw new ConsentFailure("timeout", "stopped while waiting for the browser");
    if ("failure" in settled) throw settled.failure;
    return settled;
  }

  async close(): Promise<void> {
    this.waiting?.notify?.();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method !== "GET" || url.pathname !== CALLBACK_PATH) {
      page(response, 404, "Not found", "This address only receives the redirect of an mcpgen login.");
      return;
    }
    const waiting = this.waiting;
    if (waiting === undefined || waiting.settled !== undefined) {
      page(response, 400, "No login is waiting", "mcpgen is not waiting for a login on this address (any more). You can close this tab.");
      return;
    }
    const query = url.searchParams;
    const settle = (outcome: NonNullable<Waiting["settled"]>) => {
      waiting.settled = outcome;
      waiting.notify?.();
    };
    if (query.get("state") !== waiting.state) {
      page(
        response,
        400,
        "Login refused",
        "This redirect does not belong to the login mcpgen started (its state parameter differs), so mcpgen did not use it. Start the login again from the terminal. You can close this tab.",
      );
      settle({
        failure: new ConsentFailure(
          "state-mismatch",
          "the redirect back from the authorization server carried a state parameter that does not match the login mcpgen started",
        ),
      });
      return;
    }
    const error = query.get("error");
    const iss = query.get("iss") ?? undefined;
    const expected = waiting.issuer;
    // MCP 2026-07-28 (RFC 9207 §2.4): an error response from another issuer is neither acted on nor shown.
    if (error !== null && expected !== undefined && (iss === undefined ? expected.required : iss !== expected.issuer)) {
      page(
        response,
        400,
        "Login refused",
        "This redirect does not name the authorization server mcpgen sent you to (its iss parameter), so mcpgen did not use it. Start the login again from the terminal. You can close this tab.",
      );
      settle({
        failure: new ConsentFailure(
          "issuer-mismatch",
          `the authorization server's error redirect ${iss === undefined ? "carried no iss parameter, which the authorization server promises" : "named another issuer than the one the login was started with"}; mcpgen neither used nor shows its error (RFC 9207: it may come from another authorization server)`,
        ),
      });
      return;
    }
    if (error !== null) {
      const description = query.get("error_description") ?? undefined;
      page(
        response,
        200,
        "Login not completed",
        `The authorization server answered: ${error}${description === undefined ? "" : `: ${description}`}. You can close this tab and return to the terminal.`,
      );
      settle({
        failure: new ConsentFailure(error === "access_denied" ? "denied" : "error", "the authorization server did not grant access", error, description),
      });
      return;
    }
    const code = query.get("code");
    if (code === null || code === "") {
      page(response, 400, "Login not completed", "The redirect carried neither an authorization code nor an error. You can close this tab.");
      settle({ failure: new ConsentFailure("malformed", "the redirect back from the authorization server carried neither a code nor an error") });
      return;
    }
    page(response, 200, "Logged in", `mcpgen is logged in to ${this.label}. You can close this tab and return to the terminal.`);
    // RFC 9207 §2.4: the issuer, when present, is checked against the login's authorization server before the code is redeemed.
    settle({ code, ...(iss === undefined ? {} : { iss }) });
  }
}

/** A small HTML page; every piece of text is escaped (the error text comes from the query string). */
function page(response: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mcpgen: ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>
`;
  response.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    connection: "close",
  });
  response.end(body);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
