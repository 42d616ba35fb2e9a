/**
 * Emits a scaffold's project files: `package.json`, `tsconfig.json` and
 * `.gitignore`. Written once, when absent; the user owns them afterwards.
 * Dependency ranges are mcpgen's own, so a scaffold builds with what mcpgen
 * was tested with.
 *
 * mcpgen itself is not among the devDependencies: while it is not on the
 * npm registry, a range for it makes `npm install` fail. The `generate`
 * script is the command the scaffold command chose (`generateCommand` in
 * src/commands/scaffold.ts): `mcpgen ...` where npm finds an `mcpgen`, else
 * the mcpgen that wrote the project, by its path.
 */
import type { EmittedFile } from "../../ir/index.js";
import { PACKAGE_FILE } from "../../shared/output-names.js";
import { ownPackage } from "../../shared/version.js";

/** An npm package name from any text (a directory name): lower case, URL-safe, at most 214 characters. */
export function packageName(text: string): string {
  const name = text
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, "-")
    .replace(/^[._~-]+|-+$/g, "")
    .slice(0, 214);
  return name === "" || name === "node_modules" || name === "favicon.ico" ? "mcp-server" : name;
}

/** `generate`: the command line of `npm run generate` (mcpgen, then `scaffold manifest.json --out .`). */
export function emitPackageJson(name: string, generate: string): EmittedFile {
  const own = ownPackage();
  const range = (section: Record<string, string> | undefined, dependency: string) => {
    const value = section?.[dependency];
    if (value === undefined) throw new Error(`internal: mcpgen's package.json does not list ${dependency}`);
    return value;
  };
  const manifest = {
    name,
    version: "0.1.0",
    private: true,
    type: "module",
    description: "An MCP server scaffolded by mcpgen",
    engines: { node: ">=20" },
    scripts: {
      build: "tsc -p tsconfig.json",
      typecheck: "tsc -p tsconfig.json --noEmit",
      start: "node dist/server.js",
      "start:http": "node dist/server.js --http",
      generate,
    },
    dependencies: {
      // A dependency of mcpgen's own since `mcpgen mock` serves on it too.
      "@modelcontextprotocol/server": range(own.dependencies, "@modelcontextprotocol/server"),
    },
    devDependencies: {
      "@types/node": range(own.devDependencies, "@types/node"),
      typescript: range(own.devDependencies, "typescript"),
    },
  };
  return { path: PACKAGE_FILE, contents: `${JSON.stringify(manifest, null, 2)}\n`, format: "json" };
}

export function emitTsconfig(): EmittedFile {
  const config = {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      skipLibCheck: true,
      sourceMap: true,
      rootDir: "src",
      outDir: "dist",
      types: ["node"],
    },
    include: ["src"],
  };
  return { path: "tsconfig.json", contents: `${JSON.stringify(config, null, 2)}\n`, format: "json" };
}

export function emitGitignore(): EmittedFile {
  return { path: ".gitignore", contents: "node_modules/\ndist/\n", format: "none" };
}
