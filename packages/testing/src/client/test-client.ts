import { RequestError, TimeoutError, ToolCallError } from '../errors.js'
import type {
  MCPCallToolResult,
  MCPCapabilities,
  MCPCompleteResult,
  MCPCompletionReference,
  MCPGetPromptResult,
  MCPNotification,
  MCPPrompt,
  MCPReadResourceResult,
  MCPResource,
  MCPResourceTemplate,
  MCPTool,
} from '../types.js'
import { TestClientBase } from './client-base.js'
import type { SendOptions } from './engine.js'
import { remember } from './provenance.js'
import { McpTestTask } from './test-task.js'

type Json = Record<string, unknown>

/**
 * The test client every harness returns (`mcpShell`, `mcpHttp`, `mcpInProcess`): expect-mcp's API —
 * `initialize`, `getTools`, `getResources`, `hasTool`, `hasResource`, `callTool`, `readResource`,
 * `isInitialized`, `getInitializeResult`, `supportsTools`, `supportsResources`, `waitForExit`, `close` — plus
 * prompts, completions, resource templates, raw requests and a choice of protocol revision.
 *
 * @example
 * const app = mcpShell('node file-server.js')
 * await app.initialize()
 * await expect(app).toHaveTool('read_file')
 * const result = await app.callTool('read_file', { path: 'hello.txt' })
 * await app.close()
 */
export class McpTestClient extends TestClientBase {
  private toolCache: MCPTool[] | undefined

  protected override onServerNotification(n: MCPNotification): void {
    if (n.method === 'notifications/tools/list_changed') this.toolCache = undefined
  }

  /** All tools (every page of `tools/list`). */
  async getTools(): Promise<MCPTool[]> {
    const tools = await this.listAll('tools/list', (o) => this.engine.listAllTools(o))
    this.toolCache = tools as MCPTool[]
    return tools as MCPTool[]
  }

  /** Every item of a paginated list (core follows `nextCursor` and refuses a repeated cursor). */
  private async listAll<T>(method: string, run: (options: SendOptions) => Promise<T[]>): Promise<T[]> {
    await this.ensureInitialized()
    return (await this.call(method, run)).result
  }

  /** All resources (every page of `resources/list`). */
  getResources(): Promise<MCPResource[]> {
    return this.listAll('resources/list', (o) => this.engine.listAllResources(o)) as Promise<MCPResource[]>
  }

  /** All resource templates (every page of `resources/templates/list`). */
  getResourceTemplates(): Promise<MCPResourceTemplate[]> {
    return this.listAll('resources/templates/list', (o) =>
      this.engine.listAllResourceTemplates(o),
    ) as Promise<MCPResourceTemplate[]>
  }

  /** All prompts (every page of `prompts/list`). */
  getPrompts(): Promise<MCPPrompt[]> {
    return this.listAll('prompts/list', (o) => this.engine.listAllPrompts(o)) as Promise<MCPPrompt[]>
  }

  async hasTool(name: string): Promise<boolean> {
    return (await this.getTools()).some((t) => t.name === name)
  }

  /** True when a resource has this name or this URI. */
  async hasResource(nameOrUri: string): Promise<boolean> {
    return (await this.getResources()).some((r) => r.name === nameOrUri || r.uri === nameOrUri)
  }

  /** True when a resource template has this name or this URI template. */
  async hasResourceTemplate(nameOrTemplate: string): Promise<boolean> {
    return (await this.getResourceTemplates()).some(
      (t) => t.name === nameOrTemplate || t.uriTemplate === nameOrTemplate,
    )
  }

  async hasPrompt(name: string): Promise<boolean> {
    return (await this.getPrompts()).some((p) => p.name === name)
  }

  /**
   * Calls a tool and resolves with its result — a tool execution error (`isError: true`) included, see
   * `toHaveToolError()`. A JSON-RPC error (unknown tool, invalid arguments) rejects with `ToolCallError`.
   */
  async callTool(
    name: string,
    args: Record<string, unknown> = {},
    options: { timeoutMs?: number } = {},
  ): Promise<MCPCallToolResult> {
    const tool = await this.toolNamed(name)
    try {
      const { id, result } = await this.call(
        'tools/call',
        async (o) => {
          const created = await this.engine.request('tools/call', { name, arguments: args }, o)
          // A task (the client takes tasks: `tasks: true`): wait for its end, within taskTimeout.
          return created.resultType === 'task' ? this.finish(name, created) : created
        },
        options.timeoutMs,
      )
      return remember(result as MCPCallToolResult, {
        method: 'tools/call',
        protocolVersion: this.protocolVersion ?? '',
        requestId: id,
        tool,
        toolName: name,
        envelope: false,
      })
    } catch (e) {
      if (e instanceof RequestError) throw new ToolCallError(name, e.requestId, e.error)
      throw e
    }
  }

  /**
   * Calls a tool and hands back the task the server created for it (`McpTestTask`: `taskId`, `get()`,
   * `waitForStatus()`, `provideInput()`, `cancel()`, `result()`), rather than waiting for the result. Needs
   * `tasks: true` and a 2026-07-28 connection; a call the server answered at once gives a task without `taskId`
   * whose `result()` is that answer. A JSON-RPC error rejects with `ToolCallError`.
   */
  async callToolTask(
    name: string,
    args: Record<string, unknown> = {},
    options: { timeoutMs?: number } = {},
  ): Promise<McpTestTask> {
    const tool = await this.toolNamed(name)
    try {
      const { id, result } = await this.call(
        'tools/call',
        (o) => this.engine.request('tools/call', { name, arguments: args }, o),
        options.timeoutMs,
      )
      return new McpTestTask(this.engine, result, {
        toolName: name,
        tool,
        requestId: id,
        protocolVersion: this.protocolVersion ?? '',
        timeoutMs: this.taskTimeout,
      })
    } catch (e) {
      if (e instanceof RequestError) throw new ToolCallError(name, e.requestId, e.error)
      throw e
    }
  }

  /** Initializes, and finds the tool's definition (so toMatchToolOutputSchema() can find its schema). */
  private async toolNamed(name: string): Promise<MCPTool | undefined> {
    await this.ensureInitialized()
    if (this.toolCache === undefined && this.supportsTools()) await this.getTools().catch(() => undefined)
    return this.toolCache?.find((t) => t.name === name)
  }

  /** Follows a task to its final result; past `taskTimeout` it is cancelled and the call fails. */
  private async finish(name: string, created: Record<string, unknown>): Promise<Record<string, unknown>> {
    const guard = AbortSignal.timeout(this.taskTimeout)
    try {
      return await this.engine.awaitTask(created, { signal: guard })
    } catch (e) {
      if (!guard.aborted) throw e
      throw new TimeoutError(
        'tools/call',
        String(created.taskId),
        this.taskTimeout,
        `task ${String(created.taskId)} of tool "${name}" did not finish within ${this.taskTimeout} ms (taskTimeout); it was cancelled`,
      )
    }
  }

  /** Reads a resource (`resources/read`). */
  readResource(uri: string): Promise<MCPReadResourceResult> {
    return this.tracked('resources/read', { uri }) as Promise<MCPReadResourceResult>
  }

  /** Gets a prompt with its arguments (`prompts/get`). */
  getPrompt(name: string, args: Record<string, string> = {}): Promise<MCPGetPromptResult> {
    return this.tracked('prompts/get', { name, arguments: args }) as Promise<MCPGetPromptResult>
  }

  /** `completion/complete` for a prompt argument or a resource template variable. */
  complete(
    ref: MCPCompletionReference,
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
  ): Promise<MCPCompleteResult> {
    const params: Json = { ref, argument }
    if (context) params.context = context
    return this.tracked('completion/complete', params) as Promise<MCPCompleteResult>
  }

  /** Completes an argument of a prompt. */
  completePrompt(prompt: string, argument: string, value: string): Promise<MCPCompleteResult> {
    return this.complete({ type: 'ref/prompt', name: prompt }, { name: argument, value })
  }

  /** Completes a variable of a resource template. */
  completeResourceTemplate(uriTemplate: string, variable: string, value: string): Promise<MCPCompleteResult> {
    return this.complete({ type: 'ref/resource', uri: uriTemplate }, { name: variable, value })
  }

  /** `ping` (legacy revisions). */
  async ping(): Promise<void> {
    await this.invoke('ping', {})
  }

  private async tracked(method: string, params: Json): Promise<Json> {
    const { id, result } = await this.invoke(method, params)
    return remember(result, {
      method,
      protocolVersion: this.protocolVersion ?? '',
      requestId: id,
      envelope: false,
    })
  }

  /** Ends the server at once, without the graceful wait of `close()` and without its checks (expect-mcp). */
  async kill(): Promise<void> {
    await (this.harness.kill ? this.harness.kill() : this.harness.shutdown(0))
  }

  /** The server's capabilities (after `initialize()`). */
  getServerCapabilities(): MCPCapabilities {
    return this.getInitializeResult().capabilities ?? {}
  }

  supportsTools(): boolean {
    return this.getServerCapabilities().tools !== undefined
  }

  supportsResources(): boolean {
    return this.getServerCapabilities().resources !== undefined
  }

  supportsPrompts(): boolean {
    return this.getServerCapabilities().prompts !== undefined
  }

  supportsCompletions(): boolean {
    return this.getServerCapabilities().completions !== undefined
  }

  supportsLogging(): boolean {
    return this.getServerCapabilities().logging !== undefined
  }
}
