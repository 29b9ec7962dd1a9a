import type { Json, MatcherContext, MCPMatcherResult } from './shared.js'
import { toHaveApp, toHaveValidApps } from './apps.js'
import { toHavePrompt, toHaveResource, toHaveTool } from './has-primitive.js'
import { toHaveMCPError } from './mcp-error.js'
import { toMatchToolOutputSchema } from './output-schema.js'
import { toHaveTaskStatus } from './task-status.js'
import { toHaveToolError } from './tool-error.js'
import { toBeValidMCPResponse, type ValidResponseOptions } from './valid-response.js'

type Result = MCPMatcherResult | Promise<MCPMatcherResult>

/** Runtime implementations handed to `expect.extend` (expect-mcp's `MCPMatcherImplementations`, extended). */
export interface MCPMatcherImplementations {
  toBeValidMCPResponse(
    this: MatcherContext,
    received: unknown,
    options?: ValidResponseOptions,
  ): MCPMatcherResult
  toHaveMCPError(this: MatcherContext, received: unknown, expectedCode?: number): Result
  toHaveTool(this: MatcherContext, received: unknown, toolName: string): Result
  toHaveResource(this: MatcherContext, received: unknown, resourceName: string): Result
  toHavePrompt(this: MatcherContext, received: unknown, promptName: string): Result
  toHaveToolError(this: MatcherContext, received: unknown): Result
  toMatchToolOutputSchema(this: MatcherContext, received: unknown, schemaOrTool?: Json): MCPMatcherResult
  toHaveTaskStatus(this: MatcherContext, received: unknown, expected: string | readonly string[]): Result
  toHaveValidApps(this: MatcherContext, received: unknown): Result
  toHaveApp(this: MatcherContext, received: unknown, uri: string): Result
}

/**
 * The matchers, for `expect.extend(mcpMatchers)` (or `import '@edgemcp/testing/vitest-setup'`, which does
 * that for you).
 */
export const mcpMatchers = {
  toBeValidMCPResponse,
  toHaveMCPError,
  toHaveTool,
  toHaveResource,
  toHavePrompt,
  toHaveToolError,
  toMatchToolOutputSchema,
  toHaveTaskStatus,
  toHaveValidApps,
  toHaveApp,
} satisfies MCPMatcherImplementations
