import type { ValidResponseOptions } from './valid-response.js'

/**
 * The matchers on Vitest's `expect(...)` (expect-mcp's `MCPMatchers`, extended). Matchers that query a test
 * client, or receive a promise, return a promise: `await` them.
 */
export interface MCPMatchers {
  /** A JSON-RPC response valid against the schema of the revision in use (see ValidResponseOptions). */
  toBeValidMCPResponse(options?: ValidResponseOptions): void
  /** An error response, ProtocolError or ToolCallError (or a promise of one), optionally with this code. */
  toHaveMCPError(expectedCode?: number): void | Promise<void>
  /** The server (test client) or tools list has this tool. */
  toHaveTool(toolName: string): Promise<void>
  /** The server (test client) or resources list has a resource with this name or URI. */
  toHaveResource(resourceName: string): Promise<void>
  /** The server (test client) or prompts list has this prompt. */
  toHavePrompt(promptName: string): Promise<void>
  /** A tools/call result with `isError: true` (or a promise of one). */
  toHaveToolError(): void | Promise<void>
  /** The result's structuredContent validates against the tool's outputSchema (or the one given). */
  toMatchToolOutputSchema(schemaOrTool?: Record<string, unknown>): void
  /**
   * A task (tasks/get result or response, CreateTaskResult, or a task handle: then `await` it) is in this
   * status, or one of these (SEP-2663: working, input_required, completed, failed, cancelled).
   */
  toHaveTaskStatus(
    expected:
      | 'working'
      | 'input_required'
      | 'completed'
      | 'failed'
      | 'cancelled'
      | ReadonlyArray<'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'>,
  ): void | Promise<void>
  /**
   * The server (test client) has MCP Apps (tools whose `_meta.ui` names a `ui://` resource) and all of them
   * follow the MCP Apps specification (2026-01-26): the tools' `_meta.ui`, each resource's MIME type
   * `text/html;profile=mcp-app`, its HTML, its `_meta.ui` (CSP origins, permissions).
   */
  toHaveValidApps(): Promise<void>
  /** A tool of the server (test client) names the app resource `uri`, and both follow the specification. */
  toHaveApp(uri: string): Promise<void>
}

// Vitest 4: `Matchers` is shared by `Assertion` and `ExpectStatic`; asymmetric matchers have their own interface.
declare module 'vitest' {
  interface Matchers<T = any> extends MCPMatchers {}
  interface AsymmetricMatchersContaining extends MCPMatchers {}
}
