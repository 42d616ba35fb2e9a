/** Temporary output directories inside an ESM package (as a user's project would be). */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function esmProject(prefix: string): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), `mcpgen-${prefix}-`));
  await writeFile(join(directory, "package.json"), '{ "type": "module", "private": true }\n');
  return directory;
}
