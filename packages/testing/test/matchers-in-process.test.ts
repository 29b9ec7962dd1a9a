import { afterAll } from 'vitest'
import { mcpInProcess } from '../src/index.js'
// @ts-expect-error: a plain .mjs fixture without types
import { createFileServer } from './fixtures/file-server.mjs'
import { makeFileRoot } from './helpers/files.js'
import { defineMatcherSuite } from './helpers/matcher-suite.js'

const files = makeFileRoot()
afterAll(() => files.remove())

defineMatcherSuite(
  'in-process server',
  (protocolVersion) => mcpInProcess(createFileServer({ root: files.root }), { protocolVersion }),
  ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
)
