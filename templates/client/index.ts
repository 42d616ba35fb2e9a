/**
 * Template of the generated `index.ts`, the entry point: the same for every
 * manifest. The synchronous validators (`validateInput`, `validateOutput`,
 * `standardSchemas`) are `validate.ts`'s, imported from there: they reach
 * every tool's validators, which the client loads one tool at a time.
 */
// #region emitted
export type * from "./types.js";
export { createClient, methodNames, type ToolsClient } from "./client.js";
export {
  InputRequiredError,
  ToolError,
  ValidationError,
  callTool,
  connect,
  isInputRequiredError,
  isToolError,
  isValidationError,
  otherMembers,
  type BlobResourceContents,
  type CallOptions,
  type ClientOptions,
  type CompleteResult,
  type CompletionOptions,
  type ContentBlock,
  type GetPromptResult,
  type McpClient,
  type PendingResult,
  type Progress,
  type PromptMessage,
  type ReadResourceResult,
  type ResourceContents,
  type StandardSchemaV1,
  type StandardSchemas,
  type StructuredToolResult,
  type TextResourceContents,
  type ToolCall,
  type ToolMethod,
  type ToolConnection,
  type ToolResult,
  type ValidateOptions,
  type ValidationIssue,
  type ValidationResult,
  type ValidationSubject,
} from "./runtime.js";
// #endregion
