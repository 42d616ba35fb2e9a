/**
 * The README's "Getting started", run as written: its package.json (npm's
 * default, plus `"type": "module"`), its tsconfig.json and its whole program,
 * a client pulled from the real `@modelcontextprotocol/server-everything`,
 * compiled and run. Two substitutions, both asserted first: the server runs
 * from this repository's node_modules instead of `npx -y` (tests stay off the
 * network), and `tsc` is TypeScript 7, the version `npm install -D
 * typescript` installs.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { cliIn } from "../helpers/project.js";
import { repoRoot } from "../helpers/typecheck.js";

const run = promisify(execFile);
const tsc = join(repoRoot, "node_modules/tsc7/bin/tsc");
const server = join(repoRoot, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** The section's fenced blocks, in order, with their language. */
function gettingStarted(readme: string): Array<{ lang: string; text: string }> {
  const section = readme.slice(readme.indexOf("## Getting started"), readme.indexOf("\n## ", readme.indexOf("## Getting started") + 1));
  return [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1]!, text: match[2]! }));
}

async function compile(project: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [tsc, "-p", join(project, "tsconfig.json"), "--pretty", "false"], { cwd: project });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  }
}

describe("the README's first example", () => {
  it("compiles and runs against server-everything: one typed call, one caught ValidationError", async () => {
    const [setup, tsconfig, program, build] = gettingStarted(await readFile(join(repoRoot, "README.md"), "utf8"));
    expect(setup!.text).toContain("npm init -y && npm pkg set type=module");
    const pullLine = setup!.text.split("\n").find((line) => line.startsWith("npx mcpgen pull "))!;
    expect(pullLine).toBe("npx mcpgen pull --out src/mcp/everything -- npx -y @modelcontextprotocol/server-everything");
    expect(build!.text).toBe("npx tsc && node dist/main.js\n");
    const transport = '{ command: "npx", args: ["-y", "@modelcontextprotocol/server-everything"] }';
    expect(program!.text).toContain(transport);

    // Inside the repository, so that the program's imports resolve to the SDK and @types/node installed here.
    await mkdir(join(repoRoot, ".tmp"), { recursive: true });
    const app = await mkdtemp(join(repoRoot, ".tmp", "readme-example-"));
    // `npm init -y` (a "commonjs" package, as npm 11 writes it), then `npm pkg set type=module`.
    const initialized = { name: "my-app", version: "1.0.0", main: "index.js", type: "commonjs" };
    await writeFile(join(app, "package.json"), JSON.stringify(initialized, null, 2));
    await writeFile(join(app, "tsconfig.json"), tsconfig!.text);
    await mkdir(join(app, "src"));
    await writeFile(
      join(app, "src/main.ts"),
      program!.text.replace(transport, `{ command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(server)}] }`),
    );
    const pulled = await cliIn(app, ["pull", "--out", "src/mcp/everything", "-q", "--", process.execPath, server]);
    expect(pulled.stderr).toBe("");
    expect(pulled.code).toBe(0);

    // Without "type": "module", the generated ES modules do not compile: why the first step sets it.
    const commonjs = await compile(app);
    expect(commonjs.ok).toBe(false);
    expect(commonjs.output).toContain("TS1295");

    await writeFile(join(app, "package.json"), JSON.stringify({ ...initialized, type: "module" }, null, 2));
    const compiled = await compile(app);
    expect(compiled.output).toBe("");
    expect(compiled.ok).toBe(true);
    // The program's console.log as a reader sees it: FORCE_COLOR (a developer's, a CI service's) would colour the number.
    const { FORCE_COLOR: _colour, ...plain } = process.env;
    const ran = await run(process.execPath, [join(app, "dist/main.js")], { cwd: app, env: { ...plain, NO_COLOR: "1" }, timeout: 30_000 });
    expect(ran.stdout).toBe("36\n");
    // The server's own stderr (its start-up line) reaches the program's: the transport passes it through.
    expect(ran.stderr).toMatch(/(?:^|\n)invalid arguments for tool "get-sum": \/b must be number, not NaN \(JSON sends it as null\)\n$/);
    await rm(app, { recursive: true, force: true });
  });
});
