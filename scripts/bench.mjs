#!/usr/bin/env node
// `npm run bench`: what users feel, each measured side by side in one run, as ratios (this
// machine's speed drifts by a fifth from hour to hour: compare within a run, never with a number
// written down earlier). BENCH_RUNS sets the runs per timing (default 5); BENCH_ONLY a comma list
// of sections (generation, bytes, bundle, tsc, throughput, cold).
//
//   generation  `mcpgen generate` end to end against a naive json-schema-to-typescript types-only
//               script (scripts/bench-naive-types.mjs), on 1,000 and 3,000 nested tools, beside
//               the I/O floor (scripts/bench-io-floor.mjs: the same files written, nothing generated)
//   bytes       validator code per byte of minified schema JSON: corpus servers, 1,000 tools
//   bundle      esbuild, minified, of a program that calls one tool, against the same program
//               generated from a manifest of that tool alone
//   tsc         TypeScript 6 (`typescript`) and 7 (`tsc7`) on a 1,000-tool output, against the
//               same output with each tool's validators declared, not defined (and against its
//               types.ts, client.ts and runtime.ts alone)
//   throughput  values/s against ajv, @exodus/schemasafe and zod 4, valid and invalid values of
//               real corpus schemas: mcpgen listing every issue (its default) against ajv with its
//               defaults (stops at the first error) and with allErrors, and with { firstIssue: true }
//   cold        a fresh process calling one tool of 1,000 against ajv compiling that one schema
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const bin = join(root, "bin/mcpgen.js");
const scratch = mkdtempSync(join(tmpdir(), "mcpgen-bench-"));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const only = process.env.BENCH_ONLY?.split(",");
const corpus = resolve(root, "../shared/corpus");
const hasCorpus = existsSync(corpus);
const { build } = await import("esbuild");
const { normalizeManifest, recogniseManifest } = await import("../dist/src/index.js");
const { emitToolValidators } = await import("../dist/src/emit/validators/index.js");
const { invalidValues, rates, sample } = await import("./bench-values.mjs");

/**
 * A tool with a nested input (objects, arrays, enums, a $ref) and an output schema. Every tool's
 * schemas differ (names, enum values, bounds). Their nested parts repeat from tool to tool (a date
 * range, a person, a result item), as real servers' do.
 */
function syntheticTool(index) {
  return {
    name: `tool_${index}`,
    description: `Synthetic tool number ${index}.`,
    inputSchema: {
      type: "object",
      properties: {
        id: { type: "string", description: "Identifier", minLength: 1 + (index % 7) },
        limit: { type: "integer", minimum: 1, maximum: 100 + index, default: 10 },
        mode: { enum: [`fast_${index}`, `slow_${index}`, "auto"] },
        [`field_${index}`]: { type: "boolean" },
        filter: {
          type: "object",
          properties: {
            tags: { type: "array", items: { type: "string" } },
            range: { type: "object", properties: { from: { type: "string", format: "date-time" }, to: { type: "string", format: "date-time" } } },
            owner: { $ref: "#/$defs/person" },
          },
          additionalProperties: false,
        },
      },
      required: ["id"],
      $defs: {
        person: { type: "object", properties: { name: { type: "string" }, email: { type: "string", format: "email" } }, required: ["name"] },
      },
    },
    outputSchema: {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: {
            type: "object",
            properties: { id: { type: "string" }, score: { type: "number" }, labels: { type: "array", items: { type: "string" } } },
            required: ["id", "score"],
          },
        },
        total: { type: "integer", maximum: 1000 + index },
        next: { type: ["string", "null"] },
      },
      required: ["items", "total"],
    },
  };
}

const synthetic = (count) => ({ tools: Array.from({ length: count }, (_, index) => syntheticTool(index)) });
const manifestFile = (name, manifest) => {
  const path = join(scratch, `${name}.json`);
  writeFileSync(path, JSON.stringify(manifest));
  return path;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];
const geomean = (values) => Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (value) => `${value.toFixed(2)}x`;
const section = (name) => only === undefined || only.includes(name);
const corpusManifests = () =>
  hasCorpus
    ? readdirSync(corpus)
        .filter((file) => file.endsWith(".json"))
        .sort()
        .map((file) => ({ file, manifest: JSON.parse(readFileSync(join(corpus, file), "utf8")) }))
    : [];

/** Runs a command in a fresh process: wall seconds, CPU seconds (user + system) and peak memory (KB), from /usr/bin/time. */
function measure(command, args, options = {}) {
  const report = join(scratch, "time.txt");
  execFileSync("/usr/bin/time", ["-f", "%e %U %S %M", "-o", report, command, ...args], { stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26, ...options });
  const [wall, user, system, rss] = readFileSync(report, "utf8").trim().split(/\s+/).map(Number);
  return { wall, cpu: user + system, rss };
}

/** Alternates the commands, `count` runs each; the median of each measure. */
function sideBySide(commands, count = runs) {
  const samples = commands.map(() => []);
  for (let run = 0; run < count; run++) commands.forEach((command, index) => samples[index].push(command()));
  return samples.map((list) => ({ wall: median(list.map((s) => s.wall)), cpu: median(list.map((s) => s.cpu)), rss: median(list.map((s) => s.rss)) }));
}

function generate(manifest, out, extra = []) {
  rmSync(out, { recursive: true, force: true });
  return measure(process.execPath, [bin, "generate", manifest, "--out", out, "-q", ...extra]);
}

/** The generated TypeScript of `directory` as JavaScript modules beside each other in `out` (esbuild, not bundled). */
async function transpile(directory, out) {
  const entryPoints = readdirSync(directory, { recursive: true })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(directory, file));
  await build({ entryPoints, outdir: out, outbase: directory, format: "esm", platform: "node", bundle: false, logLevel: "silent" });
  writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
}

const results = {};
console.log(`mcpgen bench (node ${process.version}, ${(await import("node:os")).cpus().length} cores, ${runs} runs per timing; medians)\n`);

// ── generation ────────────────────────────────────────────────────────────────────────────────
if (section("generation")) {
  console.log("Generation, end to end (mcpgen generate vs the naive types-only script, alternating):");
  const naive = join(root, "scripts/bench-naive-types.mjs");
  const rows = [];
  const cases = [100, 1000, 3000].map((count) => ({
    name: `${count} nested tools`,
    tools: count,
    manifest: manifestFile(`synthetic-${count}`, synthetic(count)),
  }));
  if (hasCorpus) {
    const largest = corpusManifests().sort((a, b) => b.manifest.tools.length - a.manifest.tools.length)[0];
    cases.push({ name: `corpus ${largest.file}`, tools: largest.manifest.tools.length, manifest: join(corpus, largest.file) });
  }
  for (const entry of cases) {
    const out = join(scratch, "gen-out");
    // The I/O floor: Node, the manifest parsed, and the same files written as mcpgen writes them, nothing generated.
    generate(entry.manifest, out);
    const files = readdirSync(out, { recursive: true })
      .map(String)
      .filter((path) => statSync(join(out, path)).isFile())
      .map((path) => [path, statSync(join(out, path)).size]);
    const listing = join(scratch, "gen-listing.json");
    writeFileSync(listing, JSON.stringify(files));
    const floorOut = join(scratch, "floor-out");
    const [ours, theirs, floor] = sideBySide([
      () => generate(entry.manifest, out),
      () => measure(process.execPath, [naive, entry.manifest, join(scratch, "naive.ts")]),
      () => {
        rmSync(floorOut, { recursive: true, force: true });
        return measure(process.execPath, [join(root, "scripts/bench-io-floor.mjs"), entry.manifest, listing, floorOut]);
      },
    ]);
    rows.push({ ...entry, ours, theirs, floor });
    console.log(
      `  ${entry.name.padEnd(32)} mcpgen ${ours.wall.toFixed(2)} s (${ours.cpu.toFixed(2)} s CPU)   naive ${theirs.wall.toFixed(2)} s (${theirs.cpu.toFixed(2)} s CPU)   ` +
        `ratio ${ratio(ours.wall / theirs.wall)} wall, ${ratio(ours.cpu / theirs.cpu)} CPU\n` +
        `  ${"".padEnd(32)} I/O floor (Node, the manifest parsed, the same ${files.length} files written, nothing generated): ${floor.wall.toFixed(2)} s (${floor.cpu.toFixed(2)} s CPU), ${ratio(floor.wall / theirs.wall)} naive`,
    );
  }
  const perTool = (count) => rows.find((row) => row.tools === count).ours.wall / count;
  const thousand = rows.find((row) => row.tools === 1000);
  console.log(
    `  target: 1,000 tools <= 0.2x naive: ${ratio(thousand.ours.wall / thousand.theirs.wall)}; cost per tool ${(perTool(1000) * 1000).toFixed(2)} ms at 1,000, ` +
      `${(perTool(3000) * 1000).toFixed(2)} ms at 3,000 (marginal 1,000 -> 3,000: ${(((rows.find((row) => row.tools === 3000).ours.wall - thousand.ours.wall) / 2000) * 1000).toFixed(2)} ms)\n`,
  );
  results.generation = rows;
}

// ── bytes ─────────────────────────────────────────────────────────────────────────────────────
/** Each tool's validator code (its module less the header and the import line) and its schemas' minified JSON. */
function validatorBytes(manifest, source) {
  const ir = normalizeManifest(recogniseManifest(manifest, source));
  const files = emitToolValidators(ir);
  const byPath = new Map(files.map((file) => [file.path, file.contents]));
  const tools = ir.tools.map((tool) => {
    const module = byPath.get(`validators/${tool.fileBase}.ts`);
    const code = module.slice(module.indexOf("\n\n", module.indexOf("import {")) + 2);
    const schema = JSON.stringify(tool.raw.inputSchema ?? {}).length + (tool.raw.outputSchema === undefined ? 0 : JSON.stringify(tool.raw.outputSchema).length);
    return { code: code.length, module: module.length, schema };
  });
  return { tools, runtime: byPath.get("validator-runtime.ts")?.length ?? 0 };
}

if (section("bytes")) {
  console.log("Validator bytes per byte of minified schema JSON (the tools' code; the shared helpers apart):");
  if (hasCorpus) {
    const servers = corpusManifests().map(({ file, manifest }) => ({ file, ...validatorBytes(manifest, file) }));
    const perServer = servers.map(
      (server) => server.tools.reduce((sum, tool) => sum + tool.code, 0) / server.tools.reduce((sum, tool) => sum + tool.schema, 0),
    );
    const perServerModules = servers.map(
      (server) => server.tools.reduce((sum, tool) => sum + tool.module, 0) / server.tools.reduce((sum, tool) => sum + tool.schema, 0),
    );
    const perTool = servers.flatMap((server) => server.tools.map((tool) => tool.code / tool.schema));
    const runtimes = servers.map((server) => server.runtime);
    console.log(
      `  corpus, ${servers.length} servers: median ${perServer.length && median(perServer).toFixed(2)}, p90 ${quantile(perServer, 0.9).toFixed(2)} ` +
        `(whole modules with header and imports: median ${median(perServerModules).toFixed(2)}, p90 ${quantile(perServerModules, 0.9).toFixed(2)}); ` +
        `per tool (${perTool.length}): median ${median(perTool).toFixed(2)}, p90 ${quantile(perTool, 0.9).toFixed(2)}; ` +
        `shared helpers per server: median ${kb(median(runtimes))}, largest ${kb(Math.max(...runtimes))}`,
    );
    results.corpusBytes = { median: median(perServer), p90: quantile(perServer, 0.9) };
  }
  const thousand = validatorBytes(synthetic(1000), "synthetic");
  const code = thousand.tools.reduce((sum, tool) => sum + tool.code, 0);
  const schema = thousand.tools.reduce((sum, tool) => sum + tool.schema, 0);
  console.log(
    `  1,000 nested tools: ${kb(code)} of code for ${kb(schema)} of schema: ${code / schema < 10 ? (code / schema).toFixed(2) : "?"}; helpers ${kb(thousand.runtime)}`,
  );
  console.log("  target: <= 1.5 at the corpus median and on 1,000 tools\n");
  results.thousandBytes = code / schema;
}

// ── bundle ────────────────────────────────────────────────────────────────────────────────────
/** Bytes a browser loads for a program that calls `tool` once: the entry chunk, what it imports, and the tool's validator chunk with what that imports. */
async function oneToolBundle(out, tool, label, via) {
  const program = join(out, `bench-${label}.mjs`);
  const sdk = "{ callTool: async () => ({ content: [], structuredContent: {} }) }";
  writeFileSync(
    program,
    via === "client"
      ? `import { createClient } from "./index.js";\n` +
          `const client = createClient(${sdk}, { validate: true });\n` +
          `client[${JSON.stringify(tool.methodName)}]({}).catch((error) => console.log(error.message));\n`
      : `import { callTool, connect } from "./index.js";\n` +
          `import { ${tool.methodName} } from "./calls.js";\n` +
          `callTool(connect(${sdk}), ${tool.methodName}, {}).catch((error) => console.log(error.message));\n`,
  );
  const bundled = await build({
    entryPoints: [program],
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    write: false,
    metafile: true,
    outdir: join(out, "dist"),
    // The metafile's paths are relative to this directory, which keyOf resolves them against.
    absWorkingDir: root,
    logLevel: "silent",
  });
  const outputs = bundled.metafile.outputs;
  const sizeOf = new Map(bundled.outputFiles.map((file) => [relative(root, file.path), file.contents.length]));
  const loaded = new Set();
  const load = (path) => {
    if (loaded.has(path)) return;
    loaded.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === "import-statement") load(imported.path);
  };
  const keyOf = (path) => relative(root, resolve(root, path));
  const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint !== undefined && outputs[path].entryPoint.endsWith(`bench-${label}.mjs`));
  load(entry);
  const sum = (paths) => [...paths].reduce((total, path) => total + (sizeOf.get(keyOf(path)) ?? 0), 0);
  const client = sum(loaded);
  const validatorChunk = Object.keys(outputs).find((path) => outputs[path].entryPoint?.endsWith(`validators/${tool.fileBase}.ts`));
  if (validatorChunk !== undefined) load(validatorChunk);
  const bytes = sum(loaded);
  const all = [...sizeOf.values()].reduce((total, size) => total + size, 0);
  // What the call loads beyond the program's entry chunk: the tool's validators and the helpers they import.
  return { bytes, all, validators: bytes - client };
}

if (section("bundle")) {
  console.log("One-tool bundle (esbuild, minified, code splitting): what a program that calls one tool loads:");
  const cases = [{ name: "1,000 nested tools", manifest: synthetic(1000) }];
  if (hasCorpus) {
    const largest = corpusManifests().sort((a, b) => b.manifest.tools.length - a.manifest.tools.length)[0];
    cases.push({ name: `corpus ${largest.file}`, manifest: largest.manifest });
  }
  results.bundle = [];
  for (const entry of cases) {
    const ir = normalizeManifest(recogniseManifest(entry.manifest, "bench"));
    const tool = ir.tools[Math.floor(ir.tools.length / 2)];
    const full = join(scratch, "bundle-full");
    const single = join(scratch, "bundle-single");
    generate(manifestFile("bundle-full", entry.manifest), full);
    generate(manifestFile("bundle-single", { tools: [entry.manifest.tools.find((raw) => raw.name === tool.wireName)] }), single);
    for (const via of ["client", "calls"]) {
      const ours = await oneToolBundle(full, tool, `full-${via}`, via);
      const alone = await oneToolBundle(single, normalizeManifest(recogniseManifest({ tools: [tool.raw] }, "bench")).tools[0], `single-${via}`, via);
      const how = via === "client" ? "createClient" : "callTool and calls.ts";
      console.log(
        `  ${entry.name.padEnd(32)} ${tool.wireName} through ${how}: ${kb(ours.bytes)} loaded (all chunks ${kb(ours.all)}); generated from that tool alone ${kb(alone.bytes)}: ${ratio(ours.bytes / alone.bytes)} (target <= 1.2x); ` +
          `of which validators ${kb(ours.validators)} against ${kb(alone.validators)}: ${ratio(ours.validators / alone.validators)}` +
          (via === "client" ? "; the rest is every tool's export of calls.ts, which createClient holds" : ""),
      );
      if (via === "calls") results.bundle.push(ours.bytes / alone.bytes);
    }
  }
  console.log("");
}

// ── tsc ───────────────────────────────────────────────────────────────────────────────────────
if (section("tsc")) {
  console.log("tsc on a 1,000-tool output (strict, Bundler) against the same output without validator code (CPU, peak memory):");
  const out = join(scratch, "tsc-full");
  generate(manifestFile("tsc", synthetic(1000)), out);
  // The client and its types with the validators declared, not defined: types.ts, client.ts, calls.ts, index.ts and
  // runtime.ts as generated, each tool's validator module a declaration of its exports (what calls.ts imports), no
  // validator-runtime.ts, no validate.ts. What the validators cost tsc beyond the client that loads them.
  const declared = join(scratch, "tsc-declared");
  rmSync(declared, { recursive: true, force: true });
  mkdirSync(join(declared, "validators"), { recursive: true });
  for (const file of readdirSync(out).filter((file) => file.endsWith(".ts") && file !== "validate.ts" && file !== "validator-runtime.ts"))
    cpSync(join(out, file), join(declared, file));
  for (const file of readdirSync(join(out, "validators"))) {
    // The module's last line: export{v0 as input,v3 as output};
    const list = /^export\{(.*)\};$/m.exec(readFileSync(join(out, "validators", file), "utf8"))?.[1] ?? "";
    const exported = list.split(",").map((entry) => entry.split(" as ")[1]);
    writeFileSync(
      join(declared, "validators", file),
      `import type { CompiledValidator } from "../runtime.js";\n${exported.map((name) => `export declare const ${name}: CompiledValidator;\n`).join("")}`,
    );
  }
  // As before calls.ts: types.ts, client.ts and runtime.ts alone, with what client.ts imports of the tools (calls.ts)
  // declared, each tool's export typed and no more.
  const alone = join(scratch, "tsc-alone");
  rmSync(alone, { recursive: true, force: true });
  mkdirSync(alone);
  for (const file of ["types.ts", "client.ts", "runtime.ts"]) cpSync(join(out, file), join(alone, file));
  writeFileSync(
    join(alone, "calls.ts"),
    readFileSync(join(out, "calls.ts"), "utf8").replace(/^export const (\w+): (.*) = \{\n[^]*?^\};$/gm, "export declare const $1: $2;"),
  );
  const config = (directory) => {
    const path = join(directory, "tsconfig.json");
    writeFileSync(
      path,
      JSON.stringify({
        compilerOptions: {
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          verbatimModuleSyntax: true,
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          noEmit: true,
          types: [],
          lib: ["ES2022"],
        },
        include: ["**/*.ts"],
      }),
    );
    return path;
  };
  const compilers = [
    ["TypeScript 6", join(root, "node_modules/typescript/bin/tsc")],
    ["TypeScript 7", join(root, "node_modules/tsc7/bin/tsc")],
  ];
  results.tsc = [];
  for (const [name, tsc] of compilers) {
    const [full, client, old] = sideBySide(
      [out, declared, alone].map((directory) => () => measure(process.execPath, [tsc, "-p", config(directory)])),
      Math.min(runs, 3),
    );
    const against = (base) =>
      `${base.cpu.toFixed(2)} s, ${(base.rss / 1024).toFixed(0)} MB: ${ratio(full.cpu / base.cpu)} CPU, ${ratio(full.rss / base.rss)} memory`;
    console.log(
      `  ${name}: the output ${full.cpu.toFixed(2)} s CPU, ${(full.rss / 1024).toFixed(0)} MB; ` +
        `against the client and types with each tool's validators declared (no validator code, no validate.ts) ${against(client)} (target <= 1.3x); ` +
        `against types.ts, client.ts and runtime.ts alone (calls.ts declared) ${against(old)}`,
    );
    results.tsc.push(full.cpu / client.cpu);
  }
  console.log("");
}

// ── throughput ────────────────────────────────────────────────────────────────────────────────
if (section("throughput") && hasCorpus) {
  console.log(
    "Throughput on real corpus schemas, values/s (mcpgen's validateInput/validateOutput, one pass: every issue of an invalid value, its default, or with { firstIssue: true } the first):",
  );
  const Ajv2020 = require("ajv/dist/2020.js").default;
  const Ajv7 = require("ajv").default;
  const addFormats = require("ajv-formats").default;
  const { validator: schemasafe } = require("@exodus/schemasafe");
  const { z } = require("zod");
  // The largest input (or output) schema of each server, the ten largest of those, each from another server.
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
  // Every issue (mcpgen's default) against each library as it is set up, against ajv with allErrors (which, like
  // mcpgen, goes on past the first error), and the first issue alone against ajv's defaults (which stop there).
  const ratios = {
    ajv: { valid: [], invalid: [] },
    "ajv allErrors": { valid: [], invalid: [] },
    schemasafe: { valid: [], invalid: [] },
    zod: { valid: [], invalid: [] },
    "ajv, mcpgen firstIssue": { valid: [], invalid: [] },
  };
  for (const pick of picks) {
    if (chosen.length === 10) break;
    if (seen.has(pick.file)) continue;
    const draft7 = typeof pick.schema.$schema === "string" && /draft-0[467]/.test(pick.schema.$schema);
    const ajv = addFormats(new (draft7 ? Ajv7 : Ajv2020)({ strict: false }));
    let ajvValidate;
    let ajvAllErrors;
    try {
      ajvValidate = ajv.compile(pick.schema);
      ajvAllErrors = addFormats(new (draft7 ? Ajv7 : Ajv2020)({ strict: false, allErrors: true })).compile(pick.schema);
    } catch {
      continue;
    }
    const ir = normalizeManifest(recogniseManifest({ tools: [pick.tool] }, pick.file));
    const valid = [sample(ir.tools[0][pick.role].schema, ir.tools[0][pick.role].schema)];
    if (!ajvValidate(valid[0])) continue;
    const invalid = invalidValues(valid[0]).filter((value) => !ajvValidate(value));
    if (invalid.length === 0) continue;
    seen.add(pick.file);
    const out = join(scratch, `throughput-${chosen.length}`);
    generate(manifestFile(`throughput-${chosen.length}`, { tools: [pick.tool] }), out);
    const bundle = join(out, "validate.bundle.mjs");
    await build({ entryPoints: [join(out, "validate.ts")], bundle: true, format: "esm", platform: "node", outfile: bundle, logLevel: "silent" });
    const generated = await import(pathToFileURL(bundle).href);
    const entry = pick.role === "input" ? generated.validateInput : generated.validateOutput;
    const ours = (value) => entry(pick.tool.name, value);
    // The first-issue mode from a module of its own, as a program that uses it would run it (the engine tunes code
    // to the calls it sees: one mode's calls would slow the other's).
    const firstModule = await import(`${pathToFileURL(bundle).href}?first`);
    const firstEntry = pick.role === "input" ? firstModule.validateInput : firstModule.validateOutput;
    const firstIssue = { firstIssue: true };
    const oursFirst = (value) => firstEntry(pick.tool.name, value, firstIssue);
    const disagree = [...valid, ...invalid].filter((value) => ours(value).ok !== ajvValidate(value) || oursFirst(value).ok !== ajvValidate(value));
    const libraries = {
      ajv: (value) => ajvValidate(value) || ajvValidate.errors,
      "ajv allErrors": (value) => ajvAllErrors(value) || ajvAllErrors.errors,
    };
    try {
      const check = schemasafe(pick.schema, { mode: "lax", includeErrors: true });
      libraries.schemasafe = (value) => check(value) || check.errors;
    } catch {
      // schemasafe refuses this schema
    }
    try {
      const schema = z.fromJSONSchema(pick.schema);
      if (schema.safeParse(valid[0]).success) libraries.zod = (value) => schema.safeParse(value);
    } catch {
      // zod cannot read this schema
    }
    const row = [
      `  ${`${pick.file.replace(/\.json$/, "")} ${pick.tool.name} (${pick.role}, ${kb(JSON.stringify(pick.schema).length)})`.slice(0, 58).padEnd(58)}`,
    ];
    const names = Object.keys(libraries);
    const [oursValid, firstValid, ...othersValid] = rates([ours, oursFirst, ...Object.values(libraries)], valid);
    const [oursInvalid, firstInvalid, ...othersInvalid] = rates([ours, oursFirst, ...Object.values(libraries)], invalid);
    for (const [index, name] of names.entries()) {
      const theirsValid = othersValid[index];
      const theirsInvalid = othersInvalid[index];
      ratios[name].valid.push(oursValid / theirsValid);
      ratios[name].invalid.push(oursInvalid / theirsInvalid);
      row.push(`${name} ${ratio(oursValid / theirsValid)}/${ratio(oursInvalid / theirsInvalid)}`);
    }
    ratios["ajv, mcpgen firstIssue"].valid.push(firstValid / othersValid[0]);
    ratios["ajv, mcpgen firstIssue"].invalid.push(firstInvalid / othersInvalid[0]);
    row.push(`firstIssue/ajv ${ratio(firstValid / othersValid[0])}/${ratio(firstInvalid / othersInvalid[0])}`);
    console.log(`${row.join("  ")}${disagree.length > 0 ? `  (${disagree.length} verdicts differ from ajv's!)` : ""}`);
    chosen.push(pick);
  }
  console.log("  (each: mcpgen's rate over the other's, valid/invalid values; mcpgen lists every issue but in the firstIssue column)");
  const modes = {
    ajv: "mcpgen (every issue) vs ajv's defaults (the first error)",
    "ajv allErrors": "mcpgen (every issue) vs ajv with allErrors (every error)",
    schemasafe: "mcpgen (every issue) vs schemasafe",
    zod: "mcpgen (every issue) vs zod 4",
    "ajv, mcpgen firstIssue": "mcpgen { firstIssue: true } vs ajv's defaults (the first error)",
  };
  for (const [name, { valid, invalid }] of Object.entries(ratios)) {
    if (valid.length === 0) continue;
    console.log(
      `  geometric mean over ${valid.length} tools, ${modes[name]}: ${ratio(geomean(valid))} on valid values, ${ratio(geomean(invalid))} on invalid values`,
    );
  }
  console.log("  target: >= 1.0x ajv, valid and invalid\n");
  results.throughput = ratios;
}

// ── cold start ────────────────────────────────────────────────────────────────────────────────
if (section("cold")) {
  console.log("Cold start: a fresh Node process validating one value of one tool of 1,000 (CPU, wall):");
  const manifest = synthetic(1000);
  const out = join(scratch, "cold-ts");
  generate(manifestFile("cold", manifest), out);
  const js = join(scratch, "cold-js");
  rmSync(js, { recursive: true, force: true });
  await transpile(out, js);
  const tool = manifest.tools[500];
  const input = { id: "abcdefgh", limit: 5, filter: { tags: ["a"], owner: { name: "n", email: "a@b.co" } } };
  const output = { items: [{ id: "a", score: 1 }], total: 1, next: null };
  const client = (module) =>
    `import { createClient } from ${JSON.stringify(pathToFileURL(join(js, module)).href)};\n` +
    `const client = createClient({ callTool: async () => ({ content: [], structuredContent: ${JSON.stringify(output)} }) });\n` +
    `await client.tool500(${JSON.stringify(input)});\n`;
  writeFileSync(join(scratch, "cold-client.mjs"), client("client.js"));
  writeFileSync(join(scratch, "cold-index.mjs"), client("index.js"));
  writeFileSync(
    join(scratch, "cold-validate.mjs"),
    `import { validateInput } from ${JSON.stringify(pathToFileURL(join(js, "validate.js")).href)};\n` +
      `if (!validateInput("tool_500", ${JSON.stringify(input)}).ok) throw new Error("invalid");\n`,
  );
  writeFileSync(
    join(scratch, "cold-ajv.cjs"),
    `const Ajv = require(${JSON.stringify(require.resolve("ajv/dist/2020.js"))}).default;\n` +
      `const addFormats = require(${JSON.stringify(require.resolve("ajv-formats"))}).default;\n` +
      `const ajv = addFormats(new Ajv({ strict: false }));\n` +
      `if (!ajv.compile(${JSON.stringify(tool.inputSchema)})(${JSON.stringify(input)})) throw new Error("invalid");\n`,
  );
  writeFileSync(join(scratch, "cold-empty.mjs"), "\n");
  const [viaClient, viaIndex, viaValidate, ajv, empty] = sideBySide(
    ["cold-client.mjs", "cold-index.mjs", "cold-validate.mjs", "cold-ajv.cjs", "cold-empty.mjs"].map(
      (script) => () => measure(process.execPath, [join(scratch, script)]),
    ),
    Math.max(runs, 7),
  );
  const line = (name, result) =>
    `  ${name.padEnd(62)} ${result.cpu.toFixed(3)} s CPU, ${result.wall.toFixed(3)} s wall; beyond node's own start: ${(result.cpu - empty.cpu).toFixed(3)} s CPU`;
  console.log(line("mcpgen: import client.js, call the tool (input and output)", viaClient));
  console.log(line("mcpgen: import index.js, call the tool", viaIndex));
  console.log(line("mcpgen: import validate.js (every tool's validators), validateInput", viaValidate));
  console.log(line("ajv: require, new Ajv2020 + ajv-formats, compile the input schema", ajv));
  console.log(line("node alone", empty));
  console.log(
    `  ratios beyond node's start: client.js ${ratio((viaClient.cpu - empty.cpu) / (ajv.cpu - empty.cpu))}, index.js ${ratio((viaIndex.cpu - empty.cpu) / (ajv.cpu - empty.cpu))}, ` +
      `validate.js ${ratio((viaValidate.cpu - empty.cpu) / (ajv.cpu - empty.cpu))} of ajv (target <= 1.0x)\n`,
  );
}

rmSync(scratch, { recursive: true, force: true });
