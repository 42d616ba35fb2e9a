/** Emits `uri-template.ts`: `templates/uri-template.ts` (RFC 6570), copied as is under a generated header, for a manifest with resource templates. */
import type { ManifestIR, SourceFile } from "../../ir/index.js";
import { header } from "../nodes.js";
import { template } from "../template-code.js";

export function emitUriTemplate(ir: ManifestIR): SourceFile {
  return {
    path: "uri-template.ts",
    format: "typescript",
    statements: [header(ir, "RFC 6570 URI templates, copied from mcpgen's templates/uri-template.ts."), template("uri-template.ts")],
  };
}
