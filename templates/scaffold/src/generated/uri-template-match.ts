/** Stand-in for a scaffold's `src/generated/uri-template-match.ts`, which is `templates/uri-template-match.ts` as it is. */
export * from "../../../uri-template-match.js";
