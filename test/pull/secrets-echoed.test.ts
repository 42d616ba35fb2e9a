/**
 * A secret the user gives a pull (an `--env` value, a `--header` value) that
 * the server echoes back is masked as `***` wherever mcpgen prints it: in
 * every form the output escapes it into (a JSON pointer's `~1`, a quoted
 * string's `\"`, a control character's `\u0007`), whole however long it is,
 * in the generated files' diffs, and as the parts of a header value HTTP
 * separates (a cookie's value, the password of Basic credentials).
 *
 * The CLI runs as a child process (`node bin/mcpgen.js`, which runs dist/:
 * `npm run build` first) against real servers: a scripted stdio server and
 * a Streamable HTTP server on loopback.
 */
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, repoRoot, tempDir } from "../helpers/pull.js";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function mcpgen(args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [join(repoRoot, "bin", "mcpgen.js"), ...args],
      { env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
      (error, stdout, stderr) => {
        done({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
      },
    );
  });
}

/** The scripted server echoing $SECRET_TOKEN as a property name, an enum value, a pattern and in a description. */
const echoing = (secret: string) => ["-e", `SECRET_TOKEN=${secret}`, "--", process.execPath, fixture("scripted-server.mjs"), "echo-escaped"];

/** A manifest of the same tool before the server echoed anything: a diff against it reports every echo as a change. */
async function oldManifest(directory: string): Promise<string> {
  const file = join(directory, "old.json");
  await writeFile(
    file,
    JSON.stringify({ tools: [{ name: "search", inputSchema: { type: "object", properties: { level: { type: "string", enum: ["debug"] } } } }] }),
  );
  return file;
}

describe("an echoed secret is masked in the forms the output escapes it into", () => {
  // An AWS secret key holds "/" (a pointer's ~1), and a token may hold '"' or "\" (escaped when quoted) or a control character.
  const cases = [
    { name: "a / (JSON pointers)", secret: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", part: "K7MDENG" },
    { name: 'a " and a \\ (quoted values)', secret: 's3cr3t-T0KEN-abc"QUOTED\\x', part: "QUOTED" },
    { name: "a ~ and a control character (printable escapes)", secret: "tok~en\u0007CONTROLLED-0123", part: "CONTROLLED" },
  ];

  for (const { name, secret, part } of cases) {
    it(`with ${name}: pull, pull --json, diff in every format`, async () => {
      const directory = await tempDir("escaped");
      const old = await oldManifest(directory);
      const runs = [
        await mcpgen(["pull", "--out", join(directory, "out"), ...echoing(secret)]),
        await mcpgen(["pull", "--json", "--out", join(directory, "json"), ...echoing(secret)]),
        ...(await Promise.all(["text", "json", "markdown"].map((format) => mcpgen(["diff", old, "--format", format, ...echoing(secret)])))),
      ];
      for (const run of runs) expect(run.code, run.stderr).not.toBe(-1);
      const printed = runs.map((run) => run.stdout + run.stderr).join("\n");
      // The runs did print the places the server echoed it at, masked.
      expect(printed).toContain("/properties/***");
      expect(printed).toContain(`value "***" added`);
      expect(printed).not.toContain(part);
    });
  }
});
