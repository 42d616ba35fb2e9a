#!/usr/bin/env node
// `npm pack` and `npm publish` (prepack/postpack): the packed package.json
// carries no `scripts`. They are this repository's (build, tests, bench) and
// name files the package does not contain; in a user's install they would
// only mislead, and a `prepare` would run wherever npm builds from source.
// `strip` keeps package.json as it was in package.json.prepack and writes it
// without its scripts; `restore` puts it back. A strip left over from a pack
// that failed midway is restored first.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = join(root, "package.json");
const kept = join(root, "package.json.prepack");

function restore() {
  if (existsSync(kept)) renameSync(kept, manifest);
}

const command = process.argv[2];
if (command === "strip") {
  restore();
  const text = readFileSync(manifest, "utf8");
  const { scripts: _scripts, ...packed } = JSON.parse(text);
  writeFileSync(kept, text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (command === "restore") {
  restore();
} else {
  console.error("usage: node scripts/pack-manifest.mjs strip|restore");
  process.exit(2);
}
