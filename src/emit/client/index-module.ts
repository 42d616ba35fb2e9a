/** Emits `index.ts`, the entry point re-exporting everything a user needs. */
import type { EmittedFile, ManifestIR } from "../../ir/index.js";
import { fileHeader } from "../header.js";
import { fileFromBlocks, formattedBlock } from "../../format/layout.js";

/** The same for every manifest, written in Prettier's layout. */
const EXPORTS = `export type * from "./types.js";
export { createClient, methodNames, type ToolsClient } from "./client.js";
export { standardSchemas, validateInput, validateOutput } from "./validate.js";
export {
  ToolError,
  ValidationError,
  isToolError,
  isValidationError,
  type CallOptions,
  type ClientOptions,
  type ContentBlock,
  type McpClient,
  type Progress,
  type StandardSchemaV1,
  type StandardSchemas,
  type StructuredToolResult,
  type ToolResult,
  type ValidationIssue,
  type ValidationResult,
} from "./runtime.js";
`;

export function emitIndex(ir: ManifestIR): EmittedFile {
  return fileFromBlocks("index.ts", [formattedBlock(fileHeader(ir, "Entry point.")), formattedBlock(EXPORTS)]);
}
