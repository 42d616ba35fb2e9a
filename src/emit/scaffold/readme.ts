/**
 * Emits the scaffold's `README.md`. Written once; the user owns it, except
 * its tools table: the lines between `TOOLS_START` and `TOOLS_END`, which
 * every regeneration (`npm run generate`) rewrites from the manifest, and
 * which the user removes to keep the file to themselves. It holds no
 * server-supplied text: handler paths and type names are mcpgen's own
 * identifiers.
 */
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { MANIFEST_FILE, README_FILE, TOOLS_END, TOOLS_START } from "../../shared/output-names.js";
import { shellWord } from "../../shared/display.js";
import { markdownCode as code, tableCell as cell } from "../../shared/markdown.js";
import type { HandlerPaths } from "./handler-paths.js";

/**
 * The tools table, markers included: one row per tool, its handler file and types; then, when the
 * manifest has any, one row per prompt, resource template and fixed resource, its handler file
 * and what it is handed.
 */
export function toolsTable(ir: ManifestIR, handlerPaths: HandlerPaths): string {
  const rows = ir.tools.map((tool) => {
    const output = tool.output === undefined ? "(no outputSchema)" : `\`${tool.output.typeNames.root}\``;
    return `| \`${handlerPaths.tool.get(tool.wireName) ?? ""}\` | \`${tool.input.typeNames.root}\` | ${output} |`;
  });
  const surface = [
    ...ir.prompts.map((prompt) => `| \`${handlerPaths.prompt.get(prompt.wireName) ?? ""}\` | prompt | \`${prompt.typeName}\` |`),
    ...ir.resourceTemplates.map(
      (template) => `| \`${handlerPaths["resource-template"].get(template.wireName) ?? ""}\` | resource template | \`${template.typeName}\` |`,
    ),
    ...ir.resources.map((resource) => `| \`${handlerPaths.resource.get(resource.uri) ?? ""}\` | resource | (its URI) |`),
  ];
  const surfaceTable =
    surface.length === 0
      ? ""
      : `

| handler | serves | handed |
|---|---|---|
${surface.join("\n")}`;
  // A manifest without tools (prompts or resources alone): no table with a head and no rows.
  const toolTable =
    rows.length === 0
      ? "No tools."
      : `| handler | input | output |
|---|---|---|
${rows.join("\n")}`;
  return `${TOOLS_START}

${toolTable}${surfaceTable}

${TOOLS_END}`;
}

/** A configuration's scaffold target, paths relative to the project, `/`-separated. */
export interface ScaffoldContract {
  /** The target's name. */
  target: string;
  /** The configuration file; undefined for a configuration given as an object. */
  config: string | undefined;
  /** The target's manifest; undefined for a server target (its contract is the server, its snapshot `manifest.json`). */
  manifest: string | undefined;
  /** The `generate` script that runs the target with mcpgen found by name (`mcpgen generate --config <file> <target>`). */
  script: string;
}

/** The README's words about its contract and its `generate` script: a standalone scaffold's, or a configuration target's. */
interface ContractWords {
  /** The first line: where the server comes from. */
  intro: string;
  /** What to do when the contract changes, before the commands. */
  edit: string;
  /** `npm run generate`'s comment: its command, and what it refreshes. */
  run: string;
  /** Where npm finds `mcpgen`, besides this directory: the project above. */
  above: string;
  /** Where mcpgen may be installed so that npm finds it. */
  install: string;
  /** The `generate` script with `mcpgen` found by name. */
  script: string;
  /** The rows of the ownership table for the contract and `manifest.json`. */
  rows: string;
}

function contractWords(contract: ScaffoldContract | undefined): ContractWords {
  if (contract === undefined) {
    const script = `mcpgen scaffold ${MANIFEST_FILE} --out .`;
    return {
      intro: `An MCP server scaffolded by mcpgen (\`mcpgen scaffold\`) from \`${MANIFEST_FILE}\`. It lists`,
      edit: `Edit \`${MANIFEST_FILE}\`, then:`,
      run: `${script} : refreshes src/generated/ and the tools table`,
      above: `(the project you ran \`mcpgen scaffold\` from, when this
server is inside it)`,
      install: `(\`npm install -D <path to mcpgen-x.y.z.tgz>\`)`,
      script,
      rows: `| \`${MANIFEST_FILE}\` | the contract: edit it, then \`npm run generate\` |`,
    };
  }
  const script = contract.script;
  const target = `target ${code(contract.target)}${contract.config === undefined ? "" : ` in ${code(contract.config)}`}`;
  const common = {
    above: `(the project of the configuration, when this server is
inside it)`,
    install: `or in the project of the configuration (\`npm install -D <path to mcpgen-x.y.z.tgz>\`)`,
    script,
  };
  if (contract.manifest === undefined) {
    const pull =
      contract.config === undefined ? "`mcpgen pull` of that target" : code(`mcpgen pull --config ${shellWord(contract.config)} ${shellWord(contract.target)}`);
    return {
      ...common,
      intro: `An MCP server scaffolded by mcpgen (${target}) from \`${MANIFEST_FILE}\`, its snapshot of a server. It lists`,
      edit: `The contract is the server of ${target}; \`${MANIFEST_FILE}\` is mcpgen's snapshot of
its lists. When the server changes, ${pull} refreshes the snapshot and this
project. To regenerate from the snapshot:`,
      run: `${script} : refreshes src/generated/ and the tools table from ${MANIFEST_FILE}`,
      rows: `| \`${MANIFEST_FILE}\` | mcpgen: the snapshot of the server of ${cell(target)}, rewritten by \`mcpgen pull\` |`,
    };
  }
  if (contract.manifest === MANIFEST_FILE) {
    return {
      ...common,
      intro: `An MCP server scaffolded by mcpgen (${target}) from \`${MANIFEST_FILE}\`. It lists`,
      edit: `Edit \`${MANIFEST_FILE}\`, then:`,
      run: `${script} : refreshes src/generated/ and the tools table`,
      rows: `| \`${MANIFEST_FILE}\` | the contract (the manifest of ${cell(target)}): edit it, then \`npm run generate\` |`,
    };
  }
  return {
    ...common,
    intro: `An MCP server scaffolded by mcpgen (${target}) from ${code(contract.manifest)}. It lists`,
    edit: `Edit ${code(contract.manifest)}: it is the contract. Not \`${MANIFEST_FILE}\`, which is mcpgen's copy of
it, replaced by every run of the target (a run refuses to undo an edit made there). Then:`,
    run: `${script} : refreshes ${MANIFEST_FILE}, src/generated/ and the tools table`,
    rows: `| ${cell(code(contract.manifest))} | the contract (the manifest of ${cell(target)}): edit it, then \`npm run generate\` |
| \`${MANIFEST_FILE}\` | mcpgen: its copy of the contract, rewritten by \`npm run generate\`, do not edit |`,
  };
}

/**
 * `generate`: what `npm run generate` runs (the package.json's script, as the scaffold command chose it).
 * `contract`: a configuration's target, whose manifest (not the project's copy) the README names.
 */
export function emitReadme(ir: ManifestIR, name: string, handlerPaths: HandlerPaths, generate: string, contract?: ScaffoldContract): EmittedFile {
  const mcpgenByName = generate.startsWith("mcpgen ");
  const words = contractWords(contract);
  const contents = `# ${name}

${words.intro}
exactly the tools of that manifest (and its prompts, resources and resource templates), validates
every call against the tools' JSON Schemas, and runs your code in \`src/handlers/\`. It speaks MCP 2026-07-28 and the 2025 revisions, whichever the client
does, over stdio and Streamable HTTP (the official SDK v2, \`@modelcontextprotocol/server\`).

\`\`\`sh
npm install
npm run build
node dist/server.js                          # stdio: what an MCP client runs
PORT=8080 node dist/server.js --http         # Streamable HTTP on http://127.0.0.1:8080/mcp
\`\`\`

## Use it from an MCP client

Clients start a stdio server as a command. Give them \`node\` and the absolute path of
\`dist/server.js\`, for example in a \`.mcp.json\`:

\`\`\`json
{
  "mcpServers": {
    "${name}": { "command": "node", "args": ["/absolute/path/to/${name}/dist/server.js"] }
  }
}
\`\`\`

Not \`npm start\`: npm prints a banner on stdout before the server starts, and on stdio, stdout
carries the protocol, so the client fails on it. (\`npm start\` and \`npm run start:http\` are
there for trying the server by hand.)

## When the manifest changes

${words.edit}

\`\`\`sh
npm run generate    # ${words.run}
npm run build       # fails in every handler that no longer fits its tool's schemas
\`\`\`

${
  mcpgenByName
    ? `\`npm run generate\` runs the \`mcpgen\` command that npm finds: in \`node_modules/.bin\` of this
directory or of any directory above it ${words.above}, then on your \`PATH\`.`
    : `\`npm run generate\` runs the mcpgen that wrote this project, by its path (\`${generate}\`):
npm would find no \`mcpgen\` command from here. If that copy moves, or once mcpgen is installed here
${words.install} or globally, make the \`generate\` script of
\`package.json\` \`${words.script}\`.`
} \`npm run generate -- --check\`
exits 1 when \`src/generated/\` is out of date (for CI).

## Who owns what

| path | owner |
|---|---|
| \`src/handlers/*.ts\` | you: one file per tool (and prompt, resource, resource template); mcpgen creates a stub for a new one and never touches an existing file |
| \`src/server.ts\`, \`package.json\`, \`tsconfig.json\`, this README | you: created once (the tools table below is mcpgen's while its marker lines are there) |
| \`src/generated/\` | mcpgen: rewritten by \`npm run generate\`, do not edit |
${words.rows}

## Tools

${toolsTable(ir, handlerPaths)}

A handler receives its validated, typed input and a context (\`signal\`, \`progress\`, \`log\`,
and \`sample\`/\`elicit\`/\`listRoots\` for clients that support them; on MCP 2026-07-28 the handler
runs again from its start with each answer, so keep side effects after its asks). It returns the typed output, which is
checked against the outputSchema and sent as \`structuredContent\` plus a JSON text block,
or \`toolResult({ ... })\` for a full result. A thrown error becomes a tool error with its message.
A prompt's handler (\`definePrompt\`) receives its checked arguments and returns its messages; a
resource's (\`defineResource\`) returns its contents; a resource template's
(\`defineResourceTemplate\`) receives the variables parsed from the URI read.

Handlers of removed tools (prompts, resources) are listed by \`npm run generate\`, never deleted.
A handler file can be renamed or moved within \`src/handlers/\`, subdirectories included: mcpgen finds it by its
\`defineHandler(name, ...)\` call (\`definePrompt\`, \`defineResource\`, \`defineResourceTemplate\`),
where \`name\` is a string literal or a \`const\` declared in that file as one.

## HTTP

\`node dist/server.js --http\` binds to 127.0.0.1 and refuses requests whose \`Host\` or \`Origin\`
header names another host (DNS-rebinding protection). \`PORT\` sets the port (default 3000),
\`MCP_HOST\` the interface, \`MCP_ALLOWED_HOSTS\` (comma-separated) accepts more host names.

MCP 2026-07-28 has no sessions; a 2025 client gets one at \`initialize\`. At most
\`MCP_MAX_SESSIONS\` sessions (default 1000) are open at once (the least recently used idle one
makes room, 503 when all are in use), and one idle for \`MCP_SESSION_IDLE_TIMEOUT\` seconds
(default 1800) is closed; \`--stateless\` or \`MCP_STATELESS=1\` serves 2025 clients without sessions.
At most \`MCP_MAX_REQUESTS\` requests (default 1000) are served at once; one more gets 503. A body
over 4 MiB gets 413. How long clients may cache the tool list (\`ttlMs\`, \`cacheScope\`) is set in
\`src/server.ts\`.
`;
  return { path: README_FILE, contents, format: "none" };
}
