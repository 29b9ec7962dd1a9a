import type {
  CallToolResult,
  GetPromptResult,
  JsonObject,
  McpClient,
  McpServer,
  Prompt,
  ReadResourceResult,
  Registration,
  RequestContext,
  Resource,
  ResourceTemplate,
  Tool,
} from '@edgemcp/core'
import type { InputRouter } from './asks.js'

type Kind = 'tools' | 'prompts' | 'resources'

/** What the bridge tells its user (stderr: a stdio client shows nothing else). */
export type Warn = (line: string) => void

/**
 * Keeps the bridge's stdio-side server a copy of the remote's tools, prompts, resources and resource
 * templates: each entry is registered with a handler that forwards to the remote, and a list change there
 * (`notifications/…/list_changed`) re-reads that list, so the stdio client is told of the change in turn.
 */
export class Mirror {
  readonly #entries: Record<Kind, Map<string, { wire: string; registration: Registration }>> = {
    tools: new Map(),
    prompts: new Map(),
    resources: new Map(),
  }

  constructor(
    private readonly remote: McpClient,
    private readonly server: McpServer,
    private readonly router: InputRouter,
    private readonly warn: Warn,
  ) {}

  /** Reads every list the remote's capabilities offer. */
  async syncAll(): Promise<void> {
    const caps = this.remote.serverCapabilities ?? {}
    await Promise.all(
      (['tools', 'prompts', 'resources'] as const)
        .filter((k) => caps[k] !== undefined)
        .map((k) => this.sync(k)),
    )
  }

  /** Re-reads one list and registers what is new or changed, removing what is gone. */
  async sync(kind: Kind): Promise<void> {
    const seen = new Map<string, { wire: JsonObject; register: () => Registration }>()
    if (kind === 'tools') for (const t of await this.remote.listAllTools()) seen.set(t.name, this.#tool(t))
    if (kind === 'prompts')
      for (const p of await this.remote.listAllPrompts()) seen.set(p.name, this.#prompt(p))
    if (kind === 'resources') {
      const [resources, templates] = await Promise.all([
        this.remote.listAllResources(),
        this.remote.listAllResourceTemplates().catch(() => [] as ResourceTemplate[]),
      ])
      for (const r of resources) seen.set(`uri ${r.uri}`, this.#resource(r))
      for (const t of templates) seen.set(`template ${t.uriTemplate}`, this.#template(t))
    }
    const entries = this.#entries[kind]
    for (const [name, entry] of entries)
      if (!seen.has(name)) {
        entry.registration.remove()
        entries.delete(name)
      }
    for (const [name, { wire, register }] of seen) {
      const text = JSON.stringify(wire)
      const old = entries.get(name)
      if (old?.wire === text) continue
      old?.registration.remove()
      entries.delete(name)
      try {
        entries.set(name, { wire: text, registration: register() })
      } catch (error) {
        this.warn(
          `the remote's ${kind} entry ${JSON.stringify(name)} cannot be served: ${(error as Error).message}`,
        )
      }
    }
  }

  /** Forwards with the stdio request's cancellation, and routes the remote's questions to it. */
  #forward<T>(ctx: RequestContext, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.router.run(ctx, () => call(ctx.signal))
  }

  #tool(tool: Tool) {
    const { name, title, description, icons, inputSchema, outputSchema, annotations, _meta } = tool as Tool &
      JsonObject
    const definition = defined({ title, description, icons, inputSchema, outputSchema, annotations, _meta })
    return {
      wire: definition,
      register: () =>
        this.server.tool(name, definition as never, (args: JsonObject, ctx: RequestContext) =>
          this.#forward(ctx, async (signal) => {
            const result = await this.remote.callTool(
              { name, arguments: args },
              {
                signal,
                onprogress: ({ progress, total, message }) => void ctx.progress(progress, total, message),
              },
            )
            return stripEnvelope(result) as CallToolResult
          }),
        ),
    }
  }

  #prompt(prompt: Prompt) {
    const { name, title, description, icons, arguments: args, _meta } = prompt as Prompt & JsonObject
    const definition = defined({ title, description, icons, arguments: args, _meta })
    return {
      wire: definition,
      register: () =>
        this.server.prompt(name, definition as never, (values, ctx) =>
          this.#forward(ctx, async (signal) =>
            stripEnvelope<GetPromptResult>(
              await this.remote.getPrompt({ name, arguments: values }, { signal }),
            ),
          ),
        ),
    }
  }

  #read = (uri: string, ctx: RequestContext): Promise<ReadResourceResult> =>
    this.#forward(ctx, async (signal) =>
      stripEnvelope<ReadResourceResult>(await this.remote.readResource({ uri }, { signal })),
    )

  #resource(resource: Resource) {
    const { uri, ...metadata } = resource as Resource & JsonObject
    const definition = defined(metadata)
    return {
      wire: { uri, ...definition },
      register: () => this.server.resource(uri, definition as never, this.#read),
    }
  }

  #template(template: ResourceTemplate) {
    const { uriTemplate, ...metadata } = template as ResourceTemplate & JsonObject
    const definition = defined(metadata)
    return {
      wire: { uriTemplate, ...definition },
      register: () =>
        this.server.resourceTemplate(uriTemplate, definition as never, (uri, _vars, ctx) =>
          this.#read(uri, ctx),
        ),
    }
  }
}

/** Fields of a result that describe the remote's answer, not its content: the stdio side writes its own. */
const ENVELOPE = new Set(['resultType', 'ttlMs', 'cacheScope'])

function stripEnvelope<T extends object>(result: T): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(result)) if (!ENVELOPE.has(k)) out[k] = v
  return out as T
}

function defined(value: Record<string, unknown>): JsonObject {
  const out: JsonObject = {}
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v as JsonObject[string]
  return out
}
