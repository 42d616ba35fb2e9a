/** Stand-in for a scaffold's `src/generated/server-runtime.ts`, which is `templates/server-runtime.ts` as it is. */
export * from "../../../server-runtime.js";
