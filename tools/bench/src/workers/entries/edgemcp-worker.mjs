// edgemcp's Worker as @edgemcp/workers documents it: createMcpWorker, legacy sessions in a Durable Object each.
import { createMcpWorker } from '@edgemcp/workers'
import { createEdgeServer } from '../../servers/edgemcp-tools.mjs'

const worker = createMcpWorker({
  server: (/** @type {{ TOOLSET: 'echo' | 'many' }} */ env) => createEdgeServer(env.TOOLSET),
})

export const { McpSessionObject, McpHubObject } = worker
export default { fetch: worker.fetch }
