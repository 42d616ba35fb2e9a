/**
 * Emits the server runtime, copied as is under a generated header: `server-runtime.ts`
 * (`templates/server-runtime.ts`: the dispatcher, the handler context, stdio),
 * `server-surface.ts` (prompts, resources, resource templates, completions), `server-input.ts`
 * (what a handler asks the client for, on both eras), `server-http.ts` (the Streamable HTTP
 * entry) and, for resource templates, `uri-template-match.ts` (how a URI is matched).
 */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

function copied(ir: ManifestIR, name: string): SourceFile {
  return {
    path: name,
    format: "typescript",
    statements: [header(ir, `Server runtime copied from mcpgen's templates/${name}.`), template(name)],
  };
}

/** The runtime's files: `uri-template-match.ts` (RFC 6570 read backwards, beside the client's `uri-template.ts`) only for a manifest with resource templates. */
export function emitServerRuntime(ir: ManifestIR): SourceFile[] {
  const names = ["server-runtime.ts", "server-surface.ts", "server-input.ts", "server-http.ts"];
  if (ir.resourceTemplates.length > 0) names.push("uri-template-match.ts");
  return names.map((name) => copied(ir, name));
}
