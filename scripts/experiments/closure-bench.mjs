#!/usr/bin/env node
// Experiment (issue 21, the `tsc` target): what "schemas as data, checked by closures" costs at run
// time. Values/s of ajv (its defaults), mcpgen's generated validators (as `npm run bench` calls
// them) and the closure prototype (scripts/experiments/closure-validators.mjs), side by side in one
// run, on the throughput section's ten corpus schemas, values and rounds (copied from
// scripts/bench.mjs, which runs on import). Prints each tool's ratios, their geometric means, and
// the one-time cost of compiling each schema against ajv's compile.
//
//   npm run build && node scripts/experiments/closure-bench.mjs
//
// The closure runtime is one module for all ten tools, as an output's would be (its closures share
// the engine's feedback across tools), warmed on every tool before any is timed; each mode (pass/fail,
// first issue, every issue) and each variant is its own copy of the module, as bench.mjs imports
// the generated first-issue mode apart. "isolated" is a copy per tool: the bound without sharing.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
const bin = join(root, "bin/mcpgen.js");
const corpus = resolve(root, "../shared/corpus");
const scratch = mkdtempSync(join(tmpdir(), "mcpgen-closure-"));
const closureModule = pathToFileURL(join(root, "scripts/experiments/closure-validators.mjs")).href;
if (!existsSync(corpus)) {
  console.log(`no corpus at ${corpus}: nothing to measure`);
  process.exit(0);
}
const { build } = await import("esbuild");
const { normalizeManifest, recogniseManifest } = await import("../../dist/src/index.js");
const { invalidValues, rates, sample } = await import("../bench-values.mjs");

// ── from scripts/bench.mjs ─────────────────────────────────────────────────────────────────────
const geomean = (values) => Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value) => `${value.toFixed(2)}x`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const corpusManifests = () =>
  readdirSync(corpus)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({ file, manifest: JSON.parse(readFileSync(join(corpus, file), "utf8")) }));
const manifestFile = (name, manifest) => {
  const path = join(scratch, `${name}.json`);
  writeFileSync(path, JSON.stringify(manifest));
  return path;
};
function generate(manifest, out) {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [bin, "generate", manifest, "--out", out, "-q"], { stdio: ["ignore", "ignore", "inherit"] });
}

// ── the ten picks, chosen as bench.mjs chooses them ─────────────────────────────────────────────
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}`,
);
const Ajv2020 = require("ajv/dist/2020.js").default;
const Ajv7 = require("ajv").default;
const addFormats = require("ajv-formats").default;
const newAjv = (draft7) => addFormats(new (draft7 ? Ajv7 : Ajv2020)({ strict: false }));
const picks = corpusManifests()
  .flatMap(({ file, manifest }) =>
    manifest.tools.flatMap((tool) => [
      { file, tool, role: "input", schema: tool.inputSchema },
      ...(tool.outputSchema === undefined ? [] : [{ file, tool, role: "output", schema: tool.outputSchema }]),
    ]),
  )
  .filter((pick) => typeof pick.schema === "object" && pick.schema !== null && pick.schema.type === "object")
  .sort((a, b) => JSON.stringify(b.schema).length - JSON.stringify(a.schema).length);
const chosen = [];
const seen = new Set();
for (const pick of picks) {
  if (chosen.length === 10) break;
  if (seen.has(pick.file)) continue;
  const draft7 = typeof pick.schema.$schema === "string" && /draft-0[467]/.test(pick.schema.$schema);
  let ajvValidate;
  let ajvAllErrors;
  try {
    ajvValidate = newAjv(draft7).compile(pick.schema);
    ajvAllErrors = addFormats(new (draft7 ? Ajv7 : Ajv2020)({ strict: false, allErrors: true })).compile(pick.schema);
  } catch {
    continue;
  }
  const ir = normalizeManifest(recogniseManifest({ tools: [pick.tool] }, pick.file));
  const schema = ir.tools[0][pick.role].schema;
  const valid = [sample(schema, schema)];
  if (!ajvValidate(valid[0])) continue;
  const invalid = invalidValues(valid[0]).filter((value) => !ajvValidate(value));
  if (invalid.length === 0) continue;
  seen.add(pick.file);
  chosen.push({ ...pick, draft7, ajvValidate, ajvAllErrors, schema, json: JSON.stringify(schema), valid, invalid, key: `tool${chosen.length}` });
}

// The keywords the picks use (in schema positions, not property names).
const keywords = new Map();
const formats = new Set();
function keywordsOf(schema) {
  if (Array.isArray(schema)) return schema.forEach(keywordsOf);
  if (typeof schema !== "object" || schema === null) return;
  for (const [key, sub] of Object.entries(schema)) {
    keywords.set(key, (keywords.get(key) ?? 0) + 1);
    if (key === "format") formats.add(sub);
    if (["properties", "$defs", "patternProperties", "dependentSchemas"].includes(key)) Object.values(sub).forEach(keywordsOf);
    else if (
      ["items", "prefixItems", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "additionalProperties", "propertyNames", "contains"].includes(key)
    )
      keywordsOf(sub);
  }
}
for (const pick of chosen) keywordsOf(pick.schema);
console.log(
  `keywords of the ${chosen.length} schemas (as normalised): ${[...keywords]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ${count}`)
    .join(", ")}; formats: ${[...formats].join(", ") || "none"}`,
);

// ── the three implementations ──────────────────────────────────────────────────────────────────
for (const [index, pick] of chosen.entries()) {
  const out = join(scratch, `throughput-${index}`);
  generate(manifestFile(`throughput-${index}`, { tools: [pick.tool] }), out);
  const bundle = join(out, "validate.bundle.mjs");
  await build({ entryPoints: [join(out, "validate.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent" });
  const generated = await import(pathToFileURL(bundle).href);
  const entry = pick.role === "input" ? generated.validateInput : generated.validateOutput;
  pick.generated = (value) => entry(pick.tool.name, value);
  const firstModule = await import(`${pathToFileURL(bundle).href}?first`);
  const firstEntry = pick.role === "input" ? firstModule.validateInput : firstModule.validateOutput;
  const firstIssue = { firstIssue: true };
  pick.generatedFirst = (value) => firstEntry(pick.tool.name, value, firstIssue);
}

const table = Object.fromEntries(chosen.map((pick) => [pick.key, { [pick.role]: pick.json }]));
/** One copy of the closure runtime, for all ten tools, with `options`. */
async function closureRuntime(copy, options) {
  const { createValidators } = await import(`${closureModule}?${copy}`);
  return createValidators(table, options);
}
// Object walks (closure-validators.mjs says how each reads an object's properties): "keys" reads
// the schema's names from the value (a keyed load by name) in one loop that switches on each
// property's kind of test; "grouped" does the same in a loop per kind; "forin" walks the value's
// names and looks each up in a Map; "cursor" walks the value's names and matches them against the
// schema's order; "hybrid" is "cursor" on objects of six properties or more, "grouped" below.
// "grouped" was the fastest: the modes use it.
const variants = {
  "grouped, pass/fail": { copy: "bool-grouped", options: { object: "grouped" }, mode: "bool" },
  "grouped, first issue": { copy: "first-grouped", options: { object: "grouped" }, mode: "first" },
  "grouped, every issue": { copy: "all-grouped", options: { object: "grouped" }, mode: "all" },
  "keys, pass/fail": { copy: "bool-keys", options: { object: "keys" }, mode: "bool" },
  "forin, pass/fail": { copy: "bool-forin", options: { object: "forin" }, mode: "bool" },
  "cursor, pass/fail": { copy: "bool-cursor", options: { object: "cursor" }, mode: "bool" },
  "hybrid, pass/fail": { copy: "bool-hybrid", options: { object: "hybrid" }, mode: "bool" },
  // Without the own-property guarantee (wrong for a value of another prototype): what it costs.
  "grouped, pass/fail, no prototype check": { copy: "bool-grouped-noproto", options: { object: "grouped", prototype: false }, mode: "bool" },
};
const firstIssue = { firstIssue: true };
const runner = (validators, pick, mode) => {
  const input = pick.role === "input";
  const key = pick.key;
  if (mode === "bool") return input ? (value) => validators.isValidInput(key, value) : (value) => validators.isValidOutput(key, value);
  if (mode === "first")
    return input ? (value) => validators.validateInput(key, value, firstIssue) : (value) => validators.validateOutput(key, value, firstIssue);
  return input ? (value) => validators.validateInput(key, value) : (value) => validators.validateOutput(key, value);
};
const okOf = (result) => (typeof result === "boolean" ? result : result.ok);
for (const [name, variant] of Object.entries(variants)) {
  const validators = await closureRuntime(variant.copy, variant.options);
  for (const pick of chosen) (pick.closures ??= {})[name] = runner(validators, pick, variant.mode);
}
// The bound without shared feedback: a copy of the runtime per tool.
for (const pick of chosen)
  pick.closures["grouped, pass/fail, isolated"] = runner(await closureRuntime(`isolated-${pick.key}`, { object: "grouped" }), pick, "bool");

// ── agreement with ajv, before any timing ──────────────────────────────────────────────────────
let disagreements = 0;
for (const pick of chosen)
  for (const value of [...pick.valid, ...pick.invalid]) {
    const expected = pick.ajvValidate(value);
    const verdicts = { generated: pick.generated(value).ok, "generated first": pick.generatedFirst(value).ok };
    for (const [name, run] of Object.entries(pick.closures)) verdicts[name] = okOf(run(value));
    for (const [name, verdict] of Object.entries(verdicts))
      if (verdict !== expected) {
        disagreements++;
        console.log(`  DISAGREES with ajv: ${name} on ${pick.key} (${pick.file} ${pick.tool.name}): ${JSON.stringify(value).slice(0, 200)}`);
      }
  }
// Own properties only: a value of another prototype is checked as its own properties.
for (const pick of chosen) {
  const value = pick.valid[0];
  const inherited = Object.create(value);
  const copied = Object.assign(Object.create({ inheritedOnly: true }), value);
  for (const [name, run] of Object.entries(pick.closures)) {
    if (name.includes("no prototype check")) continue;
    if (pick.schema.required?.length > 0 && okOf(run(inherited))) {
      disagreements++;
      console.log(`  ${name} on ${pick.key}: a value whose properties are all inherited passes`);
    }
    if (okOf(run(value)) && !okOf(run(copied))) {
      disagreements++;
      console.log(`  ${name} on ${pick.key}: a valid value of another prototype fails`);
    }
  }
}
if (disagreements > 0) {
  console.log(`${disagreements} verdicts differ from ajv's: not measured`);
  rmSync(scratch, { recursive: true, force: true });
  process.exit(1);
}
console.log(
  `every verdict agrees with ajv (${chosen.reduce((sum, pick) => sum + pick.valid.length + pick.invalid.length, 0)} values, each implementation and mode)`,
);

// ── one-time compile cost per schema ───────────────────────────────────────────────────────────
console.log("\nCompile, per schema (median of 15; the closure's first call parses the JSON string and compiles; ajv's compile on a new instance):");
const { compileSchema } = await import(`${closureModule}?compile`);
const compileRatios = [];
for (const pick of chosen) {
  const closureTimes = [];
  const ajvTimes = [];
  for (let repeat = 0; repeat < 15; repeat++) {
    let start = performance.now();
    compileSchema(JSON.parse(pick.json), { object: "grouped" });
    closureTimes.push(performance.now() - start);
    const ajv = newAjv(pick.draft7);
    start = performance.now();
    ajv.compile(pick.schema);
    ajvTimes.push(performance.now() - start);
  }
  const closure = median(closureTimes) * 1000;
  const ajv = median(ajvTimes) * 1000;
  compileRatios.push(closure / ajv);
  console.log(
    `  ${`${pick.key} ${pick.file.replace(/\.json$/, "")} ${pick.tool.name} (${pick.role}, ${kb(pick.json.length)})`.slice(0, 60).padEnd(60)} closure ${closure.toFixed(0).padStart(5)} µs  ajv ${ajv.toFixed(0).padStart(6)} µs  ${ratio(closure / ajv)}`,
  );
}
console.log(`  geometric mean, closure compile / ajv compile: ${ratio(geomean(compileRatios))}`);

// ── throughput ─────────────────────────────────────────────────────────────────────────────────
// Warm every copy of the runtime on every tool first: the engine's feedback then holds all ten
// tools' shapes, as in a program that calls many tools.
for (let round = 0; round < 300; round++)
  for (const pick of chosen) for (const run of Object.values(pick.closures)) for (const value of [...pick.valid, ...pick.invalid]) run(value);

console.log("\nThroughput, values/s, best 25 ms round of 9 (ratios: valid/invalid):");
const columns = ["ajv", "ajv allErrors", "generated", "generated first", ...Object.keys(chosen[0].closures)];
const ratios = {};
const absolute = [];
const record = (name, valid, invalid) => {
  ratios[name] ??= { valid: [], invalid: [] };
  ratios[name].valid.push(valid);
  ratios[name].invalid.push(invalid);
};
for (const pick of chosen) {
  const runs = [
    (value) => pick.ajvValidate(value) || pick.ajvValidate.errors,
    (value) => pick.ajvAllErrors(value) || pick.ajvAllErrors.errors,
    pick.generated,
    pick.generatedFirst,
    ...Object.values(pick.closures),
  ];
  const valid = rates(runs, pick.valid);
  const invalid = rates(runs, pick.invalid);
  const at = (name) => columns.indexOf(name);
  const row = [`  ${`${pick.key} ${pick.file.replace(/\.json$/, "")} ${pick.tool.name} (${pick.role})`.slice(0, 48).padEnd(48)}`];
  row.push(`ajv ${(valid[0] / 1e6).toFixed(2)}M/${(invalid[0] / 1e6).toFixed(2)}M`);
  for (const name of columns.slice(1)) {
    record(`${name} / ajv`, valid[at(name)] / valid[0], invalid[at(name)] / invalid[0]);
    row.push(`${name} ${ratio(valid[at(name)] / valid[0])}/${ratio(invalid[at(name)] / invalid[0])}`);
  }
  // Like for like against the generated validators: pass/fail and first issue against its first-issue mode, every issue against its
  // default (and against ajv with allErrors, which goes on past the first error too).
  for (const name of Object.keys(pick.closures)) {
    const against = name.includes("every issue") ? "generated" : "generated first";
    record(`${name} / ${against}`, valid[at(name)] / valid[at(against)], invalid[at(name)] / invalid[at(against)]);
    if (name.includes("every issue")) record(`${name} / ajv allErrors`, valid[at(name)] / valid[1], invalid[at(name)] / invalid[1]);
  }
  console.log(row.join("  "));
  absolute.push([1e9 / valid[0], 1e9 / valid[at("grouped, pass/fail")], 1e9 / invalid[0], 1e9 / invalid[at("grouped, first issue")]]);
}
const range = (index) => `${Math.min(...absolute.map((row) => row[index])).toFixed(0)} to ${Math.max(...absolute.map((row) => row[index])).toFixed(0)} ns`;
console.log(`  per value: ajv ${range(0)} valid, ${range(2)} invalid; closures (grouped) ${range(1)} valid (pass/fail), ${range(3)} invalid (first issue)`);
console.log("\nGeometric means over the tools (valid / invalid values):");
for (const [name, { valid, invalid }] of Object.entries(ratios)) console.log(`  ${name.padEnd(58)} ${ratio(geomean(valid))} / ${ratio(geomean(invalid))}`);
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(" ")}`,
);
rmSync(scratch, { recursive: true, force: true });
