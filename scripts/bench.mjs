#!/usr/bin/env node
// Generation benchmark: `npm run bench`. Times the real CLI end to end (process
// start, lazy imports, every stage, writes) on the largest corpus manifest and
// on synthetic manifests of 100, 1,000 and 3,000 tools with nested input and
// output schemas, and reports the per-tool cost and per-stage times.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

// The parts measured in this process below run as in the CLI (bin/mcpgen.js says why).
setFlagsFromString("--no-turbo-inlining");

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin/mcpgen.js");
const scratch = mkdtempSync(join(tmpdir(), "mcpgen-bench-"));
const runs = Number(process.env.BENCH_RUNS ?? 5);

/**
 * A tool with a nested input (objects, arrays, enums, a $ref) and an output
 * schema. Every tool's schemas differ (names, enum values, bounds), so no
 * tool benefits from mcpgen compiling identical schemas only once. Their
 * nested parts repeat from tool to tool (a date range, a person, a result
 * item), as real servers' do, and mcpgen compiles those once
 * (src/emit/validators/shared-subschemas.ts). With `distinct`, every nested part has a
 * bound of its own too: nothing repeats, the worst case for the validators.
 */
function syntheticTool(index, distinct = false) {
  const own = (bound) => (distinct ? { maxLength: bound + index } : {});
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
            tags: { type: "array", items: { type: "string", ...own(20) } },
            range: { type: "object", properties: { from: { type: "string", format: "date-time", ...own(40) }, to: { type: "string", format: "date-time" } } },
            owner: { $ref: "#/$defs/person" },
          },
          additionalProperties: false,
        },
      },
      required: ["id"],
      $defs: {
        person: { type: "object", properties: { name: { type: "string", ...own(60) }, email: { type: "string", format: "email" } }, required: ["name"] },
      },
    },
    outputSchema: {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: {
            type: "object",
            properties: { id: { type: "string", ...own(80) }, score: { type: "number" }, labels: { type: "array", items: { type: "string" } } },
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

function largestCorpusManifest() {
  const corpus = resolve(root, "../shared/corpus");
  if (!existsSync(corpus)) return undefined;
  const files = readdirSync(corpus).filter((file) => file.endsWith(".json"));
  const byTools = files.map((file) => ({ file: join(corpus, file), tools: JSON.parse(readFileSync(join(corpus, file), "utf8")).tools.length }));
  return byTools.sort((a, b) => b.tools - a.tools)[0];
}

function time(manifest) {
  const samples = [];
  let stages = {};
  for (let run = 0; run < runs; run++) {
    const out = join(scratch, `out-${run}`);
    rmSync(out, { recursive: true, force: true });
    const start = process.hrtime.bigint();
    const stdout = execFileSync(process.execPath, [bin, "generate", manifest, "--out", out, "--json"], { encoding: "utf8", maxBuffer: 1 << 26 });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    stages = JSON.parse(stdout).timings;
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples.at(-1), stages, bytes: dirBytes(join(scratch, "out-0")) };
}

function dirBytes(directory) {
  return readdirSync(directory).reduce((sum, file) => sum + statSync(join(directory, file)).size, 0);
}

const cases = [];
const largest = largestCorpusManifest();
if (largest) cases.push({ name: `corpus: ${largest.file.split("/").pop()}`, manifest: largest.file, tools: largest.tools });
else console.log("(../shared/corpus not found: corpus case skipped)");
for (const count of [100, 1000, 3000]) {
  const manifest = join(scratch, `synthetic-${count}.json`);
  writeFileSync(manifest, JSON.stringify({ tools: Array.from({ length: count }, (_, index) => syntheticTool(index)) }));
  cases.push({ name: `synthetic ${count} tools`, manifest, tools: count });
}
{
  const manifest = join(scratch, "synthetic-distinct-1000.json");
  writeFileSync(manifest, JSON.stringify({ tools: Array.from({ length: 1000 }, (_, index) => syntheticTool(index, true)) }));
  cases.push({ name: "synthetic 1000, nothing repeated", manifest, tools: 1000, distinct: true });
}

console.log(
  `mcpgen generate, end to end (median of ${runs} runs, and their range; node ${process.version}, ${(await import("node:os")).cpus().length} cores)\n`,
);
console.log(
  ["case".padEnd(34), "tools".padStart(6), "total ms".padStart(10), "range".padStart(13), "ms/tool".padStart(9), "output".padStart(9), "  stages (ms)"].join(
    "",
  ),
);
const rows = [];
for (const entry of cases) {
  const result = time(entry.manifest);
  const stages = Object.entries(result.stages)
    .map(([stage, ms]) => `${stage} ${ms.toFixed(0)}`)
    .join(", ");
  rows.push({ ...entry, ...result });
  const range = `${result.min.toFixed(0)}-${result.max.toFixed(0)}`;
  console.log(
    [
      entry.name.padEnd(34),
      String(entry.tools).padStart(6),
      result.median.toFixed(0).padStart(10),
      range.padStart(13),
      (result.median / entry.tools).toFixed(2).padStart(9),
      `${(result.bytes / 1024).toFixed(0)} KB`.padStart(9),
      `  ${stages}`,
    ].join(""),
  );
}

const synthetic = rows.filter((row) => row.name.startsWith("synthetic") && !row.distinct);
const thousand = synthetic.find((row) => row.tools === 1000);
const distinct = rows.find((row) => row.distinct);
const marginal = (synthetic.at(-1).median - synthetic[0].median) / (synthetic.at(-1).tools - synthetic[0].tools);
console.log(
  `\nmarginal cost per tool (100 → 3,000): ${marginal.toFixed(2)} ms; 1,000 tools: ${thousand.median.toFixed(0)} ms, ` +
    `${distinct.median.toFixed(0)} ms with nothing repeated (target < 3,000 ms)`,
);

// Where the time goes, for 1,000 tools: each heavy part alone, in this process, as CPU time.
// Whatever the schedule, 2 cores cannot finish the whole in less than half the sum.
{
  const { normalizeManifest, recogniseManifest } = await import("../dist/src/index.js");
  const { emitClient } = await import("../dist/src/emit/client/index.js");
  const { emitTypes } = await import("../dist/src/emit/types/index.js");
  const { emitValidate, validatorEntries } = await import("../dist/src/emit/validators/index.js");
  const { compileValidatorChunk } = await import("../dist/src/emit/validators/compiler.js");
  const { formatFiles } = await import("../dist/src/format/index.js");
  const cpu = async (run) => {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  for (const distinct of [false, true]) {
    const tools = Array.from({ length: 1000 }, (_, index) => syntheticTool(index, distinct));
    let ir;
    let files;
    let plan;
    const own = await cpu(async () => {
      ir = normalizeManifest(recogniseManifest({ tools }, "bench"));
      files = [emitTypes(ir), emitClient(ir), emitValidate(ir)];
      plan = await validatorEntries(ir);
    });
    const ajv = await cpu(async () => {
      for (let start = 0; start < plan.unique.length; start += 150) await compileValidatorChunk(plan.unique.slice(start, start + 150), plan.context);
    });
    let formatted;
    const format = await cpu(async () => {
      formatted = await formatFiles(files, { outDir: scratch });
    });
    const prettier = await cpu(() => formatFiles(files, { outDir: scratch, knownLayout: false }));
    const floor = (own + ajv + format) / 2;
    console.log(
      `CPU for 1,000 tools${distinct ? ", nothing repeated" : ""}, each part alone: ajv ${plan.unique.length} schemas (+${plan.context.shared.length} shared) ${ajv.toFixed(0)} ms, ` +
        `format (print, Prettier for what the printer does not vouch for) ${(formatted.reduce((sum, file) => sum + file.contents.length, 0) / 1024).toFixed(0)} KB ${format.toFixed(0)} ms (Prettier on every file whole, as with a user's Prettier config: ${prettier.toFixed(0)} ms), ` +
        `mcpgen's normalize+emit ${own.toFixed(0)} ms; no 2-core schedule beats ${floor.toFixed(0)} ms (half the sum, before process and worker start-up)`,
    );
  }
}

// Baseline: the types stage alone, mcpgen's emitter against json-schema-to-typescript
// (which mcpgen evaluated and does not use: it names types after untrusted `title`s,
// honours `tsType`, and is built to compile one schema at a time).
{
  const { compile } = await import("json-schema-to-typescript");
  const { normalizeManifest, recogniseManifest } = await import("../dist/src/index.js");
  const { emitTypes } = await import("../dist/src/emit/types/index.js");
  const { printFile } = await import("../dist/src/format/printer/index.js");
  const tools = Array.from({ length: 1000 }, (_, index) => syntheticTool(index));
  const startOwn = performance.now();
  printFile(emitTypes(normalizeManifest(recogniseManifest({ tools }, "bench"))));
  const own = performance.now() - startOwn;
  const startBaseline = performance.now();
  for (const tool of tools) {
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      await compile(structuredClone(schema), tool.name, {
        bannerComment: "",
        format: false,
        declareExternallyReferenced: true,
        $refOptions: { resolve: { external: false } },
      });
    }
  }
  const baseline = performance.now() - startBaseline;
  console.log(
    `types only, 1,000 tools: mcpgen normalize+emit+print ${own.toFixed(0)} ms; json-schema-to-typescript compile (unformatted) ${baseline.toFixed(0)} ms`,
  );
}
rmSync(scratch, { recursive: true, force: true });
