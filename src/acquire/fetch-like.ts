/** The `fetch` the SDK's transports and auth helpers take (the SDK's `FetchLike`, spelt with the DOM's types so that the declarations need no SDK or Node types). */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;
