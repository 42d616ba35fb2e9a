/**
 * In a CommonJS package (a package.json without "type": "module"), the generated client compiles
 * with `module: NodeNext` once `verbatimModuleSyntax` is off, and runs: `tsc` writes CommonJS, the
 * validators load through `import()`, and the SDK v2 client is required through its CommonJS build.
 * With `verbatimModuleSyntax` on, the same project fails (TS1295, TS1287), as README.md says.
 * A real program: the weather golden's client, a real SDK v2 server in the same process.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/typecheck.js";

const run = promisify(execFile);
const tsc = join(repoRoot, "node_modules/tsc7/bin/tsc");

const PROGRAM = `import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { Server } from "@modelcontextprotocol/server";
import { createClient, ValidationError } from "./weather/index.js";
import manifest = require("./weather.tools.json");

async function main(): Promise<void> {
  const server = new Server({ name: "weather", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: manifest.tools as never }));
  server.setRequestHandler("tools/call", () => ({
    content: [{ type: "text", text: "sunny" }],
    structuredContent: { temperature: 21, conditions: "sunny", humidity: 40 },
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const sdkClient = new Client({ name: "commonjs-app", version: "1.0.0" });
  await sdkClient.connect(clientSide);
  const weather = createClient(sdkClient);
  const result = await weather.getWeather({ location: "Oslo" });
  console.log(\`temperature \${result.structuredContent.temperature}\`);
  try {
    await weather.getWeather({ location: 42 as unknown as string });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    console.log(\`refused: \${error.message}\`);
  }
  console.log(\`module: \${typeof module === "object" ? "commonjs" : "esm"}\`);
  await sdkClient.close();
  await server.close();
}
void main();
`;

function tsconfig(verbatimModuleSyntax: boolean): string {
  const compilerOptions = {
    module: "nodenext",
    target: "es2022",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax,
    resolveJsonModule: true,
    skipLibCheck: true,
    types: ["node"],
    rootDir: "src",
    outDir: "dist",
  };
  return `${JSON.stringify({ compilerOptions, include: ["src"] }, null, 2)}\n`;
}

describe("the generated client in a CommonJS package", () => {
  let app = "";

  beforeAll(async () => {
    // Below the repository, so that the program finds its node_modules as an installed app would.
    await mkdir(join(repoRoot, ".tmp"), { recursive: true });
    app = await mkdtemp(join(repoRoot, ".tmp", "commonjs-app-"));
    await writeFile(join(app, "package.json"), `${JSON.stringify({ name: "commonjs-app", private: true }, null, 2)}\n`);
    await cp(join(repoRoot, "golden", "weather"), join(app, "src", "weather"), { recursive: true });
    await cp(join(repoRoot, "examples", "weather.tools.json"), join(app, "src", "weather.tools.json"));
    await writeFile(join(app, "src", "main.ts"), PROGRAM);
  });

  afterAll(async () => {
    if (app !== "") await rm(app, { recursive: true, force: true });
  });

  it("fails to compile with verbatimModuleSyntax, which forbids ES module syntax in CommonJS files", async () => {
    await writeFile(join(app, "tsconfig.json"), tsconfig(true));
    const failed = await run(process.execPath, [tsc, "-p", app, "--noEmit", "--pretty", "false"]).then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toMatch(/src\/weather\/.*error TS1295/);
  });

  it("compiles to CommonJS without verbatimModuleSyntax, and runs: a typed call, a validation error", async () => {
    await writeFile(join(app, "tsconfig.json"), tsconfig(false));
    const compiled = await run(process.execPath, [tsc, "-p", app, "--pretty", "false"]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(compiled.stdout).toBe("");
    const { stdout } = await run(process.execPath, [join(app, "dist", "main.js")], { cwd: app, timeout: 30_000 });
    expect(stdout).toContain("temperature 21\n");
    expect(stdout).toMatch(/refused: .*location/);
    expect(stdout).toContain("module: commonjs\n");
  });
});
