/** Stand-in for a scaffold's `src/generated/server-http.ts`, which is `templates/server-http.ts` as it is. */
export * from "../../../server-http.js";
