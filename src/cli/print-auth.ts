/** How `mcpgen auth status` and `mcpgen auth logout` read: the logins (never their tokens), and what was forgotten. */
import type { AuthLogout, AuthStatus, LoginSummary } from "../commands/auth.js";
import { counted } from "../shared/display.js";
import { printable } from "../shared/errors.js";
import { jsonText, type Io } from "./io.js";

export function printAuthStatus(status: AuthStatus, io: Io, options: { json?: boolean | undefined }): void {
  const { directory, logins } = status;
  if (options.json) {
    io.stdout(`${jsonText({ directory, logins }, 2)}\n`);
    return;
  }
  if (logins.length === 0) {
    io.stdout(`no cached logins (mcpgen pull keeps them in ${directory})\n`);
    return;
  }
  for (const login of logins) {
    const lines = [printable(login.server)];
    if (login.authorizationServer !== undefined) lines.push(`  authorization server: ${printable(login.authorizationServer)}`);
    if (login.client !== undefined)
      lines.push(
        `  client: ${printable(login.client.id)} (${login.client.kind === "metadata-document" ? "client metadata document" : "registered by mcpgen"})`,
      );
    lines.push(`  access token: ${tokenState(login)}`);
    if (login.scopes.length > 0) lines.push(`  scopes: ${printable(login.scopes.join(" "))}`);
    io.stdout(`${lines.join("\n")}\n`);
  }
  io.stdout(`${counted(logins.length, "login")} cached in ${directory}\n`);
}

function tokenState(login: LoginSummary): string {
  const refresh = login.refreshable ? "refreshed by the next pull" : "the next pull logs in again";
  if (login.expiresAt === undefined) return login.expired ? `none (${refresh})` : "cached, no expiry given";
  const minutes = Math.round((Date.parse(login.expiresAt) - Date.now()) / 60_000);
  if (!login.expired)
    return `valid until ${login.expiresAt} (${minutes < 120 ? `${Math.max(minutes, 1)} min` : `${Math.round(minutes / 60)} h`})${login.refreshable ? ", refreshable" : ""}`;
  return `expired at ${login.expiresAt} (${refresh})`;
}

export function printAuthLogout(result: AuthLogout, io: Io, options: { json?: boolean | undefined }): void {
  const { forgot, server } = result;
  if (options.json) io.stdout(`${jsonText({ forgot }, 2)}\n`);
  else if (server !== undefined) io.stdout(forgot.length > 0 ? `forgot the login for ${server}\n` : `no login cached for ${server}\n`);
  else
    io.stdout(
      forgot.length === 0 ? "no cached logins to forget\n" : `forgot ${counted(forgot.length, "login")}: ${forgot.map((name) => printable(name)).join(", ")}\n`,
    );
}
