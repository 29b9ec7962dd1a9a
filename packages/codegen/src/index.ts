// @edgemcp/codegen public API. Hand-written: adding an export is an API decision.
export { generate, hashListing } from './generate.js'
export type { GenerateOptions, GenerateResult } from './generate.js'
export { parseListing, InputError } from './model/input.js'
export type {
  ClientCapabilityName,
  Listing,
  RawPrompt,
  RawResourceTemplate,
  RawTool,
  RawToolUi,
  ServerNote,
} from './model/input.js'
export { buildModel } from './model/build-model.js'
export type { CodegenModel, ModelOptions, ToolModel } from './model/build-model.js'
export { loadTools, LoadError, describeSource } from './load/source.js'
export type { LoadOptions, ToolSource } from './load/source.js'
export type { OAuthLoadOptions } from './load/oauth-login.js'
export { run } from './run.js'
export type { RunIo } from './run.js'
export type { Layout } from './emit/files.js'
