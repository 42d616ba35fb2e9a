#!/usr/bin/env node
// The numbers behind docs/mock.md: `node scripts/bench-mock.mjs` (after `npm run build`).
// 1. json-schema-faker on every corpus schema (../shared/corpus): the share of
//    outputSchemas and inputSchemas whose value validates (ajv's own 2020-12
//    validator with ajv-formats as the judge), whether one seed gives one value,
//    and the time per value; raw (what json-schema-faker gives) and through the
//    mock's own wrapper (src/mock/values.ts: examples, default, retries).
// 2. How `mcpgen mock` gets validators: the emitter's validator code of each
//    tool compiled in memory (src/mock/validators.ts) against rendering the
//    client package (which writes the same code to files) for the same servers.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const corpus = resolve(root, "../shared/corpus");
const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020.js").default;
const addFormats = require("ajv-formats");
const { generateSync } = await import("json-schema-faker");
const { parseManifest, normalizeManifest, renderManifest } = await import(join(root, "dist/src/index.js"));
const { compileValidators: compileWith } = await import(join(root, "dist/src/mock/validators.js"));
const { toolValidatorsFunctionBody } = await import(join(root, "dist/src/emit/validators/index.js"));
const compileValidators = (ir) => compileWith(ir, toolValidatorsFunctionBody(ir));
const { valueFor, callSeed } = await import(join(root, "dist/src/mock/values.js"));

const judge = new Ajv2020({ strict: false });
addFormats(judge);
const servers = readdirSync(corpus)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((file) => ({ file, raw: parseManifest(readFileSync(join(corpus, file), "utf8"), file) }))
  .map(({ file, raw }) => ({ file, raw, ir: normalizeManifest(raw) }));

for (const role of ["output", "input"]) {
  const stats = { schemas: 0, raw: 0, wrapped: 0, deterministic: 0, rawMs: 0, wrappedMs: 0 };
  for (const { ir } of servers) {
    const validators = compileValidators(ir);
    for (const tool of ir.tools) {
      const schema = role === "output" ? tool.output?.schema : tool.input.schema;
      if (schema === undefined) continue;
      stats.schemas++;
      const validate = judge.compile(typeof schema === "boolean" ? schema : { ...schema });
      let started = performance.now();
      const first = generateSync(schema, { seed: 7, useExamplesValue: true, useDefaultValue: true });
      stats.rawMs += performance.now() - started;
      const second = generateSync(schema, { seed: 7, useExamplesValue: true, useDefaultValue: true });
      if (JSON.stringify(first) === JSON.stringify(second)) stats.deterministic++;
      if (validate(first)) stats.raw++;
      const check = (value) => (role === "output" ? validators.validateOutput : validators.validateInput)(tool.wireName, value);
      started = performance.now();
      const wrapped = valueFor(schema, check, callSeed(7, tool.wireName, {}));
      stats.wrappedMs += performance.now() - started;
      if (wrapped.ok && validate(wrapped.value)) stats.wrapped++;
    }
  }
  const share = (count) => `${count}/${stats.schemas} (${((100 * count) / stats.schemas).toFixed(1)} %)`;
  console.log(
    `${role}Schemas: json-schema-faker alone ${share(stats.raw)} valid, ${share(stats.deterministic)} deterministic, ${(stats.rawMs / stats.schemas).toFixed(2)} ms a value; ` +
      `with the mock's checks ${share(stats.wrapped)} valid, ${(stats.wrappedMs / stats.schemas).toFixed(2)} ms a value`,
  );
}

// Validators: every tool of every server, input and output, compiled in memory vs the client package rendered.
let started = performance.now();
let compiled = 0;
for (const { ir } of servers) {
  const validators = compileValidators(ir);
  for (const tool of ir.tools) {
    validators.validateInput(tool.wireName, {});
    if (tool.output !== undefined) validators.validateOutput(tool.wireName, {});
    compiled++;
  }
}
const inMemory = performance.now() - started;
const scratch = mkdtempSync(join(tmpdir(), "mcpgen-bench-mock-"));
started = performance.now();
for (const { file, raw } of servers) await renderManifest(raw, { outDir: join(scratch, file), format: false });
const rendered = performance.now() - started;
rmSync(scratch, { recursive: true, force: true });
console.log(
  `validators for ${compiled} tools of ${servers.length} servers: compiled in memory ${Math.round(inMemory)} ms; the client package rendered (validators.ts and the rest, not yet transpiled nor imported) ${Math.round(rendered)} ms (${(rendered / inMemory).toFixed(1)}x)`,
);

// 3. Schemas harder than the corpus's: what json-schema-faker gives alone, and what the mock answers.
const HARD = {
  "a backreference": { type: "string", pattern: "^(a|b)\\1$" },
  "a Unicode property escape": { type: "string", pattern: "^\\p{Lu}\\p{Ll}+$" },
  "propertyNames with minProperties": { type: "object", propertyNames: { pattern: "^x-" }, minProperties: 2 },
  "an example that breaks its schema": { type: "string", minLength: 10, examples: ["short"] },
  "a default that breaks its schema": { type: "integer", default: "x" },
  "an integer near 2^53": { type: "integer", minimum: 9007199254740990 },
  "a required __proto__ property": JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
  "crossed bounds": { type: "integer", minimum: 5, maximum: 3 },
  "a required property that contains itself": {
    $defs: { n: { type: "object", properties: { next: { $ref: "#/$defs/n" } }, required: ["next"] } },
    $ref: "#/$defs/n",
  },
  "minLength 50,000,000": { type: "string", minLength: 50_000_000 },
};
for (const [name, schema] of Object.entries(HARD)) {
  const ir = normalizeManifest(parseManifest(JSON.stringify({ tools: [{ name: "t", inputSchema: { type: "object" }, outputSchema: schema }] }), name));
  const normalized = ir.tools[0].output.schema;
  const validate = judge.compile(typeof normalized === "boolean" ? normalized : { ...normalized });
  let alone;
  const started = performance.now();
  if (name.startsWith("minLength")) alone = "not run (it takes about 40 s and 100 MB)";
  else {
    try {
      alone = validate(generateSync(normalized, { seed: 7, useExamplesValue: true, useDefaultValue: true })) ? "valid" : "INVALID";
    } catch (error) {
      alone = `throws (${error.message.slice(0, 60)})`;
    }
  }
  const validators = compileValidators(ir);
  const outcome = valueFor(normalized, (value) => validators.validateOutput("t", value), 7);
  const mock = outcome.ok ? (validate(outcome.value) ? `a valid ${outcome.source} value` : "INVALID") : `the tool error: ${outcome.reason}`;
  console.log(`${name}: json-schema-faker ${alone}; the mock answers ${mock} (${Math.round(performance.now() - started)} ms)`);
}
