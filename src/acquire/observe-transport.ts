/**
 * What mcpgen reads off a live server's transport while the SDK client uses
 * it (see `observeTransport`): a module of its own, beside live-server.ts,
 * so that the transport's types stay out of the package's declarations.
 */
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import { isRecord } from "../shared/json.js";
import { UNSUPPORTED_PROTOCOL_VERSION, type Attempt } from "./server-faults.js";

/** What `observeTransport` reads off a transport. */
export interface Observed {
  /** The transport to connect the client to: the observed one, seen through mcpgen's observer. */
  transport: Transport;
  /** The last answer as the server sent it. */
  takeAnswer: () => Record<string, unknown> | undefined;
  /** Whether the request with this id has been answered. */
  answered: (id: unknown) => boolean;
}

/**
 * What mcpgen reads off the transport itself, installed before the SDK
 * client connects: each answer as sent (a list's page), since the SDK's parse
 * drops fields it does not know (a newer spec's, a server's own) and the
 * snapshot keeps the server's words; the method of each request sent, so that
 * a failure names the request it happened in (`server/discover`,
 * `initialize`, `tools/list`); and which requests were answered.
 *
 * The client is given a view of the transport whose `onmessage` is the
 * client's alone, while the transport itself delivers to mcpgen's observer,
 * which passes each message on: so the observer sees every message once,
 * whichever handler it goes to (the SDK's era probe puts in a handler of its
 * own while it waits, which passes nothing on, and the client chains the one
 * it finds).
 *
 * `onLateModern` is told, once, when a server whose `server/discover` probe
 * went unanswered until `initialize` was sent shows itself a modern one: it
 * answers the probe with a result after all, or refuses `initialize` with
 * `UnsupportedProtocolVersionError` (see `ProbeAnsweredLate`).
 */
export function observeTransport(transport: Transport, attempt: Attempt, listMethods: ReadonlySet<string>, onLateModern?: () => void): Observed {
  let answer: Record<string, unknown> | undefined;
  const requested = new Set<unknown>();
  const answered = new Set<unknown>();
  // The ids of the server/discover probes sent, and of the fallback's initialize once it went out.
  const probes = new Set<unknown>();
  let initialize: { id: unknown } | undefined;
  let answeredProbeInTime = false;
  let toldLateModern = false;
  attempt.sent = [];
  attempt.received = 0;
  const lateModern = () => {
    if (toldLateModern) return;
    toldLateModern = true;
    onLateModern?.();
  };
  const record = (message: JSONRPCMessage) => {
    attempt.received = (attempt.received ?? 0) + 1;
    if (!("id" in message) || "method" in message) return;
    // An answer to no request sent is ignored, as JSON-RPC has it (so does the SDK); a timeout then names it.
    if (!requested.has(message.id)) {
      const error = (message as { error?: { message?: unknown } }).error?.message;
      attempt.unrequested?.push({ id: message.id, ...(typeof error === "string" ? { error } : {}) });
      return;
    }
    answered.add(message.id);
    const result = (message as { result?: unknown }).result;
    const isResult = isRecord(result);
    if (isResult) answer = result;
    if (probes.has(message.id)) {
      if (initialize === undefined) answeredProbeInTime = true;
      else if (isResult) lateModern();
    }
    const refused = (message as { error?: { code?: unknown } }).error?.code === UNSUPPORTED_PROTOCOL_VERSION;
    if (message.id === initialize?.id && refused && probes.size > 0 && !answeredProbeInTime) lateModern();
  };
  let clientHandler: Transport["onmessage"];
  transport.onmessage = (message, ...rest) => {
    record(message);
    clientHandler?.(message, ...rest);
  };
  const send = transport.send.bind(transport);
  transport.send = (message, ...rest) => {
    const method = (message as { method?: unknown }).method;
    // Requests only: a notification (notifications/initialized) is not what the server answers.
    if (typeof method === "string" && "id" in message) {
      attempt.sent?.push(method);
      requested.add(message.id);
      attempt.unrequested = [];
      attempt.inSession = transport.sessionId !== undefined || attempt.eventStreamOpen === true;
      if (!listMethods.has(method)) attempt.phase = method;
      if (method === "server/discover") probes.add(message.id);
      if (method === "initialize") initialize = { id: message.id };
    }
    return send(message, ...rest);
  };
  // The transport's own methods run on the transport, so that it delivers to the observer; the client's handler is the view's.
  // Methods of the transport's class are bound to it, once each; its own properties (the handlers the client sets,
  // `onclose` and `onerror`) come back as they were set, so that the SDK finds the very function it put there.
  const bound = new Map<PropertyKey, unknown>();
  const view = new Proxy(transport, {
    get: (target, key) => {
      if (key === "onmessage") return clientHandler;
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function" || Object.prototype.hasOwnProperty.call(target, key)) return value;
      let method = bound.get(key);
      if (method === undefined || (method as { original?: unknown }).original !== value) {
        method = Object.assign((value as (...args: unknown[]) => unknown).bind(target), { original: value });
        bound.set(key, method);
      }
      return method;
    },
    set: (target, key, value) => {
      if (key !== "onmessage") return Reflect.set(target, key, value, target);
      clientHandler = value as Transport["onmessage"];
      return true;
    },
  });
  return {
    transport: view,
    takeAnswer: () => {
      const taken = answer;
      answer = undefined;
      return taken;
    },
    answered: (id) => answered.has(id),
  };
}
