/** Stand-in for a scaffold's `src/generated/types.ts`: the client package's, as `generate` emits it. */
export type * from "../../../client/types.js";
