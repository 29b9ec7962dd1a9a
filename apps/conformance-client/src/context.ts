/** What the conformance runner hands the client: `<command> <server-url>` plus three variables. */
export interface Run {
  serverUrl: string
  /** `MCP_CONFORMANCE_SCENARIO`, e.g. `auth/scope-step-up`. */
  scenario: string
  /** `MCP_CONFORMANCE_PROTOCOL_VERSION`: the wire to speak (2025-11-25 initialize, 2026-07-28 stateless, …). */
  protocolVersion: string | undefined
  /** `MCP_CONFORMANCE_CONTEXT`: scenario data (credentials, keys, tool arguments). */
  context: Record<string, unknown>
}

export function readRun(argv: readonly string[], env: NodeJS.ProcessEnv): Run {
  const serverUrl = argv[2]
  const scenario = env.MCP_CONFORMANCE_SCENARIO
  if (!serverUrl || !scenario)
    throw new Error('usage: MCP_CONFORMANCE_SCENARIO=<scenario> edgemcp-conformance-client <server-url>')
  let context: Record<string, unknown> = {}
  if (env.MCP_CONFORMANCE_CONTEXT) {
    const parsed: unknown = JSON.parse(env.MCP_CONFORMANCE_CONTEXT)
    if (typeof parsed !== 'object' || parsed === null)
      throw new Error('MCP_CONFORMANCE_CONTEXT is not a JSON object')
    context = parsed as Record<string, unknown>
  }
  return { serverUrl, scenario, protocolVersion: env.MCP_CONFORMANCE_PROTOCOL_VERSION || undefined, context }
}

/** A string field of the context, or a clear error naming it. */
export function field(run: Run, name: string): string {
  const value = run.context[name]
  if (typeof value !== 'string')
    throw new Error(`MCP_CONFORMANCE_CONTEXT.${name} is missing (${run.scenario})`)
  return value
}
