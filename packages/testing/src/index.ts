// @edgemcp/testing public API. Hand-written: adding an export is an API decision.

// Harnesses and the test client
export { mcpHttp } from './harness/http.js'
export type { MCPHttpOptions } from './harness/http.js'
export { mcpInProcess } from './harness/in-process.js'
export type { FetchHandler, MCPInProcessOptions } from './harness/in-process.js'
export { mcpShell, shellCommand } from './harness/shell.js'
export { McpTestClient } from './client/test-client.js'
export { McpTestTask } from './client/test-task.js'

// OAuth: drive a test authorization server's login (mcpHttp's `auth` takes the provider)
export { headlessAuthorize } from './auth/headless-authorize.js'
export type { HeadlessAuthorizationRequest, HeadlessAuthorizeOptions } from './auth/headless-authorize.js'
export type { Harness, HarnessExit } from './harness/harness.js'

// Errors
export {
  ConnectionLostError,
  RequestError,
  ServerExitError,
  TimeoutError,
  ToolCallError,
} from './errors.js'
/** Core's class of JSON-RPC errors: `RequestError` and `ToolCallError` are ProtocolErrors. */
export { ProtocolError } from '@edgemcp/core'

// Matchers (import '@edgemcp/testing/vitest-setup' to register them)
export { mcpMatchers } from './matchers/index.js'
export type { MCPMatcherImplementations } from './matchers/index.js'
export type { MCPMatchers } from './matchers/augment.js'
export type { MatcherContext, MCPMatcherResult } from './matchers/shared.js'
export type { ValidResponseOptions } from './matchers/valid-response.js'
export { checkResponse, checkResult } from './matchers/valid-response.js'

// Types (expect-mcp's names, plus prompts, templates, completions)
export type {
  JsonRpcSubprocessOptions,
  MCPCallToolResult,
  MCPCapabilities,
  MCPCloseOptions,
  MCPCloseResult,
  MCPCompleteResult,
  MCPCompletionReference,
  MCPContentBlock,
  MCPContentMessage,
  MCPError,
  MCPExitInfo,
  MCPGetPromptResult,
  MCPInitializeParams,
  MCPInitializeResult,
  MCPNotification,
  MCPPrompt,
  MCPPromptsListResult,
  MCPReadResourceResult,
  MCPResource,
  MCPResourceContents,
  MCPResourcesListResult,
  MCPResourceTemplate,
  MCPResourceTemplatesListResult,
  MCPResponse,
  MCPResult,
  MCPStdinSubprocessOptions,
  MCPTestClientOptions,
  MCPTool,
  MCPToolsListResult,
} from './types.js'
/** expect-mcp's name for the client `mcpShell` returns. */
export type { McpTestClient as MCPStdinSubprocess } from './client/test-client.js'
