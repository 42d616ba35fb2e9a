/** Stand-in for a scaffold's `src/generated/validate.ts`: the client package's, as `generate` emits it. */
export * from "../../../client/validate.js";
