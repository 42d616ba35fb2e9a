/** Stand-in for the generated `runtime.ts`, which is `templates/client-runtime.ts` as it is. */
export * from "../client-runtime.js";
