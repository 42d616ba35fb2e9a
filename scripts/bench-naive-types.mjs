#!/usr/bin/env node
// The naive baseline of `npm run bench`: what a script that only wants types would do with the
// same manifest. Reads it, turns each tool's inputSchema and outputSchema into TypeScript with
// json-schema-to-typescript (one schema at a time, unformatted, no external refs), and writes one
// types file. No client, no validators, no checks.
import { readFileSync, writeFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript";

const [manifest, out] = process.argv.slice(2);
const { tools } = JSON.parse(readFileSync(manifest, "utf8"));
const parts = [];
for (const tool of tools) {
  for (const [role, schema] of [
    ["Input", tool.inputSchema],
    ["Output", tool.outputSchema],
  ]) {
    if (schema === undefined) continue;
    parts.push(
      await compile(schema, `${tool.name}_${role}`, {
        bannerComment: "",
        format: false,
        declareExternallyReferenced: true,
        $refOptions: { resolve: { external: false } },
      }),
    );
  }
}
writeFileSync(out, parts.join("\n"));
