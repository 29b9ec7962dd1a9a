#!/usr/bin/env node
// The conformance server: both MCP eras on http://127.0.0.1:$PORT/mcp (PORT unset or 0: a free port).
import { fileURLToPath } from 'node:url'
import { skillsFromDirectory } from '@edgemcp/core/skills'
import { serve } from '@edgemcp/streamable-http/node'
import { createConformanceApp, MCP_PATH } from './app.js'

const port = Number(process.env.PORT ?? 0)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid PORT: ${process.env.PORT}`)
  process.exit(2)
}

// The skills fixtures (SEP-2640), read from this package's skills/ folder on disk.
const skillsDir = fileURLToPath(new URL('../skills', import.meta.url))
const { app, server } = createConformanceApp({ skills: skillsFromDirectory(skillsDir) })
const running = await serve(app, { port, hostname: '127.0.0.1' })
console.log(`MCP conformance server listening on ${running.url}${MCP_PATH}`)

let stopping = false
async function stop(signal: string): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`${signal}: shutting down`)
  const force = setTimeout(() => process.exit(1), 3000)
  force.unref()
  server.close()
  await running.close()
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))
