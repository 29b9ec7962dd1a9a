import { serveStdio } from '@edgemcp/stdio'
import { createServer } from './server.js'

// stdout carries MCP messages only: log to stderr.
await serveStdio(createServer())
console.error('my-mcp-server ready on stdio')
