import { afterAll } from 'vitest'
import { mcpShell } from '../src/index.js'
import { fileServerCommand, makeFileRoot } from './helpers/files.js'
import { defineMatcherSuite } from './helpers/matcher-suite.js'

const files = makeFileRoot()
afterAll(() => files.remove())

defineMatcherSuite('stdio server', (protocolVersion) =>
  mcpShell(fileServerCommand(files.root), { protocolVersion }),
)
