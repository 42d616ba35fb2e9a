#!/usr/bin/env node
// The I/O floor of `npm run bench`'s generation section: what any generator that writes the same
// files as `mcpgen generate` spends before it generates anything. Starts Node, reads and parses the
// manifest, then writes files of the listed paths and sizes into an empty directory the way mcpgen's
// write stage does (lstat the target, write a temporary sibling exclusively, rename it over the
// target). No code is generated: the contents are filler of the same lengths.
import { readFileSync } from "node:fs";
import { lstat, mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";

const [manifest, listing, out] = process.argv.slice(2);
JSON.parse(readFileSync(manifest, "utf8"));
const files = JSON.parse(readFileSync(listing, "utf8"));
for (const directory of new Set(files.map(([path]) => dirname(join(out, path))))) await mkdir(directory, { recursive: true });
await Promise.all(
  files.map(async ([path, size]) => {
    const target = join(out, path);
    await lstat(target).catch(() => undefined);
    const temp = `${target}.tmp`;
    await writeFile(temp, "x".repeat(size), { encoding: "utf8", flag: "wx" });
    await rename(temp, target);
  }),
);
