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
beforeAll(async () => {
  running = await serve(createMcpHandler(createFileServer({ root: files.root })))
})
afterAll(async () => {
  await running.close()
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
