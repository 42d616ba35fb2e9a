/**
 * `--import-extension ts`: a client whose relative imports name the real `.ts` files, for Node's type stripping
 * (`node main.ts`), Deno and Bun. One output, pulled from the real server-everything with the flag: every relative
 * specifier of it ends in `.ts`; it type-checks under the strict flags with `allowImportingTsExtensions` and with
 * `rewriteRelativeImportExtensions`, NodeNext and Bundler; `check` holds it up to date with the option and not without;
 * and a program importing it runs under Node 24 with no build step, against the server.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { check } from "../../src/index.js";
import { ensureNode24, node24Supported } from "../helpers/node24.js";
import { cliIn } from "../helpers/project.js";
import { repoRoot, typecheck, type ModuleMode } from "../helpers/typecheck.js";

const run = promisify(execFile);
const server = join(repoRoot, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** Every module specifier of a file: `from "…"` (imports and re-exports), `import("…")`, `import "…"`. */
const SPECIFIER = /\b(?:from\s*|import\s*\(\s*|import\s+)"([^"]*)"/g;

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(".ts")).map((entry) => join(entry.parentPath, entry.name));
}

let app: string;
let out: string;

beforeAll(async () => {
  // Inside the repository, so that the program's imports resolve to the SDK installed here.
  await mkdir(join(repoRoot, ".tmp"), { recursive: true });
  app = await mkdtemp(join(repoRoot, ".tmp", "import-extension-"));
  await writeFile(join(app, "package.json"), JSON.stringify({ name: "my-app", version: "1.0.0", type: "module" }));
  out = join(app, "src/mcp/everything");
  const pulled = await cliIn(app, ["pull", "--out", "src/mcp/everything", "--import-extension", "ts", "-q", "--", process.execPath, server]);
  expect(pulled.stderr).toBe("");
  expect(pulled.code).toBe(0);
}, 120_000);

afterAll(async () => {
  await rm(app, { recursive: true, force: true });
});

describe("--import-extension ts", () => {
  it("leaves no relative specifier ending in .js: static imports, re-exports and lazy import()s all name .ts files that exist", async () => {
    const specifiers: Array<{ file: string; specifier: string; kind: string }> = [];
    for (const file of await sourceFiles(out)) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(SPECIFIER)) {
        if (!match[1]!.startsWith(".")) continue;
        const kind = match[0].startsWith("from")
          ? /^\s*export\b/m.test(text.slice(text.lastIndexOf("\n", match.index) + 1, match.index))
            ? "re-export"
            : "from"
          : "import()";
        specifiers.push({ file: relative(out, file), specifier: match[1]!, kind });
      }
    }
    // The scan sees every kind (else it would prove nothing): validators, the lazy loads of calls.ts, index.ts's re-exports.
    expect(new Set(specifiers.map((each) => each.kind))).toEqual(new Set(["from", "re-export", "import()"]));
    expect(specifiers.filter((each) => !each.specifier.endsWith(".ts"))).toEqual([]);
    const files = new Set((await sourceFiles(out)).map((file) => relative(out, file)));
    const missing = specifiers.filter((each) => !files.has(join(each.file, "..", each.specifier)));
    expect(missing).toEqual([]);
  });

  it(
    "type-checks under the strict flags with allowImportingTsExtensions and with rewriteRelativeImportExtensions, NodeNext and Bundler (and needs one of them)",
    { timeout: 120_000 },
    async () => {
      for (const mode of ["NodeNext", "Bundler"] as const satisfies readonly ModuleMode[]) {
        for (const flag of ["allowImportingTsExtensions", "rewriteRelativeImportExtensions"]) {
          const result = await typecheck([out], mode, { compilerOptions: { [flag]: true } });
          expect({ mode, flag, output: result.output }).toEqual({ mode, flag, output: "" });
          expect(result.ok).toBe(true);
        }
      }
      // Without either, tsc refuses a `.ts` specifier: the output really imports the `.ts` files.
      const plain = await typecheck([out], "NodeNext");
      expect(plain.ok).toBe(false);
      expect(plain.output).toContain("TS5097");
    },
  );

  it("is part of what is generated: check() finds the output up to date with the option (--out, or a target's importExtension), and out of date with js; without it, an output keeps the extension it has", async () => {
    const manifest = join(out, "manifest.json");
    const same = await check({ manifest, outDir: out, importExtension: "ts" });
    expect(same.files.filter((file) => file.status !== "unchanged")).toEqual([]);
    expect(same.upToDate).toBe(true);
    // A check (or a run again) without the option keeps the output's .ts, where following its "run:" line rewrote it to .js.
    const kept = await check({ manifest, outDir: out });
    expect(kept.files.filter((file) => file.status !== "unchanged")).toEqual([]);
    const other = await check({ manifest, outDir: out, importExtension: "js" });
    expect(other.upToDate).toBe(false);
    expect(other.files.filter((file) => file.status === "updated").map((file) => file.path)).toContain("client.ts");
    const target = { name: "everything", manifest: "src/mcp/everything/manifest.json", out: "src/mcp/everything" };
    const configured = await check({ config: { targets: [{ ...target, importExtension: "ts" }] }, cwd: app });
    expect(configured.errors).toEqual([]);
    expect(configured.targets.map((each) => each.upToDate)).toEqual([true]);
    const configuredJs = await check({ config: { targets: [target] }, cwd: app });
    expect(configuredJs.targets.map((each) => each.upToDate)).toEqual([false]);
  });

  it.skipIf(!node24Supported)(
    "runs under Node 24's type stripping (node main.ts, no build) against server-everything: a typed call and a ValidationError",
    { timeout: 300_000 },
    async () => {
      const node24 = await ensureNode24();
      await writeFile(
        join(app, "src/main.ts"),
        `import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { createClient, ValidationError } from "./mcp/everything/index.ts";

const sdkClient = new Client({ name: "my-app", version: "1.0.0" });
await sdkClient.connect(new StdioClientTransport({ command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(server)}], stderr: "ignore" }));
const everything = createClient(sdkClient);
const weather = await everything.getStructuredContent({ location: "Chicago" });
console.log(weather.structuredContent.temperature);
try {
  await everything.getSum({ a: 1, b: Number("two") });
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.log(error.message);
}
await sdkClient.close();
`,
      );
      const { FORCE_COLOR: _colour, ...plain } = process.env;
      const ran = await run(node24, [join(app, "src/main.ts")], { cwd: app, env: { ...plain, NO_COLOR: "1" }, timeout: 60_000 });
      expect(ran.stdout).toBe('36\ninvalid arguments for tool "get-sum": /b must be number, not NaN (JSON sends it as null)\n');
    },
  );
});
