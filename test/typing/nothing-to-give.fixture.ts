// Calls that give a prompt without arguments one, and a resource template without variables one: each fails, and in
// words (type-checked by test/generated/typing.test.ts, which expects exactly these errors; never run).
import type { ToolsClient as HazardsClient } from "../../golden/hazards/index.js";
import type { ToolsClient as SurfaceClient } from "../../golden/surface/index.js";

export async function misuse(surface: SurfaceClient, hazards: HazardsClient): Promise<void> {
  await surface.getSimplePrompt({ city: "Oslo" });
  await hazards.readConstant({ id: "1" });
}
