/**
 * Emits the scaffold's `README.md`. Written once; the user owns it. It holds
 * no server-supplied text: handler paths and type names are mcpgen's own
 * identifiers.
 */
import type { EmittedFile, ManifestIR } from "../ir.js";
import { SCAFFOLD_MANIFEST } from "./scaffold-package.js";

export function emitReadme(ir: ManifestIR, name: string, handlerPaths: ReadonlyMap<string, string>): EmittedFile {
  const rows = ir.tools.map((tool) => {
    const output = tool.output === undefined ? "(no outputSchema)" : `\`${tool.output.typeNames.root}\``;
    return `| \`${handlerPaths.get(tool.wireName) ?? ""}\` | \`${tool.input.typeNames.root}\` | ${output} |`;
  });
  const contents = `# ${name}

An MCP server scaffolded by [mcpgen](https://www.npmjs.com/package/mcpgen) from \`${SCAFFOLD_MANIFEST}\`.
It lists exactly the tools of that manifest, validates every call against the tools' JSON Schemas,
and runs your code in \`src/handlers/\`.

\`\`\`sh
npm install
npm run build
npm start                      # stdio
PORT=8080 npm run start:http   # Streamable HTTP on http://127.0.0.1:8080/mcp
npm run generate               # after editing ${SCAFFOLD_MANIFEST}: refresh src/generated/
\`\`\`

## Who owns what

| path | owner |
|---|---|
| \`src/handlers/*.ts\` | you: one file per tool; mcpgen creates a stub for a new tool and never touches an existing file |
| \`src/server.ts\`, \`package.json\`, \`tsconfig.json\`, this README | you: created once |
| \`src/generated/\` | mcpgen: rewritten by \`npm run generate\`, do not edit |
| \`${SCAFFOLD_MANIFEST}\` | the contract: edit it, then \`npm run generate\` |

## Tools

| handler | input | output |
|---|---|---|
${rows.join("\n")}

A handler receives its validated, typed input and a context (\`signal\`, \`progress\`, \`log\`,
and \`sample\`/\`elicit\` when the client supports them). It returns the typed output, which is
checked against the outputSchema and sent as \`structuredContent\` plus a JSON text block,
or \`toolResult({ ... })\` for a full result. A thrown error becomes a tool error with its message.

When the manifest changes, \`npm run generate\` updates the types; \`npm run build\` then fails
in every handler that no longer fits its tool's schemas. Handlers of removed tools are listed,
never deleted. A handler file can be renamed or moved within \`src/handlers/\`: mcpgen finds it by
its \`defineHandler(name, ...)\` call, where \`name\` is a string literal or a \`const\` declared in
that file as one.

## HTTP

\`npm run start:http\` binds to 127.0.0.1 and refuses requests whose \`Host\` or \`Origin\`
header names another host (DNS-rebinding protection). \`MCP_HOST\` changes the interface,
\`MCP_ALLOWED_HOSTS\` (comma-separated) accepts more host names, and \`MCP_STATELESS=1\`
(or \`--stateless\`) serves without sessions.

Sessions are bounded: at most \`MCP_MAX_SESSIONS\` (default 1000) are open at once, and one idle
(no request or stream open) for \`MCP_SESSION_IDLE_TIMEOUT\` seconds (default 1800; 0: never) is
closed. At the limit, a new session closes the least recently used idle one, or gets 503 when
every session is in use. A request to a closed session gets 404; the client starts a new session.
`;
  return { path: "README.md", contents, format: "none" };
}
