/**
 * What a login can fail at, and the failures mcpgen raises itself (as
 * opposed to the SDK's and the authorization server's, which `explain.ts`
 * words). The steps are those of the MCP authorization flow, in order.
 */

export type AuthStep = "discovery" | "registration" | "consent" | "token exchange" | "refresh" | "client credentials";

/** A failure mcpgen detects before or instead of asking the authorization server. */
export class LoginFailure extends Error {
  override readonly name = "LoginFailure";
  constructor(
    /**
     * `no-terminal`: a login is needed and nobody can complete one here;
     * `not-oauth`: the server asks for other credentials than an OAuth token;
     * `futile`: the server keeps refusing what a login just obtained;
     * `step`: a step failed (`step` says which).
     */
    readonly kind: "no-terminal" | "not-oauth" | "futile" | "step",
    message: string,
    readonly step?: AuthStep | undefined,
    readonly hint?: string | undefined,
  ) {
    super(message);
  }
}
