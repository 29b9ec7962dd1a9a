import { createSseHandler } from '@edgemcp/sse'
import { createMcpHandler } from '@edgemcp/streamable-http'
import { type RunningServer, serve } from '@edgemcp/streamable-http/node'
import { afterAll, beforeAll } from 'vitest'
import { mcpHttp, mcpInProcess } from '../src/index.js'
// @ts-expect-error: a plain .mjs fixture without types
import { createFileServer } from './fixtures/file-server.mjs'
import { makeFileRoot } from './helpers/files.js'
import { defineMatcherSuite } from './helpers/matcher-suite.js'

const files = makeFileRoot()
let running: RunningServer
let legacySse: RunningServer
beforeAll(async () => {
  running = await serve(createMcpHandler(createFileServer({ root: files.root })))
  legacySse = await serve(createSseHandler(createFileServer({ root: files.root })))
})
afterAll(async () => {
  await Promise.all([running.close(), legacySse.close()])
  files.remove()
})

defineMatcherSuite(
  'Node Streamable HTTP server',
  (protocolVersion) => mcpHttp(running.url, { protocolVersion }),
  ['2025-03-26', '2025-11-25', '2026-07-28'],
)

defineMatcherSuite(
  'in-process fetch handler',
  (protocolVersion) =>
    mcpInProcess(createMcpHandler(createFileServer({ root: files.root })), { protocolVersion }),
  ['2025-11-25', '2026-07-28'],
)

// The 2024-11-05 HTTP+SSE transport: found by fallback from Streamable HTTP, or chosen outright.
defineMatcherSuite(
  'legacy HTTP+SSE server (fallback)',
  (protocolVersion) => mcpHttp(`${legacySse.url}/sse`, { protocolVersion }),
  ['2024-11-05', 'auto'],
)
defineMatcherSuite(
  'legacy HTTP+SSE server',
  (protocolVersion) => mcpHttp(`${legacySse.url}/sse`, { protocolVersion, transport: 'sse' }),
  ['2025-06-18'],
)
