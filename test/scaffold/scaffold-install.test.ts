/**
 * A scaffold as a user gets it: mcpgen packed from this working tree, put in
 * an app with `npm install -D <tarball>` (the README's "Install"), a server scaffolded by that install's CLI, then installed,
 * built and started exactly as the scaffold's README says, and added to an
 * MCP client as its `.mcp.json` example says. Its `npm run generate` runs the
 * app's mcpgen and keeps the README's tools table current.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { npmRun, scaffoldProject, sharedInstall, weatherManifest } from "../helpers/scaffold-project.js";

/** The fenced blocks of a Markdown text in the language `lang`, in order. */
function codeBlocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((match) => match[1]!);
}

describe("a scaffold installed from the packed working tree", () => {
  it("installs, builds and serves stdio as its README says, and works from the README's .mcp.json entry", { timeout: 120_000 }, async () => {
    const install = await sharedInstall();
    const readme = await readFile(join(install.project, "README.md"), "utf8");
    const commands = codeBlocks(readme, "sh")[0]!
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/\s+#.*$/, ""));
    // The helper ran the first one (with flags that change only npm's output and its cache use).
    expect(commands).toEqual(["npm install", "npm run build", "node dist/server.js", "PORT=8080 node dist/server.js --http"]);
    const built = await npmRun(install.project, "build");
    expect(built.stderr + built.stdout).toBe("");
    expect(built.ok).toBe(true);

    const entry = (JSON.parse(codeBlocks(readme, "json")[0]!) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers[
      "weather-server"
    ]!;
    expect(entry).toEqual({ command: "node", args: ["/absolute/path/to/weather-server/dist/server.js"] });
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args.map((arg) => arg.replace("/absolute/path/to/weather-server", install.project)),
      env: { PATH: process.env["PATH"] ?? "" },
      stderr: "pipe",
    });
    const client = new Client({ name: "scaffold-install-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      const manifest = JSON.parse(await readFile(weatherManifest, "utf8")) as { tools: unknown[] };
      expect(listed.tools).toEqual(manifest.tools);
      const result = await client.callTool({ name: "get_weather", arguments: { location: "Oslo" } });
      expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "not implemented: get_weather" }] });
    } finally {
      await client.close();
    }
  });

  it("came with no scripts and with the docs the READMEs link to", async () => {
    const install = await sharedInstall();
    const installed = join(install.app, "node_modules/mcpgen");
    expect(JSON.parse(await readFile(join(installed, "package.json"), "utf8"))).not.toHaveProperty("scripts");
    expect(existsSync(join(installed, "docs/scaffold.md"))).toBe(true);
    expect(existsSync(join(installed, "dist/src/cli/index.js"))).toBe(true);
  });

  it("runs npm run generate with the app's mcpgen, which rewrites the README's tools table and nothing else of it", async () => {
    const { project } = await scaffoldProject(weatherManifest, "weather-server");
    const readmePath = join(project, "README.md");
    const mine = "\nMy own notes, kept by every regeneration.\n";
    await writeFile(readmePath, `${await readFile(readmePath, "utf8")}${mine}`);
    const manifestPath = join(project, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { tools: Array<{ name: string }> };
    manifest.tools = [...manifest.tools.filter((tool) => tool.name !== "list_alerts"), { name: "get_uv_index", inputSchema: { type: "object" } } as never];
    await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

    const generated = await npmRun(project, "generate");
    expect(generated.stderr).toContain("list_alerts");
    expect(generated.ok).toBe(true);
    const readme = await readFile(readmePath, "utf8");
    expect(readme).toContain("| `src/handlers/get-uv-index.ts` | `GetUvIndexInput` | (no outputSchema) |\n");
    expect(readme).not.toContain("list-alerts.ts");
    expect(readme.endsWith(mine)).toBe(true);
    expect((await npmRun(project, "generate", ["--check"])).ok).toBe(true);
  });
});
