import { type AuthProvider, isSupportedVersion, McpClient, type McpClientOptions } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import type { Run } from './context.js'

export const CLIENT_INFO = { name: 'edgemcp-conformance-client', version: '0.1.0' }

/**
 * An McpClient speaking the wire the runner asked for: a dated version through 2025-11-25 is the initialize
 * handshake, 2026-07-28 the stateless protocol. Unknown or absent: `auto`.
 */
export function newClient(run: Run, options: McpClientOptions = {}): McpClient {
  const version = run.protocolVersion
  const protocol = version && isSupportedVersion(version) ? version : 'auto'
  return new McpClient(CLIENT_INFO, { protocol, requestTimeoutMs: 60_000, ...options })
}

export interface ConnectOptions {
  authProvider?: AuthProvider
  /** Legacy session: open the standalone GET stream, where server→client requests may come outside any POST. */
  standaloneStream?: boolean
}

/** Connects `client` to the run's server over Streamable HTTP. */
export async function connect(
  client: McpClient,
  run: Run,
  options: ConnectOptions = {},
): Promise<StreamableHttpClientTransport> {
  const { authProvider } = options
  const transport = new StreamableHttpClientTransport(run.serverUrl, authProvider ? { authProvider } : {})
  await client.connect(transport)
  if (options.standaloneStream && client.era === 'legacy') await transport.openStandaloneStream()
  return transport
}
