import { McpServer } from '@edgemcp/core'
import { type FixtureHooks, registerFixtures } from './fixtures/index.js'

export interface ConformanceServerOptions {
  /** Secret for MRTR requestState signatures; random per process when absent. */
  mrtrSecret?: string | undefined
  /** Transport controls for fixtures; may be filled in after creation. */
  hooks?: FixtureHooks
}

/** The McpServer with every conformance fixture registered. */
export function createConformanceServer(options: ConformanceServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'edgemcp-conformance-server', title: 'edgemcp conformance server', version: '0.0.0' },
    { mrtrSecret: options.mrtrSecret },
  )
  registerFixtures(server, options.hooks)
  return server
}
