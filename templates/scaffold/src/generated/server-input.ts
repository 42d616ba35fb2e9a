/** Stand-in for a scaffold's `src/generated/server-input.ts`, which is `templates/server-input.ts` as it is. */
export * from "../../../server-input.js";
