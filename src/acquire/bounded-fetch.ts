/**
 * What a pull reads from one server, bounded. A server decides how much it
 * sends: a 2 MB gzip body can inflate to gigabytes, and a plain one can be
 * hundreds of megabytes, each held whole by the SDK before it parses. The
 * `ResponseBudget` counts every byte a server sends during one pull (response
 * bodies after decompression, or a stdio server's stdout) and, past its
 * limit, stops reading and reports it once; `boundedFetch` is the `fetch` the
 * SDK's HTTP transports get, reading bodies through it.
 */
import type { FetchLike } from "./fetch-like.js";
import { ResponseTooLarge } from "./server-faults.js";

/** The most a pull reads from a server unless told otherwise: the SDK's own stdio limit, 10 MB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export class ResponseBudget {
  private used = 0;
  private reported = false;
  readonly error: ResponseTooLarge;

  /** `onExceeded` is called once, when the limit is first passed. */
  constructor(
    readonly limit: number,
    private readonly onExceeded: (error: ResponseTooLarge) => void,
  ) {
    this.error = new ResponseTooLarge(limit);
  }

  get exceeded(): boolean {
    return this.used > this.limit;
  }

  /** Starts counting afresh (a live session's next call), unless the limit was passed already. */
  renew(): void {
    if (!this.exceeded) this.used = 0;
  }

  /** Counts `bytes` just received; false once the total is past the limit (then stop reading). */
  take(bytes: number): boolean {
    this.used += bytes;
    if (!this.exceeded) return true;
    if (!this.reported) {
      this.reported = true;
      this.onExceeded(this.error);
    }
    return false;
  }
}

/**
 * `base` with every response body read through `budget`: past the limit the
 * body errors and the connection is dropped, so nothing more is inflated or
 * held; once over, no request is even sent. Status, headers and URL are the
 * response's own.
 */
export function boundedFetch(budget: ResponseBudget, base: FetchLike = fetch): FetchLike {
  return async (input, init) => {
    if (budget.exceeded) throw budget.error;
    const response = await base(input, init);
    if (response.body === null) return response;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (budget.take(chunk.byteLength)) controller.enqueue(chunk);
          else controller.error(budget.error);
        },
      }),
    );
    const bounded = new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
    // What `new Response` cannot be given: the SDK reads `url` (redirects) and `type`.
    Object.defineProperties(bounded, { url: { value: response.url }, redirected: { value: response.redirected }, type: { value: response.type } });
    return bounded;
  };
}
