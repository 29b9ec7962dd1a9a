import type { MCPTool } from '../types.js'

/** Where a value the test client returned came from: lets matchers pick the right schema and tool. */
export interface Provenance {
  method: string
  protocolVersion: string
  requestId: string | number
  /** `tools/call` only: the tool's definition from the last `tools/list`, when the server listed it. */
  tool?: MCPTool | undefined
  /** `tools/call` only: the tool name that was called. */
  toolName?: string | undefined
  /** True for a whole JSON-RPC response, false for a result object. */
  envelope: boolean
}

const registry = new WeakMap<object, Provenance>()

export function remember<T extends object>(value: T, provenance: Provenance): T {
  registry.set(value, provenance)
  return value
}

export function provenanceOf(value: unknown): Provenance | undefined {
  return typeof value === 'object' && value !== null ? registry.get(value) : undefined
}
