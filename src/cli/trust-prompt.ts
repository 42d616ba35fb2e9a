/**
 * The question `pull` asks at a terminal before it expands the variables of a
 * project's MCP configuration file into a remote server's URL or headers
 * (see src/acquire/config-trust.ts): the file, the server, where the values
 * would go and which variables, then "Trust this file? [y/N]". Only when
 * both stdin and stderr are a terminal, and not in CI (`CI` set): otherwise
 * there is nobody to answer, and an untrusted file is refused with what to do.
 */
import { createInterface } from "node:readline/promises";
import type { TrustRequest } from "../commands/pull.js";
import { printable } from "../shared/errors.js";
import { displayPath, sentText, writtenUrlMasked } from "../shared/display.js";

export function trustPrompt(env: NodeJS.ProcessEnv = process.env): ((request: TrustRequest) => Promise<boolean>) | undefined {
  const ci = (env["CI"] ?? "") !== "" && env["CI"] !== "false";
  if (process.stdin.isTTY !== true || process.stderr.isTTY !== true || ci) return undefined;
  return async (request) => {
    const lines = [
      `${request.name} (${displayPath(request.file)}) comes with this project, and its server ${printable(JSON.stringify(request.server))}`,
      `would send the values of ${printable(sentText(request.variables, request.destination, request.credentials))}`,
      `(${printable(writtenUrlMasked(request.destination))}).`,
      "",
    ];
    process.stderr.write(lines.join("\n"));
    const readline = createInterface({ input: process.stdin, output: process.stderr });
    try {
      const answer = await readline.question("Trust this file as it is now (remembered until it changes)? [y/N] ");
      return /^\s*y(es)?\s*$/i.test(answer);
    } finally {
      readline.close();
    }
  };
}
