/** Stand-in for a scaffold's `src/generated/server-surface.ts`, which is `templates/server-surface.ts` as it is. */
export * from "../../../server-surface.js";
