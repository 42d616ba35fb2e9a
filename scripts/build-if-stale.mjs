#!/usr/bin/env node
// `npm run build`, unless dist/ is newer than every source it is built from
// (src/, templates/, tsconfig.json): `npm run demo` and `npm run bench` then
// start at once. tsc writes every output on each build, so the oldest output
// is the time of the last build. `--check` builds nothing: exit 0 when dist/
// is current, 1 when a build is due. `--root <dir>` looks at another checkout.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const rootAt = args.indexOf("--root");
const root = rootAt === -1 ? resolve(dirname(fileURLToPath(import.meta.url)), "..") : resolve(args[rootAt + 1] ?? ".");

/** Modification times of the files under `path` (a file or a directory) that `keep` selects. */
function times(path, keep = () => true) {
  if (!existsSync(path)) return [];
  const info = statSync(path);
  if (!info.isDirectory()) return keep(path) ? [info.mtimeMs] : [];
  return readdirSync(path).flatMap((entry) => times(join(path, entry), keep));
}

const sources = ["src", "templates", "tsconfig.json"].flatMap((entry) => times(join(root, entry)));
const outputs = times(join(root, "dist"), (path) => path.endsWith(".js"));
const stale = outputs.length === 0 || Math.max(...sources) > Math.min(...outputs);
if (args.includes("--check")) process.exit(stale ? 1 : 0);
if (stale) execFileSync(process.execPath, [join(root, "node_modules/tsc7/bin/tsc"), "-p", join(root, "tsconfig.json")], { stdio: "inherit" });
